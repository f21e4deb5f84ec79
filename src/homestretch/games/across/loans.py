"""Loans from the 8th-race WIN bin (the rulebook's Loans section).

A player may borrow on a horse he owns, up to its title card's opening bid, while the
bin holds the money; the horse is "in hock" but still races and earns. Before the 7th
race each loan is repaid with one fifty interest, or the horse is auctioned and the bin
repaid from the proceeds, the rest going to the former owner (R13-R15).
"""

from __future__ import annotations

INTEREST = 1
"""$50 interest per horse in hock."""


def limit(opening_bid: int, bin_fifties: int) -> int:
    """The most the bin lends on one horse now."""
    return max(0, min(opening_bid, bin_fifties))


def repayment(principal: int) -> int:
    return principal + INTEREST


def hock_sale_proceeds(price: int, principal: int) -> tuple[int, int]:
    """Split a forced sale's price: (to the WIN bin, to the former owner). The bin takes
    what it is owed, loan and interest, or all the price if that is less."""
    to_bin = min(price, repayment(principal))
    return to_bin, price - to_bin
