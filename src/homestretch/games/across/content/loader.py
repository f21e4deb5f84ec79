"""Content files: the eleven title cards and the four tracks (docs/across.md).

Content is data: ``content/horses.toml`` holds the Thoroughbred Ownership Title Cards,
``content/tracks/*.toml`` one track each with its preprinted handicap and its Handicap
and Auction News. A copied and edited folder can be given with ``--content DIR``.
Every problem is reported as a ContentError naming the file and the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from homestretch.core.content import known_keys, read_toml, toml_value
from homestretch.core.errors import ContentError
from homestretch.core.inputs import escape_controls

STARTING_FIFTIES = 40
"""The Trackmaster allots each player 40 fifties ($2,000): no opening bid can be higher."""
HORSES = tuple(range(2, 13))
"""Horse numbers: the totals of two dice."""
LONGSHOTS = (2, 3, 11, 12)
FIELD = (4, 5, 9, 10)
FAVOURITES = (6, 7, 8)
BASE_NEED_X = 5
"""Full X's every horse needs after its number; a shaded favourite needs one more."""

DEFAULT_DIR = Path(__file__).parent
"""The built-in content: the folder this loader is in."""
BUILT_IN = "the built-in content"
"""The built-in content as an error names it."""


def horse_class(number: int) -> str:
    if number in LONGSHOTS:
        return "longshot"
    return "field" if number in FIELD else "favourite"


@dataclass(frozen=True)
class TitleCard:
    number: int
    name: str
    sire: str
    dam: str
    opening_bid: int
    """In fifties; also the most the 8th-race WIN bin lends on this horse."""


@dataclass(frozen=True)
class Handicap:
    number: int
    preprinted_halves: int
    """Preprinted X's, counted in half X's (2 per full X)."""
    shaded: bool
    """Circled and shaded: the horse needs six X's instead of five."""
    suggested_bid: int

    @property
    def need_halves(self) -> int:
        return 2 * (BASE_NEED_X + (1 if self.shaded else 0))


@dataclass(frozen=True)
class Track:
    key: str
    name: str
    city: str
    colour: str
    conditions: str
    best_pick: int
    handicaps: dict[int, Handicap]

    def start_halves(self) -> np.ndarray:
        return np.array([self.handicaps[h].preprinted_halves for h in HORSES])

    def need_halves(self) -> np.ndarray:
        return np.array([self.handicaps[h].need_halves for h in HORSES])


@dataclass(frozen=True)
class Content:
    folder: str
    cards: dict[int, TitleCard]
    tracks: dict[str, Track]

    def track(self, name: str) -> Track:
        key = track_key(name)
        if key not in self.tracks:
            known = ", ".join(sorted(self.tracks))
            # The built-in folder's path is where the program is installed, nothing a
            # player named or can use: it is named for what it is. A --content folder is
            # named as given.
            where = BUILT_IN if Path(self.folder) == DEFAULT_DIR else self.folder
            raise ContentError(where, f"no track {name!r} (known: {known})")
        return self.tracks[key]


def track_key(name: str) -> str:
    return "-".join(name.lower().replace("_", " ").split())


def _entries(path: Path, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries = data.get(key)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise ContentError(path, f"needs a [[{key}]] entry for each horse 2-12")
    numbers = [e.get("number") for e in entries]
    for i, number in enumerate(numbers, start=1):  # a number in quotes ("2") is said so
        if isinstance(number, str) and number.strip() in {str(h) for h in HORSES}:
            raise ContentError(
                path,
                f"number must be a whole number, not {number!r} (write it without quotes)",
                f"[[{key}]] {i}",
            )
    if sorted(n for n in numbers if isinstance(n, int)) != list(HORSES) or len(numbers) != 11:
        said = [n for n in numbers if n is not None and not (type(n) is int and n in HORSES)]
        twice = sorted({n for n in numbers if type(n) is int and numbers.count(n) > 1})
        missing = [n for n in HORSES if n not in numbers]
        found = "; ".join(
            part
            for part in (
                "an entry has no number" if None in numbers else "",
                f"number {', '.join(map(repr, said))} is not a horse 2-12" if said else "",
                f"{', '.join(map(str, twice))} given twice" if twice else "",
                f"{', '.join(map(str, missing))} missing" if missing else "",
            )
            if part
        )
        raise ContentError(path, f"[[{key}]] must hold each number 2-12 exactly once ({found})")
    return entries


def load_cards(path: Path) -> dict[int, TitleCard]:
    data = read_toml(path)
    cards: dict[int, TitleCard] = {}
    named: dict[str, int] = {}  # each card's name (any capitals) -> its number
    known_keys(path, "top", data, ("horse",))
    for entry in _entries(path, data, "horse"):
        number = entry["number"]
        where = f"horse {number}"
        known_keys(path, where, entry, ("number", "name", "sire", "dam", "opening_bid"))
        bid = toml_value(path, where, entry, "opening_bid", int)
        if not 1 <= bid <= STARTING_FIFTIES:
            raise ContentError(
                path, f"opening_bid must be 1 to {STARTING_FIFTIES} fifties, not {bid}", where
            )
        name = toml_value(path, where, entry, "name", str)
        if not name.strip():  # read out at the auction, written on the card
            raise ContentError(path, "name must not be blank", where)
        same = " ".join(name.lower().split())
        if same in named:  # an auction of two horses called alike
            raise ContentError(path, f"name {name!r} is already horse {named[same]}'s", where)
        named[same] = number
        cards[number] = TitleCard(
            number=number,
            name=name,
            sire=toml_value(path, where, entry, "sire", str),
            dam=toml_value(path, where, entry, "dam", str),
            opening_bid=bid,
        )
    return cards


TRACK_WORDS = ("name", "city", "colour")
"""A track file's own keys, above its tables."""


EMPTY_TRACK = (
    "the file is empty (nothing but blank lines or comments): a track file needs a name, "
    "city and colour, a [news] table and a [[horse]] table for each horse 2-12 "
    "(`homestretch across content DIR` copies the tracks to DIR as examples)"
)
"""Said of a track file with nothing in it, where the first key it lacks would be named."""


def load_track(path: Path) -> Track:
    data = read_toml(path)
    if not data:
        raise ContentError(path, EMPTY_TRACK)
    # a key written wrong ([News]) before the key it leaves missing
    known_keys(path, "top", data, ("name", "city", "colour", "news", "horse"))
    news = data.get("news")
    if not isinstance(news, dict):
        raise ContentError(path, "the [news] table is missing")
    known_keys(path, "news", news, ("conditions", "best_pick"), TRACK_WORDS)
    best = toml_value(path, "news", news, "best_pick", int)
    if best not in HORSES:
        raise ContentError(path, f"best_pick must be a horse 2-12, not {best}", "news")
    handicaps = {}
    for entry in _entries(path, data, "horse"):
        number = entry["number"]
        where = f"horse {number}"
        known_keys(
            path, where, entry, ("number", "preprinted_x", "shaded", "suggested_bid"), TRACK_WORDS
        )
        x = toml_value(path, where, entry, "preprinted_x", float, maximum=BASE_NEED_X)
        shaded = toml_value(path, where, entry, "shaded", bool)
        halves = x * 2
        if halves != int(halves) or x < 0:
            raise ContentError(
                path, f"preprinted_x must be 0 or more in steps of 0.5, not {x}", where
            )
        if shaded and number not in FAVOURITES:
            raise ContentError(path, "only favourites (6, 7, 8) may be shaded", where)
        if x and number in FAVOURITES:
            raise ContentError(path, "favourites get no preprinted X's (shade them)", where)
        if x >= BASE_NEED_X:
            raise ContentError(path, f"preprinted_x {x} leaves nothing to run", where)
        bid = toml_value(path, where, entry, "suggested_bid", int)
        if bid < 1:
            raise ContentError(path, f"suggested_bid must be at least 1 fifty, not {bid}", where)
        handicaps[number] = Handicap(number, int(halves), shaded, bid)
    words = {key: toml_value(path, "top", data, key, str) for key in TRACK_WORDS}
    blank = [key for key, text in words.items() if not text.strip()]
    if blank:  # shown with the track at the table and in every result
        raise ContentError(path, f"{blank[0]} must not be blank")
    return Track(
        key=track_key(path.stem),
        name=words["name"],
        city=words["city"],
        colour=words["colour"],
        conditions=toml_value(path, "news", news, "conditions", str),
        best_pick=best,
        handicaps=handicaps,
    )


def _one_track_a_name(files: dict[str, Path], tracks: dict[str, Track]) -> None:
    """Two track files of one name (a file copied and not renamed inside) would be two
    choices a player cannot tell apart, at the table and in every result."""
    seen: dict[str, Path] = {}
    for key, track in tracks.items():
        same = " ".join(track.name.lower().split())
        if same in seen:
            raise ContentError(
                files[key].parent,
                f"{seen[same].name} and {files[key].name} are both named {track.name!r}: "
                "give each track its own name (the name = line inside the file; a copy "
                "not renamed inside?)",
            )
        seen[same] = files[key]


def _tracks(track_files: list[Path]) -> tuple[dict[str, Track], dict[str, Path]]:
    """Each track by the name a player types for it, its file's name as ``track_key``
    writes it ("Saratoga Race Course.toml" is --track saratoga-race-course: keyed as
    written, it was a track no --track could name)."""
    tracks: dict[str, Track] = {}
    files: dict[str, Path] = {}
    for path in track_files:
        key = track_key(path.stem)
        if key in files:  # neither is at fault more than the other: both are named
            raise ContentError(
                path.parent,
                f"{files[key].name} and {path.name} are both track {key} (--track {key}): "
                "give each track file a name of its own",
            )
        tracks[key], files[key] = load_track(path), path
    return tracks, files


def tracks_missing(root: Path) -> str:
    """What is said of a content folder without track files, after its name, in a line:
    where the track files are looked for, and what to do: the folder beside tracks/
    that holds .toml files, to rename (a tracks/ folder named otherwise, `courses/`), or
    what a content folder holds. It was "FOLDER/tracks: no track files (*.toml) found",
    a folder the user never named, nor what holds the tracks."""
    tracks = root / "tracks"
    looked = escape_controls(str(tracks / "*.toml"))
    others = sorted(
        escape_controls(f"{p.name}/")
        for p in root.iterdir()
        if p.is_dir() and p.name != "tracks" and any(p.glob("*.toml"))
    )
    if others:
        move = "move its files into tracks/" if tracks.is_dir() else "rename it tracks"
        which = others[0] if len(others) == 1 else f"one of {', '.join(others)}"
        fix = f"; {which} holds .toml files: if it holds the tracks, {move}"
    else:
        fix = (
            ": an Across the Board content folder holds horses.toml and tracks/ "
            "(`homestretch across content FOLDER` makes one to edit)"
        )
    missing = "no track files in its tracks/" if tracks.is_dir() else "no tracks/ folder"
    return f"{missing}: the track files are looked for as {looked}{fix}"


@cache
def load_content(folder: str | None = None) -> Content:
    """Read and check a content folder (the built-in one when ``folder`` is None)."""
    root = Path(folder) if folder else DEFAULT_DIR
    if not root.is_dir():
        raise ContentError(root, "no such content folder")
    track_files = sorted((root / "tracks").glob("*.toml"))
    if not track_files:  # a saved game's folder whose tracks/ was renamed since, say
        raise ContentError(root, tracks_missing(root))
    tracks, files = _tracks(track_files)
    _one_track_a_name(files, tracks)
    return Content(str(root), load_cards(root / "horses.toml"), tracks)
