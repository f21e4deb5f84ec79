"""The training ring (rulebook: "Training Ring").

Two dice, one throw for all of a player's horses; each horse is led once round the
ring clockwise from the square outside its own box and obeys the square it stops on,
then any report it is sent to read. The Owners' Club steward throws first. A member of
the club may read a report before throwing. A throw that would carry a horse past its
box brings it home; landing exactly on the square before its box, it obeys that square
first. A horse can never start a second circuit (the rulebook's remedy for that
mistake is not needed: the program brings every horse home).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.content.loader import DECKS, STABLE_OF
from homestretch.games.totopoly.rules.actions import DrawReport, Join, Throw
from homestretch.games.totopoly.rules.flow import Flow, ask, dice, pick
from homestretch.games.totopoly.rules.money import pay
from homestretch.games.totopoly.rules.state import BANK
from homestretch.games.totopoly.rules.words import report_pack

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState


def run(state: TotopolyState) -> Flow[None]:
    state.phase = "training"
    steward = state.role_owner("club")
    first = steward if steward is not None else (state.dealer + 1) % state.n  # T39
    while any(s == "training" for s in state.status.values()):
        state.ring_round += 1
        for player in state.seats_from(first):
            if to_lead(state, player):
                yield from turn(state, player)
    state.phase = "racecourse"


def to_lead(state: TotopolyState, player: int) -> list[int]:
    """The player's horses still in training and not yet led this round: a horse sold
    in a forced sale goes with its new owner's throws, but only from the next round if
    it was led already in this one (ruling T40)."""
    return [
        h
        for h in state.horses_of(player, ("training",))
        if state.led_in_round.get(h) != state.ring_round
    ]


def square_of(state: TotopolyState, horse: int) -> int | None:
    """The ring square a horse in training stands on (None: still in its box)."""
    progress = state.progress.get(horse, 0)
    if progress == 0:
        return None
    return (state.c.boxes[horse] + progress - 1) % state.c.ring_size


def turn(state: TotopolyState, player: int) -> Flow[None]:
    state.turns += 1
    if player in state.members:
        # "a report from either of the trainers or the vet., whomever he desires" (T22)
        options: list[Action] = [Throw()]
        for horse in to_lead(state, player):
            options += [DrawReport(deck, horse) for deck in DECKS]
        prompt = "read a report (a club member's right) before you throw, or throw"
        others = "read a report (a club member's right) before throwing, or throw"
        choice = yield from ask(player, prompt, options, others=others)
        if isinstance(choice, DrawReport):
            state.say(f"{state.name_of(player)}, a club member, reads a report before throwing")
            yield from read_report(state, player, choice.horse, choice.deck)
    horses = to_lead(state, player)
    if not horses:
        return
    faces = yield from dice(f"{state.name_of(player)} throws in the training ring", 2)
    throw = sum(faces)
    state.say(f"{state.name_of(player)} throws {faces[0]}+{faces[1]} = {throw}")
    for horse in horses:
        # a forced sale on an earlier horse's square may have sold this one (T40)
        if state.status[horse] == "training" and state.horse_owner(horse) == player:
            state.led_in_round[horse] = state.ring_round
            yield from lead(state, horse, throw)


def lead(state: TotopolyState, horse: int, throw: int) -> Flow[None]:
    """Move a horse ``throw`` squares; the circuit ends on the square outside its box."""
    circuit = state.c.ring_size + 1
    progress = state.progress[horse] + throw
    state.progress[horse] = min(progress, circuit)
    if progress <= circuit:
        square = square_of(state, horse)
        assert square is not None
        yield from obey(state, horse, square)
    if progress >= circuit and state.status[horse] == "training":
        state.status[horse] = "home"
        state.say(f"No. {horse} is home in its box")


def obey(state: TotopolyState, horse: int, at: int) -> Flow[None]:
    square = state.c.ring.get(at)
    if square is None:
        return
    owner = state.horse_owner(horse)
    assert owner is not None
    colour = state.c.horses[horse].colour
    state.say(f"No. {horse} on square {at}: {square.text}")
    if square.effect == "stables":
        stable = STABLE_OF[colour]
        yield from pay(
            state, owner, state.role_owner(stable), square.amount, "trainer", "trainer's fee"
        )
        still_reads(state, owner, horse)
        yield from read_report(state, owner, horse, stable)
    elif square.effect == "vet":
        yield from pay(state, owner, state.role_owner("vet"), square.amount, "vet", "vet's fee")
        still_reads(state, owner, horse)
        yield from read_report(state, owner, horse, "vet")
    elif square.effect == "pay":
        yield from pay(state, owner, payee(state, square.to), square.amount, "square", square.text)
    elif square.effect in ("club_fee", "club_offer") and owner in state.members:
        # a square that speaks of the fee and then nothing read as a fee forgotten
        state.say(f"{state.name_of(owner)} is a member of the Owners' Club already")
    elif square.effect == "club_fee":
        yield from join_club(state, owner, square.amount)
    elif square.effect == "club_offer":
        if state.cash[owner] >= square.amount:
            prompt = f"join the Owners' Club for £{square.amount}, or not"
            answer = yield from ask(owner, prompt, [Join(True), Join(False)])
            if isinstance(answer, Join) and answer.yes:
                yield from join_club(state, owner, square.amount)
            else:
                state.say(f"{state.name_of(owner)} does not join the Owners' Club")
        else:
            state.say(f"{state.name_of(owner)} cannot pay £{square.amount} to join")
    else:
        apply_card_effect(state, owner, horse, square.effect)


def still_reads(state: TotopolyState, seller: int, horse: int) -> None:
    """A horse sold to pay its own square's fee (a forced sale, T13): the square's
    instruction was its seller's, and he finishes it, reading the report he paid for
    (ruling T53). What the report hands (cards, a charge) is his; a report sending the
    horse home sends it home, whoever holds it now. The news says so, or the report
    would seem to be read for a horse of another's."""
    buyer = state.horse_owner(horse)
    if buyer is not None and buyer != seller:
        seller_name = state.name_of(seller)
        state.say(
            f"No. {horse} is {state.name_of(buyer)}'s now, but the square was"
            f" {seller_name}'s: {seller_name} still reads the report"
        )


def payee(state: TotopolyState, to: str) -> int | None:
    return BANK if to == "bank" else state.business_owner(to)


def join_club(state: TotopolyState, player: int, fee: int) -> Flow[None]:
    """The entrance fee, and the member's card for it. A fee not paid in full (the rest
    waived, T13) is not "paid": no card, and the next fee square calls on him again
    (ruling T48; a game saved before the ruling gave the card all the same)."""
    waived = yield from pay(
        state, player, state.role_owner("club"), fee, "club", "Owners' Club entrance fee"
    )
    if waived and not state.game.member_if_waived:
        state.say(f"{state.name_of(player)} takes no member's card: the fee was not paid in full")
        return
    state.members.add(player)
    state.say(f"{state.name_of(player)} takes a member's card")


def apply_card_effect(state: TotopolyState, player: int, horse: int, effect: str) -> None:
    """Effects shared by squares and reports: take a colour or white card, or go home."""
    if effect == "colour_card" or effect == "white_card":
        colour = state.c.horses[horse].colour
        pile = colour if effect == "colour_card" else "white"
        # our content may hand a colour more than one card at a time (ruling T43)
        wanted = state.c.at_a_time[colour] if effect == "colour_card" else 1
        taken = min(wanted, state.supply[pile])
        for _ in range(taken):
            state.supply[pile] -= 1
            state.held[player][pile] += 1
            state.notice("card_taken", seat=player, pile=pile, horse=horse)
        # one line for the cards taken at once ("takes a blue card" three times over
        # read as three squares); a pile that ran short says so (ruling T37)
        cards = f"a {pile} card" if taken == 1 else f"{taken} {pile} cards"
        if taken == wanted:
            state.say(f"{state.name_of(player)} takes {cards}")
        elif taken:
            state.say(f"{state.name_of(player)} takes {cards}: the {pile} pile is then empty")
        else:
            state.say(f"the {pile} pile is empty")  # ruling T37: nothing is taken
    elif effect == "return_box":
        state.status[horse] = "home"
        state.say(f"No. {horse} goes back to its box: training over")


def read_report(state: TotopolyState, player: int, horse: int, deck: str) -> Flow[None]:
    """Read the top card of a report pack; it goes to the bottom unless kept.

    The pack's order is never stored: cards not yet read this time through are drawn
    uniformly; cards put back underneath come up again only after those, in the order
    they were put back.
    """
    unseen, under = state.deck_unseen[deck], state.deck_under[deck]
    if unseen:
        drawn = f"{state.name_of(player)} reads the top {report_pack(deck)} for No. {horse}"
        card = unseen.pop((yield from pick(drawn, len(unseen))))
    elif under:
        card = under.pop(0)
    else:
        state.say(f"every {report_pack(deck)} has been kept: nothing to read")
        return
    report = state.c.reports[card]
    read = f"{report_pack(deck)} for No. {horse}: {report.text}"
    state.say(read)
    state.reports_read[player] = read
    if report.effect == "keep":
        state.specials[card] = player
        return
    under.append(card)
    if report.effect == "pay":
        yield from pay(state, player, payee(state, report.to), report.amount, "report", report.text)
    elif report.effect != "nothing":
        apply_card_effect(state, player, horse, report.effect)
