"""One race as Derby Cast records it: the field, the scratches, the official finish and
the final odds ("Check the chosen horse's official finish and final odds", section 2).

A race may come from the score keeper, a results file, the bundled race replays or a
simulated Top of the Stretch race; all of them end up as a :class:`RaceRecord`. Horses
carry their program (saddle-cloth) numbers as printed, coupled entries included (1 and
1A); a card without program numbers is numbered 1, 2, 3 down the list (ruling R16). A
record with no finish yet is a card: the field, the morning lines, nothing official.

The record imports core alone and sits in content/ beside the results-file reader that
builds it; the rules (rules/race.py reads what the keeper types) import it from here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from homestretch.core.inputs import NAME_CHARS, shown, text_problem
from homestretch.core.odds import Odds

MAX_FIELD = 30
PROGRAM = re.compile(r"^[1-9][0-9]?[A-Z]?$")
"""A program number as a racecard prints it: 1 to 99, a coupled entry with a letter (1A)."""


@dataclass(frozen=True)
class Runner:
    horse: str
    odds: Odds | None
    """Final odds; None for a scratched horse (or one a typed-in result left blank)."""
    finish: int | None
    """Official finish: 1 = winner, equal numbers for a dead heat, None = unplaced."""
    scratched: bool = False
    late: bool = False
    """Scratched after the picks were made ("before the official start", ruling R5);
    a scratch without it was known before post and is on the card before anyone picks."""
    program: str = ""
    """The saddle-cloth number as printed; "" on a card numbered down the list."""

    def to_json(self) -> dict[str, object]:
        odds = None if self.odds is None else str(self.odds)
        return {
            "program": self.program,
            "horse": self.horse,
            "odds": odds,
            "finish": self.finish,
            "scratched": self.scratched,
            "late": self.late,
        }


@dataclass(frozen=True)
class RaceRecord:
    name: str
    runners: tuple[Runner, ...]

    @property
    def horses(self) -> tuple[str, ...]:
        return tuple(r.horse for r in self.runners)

    @property
    def programs(self) -> tuple[str, ...]:
        return numbered(tuple(r.program for r in self.runners), len(self.runners))

    @property
    def scratched(self) -> tuple[str, ...]:
        return tuple(r.horse for r in self.runners if r.scratched)

    @property
    def scratched_before_post(self) -> tuple[str, ...]:
        return tuple(r.horse for r in self.runners if r.scratched and not r.late)

    @property
    def scratched_late(self) -> tuple[str, ...]:
        return tuple(r.horse for r in self.runners if r.scratched and r.late)

    @property
    def has_result(self) -> bool:
        """False for a card: the field and its morning lines, no finish yet."""
        return any(r.finish is not None for r in self.runners)

    def runner(self, horse: str) -> Runner:
        return next(r for r in self.runners if r.horse == horse)

    def problem(self) -> str | None:
        """Why this is neither a usable official result nor a usable card, or None."""
        problem = field_problem(self.horses, tuple(r.program for r in self.runners))
        if problem:
            return problem
        name_problem = text_problem(self.name, NAME_CHARS)
        if name_problem:
            return f"the race {shown(self.name)} {name_problem}"
        for r in self.runners:
            if r.scratched and r.finish is not None:
                return f"{r.horse} is scratched but has a finish position"
            if not r.scratched and r.odds is None and self.has_result:
                return f"{r.horse} has no final odds"
        if all(r.scratched for r in self.runners):
            return "every horse is scratched"
        if not self.has_result:
            return None
        return ranking_problem(r.finish for r in self.runners if r.finish is not None)


def numbered(programs: Sequence[str], field: int) -> tuple[str, ...]:
    """The program numbers of a field of ``field`` horses: as printed, or 1, 2, 3 down
    a list printed without them."""
    if not any(programs):
        return tuple(str(n) for n in range(1, field + 1))
    return tuple(programs)


def field_problem(horses: Sequence[str], programs: Sequence[str] = ()) -> str | None:
    """Why a race card cannot be used: too few or too many horses, blank or twin names,
    program numbers missing, malformed or twice on the card."""
    if len(horses) < 2:
        return "a race needs at least 2 horses"
    if len(horses) > MAX_FIELD:
        return f"a race has at most {MAX_FIELD} horses, this one has {len(horses)}"
    if any(programs):
        if len(programs) != len(horses) or not all(programs):
            return "give every horse its program number, or none (then they count 1, 2, 3)"
        for number in programs:
            if not PROGRAM.match(number):
                return f"program number {number!r} is not like 1, 12 or 1A"
        if len(set(programs)) != len(programs):
            twice = next(p for p in programs if programs.count(p) > 1)
            return f"program number {twice} is on the card twice"
    seen: set[str] = set()
    for horse in horses:
        if not horse.strip():
            return "a horse has no name"
        name_problem = text_problem(horse, NAME_CHARS)
        if name_problem:
            return f"the horse {shown(horse)} {name_problem}"
        if horse.casefold() in seen:
            return f"the horse {shown(horse)} is listed twice"
        seen.add(horse.casefold())
    return None


def ranking_problem(finishes: Iterable[int]) -> str | None:
    """Official finishes must read like 1, 2, 3 or, with dead heats, 1, 1, 3 (two horses
    share 1st, the next is 3rd): the k-th best position is either the one before it or
    k itself. Positions below those recorded may be left blank."""
    ordered = sorted(finishes)
    if not ordered:
        return "no horse has a finish position (the winner at least is needed)"
    for k, position in enumerate(ordered, start=1):
        if position < 1:
            return f"finish position {position} is below 1"
        if position != k and (k == 1 or position != ordered[k - 2]):
            shown = ", ".join(str(p) for p in ordered)
            if position < k:  # 1, 1, 2: the dead heat's shared places were not skipped
                return (
                    f"finish positions {shown}: the horse after a dead heat takes the place "
                    f"after the places shared ({k} here, as in 1, 1, 3)"
                )
            missing = "the winner is 1" if k == 1 else f"the next after {ordered[k - 2]} is {k}"
            return (
                f"finish positions {shown} skip a place: {missing} "
                "(write dead heats as equal numbers, like 1, 1, 3)"
            )
    return None


def program_number(text: str) -> str:
    """A typed program number as the card prints it: '1a' is 1A."""
    return text.strip().upper()
