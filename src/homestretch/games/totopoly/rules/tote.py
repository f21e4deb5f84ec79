"""The Totalisator (rulebook: "The Totalisator or Bookmaker").

Win betting only, no limit on a bet. Owners first back their own horses, then anyone
backs anything. After the race the clerk takes 10% of the pool and shares the rest
among the winner's backers in proportion to their stakes; if nobody backed the winner
the clerk keeps the pool. The short game has no Tote.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules.actions import Bet, Done
from homestretch.games.totopoly.rules.flow import Flow, amount_box, ask
from homestretch.games.totopoly.rules.words import STAKE_RANGE

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState

STAKES = (1, 5, 10, 25, 50, 100)
COMMISSION_PERCENT = 10


def clerk(state: TotopolyState) -> int:
    """The Totalisator Clerk, or the banker if nobody leased the clerk's card (T16)."""
    holder = state.role_owner("tote")
    return state.banker if holder is None else holder


TOTE_PAYS = (
    " (after the race the pool, less the clerk's 10%, is shared among the tickets on the"
    " winner, in proportion to their stakes; nothing is paid for second or third)"
)
"""How the Tote pays, said where a ticket is bought (THE TOTALISATOR): a person at the
window was asked to back horses and not told what a ticket could win."""


def betting(state: TotopolyState) -> Flow[None]:
    state.phase = "tote"
    runners = sorted(h for h, s in state.status.items() if s == "running")
    if not runners:
        return
    seats = state.seats_from(state.dealer + 1)
    for player in seats:
        own = [h for h in runners if state.horse_owner(h) == player]
        if own:
            first = "back their own horses first"
            prompt = f"back your own horses first{TOTE_PAYS}"
            yield from window(state, player, own, prompt, first, which="own")
    for player in seats:
        yield from window(
            state, player, runners, f"back any horse on the Tote{TOTE_PAYS}", which="any"
        )


def window(
    state: TotopolyState,
    player: int,
    horses: list[int],
    prompt: str,
    others: str | None = None,
    which: str = "any",
) -> Flow[None]:
    """One visit to the Tote: at most one ticket per horse, of any amount (T17);
    ``which``: "own" (owners back their own horses first) or "any"."""
    backed: set[int] = set()
    while state.cash[player] > 0:
        cash = state.cash[player]
        open_horses = [h for h in horses if h not in backed]
        options: list[Action] = [Done()]
        options += [Bet(h, s) for h in open_horses for s in STAKES if s <= cash]

        def check(
            action: Action, cash: int = cash, open_horses: list[int] = open_horses
        ) -> str | None:
            if not isinstance(action, Bet) or action.horse not in open_horses:
                return f"back {', '.join(f'No. {h}' for h in open_horses)}, or say done"
            if not 1 <= action.pounds <= cash:
                return STAKE_RANGE.format(least=1, most=cash)
            return None

        amounts = {"bet": amount_box(1, cash, STAKE_RANGE)}
        choice = yield from ask(
            player, prompt, options, check, others, {"window": which}, amounts=amounts
        )
        if not isinstance(choice, Bet):
            return
        backed.add(choice.horse)
        state.cash[player] -= choice.pounds
        state.tote_pool += choice.pounds
        state.bets.append((player, choice.horse, choice.pounds))
        state.say(f"{state.name_of(player)} backs No. {choice.horse} for £{choice.pounds}")


def dividends(pool: int, stakes: list[int]) -> tuple[list[int], int]:
    """Pay-outs to the winner's backers and what the clerk keeps.

    The clerk's 10% is rounded down to whole pounds; each backer gets his share of the
    rest rounded down, and the odd pounds stay with the clerk (T18)."""
    winning = sum(stakes)
    if winning == 0:
        return [], pool
    net = pool - pool * COMMISSION_PERCENT // 100
    paid = [stake * net // winning for stake in stakes]
    return paid, pool - sum(paid)


def pay_out(state: TotopolyState) -> None:
    if not state.bets:
        return
    winner = state.placings[0] if state.placings else None
    winning_bets = [(p, s) for p, h, s in state.bets if h == winner]
    paid, kept = dividends(state.tote_pool, [s for _, s in winning_bets])
    for (player, stake), amount in zip(winning_bets, paid, strict=True):
        state.cash[player] += amount
        state.tote_paid[player] = state.tote_paid.get(player, 0) + amount
        state.notice("tote_payout", seat=player, horse=winner, stake=stake, amount=amount)
    state.cash[clerk(state)] += kept
    state.notice("tote_kept", seat=clerk(state), horse=winner, pool=state.tote_pool, kept=kept)
    state.tote_pool = 0
    if paid:
        each = ", ".join(
            f"{state.name_of(p)} £{v}" for (p, _), v in zip(winning_bets, paid, strict=True)
        )
        state.say(f"the Tote pays £{sum(paid)} on No. {winner} ({each}); the clerk keeps £{kept}")
    else:  # "pays £0" read as though something were paid
        won = "no horse" if winner is None else f"No. {winner}"
        state.say(f"nobody backed {won}: the clerk keeps the whole pool, £{kept}")
