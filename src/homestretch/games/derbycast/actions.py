"""What players and the Official Score Keeper do, as typed actions (section 2, Play in
Order). Players pick a horse to Win, Place or Show (and may pick again until the keeper
closes picks); a player whose horse is scratched late picks again or sits out. The
score keeper posts the race card (with the scratches known before post), closes picks
with any late scratches, posts the result for review, declares it official, and may
correct the last official result before the next race is carded.

Fields added since the first saved games have defaults, and the codec fills them in,
so a game saved before them replays exactly.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

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
    """The field; ``odds`` are the odds on the board at post time ('' if not known);
    ``programs`` the saddle-cloth numbers (none: 1, 2, 3 down the list); ``scratched``
    the horses known to be out before post, so nobody picks them."""

    kind = "card"
    race: str
    horses: tuple[str, ...]
    odds: tuple[str, ...]
    programs: tuple[str, ...] = ()
    scratched: tuple[str, ...] = ()


@dataclass(frozen=True)
class PostScratches(Action):
    """Closes picks; ``horses`` are scratched late (after the picks were made)."""

    kind = "scratches"
    horses: tuple[str, ...]

    def __str__(self) -> str:
        late = ", ".join(self.horses) or "no late scratches"
        return f"close picks ({late})"


@dataclass(frozen=True)
class PostResult(Action):
    """Final odds and official finish for each horse on the card, in card order: odds ''
    and finish None for a scratched horse or one nobody needs. ``official`` False posts
    it for review: nothing is scored until the keeper declares it official."""

    kind = "result"
    odds: tuple[str, ...]
    finish: tuple[int | None, ...]
    official: bool = True


@dataclass(frozen=True)
class Official(Action):
    """The score keeper declares the result under review official: it is scored now."""

    kind = "official"

    def __str__(self) -> str:
        return "the result is official"


@dataclass(frozen=True)
class Correction(Action):
    """The last official result, corrected: every marker is scored again from it."""

    kind = "correction"
    odds: tuple[str, ...]
    finish: tuple[int | None, ...]


class _Codec(ActionCodec):
    """Reads a field missing from an older log as its default."""

    def from_json(self, data: dict[str, Any]) -> Action:
        cls = {c.kind: c for c in ACTIONS}.get(str(data.get("kind")))
        if cls is not None:
            defaults = {
                f.name: f.default
                for f in dataclasses.fields(cls)
                if f.default is not dataclasses.MISSING and f.name not in data
            }
            data = {**data, **defaults}
        return super().from_json(data)


ACTIONS: tuple[type[Action], ...] = (
    Pick,
    SitOut,
    PostCard,
    PostScratches,
    PostResult,
    Official,
    Correction,
)
CODEC = _Codec(ACTIONS)
