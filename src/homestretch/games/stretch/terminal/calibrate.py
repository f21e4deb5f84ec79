"""`stretch calibrate`: the calibration study, every figure beside its real-racing band."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.text import Text

from homestretch.cli.common import (
    FormatOption,
    OutputFormat,
    console,
    echo_json,
    progress_bar,
    said_drawn,
    seed_number,
)
from homestretch.cli.plain import Table
from homestretch.games.stretch.terminal.options import (
    ChartsOption,
    ModeOption,
    PlotOption,
    check_picture,
    checked_mode,
    note_old_copy,
)

REAL_RATES = {
    "out_of_race_rate": "fatal injuries 0.13% of starts",
    "disqualification_rate": "no published rate",
}
"""What real racing says beside the rates no band is set for (docs/stretch-calibration.md):
out of the race is every way of not finishing, so it runs above the fatal injuries."""
FIGURE_WORDS = {
    "favourite_win_rate": "favourites win",
    "favourite_top3_rate": "favourites in the first 3",
    "overround_mean": "book (overround), mean",
    "margin_under_1_length_rate": "won by under a length",
    "margin_median_lengths": "median winning margin (lengths)",
    "margin_over_7_lengths_rate": "won by over 7 lengths",
    "greats_top_horse_win_rate_mean": "dream fields: top great wins",
    "out_of_race_rate": "out of the race, per start",
    "disqualification_rate": "disqualified, per start",
}
"""The calibration table's figures in a racegoer's words (the JSON keeps the keys)."""
IN_BAND, OUTSIDE = Text("in band", style="green"), Text("outside", style="red")


CORPUS_SEEDS = 2**32
"""How many seeds the calibration corpus takes (numpy's seeds are 32 bits)."""


def _corpus_seed(seed: int) -> int:
    if not 0 <= seed < CORPUS_SEEDS:
        raise typer.BadParameter(
            f"a seed for the corpus is a whole number from 0 to {CORPUS_SEEDS - 1}"
        )
    return seed


def calibrate(
    fields: Annotated[
        int, typer.Option("-n", "--fields", min=10, max=10_000, help="fields in the corpus")
    ] = 400,
    races: Annotated[
        int, typer.Option("--races", min=50, max=100_000, help="races per field")
    ] = 500,
    seed: Annotated[
        int,
        typer.Option(
            metavar="SEED",
            parser=seed_number,  # "--seed abc" said as every command's --seed says it
            callback=_corpus_seed,
            help=f"seed for the corpus and the dice (0 to {CORPUS_SEEDS - 1})",
        ),
    ] = 1,
    mode: ModeOption = "quick",
    charts: ChartsOption = None,
    plot: PlotOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Run the calibration study: every figure beside its real-racing band.

    Example: `homestretch stretch calibrate --charts my-stretch/charts --plot calibration.png`"""
    from homestretch.games.stretch.analysis.calibrate import (
        ODDS_BANDS,
        TARGETS,
        TIME_BANDS,
        dream_fields,
        extra_fields,
        going_total,
        run_study,
    )
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.rules.finish import format_time

    chosen = checked_mode(mode)  # before the bar: a slip inside it left a blank line first
    check_picture(plot)
    total = fields + dream_fields(fields) + 2 * extra_fields(fields) + going_total(fields)
    chart_set = load_chart_set(charts)  # a bad folder said before the bar is drawn
    note_old_copy(chart_set)
    with progress_bar(total, "running the corpus") as bar:
        report = run_study(
            fields,
            races,
            seed,
            chart_set,
            progress=lambda n: bar.advance(bar.task_ids[0], n),
            mode=chosen,
        )
    if plot is not None:
        from homestretch.games.stretch.terminal.plot import calibration_plot

        calibration_plot(report, plot)
        said_drawn(plot, fmt)
    if fmt is OutputFormat.json:
        echo_json({**report, "seed": seed})  # a fixed default, yet said as every run says it
        return
    figures = report["figures"]
    assert isinstance(figures, dict)
    table = Table(
        "figure",
        "simulated",
        "real racing",
        "",
        title=f"Calibration: {report['races']:,} races",
        title_justify="left",
    )
    for name, (low, high) in TARGETS.items():
        value = figures[name]
        ok = value is not None and low <= value <= high
        lengths = name == "margin_median_lengths"  # the one figure that is not a share
        table.add_row(
            FIGURE_WORDS.get(name, name),
            "-" if value is None else f"{value:.2f}" if lengths else _share(value),
            f"{low:.2f}-{high:.2f}" if lengths else _band(low, high),
            IN_BAND if ok else OUTSIDE,
        )
    for name, _, _, band in ODDS_BANDS:
        value = figures["win_rate_by_odds"][name]
        ok = band is not None and value is not None and band[0] <= value <= band[1]
        table.add_row(
            f"win rate at {name}",
            "-" if value is None else _share(value),
            "" if band is None else _band(*band),
            IN_BAND if ok else OUTSIDE,
        )
    for name, real in REAL_RATES.items():
        table.add_row(FIGURE_WORDS[name], f"{figures[name]:.2%}", real, "")
    for going, bands in TIME_BANDS.items():
        medians = figures["stakes_median_times_by_going"][going]
        for furlongs, (low, high) in bands.items():
            seconds = medians[f"{furlongs:g}f"]
            table.add_row(
                f"stakes winners' median time, {going} {furlongs:g}f",
                format_time(seconds),
                f"{format_time(low)}-{format_time(high)}",
                IN_BAND if low <= seconds <= high else OUTSIDE,
            )
    console.print(table)
    console.print(
        f"no winning time faster than the dirt records: {figures['records_never_beaten']}"
    )
    console.print(_field_types_table(report["by_field_type"], ODDS_BANDS))
    console.print(_pace_table(report["pace_by_field_size"], report["style_by_field_size"], mode))
    order = report["rulebook_order"]
    assert isinstance(order, list)
    if order:
        console.print("Against the rulebook's order (docs/stretch-formats.md, Chart sets):")
        for line in order:
            console.print(f"  {line}", markup=False, highlight=False)
    else:
        console.print(
            "The rulebook's order holds: no odds chart shorter than the one to its left, no "
            "odds class shorter further below the top APR, no Final Speed Figure lower for "
            "a higher Final APR."
        )
    console.print(
        f"ratings monotonic: {figures['apr_monotonic']}; front-runners win "
        f"{_share(figures['front_runner_win_rate_slow_pace'])} in slow paces vs "
        f"{_share(figures['front_runner_win_rate_normal_pace'])} in normal; closers "
        f"{_share(figures['closer_win_rate_fast_pace'])} in fast vs "
        f"{_share(figures['closer_win_rate_normal_pace'])}; speed-figure spread A "
        f"{figures['form_a_speed_sd']:.2f} vs E {figures['form_e_speed_sd']:.2f}"
    )


def _field_types_table(by_type: Any, bands: Any) -> Table:
    """The market in each field type: the book, the favourite, win rate at each price
    with its 95% interval over the fields."""
    from homestretch.games.stretch.analysis.calibrate import within_band

    kinds = list(by_type)
    table = Table("field type", *kinds, title="Odds by field type", title_justify="left")
    table.add_row("fields", *(str(by_type[k]["fields"]) for k in kinds))
    table.add_row("book (115-125%)", *(f"{by_type[k]['overround_mean']:.1%}" for k in kinds))
    table.add_row("favourite wins", *(f"{by_type[k]['favourite_win_rate']:.1%}" for k in kinds))
    for name, _, _, band in bands:
        cells = []
        for k in kinds:
            rate = by_type[k]["win_rate_by_odds"][name]
            half = by_type[k].get("win_rate_by_odds_ci", {}).get(name)
            ok = within_band(rate, half, band)  # ruling S32: judged by its interval
            mark = "" if rate is None else ("" if ok else " [red]out[/red]")
            spread = "" if half is None else f" ±{half:.3f}"
            cells.append("-" if rate is None else Text.from_markup(f"{rate:.3f}{spread}{mark}"))
        table.add_row(f"at {name} ({band[0]:.3f}-{band[1]:.3f})", *cells)
    return table


def _pace_table(by_size: Any, style: Any, mode: str) -> Table:
    """Pace and running-style win rates by field size, each with its 95% interval over
    the fields: compare `--mode quick` and `--mode full` (ruling S18)."""
    table = Table(
        "runners",
        "fields",
        "races",
        "slow",
        "normal",
        "fast",
        "front runners win",  # "front-runners" was cut to "front-…" at 80 columns
        "closers win",
        title=f"Pace by field size ({mode}play), with 95% intervals",
        title_justify="left",
    )

    def rate(value: float | None, half: float | None) -> str:
        return "-" if value is None or half is None else f"{value:.1%} ±{half:.1%}"

    for size, row in by_size.items():
        runs = style[size]
        table.add_row(
            size,
            f"{row['fields']:,}",
            f"{row['races']:,}",
            *(rate(row[p], row[f"{p}_ci"]) for p in ("slow", "normal", "fast")),
            *(rate(runs[f"{s}_win_rate"], runs[f"{s}_ci"]) for s in ("front_runner", "closer")),
        )
    return table


def _share(rate: float | None) -> str:
    """A rate as a percentage; "none run" where no race had the pace it asks about."""
    return "none run" if rate is None else f"{rate:.1%}"


def _band(low: float, high: float) -> str:
    """A band of shares as the study prints it: 33-37%, 4.5-9%, 115-125%."""

    def percent(share: float) -> str:
        return f"{share * 100:.1f}".rstrip("0").rstrip(".")

    return f"{percent(low)}-{percent(high)}%"
