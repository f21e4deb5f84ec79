"""The finish (page 12): official order after disqualifications, margins and times."""

from __future__ import annotations

import math
from dataclasses import dataclass

from homestretch.games.stretch.content.chart_set import ChartSet
from homestretch.games.stretch.content.race import Race
from homestretch.games.stretch.rules.sheet import Line


@dataclass(frozen=True)
class Finish:
    order: list[list[int]]
    """Official order: groups of line indices; a group of several is a dead heat."""
    beaten: dict[int, float]
    """Lengths behind the first horse past the wire (0 for it), by line index."""
    winner_seconds: float | None
    wire: list[list[int]]
    """The order at the wire, before disqualifications: groups of line indices, a group of
    several a dead heat there."""

    def wire_places(self) -> dict[int, int]:
        """Each finisher's place at the wire by line index (1 first past; a dead heat
        shares its place, and the next horse's is counted past every one of them)."""
        places: dict[int, int] = {}
        ahead = 0
        for group in self.wire:
            places.update(dict.fromkeys(group, ahead + 1))
            ahead += len(group)
        return places


def settle_finish(lines: list[Line], charts: ChartSet, race: Race) -> Finish:
    running = [i for i, line in enumerate(lines) if not line.out]
    groups: dict[int, list[int]] = {}
    for i in running:
        groups.setdefault(lines[i].finish or 0, []).append(i)
    wire_order = [groups[place] for place in sorted(groups)]
    dq_rolls = {i: roll for i in running if (roll := lines[i].dq_roll) is not None}
    order = official_order(wire_order, dq_rolls)
    place = 1
    for group in order:
        for i in group:
            lines[i].finish = place
        place += len(group)

    for i in running:
        figure = float(lines[i].final_speed or 0)
        going = charts.final_seconds(figure, race.furlongs, race.surface, race.condition)
        lines[i].seconds = going + race.course_seconds_per_furlong * race.furlongs  # S22
    time = charts.final_time(race.furlongs)
    fastest = min((lines[i].seconds or 0.0 for i in running), default=None)
    per_point = time.seconds_per_point / charts.seconds_per_length
    return Finish(
        order=order,
        beaten=beaten_lengths(lines, running, per_point),
        winner_seconds=fastest,
        wire=wire_order,
    )


PHOTO_MARGINS = ((0, 0.0), (1, 0.05), (3, 0.15), (5, 0.3))
"""A photo's margin from the difference of the photo totals (ruling S11): level is a dead
heat, 1-2 a nose, 3-4 a head, 5 or more a neck."""


def photo_margin(difference: int) -> float:
    return next(m for low, m in reversed(PHOTO_MARGINS) if abs(difference) >= low)


def figure_margin(points: int, red_ahead: int, red_behind: int, lengths_per_point: float) -> float:
    """Lengths between horses ``points`` Final Speed Figure points apart (ruling S11).

    A figure is a whole number, but the roll that made it had a red die the chart does
    not read: it says where in its point the horse finished (a 6 at the top, a 1 at the
    bottom), so a one-point beating runs from 1/6 to 1 5/6 points and a chart's head,
    neck and 1/2 appear at every distance. It never reverses the figures' order."""
    return (points + (red_ahead - red_behind) / 6) * lengths_per_point


def beaten_lengths(
    lines: list[Line], running: list[int], lengths_per_point: float
) -> dict[int, float]:
    """Lengths behind the first horse past the wire, built margin by margin down the
    order at the wire (figure, then photo total)."""
    wire = sorted(
        running, key=lambda i: (lines[i].final_speed or 0, lines[i].photo_total or 0), reverse=True
    )
    beaten: dict[int, float] = {}
    behind = 0.0
    for ahead, i in zip([None, *wire], wire, strict=False):
        if ahead is not None:
            a, b = lines[ahead], lines[i]
            points = (a.final_speed or 0) - (b.final_speed or 0)
            if points == 0:
                behind += photo_margin((a.photo_total or 0) - (b.photo_total or 0))
            else:
                red_a = a.speed_dice[0] if a.speed_dice else 0
                red_b = b.speed_dice[0] if b.speed_dice else 0
                behind += figure_margin(points, red_a, red_b, lengths_per_point)
        beaten[i] = behind
    return beaten


def official_order(wire_order: list[list[int]], dq_rolls: dict[int, int]) -> list[list[int]]:
    """The order after disqualifications (ruling S8).

    Each disqualified horse goes below as many horses that finished behind it, and were
    not themselves disqualified, as its die shows: a dead-heat group counts as its number
    of horses and is passed whole, a horse it dead-heated with stays ahead of it, and with
    too few horses behind it goes below all of them. Disqualified horses that land in the
    same gap keep their order at the wire (a dead heat between them stands).
    """
    clean = [[i for i in group if i not in dq_rolls] for group in wire_order]
    landing: dict[int, int] = {}  # clean horses ahead of the disqualified horse at the end
    for n, group in enumerate(wire_order):
        for horse in group:
            if horse not in dq_rolls:
                continue
            passed = 0
            for behind in clean[n + 1 :]:
                if passed >= dq_rolls[horse]:
                    break
                passed += len(behind)
            landing[horse] = sum(len(g) for g in clean[: n + 1]) + passed

    official: list[list[int]] = []

    def land(gap: int) -> None:
        for group in wire_order:
            here = [i for i in group if landing.get(i) == gap]
            if here:
                official.append(here)

    land(0)
    ahead = 0
    for group in clean:
        if group:
            official.append(group)
            ahead += len(group)
            land(ahead)
    return official


LENGTHS_NOISE = 1e-9
"""Far below any margin (the smallest is a nose, 0.05) and far above float noise."""


def format_lengths(lengths: float) -> str:
    """Margins the way a chart caller writes them: nose, head, neck, 1/2, 3/4, 1, 1 1/4,
    ... in quarters up to 10 lengths, whole lengths beyond."""
    if lengths <= LENGTHS_NOISE:
        return "dead heat"
    # a margin on a boundary reads up (5/8 is 3/4), and float noise never tips it: the
    # call (a difference of beaten lengths) and the chart must read one margin alike
    lengths += LENGTHS_NOISE
    if lengths < 0.1:
        return "nose"
    if lengths < 0.2:
        return "head"
    if lengths < 0.375:
        return "neck"
    if lengths >= 10:
        return f"{math.floor(lengths + 0.5)}"
    quarters = math.floor(lengths * 4 + 0.5)
    whole, part = divmod(quarters, 4)
    fraction = {0: "", 1: "1/4", 2: "1/2", 3: "3/4"}[part]
    if whole == 0:
        return fraction
    return f"{whole} {fraction}".strip()


def format_time(seconds: float) -> str:
    minutes, rest = divmod(seconds, 60)
    return f"{int(minutes)}:{rest:05.2f}"
