"""The whole command tree, walked: every option or argument that takes a value is fed a
bad one (a missing file, a wrong type, an impossible number, a malformed dice list, an
unknown name), and every command is run for its result. A command or option added later
without a case here fails `test_every_value_taking_option_has_a_bad_case` and
`test_every_command_has_a_run`, so the promises below hold for the whole CLI:

- a mistake is one line on stderr naming what was wrong and where, exit status 2, no
  traceback;
- every result has `--format json`, JSON alone on stdout;
- every random run prints its seed (`--seed N` repeats it), and its JSON holds it.

Runs are in-process (``cli.main.run``, as the installed command calls it), each in a
folder of its own with a store of its own."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from homestretch.cli.main import app

RACE = "2009-champagne-stakes"
ENTRIES = ["-e", "secretariat-1973", "-e", "citation-1948"]
NOWHERE = "/nonexistent/folder"


def walked() -> Iterator[tuple[str, Any]]:
    """Every leaf command of the tree, by its path ("stretch run"), with the command."""

    def walk(command: Any, path: list[str]) -> Iterator[tuple[str, Any]]:
        if getattr(command, "commands", None) is None:
            yield " ".join(path), command
            return
        context = command.make_context("homestretch", [], resilient_parsing=True)
        for name in command.list_commands(context):
            yield from walk(command.get_command(context, name), [*path, name])

    yield from walk(typer.main.get_command(app), [])


def value_taking(command: Any) -> list[str]:
    """The command's options that take a value (by their long name) and its arguments (as
    @METAVAR): what a person can type wrong. Flags and --help take none."""
    found = []
    for param in command.params:
        if param.param_type_name == "argument":
            found.append("@" + (param.metavar or param.name.upper()).strip("[]"))
        elif not getattr(param, "is_flag", False) and "--help" not in param.opts:
            found.append(next(o for o in [*param.opts, *param.secondary_opts] if o[:2] == "--"))
    return found


@pytest.fixture(autouse=True)
def _files(tmp_path: Path) -> None:
    """Files the bad cases name (the ``homestretch`` runner, tests/cli/conftest.py, runs
    in ``tmp_path``)."""
    (tmp_path / "not-csv.csv").write_text("x\n")
    (tmp_path / "dice.txt").write_text("3 4 9\n")
    (tmp_path / "a-folder").mkdir()


# --- bad input: one line naming what and where, exit 2 ---------------------------------

BAD: dict[tuple[str, str], tuple[list[str], str]] = {
    # (command, what is typed wrong): (the command line, words the error line must hold)
    ("serve", "--port"): (
        ["serve", "--port", "65536"],
        "--port 65536 is out of range (0 to 65535)",
    ),
    ("serve", "--db"): (["serve", "--db", f"{NOWHERE}/s.db"], f"no folder {NOWHERE}"),
    ("serve", "--call-pace"): (
        ["serve", "--call-pace", "-1"],
        "--call-pace -1.0 is out of range (0 to 60)",
    ),
    ("serve", "--cards"): (["serve", "--cards", "nodir"], "nodir: no such card-set folder"),
    ("serve", "--content"): (
        ["serve", "--content", "not-csv.csv"],
        "not-csv.csv: is a file, not a content folder: --content wants a folder, an Across "
        "the Board one holding horses.toml and tracks/ or a Totopoly one holding",
    ),
    ("serve", "--race"): (["serve", "--race", "nofile.yaml"], "nofile.yaml: no such race file"),
    ("verify", "@ID"): (["verify", "abc"], "'abc' is not a game's id"),
    ("history", "--game"): (
        ["history", "--game", "stretc"],
        "--game stretc: did you mean stretch?",
    ),
    ("history", "--limit"): (["history", "--limit", "0"], "--limit 0 is out of range"),
    ("replay", "@ID"): (["replay", "0"], "'0' is not a game's id"),
    ("replay", "--plot"): (["replay", "9", "--plot", "x.xyz"], "cannot draw a .xyz picture"),
    ("resume", "@ID"): (["resume", "1.5"], "'1.5' is not a game's id"),
    ("across play", "--players"): (
        ["across", "play", "--players", "Ann,\x1b[2J", "--bots", "2"],
        "--players '\\x1b[2J' holds a control character",
    ),
    ("across play", "--bots"): (["across", "play", "--bots", "9"], "--bots 9 is out of range"),
    ("across play", "--bot"): (
        ["across", "play", "--bots", "3", "--bot", "clever"],
        "--bot clever: write never-bet, random, search or sensible",
    ),
    ("across play", "--track"): (
        ["across", "play", "--bots", "3", "--track", "nowhere"],
        "--track nowhere: no such track",
    ),
    ("across play", "--meets"): (["across", "play", "--meets", "x"], "--meets 'x' is not a whole"),
    ("across play", "--payoff"): (["across", "play", "--payoff", "acros"], "--payoff acros: did"),
    ("across play", "--rotation"): (["across", "play", "--rotation", "up"], "--rotation up:"),
    ("across play", "--debts"): (["across", "play", "--debts", "keep"], "--debts keep: write"),
    ("across play", "--betting-order"): (
        ["across", "play", "--betting-order", "first"],
        "--betting-order first: write rotate or totemaster",
    ),
    ("across play", "--content"): (
        ["across", "play", "--content", "nodir"],
        "nodir: no such content folder",
    ),
    ("across play", "--seed"): (["across", "play", "--seed", "-1"], "--seed: a seed is a whole"),
    ("across play", "--dice"): (
        ["across", "play", "--bots", "3", "--dice", "1 2 7"],
        "--dice: item 3 is '7'; die faces are 1-6",
    ),
    ("across play", "--dice-file"): (
        ["across", "play", "--bots", "3", "--dice-file", "dice.txt"],
        "dice.txt: item 3 is '9'; die faces are 1-6",
    ),
    ("across simulate", "--track"): (["across", "simulate"], "--track is missing: which track?"),
    ("across simulate", "--runs"): (
        ["across", "simulate", "--track", "woodbine", "--runs", "0"],
        "-n/--runs 0 is out of range (1 to",
    ),
    ("across simulate", "--games"): (["across", "simulate", "--games", "0"], "--games 0 is out"),
    ("across simulate", "--players"): (
        ["across", "simulate", "--games", "2", "--players", "9"],
        "--players 9 is out of range (3 to 7)",
    ),
    ("across simulate", "--bots"): (
        ["across", "simulate", "--games", "2", "--bots", "2"],
        "--bots 2 is out of range (3 to 7)",
    ),
    ("across simulate", "--bot"): (
        ["across", "simulate", "--games", "2", "--bot", "sensible,serch,random"],
        "--bot serch: did you mean search? write never-bet, random, search or sensible",
    ),
    ("across simulate", "--meets"): (
        ["across", "simulate", "--games", "2", "--meets", "0"],
        "--meets 0 is out of range (1 to 7)",
    ),
    ("across simulate", "--plot"): (
        ["across", "simulate", "--games", "2", "--plot", "x.xyz"],
        "x.xyz: cannot draw a .xyz picture",
    ),
    ("across play", "--stake"): (
        ["across", "play", "--stake", "keep"],
        "--stake keep: write carry or allot",
    ),
    ("across simulate", "--stake"): (
        ["across", "simulate", "--games", "2", "--stake", "keep"],
        "--stake keep: write carry or allot",
    ),
    ("across simulate", "--betting-order"): (
        ["across", "simulate", "--games", "2", "--betting-order", "first"],
        "--betting-order first: write rotate or totemaster",
    ),
    ("across simulate", "--content"): (
        ["across", "simulate", "--track", "woodbine", "--content", "not-csv.csv"],
        "not-csv.csv: is a file, not a content folder",
    ),
    ("across simulate", "--seed"): (
        ["across", "simulate", "--track", "woodbine", "--seed", "x"],
        "--seed x: a seed is a whole number",
    ),
    ("across tracks", "--content"): (["across", "tracks", "--content", "nodir"], "nodir: no such"),
    ("derbycast play", "--players"): (
        ["derbycast", "play", "--players", "Ann+", "--bots", "1"],
        "--players: 'Ann+' has an empty team member name",
    ),
    ("derbycast play", "--bots"): (["derbycast", "play", "--bots", "21"], "--bots 21 is out of"),
    ("derbycast play", "--bot"): (
        ["derbycast", "play", "--bots", "2", "--bot", "value,smart"],
        "--bot smart: write random or value",
    ),
    ("derbycast play", "--races"): (["derbycast", "play", "--races", "0"], "--races 0 is out of"),
    ("derbycast play", "--tie"): (["derbycast", "play", "--tie", "maybe"], "--tie maybe: write"),
    ("derbycast play", "--order"): (["derbycast", "play", "--order", "x"], "--order x: write"),
    ("derbycast play", "--source"): (
        ["derbycast", "play", "--bots", "2", "--source", "nowhere"],
        "--source 'nowhere': write manual, simulate, replays, or a results file",
    ),
    ("derbycast play", "--race"): (
        ["derbycast", "play", "--bots", "2", "--source", "simulate", "--race", "nosuch"],
        "nosuch: no such race file",
    ),
    ("derbycast play", "--mode"): (
        ["derbycast", "play", "--bots", "2", "--source", "simulate", "--mode", "fast"],
        "--mode fast: write quick or full",
    ),
    ("derbycast play", "--table"): (
        ["derbycast", "play", "--bots", "2", "--table", "not-csv.csv"],
        "not-csv.csv: header: the header must be odds,win,place,show",
    ),
    ("derbycast play", "--seed"): (["derbycast", "play", "--seed", "1.5"], "--seed 1.5: a seed"),
    ("derbycast points", "@ODDS"): (
        ["derbycast", "points", "lots", "--bet", "win", "--finish", "1"],
        "cannot read odds 'lots'",
    ),
    ("derbycast points", "--bet"): (
        ["derbycast", "points", "5-2", "--bet", "exacta", "--finish", "1"],
        "--bet exacta: write win, place or show",
    ),
    ("derbycast points", "--finish"): (
        ["derbycast", "points", "5-2", "--bet", "win", "--finish", "31"],
        "--finish 31 is out of range (1 to 30)",
    ),
    ("derbycast points", "--table"): (
        ["derbycast", "points", "5-2", "--bet", "win", "--finish", "1", "--table", "none.csv"],
        "none.csv: cannot read the CSV odds table",
    ),
    ("derbycast table", "--table"): (["derbycast", "table", "--table", "a-folder"], "a-folder"),
    ("derbycast races", "@FILE"): (
        ["derbycast", "races", "not-csv.csv"],
        "not-csv.csv: line 1: missing column(s) race, horse, odds",
    ),
    ("stretch run", "@RACE"): (["stretch", "run", "nosuch"], "nosuch: no such race file"),
    ("stretch run", "--bot"): (
        ["stretch", "run", RACE, "--computer-bettor", "Rob", "--bot", "valeu"],
        "--bot valeu: did you mean value? write random or value",
    ),
    ("stretch run", "--mode"): (["stretch", "run", RACE, "--mode", "fast"], "--mode fast: write"),
    ("stretch run", "--seed"): (["stretch", "run", RACE, "--seed", "abc"], "--seed abc: a seed"),
    ("stretch run", "--dice"): (
        ["stretch", "run", RACE, "--dice", "3,4,x"],
        "--dice: item 3 is 'x'; die faces are 1-6",
    ),
    ("stretch run", "--dice-file"): (
        ["stretch", "run", RACE, "--dice-file", "none.txt"],
        "none.txt: cannot read the dice file: file not found",
    ),
    ("stretch run", "--charts"): (
        ["stretch", "run", RACE, "--charts", "not-csv.csv"],
        "not-csv.csv: is a file, not a chart-set folder",
    ),
    ("stretch run", "--db"): (
        ["stretch", "run", RACE, "--db", f"{NOWHERE}/s.db"],
        f"{NOWHERE}/s.db: no folder {NOWHERE} to keep the game store in",
    ),
    ("stretch run", "--plot"): (
        ["stretch", "run", RACE, "--mode", "full", "--plot", f"{NOWHERE}/x.png"],
        f"no folder {NOWHERE} to write the picture in",
    ),
    ("stretch run", "--odds"): (["stretch", "run", RACE, "--odds", "maybe"], "--odds maybe: write"),
    ("stretch run", "--bettor"): (
        ["stretch", "run", RACE, "--bettor", " "],
        "--bettor ' ': a bettor needs a name",
    ),
    ("stretch run", "--computer-bettor"): (
        ["stretch", "run", RACE, "--computer-bettor", "R" * 61],
        "is 61 characters long (at most 60)",
    ),
    ("stretch run", "--players"): (
        ["stretch", "run", RACE, "--players", "Ann,\x1b[2J"],
        "--players '\\x1b[2J' holds a control character",
    ),
    ("stretch run", "--bots"): (["stretch", "run", RACE, "--bots", "13"], "--bots 13 is out of"),
    ("stretch run", "--bankroll"): (
        ["stretch", "run", RACE, "--bankroll", "50"],
        "--bankroll is for bettors: name them with --bettor or --computer-bettor",
    ),
    ("stretch run", "--lone-bettor"): (
        ["stretch", "run", RACE, "--bettor", "Ann", "--lone-bettor", "pub"],
        "--lone-bettor pub: write house or tote",
    ),
    ("stretch cards", "@SEARCH"): (
        ["stretch", "cards", "sec", "extra"],
        "'extra' is more than it takes (SEARCH and options",
    ),
    ("stretch cards", "--cards"): (["stretch", "cards", "--cards", "nodir"], "nodir: no such"),
    ("stretch new", "@FILE"): (
        ["stretch", "new", "a-folder", *ENTRIES],
        "a-folder: not an ordinary file",
    ),
    ("stretch new", "--entry"): (
        ["stretch", "new", "r.toml", "-e", "nosuchhorse"],
        "-e nosuchhorse: no horse card 'nosuchhorse'",
    ),
    ("stretch new", "--furlongs"): (
        ["stretch", "new", "r.toml", *ENTRIES, "--furlongs", "100"],
        "--furlongs: 100 is out of range (4.5 to 16)",
    ),
    ("stretch new", "--surface"): (
        ["stretch", "new", "r.toml", *ENTRIES, "--surface", "sand"],
        "--surface: 'sand' is not one of dirt, turf, synthetic",
    ),
    ("stretch new", "--condition"): (
        ["stretch", "new", "r.toml", *ENTRIES, "--condition", "wet"],
        "--condition: 'wet' is not one of",
    ),
    ("stretch new", "--cards"): (
        ["stretch", "new", "r.toml", *ENTRIES, "--cards", "nodir"],
        "nodir: no such card-set folder",
    ),
    ("stretch simulate", "@RACE"): (["stretch", "simulate", "a-folder"], "a-folder: is a folder"),
    ("stretch simulate", "--runs"): (
        ["stretch", "simulate", RACE, "-n", "1e5"],
        "-n/--runs '1e5' is not a whole number",
    ),
    ("stretch simulate", "--mode"): (["stretch", "simulate", RACE, "-m", "ful"], "did you mean"),
    ("stretch simulate", "--seed"): (["stretch", "simulate", RACE, "--seed", "x"], "--seed x:"),
    ("stretch simulate", "--charts"): (
        ["stretch", "simulate", RACE, "--charts", "nodir"],
        "nodir: no such chart-set folder",
    ),
    ("stretch odds", "@RACE"): (["stretch", "odds", "not-csv.csv"], "not-csv.csv: not valid TOML"),
    ("stretch odds", "--mode"): (["stretch", "odds", RACE, "--mode", "x"], "--mode x: write"),
    ("stretch odds", "--runs"): (["stretch", "odds", RACE, "--runs", "10"], "--runs 10 is out"),
    ("stretch odds", "--seed"): (["stretch", "odds", RACE, "--seed", "-1"], "--seed: a seed"),
    ("stretch odds", "--charts"): (["stretch", "odds", RACE, "--charts", "nodir"], "nodir: no"),
    ("stretch odds", "--plot"): (
        ["stretch", "odds", RACE, "--plot", "x.xyz"],
        "x.xyz: cannot draw a .xyz picture",
    ),
    ("stretch calibrate", "--fields"): (["stretch", "calibrate", "--fields", "1"], "--fields 1"),
    ("stretch calibrate", "--races"): (["stretch", "calibrate", "--races", "1"], "--races 1 is"),
    ("stretch calibrate", "--seed"): (
        ["stretch", "calibrate", "--seed", "99999999999"],
        "--seed: a seed for the corpus is a whole number from 0 to 4294967295",
    ),
    ("stretch calibrate", "--mode"): (["stretch", "calibrate", "--mode", "x"], "--mode x: write"),
    ("stretch calibrate", "--charts"): (["stretch", "calibrate", "--charts", "nodir"], "nodir:"),
    ("stretch calibrate", "--plot"): (["stretch", "calibrate", "--plot", "c.xyz"], "c.xyz: cannot"),
    ("totopoly play", "--players"): (
        ["totopoly", "play", "--players", "Ann,Bob,Cy,Di,Ed,Fay,Gus"],
        "Totopoly needs 2 to 6 players; --players and --bots give 7",
    ),
    ("totopoly play", "--bots"): (["totopoly", "play", "--bots", "7"], "--bots 7 is out of range"),
    ("totopoly play", "--bot"): (
        ["totopoly", "play", "--bots", "2", "--bot", "3"],
        "--bot 3: it is the computer players' kind (random, search or sensible); they are "
        "counted with --bots 3",
    ),
    ("totopoly play", "--seed"): (["totopoly", "play", "--seed", "x"], "--seed x: a seed"),
    ("totopoly play", "--dice"): (
        ["totopoly", "play", "--bots", "3", "--dice", "0 0"],
        "--dice: item 1 is '0'",
    ),
    ("totopoly play", "--dice-file"): (
        ["totopoly", "play", "--bots", "3", "--dice-file", "a-folder"],
        "a-folder: is a folder, not a dice file",
    ),
    ("totopoly play", "--content"): (["totopoly", "play", "--content", "nodir"], "nodir: no such"),
    ("totopoly play", "--rule"): (
        ["totopoly", "play", "--bots", "3", "--rule", "nosuch=1"],
        "--rule 'nosuch=1': unknown rule 'nosuch'",
    ),
    ("totopoly play", "--db"): (
        ["totopoly", "play", "--bots", "3", "--db", f"{NOWHERE}/s.db"],
        f"no folder {NOWHERE}",
    ),
    ("totopoly simulate", "--games"): (["totopoly", "simulate", "-n", "0"], "-n/--games 0 is"),
    ("totopoly simulate", "--players"): (["totopoly", "simulate", "--players", "9"], "--players 9"),
    ("totopoly simulate", "--bots"): (["totopoly", "simulate", "--bots", "1"], "--bots 1 is out"),
    ("totopoly simulate", "--plot"): (
        ["totopoly", "simulate", "-n", "1", "--plot", "x.xyz"],
        "x.xyz: cannot draw a .xyz picture",
    ),
    ("totopoly simulate", "--seed"): (["totopoly", "simulate", "--seed", "x"], "--seed x: a"),
    ("totopoly simulate", "--content"): (["totopoly", "simulate", "--content", "nodir"], "nodir"),
    ("totopoly simulate", "--rule"): (
        ["totopoly", "simulate", "--rule", "auction=x"],
        "--rule 'auction=x': rule auction must be open or final_pass",
    ),
    ("totopoly simulate", "--bot"): (
        ["totopoly", "simulate", "--bots", "4", "--bot", "search,sensble"],
        "--bot sensble: did you mean sensible? write random, search or sensible",
    ),
    ("totopoly simulate", "--match-races"): (
        ["totopoly", "simulate", "--match-races", "0"],
        "--match-races 0 is out of range",
    ),
    ("totopoly tournament", "--games"): (["totopoly", "tournament", "-n", "x"], "-n/--games 'x'"),
    ("totopoly tournament", "--kinds"): (
        ["totopoly", "tournament", "--kinds", "smart,smart"],
        "--kinds smart: write random, search or sensible",
    ),
    ("totopoly tournament", "--bot"): (
        ["totopoly", "tournament", "--bot", "search,sensble"],
        "--bot sensble: did you mean sensible? write random, search or sensible",
    ),
    ("totopoly tournament", "--bots"): (
        ["totopoly", "tournament", "--bots", "7"],
        "--bots 7 is out of range (2 to 6)",
    ),
    ("totopoly tournament", "--seed"): (["totopoly", "tournament", "--seed", "x"], "--seed x"),
    ("totopoly board", "--content"): (
        ["totopoly", "board", "--content", "not-csv.csv"],
        "not-csv.csv: is a file, not a content folder: --content wants a folder, a Totopoly one",
    ),
}
for _game in ("across", "derbycast", "stretch", "totopoly"):
    BAD[(f"{_game} content", "@FOLDER")] = (
        [_game, "content", "not-csv.csv"],
        "not-csv.csv: is not a folder",
    )
    BAD[(f"{_game} content", "--part")] = (
        [_game, "content", "copy", "--part", "nosuch"],
        f"--part nosuch: {_game} has no such part of its content",
    )
for _path, _command in walked():
    _words = _path.split()
    if "--format" in value_taking(_command):  # every command's --format, the same way
        BAD[(_path, "--format")] = ([*_words, "--format", "xml"], "--format/-f 'xml': write text")
    if _path in ("verify", "history", "replay", "resume"):  # a store that must be there
        BAD[(_path, "--db")] = (
            [*_words, *(["1"] if _path != "history" else []), "--db", "typo.sqlite"],
            "--db typo.sqlite: no game store there",
        )
    if _path in ("across play", "derbycast play"):
        BAD[(_path, "--db")] = ([*_words, "--bots", "3", "--db", "a-folder"], "a-folder")

TWICE = {
    "across": (["across", "play", "--players", "Ann,ann", "--bots", "1"], "--players: 'ann'"),
    "totopoly": (["totopoly", "play", "--players", "Computer 1", "--bots", "1"], "--players: "),
    "stretch": (
        ["stretch", "run", RACE, "--bettor", "Ann", "--computer-bettor", "ann"],
        "--bettor, --computer-bettor: 'ann'",
    ),
    "stretch players": (["stretch", "run", RACE, "--players", "Ann,ann"], "--players: 'ann'"),
}


@pytest.mark.parametrize("game", TWICE)
def test_a_name_given_twice_names_the_option(homestretch: Any, game: str) -> None:
    """ "'ann' is named twice" named no option: the names of --players (or a computer
    player's, "Computer 1"), or of the bettors, told apart whatever their capitals."""
    args, words = TWICE[game]
    done = homestretch(*args)
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"error: {words}" in done.stderr and "is named twice" in done.stderr


NO_BAD_VALUE = {
    ("serve", "--host"): "any name the system resolves; one it cannot is said as it binds",
    ("stretch new", "--name"): "free text: the race's name",
    ("stretch new", "--track"): "free text: the racetrack's name",
    ("stretch new", "--date"): "free text: the race's date as the card gives it",
}
"""Options whose every value is a fair one, so nothing can be typed wrong in them."""


def test_every_value_taking_option_has_a_bad_case() -> None:
    """The tree walked: a new command or option is fed a bad value here, or said to take
    any (a free-text name)."""
    every = {(path, what) for path, command in walked() for what in value_taking(command)}
    assert len(every) > 100
    assert every - set(BAD) - set(NO_BAD_VALUE) == set()
    assert set(BAD) | set(NO_BAD_VALUE) == every  # no case for an option that is gone


@pytest.mark.parametrize(("path", "what"), sorted(BAD), ids=[" ".join(k) for k in sorted(BAD)])
def test_a_bad_value_is_one_line_naming_it_and_exit_2(
    homestretch: Any, path: str, what: str
) -> None:
    args, words = BAD[(path, what)]
    done = homestretch(*args)
    assert done.code == 2, (done.code, done.stderr[-2000:])
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    assert words in lines[0], lines[0]


# --- where a newcomer starts -------------------------------------------------------------


def test_the_first_help_says_where_to_start_and_lists_the_games_first(homestretch: Any) -> None:
    """`homestretch --help` listed serve, verify, history, replay and resume before the
    games, and named no command to try first."""
    shown = homestretch("--help").stdout
    assert "Start here: `homestretch stretch run 2009-champagne-stakes --mode full`" in shown
    rows = [line.split()[1] for line in shown.splitlines() if line.startswith("│ ")]
    games = ["across", "derbycast", "stretch", "totopoly"]
    assert rows[rows.index("across") :][:4] == games
    assert all(rows.index(game) < rows.index("serve") for game in games)
    for game in games:  # each game's help: its first command to try
        assert f"Start with `homestretch {game} " in homestretch(game, "--help").stdout


# --- one name, one meaning ---------------------------------------------------------------

SAID_ALIKE = ("--seed", "--format", "--db", "--dice", "--dice-file", "--bots", "--quiet")
"""Options every game shares, said in the same words wherever they are."""


def test_an_option_shared_by_games_is_said_alike() -> None:
    """--seed, --format, --db, --dice, --bots, --quiet mean one thing wherever they are
    (--bots was "computer players", "computer players to add", "how many computer
    players"); --content is one sentence with the game's name; a short name stands for
    one long name (-m always --mode, -f --format) and -n always for a count of runs,
    games or fields (across simulate's -n had no long name)."""
    helps: dict[str, set[str]] = {}
    shorts: dict[str, set[str]] = {}
    for path, command in walked():
        for param in command.params:
            if param.param_type_name != "option" or "--help" in param.opts:
                continue
            (long, *more) = [o for o in param.opts if o.startswith("--")]
            assert more == [], (path, param.opts)
            for short in (o for o in param.opts if not o.startswith("--")):
                shorts.setdefault(short, set()).add(long)
            if long == "--seed" and param.default is not None:
                continue  # calibrate's corpus: a fixed seed, said as such
            said = param.help or ""
            if long == "--content" and path == "serve":
                continue  # the server's: folders offered in the lobby, not one game's own
            if long == "--content":
                said = said.replace(path.split()[0], "GAME")
            if long == "--bots":  # a simulation's says whose and its old spelling after
                said = said.split(":")[0]
            helps.setdefault(long, set()).add(said)
    for long in (*SAID_ALIKE, "--content"):
        assert len(helps[long]) == 1, (long, helps[long])
    assert {s: sorted(longs) for s, longs in shorts.items()} == {
        "-f": ["--format"],
        "-m": ["--mode"],
        "-n": ["--fields", "--games", "--runs"],
        "-e": ["--entry"],
        "-p": ["--part"],
    }


def test_players_are_names_and_bots_a_count_in_every_game() -> None:
    """One grammar for who plays: --players is people's names wherever it is shown, and
    a count of computer players is --bots (totopoly and across simulate took the count
    as --players N, where play took names). --players N there is still read, as the old
    spelling (scripts may use it), hidden from the help and named in --bots' help."""
    shown, counts = set(), set()
    for path, command in walked():
        for param in command.params:
            if "--players" in param.opts and not param.hidden:
                shown.add(path)
                assert param.type.name == "str" and "names" in (param.help or ""), path
            if "--players" in param.opts and param.hidden:
                bots = next(p for p in command.params if "--bots" in p.opts)
                assert "--players N, the old spelling of --bots N" in bots.help, path
                counts.add(path)
            if "--bots" in param.opts:
                assert param.type.name == "int range", path
    assert shown == {"across play", "derbycast play", "totopoly play", "stretch run"}
    assert counts == {"across simulate", "totopoly simulate"}


OLD_AND_NEW = {
    "totopoly": ["totopoly", "simulate", "-n", "1", "--seed", "4", "--format", "json"],
    "across": ["across", "simulate", "--games", "1", "--seed", "4", "--format", "json"],
}


@pytest.mark.parametrize("game", OLD_AND_NEW)
def test_a_simulation_reads_bots_and_its_old_players_alike(homestretch: Any, game: str) -> None:
    runs = [homestretch(*OLD_AND_NEW[game], option, "3") for option in ("--bots", "--players")]
    assert all(run.code == 0 for run in runs), [run.stderr for run in runs]
    results = [json.loads(run.stdout) for run in runs]
    assert results[0]["players"] == 3 and results[0] == results[1]
    both = homestretch(*OLD_AND_NEW[game], "--bots", "3", "--players", "4")
    assert both.code == 2 and "--bots 3 and --players 4 both count" in both.stderr, both.stderr


@pytest.mark.parametrize("game", ["across", "totopoly", "derbycast", "stretch"])
def test_a_count_given_as_players_at_play_is_said_to_be_bots(homestretch: Any, game: str) -> None:
    """`play --players 3` seated a person named 3 (or failed on the count of players)."""
    command = ["stretch", "run", RACE] if game == "stretch" else [game, "play"]
    done = homestretch(*command, "--players", "3")
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "--players 3: --players takes people's names" in done.stderr
    assert "computer players are counted with --bots 3" in done.stderr


def test_a_race_takes_players_and_bots_as_every_game_does(homestretch: Any) -> None:
    """`stretch run --players Ann,Bob --bots 1` seats the bettors --bettor Ann --bettor Bob
    --computer-bettor 'Computer 1' would (its own spellings, still read)."""
    race = ["stretch", "run", RACE, "--seed", "5", "--format", "json"]
    by_grammar = homestretch(*race, "--players", "Ann,Bob", "--bots", "1", "--bankroll", "50")
    by_name = homestretch(
        *race, "--bettor", "Ann", "--bettor", "Bob", "--computer-bettor", "Computer 1"
    )
    # no one typed a bet: the input ran out at Ann's first question, each alike
    assert by_grammar.code == by_name.code == 130, (by_grammar.stderr, by_name.stderr)
    seats = [homestretch("replay", ran, "--format", "json") for ran in ("1", "2")]
    names = [json.loads(seat.stdout)["tote"]["names"] for seat in seats]
    assert names[0] == names[1] == ["Ann", "Bob", "Computer 1"], names


def test_a_content_file_is_said_to_be_a_file(homestretch: Any) -> None:
    """`serve --content README.md` said "no such content folder"; a game's --content
    said the same (or "is not a content folder", or that the run's folder "is gone")."""
    for command in (["serve"], ["across", "play"], ["totopoly", "simulate"]):
        done = homestretch(*command, "--content", "not-csv.csv")
        assert done.code == 2 and "not-csv.csv: is a file, not a content folder" in done.stderr
        gone = homestretch(*command, "--content", "nodir")
        assert gone.code == 2 and "nodir: no such content folder" in gone.stderr, gone.stderr
    inside = homestretch("totopoly", "board", "--content", "a-folder/cards.toml")
    assert "a-folder/cards.toml: no such content folder" in inside.stderr
    (Path("a-folder") / "cards.toml").write_text("")
    inside = homestretch("totopoly", "board", "--content", "a-folder/cards.toml")
    assert "is a file, not a content folder: name the folder that holds it (a-folder)" in (
        inside.stderr
    )


# --- every command's result as JSON, every random run's seed ------------------------------

RUNS: dict[str, list[str]] = {
    # a quick run of every command (run first: "stretch run" saves game 1)
    "stretch run": ["stretch", "run", RACE],
    "stretch races": ["stretch", "races"],
    "stretch cards": ["stretch", "cards", "secretariat"],
    "stretch new": ["stretch", "new", "dream.toml", *ENTRIES],
    "stretch simulate": ["stretch", "simulate", RACE, "-n", "200"],
    "stretch odds": ["stretch", "odds", RACE, "--mode", "full", "--runs", "1000"],
    "stretch calibrate": ["stretch", "calibrate", "--fields", "10", "--races", "50"],
    "stretch content": ["stretch", "content", "mine", "--part", "races"],
    "stretch rules": ["stretch", "rules"],
    "across play": ["across", "play", "--bots", "3", "--quiet"],
    "across simulate": ["across", "simulate", "--track", "woodbine", "-n", "100"],
    "across tracks": ["across", "tracks"],
    "across content": ["across", "content"],
    "across rules": ["across", "rules"],
    "totopoly play": ["totopoly", "play", "--bots", "2", "--short"],
    "totopoly simulate": ["totopoly", "simulate", "-n", "2"],
    "totopoly tournament": ["totopoly", "tournament", "-n", "2"],
    "totopoly board": ["totopoly", "board"],
    "totopoly content": ["totopoly", "content"],
    "totopoly rules": ["totopoly", "rules"],
    "derbycast play": ["derbycast", "play", "--bots", "2", "--source", "replays", "--races", "2"],
    "derbycast points": ["derbycast", "points", "7-2", "--bet", "place", "--finish", "2"],
    "derbycast table": ["derbycast", "table"],
    "derbycast races": ["derbycast", "races", "card.csv"],
    "derbycast content": ["derbycast", "content", "cast", "--part", "replays"],
    "derbycast rules": ["derbycast", "rules"],
    "history": ["history"],
    "replay": ["replay", "1"],
    "verify": ["verify", "1"],
    "resume": ["resume", "2"],  # a race stopped where its dice ran out (below)
}
NOT_RUN = {
    "serve": "a server, not a result: tests/web start it",
}
SAMPLE_CARD = Path(__file__).resolve().parents[2] / "samples" / "derbycast" / "saturday_card.csv"
SEED_LINE = re.compile(r"seed (\d+) +\(repeat with --seed \1\)")


def random_runs() -> list[str]:
    """The commands that roll dice: a --seed option with no default (one that has a
    default, as calibrate's corpus, is not random)."""
    return sorted(
        path
        for path, command in walked()
        if any(p.name == "seed" and p.default is None for p in command.params)
    )


def test_every_command_has_a_run() -> None:
    paths = {path for path, _ in walked()}
    assert set(RUNS) | set(NOT_RUN) == paths and not set(RUNS) & set(NOT_RUN)
    assert len(random_runs()) >= 8  # the finder finds them


def _with_a_race(homestretch: Any, tmp_path: Path) -> None:
    (tmp_path / "card.csv").write_bytes(SAMPLE_CARD.read_bytes())
    ran = homestretch("stretch", "run", RACE, "--seed", "3", "--format", "json")
    assert ran.code == 0 and json.loads(ran.stdout)["id"] == 1, ran.stderr


@pytest.mark.parametrize("path", sorted(RUNS))
def test_every_result_has_format_json(homestretch: Any, tmp_path: Path, path: str) -> None:
    """JSON alone on stdout (a random run's seed notice on stderr, not in the way)."""
    _with_a_race(homestretch, tmp_path)
    if path == "resume":  # game 2, stopped where its scripted dice ran out, goes on seeded
        stopped = homestretch("stretch", "run", RACE, "--dice", "3 4")
        assert stopped.code == 2 and "homestretch resume 2" in stopped.stderr, stopped.stderr
    done = homestretch(*RUNS[path], "--format", "json")
    assert done.code == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) is not None


@pytest.mark.parametrize("path", random_runs())
def test_every_random_run_prints_its_seed(homestretch: Any, tmp_path: Path, path: str) -> None:
    """Without --seed: the seed drawn is printed (on stdout as text, on stderr beside
    JSON), the JSON holds the same seed, and --seed with it runs the same again."""
    _with_a_race(homestretch, tmp_path)
    shown = homestretch(*RUNS[path])
    assert shown.code == 0, shown.stderr[-2000:]
    assert SEED_LINE.search(shown.stdout) is not None, shown.stdout[:500]
    done = homestretch(*RUNS[path], "--format", "json")
    assert done.code == 0, done.stderr[-2000:]
    said = SEED_LINE.search(done.stderr)
    assert said is not None, done.stderr
    result = json.loads(done.stdout)
    assert result["seed"] == int(said.group(1))
    again = homestretch(*RUNS[path], "--format", "json", "--seed", said.group(1))
    assert again.code == 0, again.stderr[-2000:]

    def same(run: dict[str, Any]) -> dict[str, Any]:  # a new game in the store, the same game
        return {k: v for k, v in run.items() if k != "id" and not k.endswith("_id")}

    assert same(json.loads(again.stdout)) == same(result)
