"""What tripped a newcomer trying the command for the first time (help, each game's
first command, wrong input), each said now as the rest of the program says things."""

from __future__ import annotations

import pytest

from homestretch import __version__


def test_version_is_said(homestretch: object) -> None:
    """`homestretch --version` was "no option --version"."""
    done = homestretch("--version")  # type: ignore[operator]
    assert (done.code, done.stdout, done.stderr) == (0, f"homestretch {__version__}\n", "")


@pytest.mark.parametrize("words", [["-h"], ["stretch", "-h"], ["across", "play", "-h"]])
def test_h_is_help_everywhere(homestretch: object, words: list[str]) -> None:
    """`-h` was "no option -h"."""
    done = homestretch(*words)  # type: ignore[operator]
    assert done.code == 0 and "Usage: " in done.stdout and "--help" in done.stdout, done.stderr
    assert done == homestretch(*words[:-1], "--help")  # type: ignore[operator]


MISSING = {
    "an argument": (["stretch", "run"], "RACE is missing: a race file (TOML) or a bundled race"),
    "an id": (["replay"], "ID is missing: the game's id (history)"),
    "an option": (["derbycast", "points", "5-2"], "--bet is missing: win, place or show"),
    "a value": (["across", "play", "--track"], "--track needs a value after it"),
}


@pytest.mark.parametrize("case", MISSING)
def test_what_is_missing_is_said_with_what_to_write(homestretch: object, case: str) -> None:
    """click's "Missing argument 'RACE'." named what, not what to write there."""
    words, said = MISSING[case]
    done = homestretch(*words)  # type: ignore[operator]
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert said in done.stderr and "Missing" not in done.stderr, done.stderr


GAMES_COMMAND = {
    "play": "play is a game's command: homestretch GAME play (GAME one of across, derbycast, "
    "totopoly)",
    "run": "run is a game's command: homestretch stretch run",
    "rules": "homestretch GAME rules (GAME one of across, derbycast, stretch, totopoly)",
}


@pytest.mark.parametrize("command", GAMES_COMMAND)
def test_a_games_command_typed_at_the_top_names_the_games(
    homestretch: object, command: str
) -> None:
    """`homestretch play` answered "did you mean replay?"."""
    done = homestretch(command)  # type: ignore[operator]
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert GAMES_COMMAND[command] in done.stderr and "replay" not in done.stderr


def test_an_empty_history_says_so(homestretch: object) -> None:
    """An empty store's history was a table's headings alone."""
    done = homestretch("history", "--game", "across")  # type: ignore[operator]
    assert (done.code, done.stdout) == (0, "no saved across games yet\n")
    assert homestretch("history", "--format", "json").stdout == "[]\n"  # type: ignore[operator]


def test_a_progress_bar_leaves_no_blank_line_in_a_log(homestretch: object) -> None:
    """A simulation's stderr, read by a program or kept in a log, began with a blank line
    (the progress bar, drawn for no one); the bar is for a terminal."""
    done = homestretch("totopoly", "simulate", "-n", "2", "--format", "json")  # type: ignore[operator]
    assert done.code == 0, done.stderr
    assert done.stderr.startswith("seed ") and done.stderr.count("\n") == 1, repr(done.stderr)


def test_a_needed_argument_is_written_plainly_in_the_usage(homestretch: object) -> None:
    """Typer wrote "Usage: ... stretch run [OPTIONS] {RACE}": braces a newcomer copies."""
    from tests.cli.test_command_tree import walked

    needing = [
        path
        for path, command in walked()
        if any(p.param_type_name == "argument" and p.required for p in command.params)
    ]
    assert len(needing) >= 6
    for path in needing:
        usage = homestretch(*path.split(), "--help").stdout  # type: ignore[operator]
        line = next(line for line in usage.splitlines() if "Usage:" in line)
        assert "{" not in line and "[OPTIONS] " in line, (path, line)


def test_resuming_a_finished_game_says_how_to_see_it(homestretch: object) -> None:
    ran = homestretch("stretch", "run", "2009-champagne-stakes", "--seed", "2")  # type: ignore[operator]
    assert ran.code == 0, ran.stderr
    done = homestretch("resume", "1")  # type: ignore[operator]
    assert done.code == 2
    assert "game 1 is already finished: `homestretch replay 1` shows it" in done.stderr


def test_verifying_a_game_still_being_played_says_it_is(homestretch: object) -> None:
    """`verify ID` on a game still being played said "the seed is revealed when the game
    ends": not that the game goes on, nor what verifying it then will check."""
    stopped = homestretch("across", "play", "--bots", "3", "--dice", "3 4")  # type: ignore[operator]
    assert stopped.code == 2 and "ran out" in stopped.stderr, stopped.stderr
    for fmt in ("text", "json"):
        done = homestretch("verify", "1", "--format", fmt)  # type: ignore[operator]
        assert done.code == 2 and done.stdout == "" and done.stderr.count("\n") == 1
        assert done.stderr == (
            "error: game 1 is still being played: its seed is revealed when it ends; verify "
            "it then, to check that every roll and draw followed from that seed\n"
        ), done.stderr


CLICKS_WORDS = {
    # click's own words, said as the program says a mistake elsewhere
    "a word too many": (
        ["stretch", "cards", "secretariat", "1973"],
        "homestretch stretch cards: '1973' is more than it takes (SEARCH and options; a "
        "value of several words goes in quotes)",
    ),
    "a word where none is taken": (
        ["across", "tracks", "woodbine"],
        "homestretch across tracks: 'woodbine' is more than it takes (options alone;",
    ),
    "a switch given a value": (
        ["stretch", "run", "2009-champagne-stakes", "--no-save=yes"],
        "--no-save takes no value: it is a switch, on when named (write it alone)",
    ),
}


@pytest.mark.parametrize("case", CLICKS_WORDS)
def test_clicks_own_words_are_said_in_ours(homestretch: object, case: str) -> None:
    """`stretch cards secretariat 1973` said "Got unexpected extra argument(s) (1973)"
    and `--no-save=yes` "Option '--no-save' does not take a value.": click's words, not
    what the command takes nor how to write it."""
    words, said = CLICKS_WORDS[case]
    done = homestretch(*words)  # type: ignore[operator]
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert said in done.stderr and "Got " not in done.stderr and "Option " not in done.stderr


def test_ctrl_c_while_a_command_works_is_said(
    homestretch: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a study (`totopoly simulate`, `stretch odds`) ended with exit status
    130 and no word: typer made it an exit of its own before `homestretch` could say
    "Stopped", as it does at a question."""
    from homestretch.games.totopoly.analysis import simulate

    def pressed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "simulate", pressed)
    done = homestretch("totopoly", "simulate", "-n", "2", "--seed", "1")  # type: ignore[operator]
    assert done.code == 130, done.stderr
    # nothing was saved: the last word says no more than that it stopped (it pointed to
    # `homestretch history` "for saved games")
    assert done.stderr.endswith("\nStopped.\n"), done.stderr
    assert "history" not in done.stderr and "saved" not in done.stderr
    assert "Traceback" not in done.stderr


def test_input_run_out_outside_a_game_says_only_stopped(homestretch: object) -> None:
    """A race run unsaved with its dice typed in, the input run out at the first roll:
    nothing is stored, so the last word is "Stopped." alone, as after a study, and
    `history` has nothing to show for it."""
    done = homestretch("stretch", "run", "2009-champagne-stakes", "--no-save", "--dice", "ask")  # type: ignore[operator]
    assert done.code == 130, done.stderr
    assert done.stderr.endswith("\nStopped.\n"), done.stderr
    assert "history" not in done.stderr and "Traceback" not in done.stderr
