"""Players, teams and markers (section 1, Setup; section 2, Marker Numbers).

Every player or team has one numbered marker, 1 to 20, for the whole game. A team is
several people sharing one marker and one pick per race, so the game counts markers:
two to 20 of them (ruling R6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from homestretch.core.content import plain_text
from homestretch.core.errors import HomestretchError

MIN_MARKERS = 2
MAX_MARKERS = 20


@dataclass(frozen=True)
class Entrant:
    """One marker: a player, a team (several members) or a computer player."""

    name: str
    members: tuple[str, ...]
    bot: bool = False

    @property
    def is_team(self) -> bool:
        return len(self.members) > 1

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "members": list(self.members), "bot": self.bot}

    @classmethod
    def from_json(cls, data: Any) -> Entrant:
        if not isinstance(data, dict) or not str(data.get("name", "")).strip():
            raise HomestretchError(f"an entrant needs a name, got {data!r}")
        members = data.get("members") or [data["name"]]
        return cls(str(data["name"]), tuple(str(m) for m in members), bool(data.get("bot")))


def parse_players(text: str) -> list[Entrant]:
    """'Ann,Bob+Cy' is Ann alone and the team of Bob and Cy (one marker for the team)."""
    entrants = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        members = tuple(plain_text(m.strip(), "--players") for m in part.split("+"))
        if not all(members):
            raise HomestretchError(f"--players: {part!r} has an empty team member name")
        entrants.append(Entrant(name=part if len(members) > 1 else members[0], members=members))
    return entrants


def computer_players(count: int, taken: list[Entrant]) -> list[Entrant]:
    names = {e.name.casefold() for e in taken}
    bots: list[Entrant] = []
    number = 1
    while len(bots) < count:
        name = f"Computer {number}"
        number += 1
        if name.casefold() not in names:
            bots.append(Entrant(name=name, members=(name,), bot=True))
    return bots


def check_entrants(entrants: list[Entrant]) -> None:
    if not MIN_MARKERS <= len(entrants) <= MAX_MARKERS:
        raise HomestretchError(
            f"Derby Cast needs {MIN_MARKERS} to {MAX_MARKERS} markers (players or teams), "
            f"got {len(entrants)}"
        )
    twice = named_twice(entrants)
    if twice is not None:
        raise HomestretchError(f"{twice[1]!r} is named twice; each person has one marker")


def named_twice(entrants: list[Entrant]) -> tuple[int, str, int] | None:
    """The first person named a second time (whatever the capitals), as (the marker
    index naming them again, the name as written there, the index of the marker that
    named them first, the same one in a team naming someone twice); None if nobody is."""
    seen: dict[str, int] = {}
    for index, entrant in enumerate(entrants):
        for person in entrant.members:
            if person.casefold() in seen:
                return index, person, seen[person.casefold()]
            seen[person.casefold()] = index
    return None
