"""Race files (TOML scoresheets): conditions and the entries in post-position order.

A race file names horses and jockeys by card reference or writes them inline, may
preset an entry's Adjusted Power Rating and may give the real-life odds. Loading
resolves everything into a self-contained :class:`Race`, which is what a saved run
stores, so a replay never depends on the card files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, field_validator

from homestretch.core.content import read_toml
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.odds import Odds
from homestretch.games.stretch.content.apr import AprWorking, starting_apr
from homestretch.games.stretch.content.card_set import (
    CardSet,
    HorseCard,
    JockeyCard,
    Name,
    PlainText,
    describe_validation,
    load_card_set,
)
from homestretch.games.stretch.content.chart_set import FURLONGS
from homestretch.games.stretch.content.conditions import CONDITIONS

BUNDLED_RACES = Path(__file__).parent / "races"
Surface = Literal["dirt", "turf", "synthetic"]


class EntrySpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    horse: str | HorseCard
    jockey: str | JockeyCard
    apr: StrictInt | None = Field(default=None, ge=0, le=29)  # true is not a rating
    odds: str | None = None

    @field_validator("odds")
    @classmethod
    def _odds(cls, value: str | None) -> str | None:
        if value is not None:
            Odds.parse(value)
        return value


class RaceSpec(BaseModel):
    """The race file as written."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    date: PlainText = ""
    track: PlainText = ""
    furlongs: float = Field(ge=FURLONGS[0], le=FURLONGS[1], allow_inf_nan=False)
    surface: Surface = "dirt"
    condition: str = "fast"
    wet_effect: StrictInt | None = Field(default=None, ge=-3, le=0)
    cards: str | None = None
    notes: str = ""
    entries: list[EntrySpec] = Field(min_length=2, max_length=20)

    @field_validator("condition")
    @classmethod
    def _condition(cls, value: str) -> str:
        if value.lower() not in CONDITIONS:
            raise ValueError(f"condition must be one of {', '.join(CONDITIONS)}")
        return value.lower()


class Runner(BaseModel):
    """One resolved entry: everything the scoresheet needs, inline."""

    model_config = ConfigDict(frozen=True)

    post: int
    horse: HorseCard
    jockey: JockeyCard
    start_apr: int
    apr_working: str
    real_odds: str | None = None


class Race(BaseModel):
    """A resolved race: self-contained, JSON-safe (``model_dump``), stored with every run."""

    model_config = ConfigDict(frozen=True)

    name: str
    date: str
    track: str
    furlongs: float
    surface: Surface
    condition: str
    wet_effect: int
    notes: str
    runners: list[Runner]

    @property
    def has_real_odds(self) -> bool:
        return all(r.real_odds is not None for r in self.runners)

    @property
    def distance(self) -> str:
        return describe_distance(self.furlongs)


def describe_distance(furlongs: float) -> str:
    miles, rest = divmod(furlongs, 8)
    eighths = {
        0: "",
        0.5: " 1/16",
        1: " 1/8",
        2: " 1/4",
        3: " 3/8",
        4: " 1/2",
        5: " 5/8",
        6: " 3/4",
        7: " 7/8",
        1.5: " 3/16",
    }
    if miles >= 1 and rest in eighths:
        word = "mile" if miles == 1 and rest == 0 else "miles"
        return f"{int(miles)}{eighths[rest]} {word}"
    return f"{furlongs:g} furlongs"


def resolve_race_path(ref: str | Path) -> Path:
    """A race is a file path or the name of a bundled race (``2009-champagne-stakes``)."""
    path = Path(ref)
    if path.exists():
        return path
    bundled = BUNDLED_RACES / f"{ref}.toml"
    if bundled.exists():
        return bundled
    from difflib import get_close_matches  # only on a mistake: 13 ms at every start else

    names = [race.stem for race in bundled_races()]
    near = get_close_matches(str(ref), names, n=1)
    hint = f"did you mean {near[0]}?" if near else "see `homestretch stretch races`"
    raise HomestretchError(f"{ref}: no such race file, and no bundled race of that name ({hint})")


def bundled_races() -> list[Path]:
    return sorted(BUNDLED_RACES.glob("*.toml"))


def bundled_race(name: str) -> Race:
    """A bundled race by its name (``2009-champagne-stakes``), never a file's path: a
    configuration sent to the server names one this way."""
    names = [race.stem for race in bundled_races()]
    if name not in names:
        raise HomestretchError(f"race: no bundled race {name!r} (see `homestretch stretch races`)")
    return load_race(BUNDLED_RACES / f"{name}.toml")


def load_race(ref: str | Path, estimate_surface: bool = False) -> Race:
    path = resolve_race_path(ref)
    data: dict[str, Any] = read_toml(path)
    try:
        # strict: TOML has numbers, so a rating written as "17" is a slip, not a 17 (card
        # files are CSV text and are read leniently)
        spec = RaceSpec.model_validate(data, strict=True)
    except ValidationError as exc:
        raise ContentError(path, describe_validation(exc)) from None
    except HomestretchError as exc:
        raise ContentError(path, str(exc)) from None
    cards = load_card_set(_cards_folder(path, spec.cards))
    try:
        return build_race(spec, cards, estimate_surface)
    except HomestretchError as exc:
        raise ContentError(path, str(exc)) from None


def _cards_folder(race_path: Path, cards: str | None) -> Path | None:
    if cards is None or cards == "standard":
        return None
    folder = (race_path.parent / cards).resolve()
    if not folder.is_dir():
        raise ContentError(race_path, f"card set folder {cards!r} not found", "cards")
    return folder


def build_race(spec: RaceSpec, cards: CardSet, estimate_surface: bool = False) -> Race:
    wet_effect = spec.wet_effect if spec.wet_effect is not None else CONDITIONS[spec.condition]
    surface = "turf" if spec.surface == "turf" else "dirt"  # synthetic runs as dirt (p. 7)
    runners = []
    entered: dict[str, int] = {}
    riding: dict[str, int] = {}
    for post, entry in enumerate(spec.entries, start=1):
        horse = entry.horse if isinstance(entry.horse, HorseCard) else cards.horse(entry.horse)
        card = horse.id or horse.name  # two cards of one horse (1972, 1973) may meet
        if card in entered:
            raise HomestretchError(f"entry {post}: {card} is already entry {entered[card]}")
        entered[card] = post
        jockey = (
            entry.jockey if isinstance(entry.jockey, JockeyCard) else cards.jockey(entry.jockey)
        )
        rider = jockey.id or jockey.name
        if rider in riding and not jockey.house_rider:  # one jockey, one mount (ruling S16)
            raise HomestretchError(
                f"entry {post}: {jockey.name} already rides entry {riding[rider]}; "
                "a jockey rides one horse in a race (a house rider may ride several)"
            )
        riding[rider] = post
        if entry.apr is not None:
            apr, working = entry.apr, "preset on the scoresheet"
        else:
            try:
                built: AprWorking = starting_apr(
                    horse, surface, spec.furlongs, wet_effect, estimate_surface
                )
            except HomestretchError as exc:
                raise HomestretchError(f"entry {post}: {exc}") from None
            apr, working = built.apr, built.explain()
        runners.append(
            Runner(
                post=post,
                horse=horse,
                jockey=jockey,
                start_apr=apr,
                apr_working=working,
                real_odds=entry.odds,
            )
        )
    return Race(
        name=spec.name,
        date=spec.date,
        track=spec.track,
        furlongs=spec.furlongs,
        surface=spec.surface,
        condition=spec.condition,
        wet_effect=wet_effect,
        notes=spec.notes,
        runners=runners,
    )
