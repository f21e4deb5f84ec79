"""Who sits where at a table: a person, a computer player of a named kind, or nobody yet."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Literal

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON

SeatKind = Literal["person", "bot", "open"]
SEAT_KINDS: tuple[SeatKind, ...] = ("person", "bot", "open")


def new_token() -> str:
    """An unguessable secret for a seat link or an invitation (128 bits)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Seat:
    """One seat. ``bot`` names the computer player's kind (a key of the game's
    ``GameEntry.bots``, or "random"); ``token`` is the secret of the seat's link."""

    kind: SeatKind
    name: str
    bot: str | None = None
    token: str = ""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise HomestretchError(f"a seat is a person, a bot or open, not {self.kind!r}")
        if self.kind == "bot" and not self.bot:
            raise HomestretchError(f"the computer seat {self.name!r} needs a kind of player")

    @property
    def is_person(self) -> bool:
        return self.kind == "person"

    def taken_by(self, name: str) -> Seat:
        """This open seat (or an abandoned one) given to a person."""
        return replace(self, kind="person", name=name, bot=None)

    def handed_to_bot(self, bot: str) -> Seat:
        return replace(self, kind="bot", bot=bot)

    def to_json(self) -> JSON:
        return {"kind": self.kind, "name": self.name, "bot": self.bot, "token": self.token}

    @classmethod
    def from_json(cls, data: JSON) -> Seat:
        return cls(
            kind=data["kind"],
            name=str(data["name"]),
            bot=data.get("bot"),
            token=str(data.get("token", "")),
        )


def person(name: str) -> Seat:
    return Seat("person", name, token=new_token())


def computer(name: str, bot: str) -> Seat:
    return Seat("bot", name, bot=bot, token=new_token())


def open_seat(name: str) -> Seat:
    return Seat("open", name, token=new_token())
