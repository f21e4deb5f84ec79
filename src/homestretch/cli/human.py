"""A person at the terminal as an agent: shows the legal actions, asks for one."""

from __future__ import annotations

from collections.abc import Callable

import typer
from rich.console import Console

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON


class TerminalPlayer:
    """Hot-seat play: ``show`` renders the player's view before each choice."""

    def __init__(
        self, name: str, console: Console, show: Callable[[int, JSON], None] | None = None
    ) -> None:
        self.name = name
        self.console = console
        self.show = show

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        if self.show is not None:
            self.show(player, view)
        for number, action in enumerate(legal, start=1):
            self.console.print(f"  [bold]{number:>3}[/bold]  {action}")
        while True:
            answer = typer.prompt(f"{self.name}, your choice (number or text)").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            matches = [a for a in legal if str(a) == answer]
            if matches:
                return matches[0]
            self.console.print(f"[red]{answer!r} is not one of the choices above[/red]")
