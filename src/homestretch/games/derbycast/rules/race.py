"""One race as Derby Cast sees it: the field, the scratches, the official finish and the
final odds ("Check the chosen horse's official finish and final odds", section 2).

A race may come from the score keeper, a results file, the bundled race replays or a
simulated Top of the Stretch race; all of them end up as a :class:`RaceRecord`. Horses
carry their program (saddle-cloth) numbers as printed, coupled entries included (1 and
1A); a card without program numbers is numbered 1, 2, 3 down the list (ruling R16). A
record with no finish yet is a card: the field, the morning lines, nothing official.
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
            return (
                f"finish positions {shown} skip a place "
                "(write dead heats as equal numbers, like 1, 1, 3)"
            )
    return None


def program_number(text: str) -> str:
    """A typed program number as the card prints it: '1a' is 1A."""
    return text.strip().upper()


def find_horse(word: str, horses: Sequence[str], programs: Sequence[str]) -> str:
    """The horse a person means by ``word``: its program number (as printed, 1A for a
    coupled entry), else its name in any case. ValueError says what is wrong."""
    wanted = program_number(word)
    for horse, number in zip(horses, programs, strict=True):
        if number == wanted:
            return horse
    for horse in horses:
        if horse.casefold() == word.strip().casefold():
            return horse
    shown = ", ".join(programs)
    raise ValueError(f"{word.strip()!r} is not a horse in this race (program numbers {shown})")


def read_finish(text: str, horses: Sequence[str], programs: Sequence[str]) -> dict[str, int]:
    """The official finish as the keeper types it, best first: '3,1,5', with a dead heat
    '3=1,5' (3 and 1 share 1st, 5 is 3rd), by program number or name; each placed
    horse's position. ValueError says what is wrong, naming the horse or the word."""
    finish: dict[str, int] = {}
    place = 1
    for group in comma_words(text):
        tied = [find_horse(word, horses, programs) for word in group.split("=")]
        for horse in tied:
            if horse in finish:
                raise ValueError(f"{horse} is placed twice in the finish")
            finish[horse] = place
        place += len(tied)
    if not finish:
        raise ValueError("type the official finish, at least the winner")
    return finish


def comma_words(text: str) -> list[str]:
    """'3, 1,,5' as ['3', '1', '5']."""
    return [w.strip() for w in text.split(",") if w.strip()]


def typed_field(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """'1 Alpha, 1A Bravo, 3 Charlie' as horses and program numbers; a list with no
    numbers ('Alpha, Bravo') is numbered 1, 2, 3 by the game (ruling R16)."""
    horses, programs = [], []
    for entry in (e.strip() for e in text.split(",")):
        first, _, rest = entry.partition(" ")
        if rest.strip() and PROGRAM.match(program_number(first)):
            programs.append(program_number(first))
            horses.append(rest.strip())
        else:
            programs.append("")
            horses.append(entry)
    if any(programs) and not all(programs):
        raise ValueError("give every horse its program number (like '1A Bravo'), or none")
    return tuple(horses), tuple(programs)


def typed_lines(text: str, horses: int) -> tuple[str, ...]:
    """'2-1, , 8-1' as each horse's morning line, in program order; blank if none given
    (a short list leaves the last horses blank)."""
    lines = [w.strip() for w in text.split(",")] if text.strip() else []
    if len(lines) > horses:
        raise ValueError(
            f"{len(lines)} morning lines for {horses} horses: one a horse, in program order"
        )
    return tuple(lines + [""] * (horses - len(lines)))
