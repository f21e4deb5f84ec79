"""Running ``homestretch`` cases through the fork server and judging what came back.

A case passes when it ends in exit 0 (with JSON on stdout alone under ``--format json``,
a result that makes sense: ``results.py``)
or in exit 2 with one line on stderr; never a traceback, a hang, a blown memory limit,
or a raw control character reaching the terminal.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.fuzz.results import result_problem

WORKER = Path(__file__).with_name("worker.py")
CPU_SECONDS = 20
"""A bound on one case's processor time: a sane case needs a second or two, whatever
else the machine is doing (a run past it is killed by SIGXCPU and reported)."""
SECONDS = 180.0
"""A bound on one case's wall-clock time, for a case that waits without working (a pipe
read as a file); generous because seven engineers share two cores."""
MEMORY_MB = 1536
"""A bound on one case's address space (the interpreter with NumPy takes about 200 MB)."""
LOBBY = "The lobby is at"
"""What ``serve`` prints once it listens."""
SERVING_SECONDS = 45.0
"""How long a ``serve`` case is given: one that listens (a free port fuzzed into --port,
an address of another family in --host) serves until killed."""
_RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


@dataclass(frozen=True)
class Outcome:
    argv: tuple[str, ...]
    rc: int
    timed_out: bool
    stdout: str
    stderr: str

    def problem(self) -> str | None:
        """What is wrong with this outcome, or None when it is a sane answer."""
        if self.timed_out and self.argv[:1] == ("serve",) and LOBBY in self.stdout:
            return None  # a server given sane values serves until it is stopped
        if self.timed_out:
            return f"still waiting after {SECONDS:.0f} s"
        if "Traceback" in self.stderr or "Traceback" in self.stdout:
            return "a traceback"
        if self.rc < 0:
            return f"killed by signal {-self.rc} (past {CPU_SECONDS} s of processor time?)"
        for name, text in (("stdout", self.stdout), ("stderr", self.stderr)):
            raw = _RAW_CONTROL.search(text)
            if raw:
                return f"a raw control character {raw.group()!r} on {name}"
        if self.rc == 130:  # the input ran out at a question: stopped as Ctrl-C stops
            lines = [line for line in self.stderr.splitlines() if line.strip()]
            return (
                None if any("Stopped" in line for line in lines) else "exit 130 without 'Stopped'"
            )
        if self.rc == 2:
            lines = [line for line in self.stderr.splitlines() if line.strip()]
            if len(lines) != 1:
                return f"exit 2 with {len(lines)} lines on stderr, not one"
            if not lines[0].startswith("error:"):
                return "exit 2 without an error line"
            return None
        if self.rc == 1 and self.argv[:1] == ("verify",):  # its answer: the dice were not fair
            return (
                None
                if "NOT fair" in self.stdout or '"fair": false' in self.stdout
                else ("verify exit 1 without its verdict")
            )
        if self.rc not in (0, 2):
            return f"exit status {self.rc}"
        if _wants_json(self.argv):
            try:
                data = json.loads(self.stdout)
            except ValueError:
                return "--format json, but stdout is not JSON alone"
            wrong = result_problem(self.argv, data)
            return None if wrong is None else f"exit 0 with a result that makes no sense: {wrong}"
        if not self.stdout.strip() and not self.stderr.strip():
            return "exit 0 without a word"
        return None


def _wants_json(argv: Sequence[str]) -> bool:
    """Whether the command line asks for JSON: its last --format (click reads the last)."""
    said = [b for a, b in zip(argv, argv[1:], strict=False) if a in ("--format", "-f")]
    said += [a.split("=", 1)[1] for a in argv if a.startswith("--format=")]
    return bool(said) and said[-1] == "json"


class Homestretch:
    """A fork server: ``run(argv)`` answers as a fresh ``homestretch`` process would."""

    def __init__(self) -> None:
        self._worker = subprocess.Popen(
            [sys.executable, str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="surrogateescape",
        )

    def run(
        self,
        argv: Sequence[str],
        db: Path,
        cwd: Path | None = None,
        stdin: str = "",
        seconds: float = SECONDS,
        env: dict[str, str] | None = None,
    ) -> Outcome:
        assert self._worker.stdin is not None and self._worker.stdout is not None
        case = {
            "argv": list(argv),
            "env": {"HOMESTRETCH_DB": str(db), "COLUMNS": "100", **(env or {})},
            "cwd": str(cwd) if cwd is not None else None,
            "stdin": stdin,
            "seconds": seconds,
            "cpu_seconds": CPU_SECONDS,
            "memory_mb": MEMORY_MB,
        }
        self._worker.stdin.write(json.dumps(case) + "\n")
        self._worker.stdin.flush()
        answer = json.loads(self._worker.stdout.readline())
        return Outcome(
            tuple(argv), answer["rc"], answer["timed_out"], answer["stdout"], answer["stderr"]
        )

    def close(self) -> None:
        if self._worker.stdin is not None:
            self._worker.stdin.close()
        self._worker.wait(timeout=30)


@contextmanager
def homestretch() -> Iterator[Homestretch]:
    server = Homestretch()
    try:
        yield server
    finally:
        server.close()
