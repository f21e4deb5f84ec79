"""Playwright drives Debian's Chromium (it cannot download its own browsers here); the
modules of a worker share one server, but a module that asks for its own (``OWN_SERVER``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.table_pages import ALIVE, SHORT_CALLS, SharedServer, context
from tests.conftest import CHROMIUM, CHROMIUM_ARGS, serving

EXPECT_TIMEOUT = 20_000
"""A bound (ms) on an ``expect`` waiting for a push on a busy machine (CI: two cores, the
suite in parallel). Set here once: it is global to the process, so set in each test file
the last file imported won (15 s or 20 s by the order of collection)."""


@pytest.fixture(autouse=True)
def expect_bound() -> None:
    """Every browser test waits up to ``EXPECT_TIMEOUT``, set again before each: a test
    file (a new one copying the old preamble) that sets its own at import cannot lower it
    for the files collected with it."""
    expect.set_options(timeout=EXPECT_TIMEOUT)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


OWN_SERVER = "OWN_SERVER"
"""A test module's flag (``OWN_SERVER = True``): its tests share a server of their own,
fresh (no other module's tables: a lobby's list of open tables, a store's list of games,
a cache of exact odds not yet made), not the worker's."""


@contextmanager
def _server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    folder = tmp_path_factory.mktemp("server")
    db = str(folder / "games.sqlite")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("HOMESTRETCH_CACHE", str(folder / "exact-odds"))  # the server's own
        with serving(db, folder) as address:
            yield SharedServer(address, db, folder)


@pytest.fixture(scope="session")
def worker_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """One server for every module of an xdist worker (of the run, without xdist) that
    does not ask for its own: each test opens tables of its own on it. A server's start
    costs some 1.5-1.8 s of CPU (3-8 s on the suite's loaded machine), once a module it
    was some 140 starts."""
    with _server(tmp_path_factory) as server:
        yield server


@pytest.fixture(scope="module")
def shared_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SharedServer]:
    """The server a module's tests share: the worker's, or one of the module's own where
    it says ``OWN_SERVER = True``."""
    if getattr(request.module, OWN_SERVER, False):
        with _server(tmp_path_factory) as server:
            yield server
    else:
        yield request.getfixturevalue("worker_server")


@pytest.fixture
def phone(browser: Browser, shared_server: SharedServer) -> Iterator[Callable[[], Page]]:
    """A new phone's page (a person of its own) for each call, all closed after the test:
    a page left open would go on asking its stream (and its route) for frames."""
    made: list[BrowserContext] = []

    def new_page() -> Page:
        made.append(context(browser, shared_server.address, phone=True))
        return made[-1].new_page()

    yield new_page
    for each in made:
        each.close()


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of the module's own whose quiet streams say they are alive every
    ``ALIVE`` seconds (a stream's silence checks, tried in seconds, not minutes)."""
    folder = tmp_path_factory.mktemp("server")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("HOMESTRETCH_CACHE", str(folder / "exact-odds"))
        env.setenv("HOMESTRETCH_KEEP_ALIVE", ALIVE)
        with serving(str(folder / "games.sqlite"), folder) as address:
            yield address


@pytest.fixture(scope="module")
def short_calls_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """A server of the module's own that reads a race's call at ``SHORT_CALLS`` seconds a
    part: a test playing whole races with the computer keeper and pages open waits that
    long for each call, not the 1.8 s a family reads it at."""
    folder = tmp_path_factory.mktemp("server")
    db = str(folder / "games.sqlite")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("HOMESTRETCH_CACHE", str(folder / "exact-odds"))
        with serving(db, folder, ["--call-pace", SHORT_CALLS]) as address:
            yield SharedServer(address, db, folder)
