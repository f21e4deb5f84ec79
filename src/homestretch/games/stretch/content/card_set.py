"""Horse and jockey cards (rulebook pages 7-8) and card sets read from CSV files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, NamedTuple, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    model_validator,
)

from homestretch.core.content import content_folder, read_csv, screen_text
from homestretch.core.errors import ContentError
from homestretch.core.inputs import shown, shown_path, shown_value
from homestretch.games.stretch.content.cards_plain import (
    CARD_FILES,
    FACTOR_FIELDS,
    STANDARD_CARDS,
    find_horse,
    find_jockey,
    house_rider,
    nearest_word,
    no_control_characters,
    not_blank,
)

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

PlainText = Annotated[str, AfterValidator(screen_text), AfterValidator(no_control_characters)]
"""Text shown on screen: one printable line (square brackets are drawn as they are)."""
Name = Annotated[PlainText, AfterValidator(not_blank)]
"""A horse's, jockey's or race's name: plain text with something in it."""


def _any_capitals(*choices: str) -> BeforeValidator:
    """A choice read in any capitals (``Colt``: colt; ``c``: C), as a race file's
    ``surface`` and ``condition`` are: a real slip is refused with the nearest choice."""
    by_small = {choice.lower(): choice for choice in choices}

    def named(value: object) -> object:
        return by_small.get(value.strip().lower(), value) if isinstance(value, str) else value

    return BeforeValidator(named)


Form = Annotated[Literal["A", "B", "C", "D", "E"], _any_capitals("A", "B", "C", "D", "E")]
Sex = Annotated[
    Literal["colt", "filly", "horse", "mare", "gelding"],
    _any_capitals("colt", "filly", "horse", "mare", "gelding"),
]


class HorseCard(BaseModel):
    """Every rating the rulebook defines for a horse."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    id: str = ""
    name: Name
    card: str = Field(default="career", description='"career" or the best year, e.g. "1973"')
    sex: Sex = "colt"
    age: int = Field(default=3, ge=2, le=15)
    overall: int | None = Field(default=None, ge=0, le=160)
    power_dirt: int | None = Field(default=None, ge=0, le=29)
    power_turf: int | None = Field(default=None, ge=0, le=29)
    range_low: float = Field(ge=4, le=20)
    range_high: float = Field(ge=4, le=20)
    wet: int = Field(default=0, ge=0, le=3)
    pace: int = Field(ge=0, le=9)
    form: Form
    trip: int = Field(default=0, ge=-3, le=3)
    class_: int = Field(default=0, ge=-3, le=3, alias="class")
    speed: int = Field(default=0, ge=-3, le=3)
    wire: int = Field(default=5, ge=0, le=9)
    note: PlainText = ""

    @model_validator(mode="after")
    def _check(self) -> HorseCard:
        if self.range_low > self.range_high:
            raise ValueError("range_low is above range_high")
        if self.power_dirt is None and self.power_turf is None:
            # page 7: a horse is rated for each surface it ran on, so at least one
            raise ValueError("needs a Power rating: power_dirt, power_turf or both")
        return self

    def factor(self, name: str) -> int:
        rating: int = getattr(self, FACTOR_FIELDS[name])
        return rating


class JockeyCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = ""
    name: Name
    ride: int = Field(ge=-2, le=2)
    trouble: int = Field(ge=2, le=12)
    note: PlainText = ""

    @property
    def house_rider(self) -> bool:
        """A bundled stand-in (``cards_plain.house_rider``)."""
        return house_rider(self.id)


Model = TypeVar("Model", HorseCard, JockeyCard)


def describe_validation(
    exc: ValidationError,
    hint: Callable[[list[str | int], ErrorDetails], str] | None = None,
    model: type[BaseModel] | None = None,
) -> str:
    """The first problem pydantic found, in one line: which field and what is wrong;
    ``hint`` adds to it, from the field's location (model steps left out) and the error.
    A number out of range is said with the field's whole range, read from ``model``
    ("speed: 14 is out of range (-3 to 3)", as a typed count is), not pydantic's "Input
    should be less than or equal to 3"."""
    # The deepest location is the most specific: for "str | HorseCard" it names the
    # rating that is wrong rather than complaining that a table is not a string.
    # On a tie, a table's own fault beats "not a string".
    # A key written wrong beats the key it leaves missing (the one message mends both).
    error = max(
        exc.errors(),
        key=lambda e: (len(e["loc"]), e["type"] == "extra_forbidden", "str" not in e["loc"]),
    )
    parts: list[str] = []
    for part in error["loc"]:
        if isinstance(part, int) and parts and parts[-1] == "entries":
            parts[-1] = f"entry {part + 1}"
        elif isinstance(part, str) and not _model_step(part):
            parts.append(part)
    message = _PLAIN_WORDS.get(error["type"], str(error["msg"]).removeprefix("Value error, "))
    kind = _NUMBER_WORDS.get(error["type"])
    if kind is not None:
        typed = error["input"]
        # a string where a number goes: in TOML (strict) quotes around a number; in a CSV
        # cell (every cell is text) something that is not a number at all
        quoted = error["type"].endswith("_type") and isinstance(typed, str) and _reads(typed)
        unquote = " (write it without quotes)" if quoted else ""
        said = str(typed).lower() if isinstance(typed, bool) else shown_value(typed)
        message = f"should be a {kind}, not {said}{unquote}"
    if error["type"] in _RANGE_WORDS:
        message = _out_of_range(error, model)
    if error["type"] == "literal_error":  # pydantic's "Input should be 'dirt', 'turf' or ..."
        choices = ", ".join(_choices(error))
        message = f"{shown_value(error['input'])} is not one of {choices}"
    if hint is not None:
        path = [p for p in error["loc"] if not (isinstance(p, str) and _model_step(p))]
        near = hint(path, error)
        message = f"{message.rstrip('.')}.{near}" if near else message
    return f"{'.'.join(parts)}: {message}" if parts else message


_NUMBER_WORDS = {
    "int_type": "whole number",
    "int_parsing": "whole number",
    "int_from_float": "whole number",
    "float_type": "number",
    "float_parsing": "number",
}
"""pydantic's "Input should be a valid integer" (and the like) as a designer says it,
with the value that is not one."""
_PLAIN_WORDS = {
    "extra_forbidden": "not a key the program reads (misspelt, or in the wrong table?)",
    "missing": "missing: it must be given",
    "string_type": 'should be text, in quotes ("...")',
}
"""pydantic's words where they are not a designer's (its "Extra inputs are not
permitted", "Field required"), by the error's type."""


_RANGE_WORDS = {
    "greater_than_equal": ("ge", "at least"),
    "greater_than": ("gt", "more than"),
    "less_than_equal": ("le", "at most"),
    "less_than": ("lt", "less than"),
}
"""pydantic's range errors, by type: the bound's name in its context, and in words."""


def _out_of_range(error: ErrorDetails, model: type[BaseModel] | None) -> str:
    """A number outside its field's range, with the range: "14 is out of range (-3 to
    3)"; one bound alone where the field has only one, or the field is not found."""
    typed = error["input"]
    said = typed.strip() if isinstance(typed, str) else _number(typed)
    low, high = _bounds(model, error["loc"]) if model is not None else (None, None)
    if low is not None and high is not None:
        return f"{said} is out of range ({_number(low)} to {_number(high)})"
    key, words = _RANGE_WORDS[error["type"]]
    return f"{said} is out of range ({words} {_number(error.get('ctx', {}).get(key))})"


def _number(value: object) -> str:
    """A number as written: 18.0 (the float --furlongs 18 is read as) as 18."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return shown_value(value)


def _bounds(model: type[BaseModel], loc: tuple[str | int, ...]) -> tuple[object, object]:
    """The least and the greatest value of the field at ``loc`` (through lists and the
    cards a race file writes inline), None for a side that has no bound."""
    import annotated_types

    field = None
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, int) or _model_step(part):
            continue
        if current is None:
            return None, None
        by_key = {f.alias or name: f for name, f in current.model_fields.items()}
        field = by_key.get(part) or current.model_fields.get(part)
        if field is None:
            return None, None
        current = _model_inside(field.annotation)
    if field is None:
        return None, None
    low = high = None
    for bound in field.metadata:
        if isinstance(bound, annotated_types.Ge | annotated_types.Gt):
            low = bound.ge if isinstance(bound, annotated_types.Ge) else bound.gt
        elif isinstance(bound, annotated_types.Le | annotated_types.Lt):
            high = bound.le if isinstance(bound, annotated_types.Le) else bound.lt
    return low, high


def _model_inside(annotation: object) -> type[BaseModel] | None:
    """The model a field holds (``list[EntrySpec]``, ``str | HorseCard``), if any."""
    from typing import get_args

    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for inner in get_args(annotation):
        found = _model_inside(inner)
        if found is not None:
            return found
    return None


def nearest_choice(path: list[str | int], error: ErrorDetails) -> str:
    """For a choice written wrong (``sex = "cold"``; in other capitals it is read): the
    choice it nearest means, as a sentence ("" for any other error)."""
    if error["type"] != "literal_error":
        return ""
    return nearest_word(str(error["input"]), _choices(error))


def _choices(error: ErrorDetails) -> list[str]:
    """The choices a ``literal_error`` lists (its "expected": "'dirt', 'turf' or ...")."""
    import re

    return re.findall(r"'([^']*)'", str(error.get("ctx", {}).get("expected", "")))


def _reads(text: str) -> bool:
    """Whether ``text`` reads as a number (written in quotes, it is a slip of TOML's)."""
    try:
        float(text)
    except ValueError:
        return False
    return True


def _model_step(part: str) -> bool:
    """pydantic's own steps in a location (union members, validators), not field names."""
    return part in ("str", "HorseCard", "JockeyCard") or part.startswith("function-")


class CardSet(NamedTuple):
    """A card set: its folder, and its horse and jockey cards by id (a NamedTuple: built
    by every command that reads cards, where a frozen dataclass costs seven times more)."""

    folder: Path
    horses: dict[str, HorseCard]
    jockeys: dict[str, JockeyCard]

    def horse(self, ref: str) -> HorseCard:
        return find_horse(self.folder, self.horses, ref)

    def jockey(self, ref: str) -> JockeyCard:
        return find_jockey(self.folder, self.jockeys, ref)

    def search(self, text: str = "") -> list[HorseCard]:
        needle = text.lower()
        return [
            h
            for h in self.horses.values()
            if needle in h.name.lower() or needle in h.id or needle in h.note.lower()
        ]


def load_card_set(folder: Path | None = None) -> CardSet:
    """The card set in ``folder``, read and checked; the standard set's is kept
    (``core.kept``: read and checked again only when a file or a rule changes)."""
    if folder is not None:
        try:
            content_folder(folder, "card-set", CARD_FILES[0], COPY_CARDS)
            return _read_card_set(folder)
        except ContentError as error:  # named as the person reads it, as --charts is
            raise ContentError(shown_path(error.source), error.problem, error.where) from None
    import pydantic

    from homestretch.core import content, inputs, kept
    from homestretch.games.stretch.content import cards_plain

    return kept.checked(
        "cards",
        STANDARD_CARDS,
        CARD_FILES,
        [Path(__file__), Path(cards_plain.__file__), Path(content.__file__), Path(inputs.__file__)],
        f"pydantic {pydantic.VERSION}",
        lambda: _read_card_set(STANDARD_CARDS),
        lambda kept: isinstance(kept, CardSet) and kept.folder == STANDARD_CARDS,
    )


COPY_CARDS = "`homestretch stretch content DIR --part cards` copies the standard set to DIR/cards"


def _read_card_set(folder: Path) -> CardSet:
    horses = _read_cards(folder / CARD_FILES[0], HorseCard, blank_is_default=True)
    jockeys = _read_cards(folder / CARD_FILES[1], JockeyCard, blank_is_default=False)
    return CardSet(folder, horses, jockeys)


def _read_cards(path: Path, model: type[Model], blank_is_default: bool) -> dict[str, Model]:
    """A card file's cards by id, each checked by ``model``; ``blank_is_default``: a blank
    cell is left out, so the field takes its default (a horse's optional ratings)."""
    cards: dict[str, Model] = {}
    lines: dict[str, int] = {}
    named: dict[tuple[str, str], int] = {}
    """The line of each card by its name (any capitals, spaces folded) and, for a horse,
    its card year: two horses of one name are two years of one horse (Secretariat 1972
    and 1973), two of one name and year the same card twice."""
    header, rows = read_csv(path, whole_rows=True)
    _check_header(path, header, model)
    for line, row in rows:
        data = {k: v for k, v in row.items() if v != ""} if blank_is_default else row
        try:
            card = model.model_validate(data)
        except ValidationError as exc:
            said = describe_validation(exc, nearest_choice, model)
            raise ContentError(path, said, _card_line(line, model, data)) from None
        if not card.id:
            raise ContentError(path, "id: missing: every card needs one", f"line {line}")
        if card.id in cards:
            raise ContentError(
                path, f"id {card.id!r} is already the card on line {lines[card.id]}", f"line {line}"
            )
        same = (" ".join(card.name.lower().split()), getattr(card, "card", ""))
        if same in named:
            year = f" (card {same[1]})" if same[1] else ""
            raise ContentError(
                path,
                f"{card.name!r}{year} is already the card on line {named[same]}: a race file "
                f"naming it could mean either; give one another name"
                + (" or card year" if year else ""),
                f"line {line}",
            )
        cards[card.id] = card
        lines[card.id] = line
        named[same] = line
    return cards


def _card_line(line: int, model: type[Model], row: dict[str, str]) -> str:
    """Where a card's mistake is: its line and, when it has one, its name ("line 3,
    horse 'Overlap'"), so the card can be found by the name the designer knows it by."""
    name = row.get("name", "").strip()
    if not name:
        return f"line {line}"
    kind = "horse" if model is HorseCard else "jockey"
    return f"line {line}, {kind} {shown(name, 40)}"


def _check_header(path: Path, header: list[str], model: type[Model]) -> None:
    """The header names only the model's columns, its required ones among them: a
    misspelt column is named as the header's fault, not as each row's."""
    fields = {field.alias or name: field for name, field in model.model_fields.items()}
    unknown = [column for column in header if column not in fields]
    if unknown:
        raise ContentError(
            path,
            f"unknown column(s) {', '.join(unknown)} (the columns are {', '.join(fields)})",
            "header",
        )
    missing = [c for c, field in fields.items() if field.is_required() and c not in header]
    if missing:
        raise ContentError(path, f"missing column(s) {', '.join(missing)}", "header")
