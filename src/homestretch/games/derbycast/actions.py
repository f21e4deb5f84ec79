"""What players and the Official Score Keeper do, as typed actions (section 2, Play in
Order). Players pick a horse to Win, Place or Show; a player whose horse is scratched
picks again or sits out. The score keeper posts the race card, the scratches and the
official result (finish positions and final odds, in card order)."""

from __future__ import annotations

from dataclasses import dataclass

from homestretch.core.actions import Action, ActionCodec


@dataclass(frozen=True)
class Pick(Action):
    kind = "pick"
    horse: str
    bet: str

    def __str__(self) -> str:
        return f"{self.bet} on {self.horse}"


@dataclass(frozen=True)
class SitOut(Action):
    kind = "sit-out"

    def __str__(self) -> str:
        return "sit out this race"


@dataclass(frozen=True)
class PostCard(Action):
    """The field; ``odds`` are the odds on the board at post time ('' if not known)."""

    kind = "card"
    race: str
    horses: tuple[str, ...]
    odds: tuple[str, ...]


@dataclass(frozen=True)
class PostScratches(Action):
    kind = "scratches"
    horses: tuple[str, ...]


@dataclass(frozen=True)
class PostResult(Action):
    """Final odds and official finish for each horse on the card, in card order: odds ''
    and finish None for a scratched horse or one nobody needs."""

    kind = "result"
    odds: tuple[str, ...]
    finish: tuple[int | None, ...]


CODEC = ActionCodec([Pick, SitOut, PostCard, PostScratches, PostResult])
