"""Paying, and raising money by private sale (rulebook: "Borrowing").

No borrowing is allowed: a player who cannot meet a payment must sell one of his
horses or businesses (or a kept card such as "unbreakable reins") to another player at
the best offer obtainable, until he can pay.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.content.loader import COLOURS
from homestretch.games.totopoly.rules.actions import Accept, Done, Offer, Sell
from homestretch.games.totopoly.rules.flow import Flow, amount_box, ask
from homestretch.games.totopoly.rules.words import OFFER_RANGE

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState

OFFER_STEPS = (5, 10, 25, 50, 100, 200)
RUNNING = ("training", "home", "running", "fallen", "finished")


def pay(
    state: TotopolyState, payer: int, payee: int | None, amount: int, why: str, text: str
) -> Flow[int]:
    """``payer`` pays ``amount`` to a player, BANK, or None (an unowned business);
    ``why`` is the notice's code ("trainer", "square", ...), ``text`` the reason in words.
    Returns the pounds waived (0: paid in full, or nothing was due).

    Nobody pays himself; a fee due to a business nobody holds is not paid (ruling T12).
    A player short of cash must sell; if nothing will sell he pays what he has and the
    rest is waived (ruling T13), since the rules allow no borrowing and no other way out.
    """
    if amount <= 0:
        return 0
    if payee is None or payee == payer:
        # a square that says "pay" followed by nothing read as a payment forgotten
        name = state.name_of(payer)
        to = f"would go to {name}" if payee == payer else "is for a business nobody leased"
        state.say(f"{name} pays nothing: the £{amount} {to}")
        return 0
    if state.cash[payer] < amount:
        yield from raise_money(state, payer, amount)
    paid = min(amount, state.cash[payer])
    state.transfer_money(payer, payee, paid, why, text=text, waived=amount - paid)
    payer_name = state.name_of(payer)
    short = f" (all {payer_name} had: £{amount - paid} waived)" if paid < amount else ""
    # the news said the instruction just before ("No. 9 on square 24: Stewards' fine
    # ...: pay £10 to the bank", or a report's, or what is owed before a forced sale):
    # the payment says who paid whom, not the instruction again (the notice keeps why)
    state.say(f"{payer_name} pays £{paid} to {state.name_of(payee)}{short}")
    return amount - paid


def horse_count(state: TotopolyState, player: int) -> int:
    return len(state.horses_of(player, RUNNING))


def may_hold(state: TotopolyState, buyer: int, item: str) -> bool:
    """Discarding rules 1 and 2: never both stables, never more than three horses."""
    if item.startswith("horse:"):
        return horse_count(state, buyer) < 3
    stables = stable_cards(state)
    if item in stables:
        return all(state.owner(other) != buyer for other in stables if other != item)
    return True


def stable_cards(state: TotopolyState) -> tuple[str, ...]:
    """The two training stables' lease cards, found by role: a content folder may give a
    business any id (docs/totopoly.md)."""
    return tuple(b.card for b in state.c.businesses.values() if b.role in ("walroy", "stevedon"))


def may_hold_card(state: TotopolyState, player: int, card: str, extra: list[str]) -> bool:
    """Whether ``player``'s cards plus ``card`` keep the discarding rules (cards in hand)."""
    horses = state.c.horses
    stables = set(stable_cards(state))
    cards = [*extra, card]
    if card in stables and len(stables & set(cards)) > 1:
        return False
    if card.startswith("lease:horse-"):
        held = [h for h in horses.values() if h.card in cards]
        return len(held) + horse_count(state, player) <= 3
    return True


def sellable(state: TotopolyState, player: int) -> list[str]:
    """What ``player`` may sell when he cannot pay: horses not yet raced, businesses,
    kept cards, and one at a time his advantage colour cards (ruling T20)."""
    items = [f"horse:{h}" for h in state.horses_of(player, ("training", "home"))]
    for business in state.c.businesses.values():
        if business.role != "auctioneer" and state.owner(business.card) == player:
            items.append(business.card)
    items += sorted(card for card, holder in state.specials.items() if holder == player)
    items += [f"colour:{c}" for c in COLOURS if state.held[player][c]]
    return items


def owns(state: TotopolyState, player: int, item: str) -> bool:
    """Whether ``item`` (as ``Sell`` names it) is ``player``'s to sell."""
    if item.startswith("colour:"):
        return state.held[player].get(item[7:], 0) > 0
    if item.startswith("horse:"):
        number = item[6:]
        return (
            number.isdigit()
            and int(number) in state.c.horses
            and (state.horse_owner(int(number)) == player)
        )
    if item in state.specials:
        return state.specials[item] == player
    return state.owner(item) == player


def refuse_sale(
    state: TotopolyState, seller: int, tried: Collection[str], here: str
) -> Callable[[Action], str | None]:
    """Why ``seller`` may not put up for sale something the list does not offer: it is
    not his, or it has been offered once already this round (``tried``: what has), or it
    is not what is sold here (``here`` says what is). Other moves: the general line."""

    def refuse(action: Action) -> str | None:
        if not isinstance(action, Sell):
            return None
        try:
            name = item_name(state, action.item)
        except (KeyError, ValueError):
            name = action.item
        if not owns(state, seller, action.item):
            return f"{name} is not yours to sell"
        if action.item in tried:
            return f"{name} has been offered for sale once already"
        return f"{name} is not sold now: {here}"

    return refuse


def item_name(state: TotopolyState, item: str) -> str:
    if item.startswith("colour:"):
        return f"a {item[7:]} advantage card"
    if item.startswith("horse:"):
        horse = state.c.horses[int(item[6:])]
        return f"No. {horse.number} {horse.name} ({horse.colour})"
    for business in state.c.businesses.values():
        if business.card == item:
            return business.name
    return f"the card '{state.c.reports[item].text}'"


def hand_over(state: TotopolyState, item: str, seller: int, buyer: int) -> None:
    if item.startswith("colour:"):
        state.held[seller][item[7:]] -= 1
        state.held[buyer][item[7:]] += 1
    elif item.startswith("horse:"):
        state.holder[state.c.horses[int(item[6:])].card] = buyer
    elif item in state.specials:
        state.specials[item] = buyer
    else:
        state.holder[item] = buyer


Reserve = Callable[[int, str], int]
"""What a buyer must keep back from an offer for an item (at the entrance fees, the fees
he would then owe: ruling T52)."""


def keep_nothing(buyer: int, item: str) -> int:
    return 0


def _offers(
    state: TotopolyState, seller: int, item: str, reserve: Reserve
) -> Flow[tuple[int, int | None]]:
    """Each other player, clockwise, may make one offer, of what he holds less what he
    must keep back (``reserve``); the best (first on a tie) wins."""
    best, buyer = 0, None
    for bidder in state.seats_from(seller + 1)[:-1]:
        if not may_hold(state, bidder, item):
            continue
        kept = reserve(bidder, item)
        limit = state.cash[bidder] - kept
        if limit <= 0:
            continue
        options: list[Action] = [Offer(x) for x in (0, *OFFER_STEPS) if x <= limit]

        def check(action: Action, limit: int = limit) -> str | None:
            if isinstance(action, Offer) and 0 <= action.pounds <= limit:
                return None
            return OFFER_RANGE.format(least=0, most=limit)

        standing = f"best £{best}" if best else "no offer yet"
        # the most he may offer, and at the entrance fees what he keeps back (T52)
        fees = f" after £{kept} of entrance fees" if kept else ""
        prompt = (
            f"offer for {item_name(state, item)} from {state.name_of(seller)},"
            f" up to £{limit}{fees} ({standing})"
        )
        amounts = {"offer": amount_box(0, limit, OFFER_RANGE)}
        answer = yield from ask(bidder, prompt, options, check, amounts=amounts)
        assert isinstance(answer, Offer)
        if answer.pounds > best:
            best, buyer = answer.pounds, bidder
    return best, buyer


def sell(state: TotopolyState, seller: int, item: str, buyer: int, price: int) -> None:
    state.transfer_money(buyer, seller, price, "sale", item=item, text=item_name(state, item))
    hand_over(state, item, seller, buyer)
    state.say(
        f"{state.name_of(seller)} sells {item_name(state, item)} to "
        f"{state.name_of(buyer)} for £{price}"
    )


def raise_money(
    state: TotopolyState,
    debtor: int,
    need: int | Callable[[], int],
    reserve: Reserve = keep_nothing,
) -> Flow[None]:
    """Forced private sales until ``debtor`` holds what he owes or nothing more will sell.
    ``need`` may be worked out afresh after each sale (a horse sold takes its fee with it)."""
    tried: set[str] = set()

    def owed() -> int:
        return need() if callable(need) else need

    said = False
    while state.cash[debtor] < owed():
        items = [i for i in sellable(state, debtor) if i not in tried]
        if not items:
            return
        if not said:  # the sales that follow are forced, not chosen: the news says so
            said = True
            state.say(
                f"{state.name_of(debtor)} owes £{owed()} and holds £{state.cash[debtor]}:"
                " no borrowing, so something must be sold"
            )
        prompt = f"you owe £{owed()} and hold £{state.cash[debtor]}: sell something"
        others = f"sell something: £{owed()} owed and £{state.cash[debtor]} in hand"
        here = "only horses not yet raced, businesses (not the Auctioneer's) and cards are sold"
        refuse = refuse_sale(state, debtor, frozenset(tried), here)
        choice = yield from ask(
            debtor, prompt, [Sell(i) for i in items], others=others, refuse=refuse
        )
        assert isinstance(choice, Sell)
        tried.add(choice.item)
        yield from sell_to_best(state, debtor, choice.item, reserve)


def sell_to_best(state: TotopolyState, seller: int, item: str, reserve: Reserve) -> Flow[None]:
    """A forced sale: the best offer obtainable is taken."""
    price, buyer = yield from _offers(state, seller, item, reserve)
    if buyer is None:
        state.say(f"no offer for {item_name(state, item)}")
    else:
        sell(state, seller, item, buyer, price)


def voluntary_sales(state: TotopolyState) -> Flow[None]:
    """Kept cards ("remount immediately", "unbreakable reins") may be sold before the
    race (ruling T20: the sale window is after training, before nomination)."""
    for seller in state.seats_from(state.dealer + 1):
        offered: set[str] = set()
        while True:
            cards = [c for c, h in state.specials.items() if h == seller and c not in offered]
            if not cards:
                break
            options: list[Action] = [Done()] + [Sell(c) for c in sorted(cards)]
            refuse = refuse_sale(
                state, seller, frozenset(offered), "only kept cards, before the race"
            )
            prompt = "offer a kept card for sale, or say done"
            choice = yield from ask(seller, prompt, options, refuse=refuse)
            if not isinstance(choice, Sell):
                break
            offered.add(choice.item)
            price, buyer = yield from _offers(state, seller, choice.item, keep_nothing)
            if buyer is None:
                continue
            prompt = f"accept or refuse {state.name_of(buyer)}'s offer of £{price}"
            answer = yield from ask(seller, prompt, [Accept(True), Accept(False)])
            if isinstance(answer, Accept) and answer.yes:
                sell(state, seller, choice.item, buyer, price)
