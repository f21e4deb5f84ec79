"""What ``--db`` and ``HOMESTRETCH_DB`` may name: a file's path, or a database URL."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import refused, unheard_port

from homestretch.core.errors import HomestretchError
from homestretch.store.db import Store, is_url


def _history(db: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "from homestretch.cli.main import run; run()",
            "history",
            "-f",
            "json",
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "HOMESTRETCH_DB": db},
    )


@pytest.mark.parametrize(
    ("value", "url"),
    [
        ("sqlite:///games.sqlite", True),
        ("postgresql+psycopg://ann@db.example/games", True),
        ("games.sqlite", False),
        ("d/q?x.sqlite", False),
        ("C:games", False),
        ("%41.sqlite", False),
    ],
)
def test_a_value_with_a_scheme_is_a_url(value: str, url: bool) -> None:
    assert is_url(value) is url


def test_a_path_is_taken_as_it_is_and_the_new_file_is_private(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    store = Store(str(tmp_path / "d" / "q?x%41.sqlite"))
    assert store.path == tmp_path / "d" / "q?x%41.sqlite"
    # the file and its write-ahead log beside it, every one for the user alone
    made = list((tmp_path / "d").iterdir())
    assert store.path in made
    assert all(p.name.startswith("q?x%41.sqlite") for p in made)
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in made)
    by_url = Store(f"sqlite:///{tmp_path / 'u.sqlite'}")
    assert stat.S_IMODE((tmp_path / "u.sqlite").stat().st_mode) == 0o600
    assert Store(tmp_path / "d" / "q?x%41.sqlite").saved_games() == []
    store.close()
    by_url.close()


def test_an_unreachable_server_is_one_line_without_the_password(tmp_path: Path) -> None:
    with unheard_port() as port:  # held unanswered: no other process takes it meanwhile
        url = f"postgresql://ann:hunter2@127.0.0.1:{port}/games"
        with pytest.raises(HomestretchError, match="cannot connect to the game store") as caught:
            Store(url)
        assert "hunter2" not in str(caught.value) and "\n" not in str(caught.value)
        result = _history(url, tmp_path)
    assert result.returncode == 2, result.stderr
    assert "cannot connect to the game store" in result.stderr
    assert "hunter2" not in result.stderr and "Traceback" not in result.stderr
    assert result.stderr.strip().count("\n") == 0


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("mysql://ann@127.0.0.1/games", "SQLite file or in PostgreSQL"),
        ("postgresql+psycopg2://ann@127.0.0.1/games", "no database driver"),
    ],
)
def test_a_database_homestretch_cannot_use_is_one_line(
    tmp_path: Path, url: str, words: str
) -> None:
    result = _history(url, tmp_path)
    assert result.returncode == 2 and words in result.stderr, result.stderr
    assert result.stderr.strip().count("\n") == 0


@pytest.mark.postgres
def test_history_reads_a_postgres_store(postgres_url: str, tmp_path: Path) -> None:
    store = Store(postgres_url)
    store.create("totopoly", {"players": 2}, seed=5, dice="seeded", label="on the server")
    store.close()
    result = _history(postgres_url, tmp_path)
    assert result.returncode == 0, result.stderr
    assert [game["label"] for game in json.loads(result.stdout)] == ["on the server"]


def test_a_store_in_a_folder_not_there_is_refused_not_made(tmp_path: Path) -> None:
    """`--db /nonexistent/dir/x.sqlite` made the folders and an empty store in them: a
    folder typed wrong is said, in one line, and nothing is made (but the data folder,
    the default store's, is made where it is not there yet)."""
    typo = tmp_path / "no" / "dir" / "x.sqlite"
    line = refused(tmp_path, "stretch", "run", "2009-champagne-stakes", "--db", str(typo))
    assert line == (
        f"error: {typo}: no folder {typo.parent} to keep the game store in (a folder typed "
        "wrong? to keep games there, make the folder first)"
    )
    assert not (tmp_path / "no").exists()
    line = refused(tmp_path, "history", "--db", f"sqlite:///{typo}")
    assert line.startswith(f"error: sqlite:///{typo}: no folder {typo.parent} ")
    data = tmp_path / "data"
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.store.db import Store; Store().close()"],
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(data)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert (data / "homestretch" / "homestretch.sqlite").is_file()
