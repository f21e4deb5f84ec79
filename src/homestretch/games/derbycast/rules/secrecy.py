"""What the rules keep from a seat at a Derby Cast table, for the generic secret checks.

Two things are kept. While picks are sealed (R22) each racing marker's pick, from every
other seat, the keeper's and the TV's included: a pick is a ticket ``MARKER|BET|HORSE``,
and the tickets the others sent are what the log shows a seat as "hidden". No group of
them is kept by name (``secrets_kept``, as Totopoly's hands are): a Totopoly player can
list every lease card, so the ones he does not see spell out the ones hidden, but no
seat can list the tickets sent, so what it does not see spells nothing out; the twins
below are the check. And the finish of a race the table holds before it is run, from
everyone: a drawn race replay's (its late scratches too) until it is scored, a Top of
the Stretch race's (and its call) until the keeper runs it (R25).

A twin is this table in a world the seat cannot tell from this one: another marker's
pick made otherwise, or two others' picks changed round; two horses' places in the
unrun race changed round. Its view must be the seat's view.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import TYPE_CHECKING

from homestretch.games.derbycast.content.race_record import RaceRecord, Runner
from homestretch.games.derbycast.rules.actions import Pick, ticket
from homestretch.games.derbycast.rules.table import Bet

if TYPE_CHECKING:
    from homestretch.games.derbycast.rules.game import DerbyCastState

UNRUN = ("pick", "confirm", "scratches", "repick", "result")
"""The phases in which a race the table holds has not been run or scored yet."""


def hidden_tickets(state: DerbyCastState, player: int | None) -> set[str]:
    if not state.sealed_now():
        return set()
    return {t for seat, sent in state.tickets.items() if seat != player for t in sent}


def twins(state: DerbyCastState, player: int | None) -> list[DerbyCastState]:
    return [*_pick_twins(state, player), *_replay_twins(state), *_stretch_twins(state)]


def _pick_twins(state: DerbyCastState, player: int | None) -> list[DerbyCastState]:
    if not state.sealed_now() or state.race is None:
        return []
    starters = [h for h in state.race.horses if h not in state.scratched]
    others = {s: p for s, p in sorted(state.picks.items()) if s != player and p is not None}
    found = []
    for seat, pick in others.items():
        otherwise = next(
            (
                Pick(horse, bet.value)
                for horse in starters
                for bet in Bet
                if horse != pick.horse and bet.value != pick.bet
            ),
            None,
        )
        if otherwise is not None:
            found.append(_with_picks(state, {seat: otherwise}))
    seats = list(others)
    for a, b in zip(seats, seats[1:], strict=False):
        if others[a] != others[b]:
            found.append(_with_picks(state, {a: others[b], b: others[a]}))
    return found


def _with_picks(state: DerbyCastState, changed: dict[int, Pick]) -> DerbyCastState:
    """The table with these markers' picks (and their last tickets) made otherwise."""
    twin = copy.copy(state)
    twin.picks = dict(state.picks)
    twin.tickets = {seat: set(sent) for seat, sent in state.tickets.items()}
    for seat, pick in changed.items():
        was = state.picks[seat]
        assert was is not None
        sent = twin.tickets.setdefault(seat, set())
        sent.discard(ticket(seat + 1, was))
        sent.add(ticket(seat + 1, pick))
        twin.picks[seat] = pick
    return twin


def _replay_twins(state: DerbyCastState) -> list[DerbyCastState]:
    """A drawn replay with the winner's finish changed with another horse's, and a late
    scratch not yet announced changed with a horse that ran."""
    race = state.race
    if race is None or not race.has_result or state.phase not in UNRUN:
        return []
    found = []
    for a, b in _places_to_change(race, set(state.scratched)):
        twin = copy.copy(state)
        twin.race = _changed_round(race, a, b)
        found.append(twin)
    return found


def _stretch_twins(state: DerbyCastState) -> list[DerbyCastState]:
    """The Top of the Stretch race with two horses' places, and their names in its
    call, changed round."""
    race = state.simulation
    if race is None or state.phase not in UNRUN:
        return []
    found = []
    for a, b in _places_to_change(race.record, set()):
        first, second = race.record.runners[a].horse, race.record.runners[b].horse
        call = [{k: _swap_names(v, first, second) for k, v in part.items()} for part in race.call]
        twin = copy.copy(state)
        twin.simulation = replace(race, record=_changed_round(race.record, a, b), call=call)
        found.append(twin)
    return found


def _places_to_change(race: RaceRecord, known: set[str]) -> list[tuple[int, int]]:
    """Pairs of runners (by index) whose unseen outcomes differ: the first unknown
    runner with another of a different finish, and a late scratch with a runner."""
    unknown = [i for i, r in enumerate(race.runners) if r.horse not in known]
    pairs = []
    for wanted in (lambda r: not r.scratched, lambda r: r.scratched):
        first = next((i for i in unknown if wanted(race.runners[i])), None)
        if first is None:
            continue
        other = next(
            (i for i in unknown if _outcome(race.runners[i]) != _outcome(race.runners[first])), None
        )
        if other is not None and (min(first, other), max(first, other)) not in pairs:
            pairs.append((min(first, other), max(first, other)))
    return pairs


def _outcome(runner: Runner) -> tuple[int | None, bool, bool]:
    return runner.finish, runner.scratched, runner.late


def _changed_round(race: RaceRecord, a: int, b: int) -> RaceRecord:
    runners = list(race.runners)
    one, two = runners[a], runners[b]
    runners[a] = replace(one, finish=two.finish, scratched=two.scratched, late=two.late)
    runners[b] = replace(two, finish=one.finish, scratched=one.scratched, late=one.late)
    return RaceRecord(race.name, tuple(runners))


def _swap_names(text: str, first: str, second: str) -> str:
    marker = "\0"
    return text.replace(first, marker).replace(second, first).replace(marker, second)
