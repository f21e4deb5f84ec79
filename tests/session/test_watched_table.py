"""A watched table (``Table.watched``: the web's, while a page is open on it) stops its run
of computer moves where the game asks for what it shows to be watched first: Derby Cast's
computer keeper posts a race Top of the Stretch ran for review with its call, and makes it
official only once the table is moved on (``advance(watched=True)``); its result stands
alone a while before the next card. Unwatched (the terminal, tests, simulations) the run
goes straight on, and the two tables' logs are the same."""

from __future__ import annotations

from homestretch.core.registry import entry
from homestretch.games.derbycast.rules.game import RESULT_STEPS
from homestretch.session.dice import DiceSpec
from homestretch.session.seats import computer, person
from homestretch.session.table import AUTO, Table

SEED = 11


def _table(keeper_is_a_person: bool = False) -> Table:
    found = entry("derbycast")
    config = dict(found.harness_configs()[0])  # two markers, three races, a computer keeper
    config["confirm"] = False
    game = found.make(config)
    keeper = person("Keeper") if keeper_is_a_person else computer("Keeper", AUTO)
    seats = [computer("Ann", "value"), computer("Bob", "value"), keeper]
    return Table(found, game, seats, DiceSpec("seeded", SEED))


def _kinds(table: Table, start: int) -> list[str]:
    return [(e.action or {}).get("kind", "chance") for e in table.state.events[start:]]


def test_a_watched_table_holds_the_call_then_the_result_then_the_next_card() -> None:
    table = _table()
    table.watched = True
    table.advance()
    view = table.view(None)
    assert view["phase"] == "review" and view["card"]["race"]
    call = view["call"]
    assert call and len(call) >= 4  # the call read out, the race under review
    assert view["last_race"] is None and table.state.points == [0, 0]  # nothing scored yet
    assert table.held() == len(call)
    before = table.version
    table.advance()  # not watched yet: it waits still
    assert table.version == before

    table.advance(watched=True)
    assert _kinds(table, before) == ["official"]
    view = table.view(None)
    assert view["phase"] == "card" and view["last_race"]["call"] == call  # the result alone
    assert table.held() == RESULT_STEPS

    table.advance(watched=True)
    view = table.view(None)
    assert view["phase"] == "review" and view["race"] == 2  # the next race, its call read
    assert table.held() == len(view["call"])


def test_an_unwatched_table_runs_on_and_logs_the_same() -> None:
    watched, straight = _table(), _table()
    watched.watched = True
    straight.advance()
    assert straight.state.is_over()
    for _ in range(100):
        if watched.state.is_over():
            break
        watched.advance(watched=True)
    assert [e.action for e in watched.state.events] == [e.action for e in straight.state.events]
    assert _kinds(straight, 0).count("official") == straight.state.races_run


def test_a_person_keeper_is_never_held() -> None:
    table = _table(keeper_is_a_person=True)
    table.watched = True
    table.advance()  # the computer markers wait for the keeper's card
    assert table.waiting().seats == (2,) and table.held() == 0
