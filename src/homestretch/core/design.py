"""A designer's check: one thing the rulebook says a piece of content is for (a track, a
board), what is wanted of it, what a simulation or an exact count measured, and whether
it is met. Each game's ``analysis/design.py`` makes its own; the terminal draws them alike
(``cli.common.checks_table``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Check:
    check: str
    wanted: str
    measured: str
    met: bool

    def to_json(self) -> dict[str, object]:
        return asdict(self)
