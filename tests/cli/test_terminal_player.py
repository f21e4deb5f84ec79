"""A person at the terminal (cli/human.py): the hint under the list is shown once, and
a refused answer is told why without it."""

from __future__ import annotations

from rich.console import Console

from homestretch.cli.human import TerminalPlayer
from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError

HINT = "dealings, at any prompt: buy H for N | sell H to SEAT for N"


def test_the_hint_is_shown_once_not_after_every_refusal() -> None:
    """Every slip repeated the game's hint (Across's three lines of dealings, in every
    game's refusals): it stands under the list, and each slip is one line of its own."""
    answers = iter(["bid", "bid x", "1"])

    def parse(text: str) -> Action | None:
        raise HomestretchError(f"cannot read {text!r}: write bid GUINEAS")

    screen = Console(width=400, record=True)
    player = TerminalPlayer(
        "Ann",
        None,  # type: ignore[arg-type]  # nothing typed is read
        screen,
        show=lambda *_: None,
        parse=parse,
        ask=lambda _: next(answers),
        hint=lambda legal: HINT,
    )
    legal: list[Action] = [Action()]
    assert player.choose(0, {}, legal) is legal[0]
    drawn = screen.export_text()
    assert drawn.count(HINT) == 1
    assert "cannot read 'bid': write bid GUINEAS\n" in drawn
    assert "cannot read 'bid x': write bid GUINEAS\n" in drawn
