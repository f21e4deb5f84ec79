"""Every decision a player makes in Across the Board, as a typed action."""

from __future__ import annotations

from dataclasses import dataclass

from homestretch.core.actions import Action, ActionCodec

NOBODY = -1


@dataclass(frozen=True)
class ChooseTrack(Action):
    """The Trackmaster selects the race track."""

    kind = "track"
    track: str


@dataclass(frozen=True)
class Bid(Action):
    """A bid in fifties; ``partner`` makes it a two-player syndicate bid."""

    kind = "bid"
    amount: int
    partner: int = NOBODY

    def __str__(self) -> str:
        return f"bid {self.amount}" + ("" if self.partner == NOBODY else f" with {self.partner}")


@dataclass(frozen=True)
class Pass(Action):
    """Drop out of bidding for the horse on the block."""

    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Answer(Action):
    """Accept or decline the offer put to you (syndicate, horse sale, loan)."""

    kind = "answer"
    accept: bool

    def __str__(self) -> str:
        return "yes" if self.accept else "no"


@dataclass(frozen=True)
class Bet(Action):
    """One $150 Across the Board selection (three fifties) on ``horse``."""

    kind = "bet"
    horse: int


@dataclass(frozen=True)
class DailyDouble(Action):
    """One $50 Daily Double ticket: ``first`` to win race 1, ``second`` race 2."""

    kind = "dd"
    first: int
    second: int


@dataclass(frozen=True)
class TakeLoan(Action):
    """Borrow from the 8th-race WIN bin with ``horse`` in hock."""

    kind = "loan"
    horse: int
    amount: int


@dataclass(frozen=True)
class RepayLoan(Action):
    """Repay the bin loan on ``horse`` plus one fifty interest."""

    kind = "repay"
    horse: int


@dataclass(frozen=True)
class OfferHorse(Action):
    """Offer ``horse`` to ``buyer`` for ``price`` fifties."""

    kind = "sell"
    any_time = True  # whenever the game waits (R16)
    horse: int
    buyer: int
    price: int


@dataclass(frozen=True)
class OfferLoan(Action):
    """Offer to lend ``amount`` fifties to ``borrower`` (terms are between you)."""

    kind = "lend"
    any_time = True  # whenever the game waits (R16)
    borrower: int
    amount: int


@dataclass(frozen=True)
class OfferToBuy(Action):
    """Offer ``price`` fifties to the owner(s) of ``horse`` for it ("Players may also
    purchase horses from other players anytime during the game")."""

    kind = "buy"
    any_time = True  # whenever the game waits (R16)
    horse: int
    price: int


@dataclass(frozen=True)
class OfferRing(Action):
    """Invite ``partner`` into an investing ring: ``tickets`` Across the Board tickets on
    ``horse``, the partner putting in ``stake`` fifties and you the rest; what the
    tickets collect is shared in the same proportion ("Establishing investing rings
    (pooling play money to make track bets)")."""

    kind = "ring"
    any_time = True  # whenever the game waits (R16)
    horse: int
    tickets: int
    partner: int
    stake: int

    def __str__(self) -> str:
        total = 3 * self.tickets
        return (
            f"ring {self.horse} {self.tickets} with {self.partner} pays {self.stake} (of {total})"
        )


@dataclass(frozen=True)
class OfferLoanTerms(Action):
    """Offer to lend ``amount`` fifties to ``borrower``, who will owe ``repay`` (the
    agreed terms: the loan and its interest), recorded by the table."""

    kind = "lend_terms"
    any_time = True  # whenever the game waits (R16)
    borrower: int
    amount: int
    repay: int


@dataclass(frozen=True)
class PayBack(Action):
    """Pay ``amount`` fifties to ``lender`` against what you owe them."""

    kind = "payback"
    any_time = True  # whenever the game waits (R16)
    lender: int
    amount: int


@dataclass(frozen=True)
class Done(Action):
    """No more bets or dealings from me for this race."""

    kind = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Accept(Action):
    """Take the roll: the horse gets one full X."""

    kind = "accept"

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Reject(Action):
    """Refuse the roll: the horse gets half an X and you roll again."""

    kind = "reject"

    def __str__(self) -> str:
        return "reject"


CODEC = ActionCodec(
    [
        ChooseTrack,
        Bid,
        Pass,
        Answer,
        Bet,
        DailyDouble,
        TakeLoan,
        RepayLoan,
        OfferHorse,
        OfferLoan,
        OfferToBuy,
        OfferRing,
        OfferLoanTerms,
        PayBack,
        Done,
        Accept,
        Reject,
    ]
)
