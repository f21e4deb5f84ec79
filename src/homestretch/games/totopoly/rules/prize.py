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
    state.transfer_money(BANK, state.banker, fee, "banker's fee")
    state.banker_fee = fee
    for horse, amount in zip(state.placings, places, strict=False):
        owner = state.horse_owner(horse)
        assert owner is not None
        state.transfer_money(BANK, owner, amount)
        state.prizes.append(amount)
        place = len(state.prizes)
        state.notice("prize", seat=owner, horse=horse, place=place, amount=amount)
        state.say(f"{state.name_of(owner)} wins £{amount} with No. {horse}")
    if state.bank:
        # Ruling T19: a place nobody filled leaves its share with the banker.
        state.banker_fee += state.bank
        state.transfer_money(BANK, state.banker, state.bank, "unfilled places")
