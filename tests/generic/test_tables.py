"""Every registered game through the Table (DESIGN.md sections 2a and 6).

Computer players are exactly repeatable: a table rebuilt from its log at any cut goes on
exactly as the unbroken one, computer players and dice included. Each seat's log is
redacted of what ``hidden_from(seat)`` names; a move on a stale version is refused.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.generic.test_every_game import _string_leaves

from homestretch.core.errors import TableMovedOn
from homestretch.core.protocol import CHANCE
from homestretch.core.registry import GameEntry, entries
from homestretch.session.dice import DiceSpec
from homestretch.session.table import Table, computer_seats


def _shortest_config(entry: GameEntry) -> dict[str, Any]:
    """The configuration with the shortest seeded game that seats several players."""

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
