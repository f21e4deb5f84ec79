"""Every game registers here, so the CLI, the store and the generic harness find it.

A game package ``homestretch.games.<name>`` exposes ``ENTRY`` (a :class:`GameEntry`);
packages are discovered, so adding a game edits no shared file.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

import homestretch.games
from homestretch.core.errors import HomestretchError

if TYPE_CHECKING:  # a command finds its game without the rules' machinery
    from pathlib import Path

    from homestretch.core.protocol import JSON, Event, Game, State
    from homestretch.core.referee import Agent
    from homestretch.core.settings import Settings

BotFactory: TypeAlias = "Callable[[Game, int, int], Agent]"
"""Make a computer player for (game, seat, seed)."""


class OwnFile(NamedTuple):
    """A file of a person's own that a game reads after it is made, not bundled and not
    carried in its configuration (Derby Cast's results file, the race file its simulated
    races are run from): a saved game records it by path and digest, part by part, and
    is refused when what it has still to read of it changed (session/saved.py)."""

    path: str
    what: str
    """What the file is, in a message: "results file"."""
    parts: Callable[[Path], tuple[tuple[str, str], ...]]
    """What the game reads of the file, part by part in the order it reads them, each
    named ("race 3") with a digest of what is read (not of its bytes: a comment added
    changes no part). Raises ``HomestretchError`` or ``OSError`` if it cannot be read."""
    to_come: Callable[[State], range]
    """The parts (by their place in ``parts``) a game in this state has still to read:
    the rest are in its log, or never read."""


class GameEntry(NamedTuple):
    """A game as the CLI, the store, the web and the harness find it. (A NamedTuple: every
    command builds this class, and Python 3.11 builds a frozen dataclass by compiling
    each of its methods, about ten times the cost.)"""

    name: str
    """The CLI group and the name stored with every saved game."""
    title: str
    make: Callable[[JSON], Game]
    """Build the game from its ``config()``."""
    harness_configs: Callable[[], list[JSON]]
    """Configurations the generic harness plays: one per allowed player count at least."""
    harness_games: int = 20
    """Seeded computer games the harness plays, shared among the configurations (each
    plays at least one, its first checked at every step; keep the suite quick)."""
    bots: Mapping[str, BotFactory] = MappingProxyType({})
    """Computer players by name ("random" is always available)."""
    input_agents: Callable[[Game, int], dict[int, Agent]] | None = None
    """Agents for a game's open-ended seats (see ``State.open_ended``), by seat, for a
    game and a seed: the harness plays those seats with them."""
    standings: Callable[[State], dict[str, float]] | None = None
    """What each player holds now (money, points), by name: `homestretch replay --plot`
    draws it over the game."""
    standings_unit: str = ""
    """What ``standings`` counts, for the picture's axis."""
    settings: Callable[[], type[Settings]] | None = None
    """The settings a person chooses for a new game (``core.settings``): the lobby draws
    its form from them and checks a configuration by them."""
    title_for: Callable[[JSON], str] | None = None
    """The title of one configuration (Totopoly's short game has no Tote), if it differs
    from ``title``."""
    bundled_reads: Callable[[JSON], tuple[str, ...]] | None = None
    """The bundled content a game of one configuration reads, so that a saved game is
    marked with those files and no other and refused once they change (session/saved.py):
    each a part of a game's ``content/bundle.py`` ``PARTS``, "part" for all its files or
    "part/pattern" for some ("content/tracks/*.toml"), "game:part" for another game's
    ("stretch:charts"). What the configuration carries itself (a content folder of its
    own, kept by its digest; a table given whole) is not read. None: every part of the
    game's own bundle that a saved game does not keep (``Part.kept``)."""
    log_reads: Callable[[list[Event]], tuple[str, ...]] | None = None
    """Another game's bundled content, as ``bundled_reads`` names it, that moves in a
    saved game's log have it read again on every replay (Derby Cast's race run at the
    keeper's desk: Top of the Stretch's races, cards and charts). A game saved before
    games recorded what they read has no record of those files: it is told so once."""
    own_files: Callable[[JSON], tuple[OwnFile, ...]] | None = None
    """The files of a person's own a game of one configuration reads after it is made
    (``OwnFile``)."""
    dice: bool = True
    """Whether the game throws dice (real ones may be typed in at its table: the lobby
    offers the choice). Derby Cast throws none: its chance is a race drawn or simulated."""

    def titled(self, config: JSON) -> str:
        """What a table of this configuration is called (its pages' title and heading)."""
        return self.title_for(config) if self.title_for else self.title


def entries() -> dict[str, GameEntry]:
    import pkgutil  # to list every game; a command of one game finds its own (``entry``)

    found: dict[str, GameEntry] = {}
    for module in pkgutil.iter_modules(homestretch.games.__path__):
        package = importlib.import_module(f"homestretch.games.{module.name}")
        entry = getattr(package, "ENTRY", None)
        if isinstance(entry, GameEntry):
            found[entry.name] = entry
    return found


def entry(name: str) -> GameEntry:
    """The game called ``name``, from its own package alone when that is where it is."""
    own = _own_entry(name)
    if own is not None:
        return own
    known = entries()
    if name not in known:
        raise HomestretchError(f"unknown game {name!r} (known: {', '.join(sorted(known))})")
    return known[name]


def _own_entry(name: str) -> GameEntry | None:
    """The entry of the package ``homestretch.games.<name>``, if it registers ``name``."""
    if not name.isidentifier() or name.startswith("_"):
        return None
    if importlib.util.find_spec(f"homestretch.games.{name}") is None:
        return None
    entry = getattr(importlib.import_module(f"homestretch.games.{name}"), "ENTRY", None)
    return entry if isinstance(entry, GameEntry) and entry.name == name else None
