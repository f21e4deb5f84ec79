"""Typed actions with a stable text and JSON form.

A game's actions are frozen dataclasses deriving from :class:`Action`, each with a
unique ``kind``. Fields must be JSON-safe scalars (int, str, bool, None) or tuples of
them, so an action written to the event log reads back as an equal action.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any, ClassVar

from homestretch.core.errors import HomestretchError


@dataclasses.dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = "action"
    any_time: ClassVar[bool] = False
    """A move the rules take from a seat the table is not waiting for (an Across dealing):
    refused out of turn in the rules' own words, not as whose turn it is."""
    at_once: ClassVar[bool] = False
    """A move made at the same time as other seats' moves of its kind (a bet at the
    windows, a sealed pick), meaning the same whichever of them the table takes first: one
    sent from a page a moment behind, when only such moves of others came between, is
    made rather than refused as stale (``Table.still_stands``, docs/architecture.md)."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data

    def __str__(self) -> str:
        parts = [str(getattr(self, f.name)) for f in dataclasses.fields(self)]
        return " ".join([self.kind, *parts])


class ActionCodec:
    """Reads actions back from their JSON form for one game's action classes."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.kind in self._by_kind:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            self._by_kind[cls.kind] = cls

    def at_once(self, data: dict[str, Any] | None) -> bool:
        """Whether the action ``data`` (an event's) is of a kind made at once with others'."""
        cls = self._by_kind.get(str((data or {}).get("kind")))
        return cls is not None and cls.at_once

    @property
    def classes(self) -> list[type[Action]]:
        """The action classes this codec reads, in the order given."""
        return list(self._by_kind.values())

    def from_json(self, data: dict[str, Any]) -> Action:
        kind = data.get("kind")
        cls = self._by_kind.get(str(kind))
        if cls is None:
            raise HomestretchError(f"unknown action kind {kind!r}")
        values = {}
        for field in dataclasses.fields(cls):
            if field.name not in data:
                raise HomestretchError(f"action {kind!r} lacks the field {field.name!r}")
            value = data[field.name]
            values[field.name] = tuple(value) if isinstance(value, list) else value
        return cls(**values)
