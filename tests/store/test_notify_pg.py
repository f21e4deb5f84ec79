"""PostgresNotifier: processes on one database hear each other's changes, not their own."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
import pytest
from tests.conftest import unheard_port

from homestretch.core.errors import HomestretchError
from homestretch.web.notify_pg import PostgresNotifier, libpq_url

PATIENCE = 10.0
"""Seconds to wait for a notification before the test gives up (never a measurement)."""


def _run(scenario: Coroutine[Any, Any, None]) -> None:
    """``asyncio.run`` in a thread of its own: Playwright's sync API, once the browser
    tests have run, keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario).result()


class Heard:
    def __init__(self) -> None:
        self.ids: list[int] = []
        self.listed: list[bool | None] = []
        self.changed = asyncio.Event()

    async def __call__(self, game_id: int, listed: bool | None) -> None:
        self.ids.append(game_id)
        self.listed.append(listed)
        self.changed.set()

    async def next(self) -> None:
        await asyncio.wait_for(self.changed.wait(), PATIENCE)
        self.changed.clear()


@pytest.mark.postgres
def test_each_hears_the_other_and_never_itself(postgres_url: str) -> None:
    async def scenario() -> None:
        one, two = PostgresNotifier(postgres_url), PostgresNotifier(postgres_url)
        heard_one, heard_two = Heard(), Heard()
        await one.start(heard_one)
        await two.start(heard_two)
        try:
            await one.publish(7)
            await heard_two.next()
            await two.publish(8, listed=True)
            await heard_one.next()
            # one's own 7 went out before two's 8, so it would have been heard first
            assert heard_one.ids == [8] and heard_two.ids == [7]
            assert heard_one.listed == [True] and heard_two.listed == [False]
        finally:
            await one.stop()
            await two.stop()

    _run(scenario())


@pytest.mark.postgres
def test_a_lost_listener_reconnects(postgres_url: str) -> None:
    async def scenario() -> None:
        one, two = PostgresNotifier(postgres_url), PostgresNotifier(postgres_url)
        heard = Heard()
        await one.start(heard)
        try:
            async with await psycopg.AsyncConnection.connect(
                libpq_url(postgres_url), autocommit=True
            ) as admin:
                cut = await admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE application_name = %s",
                    (f"homestretch {one.instance}",),
                )
                assert await cut.fetchall() == [(True,)]

            # what is said while it is away is not heard: say it until it is back
            async def keep_saying() -> None:
                while not heard.ids:
                    await two.publish(5)
                    await asyncio.sleep(0.05)

            await asyncio.wait_for(keep_saying(), PATIENCE)
            assert set(heard.ids) == {5}
        finally:
            await one.stop()
            await two.stop()

    _run(scenario())


def test_a_notice_says_whether_the_lobby_list_changed_and_an_old_one_is_read() -> None:
    """``INSTANCE+lobby:ID`` (the list reads otherwise), ``INSTANCE+move:ID`` (it does
    not), and an older process's ``INSTANCE:ID``, which does not say (None); a notice of
    one's own, or of no table, is not heard."""
    notifier = PostgresNotifier("postgresql+psycopg://ann@127.0.0.1:1/x")  # not started
    heard = Heard()

    async def scenario() -> None:
        for payload in ("a-1+lobby:4", "a-1+move:5", "a-1:6", "a-1+else:7", "a-1+lobby:x"):
            await notifier._heard(payload, heard)
        await notifier._heard(f"{notifier.instance}+lobby:8", heard)
        await notifier._heard(f"{notifier.instance}:9", heard)

    _run(scenario())
    assert heard.ids == [4, 5, 6, 7] and heard.listed == [True, False, None, None]


def test_a_server_that_cannot_be_reached_is_one_line() -> None:
    async def heard(game_id: int, listed: bool | None) -> None:
        return None

    with unheard_port() as port:  # held unanswered: no other process takes it meanwhile
        notifier = PostgresNotifier(f"postgresql+psycopg://ann:hunter2@127.0.0.1:{port}/x")
        with pytest.raises(HomestretchError, match="cannot listen for table changes") as caught:
            _run(notifier.start(heard))
    assert "hunter2" not in str(caught.value) and "\n" not in str(caught.value)


def test_only_a_postgres_url_will_do() -> None:
    assert libpq_url("postgresql+psycopg://ann:p%40ss@h:5/db") == "postgresql://ann:p%40ss@h:5/db"
    with pytest.raises(HomestretchError, match="needs PostgreSQL"):
        PostgresNotifier("sqlite:///games.sqlite")
