"""``log`` at the score keeper's questions that name a race (its name; which Top of the
Stretch race): a race named Log got the log, whatever was typed, and was never taken.
Now ``log`` there is the race when a race by that name is there to take (the day's
card's next race, offered in brackets; a bundled race called log), or when it is typed
again straight after the log was printed, as the line under the log says; anywhere
else, and the first time, it is the log as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.protocol import replay
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.terminal import keeper
from homestretch.games.derbycast.terminal.keeper import (
    LOG_AGAIN,
    RACE_NAME,
    WHICH_RACE,
    log_names_the_race,
)
from homestretch.store.db import Store

HEADING = "The log so far"
PLAYERS = ["--players", "Ann,Bob", "--races", "1", "--tie", "dead-heat"]


def _play(db: Path, typed: list[str], *args: str) -> str:
    command = ["derbycast", "play", "--db", str(db), *PLAYERS, "--seed", "4", *args]
    done = CliRunner().invoke(app, command, input="\n".join(typed) + "\n")
    assert done.exit_code == 0, (done.output, done.exception)
    return done.stdout


def _said(out: str) -> str:
    return " ".join(out.split())


def _state(db: Path) -> DerbyCastState:
    saved = Store(db).load(1)
    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    return state


RACE_TWO = ["1 Alpha, 2 Bravo", "", "", ""]  # the field, no lines, none scratched
REST = ["win 1", "show 2", "", "1, 2", "3-1", "4-1", "yes"]  # picks, close, the result, official


def test_a_race_named_log_is_taken_when_log_is_typed_again(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    out = _play(db, ["Log", "Log", *RACE_TWO, *REST])
    assert out.count(HEADING) == 1, out  # the first: the log, and how to take the name
    assert _said(LOG_AGAIN) in _said(out)
    assert [race["name"] for race in _state(db).history] == ["Log"]


def test_log_again_at_which_race_is_the_race_asked_for(tmp_path: Path) -> None:
    """No bundled race is called log: taken as the race, it is refused as a name that is
    not one (before, log there printed the log again and again, never the race)."""
    db = tmp_path / "g.sqlite"
    typed = ["stretch", "log", "log", "quick", "R1", *RACE_TWO, *REST]
    out = _play(db, typed)
    assert out.count(HEADING) == 1, out
    assert "no bundled Top of the Stretch race is called 'log'" in out
    assert [race["name"] for race in _state(db).history] == ["R1"]


def test_log_at_a_pick_is_still_the_log_every_time(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    out = _play(db, ["R1", *RACE_TWO, "log", "log", *REST])
    assert out.count(HEADING) == 2, out
    assert _said(LOG_AGAIN) not in _said(out)  # no race is named at a pick


def test_the_days_card_race_called_log_is_taken_with_enter_or_log(tmp_path: Path) -> None:
    """A table opened in the browser with the day's card, resumed at the terminal: its
    next race is called Log, offered in brackets; Enter (the offered answer) and log
    both take it at once."""
    for name in ("", "log"):
        races = [{"race": "Log", "runners": [{"program": "1", "horse": "Alpha", "odds": "3-1"},
                                             {"program": "2", "horse": "Bravo", "odds": "4-1"}]}]  # fmt: skip
        config = DerbyCastGame(
            {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "races": 1, "tie": "dead-heat",
             "feed": {"kind": "card", "races": races}, "order": "rotate", "draw": "fresh"}
        ).config()  # fmt: skip
        db = tmp_path / f"card{len(name)}.sqlite"
        Store(db).create("derbycast", config, seed=1, dice="seeded", label="from the web")
        typed = [name, "", "", "", "", *REST]
        done = CliRunner().invoke(app, ["resume", "1", "--db", str(db)], input="\n".join(typed))
        assert done.exit_code == 0, (done.output, done.exception)
        assert HEADING not in done.stdout, done.stdout
        assert [race["name"] for race in _state(db).history] == [name or "Log"]  # as typed


@pytest.mark.parametrize(
    ("question", "answer", "offered", "logged", "named"),
    [
        (f"{RACE_NAME} (or 'stretch' ...)", "log", "Race 1", False, False),
        (f"{RACE_NAME} (or 'stretch' ...)", "log", "Race 1", True, True),
        (f"{RACE_NAME} (or 'stretch' ...)", " LOG ", "Log", False, True),
        (WHICH_RACE, "log", "", True, True),
        ("Ann (marker 1), your pick (e.g. win 1)", "log", "", True, False),
        ("Late scratches (program numbers or names, blank for none)", "log", "", True, False),
    ],
)
def test_where_log_names_a_race(
    question: str, answer: str, offered: str, logged: bool, named: bool
) -> None:
    assert log_names_the_race(question, answer, offered, logged) is named


def test_a_bundled_race_called_log_is_taken_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keeper, "stretch_races", lambda: ["dream-derby", "log"])
    assert log_names_the_race(WHICH_RACE, "log", "", False)
    assert not log_names_the_race(f"{RACE_NAME} (or 'stretch' ...)", "log", "Race 1", False)
