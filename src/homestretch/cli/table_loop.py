"""One session loop for every game at the terminal, on the Table.

Every terminal command that plays (``play``, ``run``, ``resume``) drives its game's
:class:`~homestretch.session.table.Table` through :func:`play_at_terminal`: the table
resolves chance and computer players and stores every event as it happens; people at
the keyboard choose through their agents; rolls made with real dice are typed and stored
one by one. Ctrl-C (or input that ends) stops with one line and exit status 130, and the
game resumes exactly from where it stopped.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import typer
from rich.console import Console

from homestretch.cli.common import (
    OutputFormat,
    ask_roll,
    console,
    err_console,
    new_seed,
    prompt,
)
from homestretch.core.errors import HomestretchError, TableMovedOn

if TYPE_CHECKING:  # the session's machinery: imported by the functions that play
    from homestretch.core.chance import ChanceNode
    from homestretch.core.protocol import Event
    from homestretch.core.referee import Agent
    from homestretch.session.dice import DiceSpec
    from homestretch.session.table import Table
    from homestretch.store.db import SavedGame, Store

INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), the game saved."""

RollAsker: TypeAlias = "Callable[[ChanceNode], Sequence[int]]"


def dice_spec(seed: int | None, dice: str | None, dice_file: Path | None) -> DiceSpec:
    """The dice the ``--seed``, ``--dice`` and ``--dice-file`` options ask for. Every
    table has a seed (for card draws and computer players, whatever rolls the dice)."""
    from homestretch.core.chance import parse_faces, read_faces_file
    from homestretch.session.dice import DiceSpec  # a game's command module imports this
    # module at its top: its --help need not import the sessions' dice

    if dice is not None and dice_file is not None:
        raise HomestretchError("give --dice or --dice-file, not both")
    used = seed if seed is not None else new_seed()
    if dice_file is not None:
        return DiceSpec("scripted", used, faces=tuple(read_faces_file(dice_file)))
    if dice is not None and dice.strip().lower() == "ask":
        return DiceSpec("asked", used)
    if dice is not None:
        return DiceSpec("scripted", used, faces=tuple(parse_faces(dice, "--dice")))
    return DiceSpec("seeded", used)


def db_hint(store: Store) -> Path | str | None:
    """The ``--db`` a resume hint must name: none for the default store
    (``Store.is_default`` says which that is)."""
    return None if store.is_default() else store.path


def resume_hint(game_id: int, db: Path | str | None = None, command: str = "resume") -> str:
    """The command that carries on with a game (or, with ``command="replay"``, shows it
    again). A database URL is shown without its password, PASSWORD in its place (the
    hint is printed, and terminals are read over shoulders and logged)."""
    from homestretch.store.db import is_url, store_url

    if db is None:
        return f"homestretch {command} {game_id}"
    if isinstance(db, str) and is_url(db):
        url = store_url(db)
        if url.password is not None:
            db = url.set(password="PASSWORD").render_as_string(hide_password=False)
    return f"homestretch {command} {game_id} --db {db}"


def saved_line(
    game_id: int, db: Path | str | None = None, noun: str = "game", ended: bool = False
) -> str:
    """Where a game is kept and the command that comes back to it, in one wording for every
    game: "Saved as game 3: resume it with `homestretch resume 3`." as it opens, and
    "Saved as game 3: see it again with `homestretch replay 3`." as it ends (``ended``).
    It was worded three ways ("game 3 saved as it goes (...)", "resume with ..."). A Top
    of the Stretch race is a ``noun="run"``."""
    if ended:
        return (
            f"Saved as {noun} {game_id}: see it again with `{resume_hint(game_id, db, 'replay')}`."
        )
    return f"Saved as {noun} {game_id}: resume it with `{resume_hint(game_id, db)}`."


def say_saved(
    screen: Console,
    game_id: int,
    db: Path | str | None = None,
    noun: str = "game",
    ended: bool = False,
) -> None:
    """Print ``saved_line`` (dim as a game ends), never folded inside the command: it is
    copied whole."""
    line = saved_line(game_id, db, noun, ended)
    style = "dim" if ended else None
    screen.print(line, style=style, markup=False, highlight=False, soft_wrap=True)


WHOLE_RESULT = ("m", "more")
"""What is typed at a game's end for the whole result (``m`` as at every fitted screen)."""


def say_the_end(
    screen: Console,
    game_id: int,
    db: Path | str | None,
    whole: Callable[[], None] | None = None,
    noun: str = "game",
) -> None:
    """End a game's screen, under its fitted end (who won, the standings, in 24 rows): at
    a terminal someone reads, a question, ``m`` for the ``whole`` result or Enter to
    finish; then, the last line, where the game is kept and how to see it again
    (``saved_line``). Across the Board's end was 43 to 46 rows after its last roll, the
    winner's line scrolled by, and nothing said the game was over."""
    if whole is not None and screen.is_terminal and sys.stdin.isatty():
        try:
            answer = prompt(END_QUESTION, default="", show_default=False, err=screen.stderr)
        except (KeyboardInterrupt, typer.Abort):  # Ctrl-C or Ctrl-D: finished, as Enter
            screen.print()
            answer = ""
        if answer.strip().lower() in WHOLE_RESULT:
            whole()
    say_saved(screen, game_id, db, noun, ended=True)


END_QUESTION = "Game over. Type m for the whole result, or press Enter to finish"


def clear_for_next_person(screen: Console) -> None:
    """Hand the hot seat over: clear the screen and the scrollback (ESC[3J), so the next
    person cannot scroll back to the last one's hand."""
    from rich.control import Control

    if screen.is_terminal:
        screen.control(Control.clear(), Control.home())
        screen.file.write("\x1b[3J")
        screen.file.flush()
    else:
        screen.print("\n" * 3, end="")


def watched(fmt: OutputFormat, table: Table) -> bool:
    """Whether a game played at the terminal is shown as it goes (what happened, the
    result): always in text; with ``--format json`` (on stderr, beside the questions,
    stdout holding only the JSON) when someone is at the terminal, a person in a seat or
    rolls typed with ``--dice ask``. A JSON run of computer players prints its JSON
    alone, its stderr only the seed."""
    if fmt is OutputFormat.text:
        return True
    return any(seat.is_person for seat in table.seats) or table.dice_spec.kind == "asked"


def say_resumed(saved: SavedGame, table: Table, fmt: OutputFormat) -> None:
    """`resume ID` says which game it carries on, and with whom, before its screen (it went
    straight to the screen), where the game is shown (``watched``)."""
    from homestretch.core import registry

    for note in table.notes:  # a file it read changed since, where it cannot differ
        err_console.print(note, style="dim", markup=False, highlight=False, soft_wrap=True)
    if not watched(fmt, table):
        return
    title = registry.entry(saved.game).title.partition(":")[0]
    who = f" ({saved.label})" if saved.label else ""
    screen = err_console if fmt is OutputFormat.json else console
    said = f"Game {saved.id}, {title}{who}: carrying on where it stopped."
    screen.print(said, markup=False, highlight=False)


def moved_elsewhere(game_id: int, db: Path | str | None = None) -> str:
    """A game this terminal plays that someone else (another terminal, the web) moved on
    first, in one sentence: the move typed here was not made, the game is saved as they
    left it, and how to carry on."""
    return (
        f"Game {game_id} is being played elsewhere too: a move made there was saved first, "
        "so the last move here was not made and this terminal stops; the game is saved as "
        f"it stands: carry on with `{resume_hint(game_id, db)}` once it is played only here."
    )


def play_at_terminal(
    table: Table,
    game_id: int,
    people: Mapping[int, Agent],
    on_events: Callable[[list[Event]], None] | None = None,
    ask: RollAsker | None = None,
    db: Path | str | None = None,
) -> None:
    """Drive ``table`` until the game ends: ``people`` choose for their seats, ``ask``
    gets the faces of a roll made with real dice (default: ask at the terminal), and
    ``on_events`` shows what happened after each step."""
    from homestretch.cli.human import Aside
    from homestretch.session.dice import ScriptRanOut

    ask = ask or (lambda node: ask_roll(node))
    show = on_events or (lambda events: None)

    def advance() -> None:
        """Chance and computer players, each event shown as it happens."""
        while (event := table.step()) is not None:
            show([event])

    try:
        advance()
        while True:
            waiting = table.waiting()
            if waiting.over:
                return
            if waiting.roll is not None:
                show(table.roll(ask(waiting.roll), table.version))
                continue
            seat = next((s for s in waiting.seats if s in people), None)
            if seat is None:
                names = ", ".join(table.seat(s).name for s in waiting.seats)
                raise HomestretchError(
                    f"the table waits for {names}, who is not at this terminal "
                    f"(game {game_id} is saved)"
                )
            action = people[seat].choose(seat, table.view(seat), table.legal_actions(seat))
            if isinstance(action, Aside):  # another person here, out of turn
                seat, action = action.seat, action.action
            show(table.submit(seat, action, table.version))
    except ScriptRanOut as short:
        raise HomestretchError(
            f"{short}; game {game_id} is saved up to there: finish it with "
            f"`{resume_hint(game_id, db)}` (it goes on with seeded dice)"
        ) from None
    except TableMovedOn:
        raise HomestretchError(moved_elsewhere(game_id, db)) from None
    except (KeyboardInterrupt, typer.Abort):
        err_console.print(
            f"\nStopped. Game {game_id} is saved: carry on with `{resume_hint(game_id, db)}`.",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        raise typer.Exit(INTERRUPTED) from None
