"""`stretch simulate`: a race run many times on the fast kernel (``run_many``, which
`stretch odds` runs Fullplay on too)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from homestretch.cli.common import (
    FormatOption,
    OutputFormat,
    SeedOption,
    announce_seed,
    console,
    echo_json,
    new_seed,
    progress_bar,
)
from homestretch.cli.plain import Table
from homestretch.core.inputs import MAX_RUNS
from homestretch.games.stretch.terminal.options import (
    ChartsOption,
    EstimateOption,
    ModeOption,
    checked_mode,
    note_old_copy,
    warn_presets_far_off,
)

if TYPE_CHECKING:
    from homestretch.games.stretch.analysis.probabilities import Chances
    from homestretch.games.stretch.content.chart_set import ChartSet
    from homestretch.games.stretch.content.race import Race


def simulate(
    race: Annotated[
        str, typer.Argument(metavar="RACE", help="a race file (TOML) or a bundled race's name")
    ],
    runs: Annotated[
        int, typer.Option("-n", "--runs", min=1, max=MAX_RUNS, help="how many races")
    ] = 100_000,
    mode: ModeOption = "quick",
    seed: SeedOption = None,
    charts: ChartsOption = None,
    estimate_surface: EstimateOption = False,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Run a race many times on the fast kernel: win, place and show chances.

    Example: `homestretch stretch simulate 2009-champagne-stakes -n 100000 --mode full`"""
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race

    checked_mode(mode)  # before the race is read: a mistake is said at once, naming no seed
    loaded, chart_set = load_race(race, estimate_surface), load_chart_set(charts)
    warn_presets_far_off(race, loaded)
    note_old_copy(chart_set)
    used_seed, chances = run_many(loaded, chart_set, mode, runs, seed, fmt)
    if fmt is OutputFormat.json:
        echo_json(
            {
                "race": loaded.name,
                "mode": mode,
                "seed": used_seed,
                "runs": runs,
                "entries": [
                    {
                        "post": c.post,
                        "horse": c.horse,
                        "win": c.win,
                        "place": c.place,
                        "show": c.show,
                        "mean_final_speed": c.mean_final_speed,
                    }
                    for c in chances
                ],
            }
        )
        return
    table = Table(
        "PP",
        "Horse",
        "APR",
        "Win",
        "Place",
        "Show",
        "Avg figure",  # the mean Final Speed Figure, as a racing paper names it
        title=f"{loaded.name}: {runs:,} races ({mode}play)",  # as `odds` says the version
        title_justify="left",
    )
    for c, runner in zip(chances, loaded.runners, strict=True):
        table.add_row(
            str(c.post),
            c.horse,
            str(runner.start_apr),
            f"{c.win:.1%}",
            f"{c.place:.1%}",
            f"{c.show:.1%}",
            f"{c.mean_final_speed:.1f}",
        )
    console.print(table)


def run_many(
    race: Race, charts: ChartSet, mode: str, runs: int, seed: int | None, fmt: OutputFormat
) -> tuple[int, list[Chances]]:
    """Run the race ``runs`` times on the kernel with a progress bar: (seed, chances)."""
    from homestretch.games.stretch.analysis.probabilities import monte_carlo

    checked = checked_mode(mode)  # a run that never starts names no seed
    used_seed = seed if seed is not None else new_seed()
    announce_seed(used_seed, "seeded", fmt)
    with progress_bar(runs, "simulating") as bar:
        chances = monte_carlo(
            race, charts, checked, runs, used_seed, lambda n: bar.advance(bar.task_ids[0], n)
        )
    return used_seed, chances
