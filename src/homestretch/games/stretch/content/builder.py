"""A race built from picks (the browser's race builder): checked by the very rules a
race file and `stretch new` are, one line naming the entry or field at fault."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from homestretch.core.content import read_toml
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.protocol import JSON
from homestretch.games.stretch.content.card_set import (
    CardSet,
    HorseCard,
    JockeyCard,
    describe_validation,
    nearest_choice,
)
from homestretch.games.stretch.content.race import Race, RaceSpec, build_race, load_race
from homestretch.games.stretch.content.riders import STAND_IN, NoStandIn, field_riders

RACE_FIELDS = (
    "name",
    "date",
    "track",
    "furlongs",
    "surface",
    "condition",
    "course_seconds_per_furlong",
)
"""A race's conditions as the builder sends them; a sample race's course clock (ruling
S22) goes with its track, so a table opened on the sample times it as the file does."""


def race_from_picks(data: Any, cards: CardSet) -> Race:
    """``data``: the conditions (``RACE_FIELDS``) and ``entries``, each a horse and a
    jockey by card id or name (and a sample race's preset ``apr``), in post order."""
    if not isinstance(data, dict):
        raise HomestretchError("the race must be a JSON object of conditions and entries")
    entries = data.get("entries")
    if not isinstance(entries, list) or len(entries) < 2:
        raise HomestretchError("a race needs at least two entries, each a horse and a jockey")
    chosen_cards = [_pick(post, entry, cards) for post, entry in enumerate(entries, start=1)]
    horses = [horse for horse, _ in chosen_cards]
    # an entry without a jockey: the horse's own rider, else the stand-in, as in `stretch
    # new` (ruling S27)
    try:
        mounts = field_riders(cards, horses, [jockey for _, jockey in chosen_cards])
    except NoStandIn as exc:
        raise HomestretchError(
            f"entry {exc.index + 1}: pick a jockey (this card set has no stand-in {STAND_IN})"
        ) from None
    except ContentError as exc:  # the set's riders.csv, named without its folder
        where = f": {exc.where}" if exc.where else ""
        raise HomestretchError(f"{Path(exc.source).name}{where}: {exc.problem}") from None
    picks = [(horse, mount.jockey) for horse, mount in zip(horses, mounts, strict=True)]
    written = {key: data[key] for key in RACE_FIELDS if key in data}
    for key in ("furlongs", "course_seconds_per_furlong"):
        if isinstance(written.get(key), int) and not isinstance(written[key], bool):
            written[key] = float(written[key])  # JSON writes 8.0 as 8
    chosen = [
        {"horse": h.id, "jockey": j.id, **_preset(entry)}
        for (h, j), entry in zip(picks, entries, strict=True)
    ]
    spec_data = {**written, "entries": chosen}
    try:
        spec = RaceSpec.model_validate(spec_data, strict=True)
    except ValidationError as exc:
        raise HomestretchError(describe_validation(exc, nearest_choice, RaceSpec)) from None
    return build_race(spec, cards)


def _preset(entry: JSON) -> JSON:
    """A starting APR the entry carries from a sample race's scoresheet (checked with
    the race, as in a race file)."""
    return {"apr": entry["apr"]} if entry.get("apr") is not None else {}


def _pick(post: int, entry: Any, cards: CardSet) -> tuple[HorseCard, JockeyCard | None]:
    """The entry's horse card and its jockey's, None for a jockey left blank."""
    if not isinstance(entry, dict):
        raise HomestretchError(f"entry {post}: give a horse and a jockey")
    horse, jockey = entry.get("horse"), entry.get("jockey") or None
    if not isinstance(horse, str) or not horse.strip():
        raise HomestretchError(f"entry {post}: pick a horse")
    if jockey is not None and not isinstance(jockey, str):
        raise HomestretchError(f"entry {post}: the jockey is a card id or a name")
    try:
        card = cards.horse(horse.strip())  # a horse not found is said first
        return card, cards.jockey(jockey.strip()) if jockey and jockey.strip() else None
    except ContentError as exc:  # the card file's path is not the user's business
        raise HomestretchError(f"entry {post}: {exc.problem}") from None


def sample_json(path: Path) -> JSON:
    """A bundled race as the builder starts from it: its conditions, and its entries as
    picks (the horse's card, the jockey's name, a starting APR preset in the file)."""
    race = load_race(path)
    written = read_toml(path)["entries"]
    return {
        "id": path.stem,
        **{key: getattr(race, key) for key in RACE_FIELDS},
        "entries": [
            {"horse": horse_json(r.horse), "jockey": r.jockey.name, "apr": spec.get("apr")}
            for r, spec in zip(race.runners, written, strict=True)
        ],
    }


def horse_json(horse: HorseCard) -> JSON:
    """A horse card as the builder lists it."""
    return {
        "id": horse.id,
        "name": horse.name,
        "card": horse.card,
        "dirt": horse.power_dirt,
        "turf": horse.power_turf,
        "range": f"{horse.range_low:g}-{horse.range_high:g}",
        "pace": horse.pace,
        "form": horse.form,
        "note": horse.note,
    }


def jockey_json(jockey: JockeyCard) -> JSON:
    return {"id": jockey.id, "name": jockey.name, "ride": jockey.ride, "trouble": jockey.trouble}


def search_jockeys(cards: CardSet, text: str) -> list[JockeyCard]:
    needle = text.lower()
    return [j for j in cards.jockeys.values() if needle in j.name.lower() or needle in j.id]
