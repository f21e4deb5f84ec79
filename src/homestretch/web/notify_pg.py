"""Several server processes on one PostgreSQL database tell each other of changes with
``LISTEN``/``NOTIFY`` on the channel ``homestretch_tables``.

A notification's payload is ``INSTANCE+WHAT:GAME_ID``, WHAT saying whether the lobby's
list reads otherwise for it (``lobby``: a listed table opened, a seat taken or freed, a
game over; ``move``: the list as it was), so a move made elsewhere does not send every
lobby page of every process for the list again. PostgreSQL delivers it to every
listener, the sender included, so each notifier tags its own and ignores them. An older
process's ``INSTANCE:GAME_ID`` is read as not saying (the lobby told, as it was then),
and an older process reads ``INSTANCE+WHAT`` as another process's tag. The
listening connection is reconnected when it is lost, with a pause that grows to a few
seconds; a change made while it was down is not heard, but nothing is lost by that:
every process syncs a table from the store before changing it, so the pages connected
here only wait for the table's next move to be redrawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import uuid

import psycopg
from sqlalchemy import URL
from sqlalchemy.engine import make_url

from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import is_whole
from homestretch.store.db import Store
from homestretch.web.notify import LocalNotifier, Notifier, OnChange

CHANNEL = "homestretch_tables"
LISTED = {"lobby": True, "move": False}
"""A payload's WHAT, and what it says of the lobby's list (listed anew or not)."""
MAX_PAUSE = 5.0
log = logging.getLogger(__name__)


def libpq_url(url: str | URL) -> str:
    """The libpq form (``postgresql://``) of a SQLAlchemy PostgreSQL URL."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "postgresql":
        raise HomestretchError(f"{parsed.get_backend_name()}: LISTEN/NOTIFY needs PostgreSQL")
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


class PostgresNotifier:
    """The :class:`~homestretch.web.notify.Notifier` of processes sharing a database."""

    def __init__(self, url: str | URL) -> None:
        self._url = libpq_url(url)
        self._shown = make_url(url).render_as_string(hide_password=True)
        self.instance = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        """Tags this notifier's own notifications (a process may run several)."""
        self._listener: psycopg.AsyncConnection | None = None
        self._sender: psycopg.AsyncConnection | None = None
        self._sending = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None

    async def _connect(self) -> psycopg.AsyncConnection:
        return await psycopg.AsyncConnection.connect(
            self._url, autocommit=True, application_name=f"homestretch {self.instance}"
        )

    async def _listen_connection(self) -> psycopg.AsyncConnection:
        connection = await self._connect()
        await connection.execute(f"LISTEN {CHANNEL}")
        return connection

    async def start(self, on_change: OnChange) -> None:
        """Listen from now on; a server that cannot reach the database does not start."""
        try:
            self._listener = await self._listen_connection()
        except psycopg.Error as exc:
            raise HomestretchError(
                f"{self._shown}: cannot listen for table changes ({one_line(exc)})"
            ) from None
        self._task = asyncio.create_task(self._listen(on_change))

    async def _listen(self, on_change: OnChange) -> None:
        pause = 0.1
        while True:
            try:
                if self._listener is None:
                    self._listener = await self._listen_connection()
                    log.warning("listening for table changes again")
                pause = 0.1
                async for note in self._listener.notifies():
                    await self._heard(note.payload, on_change)
            except psycopg.Error as exc:
                log.warning("lost the table-change listener (%s); reconnecting", one_line(exc))
                await self._close_listener()
                await asyncio.sleep(pause)
                pause = min(pause * 2, MAX_PAUSE)

    async def _heard(self, payload: str, on_change: OnChange) -> None:
        tag, _, game = payload.partition(":")
        sender, _, what = tag.partition("+")
        if sender == self.instance or not is_whole(game):
            return
        try:
            await on_change(int(game), LISTED.get(what))
        except Exception:  # one table's trouble must not deafen the process to the rest
            log.exception("handling a change to table %s failed", game)

    async def publish(self, game_id: int, listed: bool = False) -> None:
        """Tell the other processes (``listed``: the lobby's list reads otherwise); the
        move is stored whatever happens here, so a failure (after one reconnect) is a
        warning, not an error for the mover."""
        payload = f"{self.instance}+{'lobby' if listed else 'move'}:{game_id}"
        async with self._sending:
            for attempt in (1, 2):
                try:
                    if self._sender is None:
                        self._sender = await self._connect()
                    await self._sender.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                    return
                except psycopg.Error as exc:
                    await self._close_sender()
                    if attempt == 2:
                        log.warning("could not announce table %s (%s)", game_id, one_line(exc))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._close_listener()
        async with self._sending:
            await self._close_sender()

    async def _close_listener(self) -> None:
        connection, self._listener = self._listener, None
        if connection is not None:
            with contextlib.suppress(psycopg.Error):
                await connection.close()

    async def _close_sender(self) -> None:
        connection, self._sender = self._sender, None
        if connection is not None:
            with contextlib.suppress(psycopg.Error):
                await connection.close()


def one_line(exc: BaseException) -> str:
    return " ".join(part.strip() for part in str(exc).splitlines() if part.strip())


def notifier_for(store: Store) -> Notifier:
    """What a server process on ``store`` tells the others by: LISTEN/NOTIFY on
    PostgreSQL; nothing on a SQLite file, which one process serves."""
    if store.url.get_backend_name() == "postgresql":
        return PostgresNotifier(store.url)
    return LocalNotifier()
