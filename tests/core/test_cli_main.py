"""The `homestretch` entry point: usage mistakes are one line and exit status 2."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from tests.conftest import refused, run_cache
from typer import _click as click  # typer's own copy of click: its commands are of it
from typer.core import TyperGroup

from homestretch.cli.main import HEAVY_LIBRARIES, PLUGINS_OFF, app


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "t.sqlite"), **run_cache()},
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["stretch", "run"], "stretch run: RACE is missing: a race file (TOML) or a bundled"),
        (["stretch", "run", "x", "--nonsense"], "stretch run: no option --nonsense (see "),
        (["nonsense"], "no command 'nonsense'; the commands: serve, verify"),
        (["replay", "12345"], "no game is saved yet: no game store at "),
        (  # was an empty table, as if no game of it had been saved
            ["history", "--game", "stretc"],
            "--game stretc: did you mean stretch? write across, derbycast, stretch or totopoly",
        ),
    ],
)
def test_mistakes_are_one_line_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    assert words in refused(tmp_path, *args)


@pytest.mark.parametrize("args", [[], ["stretch"], ["across"], ["totopoly"], ["derbycast"]])
def test_a_command_typed_alone_shows_its_help_and_no_empty_error(
    tmp_path: Path, args: list[str]
) -> None:
    """`homestretch` alone, a newcomer's first command, printed the help and then
    'error: homestretch:  (see homestretch --help)', an error with nothing in it."""
    result = run(tmp_path, *args)
    assert result.returncode == 2  # as click has it: no command chosen
    assert "Usage:" in result.stdout and "Commands" in result.stdout
    assert result.stderr == ""


def test_help_and_history_succeed(tmp_path: Path) -> None:
    assert run(tmp_path, "--help").returncode == 0
    assert run(tmp_path, "history").returncode == 0


def test_help_shows_no_value_for_a_flag(tmp_path: Path) -> None:
    """A flag takes no value, so its help line names none (typer 0.29 wrote `<bool>`)."""
    shown = run(tmp_path, "stretch", "odds", "--help")
    assert shown.returncode == 0, shown.stderr
    assert "--early" in shown.stdout and "<bool>" not in shown.stdout


def test_replay_draws_money_over_a_game_and_refuses_what_it_cannot_draw(tmp_path: Path) -> None:
    played = run(tmp_path, "across", "play", "--bots", "3", "--seed", "5", "--quiet")
    assert played.returncode == 0, played.stderr
    picture = tmp_path / "fifties.png"
    drawn = run(tmp_path, "replay", "1", "--plot", str(picture))
    assert drawn.returncode == 0, drawn.stderr
    assert picture.read_bytes().startswith(b"\x89PNG")
    for args, words in (
        (["replay", "1", "--plot", str(tmp_path / "x.xyz")], "cannot draw a .xyz picture"),
        (["replay", "1", "--plot", str(tmp_path / "no" / "x.png")], "no folder"),
    ):
        refused = run(tmp_path, *args)
        assert refused.returncode == 2 and words in refused.stderr, refused.stderr
        assert refused.stderr.strip().count("\n") == 0
    raced = run(tmp_path, "stretch", "run", "2009-champagne-stakes", "--seed", "1")
    assert raced.returncode == 0, raced.stderr
    refused = run(tmp_path, "replay", "2", "--plot", str(tmp_path / "race.png"))
    assert refused.returncode == 2 and "no money or points to draw" in refused.stderr


def test_a_bad_picture_name_is_refused_before_anything_is_drawn(tmp_path: Path) -> None:
    """A player named with a glyph the chart's font lacks: the chart's layout warned of it
    on stderr before the file name was checked, so `--plot -` said three lines, not one."""
    played = subprocess.run(  # the person's input runs out at once: the game is kept
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["across", "play", "--players", "\U0001f40e", "--bots", "2", "--seed", "1"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={"HOMESTRETCH_DB": str(tmp_path / "t.sqlite"), **run_cache()},
    )
    assert played.returncode == 130, played.stderr
    refused = run(tmp_path, "replay", "1", "--plot", "-")
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr == "error: -: a picture needs a file name ending .png, .svg or .pdf\n"


def test_no_stdin_at_all_stops_a_game_without_a_traceback(tmp_path: Path) -> None:
    import os

    result = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["derbycast", "play", "--players", "Ann", "--bots", "1", "--seed", "3"],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "t.sqlite"), **run_cache()},
        preexec_fn=lambda: os.close(0),  # noqa: PLW1509 - the point: a process without stdin
    )
    assert result.returncode == 130 and "Traceback" not in result.stderr
    assert "Stopped" in result.stderr
    assert "derbycast" in run(tmp_path, "history").stdout  # the game was saved


def test_hostile_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """Cases a fuzzing review found giving tracebacks: each must now be one clear line."""
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes('name = "Caf\xe9 Stakes"\nfurlongs = 8\n'.encode("latin-1"))
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"not a database at all" * 10)
    cases = [
        (["totopoly", "play", "--players", "A\x1b[2J", "--bots", "2"], "control character"),
        (["derbycast", "play", "--players", "Ann," + "b" * 61, "--bots", "1"], "61 characters"),
        (["stretch", "run", "[/]"], "no such race file"),
        (["stretch", "run", str(latin1)], "not a text file in UTF-8"),
        (["stretch", "run", "2009-champagne-stakes", "--seed", str(2**64)], "--seed"),
        (["stretch", "odds", "2009-champagne-stakes", "--seed", "-1"], "--seed"),
        (["replay", str(10**23)], "is not a game's id"),
        (["history", "--db", str(garbage)], "not a game store"),
        (
            ["stretch", "new", str(tmp_path / "x.toml"), "--furlongs", "inf"]
            + ["-e", "secretariat-1973", "-e", "citation-1948"],
            "--furlongs: Input should be a finite number",
        ),
        (
            ["stretch", "new", str(tmp_path / "no" / "x.toml")]
            + ["-e", "secretariat-1973", "-e", "citation-1948"],
            "cannot write the race file",
        ),
    ]
    for args, words in cases:
        assert words in refused(tmp_path, *args), args


def test_a_damaged_saved_game_is_refused_by_name(tmp_path: Path) -> None:
    import sqlite3

    assert run(tmp_path, "across", "play", "--bots", "3", "--seed", "2", "--quiet").returncode == 0
    with sqlite3.connect(tmp_path / "t.sqlite") as db:
        db.execute("UPDATE events SET payload = '{not json' WHERE seq = 3")
    for command in ("replay", "resume"):
        result = run(tmp_path, command, "1")
        assert result.returncode == 2 and "game 1" in result.stderr and "damaged" in result.stderr


@pytest.mark.parametrize("game", ["across", "totopoly"])
def test_resume_gives_its_result_as_json(tmp_path: Path, game: str) -> None:
    import json

    stopped = run(tmp_path, game, "play", "--bots", "3", "--dice", "3 4 6 1 2 2 5 5 6 6")
    assert stopped.returncode == 2 and "ran out" in stopped.stderr, stopped.stderr
    resumed = run(tmp_path, "resume", "1", "--format", "json")
    assert resumed.returncode == 0, resumed.stderr
    assert isinstance(json.loads(resumed.stdout), dict)


def heavy_modules(code: str) -> list[str]:
    """The heavy libraries a fresh interpreter holds after running ``code``."""
    probe = (
        f"{code}\nimport sys\nprint('held:', *[m for m in {HEAVY_LIBRARIES!r} if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1].split()
    assert last[0] == "held:", done.stdout
    return last[1:]


def test_the_command_imports_no_heavy_library() -> None:
    assert heavy_modules("import homestretch.cli.main") == []


@pytest.mark.parametrize(
    "args",
    [[], ["serve"], ["history"], ["stretch"], ["stretch", "odds"], ["across", "play"]]
    + [["derbycast", "play"], ["totopoly", "board"], ["across", "rules"]],
)
def test_help_imports_no_heavy_library(args: list[str]) -> None:
    """`--help` is answered from the command tree alone: no game's rules, store or arrays."""
    run_help = (
        "import sys\nfrom homestretch.cli.main import run\n"
        f"sys.argv = ['homestretch', *{args!r}, '--help']\n"
        "try:\n    run()\nexcept SystemExit:\n    pass"
    )
    assert heavy_modules(run_help) == []


@pytest.mark.parametrize(
    "args", [["derbycast", "play"], ["across", "play"], ["totopoly", "play"], ["stretch", "run"]]
)
def test_help_imports_no_session_machinery(args: list[str]) -> None:
    """A game's commands import the terminal's table loop at their top; its ``--help``
    needs none of what playing does: the sessions' table and dice, TOML, OpenSSL."""
    spared = ("homestretch.session.table", "homestretch.session.dice", "tomllib", "hashlib")
    code = (
        "import sys\nfrom homestretch.cli.main import run\n"
        f"sys.argv = ['homestretch', *{args!r}, '--help']\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        f"print('held:', *[m for m in {spared!r} if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].split() == ["held:"], done.stdout[-300:]


@pytest.mark.parametrize("args", [["--help"], ["stretch", "odds", "--help"], ["stretch", "run"]])
def test_help_and_usage_errors_print_the_same_with_typers_help_module_lean(
    args: list[str],
) -> None:
    """With rich.markdown and rich.traceback already loaded, typer's help module is loaded
    as it is (no stand-ins): the help and a usage error print the same to the byte, in
    colour too."""
    printed = []
    for first in ("", "import rich.markdown, rich.traceback\n"):
        code = f"{first}from homestretch.cli.main import run\nrun()"
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            env=dict(os.environ, COLUMNS="100", FORCE_COLOR="1"),
        )
        printed.append((done.returncode, done.stdout, done.stderr))
    assert printed[0] == printed[1]
    assert "stretch" in printed[0][1] + printed[0][2]


def test_typers_stand_ins_are_the_real_thing_once_used() -> None:
    """typer's help module, loaded with the stand-ins, makes rich's own Markdown and
    Traceback when asked (its markdown markup mode, its pretty exceptions), and the
    modules imported afterwards are rich's."""
    code = """
import sys
from homestretch.cli.main import _lean_typer_help
_lean_typer_help()
import typer.rich_utils as help
assert "rich.markdown" not in sys.modules and "rich.traceback" not in sys.modules
import rich.markdown, rich.traceback
made = help.Markdown("*some* text")
assert type(made) is rich.markdown.Markdown, type(made)
try:
    1 / 0
except ZeroDivisionError as exc:
    drawn = help.Traceback.from_exception(type(exc), exc, exc.__traceback__)
assert type(drawn) is rich.traceback.Traceback, type(drawn)
assert help._make_rich_text(text="**bold**", markup_mode="markdown").__class__.__name__ == "Markdown"
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_help_module_asking_the_stand_ins_for_more_is_run_with_the_real_modules() -> None:
    """A later typer whose help module imports more from rich.markdown or rich.traceback
    than the stand-ins hold still loads: it is run again with rich's own modules."""
    code = """
import importlib.machinery, sys, tempfile, pathlib
from homestretch.cli.main import _WithStandIns
folder = pathlib.Path(tempfile.mkdtemp())
(folder / "asks_more.py").write_text("from rich.markdown import Markdown, MarkdownContext\\n")
spec = importlib.machinery.PathFinder.find_spec("asks_more", [str(folder)])
spec.loader = _WithStandIns(spec.loader)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
import rich.markdown
assert module.MarkdownContext is rich.markdown.MarkdownContext
assert sys.modules["rich.markdown"] is rich.markdown and hasattr(rich.markdown, "Heading")
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_a_command_loads_only_its_own_game() -> None:
    code = (
        "import sys\nfrom homestretch.cli.main import run\n"
        "sys.argv = ['homestretch', 'stretch', 'races', '--format', 'json']\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "print([g for g in ('across', 'derbycast', 'totopoly') "
        "if {f'homestretch.games.{g}.cli', f'homestretch.games.{g}.terminal.cli'} "
        "& set(sys.modules)], file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr.strip() == "[]", done.stderr
    assert "2009-champagne-stakes" in done.stdout


@pytest.mark.parametrize("setting", [None, "__all__", "1", "true", "some_plugin"])
def test_pydantic_plugins_are_looked_for_only_when_the_user_names_some(
    setting: str | None,
) -> None:
    """With plugins off (homestretch's default) pydantic's own loader answers "none" and
    the stand-in answers the same without importing importlib.metadata; a user naming
    plugins in PYDANTIC_DISABLE_PLUGINS gets pydantic's loader itself."""
    code = (
        "import sys\nfrom homestretch.cli.main import run\n"
        "sys.argv = ['homestretch', 'stretch', 'races', '--format', 'json']\n"
        "try:\n    run()\nexcept SystemExit:\n    pass\n"
        "from pydantic.plugin._loader import get_plugins\n"
        "print(list(get_plugins()), 'importlib.metadata' in sys.modules, file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if setting is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = setting
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stderr.split() == ["[]", str(setting == "some_plugin")]


@pytest.mark.parametrize("off", PLUGINS_OFF)
def test_pydantic_itself_finds_no_plugins_when_they_are_off(off: str) -> None:
    """What the stand-in answers is what pydantic's loader answers."""
    real = subprocess.run(
        [
            sys.executable,
            "-c",
            "from pydantic.plugin._loader import get_plugins\nprint(list(get_plugins()))",
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYDANTIC_DISABLE_PLUGINS=off),
    )
    assert real.stdout.split() == ["[]"], real.stderr


@pytest.mark.parametrize("game", ["stretch", "across", "totopoly", "derbycast"])
def test_a_game_builds_only_the_command_asked_for(game: str) -> None:
    """The game's group lists what typer's would, in its order, and builds a command
    (reading its signature) only when it is asked for: the same command typer builds."""
    import importlib

    import typer

    from homestretch.cli.main import _LazyCommands, cli_module

    module = cli_module(game)
    assert module is not None
    game_app = importlib.import_module(module).app
    eager = typer.main.get_group(game_app)
    lazy = _LazyCommands.of(game_app)
    ctx = typer.Context(lazy)
    names = eager.list_commands(ctx)
    assert lazy.list_commands(ctx) == names
    groups = [name for name in names if isinstance(eager.commands[name], typer.core.TyperGroup)]
    assert sorted(lazy.commands) == sorted(groups)  # no command built yet
    first = next(name for name in names if name not in groups)
    built = lazy.get_command(ctx, first)
    assert built is not None and sorted(lazy.commands) == sorted([*groups, first])
    assert [p.name for p in built.params] == [p.name for p in eager.commands[first].params]
    assert built.help == eager.commands[first].help
    assert lazy.get_command(ctx, first) is built and lazy.get_command(ctx, "no-such") is None


def test_a_games_commands_are_found_in_its_terminal_package_or_on_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game in DESIGN.md's layout has its commands in ``terminal/cli.py``; one not in
    it (none of the shipped games now: a made-up one) in ``cli.py``; a name with neither
    has none."""
    import importlib

    import homestretch.games
    from homestretch.cli.main import cli_module

    assert cli_module("derbycast") == "homestretch.games.derbycast.terminal.cli"
    assert cli_module("stretch") == "homestretch.games.stretch.terminal.cli"
    assert cli_module("no_such_game") is None
    game = tmp_path / "xstretchlay_on_top"
    game.mkdir()
    for file in ("__init__.py", "cli.py"):
        (game / file).write_text("")
    monkeypatch.setattr(homestretch.games, "__path__", [*homestretch.games.__path__, str(tmp_path)])
    importlib.invalidate_caches()
    try:
        assert cli_module("xstretchlay_on_top") == "homestretch.games.xstretchlay_on_top.cli"
    finally:
        for name in [m for m in sys.modules if m.startswith("homestretch.games.xstretchlay_on")]:
            del sys.modules[name]


def _commands(group: TyperGroup, ctx: click.Context) -> Iterator[click.Command]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        yield command
        if isinstance(command, TyperGroup):
            yield from _commands(command, click.Context(command, parent=ctx, info_name=name))


def test_every_help_paragraph_is_one_line() -> None:
    """typer's rich help keeps a docstring's line breaks, so a paragraph wrapped in the
    source would print ragged at any terminal width: each is written on one line."""
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    helps = [c.help or "" for c in _commands(root, click.Context(root, info_name="homestretch"))]
    assert len(helps) > 20
    ragged = [h for h in helps if any("\n" in p for p in inspect.cleandoc(h).split("\n\n"))]
    assert ragged == []


NOT_MOVED: set[str] = set()
"""Games whose commands are still in ``games/<name>/cli.py``: none since Top of the
Stretch moved to DESIGN.md's layout (a game added on top, not in the layout, goes here)."""


def test_the_cli_finds_each_games_commands_where_its_layout_puts_them() -> None:
    """Every registered game's commands are in ``games/<name>/terminal/cli.py`` (the
    layout of DESIGN.md section 1), a game not moved yet's in ``games/<name>/cli.py``, and
    the other place holds nothing: a moved game whose terminal module went missing would
    have no commands or quietly take a stale ``cli.py`` on top, and both fail here."""
    import importlib.util

    import homestretch.games
    from homestretch.cli.main import cli_module
    from homestretch.core import registry

    games = Path(homestretch.games.__file__).parent
    names = sorted(registry.entries())
    assert {"across", "derbycast", "stretch", "totopoly"} <= set(names)
    assert set(names) >= NOT_MOVED
    for name in names:
        place, other = ("cli.py", "terminal/cli.py")[:: 1 if name in NOT_MOVED else -1]
        module = cli_module(name)
        assert module == f"homestretch.games.{name}.{place[:-3].replace('/', '.')}", name
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        assert Path(spec.origin).resolve() == (games / name / place).resolve(), name
        assert not (games / name / other).exists(), f"{name}: a second cli module, {other}"
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)
    assert set(names) <= set(root.list_commands(click.Context(root)))


def test_a_games_terminal_package_comes_before_a_cli_module_on_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With both present, the lookup takes ``terminal/cli.py``: a game moving to the layout
    is not served by the ``cli.py`` it leaves behind."""
    import importlib

    import homestretch.games
    from homestretch.cli.main import cli_module

    game = tmp_path / "xlayers_fake"
    (game / "terminal").mkdir(parents=True)
    for file in ("__init__.py", "cli.py", "terminal/__init__.py", "terminal/cli.py"):
        (game / file).write_text("")
    monkeypatch.setattr(homestretch.games, "__path__", [*homestretch.games.__path__, str(tmp_path)])
    importlib.invalidate_caches()
    try:
        assert cli_module("xlayers_fake") == "homestretch.games.xlayers_fake.terminal.cli"
    finally:
        for name in [m for m in sys.modules if m.startswith("homestretch.games.xlayers_fake")]:
            del sys.modules[name]


@pytest.mark.parametrize("args", [["history"], ["replay", "3"], ["resume", "3"], ["verify", "3"]])
def test_a_store_named_wrong_is_said_not_made_empty(tmp_path: Path, args: list[str]) -> None:
    """`history --db typo.sqlite` made a new empty store (and its folders) and listed
    nothing, and `replay 3 --db typo.sqlite` said only that game 3 was not there."""
    typo = tmp_path / "no" / "typo.sqlite"
    assert refused(tmp_path, *args, "--db", str(typo)) == (
        f"error: --db {typo}: no game store there, so no saved game; without --db the "
        "default store is read (see `homestretch history`)"
    )
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("command", ["replay", "resume", "verify"])
@pytest.mark.parametrize("typed", ["abc", "0", "99999999999999999999999"])
def test_a_game_id_typed_wrong_is_one_line_naming_the_ids(
    tmp_path: Path, command: str, typed: str
) -> None:
    """`verify 99999999999999999999999` was a traceback (SQLite cannot hold the number)
    and `resume abc` said "'abc' is not a valid int range"."""
    line = refused(tmp_path, command, typed)
    assert f"{typed!r} is not a game's id: ids are whole numbers from 1, as `homestretch " in line


@pytest.mark.parametrize(
    "args",
    [
        ["stretch", "run", "2009-champagne-stakes"],
        ["stretch", "calibrate"],
        ["across", "play", "--bots", "3"],
        ["derbycast", "play", "--bots", "3"],
        ["totopoly", "play", "--bots", "3"],
    ],
)
@pytest.mark.parametrize("typed", ["abc", "1.5"])
def test_a_seed_typed_wrong_says_what_a_seed_is(
    tmp_path: Path, args: list[str], typed: str
) -> None:
    """Every --seed said click's "'abc' is not a valid int." (calibrate's "a valid int
    range"): a newcomer is told what to type."""
    line = refused(tmp_path, *args, "--seed", typed)
    assert f"--seed {typed}: a seed is a whole number, like --seed 7" in line, line
    assert "valid int" not in line
