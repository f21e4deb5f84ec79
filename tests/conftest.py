"""What the whole suite shares: a throwaway PostgreSQL server, and the rule for tests
whose tools are missing (marker ``postgres``: PostgreSQL's initdb and pg_ctl; marker
``browser``: Debian's Chromium). Without them a test is skipped, and the summary says
so loudly; under CI (``CI=true``) it fails instead, since CI installs both. Under
pytest-xdist the workers skip and the controller prints the summary: each skip carries
its reason to it in the test report."""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from itertools import count
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from homestretch.core.design import Check
from homestretch.web.notify_pg import libpq_url

CHROMIUM = Path(os.environ.get("HOMESTRETCH_CHROMIUM", "/usr/bin/chromium"))
"""The browser the browser tests drive (Debian's, unless the environment names another)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
INSTALL = "apt-get install postgresql chromium"
MISSING_TOOL = "homestretch-missing-tool"
"""The name a skipped test's report carries its (group, reason) under."""
_skipped: dict[str, str] = {}
"""The groups of tests skipped for a missing tool, and why (filled from the reports, so
in the process that prints the summary: the xdist controller, or the only one)."""


CACHE = "HOMESTRETCH_CACHE"
"""Where homestretch keeps work between runs (``core.kept.cache_folder``): for the tests,
a folder of this run's own (``pytest_configure``), never the user's cache folder."""
RUN_CACHE = "HOMESTRETCH_TEST_RUN_CACHE"
"""The run's folder of caches, as the run's own processes inherit it: an xdist worker,
and a pytest a test starts, use the folder of the run that started them."""
RUN_CACHES = {CACHE: "homestretch", "MPLCONFIGDIR": "matplotlib"}
"""Each cache the suite writes (the variable naming its folder), in the run's folder:
homestretch's kept work, and matplotlib's font list (~/.cache/matplotlib otherwise)."""


def pytest_configure(config: pytest.Config) -> None:
    """Every cache the suite writes goes to a temporary folder of this run's own (its
    kept card and chart sets and exact odds were written to ~/.cache/homestretch by the
    tests that named no folder, and by every command run without HOME), removed at its
    end. A test may name a folder of its own still (``monkeypatch.setenv(CACHE, ...)``);
    a command run with an environment of the test's making is given ``run_cache()``."""
    inherited = os.environ.get(RUN_CACHE)
    root = inherited or tempfile.mkdtemp(prefix="homestretch-test-caches-")
    if not inherited:
        os.environ[RUN_CACHE] = root
        config.add_cleanup(lambda: shutil.rmtree(root, ignore_errors=True))
    for variable, name in RUN_CACHES.items():
        folder = Path(root) / name
        folder.mkdir(exist_ok=True)
        os.environ[variable] = str(folder)


def run_cache() -> dict[str, str]:
    """The cache folders' variables, as the test names them now: for a command run with
    an environment of a test's own making (``env={...}``), so it keeps its work there too."""
    return {variable: os.environ[variable] for variable in RUN_CACHES}


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def free_port() -> int:
    """A loopback port nobody listened on a moment ago (the OS picked it). Another process
    may bind it before whoever it is given to does: use it only where a bind that fails
    is tried again (``postgres_server``). A server of ours binds port 0 itself and says
    which it got (``serving_process``); a port that must stay unanswered is held
    (``unheard_port``)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def unheard_port() -> Iterator[int]:
    """A loopback port nothing answers for as long as the block runs: bound here and not
    listened on, so a connection to it is refused and no other process can bind it
    meanwhile (a port merely free when chosen could be taken, and then answered)."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield int(held.getsockname()[1])


LOBBY_AT = re.compile(r"The lobby is at (http://127\.0\.0\.1:\d+)/")
"""The line ``homestretch serve`` says once it has bound its port (its address)."""


_servers = count(1)


@contextmanager
def serving(db: str, folder: Path, more: Sequence[str] = ()) -> Iterator[str]:
    """``homestretch serve`` in a process of its own on a free loopback port, for as long
    as the block runs; its address. What it prints goes to a file in ``folder``.
    ``more``: further options (``--content DIR``)."""
    with serving_process(db, folder, more) as (address, _):
        yield address


@contextmanager
def serving_process(
    db: str, folder: Path, more: Sequence[str] = ()
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``serving``, with the server's process too (a test that limits what it may write).
    The server binds port 0 (any free one, the OS's choice at the bind itself) and says
    which it got: a port chosen here first and bound by the server later could be taken
    by another process meanwhile (several test runs share a machine), and the readiness
    check below then answered by that process's server."""
    output = folder / f"serve-{os.getpid()}-{next(_servers)}.log"
    command = ["-c", "from homestretch.cli.main import run; run()", "serve"]
    with output.open("w") as log:
        server = subprocess.Popen(
            [sys.executable, *command, "--port", "0", "--db", db, *more],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    address = ""
    try:
        # a bound on a hang, not a measurement: a loaded two-core machine took 14-17 s to
        # its first answer (the web libraries' imports), so 30 s was within reach
        give_up = time.monotonic() + 180
        while True:
            if server.poll() is not None:
                pytest.fail(f"homestretch serve stopped: {output.read_text()[-2000:]}")
            bound = LOBBY_AT.search(output.read_text()) if not address else None
            address = bound.group(1) if bound else address
            try:
                if address and httpx.get(f"{address}/api/tables", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > give_up:
                pytest.fail(f"homestretch serve did not answer: {output.read_text()[-2000:]}")
            time.sleep(0.1)
        yield address, server
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def refused(tmp_path: Path, *args: str) -> str:
    """Run the real ``homestretch`` command on ``args``: it must refuse as every mistake
    does, one line on stderr, exit status 2, no traceback. Its line, spaces folded."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "x.sqlite"), "PATH": "/usr/bin:/bin", **run_cache()},
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    return " ".join(done.stderr.split())


DAC_CAPS = "-dac_override,-dac_read_search,-fowner"
"""Root's powers over files' permissions: dropped, so a file's mode binds root too (CI
runs as root)."""


def as_a_user(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real ``homestretch`` command on ``args`` as a user whom files' modes bind:
    as it is for a user; for root, with root's powers over permissions dropped
    (``setpriv``). Nothing on stdin; what it printed and its status."""
    bound: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv: a file's mode would not bind root")
        bound = ["setpriv", "--bounding-set", DAC_CAPS, "--"]
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
    return subprocess.run(
        [*bound, *command], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120
    )


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    """A command's refusal: exit status 2, nothing on stdout, one line on stderr and no
    traceback. Its line, spaces folded."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    return " ".join(done.stderr.split())


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file in ``folder`` by its name, with its bytes: what a command left there."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def each_fails_alone(checks: Callable[[Any], list[Check]], unmet: dict[str, Any]) -> None:
    """A designer's checks (``checks(report)``: ``core.design.Check`` rows) against
    reports each made to fail one of them: that check, and it alone, is not met."""
    for name, report in unmet.items():
        found = {c.check: c.met for c in checks(report)}
        assert not found[name], name
        assert sum(not met for met in found.values()) == 1, (name, found)


def planted(tmp_path: Path, sample: Path, name: str, old: str | None, new: str) -> Path:
    """A copy of a content folder (``sample``) with one mistake planted in its file
    ``name``: ``old`` replaced by ``new`` once, or the whole file ``new`` where ``old`` is
    None. The copy's folder."""
    folder = tmp_path / "mine"
    shutil.copytree(sample, folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    if old is not None:
        assert old in text, old
    path.write_text(new if old is None else text.replace(old, new, 1), encoding="utf-8")
    return folder


def postgres_bin() -> Path | None:
    """The folder of initdb and pg_ctl: on PATH, else Debian's newest."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _version(folder: str) -> int:
    name = Path(folder).parent.name
    return int(name) if name.isdigit() else 0


def _postgres_user_missing() -> bool:
    if os.geteuid() != 0:
        return False  # the server runs as whoever runs the tests
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return True
    return False


def missing_tool(group: str) -> str | None:
    """Why the ``group`` tests cannot run here (None: they can)."""
    if group == "postgres":
        if postgres_bin() is None:
            return "PostgreSQL's initdb and pg_ctl are not installed"
        if _postgres_user_missing():
            return "running as root, and there is no postgres user to run the server as"
    if group == "browser" and not CHROMIUM.exists():
        return f"{CHROMIUM} is not installed"
    return None


def pytest_runtest_setup(item: pytest.Item) -> None:
    for group in ("postgres", "browser"):
        if item.get_closest_marker(group) is None:
            continue
        reason = missing_tool(group)
        if reason is None:
            continue
        if in_ci():
            pytest.fail(f"{reason}: CI must run the {group} tests ({INSTALL})", pytrace=False)
        item.user_properties.append((MISSING_TOOL, (group, reason)))
        pytest.skip(f"{group} tests: {reason}")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for name, value in report.user_properties:
        if name == MISSING_TOOL:
            group, reason = value
            _skipped[group] = reason


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for group, reason in _skipped.items():
        terminalreporter.write_line(
            f"SKIPPED ALL {group.upper()} TESTS: {reason}; to run them: {INSTALL}",
            red=True,
            bold=True,
        )


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL cluster for this test run alone: in a temporary folder, on a free
    loopback port, trusting local connections; the SQLAlchemy URL of its ``postgres``
    database."""
    bin_dir = postgres_bin()
    assert bin_dir is not None, "the postgres marker checks for PostgreSQL first"
    root = Path(tempfile.mkdtemp(prefix="homestretch-pg-"))
    as_owner: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(root, "postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
    data, sockets, log = root / "data", root / "run", root / "log"
    pg_ctl = [str(bin_dir / "pg_ctl"), "-D", str(data)]

    def run(*command: str) -> None:
        subprocess.run([*as_owner, *command], check=True, capture_output=True, cwd=root)

    def start(port: int) -> bool:
        """Whether the cluster started on ``port``; False if another process bound the
        port between its choice and PostgreSQL's bind (free_port)."""
        before = len(log.read_text()) if log.exists() else 0
        options = (
            f"-c listen_addresses=127.0.0.1 -p {port} -k {sockets} -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        )
        try:
            run(*pg_ctl, "-o", options, "-l", str(log), "-w", "start")
        except subprocess.CalledProcessError:
            if log.exists() and "could not bind" in log.read_text()[before:]:
                return False
            raise
        return True

    try:
        run("mkdir", str(sockets))
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
        run(*initdb, "-E", "UTF8", "--locale=C", "--no-sync")
        for _ in range(5):  # a port another process took meanwhile: another port
            port = free_port()
            if start(port):
                break
        else:
            shutil.rmtree(root, ignore_errors=True)
            pytest.fail("the test PostgreSQL found no free port in 5 tries")
    except subprocess.CalledProcessError as exc:
        tail = log.read_text()[-2000:] if log.exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"the test PostgreSQL did not start: {exc.stderr.decode()}{tail}")
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_owner, *pg_ctl, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


_databases = count(1)


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A SQLAlchemy URL of a new, empty database on the test server."""
    name = f"test_{next(_databases)}"
    with psycopg.connect(libpq_url(postgres_server), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return postgres_server.rsplit("/", 1)[0] + f"/{name}"


# Hypothesis judges no test by the wall clock: the suite runs on machines shared with
# other work, where a property test failed its too_slow health check at load 7 and passed
# alone. Every example is still run and checked; only the timing verdicts are off (a
# test's own @settings keeps these unless it names them).
hypothesis_settings.register_profile(
    "homestretch", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("homestretch")
