"""The options several `stretch` commands share (--mode, --charts, --cards,
--estimate-surface, --plot), with the checks and the notes on stderr on what they name."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from homestretch.cli.common import err_console, one_of
from homestretch.core.inputs import escape_controls, shown_folder

if TYPE_CHECKING:
    from homestretch.games.stretch.content.chart_set import ChartSet
    from homestretch.games.stretch.content.race_plain import AnyRace
    from homestretch.games.stretch.rules.engine import Mode


ModeOption = Annotated[
    str, typer.Option("--mode", "-m", help="quick (Quickplay) or full (Fullplay)")
]
ChartsOption = Annotated[
    Path | None,
    typer.Option(
        "--charts",
        help="a chart-set folder (default: the standard set; copy it to edit with "
        "`homestretch stretch content FOLDER --part charts`)",
    ),
]
CardsOption = Annotated[
    Path | None,
    typer.Option(
        "--cards",
        help="a card-set folder (default: the standard set; copy it to edit with "
        "`homestretch stretch content FOLDER --part cards`)",
    ),
]
EstimateOption = Annotated[
    bool,
    typer.Option(
        "--estimate-surface",
        help="estimate a Power rating for a surface a horse never ran on (its other "
        "surface's less 3, ruling S5)",
    ),
]
PlotOption = Annotated[Path | None, typer.Option("--plot", help="draw a picture (PNG or SVG)")]


def checked_mode(mode: str) -> Mode:
    """--mode as typed, checked: a slip gets the nearest ("--mode fulll: did you mean full?")."""
    return one_of("--mode", mode, ("quick", "full"))  # type: ignore[return-value]


def warn_presets_far_off(ref: str | Path, race: AnyRace) -> None:
    """On stderr, each entry whose preset ``apr`` is far from its horse's own (ruling S24):
    an entry copied with its ``apr`` and given another horse runs on the old horse's."""
    from homestretch.games.stretch.content.race_plain import presets_far_off, resolve_race_path

    for runner, own in presets_far_off(race):
        err_console.print(
            f"warning: {escape_controls(str(resolve_race_path(ref)))}, entry {runner.post} ({runner.horse.name}): "
            f"its preset apr = {runner.start_apr} is {abs(own - runner.start_apr)} points "
            f"from the {own} its card gives; the race runs on {runner.start_apr}, as written "
            "(a preset apr is kept whatever horse the entry names: drop the line to use "
            "the card's)",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def note_standard_going(charts: ChartSet) -> None:
    """Say once, on stderr (stdout may hold JSON), that a chart set without a going chart
    runs on the standard one (ruling S23), and how to give it one of its own."""
    if charts.standard_going:
        folder = shown_folder(charts.folder)  # the folder as named, not the path kept
        err_console.print(
            f"note: {folder} has no going.csv (copied before 2026-12-05): its times use "
            "the standard going allowances (ruling S23). To set your own, run `homestretch "
            f"stretch content NEW --part charts` and copy NEW/charts/going.csv into {folder}.",
            style="yellow",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def note_old_copy(charts: ChartSet) -> None:
    """Say once, on stderr, what a chart set copied before the standard set gained its
    going chart (``note_standard_going``) or its drop-back charts (rulings S30, S31) runs
    without, what that changes and how to bring it up to date: such a copy is named an
    "edited copy" in a run's header though nobody edited it."""
    from homestretch.games.stretch.content.chart_set import charts_missing

    note_standard_going(charts)
    missing, only = charts_missing(charts)
    if not missing:
        return
    folder = shown_folder(charts.folder)
    files = ", ".join(chart.file for chart in missing[:-1])
    files = f"{files} or {missing[-1].file}" if files else missing[-1].file
    why = ", all that makes it an edited copy" if only else ""
    without = "; ".join(chart.without for chart in missing)
    rulings = ", ".join(chart.ruling for chart in missing)
    copy = ", ".join(f"NEW/charts/{chart.file}" for chart in missing[:-1])
    copy = f"{copy} and NEW/charts/{missing[-1].file}" if copy else f"NEW/charts/{missing[-1].file}"
    err_console.print(
        f"note: {folder} has no {files} (copied before {missing[0].added}){why}: in "
        f"Fullplay, turning for home, {without}, unlike today's standard set "
        f"(ruling{'s' if len(missing) > 1 else ''} {rulings}); no result or chance "
        "changes. To add "
        f"{'them' if len(missing) > 1 else 'it'}, run `homestretch stretch content NEW "
        f"--part charts` and copy {copy} into {folder}.",
        style="yellow",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def check_picture(plot: Path | None) -> None:
    """Refuse a picture that cannot be written before the work to draw it is done."""
    if plot is not None:
        from homestretch.cli.pictures import picture_path

        picture_path(plot)
