"""The typed notices a surface words: each race's result and every payment, with who,
how much and why, adding up to what the race paid."""

from __future__ import annotations

from collections import Counter

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.across.bots import SensibleBot
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.state import AcrossState

WHY = {"refund", "winners circle", "win", "place", "show", "daily double", "odd fifties"}


def test_every_race_result_and_payment_is_a_typed_notice() -> None:
    game = AcrossGame(players=4, tracks=("epsom-downs",), daily_double=True)
    state = play(game.new_initial_state(), SeededDice(4), {s: SensibleBot(s) for s in range(4)})
    assert isinstance(state, AcrossState)
    races = state.result()["races"]
    results = [n for n in state.notices if n["type"] == "race_result"]
    assert [(n["race"], n["finish"], n["rolls"]) for n in results] == [
        (r["race"], r["finish"], r["rolls"]) for r in races
    ]
    assert all(n["card"]["finish"] == n["finish"] and n["track"] for n in results)
    payments = [n for n in state.notices if n["type"] == "payment"]
    assert {n["why"] for n in payments} <= WHY | {"win8 bin", "place8 bin", "show8 bin"}
    assert {"winners circle", "win8 bin"} <= {n["why"] for n in payments}
    for race in races:
        paid: Counter[str] = Counter()
        for n in payments:
            if n["race"] == race["race"]:
                paid[str(n["seat"])] += n["amount"]
        assert dict(paid) == race["paid"], f"race {race['race']}"
    # each notice names the point of the log it was emitted at
    assert all(0 < n["at"] <= len(state.events) for n in state.notices)
