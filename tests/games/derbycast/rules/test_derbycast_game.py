"""Whole races through the game state: picks, the score keeper's postings, scratches,
dead heats, teams, and how the game ends (sections 2 and 4)."""

from __future__ import annotations

import pytest

from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError, IllegalAction
from homestretch.core.protocol import CHANCE, replay
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.rules.actions import (
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    SitOut,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState

FIELD = {"Ace": "5-2", "Bolt": "9-5", "Comet": "8-1", "Dash": "25-1", "Echo": "13-2"}


def make(*entrants: str, races: int | None = None, tie: str = "standard") -> DerbyCastState:
    people = [{"name": e, "members": e.split("+")} for e in entrants]
    game = DerbyCastGame({"entrants": people, "races": races, "tie": tie})
    return game.new_initial_state()


def run_race(
    state: DerbyCastState,
    picks: dict[int, tuple[str, str]],
    finish: dict[str, int],
    scratched: tuple[str, ...] = (),
    repicks: dict[int, Action] | None = None,
    field: dict[str, str] = FIELD,
) -> None:
    """Post a race as the score keeper and make the given picks, in marker order."""
    keeper = state.game.keeper
    horses = tuple(field)
    state.apply(keeper, PostCard("Test race", horses, tuple(field.values())))
    while state.phase == "pick":
        seat = state.to_act()[0]
        state.apply(seat, Pick(*picks[seat]))
    state.apply(keeper, PostScratches(scratched))
    while state.phase == "repick":
        seat = state.to_act()[0]
        state.apply(seat, (repicks or {})[seat])
    odds = tuple("" if h in scratched else o for h, o in field.items())
    state.apply(keeper, PostResult(odds, tuple(finish.get(h) for h in horses)))


def test_each_marker_advances_by_its_pick() -> None:
    state = make("Ann", "Bob", "Cy", "Di")
    picks = {0: ("Ace", "win"), 1: ("Comet", "place"), 2: ("Dash", "show"), 3: ("Bolt", "win")}
    run_race(state, picks, {"Ace": 1, "Dash": 2, "Comet": 3})
    # Ace 5-2 won: Win 2. Comet 8-1 third: a Place pick scores nothing below 2nd.
    # Dash 25-1 second: Show scores the 3rd place value, 6. Bolt lost the Win pick.
    assert state.points == [2, 0, 6, 0]
    report = state.history[-1]
    assert [p["points"] for p in report["picks"]] == [2, 0, 6, 0]
    assert state.to_act() == [state.game.keeper]  # nobody is past 20: the next race


def test_several_players_may_pick_the_same_horse() -> None:
    state = make("Ann", "Bob", "Cy")
    picks = {0: ("Echo", "win"), 1: ("Echo", "place"), 2: ("Echo", "show")}
    run_race(state, picks, {"Echo": 1, "Ace": 2, "Bolt": 3})
    assert state.points == [6, 3, 1]  # 13-2 reads as the 6 row (ruling R1)


def test_a_team_shares_one_marker_and_one_pick() -> None:
    state = make("Ann", "Bob+Cy")
    assert state.game.num_players == 2
    run_race(state, {0: ("Bolt", "win"), 1: ("Dash", "win")}, {"Dash": 1, "Bolt": 2})
    assert state.points == [0, 25]
    team = state.view(None)["board"][1]
    assert team["name"] == "Bob+Cy" and team["members"] == ["Bob", "Cy"]
    assert state.result()["winners"][0]["marker"] == 2


def test_a_scratched_horse_is_replaced_or_the_player_sits_out() -> None:
    state = make("Ann", "Bob", "Cy")
    picks = {0: ("Comet", "win"), 1: ("Comet", "show"), 2: ("Ace", "win")}
    keeper = state.game.keeper
    state.apply(keeper, PostCard("Scratch race", tuple(FIELD), tuple(FIELD.values())))
    with pytest.raises(IllegalAction):
        state.apply(0, SitOut())  # sitting out is only for a scratched pick
    for seat in range(3):
        state.apply(seat, Pick(*picks[seat]))
    state.apply(keeper, PostScratches(("Comet",)))
    assert state.to_act() == [0]
    assert Pick("Comet", "win") not in state.legal_actions(0)
    with pytest.raises(IllegalAction):
        state.apply(0, Pick("Comet", "place"))
    state.apply(0, Pick("Bolt", "place"))
    assert state.to_act() == [1]  # Cy's horse runs, so Cy does not pick again
    state.apply(1, SitOut())
    horses = tuple(FIELD)
    odds = tuple("" if h == "Comet" else o for h, o in FIELD.items())
    finish = {"Bolt": 1, "Ace": 2, "Dash": 3}
    state.apply(keeper, PostResult(odds, tuple(finish.get(h) for h in horses)))
    assert state.points == [0, 0, 0]  # Bolt 9-5 has no Place value; Bob sat out
    picks_made = state.history[-1]["picks"]
    assert picks_made[0]["horse"] == "Bolt" and picks_made[1]["sat_out"]


def test_a_dead_heat_scores_every_horse_in_it_at_that_place() -> None:
    """Ruling R4: horses in a dead heat share the position; each scores in full."""
    state = make("Ann", "Bob", "Cy", "Di")
    picks = {0: ("Ace", "win"), 1: ("Comet", "win"), 2: ("Echo", "place"), 3: ("Echo", "show")}
    run_race(state, picks, {"Ace": 1, "Comet": 1, "Echo": 3})
    assert state.points == [2, 8, 0, 1]


def test_twenty_points_is_not_the_official_finish() -> None:
    state = make("Ann", "Bob")
    run_race(state, {0: ("Dash", "win"), 1: ("Ace", "show")}, {"Dash": 2, "Ace": 1})
    assert state.points == [0, 0]
    field = {"Ace": "20-1", "Bolt": "9-5"}
    run_race(state, {0: ("Ace", "win"), 1: ("Bolt", "win")}, {"Ace": 1, "Bolt": 2}, field=field)
    assert state.points == [20, 0] and not state.is_over()
    run_race(state, {0: ("Bolt", "win"), 1: ("Bolt", "win")}, {"Bolt": 1, "Ace": 2}, field=field)
    assert state.is_over() and state.result()["winners"][0]["name"] == "Ann"


def test_two_past_the_finish_in_one_race_more_points_wins() -> None:
    state = make("Ann", "Bob", "Cy")
    picks = {0: ("Dash", "win"), 1: ("Dash", "place"), 2: ("Ace", "win")}
    run_race(state, picks, {"Dash": 1, "Ace": 2})
    assert state.points == [25, 12, 0] and state.result()["winners"][0]["name"] == "Ann"
    big = {"Ace": "30-1", "Bolt": "24-1", "Comet": "2-1"}
    state = make("Ann", "Bob", "Cy")
    run_race(state, {0: ("Ace", "win"), 1: ("Bolt", "win"), 2: ("Comet", "win")},
             {"Ace": 1, "Bolt": 1, "Comet": 3}, field=big)  # fmt: skip
    assert [w["name"] for w in state.result()["winners"]] == ["Ann"]
    assert state.result()["how"] == "reached the Official Finish"


def _level_at_the_finish(tie: str) -> DerbyCastState:
    state = make("Ann", "Bob", "Cy", tie=tie)
    picks = {0: ("Dash", "win"), 1: ("Dash", "win"), 2: ("Ace", "win")}
    run_race(state, picks, {"Dash": 1, "Ace": 2})
    return state


def test_dead_heat_option_declares_co_winners() -> None:
    state = _level_at_the_finish("dead-heat")
    assert state.is_over()
    assert [w["name"] for w in state.result()["winners"]] == ["Ann", "Bob"]


def test_standard_tie_rule_races_on_with_only_the_tied_players() -> None:
    state = _level_at_the_finish("standard")
    assert not state.is_over()
    assert state.view(None)["tie_break"] == [1, 2]
    keeper = state.game.keeper
    state.apply(keeper, PostCard("Tie-break", tuple(FIELD), tuple(FIELD.values())))
    assert state.to_act() == [0]
    state.apply(0, Pick("Bolt", "win"))
    assert state.to_act() == [1]  # Cy is not in the tie-break
    assert state.legal_actions(2) == []
    state.apply(1, Pick("Bolt", "win"))
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, PostResult(tuple(FIELD.values()), (None, 1, 2, 3, None)))
    assert not state.is_over()  # both won again: still level, race on
    assert state.history[-1]["tie_break"]
    run_race(state, {0: ("Ace", "win"), 1: ("Comet", "place")}, {"Comet": 1, "Ace": 2})
    assert state.is_over() and state.result()["winners"][0]["name"] == "Bob"
    assert state.result()["how"] == "won the tie-break"
    # every notice carries its words, as the terminal prints them and the boards show them
    said = {n["type"]: n["words"] for n in state.notices}
    assert said["tie-break"].startswith("Ann and Bob are level on ")
    assert said["tie-break"].endswith(": a tie-break race, only they pick.")
    assert said["official"] == "Race 3, Test race, is official: Ann +0, Bob +4."
    assert said["winner"] == ("Official Winner: Bob (marker 2) won the tie-break after 3 races.")


def test_a_set_number_of_races_ends_with_the_most_points() -> None:
    state = make("Ann", "Bob", races=2)
    run_race(state, {0: ("Ace", "win"), 1: ("Bolt", "win")}, {"Ace": 1, "Bolt": 2})
    assert not state.is_over()
    run_race(state, {0: ("Ace", "place"), 1: ("Bolt", "win")}, {"Ace": 1, "Bolt": 2})
    assert state.is_over() and state.points == [3, 0]
    assert state.result()["how"] == "most points after the set number of races"


def test_reaching_the_finish_ends_a_set_race_game_early() -> None:
    state = make("Ann", "Bob", races=5)
    run_race(state, {0: ("Dash", "win"), 1: ("Bolt", "win")}, {"Dash": 1, "Bolt": 2})
    assert state.is_over() and state.races_run == 1


@pytest.mark.parametrize(("tie", "over"), [("dead-heat", True), ("standard", False)])
def test_a_level_top_after_the_set_races_uses_the_tie_option(tie: str, over: bool) -> None:
    """Ruling R9: the tie option chosen before the game also splits a level top."""
    state = make("Ann", "Bob", "Cy", races=1, tie=tie)
    run_race(state, {0: ("Ace", "win"), 1: ("Ace", "win"), 2: ("Bolt", "win")}, {"Ace": 1})
    assert state.is_over() is over
    if over:
        assert [w["name"] for w in state.result()["winners"]] == ["Ann", "Bob"]
    else:
        assert state.view(None)["tie_break"] == [1, 2]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (PostCard("R", ("A",), ("2",)), "at least 2 horses"),
        (PostCard("R", ("A", "a"), ("2", "3")), "listed twice"),
        (PostCard("R", ("A", "B"), ("2", "lots")), "B: cannot read odds 'lots'"),
        (PostCard(" ", ("A", "B"), ("2", "3")), "needs a name"),
        (PostCard("R", ("A", "B"), ("2",)), "one odds entry"),
        (PostScratches(()), "must post the card"),
    ],
)
def test_bad_cards_are_refused_with_a_reason(action: Action, reason: str) -> None:
    state = make("Ann", "Bob")
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.game.keeper, action)


def test_bad_scratches_and_results_are_refused_with_a_reason() -> None:
    state = make("Ann", "Bob")
    keeper = state.game.keeper
    state.apply(keeper, PostCard("R", ("A", "B", "C"), ("2", "3", "")))
    with pytest.raises(IllegalAction, match="name the markers who have not picked: 1, 2"):
        state.apply(keeper, PostScratches(()))  # closing early names who sits out (R23)
    state.apply(0, Pick("A", "win"))
    state.apply(1, Pick("C", "show"))
    for scratches, reason in [(("Z",), "'Z' is not in R"), (("A", "B", "C"), "must start")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(keeper, PostScratches(scratches))
    state.apply(keeper, PostScratches(("B",)))
    for result, reason in [
        (PostResult(("2", "", "4"), (1, 2)), "for each of the 3 horses"),
        (PostResult(("2", "", ""), (1, None, 2)), "C was picked, so its final odds"),
        (PostResult(("2", "", "4"), (1, 2, 3)), "B is scratched"),
        (PostResult(("2", "", "4"), (2, None, 3)), "skip a place"),
        (PostResult(("2", "", "x"), (1, None, 2)), "C: cannot read odds"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(keeper, result)
    state.apply(keeper, PostResult(("2", "", "4"), (1, None, 2)))
    assert state.points == [2, 1]


def test_the_log_rebuilds_the_game() -> None:
    state = _level_at_the_finish("standard")
    rebuilt = replay(DerbyCastGame(state.game.config()), state.events)
    assert rebuilt.view(0) == state.view(0) and rebuilt.result() == state.result()


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"entrants": [{"name": "Ann"}]}, "needs 2 to 20 markers"),
        ({"entrants": [{"name": f"P{i}"} for i in range(21)]}, "got 21"),
        ({"entrants": [{"name": "Ann"}, {"name": "T", "members": ["Bob", "ann"]}]}, "named twice"),
        ({"entrants": [{"name": "A"}, {"name": "B"}], "tie": "coin"}, "unknown tie rule 'coin'"),
        ({"entrants": [{"name": "A"}, {"name": "B"}], "races": 0}, "1 or more"),
        ({"entrants": [{"name": "A"}, {"name": "B"}], "source": "tv"}, "unknown race source"),
    ],
)
def test_bad_game_settings_are_clear_errors(config: dict[str, object], message: str) -> None:
    with pytest.raises(HomestretchError, match=message):
        DerbyCastGame(config)


def test_twenty_markers_may_play() -> None:
    state = make(*[f"P{i}" for i in range(20)])
    assert state.game.num_players == 20 and state.game.keeper == 20


def test_a_drawn_race_replay_announces_its_scratches_after_the_picks() -> None:
    game = DerbyCastGame({"entrants": [{"name": "A"}, {"name": "B"}], "source": "replays"})
    state = game.new_initial_state()
    assert state.to_act() == [CHANCE]
    library = replay_library()
    index = next(i for i, race in enumerate(library) if race.scratched)
    state.apply_chance((index,))
    scratched = library[index].scratched[0]
    card = state.view(0)["card"]
    assert card["scratched"] == []
    # The board shows its odds like any other horse's: nothing hints at the scratch.
    assert card["odds"][card["horses"].index(scratched)] != ""
    state.apply(0, Pick(scratched, "win"))
    other = next(h for h in library[index].horses if h != scratched)
    state.apply(1, Pick(other, "show"))
    assert state.to_act() == [0] and SitOut() in state.legal_actions(0)
    assert state.view(1)["card"]["scratched"] == [scratched]
    state.apply(0, SitOut())
    assert state.races_run == 1 and state.to_act() == [CHANCE]


@pytest.mark.parametrize(("shared", "unselected"), [(False, 2), (True, 3)])
def test_rulebook_example_unselected_horses(shared: bool, unselected: int) -> None:
    """'In a 12-horse race with 10 players, two horses remain unselected if all players
    choose different horses; three remain unselected if two choose the same horse.'"""
    state = make(*[f"P{i}" for i in range(1, 11)])
    horses = tuple(f"Horse {n}" for n in range(1, 13))
    state.apply(state.game.keeper, PostCard("Twelve", horses, tuple("" for _ in horses)))
    for seat in range(10):
        horse = horses[0] if shared and seat == 1 else horses[seat]
        state.apply(seat, Pick(horse, "win"))
    assert len(state.view(None)["card"]["unselected"]) == unselected


def test_rulebook_example_markers_1_to_12() -> None:
    """'In a 12-player game, markers 1 through 12 determine each player's board
    position'; they stay the same in a later race with fewer horses."""
    state = make(*[f"P{i}" for i in range(1, 13)])
    picks = {seat: ("Ace", "show") for seat in range(12)}
    run_race(state, picks, {"Bolt": 1, "Comet": 2, "Ace": 3})
    small = {"Ace": "2-1", "Bolt": "3-1"}
    run_race(state, picks, {"Ace": 1, "Bolt": 2}, field=small)
    board = state.view(None)["board"]
    assert [m["marker"] for m in board] == list(range(1, 13))
    assert [m["name"] for m in board] == [f"P{i}" for i in range(1, 13)]


def test_an_odds_table_of_ones_own_scores_and_is_kept_in_the_configuration() -> None:
    """`--table FILE`: the game's configuration holds the rows, so the log rebuilds the
    game without the file; picks score by it and the card shows its spaces."""
    from homestretch.core.odds import Odds
    from homestretch.games.derbycast.content.odds_table import printed_table, table_to_json
    from homestretch.games.derbycast.rules.table import advance_for

    doubled = [[odds, win * 2, place * 2, show * 2] for odds, win, place, show in (
        table_to_json(printed_table())
    )]  # fmt: skip
    people = [{"name": "Ann", "members": ["Ann"]}, {"name": "Bob", "members": ["Bob"]}]
    game = DerbyCastGame({"entrants": people, "table": doubled})
    assert game.config()["table"] == doubled
    assert "table" not in DerbyCastGame({"entrants": people}).config()  # as saved before
    state = game.new_initial_state()
    run_race(state, {0: ("Ace", "win"), 1: ("Echo", "show")}, {"Ace": 1, "Bolt": 2, "Echo": 3})
    printed = [advance_for(Odds.parse("5-2")).win, advance_for(Odds.parse("13-2")).show]
    assert printed[1] > 0 and state.points == [2 * p for p in printed]
    rebuilt = replay(DerbyCastGame(game.config()), state.events)
    assert rebuilt.result() == state.result() and rebuilt.view(0) == state.view(0)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("7-2", "a list of"),
        ([], "no rows"),
        ([["2", 1, 1]], "row 1: expected 4 cells"),
        ([["5-2", 2, 1, 0], ["2", 1, 1, 0]], "row 2: odds 2 are below row 1's 5-2: odds must"),
        ([["5-2", 2, 1, "x"]], r"row 1: show: 'x' is not a number of points \(0 to"),
        ([["5-2", -1, 1, 0]], r"row 1: win: '-1' is not a number of points \(0 to"),
        ([["5/0", 2, 1, 0]], "row 1: odds '5/0': the second number cannot be 0"),
    ],
)
def test_a_bad_odds_table_in_the_configuration_is_a_clear_error(
    table: object, message: str
) -> None:
    people = [{"name": "Ann"}, {"name": "Bob"}]
    with pytest.raises(HomestretchError, match=message):
        DerbyCastGame({"entrants": people, "table": table})
