"""A race file read for `stretch odds` without pydantic, where that is sure to be right.

Importing pydantic and building the card and race models costs a tenth of a second here,
the whole of the time `odds` has to show its first answer (issue 17). race.py's models
stay the one definition of a valid race file and card; this module never decides
validity on rules of its own:

- the standard cards come from a kept entry (``kept_content``, through ``core.kept``:
  named by a digest of the card files and of every module the checks are made by, and
  read back only whole) made from the card set the models checked, as plain records
  (``cards_plain``);
- the race file is read against the models' own fields, taken from them as data when
  that entry was made (``race.plain_rules``: each field's types, bounds, lengths and
  check functions, the same functions the models call), by ``vouch``. It vouches for a
  file only when every value is of a kind it reads exactly as pydantic does in strict
  mode (text, whole and decimal numbers, an array of entries naming cards by
  reference) and passes every check; anything else at all -- a card written inline,
  another card folder, a value out of bounds, a name that is not there -- is not
  vouched for, and the race is read by ``race.load_race``, which says what is wrong
  in the one message it always gave. A plain reader can only ever accept less than
  the models, never more (tests hold it to pydantic on thousands of damaged files).

The race this gives is a ``PlainRace`` of the same values as the model's ``Race``
(the same fields; the exact cache names both alike).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, get_args

from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import either_of, nearest, nearest_all
from homestretch.core.odds import Odds
from homestretch.games.stretch.content.apr import starting_apr
from homestretch.games.stretch.content.cards_plain import (
    CARD_FILES,
    STANDARD_CARDS,
    Cards,
    Horse,
    Jockey,
    NoSuchCard,
    house_rider,
)
from homestretch.games.stretch.content.conditions import CONDITIONS
from homestretch.games.stretch.content.going import chart_surface

if TYPE_CHECKING:
    from typing import TypeAlias

    from homestretch.games.stretch.content.card_set import HorseCard, JockeyCard
    from homestretch.games.stretch.content.race import Race, Runner

    AnyRace: TypeAlias = "Race | PlainRace"
    """A race as the models built it, or its plain record."""
    AnyRunner: TypeAlias = "Runner | PlainRunner"

BUNDLED_RACES = Path(__file__).parent / "races"


def resolve_race_path(ref: str | Path) -> Path:
    """A race is a file path or the name of a bundled race (``2009-champagne-stakes``)."""
    path = Path(ref)
    if path.exists():
        return path
    bundled = BUNDLED_RACES / f"{ref}.toml"
    if bundled.exists():
        return bundled
    near = nearest(str(ref), [race.stem for race in bundled_races()]) or _named(str(ref))
    hint = (
        f"did you mean {near}?"
        if near
        else "see `homestretch stretch races`; `homestretch stretch new` builds a race file"
    )
    raise HomestretchError(f"{ref}: no such race file, and no bundled race of that name ({hint})")


def _named(ref: str) -> str | None:
    """The bundled race whose name (not its file's) ``ref`` nearest writes, as "its-file
    (Its Name)": `stretch races` lists "Allowance Optional Claiming" beside
    allowance-turf-route, and a fan types the name it reads."""
    import tomllib

    def key(text: str) -> str:
        return "-".join(text.lower().replace("_", " ").split())

    named: dict[str, tuple[str, str]] = {}
    for race in bundled_races():
        name = tomllib.loads(race.read_text(encoding="utf-8")).get("name")
        if isinstance(name, str):
            named.setdefault(key(name), (race.stem, name))
    near = nearest_all(key(Path(ref).stem), named)
    return either_of([f"{named[n][0]} ({named[n][1]})" for n in near]) or None


def bundled_races() -> list[Path]:
    return sorted(BUNDLED_RACES.glob("*.toml"))


def condition_named(value: str) -> str:
    """A track condition, any capitals (the race file's ``condition``), in small letters;
    else refused as the choice it is, as ``surface`` is."""
    if value.lower() not in CONDITIONS:
        raise _not_a_choice(CONDITIONS)
    return value.lower()


Surface = Literal["dirt", "turf", "synthetic"]
SURFACES: tuple[Surface, ...] = get_args(Surface)
"""The surfaces a race file may name: synthetic runs as dirt (page 7)."""


def surface_named(value: str) -> Surface:
    """A surface, any capitals (the race file's ``surface``, as its ``condition``), in
    small letters; else refused as the choice it is (the choices, and the nearest)."""
    if value.lower() not in SURFACES:
        raise _not_a_choice(SURFACES)
    return next(surface for surface in SURFACES if surface == value.lower())


def _not_a_choice(choices: Iterable[str]) -> Exception:
    """pydantic's error for a value that is none of ``choices`` (a ``Literal``'s), which
    ``card_set.describe_validation`` words ("surface: 'mud' is not one of dirt, ...")
    with the nearest choice."""
    from pydantic_core import PydanticCustomError  # only on a mistake: no pydantic else

    *most, last = choices
    expected = f"{', '.join(map(repr, most))} or {last!r}"
    return PydanticCustomError(
        "literal_error", "Input should be {expected}", {"expected": expected}
    )


def odds_text(value: str | None) -> str | None:
    """Real-life odds as a race file writes them (``5/2``), refused unless they read."""
    if value is not None:
        try:
            Odds.parse(value)
        except HomestretchError as exc:  # said as the entry's fault: "entry 2.odds: ..."
            raise ValueError(str(exc)) from None
    return value


class PlainRunner(NamedTuple):
    """``race.Runner``'s values (its fields, in its order)."""

    post: int
    horse: Horse
    jockey: Jockey
    start_apr: int
    apr_working: str
    real_odds: str | None


class PlainRace(NamedTuple):
    """``race.Race``'s values (its fields, in its order)."""

    name: str
    date: str
    track: str
    furlongs: float
    surface: str
    condition: str
    wet_effect: int
    course_seconds_per_furlong: float
    notes: str
    runners: tuple[PlainRunner, ...]


H = TypeVar("H", "HorseCard", Horse)
J = TypeVar("J", "JockeyCard", Jockey)


class NoCardForEntry(HomestretchError):
    """A race's entry naming a card its card set does not have: said with the nearest
    cards and the command that lists them; ``card`` keeps the card set's own words."""

    def __init__(self, post: int, card: NoSuchCard) -> None:
        super().__init__(f"entry {post}: {card.problem}.{card.nearest} ({card.listed_by})")
        self.post = post
        self.card = card


def build_runners(
    entries: Sequence[tuple[str | H, str | J, int | None, str | None]],
    furlongs: float,
    surface: str,
    wet_effect: int,
    horse_of: Callable[[str], H],
    jockey_of: Callable[[str], J],
    estimate_surface: bool = False,
) -> list[tuple[int, H, J, int, str, str | None]]:
    """Each entry (horse, jockey, preset APR, odds), its cards found and its starting APR
    worked out: (post, horse, jockey, APR, how it was reached, odds). ``surface`` is the
    one run on (synthetic runs as dirt), ``wet_effect`` the one in force."""
    runners = []
    entered: dict[str, int] = {}
    riding: dict[str, int] = {}
    for post, (horse_ref, jockey_ref, preset, odds) in enumerate(entries, start=1):
        try:
            horse = horse_of(horse_ref) if isinstance(horse_ref, str) else horse_ref
            jockey = jockey_of(jockey_ref) if isinstance(jockey_ref, str) else jockey_ref
        except NoSuchCard as exc:  # the entry named, not the card file in the install
            raise NoCardForEntry(post, exc) from None
        except ContentError as exc:
            raise HomestretchError(f"entry {post}: {exc.problem}.") from None
        card = horse.id or horse.name  # two cards of one horse (1972, 1973) may meet
        if card in entered:
            raise HomestretchError(f"entry {post}: {card} is already entry {entered[card]}")
        entered[card] = post
        rider = jockey.id or jockey.name
        if rider in riding and not house_rider(jockey.id):  # one jockey, one mount (S16)
            raise HomestretchError(
                f"entry {post}: {jockey.name} already rides entry {riding[rider]}; "
                "a jockey rides one horse in a race (a house rider may ride several)"
            )
        riding[rider] = post
        if preset is not None:
            apr, working = preset, PRESET
        else:
            try:
                built = starting_apr(horse, surface, furlongs, wet_effect, estimate_surface)
            except HomestretchError as exc:
                raise HomestretchError(f"entry {post}: {exc}") from None
            apr, working = built.apr, built.explain()
        runners.append((post, horse, jockey, apr, working, odds))
    return runners


PRESET = "preset on the scoresheet"
"""How an entry's starting APR was reached when its race file gives it (``apr``)."""

PRESET_GAP = 3
"""Points a preset APR may lie from its horse's card before it is warned of (ruling S24)."""


def presets_far_off(race: AnyRace) -> list[tuple[AnyRunner, int]]:
    """Each runner whose preset ``apr`` lies PRESET_GAP points or more from the APR its own
    card gives (ruling S5), with that APR: nothing ties a preset to its horse, so an entry
    copied with its ``apr`` and given another horse runs on the old horse's rating. A card
    with no Power rating for the surface gives none, and its preset stands unremarked."""
    far = []
    for runner in race.runners:
        if runner.apr_working != PRESET:
            continue
        try:
            surface = chart_surface(race.surface)
            own = starting_apr(runner.horse, surface, race.furlongs, race.wet_effect).apr
        except HomestretchError:
            continue
        if abs(own - runner.start_apr) >= PRESET_GAP:
            far.append((runner, own))
    return far


def race_terms(surface: str, condition: str, wet_effect: int | None) -> tuple[str, int]:
    """The surface a race is run on (synthetic runs as dirt, page 7) and its wet effect
    (the file's, else its condition's)."""
    return (
        chart_surface(surface),
        wet_effect if wet_effect is not None else CONDITIONS[condition],
    )


class FieldRule(NamedTuple):
    """One field of a model, as data (``race.plain_rules`` takes it from the model)."""

    required: bool
    default: Any
    kinds: frozenset[str]
    """What pydantic reads it from in strict mode: str, int, float, none (an int is read
    as a float where float is allowed); a union with a card model lists only the rest."""
    choices: tuple[str, ...] | None  # a Literal of text
    entries: Mapping[str, FieldRule] | None  # a list of another model's fields
    ge: float | None
    le: float | None
    min_length: int | None
    max_length: int | None
    finite: bool
    checks: tuple[Callable[[Any], Any], ...]  # the model's after-validators, in order


_NOT = object()
"""Not vouched for."""


def vouch(data: object, rules: Mapping[str, FieldRule]) -> dict[str, Any] | None:
    """``data``'s fields as the model would have them, defaults filled in, or None
    where anything is not surely valid (then the model itself reads the data)."""
    if type(data) is not dict or any(key not in rules for key in data):
        return None  # every model read here forbids fields it does not have
    fields: dict[str, Any] = {}
    for key, rule in rules.items():
        if key not in data:
            if rule.required:
                return None
            fields[key] = rule.default  # pydantic checks no default
            continue
        value = _value(data[key], rule)
        if value is _NOT:
            return None
        fields[key] = value
    return fields


def _value(value: Any, rule: FieldRule) -> Any:
    kind = type(value)
    if kind is str:
        if rule.choices is not None and value not in rule.choices:
            return _NOT
        if rule.choices is None and "str" not in rule.kinds:
            return _NOT
    elif kind is int and "int" in rule.kinds:
        pass
    elif kind in (int, float) and "float" in rule.kinds:
        try:
            value = float(value)
        except OverflowError:
            return _NOT
        if rule.finite and not math.isfinite(value):
            return _NOT
    elif kind is list and rule.entries is not None:
        entries = [vouch(item, rule.entries) for item in value]
        if any(entry is None for entry in entries):
            return _NOT
        value = entries
    else:
        return _NOT  # true and false, tables, dates, None written out: the model's to say
    if kind in (int, float) and not (
        (rule.ge is None or value >= rule.ge) and (rule.le is None or value <= rule.le)
    ):
        return _NOT
    if (kind is list or kind is str) and not (
        (rule.min_length is None or len(value) >= rule.min_length)
        and (rule.max_length is None or len(value) <= rule.max_length)
    ):
        return _NOT
    for check in rule.checks:
        try:
            value = check(value)
        except Exception:  # the model's message, from the model, if it is asked
            return _NOT
    return value


class PlainContent(NamedTuple):
    """What ``kept_content`` keeps: the standard card set as the models checked it, and
    the race file's fields and its entries' as the models define them."""

    cards: Cards
    race: Mapping[str, FieldRule]  # its entries' rules within


PLAIN_SOURCES = (
    "content/card_set.py",
    "content/cards_plain.py",
    "content/race.py",
    "content/race_plain.py",
    "content/apr.py",
    "content/chart_set.py",
    "content/chart_arrays.py",
    "content/conditions.py",
    "content/going.py",
)
"""The modules a race and its cards are checked and built by, and every module of the
game those import (a test holds it so; core's are added below)."""


def kept_content() -> PlainContent | None:
    """The standard cards and the race file's rules as plain data: kept (``core.kept``),
    else made by the models now (pydantic imported) and kept for the next command. None
    where the models' fields cannot be read as data (then every race is the models')."""
    import importlib.util

    from homestretch.core import content, errors, inputs, kept, odds

    game = Path(__file__).parents[1]  # PLAIN_SOURCES are named from the game's package
    core = [Path(m.__file__ or "") for m in (content, errors, inputs, odds, kept)]
    spec = importlib.util.find_spec("pydantic")  # found, not imported: its version file
    versions = [Path(spec.origin).parent / "version.py"] if spec and spec.origin else []
    made = kept.checked(
        "race-plain",
        STANDARD_CARDS,
        CARD_FILES,
        [game / name for name in PLAIN_SOURCES] + core + versions,
        "",  # no library's objects kept: pydantic's version is among the sources
        _made_by_the_models,
        lambda entry: (
            entry is None  # the models' fields not data: kept so, not made again
            or isinstance(entry, PlainContent)
            and entry.cards.folder == STANDARD_CARDS
        ),
    )
    return made if isinstance(made, PlainContent) else None


def _made_by_the_models() -> PlainContent | None:
    from homestretch.games.stretch.content.race import plain_content

    return plain_content(STANDARD_CARDS)


def load_odds_race(ref: str | Path, estimate_surface: bool = False) -> AnyRace:
    """The race ``ref`` names, as ``race.load_race`` reads it: a ``PlainRace`` when the
    file is surely valid on the models' own rules (no pydantic imported), else the
    models' ``Race`` (or their one message on what is wrong). Estimated surfaces are
    the models' alone."""
    path = resolve_race_path(ref)
    plain = None if estimate_surface else _plain_race(path)
    if plain is not None:
        return plain
    from homestretch.games.stretch.content.race import load_race

    return load_race(path, estimate_surface)


def _plain_race(path: Path) -> PlainRace | None:
    from homestretch.core.content import read_toml

    data = read_toml(path)  # a file TOML cannot read: the same message either way
    if data.get("cards", "standard") != "standard":
        return None  # another card set: read and checked afresh, by the models
    content = kept_content()
    spec = None if content is None else vouch(data, content.race)
    if content is None or spec is None:
        return None
    surface, wet_effect = race_terms(spec["surface"], spec["condition"], spec["wet_effect"])
    cards = content.cards
    try:
        runners = build_runners(
            [(e["horse"], e["jockey"], e["apr"], e["odds"]) for e in spec["entries"]],
            spec["furlongs"],
            surface,
            wet_effect,
            cards.horse,
            cards.jockey,
        )
    except HomestretchError:
        return None  # a card not found, a jockey on two horses: the models' message
    return PlainRace(
        name=spec["name"],
        date=spec["date"],
        track=spec["track"],
        furlongs=spec["furlongs"],
        surface=spec["surface"],
        condition=spec["condition"],
        wet_effect=wet_effect,
        course_seconds_per_furlong=spec["course_seconds_per_furlong"],
        notes=spec["notes"],
        runners=tuple(PlainRunner(*runner) for runner in runners),
    )
