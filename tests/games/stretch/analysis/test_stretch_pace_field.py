"""Fullplay's field-size term (ruling S18): the Field die in the engine, and the two
versions' pace shares over a bounded corpus (benchmarks/stretch_pace_agreement.py judges
them on full corpora)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
from rich.console import Console
from tests.games.stretch.analysis.test_stretch_kernel_identity import field_of

from homestretch.core.chance import ChanceNode, Outcome, ScriptedDice, SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.calibrate import build_corpus
from homestretch.games.stretch.analysis.kernel import FieldArrays, simulate
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_arrays import ChartArrays
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.report import race_call
from homestretch.games.stretch.terminal.render import scoresheet

CHARTS = load_chart_set()
TOTALS = np.add.outer(np.arange(1, 7), np.arange(1, 7)).ravel()


class Recorded(SeededDice):
    """Seeded dice that keep each roll's name and faces."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rolls: list[tuple[str, Outcome]] = []

    def resolve(self, node: ChanceNode) -> Outcome:
        outcome = super().resolve(node)
        self.rolls.append((node.label, outcome))
        return outcome


def run(game: RaceGame, dice: SeededDice | ScriptedDice) -> RaceState:
    state = play(game.new_initial_state(), dice, {})
    assert isinstance(state, RaceState) and state.pace is not None
    return state


def test_the_field_die_is_rolled_where_it_decides_the_row() -> None:
    """A 7-runner route loses a point on some faces of the Field die: the die is a chance
    node of its own, rolled only when the total it leaves reads another row, before the
    Race Pace die; the call, the JSON and the scoresheet show it; scripted the other way
    it reads the other row."""
    shift, faces_taking = CHARTS.pace_term(7, False)
    assert 0 < faces_taking < 6
    game = RaceGame(field_of(7, 10.0), "full", odds="none")
    rolled = 0
    for seed in range(40):
        dice = Recorded(seed)
        state = run(game, dice)
        names = [name for name, _ in dice.rolls]
        matters = CHARTS.field_die_matters(state.pace_total or 0, 7, False)
        assert names.count("Field die (the Race Pace chart's field-size term)") == int(matters)
        if not matters:
            assert state.field_die is None and state.pace_term == shift
            continue
        rolled += 1
        at = names.index("Field die (the Race Pace chart's field-size term)")
        assert all(not name.startswith("Race Pace die") for name in names[:at])
        assert state.field_die == dice.rolls[at][1][0]
        assert state.pace_term == shift + int(state.field_die <= faces_taking)
        row = CHARTS.race_pace_row((state.pace_total or 0) - state.pace_term)
        assert state.pace == (row[state.pace_roll[0] - 1] if state.pace_roll else row[0])
        assert state.result()["field_die"] == state.field_die
        assert f"field die {state.field_die}" in " ".join(w for _, w in race_call(state))
        console = Console(width=100, record=True)
        console.print(scoresheet(state, state.result()))
        assert f"(Field die {state.field_die})" in console.export_text()
        # the same race with the Field die turned over reads the other row
        faces = [face for _, outcome in dice.rolls for face in outcome]
        flat_at = sum(len(outcome) for _, outcome in dice.rolls[:at])
        faces[flat_at] = 6 if state.field_die <= faces_taking else 1
        other = run(game, ScriptedDice(faces + [1] * 40))
        assert other.field_die == faces[flat_at]
        assert other.pace_term == 2 * shift + 1 - state.pace_term
    assert 0 < rolled < 40


def pace_differences(folder: Path | None, races: list) -> np.ndarray:  # type: ignore[type-arg]
    """Per field: runners, sprint or not, Fullplay minus Quickplay (slow, normal, fast)
    shares: Quickplay's exact, Fullplay's from 1,000 kernel races."""
    charts = load_chart_set(folder)
    tables = ChartArrays.from_charts(charts)
    rows = []
    for k, race in enumerate(races):
        field = FieldArrays.from_race(race, charts)
        quick = np.bincount(tables.pace_scenario[field.top_two_pace, TOTALS], minlength=3) / 36
        batch = simulate(field, tables, "full", 1_000, np.random.default_rng(k), race.furlongs)
        full = np.bincount(batch.pace, minlength=3) / 1_000
        rows.append((len(race.runners), race.furlongs < 8, *(full - quick)))
    return np.array(rows, dtype=float)


OLD_RACE_PACE = """low,high,1,2,3,4,5,6
0,28,slow,slow,slow,slow,slow,slow
29,35,slow,slow,slow,normal,normal,normal
36,40,slow,slow,normal,normal,normal,normal
41,43,normal,normal,normal,normal,normal,normal
44,45,normal,normal,fast,fast,fast,fast
46,47,normal,normal,fast,fast,fast,fast
48,49,normal,fast,fast,fast,fast,fast
50,999,fast,fast,fast,fast,fast,fast
"""
OLD_PACE_SETUP = """roll,0,1,2,3,4,5,6,7,8,9
2,-2,-2,-2,-2,-2,-2,-2,-2,-2,-2
3,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1
4,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1
5,-1,-1,-1,0,0,0,0,0,0,0
6,-1,-1,-1,0,0,0,0,0,0,0
7,0,0,0,0,0,0,0,0,0,0
8,0,0,0,0,0,0,0,1,1,1
9,0,0,0,0,0,0,0,1,1,1
10,1,1,1,1,1,1,1,1,1,1
11,1,1,1,1,1,1,1,1,1,1
12,2,2,2,2,2,2,2,2,2,2
"""
OLD_TERMS = "runners,shift,sprint_shift\n" + "".join(
    f"{n},{int(n >= 7)},{int(n >= 13)}\n" for n in range(2, 15)
)


def test_slow_paces_agree_where_whole_point_terms_missed(tmp_path: Path) -> None:
    """Over 750 fields the two versions' slow shares agree within a point in sprints of
    9-14 runners and within 0.6 over all fields of 5-14; the whole-point charts of
    2026-12-03 (one Race Pace chart for every distance, with the Pace Setup chart of then)
    missed both, by about 2 and 1."""
    cards = load_card_set()
    races = build_corpus(cards, 600, 7).races + build_corpus(cards, 150, 8, kind="big").races
    old = tmp_path / "whole-point"
    shutil.copytree(STANDARD, old)
    (old / "race_pace_sprint.csv").unlink()
    (old / "race_pace.csv").write_text(OLD_RACE_PACE)
    (old / "race_pace_field.csv").write_text(OLD_TERMS)
    (old / "pace_setup.csv").write_text(OLD_PACE_SETUP)  # Pace 7-9 gained on 8-9 then
    misses = {}
    for name, folder in (("standard", None), ("whole-point", old)):
        d = pace_differences(folder, races)
        sprints = (d[:, 0] >= 9) & (d[:, 1] == 1)
        every = d[:, 0] >= 5
        misses[name] = (abs(d[sprints, 2].mean()), abs(d[every, 2].mean()))
    assert misses["standard"][0] < 0.01 and misses["standard"][1] < 0.006, misses
    assert misses["whole-point"][0] > 0.01 and misses["whole-point"][1] > 0.006, misses


def test_the_field_die_is_said_in_a_fans_words() -> None:
    """It said "The Field die shows 3: 1 point off the top two's 43 race points for 12
    runners", then "The Field die shows 3: in a field of 7, the two leaders' 44 race points
    count as 43 for the pace": a die no racing fan has heard of. Now the call says what
    the field's size did in racing words (a quick pair up front is likelier with more
    runners, so their race points count for less), and the die is the bracket's detail
    beside the pace die."""
    from homestretch.games.stretch.rules.report import pace_term_words

    game = RaceGame(field_of(7, 10.0), "full", odds="none")
    said = 0
    for seed in range(40):
        state = run(game, Recorded(seed))
        if state.field_die is None:
            continue
        said += 1
        total, term = state.pace_total or 0, state.pace_term or 0
        words = pace_term_words(state)
        assert words.startswith("with 7 runners a quick pair up front is likelier, ")
        assert words.endswith(
            "yet this time they count in full" if term == 0 else f"so they count as {total - term}"
        )
        call = " ".join(w for _, w in race_call(state))
        assert "Field die" not in call and "die shows" not in call
        dice = f"field die {state.field_die}"
        if state.pace_roll is not None:
            dice += f", pace die {state.pace_roll[0]}"
        assert f" = {total} race points; {words}; {dice})." in call
    assert said
