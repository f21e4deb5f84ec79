"""Who rides a horse a race names without a jockey (ruling S27): its own rider, as the
card set's ``riders.csv`` gives him, else the stand-in, said as such.

The rulebook's scoresheets give each horse its jockey, rated once for his whole career
(page 5: "a guy like Bill Shoemaker ... appears on a horse's greatest year ... fourteen
times"): a card is a horse's year, and that year had a rider. `stretch new -e
secretariat-1973` put House Rider B on Secretariat, and on every other horse of a field
named without riders; a racing fan expects Ron Turcotte.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from homestretch.core.content import read_csv, require_columns
from homestretch.core.errors import ContentError

if TYPE_CHECKING:
    from homestretch.games.stretch.content.card_set import CardSet, HorseCard, JockeyCard

RIDERS_FILE = "riders.csv"
"""Beside a card set's horses.csv and jockeys.csv, optional: ``horse,jockey`` by card id,
the rider of the horse's card (its year's regular rider; a career card's best known)."""
STAND_IN = "house-b"
"""The ordinary stand-in (ruling S16) for a horse with no rider of its own free."""

How = Literal["named", "own", "stand-in"]


class Mount(NamedTuple):
    """One entry's rider and how he came to ride: ``named`` on the entry, the horse's
    ``own`` rider, or the ``stand-in``; ``why`` says a stand-in's reason in words."""

    jockey: JockeyCard
    how: How
    why: str = ""


class NoStandIn(Exception):
    """The entry at ``index`` (from 0) needs the stand-in, and the card set has none."""

    def __init__(self, index: int) -> None:
        super().__init__(index)
        self.index = index


def card_riders(cards: CardSet) -> dict[str, str]:
    """The horse card ids the set's ``riders.csv`` gives a rider, with the rider's id; {}
    without the file. A horse or jockey the set has no card for is refused by line."""
    path = cards.folder / RIDERS_FILE
    if not path.is_file():
        return {}
    header, rows = read_csv(path, whole_rows=True)
    require_columns(path, header, ["horse", "jockey"])
    riders: dict[str, str] = {}
    for line, row in rows:
        horse, jockey = row["horse"], row["jockey"]
        if horse not in cards.horses:
            raise ContentError(path, f"horse {horse!r} has no card in horses.csv", f"line {line}")
        if jockey not in cards.jockeys:
            raise ContentError(
                path, f"jockey {jockey!r} has no card in jockeys.csv", f"line {line}"
            )
        if horse in riders:
            raise ContentError(path, f"horse {horse!r} is given a rider twice", f"line {line}")
        riders[horse] = jockey
    return riders


def field_riders(
    cards: CardSet, horses: list[HorseCard], named: list[JockeyCard | None]
) -> list[Mount]:
    """Each entry's rider, in post order: a jockey named on the entry rides; a horse named
    alone gets its own rider (``riders.csv``) unless he is named for another horse or
    already up on one nearer the rail (one rider, one horse: ruling S16), else the
    stand-in. Named riders come first, whatever their post."""
    own = card_riders(cards) if None in named else {}  # read only when it is needed
    taken = {j.id: h.name for h, j in zip(horses, named, strict=True) if j is not None}
    mounts: list[Mount] = []
    for horse, jockey in zip(horses, named, strict=True):
        if jockey is not None:
            mounts.append(Mount(jockey, "named"))
            continue
        rider_id = own.get(horse.id)
        if rider_id is not None and rider_id not in taken:
            taken[rider_id] = horse.name
            mounts.append(Mount(cards.jockeys[rider_id], "own"))
            continue
        stand_in = cards.jockeys.get(STAND_IN)
        if stand_in is None:
            raise NoStandIn(len(mounts))
        if rider_id is None:
            why = "no rider of its own on the card"
        else:
            why = f"its rider, {cards.jockeys[rider_id].name}, is on {taken[rider_id]}"
        mounts.append(Mount(stand_in, "stand-in", why))
    return mounts
