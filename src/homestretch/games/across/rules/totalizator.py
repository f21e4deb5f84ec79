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

from homestretch.core.protocol import JSON

WINDOWS = 7
OWNER_WINDOW = 0
GROUP_WINDOWS = {"win": (1, 2, 3, 4), "place": (5,), "show": (6,)}
TICKET_PRICE = 3
"""An Across the Board selection is $150: three fifties."""
PAYOFF_MODES = ("exclusive", "across")
RULES = {"win": "A", "place": "B", "show": "C"}
"""The rulebook's name for re-dealing each group's windows when nobody can collect them."""
WINDOW_TITLES = ("Winners Circle", "WIN", "WIN", "WIN", "WIN", "PLACE", "SHOW")


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
    """Announcements for the table's news (the steps carry the rest as notices)."""
    payments: list[tuple[int, int, str]] = field(default_factory=list)
    """Each payment as (seat, fifties, why): "refund", "winners circle", "win", "place"
    or "show" (the windows it came from)."""
    steps: list[JSON] = field(default_factory=list)
    """The Totemaster's public acts, in order, for the surfaces to show: a "redeal"
    (rules A-C: windows nobody can collect dealt into those that pay) and each
    "window_payoff" (a window group's pool, its tickets, the share each, the odd)."""

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
        out.steps.append({"step": "refund", "tickets": len(refunds), "carried": out.carry})
        windows[:] = [0] * WINDOWS
        return out
    holders = {
        group: [seat for seat, horse in tickets if horse in eligible_horses(group, finish, mode)]
        for group in GROUP_WINDOWS
    }
    _redeal(out, windows, holders, finish)
    pool = windows[OWNER_WINDOW]
    paid, odd = split(pool, owners)
    out.pay(paid, "winners circle")
    out.carry += odd
    out.steps.append(_payoff("winners circle", (OWNER_WINDOW,), finish[0], pool, owners, odd))
    for position, (group, group_windows) in enumerate(GROUP_WINDOWS.items()):
        if holders[group]:
            pool = sum(windows[w] for w in group_windows)
            paid, odd = split(pool, holders[group])
            out.pay(paid, group)
            out.carry += odd
            out.steps.append(
                _payoff(group, group_windows, finish[position], pool, holders[group], odd)
            )
    windows[:] = [0] * WINDOWS
    return out


def _redeal(
    out: Settlement, windows: list[int], holders: dict[str, list[int]], finish: Sequence[int]
) -> None:
    """Rules A-C: windows nobody can collect are dealt into those that will pay off."""
    payable = [OWNER_WINDOW]
    emptied: list[int] = []
    unpaid = 0
    for group, group_windows in GROUP_WINDOWS.items():
        if holders[group]:
            payable.extend(group_windows)
            continue
        unpaid += sum(windows[w] for w in group_windows)
        for w in group_windows:
            windows[w] = 0
        emptied += group_windows
    if not emptied:
        return
    deal(unpaid, windows, payable)
    unbacked = [g for g in GROUP_WINDOWS if not holders[g]]
    out.steps.append(
        {
            "step": "redeal",
            "rules": [RULES[g] for g in unbacked],
            "unbacked": {g: finish[("win", "place", "show").index(g)] for g in unbacked},
            "emptied": [w + 1 for w in emptied],
            "amount": unpaid,
            "into": [w + 1 for w in sorted(payable)],
            "windows": list(windows),
        }
    )


def _payoff(
    group: str, group_windows: Sequence[int], horse: int, pool: int, seats: Sequence[int], odd: int
) -> JSON:
    return {
        "step": "window_payoff",
        "group": group,
        "windows": [w + 1 for w in group_windows],
        "horse": horse,
        "pool": pool,
        "shares": len(seats),
        "each": pool // len(seats) if seats else 0,
        "seats": sorted(set(seats)),
        "odd": odd,
    }
