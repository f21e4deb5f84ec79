"""The players' tote: Win, Place and Show pools made of the players' own stakes, paid
out pari-mutuel after the race (ruling S19 in docs/rulings.md); at a table of one
bettor ``house_settle`` pays page 15's prices instead (ruling S29).

The rulebook prices its payoffs from each horse's odds (pages 13-15); at a table of
players the money is theirs, so each pool is shared among its winning tickets instead,
as a racetrack's tote shares it. Amounts are in cents; stakes are whole dollars.

A pool pays ``PAYING[pool]`` places. What is left after the takeout, less the stakes
returned on every winning ticket, is the profit; it is cut into one equal share per
paying place, and horses that dead-heat over places share those places' shares
equally. A place whose horse nobody backed gives its share to the other paying horses
in proportion. Each winning horse's price per dollar is broken down to the breakage
step (a dime by default) and never below the dollar staked; the takeout and the
breakage are kept by the tote. A pool in which nobody holds a paying ticket is given
back, every ticket its stake.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

POOLS = ("win", "place", "show")
PAYING = {"win": 1, "place": 2, "show": 3}
"""How many finishing places each pool pays."""


@dataclass(frozen=True)
class Ticket:
    seat: int
    pool: str
    post: int
    dollars: int


@dataclass
class PoolResult:
    """One pool's settlement, for the tote board and the players' returns."""

    pool: str
    total: int
    """Cents staked."""
    kept: int = 0
    """Cents the tote kept: takeout plus breakage."""
    refunded: bool = False
    prices: dict[int, int] = field(default_factory=dict)
    """Cents paid for a $2 ticket, by the post of each paying horse that was backed."""
    paid: Counter[int] = field(default_factory=Counter)
    """Cents returned to each seat from this pool."""


def paying_shares(order: Sequence[Sequence[int]], places: int) -> dict[int, Fraction]:
    """Each paying horse's share of the profit, by post: one share per paying place,
    the places a dead heat covers shared equally by the horses in it. ``order``: the
    official order, groups of posts (a group of several is a dead heat)."""
    shares: dict[int, Fraction] = {}
    first = 1
    for group in order:
        last = first + len(group) - 1
        covered = max(0, min(places, last) - first + 1)
        for post in group:
            if covered:
                shares[post] = Fraction(covered, len(group))
        first = last + 1
    return shares


def settle_pool(
    pool: str,
    tickets: Sequence[Ticket],
    order: Sequence[Sequence[int]],
    takeout_percent: int,
    breakage_cents: int,
) -> PoolResult:
    mine = [t for t in tickets if t.pool == pool]
    total = 100 * sum(t.dollars for t in mine)
    result = PoolResult(pool, total)
    if not mine:
        return result
    staked: Counter[int] = Counter()
    for ticket in mine:
        staked[ticket.post] += 100 * ticket.dollars
    shares = {
        post: share for post, share in paying_shares(order, PAYING[pool]).items() if staked[post]
    }
    if not shares:
        result.refunded = True
        for ticket in mine:
            result.paid[ticket.seat] += 100 * ticket.dollars
        return result
    returned = sum(staked[post] for post in shares)
    net = max(total - total * takeout_percent // 100, returned)  # a stake always comes back
    profit = net - returned
    whole = sum(shares.values())
    for post, share in shares.items():
        per_dollar = Fraction(staked[post] + profit * share / whole, staked[post] // 100)
        broken = int(per_dollar // breakage_cents) * breakage_cents
        result.prices[post] = 2 * max(broken, 100)
    for ticket in mine:
        if ticket.post in result.prices:
            result.paid[ticket.seat] += ticket.dollars * result.prices[ticket.post] // 2
    result.kept = total - sum(result.paid.values())
    return result


def settle(
    tickets: Sequence[Ticket],
    order: Sequence[Sequence[int]],
    takeout_percent: int = 0,
    breakage_cents: int = 10,
) -> list[PoolResult]:
    """Every pool settled on the official ``order`` (groups of posts)."""
    return [settle_pool(p, tickets, order, takeout_percent, breakage_cents) for p in POOLS]


def probable_win_price(
    tickets: Sequence[Ticket], post: int, takeout_percent: int
) -> Fraction | None:
    """The tote board's odds to win on ``post`` if the race were run now (profit per
    dollar, before breakage), exact; None while nobody has backed it."""
    backed = sum(t.dollars for t in tickets if t.pool == "win" and t.post == post)
    total = sum(t.dollars for t in tickets if t.pool == "win")
    if not backed:
        return None
    return max(Fraction(0), Fraction(total * (100 - takeout_percent), 100 * backed) - 1)


def probable_win_odds(tickets: Sequence[Ticket], post: int, takeout_percent: int) -> float | None:
    """``probable_win_price`` as a float."""
    price = probable_win_price(tickets, post, takeout_percent)
    return None if price is None else float(price)


def house_settle(
    tickets: Sequence[Ticket], prices: dict[str, dict[int, int]], stake: Fraction = Fraction(2)
) -> list[PoolResult]:
    """Every pool paid by the house (ruling S29): a ticket on a horse ``prices`` names
    for its pool is paid that price (cents for a ``stake``-dollar ticket: page 15's, as
    the result chart shows them, ruling S10) scaled to its dollars, down to the cent; any
    other ticket's stake goes to the house. ``kept`` is the house's take less what it
    paid out: below 0 when it lost. ``prices`` in a PoolResult are for $2, as the tote's."""
    results = []
    for pool in POOLS:
        mine = [t for t in tickets if t.pool == pool]
        result = PoolResult(pool, 100 * sum(t.dollars for t in mine))
        paying = prices.get(pool, {})
        for ticket in mine:
            if ticket.post in paying:
                result.prices[ticket.post] = int(2 * paying[ticket.post] / stake)
                result.paid[ticket.seat] += int(ticket.dollars * paying[ticket.post] / stake)
        result.kept = result.total - sum(result.paid.values())
        results.append(result)
    return results
