"""The view gives the asked seat's amount boxes the bounds the rules give, and the rules'
own words for an amount outside them: a Tote stake from £1 to what he holds, an offer
from £0 to what he holds less what he keeps back for fees (T52). Each bound is exactly
where the rules' check starts refusing, with the words the view gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules import racecourse, tote
from homestretch.games.totopoly.rules.actions import Bet, Offer, Sell
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
    assert ask.check(amount(most + 1)) == bounds["above"]


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
