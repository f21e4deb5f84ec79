"""A morning line the keeper adds to the card (or corrects) while picks are open
(ruling R28): every seat's card shows it, the log replays it exactly, the keeper is told
which horses still have none, and nothing but the card changes (the result's final odds
score, R11). With ``confirm`` the picks said to stand are asked again."""

from __future__ import annotations

import pytest
from tests.games.derbycast.rules.keeper_table import FIELD, keeper_state

from homestretch.core.errors import IllegalAction
from homestretch.core.protocol import replay
from homestretch.games.derbycast.rules.actions import (
    CODEC,
    MorningLine,
    Official,
    Pick,
    PostResult,
    PostScratches,
    Ready,
    TypedCard,
)
from homestretch.games.derbycast.rules.game import DerbyCastState


def short_card(**options: object) -> DerbyCastState:
    """Race R posted with Alpha's line only: Bravo and Charlie not known."""
    state = keeper_state(**options)
    state.apply(state.game.keeper, TypedCard("R", ", ".join(FIELD), "2-1"))
    return state


def no_odds(state: DerbyCastState) -> list[str]:
    return [n["words"] for n in state.notices_for(state.game.keeper) if n["type"] == "no-odds"]


def test_a_missing_line_added_while_picks_are_open_is_on_every_seats_card() -> None:
    state = short_card()
    keeper = state.game.keeper
    state.apply(0, Pick("Alpha", "win"))  # Ann picked; Bob's turn, not the keeper's
    assert keeper not in state.to_act()
    state.apply(keeper, MorningLine(("Bravo",), ("5/2",)))
    for seat in (None, 0, 1, keeper):  # the TV, phones, the desk
        card = state.view(seat)["card"]
        assert card["odds"] == ["2-1", "5-2", ""]
        assert card["spaces"][1] == {"win": 2, "place": 1, "show": 0}
        assert card["words"]["rows"][1]["odds"] == "5-2"
    said = [n["words"] for n in state.notices_for(0) if n["type"] == "morning-line"]
    # every seat is told, and that Ann picked before the line changed
    assert said == ["Race 1: a new morning line for 2 Bravo: 5-2. Ann picked before it."]
    assert no_odds(state)[-1] == "No morning line for 3 Charlie: its odds are not known."
    assert (
        state.phase == "pick" and state.to_act() == [1] and state.picks == {0: Pick("Alpha", "win")}
    )
    again = replay(state.game, [e for e in state.events])  # the log, as stored
    for seat in (None, 0, 1, 2, keeper):
        assert again.view(seat) == state.view(seat)
        assert again.notices_for(seat) == state.notices_for(seat)
    logged = state.events[-1].action
    assert logged is not None and CODEC.from_json(logged) == MorningLine(("Bravo",), ("5/2",))
    assert state.move_words(state.events[-1]) == "posted the morning line: 2 Bravo 5-2"


def test_lines_for_several_horses_at_once_and_a_correction() -> None:
    state = short_card()
    keeper = state.game.keeper
    state.apply(keeper, MorningLine(("Charlie", "Alpha"), ("8-1", "3-1")))
    assert state.view(None)["card"]["odds"] == ["3-1", "", "8-1"]
    said = [n["words"] for n in state.notices_for(None) if n["type"] == "morning-line"]
    assert said == ["Race 1: new morning lines for 1 Alpha: 3-1 and 3 Charlie: 8-1."]
    state.apply(keeper, MorningLine(("Bravo",), ("4-1",)))
    told = [n for n in state.notices_for(keeper) if n["type"] in ("no-odds", "morning-line")]
    assert told[-1]["type"] == "morning-line"  # none still missing: no no-odds after it


def test_the_lines_change_the_card_only_the_final_odds_score() -> None:
    state = short_card()
    keeper = state.game.keeper
    state.apply(keeper, MorningLine(("Charlie",), ("20-1",)))
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    state.apply(keeper, MorningLine(("Charlie",), ("8-1",)))  # all picked: still open
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, PostResult(("2-1", "6-1", "5-1"), (2, 3, 1), official=False))
    state.apply(keeper, Official())
    assert state.points == [0, 0, 5]  # Charlie won at 5-1, its final odds


@pytest.mark.parametrize(
    ("seat", "line", "why"),
    [
        (0, MorningLine(("Bravo",), ("5-2",)), "only the score keeper posts morning lines"),
        (3, MorningLine(("Zed",), ("5-2",)), "'Zed' is not on the card of R"),
        (3, MorningLine(("Bravo",), ("five",)), "Bravo: "),
        (3, MorningLine(("Alpha",), ("2/1",)), "Alpha's morning line is 2-1 already"),
        (3, MorningLine(("Bravo",), ("",)), "Bravo's morning line is not known already"),
        (3, MorningLine(("Bravo", "Bravo"), ("5-2", "3-1")), "two morning lines"),
        (3, MorningLine(("Bravo",), ()), "give each horse its morning line"),
        (3, MorningLine((), ()), "give each horse its morning line"),
        (3, MorningLine("Bravo", "5-2"), "a list of horses and a list of odds"),  # type: ignore[arg-type]
    ],
)
def test_a_morning_line_that_cannot_be_posted_is_refused_in_one_line(
    seat: int, line: MorningLine, why: str
) -> None:
    state = short_card()
    before = state.view(None)
    reason = state.why_illegal(seat, line)
    assert reason is not None and why in reason and "\n" not in reason
    with pytest.raises(IllegalAction):
        state.apply(seat, line)
    assert state.view(None) == before


def test_no_line_once_picks_close_or_for_a_scratched_horse() -> None:
    state = keeper_state()
    keeper = state.game.keeper
    state.apply(keeper, TypedCard("R", ", ".join(FIELD), "2-1", scratched="Charlie"))
    assert no_odds(state) == ["No morning line for 2 Bravo: its odds are not known."]
    scratched = state.why_illegal(keeper, MorningLine(("Charlie",), ("9-1",)))
    assert scratched == "Charlie is scratched"
    state.apply(0, Pick("Alpha", "win"))
    state.apply(1, Pick("Bravo", "win"))
    state.apply(2, Pick("Alpha", "show"))
    state.apply(keeper, PostScratches(()))
    assert state.why_illegal(keeper, MorningLine(("Bravo",), ("5-2",))) == (
        "a morning line is posted while picks are open, before they close"
    )


def test_with_confirm_a_new_line_asks_every_pick_to_stand_again() -> None:
    state = short_card(confirm=True)
    keeper = state.game.keeper
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    for seat in range(3):
        state.apply(seat, Ready())
    assert state.phase == "scratches"
    state.apply(keeper, MorningLine(("Bravo",), ("9-2",)))
    assert state.phase == "confirm" and state.confirmed == set()
    assert sorted(state.to_act()) == [0, 1, 2]
    said = [n["words"] for n in state.notices_for(1) if n["type"] == "morning-line"]
    assert said == [
        "Race 1: a new morning line for 2 Bravo: 9-2. Each pick must be said to stand again."
    ]
    assert replay(state.game, state.events).view(keeper) == state.view(keeper)
