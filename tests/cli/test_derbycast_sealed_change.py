"""Sealed Derby Cast picks at one keyboard (ruling R29): a person who picked changes the
pick in private, 'Ann: change' at anyone's prompt, the keeper's too. Before, a sealed pick
could not be changed at all without --confirm, even after a new morning line (R28)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.store.db import Store

runner = CliRunner()


def test_a_sealed_pick_is_changed_in_private_at_anyones_prompt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import homestretch.games.derbycast.terminal.cli as derbycast_cli

    screen = io.StringIO()
    monkeypatch.setattr(derbycast_cli, "console", Console(file=screen, force_terminal=True))
    db = tmp_path / "g.sqlite"
    typed = [
        "R", "Alpha, Bravo, Charlie", "2-1", "", "", "",  # the card: two lines missing
        "win 1",  # Ann
        "line 2 5-2",  # at Bob's prompt: the keeper adds Bravo's line
        "Ann: win 2",  # refused: typed where Bob sees it
        "Cy: change",  # refused: Cy has not picked
        "Ann: change", "", "plac 2", "place 2",  # in private: a slip, then the new pick
        "show 1",  # Bob
        "Ann: change", "", "",  # at Cy's prompt: Ann looks and keeps it (blank)
        "win 1",  # Cy
        "Ann: change", "", "place 2",  # at the close: the same pick again, kept
        "",  # no late scratches: picks close
        "2, 1, 3", "", "", "yes",  # Bravo won; the final odds as the lines; official
    ]  # fmt: skip
    done = runner.invoke(
        app,
        ["derbycast", "play", "--db", str(db), "--players", "Ann,Bob,Cy", "--races", "1"]
        + ["--tie", "dead-heat", "--sealed", "--seed", "1"],
        input="\n".join(typed) + "\n",
    )
    assert done.exit_code == 0, (done.output, done.exception)
    shown = re.sub(r"\x1b\[[0-9;]*m", "", screen.getvalue())  # colours off, clears kept
    said = " ".join(shown.replace("\x1b[3J", " ").split())
    assert "Ann may type their name and 'change' at anyone's prompt, like 'Ann: change'" in said
    assert "type 'Ann: change' and the screen is handed to Ann alone" in said
    assert "Cy has not picked yet: Cy picks at their own prompt" in said
    asked = done.stdout  # the questions (typer's prompts)
    assert asked.count("Over to Ann alone, to change a sealed pick: Ann, press Enter") == 3
    assert asked.count("Ann (marker 1), your new pick (blank keeps it)") == 4
    assert "Ann's sealed pick is changed. Back to Bob." in said
    assert "Ann's sealed pick is kept. Back to Cy." in said
    assert "Ann's sealed pick is kept. Back to score keeper." in said
    # Ann's pick is on the screen only between the clears that hand it to her and back
    screens = shown.split("\x1b[3J")
    for pick in ("Your pick: win on 1 Alpha", "Your pick: place on 2 Bravo"):
        for seen in (s for s in screens if pick in s):
            assert "Bob (marker 2)" not in seen and "Cy (marker 3)" not in seen
    saved = Store(db).load(1)
    tickets = [e.action["ticket"] for e in saved.events if e.action and "ticket" in e.action]
    assert tickets == ["1|win|Alpha", "1|place|Bravo", "2|show|Alpha", "3|win|Alpha"]
    assert saved.status == "finished"


def test_a_slip_at_is_the_result_official_is_asked_again(tmp_path: Path) -> None:
    """'Is the result official? (yes, or no ...)' took anything but yes for a no, so a
    final odds typed one question late threw the typed result away: now only no does."""
    db = tmp_path / "g.sqlite"
    typed = ["R", "Alpha, Bravo", "", "", "", "win 1", "win 2", "", "1, 2", "2-1", "3-1",
             "3-1",  # a slip: one odds too many, at the official question
             "yes"]  # fmt: skip
    done = runner.invoke(
        app,
        ["derbycast", "play", "--db", str(db), "--players", "Ann,Bob", "--races", "1"],
        input="\n".join(typed) + "\n",
    )
    assert done.exit_code == 0, (done.output, done.exception)
    said = " ".join(done.stdout.split())
    assert "cannot read '3-1': yes makes the result official, no types it again" in said
    assert said.count("Official finish, best first") == 1  # not asked to type it again
    assert Store(db).load(1).status == "finished"


def test_help_at_a_pick_prompt_says_what_may_be_typed(tmp_path: Path) -> None:
    """'help' at a pick prompt was "cannot read 'help'"."""
    done = runner.invoke(
        app,
        ["derbycast", "play", "--players", "Ann,Bob", "--source", "replays", "--races", "1"]
        + ["--seed", "5", "--db", str(tmp_path / "d.sqlite"), "--sealed"],
        input="help\nwin 1\nplace 4\n",
    )
    assert done.exit_code == 0, done.output
    said = " ".join(done.stdout.split())
    assert "Type your pick: win, place or show and a horse, by number or name, like" in said
    assert "changes it with 'NAME: change' (the screen is handed to that person alone)" in said
    assert "cannot read 'help'" not in said
