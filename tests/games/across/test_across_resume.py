"""A saved game goes on exactly as it would have without the break, and Ctrl-C while a
computer player thinks stops cleanly with the game saved."""

from __future__ import annotations

import contextlib
import json
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app, run
from homestretch.core.protocol import replay
from homestretch.games.across import bots
from homestretch.games.across.cli import decision_seed
from homestretch.games.across.game import AcrossGame
from homestretch.store.db import Store

runner = CliRunner()


def _play(db: Path, bot: str, seed: int) -> int:
    out = runner.invoke(
        app,
        ["across", "play", "--bots", "4", "--bot", bot, "--seed", str(seed), "--daily-double"]
        + ["--db", str(db), "--format", "json"],
    )
    assert out.exit_code == 0, out.output
    return int(json.loads(out.stdout)["id"])


@pytest.mark.parametrize("bot", ["random", "sensible"])
def test_a_resumed_game_goes_on_exactly_as_an_uninterrupted_one(tmp_path: Path, bot: str) -> None:
    db = tmp_path / "r.sqlite"
    store = Store(db)
    whole = store.load(_play(db, bot, 11))
    # Cut the log (in the auction; in the middle of the meet), then resume.
    n = len(whole.events)
    for cut in (5, n * 2 // 3) if bot == "sensible" else (n // 2,):
        part = store.create("across", whole.config, whole.seed, whole.dice, label="cut")
        store.append(part, whole.events[:cut])
        later = runner.invoke(app, ["resume", str(part), "--db", str(db)])
        assert later.exit_code == 0, later.output[-2000:]
        resumed = store.load(part)
        assert resumed.status == "finished"
        assert resumed.events == whole.events, f"the game went another way after event {cut}"


def test_each_decision_has_its_own_seed() -> None:
    seeds = {decision_seed(7, seat, events) for seat in range(3) for events in range(100)}
    assert len(seeds) == 300
    assert decision_seed(7, 1, 40) == decision_seed(7, 1, 40) != decision_seed(8, 1, 40)


def test_ctrl_c_while_a_computer_player_thinks_leaves_a_resumable_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    whole = Store(db).load(_play(db, "sensible", 5))
    thinking = bots.SensibleBot.choose
    calls = 0

    def interrupted(self: bots.SensibleBot, *args: object) -> object:
        nonlocal calls
        calls += 1
        if calls == 150:
            raise KeyboardInterrupt  # what Ctrl-C raises in the middle of a decision
        return thinking(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(bots.SensibleBot, "choose", interrupted)
    argv = ["homestretch", "across", "play", "--bots", "4", "--seed", "5", "--daily-double"]
    monkeypatch.setattr(sys, "argv", argv + ["--db", str(db)])
    with pytest.raises(SystemExit) as stopped:
        run()
    assert stopped.value.code == 130
    err = capsys.readouterr().err
    assert "Traceback" not in err and "homestretch resume 2" in err
    assert len(err.strip().splitlines()) == 1
    saved = Store(db).load(2)
    assert saved.status == "in progress" and 0 < len(saved.events) < len(whole.events)
    assert saved.events == whole.events[: len(saved.events)]
    replay(AcrossGame.from_config(saved.config), saved.events)  # the log is whole
    monkeypatch.setattr(bots.SensibleBot, "choose", thinking)
    later = runner.invoke(app, ["resume", "2", "--db", str(db)])
    assert later.exit_code == 0, later.output[-2000:]
    assert Store(db).load(2).events == whole.events


def test_a_real_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    """SIGINT sent to a running game of computer players (waiting on the saved log, not
    on a clock): one line, exit status 130, the game saved in progress and whole."""
    db = tmp_path / "s.sqlite"
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
    args = ["across", "play", "--bots", "5", "--seed", "3", "--meets", "30", "--db", str(db)]
    game = subprocess.Popen(
        command + args,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # A shell without job control starts background jobs with SIGINT ignored.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        while game.poll() is None:
            with contextlib.suppress(sqlite3.Error), contextlib.closing(sqlite3.connect(db)) as con:
                if con.execute("select count(*) from events").fetchone()[0] > 300:
                    break
        game.send_signal(signal.SIGINT)
        _, err = game.communicate(timeout=120)
    finally:
        if game.poll() is None:
            game.kill()
    assert game.returncode == 130, err
    assert err.strip() == "Stopped. Game 1 is saved: carry on with `homestretch resume 1`."
    saved = Store(db).load(1)
    assert saved.status == "in progress" and len(saved.events) > 300
    replay(AcrossGame.from_config(saved.config), saved.events)  # the log is whole
