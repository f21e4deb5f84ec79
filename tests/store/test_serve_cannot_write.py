"""`homestretch serve` on a store it may read but not write says so at start, in one line
naming the store and why, exit 2, and serves nothing: a read-only SQLite file, a folder
this user may not create files in (a new store, or SQLite's files beside an old one), a
PostgreSQL user who may only read (real users on the test server, as
test_read_only_pg.py makes them). Before, the lobby was served and the first move failed.
The store is left byte for byte as it was. A store it may write gets past the check (the
server answers, then is stopped)."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest
from tests.conftest import as_a_user, folder_bytes, one_line, serving_process
from tests.store.test_read_only_pg import GRANTS, user_who

from homestretch.store.db import Store


def serve(db: str, port: int) -> subprocess.CompletedProcess[str]:
    """`homestretch serve` on ``db``, as a user whom files' modes bind, at a free port
    (``port``): refused at the store's check, it stops there (the port is checked
    first: a port in use is refused before the store is opened)."""
    return as_a_user("serve", "--port", str(port), "--db", db)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A store of one game, closed (SQLite's files beside it gone)."""
    db = tmp_path / "games" / "games.sqlite"
    db.parent.mkdir()
    store = Store(db)
    store.create("across", {}, 1, "seeded")
    store.close()
    return db


@pytest.fixture
def free() -> int:
    """Port 0: the server binds any free one (no port chosen first that another process
    might take), and, refused at the store's check, stops there."""
    return 0


def test_a_store_it_may_write_gets_past_the_check(saved: Path, tmp_path: Path) -> None:
    with serving_process(str(saved), tmp_path):  # it answers (or the test fails there)
        pass


def test_a_read_only_sqlite_file_is_refused_at_start(saved: Path, free: int) -> None:
    saved.chmod(stat.S_IRUSR | stat.S_IRGRP)
    before = saved.read_bytes()
    line = one_line(serve(str(saved), free))
    assert f"{saved}: the game store is read-only: nothing can be saved to it" in line, line
    assert "the server saves every table there" in line and "cannot serve" not in line
    assert saved.read_bytes() == before


def test_a_store_opened_read_only_is_refused_at_start(saved: Path, free: int) -> None:
    before = saved.read_bytes()
    line = one_line(serve(f"sqlite:///file:{saved}?mode=ro&uri=true", free))
    assert "the game store is read-only: nothing can be saved to it" in line, line
    assert saved.read_bytes() == before


def test_a_new_store_in_a_folder_it_may_not_create_in_is_refused(tmp_path: Path, free: int) -> None:
    closed = tmp_path / "closed"
    closed.mkdir()
    closed.chmod(0o555)
    line = one_line(serve(str(closed / "games.sqlite"), free))
    assert line == (
        f"error: {closed / 'games.sqlite'}: cannot make a game store there: this user may "
        f"not create files in the folder {closed} (Permission denied)"
    )
    assert list(closed.iterdir()) == []


def test_a_store_in_a_folder_it_may_not_create_in_names_the_folder(saved: Path, free: int) -> None:
    """The file may be written, but SQLite cannot make its two files beside it: the
    database says "readonly database", which named the wrong thing."""
    saved.chmod(0o666)
    saved.parent.chmod(0o555)
    before = folder_bytes(saved.parent)
    line = one_line(serve(str(saved), free))
    assert f"this user may not create files in its folder {saved.parent}" in line, line
    assert "games.sqlite-wal" in line
    assert folder_bytes(saved.parent) == before
    saved.parent.chmod(0o755)


@pytest.mark.postgres
@pytest.mark.parametrize("user", sorted(GRANTS))
def test_a_postgresql_user_who_may_not_write_is_refused_at_start(
    postgres_url: str, user: str, free: int, tmp_path: Path
) -> None:
    owner = Store(postgres_url)
    game_id = owner.create("across", {}, 1, "seeded")
    as_user = user_who(postgres_url, user, "server_")
    line = one_line(serve(as_user, free))
    assert f"{as_user}: the game store is read-only: nothing can be saved to it" in line, line
    assert "cannot serve" not in line
    assert owner.load(game_id).events == [] and owner.versions([game_id]) == {game_id: 0}
    with serving_process(postgres_url, tmp_path):  # its owner may serve it
        pass
    owner.close()
