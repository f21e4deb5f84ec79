"""A table the web opened on a designer's content folder keeps the folder's files in the
store and is played from a copy named by their digest in the cache. Resumed or
replayed at the terminal (or verified) after that copy is gone (the cache cleared, a new
machine), the copy is written again from the store and the game goes on exactly as it
would have with its copy there. Before, the terminal refused it: "this run used the
content folder in ..., which is gone"; only a server wrote it again. Only a folder named
as a kept one is ever written: a configuration naming another folder is left alone."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from homestretch.core.content import folder_digest
from homestretch.session.saved import restore_design
from homestretch.store.db import Store
from homestretch.web.app import create_app
from homestretch.web.designs import Designs, read_designs

SAMPLES = Path(__file__).parents[2] / "samples"
SEATS = {
    "across": [
        {"kind": "person", "name": "Ann"},
        {"kind": "bot", "bot": "sensible", "name": "Robo"},
        {"kind": "bot", "bot": "sensible", "name": "Cy"},
    ],
    "totopoly": [
        {"kind": "person", "name": "Ann"},
        {"kind": "bot", "bot": "sensible", "name": "Bo"},
    ],
}
TYPED = "1\n" * 60
"""Ann's answers at the terminal: the same each run, so the same game each run."""


def web_table(game: str, folder: Path, db: Path) -> tuple[int, Path]:
    """A table opened by the web on the designer's ``folder``, played by the server until
    Ann must act; its id and the kept copy it plays from."""
    designs = Designs(read_designs([folder], []))
    store = Store(db)
    with TestClient(create_app(store, designs=designs)) as client:
        key = f"{game}:{folder.name}"
        choice = next(g for g in client.get("/api/games").json() if g.get("key") == key)
        request = {"game": game, "design": key, "config": choice["config"], "seats": SEATS[game]}
        answer = client.post("/api/tables", json=request)
        assert answer.status_code == 200, answer.text
        game_id = answer.json()["id"]
    saved = store.load(game_id)
    store.close()
    kept = Path(saved.config["content_dir" if game == "across" else "content"])
    assert kept.is_dir() and kept.parent.name == "designs"
    return game_id, kept


def homestretch(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The real command, run in ``folder`` on its store (``--db games.sqlite``, so two
    folders' runs print alike), Ann's answers typed."""
    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
        + ["--db", "games.sqlite"],
        capture_output=True,
        text=True,
        input=TYPED,
        cwd=folder,
        timeout=300,
    )


def logged(db: Path) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute("select game_id, seq, payload from events order by id")
        return [(game, seq, payload.split(', "at":')[0]) for game, seq, payload in rows]


@pytest.mark.parametrize("game", ["across", "totopoly"])
def test_a_designers_table_goes_on_at_the_terminal_after_its_copy_is_cleared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))
    designer = tmp_path / f"my-{game}"
    shutil.copytree(SAMPLES / game, designer)
    kept_here, cleared = tmp_path / "kept", tmp_path / "cleared"
    kept_here.mkdir()
    game_id, copy = web_table(game, designer, kept_here / "games.sqlite")
    digest = folder_digest(copy)
    shutil.copytree(kept_here, cleared)  # the same store, twice
    opened = len(logged(kept_here / "games.sqlite"))
    runs = {}
    for where in (kept_here, cleared):
        if where == cleared:
            shutil.rmtree(tmp_path / "cache")  # the copy gone, the store holding the files
        shown = homestretch(where, "replay", str(game_id))
        assert shown.returncode == 0, shown.stderr
        resumed = homestretch(where, "resume", str(game_id))
        assert "Traceback" not in resumed.stderr, resumed.stderr
        runs[where] = (shown.stdout, resumed.returncode, resumed.stdout, resumed.stderr)
        assert copy.is_dir() and folder_digest(copy) == digest  # written again, as it was
    assert runs[cleared] == runs[kept_here]
    assert "which is gone" not in runs[cleared][3], runs[cleared][3]
    assert logged(cleared / "games.sqlite") == logged(kept_here / "games.sqlite")
    assert len(logged(cleared / "games.sqlite")) > opened  # Ann's moves went on the log


def test_only_a_folder_named_as_a_kept_one_is_written(tmp_path: Path) -> None:
    """A store whose table names a folder of a person's own (a store from elsewhere)
    never has it written over or removed: the game says the folder differs."""
    mine = tmp_path / "my-across"
    shutil.copytree(SAMPLES / "across", mine)
    files = {p.relative_to(mine).as_posix(): p.read_text() for p in mine.rglob("*.toml")}
    digest = folder_digest(mine)
    (mine / "horses.toml").write_text("# the designer's own, changed since\n")
    before = {p: p.read_bytes() for p in mine.rglob("*") if p.is_file()}
    design = {"id": "across:my-across", "files": files}
    restore_design({"content_dir": str(mine), "content_digest": digest}, design)
    assert {p: p.read_bytes() for p in mine.rglob("*") if p.is_file()} == before
    kept = tmp_path / "designs" / f"across-{digest}"
    restore_design({"content_dir": str(kept), "content_digest": digest}, design)
    assert folder_digest(kept) == digest  # named as a kept one: written
