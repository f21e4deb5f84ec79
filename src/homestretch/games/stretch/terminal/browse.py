"""`stretch races` and `stretch cards`: the bundled races and a card set, listed and
searched."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any

import typer
from rich.markup import escape

from homestretch.cli.common import FormatOption, OutputFormat, console, echo_json
from homestretch.cli.plain import Table
from homestretch.games.stretch.terminal.options import CardsOption


def races(fmt: FormatOption = OutputFormat.text) -> None:
    """List the bundled sample races (run one by name)."""
    from homestretch.games.stretch.content.race import bundled_races, load_race

    found = [(p.stem, load_race(p)) for p in bundled_races()]
    found_ids = [stem for stem, _ in found]
    if fmt is OutputFormat.json:
        echo_json(
            [
                {
                    "id": stem,
                    "name": r.name,
                    "date": r.date,
                    "track": r.track,
                    "distance": r.distance,
                    "surface": r.surface,
                    "condition": r.condition,
                    "runners": len(r.runners),
                }
                for stem, r in found
            ]
        )
        return
    # two columns: the name to type, drawn whole, and the race in words, which wraps (at
    # 80 columns six columns cut the name to '2009-breed…' and the dates to '2009-…')
    table = _whole(Table("race", "what it is"), found_ids)
    for stem, r in found:
        where = ", ".join(part for part in (r.track, r.date) if part)
        # the going too, as the race's header says it: a sloppy sprint is another race
        going = f"{r.distance} on the {r.surface}, {r.condition}"
        about = f"{r.name}{f', {where}' if where else ''}: {going}"
        table.add_row(stem, f"{about}, {len(r.runners)} runners")
    console.print(table)


def cards(
    search: Annotated[
        str, typer.Argument(metavar="SEARCH", help="part of a name, id or note")
    ] = "",
    jockeys: Annotated[bool, typer.Option("--jockeys", help="list jockeys instead")] = False,
    folder: CardsOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """List and search a card set.

    Example: `homestretch stretch cards secretariat`

    Example: `homestretch stretch cards --jockeys arcaro`"""
    from homestretch.games.stretch.content.card_set import load_card_set

    card_set = load_card_set(folder)
    if jockeys:
        found = [
            j
            for j in card_set.jockeys.values()
            if search.lower() in j.name.lower() or search.lower() in j.id
        ]
        if fmt is OutputFormat.json:
            echo_json([j.model_dump() for j in found])
            return
        if not found:
            console.print(
                escape(
                    f"No jockey card matches {search!r}.{_near(search, card_set.jockeys.values())}"
                )
            )
            return
        table = _whole(Table("id", "name", "ride", "trouble", "note"), [j.id for j in found])
        for j in found:
            table.add_row(j.id, j.name, f"{j.ride:+d}", str(j.trouble), j.note)
        console.print(table)
        return
    horses = card_set.search(search)
    if fmt is OutputFormat.json:
        echo_json([h.model_dump(by_alias=True) for h in horses])
        return
    if not horses:
        console.print(
            escape(f"No horse card matches {search!r}.{_near(search, card_set.horses.values())}")
        )
        return
    if console.width < WIDE_CARDS:  # every column cut to 'sec…', 'S…', '6-…' at 80
        table = _whole(
            Table("id", "dirt/turf", "range", "pace", "form", "trip class speed", "wire"),
            [h.id for h in horses],
        )
        for h in horses:
            table.add_row(
                h.id,
                f"{h.power_dirt or '-'}/{h.power_turf or '-'}",
                f"{h.range_low:g}-{h.range_high:g}",
                str(h.pace),
                h.form,
                f"{h.trip:+d} {h.class_:+d} {h.speed:+d}",
                str(h.wire),
            )
        table.caption = (
            f"name, sex, age and Wet rating at {WIDE_CARDS} columns, or with --format json"
        )
        console.print(table)
        return
    table = Table(
        "id",
        "name",
        "card",
        "sex/age",
        "dirt",
        "turf",
        "range",
        "wet",
        "pace",
        "form",
        "trip/class/speed",
        "wire",
    )
    _whole(table, [h.id for h in horses])
    for h in horses:
        table.add_row(
            h.id,
            h.name,
            h.card,
            f"{h.sex} {h.age}",
            str(h.power_dirt or "-"),
            str(h.power_turf or "-"),
            f"{h.range_low:g}-{h.range_high:g}",
            str(h.wet),
            str(h.pace),
            h.form,
            f"{h.trip:+d} {h.class_:+d} {h.speed:+d}",
            str(h.wire),
        )
    console.print(table)


WIDE_CARDS = 120
"""Columns the whole card table needs; narrower terminals get the ratings a race is
built from beside each id."""


def _near(search: str, cards: Iterable[Any]) -> str:
    """The names nearest a search that found nothing, as a sentence, or ""."""
    from homestretch.games.stretch.content.cards_plain import nearest

    return nearest(search, cards)


def _whole(table: Table, names: Iterable[str], column: int = 0) -> Table:
    """The column a person types from (a race's or a card's id) drawn whole at any width:
    at 80 columns rich cut it to '2009-breed…' and 'sec…', which cannot be typed back;
    the other columns wrap to leave it room."""
    table.columns[column].no_wrap = True
    table.columns[column].min_width = max((len(name) for name in names), default=0)
    return table
