"""The auction: the Auctioneer sells all eleven horses, one lot at a time.

Bidding goes round the table from the Auctioneer's neighbour in the direction of play.
Each player in turn raises or passes; a pass is final for that lot, so every lot ends.
The first bid is at least the title card's opening bid; if nobody will pay it the price
falls a fifty at a time, and at one fifty the Auctioneer must take the horse (R2).
Receipts are dealt fifty by fifty into the five auction-receipt bins (R3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules import betting, dealings, loans
from homestretch.games.across.rules.actions import NOBODY, Bid, Pass
from homestretch.games.across.rules.phases import AUCTION, OFFER
from homestretch.games.across.rules.words import PAGE_TEMPLATES, fifties

if TYPE_CHECKING:
    from homestretch.games.across.rules.state import AcrossState

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
        return PAGE_TEMPLATES["bid_at_least"].format(fifties=fifties(lot.min_bid))
    members = (seat,) if bid.partner == NOBODY else (seat, bid.partner)
    if bid.partner != NOBODY:
        if not syndicates:
            return "syndicates need at least six players (no more than a third of the table)"
        if not 0 <= bid.partner < len(cash) or bid.partner == seat:
            return f"there is no other player {bid.partner + 1}"  # seats said from 1
        if bid.partner in lot.excluded:
            return f"player {bid.partner + 1} may not bid for this horse"
        if bid.partner in lot.out:
            return f"player {bid.partner + 1} has passed on this horse"
        if bid.partner in lot.bidders:
            return f"player {bid.partner + 1} already holds the high bid"
        if seat in lot.proposed:
            return "you have already proposed a syndicate for this horse"
    for member, pay in shares(bid.amount, members).items():
        if cash[member] < pay:
            who = "you have" if member == seat else f"player {member + 1} has"
            return short_of(who, cash[member], pay)
    return None


def short_of(who: str, cash: int, pay: int | str) -> str:
    """A bid above a bidder's fifties, refused: "you have 12 fifties, not 15" (the page's
    bid box is given it with ``{amount}`` for ``pay``, the amount typed)."""
    return f"{who} {fifties(cash)}, not {pay}"


def can_bid(lot: Lot, seat: int, cash: list[int], syndicates: bool) -> bool:
    """Whether ``seat`` has any bid at all (checked before building the menu)."""
    if cash[seat] >= lot.min_bid:
        return True
    return bool(syndicates and bid_options(lot, seat, cash, syndicates))


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


# --- the auction in play --------------------------------------------------------------
def syndicates(state: AcrossState) -> bool:
    return state.g.syndicate_size >= 2


def menu(state: AcrossState, seat: int) -> list[Action]:
    assert state.lot is not None
    bids: list[Action] = list(bid_options(state.lot, seat, state.cash, syndicates(state)))
    return [*bids, Pass(), *loans.menu(state, seat)]


def why_illegal(state: AcrossState, seat: int, action: Action) -> str | None:
    assert state.lot is not None
    if isinstance(action, Pass):
        return None
    if isinstance(action, Bid):
        return why_bid_illegal(state.lot, seat, action, state.cash, syndicates(state))
    return "bid, pass, or borrow on a horse you own"


def start(state: AcrossState, lots: list[tuple[int, int]] | None = None) -> None:
    """Put ``lots`` (horse, former owner) on the block; all eleven by default."""
    state.lots = lots if lots is not None else [(h, NOBODY) for h in HORSES]
    next_lot(state)


def next_lot(state: AcrossState) -> None:
    if not state.lots:
        state.lot = None
        betting.open_window(state, state.race_no + 1)
        return
    horse, former = state.lots.pop(0)
    card = state.g.content.cards[horse]
    first = state.neighbour(state.auctioneer)
    excluded = frozenset() if former == NOBODY else frozenset({former})
    state.lot = Lot(horse, card.opening_bid, first, excluded=excluded, former_owner=former)
    state.phase = AUCTION
    state.say(
        f"On the block: #{horse} {card.name} (by {card.sire} out of {card.dam}), "
        f"opening bid {card.opening_bid}"
    )
    find_bidder(state, first)


def find_bidder(state: AcrossState, seat: int) -> None:
    """Give the turn to the next seat from ``seat`` that may and can bid; with nobody
    left, the lot is sold or its price falls a fifty and the round starts again (R2)."""
    lot = state.lot
    assert lot is not None
    while True:
        for k in range(state.g.players):
            candidate = state.neighbour(seat, k)
            if not lot.may_bid(candidate):
                continue
            if can_bid(lot, candidate, state.cash, syndicates(state)):
                lot.turn = candidate
                return
            lot.out.add(candidate)
        if lot.bidders or lot.asking <= 1:
            close_lot(state)
            return
        lot.asking -= 1
        lot.out = set()  # anyone may bid the lower price; a proposal stays made (R8)
        state.say(f"No bid for #{lot.horse}: the asking price drops to {lot.asking}")
        seat = state.neighbour(state.auctioneer)


def close_lot(state: AcrossState) -> None:
    lot = state.lot
    assert lot is not None
    if lot.bidders:
        sell(state, lot.bidders, lot.high)
    else:
        buyer = state.auctioneer
        while buyer in lot.excluded:
            buyer = state.neighbour(buyer)
        state.say(f"No bid at 1 fifty: #{lot.horse} is knocked down to {state.name(buyer)}")
        sell(state, (buyer,), min(1, state.cash[buyer]))


def pass_lot(state: AcrossState, seat: int) -> None:
    assert state.lot is not None
    state.lot.out.add(seat)
    find_bidder(state, state.neighbour(seat))


def bid(state: AcrossState, seat: int, action: Bid) -> None:
    lot = state.lot
    assert lot is not None
    if action.partner == NOBODY:
        place_bid(state, (seat,), action.amount)
        return
    lot.proposed.add(seat)
    state.offer = dealings.Offer(
        "syndicate", seat, action.partner, action.amount, lot.horse, AUCTION
    )
    state.phase = OFFER
    state.say(
        f"{state.name(seat)} asks {state.name(action.partner)} to bid {action.amount} "
        f"for #{lot.horse} as a syndicate"
    )


def place_bid(state: AcrossState, members: tuple[int, ...], amount: int) -> None:
    lot = state.lot
    assert lot is not None
    lot.high, lot.bidders = amount, members
    if members == (state.auctioneer,):
        state.say(f"Auctioneer's bid is {fifties(amount)}")
    elif state.auctioneer in members:
        partner = next(s for s in members if s != state.auctioneer)
        state.say(f"Auctioneer's bid is {fifties(amount)}, with {state.name(partner)}")
    else:
        who = " and ".join(state.name(s) for s in members)
        bid = "bid" if len(members) > 1 else "bids"
        state.say(f"{who} {bid} {fifties(amount)} for #{lot.horse}")
    find_bidder(state, state.neighbour(members[0]))


def sell(state: AcrossState, members: tuple[int, ...], price: int) -> None:
    lot = state.lot
    assert lot is not None
    paying = shares(price, members)
    for seat, pay in paying.items():
        state.cash[seat] -= pay
    before = dict(state.bins)
    sale: dict[str, object] = {"horse": lot.horse, "buyers": list(members), "price": price}
    if lot.former_owner != NOBODY:
        principal = state.hock.pop(lot.horse)
        to_bin, to_owner = loans.hock_sale_proceeds(price, principal)
        state.bins["win8"] += to_bin
        state.cash[lot.former_owner] += to_owner
        sale |= {"former_owner": lot.former_owner, "owed": loans.repayment(principal)}
        sale |= {"to_bin": to_bin, "to_owner": to_owner}
    else:
        state.bin_pointer = deal_receipts(price, state.bins, state.bin_pointer)
    sale["bins"] = {b: state.bins[b] - before[b] for b in BINS if state.bins[b] != before[b]}
    sale["paid"] = {str(s): p for s, p in paying.items()}
    state.owners[lot.horse] = members
    who = " and ".join(state.name(s) for s in members)
    state.say(f"#{lot.horse} sold to {who} for {fifties(price)}")
    state.tell("sale", **sale)
    next_lot(state)
