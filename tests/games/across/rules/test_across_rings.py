"""Investing rings: players pooling fifties to make track bets (ruling R23)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.core.errors import IllegalAction
from homestretch.games.across.rules.actions import Answer, Bet, Done, OfferRing

Make = Callable[..., Any]
OWNERS = {h: h % 4 for h in range(2, 13)}
"""Seat 0 owns 4, 8, 12; seat 1 owns 5, 9; seat 2 owns 2, 6, 10; seat 3 owns 3, 7, 11."""


def at_race_1(driver: Make, **options: Any) -> Any:
    d = driver(4, **options)
    cards = d.state.game.content.cards
    d.auction(OWNERS, {h: cards[h].opening_bid + 2 for h in range(2, 13)})
    return d


def test_a_ring_pools_fifties_for_tickets_and_shares_what_they_collect(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    bettor = s.to_act()[0]
    partner = (bettor + 1) % 4
    cash = list(s.cash)
    s.apply(bettor, OfferRing(9, 2, partner, 2))  # 6 fifties: 4 from the bettor, 2 from partner
    assert s.to_act()[0] == partner
    s.apply(partner, Answer(True))
    assert s.cash[bettor] == cash[bettor] - 4 and s.cash[partner] == cash[partner] - 2
    assert s.tickets == [(bettor, 9), (bettor, 9)]
    assert s.view(None)["rings"] == [
        {"horse": 9, "tickets": 2, "members": [bettor, partner], "stakes": [4, 2]}
    ]
    other = (bettor + 2) % 4
    while s.phase == "betting":  # one more ticket on #9, someone else's
        seat = s.to_act()[0]
        if seat == other and (other, 9) not in s.tickets:
            s.apply(seat, Bet(9))
        s.apply(seat, Done())
    before = list(s.cash)
    d.finish_race(9, 5, 6)
    (shared,) = [n for n in s.notices if n["type"] == "ring_shared"]
    (win,) = [n for n in s.notices if n["type"] == "window_payoff" and n["group"] == "win"]
    assert win["shares"] == 3 and shared["collected"] == 2 * win["each"]
    partner_share = shared["collected"] * 2 // 6  # by the stakes; the odd fifty to the proposer
    assert shared["shares"] == [shared["collected"] - partner_share, partner_share]
    assert s.cash[partner] == before[partner] + partner_share + (win["each"] if partner == 1 else 0)
    assert s.rings == [] and s.conserved() == {"fifties": 160}
    assert "collected" in shared["words"] and s.name(partner) in shared["words"]


def test_a_ring_offer_is_answered_before_the_partners_next_move(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    with pytest.raises(IllegalAction, match="1 to 5 of the 6"):
        s.apply(0, OfferRing(7, 2, 1, 6))
    first = s.to_act()[0]
    late = next(seat for seat in range(4) if seat != first)
    s.apply(late, OfferRing(7, 1, first, 1))  # out of turn, to the bettor
    with pytest.raises(IllegalAction, match="answer"):
        s.apply(first, Done())  # he answers before his own next move
    s.apply(first, Answer(False))
    assert s.tickets == [] and s.to_act() == [first]


def test_an_unanswered_ring_lapses_when_the_windows_close(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    order = []
    while s.phase == "betting":
        seat = s.to_act()[-1]
        order.append(seat)
        s.apply(seat, Done())
        if len(order) == 1:  # the first bettor is done; then he is asked into a ring
            s.apply(order[0] ^ 1, OfferRing(7, 1, order[0], 1))
    assert s.phase == "race" and s.offers == [] and s.tickets == []
    assert [n["kind"] for n in s.notices if n["type"] == "offer_lapsed"] == ["ring"]
    with pytest.raises(IllegalAction, match="windows are open"):
        s.apply(0, OfferRing(7, 1, 1, 1))
