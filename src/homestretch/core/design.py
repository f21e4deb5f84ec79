"""A designer's check: one thing the rulebook says a piece of content is for (a track, a
board, a whole game), what is wanted of it, what a simulation or an exact count measured,
and whether it is met. Each game's ``analysis`` makes its own; the terminal draws them
alike (``cli.common.checks_table``).

Also the arithmetic the whole-game checks share: a share's 95% interval, and whether
the seats' wins differ beyond chance (a chi-square test against equal shares)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""
SEAT_P = 0.01
"""Seats' wins differing less than chance would one time in a hundred are taken as fair:
a fair game fails the check in 1% of samples, a seat's real edge of a few points is
found in a few hundred games."""


@dataclass(frozen=True)
class Check:
    check: str
    wanted: str
    measured: str
    met: bool

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def interval(hits: float, runs: int) -> tuple[float, float]:
    """The 95% (Wilson) interval of a share of ``hits`` in ``runs``; (0, 1) for none."""
    if runs <= 0:
        return 0.0, 1.0
    share = hits / runs
    spread = Z95**2 / runs
    centre = (share + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(share * (1 - share) / runs + spread / (4 * runs)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def chi_square_p(counts: Sequence[float]) -> float:
    """The chance that counts at least this uneven come from equal shares (chi-square,
    ``len(counts) - 1`` degrees of freedom); 1.0 with nothing counted."""
    total = sum(counts)
    if total <= 0 or len(counts) < 2:
        return 1.0
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    return chi_square_tail(statistic, len(counts) - 1)


def chi_square_tail(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom > ``x``), in closed form (whole df)."""
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    tail = math.erfc(math.sqrt(half))
    for i in range(df // 2):
        tail += math.exp((i + 0.5) * math.log(half) - half - math.lgamma(i + 1.5)) if half else 0
    return min(1.0, tail)


def seat_check(wins: Sequence[float], what: str = "the winner") -> Check:
    """Seat order does not pick ``what``: the seats' wins tested against equal shares."""
    games = sum(wins)
    shares = [w / games if games else 0.0 for w in wins]
    p = chi_square_p(wins)
    low, high = min(shares), max(shares)
    return Check(
        "seat order does not pick " + what,
        f"no seat's share off 1/{len(wins)} beyond chance (chi-square p >= {SEAT_P:g})",
        f"seats {low:.1%}-{high:.1%}, p = {p:.2f}",
        p >= SEAT_P,
    )
