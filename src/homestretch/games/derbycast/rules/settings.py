"""The settings a person chooses for a new game of Derby Cast (the lobby's form). The
markers come from the table's seats, not from here: a person's row is one person, or a
team when its members are typed on the row (the configuration's ``entrants``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from homestretch.core.errors import HomestretchError
from homestretch.core.settings import MORE, Blank, Choices, Settings
from homestretch.games.derbycast.content.odds_table import table_from_json
from homestretch.games.derbycast.rules.entrants import Entrant, named_twice
from homestretch.games.derbycast.rules.words import CONFIRM_OVER_REPLAYS


class DerbyCastSettings(Settings):
    @classmethod
    def server_paths(cls, config: dict[str, Any]) -> list[str]:
        """A results file (feed ``file``) or a race file to simulate (feed ``race``); a
        day's card comes uploaded, as its text."""
        feed = config.get("feed")
        if not isinstance(feed, dict):
            return []
        named = feed.get("kind") == "file" or feed.get("path") is not None
        return ["feed"] if named or feed.get("race") is not None else []

    @classmethod
    def refusal(cls, config: dict[str, Any]) -> tuple[str, str] | None:
        """Confirming picks over drawn replays (R27: nothing to hold back), said by the
        setting; a person named on two rows (R6: one marker each), said by the row that
        names them again (the entrants are the seats' rows, in order)."""
        if config.get("source") == "replays" and config.get("confirm") is True:
            return "confirm", f"Confirm picks {CONFIRM_OVER_REPLAYS}"
        if config.get("table") is not None:  # one's own odds table, as uploaded
            try:
                table_from_json(config["table"])
            except HomestretchError as exc:
                return "table", str(exc)
        try:
            entrants = [Entrant.from_json(e) for e in config.get("entrants") or []]
        except HomestretchError:
            return None  # the game says what is wrong with it
        twice = named_twice(entrants)
        if twice is None:
            return None
        row, person, first = twice
        place = "team" if entrants[row].is_team else "name"
        if first == row:
            return f"seats.{row}.{place}", f"{person} is named twice in this team"
        known = entrants[first].name
        also = "" if known.casefold() == person.casefold() else f" ({known})"
        return (
            f"seats.{row}.{place}",
            f"{person} is on Player {first + 1}'s row already{also}: each person has one marker",
        )

    source: Annotated[
        str,
        Choices(
            ("keeper", "the score keeper posts each race"),
            ("replays", "race replays from the library"),
        ),
    ] = Field(
        default="keeper",
        title="The races",
        description="The score keeper's races: simulated by the computer, or real ones a "
        "person at the keeper's seat types in (below).",
    )
    # blank by default: the rulebook's game, as the terminal plays it; a set number is
    # what "players may agree" (R31). A saved game's own number stands (its configuration).
    races: Annotated[int | None, Blank("no set number: the first past 20 points wins")] = Field(
        default=None,
        ge=1,
        le=1000,
        title="Number of races",
        description="Players may agree a set number of races; after them the most points "
        "wins. A game to 20 points runs about 14 races (half of games 9 to 19; "
        "ruling R31).",
    )
    tie: Annotated[
        str,
        Choices(
            ("standard", "more races until one of them wins"),
            ("dead-heat", "the tied players share the win"),
        ),
    ] = Field(
        default="standard",
        title="A tie at the top",
        description="Two or more level at the end (rulings R8, R9).",
        json_schema_extra=MORE,
    )
    order: Annotated[
        str,
        Choices(
            ("rotate", "moves down one player each race"),
            ("marker", "is always the first player"),
        ),
    ] = Field(
        default="rotate",
        title="The first to pick",
        description="In each race (ruling R17).",
        json_schema_extra=MORE,
    )
    draw: Annotated[
        str,
        Choices(
            ("fresh", "no replay twice until all are seen"),
            ("any", "any replay, seen or not"),
        ),
    ] = Field(
        default="fresh",
        title="Replays drawn",
        description="Race replays are drawn at random (ruling R15).",
        json_schema_extra={"when": {"source": ["replays"]}, **MORE},
    )
    sealed: bool = Field(
        default=False,
        title="Sealed picks",
        description="Nobody sees another's pick until picks close (ruling R22).",
        json_schema_extra=MORE,
    )
    confirm: bool = Field(
        default=True,
        title="Confirm picks",
        description="Each player says their pick stands before picks close, so there is "
        "time to change it (ruling R24).",
        json_schema_extra={"when": {"source": {"not": ["replays"]}}, **MORE},  # R27
    )
