"""Top of the Stretch's own pages on the table server: the race builder, and each
horse's chances for a table's race.

The builder searches the card set, checks a race by the rules `stretch new` uses, and
opens a table on it whose seats are the players who bet on it. Chances are worked out
in a worker thread, never on the event loop: Quickplay's proven brackets at once and
its exact figures when they are ready (one exact sum at a time, kept in the exact
cache), Fullplay's simulated figures once per race.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from functools import cache
from typing import Any

import anyio.to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.games.stretch.content.card_set import CardSet, load_card_set
from homestretch.games.stretch.content.conditions import CONDITIONS
from homestretch.games.stretch.rules.engine import RaceGame
from homestretch.store.db import Store
from homestretch.web import pages
from homestretch.web.hub import Hub

LISTED = 40
"""Cards listed for one search (type more to narrow it)."""
MAX_QUERY = 60
MAX_PLAYERS = 8


class Chances:
    """Figures worked out per race (by the race's and charts' JSON), shared by every
    table and page on it; exact sums run one at a time in the background."""

    def __init__(self) -> None:
        self.found: dict[str, JSON] = {}
        self.early: dict[str, JSON] = {}
        """Quickplay's proven brackets, shown while the exact sums run."""
        self.running: dict[str, asyncio.Task[None]] = {}
        self.one_at_a_time = asyncio.Semaphore(1)

    async def of(self, game: RaceGame) -> JSON:
        from homestretch.games.stretch.analysis import chances

        key = _race_key(game)
        if key in self.found:
            return self.found[key]
        race, charts = game.race, game.charts
        if game.mode == "full":
            self._start(key, lambda: chances.simulated(race, charts))
            return {"method": "pending", "says": "simulating Fullplay races", "entries": []}
        kept = await anyio.to_thread.run_sync(lambda: chances.kept_exact(race, charts))
        if kept is not None:
            self.found[key] = kept
            return kept
        if key not in self.early:
            bounds = await anyio.to_thread.run_sync(
                lambda: chances.quick_bounds(race, charts, coming=True)
            )
            self.early[key] = {**bounds, "pending": True}
        self._start(key, lambda: chances.exact(race, charts))
        return self.early[key]

    def _start(self, key: str, work: Any) -> None:
        if key in self.running:
            return

        async def run() -> None:
            async with self.one_at_a_time:
                try:
                    self.found[key] = await anyio.to_thread.run_sync(work)
                except Exception as exc:  # a background task: say so, or pages ask forever
                    said = f"the figures could not be worked out ({type(exc).__name__}: {exc})"
                    self.found[key] = {"method": "unavailable", "says": said, "entries": []}
            self.early.pop(key, None)

        self.running[key] = asyncio.create_task(run())


@cache
def _standard_cards() -> CardSet:
    return load_card_set()


def _race_key(game: RaceGame) -> str:
    config = {**game.config(), "players": 0}
    for key in ("names", "bankroll", "takeout", "breakage", "odds", "lone_bettor"):
        config.pop(key, None)
    return hashlib.sha256(json.dumps(config, sort_keys=True).encode()).hexdigest()


def _own_race(name: str, text: str) -> JSON:
    """A race file sent by the builder page, read from a folder of its own under its own
    file name (so a refusal names the file as the player knows it, not the folder)."""
    import tempfile
    from pathlib import Path

    from homestretch.games.stretch.content.builder import sample_json
    from homestretch.games.stretch.content.race import load_race

    stem = Path(name.replace("\\", "/")).name.removesuffix(".toml").strip()
    stem = "".join(c if c.isalnum() or c in "-_ ." else "_" for c in stem)[:80] or "race"
    with tempfile.TemporaryDirectory(prefix="homestretch-race-") as folder:
        path = Path(folder) / f"{stem}.toml"
        path.write_text(text, encoding="utf-8")
        try:
            race = load_race(path)
            found = sample_json(path)
        except HomestretchError as exc:
            raise HomestretchError(str(exc).replace(f"{folder}/", "")) from None
    return {**found, "warnings": preset_warnings(path.name, race)}


def preset_warnings(file: str, race: Any) -> list[JSON]:
    """Each entry whose preset ``apr`` lies 3 points or more from its horse's own card
    (ruling S24), as `stretch run` warns of it on stderr: the entry's post and the words."""
    from homestretch.games.stretch.content.race_plain import presets_far_off

    return [
        {
            "post": runner.post,
            "words": f"warning: {file}, entry {runner.post} ({runner.horse.name}): its preset "
            f"apr = {runner.start_apr} is {abs(own - runner.start_apr)} points from the "
            f"{own} its card gives; the race runs on {runner.start_apr}, as written (a "
            "preset apr is kept whatever horse the entry names: drop the line to use the "
            "card's)",
        }
        for runner, own in presets_far_off(race)
    ]


PASTED_RACE = "the race in the settings as JSON"
"""What a warning names a race given whole in the lobby's configuration (no file)."""


def opening_warnings(game: Any) -> list[str]:
    """What a table opened on ``game`` from the lobby is warned of, in the terminal's
    words: a Top of the Stretch race's presets far from their horses' cards (ruling S24),
    a race pasted into the settings as JSON being run as written like a race file. Other
    games: nothing."""
    if not isinstance(game, RaceGame):
        return []
    return [warning["words"] for warning in preset_warnings(PASTED_RACE, game.race)]


def _players(data: Any) -> list[JSON]:
    """The seats as the builder sends them: people by name, open seats for the
    invitation, computer bettors of a kind."""
    if not isinstance(data, list) or len(data) > MAX_PLAYERS:
        raise HomestretchError(f"players: a list of at most {MAX_PLAYERS}")
    return data


def router(store: Store, hub: Hub, cards: CardSet | None = None) -> APIRouter:
    """The routes; ``cards``: the card set the builder searches and builds from (a race
    keeps its runners' cards, so its table replays on any server)."""
    routes = APIRouter()

    def card_set() -> CardSet:
        return cards or _standard_cards()

    chances = Chances()

    @routes.get("/stretch/new", response_class=HTMLResponse)
    async def builder_page() -> str:
        return pages.stretch_builder(sorted(CONDITIONS))

    @routes.get("/api/stretch/horses")
    async def horses(q: str = "") -> list[JSON]:
        from homestretch.games.stretch.content.builder import horse_json

        return [horse_json(h) for h in card_set().search(q[:MAX_QUERY].strip())[:LISTED]]

    @routes.get("/api/stretch/samples")
    async def samples() -> list[JSON]:
        """The bundled races (`homestretch stretch races`) to start a race from."""
        from homestretch.games.stretch.content.builder import sample_json
        from homestretch.games.stretch.content.race import bundled_races

        return [sample_json(path) for path in bundled_races()]

    @routes.post("/api/stretch/race-file")
    async def race_file(request: Request) -> JSON:
        """A race file of the player's own, read as `stretch run` reads one (its
        horses from the standard cards or its own inline ones): the race as the builder
        starts from it, and ruling S24's warnings, in the terminal's words."""
        from homestretch.web.app import body_json

        data = await body_json(request)
        name, text = data.get("file"), data.get("text")
        if not isinstance(name, str) or not isinstance(text, str):
            raise HomestretchError("a race file: its name (file) and what it holds (text)")
        return await anyio.to_thread.run_sync(lambda: _own_race(name, text))

    @routes.get("/api/stretch/jockeys")
    async def jockeys(q: str = "") -> list[JSON]:
        from homestretch.games.stretch.content.builder import jockey_json, search_jockeys

        return [jockey_json(j) for j in search_jockeys(card_set(), q[:MAX_QUERY].strip())]

    @routes.post("/api/stretch/races")
    async def open_race(request: Request) -> JSON:
        """Build the race, check it, and open a table on it (seeded dice)."""
        from homestretch.games.stretch import ENTRY
        from homestretch.games.stretch.content.builder import race_from_picks
        from homestretch.games.stretch.rules.betting import LONE_BETTOR, ToteRules
        from homestretch.web.app import body_json

        data = await body_json(request)
        race = race_from_picks(data.get("race"), card_set())
        mode = data.get("mode", "quick")
        if mode not in ("quick", "full"):
            raise HomestretchError(f"mode: quick or full, not {mode!r}")
        seats = _players(data.get("players", []))
        names = tuple(f"Player {i}" for i in range(1, len(seats) + 1))
        bankroll = data.get("bankroll", 100)
        if not isinstance(bankroll, int) or isinstance(bankroll, bool):
            raise HomestretchError("bankroll: a whole number of dollars")
        sealed = data.get("sealed", False)
        if not isinstance(sealed, bool):
            raise HomestretchError(f"sealed: true or false, not {sealed!r}")
        lone = data.get("lone_bettor", "house")  # who pays a player alone (ruling S29)
        if lone not in LONE_BETTOR:
            raise HomestretchError(f"lone_bettor: house or tote, not {lone!r}")
        tote = ToteRules(names, bankroll=bankroll, sealed=sealed, lone_bettor=lone)
        game = RaceGame(race, mode, tote=tote)
        config = game.config()
        del config["names"]  # the seats' names are written in when the table opens
        request_json = {
            "game": ENTRY.name,
            "config": config,
            "seats": seats,
            "private": bool(data.get("private", False)),
            "invitation_watches": data.get("invitation_watches", True),
        }
        return await hub.open_table(request_json)

    @routes.get("/api/stretch/tables/{game_id}/chances")
    async def table_chances(game_id: int, token: str | None = None) -> JSON:
        live = await hub.get(game_id)
        live.viewer(token)  # a private table's chances need one of its links
        game = live.table.game
        if not isinstance(game, RaceGame):
            raise HomestretchError(f"table {game_id} is not a Top of the Stretch race")
        return await chances.of(game)

    return routes
