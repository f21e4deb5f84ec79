"""A lot nobody at the table may bid for (each held back by the discarding rules, T30,
or with no money left: no borrowing) was withdrawn at once with "no bid: ... is
withdrawn", as though everyone had passed. It says why now, in the rules' words, as far
as the table may see it: a lease kept face down (T31) and money out of sight (T41) are
not told, only the rules that may hold players back from such a lot."""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console

from homestretch.games.totopoly.rules import auction
from homestretch.games.totopoly.rules.actions import Pass
from homestretch.games.totopoly.rules.state import TotopolyState
from homestretch.games.totopoly.terminal.render import show_view

Table = Callable[..., TotopolyState]
THREE_EACH = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 1}


def _offered(state: TotopolyState, card: str, run: Callable[..., object]) -> str:
    """The lot ``card`` put up by seat 0 with nobody asked: the table's last line."""
    state.auctioneer = 0
    state.where[card] = "pool"
    run(auction.sell_lot(state, card), [])
    assert state.where[card] == "out"
    return state.news[-1]


def test_three_horses_each_seen_by_all_is_said(table: Table, run) -> None:
    state = table(players=2, horses=THREE_EACH, status="training")
    state.names = ["Ann", "Bob"]
    said = _offered(state, "lease:horse-07", run)
    assert said == (
        "No. 7 Buttercup Bay (yellow) is withdrawn at once: no one here may bid for it"
        " (Ann and Bob already hold three horses each, and not more than three horses"
        " per player can be run)"
    )
    # the terminal says it too (its news, from the same view)
    out = io.StringIO()
    show_view(Console(file=out, width=100, color_system=None), state.view(0), state.c)
    assert said in " ".join(out.getvalue().split())


def test_a_lease_kept_face_down_is_not_told(table: Table, run) -> None:
    state = table(players=2, horses=THREE_EACH, status="training")
    state.names = ["Ann", "Bob"]
    state.face_down.add(state.c.horses[4].card)  # Bob kept No. 4 at payment, face down
    said = _offered(state, "lease:horse-07", run)
    assert said == (
        "No. 7 Buttercup Bay (yellow) is withdrawn at once: no one here may bid for it"
        " (each held back by a rule: not more than three horses per player can be run;"
        " no borrowing is allowed)"
    )
    assert "Bob" not in said and "Ann" not in said


def test_money_out_of_sight_is_not_told(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 0, 3: 0}, businesses={"forage": 1})
    state.face_down.add(state.c.businesses["forage"].card)  # money unseen (T41)
    state.cash[1] = 0
    said = _offered(state, "lease:horse-07", run)
    assert "each held back by a rule" in said and "no money" not in said


def test_the_other_stable_and_no_money_are_said_when_seen(table: Table, run) -> None:
    state = table(players=3, businesses={"walroy": 1})
    state.names = ["Ann", "Bob", "Cy"]
    state.cash = [0, 500, 0]
    said = _offered(state, "lease:stevedon", run)
    assert said == (
        "Stevedon Training Stables is withdrawn at once: no one here may bid for it"
        " (Ann and Cy have no money left to bid with, and no borrowing is allowed;"
        " Bob holds Walroy Training Stables, and no player may own both training stables)"
    )


def test_a_lot_everyone_passed_on_is_still_no_bid(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 0, 3: 0})
    state.auctioneer = 0
    state.where["lease:horse-07"] = "pool"
    run(auction.sell_lot(state, "lease:horse-07"), [Pass()])  # only Bob may bid: he passes
    assert state.news[-1] == "no bid: No. 7 Buttercup Bay (yellow) is withdrawn"
