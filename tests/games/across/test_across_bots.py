"""The computer players: the sensible one plays legally and beats the random one."""

from __future__ import annotations

from statistics import mean
from typing import Any

import numpy as np
import pytest

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.referee import Agent, play
from homestretch.games.across.bots import NeverBetBot, SensibleBot, track_chances
from homestretch.games.across.rules.actions import Accept, Answer, Bet, Done, OfferRing, Reject
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.search import SearchBot

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")
GAMES_INFORMED = 24


def test_sensible_players_finish_with_more_than_random_ones() -> None:
    sensible, random_ = [], []
    for seed in range(40):
        game = AcrossGame(players=4, tracks=(TRACKS[seed % 4],))
        agents: dict[int, Agent] = {
            seat: SensibleBot(seed * 10 + seat) if (seat + seed) % 2 else RandomBot(seed + seat)
            for seat in range(4)
        }
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        for seat in range(4):
            (sensible if (seat + seed) % 2 else random_).append(state.cash[seat])
    assert mean(sensible) > 2 * mean(random_)


def test_the_bot_reads_each_tracks_chances() -> None:
    epsom, churchill = track_chances("epsom-downs"), track_chances("churchill-downs")
    assert epsom[2][0] > churchill[2][0] and churchill[6][0] > epsom[6][0]


def test_it_holds_back_every_rival_while_its_own_horse_runs() -> None:
    """As people play (R28): a rival's roll is rejected however far from home it is."""
    game = AcrossGame(players=3, tracks=("woodbine",))
    state = game.new_initial_state()
    bot = SensibleBot(1)
    view = state.view(0)
    view.update(
        phase="race",
        owners={"5": [0], "9": [1]},
        tickets=[],
        race_card={
            "rolled": 9,
            "progress": {str(h): 0 for h in range(2, 13)} | {"5": 4, "9": 8},
            "need": {str(h): 10 for h in range(2, 13)},
            "finish": [],
        },
    )
    choices = [Accept(), Reject()]
    assert bot.choose(0, view, choices) == Reject()  # one X would bring #9 home
    view["race_card"]["rolled"] = 5
    view["race_card"]["progress"]["5"] = 8
    assert bot.choose(0, view, choices) == Accept()  # my own horse comes home
    view["race_card"]["rolled"] = 9
    view["race_card"]["progress"]["9"] = 9  # half an X brings it home anyway
    assert bot.choose(0, view, choices) == Accept()
    view["race_card"]["progress"]["9"] = 6  # two X's from home: held back too (R28)
    assert bot.choose(0, view, choices) == Reject()
    view["race_card"]["progress"]["9"] = 0  # at the start (R21's policy accepted it)
    assert bot.choose(0, view, choices) == Reject()
    view["race_card"]["progress"]["9"] = 8
    view["race_card"]["finish"] = [5]  # my horse is in: nothing left to protect
    assert bot.choose(0, view, choices) == Accept()
    view["race_card"]["finish"] = []
    view["tickets"] = [[0, 9]]  # I backed #9 myself
    assert bot.choose(0, view, choices) == Accept()


def _betting_view(carry: int, owners: dict[str, list[int]] | None = None) -> Any:
    game = AcrossGame(players=4, tracks=("woodbine",))
    view = game.new_initial_state().view(0)
    view.update(
        phase="betting",
        race=2,
        carry=carry,
        tickets=[],
        owners=owners or {str(h): [1] for h in range(2, 13)},
        to_bet=[1, 2, 3],  # seat 0 bets first
    )
    return view


def test_a_ticket_is_bought_only_when_the_pool_makes_it_pay() -> None:
    legal = [Done(), *(Bet(h) for h in range(2, 13))]
    # An empty pool: one ticket can only win back part of its own three fifties, so one
    # ticket's worth is bought, as people bet every race, and no second. (Its offer this
    # race is made: seat 0, with no horse, would offer to buy one.)
    empty = {**_betting_view(carry=0), "offered": [0]}
    first = SensibleBot(1).choose(0, empty, legal)
    assert isinstance(first, Bet)
    assert SensibleBot(1).choose(0, {**empty, "tickets": [[0, first.horse]]}, legal) == Done()
    # Short of what the purse races still to run need (3, 5 and 8: a reserve of 4 and two
    # tickets each), it keeps its cash.
    assert SensibleBot(1).choose(0, {**empty, "cash": [22, 40, 40, 40]}, legal) == Done()
    assert SensibleBot(1).choose(0, {**empty, "cash": [25, 40, 40, 40]}, legal) == first
    # Twenty fifties carried forward: a ticket on a likely horse pays.
    choice = SensibleBot(1).choose(0, _betting_view(carry=20), legal)
    assert isinstance(choice, Bet)
    chances = track_chances("woodbine")
    assert chances[choice.horse][0] >= 0.1


def _race_view(rolled: int, progress: dict[int, int]) -> Any:
    game = AcrossGame(players=3, tracks=("woodbine",))
    view = game.new_initial_state().view(0)
    view.update(
        phase="race",
        race=1,
        owners={str(h): [0] if h == 5 else [1] for h in range(2, 13)},
        tickets=[[0, 5]],
        windows=[5, 5, 4, 4, 4, 4, 4],
        race_card={
            "rolled": rolled,
            "progress": {str(h): progress.get(h, 0) for h in range(2, 13)},
            "need": {str(h): 10 for h in range(2, 13)},
            "finish": [],
        },
    )
    return view


def test_the_search_player_rejects_a_rival_at_the_post_and_takes_its_own() -> None:
    choices = [Accept(), Reject()]
    # #9, a rival's, is one X from home; my #5 is close behind: hold it back.
    assert SearchBot(3).choose(0, _race_view(9, {9: 8, 5: 8}), choices) == Reject()
    # My own horse: take the X.
    assert SearchBot(3).choose(0, _race_view(5, {9: 8, 5: 8}), choices) == Accept()


def test_never_bet_buys_and_bets_nothing() -> None:
    game = AcrossGame(players=4, tracks=("longchamp",))
    agents: dict[int, Agent] = {0: NeverBetBot(0), **{s: SensibleBot(s) for s in (1, 2, 3)}}
    state = play(game.new_initial_state(), SeededDice(2), agents)
    bets = [e for e in state.events if e.player == 0 and e.action and e.action["kind"] == "bet"]
    assert not bets


def test_the_search_player_counts_its_daily_double_in_race_2() -> None:
    # Race 1 was won by #6; I hold two of the three 6-9 tickets in a bin of 10 fifties.
    view = _race_view(9, {9: 8, 5: 8})
    view.update(
        race=2,
        results=[{"meet": 1, "race": 1, "finish": [6, 7, 8]}],
        daily_double=[[0, 6, 9], [0, 6, 9], [1, 6, 9], [0, 7, 9], [1, 6, 4]],
        daily_double_bin=10,
        tickets=[],
        owners={str(h): [1] for h in range(2, 13)},
    )
    value = SearchBot(3)._daily_double_by_winner(0, view)
    assert value[9] == 10 // 3 * 2 and value.sum() == value[9]  # 7-9 lost in race 1
    # #9 is now a horse of mine to race for: its roll is taken, not searched.
    assert SearchBot(3).choose(0, view, [Accept(), Reject()]) == Accept()
    # A rival's #4 one X from home would win a 6-4 ticket that is not mine: held back.
    view["race_card"]["rolled"] = 4
    view["race_card"]["progress"] = {str(h): 8 if h in (4, 9) else 0 for h in range(2, 13)}
    assert SearchBot(3).choose(0, view, [Accept(), Reject()]) == Reject()


def test_the_search_player_values_tickets_under_the_payoff_rule() -> None:
    # My one ticket, on the winner #5 (a rival's): windows 2-5 hold 17. Exclusive (R5):
    # nobody backed the PLACE or SHOW horse, so windows 6 and 7 (8) are dealt into 1-5
    # and 6 of them reach 2-5. Across: the ticket shares windows 6 and 7 as they stand.
    view = _race_view(5, {5: 8})
    view["owners"] = {str(h): [1] for h in range(2, 13)}
    finish = np.array([[5, 9, 7]])
    exclusive = SearchBot(3)._mean_collection(0, {**view, "payoff_rule": "exclusive"}, finish)
    across = SearchBot(3)._mean_collection(0, {**view, "payoff_rule": "across"}, finish)
    assert (exclusive, across) == (17 + 6, 17 + 4 + 4)


def test_short_of_a_tickets_fifties_it_asks_the_richest_into_a_ring() -> None:
    """A ticket worth buying and only two fifties: the richest other player who can
    spare the third is asked to put it in, sharing what it brings (R23); and that
    player, a sensible one too, finds its share worth the stake."""
    legal = [Done(), *(Bet(h) for h in range(2, 13))]
    view = _betting_view(carry=20)
    bought = SensibleBot(1).choose(0, view, legal)
    assert isinstance(bought, Bet)
    view["cash"] = [2, 30, 41, 12]
    ring = SensibleBot(1).choose(0, view, [Done()])
    assert ring == OfferRing(bought.horse, 1, 2, 1)
    offered = {**view, "offered": [0]}
    assert SensibleBot(1).choose(0, offered, [Done()]) == Done()  # one offer a race
    # Only a player still to bet is sure to be asked before the windows close.
    passed = {**view, "to_bet": [1, 3]}
    assert SensibleBot(1).choose(0, passed, [Done()]) == OfferRing(bought.horse, 1, 1, 1)
    last = {**view, "to_bet": []}
    assert SensibleBot(1).choose(0, last, [Done()]) == Done()
    # ... or a computer player, who answers at once (the table says which seats are).
    told = SensibleBot(1)
    told.answer_at_once(frozenset({0, 1, 3}))  # seat 2 is a person
    assert told.choose(0, last, [Done()]) == OfferRing(bought.horse, 1, 1, 1)
    told.answer_at_once(frozenset({0, 1, 2, 3}))
    assert told.choose(0, last, [Done()]) == ring
    asked = {**view, "offer": {**ring.to_json(), "kind": "ring", "amount": 1, "from": 0}}
    assert SensibleBot(2).choose(2, asked, [Answer(True), Answer(False)]) == Answer(True)
    view["cash"] = [0, 30, 41, 12]  # nothing to put in
    assert SensibleBot(1).choose(0, view, [Done()]) == Done()


class _Watched(SensibleBot):
    """A sensible player that notes each ticket it buys: (race, offered by the menu)."""

    def __init__(self, seed: int, bets: list[tuple[int, bool]]) -> None:
        super().__init__(seed)
        self.bets = bets

    def choose(self, player: int, view: Any, legal: list[Any]) -> Any:
        action = super().choose(player, view, legal)
        if isinstance(action, Bet):
            self.bets.append((view["race"], action in legal and view["cash"][player] >= 3))
        return action


def test_computer_players_bet_in_every_race_not_only_the_purse_races() -> None:
    """A ticket's worth a race as people bet (ruling R26): a table of four sensible
    players has tickets in every race, each bet one the menu offers with the three
    fifties in hand."""
    for seed in (1, 2):
        bets: list[tuple[int, bool]] = []
        game = AcrossGame(players=4, tracks=(TRACKS[seed],))
        agents: dict[int, Agent] = {s: _Watched(seed * 10 + s, bets) for s in range(4)}
        play(game.new_initial_state(), SeededDice(seed), agents)
        assert {race for race, _ in bets} == set(range(1, 9))
        assert all(legal for _, legal in bets)


class _Misread(SensibleBot):
    """Less information: reads Churchill Downs's handicaps whatever the track."""

    def choose(self, player: int, view: Any, legal: list[Any]) -> Any:
        return super().choose(player, {**view, "track": "churchill-downs"}, legal)


def test_a_player_who_reads_the_track_does_not_lose_to_one_who_misreads_it() -> None:
    """At Epsom Downs (its low numbers favoured, unlike Churchill Downs's), two sensible
    players against two reading the wrong track, seats alternating from game to game:
    the informed finish with as many fifties or more (a bounded sample)."""
    informed, misread = [], []
    for seed in range(GAMES_INFORMED):
        game = AcrossGame(players=4, tracks=("epsom-downs",))
        knows = {s for s in range(4) if (s + seed) % 2}
        agents: dict[int, Agent] = {
            s: SensibleBot(seed * 10 + s) if s in knows else _Misread(seed * 10 + s)
            for s in range(4)
        }
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        for s in range(4):
            (informed if s in knows else misread).append(state.cash[s])
    assert mean(informed) >= mean(misread)


def test_at_the_block_a_horse_is_valued_race_by_race_and_no_bid_eats_the_betting_money() -> None:
    """R29: a horse's Winners Circle is reckoned race by race at the handle today's
    racing has (a purse race's from its purse), and a bid never leaves the player less
    than what it bets with (a reserve of 4, two tickets for each of the three purse races
    to run and a ticket: 25 fifties at the first auction)."""
    from homestretch.games.across.bots import circle
    from homestretch.games.across.rules.actions import Bid, Pass

    game = AcrossGame(players=4, tracks=("woodbine",))
    view = game.new_initial_state().view(0)
    bot = SensibleBot(1)
    assert view["phase"] == "auction" and view["race"] == 0
    win = track_chances("woodbine")[7][0]
    circles, _ = bot.horse_value_parts(7, view)
    unsold = sum(c.opening_bid for c in game.content.cards.values())
    purse = unsold * 2 / 5  # the unsold receipts, a fifth of twice the opening bids each
    expected = 6 * circle(4, 0, 0) + 2 * circle(4, purse, 0)
    assert circles == pytest.approx(win * expected)
    assert circle(4, 10, 0) > circle(4, 0, 0) > 12 / 7  # more than a seventh of a ticket each
    assert bot.betting_money(view) == 25
    view["cash"] = [30, 40, 40, 40]
    lot = view["lot"]
    legal = [Bid(lot["min_bid"] + k) for k in range(10)]
    chosen = bot.choose(0, view, [Pass(), *legal])
    assert chosen == Pass() or (isinstance(chosen, Bid) and chosen.amount <= 5)
    view["cash"] = [25, 40, 40, 40]  # nothing to spare: it passes
    assert bot.choose(0, view, [Pass(), *legal]) == Pass()
