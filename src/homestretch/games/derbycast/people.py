"""A person picking at the terminal: the card is shown, the pick is typed as a bet and a
horse by program number or name ('win 3', 'show 1A', 'show Silver Lining', '3 place'),
or 'sit out' after a late scratch."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.actions import Pick, SitOut
from homestretch.games.derbycast.race import find_horse
from homestretch.games.derbycast.show import card_table
from homestretch.games.derbycast.table import Bet


def read_pick(text: str, horses: list[str], programs: list[str], legal: list[Action]) -> Action:
    """The legal action a typed pick means; ValueError says what is wrong."""
    words = text.strip().split()
    if [w.lower() for w in words] == ["sit", "out"]:
        if SitOut() in legal:
            return SitOut()
        raise ValueError("you may sit out only when your horse is scratched")
    lowered = [w.lower() for w in words]
    bets = {b.value for b in Bet}
    if len(words) > 1 and lowered[0] in bets:
        bet, name = Bet(lowered[0]), " ".join(words[1:])
    elif len(words) > 1 and lowered[-1] in bets:
        bet, name = Bet(lowered[-1]), " ".join(words[:-1])
    else:
        raise ValueError("say win, place or show and the horse, like 'win 3'")
    horse = find_horse(name, horses, programs)
    pick = Pick(horse, bet.value)
    if pick not in legal:
        also = " or sit out" if SitOut() in legal else ""
        raise ValueError(f"{horse} is scratched; choose another horse{also}")
    return pick


class TerminalPicker:
    def __init__(self, name: str, console: Console, ask: Callable[[str, str], str]) -> None:
        self.name = name
        self.console = console
        self.ask = ask

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        self.console.print(card_table(view))
        hint = "e.g. win 3 or show Silver Lining"
        if SitOut() in legal:
            self.console.print("[yellow]Your horse is scratched: pick another or sit out.[/]")
            hint += ", or sit out"
        while True:
            try:
                answer = self.ask(f"{self.name} (marker {player + 1}), your pick ({hint})", "")
                card = view["card"]
                return read_pick(answer, card["horses"], card["programs"], legal)
            except ValueError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
