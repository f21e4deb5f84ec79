"""A golden playthrough: a seeded game of computer players, every announcement and then
every event of its log (each roll, bid and bet), compared line by line.

If a rule changes on purpose, regenerate the file and read the diff:

    .venv/bin/python tests/games/across/test_across_golden.py
"""

from __future__ import annotations

import json
from pathlib import Path

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.across.bots import SensibleBot
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.state import AcrossState

GOLDEN = Path(__file__).parent / "golden" / "woodbine-4-sensible-seed-1.txt"


def playthrough() -> list[str]:
    game = AcrossGame(players=4, tracks=("woodbine",), daily_double=True)
    agents = {seat: SensibleBot(seat) for seat in range(4)}
    state = play(game.new_initial_state(), SeededDice(1), agents)
    assert isinstance(state, AcrossState)
    lines = list(state.news)
    lines.append(f"fifties: {state.cash}")
    lines += [json.dumps(event.to_json(), sort_keys=True) for event in state.events]
    return lines


def test_the_golden_playthrough_is_unchanged() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = playthrough()
    for number, (want, have) in enumerate(zip(expected, got, strict=False), start=1):
        assert have == want, f"line {number} differs"
    assert len(got) == len(expected)


def test_the_golden_log_replays_as_recorded_without_the_players() -> None:
    """A saved game is its log: replayed through the rules alone (no computer player
    deciding), the golden's events give its announcements and fifties line for line, so
    a change to the computer players (R29) changes new games, not recorded ones; the
    golden of before R29 replayed so too."""
    from homestretch.core.protocol import Event, replay

    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("fifties: "))
    events = [Event.from_json(json.loads(line)) for line in lines[k + 1 :]]
    game = AcrossGame(players=4, tracks=("woodbine",), daily_double=True)
    state = replay(game, events)
    assert isinstance(state, AcrossState)
    assert list(state.news) == lines[:k]
    assert f"fifties: {state.cash}" == lines[k]


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(playthrough()) + "\n", encoding="utf-8")
