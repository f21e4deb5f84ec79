"""Every registered game through the Table (DESIGN.md sections 2a and 6).

Computer players are exactly repeatable: a table rebuilt from its log at any cut goes on
exactly as the unbroken one, computer players and dice included, and so does a table
opened in the store and resumed from it. Each seat's log is redacted of what
``hidden_from(seat)`` names, and what it names is what the surfaces show its owner; a
move on a stale version is refused, and so is a move the rules do not allow, with a
reason, the table unchanged.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
from tests.generic.test_every_game import CASES, _string_leaves

from homestretch.core.actions import Action
from homestretch.core.errors import IllegalAction, TableMovedOn
from homestretch.core.protocol import CHANCE
from homestretch.core.registry import GameEntry, entries
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import open_new, rebuild
from homestretch.session.seats import person
from homestretch.session.table import StaleVersion, Table, computer_seats
from homestretch.store.db import Store


def _shortest_config(entry: GameEntry) -> dict[str, Any]:
    """The configuration with the shortest seeded game that seats several players
    (found once a game: each test of it asks)."""
    if entry.name not in _SHORTEST:
        _SHORTEST[entry.name] = _find_shortest(entry)
    return copy.deepcopy(_SHORTEST[entry.name])


_SHORTEST: dict[str, dict[str, Any]] = {}


def _find_shortest(entry: GameEntry) -> dict[str, Any]:

    def length(config: dict[str, Any]) -> int:
        game = entry.make(config)
        table = Table(entry, game, computer_seats(entry, game, 0), DiceSpec("seeded", 1))
        table.advance()
        return table.version

    candidates = [c for c in entry.harness_configs() if entry.make(c).num_players >= 2]
    return min(candidates or entry.harness_configs(), key=length)


GAMES = [pytest.param(entry, id=name) for name, entry in sorted(entries().items())]


@pytest.mark.parametrize("entry", GAMES)
def test_a_table_rebuilt_at_every_cut_goes_on_exactly(entry: GameEntry) -> None:
    config = _shortest_config(entry)
    for seed in (3, 8):
        game = entry.make(config)
        seats = computer_seats(entry, game, seed)
        whole = Table(entry, game, seats, DiceSpec("seeded", seed))
        whole.advance()
        assert whole.state.is_over()
        events = whole.state.events
        # the next event after every cut (by induction, the whole rest of the game) ...
        for cut in range(len(events)):
            rebuilt = Table(
                entry, entry.make(config), seats, DiceSpec("seeded", seed), events=events[:cut]
            )
            assert rebuilt.dice_mismatch is None
            assert rebuilt.step() == events[cut], (seed, cut)
        # ... and the whole rest from a few cuts
        for cut in (1, len(events) // 2, len(events) - 1):
            rebuilt = Table(
                entry, entry.make(config), seats, DiceSpec("seeded", seed), events=events[:cut]
            )
            rebuilt.advance()
            assert rebuilt.state.events == events
            assert rebuilt.state.result() == whole.state.result()


@pytest.mark.parametrize("entry", GAMES)
def test_each_seat_is_shown_its_own_redacted_log(entry: GameEntry) -> None:
    config = _shortest_config(entry)
    game = entry.make(config)
    table = Table(entry, game, computer_seats(entry, game, 1), DiceSpec("seeded", 5))
    checked = 0
    while table.step() is not None:
        if table.version > 40 and table.version % 7:
            continue  # every event early on, then every seventh (keeps the suite quick)
        for seat in [None, *range(len(table.seats))]:
            log = table.log_for(seat)
            assert len(log) == table.version
            leaked = table.state.hidden_from(seat) & _string_leaves(log)
            assert not leaked, f"seat {seat}'s log shows hidden {sorted(leaked)[:5]}"
            for entry_json, event in zip(log, table.state.events, strict=True):
                assert ("player" in entry_json) == (event.player != CHANCE)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("entry", GAMES)
def test_a_second_writer_on_the_same_log_is_refused(entry: GameEntry) -> None:
    config = _shortest_config(entry)
    game = entry.make(config)
    seats = computer_seats(entry, game, 2)
    first = Table(entry, game, seats, DiceSpec("seeded", 4))
    first.step()
    first.step()
    # a second table on the same log, rebuilt from it, then the first writes on
    second = Table(
        entry,
        entry.make(config),
        seats,
        DiceSpec("seeded", 4),
        log=first.log,
        events=first.state.events,
    )
    first.step()
    with pytest.raises(TableMovedOn):
        second.step()
    # the refused event was not kept: the table is rebuilt as the log has it
    assert second.state.events == first.state.events and second.sync() == []
    made = second.step()
    assert made is not None
    assert first.sync() == [made]
    assert first.state.events == second.state.events


@pytest.mark.parametrize("entry", GAMES)
def test_a_table_opened_in_the_store_resumes_from_it_exactly(
    entry: GameEntry, tmp_path: Path
) -> None:
    """`homestretch resume` and a server restarted: a table opened in the store (its
    seats and dice kept there) and stopped at a cut (at the start, half way) is rebuilt from what the store
    holds alone, and goes on to the very log the unbroken game made."""
    config = _shortest_config(entry)
    seed = 5
    game = entry.make(config)
    seats = computer_seats(entry, game, seed)
    whole = Table(entry, game, seats, DiceSpec("seeded", seed))
    whole.advance()
    events = whole.state.events
    store = Store(tmp_path / "games.sqlite")
    for cut in (1, len(events) // 2):  # each event stored as made: a commit each
        table, game_id = open_new(store, entry, entry.make(config), seats, DiceSpec("seeded", seed))
        for _ in range(cut):
            table.step()
        assert store.load(game_id).events == events[:cut], cut
        resumed = rebuild(store, store.load(game_id))
        assert resumed.dice_mismatch is None
        resumed.advance()
        assert resumed.state.events == events, cut
        assert resumed.state.result() == whole.state.result()
        assert store.load(game_id).events == events


DECISIONS_CHECKED = 30
"""The first decisions of people at a table each refused stale and illegal moves."""


def _people(entry: GameEntry, game: Any) -> list[Any]:
    """A person in every player's seat; a seat the game fills itself (a score keeper)
    keeps its own computer player."""
    machines = computer_seats(entry, game, 0)
    return [person(f"P{s + 1}") if s < game.num_players else machines[s] for s in range(len(machines))]  # fmt: skip


@pytest.mark.parametrize("entry", GAMES)
def test_stale_and_illegal_moves_are_refused_with_a_reason_and_change_nothing(
    entry: GameEntry,
) -> None:
    """People at a table: at each of their first decisions a move sent on a version the
    table is not at is refused as stale, and a move the rules do not allow now (one made
    earlier in the game, one of another seat) is refused by the Table and by the state's
    own ``apply``, with the rules' reason in words; the table is as it was after each."""
    config = _shortest_config(entry)
    game = entry.make(config)
    table = Table(entry, game, _people(entry, game), DiceSpec("seeded", 6))
    choose = random.Random(6)
    made: list[Action] = []
    stale = illegal = 0
    for _ in range(DECISIONS_CHECKED):
        table.advance()
        waiting = [s for s in table.waiting().seats if not table.is_computer(s)]
        if not waiting:
            break
        seat = waiting[0]
        legal = table.legal_actions(seat)
        assert legal, (seat, table.waiting())
        version, before = table.version, list(table.state.events)
        for wrong in (version - 1, version + 1):
            if wrong < 0:
                continue
            with pytest.raises(StaleVersion, match="moved on"):
                table.submit(seat, legal[0], wrong)
            stale += 1
        not_now = [(seat, a) for a in dict.fromkeys(made) if a not in legal][:3]
        idle = [s for s in range(game.num_players) if s not in table.waiting().seats]
        not_now += [(s, legal[0]) for s in idle[:1]]
        for who, action in not_now:
            reason = table.state.why_illegal(who, action)
            if reason is None:
                continue  # allowed after all (an open-ended move the list does not hold)
            assert reason.strip(), (who, action)
            with pytest.raises(IllegalAction) as refused:
                table.submit(who, action, version)
            assert str(refused.value) == reason
            with pytest.raises(IllegalAction):
                table.state.apply(who, action)
            illegal += 1
        assert table.version == version and table.state.events == before
        action = choose.choice(legal)
        table.submit(seat, action, version)
        made.append(action)
    assert stale > 0, "no person's decision was met"
    assert illegal > 0, "no move the rules refuse was tried"


@pytest.mark.parametrize(("entry", "config"), CASES)
def test_what_is_hidden_is_named_as_the_surfaces_show_it(
    entry: GameEntry, config: dict[str, Any]
) -> None:
    """The leak checks look for the names ``hidden_from`` gives in views and logs: they
    can fail only if those are the names a view or log uses. So wherever a game hides
    something, what is hidden from one seat is, somewhere in the game, in the view or
    the log of a seat that may see it (a card in its holder's hand, a sealed ticket in
    its sender's log). And every configuration's log, sealed or not, hides it as sent."""
    game = entry.make(config)
    table = Table(entry, game, computer_seats(entry, game, 0), DiceSpec("seeded", 0))
    seats = [None, *range(len(table.seats))]
    logged: dict[int | None, set[str]] = {seat: set() for seat in seats}
    hiding = named = 0
    while True:
        state = table.state
        for seat in seats:  # the newest entry of each seat's log, as it is sent now
            newest = _string_leaves(table.log_for(seat, since=max(0, table.version - 1)))
            leaked = state.hidden_from(seat) & newest
            assert not leaked, f"seat {seat}'s log shows hidden {sorted(leaked)[:5]}"
            logged[seat] |= newest
        for seat in seats:
            hidden = state.hidden_from(seat)
            if not hidden:
                continue
            hiding += 1
            others = [s for s in seats if s != seat]
            if any(hidden & (_string_leaves(state.view(s)) | logged[s]) for s in others):
                named += 1
        if table.step() is None:
            break
    assert named > 0 or hiding == 0, f"{hiding} steps hide names no view or log uses"
