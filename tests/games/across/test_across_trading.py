"""The computer players trade horses: a deal where both sides gain by their own
reckoning (the horse's expected returns, what the string needs, what cash is worth to
a player short of it), none where one would lose; a fair offer from a person is taken;
and a game with trades replays exactly."""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.across.bots import SensibleBot
from homestretch.games.across.rules.actions import Answer, Bet, Done, OfferHorse, OfferToBuy
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.state import AcrossState
from homestretch.games.across.search import SearchBot
from homestretch.games.across.trading import Market

from .conftest import Driver

Make = Callable[..., Driver]
YES_NO = [Answer(True), Answer(False)]
VALUES = {h: 4.0 for h in range(2, 13)}


def market(owners: dict[int, list[int]], cash: list[int]) -> Market:
    return Market(values=VALUES, owners=owners, cash=cash)


def test_a_strong_string_sells_to_a_horseless_player_and_both_gain() -> None:
    # Seat 0 owns eight horses (32 fifties of expected returns; a fair share is 11),
    # seat 1 three (12) and seats 2 and 3 none.
    owners = {h: [0] for h in range(2, 10)} | {h: [1] for h in range(10, 13)}
    m = market(owners, [40, 40, 40, 40])
    deal = m.best_deal(0)
    assert deal is not None and (deal.seller, deal.buyer, deal.horse) == (0, 2, 2)
    low, high = m.least_price(deal.horse), m.most_price(deal.buyer, deal.horse)
    assert low == 4 and high == 5  # the horse's 4, and 4 x 1.4 to a player with none
    assert deal.price == 5  # the seller gains 1, the buyer 0.6: 4 would give it all to him
    assert m.seller_gain(deal.horse, deal.price) > 0
    assert m.buyer_gain(deal.buyer, deal.horse, deal.price) > 0
    # The horseless player sees the same deal from its side: an offer to buy.
    assert m.best_deal(2) == m.deal(deal.horse, 2)


def test_no_deal_where_one_side_would_lose() -> None:
    # Strings of 8-12 fifties of returns against a fair share of 11, plenty of cash:
    # whatever a horse would add to a buyer it would take more from its seller.
    owners = {h: [h % 4] for h in range(2, 12)} | {12: [1]}
    even = market(owners, [40, 40, 40, 40])
    assert all(even.best_deal(seat) is None for seat in range(4))
    # A horseless buyer does not pay more than a horse is worth to it ...
    owners = {h: [0] for h in range(2, 13)}
    m = market(owners, [40, 40, 40, 40])
    assert m.accepts(2, 7, 5, selling=False) and not m.accepts(2, 7, 6, selling=False)
    # ... and a seller does not let one go below its returns.
    assert m.accepts(0, 7, 4, selling=True) and not m.accepts(0, 7, 3, selling=True)
    assert not m.accepts(1, 7, 40, selling=True)  # not his to sell
    # A seller whose string is below a fair share gives up more than the returns.
    weak = market({7: [0], 8: [1]} | {h: [2] for h in range(9, 13)}, [40, 40, 40, 40])
    assert weak.least_price(7) == 6 and weak.deal(7, 3) is None


def test_a_player_short_of_cash_sells_below_the_horses_returns() -> None:
    # Seat 0 has one fifty and a strong string; a fifty is worth 1.5 to it.
    owners = {h: [0] for h in range(2, 9)} | {h: [1] for h in range(9, 13)}
    m = market(owners, [1, 40, 40, 40])
    assert m.least_price(7) == 3
    with_cash = market(owners, [40, 40, 40, 40])
    assert with_cash.least_price(7) == 4
    # And a buyer short of cash pays less for one.
    assert market(owners, [40, 40, 40, 40]).most_price(2, 7) == 5
    assert market(owners, [40, 40, 5, 40]).most_price(2, 7) == 3


def test_a_horse_in_hock_is_not_traded() -> None:
    owners = {h: [0] for h in range(2, 13)}
    m = Market(values=VALUES, owners=owners, cash=[40] * 4, in_hock=frozenset({7}))
    assert m.deal(7, 2) is None and not m.accepts(0, 7, 40, selling=True)


# --- the computer players at a real table ----------------------------------------------


def at_race_1(make: Make, owner_of: dict[int, int]) -> AcrossState:
    d = make(4, tracks=("woodbine",))
    d.auction(owner_of)
    assert d.state.phase == "betting" and d.state.race_no == 1
    return d.state


def test_a_computer_player_offers_a_deal_that_the_other_accepts(driver: Make) -> None:
    # Seat 0 bought every horse but #12 (seat 1's): seats 2 and 3 have none.
    s = at_race_1(driver, {h: 0 if h < 12 else 1 for h in range(2, 13)})
    bot = SensibleBot(1)
    seat = s.to_act()[0]
    while seat != 0:  # the others bet first; they would buy from seat 0 too
        s.apply(seat, Done())
        seat = s.to_act()[0]
    # The deal with most to gain among the players it may still ask (R16: one still to
    # bet, who will answer before the windows close).
    deal = bot.market(s.view(0)).best_deal(0, bot.askable(0, s.view(0)))
    assert deal is not None and deal.seller == 0
    offer = bot.choose(0, s.view(0), s.legal_actions(0))
    assert offer == OfferHorse(deal.horse, deal.buyer, deal.price)
    s.apply(0, offer)
    assert SensibleBot(2).choose(deal.buyer, s.view(deal.buyer), YES_NO) == Answer(True)
    s.apply(deal.buyer, Answer(True))
    assert s.owners[deal.horse] == (deal.buyer,)


def test_a_horseless_computer_player_offers_to_buy(driver: Make) -> None:
    s = at_race_1(driver, {h: 0 if h < 12 else 1 for h in range(2, 13)})
    seat = s.to_act()[0]
    assert seat == 2  # the Totemaster's left bets first
    bot = SearchBot(5)
    offer = bot.choose(seat, s.view(seat), s.legal_actions(seat))
    assert isinstance(offer, Bet)  # its ticket's worth of the race first (R26)
    s.apply(seat, offer)
    offer = bot.choose(seat, s.view(seat), s.legal_actions(seat))
    assert isinstance(offer, OfferToBuy) and s.owners[offer.horse] == (0,)
    s.apply(seat, offer)
    assert SensibleBot(3).choose(0, s.view(0), YES_NO) == Answer(True)


def test_a_persons_fair_offer_to_a_computer_player_is_accepted(driver: Make) -> None:
    """People at seats 2 and 3 (no horse) offer seat 0, which owns ten horses, for #7:
    one a fifty under what #7 is expected to return it (declined), one that (taken).
    Then seat 1, a person, offers #12 to seat 3 at its returns: taken too."""
    s = at_race_1(driver, {h: 0 if h < 12 else 1 for h in range(2, 13)})
    fair = math.ceil(SensibleBot(0).horse_value(7, s.view(0)))
    bot = SensibleBot(9)
    s.apply(3, OfferToBuy(7, fair - 1))
    s.apply(2, OfferToBuy(7, fair))
    assert bot.choose(0, s.view(0), YES_NO) == Answer(False)
    s.apply(0, Answer(False))
    assert bot.choose(0, s.view(0), YES_NO) == Answer(True)
    s.apply(0, Answer(True))
    assert s.owners[7] == (2,) and s.cash[0] == 16 + fair
    s.apply(1, OfferHorse(12, 3, math.floor(SensibleBot(0).horse_value(12, s.view(1)))))
    assert bot.choose(3, s.view(3), YES_NO) == Answer(True)


# --- whole games -----------------------------------------------------------------------


def seeded_game(seed: int) -> AcrossState:
    game = AcrossGame(players=4, tracks=("epsom-downs",), daily_double=True)
    agents = {s: SensibleBot(seed * 7919 + s) for s in range(4)}
    state = play(game.new_initial_state(), SeededDice(seed), agents)
    assert isinstance(state, AcrossState)
    return state


def horses_traded(state: AcrossState) -> int:
    return sum(
        1
        for n in state.notices
        if n["type"] == "dealing" and n["kind"] in ("horse", "buy") and n["accepted"]
    )


@pytest.mark.parametrize("seed", [3, 4])
def test_computer_players_trade_and_the_game_replays_exactly(seed: int) -> None:
    first, again = seeded_game(seed), seeded_game(seed)
    assert horses_traded(first) >= 1
    log = [json.dumps(e.to_json(), sort_keys=True) for e in first.events]
    assert log == [json.dumps(e.to_json(), sort_keys=True) for e in again.events]
    assert first.cash == again.cash


# --- offers to a person at a table -------------------------------------------------------


def person_among_computers(me: int, seed: int) -> tuple[int, int, int]:
    """A game at a table (``session.Table``: computer players move before a person is
    asked) with a person at seat ``me`` who answers every offer no: the offers made to
    him, those he was asked, those that lapsed unasked."""
    state, asked = table_game(me, seed)
    mine = [n for n in state.notices if n.get("asked") == me]
    offers = sum(1 for n in mine if n["type"] == "offer" and n["kind"] != "loan")
    lapsed = sum(1 for n in mine if n["type"] == "offer_lapsed")
    return offers, asked, lapsed


def table_game(me: int, seed: int) -> tuple[AcrossState, int]:
    """The game of ``person_among_computers`` and how many offers the person was asked."""
    from homestretch.games.across import ENTRY
    from homestretch.games.across.rules.actions import Accept, Pass
    from homestretch.session.dice import DiceSpec
    from homestretch.session.seats import computer, person
    from homestretch.session.table import Table

    names = tuple("Ann" if s == me else f"Bot {s}" for s in range(4))
    game = AcrossGame(players=4, names=names, tracks=("woodbine",))
    seats = [person(n) if s == me else computer(n, "sensible") for s, n in enumerate(names)]
    table = Table(ENTRY, game, seats, DiceSpec("seeded", seed))
    asked = 0
    while True:
        while table.step() is not None:
            pass
        if table.waiting().over:
            break
        legal = table.legal_actions(me)
        if Answer(False) in legal:
            asked += 1
            action = Answer(False)
        else:
            action = next(a for a in (Done(), Accept(), Pass()) if a in legal)
        table.submit(me, action, table.version)
    state = table.state
    assert isinstance(state, AcrossState)
    return state, asked


@pytest.mark.parametrize("seed", [3, 4])
def test_a_person_who_bets_first_is_asked_every_offer_made_to_him(seed: int) -> None:
    """Seat 2 bets first in meet 1 (the Totemaster is seat 1). An offer made to him after
    he said done waited for his answer while the computer players after him said done
    too, and the windows closed on it unasked: every offer, every race. A computer
    player now offers only to a player still to bet this race."""
    offers, asked, lapsed = person_among_computers(2, seed)
    assert lapsed == 0 and asked == offers


def test_a_person_who_bets_later_is_still_offered_horses() -> None:
    offers, asked, lapsed = person_among_computers(0, 3)
    assert offers >= 1 and asked == offers and lapsed == 0


def test_a_computer_betting_last_deals_with_a_computer_player_who_said_done() -> None:
    """Seat 1 bets last in meet 1: everyone else has said done. A computer player
    there dealt with nobody (only with a player still to bet); the table tells it which
    seats are computer players, who answer an offer at once, before the windows close
    (``core.referee.SeesTheTable``): it offers to buy one's horse and is answered, and
    the person, who may not be asked before the windows close, is offered nothing."""
    state, asked = table_game(2, 5)  # seed 5: a game where seat 1 has a deal to offer (R32)
    last = [
        n
        for n in state.notices
        if n["type"] == "offer" and n["from"] == 1 and n["kind"] in ("horse", "buy", "ring")
    ]
    assert last, "the last bettor made no offer"
    assert all(n["asked"] != 2 for n in last)
    answered = [n for n in state.notices if n["type"] == "dealing" and n["frm"] == 1]
    assert len(answered) == len(last)
    assert not any(n["type"] == "offer_lapsed" for n in state.notices)
    offers = sum(1 for n in state.notices if n["type"] == "offer" and n["asked"] == 2)
    assert asked == offers
