from __future__ import annotations

from typing import Any

import pytest

from homestretch.core.chance import ScriptedDice
from homestretch.core.referee import play
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.race import RaceSpec, build_race
from homestretch.games.stretch.rules.engine import Mode, RaceGame, RaceState


def run_scripted(race: dict[str, Any], mode: Mode, faces: list[int]) -> RaceState:
    built = build_race(RaceSpec.model_validate(race), load_card_set())
    dice = ScriptedDice(faces)
    state = play(RaceGame(built, mode).new_initial_state(), dice, {})
    assert isinstance(state, RaceState)
    assert dice.remaining == 0, "the script should be used up exactly"
    return state


@pytest.fixture
def scripted() -> Any:
    return run_scripted


@pytest.fixture(autouse=True)
def _exact_odds_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: Any) -> None:
    """Kept exact odds go to a folder of the test's own, never the user's cache."""
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path_factory.mktemp("exact-odds")))
