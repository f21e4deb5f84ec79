"""Our board and cards serve the rulebook's claims (measured on seeded bot games).

"the black ones have more chance than the red ones, the reds more chance than the
yellow ones, and the blues least chance of all, but ... a blue or yellow horse has
improved so much, that it has an equal chance with the blacks and reds."

A few hundred seeded games keep the test quick; the study in docs/totopoly.md (4,000
games, with sampling errors) is the evidence. These bounds are looser than its figures
but fail if a content or bot change undoes the balance.
"""

from __future__ import annotations

import pytest

from homestretch.core.protocol import JSON
from homestretch.games.totopoly.simulate import simulate
from homestretch.games.totopoly.state import TotopolyGame


@pytest.fixture(scope="module")
def long_game() -> JSON:
    return simulate(TotopolyGame(4), games=240, seed=1)


@pytest.fixture(scope="module")
def short_game() -> JSON:
    return simulate(TotopolyGame(4, short=True), games=160, seed=500)


def test_long_game_colour_order_and_every_colour_wins_a_share(long_game: JSON) -> None:
    rate = long_game["win_rate_by_colour"]
    assert rate["black"] > rate["red"] > rate["yellow"] > rate["blue"]
    # Blue is the outsider, not a nonentity: one race in twenty or better.
    assert rate["blue"] >= 0.05
    # Black leads without winning every other race.
    assert rate["black"] < 0.6


def test_well_trained_blue_and_yellow_match_an_untrained_black(long_game: JSON) -> None:
    cards = long_game["win_rate_by_advantage_cards"]
    untrained_black = cards["black"]["0"]["win_rate"]
    assert cards["blue"]["3+"]["win_rate"] >= untrained_black
    assert cards["yellow"]["3+"]["win_rate"] >= untrained_black
    # Training pays for every colour: the best-trained do better than the untrained.
    for colour in ("black", "red", "yellow", "blue"):
        assert cards[colour]["3+"]["win_rate"] > cards[colour]["0"]["win_rate"], colour


def test_short_game_colour_order_without_blues(short_game: JSON) -> None:
    rate = short_game["win_rate_by_colour"]
    assert rate["black"] > rate["red"] > rate["yellow"] >= 0.05 and rate["blue"] == 0
    assert short_game["win_rate_per_runner_by_colour"]["blue"] is None


def test_short_game_is_shorter_at_the_table(long_game: JSON, short_game: JSON) -> None:
    # "it is desired to end the game in three quarters of an hour or an hour, as the
    # usual Totopoly long game takes an hour and a quarter or an hour and a half": with
    # the blues out there are fewer throws and choices on the course, and with no Tote
    # fewer decisions before the race.
    assert short_game["race_throws_per_game"] < 0.85 * long_game["race_throws_per_game"]
    assert short_game["race_decisions_per_game"] < long_game["race_decisions_per_game"]
    assert short_game["setup_decisions_per_game"] < 0.8 * long_game["setup_decisions_per_game"]


def test_sensible_player_nominates_by_lengths_gained() -> None:
    # "nominate one of their horses to win. This would usually be the one that gained
    # the most advantage cards in training": ours weighs the cards by what they are
    # worth on our course, so three blue cards outweigh an untrained black, one black
    # card outweighs three blue ones.
    from homestretch.games.totopoly.bots import SensibleBot

    bot = SensibleBot(TotopolyGame(4), seat=0, seed=1)

    def view(**cards: int) -> JSON:
        held = {"black": 0, "red": 0, "yellow": 0, "blue": 0, "white": 0, **cards}
        return {"players": [{"cards": held}]}

    black, blue = 1, 10
    assert bot.horse_rank(view(blue=3), blue) > bot.horse_rank(view(blue=3), black)
    assert bot.horse_rank(view(black=1, blue=3), black) > bot.horse_rank(
        view(black=1, blue=3), blue
    )
