"""A finished table stepped through: the frame a seat (or a spectator) saw at each move,
rebuilt by replaying the first events into a fresh table kept in memory."""

from __future__ import annotations

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.registry import entry
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import check_content, check_files
from homestretch.session.seats import Seat
from homestretch.session.table import Table
from homestretch.store.db import Store
from homestretch.web.frames import frame, page_notes


def replay_frame(store: Store, game_id: int, at: int, seat: int | None) -> JSON:
    saved = store.load(game_id)
    if saved.status != "finished":
        raise HomestretchError("a table can be replayed once its game is over")
    # a replay reads no file of one's own (the log holds what was read): only a change said
    notes = check_content(store, saved) + check_files(store, saved, None)
    settings = store.settings(game_id) or {}
    seats = [Seat.from_json(s) for s in settings.get("seats", [])]
    if seat is not None and not 0 <= seat < len(seats):
        raise HomestretchError(f"there is no seat {seat} at this table")
    if not 0 <= at <= len(saved.events):
        raise HomestretchError(f"the game has moves 0 to {len(saved.events)}, not {at}")
    game_entry = entry(saved.game)
    dice = DiceSpec.from_json(settings["dice"])
    table = Table(game_entry, game_entry.make(saved.config), seats, dice, events=saved.events[:at])
    shown = frame(table, seat)
    shown["legal"] = []  # a replay plays nothing
    shown["your_turn"] = shown["typed"] = False
    return {**shown, "notes": page_notes(notes), "at": at, "length": len(saved.events)}
