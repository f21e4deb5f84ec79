"""`homestretch serve --host ADDRESS` it cannot listen on is refused before the store is
opened: before, the default store (and SQLite's -wal and -shm beside it) was made, then
the address refused. Nothing is written now, the line as before."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import refused


@pytest.mark.parametrize(
    ("host", "reason"),
    [("bad host!", ""), ("192.0.2.1", "Cannot assign requested")],  # a name: the resolver says why
)
def test_an_address_it_cannot_listen_on_makes_no_store(
    tmp_path: Path, host: str, reason: str
) -> None:
    line = refused(tmp_path, "serve", "--host", host, "--port", "8123")
    assert line.startswith(f"error: cannot serve on {host}:8123 ({reason}"), line
    assert list(tmp_path.iterdir()) == []  # HOMESTRETCH_DB's x.sqlite not made


def test_the_data_folders_store_is_not_made_either(tmp_path: Path) -> None:
    """Without HOMESTRETCH_DB the default store is in the data folder: nor it, nor the
    folder."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["serve", "--host", "bad host!"],
        capture_output=True,
        text=True,
        env={"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
        | {"PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("error: cannot serve on bad host!:8000 ("), done.stderr
    assert list(tmp_path.iterdir()) == []
