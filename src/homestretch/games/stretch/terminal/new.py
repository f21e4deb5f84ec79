"""`stretch new`: a race file built from cards and conditions, checked as `stretch run`
checks one before a byte is written."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from homestretch.cli.common import FormatOption, OutputFormat, console, echo_json
from homestretch.cli.plain import Table
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import output_path, shown_folder, shown_path
from homestretch.games.stretch.content.conditions import CONDITIONS
from homestretch.games.stretch.terminal.options import CardsOption, EstimateOption


def new(
    output: Annotated[Path, typer.Argument(metavar="FILE", help="the race file to write (TOML)")],
    entry: Annotated[
        list[str],
        typer.Option(
            "--entry",
            "-e",
            help="HORSE@JOCKEY by card id or name, in post order (HORSE alone: its own rider)",
        ),
    ],
    name: Annotated[str, typer.Option(help="the race's name")] = "Dream Race",
    track: Annotated[str, typer.Option(help="the racetrack")] = "",
    date: Annotated[str, typer.Option(help="the date")] = "",
    furlongs: Annotated[float, typer.Option(help="distance in furlongs, 4.5 to 16")] = 10,
    surface: Annotated[str, typer.Option(help="dirt, turf or synthetic")] = "dirt",
    condition: Annotated[str, typer.Option(help=", ".join(CONDITIONS))] = "fast",
    folder: CardsOption = None,
    estimate_surface: EstimateOption = False,
    force: Annotated[bool, typer.Option("--force", help="overwrite an existing file")] = False,
    # --no-force (the default) was shown beside it, as `content --force` has none: still
    # taken from a script that wrote it, and no longer shown
    no_force: Annotated[bool, typer.Option("--no-force", hidden=True)] = False,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Build a race file from cards and conditions (APRs computed when it is run).

    Checked by the same rules as `stretch run` before a byte is written: every file it writes runs.

    Example: `homestretch stretch new dream.toml -e secretariat-1973@turcotte -e citation-1948@arcaro` (find cards with `homestretch stretch cards NAME`)"""
    output = output_path(output, "race file")
    force = force and not no_force
    from pydantic import ValidationError

    from homestretch.games.stretch.content.card_set import (
        describe_validation,
        load_card_set,
        nearest_choice,
    )
    from homestretch.games.stretch.content.race import RaceSpec, build_race

    if output.exists() and not force:
        raise HomestretchError(f"{output} exists; use --force to overwrite it")
    from homestretch.games.stretch.content.riders import NoStandIn, field_riders

    card_set = load_card_set(folder)
    horses, named = [], []
    for text in entry:  # an unknown card named before the count: the mistake to mend first
        horse_ref, _, jockey_ref = text.partition("@")
        try:
            horses.append(card_set.horse(horse_ref.strip()))
            named.append(card_set.jockey(jockey_ref.strip()) if jockey_ref.strip() else None)
        except ContentError as exc:
            raise HomestretchError(_no_card(text, exc, folder)) from None
    if len(entry) < 2:
        raise HomestretchError("a race needs at least two --entry HORSE@JOCKEY")
    # a horse named alone: its own rider, else the stand-in, said below the table (S27)
    try:
        mounts = field_riders(card_set, horses, named)
    except NoStandIn as exc:
        raise HomestretchError(_no_stand_in(entry[exc.index], card_set, folder)) from None
    except ContentError as exc:  # the card set's riders.csv, named as the person reads it
        raise ContentError(shown_path(exc.source), exc.problem, exc.where) from None
    picks = [(horse, mount.jockey) for horse, mount in zip(horses, mounts, strict=True)]
    written: dict[str, Any] = {
        "name": name,
        "date": date,
        "track": track,
        "furlongs": furlongs,
        "surface": surface,
        "condition": condition,
    }
    entries = [{"horse": h.id, "jockey": j.id} for h, j in picks]
    try:
        spec = RaceSpec.model_validate({**written, "entries": entries}, strict=True)
    except ValidationError as exc:
        field, _, problem = describe_validation(exc, nearest_choice, RaceSpec).partition(": ")
        raise HomestretchError(f"--{field.split('.')[0]}: {problem}") from None
    race = build_race(spec, card_set, estimate_surface)

    import json

    def quoted(text: str) -> str:  # a TOML basic string (JSON's escapes are TOML's)
        return json.dumps(text, ensure_ascii=False)

    lines = [
        f"name = {quoted(name)}",
        f"date = {quoted(date)}",
        f"track = {quoted(track)}",
        f"furlongs = {furlongs:g}",
        f'surface = "{surface}"',
        f'condition = "{condition}"',
    ]
    if folder is not None:
        lines.append(f"cards = {quoted(_from_race_file(folder, output))}")
    table = Table("PP", "horse", "jockey", "starting APR")
    for (horse, jockey), runner in zip(picks, race.runners, strict=True):
        lines += ["", "[[entries]]", f'horse = "{horse.id}"', f'jockey = "{jockey.id}"']
        table.add_row(str(runner.post), horse.name, jockey.name, runner.apr_working)
    try:
        output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as exc:
        raise HomestretchError(f"{output}: cannot write the race file ({exc.strerror})") from None
    # a horse's Power estimated for this surface: so is every run of the file
    import shlex  # a path with a space is quoted in the line to copy

    run_it = f"homestretch stretch run {shlex.quote(str(output))}" + (
        " --estimate-surface" if estimate_surface else ""
    )
    if fmt is OutputFormat.json:
        echo_json(
            {
                "file": str(output),
                "run": run_it,
                "entries": [
                    {
                        "post": runner.post,
                        "horse": horse.id,
                        "jockey": jockey.id,
                        "start_apr": runner.start_apr,
                        "jockey_from": mount.how,  # named, own (the card's), stand-in
                    }
                    for (horse, jockey), mount, runner in zip(
                        picks, mounts, race.runners, strict=True
                    )
                ],
            }
        )
        return
    console.print(table)
    for line in _stand_ins(picks, mounts):  # said, not left to look like a rider's name
        console.print(line, markup=False, highlight=False)
    console.print(f"wrote {escape(str(output))}; run it with: {escape(run_it)}")


def _stand_ins(picks: list[Any], mounts: list[Any]) -> list[str]:
    """The horses named alone that the stand-in rides, and why (ruling S27): those whose
    card has no rider in one line, each whose rider is on another horse in a line."""
    alone = [(h, j, m) for (h, j), m in zip(picks, mounts, strict=True) if m.how == "stand-in"]
    if not alone:
        return []
    rider = alone[0][1].name
    lines = []
    bare = [h for h, _, m in alone if m.why.startswith("no rider")]
    if bare:
        names = ", ".join(h.name for h in bare)
        whose = "its card names" if len(bare) == 1 else "their cards name"
        lines.append(
            f"{names}: no jockey named and {whose} no rider, so the stand-in {rider} rides."
        )
    for horse, _, mount in alone:
        if not mount.why.startswith("no rider"):
            lines.append(
                f"{horse.name}: no jockey named and {mount.why}, so the stand-in {rider} rides."
            )
    example = alone[0][0].id
    lines.append(f"Name a rider with -e HORSE@JOCKEY (-e {example}@JOCKEY).")
    return lines


def _no_stand_in(typed: str, card_set: Any, own_cards: Path | None) -> str:
    """-e HORSE with no @JOCKEY on a card set without the stand-in rider house-b."""
    where = "the card set" if own_cards is None else shown_path(own_cards / "jockeys.csv")
    stand_ins = [jockey for jockey in card_set.jockeys if jockey.startswith("house-")]
    others = f" (its stand-ins: {', '.join(stand_ins)})" if stand_ins else ""
    return (
        f"-e {typed}: no jockey is named, so the stand-in house-b would ride, and {where} "
        f"has no house-b{others}: write {typed.strip()}@JOCKEY, or add a house-b rider "
        "to the set"
    )


def _from_race_file(folder: Path, output: Path) -> str:
    """A card set as a race file names it: from the race file's own folder ("../cards"),
    so a content folder moved or shared keeps its races' cards (it was written whole,
    "/home/ann/my-stretch/cards", found on Ann's machine only)."""
    import os

    try:
        return Path(os.path.relpath(folder.resolve(), output.resolve().parent)).as_posix()
    except ValueError:  # another drive (Windows): no way there from the race file
        return str(folder.resolve())


def _no_card(typed: str, exc: ContentError, own_cards: Path | None) -> str:
    """An entry's card not found: the -e named, the user's own card file (not the one
    inside the install), the nearest cards and the command that lists them."""
    from homestretch.games.stretch.content.cards_plain import NoSuchCard

    where = f" in {shown_folder(exc.source)}" if own_cards is not None else ""
    hint = f"{exc.nearest} ({exc.listed_by})" if isinstance(exc, NoSuchCard) else ""
    return f"-e {typed}: {exc.problem}{where}.{hint}"
