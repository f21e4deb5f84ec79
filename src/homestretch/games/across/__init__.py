"""Across the Board (MPH): auction eleven horses, bet through the MPH totalizator and run
eight races on one of four tracks. See docs/across.md and docs/rulings.md (Across the Board)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.protocol import JSON, Game, State
from homestretch.core.referee import Agent
from homestretch.core.registry import GameEntry

if TYPE_CHECKING:  # pydantic is loaded when the lobby asks
    from homestretch.core.settings import Settings

# the rules are imported when a game is made, so the registry (and `homestretch --help`)
# stays quick


def _make(config: JSON) -> Game:
    from homestretch.games.across.rules.game import AcrossGame

    return AcrossGame.from_config(config)


def _harness_configs() -> list[JSON]:
    tracks = ["churchill-downs", "epsom-downs", "longchamp", "woodbine"]
    configs: list[JSON] = []
    for players in range(3, 8):
        configs.append(
            {
                "players": players,
                "tracks": [tracks[players % 4]] if players != 5 else [],
                "daily_double": players % 2 == 1,
                "payoff": "across" if players == 4 else "exclusive",
                "rotation": "right" if players == 6 else "left",
                "debts": "ignore" if players == 7 else "settle",
                "meets": 2 if players == 3 else 1,
                # a new table's order (R27) and, left out, a saved game's (R17)
                **({"betting_order": "rotate"} if players in (4, 6) else {}),
            }
        )
    return configs


def _content_dir(game: Game) -> str | None:
    content_dir = getattr(game, "content_dir", None)
    return content_dir if isinstance(content_dir, str) else None


def _sensible(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.across.bots import SensibleBot

    return SensibleBot(seed * 7919 + seat, _content_dir(game))


def _search(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.across.search import SearchBot

    return SearchBot(seed * 7919 + seat, _content_dir(game))


def _never_bet(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.across.bots import NeverBetBot

    return NeverBetBot(seed * 7919 + seat)


def _fifties(state: State) -> dict[str, float]:
    from homestretch.games.across.rules.state import AcrossState

    assert isinstance(state, AcrossState)
    return {name: float(cash) for name, cash in zip(state.g.seat_names, state.cash, strict=True)}


def _bundled_reads(config: JSON) -> tuple[str, ...]:
    """Nothing bundled on a content folder of its own (``content_dir``); else the title
    cards and the tracks its meets run on: every track while a meet is left to its
    Trackmaster to choose (``tracks`` shorter than ``meets``)."""
    if config.get("content_dir") is not None:
        return ()
    tracks, meets = config.get("tracks") or [], config.get("meets", 1)
    fixed = isinstance(tracks, list) and all(isinstance(t, str) for t in tracks)
    if not (fixed and isinstance(meets, int) and len(tracks) >= meets):
        return ("content",)
    from homestretch.games.across.content.loader import track_key

    return ("content/horses.toml", *(f"content/tracks/{track_key(t)}.toml" for t in tracks))


def _settings() -> type[Settings]:
    from homestretch.games.across.rules.settings import AcrossSettings

    return AcrossSettings


ENTRY = GameEntry(
    name="across",
    title="Across the Board: auction, MPH totalizator, eight races on four tracks",
    make=_make,
    settings=_settings,
    harness_configs=_harness_configs,
    harness_games=20,
    bots={"sensible": _sensible, "search": _search, "never-bet": _never_bet},
    standings=_fifties,
    standings_unit="fifties in hand",
    bundled_reads=_bundled_reads,
)
