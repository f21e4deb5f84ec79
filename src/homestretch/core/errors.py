"""Errors a person can act on.

Every error a user can cause derives from :class:`HomestretchError`; the CLI prints its
message on one line and exits with status 2. Anything else is a bug and may traceback.
"""

from __future__ import annotations

from pathlib import Path

HERE = "this folder (.)"
"""The current folder as a message names it: named by itself (``--charts .``) it read
".: is not a chart-set folder", a dot and a colon where a person looks for a name."""


def said_path(text: str) -> str:
    """A path as a message says it: the current folder in words (``HERE``), any other as
    it is."""
    return HERE if text in (".", "./") else text


class HomestretchError(Exception):
    """A mistake in what the user gave us: a file, an option, a move."""


class ContentError(HomestretchError):
    """A content file (race, chart, card set, board, deck) is missing or malformed."""

    def __init__(self, source: str | Path, problem: str, where: str | None = None) -> None:
        self.source = str(source)
        self.where = where
        self.problem = problem
        # "top" (the file's own keys, outside any table) is the file itself to a reader
        named = said_path(self.source)  # the folder itself: "this folder (.)", not "."
        location = f"{named}: {where}" if where and where != "top" else named
        super().__init__(f"{location}: {problem}")


class IllegalAction(HomestretchError):
    """An action the rules do not allow now; the message says why."""


class DiceError(HomestretchError):
    """A dice list is malformed, ran out, or a typed roll is impossible."""


class TableMovedOn(HomestretchError):
    """A move made on a version of the table that is no longer the newest: someone else
    moved first, or a second writer appended to the same log."""
