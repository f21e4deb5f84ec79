"""Derby Cast as a Game/State: race after race, every marker picks a horse to Win, Place
or Show; the official result advances the markers by the Final Odds Calculator Table;
the first past 20 points wins (section 2, Play in Order; section 4, How to Win).

Races come from one of two sources. ``keeper``: the Official Score Keeper (seat
``players``, one past the last marker) posts the card, the scratches and the official
result; the CLI's keeper types them in, reads them from a results file or runs a Top
of the Stretch race, and the log keeps every posted race, so a saved game replays
without the file or the engine. The keeper may also have Top of the Stretch run a
race at the table (a chance node draws its seed; the finish stays unseen until the
keeper runs it, R25): only its seed is logged, so that race replays by running it
again on Stretch's bundled files (which the game records, ``bundled_reads``).
``replays``: a race replay is drawn at random (a chance node) from the bundled library
in ``replays.csv``.

Options for tables online: ``sealed`` picks, hidden from the other seats until the
keeper closes picks (R22), and ``confirm``, every pick said to stand before picks close
(R24). The keeper may close picks early, naming who sits out (R23).

The score keeper's postings are open-ended data (any field, any odds), so like an
auction bid they are verified by ``why_illegal`` and ``legal_actions`` lists none.

This module holds the game's configuration and the state's fields, who acts and what
each move does, handed to the module for its part of the rulebook: the card (card.py),
the picks and scratches (picks.py), the result and the advance (scoring.py), and what
each seat sees (view.py).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.protocol import CHANCE, JSON, Event, Game, State
from homestretch.games.derbycast.content.odds_table import TableRow, table_from_json, table_to_json
from homestretch.games.derbycast.content.race_record import RaceRecord
from homestretch.games.derbycast.content.results_file import (
    card_only,
    races_from_data,
    uploaded_card,
)
from homestretch.games.derbycast.rules import card, picks, scoring, secrecy
from homestretch.games.derbycast.rules.actions import (
    CODEC,
    Correction,
    DayCard,
    MorningLine,
    Official,
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    Ready,
    RunRace,
    SealedPick,
    Simulate,
    SitOut,
    TypedCard,
    ticket,
)
from homestretch.games.derbycast.rules.card import Draw, Source
from homestretch.games.derbycast.rules.entrants import Entrant, check_entrants
from homestretch.games.derbycast.rules.phases import Phase
from homestretch.games.derbycast.rules.picks import Order
from homestretch.games.derbycast.rules.table import Bet
from homestretch.games.derbycast.rules.view import table_view
from homestretch.games.derbycast.rules.winning import TieRule
from homestretch.games.derbycast.rules.words import move_said
from homestretch.games.derbycast.sources.simulated import (
    SIM_SEEDS,
    SimulatedRace,
    desk_race_problem,
)

E = TypeVar("E", bound=StrEnum)

NAMING_HORSES = (Pick, SealedPick, PostScratches, MorningLine)
"""The moves whose words name horses of the card they are made on (``move_words``)."""
RESULT_STEPS = 3
"""Reading steps a called race's official result is shown alone, at a watched table, before
the computer keeper posts the next card (``DerbyCastState.watch_steps``)."""


class DerbyCastGame(Game):
    name = "derbycast"
    min_players = 2
    max_players = 20
    codec = CODEC

    def __init__(self, config: JSON) -> None:
        raw = config.get("entrants")
        if not isinstance(raw, list):
            raise HomestretchError("a Derby Cast game needs a list of entrants")
        self.entrants = [Entrant.from_json(e) for e in raw]
        check_entrants(self.entrants)
        races = config.get("races")
        if races is not None and (not isinstance(races, int) or races < 1):
            raise HomestretchError(f"the set number of races must be 1 or more, got {races!r}")
        self.set_races: int | None = races
        self.tie = _choice(TieRule, config.get("tie", "standard"), "tie rule")
        self.source = _choice(Source, config.get("source", "keeper"), "race source")
        self.feed: dict[str, Any] = dict(config.get("feed") or {})
        self.day_card = _day_card(self.feed)
        # a config without these keys was saved before they existed: keep its old rules
        self.order = _choice(Order, config.get("order", "marker"), "pick order")
        self.draw = _choice(Draw, config.get("draw", "any"), "replay draw")
        self.sealed = _flag(config, "sealed")
        """Picks are hidden from the other seats until the keeper closes them (R22)."""
        self.confirm = _flag(config, "confirm")
        """Picks close only after every racing marker says its pick stands (R24)."""
        given = config.get("table")
        self.table: tuple[TableRow, ...] | None = None if given is None else table_from_json(given)
        """An odds table of one's own (``--table FILE``, docs/derbycast.md), else the printed one."""

    @property
    def keeper(self) -> int:
        """The Official Score Keeper's seat, one past the markers' seats."""
        return len(self.entrants)

    def config(self) -> JSON:
        return {
            "players": len(self.entrants),
            "entrants": [e.to_json() for e in self.entrants],
            "races": self.set_races,
            "tie": self.tie.value,
            "source": self.source.value,
            "feed": self.feed,
            "order": self.order.value,
            "draw": self.draw.value,
            "sealed": self.sealed,
            "confirm": self.confirm,
            **({} if self.table is None else {"table": table_to_json(self.table)}),
        }

    def new_initial_state(self) -> DerbyCastState:
        return DerbyCastState(self)


def _day_card(feed: JSON) -> tuple[RaceRecord, ...]:
    """A day's card held in the configuration (feed ``{"kind": "card", "races": [...]}``,
    the JSON results format, or a file as uploaded in the lobby, ``{"kind": "card",
    "file": NAME, "text": TEXT}``, read as the desk reads one): each race is offered to
    the keeper to post (R20)."""
    if feed.get("kind") != "card":
        return ()
    if "text" in feed:
        name, text = feed.get("file"), feed["text"]
        if not isinstance(name, str) or not isinstance(text, str):
            raise HomestretchError("a day's card is a file name and its text")
        return tuple(uploaded_card(name, text))
    try:
        source = Path("the day's card")
        return tuple(card_only(races_from_data({"races": feed.get("races")}, source), source))
    except ContentError as exc:
        raise HomestretchError(f"feed: {exc}") from None


def _flag(config: JSON, key: str) -> bool:
    value = config.get(key, False)  # absent: a game saved before the option
    if not isinstance(value, bool):
        raise HomestretchError(f"{key} must be true or false, not {value!r}")
    return value


def _choice(kind: type[E], value: object, what: str) -> E:
    try:
        return kind(str(value))
    except ValueError:
        known = ", ".join(k.value for k in kind)
        raise HomestretchError(f"unknown {what} {value!r} (choose {known})") from None


class DerbyCastState(State):
    game: DerbyCastGame

    def __init__(self, game: DerbyCastGame) -> None:
        super().__init__(game)
        self.points = [0] * len(game.entrants)
        self.races_run = 0
        self.phase = Phase.card
        self.race: RaceRecord | None = None
        self.scratched: tuple[str, ...] = ()
        self.scratched_on_card: tuple[str, ...] = ()
        self.picks: dict[int, Pick | None] = {}  # None: sat out after a scratch
        self.to_repick: list[int] = []
        self.playoff: tuple[int, ...] = ()
        self.history: list[JSON] = []
        self.winners: tuple[int, ...] = ()
        self.how = ""
        self.under_review: RaceRecord | None = None
        self.replays_seen: list[int] = []
        self.confirmed: set[int] = set()
        self.tickets: dict[int, set[str]] = {}
        """Every sealed ticket each marker sent this race (a changed pick's too)."""
        self.sealed_at: dict[int, int] = {}
        """Where in the log each marker's sealed pick this race is (its latest)."""
        self.changed_sealed: set[int] = set()
        """Where in the log the sealed picks changed before picks closed are: they stay
        the picker's own when the close reveals the picks (R26)."""
        self.simulation: SimulatedRace | None = None
        """The race Top of the Stretch ran for the card, its result unseen until run."""
        self.posted_call: list[dict[str, str]] | None = None
        """The call posted with a result (``PostResult.call_headings``), kept with it."""
        self.day_card = game.day_card
        self.card_from = 0
        """Races run when the day's card was loaded: its first race is the next one."""
        self.asked: Simulate | None = None
        """The Top of the Stretch race the keeper asked for, until its seed is drawn."""
        self.before_last: tuple[list[int], tuple[int, ...]] | None = None
        """Points and tie-break markers before the last official race, to score it again
        if it is corrected."""
        self.cards_named_on: dict[int, tuple[Event, RaceRecord]] = {}
        """The card each move naming horses (a pick, late scratches, a morning line) was
        made on, by its event's id (the event kept beside it, to be sure): the log says
        the horse with its program number then ("picked 3 Bolt to win", ``move_words``),
        though later races number horses of the same name otherwise. Worked out as the
        log is applied, so a game saved before says the numbers too."""

    # --- who acts ---------------------------------------------------------------------
    def contenders(self) -> list[int]:
        """Markers racing now: everyone, or the tied markers in a tie-break race."""
        return list(self.playoff) or list(range(len(self.points)))

    def pick_order(self) -> list[int]:
        """The contenders in the order they pick this race (R7, R17)."""
        racing = self.contenders()
        if self.game.order is Order.marker:
            return racing
        first = self.races_run % len(racing)
        return racing[first:] + racing[:first]

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase is Phase.over:
            return []
        if phase is Phase.card:
            return [CHANCE] if self.game.source is Source.replays else [self.game.keeper]
        if phase is Phase.draw:
            return [CHANCE]
        if phase is Phase.pick:
            waiting = [c for c in self.pick_order() if c not in self.picks]
            return waiting if self.game.sealed else waiting[:1]  # sealed: all at once
        if phase is Phase.confirm:
            return [c for c in self.pick_order() if c not in self.confirmed]
        if phase is Phase.repick:
            return [self.to_repick[0]]
        return [self.game.keeper]

    def picks_open(self) -> bool:
        return self.phase in (Phase.pick, Phase.confirm, Phase.scratches)

    def sealed_now(self) -> bool:
        """Sealed picks stay sealed until the keeper closes picks."""
        return self.game.sealed and self.picks_open()

    def chance_node(self) -> ChanceNode:
        if self.phase is Phase.draw:
            return ChanceNode("Top of the Stretch race", choices=SIM_SEEDS)
        return ChanceNode("race replay", choices=len(card.unseen_replays(self)))

    def open_ended(self, player: int) -> bool:
        return player == self.game.keeper

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act() or self.race is None or player == self.game.keeper:
            return []
        if self.phase is Phase.confirm:
            return [Ready()]
        starters = [h for h in self.race.horses if h not in self.scratched]
        offered = [Pick(h, b.value) for h in starters for b in Bet]
        if self.phase is Phase.pick and self.game.sealed:
            return [SealedPick(ticket(player + 1, p)) for p in offered]
        return list(offered) if self.phase is Phase.pick else [*offered, SitOut()]

    # --- what may be done ---------------------------------------------------------------
    def why_illegal(self, player: int, action: Action) -> str | None:
        if isinstance(action, SealedPick | Pick) and self.picks_open():
            problem = picks.sealing_problem(self, player, action)
            if problem:
                return problem
        if picks.changing_pick(self, player, action):
            return picks.change_problem(self, player, action)
        if isinstance(action, MorningLine):  # the keeper's, any time picks are open (R28)
            return card.morning_line_problem(self, player, action)
        closing_early = self.phase in (Phase.pick, Phase.confirm)
        if player == self.game.keeper and isinstance(action, PostScratches) and closing_early:
            return picks.early_close_problem(self, action)
        if player != self.game.keeper or player not in self.to_act():
            return super().why_illegal(player, action)
        return self._posting_problem(action)

    def _posting_problem(self, action: Action) -> str | None:
        """What the score keeper posts in turn, checked by the part of the rules it is."""
        phase = self.phase
        if phase is Phase.card and isinstance(action, Correction):
            return scoring.correction_problem(self, action)
        if phase is Phase.card and isinstance(action, Simulate):
            return desk_race_problem(action.race, action.mode)
        if phase is Phase.card and isinstance(action, DayCard):
            return card.day_card_problem(action)
        if phase is Phase.card and isinstance(action, TypedCard):
            try:
                return card.card_problem(card.card_read(action))
            except ValueError as exc:
                return str(exc)
        if phase is Phase.result and self.simulation is not None:
            if isinstance(action, RunRace):
                return None
            return "Top of the Stretch runs this race: run it"
        if phase is Phase.review and isinstance(action, PostResult | Official):
            return None if isinstance(action, Official) else scoring.result_problem(self, action)
        expected = {Phase.card: PostCard, Phase.scratches: PostScratches, Phase.result: PostResult}
        wanted = expected.get(phase)
        if wanted is None or not isinstance(action, wanted):
            if phase is Phase.review:
                return "the result is under review: declare it official or post it again"
            return f"the score keeper must post the {phase.value} now"
        if isinstance(action, PostCard):
            return card.card_problem(action)
        if isinstance(action, PostScratches):
            return picks.scratches_problem(self, action)
        assert isinstance(action, PostResult)
        return scoring.result_problem(self, action)

    # --- changing the state -------------------------------------------------------------
    def _apply_chance(self, outcome: Outcome) -> None:
        card.draw(self, outcome)

    def _apply(self, player: int, action: Action) -> None:
        if self.race is not None and isinstance(action, NAMING_HORSES):
            event = self.events[-1]  # this move, logged
            self.cards_named_on[id(event)] = (event, self.race)
        if isinstance(action, TypedCard):
            action = card.card_read(action)
        if isinstance(action, PostCard):
            card.post_card(self, action)
        elif isinstance(action, Simulate):
            self.asked, self.phase = action, Phase.draw
        elif isinstance(action, DayCard):
            card.load_day_card(self, action)
        elif isinstance(action, RunRace):
            scoring.run_race(self)
        elif isinstance(action, MorningLine):
            card.post_lines(self, action)
        elif isinstance(action, PostScratches):
            picks.post_scratches(self, action)
        elif isinstance(action, PostResult):
            scoring.post_result(self, action)
        elif isinstance(action, Official):
            scoring.declare_official(self)
        elif isinstance(action, Correction):
            scoring.correct(self, action)
        elif isinstance(action, Ready):
            picks.confirm(self, player)
        elif self.picks_open():
            picks.pick(self, player, action)
        else:
            picks.repick(self, player, action)

    # --- the end ------------------------------------------------------------------------
    def result(self) -> JSON:
        return {
            "winners": [scoring.marker_json(self, s) for s in self.winners],
            "how": self.how,
            "races": self.races_run,
            "board": [scoring.marker_json(self, s) for s in range(len(self.points))],
        }

    # --- what people see ------------------------------------------------------------------
    def hidden_from(self, player: int | None) -> set[str]:
        """While sealed picks are open, every other seat's tickets (R22)."""
        return secrecy.hidden_tickets(self, player)

    def secret_move(self, player: int | None, position: int) -> bool:
        """A sealed pick another marker changed before picks closed: the close reveals
        the pick that stands, not the ones it replaced (R26)."""
        return position in self.changed_sealed and self.events[position].player != player

    def move_words(self, event: Event) -> str | None:
        """The move in words, its horses with their program numbers on the card it was
        made on (``cards_named_on``; a move shown as another event, some of it hidden
        from the reader, names its horses alone)."""
        names = [entrant.name for entrant in self.game.entrants]
        made_on = self.cards_named_on.get(id(event))
        race = made_on[1] if made_on is not None and made_on[0] is event else None
        numbers = {} if race is None else dict(zip(race.horses, race.programs, strict=True))
        return move_said(CODEC.from_json(event.action or {}), names, numbers)

    def twin_views(self, player: int | None) -> list[JSON]:
        """Other sealed picks, and an unrun race's places changed round (``secrecy``)."""
        return [twin.view(player) for twin in secrecy.twins(self, player)]

    def view(self, player: int | None) -> JSON:
        return table_view(self, player)

    def call_now(self) -> list[dict[str, str]] | None:
        """The call read out now: the result under review's, of a race Top of the Stretch
        ran (from the keeper's desk, R25, or posted with its call by the computer keeper)."""
        if self.phase is not Phase.review:
            return None
        return self.simulation.call if self.simulation is not None else self.posted_call

    def watch_steps(self) -> int:
        """A called race under review: its call read part by part, a step each, before the
        computer keeper makes it official; then its result, ``RESULT_STEPS``, before the
        computer keeper posts the next card (a person keeper's moves are never held)."""
        call = self.call_now()
        if call:
            return len(call)
        last = self.events[-1].action if self.events else None
        official = last is not None and last.get("kind") == "official"
        if self.phase is Phase.card and official and self.history and self.history[-1]["call"]:
            return RESULT_STEPS
        return 0
