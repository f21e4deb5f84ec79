"""Options and helpers every game's commands share: output format, dice, store."""

from __future__ import annotations

import errno
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, redirect_stdout
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from typer._click.exceptions import UsageError

from homestretch.core.errors import DiceError, HomestretchError

if TYPE_CHECKING:
    from rich.progress import Progress

    from homestretch.cli.plain import Table
    from homestretch.core.chance import ChanceNode
    from homestretch.core.design import Check
    from homestretch.store.db import Store


# A name such as ":smile: Boy" is drawn as written, never as an emoji (and rich's emoji
# table, 2 ms to load, stays unread)
console = Console(emoji=False)


class _ErrorConsole(Console):
    """stderr's console. Its reader gone (``homestretch ... 2>&1 >/dev/null | head -1``) is
    raised as the broken pipe it is, which ends the run quietly as stdout's does
    (``cli.main.run``): rich's own answer sent stdout, not stderr, to nowhere and exited 1
    (the JSON a run had left to flush lost with it)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True  # nothing more written to it
        raise BrokenPipeError(errno.EPIPE, "the reader of stderr is gone")


err_console = _ErrorConsole(stderr=True, emoji=False)


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="text (tables) or json")]
MAX_SEED = 2**63 - 1
"""The largest seed (and game id) the store can keep."""


def seed_number(text: str) -> int:
    """A seed as typed: click's own words were "'abc' is not a valid int." (a range, -1 or
    past what the store keeps, is checked by ``_seed_in_range``)."""
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--seed {text}: a seed is a whole number, like --seed 7") from None


def _seed_in_range(seed: int | None) -> int | None:
    # checked here rather than by min/max: their range would print as 19 digits in every --help
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise typer.BadParameter(f"a seed is a whole number from 0 to {MAX_SEED}")
    return seed


def number(text: str) -> int:
    """A saved game's id as typed: a whole number from 1, as `homestretch history` lists
    them (typer's own words were "'abc' is not a valid int range", and a number past
    what the store holds reached SQLite as a traceback)."""
    if not (text.isdigit() and 1 <= int(text) <= MAX_SEED):
        raise typer.BadParameter(
            f"{text!r} is not a game's id: ids are whole numbers from 1, as "
            "`homestretch history` lists them"
        )
    return int(text)


def game_id_argument(help: str) -> Any:
    """The ID argument of replay, resume and verify."""
    return typer.Argument(parser=number, metavar="ID", help=help)


SeedOption = Annotated[
    int | None,
    typer.Option(
        "--seed",
        metavar="SEED",
        parser=seed_number,
        callback=_seed_in_range,
        help="seed for the dice (a whole number, 0 or more); printed when not given",
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


BOTS_HELP = "how many computer players"
"""--bots, in every game: a count (--players is always people's names)."""
PLAYERS_HELP = "people's names, comma-separated: Ann,Bob"
"""--players, in every game that seats people: names, never a count."""
PLAY_BOTS_HELP = f"{BOTS_HELP}: 0 unless --bot names them one each"
"""--bots in a game's play: none by default, or one a kind --bot lists."""
OLD_PLAYERS_COUNT = "--players N, the old spelling of --bots N here, still works"
"""Said in a simulation's --bots help: `simulate --players 5` (a count) was its spelling."""


def people_named(players: str) -> str:
    """--players as typed at a game that seats people: names. A count ("--players 3", as
    a simulation took it) is said to be --bots rather than seating a person named 3."""
    if players.strip().isdigit():
        count = players.strip()
        raise HomestretchError(
            f"--players {count}: --players takes people's names (--players Ann,Bob); "
            f"computer players are counted with --bots {count}"
        )
    return players


def bots_or_old_players(bots: int | None, players: int | None, default: int) -> int:
    """A simulation's players a game: --bots N, or --players N (its old spelling, kept
    for scripts); both given must agree."""
    if bots is not None and players is not None and bots != players:
        raise HomestretchError(
            f"--bots {bots} and --players {players} both count the players a game "
            "(--players N is the old spelling of --bots N): give one"
        )
    return next((n for n in (bots, players) if n is not None), default)


def bot_help(kinds: Sequence[str]) -> str:
    """--bot's help, in every game that seats computer players: their kind."""
    return (
        f"the computer players' kind: {either(kinds)}; one for all, or one each in seat "
        f"order ({','.join(kinds[:2])},...)"
    )


def bot_kinds(
    typed: str | None, bots: int | None, kinds: Sequence[str], default: str, option: str = "--bot"
) -> list[str]:
    """Each computer player's kind, in seat order, as every game takes it: ``--bots N``
    counts them and ``--bot KIND`` is every one's kind, or ``--bot K1,K2,...`` each one's
    (then ``--bots``, if given, must count as many; left out, it is the list's length).
    ``typed``: --bot as typed (None: not typed, every one ``default``); ``bots``: --bots
    (None: not typed); ``option``: the spelling typed (an old one, said as typed)."""
    if typed is None:
        return [default] * (bots or 0)
    written = [kind.strip() for kind in typed.split(",")]
    if typed.strip().isdigit():  # a count: that is --bots
        raise HomestretchError(
            f"{option} {typed.strip()}: it is the computer players' kind ({either(kinds)}); "
            f"they are counted with --bots {typed.strip()}"
        )
    if "" in written:  # said without a count: what each command seats differs
        raise HomestretchError(
            f"{option} {typed}: a kind left empty between commas: write a kind ({either(kinds)}) "
            "between every two"
        )
    for kind in written:
        one_of(option, kind, kinds)
    if len(written) == 1:
        if not bots:  # a kind of no computer player: said, not dropped
            raise HomestretchError(
                f"{option} {written[0]}: no computer player to be one: count them with --bots N"
            )
        return written * bots
    if bots == 0:
        raise HomestretchError(
            f"{option} names {len(written)} kinds for 0 computer players: leave out --bots 0 "
            f"({option} {','.join(written)} alone counts them) or leave out {option}"
        )
    if bots is not None and bots != len(written):
        # the example is the count typed (one the command took) and the kinds typed: what
        # this command takes, not a count another command's seats allow
        if bots == 1:
            raise HomestretchError(
                f"{option} names {len(written)} kinds for 1 computer player: give one kind "
                f"(such as {option} {written[0]})"
            )
        each = ",".join((written * bots)[:bots])
        raise HomestretchError(
            f"{option} names {len(written)} kinds for {bots} computer players: give one kind "
            f"for them all or one each (such as {option} {written[0]}, or {option} {each})"
        )
    return written


def old_spelling(new: str, value: Any, old: str, old_value: Any) -> Any:
    """An option and its old spelling (hidden, kept for scripts): either, or both if they
    say the same; differing, refused in one line."""
    if value is not None and old_value is not None and value != old_value:
        raise HomestretchError(
            f"{new} {value} and {old} {old_value} differ ({old} is the old spelling of "
            f"{new}): give one"
        )
    return value if value is not None else old_value


def one_of(option: str, value: str, choices: Sequence[str]) -> str:
    """An option's value that must be one of ``choices``, checked as the command starts
    (with every other value typed, before what is missing, such as the players): a slip
    names the option, the nearest choice and every choice."""
    if value in choices:
        return value
    from homestretch.core.inputs import nearest

    near = nearest(value, choices)
    guess = f"did you mean {near}? " if near else ""
    raise HomestretchError(f"{option} {value}: {guess}write {either(choices)}")


def typed(ctx: typer.Context, name: str) -> bool:
    """Whether the option ``name`` (its parameter's name) was typed, not left at its
    default: an option that only means something beside another is refused alone, not
    quietly dropped (``stretch run --bankroll 50`` with no bettor ran as if unsaid)."""
    from typer._click.core import ParameterSource

    return ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT)


def either(choices: Sequence[str]) -> str:
    """Choices as said: "quick or full", "real, chart or none"."""
    return " or ".join([", ".join(choices[:-1]), choices[-1]] if len(choices) > 2 else choices)


def ahead_of(scores: Sequence[tuple[str, int]], say: Callable[[int], str]) -> str:
    """By how much the best score is ahead at the end of a game, in words: "10 fifties
    ahead of Bob (39 fifties)", ``say`` wording an amount; "" when every score is level.
    ``scores``: each player's name and score."""
    levels = sorted({score for _, score in scores}, reverse=True)
    if len(levels) < 2:
        return ""
    best, next_best = levels[0], levels[1]
    behind = [name for name, score in scores if score == next_best]
    names = behind[0] if len(behind) == 1 else f"{', '.join(behind[:-1])} and {behind[-1]}"
    return f"{say(best - next_best)} ahead of {names} ({say(next_best)})"


def seats_named(seats: Iterable[int], names: Sequence[str]) -> list[dict[str, Any]]:
    """Players as every game's JSON result names them: ``{"seat": 2, "name": "Kim"}``,
    the seat counted from 0 as the result's lists by seat are (Across the Board's
    ``fifties``, ``names``). Across gave its winners as bare seats, Totopoly a seat and a
    name apart, Derby Cast objects (docs/formats.md, "A game's result")."""
    return [{"seat": seat, "name": names[seat]} for seat in seats]


def checks_table(checks: Sequence[Check], title: str) -> Table:
    """A designer's checks (``core.design``), one a row, each met or NOT MET."""
    from homestretch.cli.plain import Table

    table = Table("check", "wanted", "measured", "", title=title)
    for check in checks:
        table.add_row(check.check, check.wanted, check.measured, "met" if check.met else "NOT MET")
    return table


def echo_json(data: Any) -> None:
    import json  # not before: a text answer never needs it

    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def prompt(text: str, wanted: str = "", **options: Any) -> str:
    """Ask at the terminal. With no input left (end of input, or no stdin at all) the
    question is abandoned as Ctrl-C would be: the game so far is saved, no traceback.

    Enter alone at a question with no default asked it again with no word: the first
    time it is said, in one line, what is wanted (``wanted``, else the question's last
    bracket: "your choice (a number, or bet 7)"), then the question is asked again. The
    line goes where the question does (stdout, or stderr with ``err``): a player who
    reads the screen or pipes it sees it beside the question it answers."""
    if "default" in options:
        return _ask(text, options)
    told = False
    while not (answer := _ask(text, {**options, "default": "", "show_default": False})).strip():
        if not told:
            screen = err_console if options.get("err") else console
            screen.print(f"[yellow]{escape(blank_answer(text, wanted))}[/yellow]")
            told = True
    return answer


def blank_answer(question: str, wanted: str = "") -> str:
    """What is said to Enter pressed alone at ``question``."""
    if not wanted and question.endswith(")") and "(" in question:
        wanted = question[question.rindex("(") + 1 : -1]
    wanted = wanted or "an answer"
    said = wanted if wanted.startswith("type ") else f"type {wanted}"
    return f"nothing typed: {said}, then Enter"


def _ask(text: str, options: dict[str, Any]) -> str:
    try:
        if options.get("err"):  # typer's prompt writes its last character (a space) to
            with redirect_stdout(sys.stderr):  # stdout: with --format json, JSON alone there
                return str(typer.prompt(text, **options))
        return str(typer.prompt(text, **options))
    except BrokenPipeError:  # the reader of the question gone: the run ends quietly
        raise
    except (EOFError, RuntimeError, OSError):  # click: RuntimeError "lost sys.stdin"
        raise typer.Abort() from None


def ask_roll(node: ChanceNode, to_stderr: bool = False) -> Sequence[int]:
    """Ask a person at the table for the faces they rolled: both at once ("3 5") or one
    die at a time; a typing slip is said and asked again. With ``to_stderr`` (``--format
    json``) the question goes to stderr, keeping stdout for the result."""
    from homestretch.cli.human import asks_for_help, say_help
    from homestretch.core.chance import DIE_NAMES, parse_faces  # a table's, not every command's

    screen = err_console if to_stderr else console  # a slip is said where the question is
    faces: list[int] = []
    while len(faces) < node.dice:
        names = DIE_NAMES[len(faces) : node.dice]
        wanted = f"{names[0]} die" if len(names) == 1 else f"{' and '.join(names)} dice, like 3 5"
        text = prompt(f"{node.label} - type the {wanted}", wanted=f"the {wanted}", err=to_stderr)
        if asks_for_help(text):  # as every game's prompts answer it
            say_help(
                screen,
                f"Type the faces showing on the {' and '.join(names)} "
                f"{'die' if len(names) == 1 else 'dice'}, 1 to 6, apart (like 3 5), "
                "all at once or one die at a time. Ctrl-C stops.",
            )
            continue
        try:
            typed_faces = parse_faces(text, source="your roll")
        except DiceError as exc:
            typed = text.strip()
            together = len(typed) > 1 and all(c in "123456" for c in typed)
            said = f"type the faces apart, like {' '.join(typed)}" if together else str(exc)
            screen.print(f"[red]{escape(said)}[/red]")
            continue
        if len(faces) + len(typed_faces) > node.dice:  # said of what was typed at this
            # question: "3 4 5" at "type the white die" is 3 faces for one die, not 4 for 2
            left = node.dice - len(faces)
            said = (
                f"{' '.join(map(str, typed_faces))} is {len(typed_faces)} faces, for "
                f"{left} {'die' if left == 1 else 'dice'} (the {' and '.join(names)}); "
                "type the roll again"
            )
            screen.print(f"[red]{escape(said)}[/red]")
            faces = []
            continue
        faces += typed_faces
    return faces


SEED_NOTICES: list[str] = []
"""Seed notices held back in JSON mode: stdout holds only the JSON, and stderr only one
line when the run fails, so the notice is printed to stderr at the end of a run that
succeeds or stops, and joins the error line of one that fails (``cli.main.run``)."""


def seed_line(seed: int) -> str:
    """How a random run's seed is said, to repeat the run."""
    return f"seed {seed}  (repeat with --seed {seed})"


def announce_seed(seed: int | None, kind: str, fmt: OutputFormat) -> None:
    """Print the seed of a random run (held for stderr in JSON mode)."""
    if kind == "seeded" and seed is not None:
        notice = seed_line(seed)
        if fmt is OutputFormat.json:
            SEED_NOTICES.append(notice)
        else:
            console.print(notice, style="dim")


def said_drawn(plot: Path, fmt: OutputFormat) -> None:
    """Every --plot says where its picture went, in the same words: on stdout under a text
    result, on stderr under --format json (its stdout is the JSON alone)."""
    notes = err_console if fmt is OutputFormat.json else console
    notes.print(f"drawn: {plot}", markup=False, highlight=False)


def open_store(db: str | Path | None, saved: bool = False, read_only: bool = False) -> Store:
    """The store ``--db`` names: a value with a scheme (``sqlite:///``,
    ``postgresql+psycopg://``) is a URL, anything else a file's path. ``saved``: the
    command reads games saved before (history, replay, resume, verify), so a file
    ``--db`` names must be there already: a name typed wrong is said, not made into
    an empty store that lists nothing. ``read_only``: the command writes nothing
    (history, replay), so a store this user may not write is read (``Store``)."""
    from homestretch.store.db import Store, is_url  # SQLAlchemy only for commands that use it

    if db is not None and not str(db).strip():  # "--db $STORE" with STORE unset
        raise HomestretchError(
            f"--db {str(db)!r}: an empty name names no game store (without --db the default "
            "store is used: see `homestretch history`)"
        )
    if saved and db is not None and not is_url(str(db)) and not Path(db).exists():
        raise HomestretchError(
            f"--db {db}: no game store there, so no saved game; "
            "without --db the default store is read (see `homestretch history`)"
        )
    if saved and (missing := default_store_missing(db)) is not None:
        raise HomestretchError(
            f"no game is saved yet: no game store at {missing} (the first game played "
            "makes it; --db names another)"
        )
    return Store(db, read_only=read_only, saved=saved)


def default_store_missing(db: str | Path | None) -> Path | None:
    """The default store's file (``db`` None: ``HOMESTRETCH_DB``, else the data folder's)
    when it is not there yet: a command of saved games (history, replay, resume, verify)
    finds none in it, and makes no store (and no data folder) to say so. None otherwise."""
    from homestretch.store.db import default_db, is_url

    if db is not None:
        return None
    default = default_db()
    if isinstance(default, str) and is_url(default):
        return None
    return None if Path(default).exists() else Path(default)


@contextmanager
def progress_bar(total: int, description: str) -> Iterator[Progress]:
    """A progress bar on stderr for long work; call ``bar.advance(task, n)``."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,  # a log or a pipe got a blank line from it
    ) as bar:
        bar.add_task(description, total=total)
        yield bar
