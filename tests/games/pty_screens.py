"""A game played in a real pseudo-terminal of 80 x 24, as a family's terminal is: each
screen a person reads, from his last answer to the next question, with the rows it
takes there (a line longer than the terminal is wide takes more than one row)."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-B]")
CLEAR = "\x1b[2J"
QUESTION = re.compile(r"[:?] ?$")
QUIET = 0.05
"""Seconds of no output after which the screen is looked at for a question."""


@dataclass
class Screen:
    """What was drawn between one answer and the next question: ``text`` without its
    colours, ``question`` its last line."""

    text: str
    width: int

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @property
    def question(self) -> str:
        return self.lines[-1]

    def rows(self, since: str | None = None) -> int:
        """The terminal rows from the top of this screen (or from the last line holding
        ``since``, such as the screen's heading) to the question, that one included."""
        lines = self.lines
        if since is not None:
            starts = [n for n, line in enumerate(lines) if since in line]
            lines = lines[starts[-1] :] if starts else lines
        return sum(max(1, -(-len(line) // self.width)) for line in lines)


def play(
    argv: list[str],
    answer: Callable[[Screen], str | None],
    rows: int = 24,
    columns: int = 80,
    timeout: float = 120.0,
) -> list[Screen]:
    """Run ``homestretch ARGV`` in a pseudo-terminal of ``rows`` x ``columns`` and answer
    each question with ``answer(screen)`` until it says None (then Ctrl-D: the game is
    saved and stopped) or the program ends; every screen, the last one included."""
    main, other = pty.openpty()
    fcntl.ioctl(other, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(TERM="xterm-256color", PYTHONUNBUFFERED="1")
    command = [str(Path(sys.executable).parent / "homestretch"), *argv]
    process = subprocess.Popen(
        command, stdin=other, stdout=other, stderr=other, env=env, start_new_session=True
    )
    os.close(other)
    screens: list[Screen] = []
    drawn, answered = "", False
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            # a short quiet is enough: the program waiting in a read of its input
            # (``_asking``) says it asks, not a long silence (0.3 s a question was some
            # 40 s of a whole Across game's 139 questions)
            ready, _, _ = select.select([main], [], [], QUIET)
            if ready:
                try:
                    chunk = os.read(main, 65536)
                except OSError:  # the program ended
                    break
                if not chunk:
                    break
                drawn += chunk.decode(errors="replace")
                continue
            if process.poll() is not None:
                break
            text = _plain(drawn, answered)
            if not QUESTION.search(text.rsplit("\n", 1)[-1]):
                continue  # still drawing (or thinking)
            if not _asking(process.pid):
                continue  # a pause in its drawing (a busy machine) that ends like a question
            if select.select([main], [], [], 0)[0]:
                continue  # it drew more before it asked: that first
            screen = Screen(text, columns)
            screens.append(screen)
            said = answer(screen)
            drawn = ""
            if said is None:
                os.write(main, b"\x04")
                break
            os.write(main, said.encode() + b"\r")
            answered = True
        else:
            raise TimeoutError(f"{' '.join(argv)}: no question for {timeout} s")
    finally:
        if process.poll() is None:
            process.wait(timeout=30)
        os.close(main)
    if drawn.strip():
        screens.append(Screen(_plain(drawn, answered), columns))
    return screens


def _asking(pid: int) -> bool:
    """Whether the process waits in a read of its standard input (Linux's
    /proc/PID/syscall: ``read``, call 0, on descriptor 0); True where that cannot be
    read, so the quiet question-like line alone decides there."""
    try:
        call = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return True
    return call[:2] == ["0", "0x0"]


def _plain(drawn: str, answered: bool) -> str:
    """What the terminal shows of ``drawn`` since its last clearing, without colours;
    after an ``answered`` question, not its echo (the end of the question's row)."""
    if CLEAR in drawn:
        drawn = drawn.rsplit(CLEAR, 1)[-1]
    elif answered:
        drawn = drawn.split("\n", 1)[-1] if "\n" in drawn else ""
    return CONTROL.sub("", drawn).replace("\r\n", "\n").replace("\r", "")
