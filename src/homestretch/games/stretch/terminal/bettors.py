"""The bettors at the terminal of a `stretch run` (ruling S19): their windows, the bets
they type, and who ended with the most money."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from homestretch.cli.common import ahead_of, console, err_console, prompt, seats_named
from homestretch.core.errors import HomestretchError

if TYPE_CHECKING:
    from rich.console import Console

    from homestretch.core.actions import Action
    from homestretch.core.protocol import JSON
    from homestretch.core.referee import Agent
    from homestretch.session.table import Table as TableSession


def bettors_won(data: JSON) -> JSON:
    """With bettors, who ended with the most money (the table's winners, by the rules'
    goal: more than the others), for the JSON, each a player as every game's result names
    one (``seats_named``: ``{"seat", "name"}``, where it gave the name alone); nothing
    without bettors."""
    tote = data.get("tote") or {}
    players = tote.get("players") or []
    if not players:
        return {}
    best = max(p["cash"] for p in players)
    won = [p["seat"] for p in players if p["cash"] == best]
    return {"bettors_won": seats_named(won, tote["names"])}


def bettors_line(data: JSON) -> str:
    """The end of a race with bettors, in a line: who ended with the most money and by how
    much ("Ann ends with the most money, $110.00 (+$10.00), $15.00 ahead of Bob and Robo
    ($95.00)."), or that all are level, or where a bettor alone ends ("Ann ends on $131.00
    (+$31.00)."); "" without bettors."""
    players = (data.get("tote") or {}).get("players") or []
    if not players:
        return ""

    def dollars(cents: int) -> str:
        return f"${cents / 100:,.2f}"

    best = max(p["cash"] for p in players)
    won = [p for p in players if p["cash"] == best]
    names = " and ".join(p["name"] for p in won)
    net = won[0]["net"]
    gained = f"{'+' if net >= 0 else '-'}{dollars(abs(net))}"
    margin = ahead_of([(p["name"], p["cash"]) for p in players], dollars)
    if len(players) == 1:  # a bettor alone, against the house (ruling S29)
        return f"{names} ends on {dollars(best)} ({gained})."
    if not margin:
        return f"Everyone ends level, on {dollars(best)} ({gained})."
    most = "the most money" if len(won) == 1 else "the most money, level"
    return f"{names} {'ends' if len(won) == 1 else 'end'} with {most}, {dollars(best)} ({gained}), {margin}."


def bettors_here(table: TableSession, to_stderr: bool) -> dict[int, Agent]:
    """The people at this terminal who bet before the off (ruling S19)."""
    from rich.cells import cell_len

    from homestretch.cli.human import TerminalPlayer
    from homestretch.games.stretch.rules.betting import MIN_TICKET
    from homestretch.games.stretch.rules.engine import RaceState
    from homestretch.games.stretch.terminal.render import (
        bet_example,
        players_line,
        players_lines,
        ratings_sheet,
        tote_board,
    )

    screen = err_console if to_stderr else console
    at_window: list[int] = []
    """The seat whose window is on the screen (a sealed table hands the screen over)."""

    def horse(post: int) -> str:
        state = table.state
        return state.lines[post - 1].name if isinstance(state, RaceState) else f"#{post}"

    def example(legal: list[Action]) -> str:
        typed, _ = bet_example(legal, horse)
        return f"a bet such as {typed}, or done" if typed != "done" else "done"

    def hint(legal: list[Action]) -> str:
        typed, meaning = bet_example(legal, horse)
        if typed == "done":
            return f"you hold less than a ${MIN_TICKET} ticket: type done"
        said = [
            f"type a bet such as {typed} ({meaning}; place, show; "
            f"${MIN_TICKET} with no amount), or done; m: every rating"
        ]
        if screen.is_terminal:  # at 80 x 24 in a row: the rest is help's (the full words)
            said += [
                f"type a bet such as {typed} ({meaning}), or done; m: every rating",
                f"type a bet such as {typed} ({meaning.partition(' #')[0]} "
                f"#{typed.split()[1]}), or done; m: every rating",  # the horse unnamed
                f"type a bet such as {typed}, or done; m: every rating",
            ]
        return next((line for line in said if cell_len(line) + 2 <= screen.width), said[-1])

    def told(legal: list[Action]) -> str:  # 'help' typed: "cannot read 'help'" it was
        typed, _ = bet_example(legal, horse)
        if typed == "done":
            return hint(legal)
        return (
            "Type a bet as POOL POST [DOLLARS]: win, place or show, the horse's post "
            f"number, and whole dollars (${MIN_TICKET} when none is given), like {typed}; "
            "done when your tickets are in. Ctrl-C stops; the race is saved."
        )

    def parse(seat: int) -> Callable[[str], Action | None]:
        return lambda text: read_bet(text, bet_example(table.legal_actions(seat), horse)[0])

    def show(player: int, view: JSON) -> None:
        state = table.state
        if at_window and at_window[0] != player and view["tote"]["sealed_now"]:
            _hand_over(screen, table.seat(at_window[0]).name, table.seat(player).name, to_stderr)
        at_window[:] = [player]
        apr = None
        if isinstance(state, RaceState):  # what a bettor handicaps from, beside the pools
            apr = {line.post: line.runner.start_apr for line in state.lines}
        screen.print(tote_board(view, edge=False, apr=apr))
        for line in players_lines(view, screen.width, player):  # two rows at most
            screen.print(line, markup=False, highlight=False)

    def more(player: int, view: JSON) -> bool:
        """m at a bettor's question: every rating (the ratings sheet, 80 x 24 with the
        board and the question no more: 30 rows with six horses and six bettors)."""
        state = table.state
        if not isinstance(state, RaceState):
            return False
        screen.print(ratings_sheet(state, apr=True))
        screen.print(players_line(view), markup=False, highlight=False)  # every ticket
        return True

    return {
        seat: TerminalPlayer(
            table.seat(seat).name,
            table.state,
            screen,
            show,
            parse(seat),
            ask=lambda text: prompt(text, err=to_stderr),
            menu_max=12,
            hint=hint,
            example=example,
            help=told,
            more=more,
        )
        for seat in range(len(table.seats))
        if table.seat(seat).is_person
    }


def _hand_over(screen: Console, last: str, name: str, to_stderr: bool) -> None:
    """Sealed bets at one keyboard (ruling S25): the screen and its scrollback are cleared
    before the next bettor's window, so they cannot read the last one's tickets."""
    from homestretch.cli.table_loop import clear_for_next_person

    clear_for_next_person(screen)
    screen.print(f"{last}'s tickets are in, sealed.", markup=False, highlight=False)
    prompt(
        f"Over to {name} alone: {name}, press Enter", default="", show_default=False, err=to_stderr
    )


def read_bet(text: str, example: str = "win 1 2") -> Action | None:
    """A bet as typed (``parse_bet``), with a pool misspelt answered with the nearest one
    ("plce 4 10": did you mean 'place 4 10'?), as Derby Cast answers a pick; it was told
    only the whole hint again."""
    from homestretch.core.inputs import either_of, nearest_all
    from homestretch.games.stretch.rules.tote import POOLS
    from homestretch.games.stretch.terminal.render import parse_bet

    action = parse_bet(text, example)
    words = text.lower().split()
    if action is None and 2 <= len(words) <= 3:
        near = either_of([f"'{' '.join([n, *words[1:]])}'" for n in nearest_all(words[0], POOLS)])
        if near:
            raise HomestretchError(f"did you mean {near}? a bet starts win, place or show")
    return action
