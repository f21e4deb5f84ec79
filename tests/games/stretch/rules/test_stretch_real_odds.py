"""Page 13: "You don't need to use the Odds/Payoffs Chart at all", and "you may choose to
use the real life odds rather than generating your own"."""

from __future__ import annotations

from typing import Any

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.race import RaceSpec, build_race
from homestretch.games.stretch.rules.engine import OddsChoice, RaceGame, RaceState


def _race(odds: list[str | None]) -> Any:
    entries = []
    for n, price in enumerate(odds):
        horse = {"name": f"H{n}", "range_low": 6, "range_high": 10, "power_dirt": 20 - n}
        horse |= {"pace": 5, "form": "C"}
        entry: dict[str, Any] = {"horse": horse, "jockey": "house-b"}
        if price is not None:
            entry["odds"] = price
        entries.append(entry)
    return build_race(
        RaceSpec.model_validate({"name": "Odds", "furlongs": 8, "entries": entries}),
        load_card_set(),
    )


def _run(race: Any, odds: OddsChoice) -> RaceState:
    game = RaceGame.from_config(RaceGame(race, "quick", odds=odds).config())
    state = play(game.new_initial_state(), SeededDice(3), {})
    assert isinstance(state, RaceState)
    return state


def test_real_odds_are_used_unless_the_odds_are_rolled() -> None:
    race = _race(["2-1", "3-1", "9-2"])
    real = _run(race, "real")
    assert [str(real.used_odds(line)) for line in real.lines] == ["2-1", "3-1", "9-2"]
    assert all(line.odds is None for line in real.lines)  # no odds rolls at all
    rolled = _run(race, "chart")
    assert all(line.odds is not None for line in rolled.lines)
    assert [rolled.used_odds(line) for line in rolled.lines] == [ln.odds for ln in rolled.lines]


def test_a_field_with_some_real_odds_rolls_for_the_others_ruling_s15() -> None:
    state = _run(_race(["2-1", None, "9-2"]), "real")
    used = [str(state.used_odds(line)) for line in state.lines]
    assert used[0] == "2-1" and used[2] == "9-2"
    assert state.lines[1].odds is not None and used[1] == str(state.lines[1].odds)


def test_a_race_without_odds_rolls_none_and_pays_nothing() -> None:
    state = _run(_race([None, None, None]), "none")
    assert all(state.used_odds(line) is None for line in state.lines)
    assert all(line.odds_roll is None for line in state.lines)  # no odds rolls at all
    from homestretch.games.stretch.rules.report import race_json

    entries = race_json(state)["entries"]
    assert all(e["odds"] is None and e["payoffs"]["win"] is None for e in entries)
    assert sorted(e["finish"] for e in entries if e["finish"])[0] == 1
