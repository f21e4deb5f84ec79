"""The finish (page 12): official order after disqualifications, margins and times."""

from __future__ import annotations

from dataclasses import dataclass

from homestretch.games.stretch.charts import ChartSet
from homestretch.games.stretch.sheet import Line


@dataclass(frozen=True)
class Finish:
    order: list[list[int]]
    """Official order: groups of line indices; a group of several is a dead heat."""
    beaten: dict[int, float]
    """Lengths behind the first horse past the wire (0 for it), by line index."""
    winner_seconds: float | None


def settle_finish(lines: list[Line], charts: ChartSet, furlongs: float) -> Finish:
    running = [i for i, line in enumerate(lines) if not line.out]
    groups: dict[int, list[int]] = {}
    for i in running:
        groups.setdefault(lines[i].finish or 0, []).append(i)
    order = [groups[place] for place in sorted(groups)]
    for i in sorted(
        (i for i in running if lines[i].dq_roll is not None), key=lambda i: lines[i].finish or 0
    ):
        order = _move_down(order, i, lines[i].dq_roll or 0)
    place = 1
    for group in order:
        for i in group:
            lines[i].finish = place
        place += len(group)

    time = charts.final_time(furlongs)
    for i in running:
        figure = lines[i].final_speed or 0
        lines[i].seconds = time.par_seconds - (figure - time.par_figure) * time.seconds_per_point
    fastest = min((lines[i].seconds or 0.0 for i in running), default=None)
    beaten = {
        i: ((lines[i].seconds or 0.0) - (fastest or 0.0)) / charts.seconds_per_length
        for i in running
    }
    return Finish(order=order, beaten=beaten, winner_seconds=fastest)


def _move_down(order: list[list[int]], horse: int, places: int) -> list[list[int]]:
    """Move a disqualified horse below ``places`` horses that finished behind it.

    A dead-heat group behind it counts as its number of horses, and the horse is placed
    below the whole group once the count reaches into it (see docs/rulings.md).
    """
    position = next(n for n, group in enumerate(order) if horse in group)
    rest = [[i for i in group if i != horse] for group in order]
    index = position + 1
    passed = 0
    while index < len(rest) and passed < places:
        passed += len(rest[index])
        index += 1
    rest.insert(index, [horse])
    return [g for g in rest if g]


def format_lengths(lengths: float) -> str:
    """Margins the way a chart caller writes them: nose, head, neck, 1 1/4, ..."""
    if lengths <= 0:
        return "dead heat"
    if lengths < 0.1:
        return "nose"
    if lengths < 0.2:
        return "head"
    if lengths < 0.375:
        return "neck"
    quarters = round(lengths * 4)
    whole, part = divmod(quarters, 4)
    fraction = {0: "", 1: "1/4", 2: "1/2", 3: "3/4"}[part]
    if whole == 0:
        return fraction
    return f"{whole} {fraction}".strip()


def format_time(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:05.2f}"
