"""One race as Derby Cast sees it: the field, the scratches, the official finish and the
final odds ("Check the chosen horse's official finish and final odds", section 2).

A race may come from the score keeper, a results file, the bundled race replays or a
simulated Top of the Stretch race; all of them end up as a :class:`RaceRecord`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from homestretch.core.content import has_brackets
from homestretch.core.inputs import NAME_CHARS, shown, text_problem
from homestretch.core.odds import Odds

MAX_FIELD = 30


@dataclass(frozen=True)
class Runner:
    horse: str
    odds: Odds | None
    """Final odds; None for a scratched horse (or one a typed-in result left blank)."""
    finish: int | None
    """Official finish: 1 = winner, equal numbers for a dead heat, None = unplaced."""
    scratched: bool = False

    def to_json(self) -> dict[str, object]:
        odds = None if self.odds is None else str(self.odds)
        return {
            "horse": self.horse,
            "odds": odds,
            "finish": self.finish,
            "scratched": self.scratched,
        }


@dataclass(frozen=True)
class RaceRecord:
    name: str
    runners: tuple[Runner, ...]

    @property
    def horses(self) -> tuple[str, ...]:
        return tuple(r.horse for r in self.runners)

    @property
    def scratched(self) -> tuple[str, ...]:
        return tuple(r.horse for r in self.runners if r.scratched)

    def runner(self, horse: str) -> Runner:
        return next(r for r in self.runners if r.horse == horse)

    def problem(self) -> str | None:
        """Why this is not a usable official result, or None."""
        problem = field_problem(self.horses)
        if problem:
            return problem
        name_problem = text_problem(self.name, NAME_CHARS)
        if name_problem:
            return f"the race {shown(self.name)} {name_problem}"
        if has_brackets(self.name):
            return f"the race {shown(self.name)}: square brackets [ ] are not allowed in names"
        for r in self.runners:
            if r.scratched and r.finish is not None:
                return f"{r.horse} is scratched but has a finish position"
            if not r.scratched and r.odds is None:
                return f"{r.horse} has no final odds"
        if all(r.scratched for r in self.runners):
            return "every horse is scratched"
        return ranking_problem(r.finish for r in self.runners if r.finish is not None)


def field_problem(horses: Sequence[str]) -> str | None:
    """Why a race card cannot be used: too few or too many horses, blank or twin names."""
    if len(horses) < 2:
        return "a race needs at least 2 horses"
    if len(horses) > MAX_FIELD:
        return f"a race has at most {MAX_FIELD} horses, this one has {len(horses)}"
    seen: set[str] = set()
    for horse in horses:
        if not horse.strip():
            return "a horse has no name"
        name_problem = text_problem(horse, NAME_CHARS)
        if name_problem:
            return f"the horse {shown(horse)} {name_problem}"
        if has_brackets(horse):
            return f"the horse {shown(horse)}: square brackets [ ] are not allowed in names"
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
