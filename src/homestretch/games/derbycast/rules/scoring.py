"""The race's official result and the markers' advance (section 2: "Check the chosen
horse's official finish and final odds. Use the Final Odds Calculator Table to find the
correct movement"; section 3 by the table, table.py): a result posted, held under review
until the keeper declares it official, a Top of the Stretch race run (R25), the last
race corrected, and after each the game decided (section 4, winning.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.race_record import RaceRecord, Runner, ranking_problem
from homestretch.games.derbycast.rules.actions import Correction, Pick, PostResult
from homestretch.games.derbycast.rules.card import odds_problem
from homestretch.games.derbycast.rules.phases import Phase
from homestretch.games.derbycast.rules.race import read_finish
from homestretch.games.derbycast.rules.table import Bet, points
from homestretch.games.derbycast.rules.winning import OFFICIAL_FINISH, decide, reached_finish
from homestretch.games.derbycast.rules.words import (
    correction_line,
    official_line,
    review_line,
    tie_break_line,
    winners_line,
)

if TYPE_CHECKING:
    from homestretch.core.protocol import JSON
    from homestretch.games.derbycast.rules.game import DerbyCastState


# --- a result posted ------------------------------------------------------------------------
def post_result(state: DerbyCastState, action: PostResult) -> None:
    assert state.race is not None
    official = official_record(state, action.odds, _finish_of(action, state.race))
    state.posted_call = [
        {"heading": heading, "words": words}
        for heading, words in zip(action.call_headings, action.call_words, strict=False)
    ] or None
    if action.official:
        score(state, official)
    else:
        review(state, official)


def run_race(state: DerbyCastState) -> None:
    """The keeper runs the Top of the Stretch race drawn for the card: its result, under
    review."""
    assert state.simulation is not None
    review(state, state.simulation.record)


def declare_official(state: DerbyCastState) -> None:
    assert state.under_review is not None
    score(state, state.under_review)


def review(state: DerbyCastState, official: RaceRecord) -> None:
    state.under_review, state.phase = official, Phase.review
    race = state.races_run + 1
    would = awards(state, official)
    state.notice("under-review", race=race, would=would, words=review_line(race))


def official_record(
    state: DerbyCastState,
    odds: tuple[str, ...],
    finish: tuple[int | None, ...],
    race: RaceRecord | None = None,
) -> RaceRecord:
    """The card with its official finish and final odds (``race``: a scored race's
    card, whose scratches it keeps)."""
    card = race or state.race
    assert card is not None
    if race is None:
        card = RaceRecord(
            card.name,
            tuple(
                replace(
                    r,
                    scratched=r.horse in state.scratched,
                    late=r.horse in state.scratched and r.horse not in state.scratched_on_card,
                )
                for r in card.runners
            ),
        )
    return RaceRecord(
        card.name,
        tuple(
            replace(r, odds=Odds.parse(o) if o.strip() else None, finish=f)
            for r, o, f in zip(card.runners, odds, finish, strict=True)
        ),
    )


# --- the markers advance ----------------------------------------------------------------------
def awards(
    state: DerbyCastState, official: RaceRecord, picks: dict[int, Pick | None] | None = None
) -> list[JSON]:
    """What each racing marker's pick earns by this official result."""
    chosen = state.picks if picks is None else picks
    awarded: list[JSON] = []
    for seat in sorted(chosen, key=state.contenders().index):
        pick = chosen[seat]
        entry: JSON = {"seat": seat, "marker": seat + 1, "name": state.game.entrants[seat].name}
        if pick is None:
            awarded.append({**entry, "sat_out": True, "points": 0})
            continue
        runner = official.runner(pick.horse)
        assert runner.odds is not None
        gained = points(runner.odds, Bet(pick.bet), runner.finish, state.game.table)
        awarded.append(
            {
                **entry,
                "horse": pick.horse,
                # as the card numbers it: a replay printed without numbers counts 1, 2, 3
                "program": official.programs[official.horses.index(pick.horse)],
                "bet": pick.bet,
                "finish": runner.finish,
                "odds": str(runner.odds),
                "points": gained,
            }
        )
    return awarded


def score(state: DerbyCastState, official: RaceRecord) -> None:
    """Check each pick's official finish and final odds; advance by the table."""
    state.before_last = (list(state.points), state.playoff)
    awarded = awards(state, official)
    for entry in awarded:
        state.points[entry["marker"] - 1] += entry["points"]
    state.races_run += 1
    state.history.append(
        {
            "race": state.races_run,
            "name": official.name,
            "tie_break": bool(state.playoff),
            "runners": [r.to_json() for r in official.runners],
            "picks": awarded,
            "board": list(state.points),
            "corrected": 0,
            "call": state.simulation.call if state.simulation is not None else state.posted_call,
        }
    )
    state.posted_call = None
    state.race, state.scratched, state.picks, state.under_review = None, (), {}, None
    state.simulation = None
    state.notice(
        "official",
        race=state.races_run,
        moves=awarded,
        board=list(state.points),
        words=official_line(state.races_run, official.name, awarded),
    )
    _decide(state)


def correct(state: DerbyCastState, action: Correction) -> None:
    """The last official race scored again from its corrected result: every marker
    goes back to its points before that race and moves by the corrected result."""
    assert state.before_last is not None
    before, playoff = state.before_last
    last = state.history[-1]
    state.points, state.playoff = list(before), playoff
    card = _record_of(last)
    corrected = official_record(state, action.odds, _finish_of(action, card), card)
    picks = {
        p["marker"] - 1: None if p.get("sat_out") else Pick(p["horse"], p["bet"])
        for p in last["picks"]
    }
    awarded = awards(state, corrected, picks)
    for entry in awarded:
        state.points[entry["marker"] - 1] += entry["points"]
    last.update(
        runners=[r.to_json() for r in corrected.runners],
        picks=awarded,
        board=list(state.points),
        corrected=int(last["corrected"]) + 1,
    )
    state.notice(
        "correction",
        race=last["race"],
        moves=awarded,
        board=list(state.points),
        words=correction_line(last["race"]),
    )
    _decide(state)


def _decide(state: DerbyCastState) -> None:
    """After an official race: the winners, a tie-break race, or the next card."""
    decision = decide(
        state.points, state.playoff, state.races_run, state.game.set_races, state.game.tie
    )
    if decision.winners:
        state.winners, state.how, state.phase = decision.winners, decision.how, Phase.over
        state.notice(
            "winner",
            markers=[s + 1 for s in state.winners],
            how=state.how,
            words=winners_line(state.result()),
        )
    else:
        state.playoff = decision.playoff or state.playoff
        state.phase = Phase.card
        if state.playoff:  # told before the card is posted, so every screen says why
            level = state.points[state.playoff[0]]
            names = [state.game.entrants[s].name for s in state.playoff]
            state.notice(
                "tie-break",
                markers=[s + 1 for s in state.playoff],
                points=level,
                words=tie_break_line(names, level),
            )


def marker_json(state: DerbyCastState, seat: int) -> JSON:
    """A marker on the board: its points and how far it is from the Official Finish. It
    names its player as every game's result does, by ``seat`` (from 0) and ``name``
    (docs/formats.md); ``marker`` is the seat + 1, as the board shows it."""
    entrant = state.game.entrants[seat]
    return {
        "seat": seat,
        "marker": seat + 1,
        "name": entrant.name,
        "members": list(entrant.members),
        "team": entrant.is_team,
        "bot": entrant.bot,
        "points": state.points[seat],
        "official_finish": reached_finish(state.points[seat]),
        "needs": max(0, OFFICIAL_FINISH + 1 - state.points[seat]),
    }


# --- the checks of a result and of a correction ------------------------------------------------
def result_problem(state: DerbyCastState, action: PostResult) -> str | None:
    assert state.race is not None
    picked = {p.horse for p in state.picks.values() if p is not None}
    try:
        finish = _finish_of(action, state.race)
    except ValueError as exc:
        return str(exc)
    return _finish_problem(state.race, state.scratched, picked, action.odds, finish)


def correction_problem(state: DerbyCastState, action: Correction) -> str | None:
    if not state.history or state.before_last is None:
        return "there is no official result to correct yet"
    last = state.history[-1]
    card = _record_of(last)
    picked = {p["horse"] for p in last["picks"] if not p.get("sat_out")}
    try:
        finish = _finish_of(action, card)
    except ValueError as exc:
        return str(exc)
    return _finish_problem(card, card.scratched, picked, action.odds, finish)


def _finish_problem(
    race: RaceRecord,
    scratched: tuple[str, ...],
    picked: set[str],
    odds: tuple[str, ...],
    finish: tuple[int | None, ...],
) -> str | None:
    n = len(race.horses)
    if len(odds) != n or len(finish) != n:
        return f"the result needs odds and a finish for each of the {n} horses on the card"
    for horse, price, place in zip(race.horses, odds, finish, strict=True):
        if horse in scratched:
            if place is not None:
                return f"{horse} is scratched and cannot have a finish position"
            continue
        if horse in picked and not price.strip():
            return f"{horse} was picked, so its final odds are needed"
        if price.strip():
            problem = odds_problem(price, horse)
            if problem:
                return problem
    return ranking_problem(f for f in finish if f is not None)


def _finish_of(action: PostResult | Correction, race: RaceRecord) -> tuple[int | None, ...]:
    """Each horse's official finish, in card order: as posted, or read from the finish
    the keeper typed (ValueError names what does not read)."""
    if not action.typed:
        return action.finish
    if not isinstance(action.typed, str):
        raise ValueError("a typed finish is text, like 3=1, 5, 2")
    if action.finish:
        raise ValueError("give the finish once: typed, or a position for each horse")
    placed = read_finish(action.typed, race.horses, race.programs)
    return tuple(placed.get(h) for h in race.horses)


def _record_of(report: JSON) -> RaceRecord:
    """The card of a race already scored, from its report in the history."""
    return RaceRecord(
        report["name"],
        tuple(
            Runner(
                r["horse"],
                Odds.parse(r["odds"]) if r["odds"] else None,
                r["finish"],
                r["scratched"],
                bool(r.get("late")),
                r.get("program") or "",
            )
            for r in report["runners"]
        ),
    )
