"""A person at the terminal as an agent: sees their view, picks or types an action."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from homestretch.cli.common import prompt
from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import is_whole
from homestretch.core.protocol import JSON, State


@dataclass(frozen=True)
class Aside(Action):
    """A move another person at this keyboard types at someone else's prompt, out of
    turn (an Across the Board dealing, ruling R16): the table takes ``action`` as
    ``seat``'s. Unwrapped before it is played, so never logged."""

    kind: ClassVar[str] = "aside"
    seat: int
    action: Action


HELP_WORDS = ("help", "?")
"""What is typed, alone, to be told what may be typed at a prompt."""


def asks_for_help(text: str) -> bool:
    """Whether ``text`` is ``help`` (or ``?``) alone: every game's prompts answer it with
    what may be typed there, not "cannot read 'help'"."""
    return text.strip().lower() in HELP_WORDS


class HelpAsked(HomestretchError):
    """Raised by a game's reading of typed text when it was ``help``: its words are what may
    be typed there, said as help (``say_help``), not as a refusal (they were printed red,
    as a mistake is, in Across the Board and Totopoly)."""


def say_help(screen: Console, words: str) -> None:
    """Say what may be typed at a prompt, in the one style every game's help has: plain
    text, as written (red is for what went wrong; rich's highlighting coloured a number
    or a quoted word here and not there)."""
    screen.print(words, markup=False, highlight=False)


def no_choice(number: int, count: int) -> str:
    """A number typed that is not on a list of ``count``, said with the list's range:
    "there is no choice 9: the list is 1 to 6" (it did not say which numbers were)."""
    if count == 1:
        return f"there is no choice {number}: the list has only 1"
    return f"there is no choice {number}: the list is 1 to {count}"


CONTROLS = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")
"""The terminal's control sequences in drawn text: colours, styles and links."""


def rows_of(drawn: str, width: int) -> int:
    """The terminal rows ``drawn`` takes on a screen ``width`` cells wide: a line a row,
    a line longer than the width one more row for each width it runs over (its newline
    ending it, as printing leaves it, takes none)."""
    lines = CONTROLS.sub("", drawn).removesuffix("\n").split("\n")
    return sum(max(1, -(-cell_len(line) // max(1, width))) for line in lines)


MORE = ("m", "more")
"""What is typed for the rest of the table (``TerminalPlayer.more``)."""


@dataclass
class TerminalPlayer:
    """Hot-seat play: ``show`` puts the player's view on the screen, the legal actions
    are listed by number, and anything ``parse`` can read may be typed instead (an
    amount the list does not show, say); the state checks a typed action before it is
    played, and says why when it cannot be.

    ``parse`` returns None or raises HomestretchError for text it cannot read. Lists
    longer than ``menu_max`` are not printed (``hint`` says what to type); ``shorten``
    may trim the list shown, and ``hint`` may depend on the legal actions. The hint is
    shown once, under the list: a refused answer is told why, not the hint again (Across
    the Board's three lines of dealings followed every slip).
    """

    name: str
    state: State
    screen: Console
    show: Callable[[int, JSON], None]
    parse: Callable[[str], Action | None]
    ask: Callable[[str], str] = prompt
    describe: Callable[[Action], str] = str
    shorten: Callable[[list[Action]], list[Action]] | None = None
    hint: Callable[[list[Action]], str] | None = None
    menu_max: int | None = None
    example: Callable[[list[Action]], str] | None = None
    """A move as it may be typed now ("bet 4 30"), named in the question: "your choice
    (a number, or bet 4 30)" said what to type, where "(number or text)" did not."""
    help: Callable[[list[Action]], str] | None = None
    """What ``help`` (or ``?``) typed at the question says when ``parse`` does not read it
    (Top of the Stretch's bet; Across and Totopoly's ``parse`` answer it themselves); with
    none, the hint is said again."""
    listing: Callable[[list[Action]], list[str] | None] | None = None
    """The numbered list said in fewer lines than a line a choice, when the game can
    ("2-12 a ticket on that horse": the card above numbers them); None: a line each.
    The numbers read as ever."""
    more: Callable[[int, JSON], bool] | None = None
    """What ``m`` (or ``more``) typed at the question shows: the rest of the table, left
    off a screen made to fit (Across the Board's betting turn). It returns False when
    there is no more to show now, and ``m`` is then read as any other answer."""
    frame: Callable[[int, int], None] | None = None
    """Called just before a person's screen is drawn, with the terminal rows it takes, its
    question included: a hot seat hands the keyboard over there, clearing the screen and
    saying again what happened since in the rows the screen leaves (Across the Board's
    "Since Ann's turn", 27 rows above a 21-row betting screen once)."""

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        if self.frame is None:
            listed, hint = self._draw(player, view, legal)
        else:  # drawn aside, measured, then put on the screen below what frames it
            with self.screen.capture() as capture:
                listed, hint = self._draw(player, view, legal)
            drawn = capture.get()
            asked = f"{self.name}, {self.question(legal, bool(listed))}: "
            self.frame(
                player, rows_of(drawn, self.screen.width) + rows_of(asked, self.screen.width)
            )
            if drawn:  # as drawn, colours and all (its last newline is print's)
                self.screen.print(Text.from_ansi(drawn.removesuffix("\n")), soft_wrap=True)
        question = self.question(legal, bool(listed))
        while True:
            answer = self.ask(f"{self.name}, {question}").strip()
            if listed and is_whole(answer.removeprefix("-")):  # "-1" as "99" is, not a move
                if 1 <= int(answer) <= len(listed):
                    return listed[int(answer) - 1]
                self.screen.print(f"[red]{escape(no_choice(int(answer), len(listed)))}[/red]")
                continue
            if answer.lower() in MORE and self.more is not None and self.more(player, view):
                continue  # the rest shown: the question again, below it
            try:
                typed = self.parse(answer)
            except HelpAsked as asked:
                say_help(self.screen, str(asked))
                continue
            except HomestretchError as exc:
                self.screen.print(f"[red]{escape(str(exc))}[/red]")  # the hint is above
                continue
            told = self.help(legal) if self.help is not None else hint
            if typed is None and asks_for_help(answer) and told:
                say_help(self.screen, told)
                continue
            if typed is None:
                self.screen.print(f"[red]{escape(self._unread(answer, listed, hint))}[/red]")
                continue
            if isinstance(typed, Aside):
                reason = self.state.why_illegal(typed.seat, typed.action)
            else:
                reason = self.state.why_illegal(player, typed)
            if reason is None:
                return typed
            self.screen.print(f"[red]{escape(reason)}[/red]")

    def _draw(self, player: int, view: JSON, legal: list[Action]) -> tuple[list[Action], str]:
        """The person's screen above the question: the view, the list and the hint; the
        actions listed (by number) and the hint."""
        self.show(player, view)
        listed = self.shorten(legal) if self.shorten is not None else legal
        if self.menu_max is not None and len(listed) > self.menu_max:
            listed = []
        said = self.listing(listed) if self.listing is not None and listed else None
        for line in said or []:
            self.screen.print(f"  {escape(line)}")
        for number, action in [] if said else enumerate(listed, start=1):
            self.screen.print(f"  [bold]{number:>3}[/bold]  {escape(self.describe(action))}")
        hint = self.hint(legal) if self.hint is not None else ""
        if hint:
            self.screen.print(f"  {escape(hint)}")
        return listed, hint

    def question(self, legal: list[Action], listed: bool) -> str:
        """The question asked: what may be typed, by the game's example when it has one
        (with a list and no example, the list is the answer: "(a number)")."""
        example = self.example(legal) if self.example is not None else ""
        if listed:  # "or type a move" beside a list holding every move named none
            return f"your choice (a number, or {example})" if example else "your choice (a number)"
        return f"your choice (type {example or 'a move'})"

    @staticmethod
    def _unread(answer: str, listed: list[Action], hint: str) -> str:
        """What is said to text nothing can read: with no numbered list on the screen
        there are no "choices above", so the hint (the one thing saying what to type)
        is said again."""
        if listed:
            return f"{answer!r} is not one of the choices above"
        return f"cannot read {answer!r}" + (f": {hint}" if hint else "")
