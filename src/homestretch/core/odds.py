"""Odds as a value type: parses and prints 7-2, 7/2, 8-5, 1-9, "even" and decimal forms.

Odds are fractional odds to one (7-2 means 7 won for every 2 staked, 3.5 to 1), kept
exact as a Fraction so charts and payoffs never suffer rounding.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import total_ordering

from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import shown

# [0-9], not \d: \d matches every script's digits, which Fraction then reads
_NUMBER = r"([0-9]{1,9}(?:\.[0-9]{1,6})?)"
_RATIO = re.compile(rf"^\s*{_NUMBER}\s*[-/:]\s*{_NUMBER}\s*(on)?\s*$")
MAX_ODDS = 10_000
"""The longest odds read (10000-1): no tote board shows more, and far past every chart."""
BOARD_STEPS = tuple(
    Fraction(n, d)
    for n, d in (
        (1, 9),
        (1, 5),
        (1, 4),
        (2, 5),
        (1, 2),
        (3, 5),
        (4, 5),
        (1, 1),
        (6, 5),
        (7, 5),
        (3, 2),
        (8, 5),
        (9, 5),
        (2, 1),
        (5, 2),
        (3, 1),
        (7, 2),
        (4, 1),
        (9, 2),
        (5, 1),
        *((n, 1) for n in (6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 18, 20, 22, 25)),
        *((n, 1) for n in (30, 35, 40, 45, 50, 60, 70, 80, 99)),
    )
)
"""The prices a morning line shows (ruling S26): the tote board's steps up to 5-1, then
6-1 to 12-1, 14-1, 15-1, 16-1, 18-1, 20-1, 22-1, 25-1, by fives to 50-1, by tens to
80-1, and 99-1, the longest a tote board's two digits show. Every reading of the
standard odds charts is one of them (the rulebook's 7-1 and 11-1 among them)."""
SHORT_STEPS = tuple(step for step in BOARD_STEPS if step <= 5)
"""The board's steps up to 5-1, where a live tote board reads its odds too (ruling S20:
whole numbers above)."""
_DECIMAL = re.compile(rf"^\s*{_NUMBER}\s*(?:-1|/1|to 1)?\s*$")


@total_ordering
@dataclass(frozen=True)
class Odds:
    """Fractional odds to one; ``value`` is the profit on a stake of 1."""

    value: Fraction

    def __post_init__(self) -> None:
        if self.value <= 0:
            raise HomestretchError(f"odds must be above 0 to 1, got {self.value}")
        if not 1 / Fraction(MAX_ODDS) <= self.value <= MAX_ODDS:
            raise HomestretchError(
                f"odds of {float(self.value):.4g} to 1 are out of range (odds go from 1-{MAX_ODDS} to {MAX_ODDS}-1)"
            )

    @classmethod
    def parse(cls, text: str | int | float) -> Odds:
        """Read 7-2, 7/2, 7:2, 3.5, 5, "even" / "evens" / "1-1"; "5-2 on" is odds-on, 2-5."""
        if isinstance(text, int | float):
            if isinstance(text, float) and not math.isfinite(text):
                raise HomestretchError(f"odds must be a finite number, got {text}")
            if abs(text) > MAX_ODDS:
                raise HomestretchError(
                    f"odds of {text:.4g} to 1 are out of range (at most {MAX_ODDS}-1)"
                )
            return cls(Fraction(str(text)))
        raw = text.strip().lower()
        if raw in {"even", "evens", "evs", "ev"}:
            return cls(Fraction(1))
        ratio = _RATIO.match(raw)
        if ratio:
            top, bottom = Fraction(ratio.group(1)), Fraction(ratio.group(2))
            if bottom == 0:
                raise HomestretchError(f"odds {shown(text)}: the second number cannot be 0")
            odds_on = ratio.group(3) is not None
            if odds_on and top == 0:
                raise HomestretchError(f"odds {shown(text)}: the first number cannot be 0")
            return cls(bottom / top if odds_on else top / bottom)
        decimal = _DECIMAL.match(raw)
        if decimal:
            return cls(Fraction(decimal.group(1)))
        raise HomestretchError(
            f"cannot read odds {shown(text)} (write them like 7-2, 7/2, 3.5 or even)"
        )

    @classmethod
    def from_float(cls, value: float) -> Odds:
        """The nearest board price (:data:`BOARD_STEPS`, ruling S26), the shorter of two
        equally near; 1-9 at the shortest and 99-1 at the longest."""
        return cls(min(BOARD_STEPS, key=lambda step: abs(float(step) - value)))

    @property
    def on_board(self) -> bool:
        """Whether a morning line shows this price (:data:`BOARD_STEPS`)."""
        return self.value in BOARD_STEPS

    @property
    def implied_probability(self) -> float:
        """The chance of winning these odds imply: 1 / (odds + 1)."""
        return float(1 / (self.value + 1))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Odds):
            return NotImplemented
        return self.value < other.value

    def __str__(self) -> str:
        if self.value == 1:
            return "even"
        v = self.value
        if v.denominator <= 20:
            return f"{v.numerator}-{v.denominator}"
        return f"{float(v):g}-1"

    def to_json(self) -> str:
        return str(self)
