"""Turning for home in evenly matched big fields (ruling S31): ruling S30's drop back by
gap leaves a field where nobody is 4 points below the best as the Form dice left it, so
its winner was 9th or worse turning for home in some 30% of such races. The chart set's
``race_position_rank.csv`` drops back a horse far down a big field's ratings (9th and
worse on Final APR on the standard set), the larger of that and S30's drop; fields of
eight or fewer, the rulebook's Champagne and every quoted reading among them, are as
S30 leaves them, and no result moves (race points decide nothing after the segment,
ruling S6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tests.conftest import refused

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.stretch.analysis.calibrate import build_corpus
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.report import race_call

RANK = "race_position_rank.csv"


@pytest.fixture
def before(tmp_path: Path) -> Path:
    """The standard set as it was before ruling S31: S30's chart, no drop back by rank
    (nor S33's in evenly matched big fields, which came after it)."""
    folder = tmp_path / "charts"
    shutil.copytree(STANDARD, folder)
    (folder / RANK).unlink()
    (folder / "race_position_rank_even.csv").unlink()
    return folder


def _run(game: RaceGame, seed: int) -> RaceState:
    state = play(game.new_initial_state(), SeededDice(seed), {})
    assert isinstance(state, RaceState) and state.finish is not None
    return state


def test_the_chart_drops_a_horse_by_its_place_on_the_ratings() -> None:
    charts = load_chart_set()
    steps = [charts.drop_back_rank(rank) for rank in range(1, 17)]
    assert steps == [0] * 8 + [-2, -4, -6, -8, -10, -12, -12, -12]
    # nobody in a field of eight or fewer: the Champagne's six (page 23's lengths,
    # tests/games/stretch/rules/test_stretch_champagne.py) and the Ladies Classic's eight
    assert load_chart_set().drop_back(3) == 0


def test_a_big_fields_tail_drops_back_by_its_place_and_no_result_moves(before: Path) -> None:
    """Claiming $5,000 at Charles Town, twelve runners: every horse drops back the larger
    of S30's drop by gap and S31's by place; on the same dice without the chart every
    reading and result is alike, and some horses within 3 points of the best now drop
    back (nobody did)."""
    race = load_race("claiming-route-big-field")
    now, then = RaceGame(race, "full"), RaceGame(race, "full", charts=before)
    charts = load_chart_set()
    within = 0
    for seed in range(30):
        a, b = _run(now, seed), _run(then, seed)
        x, y = a.result(), b.result()
        assert x["dice"] == y["dice"] and x["order"] == y["order"]
        assert x["final_time"] == y["final_time"] and x["pace"] == y["pace"]
        running = [ln for ln in a.lines if not ln.out]
        best = max(ln.final_apr for ln in running)
        # an evenly matched field reads ruling S33's chart (test_stretch_even_big_fields.py)
        even = sum(charts.drop_back(best - o.final_apr) < 0 for o in running) < len(running) / 4
        for ln, old in zip(a.lines, b.lines, strict=True):
            if ln.out:
                continue
            rank = 1 + sum(o.final_apr > ln.final_apr for o in running)
            gap = charts.drop_back(best - ln.final_apr)
            assert ln.drop_back == min(gap, charts.drop_back_rank(rank, even)), (seed, ln.name)
            assert old.drop_back == gap
            assert ln.race_points[-1] == old.race_points[-1] - old.drop_back + ln.drop_back
            within += best - ln.final_apr <= 3 and ln.drop_back < 0
    assert within >= 10, within


def test_the_even_big_fields_winner_is_turning_for_home_nearer_the_front(before: Path) -> None:
    """The study's evenly matched fields (corpus seed 5) of 11 or more runners, on the
    same dice with the chart and without: where fewer than a quarter of the runners are
    4 or more points below the best turning for home, the winner is 9th or worse there
    less often (61 of 311 races against 83; 71 with S31's chart alone, before ruling
    S33 read its own chart in such fields)."""
    counts = {"now": 0, "then": 0}
    races = 0
    for number, race in enumerate(build_corpus(load_card_set(), 200, 5, kind="even").races):
        if len(race.runners) < 11:
            continue
        games = {"now": RaceGame(race, "full", odds="none")}
        games["then"] = RaceGame(race, "full", odds="none", charts=before)
        for run in range(20):
            for name, game in games.items():
                state = _run(game, 5000 + number * 20 + run)
                if not state.finish.order:
                    break
                winner = state.lines[state.finish.order[0][0]]
                running = [ln for ln in state.lines if not ln.out]
                best = max(ln.final_apr for ln in running)
                if winner.dq_roll is not None or not winner.race_points:
                    break
                if sum(best - ln.final_apr >= 4 for ln in running) >= len(running) / 4:
                    break
                place = 1 + sum(ln.race_points[-1] > winner.race_points[-1] for ln in running)
                counts[name] += place >= 9
                races += name == "now"
    assert races >= 250, races
    assert counts["now"] <= 0.9 * counts["then"], (counts, races)  # 61 against 83 of 311


def test_the_call_says_who_drops_back_by_place() -> None:
    state = _run(RaceGame(load_race("claiming-route-big-field"), "full"), 1)
    said = dict(race_call(state))["Turning for home"]
    assert "Too far down the ratings in a field this big: Sore Loser drops back 4 lengths" in said
    assert "(rated 12th)" in said
    assert "Too far below the best rating to stay in touch: Loose Change drops back" in said


def test_a_set_without_the_chart_drops_nobody_by_place(before: Path) -> None:
    assert load_chart_set(before).race_position_rank == ()
    assert load_chart_set(before).drop_back_rank(14) == 0


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("rank,position\n1,0\n2,+1\n", "position must be 0 or less"),
        ("rank,position\n1,0\n3,-1\n", "ranks must run 1, 2, 3, ... without gaps"),
        ("rank,position\n0,0\n1,-1\n", "ranks must run 1, 2, 3, ... without gaps"),
        ("rank,position\n1,0\n1,-1\n", "rank 1 is already the row on line 2"),
        ("place,position\n1,0\n", "missing column(s) rank"),
    ],
)
def test_a_broken_chart_is_refused_by_its_line(before: Path, text: str, said: str) -> None:
    (before / RANK).write_text(text, encoding="utf-8")
    line = refused(
        before.parent, "stretch", "run", "2009-champagne-stakes", "--mode", "full",
        "--charts", str(before), "--no-save",
    )  # fmt: skip
    assert RANK in line and said in line, line
