"""The picks (section 2: "Each player chooses one horse to Win, Place, or Show") and the
scratches (section 4, Special Rules: "If your horse is scratched before the official
start, choose another horse or sit out that race"): who picks first (R7, R17), sealed
picks (R22, R26), picks confirmed before they close (R24), a pick changed while picks
are open, and the keeper closing picks early (R23) or posting late scratches.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.derbycast.rules.actions import Pick, PostScratches, SealedPick, opened
from homestretch.games.derbycast.rules.card import Source, scratch_list_problem
from homestretch.games.derbycast.rules.phases import Phase
from homestretch.games.derbycast.rules.scoring import score
from homestretch.games.derbycast.rules.table import Bet

if TYPE_CHECKING:
    from homestretch.games.derbycast.rules.game import DerbyCastState


class Order(StrEnum):
    """Who picks first: marker 1 every race (R7 as first ruled, and saved games from
    before the option), or a first picker who moves down one marker each race (R17)."""

    marker = "marker"
    rotate = "rotate"


# --- the checks -----------------------------------------------------------------------------
def sealing_problem(state: DerbyCastState, player: int, action: SealedPick | Pick) -> str | None:
    """Open picks are Picks; sealed ones are the seat's own tickets."""
    if not state.game.sealed:
        return "picks are not sealed at this table" if isinstance(action, SealedPick) else None
    if isinstance(action, Pick):
        return "picks are sealed at this table: send your pick as a sealed ticket"
    opened_pick = opened(action) if isinstance(action.ticket, str) else None
    if opened_pick is None:
        return "a sealed ticket reads MARKER|BET|HORSE"
    if opened_pick[0] != player + 1:
        return f"that ticket is marker {opened_pick[0]}'s, not yours"
    return None


def changing_pick(state: DerbyCastState, player: int, action: Action) -> bool:
    """A marker that has picked may pick again until the keeper closes picks."""
    return (
        isinstance(action, Pick | SealedPick)
        and state.picks_open()
        and state.game.source is Source.keeper
        and state.picks.get(player) is not None
    )


def change_problem(state: DerbyCastState, player: int, action: Action) -> str | None:
    pick = _as_pick(action)
    assert state.race is not None and pick is not None
    if pick.horse in state.scratched or pick.horse not in state.race.horses:
        return f"{pick.horse} is not running in {state.race.name}"
    if pick.bet not in {b.value for b in Bet}:
        return f"unknown bet {pick.bet!r} (win, place or show)"
    if pick == state.picks.get(player):
        return f"that is already your pick ({pick})"
    return None


def early_close_problem(state: DerbyCastState, action: PostScratches) -> str | None:
    """Closing before every marker has picked (or confirmed): the keeper names the
    markers who have not picked, and they sit out (R23)."""
    missing = [c + 1 for c in state.contenders() if c not in state.picks]
    if sorted(action.sit_out) != missing:
        named = ", ".join(str(m) for m in missing) or "nobody"
        return f"to close picks now, name the markers who have not picked: {named}"
    return scratches_problem(state, action)


def scratches_problem(state: DerbyCastState, action: PostScratches) -> str | None:
    assert state.race is not None
    if action.horses and state.simulation is not None:
        return "Top of the Stretch runs every horse on its card: no late scratches"
    if state.phase is Phase.scratches and action.sit_out:
        return "every marker has picked: nobody need sit out"
    return scratch_list_problem(action.horses, state.race, state.scratched)


# --- the picks made -------------------------------------------------------------------------
def pick(state: DerbyCastState, player: int, action: Action) -> None:
    """A pick while picks are open: a first pick, or one changed (sealed: its ticket kept)."""
    if isinstance(action, SealedPick):
        state.tickets.setdefault(player, set()).add(action.ticket)
        if player in state.sealed_at:
            state.changed_sealed.add(state.sealed_at[player])
        state.sealed_at[player] = len(state.events) - 1  # this move, logged
    state.picks[player] = _as_pick(action)
    state.confirmed.discard(player)
    if state.phase is Phase.scratches and state.game.confirm:
        state.phase = Phase.confirm  # a changed pick must be confirmed again
    if state.phase is Phase.pick and all(c in state.picks for c in state.contenders()):
        _after_picks(state)


def confirm(state: DerbyCastState, player: int) -> None:
    state.confirmed.add(player)
    if all(c in state.confirmed for c in state.contenders()):
        state.phase = Phase.scratches


def post_scratches(state: DerbyCastState, action: PostScratches) -> None:
    for marker in action.sit_out:
        state.picks[marker - 1] = None
    _announce_scratches(state, state.scratched + action.horses)


def repick(state: DerbyCastState, player: int, action: Action) -> None:
    """A scratched horse's picker picks another or sits out."""
    state.picks[player] = action if isinstance(action, Pick) else None
    state.to_repick.pop(0)
    if not state.to_repick:
        _after_repicks(state)


def _after_picks(state: DerbyCastState) -> None:
    assert state.race is not None
    if state.game.source is Source.replays:
        _announce_scratches(state, state.scratched + state.race.scratched_late)
    else:
        state.phase = Phase.confirm if state.game.confirm else Phase.scratches


def _announce_scratches(state: DerbyCastState, horses: tuple[str, ...]) -> None:
    """'If your horse is scratched before the official start, choose another horse or
    sit out that race.'"""
    state.scratched = horses
    state.to_repick = [
        c for c, chosen in sorted(state.picks.items()) if chosen and chosen.horse in horses
    ]
    if state.to_repick:
        state.phase = Phase.repick
    else:
        _after_repicks(state)


def _after_repicks(state: DerbyCastState) -> None:
    if state.game.source is Source.replays:
        assert state.race is not None
        score(state, state.race)
    else:
        state.phase = Phase.result


def _as_pick(action: Action) -> Pick | None:
    """The pick an action makes (None: sitting out)."""
    if isinstance(action, SealedPick):
        found = opened(action)
        assert found is not None
        return found[1]
    return action if isinstance(action, Pick) else None
