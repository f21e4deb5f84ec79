"""Every store test runs on a SQLite file and on the throwaway PostgreSQL server."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What ``--db`` would be given: a file's path, or a new database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite")
    return str(request.getfixturevalue("postgres_url"))
