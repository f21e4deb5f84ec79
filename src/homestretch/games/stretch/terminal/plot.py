"""Pictures: the running lines of a Fullplay race (lengths behind the leader at each call)."""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter
from matplotlib.transforms import offset_copy

from homestretch.cli.pictures import save_figure
from homestretch.core.errors import HomestretchError
from homestretch.games.stretch.rules.engine import RaceState
from homestretch.games.stretch.rules.report import ordinal, running_at
from homestretch.games.stretch.terminal.render import margins_added


def running_lines(state: RaceState, path: Path) -> None:
    """Draw each horse's lengths behind the leader at every call, finish included."""
    if state.mode != "full" or state.finish is None:
        raise HomestretchError("running lines need a finished Fullplay race (--mode full)")
    calls = [
        "Break",
        *(["Backstretch"] if state.race.furlongs >= 8 else []),
        "Top of stretch",
        "Finish",
    ]
    figure, axes = plt.subplots(figsize=(10, 5))
    ends: list[tuple[float, float, str, str]] = []
    runs: list[list[float]] = []
    at_wire = _beaten_as_charted(state)
    for index, line in enumerate(state.lines):
        behind: list[float] = []
        for at in range(len(line.race_points)):
            if not running_at(line, at):
                break  # it went out in this segment: its line stops at the call before
            leader = max(ln.race_points[at] for ln in state.lines if running_at(ln, at))
            behind.append((leader - line.race_points[at]) / 2)  # a point is half a length
        if not line.out:
            behind.append(at_wire[index])
        runs.append(behind)
    finished = [at_wire.get(i, float("inf")) for i in range(len(state.lines))]
    drawn = lanes_apart(runs, finished, LANE_POINTS / AXES_POINTS * max(1.0, *sum(runs, [])))
    for index, line in enumerate(state.lines):
        behind = drawn[index]
        xs = list(range(len(behind)))
        label = f"{line.post} {line.name}" + (
            " (out)"
            if line.out
            else f" (disqualified, placed {ordinal(line.finish or 0)})"
            if line.dq_roll
            else ""
        )
        colour, dashes = line_style(index)
        axes.plot(xs, behind, marker="o", label=label, color=colour, linestyle=dashes)
        ends.append((xs[-1], behind[-1], str(line.post), colour))
    axes.set_xticks(range(len(calls)), calls)
    axes.invert_yaxis()
    axes.set_ylabel("lengths behind the leader")
    axes.set_title(f"{state.race.name} - {state.race.distance} - running lines")
    axes.grid(alpha=0.3)
    # beside the plot, not over the lines it names
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    figure.tight_layout()  # the axes' final size, which sets how far apart labels must be
    _post_numbers(figure, axes, ends)
    save_figure(figure, path)


def _beaten_as_charted(state: RaceState) -> dict[int, float]:
    """Each finisher's lengths behind the winner as the result chart's margins add up, as
    the running positions table gives them (a racing paper's beaten lengths); a horse
    the stewards placed back keeps its own distance at the wire. The picture drew the
    unrounded distances, so at 1 1/4 miles War Admiral, 15 lengths back in the table
    after a string of noses, was drawn at 14.4."""
    assert state.finish is not None
    entries = state.result()["entries"]
    finishers = sorted(
        (e for e in entries if e["finish"] is not None), key=lambda e: (e["finish"], e["post"])
    )
    added = margins_added(finishers)
    return {
        index: added.get(line.post, beaten)
        for index, line in enumerate(state.lines)
        if (beaten := state.finish.beaten.get(index)) is not None
    }


LANE_POINTS = 3.0
"""How far apart horses level at a call are drawn (a line and a gap), in points."""
AXES_POINTS = 280.0
"""About how tall the plot's axes are drawn (a 5-inch figure less its title and labels)."""


def lanes_apart(runs: list[list[float]], finished: list[float], lane: float) -> list[list[float]]:
    """Each horse's lengths behind at every call, horses level at a call moved a lane
    apart around where they were, in the order they finished: drawn on one spot, one
    line hid the other's run (the web board draws them so too)."""
    drawn = [list(run) for run in runs]
    for at in range(max(map(len, runs), default=0)):
        level: dict[float, list[int]] = {}
        for horse, run in enumerate(runs):
            if at < len(run):
                level.setdefault(run[at], []).append(horse)
        for horses in level.values():
            horses.sort(key=lambda h: (finished[h], h))
            for k, horse in enumerate(horses):
                drawn[horse][at] += (k - (len(horses) - 1) / 2) * lane
    return drawn


LABEL_POINTS = 10.0
"""The height a post number needs (a small font and its leading), in points."""


def _post_numbers(figure: Figure, axes: Axes, ends: list[tuple[float, float, str, str]]) -> None:
    """The post number at the end of each line (the legend's colours alone cannot be told
    apart where lines cross), each readable: numbers of horses level, or nearly, at the
    same call are stacked a label's height apart around where they finished, each tied
    to its line's end by a thin stroke of its colour."""
    low, high = axes.get_ylim()
    inches = axes.get_window_extent().height / figure.dpi
    step = LABEL_POINTS / 72 / inches * abs(high - low)  # a label's height in lengths
    beside = offset_copy(axes.transData, figure, x=6, units="points")
    for x in sorted({end[0] for end in ends}):
        here = sorted((end for end in ends if end[0] == x), key=lambda end: end[1])
        for (_, y, post, colour), at in zip(here, spread([e[1] for e in here], step), strict=True):
            axes.annotate(
                post,
                (x, y),
                xytext=(x, at),
                textcoords=beside,
                va="center",
                fontsize="small",
                color=colour,
                arrowprops=None
                if abs(at - y) < step / 4
                else {"arrowstyle": "-", "color": colour, "lw": 0.6},
            )


def spread(ys: list[float], step: float) -> list[float]:
    """Where to write labels for the sorted values ``ys`` so that no two are closer than
    ``step``: labels that would crowd are set ``step`` apart, as a block centred on the
    values they stand for, and blocks that then crowd each other are merged."""
    blocks: list[list[float]] = []
    for y in ys:
        blocks.append([y])
        while (
            len(blocks) > 1
            and _top(blocks[-1], step) < _top(blocks[-2], step) + len(blocks[-2]) * step
        ):
            last = blocks.pop()
            blocks[-1].extend(last)
    return [_top(block, step) + k * step for block in blocks for k in range(len(block))]


def _top(block: list[float], step: float) -> float:
    return sum(block) / len(block) - (len(block) - 1) * step / 2


LINE_STYLES = ("-", "--", ":", "-.")


def line_style(index: int) -> tuple[str, str]:
    """A colour and a dash pattern no other horse in a field of up to 40 has: the ten
    colours, then again dashed, dotted, dash-dotted (a 14-horse field drew horses 1 and
    11 alike)."""
    return f"C{index % 10}", LINE_STYLES[index // 10 % len(LINE_STYLES)]


def probability_bars(
    title: str,
    horses: list[str],
    win: list[float],
    place: list[float],
    show: list[float],
    path: Path,
) -> None:
    """Win, place and show chances side by side, one group of bars per horse."""
    figure, axes = plt.subplots(figsize=(max(6, len(horses) * 0.9), 4.5))
    xs = range(len(horses))
    for offset, (name, values) in zip(
        (-0.27, 0, 0.27), (("win", win), ("place", place), ("show", show)), strict=True
    ):
        axes.bar([x + offset for x in xs], values, width=0.27, label=name)
    axes.set_xticks(list(xs), horses, rotation=30, ha="right")
    axes.set_ylabel("chance")
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))  # as the odds table says them
    axes.set_title(title)
    axes.legend()
    axes.grid(axis="y", alpha=0.3)
    save_figure(figure, path)


def calibration_plot(report: dict[str, object], path: Path) -> None:
    """Simulated win rate by odds band beside the real-racing band, and the margins."""
    from homestretch.games.stretch.analysis.calibrate import ODDS_BANDS

    figures = report["figures"]
    assert isinstance(figures, dict)
    by_odds = figures["win_rate_by_odds"]
    figure, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    names = [name for name, *_ in ODDS_BANDS]
    xs = range(len(names))
    for x, (_, _, _, band) in zip(xs, ODDS_BANDS, strict=True):
        if band:
            left.plot([x, x], band, color="grey", linewidth=8, alpha=0.35)
    left.plot(
        list(xs),
        [by_odds[n] if by_odds[n] is not None else float("nan") for n in names],
        "o-",
        label="simulated",
    )
    left.plot([], [], color="grey", linewidth=8, alpha=0.35, label="real racing")
    left.set_xticks(list(xs), names, rotation=40, ha="right")
    left.set_ylabel("win rate")
    left.yaxis.set_major_formatter(PercentFormatter(1.0))
    left.set_title("Win rate by post-time odds")
    left.legend()
    gaps = figures["win_rate_by_apr_gap"]
    right.bar(list(gaps), list(gaps.values()))
    right.set_xlabel("points below the field's top Adjusted Power Rating")
    right.set_ylabel("win rate")
    right.yaxis.set_major_formatter(PercentFormatter(1.0))
    right.set_title("Ratings mean what they say")
    save_figure(figure, path)
