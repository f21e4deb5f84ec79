"""The Stretch API other games use: a simulated race with its call and its JSON."""

from __future__ import annotations

import pytest

from homestretch.games.derbycast.sources.simulated import desk_race
from homestretch.games.stretch.api import simulated_race, simulated_run
from homestretch.games.stretch.content.race import bundled_races


@pytest.mark.parametrize(("seed", "mode"), [(3, "quick"), (11, "full")])
def test_a_simulated_run_carries_its_call_and_the_race_as_json(seed: int, mode: str) -> None:
    run = simulated_run(seed, mode=mode)  # type: ignore[arg-type]
    assert (run.name, run.runners) == simulated_race(seed, mode=mode)  # type: ignore[arg-type]
    result = run.result
    assert result["finished"] and result["mode"] == mode
    assert result["race"]["name"] == run.name
    assert [(e["post"], e["horse"], e["finish"]) for e in result["entries"]] == [
        (r.post, r.horse, r.finish) for r in run.runners
    ]
    winners = {r.post for r in run.runners if r.finish == 1}
    assert set(result["order"][0]) == winners
    *called, official = run.call
    assert called == [{"heading": p["heading"], "words": p["words"]} for p in result["call"]]
    # Derby Cast's TV shows the call alone: it ends with the official result and the
    # time, said there once (the wire no longer says them)
    assert official["heading"] == "The result"  # Derby Cast's keeper makes it official
    assert official["words"].endswith(f"The time: {result['final_time']}.")
    said = " ".join(part["words"] for part in run.call)
    assert said.count("The time:") == 1
    assert len(run.call) >= 3 and any(r.horse in official["words"] for r in run.runners)
    # the race Derby Cast's desk runs on the same seed, call and all
    desk = desk_race(seed, "", mode)
    assert desk.call == run.call
    assert [r.finish for r in desk.record.runners] == [r.finish for r in run.runners]


def test_a_named_race_is_the_one_run_and_seeds_repeat() -> None:
    path = bundled_races()[0]
    first, again = simulated_run(5, path), simulated_run(5, path)
    assert first == again
    assert first.result["entries"][0]["horse"] == simulated_race(5, path)[1][0].horse
    others = {simulated_run(seed, path).result["order"][0][0] for seed in range(8)}
    assert len(others) > 1  # the dice, not the race file, decide the winner
