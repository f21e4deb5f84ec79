"""Program numbers, scratches before post, picks open until the keeper closes them,
results reviewed before they are official, and corrections of the last official result
(section 2, "Watch the race or replay until the result is official"; rulings R16-R19)."""

from __future__ import annotations

import pytest

from homestretch.core.errors import HomestretchError, IllegalAction
from homestretch.core.protocol import Event, replay
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.rules.actions import (
    CODEC,
    Correction,
    Official,
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    SitOut,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState

HORSES = ("Alpha", "Bravo", "Charlie", "Delta")
PROGRAMS = ("1", "1A", "3", "4")
ODDS = ("2-1", "2-1", "8-1", "25-1")


def make(*names: str, order: str = "rotate", tie: str = "standard") -> DerbyCastState:
    people = [{"name": n, "members": [n]} for n in names]
    config = {"entrants": people, "order": order, "draw": "fresh", "tie": tie}
    return DerbyCastGame(config).new_initial_state()


def card(state: DerbyCastState, scratched: tuple[str, ...] = ()) -> None:
    state.apply(state.game.keeper, PostCard("R", HORSES, ODDS, PROGRAMS, scratched))


def result(
    finish: dict[str, int], odds: tuple[str, ...] = ODDS, official: bool = False
) -> PostResult:
    return PostResult(odds, tuple(finish.get(h) for h in HORSES), official)


def test_the_card_keeps_its_program_numbers_and_shows_what_each_horse_is_worth() -> None:
    state = make("Ann", "Bob")
    card(state)
    shown = state.view(0)["card"]
    assert shown["programs"] == ["1", "1A", "3", "4"]
    assert shown["spaces"][2] == {"win": 8, "place": 4, "show": 2}  # 8-1 on the board
    assert shown["spaces"][3] == {"win": 25, "place": 12, "show": 6}


def test_a_horse_scratched_before_post_is_never_offered() -> None:
    state = make("Ann", "Bob")
    card(state, scratched=("Charlie",))
    assert all(a.horse != "Charlie" for a in state.legal_actions(0) if isinstance(a, Pick))
    with pytest.raises(IllegalAction):
        state.apply(0, Pick("Charlie", "win"))
    assert SitOut() not in state.legal_actions(0)  # sitting out is for a late scratch


def test_a_pick_may_change_until_the_keeper_closes_picks() -> None:
    state = make("Ann", "Bob")
    keeper = state.game.keeper
    card(state)
    state.apply(0, Pick("Alpha", "win"))
    state.apply(0, Pick("Delta", "show"))  # Ann changes her mind while Bob picks
    state.apply(1, Pick("Bravo", "place"))
    assert state.phase == "scratches" and state.to_act() == [keeper]
    state.apply(1, Pick("Charlie", "win"))  # still open: the keeper has not closed
    with pytest.raises(IllegalAction, match="already your pick"):
        state.apply(1, Pick("Charlie", "win"))
    state.apply(keeper, PostScratches(()))
    with pytest.raises(IllegalAction):
        state.apply(0, Pick("Alpha", "win"))  # closed
    state.apply(keeper, result({"Delta": 1, "Charlie": 2}, official=True))
    assert state.points == [6, 0]  # Delta show at 25-1; Charlie win pick was 2nd


def test_nothing_is_scored_until_the_keeper_declares_the_result_official() -> None:
    state = make("Ann", "Bob")
    keeper = state.game.keeper
    card(state)
    state.apply(0, Pick("Charlie", "win"))
    state.apply(1, Pick("Alpha", "win"))
    state.apply(keeper, PostScratches(()))
    mistyped = ("2-1", "2-1", "25-1", "25-1")  # 25-1 typed for Charlie's 8-1
    state.apply(keeper, result({"Charlie": 1, "Alpha": 2}, mistyped))
    assert state.phase == "review" and state.points == [0, 0]
    would = state.view(None)["review"]["would"]
    assert [w["points"] for w in would] == [25, 0]
    with pytest.raises(IllegalAction, match="under review"):
        state.apply(keeper, PostCard("R2", HORSES, ODDS))
    state.apply(keeper, result({"Charlie": 1, "Alpha": 2}))  # typed again, right
    assert state.points == [0, 0]
    state.apply(keeper, Official())
    assert state.points == [8, 0] and state.phase == "card"
    assert [n["type"] for n in state.notices].count("official") == 1


def test_a_correction_scores_every_marker_again_from_the_corrected_result() -> None:
    state = make("Ann", "Bob", "Cy")
    keeper = state.game.keeper
    card(state)
    for seat, pick in [(0, Pick("Charlie", "win")), (1, Pick("Alpha", "place")),
                       (2, Pick("Delta", "show"))]:  # fmt: skip
        state.apply(seat, pick)
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, result({"Charlie": 1, "Alpha": 2, "Bravo": 3}, official=True))
    assert state.points == [8, 1, 0]
    assert state.view(None)["may_correct"]
    # the stewards' inquiry: Delta was third, not Bravo; Charlie's price was 9-1
    fixed = ("2-1", "2-1", "9-1", "25-1")
    finish = {"Charlie": 1, "Alpha": 2, "Delta": 3}
    state.apply(keeper, Correction(fixed, tuple(finish.get(h) for h in HORSES)))
    assert state.points == [9, 1, 6]
    report = state.history[-1]
    assert report["corrected"] == 1 and report["board"] == [9, 1, 6]
    assert state.notices[-1]["type"] == "correction"
    again = replay(state.game, state.events)
    assert isinstance(again, DerbyCastState) and again.points == [9, 1, 6]


def test_a_correction_that_takes_a_marker_past_20_ends_the_game() -> None:
    state = make("Ann", "Bob")
    keeper = state.game.keeper
    card(state)
    state.apply(0, Pick("Delta", "win"))
    state.apply(1, Pick("Alpha", "win"))
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, result({"Alpha": 1, "Delta": 2}, official=True))
    assert state.points == [0, 2]
    state.apply(keeper, Correction(ODDS, tuple({"Delta": 1, "Alpha": 2}.get(h) for h in HORSES)))
    assert state.points == [25, 0] and state.is_over() and state.winners == (0,)


def test_nothing_to_correct_before_the_first_official_result() -> None:
    state = make("Ann", "Bob")
    with pytest.raises(IllegalAction, match="no official result to correct"):
        state.apply(state.game.keeper, Correction(ODDS, (1, 2, 3, 4)))


def test_a_late_scratch_still_offers_another_horse_or_sitting_out() -> None:
    state = make("Ann", "Bob")
    keeper = state.game.keeper
    card(state, scratched=("Bravo",))
    state.apply(0, Pick("Alpha", "win"))
    state.apply(1, Pick("Charlie", "show"))
    state.apply(keeper, PostScratches(("Alpha",)))
    assert state.phase == "repick" and SitOut() in state.legal_actions(0)
    assert Pick("Bravo", "win") not in state.legal_actions(0)
    state.apply(0, SitOut())
    state.apply(keeper, result({"Charlie": 1, "Delta": 2}, official=True))
    runners = {r["horse"]: r for r in state.history[-1]["runners"]}
    assert (
        runners["Alpha"]["late"] and runners["Bravo"]["scratched"] and not runners["Bravo"]["late"]
    )


def test_the_first_picker_rotates_race_by_race() -> None:
    state = make("Ann", "Bob", "Cy")
    keeper = state.game.keeper
    firsts = []
    for _ in range(4):
        card(state)
        firsts.append(state.to_act()[0])
        while state.phase == "pick":
            state.apply(state.to_act()[0], Pick("Alpha", "win"))
        state.apply(keeper, PostScratches(()))
        state.apply(keeper, result({"Bravo": 1}, official=True))
    assert firsts == [0, 1, 2, 0]
    fixed = make("Ann", "Bob", order="marker")
    card(fixed)
    assert fixed.to_act() == [0]


def test_a_tie_break_race_is_announced_naming_who_picks() -> None:
    state = make("Ann", "Bob", "Cy")
    keeper = state.game.keeper
    card(state)
    for seat in state.pick_order():
        state.apply(seat, Pick("Delta", "win") if seat < 2 else Pick("Alpha", "win"))
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, result({"Delta": 1}, official=True))
    assert state.playoff == (0, 1)
    card(state)
    (notice,) = [n for n in state.notices if n["type"] == "tie-break"]
    assert notice["markers"] == [1, 2] and notice["points"] == 25
    assert set(state.pick_order()) == {0, 1}


def test_race_replays_are_drawn_without_replacement() -> None:
    state = make("Ann", "Bob")
    game = DerbyCastGame({**state.game.config(), "source": "replays"})
    state = game.new_initial_state()
    library = len(replay_library())
    drawn = []
    while len(drawn) < library + 1 and not state.is_over():
        if state.is_chance_node():
            node = state.chance_node()
            assert node.choices == library - len(drawn) % library
            state.apply_chance((0,))
            drawn.append(state.replays_seen[-1])
        else:
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[-1])  # show on the last horse
    seen = drawn[:library]
    assert len(set(seen)) == len(seen)


def test_a_log_saved_before_program_numbers_and_reviews_replays() -> None:
    """An old card has no programs or scratches; an old result is official at once."""
    old = [
        {"kind": "card", "race": "R", "horses": list(HORSES), "odds": list(ODDS)},
        {"kind": "pick", "horse": "Alpha", "bet": "win"},
        {"kind": "pick", "horse": "Delta", "bet": "place"},
        {"kind": "scratches", "horses": []},
        {"kind": "result", "odds": list(ODDS), "finish": [1, None, None, 2]},
    ]
    people = [{"name": n, "members": [n]} for n in ("Ann", "Bob")]
    game = DerbyCastGame({"entrants": people})
    seats = [2, 0, 1, 2, 2]
    state = replay(game, [Event(s, a) for s, a in zip(seats, old, strict=True)])
    assert isinstance(state, DerbyCastState) and state.points == [2, 12]
    assert CODEC.from_json(old[0]) == PostCard("R", HORSES, ODDS, (), ())


def test_a_days_card_in_the_configuration_offers_each_race_to_the_keeper() -> None:
    races = [{"race": "R5", "runners": [{"program": "1", "horse": "A", "odds": "3-1"},
                                        {"program": "1A", "horse": "B", "scratched": True}]}]  # fmt: skip
    people = [{"name": n} for n in ("Ann", "Bob")]
    state = DerbyCastGame({"entrants": people, "feed": {"kind": "card", "races": races}})
    offered = state.new_initial_state().view(None)["next_card"]
    assert offered == {"race": "R5", "horses": ["A", "B"], "programs": ["1", "1A"],
                       "odds": ["3-1", ""], "scratched": ["B"]}  # fmt: skip
    with pytest.raises(HomestretchError, match="feed: the day's card: race 1 \\(R5\\), runner 1"):
        bad = [{"race": "R5", "runners": [{"horse": "A", "odds": "x"}, {"horse": "B"}]}]
        DerbyCastGame({"entrants": people, "feed": {"kind": "card", "races": bad}})
