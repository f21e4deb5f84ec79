"""How one server process learns that another changed a table.

Every process appends to a table's log in the store under its unique (game, position)
key, then publishes the table's id; every process listens, and on a change syncs its
copy of the table and pushes the new frames to the seats connected to it. One process
on SQLite needs no more than :class:`LocalNotifier`; several processes on PostgreSQL use
``LISTEN``/``NOTIFY`` (``notify_pg.PostgresNotifier``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

OnChange = Callable[[int], Awaitable[None]]
"""Called with a table's id when another process changed it."""


class Notifier(Protocol):
    async def start(self, on_change: OnChange) -> None:
        """Begin listening; ``on_change(game_id)`` for every change made elsewhere."""

    async def publish(self, game_id: int) -> None:
        """Tell the other processes that this one changed the table."""

    async def stop(self) -> None: ...


class LocalNotifier:
    """A single process: nothing to tell anyone, nothing to hear."""

    async def start(self, on_change: OnChange) -> None:
        return None

    async def publish(self, game_id: int) -> None:
        return None

    async def stop(self) -> None:
        return None
