"""The race chosen and its card (section 2, Play in Order: "Choose one live simulcast ...
race, or one race replay"): where the races come from, the card the score keeper posts
(whole, or typed at the desk, R12), a day's card (R20), a Top of the Stretch race drawn
at the table (R25), a race replay drawn (R15) and the morning lines posted while picks
are open (R28).

The score keeper's postings are checked here (``*_problem``: the words of a refusal, or
None) and opened here; the state asks for each in turn (game.py).
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING

from homestretch.core.chance import Outcome
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.race_record import (
    RaceRecord,
    Runner,
    field_problem,
    numbered,
)
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.content.results_file import uploaded_card
from homestretch.games.derbycast.rules.actions import DayCard, MorningLine, PostCard, TypedCard
from homestretch.games.derbycast.rules.phases import Phase
from homestretch.games.derbycast.rules.race import comma_words, find_horse, typed_field, typed_lines
from homestretch.games.derbycast.rules.words import day_card_line, morning_lines_line, no_odds_line
from homestretch.games.derbycast.sources.simulated import desk_race

if TYPE_CHECKING:
    from homestretch.games.derbycast.rules.game import DerbyCastState


class Source(StrEnum):
    keeper = "keeper"
    replays = "replays"


class Draw(StrEnum):
    """Race replays drawn without replacement until all were seen (R15), or with
    replacement (saved games from before the option)."""

    fresh = "fresh"
    any = "any"


# --- a race drawn: a replay, or the Top of the Stretch race the keeper asked for --------
def unseen_replays(state: DerbyCastState) -> list[int]:
    everything = list(range(len(replay_library())))
    if state.game.draw is Draw.any:
        return everything
    seen = set(state.replays_seen)
    return [i for i in everything if i not in seen] or everything


def draw(state: DerbyCastState, outcome: Outcome) -> None:
    if state.phase is Phase.draw:
        assert state.asked is not None
        state.simulation = desk_race(outcome[0], state.asked.race, state.asked.mode)
        open_card(state, state.simulation.card, ())
        return
    drawn = unseen_replays(state)[outcome[0]]
    if len(unseen_replays(state)) == len(replay_library()):
        state.replays_seen = []  # every replay was seen: a new round of them
    state.replays_seen.append(drawn)
    replay = replay_library()[drawn]
    open_card(state, replay, replay.scratched_before_post)


# --- the keeper's card --------------------------------------------------------------------
def post_card(state: DerbyCastState, action: PostCard) -> None:
    programs = numbered(action.programs, len(action.horses))
    runners = (
        Runner(h, Odds.parse(o) if o.strip() else None, None, program=n)
        for h, o, n in zip(action.horses, action.odds, programs, strict=True)
    )
    open_card(state, RaceRecord(action.race.strip(), tuple(runners)), action.scratched)
    tell_no_odds(state)  # the keeper may have typed one line too few


def load_day_card(state: DerbyCastState, action: DayCard) -> None:
    state.day_card = tuple(uploaded_card(action.file, action.text))
    state.card_from = state.races_run
    races = len(state.day_card)
    state.notice("day-card", file=action.file, races=races, words=day_card_line(action.file, races))


def open_card(state: DerbyCastState, race: RaceRecord, scratched: tuple[str, ...]) -> None:
    """'Scratches known before post are posted before picks': they are on the card."""
    state.race, state.scratched, state.picks = race, tuple(scratched), {}
    state.confirmed, state.tickets, state.sealed_at = set(), {}, {}
    state.scratched_on_card = state.scratched
    state.phase = Phase.pick


def tell_no_odds(state: DerbyCastState) -> None:
    """The keeper alone is told which starters on the card have no morning line
    (their odds are not known: allowed, R12, but a line may have been missed)."""
    assert state.race is not None
    starters = [r for r in state.race.runners if r.horse not in state.scratched]
    unknown = no_odds_line(
        [r.horse for r in starters],
        [r.program for r in starters],
        ["" if r.odds is None else str(r.odds) for r in starters],
    )
    if unknown:
        state.notice("no-odds", to=state.game.keeper, race=state.races_run + 1, words=unknown)


def post_lines(state: DerbyCastState, action: MorningLine) -> None:
    """The card with the keeper's morning lines (R28). With ``confirm``, the picks
    said to stand at the old odds are each asked again."""
    assert state.race is not None
    lines = zip(action.horses, action.odds, strict=True)
    new = {h: Odds.parse(o) if o.strip() else None for h, o in lines}
    runners = tuple(
        replace(r, odds=new[r.horse]) if r.horse in new else r for r in state.race.runners
    )
    state.race = RaceRecord(state.race.name, runners)
    again = state.game.confirm and state.phase in (Phase.confirm, Phase.scratches)
    if again:
        state.confirmed, state.phase = set(), Phase.confirm
    posted = [
        (r.program, r.horse, "" if r.odds is None else str(r.odds))
        for r in runners
        if r.horse in new
    ]
    race = state.races_run + 1
    picked = [state.game.entrants[c].name for c, p in sorted(state.picks.items()) if p]
    said = morning_lines_line(race, posted, again, picked)  # those who picked are told
    state.notice("morning-line", race=race, picked=[] if again else picked, words=said)
    tell_no_odds(state)  # the horses still without one, if any


# --- the checks of what the keeper posts --------------------------------------------------
def card_read(action: TypedCard) -> PostCard:
    """The card typed at the desk as posted (ValueError names what does not read)."""
    typed = (action.race, action.field, action.odds, action.scratched)
    if not all(isinstance(text, str) for text in typed):
        raise ValueError("a typed card is text: the race, its field, odds and scratches")
    horses, programs = typed_field(action.field)
    odds = typed_lines(action.odds, len(horses))
    numbers = numbered(programs, len(horses))
    scratched = tuple(find_horse(w, horses, numbers) for w in comma_words(action.scratched))
    return PostCard(action.race, horses, odds, programs, scratched)


def card_problem(action: PostCard) -> str | None:
    if not action.race.strip():
        return "the race needs a name"
    problem = field_problem(action.horses, action.programs)
    if problem:
        return problem
    if len(action.odds) != len(action.horses):
        return "the card needs one odds entry (or a blank) for each horse"
    for horse, odds in zip(action.horses, action.odds, strict=True):
        if odds.strip():
            problem = odds_problem(odds, horse)
            if problem:
                return problem
    if action.scratched:
        race = RaceRecord(action.race, tuple(Runner(h, None, None) for h in action.horses))
        return scratch_list_problem(action.scratched, race, ())
    return None


def day_card_problem(action: DayCard) -> str | None:
    if not isinstance(action.file, str) or not isinstance(action.text, str):
        return "a day's card is a file name and its text"
    try:
        uploaded_card(action.file, action.text)
    except HomestretchError as exc:
        return str(exc)
    return None


def morning_line_problem(state: DerbyCastState, player: int, action: MorningLine) -> str | None:
    """A morning line is the score keeper's, posted while picks are open on a card
    the keeper posted (R28): each horse on the card once, running, with odds that
    read (or blank: not known), and each a change."""
    if player != state.game.keeper:
        return "only the score keeper posts morning lines"
    if state.race is None or not state.picks_open():
        return "a morning line is posted while picks are open, before they close"
    if state.simulation is not None:
        return "Top of the Stretch set this race's odds: they are its final odds too"
    if state.game.source is not Source.keeper:
        return "a race replay's odds are its final odds"
    horses, odds = action.horses, action.odds
    if not isinstance(horses, tuple) or not isinstance(odds, tuple):
        return "morning lines are a list of horses and a list of odds"
    if not horses or len(horses) != len(odds):
        return "give each horse its morning line (blank if not known)"
    if not all(isinstance(x, str) for x in (*horses, *odds)):
        return "morning lines are a list of horses and a list of odds"
    if len(set(horses)) != len(horses):
        return "a horse is given two morning lines"
    now = {r.horse: r.odds for r in state.race.runners}
    for horse, price in zip(horses, odds, strict=True):
        if horse not in now:
            return f"{horse!r} is not on the card of {state.race.name}"
        if horse in state.scratched:
            return f"{horse} is scratched"
        if price.strip() and (problem := odds_problem(price, horse)):
            return problem
        if (Odds.parse(price) if price.strip() else None) == now[horse]:
            shown = "not known" if now[horse] is None else str(now[horse])
            return f"{horse}'s morning line is {shown} already"
    return None


def scratch_list_problem(
    horses: tuple[str, ...], race: RaceRecord, already: tuple[str, ...]
) -> str | None:
    """Scratches on a card, or posted late (picks.py): each a horse on it, once."""
    unknown = [h for h in horses if h not in race.horses]
    if unknown:
        return f"{unknown[0]!r} is not in {race.name}"
    if len(set(horses)) != len(horses):
        return "a horse is scratched twice"
    again = [h for h in horses if h in already]
    if again:
        return f"{again[0]} is already scratched"
    if len(horses) + len(already) >= len(race.horses):
        return "at least one horse must start"
    return None


def odds_problem(text: str, horse: str) -> str | None:
    """Odds typed for a horse that do not read (a card's, a morning line's, a result's)."""
    try:
        Odds.parse(text)
    except HomestretchError as exc:
        return f"{horse}: {exc}"
    return None
