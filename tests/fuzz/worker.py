"""A fork server for the fuzz harness: imports homestretch once, then runs each case in a
forked child under resource limits, as a real ``homestretch`` process would run it.

Why a fork server rather than one subprocess per case or typer's CliRunner in the test
process: a fresh interpreter costs about two seconds of imports per case (a few hundred
cases would take many minutes), while CliRunner in-process cannot bound a case's memory
or CPU, cannot survive a case that hangs in C code, and shares module state between
cases. A forked child costs milliseconds, gets its own address-space and CPU limits
(``resource.setrlimit``), its own file descriptors 0-2, and is killed by the parent after
its wall-clock bound, so a hang or a memory blow-up is reported rather than suffered.

Protocol: one JSON object a line on stdin (``argv``, ``env``, ``cwd``, ``stdin``,
``seconds`` of wall-clock time, ``cpu_seconds``, ``memory_mb``), one JSON object a line on stdout back (``rc``, ``signal``,
``timed_out``, ``stdout``, ``stderr``).
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from contextlib import ExitStack
from pathlib import Path
from typing import IO

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # no thread pools to fork across

from sqlalchemy import event  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402

from homestretch.cli.main import run  # noqa: E402 - after the thread setting above

_commits = [0]


@event.listens_for(Engine, "commit")
def _kill_at_commit(connection: object) -> None:
    """For the durability test: with KILL_AT_COMMIT=N the case kills itself with SIGKILL
    at its Nth commit, after the transaction's statements ran and before its COMMIT."""
    _commits[0] += 1
    if _commits[0] == int(os.environ.get("KILL_AT_COMMIT", "0")):
        os.kill(os.getpid(), signal.SIGKILL)


KEEP = 20_000
"""Characters of each stream sent back (enough to judge a case, bounded)."""


def _child(case: dict, out: int, err: int, into: int) -> None:
    os.dup2(into, 0)
    os.dup2(out, 1)
    os.dup2(err, 2)
    memory = case.get("memory_mb", 1536) * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    cpu = int(case.get("cpu_seconds", 20))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    os.chdir(case.get("cwd") or os.getcwd())
    os.environ.update(case.get("env", {}))
    sys.argv = ["homestretch", *case["argv"]]
    code = 0
    try:
        run()
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # a stream the case broke still exits
                stream.flush()
    if os.environ.get("COUNT_COMMITS"):
        Path(os.environ["COUNT_COMMITS"]).write_text(str(_commits[0]))
    os._exit(code)


def _read(fd: int) -> str:
    os.lseek(fd, 0, os.SEEK_SET)
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
        if len(data) > 4 * KEEP:
            break
    return data.decode("utf-8", "backslashreplace")[: 2 * KEEP]


def serve() -> None:
    for line in sys.stdin:
        with ExitStack() as files:
            _one(json.loads(line), *(files.enter_context(tempfile.TemporaryFile()) for _ in "oei"))


def _one(case: dict, out: IO[bytes], err: IO[bytes], into: IO[bytes]) -> None:
    """Run one case in a forked child and write back how it ended."""
    into.write(case.get("stdin", "").encode("utf-8", "surrogateescape"))
    into.flush()
    into.seek(0)
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        _child(case, out.fileno(), err.fileno(), into.fileno())
    give_up = time.monotonic() + float(case.get("seconds", 20))
    timed_out = False
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > give_up:
            timed_out = True
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
            break
        time.sleep(0.005)
    answer = {
        "rc": os.waitstatus_to_exitcode(status),
        "timed_out": timed_out,
        "stdout": _read(out.fileno()),
        "stderr": _read(err.fileno()),
    }
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    serve()
