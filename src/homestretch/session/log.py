"""Where a table's events are kept as they happen, and the log each seat is shown.

A table appends every event at the position it expects (the table's version); a log
refuses a position already taken with :class:`TableMovedOn`, so two writers on one
table never interleave. The store (``homestretch.store``) keeps it in SQLite or
PostgreSQL; :class:`MemoryLog` keeps it in memory for tests and throwaway tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from homestretch.core.errors import TableMovedOn
from homestretch.core.protocol import JSON, Event

HIDDEN = "hidden"


class EventLog(Protocol):
    def append(self, position: int, events: Sequence[Event]) -> None:
        """Store ``events`` from ``position`` on, or raise TableMovedOn if it is taken."""

    def since(self, position: int) -> list[Event]:
        """The stored events from ``position`` on (what other writers added)."""


class MemoryLog:
    def __init__(self, events: Sequence[Event] = ()) -> None:
        self.events: list[Event] = list(events)

    def append(self, position: int, events: Sequence[Event]) -> None:
        if position != len(self.events):
            raise TableMovedOn(
                f"The table moved on: someone else's move was stored first (at move "
                f"{position}; it is at move {len(self.events)} now), so yours was not made: "
                "look again."
            )
        self.events.extend(events)

    def since(self, position: int) -> list[Event]:
        return self.events[position:]


def redacted(value: Any, hidden: set[str]) -> Any:
    """``value`` with every string (or key) that names a hidden thing replaced."""
    if isinstance(value, str):
        return HIDDEN if value in hidden else value
    if isinstance(value, dict):
        return {(HIDDEN if k in hidden else k): redacted(v, hidden) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redacted(v, hidden) for v in value]
    return value


def first_naming(events: Sequence[Event], names: set[str]) -> int | None:
    """The first of ``events`` whose action names one of ``names`` (a log line that
    was redacted while they were hidden), or None."""
    if names:
        for position, event in enumerate(events):
            if event.action is not None and names & _strings(event.action):
                return position
    return None


def _strings(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(map(str, value)) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list | tuple):
        return {s for v in value for s in _strings(v)}
    return set()


def log_entry(position: int, event: Event, chance_label: str | None, dice: bool) -> JSON:
    """One event as every seat may see it: who acted and the action, or the dice that
    were rolled. A card drawn or a shuffle is shown as a draw with no outcome: the
    views say what became public of it."""
    if event.outcome is not None and chance_label is not None:
        entry: JSON = {"position": position, "chance": chance_label}
        if dice:
            entry["faces"] = list(event.outcome)
        return entry
    return {"position": position, "player": event.player, "action": event.action}
