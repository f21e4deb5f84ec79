"""The game's configuration: players, tracks, meets and the rulings made options."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from homestretch.core.content import check_digest, folder_digest
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON, Game
from homestretch.games.across.content.loader import Content, load_content
from homestretch.games.across.rules.actions import CODEC
from homestretch.games.across.rules.dealings import DEBT_MODES
from homestretch.games.across.rules.state import AcrossState
from homestretch.games.across.rules.totalizator import PAYOFF_MODES

ROTATIONS = ("left", "right")
BETTING_ORDERS = ("rotate", "totemaster")
"""Where each race's betting starts (ruling R27): at the Totemaster's left every race
(R17), or one seat further on each race."""
NEW_TABLES_BETTING = "rotate"
"""A new table's ``betting_order`` (R27, chosen by measurement); a saved game without the
key is R17's, "totemaster"."""
STAKES = ("carry", "allot")
"""What a player starts a meet after the first with (ruling R30): the fifties it ended
the last with, or those and 40 more, allotted by the meet's new Trackmaster."""
NEW_TABLES_STAKE = "allot"
"""A new table's ``stake`` (R30, chosen by measurement: it meets R25's checks over four
meets); a saved game without the key is "carry"."""
MIN_PLAYERS, MAX_PLAYERS = 3, 7


@dataclass(frozen=True)
class AcrossGame(Game):
    """``tracks[i]`` is the track of meet i; a meet without one lets its Trackmaster
    choose. ``payoff``, ``rotation``, ``debts`` and ``betting_order`` are the options of
    rulings R5, R11, R15 and R27. ``betting_order`` left out is R17's (a game saved
    before R27 replays as it was played); a new table is given R27's default
    (``AcrossSettings.for_new_table``, ``across play``)."""

    players: int = 4
    names: tuple[str, ...] = ()
    tracks: tuple[str, ...] = ()
    meets: int = 1
    daily_double: bool = False
    payoff: str = "exclusive"
    rotation: str = "left"
    debts: str = "settle"
    betting_order: str = "totemaster"
    stake: str = "carry"
    """R30: "carry" (every game saved before it), or "allot" (40 more fifties a meet)."""
    content_dir: str | None = None
    content_digest: str | None = field(default=None, compare=False)
    """The content folder's digest when the game was made: a saved game replayed or
    resumed after the folder changed is refused rather than silently played otherwise."""
    content: Content = field(init=False, repr=False, compare=False)

    name = "across"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    codec = CODEC

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise HomestretchError(f"Across the Board is for 3 to 7 players, not {self.players}")
        if self.names and len(self.names) != self.players:
            raise HomestretchError(f"{len(self.names)} names given for {self.players} players")
        if self.meets < 1:
            raise HomestretchError("meets must be 1 or more")
        if self.payoff not in PAYOFF_MODES:
            raise HomestretchError(f"payoff must be one of {', '.join(PAYOFF_MODES)}")
        if self.debts not in DEBT_MODES:
            raise HomestretchError(f"debts must be one of {', '.join(DEBT_MODES)}")
        if self.rotation not in ROTATIONS:
            raise HomestretchError(f"rotation must be one of {', '.join(ROTATIONS)}")
        if self.betting_order not in BETTING_ORDERS:
            raise HomestretchError(f"betting_order must be one of {', '.join(BETTING_ORDERS)}")
        if self.stake not in STAKES:
            raise HomestretchError(f"stake must be one of {', '.join(STAKES)}")
        if self.content_dir is not None:
            check_digest(Path(self.content_dir), self.content_digest, "content folder")
            folder = Path(self.content_dir).resolve()
            object.__setattr__(self, "content_dir", str(folder))
            object.__setattr__(self, "content_digest", folder_digest(folder))
        content = load_content(self.content_dir)
        for track in self.tracks:
            content.track(track)
        object.__setattr__(self, "content", content)

    @classmethod
    def from_config(cls, config: JSON) -> AcrossGame:
        known = {
            "players",
            "names",
            "tracks",
            "meets",
            "daily_double",
            "payoff",
            "rotation",
            "debts",
            "betting_order",
            "stake",
        }
        unknown = set(config) - known - {"content_dir", "content_digest", "seats"}
        if unknown:
            raise HomestretchError(
                f"unknown Across the Board options: {', '.join(sorted(unknown))}"
            )
        values: dict[str, Any] = dict(config)
        values.pop("seats", None)  # who plays each seat: the CLI's business, not the rules'
        for key in ("names", "tracks"):
            if key in values:
                values[key] = tuple(values[key])
        return cls(**values)

    def config(self) -> JSON:
        return {
            "players": self.players,
            "names": list(self.seat_names),
            "tracks": list(self.tracks),
            "meets": self.meets,
            "daily_double": self.daily_double,
            "payoff": self.payoff,
            "rotation": self.rotation,
            "debts": self.debts,
            "betting_order": self.betting_order,
            **({"stake": self.stake} if self.stake != "carry" else {}),
            "content_dir": self.content_dir,
            **({"content_digest": self.content_digest} if self.content_dir else {}),
        }

    @cached_property
    def seat_names(self) -> tuple[str, ...]:
        return self.names or tuple(f"Player {i + 1}" for i in range(self.players))

    @property
    def step(self) -> int:
        """+1: the dice and the bidding pass to the left (seat i+1 sits at i's left)."""
        return 1 if self.rotation == "left" else -1

    @property
    def syndicate_size(self) -> int:
        """A syndicate has no more than a third of all players (R8)."""
        return self.players // 3

    def new_initial_state(self) -> AcrossState:
        return AcrossState(self)
