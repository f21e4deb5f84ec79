"""Loans from the 8th-race WIN bin (the rulebook's Loans section).

A sole owner may borrow on a horse, up to its title card's opening bid, while the bin
holds the money; the horse is "in hock" but still races and earns. Before the 7th race
each loan is repaid with one fifty interest, or the horse is auctioned and the bin repaid
from the proceeds, the rest going to the former owner (rulings R13, R14).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.across.rules.actions import RepayLoan, TakeLoan

if TYPE_CHECKING:
    from homestretch.games.across.rules.state import AcrossState

INTEREST = 1
"""$50 interest per horse in hock."""


def repayment(principal: int) -> int:
    return principal + INTEREST


def hock_sale_proceeds(price: int, principal: int) -> tuple[int, int]:
    """Split a forced sale's price: (to the WIN bin, to the former owner). The bin takes
    what it is owed, loan and interest, or all the price if that is less."""
    to_bin = min(price, repayment(principal))
    return to_bin, price - to_bin


def forfeit(state: AcrossState, horse: int) -> bool:
    """After the deadline a horse still in hock is one waiting to be auctioned."""
    return state.loans_settled and horse in state.hock


def limit(state: AcrossState, horse: int) -> int:
    """The most the bin lends on ``horse`` now (0: it lends nothing on it)."""
    if state.loans_settled or len(state.owners.get(horse, ())) != 1 or horse in state.borrowed:
        return 0
    return max(0, min(state.g.content.cards[horse].opening_bid, state.bins["win8"]))


def menu(state: AcrossState, seat: int) -> list[Action]:
    options: list[Action] = []
    for horse, owners in sorted(state.owners.items()):
        if owners[0] != seat:
            continue
        if horse in state.hock:
            due = repayment(state.hock[horse])
            if not forfeit(state, horse) and state.cash[seat] >= due:
                options.append(RepayLoan(horse))
        elif limit(state, horse) > 0:
            options.append(TakeLoan(horse, limit(state, horse)))
    return options


def why_illegal(state: AcrossState, seat: int, action: TakeLoan | RepayLoan) -> str | None:
    owners = state.owners.get(action.horse)
    if not owners or owners[0] != seat:
        return f"you do not own #{action.horse}"
    if isinstance(action, RepayLoan):
        if action.horse not in state.hock:
            return f"#{action.horse} is not in hock"
        if forfeit(state, action.horse):
            return f"the loan fell due unpaid: #{action.horse} is being auctioned"
        due = repayment(state.hock[action.horse])
        return None if state.cash[seat] >= due else f"the repayment is {due} fifties"
    if len(owners) > 1:
        return "a syndicate's horse cannot be put in hock"
    if action.horse in state.hock:
        return f"#{action.horse} is already in hock"
    if state.loans_settled:
        return "the bin stopped lending when loans fell due before the 7th race"
    if action.horse in state.borrowed:
        return f"the bin lends once per horse, and #{action.horse} has had its loan"
    most = limit(state, action.horse)
    if not 1 <= action.amount <= most:
        return f"you may borrow 1 to {most} fifties on #{action.horse}"
    return None


def take(state: AcrossState, seat: int, action: TakeLoan) -> None:
    state.bins["win8"] -= action.amount
    state.cash[seat] += action.amount
    state.hock[action.horse] = action.amount
    state.borrowed.add(action.horse)
    state.say(f"{state.name(seat)} borrows {action.amount} with #{action.horse} in hock")
    state.tell(
        "loan",
        seat=seat,
        horse=action.horse,
        amount=action.amount,
        due=repayment(action.amount),
        bin_left=state.bins["win8"],
    )


def repay(state: AcrossState, seat: int, horse: int) -> None:
    principal = state.hock.pop(horse)
    due = repayment(principal)
    state.cash[seat] -= due
    state.bins["win8"] += due
    state.say(f"{state.name(seat)} repays {due} and redeems #{horse}")
    state.tell(
        "loan_repaid", seat=seat, horse=horse, principal=principal, interest=INTEREST, amount=due
    )


def fall_due(state: AcrossState) -> list[tuple[int, int]]:
    """Before the 7th race: repay each loan and its interest, or the horse goes back on
    the block, horse by horse in number order (R14). Returns the lots to auction:
    (horse, former owner)."""
    state.loans_settled = True
    unpaid = []
    for horse in sorted(state.hock):
        seat = state.owners[horse][0]
        if state.cash[seat] >= repayment(state.hock[horse]):
            repay(state, seat, horse)
        else:
            state.say(f"{state.name(seat)} cannot repay: #{horse} goes back on the block")
            unpaid.append((horse, seat))
    return unpaid
