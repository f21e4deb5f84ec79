"""Every decision a Totopoly player makes, as a typed action with a stable JSON form."""

from __future__ import annotations

from dataclasses import dataclass

from homestretch.core.actions import Action, ActionCodec


@dataclass(frozen=True)
class Reject(Action):
    """The compulsory exchange: put this lease card under the dummy hand."""

    kind = "reject"
    card: str


@dataclass(frozen=True)
class Discard(Action):
    """Throw a lease card into the auction."""

    kind = "discard"
    card: str


@dataclass(frozen=True)
class Done(Action):
    """Finished discarding, betting, or selling."""

    kind = "done"


@dataclass(frozen=True)
class OfferLot(Action):
    """The auctioneer puts this lease card up for sale."""

    kind = "lot"
    card: str


@dataclass(frozen=True)
class Bid(Action):
    """Bid this many guineas for the lot."""

    kind = "bid"
    guineas: int


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class Throw(Action):
    """Throw the dice now (a member may instead draw a report first)."""

    kind = "throw"


@dataclass(frozen=True)
class DrawReport(Action):
    """A club member reads a report for one of his horses before throwing."""

    kind = "report"
    deck: str
    horse: int


@dataclass(frozen=True)
class Join(Action):
    """Join the Owners' Club (True) or not (False)."""

    kind = "join"
    yes: bool


@dataclass(frozen=True)
class Sell(Action):
    """Put a horse (``horse:N``), a business (``lease:ID``) or a kept card up for sale."""

    kind = "sell"
    item: str


@dataclass(frozen=True)
class Offer(Action):
    """Offer this many pounds for the item on sale (0: no offer)."""

    kind = "offer"
    pounds: int


@dataclass(frozen=True)
class Accept(Action):
    kind = "accept"
    yes: bool


@dataclass(frozen=True)
class Scratch(Action):
    """Short game: scratch this horse rather than pay its entrance fee."""

    kind = "scratch"
    horse: int


@dataclass(frozen=True)
class Nominate(Action):
    """Nominate this horse to win (0: no nomination)."""

    kind = "nominate"
    horse: int


@dataclass(frozen=True)
class Bet(Action):
    """Back this horse on the Tote for this many pounds."""

    kind = "bet"
    horse: int
    pounds: int


@dataclass(frozen=True)
class UseThrow(Action):
    """Give the die just thrown to this horse."""

    kind = "use"
    horse: int


@dataclass(frozen=True)
class Colour(Action):
    """On a coloured square: "advantage", "white", "card", "card+white" or "stand"."""

    kind = "colour"
    choice: str


@dataclass(frozen=True)
class PlaySpecial(Action):
    """Play a kept card ("remount" or "reins") now, or not."""

    kind = "special"
    card: str
    yes: bool


@dataclass(frozen=True)
class ChangeTrack(Action):
    """After the move, cross to this track (1 is the rails)."""

    kind = "track"
    track: int


ALL_ACTIONS: tuple[type[Action], ...] = (
    Reject,
    Discard,
    Done,
    OfferLot,
    Bid,
    Pass,
    Throw,
    DrawReport,
    Join,
    Sell,
    Offer,
    Accept,
    Scratch,
    Nominate,
    Bet,
    UseThrow,
    Colour,
    PlaySpecial,
    ChangeTrack,
)
CODEC = ActionCodec(ALL_ACTIONS)
