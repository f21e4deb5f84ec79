"""Tables kept in the store: opened new, rebuilt from their log, resumed by any surface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from homestretch.core.protocol import JSON, Event, Game
from homestretch.core.referee import Agent
from homestretch.core.registry import GameEntry, entry
from homestretch.session.dice import DiceSpec
from homestretch.session.seats import Seat
from homestretch.session.table import Table

if TYPE_CHECKING:
    from homestretch.store.db import SavedGame, Store


class StoredLog:
    """A table's log in the store: each append checked against its position."""

    def __init__(self, store: Store, game_id: int) -> None:
        self.store, self.game_id = store, game_id

    def append(self, position: int, events: Sequence[Event]) -> None:
        self.store.append_at(self.game_id, position, events)

    def since(self, position: int) -> list[Event]:
        return self.store.events_since(self.game_id, position)


def settings_json(seats: Sequence[Seat], dice: DiceSpec, extra: JSON | None = None) -> JSON:
    return {"seats": [s.to_json() for s in seats], "dice": dice.to_json(), **(extra or {})}


def open_new(
    store: Store,
    game_entry: GameEntry,
    game: Game,
    seats: Sequence[Seat],
    dice: DiceSpec,
    label: str = "",
    config: JSON | None = None,
    agents: Mapping[int, Agent] | None = None,
    extra: JSON | None = None,
) -> tuple[Table, int]:
    """A new table saved in the store (``config`` to store instead of the game's own,
    for a surface that keeps more in it); nothing has happened at it yet."""
    game_id = store.create(
        game_entry.name, config or game.config(), dice.seed, dice.kind, label=label
    )
    store.save_settings(game_id, settings_json(seats, dice, extra))
    table = Table(game_entry, game, seats, dice, StoredLog(store, game_id), agents=agents)
    return table, game_id


def legacy_dice(saved: SavedGame, game: Game) -> DiceSpec:
    """The dice of a game saved before tables kept their settings: a seeded game rolls
    on with its seed; a scripted one replays the faces its log holds and then goes on
    seeded; an asked one goes on asking."""
    seed = saved.seed or 0
    if saved.dice == "seeded":
        return DiceSpec("seeded", seed)
    if saved.dice == "asked":
        return DiceSpec("asked", seed)
    faces: list[int] = []
    state = game.new_initial_state()
    for event in saved.events:
        if event.outcome is not None and state.chance_node().is_dice:
            faces.extend(event.outcome)
        state.apply_event(event)
    return DiceSpec("scripted", seed, faces=tuple(faces), then_seeded=True)


def rebuild(
    store: Store,
    saved: SavedGame,
    game: Game | None = None,
    legacy_seats: Sequence[Seat] | None = None,
    agents: Mapping[int, Agent] | None = None,
    game_entry: GameEntry | None = None,
) -> Table:
    """A saved table rebuilt from its log, ready to go on. A scripted table goes on past
    its script with its seeded dice, so it can be finished."""
    game_entry = game_entry or entry(saved.game)
    game = game or game_entry.make(saved.config)
    settings = store.settings(saved.id)
    if settings is None:
        seats = list(legacy_seats or [])
        dice = legacy_dice(saved, game)
    else:
        seats = [Seat.from_json(s) for s in settings["seats"]]
        dice = DiceSpec.from_json(settings["dice"])
    if dice.kind == "scripted":
        dice = replace(dice, then_seeded=True)
    log = StoredLog(store, saved.id)
    return Table(game_entry, game, seats, dice, log, events=saved.events, agents=agents)
