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

OnChange = Callable[[int, bool | None], Awaitable[None]]
"""Called with a table's id when another process changed it, and whether the lobby's
list reads otherwise for it (a listed table opened, a seat taken or freed, a game over;
not a plain move): None where the notice does not say (an older process's)."""


class Notifier(Protocol):
    async def start(self, on_change: OnChange) -> None:
        """Begin listening; ``on_change(game_id, listed)`` for every change made
        elsewhere."""

    async def publish(self, game_id: int, listed: bool = False) -> None:
        """Tell the other processes that this one changed the table (``listed``: and
        the lobby's list with it, so their lobby pages ask for it again)."""

    async def stop(self) -> None: ...


class LocalNotifier:
    """A single process: nothing to tell anyone, nothing to hear."""

    async def start(self, on_change: OnChange) -> None:
        return None

    async def publish(self, game_id: int, listed: bool = False) -> None:
        return None

    async def stop(self) -> None:
        return None
