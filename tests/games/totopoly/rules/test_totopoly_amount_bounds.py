"""The view gives the asked seat's amount boxes the bounds the rules give, and the rules'
own words for an amount outside them: a Tote stake from £1 to what he holds, an offer
from £0 to what he holds less what he keeps back for fees (T52). Each bound is exactly
where the rules' check starts refusing, with the words the view gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules import auction, racecourse, tote
from homestretch.games.totopoly.rules.actions import Bet, Bid, Offer, Sell
from homestretch.games.totopoly.rules.flow import Ask
from homestretch.games.totopoly.rules.state import TotopolyState
from homestretch.games.totopoly.rules.views import build_view

Table = Callable[..., TotopolyState]


def _bounds(state: TotopolyState, ask: Ask, kind: str) -> Any:
    """The asked seat's bounds for ``kind`` as its view gives them; no other seat's view
    (nor the table's) gives them."""
    state.pending = ask
    others = [seat for seat in range(state.n) if seat != ask.player]
    assert all(build_view(state, seat)["amounts"] is None for seat in [*others, None])
    return build_view(state, ask.player)["amounts"][kind]


def _bounded_exactly(ask: Ask, bounds: Any, amount: Callable[[int], Action]) -> None:
    assert ask.check is not None
    least, most = bounds["least"], bounds["most"]
    assert ask.check(amount(least)) is None and ask.check(amount(most)) is None
    assert ask.check(amount(least - 1)) == bounds["below"]
    # the words above may leave the amount to the page: "{amount} guineas would cost ..."
    assert ask.check(amount(most + 1)) == bounds["above"].replace("{amount}", str(most + 1))


def test_a_tote_stake_is_bounded_by_one_pound_and_the_backers_cash(table: Table) -> None:
    state = table(players=2, horses={1: 0, 4: 1})
    state.dealer, state.cash = 1, [137, 500]  # seat 0 goes to the Tote first
    ask = next(tote.betting(state))
    assert isinstance(ask, Ask) and ask.player == 0
    bounds = _bounds(state, ask, "bet")
    assert (bounds["least"], bounds["most"]) == (1, 137)
    assert bounds["above"] == "stake between £1 and £137"
    _bounded_exactly(ask, bounds, lambda pounds: Bet(1, pounds))


def test_an_offer_is_bounded_by_nothing_and_the_cash_less_fees_kept_back(table: Table) -> None:
    """Bob holds £80 and owes £50 of fees after Ann's sale (T52): he may offer £0 to £5."""
    state = table(players=2, horses={1: 0, 2: 0, 4: 1, 5: 1}, status="home")
    state.cash, state.dealer = [30, 80], 1
    flow = racecourse.entrance_fees(state)
    ask = next(flow)
    assert isinstance(ask, Ask) and ask.player == 0  # Ann is asked what to sell
    state.pending = ask
    assert "amounts" in build_view(state, 0) and build_view(state, 0)["amounts"] is None
    ask = flow.send(Sell("horse:2"))
    assert isinstance(ask, Ask) and ask.player == 1
    bounds = _bounds(state, ask, "offer")
    assert (bounds["least"], bounds["most"]) == (0, 5)
    assert bounds["below"] == "offer between £0 and £5, in whole pounds"
    _bounded_exactly(ask, bounds, lambda pounds: Offer(pounds))


def _asked_to_bid(table: Table, cash: list[int], high: int = 0) -> tuple[TotopolyState, Ask]:
    """Three at the auction, seat 0 the auctioneer, a lot up with ``high`` bid: the first
    seat asked (seat 1, the auctioneer's left; seat 0 itself with no one else able)."""
    state = table(players=3)
    state.auctioneer, state.cash = 0, cash
    state.where["lease:horse-02"] = "pool"
    flow = auction.sell_lot(state, "lease:horse-02")
    ask = next(flow)
    if high:
        ask = flow.send(Bid(high))  # seat 1's bid; seat 2 is asked
    assert isinstance(ask, Ask)
    return state, ask


def test_a_bid_is_bounded_by_a_guinea_over_the_last_and_what_the_bidder_can_pay(
    table: Table,
) -> None:
    """Bob holds £300: 286 guineas cost him £300 with the commission (£14), 287 would
    cost £301. His box is bounded there, in the words the rules refuse 287 with."""
    state, ask = _asked_to_bid(table, [500, 300, 700])
    assert ask.player == 1
    bounds = _bounds(state, ask, "bid")
    assert (bounds["least"], bounds["most"]) == (1, 286)
    assert bounds["below"] == "bid more than 0 guineas"
    assert bounds["above"] == (
        "{amount} guineas would cost more than your £300 with the commission:"
        " bid at most 286 guineas"
    )
    _bounded_exactly(ask, bounds, lambda guineas: Bid(guineas))
    assert ask.check is not None
    assert ask.check(Bid(287)) == (
        "287 guineas would cost more than your £300 with the commission: bid at most 286 guineas"
    )


def test_the_auctioneer_s_bid_is_bounded_by_his_cash_alone(table: Table) -> None:
    """The auctioneer pays himself no commission: with £300 he may bid 300 guineas."""
    state, ask = _asked_to_bid(table, [300, 0, 0])  # nobody else can bid
    assert ask.player == 0
    bounds = _bounds(state, ask, "bid")
    assert (bounds["least"], bounds["most"]) == (1, 300)
    assert (
        bounds["above"]
        == "{amount} guineas would cost more than your £300: bid at most 300 guineas"
    )
    _bounded_exactly(ask, bounds, lambda guineas: Bid(guineas))


def test_a_bid_over_the_last_is_bounded_from_it(table: Table) -> None:
    """After seat 1 bids 40, seat 2 (£700) may bid 41 to 667 (667 + £33 = £700; 668 +
    £33 = £701)."""
    state, ask = _asked_to_bid(table, [500, 300, 700], high=40)
    assert ask.player == 2
    bounds = _bounds(state, ask, "bid")
    assert (bounds["least"], bounds["most"]) == (41, 667)
    assert bounds["below"] == "bid more than 40 guineas"
    _bounded_exactly(ask, bounds, lambda guineas: Bid(guineas))
