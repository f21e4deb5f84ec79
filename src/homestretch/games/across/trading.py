"""What a horse and a fifty are worth to a computer player, so that it trades horses
between races as players do at a table ("Players may also purchase horses from other
players anytime during the game"; dealings, ruling R16).

Each seat's worth of a deal is counted in fifties of its own:

- a horse is worth its expected returns over the races left (``values``: the sensible
  player's ``horse_value``, the reckoning it bids by), plus what it does for the seat's
  string: each fifty of expected returns up to a fair share of the field's
  (the field's total over the number of players) is worth ``1 + NEED_PREMIUM`` to it.
  So a player with no horse, or a weak string, values a horse more, and one with a
  strong string gives up only the horse's returns when it sells;
- a fifty is worth one, except the first ``WORKING`` fifties in hand (what a player
  needs for its tickets and its reserve), worth ``1 + CASH_PREMIUM`` each: a player
  short of cash values cash more.

The seller's least price is the smallest whole price that leaves it no worse off, the
buyer's most the largest that leaves it no worse off. A computer player offers a deal
only where both gain, at the price between the two that splits the gain most evenly,
and accepts any offer that leaves it no worse off. Everything is read from the view: no chance, so a game replays.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from homestretch.games.across.rules.totalizator import TICKET_PRICE

NEED_PREMIUM = 0.4
"""What a fifty of expected returns is worth beyond itself to a string below a fair
share of the field's: the premium a horseless player pays for a stake in the races."""
RESERVE = 4
"""Fifties a player keeps back for betting (the sensible player's reserve)."""
WORKING = RESERVE + 2 * TICKET_PRICE
"""Fifties in hand a player needs between races: its reserve and two tickets."""
CASH_PREMIUM = 0.5
"""What each of those fifties is worth beyond itself."""
MIN_GAIN = 0.25
"""What each side must gain, in fifties of its own, for a computer player to propose a
deal (so it does not trade back and forth over a rounding)."""


@dataclass(frozen=True)
class Deal:
    horse: int
    seller: int
    buyer: int
    price: int
    surplus: float
    """What the two sides gain together at ``price``, each in fifties of its own."""


@dataclass(frozen=True)
class Market:
    """The table as a trader sees it: each horse's expected returns to a sole owner over
    the races left, who owns what, who holds what, and what is in hock."""

    values: Mapping[int, float]
    owners: Mapping[int, Sequence[int]]
    cash: Sequence[int]
    in_hock: frozenset[int] = frozenset()
    field: float | None = None
    """The whole field's expected returns, when horses are still unsold (the auction);
    None: the owned horses' (every horse is owned after the auction)."""

    # --- what a string of horses and a purse are worth ------------------------------
    @cached_property
    def _returns(self) -> list[float]:
        got = [0.0] * len(self.cash)
        for horse, members in self.owners.items():
            for seat in members:
                got[seat] += self.values[horse] / len(members)
        return got

    def returns(self, seat: int) -> float:
        """Expected returns of ``seat``'s string (a syndicate's horse counted by share)."""
        return self._returns[seat]

    @cached_property
    def fair_share(self) -> float:
        field = self.field if self.field is not None else sum(self.values[h] for h in self.owners)
        return field / len(self.cash)

    def string_worth(self, returns: float) -> float:
        return returns + NEED_PREMIUM * min(max(returns, 0.0), self.fair_share)

    @staticmethod
    def purse_worth(fifties: int) -> float:
        return fifties + CASH_PREMIUM * min(max(fifties, 0), WORKING)

    # --- one horse, one price -------------------------------------------------------
    def seller_share(self, horse: int, price: int) -> int:
        """What the first-named owner receives of ``price`` (a syndicate's is split,
        the odd fifty to him, R9)."""
        members = len(self.owners[horse])
        return price // members + price % members

    def seller_gain(self, horse: int, price: int) -> float:
        seller = self.owners[horse][0]
        before = self.returns(seller)
        given_up = self.values[horse] / len(self.owners[horse])
        horse_loss = self.string_worth(before) - self.string_worth(before - given_up)
        cash = self.cash[seller]
        return (
            self.purse_worth(cash + self.seller_share(horse, price))
            - self.purse_worth(cash)
            - horse_loss
        )

    def buyer_gain(self, buyer: int, horse: int, price: int) -> float:
        if price > self.cash[buyer]:
            return float("-inf")
        before = self.returns(buyer)
        horse_gain = self.string_worth(before + self.values[horse]) - self.string_worth(before)
        cash = self.cash[buyer]
        return horse_gain - (self.purse_worth(cash) - self.purse_worth(cash - price))

    def least_price(self, horse: int) -> int | None:
        """The smallest whole price that leaves the seller no worse off (None: more than
        anyone at the table holds)."""
        most = max(self.cash)
        return next((p for p in range(most + 1) if self.seller_gain(horse, p) >= 0), None)

    def most_price(self, buyer: int, horse: int) -> int | None:
        """The largest whole price that leaves ``buyer`` no worse off (None: not even 0)."""
        fits = [p for p in range(self.cash[buyer] + 1) if self.buyer_gain(buyer, horse, p) >= 0]
        return fits[-1] if fits else None

    def deal(self, horse: int, buyer: int) -> Deal | None:
        """The deal for ``horse`` between its first-named owner and ``buyer`` where both
        gain at least ``MIN_GAIN``: of the whole prices from the seller's least to the
        buyer's most, the one that splits the gain most evenly (the lower on a tie)."""
        if horse in self.in_hock or buyer in self.owners[horse]:
            return None
        low, high = self.least_price(horse), self.most_price(buyer, horse)
        if low is None or high is None or low > high:
            return None

        def gains(price: int) -> tuple[float, float]:
            return self.seller_gain(horse, price), self.buyer_gain(buyer, horse, price)

        price = max(range(low, high + 1), key=lambda p: (min(gains(p)), -p))
        if min(gains(price)) < MIN_GAIN:
            return None
        return Deal(horse, self.owners[horse][0], buyer, price, sum(gains(price)))

    def best_deal(self, seat: int, with_: Collection[int] | None = None) -> Deal | None:
        """Of the deals ``seat`` could propose (one of its horses to another player, or
        another's horse to itself), the one with the most to gain for the two; ties go
        to the lower horse, then the lower seat. ``with_``: the only players it may deal
        with (None: anyone), those sure to be asked before the offer lapses."""
        others = [b for b in range(len(self.cash)) if b != seat and (with_ is None or b in with_)]
        deals = []
        for horse, members in sorted(self.owners.items()):
            if members[0] == seat:
                deals += [self.deal(horse, b) for b in others]
            elif seat not in members and members[0] in others:
                deals.append(self.deal(horse, seat))
        found = [d for d in deals if d is not None]
        return max(found, key=lambda d: d.surplus, default=None)

    def accepts(self, seat: int, horse: int, price: int, selling: bool) -> bool:
        """Whether an offer of ``horse`` at ``price`` leaves ``seat`` no worse off, as
        its seller (it must be the first-named owner) or as its buyer."""
        if horse in self.in_hock or horse not in self.owners:
            return False
        if selling:
            return self.owners[horse][0] == seat and self.seller_gain(horse, price) >= 0
        return seat not in self.owners[horse] and self.buyer_gain(seat, horse, price) >= 0
