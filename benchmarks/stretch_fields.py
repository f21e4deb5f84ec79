"""What the Top of the Stretch benchmarks share: a field of N horses from the card set,
each with its own jockey, and a rate measured in CPU time."""

from __future__ import annotations

import time
from collections.abc import Callable

from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.race import Race, RaceSpec, build_race


def field_of(horses: int) -> Race:
    """The first ``horses`` dirt horses of the card set at a mile, one jockey each."""
    cards = load_card_set()
    runners = [h for h in cards.horses.values() if h.power_dirt is not None][:horses]
    riders = list(cards.jockeys)[:horses]
    spec = RaceSpec.model_validate(
        {
            "name": f"Benchmark Stakes ({horses})",
            "furlongs": 8,
            "entries": [{"horse": h, "jockey": j} for h, j in zip(runners, riders, strict=True)],
        }
    )
    return build_race(spec, cards)


def rate(work: Callable[[], object], count: int, repeats: int = 3) -> float:
    """Work done per CPU second, the best of ``repeats`` timings (the least disturbed)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return count / best
