"""Horse and jockey cards as plain records: what `stretch odds` reads without pydantic.

cards.py's models are the one definition of a valid card. A card set they have checked
is kept (``race_plain.kept_content``) as these records, so a command that must answer at
once reads the standard cards back without importing pydantic (importing it and building
the card and race models is a tenth of a second here: all of `odds`' budget). A record
holds exactly a checked model's values, field for field (a test holds the two to the same
fields in the same order). The lookups by id or name, and the text checks the models
apply, are here so the models and the records share one copy of each.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

from homestretch.core.errors import ContentError
from homestretch.core.inputs import nearest as nearest_choice
from homestretch.core.inputs import shown_path

if TYPE_CHECKING:
    from typing import TypeAlias

    from homestretch.games.stretch.content.card_set import HorseCard

    AnyHorse: TypeAlias = "HorseCard | Horse"
    """A horse card checked by the model, or its plain record."""

STANDARD_CARDS = Path(__file__).parent / "cards"
CARD_FILES = ("horses.csv", "jockeys.csv")
FACTOR_FIELDS = {"class": "class_", "speed": "speed", "trip": "trip"}
"""A Race Factor's name and the card's rating for it."""


def no_control_characters(text: str) -> str:
    """Text shown on a scoresheet is one printable line: a tab, newline or terminal
    escape in a name would break the sheet and the terminal it is printed on."""
    if text.isprintable():  # no Cc or Cf in it: the usual case, decided in C
        return text
    bad = next((c for c in text if unicodedata.category(c) in ("Cc", "Cf")), None)
    if bad is not None:
        raise ValueError(f"the control character {bad!r} is not allowed")
    return text


def not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("must not be blank")
    return text


def house_rider(jockey_id: str) -> bool:
    """The bundled stand-ins (``house-a``, ...) may ride several horses in a race
    (ruling S16): they stand for "a rider of this class", not for one person."""
    return jockey_id.startswith("house-")


class Horse(NamedTuple):
    """A horse card's checked values (``cards.HorseCard``'s fields, in its order)."""

    id: str
    name: str
    card: str
    sex: str
    age: int
    overall: int | None
    power_dirt: int | None
    power_turf: int | None
    range_low: float
    range_high: float
    wet: int
    pace: int
    form: str
    trip: int
    class_: int
    speed: int
    wire: int
    note: str

    def factor(self, name: str) -> int:
        rating: int = getattr(self, FACTOR_FIELDS[name])
        return rating


class Jockey(NamedTuple):
    """A jockey card's checked values (``cards.JockeyCard``'s fields, in its order)."""

    id: str
    name: str
    ride: int
    trouble: int
    note: str

    @property
    def house_rider(self) -> bool:
        return house_rider(self.id)


class _Card(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


Card = TypeVar("Card", bound=_Card)


class NoSuchCard(ContentError):
    """A horse or jockey card the set does not have, with the nearest card names as a
    sentence (``nearest``) and the command that lists the cards (``listed_by``)."""

    def __init__(self, source: Path, problem: str, nearest: str, listed_by: str) -> None:
        super().__init__(source, problem)
        self.nearest = nearest
        self.listed_by = listed_by


NEAR_ENOUGH = 0.1
"""How much less alike than the nearest name another may be and still be offered."""


def nearest(search: str, cards: Iterable[_Card]) -> str:
    """The card names nearest a search that found nothing, as a sentence, or "". A card
    is near when its name is, its id (what a race file usually names: ``house-a``), or,
    closer still, a word of its name (a jockey typed by surname: ``pinkay`` for Laffit
    Pincay Jr.)."""
    from difflib import SequenceMatcher  # only on a mistake: 13 ms at every start else

    whole: dict[str, list[str]] = {}
    words: dict[str, list[str]] = {}
    cards = list(cards)
    shared = Counter(card.name.lower() for card in cards)
    for card in cards:
        # a name two cards share is no answer ("Nearest: Secretariat", then "'Secretariat'
        # is ambiguous"): those cards are offered by the ids that tell them apart
        said = card.name if shared[card.name.lower()] == 1 else card.id
        for key in dict.fromkeys([card.name.lower(), card.id.lower()]):
            whole.setdefault(key, []).append(said)
        for word in card.name.lower().replace(".", " ").split():
            if len(word) > 3:
                words.setdefault(word, []).append(said)
    matcher = SequenceMatcher(b=search.lower())
    scored: list[tuple[float, str]] = []
    for found, cutoff in ((whole, 0.6), (words, 0.75)):
        for key, names in found.items():
            matcher.set_seq1(key)
            if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff:
                score = matcher.ratio()
                if score >= cutoff:
                    scored += [(score, name) for name in names]
    scored.sort(key=lambda pair: -pair[0])  # stable: the set's order among equals
    best = scored[0][0] if scored else 0.0
    # the nearest, and those nearly as near: not every name one letter off the nearest
    near = dict.fromkeys(name for score, name in scored if score > best - NEAR_ENOUGH)
    if not near:
        return ""
    listed = ", ".join(list(near)[:3])
    return f" Nearest: {listed}" if listed.endswith(".") else f" Nearest: {listed}."


def nearest_word(typed: str, words: Iterable[str]) -> str:
    """The word nearest one typed wrong (a key, a choice), as a sentence, or ""."""
    near = nearest_choice(typed, words)
    return f" Nearest: {near}." if near else ""


def _own(folder: Path) -> str:
    """The ``--cards`` a command needs to look in the card set in ``folder`` (none for the
    standard set): a hint followed as printed looks in the set that was searched."""
    if folder == STANDARD_CARDS:
        return ""
    text = shown_path(folder)  # as typed, or from the current folder: it works from here
    return f' --cards "{text}"' if any(c.isspace() for c in text) else f" --cards {text}"


def _by_id(cards: Mapping[str, Card], ref: str) -> Card | None:
    """The card whose id is ``ref``, as written or in other capitals when only one id
    reads so."""
    if ref in cards:
        return cards[ref]
    alike = [card for key, card in cards.items() if key.lower() == ref.lower()]
    return alike[0] if len(alike) == 1 else None


def find_horse(folder: Path, horses: Mapping[str, Card], ref: str) -> Card:
    """The horse card ``ref`` names: its id (any capitals: 'Secretariat-1973' was 'no
    horse card'), else its name (any capitals) if one card has it."""
    if (card := _by_id(horses, ref)) is not None:
        return card
    by_name = [h for h in horses.values() if h.name.lower() == ref.lower()]
    if len(by_name) == 1:
        return by_name[0]
    if by_name:
        ids = ", ".join(h.id for h in by_name)
        raise ContentError(folder / CARD_FILES[0], f"{ref!r} is ambiguous: use one of {ids}")
    raise NoSuchCard(
        folder / CARD_FILES[0],
        f"no horse card {ref!r}",
        nearest(ref.rsplit("-", 1)[0], horses.values()),  # an id is name-year
        f"`homestretch stretch cards NAME{_own(folder)}` lists the horse cards and their ids",
    )


def find_jockey(folder: Path, jockeys: Mapping[str, Card], ref: str) -> Card:
    """The jockey card ``ref`` names: its id (any capitals), else the first of that name
    (any capitals)."""
    if (card := _by_id(jockeys, ref)) is not None:
        return card
    for jockey in jockeys.values():
        if jockey.name.lower() == ref.lower():
            return jockey
    raise NoSuchCard(
        folder / CARD_FILES[1],
        f"no jockey card {ref!r}",
        nearest(ref, jockeys.values()),
        f"`homestretch stretch cards NAME --jockeys{_own(folder)}` lists the jockey cards "
        "and their ids",
    )


class Cards(NamedTuple):
    """A checked card set as plain records (``cards.CardSet``'s, without pydantic)."""

    folder: Path
    horses: dict[str, Horse]
    jockeys: dict[str, Jockey]

    def horse(self, ref: str) -> Horse:
        return find_horse(self.folder, self.horses, ref)

    def jockey(self, ref: str) -> Jockey:
        return find_jockey(self.folder, self.jockeys, ref)
