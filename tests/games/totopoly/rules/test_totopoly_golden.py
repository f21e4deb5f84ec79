"""A golden playthrough: a seeded two-player short game between sensible computer
players, its whole story compared line by line with the stored text.

If a deliberate rules, content or bot change alters it, regenerate with
``.venv/bin/python tests/games/totopoly/rules/test_totopoly_golden.py`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

GOLDEN = Path(__file__).parent / "golden" / "short_2p_seed7.txt"


def story() -> list[str]:
    game = TotopolyGame(2, names=["Ann", "Bob"], short=True)
    agents = {s: SensibleBot(game, s, 7) for s in range(2)}
    state = play(game.new_initial_state(), SeededDice(7), agents)
    assert isinstance(state, TotopolyState)
    return [*state.news, f"result: {state.result()}"]


def test_golden_short_game() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    actual = story()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"line {number} differs"
    assert len(actual) == len(expected)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(story()) + "\n", encoding="utf-8")
