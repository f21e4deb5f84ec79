"""The auction: the Auctioneer sells all eleven horses, one lot at a time.

Bidding goes round the table from the Auctioneer's neighbour in the direction of play.
Each player in turn raises or passes; a pass is final for that lot, so every lot ends.
The first bid is at least the title card's opening bid; if nobody will pay it the price
falls a fifty at a time, and at one fifty the Auctioneer must take the horse (R2).
Receipts are dealt fifty by fifty into the five auction-receipt bins (R3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from homestretch.games.across.actions import NOBODY, Bid

BINS = ("race3", "race5", "win8", "place8", "show8")
"""The auction-receipt bins, in the order receipts are dealt into them."""
RAISES = (1, 2, 5)
"""The raises offered in the menu (any amount can be typed)."""


@dataclass
class Lot:
    horse: int
    asking: int
    turn: int
    high: int = 0
    bidders: tuple[int, ...] = ()
    """The seats making the high bid (two for a syndicate), bidder first."""
    out: set[int] = field(default_factory=set)
    excluded: frozenset[int] = frozenset()
    """Seats that may not bid: the former owner of a horse sold for an unpaid loan."""
    proposed: set[int] = field(default_factory=set)
    """Seats that have asked someone into a syndicate on this lot (once each)."""
    former_owner: int = NOBODY

    @property
    def min_bid(self) -> int:
        return self.high + 1 if self.bidders else self.asking

    def may_bid(self, seat: int) -> bool:
        return seat not in self.out and seat not in self.bidders and seat not in self.excluded


def shares(amount: int, members: tuple[int, ...]) -> dict[int, int]:
    """What each syndicate member pays: an even split, the first member paying the odd
    fifty (R9)."""
    each, odd = divmod(amount, len(members))
    return {seat: each + (odd if i == 0 else 0) for i, seat in enumerate(members)}


def why_bid_illegal(lot: Lot, seat: int, bid: Bid, cash: list[int], syndicates: bool) -> str | None:
    if not lot.may_bid(seat):
        return "you are out of the bidding for this horse"
    if bid.amount < lot.min_bid:
        return f"the bid must be at least {lot.min_bid} fifties"
    members = (seat,) if bid.partner == NOBODY else (seat, bid.partner)
    if bid.partner != NOBODY:
        if not syndicates:
            return "syndicates need at least six players (no more than a third of the table)"
        if not 0 <= bid.partner < len(cash) or bid.partner == seat:
            return f"there is no other player {bid.partner}"
        if bid.partner in lot.excluded:
            return f"player {bid.partner} may not bid for this horse"
        if seat in lot.proposed:
            return "you have already proposed a syndicate for this horse"
    for member, pay in shares(bid.amount, members).items():
        if cash[member] < pay:
            return f"player {member} has {cash[member]} fifties, not {pay}"
    return None


def bid_options(lot: Lot, seat: int, cash: list[int], syndicates: bool) -> list[Bid]:
    """The menu: the smallest bid and a few raises, alone or (first amount only) with
    each possible partner."""
    options = []
    for amount in sorted({lot.min_bid + r - 1 for r in RAISES}):
        if cash[seat] >= amount:
            options.append(Bid(amount, NOBODY))
    if syndicates and seat not in lot.proposed:
        for partner in range(len(cash)):
            bid = Bid(lot.min_bid, partner)
            if partner != seat and why_bid_illegal(lot, seat, bid, cash, syndicates) is None:
                options.append(bid)
    return options


def deal_receipts(amount: int, bins: dict[str, int], pointer: int) -> int:
    """Deal ``amount`` into the bins fifty by fifty from ``pointer``; returns the bin
    the next fifty goes to, so the deal carries on with the next sale."""
    for _ in range(amount % len(BINS)):
        bins[BINS[pointer]] += 1
        pointer = (pointer + 1) % len(BINS)
    for name in BINS:
        bins[name] += amount // len(BINS)
    return pointer
