"""The MPH Totalizator: rule D's deal, rules A-C's re-dealing, shares and odd fifties."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homestretch.games.across.rules.totalizator import deal, settle, split


def test_rule_d_deals_from_window_1_until_the_last_fifty() -> None:
    windows = [0] * 7
    deal(23, windows)
    # 23 fifties: three rounds of seven, then windows #1 and #2 get the last two.
    assert windows == [4, 4, 3, 3, 3, 3, 3]
    assert sum(windows) == 23


def test_favourites_get_the_fuller_windows() -> None:
    # "some windows may contain more fifties than others... to the advantage of the
    # horse owner and players betting on favorites": the low windows fill first.
    windows = [0] * 7
    deal(9, windows)
    assert windows == [2, 2, 1, 1, 1, 1, 1]


def _tickets(spec: dict[int, list[int]]) -> list[tuple[int, int]]:
    """{horse: [seat, seat, ...]} -> one (seat, horse) per ticket."""
    return [(seat, horse) for horse, seats in spec.items() for seat in seats]


def test_all_three_backed_pays_each_window_group() -> None:
    windows = [3, 3, 3, 3, 3, 3, 3]
    tickets = _tickets({7: [0], 5: [1], 9: [2]})
    out = settle(windows, tickets, (7, 5, 9), owners=(3,))
    assert out.paid == Counter({0: 12, 1: 3, 2: 3, 3: 3})
    assert out.carry == 0 and windows == [0] * 7


def test_rule_a_no_win_investors_windows_2_to_5_go_to_1_6_7() -> None:
    windows = [2, 2, 2, 2, 2, 2, 2]
    tickets = _tickets({5: [1], 9: [2]})
    out = settle(windows, tickets, (7, 5, 9), owners=(0,))
    # Windows 2-5 hold 8, dealt into #1, #6, #7 from window #1: 3, 3, 2 more.
    assert out.paid == Counter({0: 5, 1: 5, 2: 4})
    assert out.carry == 0


def test_rule_b_no_place_investors_window_6_goes_to_the_others() -> None:
    windows = [1, 1, 1, 1, 1, 6, 1]
    tickets = _tickets({7: [0], 9: [2]})
    out = settle(windows, tickets, (7, 5, 9), owners=(3,))
    # Window 6's six fifties dealt into #1, #2, #3, #4, #5, #7: one each.
    assert out.paid == Counter({3: 2, 0: 8, 2: 2})


def test_rule_c_no_show_investors_window_7_goes_to_1_to_6() -> None:
    windows = [0, 0, 0, 0, 0, 0, 12]
    tickets = _tickets({7: [0], 5: [1]})
    out = settle(windows, tickets, (7, 5, 9), owners=(3,))
    # Twelve fifties over six windows: two each; WIN holds 8, PLACE 2, owner 2.
    assert out.paid == Counter({0: 8, 1: 2, 3: 2})


def test_win_and_place_unbacked_deal_only_into_windows_that_pay() -> None:
    windows = [1, 1, 1, 1, 1, 1, 1]
    tickets = _tickets({9: [2]})
    out = settle(windows, tickets, (7, 5, 9), owners=(0,))
    # Windows 2-6 (5 fifties) go into #1 and #7 only: 3 and 2.
    assert out.paid == Counter({0: 4, 2: 3})


def test_no_investor_on_any_finisher_refunds_and_carries_the_rest() -> None:
    windows = [0] * 7
    deal(3 * 4 + 5, windows)  # four tickets and 5 fifties carried in
    tickets = _tickets({2: [0, 1], 12: [2, 2]})
    out = settle(windows, tickets, (7, 5, 9), owners=(3,))
    assert out.refunded
    assert out.paid == Counter({0: 3, 1: 3, 2: 6})
    assert out.carry == 5


def test_a_window_is_shared_per_ticket_and_odd_fifties_carry() -> None:
    windows = [3, 3, 3, 3, 3, 3, 3]
    # "R" has three tickets on the winner, "S" one: the WIN windows' 12 go 9 and 3.
    tickets = _tickets({10: [0, 0, 0, 1], 4: [2, 3], 6: [2]})
    out = settle(windows, tickets, (10, 4, 6), owners=(1,))
    assert out.paid[0] == 9 and out.paid[1] == 3 + 3
    # PLACE window 3 over two tickets: 1 each, 1 odd fifty carried forward.
    assert out.paid[2] == 1 + 3 and out.paid[3] == 1
    assert out.carry == 1


def test_syndicate_owners_split_the_winners_circle() -> None:
    windows = [5, 0, 0, 0, 0, 0, 0]
    out = settle(windows, _tickets({7: [0]}), (7, 5, 9), owners=(1, 2))
    assert out.paid[1] == 2 and out.paid[2] == 2 and out.carry == 1


@pytest.mark.parametrize(("mode", "expected"), [("exclusive", {1: 4}), ("across", {0: 2, 1: 2})])
def test_payoff_option_what_a_ticket_on_the_winner_collects(
    mode: str, expected: dict[int, int]
) -> None:
    windows = [0, 0, 0, 0, 0, 4, 0]  # only the PLACE window holds money
    tickets = _tickets({7: [0], 5: [1]})
    out = settle(windows, tickets, (7, 5, 9), owners=(4,), mode=mode)
    # Exclusive: window 6 is the PLACE horse's. Across: the winner's ticket shares it.
    got = {seat: out.paid[seat] for seat in (0, 1)}
    assert {k: v for k, v in got.items() if v} == expected


def test_split_keeps_every_fifty() -> None:
    paid, odd = split(10, [0, 1, 1])
    assert paid == Counter({0: 3, 1: 6}) and odd == 1


@given(
    windows=st.lists(st.integers(0, 30), min_size=7, max_size=7),
    tickets=st.lists(st.tuples(st.integers(0, 6), st.integers(2, 12)), max_size=25),
    finish=st.permutations(list(range(2, 13))).map(lambda p: tuple(p[:3])),
    owners=st.sampled_from([(0,), (1, 2), (3,)]),
    mode=st.sampled_from(["exclusive", "across"]),
)
def test_every_fifty_in_the_windows_is_paid_or_carried(
    windows: list[int],
    tickets: list[tuple[int, int]],
    finish: tuple[int, int, int],
    owners: tuple[int, ...],
    mode: str,
) -> None:
    total = sum(windows)
    out = settle(list(windows), tickets, finish, owners, mode)
    assert sum(out.paid.values()) + out.carry == total
    assert out.carry >= 0 and all(v >= 0 for v in out.paid.values())
    backed = {h for _, h in tickets}
    assert out.refunded == (not backed & set(finish))
    if not out.refunded:
        # Only owners of the winner and holders of tickets on the first three collect.
        collectors = set(owners) | {s for s, h in tickets if h in finish}
        assert set(out.paid) <= collectors


@given(amount=st.integers(0, 500), into=st.sets(st.integers(0, 6), min_size=1))
def test_dealing_keeps_every_fifty_and_fills_low_windows_first(amount: int, into: set[int]) -> None:
    windows = [0] * 7
    deal(amount, windows, sorted(into))
    assert sum(windows) == amount
    filled = [windows[w] for w in sorted(into)]
    assert filled == sorted(filled, reverse=True) and max(filled) - min(filled) <= 1


def test_a_refunded_8th_race_leaves_nothing_behind(driver: Callable[..., Any]) -> None:
    """R10 and R18: tickets back, the bins to the owners of the first three, and the rest
    (carry-over included) to the WIN horse's owner, since no race follows."""
    d = driver(4)
    d.auction({h: h % 4 for h in range(2, 13)})  # #7 to seat 3, #5 and #9 to seat 1
    for _ in range(7):
        d.bets({})
        d.finish_race(7, 5, 9)
    s = d.state
    carry, bins = s.carry, dict(s.bins)
    assert carry > 0
    d.bets({0: [2]})  # one ticket, on a horse that will not finish in the first three
    before = list(s.cash)
    d.finish_race(7, 5, 9)
    gained = [s.cash[i] - before[i] for i in range(4)]
    assert s.results[-1]["refunded"]
    assert gained == [3, bins["place8"] + bins["show8"], 0, bins["win8"] + carry]
    assert s.carry == 0 and sum(s.cash) == 4 * 40
