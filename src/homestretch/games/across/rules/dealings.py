"""Dealings between players (the rulebook's "No Restrictions" and syndicates).

A player may offer a horse for sale, offer to buy another's horse, or offer a loan, at
any time the game waits on a player: in the auction, between races and in the race (a
horse changes hands only outside a race). The offer waits for the other player's yes or
no without holding up play: whoever must act next still may, and the player the offer is
put to answers it before his own next move (ruling R16). One offer per player per race
keeps the dealings from crowding out the game. A syndicate bid in the auction is an
offer too, but one the auction waits on (R8).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeGuard

from homestretch.core.actions import Action
from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules import auction, rings
from homestretch.games.across.rules.actions import (
    OfferHorse,
    OfferLoan,
    OfferLoanTerms,
    OfferRing,
    OfferToBuy,
    PayBack,
)
from homestretch.games.across.rules.phases import AUCTION, BETTING, OFFER, RACE
from homestretch.games.across.rules.words import PAGE_TEMPLATES, fifties

if TYPE_CHECKING:
    from homestretch.core.protocol import JSON
    from homestretch.games.across.rules.state import AcrossState

MENU_LOAN = 5
"""The loan offered in the menu (any amount can be typed)."""
OPEN_IN = (AUCTION, BETTING, RACE)
"""Dealings are made while the game waits on a player: not while a syndicate's partner
is asked (the auction waits on him alone), the track is chosen, or after the game."""
HORSES_CHANGE_HANDS_IN = (AUCTION, BETTING)
PAY_RANGE = "you can pay 1 to {most} fifties"
OFFER_RANGE = "you can offer 0 to {most} fifties"
LEND_RANGE = "you can lend 1 to {most} fifties"
PRICE_RANGE = "the price must be 0 to {most} (the buyer's fifties)"
REPAY_LEAST = "the borrower must owe at least what is lent"
"""What ``why_illegal`` says of an amount outside what the rules take (``most`` the
fifties that bound it), and what the page's amount boxes say before sending (``amounts``)."""


@dataclass(frozen=True)
class Offer:
    """A deal put to one player, who answers yes or no."""

    kind: str  # "syndicate", "horse" (a sale), "buy" (an offer to buy), "loan" or "ring"
    frm: int
    to: int
    amount: int
    horse: int = 0
    resume: str = BETTING
    repay: int = 0
    """For a loan: what the borrower will owe (the amount, unless terms were agreed)."""
    tickets: int = 0
    """For a ring: its tickets on ``horse`` (``amount`` is the partner's stake)."""

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "from": self.frm,
            "to": self.to,
            "amount": self.amount,
            "horse": self.horse,
            "repay": self.repay,
            "tickets": self.tickets,
        }

    def notice(self) -> dict[str, object]:
        """The offer for a notice to the whole table (a notice's ``to`` is its reader:
        the player asked is ``asked``)."""
        data = self.to_json()
        data["asked"] = data.pop("to")
        return data


Dealing = OfferHorse | OfferLoan | OfferLoanTerms | OfferToBuy | OfferRing | PayBack
BEFORE_THE_RACE = ("horse", "buy", "ring")
"""Offers about a race's horses or bets: answered before its windows close, or lapsed."""


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
        if state.phase == BETTING and cash >= 2:  # a ticket shared 2 + 1 (any split typed)
            options += [
                OfferRing(h, 1, b, 1)
                for h in HORSES
                for b in range(state.g.players)
                if b != seat and state.cash[b] >= 1
            ]
    for (borrower, lender), owed in sorted(state.debts.items()):
        if borrower == seat and owed > 0 and cash > 0:
            options.append(PayBack(lender, min(owed, cash)))
    return options


def is_dealing(action: Action) -> TypeGuard[Dealing]:
    return isinstance(
        action, OfferHorse | OfferLoan | OfferLoanTerms | OfferToBuy | OfferRing | PayBack
    )


def answerable(state: AcrossState, offer: Offer) -> bool:
    """An offer can be answered now: loans whenever dealings are open, a horse outside
    a race."""
    if offer.kind == "ring":
        return state.phase == BETTING
    if offer.kind in ("horse", "buy"):
        return state.phase in HORSES_CHANGE_HANDS_IN
    return state.phase in OPEN_IN


def pending_to(state: AcrossState, seat: int) -> Offer | None:
    """The first offer waiting for ``seat``'s answer that can be answered now."""
    return next((o for o in state.offers if o.to == seat and answerable(state, o)), None)


def answering(state: AcrossState) -> list[int]:
    """The seats with an offer to answer now, in the order the offers were made."""
    seats: list[int] = []
    for offer in state.offers:
        if answerable(state, offer) and offer.to not in seats:
            seats.append(offer.to)
    return seats


def why_illegal(state: AcrossState, seat: int, action: Dealing) -> str | None:
    """Whether ``seat`` may make this dealing now, in turn or not."""
    if state.phase not in OPEN_IN:
        return "dealings are made in the auction, between races and in the race"
    cash = state.cash[seat]
    if isinstance(action, PayBack):
        if state.debts.get((seat, action.lender), 0) <= 0:
            return f"you owe nothing to {state.name(action.lender)}"
        return None if 1 <= action.amount <= cash else PAY_RANGE.format(most=cash)
    if seat in state.offered:
        return "one offer per player per race, so play is not held up"
    if isinstance(action, OfferRing):
        return rings.why_illegal(state, seat, action)
    if isinstance(action, OfferHorse | OfferToBuy) and state.phase == RACE:
        return "horses change hands between races, not while one is run"
    if isinstance(action, OfferToBuy):
        if action.horse not in state.owners:
            return f"#{action.horse} has no owner yet"
        if action.horse not in buyable(state, seat):
            return f"#{action.horse} is yours already, or in hock"
        return None if 0 <= action.price <= cash else OFFER_RANGE.format(most=cash)
    other = action.buyer if isinstance(action, OfferHorse) else action.borrower
    if not 0 <= other < state.g.players or other == seat:
        return f"there is no other player {other + 1}"  # seats said from 1
    if isinstance(action, OfferLoan | OfferLoanTerms):
        if not 1 <= action.amount <= cash:
            return LEND_RANGE.format(most=cash)
        if isinstance(action, OfferLoanTerms) and action.repay < action.amount:
            return REPAY_LEAST
        return None
    if action.horse not in sellable(state, seat):
        return f"#{action.horse} is not yours to sell (or is in hock)"
    if action.buyer in state.owners[action.horse]:
        return f"{state.name(action.buyer)} already owns part of #{action.horse}"
    if not 0 <= action.price <= state.cash[action.buyer]:
        return PRICE_RANGE.format(most=state.cash[action.buyer])
    return None


def amounts(state: AcrossState, seat: int) -> JSON:
    """What ``seat``'s amount boxes on the page may hold now, as the rules bound them,
    and what the rules say of an amount outside that (the words ``why_illegal`` and the
    auction refuse it with), so the page says them before sending: per box its
    ``least``, ``most``, ``below`` (said of less than the least) and ``above`` (of more
    than the most; the bid's has ``{amount}`` for the amount typed). ``sell`` is one a
    buyer, by seat (the price is bounded by the buyer's fifties); ``ring_stake`` one a
    ring's tickets, from 1 (the partner's stake is bounded by the tickets' price and what
    the proposer can pay of it); ``repay`` (what a loan's borrower is to owe) has no
    bounds of its own, only ``below``: its least is the amount lent, typed beside it;
    ``bid`` only while a horse is on the block."""
    cash = state.cash[seat]

    def span(least: int, most: int, words: str) -> JSON:
        said = words.format(most=most)
        return {"least": least, "most": most, "below": said, "above": said}

    def stake(tickets: int) -> JSON:
        least, most, below = rings.stake_bounds(cash, tickets)
        above = rings.STAKE_RANGE.format(most=most, total=most + 1)
        return {"least": least, "most": most, "below": below, "above": above}

    boxes: dict[str, Any] = {
        "payback": span(1, cash, PAY_RANGE),
        "buy": span(0, cash, OFFER_RANGE),
        "lend": span(1, cash, LEND_RANGE),
        "sell": [span(0, state.cash[buyer], PRICE_RANGE) for buyer in range(state.g.players)],
        "ring_tickets": span(1, rings.MOST_TICKETS, rings.TICKETS_RANGE),
        "ring_stake": [stake(tickets) for tickets in range(1, rings.MOST_TICKETS + 1)],
        "repay": {"below": REPAY_LEAST},
    }
    if state.phase in (AUCTION, OFFER) and state.lot is not None:
        least = state.lot.min_bid
        boxes["bid"] = {
            "least": least,
            "most": cash,
            "below": PAGE_TEMPLATES["bid_at_least"].format(fifties=fifties(least)),
            "above": auction.short_of("you have", cash, "{amount}"),
        }
    return boxes


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
    if isinstance(action, OfferRing):
        h, k = action.horse, action.tickets
        offer = Offer("ring", seat, action.partner, action.stake, h, tickets=k)
        state.say(
            f"{state.name(seat)} asks {state.name(action.partner)} into a ring: {k} "
            f"{'ticket' if k == 1 else 'tickets'} on #{h}, {state.name(action.partner)} "
            f"putting in {action.stake} of the {3 * k} fifties"
        )
    elif isinstance(action, OfferHorse):
        offer = Offer("horse", seat, action.buyer, action.price, action.horse)
        state.say(
            f"{state.name(seat)} offers #{action.horse} to {state.name(action.buyer)} "
            f"for {fifties(action.price)}"
        )
    elif isinstance(action, OfferToBuy):
        owner = state.owners[action.horse][0]
        offer = Offer("buy", seat, owner, action.price, action.horse)
        state.say(
            f"{state.name(seat)} offers {state.name(owner)} {fifties(action.price)} "
            f"for #{action.horse}"
        )
    else:
        repay = action.repay if isinstance(action, OfferLoanTerms) else action.amount
        offer = Offer("loan", seat, action.borrower, action.amount, repay=repay)
        terms = f", to be repaid {repay}" if repay != action.amount else ""
        state.say(
            f"{state.name(seat)} offers to lend {state.name(action.borrower)} "
            f"{fifties(action.amount)}{terms}"
        )
    state.offers.append(offer)
    state.tell("offer", **offer.notice())


def answer(state: AcrossState, seat: int, accept: bool) -> None:
    """``seat``'s yes or no: to the syndicate bid the auction waits on, else to the
    first offer waiting for him."""
    if state.phase == OFFER:
        answer_syndicate(state, accept)
        return
    offer = pending_to(state, seat)
    assert offer is not None
    state.offers.remove(offer)
    state.answered[len(state.events) - 1] = offer.to_json()
    void = why_void(state, offer) if accept else None
    if void is None:
        state.say(f"{state.name(offer.to)} {'accepts' if accept else 'declines'}")
    else:
        state.say(f"{state.name(offer.to)} accepts, but the deal is off: {void}")
    state.tell(
        "dealing",
        kind=offer.kind,
        frm=offer.frm,
        asked=offer.to,  # not ``to``: that would make the notice his alone
        amount=offer.amount,
        horse=offer.horse,
        repay=offer.repay,
        accepted=accept and void is None,
        **({"void": void} if void else {}),
    )
    if accept and void is None:
        carry_out(state, offer)


def answer_syndicate(state: AcrossState, accept: bool) -> None:
    offer = state.offer
    assert offer is not None
    state.answered[len(state.events) - 1] = offer.to_json()
    state.offer, state.phase = None, offer.resume
    state.say(f"{state.name(offer.to)} {'accepts' if accept else 'declines'}")
    if accept:
        auction.place_bid(state, (offer.frm, offer.to), offer.amount)
    else:
        auction.find_bidder(state, offer.frm)


def why_void(state: AcrossState, offer: Offer) -> str | None:
    """Why an offer accepted now can no longer be carried out (play went on while it
    waited), or None."""
    if offer.kind == "ring":
        return rings.why_void(state, offer)
    if offer.kind == "loan":
        have = state.cash[offer.frm]
        return None if have >= offer.amount else f"{state.name(offer.frm)} has only {have}"
    seller, buyer = (offer.frm, offer.to) if offer.kind == "horse" else (offer.to, offer.frm)
    owners = state.owners.get(offer.horse, ())
    if not owners or owners[0] != seller or buyer in owners:
        return f"#{offer.horse} is no longer {state.name(seller)}'s to sell"
    if offer.horse in state.hock:
        return f"#{offer.horse} is in hock"
    if state.cash[buyer] < offer.amount:
        return f"{state.name(buyer)} has only {state.cash[buyer]}"
    return None


def lapse_horse_offers(state: AcrossState) -> None:
    """When the windows close the horses are racing: unanswered offers of horses and
    rings lapse."""
    for offer in [o for o in state.offers if o.kind in BEFORE_THE_RACE]:
        state.offers.remove(offer)
        state.tell("offer_lapsed", **offer.notice(), why="the windows closed")


def carry_out(state: AcrossState, offer: Offer) -> None:
    if offer.kind == "ring":
        rings.form(state, offer)
    elif offer.kind in ("horse", "buy"):
        buyer = offer.to if offer.kind == "horse" else offer.frm
        state.cash[buyer] -= offer.amount
        for seat, share in auction.shares(offer.amount, state.owners[offer.horse]).items():
            state.cash[seat] += share
        state.owners[offer.horse] = (buyer,)
    else:
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
