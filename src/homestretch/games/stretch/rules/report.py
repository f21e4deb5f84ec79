"""A race as JSON (the scoresheet and the result chart) and as the race call."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.protocol import CHANCE, JSON
from homestretch.games.stretch.content.apr import wet_adjustment
from homestretch.games.stretch.content.chart_set import SETUP_MIN_FURLONGS
from homestretch.games.stretch.rules.finish import format_lengths, format_time
from homestretch.games.stretch.rules.odds_payoffs import book, payoff
from homestretch.games.stretch.rules.sheet import Line

if TYPE_CHECKING:
    from homestretch.games.stretch.rules.engine import RaceState

POOLS = ("win", "place", "show")


def payoffs(state: RaceState, line: Line) -> dict[str, float | None]:
    """$2 payoffs the line earned: win for 1st, place for 1st-2nd, show for 1st-3rd.

    A dead-heated horse pays as if it had the place alone (docs/rulings.md).
    """
    odds = state.used_odds(line)
    earned: dict[str, float | None] = dict.fromkeys(POOLS)
    if state.finish is None or line.finish is None or odds is None:
        return earned
    for depth, pool in enumerate(POOLS, start=1):
        if line.finish <= depth:
            earned[pool] = float(payoff(odds, pool, state.charts))
    return earned


def race_json(state: RaceState) -> JSON:
    race = state.race
    dice = [face for e in state.events if e.player == CHANCE for face in (e.outcome or ())]
    entries = []
    wire = {} if state.finish is None else state.finish.wire_places()
    for line in state.lines:
        odds = state.used_odds(line)
        item: JSON = {
            "post": line.post,
            "horse": line.name,
            "jockey": line.runner.jockey.name,
            "start_apr": line.runner.start_apr,
            "apr_working": line.runner.apr_working,
            "odds_class": line.odds_class,
            "odds_roll": None if line.odds_roll is None else list(line.odds_roll),
            "chart_odds": None if line.chart_odds is None else str(line.chart_odds),
            "pace_adj": line.pace_adj,
            "form_roll": line.form_roll,
            "form_adj": line.form_adj,
            "final_apr": line.final_apr,
            "factor_adj": line.factor_adj,
            "speed_roll": line.speed_roll,
            "speed_dice": None if line.speed_dice is None else list(line.speed_dice),
            "final_speed": line.final_speed,
            "photo_total": line.photo_total,
            "trouble": list(line.trouble),
            "dq_roll": line.dq_roll,
            "finish": line.finish if state.finish is not None else None,
            "wire_finish": wire.get(line.post - 1),
            "status": line.status,
            "odds": None if odds is None else str(odds),
            "payoffs": payoffs(state, line),
            "time": None if line.seconds is None else format_time(line.seconds),
            "beaten_lengths": None,
        }
        if state.finish is not None and not line.out:
            item["beaten_lengths"] = round(state.finish.beaten[line.post - 1], 2)
        if state.mode == "full":
            item["race_points"] = list(line.race_points)
            item["drop_back"] = line.drop_back
        horse, jockey = line.runner.horse, line.runner.jockey
        item["ratings"] = {
            "pace": horse.pace,
            "form": horse.form,
            "wet": horse.wet,
            "class": horse.class_,
            "speed": horse.speed,
            "trip": horse.trip,
            "wire": horse.wire,
            "ride": jockey.ride,
            "trouble": jockey.trouble,
        }
        entries.append(item)
    margins = {}
    if state.finish is not None:
        exact = {state.lines[i].post: b for i, b in state.finish.beaten.items()}
        margins = chart_margins(entries, exact)
    for item in entries:
        item["margin"] = margins.get(item["post"])
    board = [state.used_odds(line) for line in state.lines]
    return {
        "book": None if None in board else round(book([o for o in board if o]), 4),
        "race": {
            "name": race.name,
            "date": race.date,
            "track": race.track,
            "furlongs": race.furlongs,
            "distance": race.distance,
            "surface": race.surface,
            "condition": race.condition,
            "wet_effect": race.wet_effect,
            "course_seconds_per_furlong": race.course_seconds_per_furlong,
        },
        "mode": state.mode,
        "charts": state.charts.name,
        "segment": state.current_segment,
        "finished": state.finish is not None,
        "pace": state.pace,
        "pace_total": state.pace_total,
        "pace_roll": None if state.pace_roll is None else list(state.pace_roll),
        "pace_term": state.pace_term,
        "field_die": state.field_die,
        "race_factor": state.factor,
        "ride_applies": state.ride_applies,
        "dice": dice,
        "call": [{"heading": heading, "words": words} for heading, words in race_call(state)],
        "entries": entries,
        "order": []
        if state.finish is None
        else [[state.lines[i].post for i in group] for group in state.finish.order],
        "wire_order": []
        if state.finish is None
        else [[state.lines[i].post for i in group] for group in state.finish.wire],
        "final_time": None
        if state.finish is None or state.finish.winner_seconds is None
        else format_time(state.finish.winner_seconds),
    }


def chart_margins(entries: list[JSON], exact: dict[int, float] | None = None) -> dict[int, str]:
    """The result chart's Margin column, by post: each finisher's margin behind the last
    horse past the wire among those placed ahead of it, so a disqualified horse placed
    back does not distort the margins below it; its own margin is a dash, as it was
    placed there, not beaten there. The winner's is blank. ``exact``: each post's beaten
    lengths unrounded (the entries' are to two places), so a margin reads as the call
    says it."""
    finishers = sorted(
        (e for e in entries if e["finish"] is not None), key=lambda e: (e["finish"], e["post"])
    )
    margins: dict[int, str] = {}
    slowest_ahead: float | None = None
    previous_place = 0
    for entry in finishers:
        beaten = (exact or {}).get(entry["post"], entry["beaten_lengths"] or 0.0)
        if slowest_ahead is None:
            margin = ""
        elif beaten < slowest_ahead:
            margin = "-"
        elif entry["finish"] == previous_place:
            margin = "dead heat"
        else:
            gap = beaten - slowest_ahead
            margin = format_lengths(gap) if gap > 0 else "nose"
        margins[entry["post"]] = margin
        slowest_ahead = max(beaten, slowest_ahead or 0.0)
        previous_place = entry["finish"]
    return margins


# --- the race call ---------------------------------------------------------------------
def running_at(line: Line, at: int) -> bool:
    """Whether the horse was in the race after Fullplay segment ``at``: a horse that goes
    out does so in the segment of its last race points, and was running before it."""
    return len(line.race_points) > at and not (line.out and at == len(line.race_points) - 1)


def running_order_call(lines: list[Line], at: int) -> str:
    """The running order after Fullplay segment ``at``, as a caller says it: the leader,
    then each horse or line of horses with its gap to the one before, the words varied
    as a caller varies them ("a length back to X", "then Y, a half-length away"), and a
    string of horses the same gap apart said once ("each a half-length behind the one
    before"). One race point is half a length (page 17)."""
    field = sorted(
        (ln for ln in lines if running_at(ln, at)),
        key=lambda ln: (-ln.race_points[at], ln.post),
    )
    if len(field) < 2:
        return f"{field[0].name} is alone." if field else ""
    points = [ln.race_points[at] for ln in field]
    # horses level on race points are called together, as a caller sees them in a line
    groups: list[list[Line]] = []
    for ln in field:
        if groups and groups[-1][0].race_points[at] == ln.race_points[at]:
            groups[-1].append(ln)
        else:
            groups.append([ln])
    names = [_level([ln.name for ln in group]) for group in groups]
    if len(groups[0]) == 2:
        opening, called = f"{_names([ln.name for ln in groups[0]])} go head to head for the lead", 1
    elif len(groups[0]) > 2:
        opening, called = f"{_names([ln.name for ln in groups[0]])} line up for the lead", 1
    else:
        lead = _lengths((points[0] - groups[1][0].race_points[at]) / 2)
        opening, called = f"{names[0]} shows the way by {lead} from {names[1]}", 2
    gaps = [
        (groups[n - 1][0].race_points[at] - groups[n][0].race_points[at]) / 2
        for n in range(len(groups))
    ]
    parts: list[str] = []
    n = called
    while n < len(groups):
        # a string of horses (or lines of them) the same gap apart is said once
        end = n
        while end + 1 < len(groups) and gaps[end + 1] == gaps[n]:
            end += 1
        gap = _lengths(gaps[n])
        turn = (len(parts) + at) % 3  # the caller's words go round, never twice running
        if end - n >= 2 and all(len(group) == 1 for group in groups[n : end + 1]):
            parts.append(f"then {_names(names[n : end + 1])}, each {gap} behind the one before")
        elif end - n >= 2:
            parts.append(f"then {gap} at a time: {', then '.join(names[n : end + 1])}")
        elif end - n == 1:
            first, second = names[n], names[end]
            said = (
                f"{gap} back to {first} and as much again to {second}",
                f"then {first}, {gap} away, and {second} as much again",
                f"{first}, {gap} further back, and {second} as much again",
            )
            parts.append(said[turn])
        else:
            apart = "," if len(groups[n]) > 1 else ""  # "B and C side by side, a length ..."
            said = (
                f"{gap} back to {{}}",
                f"then {{}}, {gap} away",
                f"{{}}{apart} {gap} further back",
            )
            parts.append(said[turn].format(names[n]))
        n = end + 1
    text = "; ".join([opening, *parts])
    if len(field) > 2:
        text += f"; {_lengths((points[0] - points[-1]) / 2)} covers the field"
    return text + "."


def _level(names: list[str]) -> str:
    """Horses level in the running, as a caller sees them."""
    if len(names) == 1:
        return names[0]
    return _names(names) + (" side by side" if len(names) == 2 else " in a line")


SAID_LENGTHS = {
    "1/4": "a quarter-length",
    "1/2": "a half-length",
    "3/4": "three-quarters of a length",
    "1": "a length",
}
"""Margins under a length and a length, as a caller says them (the chart writes 1/2)."""


def _lengths(lengths: float) -> str:
    text = format_lengths(lengths)
    if text in ("nose", "head", "neck"):
        return f"a {text}"
    return SAID_LENGTHS.get(text, f"{text} lengths")


def race_call(state: RaceState) -> list[tuple[str, str]]:
    """(heading, words) for each part of the race run so far, in order: a part is called
    once its segment is complete, so the call can be followed as the race unfolds."""
    calls: list[tuple[str, str]] = []
    lines = state.lines
    if state.mode == "full":
        names = [("At the break", "break")]
        if "setup" in state.segments:
            names.append(("Down the backstretch", "setup"))
        names.append(("Turning for home", "position"))
        for at, (heading, segment) in enumerate(names):
            if not completed(state, segment):
                continue
            words = running_order_call(lines, at)
            if heading == "Turning for home":
                said = (_pace_words(state), words, _form_words(state), _drop_back_words(state))
                words = " ".join(w for w in said if w)
            if words.strip():
                calls.append((heading, words))
    else:
        if completed(state, "pace"):
            calls.append(("The pace", _pace_words(state)))
        if completed(state, "form") and (words := _form_words(state)):
            calls.append(("Today's form", words))
    trouble = [trouble_words(state, ln) for ln in lines if ln.trouble]
    if trouble and completed(state, "position" if state.mode == "full" else "form"):
        calls.append(("Trouble", " ".join(trouble)))
    if state.factor and completed(state, "factors"):
        calls.append(("Down the stretch", _factor_words(state)))
    if state.finish is not None:
        calls.append(("At the wire", _finish_call(state)))
        if state.mode == "full" and (words := _stretch_runs(state)):
            calls.append(("The stretch run", words))
        if words := why_it_was_won(state):
            calls.append((WHY, words))
    return calls


WHY = "Why it was won"
"""The call's last part: the winner's race in words, and the beaten favourite's."""


def why_it_was_won(state: RaceState) -> str:
    """What made the winner's Final Speed Figure, step by step as the scoresheet adds it
    up (pages 10-12, 19-23): its starting APR against the field's, the pace, its form
    and trouble, the race factor (and the rider), and its Final Speed roll; a horse
    first past the wire and disqualified; then, where the favourite was beaten, what
    went against it. A dead heat for the win gives each winner's race (it was silent
    there, as if the photo said why: it says only who could not be parted)."""
    assert state.finish is not None
    lines = state.lines
    running = [ln for ln in lines if not ln.out]
    if not state.finish.order:
        return ""
    won = [lines[i] for i in state.finish.order[0]]
    # the race factor "to the winner's"; in a dead heat the winner compared with is named
    # ("to the winner's 11" could be either horse's)
    winner = max(won, key=lambda ln: ln.factor_adj)
    who = "the winner" if len(won) == 1 else winner.name
    words = " ".join(f"{w.name}: {'; '.join(_reasons(state, w, running))}." for w in won)
    first_past = max(running, key=lambda ln: (ln.final_speed or 0, ln.photo_total or 0))
    if first_past not in won and first_past.dq_roll is not None:
        words += f" {first_past.name} was first past the wire but disqualified."
    priced = [(odds.value, ln) for ln in lines if (odds := state.used_odds(ln)) is not None]
    shortest = min((v for v, _ in priced), default=None)
    favourites = [ln for v, ln in priced if v == shortest]
    beaten = sorted(
        (fav for fav in favourites if fav not in won), key=lambda ln: (ln.out, ln.finish or 0)
    )
    if not beaten or len(favourites) > 3:  # four or more at the shortest price: no favourite
        return words
    odds = state.used_odds(beaten[0])
    if len(favourites) == 1:
        return (
            words
            + f" The favourite, {beaten[0].name} ({odds}), {_beaten_by(state, beaten[0], winner, who)}"
        )
    # joint favourites were left out ("the favourite" was said only of one horse)
    other = "other " if len(beaten) < len(favourites) else ""
    if len(beaten) == 1:
        return words + (
            f" The {other}joint favourite, {beaten[0].name} ({odds}), "
            f"{_beaten_by(state, beaten[0], winner, who)}"
        )
    words += f" The {other}joint favourites ({odds}) were beaten."
    for fav in beaten:
        words += f" {fav.name} {_beaten_by(state, fav, winner, who)}"
    return words


def _beaten_by(state: RaceState, fav: Line, winner: Line, who: str = "the winner") -> str:
    """'ran 4th: a Final Speed roll of 4.': where a beaten favourite ended, and why."""
    against = _against(state, fav, winner, who)
    where = "did not finish" if fav.out else f"ran {ordinal(fav.finish or 0)}"
    heat = not fav.out and sum(ln.finish == fav.finish for ln in state.lines) > 1
    if heat:
        where = f"dead-heated for {ordinal(fav.finish or 0)}"  # it said "ran 2nd"
    crossed = 0 if fav.out else wire_place(state.lines, fav)
    moved = crossed and crossed != fav.finish
    if moved and (fav.dq_roll is not None or (fav.finish or 0) <= 3):  # the stewards moved
        # it: "ran 2nd" was said of a favourite 3rd past the wire, "ran 4th" of one 1st
        # past it (out of the money and not its own foul, the chart's place is enough)
        where = f"was {ordinal(crossed)} past the wire, placed {ordinal(fav.finish or 0)}"
        where += " in a dead heat" if heat else ""
    return where + (f": {'; '.join(against)}." if against else ".")  # a reason may hold a comma


def _reasons(state: RaceState, ln: Line, running: list[Line]) -> list[str]:
    top = max(r.runner.start_apr for r in running)
    tops = [r.name for r in running if r.runner.start_apr == top]
    apr = ln.runner.start_apr
    if apr == top:
        rated = f"as the top-rated horse ({apr})" if len(tops) == 1 else f"joint top-rated ({apr})"
    else:
        rated = f"on a rating of {apr}, {top - apr} below {possessive(_names(tops))} {top}"
    if going := _going_cost(state, ln):  # "(26; its Wet rating ...)", not "(26) (its ..."
        rated = f"{rated[:-1]}; {going})" if rated.endswith(")") else f"{rated} ({going})"
    reasons = [f"started {rated}"]
    if ln.pace_adj:
        how = (
            f"suited {him(ln)} (+{ln.pace_adj})"
            if ln.pace_adj > 0
            else f"cost {him(ln)} {-ln.pace_adj}"
        )
        reasons.append(f"the {state.pace} pace {how}")
    if ln.trouble:
        reasons.append(f"came through trouble (form {ln.form_adj:+d})")
    elif ln.form_adj:
        reasons.append(f"{'in' if ln.form_adj > 0 else 'off'} form ({ln.form_adj:+d})")
    final_top = max(r.final_apr for r in running)
    level = sum(r.final_apr == final_top for r in running)
    best = (
        "" if ln.final_apr < final_top else " (the field's best)" if level == 1 else " (joint best)"
    )
    reasons.append(f"ran the stretch on {ln.final_apr}{best}")
    if state.factor and ln.factor_adj:
        rider = " and the rider" if state.ride_applies else ""
        most = max(r.factor_adj for r in running)
        also = ""
        if ln.factor_adj == most > min(r.factor_adj for r in running):
            alone = sum(r.factor_adj == most for r in running) == 1
            also = " (the most in the field)" if alone else " (joint most)"
        reasons.append(f"{state.factor}{rider} {ln.factor_adj:+d}{also}")
    if ln.speed_roll is not None:
        rolls = [r.speed_roll or 0 for r in running]
        higher = sum(r > ln.speed_roll for r in rolls)
        level = sum(r == ln.speed_roll for r in rolls) - 1
        rank = (
            f"{higher} rolled higher" if higher else "none higher" if level else "the field's best"
        )
        reasons.append(f"a Final Speed roll of {ln.speed_roll} ({rank}; 7 is the average)")
    return reasons


def _going_cost(state: RaceState, ln: Line) -> str:
    """What a wet track took off the horse's starting rating, its Wet rating offsetting
    some or all of it (page 7); nothing on a dry track or a rating preset on the
    scoresheet (which already reflects the track, page 9)."""
    race = state.race
    if race.wet_effect >= 0 or not ln.runner.apr_working.startswith("power"):
        return ""
    track = f"the {race.condition} {'turf' if race.surface == 'turf' else 'track'}"
    cost, wet = -wet_adjustment(ln.runner.horse, race.wet_effect), ln.runner.horse.wet
    if not wet:
        return f"{track} cost {him(ln)} {cost}, no Wet rating"
    if not cost:
        return f"{his(ln)} Wet rating of {wet} took {track} in {his(ln)} stride"
    saving = -race.wet_effect - cost
    return f"{track} cost {him(ln)} {cost}, {his(ln)} Wet rating of {wet} saving {saving}"


def _against(state: RaceState, ln: Line, winner: Line, who: str = "the winner") -> list[str]:
    """What the favourite lost to the winner, in the scoresheet's order: each step of the
    scoresheet where it came off worse than the winner, and only those (a going or pace
    that cost the winner more was not why the favourite lost; a Final Speed roll above
    the winner's neither). A roll under 7 is said even when the winner's was lower: it is
    why the favourite ran where it did behind the others. ``who``: the winner as said
    ("the winner", or a dead-heater's name)."""
    if ln.out:
        return ["out of the race in trouble"]
    said = []
    if ln.runner.start_apr < winner.runner.start_apr:
        said.append(
            f"started on {ln.runner.start_apr} to {possessive(who)} {winner.runner.start_apr}"
        )
    going = _going_cost(state, ln)
    if " cost " in going and _going_points(state, ln) > _going_points(state, winner):
        said.append(going)
    if pace := _pace_against(state, ln.pace_adj, winner.pace_adj, who, him(ln)):
        said.append(pace)
    if ln.trouble and ln.form_adj < 0:
        said.append(f"trouble and form cost {him(ln)} {-ln.form_adj}")
    elif ln.form_adj < 0:
        said.append(f"off form ({ln.form_adj:+d})")
    if winner.form_adj > max(ln.form_adj, 0):
        better = f"better form ({winner.form_adj:+d} to {his(ln)} {ln.form_adj:+d})"
        said.append(f"{who} in {better if ln.form_adj > 0 else f'form ({winner.form_adj:+d})'}")
    if state.factor and ln.factor_adj < winner.factor_adj:
        rider = " and the rider" if state.ride_applies else ""
        said.append(
            f"{state.factor}{rider} gave {him(ln)} {ln.factor_adj:+d} to "
            f"{possessive(who)} {winner.factor_adj:+d}"
        )
    if ln.speed_roll is not None and winner.speed_roll is not None:
        if ln.speed_roll < winner.speed_roll:
            said.append(
                f"a Final Speed roll of {ln.speed_roll} to {possessive(who)} {winner.speed_roll}"
            )
        elif ln.speed_roll < 7:
            said.append(f"a Final Speed roll of {ln.speed_roll}")
    if ln.final_speed is not None and ln.final_speed == winner.final_speed:
        said.append("beaten in the photo")
    if ln.dq_roll is not None:
        said.append(f"disqualified (die {ln.dq_roll})")
    return said


def _going_points(state: RaceState, ln: Line) -> int:
    """What a wet track took off the horse's starting rating (0 on a preset rating)."""
    if state.race.wet_effect >= 0 or not ln.runner.apr_working.startswith("power"):
        return 0
    return -wet_adjustment(ln.runner.horse, state.race.wet_effect)


def _pace_against(
    state: RaceState, pace: int, winners: int, who: str = "the winner", it: str = "him"
) -> str:
    """The pace's cost to a beaten favourite beside what it did to the winner, when the
    favourite came off worse ("the fast pace cost it 2 to the winner's 1")."""
    if pace >= winners:
        return ""
    words = f"the {state.pace} pace"
    if pace < 0:
        words += f" cost {it} {-pace}"
        if winners < 0:
            return f"{words} to {possessive(who)} {-winners}"
        return f"{words} and suited {who} (+{winners})" if winners else words
    if pace == 0:
        return f"{words} suited {who} (+{winners}), not {it}"
    return f"{words} suited {it} less (+{pace} to {possessive(who)} +{winners})"


TROUBLE_WORDS = {
    "out of the race": "is out of the race",
    "no further trouble": "runs into trouble but comes through it",
    "interference, will be disqualified": (
        "interferes with a rival: the stewards will disqualify {him}"
    ),
    "steered clear": "is in traffic, and {jockey} steers {him} clear",
    "bumped and checked, 2 more points": "is bumped and checked, and loses 2 more points",
    "no foul": "comes close to a foul, but {jockey} keeps {him} clear",
    "caused interference, disqualified": (
        "is in tight, {jockey} cannot keep {him} clear: the stewards will disqualify {him}"
    ),
}
"""What a fan is told of each last reading of the Trouble chart and the jockey's test
(pages 11 and 22), keyed by the engine's reading after its colon."""


def trouble_words(state: RaceState, ln: Line) -> str:
    """One horse's trouble as a caller says it, then the readings that made it: in
    Fullplay, where it was running when trouble came (the Race Position segment)."""
    last = ln.trouble[-1].partition(": ")[2]
    said = TROUBLE_WORDS.get(last, last).format(jockey=ln.runner.jockey.name, him=him(ln))
    where = ""
    before = len(ln.race_points) - 2  # the segment before the Race Position segment's
    if state.mode == "full" and before >= 0 and running_at(ln, before):
        field = [r for r in state.lines if running_at(r, before)]
        ahead = sum(r.race_points[before] > ln.race_points[before] for r in field)
        segment = "down the backstretch" if "setup" in state.segments else "at the break"
        level = sum(r.race_points[before] == ln.race_points[before] for r in field) > 1
        # "in front" was said of one of five horses level for the lead
        place = ("sharing the lead" if level else "in front") if ahead == 0 else ordinal(ahead + 1)
        where = f", {place} {segment},"
    readings = ["form roll 3"]
    for reading in ln.trouble:
        roll = reading.partition(":")[0]
        if roll.startswith("jockey test"):
            roll += f" against the rider's Trouble {ln.runner.jockey.trouble}"
        readings.append(roll.replace("trouble", "Trouble chart", 1))
    # what the trouble cost: the form roll of 3's reading and any 2 more points (S1), the
    # only form reading the horse has ("comes through it" was said of a horse it cost a
    # point, the form words after it saying "drops Sunday Silence to 24 (-1)")
    cost = -ln.form_adj
    if not ln.out and cost > 0:
        points = "a point" if cost == 1 else f"{cost} points"
        if last == "bumped and checked, 2 more points" and cost > 2:
            said += f", {cost} in all"
        elif last != "bumped and checked, 2 more points":
            said += f"; the trouble costs {him(ln)} {points}"
    return f"{ln.name}{where} {said} ({', '.join(readings)})."


def completed(state: RaceState, segment: str) -> bool:
    """Whether every roll of ``segment`` has been made."""
    if state.finish is not None:
        return True
    return segment in state.segments and state.segments.index(segment) < state.segment


def _pace_words(state: RaceState) -> str:
    if state.pace is None:
        return ""
    helped = [ln.name for ln in state.lines if ln.pace_adj > 0 and not ln.out]
    hurt = [ln.name for ln in state.lines if ln.pace_adj < 0 and not ln.out]
    words = f"The pace is {state.pace}{_race_pace_sum(state)}."
    if state.mode == "quick":
        words = f"{_speed_words(state)}, and the pace is {state.pace}."
    running = [ln.name for ln in state.lines if not ln.out]
    spared = [name for name in running if name not in helped and name not in hurt]
    if helped and len(hurt) >= 4 and len(spared) <= 2:  # "costs every other horse but X"
        but = f" but {_names(spared)}" if spared else ""
        return words + f" It sets up for {_names(helped)} and costs every other horse{but}."
    if helped:
        words += f" It sets up for {_most(helped, running)}."
    if hurt:
        words += f" It costs {_most(hurt, running)}."
    return words


def _race_pace_sum(state: RaceState) -> str:
    """Fullplay: the race points the Race Pace chart read, added up as page 19 adds them
    ("Discreetly Mine, with 24 points, and Super Saver, with 20 points ... a total of 44
    points ... Our roll is a 4"): ' (Discreetly Mine and Super Saver led down the
    backstretch on 24 + 20 = 44 race points, die 4)'; in a field the field-size term
    moves (ruling S18), what it did in a fan's words and its Field die as the detail."""
    if state.mode != "full":
        return ""
    at = 1 if "setup" in state.segments else 0  # race points after the break, or the setup
    field = sorted(
        (ln for ln in state.lines if running_at(ln, at)),
        key=lambda ln: (-ln.race_points[at], ln.post),
    )
    points = [ln.race_points[at] for ln in field[:2]]
    total = state.pace_total or 0
    said = f"the two leaders' {total} race points"
    if len(points) == 2 and sum(points) == total:
        where = "down the backstretch" if at else "at the break"  # not the order at the turn
        said = f"{_leaders(field, at, where)} = {total} race points"
    dice = [f"die {state.pace_roll[0]}"] if state.pace_roll else []
    term = pace_term_words(state)
    if term:
        said += f"; {term}"
        if state.field_die is not None:  # the detail, for who wants it: both dice named
            dice = [f"field die {state.field_die}", *(f"pace {d}" for d in dice)]
        return f" ({'; '.join([said, ', '.join(dice)]) if dice else said})"
    return f" ({', '.join([said, *dice])})"


def _leaders(field: list[Line], at: int, where: str) -> str:
    """The horses whose race points the pace is read from, as the call had them placed,
    and the sum: "Discreetly Mine and Super Saver led down the backstretch on 24 + 20";
    the leader and those level second ("Enable led ... on 21, Secretariat and Kelso next
    on 20: 21 + 20"); all those level in front ("5 horses led at the break on 22 each:
    22 + 22", where "Dr. Fager and Dayjur led at the break on 22 + 22" was said of five
    horses level on 22, the call having had all five line up for the lead)."""
    top, second = field[0].race_points[at], field[1].race_points[at]
    level = [ln.name for ln in field if ln.race_points[at] == second]
    added = f"{top} + {second}"

    def who(names: list[str]) -> str:
        return _names(names) if len(names) <= 4 else f"{len(names)} horses"

    if len(level) == 1 or (top == second and len(level) == 2):
        return f"{field[0].name} and {field[1].name} led {where} on {added}"
    if top == second:
        return f"{who(level)} led {where} on {top} each: {added}"
    return f"{field[0].name} led {where} on {top}, {who(level)} next on {second}: {added}"


def _most(named: list[str], running: list[str]) -> str:
    """Horses of the field, by name; most of a field by those left out ("every horse
    but Midnight Lute"), as a caller would not read out nine names of ten."""
    rest = [name for name in running if name not in named]
    if len(named) < 4 or len(rest) > 2:
        return _names(named)
    if not rest:
        return "every horse in the race"
    return f"{'every horse' if len(rest) == 1 else 'all'} but {_names(rest)}"


def _speed_words(state: RaceState) -> str:
    """Quickplay: who goes for the lead, the two highest Pace ratings the Pace Scenario
    chart reads (page 10), and its reading."""
    paces = sorted((ln.runner.horse.pace for ln in state.lines), reverse=True)
    speed = [ln for ln in state.lines if ln.runner.horse.pace >= paces[min(1, len(paces) - 1)]]
    speed.sort(key=lambda ln: -ln.runner.horse.pace)
    if len(speed) <= 4:
        who = _names([f"{ln.name} (Pace {ln.runner.horse.pace})" for ln in speed])
    else:
        who = f"{len(speed)} horses with Pace {paces[1]} or more"
    verb = "goes" if len(speed) == 1 else "go"
    roll = f", dice {sum(state.pace_roll)}" if state.pace_roll is not None else ""
    # the sum the chart is read by, added up ("Pace Scenario 13" told a fan nothing of
    # where 13 came from: the two highest Pace ratings, page 10)
    added = f"{paces[0]} + {paces[1]} = " if len(paces) > 1 else ""
    reading = f"({added}{state.pace_total} on the Pace Scenario chart{roll})"
    # a closer does not "go for the lead" (page 7: a low Pace "will most likely drop to
    # the back"): a lone speed horse, or a field with no speed at all, is said as such
    if len(paces) > 1 and paces[1] <= CLOSER_PACE < paces[0]:
        lone = speed[0]
        return (
            f"{lone.name} (Pace {paces[0]}) is the lone speed; nothing else is faster than "
            f"Pace {paces[1]} {reading}"
        )
    if paces[0] <= CLOSER_PACE:
        return f"Nobody wants the lead: {who} {'is' if len(speed) == 1 else 'are'} the most forward {reading}"
    return f"{who} {verb} for the lead {reading}"


CLOSER_PACE = 3
"""The highest Pace rating the call counts as a horse that sits back (page 7: "0" drops
to the back and makes one run; "8" or "9" wants the lead)."""


def pace_term_words(state: RaceState) -> str:
    """What Fullplay's field-size term did to the top-two total (ruling S18), as a racing
    fan would have it: "with 12 runners a quick pair up front is likelier, so they count
    as 43" (the call said "The Field die shows 3", a die no fan has heard of: the die
    stays in the call's brackets as the detail); "" when the term took nothing and no
    Field die was rolled."""
    term, runners, total = state.pace_term or 0, len(state.lines), state.pace_total or 0
    if term == 0 and state.field_die is None:
        return ""
    shift, _ = state.charts.pace_term(runners, state.race.furlongs < SETUP_MIN_FURLONGS)
    likely = "rarer" if term < 0 or shift < 0 else "likelier"
    counted = (
        "yet this time they count in full" if term == 0 else f"so they count as {total - term}"
    )
    return f"with {runners} runners a quick pair up front is {likely}, {counted}"


def _form_words(state: RaceState) -> str:
    """Whose form (and trouble) moved the Final Adjusted Power Rating, and to what: the
    rating the stretch is run on (page 23: "the key to the horse's success or failure")."""
    moved = [ln for ln in state.lines if ln.form_adj and not ln.out]
    if not moved:
        return "Every horse runs to its rating today."
    up = [f"{ln.name} to {ln.final_apr} ({ln.form_adj:+d})" for ln in moved if ln.form_adj > 0]
    down = [f"{ln.name} to {ln.final_apr} ({ln.form_adj:+d})" for ln in moved if ln.form_adj < 0]
    parts: list[str] = []
    if up:
        parts.append("Form lifts " + ", ".join(up))
    if down:
        parts.append(("drops " if up else "Form drops ") + ", ".join(down))
    best = max((ln for ln in state.lines if not ln.out), key=lambda ln: ln.final_apr)
    tops = [ln.name for ln in state.lines if not ln.out and ln.final_apr == best.final_apr]
    who = _names(tops) if len(tops) <= 4 else f"{len(tops)} horses"  # a crowd is counted
    lead = f"{who} {'has' if len(tops) == 1 else 'share'} the best rating, {best.final_apr}"
    return "; ".join(parts) + f". {lead}."


def _drop_back_words(state: RaceState) -> str:
    """Fullplay: who dropped back turning for home, too far below the best Final
    Adjusted Power Rating to stay in touch (ruling S30) or too far down a big field's
    ratings (ruling S31), and by how much (the running order called before these words
    already has them there)."""
    running = [ln for ln in state.lines if not ln.out]
    dropped = sorted((ln for ln in running if ln.drop_back), key=lambda ln: (ln.drop_back, ln.post))
    if not dropped:
        return ""
    best = max(ln.final_apr for ln in running)
    by_gap = [ln for ln in dropped if ln.drop_back == state.charts.drop_back(best - ln.final_apr)]
    by_rank = [ln for ln in dropped if ln not in by_gap]
    said: list[str] = []
    if by_gap:
        parts = [
            f"{ln.name} {'drops back ' if i == 0 else ''}{_lengths(-ln.drop_back / 2)} "
            f"({best - ln.final_apr}{' points' if i == 0 else ''} below)"
            for i, ln in enumerate(by_gap)
        ]
        said.append(f"Too far below the best rating to stay in touch: {', '.join(parts)}.")
    if by_rank:
        parts = [
            f"{ln.name} {'drops back ' if i == 0 else ''}{_lengths(-ln.drop_back / 2)} "
            f"({'rated ' if i == 0 else ''}"
            f"{ordinal(1 + sum(o.final_apr > ln.final_apr for o in running))})"
            for i, ln in enumerate(by_rank)
        ]
        # an evenly matched big field reads its own chart (ruling S33), and says so
        even = state.charts.even_field([ln.final_apr for ln in running])
        field = "this big and this even" if even else "this big"
        said.append(f"Too far down the ratings in a field {field}: {', '.join(parts)}.")
    return " ".join(said)


def _factor_words(state: RaceState) -> str:
    """The race factor and whom it favours: page 11 adds the horse's Class, Speed or
    Trip rating (and the rider's Ride when the white die calls for it) to its figure."""
    running = [ln for ln in state.lines if not ln.out]
    ride = " and the riders make a difference" if state.ride_applies else ""
    words = f"It comes down to {state.factor}{ride}."
    if not running:
        return words
    best = max(ln.factor_adj for ln in running)
    worst = min(ln.factor_adj for ln in running)
    if best == worst:
        return words + " It favours nobody: every horse is rated alike."
    hurt = [f"{ln.name} ({ln.factor_adj:+d})" for ln in running if ln.factor_adj == worst]
    if best <= 0:  # rated +0 at best: nobody is favoured, the worst are found out
        return words + f" It favours nobody and finds out {_names(hurt)}."
    helped = [f"{ln.name} ({ln.factor_adj:+d})" for ln in running if ln.factor_adj == best]
    rest = [f"{ln.name} ({ln.factor_adj:+d})" for ln in running if ln.factor_adj != best]
    if len(helped) >= 4 and len(rest) <= 2:  # twelve names of fourteen read out: say the few
        return words + f" It gives every horse {best:+d} but {_names(rest)}."
    words += f" It favours {_names(helped)}"
    if worst < 0:
        words += f"; it finds out {_names(hurt)}"
    return words + "."


def _stretch_runs(state: RaceState) -> str:
    """Fullplay: how the order turning for home became the result, the closers who ran
    into the money from the back (passing a horse that was ahead of them: 3rd of five
    turning for home and 3rd at the wire did not close) and the leaders who did not
    hold on."""
    turn = len(state.lines[0].race_points) - 1
    at_turn = [ln for ln in state.lines if not ln.out and running_at(ln, turn)]
    if len(at_turn) < 4 or turn < 0:
        return ""
    ranked = sorted(at_turn, key=lambda ln: -ln.race_points[turn])
    points = [ln.race_points[turn] for ln in ranked]
    back_half = len(ranked) // 2
    words = []
    for ln in sorted(ranked, key=lambda ln: ln.finish or 0):  # the winner's run first
        place = ln.finish or 0
        # where it crossed the wire: a closer that finished 2nd and was placed 1st when
        # the winner was disqualified did not "close to win" (Century Classic, seed 6)
        crossed = wire_place(state.lines, ln)
        behind_at_turn = sum(p > ln.race_points[turn] for p in points)
        passed = crossed <= behind_at_turn  # crossed ahead of a horse ahead of it
        if behind_at_turn >= back_half and 1 <= place <= 3 and passed and ln.dq_roll is None:
            where = (
                "last" if ln.race_points[turn] == points[-1] else f"{ordinal(behind_at_turn + 1)}"
            )
            level = sum(_wire_key(r) == _wire_key(ln) for r in at_turn) > 1
            to = f"dead-heat for {ordinal(crossed)}" if level else f"finish {ordinal(crossed)}"
            if crossed == 1:  # "closes to finish 1st": a caller says the horse wins
                to = "dead-heat for the win" if level else "win"
            if place != crossed:  # the stewards moved it up (the wire says whom they took down)
                to += f", placed {ordinal(place)}"
            words.append(f"{ln.name}, {where} turning for home, closes to {to}")
    leader = ranked[0]
    if leader.dq_roll is not None:  # placed by the stewards, not faded (the wire says so)
        pass
    elif points[0] > points[1] and (leader.finish or 0) > 3:
        words.append(
            f"{leader.name}, in front turning for home, fades to {ordinal(leader.finish or 0)}"
        )
    elif points[0] > points[1] and leader.finish == 1:
        crossed = wire_place(state.lines, leader)
        words.append(
            f"{leader.name} leads turning for home and holds on"
            if crossed == 1
            else f"{leader.name} leads turning for home, is caught, "
            f"finishes {ordinal(crossed)} and is placed 1st"
        )
    return "; ".join(words) + "." if words else ""


def _wire_key(ln: Line) -> tuple[int, int]:
    """How a horse crossed the wire: its Final Speed Figure, then its photo total."""
    return (ln.final_speed or 0, ln.photo_total or 0)


def wire_place(lines: list[Line], ln: Line) -> int:
    """The place a horse crossed the wire in, before the stewards moved anyone: one more
    than the horses that finished ahead of it (a dead heat shares its place)."""
    return 1 + sum(_wire_key(r) > _wire_key(ln) for r in lines if not r.out)


FEMALE = ("filly", "mare")
"""The cards' sexes a caller says "her" of (page 6: "female horses"); the colt, horse and
gelding are "him"."""


def him(ln: Line) -> str:
    """The horse as a caller says it, by its card's sex: "steers her clear", "the fast
    pace cost him 2" (the call said "it" of every horse: "Ron Turcotte steers it clear")."""
    return "her" if ln.runner.horse.sex in FEMALE else "him"


def his(ln: Line) -> str:
    """The horse's own, by its card's sex: "his Wet rating", "in her stride"."""
    return "her" if ln.runner.horse.sex in FEMALE else "his"


def possessive(name: str) -> str:
    """A horse's name as its owner: "Ribot's", "Crab Grass's", "Sea the Stars'" (it said
    "Sea the Stars's")."""
    return f"{name}'" if name.endswith("s") and not name.endswith("ss") else f"{name}'s"


def _names(names: list[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _finish_call(state: RaceState) -> str:
    """The wire, then the stewards: horses level on figure and photo total are called
    together as a dead heat; a disqualification that breaks one says so."""
    assert state.finish is not None
    lines = state.lines
    running = [i for i in range(len(lines)) if not lines[i].out]
    if not running:
        return "No horse finished."
    groups: dict[tuple[int, int], list[int]] = {}
    for i in running:
        groups.setdefault((lines[i].final_speed or 0, lines[i].photo_total or 0), []).append(i)
    wire = [groups[key] for key in sorted(groups, reverse=True)]
    # the first three, and any horse in a photo with the third: the photo's sum named a
    # horse the call had not ("then John Henry by 1 1/2 lengths. The photo ...: John
    # Henry 8 + 8 + 1 = 17, Nijinsky 8 + 6 + 1 = 15")
    called = min(3, len(wire))
    while called < len(wire) and _figure(lines, wire[called]) == _figure(lines, wire[called - 1]):
        called += 1
    words = []
    for n, group in enumerate(wire[:called]):
        names = _names([lines[i].name for i in group])
        if n == 0:
            words.append(
                f"{names} hits the wire first"
                if len(group) == 1
                else f"{names} hit the wire together"
            )
            continue
        ahead = wire[n - 1]
        gap = state.finish.beaten[group[0]] - state.finish.beaten[ahead[0]]
        photo = lines[group[0]].final_speed == lines[ahead[0]].final_speed
        how = f"by {_lengths(gap)}" + (" in a photo" if photo else "")
        words.append(f"{names} together, {how}" if len(group) > 1 else f"{names} {how}")
    text = ", then ".join(words) + "."
    photos = [g for g in _photo_groups(lines, running)]
    for group in photos:
        totals = ", ".join(_photo_sum(lines[i]) for i in group)
        level = "both" if len(group) == 2 else "all"
        figure = lines[group[0]].final_speed
        text += (
            f" The photo, {level} on a speed figure of {figure}, goes by two dice, the Wire "
            f"rating and the rider: {totals}."
        )
    for n, group in enumerate(wire):
        if len(group) < 2:
            continue
        names = _names([lines[i].name for i in group])
        places = {lines[i].finish for i in group}
        kept = [i for i in group if lines[i].dq_roll is None]
        if len(places) == 1 and n >= called:
            continue  # a dead heat behind the three horses called: the chart says it
        if len(places) == 1:  # no disqualification, or all of them landing together
            text += f" Dead heat for {ordinal(lines[group[0]].finish or 0)}: {names}."
        elif kept:
            alone = _names([lines[i].name for i in kept])
            text += (
                f" The stewards break the dead heat between {names}: {alone} "
                f"{'has' if len(kept) == 1 else 'share'} {ordinal(lines[kept[0]].finish or 0)}."
            )
    for i in running:
        if lines[i].dq_roll is not None:
            past = 1 + sum(len(g) for g in wire[: next(n for n, g in enumerate(wire) if i in g)])
            text += (
                f" The stewards disqualify {lines[i].name}, {ordinal(past)} past the wire "
                f"(die {lines[i].dq_roll}): placed {ordinal(lines[i].finish or 0)}."
            )
    return text


def _figure(lines: list[Line], group: list[int]) -> int:
    return lines[group[0]].final_speed or 0


def _photo_sum(ln: Line) -> str:
    """A horse's photo total as it is added up (page 12, ruling S9): the two dice, its Wire
    rating and its rider's Ride rating; the bare total told a fan nothing of why."""
    wire, ride = ln.runner.horse.wire, ln.runner.jockey.ride
    dice = (ln.photo_total or 0) - wire - ride
    rider = f" {'-' if ride < 0 else '+'} {abs(ride)}" if ride else ""
    return f"{ln.name} {dice} + {wire}{rider} = {ln.photo_total}"


def official_words(state: RaceState) -> str:
    """The official result as the board posts it once the stewards are done: the first
    three (a dead heat said), where each disqualified horse was placed, the winner's
    time. Said once, after the call (the wire says who crossed first, not this)."""
    assert state.finish is not None
    lines = state.lines
    places = []
    for group in state.finish.order[:3]:
        if (lines[group[0]].finish or 0) > 3:  # after a dead heat: the board posts three
            break
        names = " and ".join(f"#{lines[i].post} {lines[i].name}" for i in group)
        heat = ", a dead heat" if len(group) > 1 else ""
        places.append(f"{ordinal(lines[group[0]].finish or 0)} {names}{heat}")
    words = ("; ".join(places) if places else "no horse finished") + "."
    for ln in lines:
        if ln.dq_roll is not None and not ln.out:
            words += f" #{ln.post} {ln.name} is disqualified, placed {ordinal(ln.finish or 0)}."
    if state.finish.winner_seconds is not None:
        words += f" The time: {format_time(state.finish.winner_seconds)}."
    return words


def _photo_groups(lines: list[Line], running: list[int]) -> list[list[int]]:
    """Horses level on the Final Speed Figure near the front, who rolled a photo."""
    by_figure: dict[int, list[int]] = {}
    for i in running:
        by_figure.setdefault(lines[i].final_speed or 0, []).append(i)
    figures = sorted(by_figure, reverse=True)
    near_front = []
    called = 0
    for figure in figures:
        group = by_figure[figure]
        if called >= 3:
            break
        if len(group) > 1:
            near_front.append(sorted(group, key=lambda i: -(lines[i].photo_total or 0)))
        called += len(group)
    return near_front


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
