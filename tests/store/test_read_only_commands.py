"""A store this user may read but not write is read by the commands that only read it
(`history`, `replay`, `verify`) and refused by those that write (`resume`, `play`) in one line,
exit 2. Before, a SQLite store in a folder this user may not create files in (SQLite
keeps its ``-wal`` and ``-shm`` beside the store) was refused by every command, a
`history` too. Real file rights: run as a user, or as root with root's powers over
files dropped (``tests.conftest.as_a_user``, as test_serve_cannot_write.py runs serve);
PostgreSQL users who may only read are real users of the test server. Nothing in the
folder is changed."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import as_a_user, folder_bytes, one_line
from tests.store.test_read_only_pg import GRANTS, user_who

from homestretch.core.protocol import Event
from homestretch.store.db import Store


def listed(db: str) -> list[int]:
    done = as_a_user("history", "--db", db, "-f", "json")
    assert done.returncode == 0, done.stderr
    return [row["id"] for row in json.loads(done.stdout)]


def a_game(target: str | Path) -> int:
    """An Across the Board game stopped after its first moves (its dice ran out)."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["across", "play", "--players", "Ann", "--bots", "2", "--dice", "3 4"]
        + ["--db", str(target)],
        capture_output=True,
        text=True,
        input="1\n" * 40,
    )
    assert done.returncode == 2 and "ran out" in done.stderr, done.stderr
    return 1


def reads_and_refuses_to_write(db: str) -> None:
    assert listed(db) == [1]
    replayed = as_a_user("replay", "1", "--db", db)
    assert replayed.returncode == 0 and "in progress" in replayed.stdout, replayed.stderr
    verified = one_line(as_a_user("verify", "1", "--db", db))  # read: its own answer
    assert verified.startswith("error: game 1 is still being played: "), verified
    for writes in (["resume", "1"], ["across", "play", "--bots", "3"]):
        line = one_line(as_a_user(*writes, "--db", db))
        assert line.startswith(f"error: {db}: "), line
        assert "read-only" in line or "may not create files in its folder" in line, line


@pytest.fixture(scope="module")
def stopped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of ``a_game``, played once a module for the tests to copy (the command
    that saved it ended: nothing is left beside the file, no -wal)."""
    db = tmp_path_factory.mktemp("stopped") / "games.sqlite"
    a_game(db)
    assert list(db.parent.iterdir()) == [db]
    return db


@pytest.fixture
def saved(stopped: Path, tmp_path: Path) -> Path:
    """That store, copied into a folder of this test's own."""
    db = tmp_path / "games" / "games.sqlite"
    db.parent.mkdir()
    shutil.copy(stopped, db)
    return db


def test_a_store_in_a_folder_it_may_not_create_files_in_is_read(saved: Path) -> None:
    saved.parent.chmod(0o555)
    before = folder_bytes(saved.parent)
    try:
        reads_and_refuses_to_write(str(saved))
        line = one_line(as_a_user("resume", "1", "--db", str(saved)))
        assert f"this user may not create files in its folder {saved.parent}" in line, line
        assert folder_bytes(saved.parent) == before  # no -wal, no -shm, not a byte
    finally:
        saved.parent.chmod(0o755)


def test_a_read_only_store_file_is_read(saved: Path) -> None:
    saved.chmod(0o400)
    before = saved.read_bytes()
    assert listed(str(saved)) == [1]
    assert sorted(saved.parent.iterdir()) == [saved]  # read as it is: nothing made beside it
    reads_and_refuses_to_write(str(saved))
    line = one_line(as_a_user("resume", "1", "--db", str(saved)))
    assert "the game store is read-only: nothing can be saved to it" in line, line
    assert saved.read_bytes() == before


def test_a_command_that_writes_leaves_nothing_beside_a_read_only_file(saved: Path) -> None:
    """Refused at its first write, or at start: before, SQLite was left an empty -wal
    and a -shm beside the file (the next `history` then took them for another program's,
    and read the file as one in use)."""
    saved.chmod(0o400)
    before = folder_bytes(saved.parent)
    serve = ["serve", "--port", "0"]  # any free port, bound first: the store is checked next
    for writes in (["resume", "1"], ["across", "play", "--bots", "3"], serve):
        line = one_line(as_a_user(*writes, "--db", str(saved)))
        assert line.startswith(
            f"error: {saved}: the game store is read-only: nothing can be saved to it"
        ), line
        assert folder_bytes(saved.parent) == before, writes  # not a file more, not a byte
    assert listed(str(saved)) == [1]


def test_a_store_another_program_has_open_is_read_with_its_latest_moves(saved: Path) -> None:
    """While the store's owner has it open (its -wal and -shm beside it), what it has
    saved and not yet written into the file itself is read too."""
    owner = Store(saved)
    later = owner.create("across", {}, 2, "seeded")
    owner.append(later, [Event(player=0, action={"kind": "pass"})])
    assert Path(f"{saved}-wal").stat().st_size > 0  # the new game is in the log beside it
    saved.parent.chmod(0o555)
    try:
        assert listed(str(saved)) == [later, 1]
    finally:
        saved.parent.chmod(0o755)
        owner.close()


@pytest.mark.postgres
@pytest.mark.parametrize("user", sorted(GRANTS))
def test_a_postgresql_user_who_may_only_read_reads(postgres_url: str, user: str) -> None:
    a_game(postgres_url)
    reads_and_refuses_to_write(user_who(postgres_url, user, "reader_"))
