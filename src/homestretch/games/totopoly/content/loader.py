"""The board and cards, read from the TOML files of a content folder.

The rulebook describes the lease cards, training ring, racecourse and report decks but
does not print them; ours are in ``content/`` and documented in docs/totopoly.md. Every
file is checked on load and a mistake names the file, the key and what is wrong.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from homestretch.core.content import (
    REQUIRED,
    known_keys,
    read_toml,
    toml_table,
    toml_tables,
    toml_value,
)
from homestretch.core.errors import ContentError
from homestretch.core.inputs import nearest, shown, shown_value

DEFAULT_CONTENT = Path(__file__).parent
COLOURS = ("black", "red", "yellow", "blue")
COLOUR_VALUE = {"black": 4, "red": 3, "yellow": 2, "blue": 1}
"""Lengths a horse moves on from a square (or card) of its own colour."""
STABLE_OF = {"black": "walroy", "red": "walroy", "yellow": "stevedon", "blue": "stevedon"}
"""Heavyweights train at Walroy, lightweights at Stevedon."""
ROLES = ("walroy", "stevedon", "vet", "club", "trade", "tote", "auctioneer")
SPECIALS = ("remount", "reins")
RING_EFFECTS = (
    "stables",
    "vet",
    "pay",
    "club_fee",
    "club_offer",
    "colour_card",
    "white_card",
    "return_box",
)
REPORT_EFFECTS = ("colour_card", "white_card", "pay", "return_box", "nothing", "keep")
DECKS = ("walroy", "stevedon", "vet")
COURSE_EFFECTS = ("forward", "back", "fall", "burst")
COLOUR_CODES = {"K": "black", "R": "red", "Y": "yellow", "B": "blue"}
MAX_COUNT = 10_000
"""The largest count or amount a board file may give (ours stay below 1000)."""
MAX_COPIES = 100
"""The most copies of one report card (a deck is shuffled and drawn whole)."""
MAX_RING = 1000
"""The most squares the training ring may have (ours has 32)."""
MAX_TRACKS, MAX_LENGTHS = 20, 1000
"""The largest racecourse: tracks across, lengths along (ours: 4 by 60)."""


@dataclass(frozen=True)
class Horse:
    number: int
    name: str
    colour: str
    value: int

    @cached_property
    def card(self) -> str:
        """The lease card's id (kept apart from the horse so a hidden hand never leaks)."""
        return f"lease:horse-{self.number:02d}"


@dataclass(frozen=True)
class Business:
    id: str
    name: str
    role: str
    value: int

    @cached_property
    def card(self) -> str:
        return f"lease:{self.id}"


@dataclass(frozen=True)
class RingSquare:
    at: int
    effect: str
    text: str
    amount: int = 0
    to: str = ""


@dataclass(frozen=True)
class Report:
    id: str
    deck: str
    effect: str
    text: str
    amount: int = 0
    to: str = ""
    special: str = ""


@dataclass(frozen=True)
class Instruction:
    code: str
    effect: str
    text: str
    lengths: int = 0


@dataclass(frozen=True)
class Course:
    tracks: int
    lengths: int
    bend: tuple[int, int]
    gate: dict[int, int]
    """Horse number -> track (0 is the rails)."""
    cells: tuple[tuple[str, ...], ...]
    """cells[track][length - 1]: "" plain, a colour name, or an instruction code."""
    instructions: dict[str, Instruction]

    def cell(self, length: int, track: int) -> str:
        return self.cells[track][length - 1] if 1 <= length <= self.lengths else ""

    def on_bend(self, length: int) -> bool:
        return self.bend[0] <= length <= self.bend[1]


@dataclass(frozen=True)
class Content:
    source: str
    horses: dict[int, Horse]
    businesses: dict[str, Business]
    ring_size: int
    boxes: dict[int, int]
    ring: dict[int, RingSquare]
    reports: dict[str, Report]
    decks: dict[str, tuple[str, ...]]
    supply: dict[str, int]
    course: Course
    at_a_time: dict[str, int]
    """How many cards of its colour a horse of each colour takes when a square or a
    report gives it "a card of your horse's colour" (ours: a blue three, the rest one)."""

    def business_with_role(self, role: str) -> Business | None:
        return next((b for b in self.businesses.values() if b.role == role), None)


def _field(
    source: Path, where: str, data: Any, key: str, kind: type, default: Any = REQUIRED
) -> Any:
    """A value from the board files, where every number is a count or an amount (0 to
    MAX_COUNT)."""
    low, high = (0, MAX_COUNT) if kind is int else (None, None)
    return toml_value(source, where, data, key, kind, default, minimum=low, maximum=high)


def _read(path: Path) -> dict[str, Any]:
    """A board file's tables; an empty one (a new file not yet written, or emptied to
    start again) is said so, not as the first key it lacks."""
    data = read_toml(path)
    if not data:
        raise ContentError(
            path,
            "the file is empty (nothing but blank lines or comments): `homestretch totopoly "
            f'content DIR` copies ours to DIR as an example; the format: docs/totopoly.md ("{path.name}")',
        )
    return data


def _leases(path: Path) -> tuple[dict[int, Horse], dict[str, Business]]:
    data = _read(path)
    known_keys(path, "top", data, ("horse", "business"))
    horses: dict[int, Horse] = {}
    named: dict[str, str] = {}  # each lease card's name (any capitals) -> the card
    tables: dict[int, int] = {}
    for i, raw in enumerate(toml_tables(path, "top", data, "horse"), start=1):
        given = raw.get("number") if isinstance(raw, dict) else None
        # by its number where it has one to go by (the i-th table else: its number is wrong)
        where = f"horse {given}" if type(given) is int and 1 <= given <= 12 else f"[[horse]] {i}"
        known_keys(path, where, raw, ("number", "name", "colour", "value"))
        number = _field(path, where, raw, "number", int)
        if not 1 <= number <= 12:
            raise ContentError(path, f"number {number}: the horses are numbered 1 to 12", where)
        colour = _field(path, where, raw, "colour", str)
        _one_of(path, where, "colour", colour, COLOURS)
        if number in horses:
            raise ContentError(
                path, f"number {number} is already [[horse]] {tables[number]}'s", f"[[horse]] {i}"
            )
        tables[number] = i
        name = _lease_name(path, where, raw, named)
        horses[number] = Horse(number, name, colour, _field(path, where, raw, "value", int))
    if sorted(horses) != list(range(1, 13)):
        raise ContentError(
            path, f"there must be twelve horses numbered 1 to 12 ({_missing(horses)})"
        )
    for number, horse in sorted(horses.items()):
        colour = COLOURS[(number - 1) // 3]
        if horse.colour != colour:
            raise ContentError(
                path,
                f"colour {horse.colour!r}: horses 1-3 are black, 4-6 red, 7-9 yellow and "
                f"10-12 blue, so {number} is {colour}",
                f"horse {number}",
            )
    businesses: dict[str, Business] = {}
    for i, raw in enumerate(toml_tables(path, "top", data, "business"), start=1):
        where = f"business {i}"
        known_keys(path, where, raw, ("id", "name", "role", "value"))
        ident = _field(path, where, raw, "id", str)
        role = _field(path, where, raw, "role", str)
        _one_of(path, where, "role", role, ROLES)
        if ident in businesses or ident == "bank":
            raise ContentError(path, f"business id {ident!r} is used twice or reserved", where)
        name = _lease_name(path, where, raw, named)
        businesses[ident] = Business(ident, name, role, _field(path, where, raw, "value", int))
    for role in ROLES:
        count = sum(1 for b in businesses.values() if b.role == role)
        if role != "trade" and count != 1:
            raise ContentError(path, f"there must be exactly one business with role {role!r}")
    return horses, businesses


def _lease_name(path: Path, where: str, raw: Any, named: dict[str, str]) -> str:
    """A lease card's name: not blank, and no other card's (a player names a horse or
    a business to bid, sell or trade, and two of one name could be either)."""
    name: str = _field(path, where, raw, "name", str)
    same = " ".join(name.lower().split())
    if not same:
        raise ContentError(path, "name must not be blank", where)
    if same in named:
        raise ContentError(path, f"name {name!r} is already {named[same]}'s", where)
    named[same] = where
    return name


def _ring(path: Path, businesses: dict[str, Business]) -> tuple[int, dict[int, int], dict]:
    data = _read(path)
    known_keys(path, "top", data, ("ring", "boxes", "square"))
    ring = toml_table(path, "top", data, "ring")
    known_keys(path, "[ring]", ring, ("squares",))
    size = _field(path, "[ring]", ring, "squares", int)
    if not 8 <= size <= MAX_RING:
        raise ContentError(path, f"the ring needs 8 to {MAX_RING} squares", "[ring] squares")
    boxes_raw = toml_table(path, "top", data, "boxes")
    boxes: dict[int, int] = {}
    for key, value in boxes_raw.items():
        if key not in {str(n) for n in range(1, 13)}:
            raise ContentError(path, f"{shown(key)} is not a horse number 1-12", "[boxes]")
        if not isinstance(value, int) or not 0 <= value < size:
            raise ContentError(path, f"square must be 0-{size - 1}", f"[boxes] {key}")
        boxes[int(key)] = value
    if sorted(boxes) != list(range(1, 13)):
        raise ContentError(path, f"every horse 1-12 needs a box ({_missing(boxes)})", "[boxes]")
    squares: dict[int, RingSquare] = {}
    tables: dict[int, int] = {}
    for i, raw in enumerate(toml_tables(path, "top", data, "square"), start=1):
        where = f"[[square]] {i}"  # the i-th table: not the square it sets, its ``at``
        known_keys(path, where, raw, ("at", "effect", "text", "amount", "to"))
        at = _field(path, where, raw, "at", int)
        where = f"[[square]] {i} (at = {at})"
        effect = _field(path, where, raw, "effect", str)
        if at >= size:
            raise ContentError(
                path, f"off the ring: its {size} squares are 0-{size - 1} ([ring])", where
            )
        if at in squares:
            raise ContentError(
                path, f"square {at} is already [[square]] {tables[at]}'s: one table a square", where
            )
        tables[at] = i
        _one_of(path, where, "effect", effect, RING_EFFECTS)
        _unread(path, where, raw, effect, {"amount": AMOUNT_EFFECTS, "to": ("pay",)})
        to = _payee(path, where, raw, businesses) if effect == "pay" else ""
        needs_amount = effect in AMOUNT_EFFECTS
        amount = _field(path, where, raw, "amount", int) if needs_amount else 0
        squares[at] = RingSquare(at, effect, _field(path, where, raw, "text", str), amount, to)
    return size, boxes, squares


AMOUNT_EFFECTS = ("stables", "vet", "pay", "club_fee", "club_offer")
"""The training ring's effects that read an ``amount``."""


def _unread(
    path: Path, where: str, raw: Any, effect: str, read_by: dict[str, tuple[str, ...]]
) -> None:
    """A key given where its effect does not read it (``amount`` on a ``colour_card``
    square) is refused as a misspelt key is: it would be silently ignored."""
    for key, effects in read_by.items():
        if key in raw and effect not in effects:
            raise ContentError(
                path,
                f"{key} is not read by effect {effect!r} (only by {', '.join(effects)}): "
                f"remove it, or give one of those effects",
                where,
            )


def _one_of(path: Path, where: str, key: str, value: str, choices: tuple[str, ...]) -> None:
    """``value`` is one of ``choices``, else refused naming them and the one nearest
    (``color_card``: colour_card; ``Red``: red)."""
    if value in choices:
        return
    near = nearest(value, choices)  # an exact match in other capitals is nearest of all
    said = f"{key} {value!r} is not one of {', '.join(choices)}"
    raise ContentError(path, f"{said}. Nearest: {near}." if near else said, where)


def _payee(path: Path, where: str, raw: Any, businesses: dict[str, Business]) -> str:
    to = _field(path, where, raw, "to", str)
    if to != "bank" and to not in businesses:
        _one_of(path, where, "to", to, ("bank", *businesses))
    return str(to)


def _reports(path: Path, businesses: dict[str, Business]) -> tuple[dict, dict]:
    data = _read(path)
    known_keys(path, "top", data, DECKS)
    reports: dict[str, Report] = {}
    decks: dict[str, tuple[str, ...]] = {}
    for deck in DECKS:
        ids: list[str] = []
        entries = toml_tables(path, "top", data, deck)
        if not entries:
            raise ContentError(path, f"the {deck} deck has no cards", f"[[{deck}]]")
        for i, raw in enumerate(entries, start=1):
            where = f"{deck} card {i}"
            known_keys(path, where, raw, ("effect", "text", "copies", "amount", "to", "special"))
            effect = _field(path, where, raw, "effect", str)
            _one_of(path, where, "effect", effect, REPORT_EFFECTS)
            _unread(
                path, where, raw, effect, {"amount": ("pay",), "to": ("pay",), "special": ("keep",)}
            )
            special = _field(path, where, raw, "special", str) if effect == "keep" else ""
            if effect == "keep":
                _one_of(path, where, "special", special, SPECIALS)
            to = _payee(path, where, raw, businesses) if effect == "pay" else ""
            amount = _field(path, where, raw, "amount", int) if effect == "pay" else 0
            text = _field(path, where, raw, "text", str)
            copies = toml_value(path, where, raw, "copies", int, 1, minimum=1, maximum=MAX_COPIES)
            for _ in range(copies):
                ident = f"{deck}-report-{len(ids) + 1:02d}"
                reports[ident] = Report(ident, deck, effect, text, amount, to, special)
                ids.append(ident)
        decks[deck] = tuple(ids)
    return reports, decks


MAX_AT_A_TIME = 12
"""The most cards of its colour a horse may take at once (a pile's worth)."""


def _supply(path: Path) -> tuple[dict[str, int], dict[str, int]]:
    """The piles on the board, and how many cards of its colour each colour of horse
    takes at a time (``[at_a_time]``, optional: one each unless it says more)."""
    whole = _read(path)
    known_keys(path, "top", whole, ("supply", "at_a_time"))
    data = toml_table(path, "top", whole, "supply")
    known_keys(path, "[supply]", data, (*COLOURS, "white"))
    supply = {c: _field(path, "[supply]", data, c, int) for c in (*COLOURS, "white")}
    taken = whole.get("at_a_time", {})
    known_keys(path, "[at_a_time]", taken, COLOURS)
    at_a_time = {
        c: toml_value(path, "[at_a_time]", taken, c, int, 1, minimum=1, maximum=MAX_AT_A_TIME)
        for c in COLOURS
    }
    return supply, at_a_time


def _course(path: Path) -> Course:
    data = _read(path)
    known_keys(path, "top", data, ("course", "gate", "instructions", "tracks"))
    head = toml_table(path, "top", data, "course")
    known_keys(path, "[course]", head, ("tracks", "lengths", "bend"))
    tracks = _field(path, "[course]", head, "tracks", int)
    lengths = _field(path, "[course]", head, "lengths", int)
    bend = head.get("bend")
    if not 1 <= tracks <= MAX_TRACKS or not 10 <= lengths <= MAX_LENGTHS:
        raise ContentError(
            path, f"needs 1 to {MAX_TRACKS} tracks and 10 to {MAX_LENGTHS} lengths", "[course]"
        )
    if (
        not isinstance(bend, list)
        or len(bend) != 2
        or not all(isinstance(x, int) for x in bend)
        or not 1 <= bend[0] <= bend[1] <= lengths
    ):
        raise ContentError(
            path,
            f"bend must be [first, last], the first no later than the last, within "
            f"1-{lengths}; here {shown_value(bend)}",
            "[course]",
        )
    gate: dict[int, int] = {}
    for key, value in toml_table(path, "top", data, "gate").items():
        number = key in {str(n) for n in range(1, 13)}
        if not number:
            raise ContentError(path, f"{shown(key)}: needs a horse 1-12 = a track", "[gate]")
        if isinstance(value, bool) or not isinstance(value, int):
            quoted = " (write it without quotes)" if isinstance(value, str) else ""
            raise ContentError(
                path, f"{key} = {shown_value(value)}: the track is a whole number{quoted}", "[gate]"
            )
        if not 1 <= value <= tracks:
            raise ContentError(path, f"{key} = {value}: needs a track 1-{tracks}", "[gate]")
        gate[int(key)] = value - 1
    if sorted(gate) != list(range(1, 13)):
        raise ContentError(
            path, f"every horse 1-12 needs a gate track ({_missing(gate)})", "[gate]"
        )
    instructions: dict[str, Instruction] = {}
    for code, raw in toml_table(path, "top", data, "instructions").items():
        where = f"[instructions.{code if code.isalnum() and len(code) < 10 else shown(code)}]"
        known_keys(path, where, raw, ("effect", "lengths", "text"))
        if len(code) != 1 or code in COLOUR_CODES or code in ". ":
            raise ContentError(path, "an instruction code is one letter other than K R Y B", where)
        effect = _field(path, where, raw, "effect", str)
        _one_of(path, where, "effect", effect, COURSE_EFFECTS)
        _unread(path, where, raw, effect, {"lengths": ("forward", "back")})
        moves = effect in ("forward", "back")
        count = _field(path, where, raw, "lengths", int) if moves else 0
        text = _field(path, where, raw, "text", str)
        instructions[code] = Instruction(code, effect, text, count)
    rows = toml_table(path, "top", data, "tracks")
    cells: list[tuple[str, ...]] = []
    for track in range(1, tracks + 1):
        where = f"[tracks] {track}"
        row = rows.get(str(track))
        if not isinstance(row, str):
            raise ContentError(path, "missing (one string per track)", where)
        chars = row.replace(" ", "")
        if len(chars) != lengths:
            raise ContentError(path, f"has {len(chars)} lengths, the course has {lengths}", where)
        cell_row: list[str] = []
        for position, char in enumerate(chars, start=1):
            if char == ".":
                cell_row.append("")
            elif char in COLOUR_CODES:
                cell_row.append(COLOUR_CODES[char])
            elif char in instructions:
                cell_row.append(char)
            else:
                raise ContentError(
                    path,
                    f"length {position}: unknown code {shown(char)} (write . for a plain "
                    f"length, {' '.join(COLOUR_CODES)} for a colour, or an [instructions] "
                    f"letter: {' '.join(instructions) or 'none given'})",
                    where,
                )
        cells.append(tuple(cell_row))
    return Course(tracks, lengths, (bend[0], bend[1]), gate, tuple(cells), instructions)


@cache
def load_content(folder: str | None = None) -> Content:
    """Read and check a content folder (ours when ``folder`` is None)."""
    root = Path(folder) if folder else DEFAULT_CONTENT
    if not root.is_dir():
        raise ContentError(root, "is not a content folder")
    horses, businesses = _leases(root / "leases.toml")
    ring_size, boxes, ring = _ring(root / "training_ring.toml", businesses)
    reports, decks = _reports(root / "reports.toml", businesses)
    supply, at_a_time = _supply(root / "cards.toml")
    return Content(
        source=str(root),
        horses=horses,
        businesses=businesses,
        ring_size=ring_size,
        boxes=boxes,
        ring=ring,
        reports=reports,
        decks=decks,
        supply=supply,
        course=_course(root / "racecourse.toml"),
        at_a_time=at_a_time,
    )


def _missing(given: Collection[int]) -> str:
    """The horse numbers a table left out, in words: "no 12", "no 3, 7"."""
    return "no " + ", ".join(str(n) for n in range(1, 13) if n not in given)
