"""The HTTP server: the lobby, seat links, pushed frames, spectators, replays, verifying.

Every refusal is a 4xx with one line (``{"error": ...}``) and changes nothing. A seat
is the holder of its secret token; no token is a spectator; the creator's admin token
hands seats to computer players and types asked dice.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import anyio.to_thread
from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from homestretch.core import registry
from homestretch.core.errors import HomestretchError, TableMovedOn
from homestretch.core.how_to_play import how_to_play as guide_text
from homestretch.core.how_to_play import known as guide_known
from homestretch.core.inputs import NESTING, is_whole, nesting
from homestretch.core.protocol import JSON
from homestretch.games.stretch.content.card_set import CardSet
from homestretch.session.seats import open_seat
from homestretch.session.table import Table
from homestretch.store.db import Store
from homestretch.web import hub as hub_module
from homestretch.web import pages
from homestretch.web.designs import Designs, designed_title
from homestretch.web.forms import FieldError
from homestretch.web.hub import (
    CALL_PACE,
    Forbidden,
    Hub,
    LiveTable,
    NotFound,
    Viewer,
    same_secret,
)
from homestretch.web.lobby import (
    games_with,
    invitation_watch_link,
    kept_alone,
    kept_for,
    names_listed,
    not_kept,
    public_tables,
    renamed,
    seat_name,
)
from homestretch.web.notify import Notifier
from homestretch.web.replays import replay_frame
from homestretch.web.verify import verify_table

log = logging.getLogger(__name__)

MAX_BODY = 16 * 1024
"""The largest request body taken (an action or a table's configuration is far less)."""
MAX_TABLE_BODY = 1024 * 1024
"""The largest request to open a table: it may bring a designer's files (``upload``: a
Totopoly content folder's, up to ``designs.MOST_UPLOADED``, escaped in JSON); the rest
of it is held to ``MAX_BODY``."""


class TooLarge(HomestretchError):
    """HTTP 413."""


class Stale(HomestretchError):
    """HTTP 409, with the current frame."""

    def __init__(self, reason: str, frame: JSON) -> None:
        super().__init__(reason)
        self.frame = frame


def refusal(status: int, reason: str, **more: Any) -> JSONResponse:
    return JSONResponse({"error": reason.splitlines()[0] if reason else "refused", **more}, status)


GO_ON = re.compile(r"make room, then go on with `homestretch resume \d+[^`]*`$")
"""The end of the store's words for a write that found no room: the terminal's way on."""
GO_ON_HERE = (
    "your move was not kept: once whoever runs this server has made room on its disk, "
    "make it again on this page"
)
"""The web player's way on (a seat's page plays on once there is room: no ``resume``)."""


THE_STORE = "the server's game store"
"""What a page calls the store in a refusal that named its file or address."""


def for_the_web(reason: str, where: str = "") -> str:
    """A refusal's words as a page says them: what a web player can do, and without
    where the server keeps its games (``where``: the store's file, or its database's
    address), which is nothing to a player and no business of anyone the server serves
    (the server's log keeps the whole line)."""
    said = GO_ON.sub(GO_ON_HERE, reason)
    if not where or where not in said:
        return said
    return said.removeprefix(f"{where}: ").replace(where, THE_STORE)


def refused_page(request: Request, status: int, reason: str) -> Response:
    """A refusal to a browser opening a table's page (a seat link handed over, a table not
    there): a page saying why, with the way to the lobby; to anything else, the one line
    in JSON."""
    asked_page = request.url.path.startswith("/t/")
    if asked_page and "text/html" in request.headers.get("accept", ""):
        line = reason.splitlines()[0] if reason else "refused"
        return HTMLResponse(pages.refused(line), status)
    return refusal(status, reason)


async def body_json(request: Request, most: int = MAX_BODY) -> JSON:
    size = request.headers.get("content-length")
    if size is not None and is_whole(size) and int(size) > most:
        raise TooLarge(f"the request is over {most // 1024} KiB")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise TooLarge(f"the request is over {most // 1024} KiB")
    if nesting(body.decode("latin-1")) > NESTING:  # json.loads would exhaust the stack
        raise HomestretchError(f"the request is nested more than {NESTING} levels deep")
    try:
        data = json.loads(body)
    except ValueError:
        raise HomestretchError("the request is not JSON") from None
    if not isinstance(data, dict):
        raise HomestretchError("the request must be a JSON object")
    return data


def create_app(
    store: Store,
    notifier: Notifier | None = None,
    stretch_cards: CardSet | None = None,
    designs: Designs | None = None,
    call_pace: float = CALL_PACE,
) -> FastAPI:
    """The server's app; ``stretch_cards``: the card set Top of the Stretch's race builder
    searches (default: the standard set); ``designs``: the designer's content offered in
    the lobby beside the bundled (``serve --content``, ``--race``); ``call_pace``:
    seconds each part of a race's call is read for (``serve --call-pace``)."""
    hub = Hub(store, notifier, pace=call_pace)
    hub.designs = designs or Designs()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(title="homestretch", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.mount("/static", StaticFiles(packages=[("homestretch.web", "static")]), name="static")

    @app.exception_handler(HomestretchError)
    async def one_line(request: Request, exc: HomestretchError) -> Response:
        if isinstance(exc, Stale):
            return refusal(409, str(exc), frame=exc.frame)
        status = {NotFound: 404, Forbidden: 403, TooLarge: 413}.get(type(exc), 400)
        if isinstance(exc, FieldError):  # the lobby's form shows it by the field it names
            return refusal(status, str(exc), field=exc.field)
        said = str(exc)
        where = str(store.path)
        if where in said:  # the store's trouble (out of room): its whole line in the log
            log.warning("%s", said)
        return refused_page(request, status, for_the_web(said, where))

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(request: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0]
        where = " ".join(str(part) for part in first.get("loc", ()))
        return refused_page(request, 400, f"{where}: {first.get('msg', 'not valid')}")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        return refused_page(request, exc.status_code, str(exc.detail))

    # --- the lobby ----------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> str:
        version = hub.lobby.version  # before the list: a change after it is told again
        return pages.lobby(public_tables(store), games_with(hub.designs), version)

    @app.get("/api/lobby/events")
    async def lobby_events() -> StreamingResponse:
        """The lobby's list's version, pushed whenever it changes (the page asks for
        the list again then): a table opened, a seat taken or freed, a game over."""

        async def stream() -> AsyncIterator[str]:
            every = hub_module.KEEP_ALIVE
            async for version in hub.lobby.versions():
                if version is None:
                    yield f"event: alive\ndata: {json.dumps({'every': every})}\n\n"
                else:
                    yield f"event: lobby\ndata: {json.dumps({'version': version, 'every': every})}\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    # --- each game's "How to play" (core/how_to_play.py), a page a phone reads ----------
    @app.get("/how-to-play", response_class=HTMLResponse)
    async def how_to_play_index() -> str:
        return pages.guides(_guides())

    @app.get("/how-to-play/{game}", response_class=HTMLResponse)
    async def how_to_play(game: str, from_: str = Query("", alias="from")) -> Response:
        guides = _guides()
        if game not in guides:
            return HTMLResponse(pages.no_guide(game, guides), 404)
        others = {name: title for name, title in guides.items() if name != game}
        text = guide_text(game)
        return HTMLResponse(pages.how_to_play(game, text, others, from_ == "table"))

    @app.get("/api/games")
    async def games() -> list[JSON]:
        return games_with(hub.designs)

    @app.get("/api/tables")
    async def tables() -> list[JSON]:
        return public_tables(store)

    @app.post("/api/tables")
    async def open_table(request: Request) -> JSON:
        """A table as the lobby's form asks; its links, and ``warnings``: what the table
        opened with that the terminal would warn of (a race's preset far off, S24)."""
        from homestretch.web.stretch import opening_warnings

        asked = await body_json(request, MAX_TABLE_BODY)
        if len(json.dumps({**asked, "upload": None})) > MAX_BODY:  # its files aside, as any
            raise TooLarge(f"the request is over {MAX_BODY // 1024} KiB besides its uploaded files")
        links = await hub.open_table(asked)
        game = hub.tables[links["id"]].table.game
        return {**links, "warnings": opening_warnings(game)}

    # --- a table ------------------------------------------------------------------------
    # a frame is sent as it is (JSONResponse): it is JSON already, and FastAPI would
    # otherwise check and convert it once more, a good part of a move's time
    @app.get("/api/tables/{game_id}/frame")
    async def current_frame(game_id: int, token: str | None = None) -> JSONResponse:
        live = await hub.get(game_id)
        viewer = live.viewer(token)
        await hub.looked_at(live)  # a table nobody watches may be behind a terminal's move
        return JSONResponse(await hub.current(live, viewer))

    @app.post("/api/tables/{game_id}/moves")
    async def move(game_id: int, request: Request) -> JSONResponse:
        live = await hub.get(game_id)
        data = await body_json(request)
        viewer = live.viewer(_text(data.get("token")))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise HomestretchError("say which version of the table you saw (a whole number)")
        try:
            if "roll" in data:
                made = await hub.change(live, lambda: _roll(live, viewer, data["roll"], version))
            else:
                made = await hub.change(
                    live, lambda: _submit(live, viewer, data.get("action"), version)
                )
        except TableMovedOn:  # another process stored a move first: its moves are here
            async with live.lock:  # now, said as any stale move's (who moved first)
                reason = _stale_reason(live.table, viewer.seat, version)
                now = live.frame_for(viewer)
            raise Stale(reason, now) from None
        # the version the move (and what it set off) made: the new frame is pushed to
        # every page of the table, this one's too, so it is not built again here;
        # ``again``: the table took this move alone and waits for the seat still (a bet,
        # the window open), so the page may take its next tap before that frame comes
        return JSONResponse({"version": made.version, "again": made.again})

    @app.post("/api/tables/{game_id}/join")
    async def join(game_id: int, request: Request) -> JSON:
        """Take an open seat with the invitation."""
        live = await hub.get(game_id)
        data = await body_json(request)
        if not same_secret(_text(data.get("invite")), live.web["invite"]):
            raise Forbidden("that invitation is not for this table")
        name = seat_name(data.get("name"), "join")
        if not name:
            raise HomestretchError("give a name of 1 to 40 characters")
        taken = await hub.change(live, lambda: _take_open_seat(hub, live, name), seats=True)
        return {"seat": taken, "link": f"/t/{game_id}/seat/{live.table.seats[taken].token}"}

    @app.post("/api/tables/{game_id}/seats/{seat}")
    async def hand_over(game_id: int, seat: int, request: Request) -> JSON:
        """The creator hands a seat to a computer player (``bot``) or opens it."""
        live = await hub.get(game_id)
        data = await body_json(request)
        if not live.viewer(_text(data.get("token"))).admin:
            raise Forbidden("only the table's creator may change its seats")
        await hub.change(live, lambda: _hand_over(hub, live, seat, data.get("bot")), seats=True)
        return await hub.current(live, Viewer(None, admin=True))

    @app.get("/api/tables/{game_id}/events")
    async def events(game_id: int, token: str | None = None) -> StreamingResponse:
        live = await hub.get(game_id)
        viewer = live.viewer(token)

        async def stream() -> AsyncIterator[str]:
            async for frame in hub.frames(live, viewer):
                if frame is None:  # an event the page sees (a comment it would not): its
                    # timer then knows the stream alive, and how often to expect one
                    yield f"event: alive\ndata: {json.dumps({'every': hub_module.KEEP_ALIVE})}\n\n"
                elif "gone" in frame:  # the link's seat handed over: the page says so
                    yield f"event: gone\ndata: {json.dumps(frame)}\n\n"
                else:
                    yield f"event: frame\ndata: {json.dumps(frame)}\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    @app.get("/api/tables/{game_id}/verify")
    async def verify(game_id: int, token: str | None = None) -> JSON:
        (await hub.get(game_id)).viewer(token)  # a private table's check needs a link
        return await anyio.to_thread.run_sync(verify_table, store, game_id)

    @app.get("/api/tables/{game_id}/replay")
    async def replay(
        game_id: int, at: int = 0, seat: int | None = None, token: str | None = None
    ) -> JSON:
        _may_replay(await hub.get(game_id), token)  # a private table's needs a link
        return await anyio.to_thread.run_sync(replay_frame, store, game_id, at, seat)

    # --- pages --------------------------------------------------------------------------
    @app.get("/t/{game_id}/seat/{token}", response_class=HTMLResponse)
    async def seat_page(game_id: int, token: str) -> str:
        live = await hub.get(game_id)
        viewer = live.viewer(token)
        if viewer.seat is None:
            raise Forbidden("that link belongs to no seat at this table")
        return pages.table(game_id, "seat", token, _title(live), live.table.entry.name)

    @app.get("/t/{game_id}/watch", response_class=HTMLResponse)
    async def watch_page(game_id: int) -> str:
        live = await hub.get(game_id)
        live.viewer(None)  # a private table is watched with its key
        return pages.table(game_id, "watch", "", _title(live), live.table.entry.name)

    @app.get("/t/{game_id}/watch/{key}", response_class=HTMLResponse)
    async def private_watch_page(game_id: int, key: str) -> str:
        live = await hub.get(game_id)
        if live.viewer(key).seat is not None:
            raise Forbidden("that is a seat's link, not the watch link")
        return pages.table(game_id, "watch", key, _title(live), live.table.entry.name)

    @app.get("/t/{game_id}/admin/{token}", response_class=HTMLResponse)
    async def admin_page(game_id: int, token: str) -> str:
        live = await hub.get(game_id)
        if not live.viewer(token).admin:
            raise Forbidden("that is not this table's creator link")
        return pages.table(game_id, "admin", token, _title(live), live.table.entry.name)

    @app.get("/t/{game_id}/join/{invite}", response_class=HTMLResponse)
    async def join_page(game_id: int, invite: str) -> str:
        live = await hub.get(game_id)
        if not same_secret(invite, live.web["invite"]):
            raise Forbidden("that invitation is not for this table")
        watch = invitation_watch_link(game_id, live.web)  # the opener's choice
        if live.table.state.is_over():  # replayed with the watch key the invitation
            key = live.web.get("watch") or ""  # showed, else with the invitation itself
            return pages.over(game_id, _title(live), watch, key if watch else invite)
        if all(seat.kind != "open" for seat in live.table.seats):
            return pages.full(game_id, _title(live), watch)
        kept = kept_alone(live.web, live.table.seats)  # said before a name is typed
        return pages.join(game_id, invite, _title(live), watch, kept)

    @app.get("/t/{game_id}/replay", response_class=HTMLResponse)
    async def replay_page(game_id: int, seat: int | None = None, token: str = "") -> str:
        live = await hub.get(game_id)
        _may_replay(live, token)  # a private table is replayed with one of its links
        return pages.replay(game_id, seat, _title(live), live.table.entry.name, token)

    from homestretch.web.stretch import router as stretch_routes

    app.include_router(stretch_routes(store, hub, stretch_cards))  # Top of the Stretch's pages

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)

    return app


def _guides() -> dict[str, str]:
    """Every game that has a "How to play", its title by name (the lobby's order)."""
    return {
        name: entry.title for name, entry in sorted(registry.entries().items()) if guide_known(name)
    }


def _title(live: LiveTable) -> str:
    """What the table's pages are headed: its game as configured (Totopoly's short game),
    and the designer's content it plays, if any (and whether that changed since)."""
    return designed_title(live.table.entry.titled(live.table.game.config()), live.web)


def _may_replay(live: LiveTable, token: str | None) -> None:
    """Refused unless ``token`` opens the table's replay: any of its links, and once the
    game is over its invitation too, which admitted its holder to the table (the opener
    may keep the watch link to themselves while the game runs, not the finished game)."""
    over = live.table.state.is_over()
    if not (token and over and same_secret(token, live.web["invite"])):
        live.viewer(token)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class Made:
    """What a move made: the table's version after it (and all it set off), and whether
    the table took that move alone and still waits for the same seat."""

    version: int
    again: bool = False


def _submit(live: LiveTable, viewer: Viewer, action_json: Any, version: int) -> Made:
    """A person's move: refused if the page was stale (unless it still stands: moves
    made at once, ``Table.still_stands``), if it is not their seat's turn, or if the rules
    refuse it; what it made."""
    table = live.table
    seat = viewer.seat
    if seat is None:
        raise Forbidden("a spectator cannot move; open your seat's link")
    if version != table.version:
        if not _stands(table, seat, action_json, version):
            raise Stale(_stale_reason(table, seat, version), live.frame_for(viewer))
        version = table.version  # made now, as if sent a moment later
    if table.is_computer(seat):
        raise Forbidden(f"seat {seat} ({table.seats[seat].name}) is played by the computer now")
    if not isinstance(action_json, dict):
        raise HomestretchError("the action must be a JSON object with its kind")
    try:
        action = table.game.codec.from_json(action_json)
        # out of turn only if the rules allow it (Derby Cast: a pick changed before picks
        # close, the keeper closing picks early; tests/web/test_out_of_turn.py)
        # (an Across dealing, made any time, is refused in the rules' words: "you can lend
        # 1 to 40 fifties", not "it is not Bob's turn")
        if seat not in table.waiting().seats and (reason := table.state.why_illegal(seat, action)):
            raise Forbidden(
                reason if action.any_time else f"it is not {table.seats[seat].name}'s turn"
            )
        table.submit(seat, action, version)
        again = table.version == version + 1 and seat in table.waiting().seats
        return Made(table.version, again)
    except HomestretchError:
        raise
    except (TypeError, ValueError, KeyError) as exc:
        raise HomestretchError(f"not an action of {table.entry.name} here ({exc})") from None


def _stands(table: Table, seat: int, action_json: Any, seen: int) -> bool:
    """Whether a move sent at ``seen`` is made although the table moved on since."""
    if not isinstance(action_json, dict):
        return False
    try:
        action = table.game.codec.from_json(action_json)
    except (HomestretchError, TypeError, ValueError, KeyError):
        return False
    return table.still_stands(seat, action, seen)


def _stale_reason(table: Table, seat: int | None, seen: int) -> str:
    """A move refused as stale, in plain words: who moved first and what they did (or
    that the dice rolled), and that the move was not made: one sentence, as a board shows
    it alone."""
    first = "The table moved on"
    if 0 <= seen < table.version:
        entries = table.log_for(seat, since=seen)
        said = []
        for entry in entries[:2]:
            if "player" not in entry:
                said.append(str(entry.get("chance") or "the dice rolled"))
                continue
            name = table.seats[entry["player"]].name if entry["player"] < len(table.seats) else ""
            if entry["player"] == seat:  # the same seat, a second tab or another phone
                name += ", on another page or device,"
            said.append(f"{name} {entry.get('words') or 'moved'}".strip())
        more = f" and {len(entries) - 2} more" if len(entries) > 2 else ""
        first += f" before your move reached it ({'; '.join(said)}{more})"
    return f"{first}, so yours was not made: look again and make it again if you still want it."


def _roll(live: LiveTable, viewer: Viewer, faces: Any, version: int) -> Made:
    if not live.may_roll(viewer):
        raise Forbidden("the dice at this table are typed by someone else")
    if not isinstance(faces, list) or not all(isinstance(f, int) for f in faces):
        raise HomestretchError("a roll is a list of faces, such as [3, 5]")
    if version != live.table.version:
        raise Stale(_stale_reason(live.table, viewer.seat, version), live.frame_for(viewer))
    live.table.roll(faces, version)
    return Made(live.table.version)


def same_name(a: str, b: str) -> bool:
    """Two names the same as a person reads them: case and outer spaces aside."""
    return a.strip().casefold() == b.strip().casefold()


def _take_open_seat(hub: Hub, live: LiveTable, name: str) -> int:
    """The open seat made for ``name`` (the creator named it so), else the first open
    seat made for nobody by name, given to ``name``, who is then called so in the game's
    views too (where the game carries the seat's name). The one invitation goes to
    everyone: Dan, for whom the creator opened seat 3 as "Dan", sits there whoever took
    seat 2 before him, and Eve, for whom no seat was made, takes seat 2, not Dan's.
    With only seats made for others left, she is told whom they are kept for (a name
    mistyped by the creator, or by the guest, is put right by joining under it)."""
    table = live.table
    if table.state.is_over():
        raise HomestretchError("this game is over: watch it or replay it instead")
    open_seats = [i for i, s in enumerate(table.seats) if s.kind == "open"]
    if not open_seats:
        raise HomestretchError("every seat at this table is taken")
    if any(s.kind != "open" and same_name(s.name, name) for s in table.seats):
        raise HomestretchError(  # a second tap on the invitation: not a second seat
            f"{name} already sits at this table: if that is you, go back to your seat "
            "(the invitation leads to it on the phone you joined from); if not, give "
            "another name"
        )
    kept = {i: kept_for(live.web, i, table.seats[i]) for i in open_seats}
    mine = [i for i in open_seats if same_name(table.seats[i].name, name)]
    anyones = [i for i in open_seats if kept[i] is None]
    if not (mine or anyones):
        listed = names_listed([str(kept[i]) for i in open_seats])
        raise HomestretchError(
            f"the open seats at this table are kept for {listed}: if you are one of them, "
            "join under that name; if not, ask whoever sent you the invitation"
        )
    seat = (mine or anyones)[0]
    entry, old = table.entry, table.seats[seat].name
    game = renamed(entry, table.game, seat, old, name)
    before = {seat: table.seats[seat].to_json()}
    table.replace_seat(seat, table.seats[seat].taken_by(name))

    def config(stored: JSON) -> JSON | None:  # the name put in the game as it is stored
        try:
            again = renamed(entry, entry.make(stored), seat, old, name)
        except (HomestretchError, ValueError, TypeError, KeyError):
            return None
        return None if again is None else again.config()

    hub.save_seats(live, before, config if game is not None else None)
    if game is not None:
        live.table = table = table.over_game(game)
    table.advance()
    return seat


def _hand_over(hub: Hub, live: LiveTable, seat: int, bot: Any) -> None:
    table = live.table
    if table.state.is_over():  # (a final screen's stream no longer looks at the seats)
        raise HomestretchError("this game is over: its seats play no more")
    current = table.seat(seat)
    before = {seat: current.to_json()}
    not_kept(live.web, seat)  # the opener's to give now, not Dan's (saved with the seats)
    if bot == "open":
        table.replace_seat(seat, open_seat(current.name))  # a new token: the old link stops
    else:
        if not isinstance(bot, str) or not bot:
            raise HomestretchError('say which computer player takes the seat, or "open"')
        table.replace_seat(seat, current.handed_to_bot(bot))
    hub.save_seats(live, before)
    table.advance()
