"""The `homestretch` command. Each game adds its own group from its cli module:
``games/<name>/terminal/cli.py`` (the layout of DESIGN.md section 1), or
``games/<name>/cli.py`` in a game not yet moved to it.

A game's cli module exposes ``app`` (its typer group) and may expose
``show_saved(saved, fmt)`` (used by ``replay``) and ``resume_saved(saved, store)``.
It is imported only when its group is asked for, so ``homestretch --help`` and the
other games' commands never pay for it (benchmarks/cli_startup.py measures this).
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, NoReturn

import typer
from rich.markup import escape
from typer import _click
from typer.core import TyperArgument, TyperGroup, TyperOption
from typer.models import CommandInfo

from homestretch.cli.common import (
    MAX_SEED,
    SEED_NOTICES,
    DbOption,
    FormatOption,
    OutputFormat,
    console,
    default_store_missing,
    echo_json,
    either,
    err_console,
    game_id_argument,
    one_of,
    open_store,
    said_drawn,
)
from homestretch.core import registry
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import escape_controls
from homestretch.web.cli import serve, verify

MESSAGE_CHARS = 600
"""The longest error line printed (a message quoting a long value is cut)."""
HEAVY_LIBRARIES = (
    "numpy",
    "sqlalchemy",
    "matplotlib",
    "fastapi",
    "pydantic",
    "numba",
    "markdown_it",
    "pygments",
)
"""What no ``--help`` may import: it is answered from the command tree alone, with no
game's rules, store or arrays (tests/core/test_cli_main.py holds every kind of command
to it; benchmarks/cli_startup.py names any a command's help pulls in). markdown-it-py and
Pygments: typer's help module imports them through rich.markdown and rich.traceback, and
homestretch's help never uses either (``_LeanTyperHelp``)."""


def cli_module(name: str) -> str | None:
    """The name of the game ``name``'s cli module, or None if it has none: found without
    importing it (a game's ``terminal`` package alone is imported, to look inside)."""
    package = f"homestretch.games.{name}"
    for module in (f"{package}.terminal.cli", f"{package}.cli"):
        try:
            if importlib.util.find_spec(module) is not None:
                return module
        except ModuleNotFoundError:  # no terminal package: a game with its cli.py on top
            continue
    return None


def _game_cli(name: str) -> ModuleType:
    module = cli_module(name)
    if module is None:
        raise HomestretchError(f"the game {name!r} has no commands")
    return importlib.import_module(module)


class _LazyGames(TyperGroup):
    """The top-level group: its own commands (``_COMMANDS``) and each game's command group
    are built when first asked for (a game's from its cli module). Listing the commands
    (``--help``) shows each game's registry title and imports no game's commands."""

    _listing = False

    def _games(self) -> dict[str, str]:
        """Each registered game that has commands: its title, by name."""
        return {
            name: entry.title
            for name, entry in sorted(registry.entries().items())
            if cli_module(name) is not None
        }

    def _title(self, name: str) -> str | None:
        """The title of the game ``name`` if it has commands (its package alone read)."""
        try:
            entry = registry.entry(name)
        except HomestretchError:
            return None
        if cli_module(name) is None:
            return None
        return entry.title

    def _having(self, command: str) -> list[str]:
        """The games that have ``command`` (a mistake's path: their cli modules read)."""
        if command.startswith("-") or not command.isidentifier():
            return []
        return [
            name
            for name in self._games()
            if any(
                (info.name or typer.main.get_command_name(info.callback.__name__)) == command
                for info in _game_cli(name).app.registered_commands
                if info.callback is not None
            )
        ]

    def list_commands(self, ctx: _click.Context) -> list[str]:
        own = [*dict.fromkeys([*_COMMANDS, *self.commands])]
        games = [name for name in self._games() if name not in own]
        # the help lists the games first, where a newcomer starts (the rest: OWN_PANEL)
        return [*games, *own] if self._listing else [*own, *games]

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        info = _COMMANDS.get(cmd_name)
        if info is not None:  # built as typer builds a group's commands
            self.commands[cmd_name] = _plain_usage(
                typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=app.pretty_exceptions_short,
                    rich_markup_mode=app.rich_markup_mode,
                )
            )
            return self.commands[cmd_name]
        title = self._title(cmd_name)
        if title is None and cmd_name == "content":  # a guess at the top: each game's own
            games = ", ".join(self._games())
            raise _click.exceptions.UsageError(
                f"each game has its own content command: homestretch GAME content FOLDER "
                f"(GAME one of {games})",
                ctx,
            )
        if title is None and not self._listing and (having := self._having(cmd_name)):
            # `homestretch play` offered "did you mean replay?": a game's command, said so
            one = len(having) == 1
            which = f"{having[0]} {cmd_name}" if one else f"GAME {cmd_name} (GAME one of "
            which += "" if one else f"{', '.join(having)})"
            raise _click.exceptions.UsageError(
                f"{cmd_name} is a game's command: homestretch {which}", ctx
            )
        if title is None:
            return None
        if self._listing:  # a line of help needs the title alone
            return TyperGroup(name=cmd_name, help=title)
        game_app = _game_cli(cmd_name).app
        group = _LazyCommands.of(game_app)
        # the title, then the game's own help: where to start (its first command to try)
        start = game_app.info.help if isinstance(game_app.info.help, str) else ""
        group.help = f"{title}\n\n{start}" if start else title
        _help_flag_defaults_off(group, ctx)
        self.commands[cmd_name] = group
        return group

    def get_help_option(self, ctx: _click.Context) -> TyperOption | None:
        option = super().get_help_option(ctx)
        if option is not None:
            option.default = False  # see _help_flag_defaults_off
        return option

    def format_help(self, ctx: _click.Context, formatter: _click.HelpFormatter) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def invoke(self, ctx: _click.Context) -> Any:
        """The command, with Ctrl-C while it works said as at a question: typer turned it
        into exit status 130 without a word (`stretch odds`, `totopoly simulate`), where
        ``run`` says "Stopped" (a game's own loop says it first, the game saved)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise typer.Abort() from None


class _LazyCommands(TyperGroup):
    """A game's group whose commands are each built from their function when first asked
    for: typer reads every command's signature to build a group (10 ms for stretch's
    dozen, on every run), and a run needs one. Its sub-groups are built at once."""

    _game: typer.Typer
    _unbuilt: dict[str, CommandInfo]
    _order: list[str]

    @classmethod
    def of(cls, game: typer.Typer) -> _LazyCommands:
        bare = copy.copy(game)  # the group's own settings and sub-groups, no commands
        bare.registered_commands = []
        bare.info = copy.copy(game.info)
        bare.info.cls = cls
        group = typer.main.get_group(bare)
        assert isinstance(group, cls)
        group._game = game
        group._unbuilt = {
            info.name or typer.main.get_command_name(info.callback.__name__): info
            for info in game.registered_commands
            if info.callback is not None
        }
        group._order = [*group._unbuilt, *group.commands]  # typer's order: commands first
        return group

    def list_commands(self, ctx: _click.Context) -> list[str]:
        return list(self._order)

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        info = self._unbuilt.pop(cmd_name, None)
        if info is not None:
            self.commands[cmd_name] = _plain_usage(
                typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=self._game.pretty_exceptions_short,
                    rich_markup_mode=self._game.rich_markup_mode,
                )
            )
        return self.commands.get(cmd_name)


class _PlainArgument(TyperArgument):
    """An argument a command needs, in its usage line as Unix tools write it: "RACE"
    (typer wrote "{RACE}", braces a newcomer copied as typed)."""

    def make_metavar(self, ctx: _click.Context, *, usage: bool = False) -> str:
        said = super().make_metavar(ctx, usage=usage)
        return said[1:-1] if usage and said.startswith("{") and said.endswith("}") else said


def _plain_usage(command: _click.Command) -> _click.Command:
    """``command`` with its needed arguments said plainly (``_PlainArgument``)."""
    for param in command.params:
        if type(param) is TyperArgument:
            param.__class__ = _PlainArgument
    return command


def _help_flag_defaults_off(group: _click.Command, ctx: _click.Context) -> None:
    """A group's ``--help`` flag left out reads as False rather than None: typer turns a
    None through pydantic (0.15 s to import) on every command run under the group."""
    option = group.get_help_option(ctx)
    if option is not None:
        option.default = False


def _say_version(asked: bool) -> None:
    if asked:
        from homestretch import __version__

        console.print(f"homestretch {__version__}", highlight=False)
        raise typer.Exit()


def _commands_follow(
    version: Annotated[
        bool,
        typer.Option(
            "--version", is_eager=True, callback=_say_version, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Nothing to do before a command but --version (a callback makes typer build a group:
    the commands themselves are ``_LazyGames``'s to build)."""


app = typer.Typer(
    cls=_LazyGames,
    callback=_commands_follow,
    help="homestretch: four tabletop horse-racing games, and the races they describe.\n\n"
    "Start here: `homestretch stretch run 2009-champagne-stakes --mode full` runs a race "
    "with its call (a second or two); `homestretch GAME --help` shows a game's first "
    "command to try and `homestretch GAME rules` teaches it in a page; `homestretch serve` "
    "opens every game to a browser.\n\n"
    "Your own cards, charts, races, tracks, board or odds table: `homestretch GAME content "
    "FOLDER` copies a game's bundled ones into FOLDER to edit.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},  # -h too, in every command
)
commands = typer.Typer()
"""The top-level commands, each built (its signature read: 3-4 ms a command) only when
it is asked for, by ``_LazyGames``."""


def _limit_in_range(limit: int) -> int:
    # checked here rather than by max=: its 19 digits printed in --help ("[1<=x<=922...]")
    if limit > MAX_SEED:
        raise typer.BadParameter(f"{limit} is more games than any store holds")
    return limit


OWN_PANEL = "Saved games and the browser"
"""The help's panel of the commands that are no game's: listed after the games."""
commands.command(rich_help_panel=OWN_PANEL)(serve)
commands.command(rich_help_panel=OWN_PANEL)(verify)


@commands.command(rich_help_panel=OWN_PANEL)
def history(
    game: str | None = typer.Option(None, "--game", help="only this game"),
    limit: int = typer.Option(
        30, "--limit", min=1, callback=_limit_in_range, help="how many, newest first"
    ),
    db: DbOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """List saved runs and games, newest first.

    Example: `homestretch history --limit 5`"""
    if game is not None:  # a game named wrong is said (the nearest, the names), not listed empty
        one_of("--game", game, sorted(registry.entries()))
    # no default store yet (a game never played): none made to list nothing from
    none_yet = default_store_missing(db) is not None
    rows = [] if none_yet else open_store(db, saved=True, read_only=True).saved_games(game, limit)
    if fmt is OutputFormat.json:
        echo_json(
            [
                {
                    "id": r.id,
                    "game": r.game,
                    "label": r.label,
                    "status": r.status,
                    "seed": r.seed,
                    "dice": r.dice,
                    "created": r.created,
                    "summary": r.summary,
                }
                for r in rows
            ]
        )
        return
    if not rows:  # an empty table's headings alone said nothing
        kind = f"{game} games" if game is not None else "games"
        where = f" in {escape(escape_controls(db))}" if db is not None else ""
        console.print(f"no saved {kind}{where} yet", highlight=False)
        return
    from rich import box
    from rich.table import Table

    # at 80 columns eight columns cut the game to "derbyca…", a seed to "994755…" and the
    # time to "2026-1…": the seed column names the dice when they were not seeded, the
    # status stands where a finished game has its result, the time is to the minute (in
    # UTC, as stored; --format json gives all of it), and none of these is cut
    table = Table(
        "id", "game", "what", "seed", "when (UTC)", "result", box=box.SIMPLE_HEAD, show_edge=False
    )
    for column, longest in (
        (1, max((len(r.game) for r in rows), default=4)),
        (3, max((len(str(r.seed)) for r in rows), default=4)),
        (4, 16),
    ):
        table.columns[column].no_wrap = True
        table.columns[column].min_width = longest
    for r in rows:
        seed = str(r.seed) if r.seed is not None else "" if r.dice == "seeded" else f"{r.dice} dice"
        label, summary = (escape(escape_controls(t)) for t in (r.label, r.summary))
        when = r.created[:16].replace("T", " ")
        result = summary if r.status == "finished" and summary else escape(r.status)
        table.add_row(str(r.id), r.game, label, seed, when, result)
    console.print(table)


@commands.command(rich_help_panel=OWN_PANEL)
def replay(
    game_id: Annotated[int, game_id_argument("the game's id (history)")],
    db: DbOption = None,
    fmt: FormatOption = OutputFormat.text,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="also draw each player's money or points over the game (PNG or SVG)"
        ),
    ] = None,
) -> None:
    """Show a saved run again, rebuilt from its event log.

    Example: `homestretch replay 12 --plot money.png`"""
    from homestretch.session.saved import (
        BROKEN_LOG,
        check_content,
        check_files,
        located,
        restore_kept,
        saved_entry,
    )

    if plot is not None:  # a bad picture name said before the replay, as every --plot
        from homestretch.cli.pictures import picture_path

        picture_path(plot)
    store = open_store(db, saved=True, read_only=True)  # a replay writes nothing
    saved = store.load(game_id)
    restore_kept(store, saved)  # a designer's content the web kept, where its copy is gone
    entry = saved_entry(saved)  # a game this version does not know is one clear line
    # never another game replayed on content changed since; a file of one's own read
    # again by no replay (the log holds what was read) is only said to have changed
    for note in check_content(store, saved) + check_files(store, saved, None):
        err_console.print(note, style="dim", markup=False, highlight=False, soft_wrap=True)
    if plot is not None:
        from homestretch.cli.pictures import standings_chart, standings_over_game

        if entry.standings is None:
            raise HomestretchError(
                f"--plot: {entry.name} has no money or points to draw; a race draws its "
                "running lines with `homestretch stretch run RACE --mode full --plot FILE`"
            )
        title = f"{entry.title.split(':')[0]}, game {saved.id}: {saved.label}"
        standings_chart(title, entry.standings_unit, standings_over_game(entry, saved), plot)
    module = _game_cli(saved.game)
    if not hasattr(module, "show_saved"):
        raise HomestretchError(f"{saved.game} cannot show saved games yet")
    try:
        module.show_saved(saved, fmt)
    except BROKEN_LOG as exc:  # the move that does not replay, named
        raise located(saved, exc) from None
    if plot is not None:
        said_drawn(plot, fmt)


@commands.command(rich_help_panel=OWN_PANEL)
def resume(
    game_id: Annotated[int, game_id_argument("the game's id (history)")],
    db: DbOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Go on with a saved game that is not finished.

    Example: `homestretch resume 12`"""
    store = open_store(db, saved=True)
    saved = store.load(game_id)
    if saved.status == "finished":
        raise HomestretchError(
            f"game {game_id} is already finished: `homestretch replay {game_id}` shows it"
        )
    store.check_writable()  # said before anyone types a move it could not keep
    from homestretch.session.saved import restore_kept, saved_entry

    saved_entry(saved)  # a game this version does not know is one clear line
    restore_kept(store, saved)  # a designer's content the web kept, where its copy is gone
    module = _game_cli(saved.game)
    if not hasattr(module, "resume_saved"):
        raise HomestretchError(f"{saved.game} games cannot be resumed")
    module.resume_saved(saved, store, fmt)


_COMMANDS = {
    info.name or typer.main.get_command_name(info.callback.__name__): info
    for info in commands.registered_commands
    if info.callback is not None
}


def run() -> None:
    """Entry point: user mistakes print one line and exit 2, never a traceback."""
    _closed_streams_go_nowhere()
    _no_pydantic_plugins()
    _lean_typer_help()
    if any("\0" in word for word in sys.argv):  # only a program calling us can pass one
        _fail("a NUL character on the command line: no option or file name can hold one")
    try:
        code = _run_app()
    except HomestretchError as exc:
        _fail(str(exc))
    except BrokenPipeError:
        _reader_gone()
    except OSError as exc:
        # the system refused a path the user named (too long, no permission, a folder)
        where = f"{escape_controls(str(exc.filename))}: " if exc.filename else ""
        _fail(f"{where}{exc.strerror or exc}")
    except (typer.Abort, KeyboardInterrupt):
        # Ctrl-C, at a prompt or while the program works, or the input ran out: one
        # line and 128 + SIGINT, whichever it was. A game's own loop says first that the
        # game is saved and how to carry on (table_loop); what comes here is outside one
        # (a study, a builder's question, `stretch run --no-save --dice ask`, a name
        # asked before a game is opened), where mostly nothing was saved, and pointing to
        # `history` "for saved games" said there was
        from homestretch.cli.table_loop import INTERRUPTED  # the sessions' loop, not needed before

        _last_word("\nStopped.", INTERRUPTED)
    except Exception as exc:
        # typer's (vendored click) usage errors: a missing argument, a bad option value.
        # They carry format_message() and exit code 2; anything else is a bug.
        if getattr(exc, "exit_code", None) != 2 or not hasattr(exc, "format_message"):
            raise
        if isinstance(exc, _click.exceptions.NoArgsIsHelpError):
            sys.exit(2)  # a group typed alone: its help is printed, and no error line after
        ctx = getattr(exc, "ctx", None)
        where = f"{ctx.command_path}: " if ctx is not None else ""
        hint = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        _fail(f"{where}{in_our_words(exc) or exc.format_message()}{hint}")
    sys.exit(code if isinstance(code, int) else 0)


def in_our_words(exc: Exception) -> str | None:
    """click's usage errors said as the program says them elsewhere (``one_of``,
    ``inputs.whole_number``), or None to keep click's: a command typed wrong with the
    nearest ("No such command 'stretchh'." named none), a count not a whole number
    ("'x' is not a valid int range."), out of range ("0 is not in the range
    1<=x<=9223372036854775807."), a choice typed wrong ("'jsn' is not one of 'text',
    'json'." with no "did you mean")."""
    import re

    from homestretch.core.inputs import either_of, nearest, nearest_all, shown

    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    ctx = getattr(exc, "ctx", None)
    unknown = re.fullmatch(r"No such command '(.*)'\.", message)
    if unknown is not None and ctx is not None and hasattr(ctx.command, "list_commands"):
        typed = unknown.group(1)
        if typed.lower().lstrip("-") in ("help", "h", "?"):  # `homestretch help`, as git takes it
            return (
                f"no command {shown(typed)}: help is the option --help (or -h), after any command"
            )
        near = nearest(typed, ctx.command.list_commands(ctx))
        guess = f"did you mean {near}? " if near else ""
        return f"no command {shown(typed)}; {guess}the commands: {', '.join(ctx.command.list_commands(ctx))}"
    if isinstance(exc, _click.exceptions.NoSuchOption) and ctx is not None:
        # click's "(Possible options: --save, --seed)" offered every option near by its
        # dashes too ("--bogus": --odds); the one nearest by name, as elsewhere
        typed = exc.option_name
        if (moved := _after_its_command(typed, ctx)) is not None:
            return f"no option {typed} here: it goes after the command it is for ({moved})"
        opts = {o.lstrip("-"): o for p in ctx.command.params for o in p.opts if o.startswith("--")}
        near = either_of([opts[o] for o in nearest_all(typed.lstrip("-"), opts)])
        return f"no option {typed}" + (f"; did you mean {near}?" if near else "")
    if (bare := re.fullmatch(r"Option '(.*)' requires an argument\.", message)) is not None:
        return f"{bare.group(1)} needs a value after it (the command's --help says what it takes)"
    if (switch := re.fullmatch(r"Option '(.*)' does not take a value\.", message)) is not None:
        # `--no-save=1` was "Option '--no-save' does not take a value.", click's words
        return f"{switch.group(1)} takes no value: it is a switch, on when named (write it alone)"
    extra = re.fullmatch(r"Got unexpected extra argument\(s\) \((.*)\)", message)
    if extra is not None and ctx is not None:
        # `stretch cards secretariat 1973` was "Got unexpected extra argument(s) (1973)"
        takes = [
            (p.metavar or p.name.upper()).strip("[]{}")
            for p in ctx.command.params
            if p.param_type_name == "argument"
        ]
        what = f"{' and '.join(takes)} and options" if takes else "options alone"
        return (
            f"{shown(extra.group(1))} is more than it takes ({what}; a value of several "
            "words goes in quotes)"
        )
    param = getattr(exc, "param", None)
    if param is None or not param.opts:
        return None
    if isinstance(exc, _click.exceptions.MissingParameter):
        # "Missing argument 'ODDS'." said what, not what to write there: its help does
        name = (param.metavar or param.name.upper()).strip("[]{}")
        named = name if param.param_type_name == "argument" else param.opts[-1]
        wanted = getattr(param, "help", None)
        return f"{named} is missing" + (f": {wanted}" if wanted else "")
    option = "/".join(param.opts)  # as typed, one or the other: "-n/--runs"
    kind = param.type
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    span = _span(low, high)
    said = str(getattr(exc, "message", ""))
    if (typed := re.fullmatch(r"'(.*)' is not a valid int( range)?\.", said)) is not None:
        return f"{option} {shown(typed.group(1))} is not a whole number{span}"
    if (typed := re.fullmatch(r"'(.*)' is not a valid float( range)?\.", said)) is not None:
        return f"{option} {shown(typed.group(1))} is not a number, like 8 or 8.5{span}"
    if (typed := re.fullmatch(r"(.*) is not in the range .*\.", said)) is not None:
        return f"{option} {typed.group(1)} is out of range{span}"
    choices = getattr(kind, "choices", None)
    if choices and (typed := re.fullmatch(r"'(.*)' is not one of .*\.", said)) is not None:
        names = [str(getattr(c, "value", c)) for c in choices]
        near = nearest(typed.group(1), names)
        guess = f"did you mean {near}? " if near else ""
        return f"{option} {shown(typed.group(1))}: {guess}write {either(names)}"
    if isinstance(exc, _click.exceptions.BadParameter) and said:
        # a check of our own (a seed's range, a game's id): its words, without click's
        # "Invalid value for '--seed':" before them; an argument's words name it already
        return f"{option}: {said}" if param.param_type_name == "option" else said
    return None


def _after_its_command(typed: str, ctx: Any) -> str | None:
    """An option typed before the command it is for (`homestretch --format json stretch
    races`, `homestretch stretch --seed 3 run RACE`: "no option --format", though every
    command has one): the command line with it moved after its command, or None when the
    command named after it takes no such option."""
    import shlex

    words = sys.argv[1:]
    at = next((i for i, w in enumerate(words) if w == typed or w.startswith(f"{typed}=")), None)
    if at is None or not hasattr(ctx.command, "get_command"):
        return None
    root, attached = ctx.find_root(), "=" in words[at]
    for dropped in [at] if attached else [at, at + 1]:  # a flag, or with its value
        rest = [w for i, w in enumerate(words) if not at <= i <= dropped]
        command, length = root.command, 0
        while length < len(rest) and hasattr(command, "get_command"):
            try:
                below = command.get_command(root, rest[length])
            except Exception:  # a word the group refuses with words of its own: no command
                below = None
            if below is None:
                break
            command, length = below, length + 1
        named = [p for p in command.params if typed in (*p.opts, *p.secondary_opts)]
        flag = bool(named) and getattr(named[0], "is_flag", False)
        if not named or hasattr(command, "get_command") or flag != (dropped == at and not attached):
            continue
        line = [*rest[:length], *words[at : dropped + 1], *rest[length:]]
        return shlex.join(["homestretch", *line])
    return None


def _span(low: object, high: object) -> str:
    """A range in words: " (1 to 7)", " (1 or more)"; "" without one."""
    if low is not None and high is not None and high != MAX_SEED:
        return f" ({low} to {high})"
    if low is not None:
        return f" ({low} or more)"
    if high is not None:
        return f" (at most {high})"
    return ""


PLUGINS_OFF = ("__all__", "1", "true")
"""The values of PYDANTIC_DISABLE_PLUGINS that turn every pydantic plugin off."""


def _no_pydantic_plugins() -> None:
    """homestretch uses no pydantic plugin, so none is looked for (every installed
    package's entry points, read at the first option typer checks), unless the user
    names plugins in PYDANTIC_DISABLE_PLUGINS. With them off, pydantic's plugin loader
    still imports importlib.metadata (and the email package with it: 12 ms of every
    command) only to answer "no plugins": its one function stands in, answering so."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if os.environ["PYDANTIC_DISABLE_PLUGINS"] in PLUGINS_OFF:
        loader = ModuleType("pydantic.plugin._loader")
        loader.get_plugins = tuple  # type: ignore[attr-defined]  # no plugins: ()
        sys.modules.setdefault(loader.__name__, loader)  # the real one if already loaded


class _Markdown:
    """Stands in for ``rich.markdown.Markdown`` in typer's help module: typer makes one only
    in its markdown markup mode (never ours), and rich.markdown imports markdown-it-py and
    Pygments (60-90 ms of every ``--help``). Made, it is the real one."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        from rich.markdown import Markdown

        return Markdown(*args, **kwargs)


class _Traceback:
    """Stands in for ``rich.traceback.Traceback`` in typer's help module (typer draws one
    only for its pretty exceptions, which homestretch turns off): the real one, imported
    when first asked for."""

    @staticmethod
    def from_exception(*args: Any, **kwargs: Any) -> Any:
        from rich.traceback import Traceback

        return Traceback.from_exception(*args, **kwargs)


class _LeanTyperHelp:
    """Finds typer's help module (``typer.rich_utils``, imported at the first ``--help``
    or usage error) as Python would, and runs it with ``rich.markdown`` and
    ``rich.traceback`` standing in as modules holding ``_Markdown`` and ``_Traceback``:
    the help it prints is the same, without importing either. The stand-ins are put back
    at once (any later import gets the real modules), and are not used at all where the
    real ones are already loaded."""

    name = "typer.rich_utils"

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != self.name:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            # a loader in all but its base class (importlib.abc: not imported for this)
            spec.loader = _WithStandIns(spec.loader)  # type: ignore[assignment]
        return spec


class _WithStandIns:
    """A module's loader, running it with the stand-in modules in place."""

    def __init__(self, loader: Any) -> None:
        self.loader = loader

    def create_module(self, spec: Any) -> Any:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        stand_ins = {
            "rich.markdown": ("Markdown", _Markdown),
            "rich.traceback": ("Traceback", _Traceback),
        }
        placed = []
        for name, (attribute, value) in stand_ins.items():
            if name not in sys.modules:
                sys.modules[name] = ModuleType(name)
                setattr(sys.modules[name], attribute, value)
                placed.append(name)
        try:
            self.loader.exec_module(module)
        except ImportError:  # a typer that asks the stand-ins for more: run it as it is
            for name in placed:
                del sys.modules[name]
            placed = []
            self.loader.exec_module(module)
        finally:
            for name in placed:
                del sys.modules[name]

    def __getattr__(self, name: str) -> Any:  # get_source and the like: the real loader's
        return getattr(self.loader, name)


def _lean_typer_help() -> None:
    """Typer's help module is loaded with stand-ins (``_LeanTyperHelp``) unless it is
    loaded already."""
    if _LeanTyperHelp.name not in sys.modules and not any(
        isinstance(finder, _LeanTyperHelp) for finder in sys.meta_path
    ):
        sys.meta_path.insert(0, _LeanTyperHelp())


def _run_app() -> object:
    """The app, then any seed notice held back in JSON mode, on stderr (not on a
    failure: the error line names the seed then)."""
    SEED_NOTICES.clear()  # one run's notices (a test may run the app many times)
    try:
        code = app(standalone_mode=False)
    except SystemExit as exc:
        # a reader gone: click (as rich) answers a broken pipe with exit status 1
        if isinstance(exc.__context__, BrokenPipeError):
            raise BrokenPipeError from None
        raise
    except (typer.Exit, typer.Abort, KeyboardInterrupt):
        _print_seed_notices()
        raise
    _print_seed_notices()
    sys.stdout.flush()  # a reader gone is found here, not in Python's last flush at exit
    return code


def _print_seed_notices() -> None:
    while SEED_NOTICES:
        err_console.print(SEED_NOTICES.pop(0), style="dim", highlight=False)


def _closed_streams_go_nowhere() -> None:
    """stdout or stderr closed when the program started (``2>&-``): Python leaves it None,
    so a question was refused ("lost sys.stderr": input() flushes stderr first, and the
    game stopped at its first one), JSON written to stdout was a traceback, and the next
    file opened would take the stream's number. Nowhere (os.devnull) takes its place:
    what goes there goes unread, as a reader gone (``_reader_gone``)."""
    for number, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        nowhere = os.open(os.devnull, os.O_WRONLY)
        if nowhere != number:
            os.dup2(nowhere, number)
            os.close(nowhere)
        setattr(sys, name, open(number, "w", encoding="utf-8", closefd=False))  # noqa: SIM115


def _reader_gone(status: int = 0) -> NoReturn:
    """The program reading the output stopped (``homestretch stretch cards | head``), or
    the one reading stderr alone (``... 2>&1 >/dev/null | head -1``): exit 0 with no word,
    as Unix tools do (``status``: the run's own when it broke saying its last line, an
    error's 2). What a reader still there is owed is flushed to it (the JSON on stdout of a
    run whose seed notice found stderr gone); whatever is still buffered for one gone goes
    nowhere (Python's last flush would say "Exception ignored ... BrokenPipeError" and
    exit 120)."""
    nowhere = os.open(os.devnull, os.O_WRONLY)
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # closed when the program started (2>&-)
            continue
        with contextlib.suppress(OSError, ValueError):  # its reader gone, or no file
            stream.flush()
        try:
            os.dup2(nowhere, stream.fileno())
        except (OSError, ValueError):  # a stream with no file (a test's capture)
            continue
    sys.exit(status)


def _last_word(line: str, status: int) -> NoReturn:
    """Say ``line`` on stderr and exit with ``status``; stderr's reader gone, exit with it
    all the same, with no word (``_reader_gone``)."""
    try:
        err_console.print(line, highlight=False, soft_wrap=True)
    except BrokenPipeError:
        _reader_gone(status)
    sys.exit(status)


def _fail(message: str) -> NoReturn:
    """One line on stderr: whatever the message quotes, no control character reaches the
    terminal raw, and a value pasted in whole cannot make it a screenful."""
    line = escape_controls(" ".join(message.splitlines()))
    if len(line) > MESSAGE_CHARS:
        line = line[:MESSAGE_CHARS] + "..."
    if SEED_NOTICES:
        line += f" ({'; '.join(SEED_NOTICES)})"
    _last_word(f"[red]error:[/red] {escape(line)}", 2)
