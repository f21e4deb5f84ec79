"""Who the table waits for, worded by the rules (derbycast/rules/words.py) for the TV, each
phone (never waiting for itself) and the keeper's desk, in every phase where markers
move."""

from __future__ import annotations

from typing import Any

from tests.games.derbycast.rules.keeper_table import FIELD, keeper_state, post_card
from tests.generic.test_every_game import _string_leaves

from homestretch.games.derbycast.rules.actions import (
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    Ready,
    SealedPick,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.rules.words import (
    CAPTIONS,
    DESK_BUTTONS,
    PHONE_BUTTONS,
    STANDS,
    closing_early_line,
    correct_title,
    named,
    post_title,
    waiting_line,
    winners_line,
)


def make(**options: Any) -> DerbyCastState:
    return post_card(keeper_state(**options))


def waiting(state: DerbyCastState) -> dict[str | int | None, str]:
    """The waiting line the TV (None), each phone (0-2) and the desk ("desk") show."""
    keeper = state.game.keeper
    lines: dict[str | int | None, str] = {s: state.view(s)["waiting"] for s in (None, 0, 1, 2)}
    lines["keeper"] = state.view(keeper)["waiting"]
    lines["desk"] = state.view(keeper)["desk"]["status"]
    return lines


def test_names_read_as_a_list() -> None:
    ann, bob, cy = ({"name": n, "marker": m} for m, n in enumerate(("Ann", "Bob", "Cy"), 1))
    assert named([ann]) == "Ann (marker 1)"
    assert named([ann, bob]) == "Ann (marker 1) and Bob (marker 2)"
    assert named([ann, bob, cy]) == "Ann (marker 1), Bob (marker 2) and Cy (marker 3)"
    team = {"name": "Rail", "marker": 4, "team": True}
    assert waiting_line("pick", [team]) == "Waiting for Rail [team] (marker 4) to pick"
    assert waiting_line("scratches", [ann]) == ""  # the keeper's turn: no marker waited for
    assert closing_early_line([]) == ""
    assert closing_early_line([cy]) == "Closing now: Cy (marker 3) sits this race out"
    assert closing_early_line([bob, cy]) == (
        "Closing now: Bob (marker 2) and Cy (marker 3) sit this race out"
    )


def test_open_picks_wait_for_the_next_picker_and_a_phone_never_waits_for_itself() -> None:
    state = make()
    ann = "Waiting for Ann (marker 1) to pick"
    assert waiting(state) == {
        None: ann,
        0: "",  # Ann's own turn: her phone shows the horses, not a wait for herself
        1: ann,
        2: ann,
        "keeper": ann,
        "desk": "Picks are open: waiting for Ann (marker 1) to pick",
    }
    state.apply(0, Pick("Alpha", "win"))
    assert waiting(state)[0] == "Waiting for Bob (marker 2) to pick"
    assert waiting(state)[1] == ""


def test_once_everyone_has_picked_nobody_waits_for_the_keeper_to_pick() -> None:
    """The old phone said 'Waiting for Keeper to pick' while picks waited to be closed."""
    state = make()
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    assert state.phase == "scratches"
    lines = waiting(state)
    assert lines.pop("desk") == "Every marker has picked: close picks at the off"
    assert set(lines.values()) == {""}


def test_confirm_waits_for_each_marker_to_say_the_pick_stands() -> None:
    state = make(confirm=True)
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    state.apply(1, Ready())
    lines = waiting(state)
    assert lines[None] == "Waiting for Ann (marker 1) and Cy (marker 3) to say the pick stands"
    assert lines[0] == "Waiting for Cy (marker 3) to say the pick stands"
    assert lines[1] == lines[None]
    assert lines["desk"] == (
        "Every marker has picked: waiting for Ann (marker 1) and Cy (marker 3) "
        "to say the pick stands"
    )
    assert state.view(1)["yours"]["stands"] == STANDS  # Bob's phone: his stands
    desk = state.view(state.game.keeper)["desk"]
    assert desk["close_now"] == "Close picks now, before every pick stands"  # none missing
    assert (desk["sit_out"], desk["closing_early"]) == ([], "")
    assert state.view(0)["yours"]["stands"] == ""


def test_a_late_scratch_waits_for_its_picker() -> None:
    state = make()
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    state.apply(state.game.keeper, PostScratches(("Bravo",)))
    lines = waiting(state)
    assert lines[None] == "Waiting for Bob (marker 2) to pick again or sit out"
    assert lines[1] == ""
    assert lines["desk"] == "A late scratch: waiting for Bob (marker 2) to pick again or sit out"


def test_sealed_picks_name_who_has_not_picked_never_what_anyone_picked() -> None:
    state = make(sealed=True)
    state.apply(1, SealedPick("2|show|Charlie"))
    lines = waiting(state)
    assert lines[None] == "Waiting for Ann (marker 1) and Cy (marker 3) to pick"
    assert lines[1] == lines[None]
    assert lines[0] == "Waiting for Cy (marker 3) to pick"
    for seat in (None, 0, 2, state.game.keeper):  # the twin worlds look the same
        seen = state.view(seat)
        assert "Charlie" not in seen["waiting"]
        assert all(twin == seen for twin in state.twin_views(seat))
        assert "2|show|Charlie" not in _string_leaves(seen)


def test_the_desk_names_who_sits_out_when_it_closes_picks_early() -> None:
    state = make()
    state.apply(0, Pick("Alpha", "win"))
    desk = state.view(state.game.keeper)["desk"]
    assert desk["close_now"] == "A phone died? Close picks now"
    assert desk["sit_out"] == [2, 3]
    assert desk["closing_early"] == (
        "Closing now: Bob (marker 2) and Cy (marker 3) sit this race out"
    )
    state.apply(state.game.keeper, PostScratches((), sit_out=tuple(desk["sit_out"])))
    assert state.view(state.game.keeper)["desk"]["closing_early"] == ""


def test_the_winner_line_counts_races_in_words() -> None:
    """'after 1 race', 'after 3 races': never 'race(s)'."""
    ann = {"name": "Ann", "marker": 1}
    one = {"winners": [ann], "how": "reached the Official Finish", "races": 1}
    assert winners_line(one) == (
        "Official Winner: Ann (marker 1) reached the Official Finish after 1 race."
    )
    assert winners_line({**one, "races": 3}).endswith("after 3 races.")


def test_the_winner_line_is_said_in_words_not_joined_by_a_dash() -> None:
    ann, bob = {"name": "Ann", "marker": 1}, {"name": "Bob", "marker": 2}
    most = "most points after the set number of races"
    lines = {
        winners_line({"winners": [ann], "how": most, "races": 3}): (
            "Official Winner: Ann (marker 1) has the most points after the 3 races set for "
            "the game."
        ),
        winners_line({"winners": [bob], "how": "won the tie-break", "races": 4}): (
            "Official Winner: Bob (marker 2) won the tie-break after 4 races."
        ),
        winners_line(
            {
                "winners": [ann, bob],
                "how": "reached the Official Finish; dead heat: co-winners level on points",
                "races": 2,
            }
        ): (
            "Co-winners: Ann (marker 1) and Bob (marker 2) reached the Official Finish after "
            "2 races, level on points (a dead heat)."
        ),
    }
    for said, want in lines.items():
        assert said == want and " - " not in said


def test_between_races_everyone_waits_for_the_keeper_to_post_the_next() -> None:
    state = make()
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    keeper = state.game.keeper
    state.apply(keeper, PostScratches(()))
    state.apply(keeper, PostResult(("2-1", "5-2", "8-1"), (1, 2, 3)))
    assert state.phase == "card"
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["status"] == "Waiting for the keeper to post race 2"
    replays = DerbyCastGame(
        {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "replays"}
    ).new_initial_state()
    assert replays.view(None)["status"] == ""  # a replay is drawn at once: no keeper


def test_the_desk_and_the_phones_have_their_buttons_in_the_rules_words() -> None:
    """The desk's and a phone's buttons and form labels come with the view (words.py),
    as their questions do, not written in the page's script."""
    state = keeper_state()
    desk = state.view(state.game.keeper)["desk"]
    assert desk["buttons"] == DESK_BUTTONS
    assert (desk["post_title"], desk["correct_title"]) == ("Post race 1", "")
    state = make()
    assert state.view(0)["yours"]["buttons"] == PHONE_BUTTONS
    assert state.view(state.game.keeper)["yours"] is None  # the keeper is no marker
    assert post_title(3, True) == "Post race 3 from the day's card"
    assert correct_title(1, "Derby") == "Correct race 1 (Derby)"


def test_the_tv_card_and_board_are_captioned_in_the_rules_words() -> None:
    """The TV's (and every page's) captions, the card's lines and the board's chips come
    with the view (words.py): the card names who picked each horse, the reader's own
    pick as 'you', a scratched horse as scratched; a horse with no odds says so."""
    state = keeper_state()
    state.apply(state.game.keeper, PostCard("Derby", FIELD, ("2-1", "", "8-1"), (), ("Bravo",)))
    state.apply(0, Pick("Charlie", "win"))
    state.apply(1, Pick("Charlie", "show"))
    for seat, ann in ((None, "Ann"), (0, "you"), (state.game.keeper, "Ann")):
        view = state.view(seat)
        assert view["captions"] == CAPTIONS
        # the web card's column said "W/P/S spaces": points, as everywhere else
        assert view["captions"]["spaces"] == "W/P/S points"
        words = view["card"]["words"]
        assert words["caption"] == "Race 1: Derby"
        alpha, bravo, charlie = words["rows"]
        assert (alpha["name"], alpha["odds"], alpha["spaces"]) == (
            "Alpha",
            "2-1",
            "W\u00a02 / P\u00a01 / S\u00a00",
        )
        assert (bravo["name"], bravo["odds"], bravo["spaces"]) == (
            "Bravo (scratched)",
            "?",
            "odds not known",
        )
        assert charlie["picked_by"] == f"{ann} (win), Bob (show)"
        # a phone's button: its own pick is the badge, the line names the others
        assert charlie["picked_line"] == f"picked by {'' if seat == 0 else 'Ann (win), '}Bob (show)"
        assert charlie["yours"] == ("Your pick: win" if seat == 0 else "")
        assert charlie["bets"] == {"win": "win +8", "place": "place +4", "show": "show +2"}
        assert alpha["picked_line"] == ""
        assert [row["title"] for row in view["board"]] == [
            "Ann: 0 points",
            "Bob: 0 points",
            "Cy: 0 points",
        ]


def test_a_sealed_pick_is_not_on_the_card_until_picks_close() -> None:
    state = make(sealed=True)
    state.apply(0, SealedPick("1|win|Charlie"))
    assert state.view(0)["card"]["words"]["rows"][2]["picked_by"] == "you (win)"
    for seat in (None, 1, state.game.keeper):
        assert all(not row["picked_by"] for row in state.view(seat)["card"]["words"]["rows"])


def test_once_the_game_is_over_nobody_needs_more_points() -> None:
    """The standings at the end say the points (the winner is said apart), not 'needs
    18 more, leader' as though another race were to come."""
    state = make(races=1)
    for seat, horse in enumerate(FIELD):
        state.apply(seat, Pick(horse, "win"))
    state.apply(state.game.keeper, PostScratches(()))
    state.apply(state.game.keeper, PostResult(("2-1", "5-2", "8-1"), (2, 1, 3), official=True))
    assert state.is_over()
    words = [row["words"] for row in state.view(None)["standings"]]
    assert words == [
        "Bob (marker 2): 2 points",
        "Ann (marker 1): 0 points",
        "Cy (marker 3): 0 points",
    ]
