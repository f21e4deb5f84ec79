"""How to Win and the Tie Rules (section 4), decided after every official result.

A marker reaches the Official Finish when its points are greater than 20. Markers that
reach it in the same race compare accumulated points; markers still level are split by
the option chosen before the game: the Standard Tie Rule (the tied players race on
alone until one is ahead, ruling R8) or the Dead Heat Option (co-winners). A game over
a set number of races ends, if nobody reached the Official Finish, with the most
points winning and the same tie option for a level top (R9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

OFFICIAL_FINISH = 20
"""Points must be greater than this to reach the Official Finish."""


class TieRule(StrEnum):
    standard = "standard"
    dead_heat = "dead-heat"


@dataclass(frozen=True)
class Decision:
    """After a race: the winners (seats) if the game is over, or the tied seats who must
    race on alone, or neither (play the next race as usual)."""

    winners: tuple[int, ...] = ()
    playoff: tuple[int, ...] = ()
    how: str = ""


def reached_finish(points: int) -> bool:
    return points > OFFICIAL_FINISH


def _leaders(points: Sequence[int], seats: Sequence[int]) -> tuple[int, ...]:
    best = max(points[s] for s in seats)
    return tuple(s for s in seats if points[s] == best)


def _split(leaders: tuple[int, ...], tie: TieRule, how: str) -> Decision:
    if len(leaders) == 1:
        return Decision(winners=leaders, how=how)
    if tie is TieRule.dead_heat:
        return Decision(winners=leaders, how=f"{how}; dead heat: co-winners level on points")
    return Decision(playoff=leaders, how="tied on points: the Standard Tie Rule races on")


def decide(
    points: Sequence[int],
    playoff: Sequence[int],
    races_run: int,
    set_races: int | None,
    tie: TieRule,
) -> Decision:
    """``playoff``: the seats racing off a standard tie (empty in ordinary play)."""
    if playoff:
        return _split(_leaders(points, playoff), tie, "won the tie-break")
    finished = [seat for seat, p in enumerate(points) if reached_finish(p)]
    if finished:
        return _split(_leaders(points, finished), tie, "reached the Official Finish")
    if set_races is not None and races_run >= set_races:
        everyone = range(len(points))
        return _split(_leaders(points, everyone), tie, "most points after the set number of races")
    return Decision()
