"""Across the Board bets and the optional Daily Double, taken between races.

Each player has one betting turn per race, in order from the Totemaster's left (R17),
or from one seat further on each race (option ``betting_order``, R27): any number of
$150 tickets (3 fifties), Daily Double tickets before race 1, loans and dealings, then
"done". When the last player is done the windows close and the handle,
the carry-over and any purse are dealt into the seven windows (rule D).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.across.content.loader import HORSES
from homestretch.games.across.rules import auction, dealings, loans
from homestretch.games.across.rules.actions import Bet, DailyDouble, Done
from homestretch.games.across.rules.phases import BETTING, RACE
from homestretch.games.across.rules.race import Race
from homestretch.games.across.rules.totalizator import TICKET_PRICE, deal, split

if TYPE_CHECKING:
    from homestretch.games.across.rules.state import AcrossState

PURSE_RACES = {3: "race3", 5: "race5"}
LOANS_DUE_BEFORE = 7


def open_window(state: AcrossState, race: int) -> None:
    if race == LOANS_DUE_BEFORE and not state.loans_settled:
        unpaid = loans.fall_due(state)
        if unpaid:
            auction.start(state, unpaid)  # ends by opening this window again
            return
    state.race_no = race
    state.phase = BETTING
    first = first_bettor(state, race)
    state.bettors = [state.neighbour(first, k) for k in range(state.g.players)]
    state.bettor = 0
    state.offered = set()
    state.tickets = []
    purse = (
        f" (with the {race}{'rd' if race == 3 else 'th'}-race purse)" if race in PURSE_RACES else ""
    )
    state.say(f"Race {race}{purse}: the windows are open")


def first_bettor(state: AcrossState, race: int) -> int:
    """Who bets first in ``race`` of the meet: the Totemaster's neighbour in the direction
    of play (R17), or, with ``betting_order`` "rotate", the seat ``race`` places on from
    the Totemaster, so the first turn moves one seat on each race (R27)."""
    return state.neighbour(state.totemaster, race if state.g.betting_order == "rotate" else 1)


def daily_double_open(state: AcrossState) -> bool:
    return state.g.daily_double and state.race_no == 1 and state.phase == BETTING


def menu(state: AcrossState, seat: int) -> list[Action]:
    options: list[Action] = [Done()]
    cash = state.cash[seat]
    if cash >= TICKET_PRICE:
        options += [Bet(h) for h in HORSES]
    if daily_double_open(state) and cash >= 1:
        options += [DailyDouble(a, b) for a in HORSES for b in HORSES]
    return options + loans.menu(state, seat) + dealings.menu(state, seat)


def why_illegal(state: AcrossState, seat: int, action: Action) -> str | None:
    cash = state.cash[seat]
    if isinstance(action, Done):
        return None
    if isinstance(action, Bet):
        if action.horse not in HORSES:
            return f"there is no horse #{action.horse} (horses are 2-12)"
        return None if cash >= TICKET_PRICE else "a bet is 3 fifties ($150)"
    if isinstance(action, DailyDouble):
        if not daily_double_open(state):
            return "Daily Double tickets are sold before race 1 when the option is on"
        if action.first not in HORSES or action.second not in HORSES:
            return "Daily Double horses are 2-12"
        return None if cash >= 1 else "a Daily Double ticket is 1 fifty ($50)"
    return "bet, deal, or say done"


def apply(state: AcrossState, seat: int, action: Action) -> None:
    if isinstance(action, Bet):
        state.cash[seat] -= TICKET_PRICE
        state.held += TICKET_PRICE
        state.tickets.append((seat, action.horse))
    elif isinstance(action, DailyDouble):
        state.cash[seat] -= 1
        state.dd_bin += 1
        state.dd_tickets.append((seat, action.first, action.second))
    else:  # Done
        state.bettor += 1
        if state.bettor == len(state.bettors):
            close_windows(state)


def close_windows(state: AcrossState) -> None:
    """The windows close: the handle, the carry-over and any purse are dealt (R18)."""
    parts = {"tickets": state.held, "carried": state.carry, "purse": 0}
    state.held = state.carry = 0
    purse = PURSE_RACES.get(state.race_no)
    if purse:
        parts["purse"] = state.bins[purse]
        state.bins[purse] = 0
    handle = sum(parts.values())
    deal(handle, state.windows)
    # Said once, by the notice's words (words.py): the windows closed, what was dealt.
    state.tell("windows_dealt", handle=handle, **parts, windows=list(state.windows))
    assert state.track is not None
    # "The player to the left of the Trackmaster rolls the dice", whichever way they go
    # round after that (R11).
    first = state.left_of(state.trackmaster)
    state.race = Race.start(state.race_no, state.track, first)
    state.phase = RACE
    dealings.lapse_horse_offers(state)


def settle_daily_double(state: AcrossState, first: int, second: int, paid: dict[int, int]) -> None:
    """After race 2: the bin split per winning ticket; odd fifties, or all of it when
    nobody won, go into race 3 (R19)."""
    winners = [s for s, a, b in state.dd_tickets if (a, b) == (first, second)]
    if winners:
        tickets = "1 ticket" if len(winners) == 1 else f"{len(winners)} tickets"
        state.say(f"Daily Double {first}-{second}: {state.dd_bin} over {tickets}")
    else:
        state.say(f"No Daily Double winners: {state.dd_bin} go into race 3")
    shares, odd = split(state.dd_bin, winners)
    state.tell(
        "daily_double",
        pair=[first, second],
        pool=state.dd_bin,
        tickets=len(winners),
        each=state.dd_bin // len(winners) if winners else 0,
        to_race_3=odd,
    )
    for seat, amount in sorted(shares.items()):
        state.cash[seat] += amount
        paid[seat] = paid.get(seat, 0) + amount
        state.tell("payment", seat=seat, amount=amount, why="daily double")
    state.carry += odd
    state.dd_bin = 0
