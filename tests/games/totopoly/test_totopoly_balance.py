"""Our board and cards serve the rulebook's claims (measured on seeded bot games).

"the black ones have more chance than the red ones, the reds more chance than the
yellow ones, and the blues least chance of all, but ... a blue or yellow horse has
improved so much, that it has an equal chance with the blacks and reds."
"""

from __future__ import annotations

from homestretch.games.totopoly.simulate import simulate
from homestretch.games.totopoly.state import TotopolyGame


def test_long_game_colour_order_and_every_colour_wins() -> None:
    report = simulate(TotopolyGame(4), games=200, seed=1)
    rate = report["win_rate_by_colour"]
    assert rate["black"] > rate["red"] > rate["yellow"] > rate["blue"] > 0
    cards = report["win_rate_by_advantage_cards"]
    # A yellow horse trained to three or more yellow cards beats an untrained red.
    assert cards["yellow"]["3+"]["win_rate"] > cards["red"]["0"]["win_rate"]
    # Training pays for every colour: the best-trained do better than the untrained.
    for colour in ("black", "red", "yellow", "blue"):
        assert cards[colour]["3+"]["win_rate"] > cards[colour]["0"]["win_rate"], colour


def test_short_game_colour_order_without_blues() -> None:
    report = simulate(TotopolyGame(3, short=True), games=200, seed=500)
    rate = report["win_rate_by_colour"]
    assert rate["black"] > rate["red"] > rate["yellow"] > 0 and rate["blue"] == 0
    assert report["win_rate_per_runner_by_colour"]["blue"] is None
