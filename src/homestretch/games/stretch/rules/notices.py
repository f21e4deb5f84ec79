"""The race's typed notices, each with its words: the morning line posted, the windows
closed, the off, each part of the call with its leaders, the official result, and what
the tote paid (each pool's prices, and who collects what on which pool).

Words are made here, once, for every surface: the terminal prints them and the board
shows them as the frames bring them. A notice about a player carries the ``seat`` and
the ``name`` its words open with, so a page that knows the seat by another name (an
open seat taken later) can say it. The data beside the words is typed, so a surface
never parses the words to learn what happened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from homestretch.games.stretch.rules.betting import money
from homestretch.games.stretch.rules.report import completed, official_words, race_call, running_at
from homestretch.games.stretch.rules.tote import POOLS

if TYPE_CHECKING:
    from homestretch.games.stretch.rules.engine import RaceState
    from homestretch.games.stretch.rules.sheet import Line

BEFORE_THE_OFF = ("start", "odds", "betting")
"""Segments run before the gate opens."""
CALLED_AFTER = {"pace", "form", "break", "setup", "position", "factors"}
"""Segments after which the call has a new part (the rest wait for the wire)."""
RUNNING_ORDER = ("At the break", "Down the backstretch", "Turning for home")
"""Fullplay parts of the call read from the running order (race points)."""


def announce(state: RaceState) -> None:
    """Emit whatever has happened since the last call, each notice once. Called when
    the engine has planned ahead, so a notice stands at the event that caused it."""
    told = state.announced
    key = f"{state.segment}/{state.finish is not None}"
    if key in told:
        return  # nothing new within a segment
    told.add(key)
    if "morning line" not in told and _morning_line_up(state):
        told.add("morning line")
        state.notice("morning-line", **_morning_line(state))
    if "betting" in state.segments and "closed" not in told and completed(state, "betting"):
        told.add("closed")
        state.notice("betting-closed", **_closed(state))
    if "off" not in told and state.current_segment not in BEFORE_THE_OFF:
        told.add("off")
        running = [ln.post for ln in state.lines if not ln.out]
        race = state.race
        # "They're off in the The Century Classic": a name with its own article keeps it
        named = race.name if race.name.lower().startswith("the ") else f"the {race.name}"
        words = (
            f"They're off in {named}: {len(running)} runners, "
            f"{race.distance} on the {race.surface}, {race.condition}."
        )
        state.notice("off", runners=running, words=words)
    if _new_call_parts(state):
        _call(state)
    if state.finish is not None and "official" not in told:
        told.add("official")
        state.notice("official", **_official(state))
        if state.windows.settled is not None:
            _tote_paid(state)


def _new_call_parts(state: RaceState) -> bool:
    """Whether a segment the call speaks of has been run since last time (the call is
    worked out only then: a race is called a few times, not at every roll)."""
    done = state.segments if state.finish is not None else state.segments[: state.segment]
    fresh = [s for s in done if s in CALLED_AFTER and f"run {s}" not in state.announced]
    state.announced.update(f"run {s}" for s in fresh)
    return bool(fresh) or (state.finish is not None and "official" not in state.announced)


def _call(state: RaceState) -> None:
    for heading, part in race_call(state):
        if f"call {heading}" not in state.announced:
            state.announced.add(f"call {heading}")
            leaders = _leaders(state, heading)
            state.notice("call", heading=heading, leaders=leaders, words=f"{heading}. {part}")


def _horse(state: RaceState, post: int) -> str:
    return f"#{post} {state.lines[post - 1].name}"


# --- before the off ----------------------------------------------------------------------
def _morning_line_up(state: RaceState) -> bool:
    if "odds" in state.segments and not completed(state, "odds"):
        return False
    return all(state.used_odds(ln) is not None for ln in state.lines)


def _morning_line(state: RaceState) -> dict[str, Any]:
    prices = {str(ln.post): str(state.used_odds(ln)) for ln in state.lines}
    board = ", ".join(f"{_horse(state, int(post))} {odds}" for post, odds in prices.items())
    return {"prices": prices, "words": f"The morning line: {board}."}


def _closed(state: RaceState) -> dict[str, Any]:
    tickets = state.windows.tickets
    pools = {p: 100 * sum(t.dollars for t in tickets if t.pool == p) for p in POOLS}
    total = sum(pools.values())
    closed = (
        "The windows are closed and the sealed tickets opened"  # ruling S25
        if state.game.tote.sealed
        else "The windows are closed"
    )
    where = "bet with the house" if state.house_pays else "in the pools"  # S29
    if not total:
        words = f"{closed}: nobody bet."
    else:
        each = ", ".join(f"{p} {money(c)}" for p, c in pools.items() if c)
        words = f"{closed}: {money(total)} {where} ({each})."
    return {"pools": pools, "tickets": len(tickets), "words": words}


# --- the race ----------------------------------------------------------------------------
def _leaders(state: RaceState, heading: str) -> list[int]:
    """The posts in front at this part of the call: the running order's leaders in
    Fullplay, the best Final APR after the form in Quickplay, the official winners at
    the wire; none where the part has no order (the pace, the race factor, trouble)."""
    running = [ln for ln in state.lines if not ln.out]
    if heading in RUNNING_ORDER:
        parts = [
            h for h in RUNNING_ORDER if h != "Down the backstretch" or "setup" in state.segments
        ]
        at = parts.index(heading)
        here = [ln for ln in state.lines if running_at(ln, at)]
        return _best(here, lambda ln: ln.race_points[at])
    if heading == "Today's form":
        return _best(running, lambda ln: ln.final_apr)
    if heading == "At the wire" and state.finish is not None and state.finish.order:
        return [state.lines[i].post for i in state.finish.order[0]]
    return []


def _best(lines: list[Line], score: Any) -> list[int]:
    if not lines:
        return []
    top = max(score(ln) for ln in lines)
    return [ln.post for ln in lines if score(ln) == top]


def _official(state: RaceState) -> dict[str, Any]:
    assert state.finish is not None
    lines = state.lines
    return {
        "order": [[lines[i].post for i in group] for group in state.finish.order],
        "disqualified": [ln.post for ln in lines if ln.dq_roll is not None and not ln.out],
        "out": [ln.post for ln in lines if ln.out],
        "words": f"Official: {official_words(state)}",
    }


# --- the tote ----------------------------------------------------------------------------
def _tote_paid(state: RaceState) -> None:
    """Each pool's $2 prices, then every collection: one notice per player, pool and
    horse, the cents summing to what the pool paid that player."""
    names = state.game.tote.names
    house = state.windows.paid_by == "house"  # a lone bettor's, at page 15's prices (S29)
    for pool in state.windows.settled or []:
        if not pool.total:
            continue
        if house:
            prices = ", ".join(
                f"{_horse(state, post)} pays {money(cents)}" for post, cents in pool.prices.items()
            )
            words = (
                f"The house pays {pool.pool} at the chart's prices (S29): {prices} for $2."
                if prices
                else f"The house keeps the {money(pool.total)} bet to {pool.pool}: no ticket paid."
            )
        elif pool.refunded:
            words = f"The {pool.pool} pool, {money(pool.total)}: no paying ticket, every stake given back."
        else:
            prices = ", ".join(
                f"{_horse(state, post)} pays {money(cents)}" for post, cents in pool.prices.items()
            )
            # "your tote's": the result chart's Win/Place/Show are the odds chart's $2
            # prices, another sum for the same ticket
            words = f"Your tote's {pool.pool} pool, {money(pool.total)}: {prices} for $2."
        prices_json = {str(post): cents for post, cents in pool.prices.items()}
        state.notice(
            "pool",
            pool=pool.pool,
            total=pool.total,
            kept=pool.kept,
            refunded=pool.refunded,
            prices=prices_json,
            words=words,
        )
        collected: dict[tuple[int, int], list[int]] = {}  # (seat, post): [dollars, cents]
        for ticket in state.windows.tickets:
            if ticket.pool != pool.pool:
                continue
            if pool.refunded:
                cents = 100 * ticket.dollars
            elif ticket.post in pool.prices:
                cents = ticket.dollars * pool.prices[ticket.post] // 2
            else:
                continue
            held = collected.setdefault((ticket.seat, ticket.post), [0, 0])
            held[0] += ticket.dollars
            held[1] += cents
        for (seat, post), (dollars, cents) in sorted(collected.items()):
            how = "gets back" if pool.refunded else "collects"
            source = f"from the house on {pool.pool}" if house else f"from the {pool.pool} pool"
            words = (
                f"{names[seat]} {how} {money(cents)} {source}: ${dollars} on {_horse(state, post)}."
            )
            state.notice(
                "payout",
                pool=pool.pool,
                seat=seat,
                name=names[seat],
                post=post,
                dollars=dollars,
                cents=cents,
                refunded=pool.refunded,
                words=words,
            )
