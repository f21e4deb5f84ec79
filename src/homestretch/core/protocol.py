"""The Game/State protocol every game implements (DESIGN.md section 2).

A :class:`Game` is immutable configuration; ``new_initial_state()`` gives a
:class:`State`. ``to_act()`` names who decides now: players (several at once for
simultaneous choices) or ``[CHANCE]``. Every applied action and chance outcome becomes
an :class:`Event` in ``state.events``; ``(game config, events)`` rebuilds the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final

from homestretch.core.actions import Action, ActionCodec
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.errors import IllegalAction

CHANCE: Final = -1
"""The pseudo-player who rolls the dice and draws the cards."""

JSON = dict[str, Any]


@dataclass(frozen=True)
class Event:
    """One entry of the log: a player's action or a chance outcome."""

    player: int
    action: JSON | None = None
    outcome: Outcome | None = None

    def to_json(self) -> JSON:
        if self.player == CHANCE:
            return {"chance": list(self.outcome or ())}
        return {"player": self.player, "action": self.action}

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        if "chance" in data:
            return cls(player=CHANCE, outcome=tuple(int(x) for x in data["chance"]))
        return cls(player=int(data["player"]), action=dict(data["action"]))


class Game(ABC):
    """Immutable configuration and metadata of one game to be played."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    codec: ClassVar[ActionCodec]

    @abstractmethod
    def config(self) -> JSON:
        """Everything needed to make this game again (JSON-safe)."""

    @abstractmethod
    def new_initial_state(self) -> State: ...

    @property
    def num_players(self) -> int:
        return int(self.config().get("players", 0))


class State(ABC):
    """A position in a game. Subclasses implement the underscore methods."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.events: list[Event] = []
        self.notices: list[JSON] = []
        """Typed events the rules emit for surfaces to word themselves (a payout, a race
        result, a card dealt to you), each ``{"type": ..., "at": event index, ...}``;
        ``"to"`` names the one seat a private notice is for."""

    def notice(self, type_: str, to: int | None = None, **data: Any) -> None:
        """Emit a typed event at the current point of the log (JSON-safe ``data``)."""
        entry: JSON = {"type": type_, "at": len(self.events), **data}
        if to is not None:
            entry["to"] = to
        self.notices.append(entry)

    def notices_for(self, player: int | None, since: int = 0) -> list[JSON]:
        """The notices ``player`` may see (None: a spectator), from event ``since`` on."""
        return [
            n for n in self.notices if n["at"] >= since and ("to" not in n or n["to"] == player)
        ]

    # --- who acts -------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> list[int]:
        """Players who must decide now, ``[CHANCE]``, or ``[]`` when the game is over."""

    def is_chance_node(self) -> bool:
        return self.to_act() == [CHANCE]

    @abstractmethod
    def chance_node(self) -> ChanceNode:
        """The pending chance decision; only called when ``is_chance_node()``."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every action ``player`` may take now (empty if they need not act)."""

    def open_ended(self, player: int) -> bool:
        """True for a seat whose decisions are data typed in rather than chosen from a
        list (a score keeper posting an official result): ``legal_actions`` lists none,
        ``why_illegal`` verifies each posting, and the generic harness drives the seat
        with the game's ``GameEntry.input_agents``."""
        return False

    def why_illegal(self, player: int, action: Action) -> str | None:
        """Why ``action`` is not allowed now, or None. Games with open-ended actions
        (a bid of any amount) override this instead of listing every amount."""
        if player not in self.to_act():
            return f"it is not player {player}'s turn"
        if action not in self.legal_actions(player):
            return f"{action} is not allowed now"
        return None

    # --- changing the state -----------------------------------------------------------
    def apply(self, player: int, action: Action) -> None:
        """Verify, log and perform a player's action."""
        reason = self.why_illegal(player, action)
        if reason is not None:
            raise IllegalAction(reason)
        self.events.append(Event(player=player, action=action.to_json()))
        self._apply(player, action)

    def apply_chance(self, outcome: Outcome) -> None:
        if not self.is_chance_node():
            raise IllegalAction("no chance decision is pending")
        outcome = self.chance_node().check(outcome)
        self.events.append(Event(player=CHANCE, outcome=outcome))
        self._apply_chance(outcome)

    def apply_event(self, event: Event) -> None:
        if event.player == CHANCE:
            self.apply_chance(event.outcome or ())
        else:
            self.apply(event.player, self.game.codec.from_json(event.action or {}))

    @abstractmethod
    def _apply(self, player: int, action: Action) -> None: ...

    @abstractmethod
    def _apply_chance(self, outcome: Outcome) -> None: ...

    # --- the end ----------------------------------------------------------------------
    def is_over(self) -> bool:
        return not self.to_act()

    @abstractmethod
    def result(self) -> JSON:
        """The outcome of a finished game (JSON-safe)."""

    # --- what people see --------------------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """What ``player`` may see (``None``: a spectator), JSON-safe."""

    def hidden_from(self, player: int | None) -> set[str]:
        """Identifiers (card ids, sealed choices) that exist now but ``player`` may not
        see; the generic harness checks none appears in ``view(player)``."""
        return set()

    def secret_move(self, player: int | None, position: int) -> bool:
        """Whether ``player`` may not see what was done in the move at ``position`` of
        ``events`` (another player's card put face down, though the card may be face up
        now; a sealed pick changed before it was revealed): the log then shows only the
        kind of move."""
        return False

    def move_words(self, event: Event) -> str | None:
        """The move of ``event`` said for the log, after the mover's name ("bet $10 to
        show on #3 Citation"), from the action and the game's fixed content alone (the
        state may have moved on since); None: the log shows the action as data. Asked
        with the move as the reader may see it: where something in it is kept from him,
        with "hidden" in its place (words cannot tell what it stands for)."""
        return None

    def secrets_kept(self, player: int | None) -> dict[str, set[str]]:
        """Groups of hidden identifiers the rules keep from ``player`` by name (the lots
        an auctioneer has still to sell, another player's hand). The generic harness
        checks no group is all that is hidden from him: then the complement of what he
        sees would spell the group out, though no view names a member of it."""
        return {}

    def watch_steps(self) -> int:
        """How many reading steps what the table shows now asks to be watched for before
        its next automatic move (a race's call read out part by part, one part a step):
        a surface that shows its table to people as it happens (the web's, while pages
        are open on it) holds the computer's next move so long (``Table.watched``); 0:
        nothing to watch. The rules and every other surface ignore it."""
        return 0

    def twin_views(self, player: int | None) -> list[JSON]:
        """What ``player`` would see in other worlds the rules say he cannot tell from
        this one (two hidden cards of different worth changed places, and all that
        follows from it, such as the money each holder paid). The generic harness checks
        each equals ``view(player)``: a secret may leak through a total (cash counted
        before and after a payment) though no view names it."""
        return []

    def conserved(self) -> dict[str, int]:
        """Totals the rules never change (money in play, cards in the game)."""
        return {}

    def chance_probabilities_sum(self) -> Fraction:
        return sum((p for _, p in self.chance_node().outcomes()), Fraction(0))


def replay(game: Game, events: list[Event]) -> State:
    """Rebuild a state exactly from a game and its log; no generator is needed."""
    state = game.new_initial_state()
    for event in events:
        state.apply_event(event)
    return state
