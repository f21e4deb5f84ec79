"""Prize money (rulebook: "Prize Money", "The Winner").

Everything paid into the bank (leases at face value and at auction, entrance fees and
fines) is the prize fund. The banker takes 10% for his services; the winner's owner
takes half the rest and the owners of the second and third a quarter each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.games.totopoly.rules.state import BANK

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState

BANKER_PERCENT = 10


def shares(fund: int) -> tuple[int, list[int]]:
    """(the banker's fee, [first, second, third]). The fee is rounded down; the odd
    pounds of the quarters go to the winner (ruling T19)."""
    fee = fund * BANKER_PERCENT // 100
    rest = fund - fee
    quarter = rest // 4
    return fee, [rest - 2 * quarter, quarter, quarter]


def distribute(state: TotopolyState) -> None:
    fee, places = shares(state.bank)
    banker = state.name_of(state.banker)
    state.say(f"prize money: £{state.bank} in the bank; {banker}, the banker, takes 10%, £{fee}")
    state.transfer_money(BANK, state.banker, fee, "banker's fee")
    state.banker_fee = fee
    for horse, amount in zip(state.placings, places, strict=False):
        owner = state.horse_owner(horse)
        assert owner is not None
        state.transfer_money(BANK, owner, amount)
        state.prizes.append(amount)
        place = len(state.prizes)
        state.notice("prize", seat=owner, horse=horse, place=place, amount=amount)
        prize = ("first", "second", "third")[place - 1]
        state.say(f"{state.name_of(owner)} takes the {prize} prize, £{amount}, for No. {horse}")
    if state.bank:
        # Ruling T19: a place nobody filled leaves its share with the banker.
        state.banker_fee += state.bank
        state.say(
            f"{state.name_of(state.banker)}, the banker, keeps £{state.bank} of places nobody filled"
        )
        state.transfer_money(BANK, state.banker, state.bank, "unfilled places")
    # "The winner of the game shall be the winner of the race", said in so many words:
    # a family reading the prizes asked who had won the game
    winner = state.winner()
    if winner is None:
        state.say("no horse won the race: nobody wins the game")
    else:
        won = f"No. {state.placings[0]} won the race"
        state.say(f"{state.name_of(winner)} wins the game: {won}")
