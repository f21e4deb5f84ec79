"""Totopoly: lease, auction, training ring, laned racecourse and Tote (issue 5)."""

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
    from homestretch.games.totopoly.rules.state import TotopolyGame

    return TotopolyGame.from_config(config)


def _harness_configs() -> list[JSON]:
    # long games as a new table plays them (rulings T48, T51, T52); the short games'
    # configurations lack those keys, as a game saved before them does, and play as
    # those were recorded
    new_table = {"bend_fall_back": "keeps_track"}
    long_games: list[JSON] = [
        {"players": n, "rules": new_table, "member_if_waived": False, "buyer_keeps_fees": True}
        for n in range(2, 7)
    ]
    short_games: list[JSON] = [{"players": n, "short": True} for n in range(2, 7)]
    house_rules: list[JSON] = [
        {
            "players": 4,
            "rules": {
                "move_on_past_post": "lost",
                "white_card_judged": "post",
                "auction": "final_pass",
            },
        }
    ]
    return long_games + short_games + house_rules


def _sensible(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.totopoly.bots import SensibleBot
    from homestretch.games.totopoly.rules.state import TotopolyGame

    assert isinstance(game, TotopolyGame)
    return SensibleBot(game, seat, seed)


def _search(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.games.totopoly.search import SearchBot

    assert isinstance(game, TotopolyGame)
    return SearchBot(game, seat, seed)


def _cash(state: State) -> dict[str, float]:
    from homestretch.games.totopoly.rules.state import TotopolyState

    assert isinstance(state, TotopolyState)
    return {name: float(cash) for name, cash in zip(state.names, state.cash, strict=True)}


def _title(config: JSON) -> str:
    from homestretch.games.totopoly.rules.words import game_title

    return game_title(short=bool(config.get("short", False)))


def _settings() -> type[Settings]:
    from homestretch.games.totopoly.rules.settings import TotopolySettings

    return TotopolySettings


def _bundled_reads(config: JSON) -> tuple[str, ...]:
    """The whole bundled content folder (one loader reads its five files), unless the
    game is on a folder of its own (``content``)."""
    return () if config.get("content") is not None else ("content",)


ENTRY = GameEntry(
    name="totopoly",
    title="Totopoly: lease, train and race horses",  # the short game runs no Tote
    title_for=_title,
    make=_make,
    settings=_settings,
    harness_configs=_harness_configs,
    harness_games=50,
    bots={"sensible": _sensible, "search": _search},
    standings=_cash,
    standings_unit="cash (£)",
    bundled_reads=_bundled_reads,
)
