"""Race files (TOML scoresheets): conditions and the entries in post-position order.

A race file names horses and jockeys by card reference or writes them inline, may
preset an entry's Adjusted Power Rating and may give the real-life odds. Loading
resolves everything into a self-contained :class:`Race`, which is what a saved run
stores, so a replay never depends on the card files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, ValidationError

from homestretch.core.content import read_toml
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.games.stretch.content.card_set import (
    CardSet,
    HorseCard,
    JockeyCard,
    Name,
    PlainText,
    describe_validation,
    load_card_set,
    nearest_choice,
)
from homestretch.games.stretch.content.cards_plain import (
    CARD_FILES,
    STANDARD_CARDS,
    Cards,
    Horse,
    Jockey,
    nearest_word,
)
from homestretch.games.stretch.content.chart_set import FURLONGS
from homestretch.games.stretch.content.race_plain import (
    BUNDLED_RACES,
    FieldRule,
    NoCardForEntry,
    PlainContent,
    Surface,
    build_runners,
    bundled_races,
    condition_named,
    odds_text,
    race_terms,
    resolve_race_path,
    surface_named,
)

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails


class EntrySpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    horse: str | HorseCard
    jockey: str | JockeyCard
    apr: StrictInt | None = Field(default=None, ge=0, le=29)  # true is not a rating
    odds: Annotated[str | None, AfterValidator(odds_text)] = None


class RaceSpec(BaseModel):
    """The race file as written."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    date: PlainText = ""
    track: PlainText = ""
    furlongs: float = Field(ge=FURLONGS[0], le=FURLONGS[1], allow_inf_nan=False)
    surface: Annotated[str, AfterValidator(surface_named)] = "dirt"
    condition: Annotated[str, AfterValidator(condition_named)] = "fast"
    wet_effect: StrictInt | None = Field(default=None, ge=-3, le=0)
    course_seconds_per_furlong: float = Field(default=0.0, ge=-1, le=2, allow_inf_nan=False)
    """The course's own clock beside the going chart's (ruling S22): Ascot's stiff mile
    slower, a fast North American track quicker; 0 for a course like most."""
    cards: str | None = None
    notes: str = ""
    entries: list[EntrySpec] = Field(min_length=2, max_length=20)


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
    course_seconds_per_furlong: float = 0.0
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
    yards = round(rest * YARDS_A_FURLONG)
    if miles >= 1 and rest < 1 and abs(rest * YARDS_A_FURLONG - yards) < 1:
        # a mile and 70 yards (8.32 furlongs), as a chart says it
        return f"{int(miles)} {'mile' if miles == 1 else 'miles'} {yards} yards"
    whole, half = divmod(furlongs, 1)
    if half == 0.5:  # 5 1/2 furlongs, as a program prints it (not 5.5)
        return f"{int(whole)} 1/2 furlongs"
    return f"{furlongs:g} furlongs"


YARDS_A_FURLONG = 220


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
    if not data:
        raise ContentError(path, EMPTY)
    try:
        # strict: TOML has numbers, so a rating written as "17" is a slip, not a 17 (card
        # files are CSV text and are read leniently)
        spec = RaceSpec.model_validate(data, strict=True)
    except ValidationError as exc:
        said = _entries_in_words(exc) or describe_validation(exc, _nearest_name, RaceSpec)
        raise ContentError(path, said) from None
    except HomestretchError as exc:
        raise ContentError(path, str(exc)) from None
    cards = load_card_set(_cards_folder(path, spec.cards))
    try:
        return build_race(spec, cards, estimate_surface)
    except NoCardForEntry as exc:
        own = _own_cards_beside(path, spec) if spec.cards is None else None
        if own is None:
            raise ContentError(path, str(exc)) from None
        raise ContentError(
            path,
            f"entry {exc.post}: {exc.card.problem} in the standard cards, and the race file "
            f'names no other; the card set in {own} has it: write cards = "{own}" at the '
            "top of the race file",
        ) from None
    except HomestretchError as exc:
        raise ContentError(path, str(exc)) from None


def _own_cards_beside(path: Path, spec: RaceSpec) -> str | None:
    """For a race file naming no card set, whose cards the standard set lacks: the card
    set beside it (a content copy's ``../cards``, or its own folder's ``cards``) with
    which the race is whole, as its ``cards`` would name it; None if there is none."""
    for named in ("../cards", "cards"):
        folder = path.parent / named
        if not (folder / CARD_FILES[0]).is_file() or folder.resolve() == STANDARD_CARDS:
            continue
        try:
            build_race(spec, load_card_set(folder.resolve()))
        except HomestretchError:
            continue
        return named
    return None


EMPTY = (
    "the file is empty (nothing but blank lines or comments): a race file needs a name, "
    "furlongs and at least 2 runners, each an [[entries]] table naming a horse and a jockey "
    "(`homestretch stretch content DIR --part races` copies examples to DIR)"
)
"""Said of a race file with nothing in it, where each key it lacks would be named alone."""


ENTRIES = "each runner is an [[entries]] table (two brackets each side), one for each horse"
"""How a race file writes its runners, said where a file wrote them some other way."""


def _entries_in_words(exc: ValidationError) -> str | None:
    """A race file's runners written in a table of another name (``[[entry]]``), in one
    table (``[entries]``), or too few or too many: said in the race file's own terms, not
    as the key they leave missing. None: anything else, for ``describe_validation``."""
    errors = exc.errors()
    for error in errors:
        if error["type"] != "extra_forbidden" or len(error["loc"]) != 1:
            continue
        key, value = error["loc"][0], error["input"]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            return f"[[{key}]]: not a table a race file reads; {ENTRIES}"
        if isinstance(value, dict):
            return f"[{key}]: not a table a race file reads; {ENTRIES}"
    if len(errors) != 1 or errors[0]["loc"] != ("entries",):
        return None
    error = errors[0]
    if error["type"] == "missing":
        return f"no runners, where a race has at least 2; {ENTRIES}"
    if error["type"] == "list_type" and isinstance(error["input"], dict):
        return f"[entries]: {ENTRIES}"
    if error["type"] in ("too_short", "too_long"):
        size = len(error["input"])
        bound = "at least 2" if error["type"] == "too_short" else "at most 20"
        return f"entries: {size} runner{'s' * (size != 1)}, where a race has {bound}; {ENTRIES}"
    return None


def _nearest_name(path: list[str | int], error: ErrorDetails) -> str:
    """What a race file most likely meant by a key or a choice it names wrong (a card
    named wrong is answered by the card set: ``cards_plain.nearest``)."""
    typed, within = path[-1] if path else None, path[:-1]
    if error["type"] == "extra_forbidden" and isinstance(typed, str):
        model: type[BaseModel] = RaceSpec
        if within[:1] == ["entries"]:
            model = EntrySpec
        if len(within) > 2:
            model = HorseCard if within[2] == "horse" else JockeyCard
        if model is EntrySpec and len(within) == 2 and typed in RaceSpec.model_fields:
            # TOML puts a key written below an [[entries]] header in that entry
            return (
                " It is a key of the race: write it above the first [[entries]] (below one, "
                "TOML reads it as that entry's)"
            )
        keys = [field.alias or name for name, field in model.model_fields.items()]
        # no key near it ("distance" for furlongs): the keys one may write there
        return nearest_word(typed, keys) or f" The keys here: {', '.join(keys)}."
    return nearest_choice(path, error)  # a surface, or an inline card's sex or form


def _cards_folder(race_path: Path, cards: str | None) -> Path | None:
    if cards is None or cards == "standard":
        return None
    folder = (race_path.parent / cards).resolve()
    if folder.is_file() and folder.name in CARD_FILES:
        raise ContentError(
            race_path,
            f"cards names the folder that holds {' and '.join(CARD_FILES)}, not a file. "
            f"Nearest: {Path(cards).parent}.",
            "cards",
        )
    if not folder.is_dir():
        try:
            folders = [p.name for p in folder.parent.iterdir() if p.is_dir()]
        except OSError:  # its parent is not there either
            folders = []
        near = nearest_word(folder.name, folders)
        if near:  # written as the file would write it
            near = f". Nearest: {Path(cards).parent / near.removeprefix(' Nearest: ').rstrip('.')}."
        elif (race_path.resolve().parent.parent / cards).is_dir():  # a copied content folder
            near = f" (a folder is named from the race file's own folder). Nearest: ../{cards}."
        else:
            near = " (a folder is named from the race file's own folder)"
        raise ContentError(race_path, f"card set folder {cards!r} not found{near}", "cards")
    return folder


def build_race(spec: RaceSpec, cards: CardSet, estimate_surface: bool = False) -> Race:
    surface, wet_effect = race_terms(spec.surface, spec.condition, spec.wet_effect)
    runners = build_runners(
        [(entry.horse, entry.jockey, entry.apr, entry.odds) for entry in spec.entries],
        spec.furlongs,
        surface,
        wet_effect,
        cards.horse,
        cards.jockey,
        estimate_surface,
    )
    return Race(
        name=spec.name,
        date=spec.date,
        track=spec.track,
        furlongs=spec.furlongs,
        surface=surface_named(spec.surface),  # already so: typed as the choice it is
        condition=spec.condition,
        wet_effect=wet_effect,
        course_seconds_per_furlong=spec.course_seconds_per_furlong,
        notes=spec.notes,
        runners=[
            Runner(
                post=post,
                horse=horse,
                jockey=jockey,
                start_apr=apr,
                apr_working=working,
                real_odds=odds,
            )
            for post, horse, jockey, apr, working, odds in runners
        ],
    )


def plain_content(folder: Path) -> PlainContent | None:
    """The card set in ``folder`` as the models checked it, as plain records, with the
    race file's rules taken from the models (``race_plain``: what `stretch odds` reads
    without pydantic); None if a model has a field ``plain_rules`` cannot take as data."""
    cards = load_card_set(folder)
    rules = plain_rules(RaceSpec)
    if rules is None:
        return None
    return PlainContent(
        Cards(
            cards.folder,
            {
                key: Horse(*(getattr(h, name) for name in Horse._fields))
                for key, h in cards.horses.items()
            },
            {
                key: Jockey(*(getattr(j, name) for name in Jockey._fields))
                for key, j in cards.jockeys.items()
            },
        ),
        rules,
    )


def plain_rules(model: type[BaseModel]) -> dict[str, FieldRule] | None:
    """``model``'s fields as data (``race_plain.FieldRule``), read from the model itself:
    None where it has anything this cannot state exactly (a validator of the model's own,
    an alias, a default made by a function, a type or a constraint of another kind), so
    the plain reader is never given a rule it would apply differently."""
    import dataclasses
    import types
    import typing

    import annotated_types
    from pydantic.types import AllowInfNan, Strict

    decorators = model.__pydantic_decorators__
    if model.model_config.get("extra") != "forbid" or any(
        getattr(decorators, f.name) for f in dataclasses.fields(decorators)
    ):
        return None
    rules: dict[str, FieldRule] = {}
    for name, field in model.model_fields.items():
        if field.alias not in (None, name) or field.validation_alias is not None:
            return None
        if field.default_factory is not None:
            return None
        kinds: set[str] = set()
        choices: tuple[str, ...] | None = None
        entries: dict[str, FieldRule] | None = None
        annotation = field.annotation
        union = typing.get_origin(annotation) in (typing.Union, types.UnionType)
        for member in typing.get_args(annotation) if union else (annotation,):
            if typing.get_origin(member) is Annotated:
                member, *extra = typing.get_args(member)
                if not all(isinstance(m, Strict) and m.strict for m in extra):
                    return None
            origin = typing.get_origin(member)
            if member in (str, int, float):
                kinds.add(member.__name__)
            elif member is type(None):
                kinds.add("none")
            elif (
                origin is Literal
                and not union
                and all(type(c) is str for c in typing.get_args(member))
            ):
                choices = typing.get_args(member)
            elif origin is list and not union:
                (item,) = typing.get_args(member)
                inner = (
                    plain_rules(item)
                    if isinstance(item, type) and issubclass(item, BaseModel)
                    else None
                )
                if inner is None:
                    return None
                entries = inner
            elif union and isinstance(member, type) and issubclass(member, BaseModel):
                pass  # a card written inline: the models read it
            else:
                return None
        bounds: dict[str, Any] = {}
        checks = []
        finite = False
        for item in field.metadata:
            if isinstance(item, annotated_types.Ge):
                bounds["ge"] = item.ge
            elif isinstance(item, annotated_types.Le):
                bounds["le"] = item.le
            elif isinstance(item, annotated_types.MinLen):
                bounds["min_length"] = item.min_length
            elif isinstance(item, annotated_types.MaxLen):
                bounds["max_length"] = item.max_length
            elif isinstance(item, AllowInfNan) and not item.allow_inf_nan:
                finite = True
            elif isinstance(item, AfterValidator) and isinstance(item.func, types.FunctionType):
                checks.append(item.func)
            else:
                return None
        required = field.is_required()
        rules[name] = FieldRule(
            required=required,
            default=None if required else field.default,
            kinds=frozenset(kinds),
            choices=choices,
            entries=entries,
            ge=bounds.get("ge"),
            le=bounds.get("le"),
            min_length=bounds.get("min_length"),
            max_length=bounds.get("max_length"),
            finite=finite,
            checks=tuple(checks),
        )
    return rules
