"""Each horse's chances and fair odds as a race page shows them beside the chart odds.

Quickplay: the proven brackets at once (``quickplay_bounds``: exact win, place and show
within a fraction of a percent, in milliseconds), then the exact figures, which take
seconds and are kept in the exact cache. Fullplay has no exact sums: the kernel's
simulated chances, with the number of races run and the win chance's 95% interval.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homestretch.games.stretch.content.chart_set import ChartSet
from homestretch.games.stretch.rules.odds_payoffs import fair_odds as fair

if TYPE_CHECKING:
    from collections.abc import Sequence

    from homestretch.core.protocol import JSON
    from homestretch.games.stretch.content.race import Race
    from homestretch.games.stretch.content.race_plain import (  # not pydantic before the brackets
        AnyRace,
        AnyRunner,
    )

SIMULATED_RUNS = 400_000
"""As many as `stretch odds` runs: about a second, win chances within ±0.1-0.2%."""
SIMULATED_SEED = 1
"""Fixed, so every page shows the same simulated figures for a race."""


def fair_odds(win: float) -> str | None:
    """The price that pays exactly what the win chance is worth."""
    odds = fair(win)
    return None if odds is None else str(odds)


def _entries(race: AnyRace, win: Any, **columns: Any) -> list[JSON]:
    runners: Sequence[AnyRunner] = race.runners
    return [
        {
            "post": runner.post,
            "horse": runner.horse.name,
            "win": float(win[i]),
            "fair_odds": fair_odds(float(win[i])),
            **{name: float(values[i]) for name, values in columns.items()},
        }
        for i, runner in enumerate(runners)
    ]


def percent(chance: float) -> str:
    """A chance as the odds table and the race page print it: 33.3%."""
    return f"{chance:.1%}"


SCALES = ((1e-12, "1 in a trillion"), (1e-9, "1 in a billion"), (1e-6, "1 in a million"))


def show_bound_note(horses: Sequence[str], show: Sequence[float], bound: Sequence[float]) -> str:
    """What a fan is told of the show chances' proven bound (each horse's exact show
    chance is at most ``bound`` above the one counted): nothing where no printed figure
    could change by it, as it can only where a chance sits on a tenth of a percent's
    edge; else how close the count is, in words, and which figures could read a tenth
    higher. ``--format json`` gives every bound as it is."""
    could = [
        f"{horse}'s {percent(s)} may be {percent(s + b)}"
        for horse, s, b in zip(horses, show, bound, strict=True)
        if percent(s) != percent(s + b)
    ]
    if not could:
        return ""
    widest = max(bound)
    close = next((words for scale, words in SCALES if widest <= scale), f"{widest:.1%}")
    return f"Show chances are exact to within {close}: {'; '.join(could)}."


COMING = " (the exact figures follow)"
"""Said after the brackets while the exact figures are being worked out, and only then."""


def quick_bounds(race: AnyRace, charts: ChartSet, coming: bool = False) -> JSON:
    """The proven brackets; ``coming``: the exact figures are being worked out (the
    brackets say they follow)."""
    from homestretch.games.stretch.analysis.exact import quickplay_bounds

    b = quickplay_bounds(race, charts)
    return {
        "method": "bounds",
        "says": f"win exact; place and show proven within {b.widest:.1%}"
        + (COMING if coming else ""),
        "widest": b.widest,
        "entries": _entries(
            race,
            b.win,
            place_low=b.place_low,
            place_high=b.place_high,
            show_low=b.show_low,
            show_high=b.show_high,
        ),
    }


def kept_exact(race: AnyRace, charts: ChartSet) -> JSON | None:
    """The exact figures if the exact cache has them."""
    from homestretch.games.stretch.analysis.exact_cache import cached

    found = cached(race, charts)
    return None if found is None or found.places is None else _exact_json(race, found)


def exact(race: AnyRace, charts: ChartSet) -> JSON:
    """The exact figures, computed (seconds) and kept in the exact cache."""
    from homestretch.games.stretch.analysis.exact import quickplay_chances
    from homestretch.games.stretch.analysis.exact_cache import keep

    chances = quickplay_chances(race, charts)
    keep(race, charts, chances)
    if chances.places is None:  # some horse can never go out: win alone is exact
        return {**quick_bounds(race, charts), "method": "bounds", "final": True}
    return _exact_json(race, chances)


def _exact_json(race: AnyRace, chances: Any) -> JSON:
    places = chances.places
    entries = _entries(
        race, chances.win, place=places.place, show=places.show, show_bound=places.show_bound
    )
    return {
        "method": "exact",
        "says": "exact: every Quickplay chart outcome with its chance",
        "note": show_bound_note(
            *([e[k] for e in entries] for k in ("horse", "show", "show_bound"))
        ),
        "entries": entries,
    }


def simulated(race: Race, charts: ChartSet, runs: int = SIMULATED_RUNS) -> JSON:
    from homestretch.games.stretch.analysis.probabilities import (
        monte_carlo,  # not before the brackets
    )

    found = monte_carlo(race, charts, "full", runs, SIMULATED_SEED)
    margin = max((c.win_interval[1] - c.win_interval[0]) / 2 for c in found)
    entries = [{**c.as_json(), "fair_odds": fair_odds(c.win)} for c in found]
    return {
        "method": "simulated",
        "runs": runs,
        "seed": SIMULATED_SEED,
        "says": f"simulated: {runs:,} Fullplay races on the kernel (seed {SIMULATED_SEED}); "
        f"win within ±{margin:.1%} (95%)",
        "entries": entries,
    }
