"""What players and the Official Score Keeper do, as typed actions (section 2, Play in
Order). Players pick a horse to Win, Place or Show (and may pick again until the keeper
closes picks; with sealed picks the pick is one ticket the other seats cannot read); a
player whose horse is scratched late picks again or sits out. The score keeper posts
the race card (with the scratches known before post) or has Top of the Stretch run one,
may load a day's card, adds (or corrects) a morning line while picks are open (R28),
closes picks with any late scratches, posts the result for review (or runs the
simulated race), declares it official, and may correct the last official result before
the next race is carded.

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
class SealedPick(Action):
    """A pick under sealed picks (R22): ``ticket`` is ``MARKER|BET|HORSE``, one string,
    so the log can show it to its own seat only (every other seat reads "hidden")."""

    kind = "sealed-pick"
    at_once = True  # made at the same time as the others' (docs/architecture.md)
    ticket: str

    def __str__(self) -> str:
        _, bet, horse = (str(self.ticket).split("|", 2) + ["", ""])[:3]
        return f"{bet} on {horse} (sealed)"


def ticket(marker: int, pick: Pick) -> str:
    return f"{marker}|{pick.bet}|{pick.horse}"


def opened(action: SealedPick) -> tuple[int, Pick] | None:
    """The marker and pick a ticket holds, or None if it does not read."""
    parts = action.ticket.split("|", 2)
    if len(parts) != 3 or not parts[0].isdigit():
        return None
    return int(parts[0]), Pick(parts[2], parts[1])


@dataclass(frozen=True)
class Ready(Action):
    """A marker's pick stands: with ``confirm``, picks close only when every racing
    marker has said so (or the keeper closes them)."""

    kind = "ready"
    at_once = True  # made at the same time as the others' (docs/architecture.md)

    def __str__(self) -> str:
        return "my pick stands"


@dataclass(frozen=True)
class SitOut(Action):
    kind = "sit-out"
    at_once = True  # made at the same time as the others' (docs/architecture.md)

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
class TypedCard(Action):
    """The card as the keeper typed it at the desk, each field as typed: ``field`` '1
    Alpha, 1A Bravo, 3 Charlie' (or names alone, numbered 1, 2, 3), ``odds`` the
    morning lines in that order, commas (blank if none), ``scratched`` program numbers
    or names. The state reads it as a ``PostCard``, and says in one line what does not
    read, so the card is checked in one place."""

    kind = "typed-card"
    race: str
    field: str
    odds: str = ""
    scratched: str = ""


@dataclass(frozen=True)
class MorningLine(Action):
    """Morning lines added to the card (or corrected) while picks are open (R28):
    ``horses`` on the card, ``odds`` each one's line now, in the same order ('': not
    known). The card every seat sees shows them; nothing is scored by them (R11)."""

    kind = "morning-line"
    horses: tuple[str, ...]
    odds: tuple[str, ...]


@dataclass(frozen=True)
class PostScratches(Action):
    """Closes picks; ``horses`` are scratched late (after the picks were made);
    ``sit_out`` the markers who had not picked (a phone died), who sit this race out
    (ruling R23): the keeper names them, so nobody is left out by a slip."""

    kind = "scratches"
    horses: tuple[str, ...]
    sit_out: tuple[int, ...] = ()

    def __str__(self) -> str:
        late = ", ".join(self.horses) or "no late scratches"
        return f"close picks ({late})"


@dataclass(frozen=True)
class Simulate(Action):
    """Card a race run by Top of the Stretch: one of its bundled races (``race`` a file
    name without .toml; blank: the dice choose) in ``mode`` quick or full. The dice of
    the table run it; the field and odds are the card, the result waits for ``RunRace``."""

    kind = "simulate"
    race: str = ""
    mode: str = "quick"

    def __str__(self) -> str:
        return f"a Top of the Stretch race ({self.race or 'any'}, {self.mode})"


@dataclass(frozen=True)
class RunRace(Action):
    """They're off: the simulated race's official finish and final odds are posted for
    review, and its call is shown."""

    kind = "run"

    def __str__(self) -> str:
        return "run the race"


@dataclass(frozen=True)
class DayCard(Action):
    """The day's card (or results) file, as uploaded: its races are offered to post,
    in order, from the next race on. ``file`` names it (.csv or .json)."""

    kind = "day-card"
    file: str
    text: str

    def __str__(self) -> str:
        return f"load the day's card {self.file}"


@dataclass(frozen=True)
class PostResult(Action):
    """Final odds and official finish for each horse on the card, in card order: odds ''
    and finish None for a scratched horse or one nobody needs. ``official`` False posts
    it for review: nothing is scored until the keeper declares it official."""

    kind = "result"
    odds: tuple[str, ...]
    finish: tuple[int | None, ...]
    official: bool = True
    typed: str = ""
    """The finish as the keeper typed it at the desk ('3=1, 5, 2', program numbers or
    names; ``finish`` then empty): the state reads it, and says in one line what is
    wrong with it, so the finish is checked in one place."""
    call_headings: tuple[str, ...] = dataclasses.field(default=(), metadata={"form": False})
    call_words: tuple[str, ...] = dataclasses.field(default=(), metadata={"form": False})
    """The race call of a race Top of the Stretch ran for the computer score keeper (a
    ``simulate`` feed), part by part, as the terminal calls it: kept with the result, so
    the pages, the TV and the saved history show the race, not only its finish. Empty
    for a result a person posts; not a field of the page's form for one."""

    def __str__(self) -> str:
        shown = [f for f in dataclasses.fields(self) if not f.name.startswith("call_")]
        return " ".join([self.kind, *(str(getattr(self, f.name)) for f in shown)])


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
    typed: str = ""
    """The finish as typed, as ``PostResult.typed``."""


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
    SealedPick,
    Ready,
    SitOut,
    Simulate,
    RunRace,
    DayCard,
    PostCard,
    TypedCard,
    MorningLine,
    PostScratches,
    PostResult,
    Official,
    Correction,
)
CODEC = _Codec(ACTIONS)
