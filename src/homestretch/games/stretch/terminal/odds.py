"""`stretch odds`: each horse's chances and fair odds beside the odds offered (Quickplay
exact, its proven brackets first; Fullplay by Monte Carlo)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from homestretch.cli.common import (
    FormatOption,
    OutputFormat,
    SeedOption,
    console,
    echo_json,
    err_console,
    progress_bar,
    said_drawn,
)
from homestretch.cli.plain import Table
from homestretch.core.inputs import MAX_RUNS
from homestretch.core.odds import Odds
from homestretch.games.stretch.terminal.options import (
    ChartsOption,
    EstimateOption,
    ModeOption,
    PlotOption,
    check_picture,
    checked_mode,
    note_old_copy,
    warn_presets_far_off,
)
from homestretch.games.stretch.terminal.simulate import run_many

if TYPE_CHECKING:
    from homestretch.core.protocol import JSON
    from homestretch.games.stretch.analysis.exact import ExactChances
    from homestretch.games.stretch.content.chart_set import ChartSet
    from homestretch.games.stretch.content.race_plain import AnyRace, AnyRunner


ODDS_RUNS = 400_000


def odds(
    race: Annotated[
        str, typer.Argument(metavar="RACE", help="a race file (TOML) or a bundled race's name")
    ],
    mode: ModeOption = "quick",
    runs: Annotated[
        int,
        typer.Option(
            "-n",
            "--runs",
            min=1000,
            max=MAX_RUNS,
            help="races to run in Fullplay (Quickplay is exact)",
        ),
    ] = ODDS_RUNS,
    seed: SeedOption = None,
    charts: ChartsOption = None,
    plot: PlotOption = None,
    estimate_surface: EstimateOption = False,
    fmt: FormatOption = OutputFormat.text,
    early: Annotated[
        bool,
        typer.Option(
            "--early",
            help="with --format json: JSON Lines, the exact win chances and proven place "
            'and show brackets at once ("final": false), then the exact answer '
            '("final": true); the text table shows the brackets first in a terminal',
        ),
    ] = False,
) -> None:
    """Each horse's chance to win, place and show, fair odds beside the odds offered.

    Quickplay chances are exact (every chart outcome weighed); Fullplay's are run by Monte Carlo.

    Example: `homestretch stretch odds 2009-champagne-stakes --plot odds.png`"""
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race_plain import load_odds_race

    checked_mode(mode)  # before the race is read: a mistake is said at once, naming no seed
    check_picture(plot)
    # read without pydantic where that is sure to be right (race_plain): the brackets
    # are out within a tenth of a second
    loaded, chart_set = load_odds_race(race, estimate_surface), load_chart_set(charts)
    warn_presets_far_off(race, loaded)
    note_old_copy(chart_set)
    runners: Sequence[AnyRunner] = loaded.runners
    exact = _exact_chances(loaded, chart_set, fmt, early) if mode == "quick" else None
    from homestretch.games.stretch.analysis.probabilities import (  # after brackets
        Chances,
        chart_odds_range,
    )

    places = exact.places if exact is not None else None
    if exact is not None and places is not None:
        used_seed: int | None = None
        if seed is not None or runs != ODDS_RUNS:
            err_console.print(
                "Quickplay chances are exact: no races are run, so --runs and --seed are not used",
                style="dim",
            )
        chances = [
            Chances(r.post, r.horse.name, float(w), float(p), float(s), None, (float(w), float(w)))
            for r, w, p, s in zip(runners, exact.win, places.place, places.show, strict=True)
        ]
    else:
        from homestretch.games.stretch.content.race import load_race  # the models' Race, to run

        used_seed, chances = run_many(
            load_race(race, estimate_surface), chart_set, mode, runs, seed, fmt
        )
        if exact is not None:  # the win chances are exact even where place and show are not
            chances = [
                replace(c, win=float(w), win_interval=(float(w), float(w)))
                for c, w in zip(chances, exact.win, strict=True)
            ]
    bounds = places.show_bound if places is not None else None
    ranges = chart_odds_range(loaded, chart_set)
    entries: list[dict[str, Any]] = []
    for index, (c, runner, (short, middle, long)) in enumerate(
        zip(chances, runners, ranges, strict=True)
    ):
        fair = c.fair_odds
        offered = Odds.parse(runner.real_odds) if runner.real_odds else None
        # an overlay: the odds on offer (real, or the chart's middle reading) pay more
        # than the horse's chance is worth, and more than the Fair column shows (a board
        # price, ruling S26: 99-1 stands for every longer price too)
        on_offer = (offered or middle).value
        overlay = fair is not None and on_offer > fair.value and on_offer * c.win > 1 - c.win
        entries.append(
            {
                **c.as_json(),
                "show_bound": None if bounds is None else float(bounds[index]),
                "fair_odds": None if fair is None else str(fair),
                "real_odds": None if offered is None else str(offered),
                "chart_odds": str(middle),
                "chart_odds_range": f"{short} to {long}",
                "overlay": overlay,
            }
        )
    if plot is not None:
        from homestretch.games.stretch.terminal.plot import probability_bars

        probability_bars(
            f"{loaded.name} ({mode}play)",
            [c.horse for c in chances],
            [c.win for c in chances],
            [c.place for c in chances],
            [c.show for c in chances],
            plot,
        )
        said_drawn(plot, fmt)
    if fmt is OutputFormat.json:
        answer = {
            "race": loaded.name,
            "mode": mode,
            "method": "exact" if places is not None else "monte-carlo",
            "win_method": "exact" if exact is not None else "monte-carlo",
            "runs": None if places is not None else runs,
            "seed": used_seed,
            "final": True,
            "entries": entries,
        }
        if early:
            _json_line(answer)
        else:
            echo_json(answer)
        return
    real = any(e["real_odds"] for e in entries)
    # some horses with real odds and some without (ruling S15: the rest run on chart
    # odds): each row shows the odds its overlay is judged on, the chart's marked so
    mixed = real and not all(e["real_odds"] for e in entries)
    overlays = any(e["overlay"] for e in entries)  # else no empty, headless last column
    margin = max((high - low) / 2 for low, high in (e["win_interval"] for e in entries))
    table = Table(
        "PP",
        "Horse",
        "Win",
        "Place",
        "Show",
        "Fair",
        "Odds" if mixed else "Real" if real else "Chart",
        *([OVERLAY] if overlays else []),
    )
    for e in entries:
        table.add_row(
            str(e["post"]),
            e["horse"],
            f"{e['win']:.1%}",
            f"{e['place']:.1%}",
            f"{e['show']:.1%}",
            e["fair_odds"] or "-",
            e["real_odds"] or (f"{e['chart_odds']} chart" if mixed else e["chart_odds"]),
            *([Text("yes", style="green") if e["overlay"] else ""] if overlays else []),
        )
    _titled(_odds_title(loaded.name, mode, runs, margin, exact is not None, bounds is not None))
    console.print(table)
    if mixed:
        console.print(MIXED_SAID, style="dim")
    if overlays:
        said = OVERLAY_SAID.format(odds="Real" if real else "Chart")
        console.print(
            said.replace("the Real odds", "the odds shown") if mixed else said, style="dim"
        )
    if bounds is not None and places is not None:
        from homestretch.games.stretch.analysis.chances import show_bound_note

        note = show_bound_note([c.horse for c in chances], places.show.tolist(), bounds.tolist())
        if note:
            console.print(note, style="dim", markup=False, highlight=False)


OVERLAY = "Overlay"
"""The odds table's last column, as ``--format json`` names it (``overlay``): "yes" where
the odds on offer pay more than the horse's chance is worth."""
OVERLAY_SAID = (
    "Overlay yes: the {odds} odds pay more than the Fair odds, what the horse's chance is worth."
)
"""The line under an odds table with an overlay column, saying what the column means."""
MIXED_SAID = (
    'Odds: the race\'s real odds; "chart" marks a horse the race gives none, with the odds '
    "chart's middle reading (ruling S15)."
)
"""Under an odds table of a race with real odds for some horses only."""


def _exact_chances(race: AnyRace, charts: ChartSet, fmt: OutputFormat, early: bool) -> ExactChances:
    """Kept chances at once; else proven brackets at once (a text table, or with --early a
    JSON line), then the exact sums."""
    from homestretch.games.stretch.analysis.exact import quickplay_chances, shared_outcomes
    from homestretch.games.stretch.analysis.exact_cache import cached, keep

    found = cached(race, charts)
    if found is not None:
        return found
    # the brackets are for someone watching: in a pipe or a file they read as the same
    # table twice, so there only the exact one is printed (JSON as asked)
    if (fmt is OutputFormat.text and console.is_terminal) or (fmt is OutputFormat.json and early):
        _show_bounds(race, charts, fmt)
    with progress_bar(shared_outcomes(race, charts), "exact chances") as bar:
        chances = quickplay_chances(race, charts, lambda n: bar.advance(bar.task_ids[0], n))
    keep(race, charts, chances)
    return chances


def _show_bounds(race: AnyRace, charts: ChartSet, fmt: OutputFormat) -> None:
    """Exact win chances and proven place and show brackets: milliseconds, not seconds."""
    from homestretch.games.stretch.analysis.chances import quick_bounds

    bounds = quick_bounds(race, charts, coming=True)
    if fmt is OutputFormat.json:
        _json_line({"race": race.name, "mode": "quick", "final": False, **bounds})
        return
    table = Table(
        "PP",
        "Horse",
        "Win",
        "Place",
        "Show",
    )
    for e in bounds["entries"]:
        table.add_row(
            str(e["post"]),
            e["horse"],
            f"{e['win']:.1%}",
            f"{e['place_low']:.1%}-{e['place_high']:.1%}",
            f"{e['show_low']:.1%}-{e['show_high']:.1%}",
        )
    _titled(f"{race.name} (quickplay): {bounds['says']}")
    console.print(table)


def _json_line(data: JSON) -> None:
    """One answer of a JSON Lines stream, on its way at once (a pipe would hold it)."""
    import json  # a text answer never needs it

    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def _titled(title: str) -> None:
    """A table's title on a line of its own, the terminal's width: as a rich table's title
    it wraps at the table's width (some 70 columns for eight), mid-sentence at 80."""
    console.print(Text(title, style="table.title"))


def _odds_title(
    name: str, mode: str, runs: int, margin: float, exact_win: bool, exact: bool
) -> str:
    if exact:  # the show chances' proven bound: a note under the table where it shows
        return f"{name} (quickplay): exact chances, every chart outcome counted"
    if exact_win:
        return f"{name} ({mode}play): win chances exact; place and show from {runs:,} races"
    return f"{name} ({mode}play): {runs:,} races run; win chances within {margin:.2%} (95%)"
