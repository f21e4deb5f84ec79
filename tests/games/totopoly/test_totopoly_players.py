"""Computer players: the Tote on value (any owner's horse), the tournament, and the
search player's look-ahead."""

from __future__ import annotations

import pytest

from homestretch.core.actions import Action
from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.referee import play
from homestretch.games.totopoly.analysis.tournament import tournament
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules.actions import Bet, Done
from homestretch.games.totopoly.rules.state import TotopolyGame


def tote_view(by_horse: dict[str, int], window: str = "any") -> JSON:
    """Seat 0 owns No. 12 (blue, no cards); seat 1 owns black No. 1 with two black cards,
    nominated; ``window``: "own" (owners back their own first) or "any" (the view's
    ``asked``: the bots read data, not the prompt's words)."""
    cards = {"black": 0, "red": 0, "yellow": 0, "blue": 0, "white": 0}
    return {
        "phase": "tote",
        "prompt": "a prompt in words, which no computer player reads",
        "asked": {"window": window},
        "players": [
            {"seat": 0, "cash": 400, "cards": dict(cards), "nominated": None},
            {"seat": 1, "cash": 400, "cards": {**cards, "black": 2}, "nominated": 1},
        ],
        "horses": [
            {"number": 1, "owner": 1, "status": "running"},
            {"number": 12, "owner": 0, "status": "running"},
        ],
        "tote": {"pool": sum(by_horse.values()), "by_horse": by_horse},
    }


def bets(horses: tuple[int, ...]) -> list:
    return [Done()] + [Bet(h, s) for h in horses for s in (1, 5, 10, 25, 50, 100)]


def test_the_sensible_player_backs_another_owners_horse_on_value() -> None:
    bot = SensibleBot(TotopolyGame(2), seat=0, seed=1)
    view = tote_view({"12": 100})  # the pad is heavy on our own outsider
    chance = bot.chances(view)
    assert chance[1] > 0.8 > chance[12]
    choice = bot.choose(0, view, bets((1, 12)))
    assert isinstance(choice, Bet) and choice.horse == 1  # the other owner's favourite
    # with the pad heavy on the favourite the value is in the outsider: a small ticket
    choice = bot.choose(0, tote_view({"1": 300}), bets((1, 12)))
    assert isinstance(choice, Bet) and choice.horse == 12 and choice.pounds <= 25
    # and with nothing to gain anywhere (the pad in proportion to the chances), no bet
    fair = {"1": 960, "12": 40}
    assert bot.choose(0, tote_view(fair), bets((1, 12))) == Done()


def test_an_owner_opens_an_empty_book_only_on_a_horse_with_a_chance() -> None:
    bot = SensibleBot(TotopolyGame(2), seat=0, seed=1)
    own_first = "own"
    assert bot.choose(0, tote_view({}, own_first), bets((12,))) == Done()  # a 3% blue
    favourite = SensibleBot(TotopolyGame(2), seat=1, seed=1)
    view = tote_view({}, own_first)
    choice = favourite.choose(1, view, bets((1,)))
    assert isinstance(choice, Bet) and choice.horse == 1


class Unworded(SensibleBot):
    """The sensible player shown every prompt in other words."""

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        return super().choose(player, {**view, "prompt": "other words"}, legal)


@pytest.mark.parametrize("seed", [4, 11])
def test_computer_players_read_the_decision_as_data_not_the_prompts_words(seed: int) -> None:
    """The sensible player decides from the view's data (``asked``: the horse on a
    coloured square, the Tote window), never the prompt's words: the same game with every
    prompt reworded is played move for move the same."""
    game = TotopolyGame(3)
    games = []
    for kind in (SensibleBot, Unworded):
        agents = {seat: kind(game, seat, seed) for seat in range(3)}
        games.append(play(game.new_initial_state(), SeededDice(seed), agents).events)
    assert games[0] == games[1]
    assert any(e.action and e.action["kind"] in ("colour", "track") for e in games[0])


def test_a_tournament_reports_money_and_race_wins_by_kind() -> None:
    report = tournament(TotopolyGame(3), ["search", "sensible", "random"], 6, 9, lambda: None)
    kinds = report["kinds"]
    assert set(kinds) == {"search", "sensible", "random"}
    assert sum(k["race_wins"] for k in kinds.values()) <= 6
    assert all(k["seats"] == 1 and k["average_money"] >= 0 for k in kinds.values())
    with pytest.raises(HomestretchError, match="unknown player kind"):
        tournament(TotopolyGame(2), ["search", "cunning"], 1, 1, lambda: None)
