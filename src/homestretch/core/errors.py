"""Errors a person can act on.

Every error a user can cause derives from :class:`HomestretchError`; the CLI prints its
message on one line and exits with status 2. Anything else is a bug and may traceback.
"""

from __future__ import annotations

from pathlib import Path


class HomestretchError(Exception):
    """A mistake in what the user gave us: a file, an option, a move."""


class ContentError(HomestretchError):
    """A content file (race, chart, card set, board, deck) is missing or malformed."""

    def __init__(self, source: str | Path, problem: str, where: str | None = None) -> None:
        self.source = str(source)
        self.where = where
        self.problem = problem
        # "top" (the file's own keys, outside any table) is the file itself to a reader
        location = f"{self.source}: {where}" if where and where != "top" else self.source
        super().__init__(f"{location}: {problem}")


class IllegalAction(HomestretchError):
    """An action the rules do not allow now; the message says why."""


class DiceError(HomestretchError):
    """A dice list is malformed, ran out, or a typed roll is impossible."""


class TableMovedOn(HomestretchError):
    """A move made on a version of the table that is no longer the newest: someone else
    moved first, or a second writer appended to the same log."""
