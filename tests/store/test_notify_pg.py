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
        self.changed = asyncio.Event()

    async def __call__(self, game_id: int) -> None:
        self.ids.append(game_id)
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
            await two.publish(8)
            await heard_one.next()
            # one's own 7 went out before two's 8, so it would have been heard first
            assert heard_one.ids == [8] and heard_two.ids == [7]
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


def test_a_server_that_cannot_be_reached_is_one_line() -> None:
    async def heard(game_id: int) -> None:
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
