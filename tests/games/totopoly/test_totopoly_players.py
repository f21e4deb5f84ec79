"""Computer players: the Tote on value (any owner's horse), the tournament, and the
search player's look-ahead."""

from __future__ import annotations

from collections import Counter

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


def colour_view(blue: int, nominee_at: int, white: int = 0) -> JSON:
    """Seat 0 runs two blues, No. 10 nominated on ``nominee_at`` (track 1) and No. 11 on
    length 20 of track 2, and a black, No. 1; it holds ``blue`` blue cards. No. 11 is
    asked what to do on a square of another colour."""
    cards = {"black": 0, "red": 0, "yellow": 0, "blue": blue, "white": white}
    return {
        "phase": "race",
        "asked": {"horse": 11, "colour": "blue", "square": "red"},
        "players": [{"seat": 0, "cash": 300, "cards": cards, "nominated": 10}],
        "horses": [
            {"number": 10, "owner": 0, "status": "running", "length": nominee_at, "track": 1},
            {"number": 11, "owner": 0, "status": "running", "length": 20, "track": 2},
            {"number": 1, "owner": 0, "status": "running", "length": 20, "track": 3},
        ],
    }


def test_a_horse_leaves_the_colour_cards_to_its_nominee_while_the_nominee_needs_them() -> None:
    """Colour cards serve any horse of their colour, and the nominee, which takes its
    owner's best throws, is the one that wins: a blue that is not the nominee plays a
    blue card only when its owner holds more than the nominated blue can still expect
    to play (about one square of another colour in five ahead of it on its track).
    With the cards spent by both, a nominee with a sibling played half of them
    (docs/totopoly.md, "Per runner")."""
    from homestretch.games.totopoly.rules.actions import Colour

    bot = SensibleBot(TotopolyGame(4), seat=0, seed=1)
    legal: list[Action] = [Colour("stand"), Colour("card")]
    # early in the race the nominee will land on six or seven squares to play a card
    assert bot.choose(0, colour_view(blue=3, nominee_at=0), legal) == Colour("stand")
    # with more than it can use, the sibling plays one
    assert bot.choose(0, colour_view(blue=12, nominee_at=0), legal) == Colour("card")
    # near the post the nominee needs few, so the spare cards go to the sibling
    assert bot.choose(0, colour_view(blue=3, nominee_at=56), legal) == Colour("card")
    # the nominee itself plays its card, and so does a horse of another colour
    view = colour_view(blue=3, nominee_at=0)
    view["asked"]["horse"] = 10
    assert bot.choose(0, view, legal) == Colour("card")
    view = colour_view(blue=3, nominee_at=0)
    view["players"][0]["cards"]["black"] = 1
    view["asked"] = {"horse": 1, "colour": "black", "square": "red"}
    assert bot.choose(0, view, legal) == Colour("card")
    # a white card is not thrown in with the nominee's blue card early on ...
    both: list[Action] = [*legal, Colour("card+white")]
    assert bot.choose(0, colour_view(blue=3, nominee_at=0, white=1), both) == Colour("stand")
    # ... but late in the race it goes, before it disqualifies
    late = colour_view(blue=3, nominee_at=0, white=1)
    late["horses"][1]["length"] = 45
    assert bot.choose(0, late, both) == Colour("card+white")


def cards_played_by_siblings(
    kind: type[SensibleBot], games: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, int]:
    """Colour cards played on the course, in seeded long games of four ``kind``
    players, by nominees that ran beside another horse of their colour, and by those
    other horses (the cards serve both)."""
    from homestretch.games.totopoly.rules import racecourse

    played: Counter[tuple[int, int]] = Counter()
    on_colour = racecourse.on_colour

    def counted(state, horse, square):  # type: ignore[no-untyped-def]
        owner = state.horse_owner(horse)
        colour = state.c.horses[horse].colour
        before = state.held[owner][colour]
        yield from on_colour(state, horse, square)
        played[(game, horse)] += before - state.held[owner][colour]

    monkeypatch.setattr(racecourse, "on_colour", counted)
    nominees = siblings = 0
    table = TotopolyGame(4)
    for game in range(games):
        agents = {s: kind(table, s, seed + game) for s in range(4)}
        state = play(table.new_initial_state(), SeededDice(seed + game), agents)
        for owner, nominee in state.nominated.items():
            colour = state.c.horses[nominee].colour
            others = [
                h
                for h in state.horses_of(owner, ("finished", "running", "fallen", "out"))
                if h != nominee and state.c.horses[h].colour == colour
            ]
            if others:
                nominees += played[(game, nominee)]
                siblings += sum(played[(game, h)] for h in others)
    return nominees, siblings


def test_the_nominee_plays_the_cards_it_shares_with_a_horse_of_its_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The direction of the change, on the same 20 seeded games (the same deal, auction
    and training: the players differ only on the course). Playing a card whenever one
    moves a horse on, a nominee and the other horses of its colour played about as many
    (800 games: a 6+ blue nominee 3.76 a race, its sibling 3.88); leaving them to the
    nominee, the nominee plays several times what the others do (4.81 and 3.29 for the
    blues, 3.78 and 0.55 for 3+ yellows). A difference of this size does not come by
    chance in 20 games."""

    class Spender(SensibleBot):
        def spare_card(self, view: JSON, number: int) -> bool:
            return True

    keep = cards_played_by_siblings(SensibleBot, 20, 4100, monkeypatch)
    spend = cards_played_by_siblings(Spender, 20, 4100, monkeypatch)
    assert spend[0] >= 20 and keep[0] >= 20  # enough cards played to tell
    assert spend[1] >= 0.75 * spend[0]  # spent by both (47 and 48 cards here)
    assert keep[1] <= 0.5 * keep[0]  # kept for the nominee (81 and 14 here)
    assert keep[0] > spend[0]
