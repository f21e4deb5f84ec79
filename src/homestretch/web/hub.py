"""The live tables of one server process: one lock each, and the browsers to push to.

A table is rebuilt from the store the first time it is asked for. Every change is made
under the table's lock and published through the :class:`~homestretch.web.notify.Notifier`;
each connected browser is woken and sent a fresh frame built for its own seat. What
other processes store reaches a table through their notices (``sync``), or, when a move
here comes first, through the log's unique key refusing it.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio.to_thread

from homestretch.core.errors import HomestretchError, TableMovedOn
from homestretch.core.protocol import JSON
from homestretch.session.log import first_naming
from homestretch.session.saved import rebuild
from homestretch.session.seats import Seat
from homestretch.session.table import Table
from homestretch.store.db import Store
from homestretch.web.designs import Designs
from homestretch.web.frames import completed, seat_part
from homestretch.web.lobby import OPEN_FOR, create_table, links, table_links
from homestretch.web.notify import LocalNotifier, Notifier

T = TypeVar("T")
log = logging.getLogger(__name__)


def _keep_alive() -> float:
    """``$HOMESTRETCH_KEEP_ALIVE`` seconds (tests set a short one), else 15."""
    try:
        seconds = float(os.environ.get("HOMESTRETCH_KEEP_ALIVE", "15"))
    except ValueError:
        return 15.0
    return seconds if 0 < seconds < 3600 else 15.0


KEEP_ALIVE = _keep_alive()
"""Seconds of quiet before an event stream sends an ``alive`` event: proxies and phone
networks drop a connection idle for a minute or so, and the page, which hears from the
stream at least this often, knows a stream silent for longer is dead."""
IDLE_AFTER = 600.0
"""Seconds untouched, with nobody connected, before a live table is let go of (it is
rebuilt from the store when next asked for)."""
WATCH_EVERY = 1.0
"""Seconds between looks at the store for moves made at a watched table (one a browser
here has a stream open on) by something that sends no notice: a terminal playing it
with ``homestretch resume``, or another server whose notice was lost. One query a look,
whatever the number of tables; a table nobody watches is not looked at."""
CALL_PACE = 1.8
"""Seconds each part of a race's call is read for on the pages (``serve --call-pace``): a
watched table holds the computer's next move while its call is read out and its result
shown (``Table.held``: reading steps), and every page reads the call at this pace, timed
from when the table reached it, so a reload or a second screen tells the same story."""
WEB = "web"
"""The key of the server's own settings in a table's settings: private flag, invite,
admin token, who types asked dice, the seed's digest."""


class NotFound(HomestretchError):
    """No such table (HTTP 404)."""


class Forbidden(HomestretchError):
    """The token may not do that (HTTP 403)."""


@dataclass
class Viewer:
    """Who holds a link: a seat, a spectator (seat None), or the table's creator."""

    seat: int | None
    admin: bool = False


@dataclass
class Gathering:
    """The pages open on one table here (their event streams: a queue each to wake it,
    and who holds it), kept by the hub apart from the table. ``playing``: the streams of
    a table in play, which keep the table in memory; ``at_end``: the streams of a
    finished table past its last frame (a final screen, told only who comes and goes),
    which hold nothing of the table: it is let go of as a table nobody is at."""

    playing: dict[asyncio.Queue[None], Viewer] = field(default_factory=dict)
    at_end: dict[asyncio.Queue[None], Viewer] = field(default_factory=dict)

    def here(self) -> set[int]:
        """The seats whose pages are open, at the table in play or at its end."""
        viewers = [*self.playing.values(), *self.at_end.values()]
        return {v.seat for v in viewers if v.seat is not None}

    def wake(self) -> None:
        for queue in [*self.playing, *self.at_end]:
            if queue.empty():
                queue.put_nowait(None)


@dataclass
class LiveTable:
    game_id: int
    table: Table
    web: JSON
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    gathering: Gathering = field(default_factory=Gathering)
    """Who has its pages open (the hub's, shared with the table rebuilt after a sweep)."""
    finished: bool = False
    touched: float = field(default_factory=time.monotonic)
    parts: dict[tuple[int | None, bool, bool], tuple[Any, ...]] = field(default_factory=dict)
    """Each viewer's part of a frame (``frames.seat_part``) and the table it was built
    from: the reply to a move and the pushes to that seat's pages share it."""
    reached: tuple[int, float | None] = (-1, None)
    """The version the table is at and when (``time.monotonic``) it reached it: seen by
    this process, or stored with the log's last event; None when not known (a log
    stored before the store kept the time)."""
    pace: float = CALL_PACE
    """Seconds a reading step takes here (the hub's ``pace``), told every page."""
    released: int = -1
    """The version whose hold a release is under way for (``Hub.hold``)."""

    @property
    def listeners(self) -> dict[asyncio.Queue[None], Viewer]:
        """The streams of the table in play (none past a finished table's last frame)."""
        return self.gathering.playing

    def mark(self) -> None:
        """Note the time a change (here or in another process) moved the table on."""
        if self.reached[0] != self.table.version:
            self.reached = (self.table.version, time.monotonic())

    def idle_for(self, now: float) -> float:
        """How long nobody has looked: 0 while a browser is connected or a change runs."""
        return 0.0 if self.listeners or self.lock.locked() else now - self.touched

    def viewer(self, token: str | None) -> Viewer:
        """The holder of ``token`` (none: a spectator); an unknown token is refused, and
        so is a spectator without the watch key at a private table."""
        watch_key = self.web.get("watch") or ""
        if not token:
            if watch_key:
                raise Forbidden("this table is private: open it with the link you were given")
            return Viewer(None)
        if watch_key and same_secret(token, watch_key):
            return Viewer(None)
        if same_secret(token, self.web.get("admin", "")):
            return Viewer(None, admin=True)
        for index, seat in enumerate(self.table.seats):
            if seat.token and same_secret(token, seat.token):
                return Viewer(index)
        raise Forbidden("that link belongs to no seat at this table")

    def here(self) -> set[int]:
        """The seats a frame says are here: whose pages are open (their event streams),
        at an ended table too: its streams stay open after the last frame (each page's
        final screen is told who comes and goes), so a player who closed his page after
        the end is not "here" (the seats whose pages were open at the end were, for
        good, when each stream ended with the last frame)."""
        return self.gathering.here()

    def may_roll(self, viewer: Viewer) -> bool:
        return viewer.admin or (viewer.seat is not None and viewer.seat == self.web.get("roller"))

    def frame_for(self, viewer: Viewer, log_from: int = 0) -> JSON:
        """The viewer's frame, its log from line ``log_from`` on (what the page lacks)."""
        table = self.table
        log_from = max(0, min(log_from, table.version))
        # built again when the table is not as it was: another version, another state
        # (the table rebuilt from its log) or other seats (a seat handed over)
        seats = tuple(table.seats)
        key = (viewer.seat, self.may_roll(viewer), viewer.admin)
        built = self.parts.get(key)
        if built is None or not (
            built[0] is table.state and built[1] == table.version and built[2] == seats
        ):
            part = seat_part(table, viewer.seat, key[1], viewer.admin)
            built = self.parts[key] = (table.state, table.version, seats, part)
        version, when = self.reached
        since = None if when is None or version != table.version else time.monotonic() - when
        # ``since``: seconds the table has stood at this version, by this server's clock
        # (a page times what it unfolds by it, so every screen agrees); None: not known
        shown = {
            **completed(built[3], table, self.here(), log_from),
            "since": since,
            "pace": self.pace,
        }
        if viewer.admin:  # the creator's page keeps the links to send on (a lost one)
            shown["links"] = table_links(self.game_id, table, self.web)
        return shown


class Hub:
    def __init__(
        self,
        store: Store,
        notifier: Notifier | None = None,
        idle_after: float = IDLE_AFTER,
        watch_every: float | None = WATCH_EVERY,
        pace: float = CALL_PACE,
    ) -> None:
        """``watch_every``: seconds between looks at the store for moves made elsewhere
        (None: never looked for; only a notifier's notices are heard). ``pace``: seconds
        a reading step takes (``CALL_PACE``; 0: a watched table is never held)."""
        self.store = store
        self.pace = pace
        self._releases: set[asyncio.Task[None]] = set()
        self.idle_after = idle_after
        self.watch_every = watch_every
        self._sweeper: asyncio.Task[None] | None = None
        self._watcher: asyncio.Task[None] | None = None
        self.notifier: Notifier = notifier or LocalNotifier()
        self.alone = isinstance(self.notifier, LocalNotifier)
        """No other server process writes these tables: a move need not look first
        (another writer, a terminal, is still caught by the log's unique key)."""
        self.tables: dict[int, LiveTable] = {}
        self.gatherings: dict[int, Gathering] = {}
        """Who has each table's pages open, by table (kept while any are, or while the
        table is live here)."""
        self._loading = asyncio.Lock()
        self.designs = Designs()
        """The designer's content this server offers (``serve --content``, ``--race``)."""
        self.lobby = LobbyWatch()
        """The lobby's list's version and the lobby pages it is pushed to."""

    async def start(self) -> None:
        await self.notifier.start(self.changed_elsewhere)
        self._sweeper = asyncio.create_task(self._sweeping())
        if self.watch_every is not None:
            self._watcher = asyncio.create_task(self._watching(self.watch_every))

    async def stop(self) -> None:
        for task in (self._sweeper, self._watcher, *self._releases):
            if task is not None:
                task.cancel()
        await self.notifier.stop()

    async def get(self, game_id: int) -> LiveTable:
        live = self.tables.get(game_id)
        if live is None:
            async with self._loading:
                if game_id not in self.tables:
                    loaded = await anyio.to_thread.run_sync(self._load, game_id)
                    loaded.gathering = self.gatherings.setdefault(game_id, loaded.gathering)
                    self.tables[game_id] = loaded
                live = self.tables[game_id]
        live.touched = time.monotonic()
        return live

    def sweep(self) -> list[int]:
        """Let go of the tables idle for ``idle_after`` seconds (a server keeps only the
        tables in play in memory); their ids."""
        now = time.monotonic()
        idle = [i for i, live in self.tables.items() if live.idle_for(now) >= self.idle_after]
        for game_id in idle:
            del self.tables[game_id]
            self._gone(game_id)
        return idle

    def _gone(self, game_id: int) -> None:
        """A table's gathering forgotten once nobody's page is open on it and the table
        is not live here."""
        gathering = self.gatherings.get(game_id)
        nobody = gathering is not None and not (gathering.playing or gathering.at_end)
        if nobody and game_id not in self.tables:
            del self.gatherings[game_id]

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(max(1.0, self.idle_after / 4))
            self.sweep()

    async def _watching(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.look_at_store()
            except HomestretchError as exc:  # the store out of reach for a moment: the
                log.warning("could not look for moves made elsewhere (%s)", exc)  # next look

    async def look_at_store(self) -> list[int]:
        """Bring up to date every watched table whose stored log is longer than the table
        here (a move made elsewhere that no notice told of), and push its pages their new
        frames, as after a move made here; the ids of the tables so moved on."""
        watched = [i for i, live in self.tables.items() if live.listeners and not live.finished]
        if not watched:
            return []
        stored = await anyio.to_thread.run_sync(self.store.versions, watched)
        moved = []
        for game_id in watched:
            live = self.tables.get(game_id)
            if live is None or stored.get(game_id, 0) <= live.table.version:
                continue  # up to date, or moved on here meanwhile
            try:
                await self.changed_elsewhere(game_id)
            except Exception:  # one table's trouble must not blind the process to the rest
                log.exception("bringing table %s up to date failed", game_id)
                continue
            moved.append(game_id)
        return moved

    async def looked_at(self, live: LiveTable) -> None:
        """A table about to be shown once (a page's one-off ``GET .../frame``) brought up
        to date first if nobody watches it here: the watch loop keeps only watched tables
        so (each second), and a move made at a terminal meanwhile would be missing. One
        store query; none for a watched or finished table, or a server that never looks."""
        if not live.listeners and not live.finished and self.watch_every is not None:
            await self._catch_up(live)

    async def _catch_up(self, live: LiveTable) -> None:
        """A table nobody here watched brought up to date with its stored log (a move
        made at a terminal meanwhile), so a page that opens it is drawn it at once."""
        try:
            stored = await anyio.to_thread.run_sync(self.store.versions, [live.game_id])
        except HomestretchError as exc:  # the next look tries again
            log.warning("could not look for moves made elsewhere (%s)", exc)
            return
        if stored.get(live.game_id, 0) > live.table.version:
            await self.changed_elsewhere(live.game_id)

    def _load(self, game_id: int) -> LiveTable:
        settings = self.store.settings(game_id)
        if settings is None or WEB not in settings:
            raise NotFound(f"there is no table {game_id} on this server")
        saved = self.store.load(game_id)
        table = rebuild(self.store, saved)
        finished = saved.status == "finished"
        began = None
        if saved.moved_at is not None:  # the store's wall clock on this process's clock
            began = time.monotonic() - max(0.0, time.time() - saved.moved_at)
        live = LiveTable(
            game_id, table, settings[WEB], finished=finished, reached=(table.version, began)
        )
        live.pace = self.pace
        return live

    def add(self, game_id: int, table: Table, web: JSON) -> LiveTable:
        live = LiveTable(
            game_id, table, web, gathering=self.gatherings.setdefault(game_id, Gathering())
        )
        live.pace = self.pace
        self.tables[game_id] = live
        return live

    async def open_table(self, request: JSON) -> JSON:
        """A new table as the lobby's ``request`` asks (the lobby's and the Stretch race
        builder's), played on until a person must act: its links."""
        table, game_id, web = create_table(self.store, request, self.designs)
        live = self.add(game_id, table, web)
        await self.change(live, table.advance, listed=True)  # a new table to list
        return links(game_id, table, web)

    def lobby_changed(self, live: LiveTable | None) -> None:
        """The lobby's list may read otherwise now (``live``: the table that changed;
        None: a table not live here, changed by another process): its pages are told,
        but not of a private table, which the list never shows."""
        if live is None or not live.web.get("private"):
            self.lobby.bump()

    async def change(
        self, live: LiveTable, work: Callable[[], T], seats: bool = False, listed: bool = False
    ) -> T:
        """Do ``work`` on the table under its lock (in a worker thread: the store and
        computer players take time), then save the end of a game and tell everyone.
        A move does not read the store first: the log's unique key refuses it if another
        process moved first (whose notice is still on its way), and the table is then
        brought up to date. ``seats``: a change of seats, which no key guards, so what
        other processes stored is taken first. ``listed``: the lobby's list reads
        otherwise whatever ``work`` does (a table opened)."""
        live.touched = time.monotonic()
        async with live.lock:
            if seats and not self.alone:
                await anyio.to_thread.run_sync(self._sync, live)
            before, ended = live.table.version, live.finished
            try:
                result = await anyio.to_thread.run_sync(lambda: self._work(live, work))
            except TableMovedOn:  # the table rebuilt from a log another writer moved on
                if live.table.version != before:  # (a terminal): the pages here see it
                    live.mark()
                    self.wake(live)
                raise
        # the pages here first: telling other processes is a round trip to PostgreSQL,
        # one at a time on the notifier's connection, and 200 tables' moves queued there
        self.wake(live)
        self.hold(live)
        # a table opened, a seat taken or freed, the game over: the lobby lists who sits
        # there, and no finished table (the other processes' lobbies told so too, and
        # only then: not of a move, nor of a private table, which no list shows)
        listed = listed or seats or live.finished != ended
        if listed:
            self.lobby_changed(live)
        await self.notifier.publish(live.game_id, listed and not live.web.get("private"))
        return result

    async def current(self, live: LiveTable, viewer: Viewer, log_from: int = 0) -> JSON:
        async with live.lock:
            return live.frame_for(viewer, log_from)

    def save_seats(
        self,
        live: LiveTable,
        before: dict[int, JSON],
        config: Callable[[JSON], JSON | None] | None = None,
    ) -> None:
        """The seats changed here saved, and only they: ``before``, each one's row as it
        was here before it changed (its index the key). Each is written, with whom it is
        kept for (``OPEN_FOR``), into the settings as the store holds them now, in one
        transaction (``Store.change_settings``): the other seats and the web settings as
        other processes stored them, not this process's old copy of them. A seat another
        process changed meanwhile (taken there) is not written over: nothing is saved,
        the table here takes what the store holds, and TableMovedOn says so.
        ``config``: the game's configuration changed in the same transaction (the name
        of a person who took a seat), from the one stored."""
        seats = live.table.seats

        def merged(stored: JSON) -> JSON:
            rows = list(stored.get("seats", []))
            for index, was in before.items():
                if index >= len(rows) or Seat.from_json(rows[index]).to_json() != was:
                    raise TableMovedOn(
                        f"seat {index + 1} at this table was changed on another page (taken, "
                        "or handed over) a moment ago, so this was not done: look again"
                    )
                rows[index] = seats[index].to_json()
            web = dict(stored.get(WEB, {}))
            here, there = live.web.get(OPEN_FOR), web.get(OPEN_FOR)
            if isinstance(here, dict) or isinstance(there, dict):
                kept = dict(there) if isinstance(there, dict) else {}
                for index in before:
                    if isinstance(here, dict) and str(index) in here:
                        kept[str(index)] = here[str(index)]
                    else:
                        kept.pop(str(index), None)
                web[OPEN_FOR] = kept
            return {**stored, "seats": rows, WEB: web}

        try:
            written = self.store.change_settings(live.game_id, merged, config)
        except TableMovedOn:
            self._sync(live)  # the seats as the store has them, not as changed here
            raise
        live.web.update(written[WEB])

    def hold(self, live: LiveTable) -> None:
        """A table whose run stopped for what it shows to be watched (``Table.held``: a
        race's call read out) moved on once it has been: ``held`` reading steps of
        ``pace`` seconds from when it got there (a table loaded mid-hold, a server
        restarted: only what is left, once a page watches it here). One release a
        version; one another process made first is refused by the log, and taken."""
        table = live.table
        steps = table.held()
        if not steps or live.released == table.version or not live.listeners:
            return
        live.released = version = table.version
        at, when = live.reached
        since = time.monotonic() - when if at == version and when is not None else 0.0
        wait = max(0.0, steps * self.pace - since)
        task = asyncio.create_task(self._release(live, version, wait))
        self._releases.add(task)
        task.add_done_callback(self._releases.discard)

    async def _release(self, live: LiveTable, version: int, wait: float) -> None:
        await asyncio.sleep(wait)
        if self.tables.get(live.game_id) is not live:
            return  # let go of meanwhile: held again when it is next watched

        def watched() -> None:
            if live.table.version == version:  # (not moved on meanwhile, elsewhere)
                live.table.advance(watched=True)

        try:
            await self.change(live, watched)
        except TableMovedOn:  # another process moved it on first: taken by now
            pass
        except HomestretchError as exc:
            log.warning("table %s could not move on after its call (%s)", live.game_id, exc)

    def _work(self, live: LiveTable, work: Callable[[], T]) -> T:
        # a run stops for what a table shows to be watched only while someone watches it
        live.table.watched = self.pace > 0 and bool(live.listeners)
        before = live.table.version
        try:
            result = work()
        except TableMovedOn:
            if not self.alone:  # another process stored a move first
                self._sync(live)
            raise
        except HomestretchError:
            # moves applied and not kept (a store out of room): the table as the store
            # has it, so the next move is made on what was kept, not past a gap
            if live.table.version != before:
                notes = live.table.notes
                live.table = rebuild(self.store, self.store.load(live.game_id))
                live.table.notes = notes
            raise
        live.mark()
        self._finish_if_over(live)
        return result

    def _sync(self, live: LiveTable) -> None:
        """Take the events and seats other processes stored."""
        table = live.table
        table.sync()
        settings = self.store.settings(live.game_id) or {}
        if OPEN_FOR in settings.get(WEB, {}):  # the seats made for someone, as they are
            live.web[OPEN_FOR] = settings[WEB][OPEN_FOR]  # now (one handed over elsewhere)
        reseated = False
        for index, data in enumerate(settings.get("seats", [])):
            if index < len(table.seats) and data != table.seats[index].to_json():
                table.replace_seat(index, Seat.from_json(data))
                reseated = True
        if reseated:  # a person who took a seat elsewhere may have renamed it in the game
            live.table = table.over_game(table.entry.make(self.store.load(live.game_id).config))
            live.table.notes = table.notes  # what its loading said, said on its pages still
        live.mark()

    def _finish_if_over(self, live: LiveTable) -> None:
        if live.table.state.is_over() and not live.finished:
            self.store.finish(live.game_id, summary(live.table.state.result()))
            live.finished = True

    async def changed_elsewhere(self, game_id: int, listed: bool | None = None) -> None:
        """A table another process changed (a notice), or moves found in the store;
        ``listed``: whether the lobby's list reads otherwise for it, as the process
        that changed it said (None: not said, so it may)."""
        live = self.tables.get(game_id)
        if live is None:  # not live here: it is rebuilt from the store when asked for;
            if listed is not False:  # a new table, say, or a seat taken, to list (not
                self.lobby_changed(None)  # a move: the list reads as it did)
            return
        async with live.lock:
            seats, ended = _names(live), live.finished
            await anyio.to_thread.run_sync(self._sync, live)
            live.finished = live.finished or live.table.state.is_over()
            listed_anew = _names(live) != seats or live.finished != ended
        self.wake(live)
        self.hold(live)
        if listed_anew:
            self.lobby_changed(live)

    def wake(self, live: LiveTable) -> None:
        live.gathering.wake()

    async def frames(self, live: LiveTable, viewer: Viewer) -> AsyncIterator[JSON | None]:
        """The viewer's frame now and after every change, the game over or not (a final
        screen is told who comes and goes); None after a quiet while (a keep-alive, so
        proxies keep the connection open). The
        first frame has the whole log, each after it only the lines added since, and
        again those from the first one sent redacted that the seat may read now (sealed
        picks closed): the page's log reads as a fresh page's would. A seat's stream
        ends with ``{"gone": ...}`` once its seat is handed over (a new link made).
        Past a finished table's last frame the stream holds nothing of the table (a
        final screen left open for days kept it in memory): the frame it sent, without
        its log, is sent again with who is here whenever that changes."""
        queue: asyncio.Queue[None] = asyncio.Queue()
        game_id, gathering = live.game_id, live.gathering
        if not (live.listeners or live.finished) and self.watch_every is not None:
            await self._catch_up(live)  # not watched until now: the store may be ahead
        gathering.wake()  # the others see this seat connected
        gathering.playing[queue] = viewer
        self.hold(live)  # a table loaded mid-hold (a server restarted) moves on in time
        sent, hidden_then, names = 0, set[str](), _names(live)
        holder = _holder(live, viewer)
        try:
            while True:
                async with live.lock:
                    if _holder(live, viewer) != holder:  # the seat handed over: its link
                        yield {"gone": SEAT_GONE}  # ends, and what the seat is shown
                        return  # from now on is the new holder's
                    state = live.table.state
                    hidden = state.hidden_from(viewer.seat)
                    seen_now = first_naming(state.events[:sent], hidden_then - hidden)
                    log_from = sent if seen_now is None else seen_now
                    if _names(live) != names:  # a guest took an open seat: the lines sent
                        log_from = 0  # name "Guest" where a fresh page's say "Dan"
                    current = live.frame_for(viewer, log_from)
                    names = _names(live)
                    over = live.finished
                sent, hidden_then = current["version"], hidden
                if over:
                    break
                yield current
                while not await _woken(queue):
                    yield None
            # the final screen: its last frame, then who comes and goes, told from that
            # frame; the table let go of first (swept as nobody's)
            final = FinalScreen.of(current)
            del gathering.playing[queue]
            gathering.at_end[queue] = viewer
            del live, state
            yield current
            del current
            while True:
                while not await _woken(queue):
                    yield None
                yield final.now(gathering.here())
        finally:
            gathering.playing.pop(queue, None)
            gathering.at_end.pop(queue, None)
            gathering.wake()
            self._gone(game_id)


class LobbyWatch:
    """The lobby's list's version, bumped whenever the list may read otherwise (a table
    listed, a seat taken or freed, a game over), and the lobby pages it is pushed to
    (each an event stream's queue): a page asks for the list again when the version it
    is told is not the one it drew. The version starts with this process's own mark, so
    a page that drew another process's list (a server restarted) asks again too."""

    def __init__(self) -> None:
        self.mark = uuid.uuid4().hex[:8]
        self.count = 0
        self.pages: set[asyncio.Queue[None]] = set()

    @property
    def version(self) -> str:
        return f"{self.mark}.{self.count}"

    def bump(self) -> None:
        self.count += 1
        for queue in self.pages:
            if queue.empty():
                queue.put_nowait(None)

    async def versions(self) -> AsyncIterator[str | None]:
        """The version now and after every bump (bumps close together told once, the
        last); None after a quiet while (a keep-alive, as a table's stream sends)."""
        queue: asyncio.Queue[None] = asyncio.Queue()
        self.pages.add(queue)
        try:
            while True:
                yield self.version
                while not await _woken(queue):
                    yield None
        finally:
            self.pages.discard(queue)


async def _woken(queue: asyncio.Queue[None]) -> bool:
    """Whether ``queue`` is woken within ``KEEP_ALIVE`` seconds (no: a quiet while, when
    a stream sends a keep-alive)."""
    try:
        await asyncio.wait_for(queue.get(), KEEP_ALIVE)
        return True
    except TimeoutError:
        return False


@dataclass(frozen=True)
class FinalScreen:
    """A finished table's last frame as a stream sent it, kept to send a final screen
    again who is here: without its log (sent already), and with the time the table
    ended on this server's clock (``time.monotonic``; None: not known), so ``since``
    stays true (a page times what it unfolds by it)."""

    shown: JSON
    ended: float | None

    @classmethod
    def of(cls, shown: JSON) -> FinalScreen:
        since = shown.get("since")
        ended = None if since is None else time.monotonic() - since
        return cls({**shown, "log_from": shown["version"], "log": []}, ended)

    def now(self, here: set[int]) -> JSON:
        seats = [{**seat, "connected": seat["seat"] in here} for seat in self.shown["seats"]]
        since = None if self.ended is None else time.monotonic() - self.ended
        return {**self.shown, "seats": seats, "since": since}


SEAT_GONE = (
    "This link no longer plays a seat at this table: its creator handed the seat over. "
    "Ask them for a new link."
)
"""What a seat's page is told when its seat is opened for someone else."""


def _names(live: LiveTable) -> tuple[str, ...]:
    """The seats' names as the log words them now."""
    return tuple(seat.name for seat in live.table.seats)


def _holder(live: LiveTable, viewer: Viewer) -> str:
    """The secret of the link a viewer's stream was opened with (a seat's token; "" for
    a spectator or the creator, whose links do not change)."""
    return "" if viewer.seat is None else live.table.seats[viewer.seat].token


def same_secret(given: str, secret: str) -> bool:
    """Compared in constant time, so response times give no hint of a token (a lone
    surrogate, which JSON may hold, is compared as its bytes rather than refused)."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), secret.encode())


def summary(result: Any) -> str:
    """A one-line summary of a finished game for ``homestretch history``."""
    text = json.dumps(result, sort_keys=True)
    return text if len(text) <= 200 else text[:197] + "..."
