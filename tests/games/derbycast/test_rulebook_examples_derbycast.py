"""Derby Cast: the rulebook's numeric statements not already checked elsewhere, run
through the engine (docs/rulebook-examples.md lists every example and the test that
checks it).

Rulebook: ../shared/rulebooks/004_f40950d953e4b577.txt; its numbered sections are cited.
"""

from __future__ import annotations

import pytest

from homestretch.core.errors import IllegalAction
from homestretch.core.odds import Odds
from homestretch.games.derbycast.rules.actions import Pick, PostCard, PostResult, PostScratches
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.rules.table import Bet, advance_for, points


@pytest.mark.parametrize("odds", range(5, 21))
def test_section_3_five_through_twenty_win_is_the_odds_and_each_place_half_the_last(
    odds: int,
) -> None:
    """'5 through 20: Win equals the odds value; Place equals half of Win, rounded down;
    Show equals half of Place, rounded down.' Section 3's rule, worked for each row section 5's
    table prints (the table's own rows are checked in rules/test_derbycast_table.py): the
    rule and the table never disagree, and a pick scores its level's value."""
    parsed = Odds.parse(str(odds))
    advance = advance_for(parsed)
    assert (advance.win, advance.place, advance.show) == (odds, odds // 2, odds // 2 // 2)
    assert [points(parsed, bet, bet.level) for bet in Bet] == [odds, odds // 2, odds // 4]


# --- added by the second audit (docs/rulebook-examples.md, "Derby Cast") ------------------

FIELD = {"Ace": "5-2", "Bolt": "9-5", "Comet": "8-1", "Dash": "25-1"}


def _race(state: DerbyCastState, picks: dict[int, tuple[str, str]], finish: dict[str, int]) -> None:
    """The score keeper cards FIELD, the markers pick, the keeper posts the result."""
    keeper = state.game.keeper
    state.apply(keeper, PostCard("Race", tuple(FIELD), tuple(FIELD.values())))
    while state.phase == "pick":
        seat = state.to_act()[0]
        state.apply(seat, Pick(*picks[seat]))
    state.apply(keeper, PostScratches(()))
    placed = tuple(finish.get(h) for h in FIELD)
    state.apply(keeper, PostResult(tuple(FIELD.values()), placed))


def _game(*names: str) -> DerbyCastState:
    entrants = [{"name": n, "members": [n]} for n in names]
    return DerbyCastGame({"entrants": entrants}).new_initial_state()


def test_section_2_markers_leave_the_starting_gate_once_and_points_accumulate_ruling_r32() -> None:
    """'Put each player's marker at the matching numbered Starting Gate position' is among
    the steps of a race, but 'Continue selecting horses and advancing on the Odds
    Advancement Table until a winner is declared' and the Tie Rules' 'accumulated
    advancement' say the markers advance from where they stand: each race adds to the
    last (ruling R32). Ann: Win on Ace at 5-2 (2), then Show on Dash at 25-1 second
    (6): 8, not 6."""
    state = _game("Ann", "Bob")
    _race(state, {0: ("Ace", "win"), 1: ("Bolt", "win")}, {"Ace": 1, "Comet": 2, "Bolt": 3})
    assert state.points == [2, 0]
    _race(state, {0: ("Dash", "show"), 1: ("Comet", "place")}, {"Ace": 1, "Dash": 2, "Comet": 3})
    assert state.points == [8, 0]
    assert [race["board"] for race in state.history] == [[2, 0], [8, 0]]


def test_section_2_the_official_score_keeper_is_a_seat_apart_from_the_markers_ruling_r30() -> None:
    """'Designate one player as the Official Score Keeper': the keeper's seat is one
    past the markers' seats (ruling R30), with no marker and no pick of its own; only it
    posts the card, the scratches and the result, and it never picks."""
    state = _game("Ann", "Bob")
    keeper = state.game.keeper
    assert keeper == 2 and len(state.points) == 2
    card = PostCard("Race", tuple(FIELD), tuple(FIELD.values()))
    with pytest.raises(IllegalAction):
        state.apply(0, card)  # a marker's seat does not card the race
    state.apply(keeper, card)
    assert state.legal_actions(keeper) == []
    with pytest.raises(IllegalAction):
        state.apply(keeper, Pick("Ace", "win"))
    state.apply(state.to_act()[0], Pick("Ace", "win"))
    state.apply(state.to_act()[0], Pick("Bolt", "win"))
    with pytest.raises(IllegalAction):
        state.apply(1, PostScratches(()))  # nor close the picks
    state.apply(keeper, PostScratches(()))
    result = PostResult(tuple(FIELD.values()), (1, 2, 3, None))
    with pytest.raises(IllegalAction):
        state.apply(0, result)  # nor post the result
    state.apply(keeper, result)
    assert state.points == [2, 0] and [m["marker"] for m in state.result()["board"]] == [1, 2]
