"""The terminal's log: the web page has the game's numbered log, the terminal had none
(a race's picks went with its card). ``log`` at any question of a person at the
terminal prints the picks and results so far, in the log's words (the rules' words,
``move_said``, as the page shows them) and each race's official result under the move
that made it; with sealed picks, what every seat may know (R22)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.session.saved import rebuild
from homestretch.store.db import Store


def _play(db: Path, args: list[str], typed: str) -> str:
    command = ["derbycast", "play", "--source", "replays", "--seed", "5", "--db", str(db)]
    done = CliRunner().invoke(app, [*command, *args], input=typed)
    assert done.exit_code == 0, done.output
    return done.stdout


def _table(db: Path):  # type: ignore[no-untyped-def]
    store = Store(str(db))
    (saved,) = store.saved_games()
    return rebuild(store, store.load(saved.id))


HEADING = "The log so far"


def test_log_at_a_pick_says_every_pick_and_result_so_far(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    out = _play(db, ["--players", "Ann", "--bots", "1", "--races", "2"], "log\nwin 1\nlog\nwin 1\n")
    assert out.count(HEADING) == 2, out
    second = out[out.rindex(HEADING) :]
    table = _table(db)
    names = [seat.name for seat in table.seats]
    log = table.log_for(None)
    # the moves before Ann's second pick, each as the page's log says it
    ann_second = [e for e in log if e.get("player") == 0][1]["position"]
    said = [
        f"{e['position']}: {names[e['player']]}: {e['words']}"
        for e in log[:ann_second]
        if "words" in e
    ]
    assert len(said) >= 3 and any("picked" in line for line in said)
    at = [second.index(line) for line in said]
    assert at == sorted(at), second
    # race 1's result in the notices' words, under the move that made it
    (official,) = [n["words"] for n in table.state.notices if n["type"] == "official"][:1]
    assert official.startswith("Race 1") and f"   {official}" in second
    assert second.index(official) > at[-2]
    # Ann's second pick is not in it: it was not made yet
    assert f"{ann_second}: Ann:" not in second


def test_log_with_sealed_picks_keeps_another_s_pick_sealed(tmp_path: Path) -> None:
    """Bob's ``log`` while picks are open: Ann's pick is in it, sealed, not her horse."""
    db = tmp_path / "g.sqlite"
    out = _play(db, ["--players", "Ann,Bob", "--sealed", "--races", "1"], "win 1\nlog\nwin 2\n")
    said = out[out.index(HEADING) :]
    said = said[: said.index("your pick")]
    table = _table(db)
    (ann,) = [e for e in table.log_for(0) if e.get("player") == 0]
    assert "sealed" in ann["words"] and ann["words"] != "picked (sealed)"  # her own, opened
    assert f"{ann['position']}: Ann: picked (sealed)" in said, said
    assert ann["words"] not in said
