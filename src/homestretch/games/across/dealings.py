"""Dealings between players (the rulebook's "No Restrictions" and syndicates).

A player may offer a horse for sale or a loan to another player; a syndicate bid needs
the partner's yes. Each is an :class:`Offer` the other player answers. One offer per
player per race keeps the dealings from holding up play (ruling R16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.across import auction
from homestretch.games.across.actions import (
    OfferHorse,
    OfferLoan,
    OfferLoanTerms,
    OfferToBuy,
    PayBack,
)
from homestretch.games.across.phases import BETTING, OFFER

if TYPE_CHECKING:
    from homestretch.games.across.state import AcrossState

MENU_LOAN = 5
"""The loan offered in the menu (any amount can be typed)."""


@dataclass(frozen=True)
class Offer:
    """A deal put to one player, who answers yes or no."""

    kind: str  # "syndicate", "horse" (a sale), "buy" (an offer to buy) or "loan"
    frm: int
    to: int
    amount: int
    horse: int = 0
    resume: str = BETTING
    repay: int = 0
    """For a loan: what the borrower will owe (the amount, unless terms were agreed)."""


Dealing = OfferHorse | OfferLoan | OfferLoanTerms | OfferToBuy | PayBack


def sellable(state: AcrossState, seat: int) -> list[int]:
    """Horses ``seat`` may sell: his own (first-named, for a syndicate), not in hock."""
    return [h for h, o in sorted(state.owners.items()) if o[0] == seat and h not in state.hock]


def buyable(state: AcrossState, seat: int) -> list[int]:
    """Horses ``seat`` may offer to buy: another's, not in hock (R13)."""
    return [h for h, o in sorted(state.owners.items()) if seat not in o and h not in state.hock]


def menu(state: AcrossState, seat: int) -> list[Action]:
    options: list[Action] = []
    cash = state.cash[seat]
    if seat not in state.offered:
        for horse in sellable(state, seat):
            price = state.g.content.cards[horse].opening_bid
            options += [
                OfferHorse(horse, buyer, price)
                for buyer in range(state.g.players)
                if buyer not in state.owners[horse] and state.cash[buyer] >= price
            ]
        options += [
            OfferToBuy(h, state.g.content.cards[h].opening_bid)
            for h in buyable(state, seat)
            if cash >= state.g.content.cards[h].opening_bid
        ]
        if cash >= 1:
            amount = min(MENU_LOAN, cash)
            options += [OfferLoan(b, amount) for b in range(state.g.players) if b != seat]
    for (borrower, lender), owed in sorted(state.debts.items()):
        if borrower == seat and owed > 0 and cash > 0:
            options.append(PayBack(lender, min(owed, cash)))
    return options


def why_illegal(state: AcrossState, seat: int, action: Dealing) -> str | None:
    cash = state.cash[seat]
    if isinstance(action, PayBack):
        if state.debts.get((seat, action.lender), 0) <= 0:
            return f"you owe nothing to player {action.lender}"
        return None if 1 <= action.amount <= cash else f"you can pay 1 to {cash} fifties"
    if seat in state.offered:
        return "one offer per player per race, so play is not held up"
    if isinstance(action, OfferToBuy):
        if action.horse not in state.owners:
            return f"#{action.horse} has no owner yet"
        if action.horse not in buyable(state, seat):
            return f"#{action.horse} is yours already, or in hock"
        return None if 0 <= action.price <= cash else f"you can offer 0 to {cash} fifties"
    other = action.buyer if isinstance(action, OfferHorse) else action.borrower
    if not 0 <= other < state.g.players or other == seat:
        return f"there is no other player {other}"
    if isinstance(action, OfferLoan | OfferLoanTerms):
        if not 1 <= action.amount <= cash:
            return f"you can lend 1 to {cash} fifties"
        if isinstance(action, OfferLoanTerms) and action.repay < action.amount:
            return "the borrower must owe at least what is lent"
        return None
    if action.horse not in sellable(state, seat):
        return f"#{action.horse} is not yours to sell (or is in hock)"
    if action.buyer in state.owners[action.horse]:
        return f"player {action.buyer} already owns part of #{action.horse}"
    if not 0 <= action.price <= state.cash[action.buyer]:
        return f"the price must be 0 to {state.cash[action.buyer]} (the buyer's fifties)"
    return None


def apply(state: AcrossState, seat: int, action: Dealing) -> None:
    if isinstance(action, PayBack):
        state.cash[seat] -= action.amount
        state.cash[action.lender] += action.amount
        key = (seat, action.lender)
        state.debts[key] = max(0, state.debts[key] - action.amount)
        state.say(f"{state.name(seat)} pays {action.amount} to {state.name(action.lender)}")
        state.tell(
            "payback", seat=seat, lender=action.lender, amount=action.amount, owed=state.debts[key]
        )
        return
    state.offered.add(seat)
    state.phase = OFFER
    if isinstance(action, OfferHorse):
        state.offer = Offer("horse", seat, action.buyer, action.price, action.horse)
        state.say(
            f"{state.name(seat)} offers #{action.horse} to {state.name(action.buyer)} "
            f"for {action.price} fifties"
        )
    elif isinstance(action, OfferToBuy):
        owner = state.owners[action.horse][0]
        state.offer = Offer("buy", seat, owner, action.price, action.horse)
        state.say(
            f"{state.name(seat)} offers {state.name(owner)} {action.price} fifties "
            f"for #{action.horse}"
        )
    else:
        repay = action.repay if isinstance(action, OfferLoanTerms) else action.amount
        state.offer = Offer("loan", seat, action.borrower, action.amount, repay=repay)
        terms = f", to be repaid {repay}" if repay != action.amount else ""
        state.say(
            f"{state.name(seat)} offers to lend {action.amount} to "
            f"{state.name(action.borrower)}{terms}"
        )


def answer(state: AcrossState, accept: bool) -> None:
    offer = state.offer
    assert offer is not None
    state.offer, state.phase = None, offer.resume
    state.say(f"{state.name(offer.to)} {'accepts' if accept else 'declines'}")
    if offer.kind != "syndicate":
        state.tell(
            "dealing",
            kind=offer.kind,
            frm=offer.frm,
            to=offer.to,
            amount=offer.amount,
            horse=offer.horse,
            repay=offer.repay,
            accepted=accept,
        )
    if offer.kind == "syndicate":
        if accept:
            auction.place_bid(state, (offer.frm, offer.to), offer.amount)
        else:
            auction.find_bidder(state, offer.frm)
    elif accept and offer.kind in ("horse", "buy"):
        buyer = offer.to if offer.kind == "horse" else offer.frm
        state.cash[buyer] -= offer.amount
        for seat, share in auction.shares(offer.amount, state.owners[offer.horse]).items():
            state.cash[seat] += share
        state.owners[offer.horse] = (buyer,)
    elif accept:
        state.cash[offer.frm] -= offer.amount
        state.cash[offer.to] += offer.amount
        key = (offer.to, offer.frm)
        state.debts[key] = state.debts.get(key, 0) + offer.repay


DEBT_MODES = ("settle", "ignore")
"""At the end (R15): debts between players are netted and paid before the totals, or
left out of them (the earlier reading: only fifties in hand count)."""


def settle_debts(state: AcrossState) -> None:
    """Before "Individual players now total their winnings": each pair's debts are
    netted, then paid from the borrower's fifties, lenders in seat order from the
    borrower's left; what a borrower cannot pay is lost to the lender (R15)."""
    n = state.g.players
    for borrower in range(n):
        for k in range(1, n):
            lender = (borrower + k) % n
            owed = state.debts.get((borrower, lender), 0) - state.debts.get((lender, borrower), 0)
            if owed <= 0:
                continue
            paid = min(owed, state.cash[borrower])
            state.cash[borrower] -= paid
            state.cash[lender] += paid
            state.say(
                f"{state.name(borrower)} settles {paid} of the {owed} owed to {state.name(lender)}"
            )
            state.tell("debt_settled", borrower=borrower, lender=lender, owed=owed, paid=paid)
    state.debts = {}
