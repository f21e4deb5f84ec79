"""The initials the Totemaster writes on the totalizator, one set per player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def initials(name: str) -> str:
    """The first letter of each word: "Ann Lee" -> "AL"."""
    return "".join(part[0] for part in name.split()).upper()[:3] or "?"


def unique_initials(names: Sequence[str]) -> list[str]:
    """Each player's initials, lengthened where two would read alike: Ann and Amy are
    "AN" and "AM", not both "A"; names that still clash get their seat number."""
    marks = [initials(n) for n in names]
    for length in range(2, 4):
        clash = Counter(marks)
        marks = [
            _prefix(name, length) if clash[mark] > 1 else mark
            for name, mark in zip(names, marks, strict=True)
        ]
    clash = Counter(marks)
    return [f"{m}{seat}" if clash[m] > 1 else m for seat, m in enumerate(marks)]


def _prefix(name: str, length: int) -> str:
    letters = "".join(name.split()).upper()
    return letters[:length] or "?"
