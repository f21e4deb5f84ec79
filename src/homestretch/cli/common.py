"""Options and helpers every game's commands share: output format, dice, store."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from homestretch.core.chance import (
    DIE_NAMES,
    AskedDice,
    ChanceNode,
    DiceSource,
    ScriptedDice,
    SeededDice,
    parse_faces,
    read_faces_file,
)
from homestretch.core.errors import DiceError, HomestretchError
from homestretch.core.protocol import Game, State
from homestretch.store.db import SavedGame, Store

console = Console()
err_console = Console(stderr=True)


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="text (tables) or json")]
MAX_SEED = 2**63 - 1
"""The largest seed (and game id) the store can keep."""
SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed", min=0, max=MAX_SEED, help="seed for the dice (0 or more); printed when not given"
    ),
]
DiceOption = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help='scripted faces in order, red before white ("3 4 6 1 ..."), or "ask" to '
        "type each roll made with real dice",
    ),
]
DiceFileOption = Annotated[
    Path | None, typer.Option("--dice-file", help="a file of scripted die faces")
]
DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        help="the game store: a SQLite file, or a database URL such as "
        "postgresql+psycopg://USER@HOST/DB (default: $HOMESTRETCH_DB, else "
        "homestretch.sqlite in your data folder)",
    ),
]


def echo_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def prompt(text: str, **options: Any) -> str:
    """Ask at the terminal. With no input left (end of input, or no stdin at all) the
    question is abandoned as Ctrl-C would be: the game so far is saved, no traceback."""
    try:
        return str(typer.prompt(text, **options))
    except (EOFError, RuntimeError, OSError):  # click: RuntimeError "lost sys.stdin"
        raise typer.Abort() from None


def ask_roll(node: ChanceNode, to_stderr: bool = False) -> Sequence[int]:
    """Ask a person at the table for the faces they rolled: both at once ("3 5") or one
    die at a time; a typing slip is said and asked again. With ``to_stderr`` (``--format
    json``) the question goes to stderr, keeping stdout for the result."""
    faces: list[int] = []
    while len(faces) < node.dice:
        wanted = " and ".join(DIE_NAMES[len(faces) : node.dice])
        text = prompt(f"{node.label} - type the {wanted} die", err=to_stderr)
        try:
            faces += parse_faces(text, source="your roll")
        except DiceError as exc:
            err_console.print(f"[red]{escape(str(exc))}[/red]")
        if len(faces) > node.dice:
            err_console.print(
                f"[red]that is {len(faces)} faces for {node.dice} dice; type the roll again[/red]"
            )
            faces = []
    return faces


def dice_source(
    seed: int | None,
    dice: str | None,
    dice_file: Path | None,
    fmt: OutputFormat = OutputFormat.text,
) -> tuple[DiceSource, int | None, str]:
    """Build the dice source the options ask for: (source, seed used, kind)."""
    if dice is not None and dice_file is not None:
        raise HomestretchError("give --dice or --dice-file, not both")
    if dice_file is not None:
        return ScriptedDice(read_faces_file(dice_file), fallback_seed=seed or 0), seed, "scripted"
    if dice is not None and dice.strip().lower() == "ask":
        to_stderr = fmt is OutputFormat.json
        asked = AskedDice(lambda node: ask_roll(node, to_stderr), fallback_seed=seed or 0)
        return asked, seed, "asked"
    if dice is not None:
        return ScriptedDice(parse_faces(dice, "--dice"), fallback_seed=seed or 0), seed, "scripted"
    used = seed if seed is not None else new_seed()
    return SeededDice(used), used, "seeded"


def announce_seed(seed: int | None, kind: str, fmt: OutputFormat) -> None:
    """Print the seed of a random run (to stderr in JSON mode, to keep stdout clean)."""
    if kind == "seeded" and seed is not None:
        target = err_console if fmt is OutputFormat.json else console
        target.print(f"seed {seed}  (repeat with --seed {seed})", style="dim")


def rebuild_saved(
    game: Game, saved: SavedGame, fmt: OutputFormat = OutputFormat.text
) -> tuple[State, DiceSource]:
    """A saved game rebuilt from its log, and the dice to play on with.

    Seeded dice are rolled again through the log, so the game goes on exactly as if it
    had never stopped; a game whose dice were asked for goes on asking. A dice script
    cannot go on past its end, so the rest of such a game is seeded, and the seed shown.
    """
    state = game.new_initial_state()
    seeded = SeededDice(saved.seed) if saved.dice == "seeded" and saved.seed is not None else None
    for event in saved.events:
        if seeded is not None and state.is_chance_node():
            seeded.resolve(state.chance_node())  # keep the generator in step with the log
        state.apply_event(event)
    if seeded is not None:
        return state, seeded
    if saved.dice == "asked":
        return state, dice_source(saved.seed, "ask", None, fmt)[0]
    source, seed, _ = dice_source(None, None, None)
    notes = err_console if fmt is OutputFormat.json else console
    notes.print(f"the rest of the game uses seeded dice: seed {seed}", style="dim")
    return state, source


def open_store(db: str | Path | None) -> Store:
    """The store ``--db`` names: a value with a scheme (``sqlite:///``,
    ``postgresql+psycopg://``) is a URL, anything else a file's path."""
    return Store(db)


@contextmanager
def progress_bar(total: int, description: str) -> Iterator[Progress]:
    """A progress bar on stderr for long work; call ``bar.advance(task, n)``."""
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
    ) as bar:
        bar.add_task(description, total=total)
        yield bar
