"""Top of the Stretch: a dice-and-chart thoroughbred race simulation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.registry import GameEntry

if TYPE_CHECKING:  # the commands find the game's entry without the rules' machinery
    from homestretch.core.protocol import JSON, Game
    from homestretch.core.referee import Agent
    from homestretch.core.settings import Settings


def _make(config: JSON) -> Game:
    from homestretch.games.stretch.rules.engine import RaceGame

    return RaceGame.from_config(config)


def _harness_configs() -> list[JSON]:
    from homestretch.games.stretch.content.race import bundled_races, load_race
    from homestretch.games.stretch.rules.engine import RaceGame

    races = [load_race(path) for path in bundled_races()[:2]]
    configs = [RaceGame(race, mode).config() for race in races for mode in ("quick", "full")]
    # two players betting before the off (ruling S19), and three with sealed bets (S25)
    return [
        *configs,
        {**configs[0], "players": 2},
        {**configs[3], "players": 3, "takeout": 15},
        {**configs[1], "players": 3, "sealed": True},
    ]


def _value_bettor(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.stretch.bots import ValueBettor

    return ValueBettor(game)


def _title(config: JSON) -> str:
    """A table's title with its race and version, which tell one table from another
    (the lobby's list of open tables): "... (Champagne Stakes, quickplay)"."""
    race = config.get("race")
    name = race.get("name") if isinstance(race, dict) else race
    mode = "fullplay" if config.get("mode") == "full" else "quickplay"
    return f"{ENTRY.title} ({name}, {mode})" if isinstance(name, str) and name else ENTRY.title


FULLPLAY_CHARTS = frozenset(
    {
        "break.csv",
        "pace_setup.csv",
        "race_pace.csv",
        "race_pace_sprint.csv",
        "race_pace_field.csv",
        "pace_effects_full.csv",
        "race_position.csv",
        "race_position_gap.csv",
        "race_position_rank.csv",
        "race_position_rank_even.csv",
    }
)
"""The charts only Fullplay's segments read (pages 16-23; rulings S30's and S31's drop back): a
Quickplay race never reads them, so a change to one leaves its saved games as they were."""


def _bundled_reads(config: JSON) -> tuple[str, ...]:
    """The bundled chart set, unless the race runs on charts of its own (``charts``):
    a Quickplay race every chart but Fullplay's own. The race is kept whole in the
    configuration, its runners' cards with it; a race given by a bundled race's name
    (the lobby's form) reads that file and its cards."""
    charts: tuple[str, ...] = ("charts",)
    if config.get("charts") is not None:
        charts = ()
    elif config.get("mode") == "quick":
        from pathlib import Path

        folder = Path(__file__).parent / "content" / "charts" / "standard"
        charts = tuple(
            f"charts/{path.name}"
            for path in sorted(folder.iterdir())
            if path.suffix in (".csv", ".toml") and path.name not in FULLPLAY_CHARTS
        )
    return (*charts, "cards", "races") if isinstance(config.get("race"), str) else charts


def _settings() -> type[Settings]:
    from homestretch.games.stretch.rules.settings import StretchSettings

    return StretchSettings


ENTRY = GameEntry(
    name="stretch",
    title="Top of the Stretch: run a thoroughbred race by dice and charts",
    title_for=_title,
    make=_make,
    settings=_settings,
    harness_configs=_harness_configs,
    harness_games=15,
    bots={"value": _value_bettor},
    bundled_reads=_bundled_reads,
)
