"""The settings a person chooses for a new game, declared as a pydantic model.

A game's registry entry names its model (``GameEntry.settings``); the web lobby draws
its form from it (one field per setting: a number box with its limits, a select of the
choices, a checkbox for a flag) and checks a configuration by it before making the game,
so a refusal names the setting it is about. A field's ``title`` is its label and its
``description`` the one line of help under it, both in plain words for a person.

Only what a person chooses is described: the players come from the table's seats, and
the rest of a configuration (names, content folders) passes through to the game as it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict
from pydantic_core import PydanticCustomError, core_schema


class Settings(BaseModel):
    """The base of every game's settings: JSON's own types (a flag is true or false,
    never "yes"), and keys it does not describe passed through to the game."""

    model_config = ConfigDict(extra="allow", strict=True)

    @classmethod
    def server_paths(cls, config: dict[str, Any]) -> list[str]:
        """The keys of ``config`` that name a file or folder on the server (a content
        folder, a results file): chosen where the server runs, never by a browser."""
        return []

    @classmethod
    def refusal(cls, config: dict[str, Any]) -> tuple[str, str] | None:
        """A configuration the game refuses though each setting in it is allowed alone:
        the field to name (a setting, or a seat's row: ``seats.1.team``) and why; None
        where there is nothing to refuse (the game itself checks the rest)."""
        return None

    @classmethod
    def for_new_table(cls, config: dict[str, Any]) -> dict[str, Any]:
        """The configuration a new table opens with: where a game reads a missing key as a
        saved game's from before that setting existed, a new table left silent on it is
        given the setting's default here (the lobby's form always sends it)."""
        return config


MORE: dict[str, Any] = {"more": True}
"""A setting's ``json_schema_extra`` (or part of it) for one most hosts leave as it is (a
house rule, who holds a role, a ruling's reading): the lobby draws it folded away under
"More settings", labelled as the rest, its value kept while folded. On a nested model's
field (Totopoly's house rules) it folds each setting in it."""


@dataclass(frozen=True)
class Choices:
    """The values a setting may take, each with the words a person reads for it
    (``Annotated[str, Choices((value, words), ...)]``): drawn as a select, and a value
    not among them refused."""

    labels: tuple[tuple[Any, str], ...]

    def __init__(self, *labels: tuple[Any, str]) -> None:
        object.__setattr__(self, "labels", tuple(labels))

    @classmethod
    def of(cls, labels: Iterable[tuple[Any, str]]) -> Choices:
        return cls(*labels)

    @property
    def values(self) -> list[Any]:
        return [value for value, _ in self.labels]

    def check(self, value: Any) -> Any:
        if value not in self.values:
            raise PydanticCustomError("choice", "not one of the choices")
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        return core_schema.no_info_after_validator_function(self.check, handler(source))


@dataclass(frozen=True)
class Seat:
    """A setting that names one of the players' seats (a whole number from 0): drawn as
    a select of the seats' names; the lobby checks it against the number of players."""


@dataclass(frozen=True)
class Blank:
    """What a setting that may be left blank (None) means then, in words."""

    words: str
