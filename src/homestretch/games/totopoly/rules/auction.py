"""The auction (rulebook: "Auctioneer").

The auctioneer picks up the dummy hand and the rejected cards and offers them one at a
time, without reserve, never showing the lots to come. Bids are in guineas; the buyer
pays the bank a pound for every guinea and hands the auctioneer his commission of one
shilling in the guinea, to the nearest pound. The auctioneer may bid too.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules.actions import Bid, OfferLot, Pass
from homestretch.games.totopoly.rules.deal import value_of
from homestretch.games.totopoly.rules.flow import Flow, amount_box, ask
from homestretch.games.totopoly.rules.money import RUNNING, may_hold, stable_cards
from homestretch.games.totopoly.rules.state import BANK
from homestretch.games.totopoly.rules.words import (
    BID_ABOVE,
    HELD_BACK_UNSEEN,
    NOBODY_MAY_BID,
    PAGE_TEMPLATES,
    guineas,
    held_back,
)

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState

RAISES = (1, 5, 10, 25)


def commission(guineas: int) -> int:
    """One shilling in the guinea, to the nearest pound (ten shillings round up)."""
    return (guineas + 10) // 20


def cost(state: TotopolyState, bidder: int, guineas: int) -> int:
    """What a bid costs its bidder: the auctioneer pays himself no commission."""
    return guineas + (0 if bidder == state.auctioneer else commission(guineas))


def most_bid(state: TotopolyState, bidder: int) -> int:
    """The largest bid ``bidder`` can pay for, commission and all (0: none): the most
    the rules take from him, and his bid box's most on the page."""
    cash = state.cash[bidder]
    most = cash  # a bid costs at least its guineas; the commission only adds
    while most > 0 and cost(state, bidder, most) > cash:
        most -= 1
    return most


def too_dear(state: TotopolyState, bidder: int, amount: int | str) -> str:
    """Why a bid of ``amount`` is more than ``bidder`` may bid (``BID_ABOVE``); "{amount}"
    leaves it for the page to fill in."""
    commission_said = "" if bidder == state.auctioneer else " with the commission"
    return BID_ABOVE.format(
        amount=amount,
        cash=state.cash[bidder],
        commission=commission_said,
        most=most_bid(state, bidder),
    )


def lot_item(state: TotopolyState, card: str) -> str:
    """The lot as a sale item (a horse is checked as a horse for the three-horse rule)."""
    for horse in state.c.horses.values():
        if horse.card == card:
            return f"horse:{horse.number}"
    return card


def run(state: TotopolyState) -> Flow[None]:
    state.phase = "auction"
    auctioneer = state.auctioneer
    assert auctioneer is not None
    for card in state.dummy_unseen + state.dummy_under:
        state.where[card] = "pool"
    state.dummy_unseen, state.dummy_under = [], []
    for card, where in state.where.items():
        if where == "pool":
            state.knows[card].add(auctioneer)
    while True:
        pool = sorted(c for c, w in state.where.items() if w == "pool")
        if not pool:
            break
        chosen = yield from ask(auctioneer, "offer the next lot", [OfferLot(c) for c in pool])
        assert isinstance(chosen, OfferLot)
        yield from sell_lot(state, chosen.card)
    state.lot = None
    if state.face_down:
        state.face_down.clear()
        state.say("the auction is over: every lease card is turned face up")


def sell_lot(state: TotopolyState, card: str) -> Flow[None]:
    """Bidding goes round the table from the auctioneer's left until every player but
    the high bidder has passed since the last bid; the last bid standing buys.

    Ruling T5: by default the bidding is open, a player who passed may come back in
    while the lot is still up; with the rule ``auction = final_pass`` a pass ends his
    bidding on the lot. Either way every auction ends: each bid beats the last by a
    whole guinea and nobody may bid more than he can pay, so there are at most as many
    bids as the richest bidder holds pounds, and at most one pass from each other
    player after the last of them.
    """
    auctioneer = state.auctioneer
    assert auctioneer is not None
    state.where[card], state.lot = "lot", card
    state.high_bid, state.high_bidder = 0, None
    state.tally["lots"] += 1
    item = lot_item(state, card)
    state.say(f"lot: {describe(state, card)} (face value £{value_of(state, card)})")
    final = state.rules["auction"] == "final_pass"
    out: set[int] = set()
    """Players whose bidding on this lot is over (a pass, with ``final_pass``)."""
    quiet: set[int] = set()
    """Players who passed (or could not bid) since the last bid."""
    asked = False
    """Whether anyone was asked to bid (not: nobody at the table may bid for the lot)."""
    seats = state.seats_from(auctioneer + 1)
    for bidder in itertools.cycle(seats):
        if {p for p in seats if p != state.high_bidder} <= quiet | out:
            break
        if bidder == state.high_bidder or bidder in out or bidder in quiet:
            continue
        most = most_bid(state, bidder)
        if not may_hold(state, bidder, item) or most <= state.high_bid:
            (out if final else quiet).add(bidder)
            continue
        options: list[Action] = [Pass()] + [
            Bid(state.high_bid + r) for r in RAISES if state.high_bid + r <= most
        ]
        below = PAGE_TEMPLATES["bid_more_than"].format(guineas=guineas(state.high_bid))

        def check(action: Action, bidder: int = bidder, most: int = most) -> str | None:
            if not isinstance(action, Bid):
                return "bid a number of guineas or pass"
            if action.guineas <= state.high_bid:
                return PAGE_TEMPLATES["bid_more_than"].format(guineas=guineas(state.high_bid))
            if action.guineas > most:
                return too_dear(state, bidder, action.guineas)
            return None

        standing = f"{guineas(state.high_bid)} bid" if state.high_bid else "no bid yet"
        prompt = f"bid for {describe(state, card)} ({standing})"
        # the bid box's bounds on his page: a guinea over the last, and what he can pay
        above = too_dear(state, bidder, "{amount}")
        amounts = {"bid": amount_box(state.high_bid + 1, most, below, above)}
        asked = True
        answer = yield from ask(bidder, prompt, options, check, amounts=amounts)
        if isinstance(answer, Bid):
            state.high_bid, state.high_bidder = answer.guineas, bidder
            quiet = set()
        else:
            (out if final else quiet).add(bidder)
    buyer = state.high_bidder
    if buyer is None:
        # Ruling T6: a lot nobody bids for is withdrawn from the game; one nobody here
        # may bid for is withdrawn at once, and the table is told why
        state.where[card] = "out"
        if asked:
            state.say(f"no bid: {describe(state, card)} is withdrawn")
        else:
            state.say(NOBODY_MAY_BID.format(lot=describe(state, card), why=why_nobody(state, item)))
        return
    price = state.high_bid
    state.transfer_money(buyer, BANK, price, "lot", card=card)
    fee = commission(price) if buyer != auctioneer else 0
    state.transfer_money(buyer, auctioneer, fee, "commission", card=card)
    state.where[card], state.holder[card] = "owned", buyer
    for horse in state.c.horses.values():
        if horse.card == card:
            state.status[horse.number], state.progress[horse.number] = "training", 0
    # "£0 commission" on the auctioneer's own lot read as a commission miscounted (T11)
    paid = f"£{fee} commission" if buyer != auctioneer else "no commission: the auctioneer's own"
    state.say(
        f"{describe(state, card)} sold to {state.name_of(buyer)} for {guineas(price)} "
        f"(£{price} to the bank, {paid})"
    )


def describe(state: TotopolyState, card: str) -> str:
    for horse in state.c.horses.values():
        if horse.card == card:
            return f"No. {horse.number} {horse.name} ({horse.colour})"
    return next(b.name for b in state.c.businesses.values() if b.card == card)


def why_nobody(state: TotopolyState, item: str) -> str:
    """Why no player may bid for the lot ``item`` (``lot_item``), in the rules' words: who
    is held back by which rule when the whole table may see it (the horses or the stable
    that hold him back bought at the auction, face up; his money, once no lease lies face
    down, T41), else only the rules that may hold players back from such a lot: a lease
    kept face down stays hidden (T31), and so does the money while it does."""
    stables = stable_cards(state)
    kind = "horse" if item.startswith("horse:") else "stable" if item in stables else "business"
    other = next((s for s in stables if s != item), None)
    by_reason: dict[str, list[int]] = {}
    seen = True
    for player in range(state.n):
        if may_hold(state, player, item):
            reason = "money"
            seen = seen and (not state.face_down or kind == "business")
        elif kind == "horse":
            reason = "horses"
            horses = state.horses_of(player, RUNNING)
            shown = [h for h in horses if state.visible(state.c.horses[h].card, None)]
            seen = seen and len(shown) >= 3
        else:
            reason = "stables"
            seen = seen and other is not None and state.visible(other, None)
        by_reason.setdefault(reason, []).append(player)
    if not seen:
        return HELD_BACK_UNSEEN[kind]
    other_name = describe(state, other) if other is not None else ""
    return "; ".join(
        held_back(reason, [state.name_of(p) for p in players], other_name)
        for reason, players in sorted(by_reason.items(), key=lambda pair: pair[1][0])
    )
