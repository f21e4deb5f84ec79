"""What a seat sees at a Derby Cast table (``State.view``): the card with each horse's
spaces on the board, the picks (sealed ones hidden until picks close, R22), a result
under review, the board and the standings, and the words the terminal and the pages
say them in (words.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.odds_table import TableRow
from homestretch.games.derbycast.rules.card import Source
from homestretch.games.derbycast.rules.phases import Phase
from homestretch.games.derbycast.rules.scoring import awards, marker_json
from homestretch.games.derbycast.rules.table import advance_for
from homestretch.games.derbycast.rules.words import (
    CAPTIONS,
    card_words,
    desk_words,
    marker_title,
    next_race_line,
    phase_line,
    pick_line,
    report_words,
    sealed_line,
    standing_line,
    waiting_line,
    yours,
)
from homestretch.games.derbycast.sources.simulated import stretch_races

if TYPE_CHECKING:
    from homestretch.core.protocol import JSON
    from homestretch.games.derbycast.rules.game import DerbyCastState


def table_view(state: DerbyCastState, player: int | None) -> JSON:
    """Everything at a Derby Cast table is open (the board, the picks as announced)
    but sealed picks until picks close. A drawn race replay's finish, and a
    simulated race's, stay unseen until the race is run."""
    card: JSON | None = None
    picked = {p.horse for p in state.picks.values() if p is not None}
    if state.race is not None:
        card = {
            "race": state.race.name,
            "horses": list(state.race.horses),
            "programs": list(state.race.programs),
            "odds": ["" if r.odds is None else str(r.odds) for r in state.race.runners],
            "spaces": [_spaces(r.odds, state.game.table) for r in state.race.runners],
            "scratched": list(state.scratched),
            "unselected": None  # sealed: nothing told by elimination
            if state.sealed_now()
            else [h for h in state.race.horses if h not in picked],
        }
    review = None
    if state.under_review is not None:
        review = {
            "runners": [r.to_json() for r in state.under_review.runners],
            "would": [{**w, "words": pick_line(w)} for w in awards(state, state.under_review)],
        }
    board = [marker_json(state, s) for s in range(len(state.points))]
    leader = max(state.points, default=0)
    last = state.history[-1] if state.history else None
    picks = _picks_shown(state, player)
    marker = None if player is None or player >= len(state.points) else player + 1
    call = state.call_now()
    shown: JSON = {
        "you": marker,
        "phase": state.phase.value,
        "race": state.races_run + (0 if state.phase is Phase.over else 1),
        "set_races": state.game.set_races,
        "tie": state.game.tie.value,
        "tie_break": [s + 1 for s in state.playoff],
        "order": [s + 1 for s in state.pick_order()],
        "picks_open": state.picks_open(),
        "sealed": state.game.sealed,
        "confirm": state.game.confirm,
        "confirmed": sorted(s + 1 for s in state.confirmed),
        "card": card,
        "picks": picks,
        "review": review,
        "simulated": state.simulation is not None,
        "call": call,
        "stretch_races": stretch_races() if player == state.game.keeper else [],
        "board": board,
        "last_race": None if last is None else {**last, "words": report_words(last)},
        "may_correct": state.phase is Phase.card and state.before_last is not None,
        "next_card": _next_card(state),
        "winners": [s + 1 for s in state.winners],
        # in words, as the terminal says them: the standings (most points first),
        # what the table is doing, and the sealed picks' note
        "standings": [
            {"marker": row["marker"], "words": standing_line(row, leader, state.is_over())}
            for row in sorted(board, key=lambda r: (-r["points"], r["marker"]))
        ],
        "status": phase_line(state.phase.value, state.simulation is not None, bool(call))
        or _between_races(state),
        "sealed_note": sealed_line([board[p["marker"] - 1] for p in picks])
        if state.sealed_now()
        else "",
    }
    # the pages' captions, the card and the board's chips in words
    shown["captions"] = CAPTIONS
    if card is not None:
        card["words"] = card_words(card, shown["race"], picks, board, marker)
    for row in board:
        row["title"] = marker_title(row)
    # a marker's own lines (its phone), the keeper's questions (the desk)
    shown["yours"] = None if marker is None else yours(marker, shown)
    # whose move the table waits for (a phone is not told it waits for itself)
    waited = [board[s] for s in state.to_act() if 0 <= s < len(board) and s != player]
    shown["waiting"] = waiting_line(state.phase.value, waited)
    shown["desk"] = desk_words(shown, waited) if player == state.game.keeper else None
    return shown


def _picks_shown(state: DerbyCastState, player: int | None) -> list[JSON]:
    shown: list[JSON] = []
    for seat, pick in sorted(state.picks.items()):
        if state.sealed_now() and seat != player:
            shown.append({"marker": seat + 1, "sealed": True})
        elif pick is None:
            shown.append({"marker": seat + 1, "sat_out": True})
        else:
            shown.append({"marker": seat + 1, "horse": pick.horse, "bet": pick.bet})
    return shown


def _between_races(state: DerbyCastState) -> str:
    """What a table with a score keeper waits for between races (a replay is drawn
    at once)."""
    if state.phase is not Phase.card or state.game.source is not Source.keeper:
        return ""
    return next_race_line(state.races_run + 1)


def _next_card(state: DerbyCastState) -> JSON | None:
    """The race the day's card holds for the keeper to post now, if any."""
    number = state.races_run + 1 - state.card_from
    if state.phase is not Phase.card or number > len(state.day_card):
        return None
    race = state.day_card[number - 1]
    return {
        "race": race.name,
        "horses": list(race.horses),
        "programs": list(race.programs),
        "odds": ["" if r.odds is None else str(r.odds) for r in race.runners],
        "scratched": list(race.scratched),
    }


def _spaces(odds: Odds | None, table: tuple[TableRow, ...] | None) -> JSON | None:
    """A horse's Win/Place/Show spaces at these odds (its board odds on the card)."""
    if odds is None:
        return None
    row = advance_for(odds, table)
    return {"win": row.win, "place": row.place, "show": row.show}
