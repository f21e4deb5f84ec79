"""The Table on a toy game: first to roll a six wins, and each player holds a secret."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from tests.core.test_protocol import Pass, Roll, ToyGame, ToyState

from homestretch.core.actions import Action
from homestretch.core.errors import DiceError, IllegalAction, TableMovedOn
from homestretch.core.protocol import Event
from homestretch.core.registry import GameEntry
from homestretch.session.dice import DiceSpec, seed_digest
from homestretch.session.log import HIDDEN, MemoryLog
from homestretch.session.saved import open_new, rebuild
from homestretch.session.seats import computer, person
from homestretch.session.table import StaleVersion, Table
from homestretch.store.db import Store


class SecretToyState(ToyState):
    """The toy game where each player's pass names a secret the other may not see."""

    def hidden_from(self, player: int | None) -> set[str]:
        return {"secret-1"} if player != 1 else set()

    def why_illegal(self, player: int, action: Action) -> str | None:
        if isinstance(action, Pass) and player in self.to_act():
            return None  # any words may be passed with
        return super().why_illegal(player, action)


class SecretToyGame(ToyGame):
    def new_initial_state(self) -> ToyState:
        return SecretToyState(self)


def _entry() -> GameEntry:
    return GameEntry(
        name="toy", title="toy", make=lambda config: SecretToyGame(), harness_configs=list
    )


def _table(dice: DiceSpec) -> Table:
    seats = [person("Ann"), person("Bob")]
    return Table(_entry(), SecretToyGame(), seats, dice)


def test_a_move_on_a_stale_version_is_refused_and_changes_nothing() -> None:
    table = _table(DiceSpec("scripted", 0, faces=(2, 6)))
    table.submit(0, Roll(), seen_version=0)  # Ann rolls a 2: Bob's turn
    assert table.version == 2
    with pytest.raises(StaleVersion) as stale:
        table.submit(1, Roll(), seen_version=0)
    assert str(stale.value) == (
        "The table moved on since you looked (you saw move 0, it is at move 2 now), so your "
        "move was not made: look again and choose."
    )
    assert table.version == 2
    with pytest.raises(IllegalAction, match="not player 0's turn"):
        table.submit(0, Roll(), seen_version=2)
    table.submit(1, Roll(), seen_version=2)
    assert table.state.result() == {"winner": 1}


def test_scripted_dice_that_run_out_stop_with_a_clear_error() -> None:
    table = _table(DiceSpec("scripted", 0, faces=(2,)))
    table.submit(0, Roll(), seen_version=0)
    with pytest.raises(DiceError, match="ran out"):
        table.submit(1, Roll(), seen_version=2)
    assert table.version == 3  # Bob's roll is kept; the dice are what is missing


def test_asked_dice_wait_for_the_roll_and_check_it() -> None:
    table = _table(DiceSpec("asked", 0))
    table.submit(0, Roll(), seen_version=0)
    waiting = table.waiting()
    assert waiting.roll is not None and waiting.seats == ()
    with pytest.raises(DiceError):
        table.roll([7], seen_version=1)
    with pytest.raises(StaleVersion):
        table.roll([6], seen_version=0)
    table.roll([6], seen_version=1)
    assert table.waiting().over


def test_the_log_each_seat_sees_is_redacted_of_its_secrets() -> None:
    table = _table(DiceSpec("scripted", 0, faces=(6,)))
    table.submit(0, Pass("secret-1"), seen_version=0)
    table.submit(1, Roll(), seen_version=1)
    ann, bob, spectator = table.log_for(0), table.log_for(1), table.log_for(None)
    assert ann[0]["action"] == {"kind": "pass", "reason": HIDDEN}
    assert spectator[0]["action"]["reason"] == HIDDEN
    assert bob[0]["action"] == {"kind": "pass", "reason": "secret-1"}
    assert ann[2] == {"position": 2, "chance": "roll", "faces": [6]}


def test_computer_players_and_seeded_dice_resume_exactly_from_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    seats = [computer("C1", "random"), computer("C2", "random")]
    entry = _entry()
    table, game_id = open_new(store, entry, SecretToyGame(), seats, DiceSpec("seeded", 9))
    table.step()
    table.step()
    whole = Table(entry, SecretToyGame(), seats, DiceSpec("seeded", 9))
    whole.advance()
    saved = store.load(game_id)
    again = rebuild(store, saved, game_entry=entry)
    again.advance()
    assert again.state.events == whole.state.events
    assert store.load(game_id).events == whole.state.events


def test_two_writers_on_one_stored_table_never_corrupt_its_log(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite")
    entry = _entry()
    seats = [person("Ann"), person("Bob")]
    first, game_id = open_new(
        store, entry, SecretToyGame(), seats, DiceSpec("scripted", 0, (1, 1, 6))
    )
    second = Table(entry, SecretToyGame(), seats, DiceSpec("scripted", 0, (1, 1, 6)), first.log)
    first.submit(0, Roll(), seen_version=0)
    with pytest.raises(TableMovedOn):
        second.submit(0, Pass("x"), seen_version=0)
    # the refused table is rebuilt from the log: the other writer's move, not its own
    assert second.state.events == first.state.events and second.version == 2
    assert second.sync() == []
    second.submit(1, Roll(), seen_version=2)
    with pytest.raises(TableMovedOn):
        first.submit(1, Roll(), seen_version=2)  # the store refuses position 2
    assert [e.to_json() for e in store.load(game_id).events] == [
        e.to_json() for e in second.state.events
    ]


def test_the_seed_digest_commits_to_the_seed() -> None:
    assert seed_digest(5) != seed_digest(6)
    assert len(seed_digest(5)) == 64


class CountingLog(MemoryLog):
    """A log that notes each append it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.appends: list[tuple[int, int]] = []

    def append(self, position: int, events: Sequence[Event]) -> None:
        self.appends.append((position, len(events)))
        super().append(position, events)


def test_a_move_and_the_run_it_sets_off_are_stored_in_one_append() -> None:
    log = CountingLog()
    seats = [person("Ann"), computer("Cy", "random")]
    table = Table(_entry(), SecretToyGame(), seats, DiceSpec("seeded", 4), log)
    table.advance()  # nothing to do yet: Ann is first
    assert log.appends == []
    events = table.submit(0, Roll(), seen_version=0)
    assert log.appends == [(0, len(events))] and len(events) > 1  # the roll, Cy's turn...
    assert log.events == table.state.events  # stored as applied
    table.step()  # a surface stepping event by event stores each on its own
    assert all(count == 1 for _, count in log.appends[1:])


def test_a_run_the_log_refuses_leaves_the_table_as_the_log_has_it() -> None:
    log = CountingLog()
    seats = [person("Ann"), person("Bob")]
    table = Table(_entry(), SecretToyGame(), seats, DiceSpec("scripted", 0, (2, 6)), log)
    log.events.append(Event(player=0, action=Pass("elsewhere").to_json()))  # another writer
    with pytest.raises(TableMovedOn) as moved:
        table.submit(0, Roll(), seen_version=0)
    assert table.state.events == log.events and table.version == 1
    assert str(moved.value) == (  # one sentence, as every refusal a person reads
        "The table moved on: someone else's move was stored first (at move 0; it is at move 1 "
        "now), so yours was not made: look again."
    )


class TellsWhoAnswersAtOnce:
    """A computer player that notes what the table told it before each decision."""

    def __init__(self, told: list[frozenset[int]]) -> None:
        self.told = told

    def answer_at_once(self, seats: frozenset[int]) -> None:
        self.told.append(seats)

    def choose(self, player: int, view: object, legal: list[Action]) -> Action:
        return Roll()


def test_a_computer_player_is_told_which_seats_the_table_moves_at_once() -> None:
    """Across the Board's computer players deal only with someone sure to answer before
    the windows close: the table tells them its computer seats (a person is not one)."""
    told: list[frozenset[int]] = []
    entry = _entry()._replace(bots={"noter": lambda game, seat, seed: TellsWhoAnswersAtOnce(told)})
    seats = [person("Ann"), computer("Cy", "noter")]
    table = Table(entry, SecretToyGame(), seats, DiceSpec("scripted", 0, faces=(2, 3, 6)))
    table.submit(0, Roll(), seen_version=0)  # Ann rolls a 2; Cy rolls a 3; Ann's turn
    assert told == [frozenset({1})]
    assert table.moved_at_once() == frozenset({1})
    # At the referee every seat is an agent, moved as soon as it is to act.
    from homestretch.core.chance import ScriptedDice
    from homestretch.core.referee import play

    told.clear()
    agents = {0: TellsWhoAnswersAtOnce(told), 1: TellsWhoAnswersAtOnce(told)}
    play(SecretToyGame().new_initial_state(), ScriptedDice([6]), agents)
    assert told == [frozenset({0, 1})]
