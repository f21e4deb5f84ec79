"""The keeper's desk beyond typing races: sealed picks (R22), closing picks with a
missing marker sitting out (R23), confirmed picks before a computer keeper closes
(R24), a race run by Top of the Stretch with its call (R25) and a day's card loaded
from a file (R20)."""

from __future__ import annotations

import re

import pytest
from tests.games.derbycast.rules.keeper_table import keeper_state, post_card
from tests.generic.test_every_game import _check_step, _string_leaves

from homestretch.core.errors import IllegalAction
from homestretch.core.protocol import CHANCE, replay
from homestretch.core.registry import entries
from homestretch.games.derbycast.rules import view as seat_views
from homestretch.games.derbycast.rules.actions import (
    DayCard,
    MorningLine,
    Official,
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    Ready,
    RunRace,
    SealedPick,
    Simulate,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.rules.words import move_said
from homestretch.session.dice import DiceSpec
from homestretch.session.seats import person
from homestretch.session.table import Table, computer_seats


def test_sealed_picks_are_made_at_once_and_hidden_from_every_other_seat() -> None:
    state = keeper_state(sealed=True)
    post_card(state)
    assert state.to_act() == [0, 1, 2]  # sealed: nobody waits to see another's pick
    state.apply(1, SealedPick("2|win|Charlie"))
    state.apply(1, SealedPick("2|show|Alpha"))  # changed: both tickets stay secret
    state.apply(0, SealedPick("1|place|Bravo"))
    secrets = {"2|win|Charlie", "2|show|Alpha"}
    for seat in (None, 0, 2, state.game.keeper):
        assert secrets <= state.hidden_from(seat)
        view = state.view(seat)
        assert {"marker": 2, "sealed": True} in view["picks"]
        assert not secrets & _string_leaves(view)
        assert view["card"]["unselected"] is None  # nothing told by elimination
    assert not secrets & state.hidden_from(1)
    assert {"marker": 2, "horse": "Alpha", "bet": "show"} in state.view(1)["picks"]
    state.apply(2, SealedPick("3|win|Alpha"))
    state.apply(state.game.keeper, PostScratches(()))  # closed: every pick revealed
    assert state.hidden_from(0) == set()
    assert {"marker": 2, "horse": "Alpha", "bet": "show"} in state.view(0)["picks"]


def test_sealed_tickets_are_the_seats_own_and_open_picks_are_refused() -> None:
    state = keeper_state(sealed=True)
    post_card(state)
    for seat, action, reason in [
        (0, Pick("Alpha", "win"), "picks are sealed"),
        (0, SealedPick("2|win|Alpha"), "marker 2's, not yours"),
        (0, SealedPick("win Alpha"), "reads MARKER|BET|HORSE"),
        (0, SealedPick("1|win|Zulu"), "not allowed"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(seat, action)
    open_table = keeper_state()
    post_card(open_table)
    with pytest.raises(IllegalAction, match="not sealed"):
        open_table.apply(0, SealedPick("1|win|Alpha"))


def test_the_log_shows_each_seat_only_its_own_sealed_tickets() -> None:
    entry = entries()["derbycast"]
    config = next(c for c in entry.harness_configs() if c.get("sealed"))
    game = entry.make(config)
    table = Table(entry, game, computer_seats(entry, game, 1), DiceSpec("seeded", 5))
    sealed_seen = 0
    while table.step() is not None:
        state = table.state
        assert isinstance(state, DerbyCastState)
        if not state.sealed_now() or not state.tickets:
            continue
        for seat in [None, *range(game.num_players + 1)]:
            log = _string_leaves(table.log_for(seat))
            hidden = state.hidden_from(seat)
            others = {t for s, sent in state.tickets.items() if s != seat for t in sent}
            assert hidden == others and not hidden & log
            assert ("hidden" in log) == bool(others)
            mine = state.tickets.get(seat or 0, set()) if seat is not None else set()
            assert mine <= log
        sealed_seen += 1
    assert sealed_seen > 0 and table.state.is_over()


def test_the_log_words_a_sealed_pick_only_for_whoever_may_read_it() -> None:
    """The log says each move in words ('picked 3 Citation to win (sealed)', the horse's
    program number on its card) but a sealed ticket another seat may not read yet: that
    line keeps only its kind and "hidden", and says no more than 'picked (sealed)'; once
    picks close everyone reads every pick that stands in words, with the number."""
    entry = entries()["derbycast"]
    config = next(c for c in entry.harness_configs() if c.get("sealed"))
    game = entry.make(config)
    table = Table(entry, game, computer_seats(entry, game, 1), DiceSpec("seeded", 5))
    kept_from, shown_to = 0, 0
    while table.step() is not None:
        state = table.state
        assert isinstance(state, DerbyCastState)
        for seat in [None, *range(game.num_players + 1)]:
            for line, event in zip(table.log_for(seat), state.events, strict=True):
                if event.action is None:
                    assert "words" not in line
                    continue
                said = state.move_words(event)
                if event.action["kind"] == "sealed-pick" and line["action"]["ticket"] == "hidden":
                    assert line["words"] == "picked (sealed)" and event.player != seat
                    kept_from += 1
                else:
                    assert line["words"] == said
                    if event.action["kind"] == "sealed-pick":
                        _, bet, horse = event.action["ticket"].split("|")
                        number = r"[1-9][0-9]?[A-Z]?"
                        shown = rf"picked {number} {re.escape(horse)} to {bet} \(sealed\)"
                        assert re.fullmatch(shown, line["words"]), line["words"]
                        shown_to += 1
    assert kept_from > 0 and shown_to > 0 and table.state.is_over()


def test_closing_sealed_picks_reveals_the_picks_that_stand_not_the_changes() -> None:
    """Ruling R26: Ann changes her sealed pick twice (Bravo to win, Charlie to show,
    back to Bravo to win) before picks close. After the close every other seat, the
    keeper's and the TV's too, reads the pick that stands and 'picked (sealed)' for the
    two she replaced, the first though it was the same ticket; Ann reads all three."""
    game = DerbyCastGame(
        {"entrants": [{"name": n} for n in ("Ann", "Bob")], "source": "keeper", "sealed": True}
    )
    entry = entries()["derbycast"]
    seats = [person("Ann"), person("Bob"), person("Keeper")]
    table = Table(entry, game, seats, DiceSpec("seeded", 1))
    keeper = game.keeper
    table.submit(keeper, PostCard("R", ("Alpha", "Bravo", "Charlie"), ("2-1", "5-2", "8-1")), 0)
    for ticket in ("1|win|Bravo", "1|show|Charlie", "1|win|Bravo"):
        table.submit(0, SealedPick(ticket), table.version)
    table.submit(1, SealedPick("2|place|Alpha"), table.version)
    table.submit(keeper, PostScratches(()), table.version)
    anns = [line for line in table.log_for(0) if line.get("player") == 0]
    assert [line["words"] for line in anns] == [
        "picked 2 Bravo to win (sealed)",
        "picked 3 Charlie to show (sealed)",
        "picked 2 Bravo to win (sealed)",
    ]
    for seat in (1, keeper, None):
        lines = [line for line in table.log_for(seat) if line.get("player") == 0]
        assert [line["words"] for line in lines] == [
            "picked (sealed)",
            "picked (sealed)",
            "picked 2 Bravo to win (sealed)",
        ]
        assert [line["action"]["ticket"] for line in lines] == ["hidden", "hidden", "1|win|Bravo"]
        assert "1|show|Charlie" not in _string_leaves(table.log_for(seat))
        bobs = next(line for line in table.log_for(seat) if line.get("player") == 1)
        assert bobs["words"] == "picked 1 Alpha to place (sealed)"


def test_moves_said_in_the_log() -> None:
    names = ["Ann", "Bob", "Cy"]
    assert move_said(Pick("Citation", "win"), names) == "picked Citation to win"
    assert move_said(SealedPick("2|show|Bolt"), names) == "picked Bolt to show (sealed)"
    closing = PostScratches(("Bolt",), (3,))
    assert move_said(closing, names) == "closed picks; late scratches: Bolt; Cy (marker 3) sits out"
    # with the card's program numbers, as the state says them (a horse not on it: alone)
    numbers = {"Citation": "1A", "Bolt": "4"}
    assert move_said(Pick("Citation", "win"), names, numbers) == "picked 1A Citation to win"
    assert move_said(SealedPick("2|show|Bolt"), names, numbers) == (
        "picked 4 Bolt to show (sealed)"
    )
    assert move_said(SealedPick("hidden"), names, numbers) == "picked (sealed)"
    assert move_said(closing, names, numbers) == (
        "closed picks; late scratches: 4 Bolt; Cy (marker 3) sits out"
    )
    lines = MorningLine(("Bolt", "Zed"), ("5/2", ""))
    assert move_said(lines, names, numbers) == (
        "posted the morning line: 4 Bolt 5-2, Zed not known"
    )
    assert move_said(PostResult(("4-1",), (1,), official=False), names) == (
        "posted the result for review"
    )


def test_the_generic_secret_check_catches_a_view_that_shows_sealed_picks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The harness's sealed configuration makes the generic check bite: with a view
    that tells every pick, it fails."""
    entry = entries()["derbycast"]
    config = next(c for c in entry.harness_configs() if c.get("sealed"))
    game = entry.make(config)
    table = Table(entry, game, computer_seats(entry, game, 1), DiceSpec("seeded", 5))
    while not (isinstance(table.state, DerbyCastState) and table.state.tickets):
        assert table.step() is not None
    state = table.state
    _check_step(state, game.num_players, state.conserved())  # as the rules are: passes
    leaky = {"marker": 1, "ticket": next(iter(state.tickets[next(iter(state.tickets))]))}
    monkeypatch.setattr(seat_views, "_picks_shown", lambda state, player: [leaky])
    with pytest.raises(AssertionError, match="shows hidden"):
        _check_step(state, game.num_players, state.conserved())


def test_the_keeper_may_close_picks_with_a_silent_phone_sitting_out() -> None:
    state = keeper_state()
    post_card(state)
    state.apply(0, Pick("Alpha", "win"))
    state.apply(1, Pick("Bravo", "win"))  # Cy's phone died before picking
    keeper = state.game.keeper
    with pytest.raises(IllegalAction, match="who have not picked: 3"):
        state.apply(keeper, PostScratches(()))
    state.apply(keeper, PostScratches((), sit_out=(3,)))
    assert state.phase == "result"
    state.apply(keeper, PostResult(("2-1", "5-2", "8-1"), (1, 2, 3), official=False))
    state.apply(keeper, Official())
    assert state.history[-1]["picks"][2] == {
        "seat": 2,
        "marker": 3,
        "name": "Cy",
        "sat_out": True,
        "points": 0,
    }
    post_card(state)
    while state.phase == "pick":  # race 2: everyone picks, so nobody may be sat out
        state.apply(state.to_act()[0], Pick("Alpha", "show"))
    with pytest.raises(IllegalAction, match="nobody need sit out"):
        state.apply(keeper, PostScratches((), sit_out=(2,)))


def test_with_confirm_a_computer_keeper_waits_for_every_pick_to_stand() -> None:
    state = keeper_state(confirm=True)
    post_card(state)
    keeper = state.game.keeper
    state.apply(0, Pick("Alpha", "win"))
    state.apply(1, Pick("Bravo", "win"))
    state.apply(2, Pick("Charlie", "win"))
    assert state.phase == "confirm" and state.to_act() == [0, 1, 2]
    assert state.legal_actions(0) == [Ready()] and state.legal_actions(keeper) == []
    state.apply(0, Ready())
    state.apply(1, Ready())
    state.apply(0, Pick("Bravo", "place"))  # a change: Ann must confirm again
    assert state.to_act() == [0, 2]
    state.apply(2, Ready())
    state.apply(0, Ready())
    assert state.phase == "scratches" and state.to_act() == [keeper]
    state.apply(1, Pick("Charlie", "show"))  # changed while the keeper has not closed
    assert state.phase == "confirm" and state.to_act() == [1]
    # a person at the desk need not wait for the confirmations
    state.apply(keeper, PostScratches(()))
    assert state.phase == "result"


def test_a_race_run_by_top_of_the_stretch_keeps_its_result_unseen_until_run() -> None:
    state = keeper_state()
    keeper = state.game.keeper
    with pytest.raises(IllegalAction, match="no bundled Top of the Stretch race"):
        state.apply(keeper, Simulate("no-such-race", "quick"))
    state.apply(keeper, Simulate("dream-derby", "quick"))
    assert state.to_act() == [CHANCE]
    state.apply_chance((4242,))
    card_view = state.view(0)["card"]
    assert card_view["programs"] == [str(n) for n in range(1, len(card_view["horses"]) + 1)]
    assert all(card_view["odds"]) and state.view(0)["call"] is None
    assert not any(r.finish for r in state.race.runners)  # type: ignore[union-attr]
    for seat in state.pick_order():
        state.apply(seat, Pick(card_view["horses"][0], "show"))
    with pytest.raises(IllegalAction, match="no late scratches"):
        state.apply(keeper, PostScratches((card_view["horses"][1],)))
    state.apply(keeper, PostScratches(()))
    with pytest.raises(IllegalAction, match="Top of the Stretch runs this race"):
        places = tuple(range(1, len(card_view["horses"]) + 1))
        state.apply(keeper, PostResult(tuple(card_view["odds"]), places))
    state.apply(keeper, RunRace())
    view = state.view(None)
    wire = next(part for part in view["call"] if part["heading"] == "At the wire")
    assert view["phase"] == "review"
    winner = next(r for r in view["review"]["runners"] if r["finish"] == 1)
    assert winner["horse"] in wire["words"]
    state.apply(keeper, Official())
    assert state.history[-1]["call"] == view["call"]
    again = replay(state.game, state.events)  # the log replays to the same race
    assert again.history == state.history


def test_a_days_card_file_is_loaded_at_the_desk_and_refused_in_one_line() -> None:
    state = keeper_state()
    keeper = state.game.keeper
    csv = "race,program,horse,odds,finish\nDowns 1,1,Ace,2-1,\nDowns 1,1A,Bolt,3-1,scratched\n"
    csv += "Downs 2,1,Cat,5-2,\nDowns 2,2,Dog,4-1,\n"
    for name, text, reason in [
        ("card.txt", csv, "card.txt: a day's card must be a .csv or .json file"),
        ("card.csv", csv.replace("2-1", "2-x"), "card.csv: line 2: "),
        ("card.json", '{"races": [1]}', "card.json: race 1: each race needs"),
        ("card.csv", "x" * 12_001, "at most 12000 characters"),
    ]:
        with pytest.raises(IllegalAction, match=reason) as refused:
            state.apply(keeper, DayCard(name, text))
        assert "\n" not in str(refused.value)
    state.apply(keeper, DayCard("card.csv", csv))
    ahead = state.view(keeper)["next_card"]
    assert ahead["race"] == "Downs 1" and ahead["programs"] == ["1", "1A"]
    assert ahead["scratched"] == ["Bolt"]


def test_a_days_card_file_given_with_the_table_is_read_as_the_desk_reads_one() -> None:
    """The lobby sends the file as uploaded (its name and text); its races are offered
    from race 1, and a mistake is the desk's one line, naming the file and the line."""
    from pathlib import Path

    from homestretch.core.errors import HomestretchError

    text = (Path(__file__).parents[4] / "samples" / "derbycast" / "day_card.csv").read_text()
    state = keeper_state(feed={"kind": "card", "file": "day_card.csv", "text": text})
    assert state.view(3)["next_card"]["race"] == "Riverbend race 5"
    again = DerbyCastGame(state.game.config())  # saved and opened again: the same card
    assert again.day_card == state.game.day_card
    bad = {"kind": "card", "file": "downs.csv", "text": "race,horse,odds\nR1,A,7-x\n"}
    with pytest.raises(HomestretchError) as refused:
        keeper_state(feed=bad)
    assert str(refused.value) == (
        "downs.csv: line 2: cannot read odds '7-x' (write them like 7-2, 7/2, 3.5 or even)"
    )
    with pytest.raises(HomestretchError, match="a day's card is a file name and its text"):
        keeper_state(feed={"kind": "card", "file": "day.csv", "text": ["race"]})
