"""The settings a person chooses for a new table of Top of the Stretch (the lobby's
form): a bundled race by its name, the version, and the players' tote. The players come
from the table's seats; a race of your own is built at /stretch/new."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from pydantic.config import JsonDict

from homestretch.core.settings import MORE, Choices, Settings
from homestretch.games.stretch.content.race import bundled_races, describe_distance, load_race
from homestretch.games.stretch.rules.betting import BREAKAGE_STEPS, MAX_BANKROLL, MIN_TICKET

LOBBY_RACE = "2009-champagne-stakes"
_CENTS = {1: "the cent", 10: "the dime"}
_BETTING: JsonDict = {"when": {"players": {"not": [0]}}}
"""The tote's settings matter only where somebody bets (the lobby hides them otherwise)."""
_ALONE: JsonDict = {"when": {"players": [1]}}
"""Who pays matters only where one player bets alone (ruling S29)."""


def _races() -> Choices:
    found = []
    for path in bundled_races():
        race = load_race(path)
        found.append(
            (
                path.stem,
                f"{race.name} ({len(race.runners)} horses, {describe_distance(race.furlongs)} "
                f"on {race.surface})",
            )
        )
    return Choices.of(found)


class StretchSettings(Settings):
    @classmethod
    def server_paths(cls, config: dict[str, Any]) -> list[str]:
        return ["charts"] if config.get("charts") is not None else []

    @classmethod
    def for_new_table(cls, config: dict[str, Any]) -> dict[str, Any]:
        # a game saved before ruling S29 has no lone_bettor and is replayed at the tote
        return {"lone_bettor": "house", **config}

    race: Annotated[str, _races()] | dict[str, Any] = Field(
        default=LOBBY_RACE,
        title="Race",
        description="One of the bundled races; to choose the horses yourself, build a race.",
    )
    mode: Annotated[
        str,
        Choices(
            ("quick", "Quickplay (exact chances)"),
            ("full", "Fullplay (running lines)"),
        ),
    ] = Field(default="quick", title="Version", description="How the race is run.")
    odds: Annotated[
        str,
        Choices(
            ("real", "the race's real odds"),
            ("chart", "every horse's rolled on the odds chart"),
            ("none", "no odds and no payoffs"),
        ),
    ] = Field(
        default="real",
        title="Odds",
        description="Real odds where the race has them, rolled on the chart for the rest "
        "(ruling S15).",
        json_schema_extra=MORE,
    )
    bankroll: int = Field(
        default=100,
        ge=MIN_TICKET,
        le=MAX_BANKROLL,
        title="Each player's bankroll, in dollars",
        description="What each player starts with to bet Win, Place and Show.",
        json_schema_extra=_BETTING,
    )
    takeout: int = Field(
        default=0,
        ge=0,
        le=25,
        title="Takeout, in percent",
        description="What the tote keeps of each pool; among friends nobody takes a cut "
        "(ruling S19).",
        json_schema_extra={**_BETTING, **MORE},
    )
    breakage: Annotated[
        int, Choices.of((c, _CENTS.get(c, f"{c} cents")) for c in BREAKAGE_STEPS)
    ] = Field(
        default=10,
        title="Prices broken down to",
        description="Each price per dollar is rounded down to this (ruling S19).",
        json_schema_extra={**_BETTING, **MORE},
    )
    sealed: bool = Field(
        default=False,
        title="Sealed bets",
        description="Nobody sees another's tickets, money or the pools until the windows "
        "close (ruling S25).",
        json_schema_extra={**_BETTING, **MORE},
    )
    lone_bettor: Annotated[
        str,
        Choices(
            ("house", "the house, at the chart's $2 prices"),
            ("tote", "the tote: your own stakes come back"),
        ),
    ] = Field(
        default="house",
        title="A player alone is paid by",
        description="Alone, the house takes the bets and pays page 15's prices "
        "(ruling S29); at the tote of your own stakes a bet can only come back.",
        json_schema_extra={**_ALONE, **MORE},
    )
