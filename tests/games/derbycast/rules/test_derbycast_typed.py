"""What the keeper types at the desk, sent as typed and read and checked by the state
alone (the desk only sends it; the terminal reads it the same way): the official
finish, a correction's, and the race card; what does not read is refused in one line
naming the word or the horse, and nothing is posted."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.derbycast.rules.keeper_table import FIELD, ODDS, keeper_state, post_card

from homestretch.core.errors import IllegalAction
from homestretch.games.derbycast.rules.actions import (
    CODEC,
    Correction,
    Official,
    Pick,
    PostResult,
    PostScratches,
    TypedCard,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState


def make(**options: Any) -> DerbyCastState:
    return post_card(keeper_state(**options))


def closed(state: DerbyCastState) -> DerbyCastState:
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    state.apply(state.game.keeper, PostScratches(()))
    return state


def typed(text: str, odds: tuple[str, ...] = ODDS) -> PostResult:
    return PostResult(odds, (), official=False, typed=text)


def test_a_typed_finish_is_read_by_the_state_dead_heats_included() -> None:
    state = closed(make())
    keeper = state.game.keeper
    state.apply(keeper, typed(" 3=1 , bravo"))  # numbers or names, any case and spacing
    assert [r["finish"] for r in state.view(None)["review"]["runners"]] == [1, 3, 1]
    state.apply(keeper, Official())
    assert state.points == [2, 0, 8]  # Alpha 2-1, Charlie 8-1 dead-heat; Bravo 3rd: no win
    again = CODEC.from_json(typed("3,1").to_json())  # the log reads it back as sent
    assert again == typed("3,1")


@pytest.mark.parametrize(
    ("text", "odds", "refused"),
    [
        ("9, 1", ODDS, "'9' is not a horse in this race (program numbers 1, 2, 3)"),
        ("Zed", ODDS, "'Zed' is not a horse in this race (program numbers 1, 2, 3)"),
        ("1, 2=1", ODDS, "Alpha is placed twice in the finish"),
        (" , ", ODDS, "type the official finish, at least the winner"),
        ("1, 2", ("2-1", "", "8-1"), "Bravo was picked, so its final odds are needed"),
        ("1, 2", ("2-1", "five", "8-1"), "Bravo: "),
    ],
)
def test_a_typed_finish_that_does_not_read_is_refused_in_one_line_naming_it(
    text: str, odds: tuple[str, ...], refused: str
) -> None:
    state = closed(make())
    why = state.why_illegal(state.game.keeper, typed(text, odds))
    assert why is not None and why.startswith(refused) and "\n" not in why
    with pytest.raises(IllegalAction):
        state.apply(state.game.keeper, typed(text, odds))
    assert state.phase == "result"  # nothing posted


def test_a_typed_finish_may_not_place_a_scratched_horse_or_come_twice() -> None:
    state = make()
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    state.apply(state.game.keeper, PostScratches(("Bravo",)))
    state.apply(1, Pick("Alpha", "show"))
    why = state.why_illegal(state.game.keeper, typed("2, 1"))
    assert why == "Bravo is scratched and cannot have a finish position"
    both = PostResult(ODDS, (1, None, 2), official=False, typed="1, 3")
    assert state.why_illegal(state.game.keeper, both) == (
        "give the finish once: typed, or a position for each horse"
    )


def test_a_typed_correction_is_read_against_the_last_race() -> None:
    state = closed(make())
    keeper = state.game.keeper
    state.apply(keeper, typed("1, 2, 3"))
    state.apply(keeper, Official())
    assert state.points == [2, 0, 0]
    assert state.why_illegal(keeper, Correction(ODDS, (), typed="4")) == (
        "'4' is not a horse in this race (program numbers 1, 2, 3)"
    )
    state.apply(keeper, Correction(ODDS, (), typed="3, 2, 1"))
    assert state.points == [0, 0, 8]


def blank() -> DerbyCastState:
    people = [{"name": n} for n in ("Ann", "Bob")]
    config = {"entrants": people, "source": "keeper", "feed": {"kind": "manual"}}
    return DerbyCastGame(config).new_initial_state()


def test_a_typed_card_is_read_as_the_terminal_reads_it() -> None:
    state = blank()
    keeper = state.game.keeper
    state.apply(keeper, TypedCard("Riverbend", "1 Alpha, 1a Bravo, 3 Charlie", "2-1, , 8-1", "1A"))
    card = state.view(None)["card"]
    assert card["programs"] == ["1", "1A", "3"]
    assert card["odds"] == ["2-1", "", "8-1"]
    assert card["scratched"] == ["Bravo"]
    unnumbered = blank()
    unnumbered.apply(keeper, TypedCard("R", "Alpha, Bravo", "2-1", "bravo"))
    card = unnumbered.view(None)["card"]
    assert (card["programs"], card["odds"], card["scratched"]) == (
        ["1", "2"],
        ["2-1", ""],
        ["Bravo"],
    )
    assert CODEC.from_json(TypedCard("R", "Alpha, Bravo").to_json()) == TypedCard(
        "R", "Alpha, Bravo"
    )


@pytest.mark.parametrize(
    ("card", "refused"),
    [
        (TypedCard("R", "1 Alpha, Bravo"), "give every horse its program number (like '1A Bravo')"),
        (TypedCard("R", "1 Alpha, 2 Bravo", "2-1, 3-1, 4-1"), "3 morning lines for 2 horses"),
        (TypedCard("R", "1 Alpha, 2 Bravo", "2-1, x"), "Bravo: cannot read odds 'x'"),
        (TypedCard("R", "1 Alpha, 2 Bravo", "", "7"), "'7' is not a horse in this race"),
        (TypedCard("R", "1 Alpha, 1 Bravo"), "program number 1 is on the card twice"),
        (TypedCard("R", "Alpha"), "a race needs at least 2 horses"),
        (TypedCard(" ", "Alpha, Bravo"), "the race needs a name"),
    ],
)
def test_a_typed_card_that_does_not_read_is_refused_in_one_line(
    card: TypedCard, refused: str
) -> None:
    state = blank()
    why = state.why_illegal(state.game.keeper, card)
    assert why is not None and why.startswith(refused) and "\n" not in why
    with pytest.raises(IllegalAction):
        state.apply(state.game.keeper, card)
    assert state.phase == "card" and state.race is None


def test_a_card_typed_with_too_few_morning_lines_is_taken_and_the_keeper_told() -> None:
    """One line short: the card is posted, the last horse's odds unknown (the rules
    allow it), and the keeper alone is told which horses have no odds, with the card."""
    state = blank()
    keeper = state.game.keeper
    state.apply(keeper, TypedCard("R", "1 Alpha, 2 Bravo, 3 Charlie, 4 Delta", "2-1, , 8-1"))
    assert state.view(None)["card"]["odds"] == ["2-1", "", "8-1", ""]
    told = [n for n in state.notices_for(keeper) if n["type"] == "no-odds"]
    assert [(n["race"], n["words"]) for n in told] == [
        (1, "No morning line for 2 Bravo and 4 Delta: their odds are not known.")
    ]
    assert not [n for n in state.notices_for(0) if n["type"] == "no-odds"]  # a phone
    assert not [n for n in state.notices_for(None) if n["type"] == "no-odds"]  # the TV
    full = blank()
    full.apply(keeper, TypedCard("R", "Alpha, Bravo", "2-1, 3-1"))
    assert not [n for n in full.notices_for(keeper) if n["type"] == "no-odds"]
