"""click's own words for a usage mistake ("'x' is not a valid int range.", "0 is not in
the range 1<=x<=9223372036854775807.", "No such command 'stretchh'.", "'jsn' is not one
of 'text', 'json'.") said as the program says its other mistakes: the option, what was
typed, the range or the nearest choice; one line, exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import refused


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["serve", "--port", "abc"], "serve: --port 'abc' is not a whole number (0 to 65535)"),
        (["serve", "--port", "99999"], "serve: --port 99999 is out of range (0 to 65535)"),
        (["history", "--limit", "0"], "history: --limit 0 is out of range (1 or more)"),
        (["across", "play", "--bots", "9"], "play: --bots 9 is out of range (0 to 7)"),
        (
            ["stretch", "simulate", "2009-champagne-stakes", "-n", "x"],
            "simulate: -n/--runs 'x' is not a whole number (1 to 10000000)",
        ),
        (
            ["stretch", "run", "2009-champagne-stakes", "--bankroll", "x"],
            "run: --bankroll 'x' is not a whole number",
        ),
        (
            ["stretch", "new", "r.toml", "--furlongs", "x"],
            "new: --furlongs 'x' is not a number, like 8 or 8.5",
        ),
        (
            ["stretch", "run", "2009-champagne-stakes", "-f", "jsn"],
            "run: --format/-f 'jsn': did you mean json? write text or json",
        ),
        (["history", "-f", "xml"], "history: --format/-f 'xml': write text or json"),
        (["stretchh"], "no command 'stretchh'; did you mean stretch? the commands:"),
        (["stretch", "runn"], "stretch: no command 'runn'; did you mean run? the commands: run,"),
        (["totopoly", "simulat"], "totopoly: no command 'simulat'; did you mean simulate?"),
        (  # click offered "(Possible options: --save, --seed)"
            ["stretch", "run", "2009-champagne-stakes", "--seeed", "3"],
            "run: no option --seeed; did you mean --seed? (see ",
        ),
        (
            ["across", "play", "--player", "Ann"],
            "play: no option --player; did you mean --players?",
        ),
        (["stretch", "run", "x", "--zzzzz"], "run: no option --zzzzz (see "),  # was: "--odds"?
        # an option typed before its command was "no option --format", as if none had one
        (
            ["--format", "json", "stretch", "races"],
            ": no option --format here: it goes after the command it is for "
            "(homestretch stretch races --format json) (see ",
        ),
        (
            ["stretch", "--seed", "3", "run", "2009-champagne-stakes"],
            "stretch: no option --seed here: it goes after the command it is for "
            "(homestretch stretch run --seed 3 2009-champagne-stakes)",
        ),
        (["--db=s.sqlite", "history"], "(homestretch history --db=s.sqlite)"),
        (["stretch", "--no-save", "run", "x"], "(homestretch stretch run --no-save x)"),
        (["--nosuch", "stretch", "races"], ": no option --nosuch (see "),
        (["--seed", "1", "serve"], ": no option --seed (see "),  # serve has none
        (  # `homestretch help`, as git and pip take it
            ["help"],
            ": no command 'help': help is the option --help (or -h), after any command (see ",
        ),
        (["stretch", "help"], "stretch: no command 'help': help is the option --help (or -h)"),
    ],
)
def test_a_usage_mistake_is_said_in_the_programs_words(
    tmp_path: Path, args: list[str], said: str
) -> None:
    line = refused(tmp_path, *args)
    assert said in line, line
    for click in ("valid int", "in the range", "No such", "is not one of", "Possible options"):
        assert click not in line, line


def test_a_track_typed_as_its_first_word_is_found(tmp_path: Path) -> None:
    """'--track epsomm' named no track: too far from 'epsom-downs' as a whole for
    difflib; near a word of it, and no other track's."""
    line = refused(tmp_path, "across", "play", "--players", "A,B,C", "--track", "epsomm")
    assert "--track epsomm: no such track; did you mean epsom-downs?" in line, line


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--mode", "fulll"], "--mode fulll: did you mean full? write quick or full"),
        (["--odds", "rea"], "--odds rea: did you mean real? write real, chart or none"),
    ],
)
def test_stretch_run_choices_typed_wrong_get_the_nearest(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """'--mode fulll' was "--mode must be quick or full, not 'fulll'": no nearest, where
    every other choice option of the program names it."""
    line = refused(tmp_path, "stretch", "run", "2009-champagne-stakes", "--no-save", *args)
    assert line == f"error: {said}", line
