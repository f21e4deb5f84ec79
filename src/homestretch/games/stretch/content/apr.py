"""The custom-race builder's starting Adjusted Power Rating.

The transcription lost the rulebook's own APR rules; these are ours, recorded as
rulings in docs/rulings.md (Top of the Stretch, "Adjusted Power Rating"):
the surface's Power rating, less one point per furlong (or part) outside the horse's
Range, plus the track's wet effect offset by the horse's Wet rating, kept to 0-29.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from homestretch.core.errors import HomestretchError

if TYPE_CHECKING:  # the cards' models or their plain records (cards_plain): pydantic not
    from homestretch.games.stretch.content.cards_plain import AnyHorse  # imported by `odds`

ESTIMATE_PENALTY = 3
"""Points a horse loses on a surface it never ran on, when an estimate is allowed."""


@dataclass(frozen=True)
class AprWorking:
    """How a starting APR was reached, step by step, for the scoresheet."""

    power: int
    range_penalty: int
    wet_adjustment: int
    estimated: bool
    apr: int

    def explain(self) -> str:
        parts = [f"power {self.power}" + (" (estimated)" if self.estimated else "")]
        if self.range_penalty:
            parts.append(f"range -{self.range_penalty}")
        if self.wet_adjustment:
            parts.append(f"wet {self.wet_adjustment:+d}")
        return ", ".join(parts) + f" = {self.apr}"


def range_penalty(horse: AnyHorse, furlongs: float) -> int:
    if furlongs < horse.range_low:
        return math.ceil(horse.range_low - furlongs)
    if furlongs > horse.range_high:
        return math.ceil(furlongs - horse.range_high)
    return 0


def wet_adjustment(horse: AnyHorse, wet_effect: int) -> int:
    """The wet effect (0 to -3) with as much of it offset as the horse's Wet rating allows."""
    return min(0, wet_effect + horse.wet)


def starting_apr(
    horse: AnyHorse, surface: str, furlongs: float, wet_effect: int, estimate: bool = False
) -> AprWorking:
    power = horse.power_turf if surface == "turf" else horse.power_dirt
    estimated = False
    if power is None:
        other = horse.power_dirt if surface == "turf" else horse.power_turf
        if not estimate or other is None:
            raise HomestretchError(
                f"{horse.name} has no {surface} Power rating (power_{surface} on its card); "
                "choose another horse, or allow an estimate (`stretch run`, `simulate`, "
                "`odds` and `new` take --estimate-surface)"
            )
        power, estimated = max(0, other - ESTIMATE_PENALTY), True
    penalty = range_penalty(horse, furlongs)
    wet = wet_adjustment(horse, wet_effect)
    apr = max(0, min(29, power - penalty + wet))
    return AprWorking(power, penalty, wet, estimated, apr)
