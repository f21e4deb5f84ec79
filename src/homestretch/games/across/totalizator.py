"""The MPH Totalizator and the MPH Track Handle: dealing the windows and paying off.

Windows are numbered 1-7 in the rulebook and kept 0-6 here. Window 1 (the Winners
Circle) pays the owner of the WIN horse; windows 2-5 pay WIN tickets, window 6 PLACE
tickets and window 7 SHOW tickets (rulings R4-R6 in docs/rulings.md (Across the Board), read from
rules A-C). Every amount is in fifties.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

WINDOWS = 7
OWNER_WINDOW = 0
GROUP_WINDOWS = {"win": (1, 2, 3, 4), "place": (5,), "show": (6,)}
TICKET_PRICE = 3
"""An Across the Board selection is $150: three fifties."""
PAYOFF_MODES = ("exclusive", "across")


def deal(amount: int, windows: list[int], into: Sequence[int] = tuple(range(WINDOWS))) -> None:
    """Rule D: deal ``amount`` fifty by fifty into ``into``, lowest window first."""
    rounds, extra = divmod(amount, len(into))
    for position, window in enumerate(sorted(into)):
        windows[window] += rounds + (1 if position < extra else 0)


def eligible_horses(group: str, finish: Sequence[int], mode: str) -> tuple[int, ...]:
    """Horses whose tickets share ``group``'s windows.

    ``exclusive`` (default): each group belongs to one finisher. ``across``: a ticket
    on a horse that finished higher also collects below (real racing's across the board).
    """
    position = ("win", "place", "show").index(group)
    return tuple(finish[: position + 1]) if mode == "across" else (finish[position],)


@dataclass
class Settlement:
    """What one race pays: fifties per seat, what carries forward, and why."""

    paid: Counter[int] = field(default_factory=Counter)
    carry: int = 0
    refunded: bool = False
    lines: list[str] = field(default_factory=list)
    payments: list[tuple[int, int, str]] = field(default_factory=list)
    """Each payment as (seat, fifties, why): "refund", "winners circle", "win", "place"
    or "show" (the windows it came from)."""

    def pay(self, paid: Counter[int], why: str) -> None:
        self.paid.update(paid)
        self.payments += [(seat, amount, why) for seat, amount in sorted(paid.items()) if amount]


def split(amount: int, shares: Sequence[int]) -> tuple[Counter[int], int]:
    """Split ``amount`` evenly over ``shares`` (seats, repeated per ticket);
    returns (fifties per seat, odd fifties left over)."""
    paid: Counter[int] = Counter()
    if not shares:
        return paid, amount
    each, odd = divmod(amount, len(shares))
    for seat in shares:
        paid[seat] += each
    return paid, odd


def settle(
    windows: list[int],
    tickets: Sequence[tuple[int, int]],
    finish: Sequence[int],
    owners: Sequence[int],
    mode: str = "exclusive",
) -> Settlement:
    """Pay off a race. ``tickets`` are (seat, horse), one per $150 selection; ``finish``
    is (WIN, PLACE, SHOW); ``owners`` the seats owning the WIN horse. ``windows`` is
    emptied: every fifty is paid out or carried forward."""
    out = Settlement()
    backed = Counter(horse for _, horse in tickets)
    if not any(backed[h] for h in finish):
        # No investor on any of the three: the race is disqualified and bets refunded.
        out.refunded = True
        refunds = [seat for seat, _ in tickets]
        out.pay(Counter({seat: TICKET_PRICE * refunds.count(seat) for seat in refunds}), "refund")
        out.carry = sum(windows) - TICKET_PRICE * len(refunds)
        out.lines.append("no investors on WIN, PLACE or SHOW: race disqualified, bets refunded")
        windows[:] = [0] * WINDOWS
        return out
    holders = {
        group: [seat for seat, horse in tickets if horse in eligible_horses(group, finish, mode)]
        for group in GROUP_WINDOWS
    }
    # Rules A-C: windows nobody can collect are dealt into those that will pay off.
    payable = [OWNER_WINDOW]
    unpaid = 0
    for group, group_windows in GROUP_WINDOWS.items():
        if holders[group]:
            payable.extend(group_windows)
        else:
            unpaid += sum(windows[w] for w in group_windows)
            for w in group_windows:
                windows[w] = 0
            out.lines.append(
                f"no {group.upper()} investors: windows {_names(group_windows)} re-dealt"
            )
    deal(unpaid, windows, payable)
    paid, odd = split(windows[OWNER_WINDOW], owners)
    out.pay(paid, "winners circle")
    out.carry += odd
    out.lines.append(f"Winners Circle: {windows[OWNER_WINDOW]} to the owner of #{finish[0]}")
    for group, group_windows in GROUP_WINDOWS.items():
        if holders[group]:
            pool = sum(windows[w] for w in group_windows)
            paid, odd = split(pool, holders[group])
            out.pay(paid, group)
            out.carry += odd
            each = pool // len(holders[group])
            out.lines.append(
                f"{group.upper()}: {pool} over {len(holders[group])} ticket(s), {each} each"
            )
    windows[:] = [0] * WINDOWS
    return out


def _names(group_windows: Sequence[int]) -> str:
    return ", ".join(f"#{w + 1}" for w in group_windows)
