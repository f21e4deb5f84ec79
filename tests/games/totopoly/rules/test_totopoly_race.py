"""The racecourse: coloured squares, instructions, tracks, falls, the finish, nomination.

Each test lays out a small course of its own so the rule under test is plain to see.
Row strings use the content codes: "." plain, K R Y B colours, s go on two, x fall
back one, f fall, v burst blood-vessel.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from homestretch.core.errors import HomestretchError
from homestretch.games.totopoly.content.loader import COLOUR_CODES, Course, load_content
from homestretch.games.totopoly.rules import racecourse
from homestretch.games.totopoly.rules.actions import ChangeTrack, Colour, PlaySpecial, UseThrow
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState, check_rules

Table = Callable[..., TotopolyState]


def course(*rows: str, bend: tuple[int, int] = (50, 55)) -> Course:
    """Track 1 (the rails) is the first row."""
    cells = []
    for row in rows:
        cells.append(tuple(COLOUR_CODES.get(ch, "" if ch == "." else ch) for ch in row))
    shipped = load_content().course
    return Course(
        tracks=len(rows),
        lengths=len(rows[0]),
        bend=bend,
        gate=shipped.gate,
        cells=tuple(cells),
        instructions=shipped.instructions,
    )


def on_course(state: TotopolyState, layout: Course, places: dict[int, tuple[int, int]]) -> None:
    """Put horses at (length, track numbered from 1)."""
    state.c = dataclasses.replace(state.c, course=layout)
    for horse, (length, track) in places.items():
        state.pos[horse] = (length, track - 1)


PLAIN = "." * 60


def test_black_horse_on_black_square_moves_on_four(table: Table, run) -> None:
    state = table(horses={1: 0})
    on_course(state, course("..K" + "." * 57), {1: (0, 1)})
    driven = run(racecourse.move(state, 1, 3))  # no white card: no choice to make
    assert state.pos[1] == (7, 0)
    assert driven.asks == []


def test_each_colour_moves_on_its_own_value(table: Table, run) -> None:
    for horse, code, value in ((1, "K", 4), (4, "R", 3), (7, "Y", 2), (10, "B", 1)):
        state = table(horses={horse: 0})
        on_course(state, course("..." + code + "." * 56), {horse: (1, 1)})
        run(racecourse.move(state, horse, 3))
        assert state.pos[horse] == (4 + value, 0), code


def test_move_on_never_chains_black_to_black(table: Table, run) -> None:
    # The rulebook: a black horse moved on four to another black square does not move
    # on another four, nor may a white card be thrown in there.
    state = table(horses={1: 0})
    state.held[0]["white"] = 1
    on_course(state, course("..K...K" + "." * 53), {1: (0, 1)})
    driven = run(racecourse.move(state, 1, 3), [Colour("advantage")])
    assert state.pos[1] == (7, 0)
    assert len(driven.asks) == 1
    assert state.held[0]["white"] == 1


def test_flying_start_then_boxed_in_is_ignored(table: Table, run) -> None:
    # The rulebook's example: on "Flying start, go on two lengths" the horse goes on
    # two and ignores "boxed in, fall back one length" where it lands.
    state = table(horses={5: 0})
    on_course(state, course("....s.x" + "." * 53), {5: (2, 1)})
    run(racecourse.move(state, 5, 3))
    assert state.pos[5] == (7, 0)


def test_other_colour_stands_still_without_a_card(table: Table, run) -> None:
    state = table(horses={4: 0})
    on_course(state, course("....K" + "." * 55), {4: (2, 1)})
    driven = run(racecourse.move(state, 4, 3))  # no card: standing still is forced
    assert state.pos[4] == (5, 0)
    assert driven.asks == []


def test_colour_card_on_other_colour_gives_own_advantage(table: Table, run) -> None:
    state = table(horses={4: 0})
    state.held[0]["red"] = 1
    on_course(state, course("....B" + "." * 55), {4: (2, 1)})
    driven = run(racecourse.move(state, 4, 3), [Colour("card")])
    assert [a.choice for a in driven.asks[0].actions] == ["stand", "card"]
    assert state.pos[4] == (8, 0)
    assert state.held[0]["red"] == 0 and state.centre["red"] == 1


def test_card_of_another_colour_does_not_help(table: Table, run) -> None:
    state = table(horses={4: 0})
    state.held[0]["black"] = 2
    on_course(state, course("....B" + "." * 55), {4: (2, 1)})
    run(racecourse.move(state, 4, 3))
    assert state.pos[4] == (5, 0)


def test_white_card_goes_only_with_a_usable_colour_card_or_own_colour(table: Table, run) -> None:
    state = table(horses={7: 0})
    state.held[0]["white"] = 2
    on_course(state, course("....K..Y" + "." * 52), {7: (2, 1)})
    # On another colour without a yellow card: the white card cannot be thrown in.
    driven = run(racecourse.move(state, 7, 3))
    assert driven.asks == [] and state.held[0]["white"] == 2
    # On its own colour it may throw in the white card instead of moving on.
    driven = run(racecourse.move(state, 7, 3), [Colour("white")])
    assert [a.choice for a in driven.asks[0].actions] == ["advantage", "white"]
    assert state.pos[7] == (8, 0) and state.held[0]["white"] == 1
    # With a yellow card on another colour: card and white together, standing still.
    state.held[0]["yellow"] = 1
    state.pos[7] = (2, 0)
    driven = run(racecourse.move(state, 7, 3), [Colour("card+white")])
    assert [a.choice for a in driven.asks[0].actions] == ["stand", "card", "card+white"]
    assert state.pos[7] == (5, 0)
    assert state.held[0] == {"black": 0, "red": 0, "yellow": 0, "blue": 0, "white": 0}


def test_blocked_horse_takes_the_outside_track(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course(PLAIN, PLAIN, PLAIN), {1: (2, 1), 2: (5, 1)})
    driven = run(racecourse.move(state, 1, 3), [ChangeTrack(2)])
    assert state.pos[1] == (5, 1)
    # Afterwards it may cross out to track 3, never back in beside horse 2.
    assert driven.asks[0].actions == [ChangeTrack(2), ChangeTrack(3)]


def test_blocked_horse_takes_the_nearest_free_track(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1, 3: 1})
    on_course(state, course(PLAIN, PLAIN, PLAIN), {1: (2, 2), 2: (5, 2), 3: (5, 3)})
    run(racecourse.move(state, 1, 3))
    assert state.pos[1] == (5, 0)


def test_baulked_horse_stops_behind_and_ignores_its_instruction(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1, 3: 1})
    layout = course("...f" + "." * 56, "...f" + "." * 56)
    on_course(state, layout, {1: (1, 1), 2: (5, 1), 3: (5, 2)})
    run(racecourse.move(state, 1, 4), [ChangeTrack(1)])
    assert state.pos[1] == (4, 0)
    assert state.status[1] == "running"  # the fall square was not obeyed


def test_crossing_needs_three_clear_lengths_behind(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course(PLAIN, PLAIN), {1: (10, 2), 2: (7, 1)})
    assert racecourse.crossable(state, 1) == [1]  # horse 2 is only three lengths back
    state.pos[2] = (6, 0)
    assert racecourse.crossable(state, 1) == [0, 1]
    run(racecourse.cross(state, 1), [ChangeTrack(1)])
    assert state.pos[1] == (10, 0)


def test_no_crossing_in_front_of_horses_at_the_gate_ruling_t35(table: Table, run) -> None:
    """Horses still at the starting gate are following horses: a horse on length 3
    may not swing onto the rails in front of one standing at the gate on track 1."""
    state = table(horses={1: 0, 4: 1})
    on_course(state, course(PLAIN, PLAIN), {1: (3, 2), 4: (0, 1)})
    assert racecourse.crossable(state, 1) == [1]
    state.pos[1] = (4, 1)  # three clear lengths (1, 2, 3) in front of the gate
    assert racecourse.crossable(state, 1) == [0, 1]
    state.status[4] = "scratched"
    state.pos[1] = (2, 1)
    assert racecourse.crossable(state, 1) == [0, 1]


def test_no_change_of_track_on_the_bend(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course(PLAIN, PLAIN, bend=(20, 30)), {1: (22, 2), 2: (25, 2)})
    assert racecourse.crossable(state, 1) == [1]
    # Blocked on its own track round the bend, it may not swing out: it is baulked.
    run(racecourse.move(state, 1, 3))
    assert state.pos[1] == (24, 1)


def test_a_horse_entering_the_bend_may_still_swing_out_ruling_t25(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course(PLAIN, PLAIN, bend=(20, 30)), {1: (18, 2), 2: (21, 2)})
    # The move starts before the bend, so blocked on length 21 it may change track: here
    # the only other one is the rails.
    driven = run(racecourse.move(state, 1, 3))
    assert state.pos[1] == (21, 0)
    assert driven.asks == []  # on the bend: no crossing afterwards


def test_burst_blood_vessel_off_the_rails(table: Table, run) -> None:
    state = table(horses={1: 0})
    on_course(state, course(PLAIN, "....v" + "." * 55), {1: (2, 2)})
    run(racecourse.move(state, 1, 3))
    assert state.status[1] == "out" and 1 not in state.pos


def test_fall_needs_a_six_to_remount_then_waits_a_turn(table: Table, run) -> None:
    state = table(horses={1: 0})
    on_course(state, course("....f" + "." * 55), {1: (2, 1)})
    run(racecourse.move(state, 1, 3))
    assert state.status[1] == "fallen"
    run(racecourse.move(state, 1, 5))
    assert state.status[1] == "fallen" and state.pos[1] == (5, 0)
    run(racecourse.move(state, 1, 6))
    assert state.status[1] == "running" and state.pos[1] == (5, 0)  # remounted, not moved


def test_remount_immediately_card_is_used_once(table: Table, run) -> None:
    state = table(horses={1: 0})
    card = next(c for c, r in state.c.reports.items() if r.special == "remount")
    state.deck_unseen[state.c.reports[card].deck].remove(card)
    state.specials[card] = 0
    on_course(state, course("....f" + "." * 55), {1: (2, 1)})
    run(racecourse.move(state, 1, 3), [PlaySpecial(card, True)])
    assert state.status[1] == "running"
    assert card not in state.specials and card in state.spent


def test_exact_throw_needed_to_pass_the_post(table: Table, run) -> None:
    state = table(horses={1: 0})
    on_course(state, course("." * 20), {1: (18, 1)})
    run(racecourse.move(state, 1, 4))  # needs exactly 3
    assert state.pos[1] == (18, 0) and state.finish == []
    run(racecourse.move(state, 1, 3))
    assert state.finish == [1] and state.status[1] == "finished"


def test_nomination_fixes_the_others_order(table: Table, run) -> None:
    # The rulebook's example: horses 4, 8 and 12 moved in that order at the first
    # throw; with No. 4 nominated it may move first, second or last, but 8 always
    # moves before 12.
    state = table(horses={4: 0, 8: 0, 12: 0})
    on_course(state, course(PLAIN), {4: (0, 1), 8: (0, 1), 12: (0, 1)})  # one track
    state.nominated[0] = 4
    first = run(
        racecourse.player_turn(state, 0),
        [(1,), UseThrow(4), (2,), UseThrow(8), (3,)],
    )
    assert [len(a.actions) for a in first.asks] == [3, 2]  # the last throw is forced
    assert state.order[0] == [8, 12]
    later = run(racecourse.player_turn(state, 0), [(1,), UseThrow(8), (1,), UseThrow(4), (1,)])
    assert {a.horse for a in later.asks[0].actions} == {8, 4}
    assert {a.horse for a in later.asks[1].actions} == {12, 4}


def test_without_nomination_every_turn_repeats_the_first_order(table: Table, run) -> None:
    state = table(horses={4: 0, 8: 0})
    on_course(state, course(PLAIN), {4: (0, 1), 8: (0, 1)})
    run(racecourse.player_turn(state, 0), [(1,), UseThrow(8), (2,)])
    driven = run(racecourse.player_turn(state, 0), [(1,), (1,)])
    assert driven.asks == []  # no choice: 8 then 4, as at the first throw
    assert state.order[0] == [8, 4]


def test_highest_throw_starts_and_ties_throw_again(table: Table, run) -> None:
    state = table(players=3, horses={1: 0, 2: 1, 3: 2})
    driven = run(racecourse.first_to_throw(state, [0, 1, 2]), [(5,), (5,), (2,), (3,), (4,)])
    assert driven.value == 1


def test_white_card_holder_placed_in_first_three_is_disqualified(table: Table) -> None:
    state = table(players=2, horses={1: 0, 2: 1, 3: 1, 4: 1}, status="finished")
    state.finish = [1, 2, 3, 4]
    state.held[0]["white"] = 1
    assert racecourse.race_over(state)
    assert state.placings == [2, 3, 4] and state.disqualified == [1]


def test_race_goes_on_while_fewer_than_three_qualify(table: Table) -> None:
    state = table(players=2, horses={1: 0, 2: 1, 3: 1, 4: 1})
    for horse in (1, 2, 3):
        state.status[horse] = "finished"
    state.finish = [1, 2, 3]
    state.pos[4] = (5, 0)
    state.held[0]["white"] = 1
    assert not racecourse.race_over(state)


def test_colour_move_on_carries_past_the_post_by_default(table: Table, run) -> None:
    state = table(horses={1: 0})
    on_course(state, course("." * 17 + "K."), {1: (16, 1)})
    run(racecourse.move(state, 1, 2))
    assert state.finish == [1]


def test_house_rule_an_inexact_move_on_is_lost(table: Table, run) -> None:
    state = table(horses={1: 0})
    state.rules = check_rules({"move_on_past_post": "lost"})
    on_course(state, course("." * 17 + "K."), {1: (16, 1)})
    run(racecourse.move(state, 1, 2))
    assert state.finish == [] and state.pos[1] == (18, 0)


def test_house_rule_white_card_judged_at_the_post(table: Table) -> None:
    state = table(players=2, horses={1: 0, 2: 1, 3: 1, 4: 1})
    state.rules = check_rules({"white_card_judged": "post"})
    on_course(state, course(PLAIN), {1: (60, 1)})
    state.held[0]["white"] = 1
    racecourse.past_the_post(state, 1)
    state.held[0]["white"] = 0  # thrown in later: too late under this rule
    for horse in (2, 3, 4):
        state.pos[horse] = (60, 0)
        racecourse.past_the_post(state, horse)
    assert racecourse.race_over(state)
    assert state.placings == [2, 3, 4] and state.disqualified == [1]


def test_unknown_house_rules_are_refused() -> None:
    with pytest.raises(HomestretchError, match="unknown rule"):
        check_rules({"fast": "yes"})
    with pytest.raises(HomestretchError, match="finishes or lost"):
        check_rules({"move_on_past_post": "maybe"})


def test_a_throw_goes_to_the_horse_that_can_use_it(table: Table) -> None:
    """'Every throw of the die is to count. Players MUST move their horses, if possible':
    the nominated horse needs exactly 2 to pass the post, so a 5 must go to the other."""
    state = table(players=2, horses={1: 0, 2: 0})
    state.pos[1] = (racecourse.finish_line(state) - 2, 0)
    state.pos[2] = (10, 1)
    state.nominated[0] = 1
    state.order[0] = [2]
    near_the_post = state.pos[1]
    turn = racecourse.player_turn(state, 0)
    next(turn)  # the throw
    turn.send((5,))  # the nominee cannot use the 5: no choice to make, No. 2 moves
    assert state.pos[1] == near_the_post and state.pos[2][0] > 10
    turn = racecourse.player_turn(state, 0)
    next(turn)
    assert turn.send((2,)).actions == [UseThrow(2), UseThrow(1)]  # a 2 suits either


def test_boxed_in_falls_back_a_length_unless_the_reins_are_played_ruling_t28(
    table: Table, run
) -> None:
    layout = course("....x" + "." * 55)
    plain = table(horses={1: 0})
    on_course(plain, layout, {1: (2, 1)})
    run(racecourse.move(plain, 1, 3))
    assert plain.pos[1] == (4, 0)  # landed on 5, fell back one

    held = table(horses={1: 0})
    card = next(c for c, r in held.c.reports.items() if r.special == "reins")
    held.deck_unseen[held.c.reports[card].deck].remove(card)
    held.specials[card] = 0
    on_course(held, layout, {1: (2, 1)})
    run(racecourse.move(held, 1, 3), [PlaySpecial(card, True)])
    assert held.pos[1] == (5, 0)  # the instruction ignored
    assert card not in held.specials and card in held.spent


# --- ruling T47: a move on or a fall back that ends on a taken length ---------------------


def test_a_move_on_to_a_taken_length_takes_the_outside_track_ruling_t47(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course("..K" + "." * 57, PLAIN), {1: (1, 1), 2: (7, 1)})
    driven = run(racecourse.move(state, 1, 2))  # length 3 is black: on four, to 7
    assert state.pos[1] == (7, 1) and driven.asks == []  # no way back in beside No. 2


def test_a_move_on_to_a_full_length_stops_on_the_length_behind_ruling_t47(
    table: Table, run
) -> None:
    state = table(horses={1: 0, 2: 1, 3: 1})
    on_course(state, course("..K" + "." * 57, PLAIN), {1: (1, 1), 2: (7, 1), 3: (7, 2)})
    run(racecourse.move(state, 1, 2), [ChangeTrack(1)])  # then it stays on the rails
    assert state.pos[1] == (6, 0)


def test_a_fall_back_to_a_taken_length_takes_the_outside_track_ruling_t47(
    table: Table, run
) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course("....x" + "." * 55, PLAIN), {1: (2, 1), 2: (4, 1)})
    run(racecourse.move(state, 1, 3))  # length 5: boxed in, fall back one, to 4
    assert state.pos[1] == (4, 1)
    state.pos[1] = (2, 0)
    state.pos[3] = (4, 1)
    state.status[3] = "running"
    run(racecourse.move(state, 1, 3), [ChangeTrack(1)])  # length 4 full: further back
    assert state.pos[1] == (3, 0)  # on its own track, and it stays there


def test_a_fall_back_never_goes_behind_the_first_length_ruling_t47(table: Table) -> None:
    state = table(horses={1: 0, 2: 1})
    on_course(state, course(PLAIN), {1: (2, 1)})
    racecourse.fall_back(state, 1, 3)
    assert state.pos[1] == (1, 0)
    # Every length behind it taken (one track, No. 2 on length 1): it stays where it
    # is, never back at the starting gate.
    on_course(state, course(PLAIN), {1: (2, 1), 2: (1, 1)})
    racecourse.fall_back(state, 1, 1)
    assert state.pos[1] == (2, 0)


def test_the_bend_by_where_the_move_on_or_fall_back_starts_ruling_t47(table: Table) -> None:
    """Started on the bend, a move on or a fall back keeps its track (T25): blocked, it
    stops short on it."""
    state = table(horses={1: 0, 2: 1})
    bend = course(PLAIN, PLAIN, PLAIN, bend=(20, 30))
    on_course(state, bend, {1: (22, 2), 2: (26, 2)})
    racecourse.move_on(state, 1, 4)
    assert state.pos[1] == (25, 1)
    on_course(state, bend, {1: (29, 2), 2: (28, 2)})
    racecourse.fall_back(state, 1, 1)
    assert state.pos[1] == (27, 1)


# --- ruling T51: falling back from the straight into the bend -----------------------------


def test_a_fall_back_from_the_straight_into_the_bend_keeps_its_track_ruling_t51(
    table: Table,
) -> None:
    """A new game's reading: on the bend the horse keeps its track, and with its length
    taken there it falls back further on it (as a fall back baulked does, T47); in the
    straight it still takes the outside track. A game recorded before the option
    (``any_track``) lets it take the outside track on the bend too, as a throw entering
    the bend may."""
    state = table(horses={1: 0, 2: 1, 3: 1})
    assert state.rules["bend_fall_back"] == "keeps_track"  # a new game's default
    bend = course(PLAIN, PLAIN, PLAIN, bend=(20, 30))
    on_course(state, bend, {1: (31, 2), 2: (30, 2), 3: (5, 1)})
    racecourse.fall_back(state, 1, 1)
    assert state.pos[1] == (29, 2 - 1)
    on_course(state, bend, {1: (33, 2), 2: (32, 2)})  # landing in the straight: outside
    racecourse.fall_back(state, 1, 1)
    assert state.pos[1] == (32, 3 - 1)
    on_course(state, bend, {1: (31, 2), 2: (30, 2), 3: (29, 2)})  # two taken behind it
    racecourse.fall_back(state, 1, 1)
    assert state.pos[1] == (28, 2 - 1)
    state.rules = {**state.rules, "bend_fall_back": "any_track"}
    on_course(state, bend, {1: (31, 2), 2: (30, 2), 3: (5, 1)})
    racecourse.fall_back(state, 1, 1)
    assert state.pos[1] == (30, 3 - 1)


def test_a_configuration_without_the_option_replays_as_recorded_ruling_t51() -> None:
    """The lobby and the command line give a new game the ruling; a configuration
    without the key (a game saved before the option) is read as it was played."""
    from homestretch.games.totopoly.rules.settings import TotopolySettings

    assert TotopolyGame(4).rules["bend_fall_back"] == "keeps_track"
    saved = {"players": 4, "rules": {"auction": "open"}}
    assert TotopolyGame.from_config(saved).rules["bend_fall_back"] == "any_track"
    assert TotopolyGame.from_config({"players": 2}).rules["bend_fall_back"] == "any_track"
    made = TotopolyGame.from_config(TotopolySettings.for_new_table({"players": 3}))
    assert made.rules["bend_fall_back"] == "keeps_track"
    kept = TotopolyGame.from_config(made.config())
    assert kept.rules == made.rules
    chosen = {"players": 3, "rules": {"bend_fall_back": "any_track"}}
    assert TotopolySettings.for_new_table(chosen)["rules"]["bend_fall_back"] == "any_track"


# --- ruling T49: crossing after a move that stood still or was baulked --------------------


def test_a_horse_standing_still_on_another_colour_may_cross_ruling_t49(table: Table, run) -> None:
    state = table(horses={4: 0})
    on_course(state, course(PLAIN, "....K" + "." * 55), {4: (2, 2)})
    driven = run(racecourse.move(state, 4, 3), [ChangeTrack(1)])  # no red card: it stands
    assert driven.asks[0].actions == [ChangeTrack(2), ChangeTrack(1)]
    assert state.pos[4] == (5, 0)


def test_a_baulked_horse_may_cross_ruling_t49(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1, 3: 1, 4: 1})
    on_course(state, course(PLAIN, PLAIN, PLAIN), {1: (1, 2), 2: (5, 1), 3: (5, 2), 4: (5, 3)})
    driven = run(racecourse.move(state, 1, 4), [ChangeTrack(1)])
    assert driven.asks[0].actions == [ChangeTrack(2), ChangeTrack(1), ChangeTrack(3)]
    assert state.pos[1] == (4, 0)


def test_a_fallen_horse_does_not_cross_nor_on_the_six_that_remounts_it_ruling_t49(
    table: Table, run
) -> None:
    state = table(horses={1: 0})
    on_course(state, course(PLAIN, "....f" + "." * 55), {1: (2, 2)})
    assert run(racecourse.move(state, 1, 3)).asks == []  # down on length 5, track 2
    assert state.status[1] == "fallen" and racecourse.crossable(state, 1) == [0, 1]
    assert run(racecourse.move(state, 1, 6)).asks == []  # remounted: it moves next turn
    assert state.status[1] == "running" and state.pos[1] == (5, 1)
