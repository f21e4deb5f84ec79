"""The settings a person chooses for a new game of Across the Board (the lobby's form)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from homestretch.core.settings import MORE, Choices, Settings
from homestretch.games.across.content.loader import load_content
from homestretch.games.across.rules.game import NEW_TABLES_BETTING, NEW_TABLES_STAKE


def _tracks() -> Choices:
    return Choices.of(
        (key, f"{track.name} ({track.city})") for key, track in load_content(None).tracks.items()
    )


class AcrossSettings(Settings):
    @classmethod
    def server_paths(cls, config: dict[str, Any]) -> list[str]:
        return ["content_dir"] if config.get("content_dir") is not None else []

    @classmethod
    def for_new_table(cls, config: dict[str, Any]) -> dict[str, Any]:
        # a game saved before ruling R27 (R30) has no betting_order (stake) and is replayed
        # in R17's order (carrying its fifties from meet to meet)
        return {"betting_order": NEW_TABLES_BETTING, "stake": NEW_TABLES_STAKE, **config}

    tracks: list[Annotated[str, _tracks()]] = Field(
        default=[],
        max_length=100,
        title="Tracks",
        description="The track of each meet, in order; a meet with none: the Trackmaster "
        "chooses it at the table.",
        json_schema_extra=MORE,
    )
    meets: int = Field(
        default=1,
        ge=1,
        le=100,
        title="Meets",
        description="Each meet is an auction and eight races; then the roles move on to "
        "the next track.",
    )
    daily_double: bool = Field(
        default=False,
        title="Daily Double",
        description="Also sell $50 tickets on the winners of the first two races.",
    )
    payoff: Annotated[
        str,
        Choices(
            ("exclusive", "only its own horse's windows"),
            ("across", "as at a track: a winner's ticket shares place and show too"),
        ),
    ] = Field(
        default="exclusive",
        title="What a ticket collects",
        description="The first is the rulebook's rules A to C (ruling R5); the second "
        "pays as a real track does.",
        json_schema_extra=MORE,
    )
    rotation: Annotated[
        str,
        Choices(
            ("left", "to the left (clockwise)"),
            ("right", "to the right (counter-clockwise)"),
        ),
    ] = Field(
        default="left",
        title="Dice and bidding pass",
        description="Which way the dice, the bidding and the betting go round the table "
        "(ruling R11).",
        json_schema_extra=MORE,
    )
    debts: Annotated[
        str,
        Choices(
            ("settle", "paid back before the totals"),
            ("ignore", "left out: only the fifties in hand count"),
        ),
    ] = Field(
        default="settle",
        title="Debts between players at the end",
        description="Money lent between players at the end of the game (ruling R15).",
        json_schema_extra=MORE,
    )
    betting_order: Annotated[
        str,
        Choices(
            ("rotate", "moves on one seat each race"),
            ("totemaster", "is always the Totemaster's neighbour"),
        ),
    ] = Field(
        default=NEW_TABLES_BETTING,
        title="The first to bet",
        description="In each race: moving on, every seat bets first and last in turn "
        "(ruling R27); always from the Totemaster's left, the Totemaster bets last (R17).",
        json_schema_extra=MORE,
    )
    stake: Annotated[
        str,
        Choices(
            ("allot", "40 more fifties each"),
            ("carry", "what each ended with"),
        ),
    ] = Field(
        default=NEW_TABLES_STAKE,
        title="Each meet after the first starts with",
        description="With more than one meet: the new Trackmaster allots 40 more fifties "
        "each, which keeps a player left behind in the game; or each goes on with what it "
        "ended the last meet with (ruling R30).",
        json_schema_extra={"when": {"meets": {"not": [1]}}, **MORE},  # one meet: no next
    )
