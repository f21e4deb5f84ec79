"""A race as JSON (the scoresheet and the result chart) and as the race call."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.protocol import CHANCE, JSON
from homestretch.games.stretch.finish import format_lengths, format_time
from homestretch.games.stretch.odds_payoffs import payoff
from homestretch.games.stretch.sheet import Line

if TYPE_CHECKING:
    from homestretch.games.stretch.engine import RaceState

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
            "pace_adj": line.pace_adj,
            "form_roll": line.form_roll,
            "form_adj": line.form_adj,
            "final_apr": line.final_apr,
            "factor_adj": line.factor_adj,
            "speed_roll": line.speed_roll,
            "final_speed": line.final_speed,
            "photo_total": line.photo_total,
            "trouble": list(line.trouble),
            "dq_roll": line.dq_roll,
            "finish": line.finish if state.finish is not None else None,
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
        entries.append(item)
    return {
        "race": {
            "name": race.name,
            "date": race.date,
            "track": race.track,
            "furlongs": race.furlongs,
            "distance": race.distance,
            "surface": race.surface,
            "condition": race.condition,
            "wet_effect": race.wet_effect,
        },
        "mode": state.mode,
        "charts": state.charts.name,
        "segment": state.current_segment,
        "finished": state.finish is not None,
        "pace": state.pace,
        "pace_total": state.pace_total,
        "pace_roll": None if state.pace_roll is None else list(state.pace_roll),
        "race_factor": state.factor,
        "ride_applies": state.ride_applies,
        "dice": dice,
        "entries": entries,
        "order": []
        if state.finish is None
        else [[state.lines[i].post for i in group] for group in state.finish.order],
        "final_time": None
        if state.finish is None or state.finish.winner_seconds is None
        else format_time(state.finish.winner_seconds),
    }


# --- the race call ---------------------------------------------------------------------
def running_at(line: Line, at: int) -> bool:
    """Whether the horse was in the race after Fullplay segment ``at``: a horse that goes
    out does so in the segment of its last race points, and was running before it."""
    return len(line.race_points) > at and not (line.out and at == len(line.race_points) - 1)


def running_order_call(lines: list[Line], at: int) -> str:
    """The running order after Fullplay segment ``at``, as a caller says it.

    One race point is half a length (page 17)."""
    field = sorted(
        (ln for ln in lines if running_at(ln, at)),
        key=lambda ln: (-ln.race_points[at], ln.post),
    )
    if len(field) < 2:
        return f"{field[0].name} is alone." if field else ""
    points = [ln.race_points[at] for ln in field]
    if points[0] == points[1]:
        opening, called = f"{field[0].name} and {field[1].name} go head to head for the lead", 2
    else:
        lead = _lengths((points[0] - points[1]) / 2)
        opening, called = f"{field[0].name} shows the way by {lead} from {field[1].name}", 2
    parts = []
    for n in range(called, len(field)):
        gap = (points[n - 1] - points[n]) / 2
        where = "alongside" if gap == 0 else f"{_lengths(gap)} further back"
        parts.append(f"{field[n].name} {where}")
    text = "; ".join([opening, *parts])
    if len(field) > 2:
        text += f"; {_lengths((points[0] - points[-1]) / 2)} covers the field"
    return text + "."


def _lengths(lengths: float) -> str:
    text = format_lengths(lengths)
    if text in ("nose", "head", "neck"):
        return f"a {text}"
    return f"{text} length" + ("" if lengths <= 1 else "s")


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
                words = f"{_pace_words(state)} {words}"
            if words.strip():
                calls.append((heading, words))
    else:
        if completed(state, "pace"):
            calls.append(("The pace", _pace_words(state)))
        form = [f"{ln.name} ({ln.form_adj:+d})" for ln in lines if ln.form_adj]
        if form and completed(state, "form"):
            calls.append(("Today's form", "Form tells: " + ", ".join(form) + "."))
    trouble = [f"{ln.name}: {'; '.join(ln.trouble)}" for ln in lines if ln.trouble]
    if trouble and completed(state, "position" if state.mode == "full" else "form"):
        calls.append(("Trouble", " ".join(t + "." for t in trouble)))
    if state.factor and completed(state, "factors"):
        ride = " and the riders make a difference" if state.ride_applies else ""
        calls.append(("Down the stretch", f"It comes down to {state.factor}{ride}."))
    if state.finish is not None:
        calls.append(("At the wire", _finish_call(state)))
    return calls


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
    words = f"The pace is {state.pace}."
    if helped:
        words += f" It sets up for {', '.join(helped)}."
    if hurt:
        words += f" It costs {', '.join(hurt)}."
    return words


def _finish_call(state: RaceState) -> str:
    assert state.finish is not None
    lines = state.lines
    # the order at the wire: Final Speed Figure, then the photo (page 12)
    crossing = sorted(
        (i for i in range(len(lines)) if not lines[i].out),
        key=lambda i: (lines[i].final_speed or 0, lines[i].photo_total or 0),
        reverse=True,
    )
    if not crossing:
        return "No horse finished."
    first = lines[crossing[0]]
    words = [f"{first.name} hits the wire first"]
    for ahead, i in zip(crossing, crossing[1:3], strict=False):
        gap = state.finish.beaten[i] - state.finish.beaten[ahead]
        photo = lines[i].final_speed == lines[ahead].final_speed
        how = "in a photo" if photo else f"by {_lengths(gap)}"
        words.append(f"{lines[i].name} {how}")
    text = ", then ".join(words) + "."
    for i in range(len(lines)):
        if lines[i].dq_roll is not None:
            text += (
                f" The stewards disqualify {lines[i].name}: placed "
                f"{_ordinal(lines[i].finish or 0)}."
            )
    heats = [g for g in state.finish.order if len(g) > 1]
    for group in heats:
        text += " Dead heat: " + " and ".join(lines[i].name for i in group) + "."
    if state.finish.winner_seconds is not None:
        text += f" The time: {format_time(state.finish.winner_seconds)}."
    return text


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
