"""The settings a person chooses for a new game of Totopoly (the lobby's form). The
house rules are the options of docs/rulings.md (Totopoly); each one's first choice is
our ruling."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from homestretch.core.settings import MORE, Choices, Seat, Settings


class HouseRules(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", title="House rules")

    move_on_past_post: Annotated[
        str,
        Choices(
            ("finishes", "finishes the horse"),
            ("lost", "is lost: the horse stays where its throw put it"),
        ),
    ] = Field(
        default="finishes",
        title="A move on past the winning post",
        description="A colour square or a card's 'go on' that carries a horse past the "
        "post (ruling T9).",
    )
    white_card_judged: Annotated[
        str,
        Choices(
            ("end", "when the race ends"),
            ("post", "as each horse passes the post"),
        ),
    ] = Field(
        default="end",
        title="White cards are judged",
        description="When a horse whose owner still holds a white card is disqualified "
        "(ruling T10).",
    )
    auction: Annotated[
        str,
        Choices(
            ("open", "open: a passer may bid again"),
            ("final_pass", "a pass is final for that lot"),
        ),
    ] = Field(
        default="open",
        title="Bidding at the auction",
        description="When the hammer falls on a lot (ruling T5).",
    )
    small_table_exchange: Annotated[
        str,
        Choices(
            ("yes", "every player exchanges a card with the dummy"),
            ("no", "nobody exchanges"),
        ),
    ] = Field(
        default="yes",
        title="With fewer than four players",
        description="The exchange the Auctioneer's card calls for (ruling T38).",
    )
    bend_fall_back: Annotated[
        str,
        Choices(
            ("keeps_track", "keeps its track"),
            ("any_track", "may take another track, as a throw entering the bend may"),
        ),
    ] = Field(
        default="keeps_track",
        title="A horse falling back from the straight into the bend",
        description="Where its length is taken (ruling T51).",
    )


class TotopolySettings(Settings):
    @classmethod
    def server_paths(cls, config: dict[str, Any]) -> list[str]:
        return ["content"] if config.get("content") is not None else []

    @classmethod
    def refusal(cls, config: dict[str, Any]) -> tuple[str, str] | None:
        """``member_if_waived`` (ruling T48) or ``buyer_keeps_fees`` (T52) given by hand
        as other than true or false, said by its key as a setting is."""
        from homestretch.core.errors import HomestretchError
        from homestretch.games.totopoly.rules.state import buyer_keeps_fees, member_if_waived

        for key, read in (
            ("member_if_waived", member_if_waived),
            ("buyer_keeps_fees", buyer_keeps_fees),
        ):
            try:
                read(config)
            except HomestretchError as exc:
                return key, str(exc)
        return None

    @classmethod
    def for_new_table(cls, config: dict[str, Any]) -> dict[str, Any]:
        # a game saved before ruling T51 has no bend_fall_back, before T48 no
        # member_if_waived, or before T52 no buyer_keeps_fees, and replays as recorded;
        # a new table plays the rulings
        rules = config.get("rules")
        given = rules if isinstance(rules, dict) else {}
        return {
            "member_if_waived": False,
            "buyer_keeps_fees": True,
            **config,
            "rules": {"bend_fall_back": "keeps_track", **given},
        }

    short: bool = Field(
        default=False,
        title="The short game",
        description="No blue horses and no Tote; each horse's entry is £100.",
    )
    banker: Annotated[int, Seat()] = Field(
        default=0,
        title="Banker",
        description="Pays out and takes in for the bank (ruling T1).",
        json_schema_extra=MORE,
    )
    auctioneer: Annotated[int, Seat()] = Field(
        default=1,
        title="Auctioneer",
        description="With fewer than four players, sells the lots at the auction and is "
        "paid a commission (ruling T2); with four or more, whoever is dealt the "
        "Auctioneer's card does.",
        json_schema_extra=MORE,
    )
    rules: HouseRules = Field(
        default_factory=HouseRules, title="House rules", json_schema_extra=MORE
    )
