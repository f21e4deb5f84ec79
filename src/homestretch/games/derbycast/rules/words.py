"""Derby Cast in plain words: the notices (a day's card loaded, a result under review,
a race official or corrected, a tie-break race, the winners), where each marker stands,
the last race's report, what the table is doing and whom it waits for, a marker's own
pick and the score keeper's desk (its status and its questions). The state words each
notice as it is made (its ``words``) and its view carries the rest, so the terminal,
the TV, the phones and the desk say the same."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence

from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.content.race_record import numbered
from homestretch.games.derbycast.rules.actions import (
    Correction,
    DayCard,
    MorningLine,
    Official,
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    Ready,
    RunRace,
    SealedPick,
    Simulate,
    SitOut,
    TypedCard,
    opened,
)
from homestretch.games.derbycast.rules.winning import OFFICIAL_FINISH


def ordinal(finish: int | None) -> str:
    """'1st', '22nd'; '-' for a horse that did not finish (or was not placed)."""
    if finish is None:
        return "-"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(finish if finish < 20 else finish % 10, "th")
    return f"{finish}{suffix}"


def standing(row: JSON, leader: int, over: bool = False) -> str:
    """Where a marker stands: past 20 is the Official Finish; exactly 20 is not. Once
    the game is over nobody needs more points ('': the winners are said apart)."""
    if row["official_finish"]:
        return "OFFICIAL FINISH"
    if over:
        return ""
    note = f"needs {row['needs']} more"
    if row["points"] == OFFICIAL_FINISH:
        note = "on 20, not finished: " + note
    return note + (", leader" if row["points"] == leader and leader > 0 else "")


def _marker(row: JSON) -> str:
    return f"{row['name']}{' [team]' if row.get('team') else ''} (marker {row['marker']})"


def standing_line(row: JSON, leader: int, over: bool = False) -> str:
    """'Bob (marker 2): 8 points (needs 13 more, leader)'; once the game is over 'Bob
    (marker 2): 8 points'."""
    note = standing(row, leader, over)
    return f"{_marker(row)}: {_points(row['points'])}" + (f" ({note})" if note else "")


def _points(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def pick_line(entry: JSON) -> str:
    """One marker's pick and what a result gives it: 'Bob (marker 2): win on 3 Charlie,
    1st at 8-1: +8' (or 'Cy (marker 3): sat out')."""
    if entry.get("sat_out"):
        return f"{_marker(entry)}: sat out"
    number = f"{entry['program']} " if entry.get("program") else ""
    return (
        f"{_marker(entry)}: {entry['bet']} on {number}{entry['horse']}, "
        f"{ordinal(entry['finish'])} at {entry['odds']}: +{entry['points']}"
    )


def named_race(race: int, name: str) -> bool:
    """Whether a race's name says more than its number: the keeper at the terminal who
    took the name offered ("Race 1") was shown "Race 1: Race 1" on every card and result."""
    return name.strip().casefold() != f"race {race}"


def report_title(report: JSON) -> str:
    """'Race 1: Riverbend - official result (corrected)'; 'Race 1 - official result' for
    a race named no more than its number."""
    title = card_caption(report["race"], report["name"]) + " - official result"
    if report["tie_break"]:
        title += " (tie-break race)"
    if report.get("corrected"):
        title += " (corrected)"
    return title


def finish_line(runner: JSON, dead_heat: bool = False) -> str:
    """'1st: 3 Charlie (8-1)'; '1st (dead heat): 3 Charlie (8-1)' for a place shared."""
    number = f"{runner['program']} " if runner.get("program") else ""
    odds = f" ({runner['odds']})" if runner.get("odds") else ""
    return f"{placed_as(runner, dead_heat)}: {number}{runner['horse']}{odds}"


def placed_as(runner: JSON, dead_heat: bool) -> str:
    """'1st', or '1st (dead heat)': two '1st' rows one under the other read as a slip."""
    return ordinal(runner["finish"]) + (" (dead heat)" if dead_heat else "")


def shared_places(runners: Sequence[JSON]) -> set[int]:
    """The finishing places two or more horses share (R4: a dead heat)."""
    seen = Counter(r["finish"] for r in runners if r["finish"] is not None)
    return {place for place, count in seen.items() if count > 1}


def report_words(report: JSON) -> JSON:
    """An official race in words: its title, the first four home, each marker's pick."""
    runners = report["runners"]
    # each horse by its number on the card: a replay printed without numbers counts 1, 2, 3
    numbers = numbered(tuple(r.get("program") or "" for r in runners), len(runners))
    placed = sorted(
        (
            {**r, "program": n}
            for r, n in zip(runners, numbers, strict=True)
            if r["finish"] is not None
        ),
        key=_finish,
    )
    shared = shared_places(placed)
    return {
        "title": report_title(report),
        "finish": [finish_line(r, r["finish"] in shared) for r in placed[:4]],
        "picks": [pick_line(p) for p in report["picks"]],
        "nothing": nothing_in_the_money(report),
    }


def nothing_in_the_money(report: JSON, shown: Collection[int] | None = None) -> str:
    """The picks that finished at their level yet scored 0, and why, in a line: a show
    on a 5-2 horse that ran 3rd read "3rd, +0" with nothing to say the table gives a
    show at 5-2 no points (the card's W/P/S said 2/1/0, races ago). Only the markers
    ``shown`` (None: all), as the terminal's fitted board leaves some out. The phones and
    the TV say it under the race's picks (``report_words``): a family's show on a 5-2
    winner read "1st at 5-2: +0" there with nothing to say why."""
    levels = {"win": 1, "place": 2, "show": 3}
    missed = [
        f"{p['name']} ({p['bet']} at {p['odds']})"
        for p in report["picks"]
        if not p.get("sat_out")
        and (shown is None or p["marker"] in shown)
        and p["finish"] is not None
        and p["finish"] <= levels[p["bet"]]
        and p["points"] == 0
    ]
    if not missed:
        return ""
    said = missed[0] if len(missed) == 1 else f"{', '.join(missed[:-1])} and {missed[-1]}"
    return f"In the money for 0: {said}: the odds table gives no points there (the card's W/P/S)."


def _finish(runner: JSON) -> int:
    return int(runner["finish"])


PHASES = {
    "draw": "Top of the Stretch is carding the race",
    "pick": "Picks are open",
    "scratches": "Picks are open: the keeper closes them at the off",
    "confirm": "Picks are in: each player says the pick stands",
    "repick": "A late scratch: its pickers choose again or sit out",
    "result": "They're off: waiting for the official result",
    "review": "Result posted: not official yet",
}
"""What the table is doing, by phase (none while a card is awaited or the game is over)."""


TO_RUN = "Picks are closed: waiting for the keeper to run the race"
"""What the table is doing once picks close on a race Top of the Stretch runs, before the
keeper runs it (the desk's "They're off: run the race"). The TV and the phones said
"They're off: waiting for the official result", a real race's words, while nothing ran
until the keeper pressed."""


CALLED = "They're off: the race is called, its result follows"
"""What the table is doing while a race Top of the Stretch ran is under review with its
call: the pages read the call out first. "Result posted: not official yet" above the
call's first part told a family at the TV the result was in before the race was called."""


def phase_line(phase: str, simulated: bool = False, called: bool = False) -> str:
    """What the table is doing ('' while a card is awaited or once the game is over);
    ``simulated``: the race is one Top of the Stretch runs at the keeper's word;
    ``called``: the result under review has its call, read out on the pages."""
    if phase == "result" and simulated:
        return TO_RUN
    if phase == "review" and called:
        return CALLED
    return PHASES.get(phase, "")


def next_race_line(race: int) -> str:
    """Between races at a table with a score keeper: what everyone waits for."""
    return f"Waiting for the keeper to post race {race}"


def named(rows: Sequence[JSON]) -> str:
    """Markers by name and number: 'Ann (marker 1)', 'Ann (marker 1) and Bob (marker 2)',
    'Ann (marker 1), Bob (marker 2) and Cy (marker 3)'."""
    names = [_marker(row) for row in rows]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


WAITING_TO = {
    "pick": "to pick",
    "confirm": "to say the pick stands",
    "repick": "to pick again or sit out",
}
"""What the table waits for its markers to do, by phase (the keeper's turn is the desk's)."""


def _waiting_for(phase: str, waited: Sequence[JSON]) -> str:
    if not waited or phase not in WAITING_TO:
        return ""
    return f"waiting for {named(waited)} {WAITING_TO[phase]}"


def waiting_line(phase: str, waited: Sequence[JSON]) -> str:
    """'Waiting for Ann (marker 1) to pick': the markers whose move the table waits for
    ('' if none, or it is only the keeper's). Who has not picked is open under sealed
    picks too (R22): only what they picked is hidden."""
    waiting = _waiting_for(phase, waited)
    return waiting[:1].upper() + waiting[1:]


DESK_LEADS = {
    "pick": "Picks are open",
    "confirm": "Every marker has picked",
    "repick": "A late scratch",
}
"""What the desk says before whom it waits for, by phase."""


def desk_status(phase: str, waited: Sequence[JSON], simulated: bool) -> str:
    """What the keeper's desk says the table is doing, and what is the keeper's to do:
    'Picks are open: waiting for Ann (marker 1) to pick'."""
    waiting = _waiting_for(phase, waited)
    if waiting:
        return f"{DESK_LEADS[phase]}: {waiting}"
    if phase == "scratches":
        return "Every marker has picked: close picks at the off"
    if phase == "result" and simulated:
        return "Picks are closed: Top of the Stretch runs the race, and the TV calls it"
    return phase_line(phase) if phase == "draw" else ""


CLOSE_NOW = {
    "pick": "A phone died? Close picks now",
    "confirm": "Close picks now, before every pick stands",
}
"""The desk's fold for closing picks early (R23; with ``confirm``, R24), by phase."""


def closing_early_line(missing: Sequence[JSON]) -> str:
    """The keeper closing picks before everyone picked names who sits out (R23)."""
    if not missing:
        return ""
    verb = "sits" if len(missing) == 1 else "sit"
    return f"Closing now: {named(missing)} {verb} this race out"


def sealed_line(picked: Sequence[JSON]) -> str:
    """Sealed picks while they are open: who has picked (by name), not what (R22)."""
    line = "Picks are sealed until the keeper closes them"
    return line + (f"; picked so far: {named(picked)}" if picked else "")


def _races(n: int) -> str:
    return f"{n} race" if n == 1 else f"{n} races"


def day_card_line(file: str, races: int) -> str:
    """'The day's card from day.csv: 8 races to post.'"""
    return f"The day's card from {file}: {_races(races)} to post."


def no_odds_line(horses: Sequence[str], programs: Sequence[str], odds: Sequence[str]) -> str:
    """The horses of a posted card with no morning line, or '' ('No morning line for
    3 Charlie and 4 Delta: their odds are not known.'), so a keeper who typed one line
    too few is told (a short list of lines is taken, the last horses' odds unknown)."""
    named = [f"{n} {h}" for h, n, o in zip(horses, programs, odds, strict=True) if not o.strip()]
    if not named:
        return ""
    listed = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
    whose = "its odds are" if len(named) == 1 else "their odds are"
    return f"No morning line for {listed}: {whose} not known."


def morning_lines_line(
    race: int, lines: Sequence[tuple[str, str, str]], again: bool, picked: Sequence[str] = ()
) -> str:
    """Morning lines the keeper posted while picks are open (R28), ``lines`` (program,
    horse, odds; '' not known): 'Race 1: a new morning line for 2 Bravo: 5-2.' (and, when
    it took back the picks said to stand, that each is asked again; else who picked
    before it, ``picked``, so they know the card changed under their pick)."""
    said = [f"{n} {h}: {o or 'not known'}" for n, h, o in lines]
    listed = said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
    line = f"Race {race}: a new morning line for {listed}."
    if len(said) > 1:
        line = f"Race {race}: new morning lines for {listed}."
    if again:
        return line + " Each pick must be said to stand again."
    if picked:
        who = picked[0] if len(picked) == 1 else f"{', '.join(picked[:-1])} and {picked[-1]}"
        line += f" {who} picked before it."
    return line


def change_pick_hint(picked: Sequence[str], pick: str) -> str:
    """At the terminal, after a new morning line: how the people here who picked before
    it (``picked``) may change their pick before picks close ('Ann: win 3' typed at
    anyone's prompt, as an Across dealing is typed out of turn); ``pick``: an example."""
    who = picked[0] if len(picked) == 1 else f"{', '.join(picked[:-1])} or {picked[-1]}"
    return (
        f"To change a pick before picks close, {who} may type their name and the new pick "
        f"at anyone's prompt, like '{picked[0]}: {pick}'."
    )


LINE_WORD = "line"
"""What the terminal's keeper types before a morning line at the close of picks
('line 2 5-2'), as the desk's form posts one (R28)."""


def lines_hint(missing: str) -> str:
    """The terminal keeper's note at the close of picks when horses have no morning
    line (``missing``, the no-odds line): how to add one before picks close."""
    return (
        f"{missing} To add one before picks close, type {LINE_WORD} and the horse and odds, "
        f"like '{LINE_WORD} 2 5-2'."
    )


def lines_at_picks_hint(missing: str) -> str:
    """The terminal keeper's note at the players' pick prompts while picks are open
    (R28): how to add or correct a morning line there (``missing``: the no-odds line)."""
    how = (
        f"type {LINE_WORD} and the horse and odds at anyone's pick prompt, like "
        f"'{LINE_WORD} 2 5-2'."
    )
    if missing:
        return f"{missing} Score keeper: to add one before picks close, {how}"
    return f"Score keeper: to add or correct a morning line before picks close, {how}"


def review_line(race: int) -> str:
    return f"Race {race}: a result is posted for review; it is not official yet."


def _moves(awarded: Sequence[JSON]) -> str:
    return ", ".join(
        f"{a['name']} sat out" if a.get("sat_out") else f"{a['name']} +{a['points']}"
        for a in awarded
    )


def official_line(race: int, name: str, awarded: Sequence[JSON]) -> str:
    """'Race 1, Derby, is official: Ann +5, Bob +0, Cy sat out.' (the name between
    commas: a Top of the Stretch race's has brackets of its own)."""
    moves = _moves(awarded)
    said = f"Race {race}, {name}," if named_race(race, name) else f"Race {race}"
    return f"{said} is official" + (f": {moves}." if moves else ".")


def correction_line(race: int) -> str:
    return f"Race {race} is corrected: every marker is scored again."


def tie_break_line(names: Sequence[str], points: int) -> str:
    """'Ann and Bob are level on 21: a tie-break race, only they pick.'; three or more
    listed with commas ('Ann, Bob and Cy', not 'Ann and Bob and Cy')."""
    said = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{said} are level on {points}: a tie-break race, only they pick."


def winners_line(result: JSON) -> str:
    """'Official Winner: Ann (marker 1) reached the Official Finish after 3 races.', in
    words (winning.py's ``how``), not joined by a dash. Plain text (no markup): print it
    with markup off."""
    winners = result["winners"]
    title = "Co-winners" if len(winners) > 1 else "Official Winner"
    how, dead_heat, _ = result["how"].partition("; dead heat")
    after = _races(result["races"])
    clause = {
        "reached the Official Finish": f"reached the Official Finish after {after}",
        "won the tie-break": f"won the tie-break after {after}",
        "most points after the set number of races": (
            f"{'have' if len(winners) > 1 else 'has'} the most points after the "
            f"{'one race' if result['races'] == 1 else after} set for the game"  # not "the 1 race"
        ),
    }.get(how, f"{how}, after {after}")
    level = ", level on points (a dead heat)" if dead_heat else ""
    return f"{title}: {named(winners)} {clause}{level}."


SCORING_SAID = 6
"""Scoring picks a winner's story names one by one; more are counted."""


def scoring_line(winner: JSON, history: Sequence[JSON]) -> str:
    """Why a marker won, in its picks that scored, race by race: 'Bob scored in race 3
    (win on 2 Quiet Echo, 1st at 3-1: +3) and race 4 (win on 2 Golden Marble, 1st at
    25-1: +25).' The end said who won and by how much, not with what; "" if nothing
    scored (a level game at 0)."""
    scored = [
        (report["race"], pick)
        for report in history
        for pick in report["picks"]
        if pick["marker"] == winner["marker"] and pick.get("points")
    ]
    if not scored:
        return ""
    said = []
    for race, pick in scored[:SCORING_SAID]:
        number = f"{pick['program']} " if pick.get("program") else ""
        said.append(
            f"race {race} ({pick['bet']} on {number}{pick['horse']}, "
            f"{ordinal(pick['finish'])} at {pick['odds']}: +{pick['points']})"
        )
    rest = scored[SCORING_SAID:]
    if rest:
        more = sum(pick["points"] for _, pick in rest)
        said.append(f"{len(rest)} more {'race' if len(rest) == 1 else 'races'} (+{more})")
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return f"{winner['name']} scored in {listed}."


# --- the board and the race card, as the TV, the phones and the desk draw them ----------
CAPTIONS = {
    "board": "Odds Advancement Table",
    "lane": "lane",
    "gate": "Gate",
    "finish": "Finish",
    "program": "#",
    "horse": "horse",
    "odds": "board odds",
    "spaces": "W/P/S points",
    "picked_by": "picked by",
    "call": "The call (Top of the Stretch)",
    "call_label": "The race call",
    "standings": "Standings",
    # a TV's lowest standings folded into one line where they would run past its bottom
    # ("and 4 more: P12, P16, P19, P20 (0 points)")
    "standings_more": "and {count} more:",
    "points": "{n} points",
    "one_point": "1 point",
    "all_picks": "Every pick",
    # a phone holding two seats (Mum's tab and Kit's): the tab on screen says whose turn
    # it is at the other and leads there ("Kit's turn: open Kit's seat")
    "held_turn": "{name}'s turn:",
    "held_link": "open {name}'s seat",
}
"""The pages' headings and labels (the terminal's board prints its own table)."""


def card_caption(race: int, name: str) -> str:
    """'Race 2: Riverbend Handicap'; 'Race 2' for a race named 'Race 2'."""
    return f"Race {race}: {name}" if named_race(race, name) else f"Race {race}"


def spaces_words(spaces: JSON | None) -> str:
    """A horse's spaces at its board odds, 'W 8 / P 4 / S 2' (a letter never parted from
    its number when a narrow column wraps), or that its odds are not known."""
    if spaces is None:
        return "odds not known"
    return f"W\u00a0{spaces['win']} / P\u00a0{spaces['place']} / S\u00a0{spaces['show']}"


YOUR_PICK = "Your pick: {bet}"
"""A phone's own pick, on its horse's button and card row, in a badge of its own."""


def picked_by(picks: Sequence[JSON], board: Sequence[JSON], horse: str, me: int | None) -> str:
    """Who picked ``horse``, by name: 'Ann (win), Cy (show)', the reader's own pick as
    'you (win)' (a sealed pick names no horse, so it is not among them)."""
    return ", ".join(
        f"{'you' if p['marker'] == me else board[p['marker'] - 1]['name']} ({p['bet']})"
        for p in picks
        if p.get("horse") == horse
    )


def card_words(
    card: JSON, race: int, picks: Sequence[JSON], board: Sequence[JSON], me: int | None
) -> JSON:
    """The race card in words for ``me`` (a marker, or None): its caption, and for each
    horse its name (marked if scratched), board odds, spaces, who picked it, and the
    phone's buttons' words ('picked by Ann (win)', never 'you': the reader's own pick is
    its badge, 'Your pick: win'; 'win +8')."""
    rows = []
    mine = next((p for p in picks if p["marker"] == me and p.get("horse")), None)
    for i, horse in enumerate(card["horses"]):
        spaces = card["spaces"][i]
        by = picked_by(picks, board, horse, me)
        others = picked_by([p for p in picks if p["marker"] != me], board, horse, me)
        yours = mine is not None and mine["horse"] == horse
        rows.append(
            {
                "name": f"{horse} (scratched)" if horse in card["scratched"] else horse,
                "odds": card["odds"][i] or "?",
                "spaces": spaces_words(spaces),
                "picked_by": by,
                # a phone's own pick is its badge: the line under the name names the others
                "picked_line": f"{CAPTIONS['picked_by']} {others}" if others else "",
                # the reader's own pick, set apart on its phone ("Your pick: win")
                "yours": YOUR_PICK.format(bet=mine["bet"]) if yours and mine else "",
                "your_bet": mine["bet"] if yours and mine else "",
                "bets": {b: f"{b} +{spaces[b]}" if spaces else b for b in ("win", "place", "show")},
            }
        )
    return {"caption": card_caption(race, card["race"]), "rows": rows}


def marker_title(row: JSON) -> str:
    """A marker's chip on the board, named: 'Ann: 8 points'."""
    return f"{row['name']}: {_points(row['points'])}"


# --- a marker's own race, as its phone and the terminal say it ---------------------------
ONLOOKER = "Only the tied markers pick in this tie-break race"

CONFIRM_OVER_REPLAYS = (
    "is for races a score keeper posts: over race replays picks close when the last "
    "pick is in (R27)"
)
"""Why confirming picks is refused over drawn replays, after the option's name (the
terminal's ``--confirm``, the lobby's "Confirm picks")."""
"""A marker not in a tie-break race (it has no turn there)."""


STANDS = "Your pick stands (pick another to change it until picks close)"
"""A marker that said its pick stands (R24)."""


def your_pick_line(pick: JSON | None, card: JSON, picks_open: bool) -> str:
    """'Your pick: win on 3 Charlie' (and that it may change while picks are open, or
    that its horse is scratched), 'You sit out this race'; '' before it picks."""
    if pick is None or pick.get("sealed"):
        return ""
    if pick.get("sat_out"):
        return "You sit out this race"
    number = card["programs"][card["horses"].index(pick["horse"])]
    line = f"Your pick: {pick['bet']} on {number} {pick['horse']}"
    if pick["horse"] in card["scratched"]:
        return line + ", scratched: pick another or sit out"
    return line + (" (you may change it until picks close)" if picks_open else "")


CALLING = "The race is being called: what the result gives you follows at the wire"
"""A marker's phone while the call of a race Top of the Stretch ran is read out, on the
TV and under this line alike: the finish is the call's to tell first. (It said 'The TV
is calling the race', to a family playing on their phones with no TV.)"""


DESK_CALLING = "The race is being called: the result to make official follows at the wire"
"""The keeper's desk while the call of a race Top of the Stretch ran is read out (there
too, as on the TV): the keeper hears it with the table, the finish not told first at
the desk."""


def would_line(entry: JSON) -> str:
    """What the result under review gives a marker, if it stands."""
    return f"If the result stands: {pick_line(entry)}"


def yours(marker: int, view: JSON) -> JSON:
    """A marker's own lines in ``view`` (its seat's): its pick, that it stands (with
    ``confirm``), whether it sits a tie-break race out, what a result under review
    would give it, and what its phone says instead while the TV calls the race."""
    card, review = view["card"], view["review"]
    mine = next((p for p in view["picks"] if p["marker"] == marker), None)
    would = [w for w in review["would"] if w["marker"] == marker] if review else []
    stands = view["confirm"] and view["picks_open"] and marker in view["confirmed"]
    return {
        "pick": your_pick_line(mine, card, view["picks_open"]) if card else "",
        "stands": STANDS if stands else "",
        "onlooker": ONLOOKER if card and marker not in view["order"] else "",
        "would": would_line(would[0]) if would else "",
        "calling": CALLING if would and view["call"] else "",
        "buttons": PHONE_BUTTONS,
    }


# --- the score keeper's questions: the terminal asks them, the desk labels its fields ----
RACE_NAME = "Race name"
FIELD = "Horses in program order, commas (with numbers: 1 Alpha, 1A Bravo)"
MORNING_LINES = "Morning lines in the same order, commas (blank if none)"
"""The desk's one field; the terminal asks each horse's morning line in turn."""
SCRATCHED = "Scratched before post (program numbers or names, blank for none)"
FINISH = "Official finish, best first (dead heat: 3=1, e.g. 3=1,5,2)"
UNDER_REVIEW = "Not official yet: this result would score"


DESK_BUTTONS = {
    "desk": "Score keeper's desk",
    "post_card": "Post the card",
    "stretch": "Or run a race with Top of the Stretch",
    "stretch_race": "Top of the Stretch race",
    "any_race": "any race (the dice choose)",
    "mode": "Quickplay or Fullplay",
    "quick": "Quickplay",
    "full": "Fullplay",
    "card_stretch": "Card a Top of the Stretch race",
    "day_card": "Load the day's card from a file (.csv or .json)",
    "day_card_file": "day's card file",
    "load": "Load the card",
    "no_file": "choose the day's card file first",
    "late_scratch": "late scratch:",
    "close": "Close picks",
    "close_now": "Close picks now",
    "run": "They're off: run the race",
    "official": "Official",
    "again": "Or type it again:",
    "post_result": "Post for review",
    "post_correction": "Post the correction",
    "lines": "Add or correct a morning line",
    "post_lines": "Post the morning lines",
    "no_line_change": "type a new morning line first",
}
"""The desk's buttons and form labels (the terminal asks its own questions instead)."""

PHONE_BUTTONS = {"stands": "My pick stands", "sit_out": "Sit out this race"}
"""A marker's phone's buttons (its pick is two taps: a horse, then win, place or show)."""


def post_title(race: int, from_day_card: bool) -> str:
    """'Post race 2' (or '... from the day's card' when the card offers it)."""
    return f"Post race {race}" + (" from the day's card" if from_day_card else "")


def correct_title(race: int, name: str) -> str:
    """The desk's fold for correcting the last official race: 'Correct race 1 (Derby)'."""
    return f"Correct race {race} ({name})"


def morning_line_question(horse: str, program: str = "") -> str:
    """'Morning line of 3 Charlie' (a horse with no program number: its name)."""
    return f"Morning line of {program} {horse}" if program else f"Morning line of {horse}"


def final_odds_question(horse: str, program: str = "") -> str:
    """'Final odds of 3 Charlie' (of a horse with no program number: its name)."""
    return f"Final odds of {program} {horse}" if program else f"Final odds of {horse}"


def desk_words(view: JSON, waited: Sequence[JSON]) -> JSON:
    """The keeper's desk in the terminal's words: what the table is doing (``waited``:
    the markers it waits for), who sits out if picks close now (their markers in
    ``sit_out``), its buttons and field labels, each final odds by card index (the race
    posted, and the last race for a correction)."""
    last = view["last_race"]
    card = view["card"]
    picked = {p["marker"] for p in view["picks"]}
    missing = [view["board"][m - 1] for m in view["order"] if m not in picked]
    return {
        "status": desk_status(view["phase"], waited, view["simulated"]),
        "sit_out": [row["marker"] for row in missing] if view["picks_open"] else [],
        "closing_early": closing_early_line(missing) if view["picks_open"] else "",
        "close_now": CLOSE_NOW.get(view["phase"], ""),
        "race": RACE_NAME,
        "field": FIELD,
        "morning_lines": MORNING_LINES,
        "scratched": SCRATCHED,
        "finish": FINISH,
        "under_review": UNDER_REVIEW,
        "calling": DESK_CALLING if view["review"] and view["call"] else "",
        "buttons": DESK_BUTTONS,
        "post_title": post_title(view["race"], view["next_card"] is not None),
        "correct_title": correct_title(last["race"], last["name"]) if last else "",
        "final_odds": [
            final_odds_question(h, n) for h, n in zip(card["horses"], card["programs"], strict=True)
        ]
        if card
        else [],
        "morning_lines_of": [
            morning_line_question(h, n)
            for h, n in zip(card["horses"], card["programs"], strict=True)
        ]
        if card
        else [],
        "fix_odds": [
            final_odds_question(r["horse"], r.get("program") or str(i))
            for i, r in enumerate(last["runners"], 1)
        ]
        if last
        else [],
    }


def _price(typed: str) -> str:
    """Odds as typed, as a board shows them ('5/2' is 5-2; blank: not known)."""
    if not typed.strip():
        return "not known"
    try:
        return str(Odds.parse(typed))
    except HomestretchError:
        return typed


def move_said(
    action: Action, markers: Sequence[str], numbers: Mapping[str, str] | None = None
) -> str:
    """A move as the log says it after the mover's name ('picked 3 Citation to win',
    'closed picks; late scratches: 4 Bolt; Cy (marker 3) sits out'); ``markers`` are the
    markers' names, in marker order; ``numbers`` each horse's program number on the card
    the move was made on (the state keeps it, ``DerbyCastState.move_words``): the log
    named the horse alone ("picked Saffron Orchard to win") where the card, the result
    and the board say "1 Saffron Orchard". A horse not in it is named alone."""
    programs = numbers or {}

    def horse(name: str) -> str:
        return f"{programs[name]} {name}" if programs.get(name) else name

    match action:
        case Pick(horse=name, bet=bet):
            return f"picked {horse(name)} to {bet}"
        case SealedPick():
            pick = opened(action)
            return (
                "picked (sealed)"
                if pick is None
                else f"picked {horse(pick[1].horse)} to {pick[1].bet} (sealed)"
            )
        case Ready():
            return "said the pick stands"
        case SitOut():
            return "sat this race out"
        case PostCard(race=race) | TypedCard(race=race):
            return f"posted the card: {race}"
        case MorningLine(horses=horses, odds=odds):
            lines = [f"{horse(h)} {_price(o)}" for h, o in zip(horses, odds, strict=False)]
            return "posted the morning line: " + ", ".join(lines)
        case PostScratches(horses=horses, sit_out=sit_out):
            late = ", ".join(horse(h) for h in horses)
            said = "closed picks" + (f"; late scratches: {late}" if horses else "")
            for marker in sit_out:
                name = markers[marker - 1] if 0 < marker <= len(markers) else "?"
                said += f"; {name} (marker {marker}) sits out"
            return said
        case Simulate(race=race, mode=mode):
            return f"carded a Top of the Stretch race ({race or 'the dice choose'}, {mode}play)"
        case RunRace():
            return "ran the race"
        case DayCard(file=file):
            return f"loaded the day's card {file}"
        case PostResult(official=True):
            return "posted the official result"
        case PostResult():
            return "posted the result for review"
        case Official():
            return "declared the result official"
        case Correction():
            return "corrected the last official result"
    return str(action)
