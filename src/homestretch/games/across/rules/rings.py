"""Investing rings: players pooling their fifties to make track bets (the rulebook's
"No Restrictions": "Establishing investing rings (pooling play money to make track
bets)").

A ring is offered by one player to another, like any dealing, while the windows are
open: so many $150 tickets on one horse, the partner putting in an agreed number of
fifties and the proposer the rest. When the partner says yes both pay, the tickets go
on the Totalizator under the proposer's initials, and after the race what they collect
is shared by the agreed stakes, the odd fifty to the proposer (ruling R23).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules.actions import OfferRing
from homestretch.games.across.rules.phases import BETTING
from homestretch.games.across.rules.totalizator import GROUP_WINDOWS, TICKET_PRICE, eligible_horses
from homestretch.games.across.rules.words import fifties

if TYPE_CHECKING:
    from homestretch.core.protocol import JSON
    from homestretch.games.across.rules.dealings import Offer
    from homestretch.games.across.rules.state import AcrossState

MOST_TICKETS = 10
"""A bound on one ring's tickets (any number could be typed otherwise)."""
TICKETS_RANGE = "a ring buys 1 to {most} tickets"
STAKE_RANGE = "the partner puts in 1 to {most} of the {total} fifties"
OWN_PART = "you have {cash}: the partner puts in at least {least} of the {total} fifties"
"""What ``why_illegal`` says of a partner's stake outside ``stake_bounds`` (more than
the most, or less than the least), and what the page's stake box says before sending
(dealings.amounts)."""


def stake_bounds(cash: int, tickets: int) -> tuple[int, int, str]:
    """The partner's stake in a ring of ``tickets`` proposed by a player holding ``cash``
    fifties: at least 1 and what the proposer cannot pay of the tickets' price, at most
    all but one fifty of it; and the words for less than that least."""
    total = TICKET_PRICE * tickets
    least = max(1, total - cash)
    below = STAKE_RANGE if least == 1 else OWN_PART
    return (
        least,
        total - 1,
        below.format(most=total - 1, total=total, least=least, cash=fifties(cash)),
    )


@dataclass(frozen=True)
class Ring:
    """Tickets on ``horse`` held by ``members`` (proposer first) for ``stakes`` fifties."""

    horse: int
    tickets: int
    members: tuple[int, int]
    stakes: tuple[int, int]

    def to_json(self) -> JSON:
        return {
            "horse": self.horse,
            "tickets": self.tickets,
            "members": list(self.members),
            "stakes": list(self.stakes),
        }


def why_illegal(state: AcrossState, seat: int, action: OfferRing) -> str | None:
    if state.phase != BETTING:
        return "rings make track bets: they are formed while the windows are open"
    if action.horse not in HORSES:
        return f"there is no horse #{action.horse} (horses are 2-12)"
    if not 1 <= action.tickets <= MOST_TICKETS:
        return TICKETS_RANGE.format(most=MOST_TICKETS)
    if not 0 <= action.partner < state.g.players or action.partner == seat:
        return f"there is no other player {action.partner + 1}"  # seats said from 1
    least, most, below = stake_bounds(state.cash[seat], action.tickets)
    if action.stake > most:
        return STAKE_RANGE.format(most=most, total=TICKET_PRICE * action.tickets)
    return below if action.stake < least else None


def why_void(state: AcrossState, offer: Offer) -> str | None:
    """Why an accepted ring cannot be formed now (play went on while it waited)."""
    mine = TICKET_PRICE * offer.tickets - offer.amount
    if state.cash[offer.frm] < mine:
        return f"{state.name(offer.frm)} has only {state.cash[offer.frm]}"
    if state.cash[offer.to] < offer.amount:
        return f"{state.name(offer.to)} has only {state.cash[offer.to]}"
    return None


def form(state: AcrossState, offer: Offer) -> None:
    """Both pay in; the tickets go on the Totalizator under the proposer's initials."""
    total = TICKET_PRICE * offer.tickets
    ring = Ring(
        offer.horse, offer.tickets, (offer.frm, offer.to), (total - offer.amount, offer.amount)
    )
    for seat, stake in zip(ring.members, ring.stakes, strict=True):
        state.cash[seat] -= stake
    state.held += total
    state.tickets += [(offer.frm, offer.horse)] * offer.tickets
    state.rings.append(ring)
    state.tell("ring", **ring.to_json())


def share_out(state: AcrossState, steps: list[JSON], finish: Sequence[int], refunded: bool) -> None:
    """After the payoff: what each ring's tickets collected, paid to the proposer with
    the rest of his tickets, is shared by the stakes (the odd fifty stays with him)."""
    for ring in state.rings:
        each = ticket_collection(steps, finish, ring.horse, refunded, state.g.payoff)
        collected = each * ring.tickets
        total = sum(ring.stakes)
        partner = collected * ring.stakes[1] // total
        proposer, member = ring.members
        state.cash[proposer] -= partner
        state.cash[member] += partner
        state.tell(
            "ring_shared",
            **ring.to_json(),
            collected=collected,
            shares=[collected - partner, partner],
        )
    state.rings = []


def ticket_collection(
    steps: list[JSON], finish: Sequence[int], horse: int, refunded: bool, mode: str
) -> int:
    """What one ticket on ``horse`` collected, from the payoff's window steps."""
    if refunded:
        return TICKET_PRICE
    return sum(
        step["each"]
        for step in steps
        if step["step"] == "window_payoff"
        and step["group"] in GROUP_WINDOWS
        and horse in eligible_horses(step["group"], finish, mode)
    )
