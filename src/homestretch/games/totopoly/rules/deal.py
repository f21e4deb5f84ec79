"""The deal (rulebook: "The Deal", "Discarding", "Payment").

Cards out of play are taken out first (the Auctioneer's card with fewer than four
players; the blue horses and the Totalisator Clerk in the short game). Players cut for
deal; the cards are dealt one at a time from the dealer's left, each round ending with a
card to the board. The Auctioneer's card is declared, or else every player must
exchange one card with the dummy hand. Players may then throw cards into the auction
and pay face value for the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules.actions import Discard, Done, Reject
from homestretch.games.totopoly.rules.flow import Flow, ask, pick
from homestretch.games.totopoly.rules.money import may_hold_card, stable_cards
from homestretch.games.totopoly.rules.state import BANK

if TYPE_CHECKING:
    from homestretch.games.totopoly.content.loader import Content
    from homestretch.games.totopoly.rules.state import TotopolyState


def auctioneer_card(c: Content) -> str:
    """The Auctioneer's lease card, found by role: a content folder may give a business
    any id (docs/totopoly.md)."""
    return next(b.card for b in c.businesses.values() if b.role == "auctioneer")


def cards_in_play(state: TotopolyState) -> tuple[list[str], list[str]]:
    """(the pack to deal, the cards taken out) for this game's players and length."""
    c = state.c
    out: list[str] = []
    if state.n < 4:
        out.append(auctioneer_card(c))
    if state.short:
        out += [h.card for h in c.horses.values() if h.colour == "blue"]
        tote = c.business_with_role("tote")
        if tote is not None:
            out.append(tote.card)
    every = [h.card for h in c.horses.values()] + [b.card for b in c.businesses.values()]
    return sorted(card for card in every if card not in out), out


def hand_sizes(cards: int, players: int) -> list[int]:
    """Cards each hand gets, dealt one at a time: the players from the dealer's left,
    then the board (the last entry)."""
    hands = players + 1
    return [cards // hands + (1 if i < cards % hands else 0) for i in range(hands)]


def run(state: TotopolyState) -> Flow[None]:
    pack, out = cards_in_play(state)
    for card in pack:
        state.where[card], state.knows[card] = "undealt", set()
    for card in out:
        state.where[card], state.knows[card] = "out", set()
    for horse in state.c.horses.values():
        state.status[horse.number] = "withdrawn"
    if state.n < 4:
        state.auctioneer = state.game.auctioneer
        state.say(f"{state.name_of(state.auctioneer)} is appointed auctioneer")
    yield from cut_for_deal(state, pack)
    yield from deal(state, pack)
    auctioneer = auctioneer_card(state.c)
    declared = state.where[auctioneer] == "hand"
    if declared:
        declare(state, state.holder[auctioneer])
    elif state.n < 4 and state.game.rules["small_table_exchange"] == "no":
        state.say("the Auctioneer's card is out of the pack: no compulsory exchange (T38)")
    else:
        yield from exchange(state)
        if state.auctioneer is None:
            # Ruling T3: the Auctioneer's card stayed in the dummy; the dealer sells.
            state.where[auctioneer] = "out"
            state.auctioneer = state.dealer
            state.say(f"nobody drew the Auctioneer's card: {state.name_of(state.dealer)} sells")
    yield from discards(state)
    payment(state)


def cut_for_deal(state: TotopolyState, pack: list[str]) -> Flow[None]:
    """Highest horse number cut deals; a business card counts 0; ties cut again.

    Each player cuts a different card: a card cut is not in the pack for the next
    player (the cards go back, and the pack is shuffled, before a tie is cut again)."""
    numbers = {h.card: h.number for h in state.c.horses.values()}
    cutting = list(range(state.n))
    while True:
        cuts = {}
        left = list(pack)
        for player in cutting:
            index = yield from pick(f"{state.name_of(player)} cuts the pack", len(left))
            cuts[player] = numbers.get(left.pop(index), 0)
        best = max(cuts.values())
        cutting = [p for p in cutting if cuts[p] == best]
        # "Bob 0" did not say 0 is a business card cut (no horse's number)
        state.say("cut: " + ", ".join(_cut(state.name_of(p), v) for p, v in cuts.items()))
        if len(cutting) == 1:
            state.dealer = cutting[0]
            state.say(f"{state.name_of(state.dealer)} deals")
            return


def _cut(name: str, number: int) -> str:
    """One player's cut in words: a horse's number, or a business card (counting 0)."""
    return f"{name} {number}" if number else f"{name} 0 (a business card)"


def deal(state: TotopolyState, pack: list[str]) -> Flow[None]:
    undealt = list(pack)
    order = state.seats_from(state.dealer + 1) + [BANK]
    sizes = dict(zip(order, hand_sizes(len(pack), state.n), strict=True))
    given = dict.fromkeys(order, 0)
    dealer = state.name_of(state.dealer)
    for turn in range(len(pack)):
        target = order[turn % len(order)]
        given[target] += 1
        # the log says what each draw was (not "the deal" fourteen times over)
        to = "the dummy hand" if target == BANK else state.name_of(target)
        said = f"{dealer} deals card {given[target]} of {sizes[target]} to {to}"
        card = undealt.pop((yield from pick(said, len(undealt))))
        if target == BANK:
            state.where[card] = "dummy"
            state.dummy_unseen.append(card)
        else:
            state.where[card], state.holder[card] = "hand", target
            state.knows[card].add(target)
    for player in range(state.n):
        state.notice("cards_dealt", player, cards=state.cards_of(player, "hand"))
    state.dummy_unseen.sort()
    state.phase = "exchange"


def declare(state: TotopolyState, player: int) -> None:
    card = auctioneer_card(state.c)
    state.where[card], state.holder[card] = "out", player
    state.auctioneer = player
    state.say(f"{state.name_of(player)} declares the Auctioneer's card")


def exchange(state: TotopolyState) -> Flow[None]:
    """Each player, from the dealer's left, puts a card under the dummy, takes the top."""
    for player in state.seats_from(state.dealer + 1):
        hand = state.cards_of(player, "hand")
        rejected = yield from ask(
            player, "exchange one card with the dummy hand", [Reject(c) for c in hand]
        )
        assert isinstance(rejected, Reject)
        state.where[rejected.card] = "dummy"
        state.dummy_under.append(rejected.card)
        if state.dummy_unseen:
            taking = f"{state.name_of(player)} takes the top card of the dummy hand"
            index = yield from pick(taking, len(state.dummy_unseen))
            taken = state.dummy_unseen.pop(index)
        else:
            taken = state.dummy_under.pop(0)
        state.where[taken], state.holder[taken] = "hand", player
        state.knows[taken].add(player)
        state.notice("card_drawn", player, card=taken)
        state.say(f"{state.name_of(player)} exchanges a card with the dummy")
        if taken == auctioneer_card(state.c):
            declare(state, player)


def hand_problem(state: TotopolyState, player: int) -> str | None:
    """Why ``player`` may not keep his hand as it is, or None."""
    hand = state.cards_of(player, "hand")
    for i, card in enumerate(hand):
        if not may_hold_card(state, player, card, hand[:i]):
            # which rule, said: "both stables or more than three horses" left a player
            # holding four horses and one stable to count which he broke
            stables = set(stable_cards(state)) & set(hand)
            if len(stables) > 1:
                return "you hold both training stables: keep only one"
            horses = sum(1 for h in state.c.horses.values() if h.card in hand)
            return f"you hold {horses} horses: keep no more than three horses"
    cost = sum(value_of(state, card) for card in hand)
    if cost > state.cash[player]:
        return f"your hand costs £{cost} and you hold £{state.cash[player]}"
    return None


def value_of(state: TotopolyState, card: str) -> int:
    for horse in state.c.horses.values():
        if horse.card == card:
            return horse.value
    return next(b.value for b in state.c.businesses.values() if b.card == card)


def discards(state: TotopolyState) -> Flow[None]:
    state.phase = "discard"
    for player in state.seats_from(state.dealer + 1):
        while True:
            hand = state.cards_of(player, "hand")
            options: list[Action] = [Discard(c) for c in hand]
            problem = hand_problem(state, player)
            if problem is None:
                options.insert(0, Done())
            # "done" is not offered while the hand breaks a rule: the prompt says which
            others = "throw cards into the auction, then say done"
            # what keeping the hand costs him, said to him alone (money is out of sight)
            cost = sum(value_of(state, card) for card in hand)
            kept = f"{others} (the cards you keep are paid for at face value: £{cost} now)"
            prompt = f"throw cards into the auction: {problem}" if problem else kept
            choice = yield from ask(player, prompt, options, others=others)
            if isinstance(choice, Done):
                break
            assert isinstance(choice, Discard)
            state.where[choice.card] = "pool"
            state.say(f"{state.name_of(player)} throws a card into the auction")


def payment(state: TotopolyState) -> None:
    """Every retained card is paid for at face value to the banker. The cards stay face
    down before their holders until the auction ends (ruling T31), so that what is
    missing from the table is not the auctioneer's lots."""
    for player in range(state.n):
        hand = state.cards_of(player, "hand")
        cost = sum(value_of(state, card) for card in hand)
        state.transfer_money(player, BANK, cost, "leases kept", to=player, cards=len(hand))
        for card in hand:
            state.where[card] = "owned"
            state.face_down.add(card)
            state.retained[card] = player
            _start_horse(state, card)
        if not hand:  # "pays for 0 lease cards" read as a payment
            state.say(f"{state.name_of(player)} keeps no lease card: nothing to pay")
            continue
        cards = "1 lease card" if len(hand) == 1 else f"{len(hand)} lease cards"
        state.say(f"{state.name_of(player)} pays for {cards}, kept face down")


def _start_horse(state: TotopolyState, card: str) -> None:
    for horse in state.c.horses.values():
        if horse.card == card:
            state.status[horse.number] = "training"
            state.progress[horse.number] = 0
