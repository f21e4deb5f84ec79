"""Tables kept in the store: opened new, rebuilt from their log, resumed by any surface."""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON, Event, Game, State
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


CONTENT_KEY = "bundled_content"
"""The table settings' key for the marks of the bundled content a game was made on."""


def bundled_marks(game: str) -> dict[str, str]:
    """Each bundled content file a saved game of ``game`` may be rebuilt on, by its part
    and path ("content/horses.toml"), with a digest of its bytes. A part the saved game
    keeps in its own configuration (``Part.kept``) is left out. Worked out once a
    process: the bundled files are the installed package's."""
    return dict(_marks(game))


@cache
def _marks(game: str) -> tuple[tuple[str, str], ...]:
    try:
        parts = importlib.import_module(f"homestretch.games.{game}.content.bundle").PARTS
    except ModuleNotFoundError:  # a game that ships no content
        return ()
    marks: dict[str, str] = {}
    for part in parts:
        if part.kept:
            continue
        for path in part.sources():
            name = f"{part.name}/{Path(path).relative_to(part.root).as_posix()}"
            marks[name] = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:20]
    return tuple(sorted(marks.items()))


def check_content(store: Store, saved: SavedGame) -> None:
    """Refuse to rebuild a saved game on bundled content that changed since it was saved
    (a homestretch upgrade with new charts, an installed file edited): the log would
    replay as another game, silently. The game's own content folder, where it names one,
    is checked by the game against the digest in its configuration. A game saved before
    the marks were kept cannot be checked here."""
    settings = store.settings(saved.id)
    stored = None if settings is None else settings.get(CONTENT_KEY)
    if not isinstance(stored, dict):
        return
    now = bundled_marks(saved.game)
    changed = sorted(name for name in set(stored) | set(now) if stored.get(name) != now.get(name))
    if changed:
        listed = ", ".join(changed[:4]) + (
            f" and {len(changed) - 4} more" if len(changed) > 4 else ""
        )
        raise HomestretchError(
            f"game {saved.id} was played on {saved.game}'s bundled content as it was when it "
            f"was saved, and this homestretch's differs ({listed}), so it cannot be replayed "
            "or resumed exactly: use the homestretch it was played with"
        )


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
    stored = config or game.config()
    # a game on a content folder of its own keeps that folder's digest in its
    # configuration (``content_digest``, ``charts_digest``) and reads no bundled file
    own = any(key.endswith("_digest") and value for key, value in stored.items())
    marks = {} if own else {CONTENT_KEY: bundled_marks(game_entry.name)}
    settings = settings_json(seats, dice, {**(extra or {}), **marks})
    game_id = store.create(game_entry.name, stored, dice.seed, dice.kind, label, settings)
    table = Table(game_entry, game, seats, dice, StoredLog(store, game_id), agents=agents)
    return table, game_id


BROKEN_LOG = (HomestretchError, ValueError, KeyError, TypeError, IndexError, AttributeError)
"""What a log changed by hand, damaged, or written by rules that differ raises on replay."""


def replayed(saved: SavedGame, game: Game) -> State:
    """The saved game's state, its log replayed move by move: a move that does not
    replay is one line naming the game and the move."""
    state = game.new_initial_state()
    for number, event in enumerate(saved.events, start=1):
        try:
            state.apply_event(event)
        except BROKEN_LOG as exc:
            raise HomestretchError(
                f"game {saved.id}: move {number} of its log does not replay ({exc}); the log "
                "was changed or damaged after it was saved, or saved by a homestretch whose "
                "rules differ"
            ) from None
    return state


def located(saved: SavedGame, exc: BaseException, game: Game | None = None) -> BaseException:
    """The error to show for a saved game that would not rebuild: the move of its log
    that does not replay, where one does not; else ``exc`` itself."""
    try:
        replayed(saved, game or entry(saved.game).make(saved.config))
    except HomestretchError as found:
        return found
    return exc


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
    check_content(store, saved)
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
    try:
        return Table(game_entry, game, seats, dice, log, events=saved.events, agents=agents)
    except BROKEN_LOG as exc:
        raise located(saved, exc, game) from None
