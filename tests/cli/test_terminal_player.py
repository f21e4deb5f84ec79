"""A person at the terminal (cli/human.py): the hint under the list is shown once, and
a refused answer is told why without it."""

from __future__ import annotations

import subprocess
import sys

from rich.console import Console

from homestretch.cli.common import blank_answer
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


def test_a_question_asked_on_stderr_leaves_stdout_empty() -> None:
    """typer's prompt writes the question's last character (a space) to stdout, even when
    asked on stderr: with --format json stdout holds only the JSON, so not even that."""
    asked = "from homestretch.cli.common import prompt; print(prompt('Q', err=True), end='')"
    done = subprocess.run(
        [sys.executable, "-c", asked], input="yes\n", capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "yes" and done.stderr == "Q: "


def test_text_nothing_reads_is_not_sent_to_a_list_that_is_not_there() -> None:
    """With no numbered list on the screen (too long to print, or typed moves only),
    "'foo' is not one of the choices above" pointed at nothing: it says what to type."""
    answers = iter(["foo", "3", "ok"])
    ok = Action()
    screen = Console(width=400, record=True)
    player = TerminalPlayer(
        "Ann",
        None,  # type: ignore[arg-type]  # read moves are not checked here
        screen,
        show=lambda *_: None,
        parse=lambda text: None if text != "ok" else ok,
        ask=lambda question: (screen.print(question), next(answers))[1],
        hint=lambda legal: "type [ok] to go on",
        menu_max=1,
    )
    player.state = type("S", (), {"why_illegal": lambda *_: None})()  # type: ignore[assignment]
    assert player.choose(0, {}, [Action(), Action()]) is ok
    drawn = screen.export_text()
    assert "choices above" not in drawn and "number or text" not in drawn
    assert "Ann, your choice (type a move)" in drawn
    assert "cannot read 'foo': type [ok] to go on\n" in drawn
    assert "cannot read '3': type [ok] to go on\n" in drawn


def test_enter_alone_says_what_is_wanted_once() -> None:
    """Enter alone at a question asked it again with no word: the first time, one line
    says what to type (the question's bracket, or what the caller names)."""
    asked = (
        "from homestretch.cli.common import prompt; "
        "print(prompt('Ann, your choice (a number, or bet 7)', err=True), end='')"
    )
    done = subprocess.run(
        [sys.executable, "-c", asked], input="\n  \n\nbet 7\n", capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "bet 7"
    said = "nothing typed: type a number, or bet 7, then Enter"
    assert done.stderr.count(said) == 1, done.stderr
    assert done.stderr.count("Ann, your choice (a number, or bet 7): ") == 4


def test_the_question_names_what_to_type() -> None:
    """ "your choice (number or text)" did not say what text: the game's example does."""
    legal: list[Action] = [Action()]
    answers = iter(["1"])
    asked: list[str] = []
    player = TerminalPlayer(
        "Ann",
        None,  # type: ignore[arg-type]  # a listed choice is not checked
        Console(width=400, record=True),
        show=lambda *_: None,
        parse=lambda text: None,
        ask=lambda question: (asked.append(question), next(answers))[1],
        example=lambda legal: "bet 7",
    )
    assert player.choose(0, {}, legal) is legal[0]
    assert asked == ["Ann, your choice (a number, or bet 7)"]
    player.example = None
    assert (
        blank_answer("Ann, your choice (type a move)") == "nothing typed: type a move, then Enter"
    )
    assert player.question(legal, listed=True) == "your choice (a number)"
    assert blank_answer("Ann, your choice (a number)") == "nothing typed: type a number, then Enter"


def test_enter_alone_is_answered_where_the_question_is_asked() -> None:
    """The reminder after Enter alone went to stderr while the question was on stdout: a
    player piping the game, or a screen reader following stdout, saw the question asked
    again with no word. It goes with the question, stdout or (``err``) stderr."""
    said = "nothing typed: type a number, or bet 7, then Enter"
    for err, where, other in ((False, "stdout", "stderr"), (True, "stderr", "stdout")):
        asked = (
            "from homestretch.cli.common import prompt; import sys; "
            f"sys.stderr.write('=' + prompt('Ann, your choice (a number, or bet 7)', err={err}))"
        )
        done = subprocess.run(
            [sys.executable, "-c", asked], input="\nbet 7\n", capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        streams = {"stdout": done.stdout, "stderr": done.stderr}
        assert streams[where].count(said) == 1, streams
        assert said not in streams[other], streams


def test_a_roll_typed_wrong_is_answered_where_the_roll_was_asked() -> None:
    """A slip typing the faces of a real roll went to stderr whatever the question's
    stream: in text it is said on stdout beside the question, with --format json on stderr."""
    for to_stderr, where in ((False, "stdout"), (True, "stderr")):
        asked = (
            "from homestretch.cli.common import ask_roll; "
            "from homestretch.core.chance import ChanceNode; import sys; "
            f"sys.stderr.write(repr(ask_roll(ChanceNode('Odds roll', dice=2), {to_stderr})))"
        )
        done = subprocess.run(
            [sys.executable, "-c", asked],
            input="34\n1 2 3\n3\n4 5\n3 4\n",
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        streams = {"stdout": done.stdout, "stderr": done.stderr}
        assert "type the faces apart, like 3 4" in streams[where], streams
        said = "1 2 3 is 3 faces, for 2 dice (the red and white); type the roll again"
        assert said in streams[where], streams
        # at "type the white die" (the red typed alone): what was typed there is counted,
        # not the red with it ("that is 3 faces for 2 dice" to a person who typed 2)
        said = "4 5 is 2 faces, for 1 die (the white); type the roll again"
        assert said in streams[where], streams
        assert streams["stderr"].endswith("[3, 4]")
        if where == "stdout":
            assert "faces" not in done.stderr


def test_a_number_not_on_the_list_is_told_the_list_s_range() -> None:
    """Across's "there is no choice 9 on the list" did not say which numbers were on it."""
    answers = iter(["9", "0", "2"])
    screen = Console(width=400, record=True)
    player = TerminalPlayer(
        "Ann",
        None,  # type: ignore[arg-type]  # a listed choice is not checked
        screen,
        show=lambda *_: None,
        parse=lambda text: None,
        ask=lambda _: next(answers),
    )
    legal: list[Action] = [Action(), Action()]
    assert player.choose(0, {}, legal) is legal[1]
    drawn = screen.export_text()
    assert "there is no choice 9: the list is 1 to 2\n" in drawn
    assert "there is no choice 0: the list is 1 to 2\n" in drawn


def test_help_is_answered_where_the_game_s_parse_does_not_read_it() -> None:
    """Top of the Stretch's bet prompt answered `help` with "cannot read 'help'" and the
    hint; the other games' prompts say what may be typed."""
    answers = iter(["help", "?", "1"])
    screen = Console(width=400, record=True)
    player = TerminalPlayer(
        "Ann",
        None,  # type: ignore[arg-type]  # a listed choice is not checked
        screen,
        show=lambda *_: None,
        parse=lambda text: None,
        ask=lambda _: next(answers),
        hint=lambda legal: HINT,
        help=lambda legal: "Type a bet as POOL POST [DOLLARS]",
    )
    legal: list[Action] = [Action()]
    assert player.choose(0, {}, legal) is legal[0]
    drawn = screen.export_text()
    assert drawn.count("Type a bet as POOL POST [DOLLARS]\n") == 2
    assert "cannot read" not in drawn and "not one of the choices" not in drawn
