"""The Table: one game session, whatever surface drives it (DESIGN.md section 2a).

A table holds a game, its seats, its dice and its log. A person's move comes in through
``submit(seat, action, seen_version)``: it is refused if the table has moved on since
the sender looked (the version is the number of events), verified by the rules, stored
at its position, applied, and then chance and the computer players are resolved until a
person must act, a roll must be typed, or the game ends.

Computer players are exactly repeatable: every decision is made by a fresh player whose
generator is seeded from the table's seed, the seat and the event index, so a table
rebuilt from its log at any cut goes on exactly as the unbroken one.

What a move sets off is stored in one transaction: the person's action (or typed roll)
and the run of rolls and computer decisions after it are kept aside as they are worked
out and appended together when the run stops, before anyone is shown any of it. Those
events follow from the log and the seed, so a run lost to a crash is worked out again
the same on resume. A decision a surface's own agent makes (a person typing at the
terminal) is stored the moment it is made. If the log refuses the run (another writer
moved first), the table is rebuilt from the log and the refusal passed on.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from homestretch.bots.random_bot import RandomBot
from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.errors import HomestretchError, IllegalAction, TableMovedOn
from homestretch.core.protocol import CHANCE, JSON, Event, Game, State
from homestretch.core.referee import Agent, RefereeError, SeesTheTable
from homestretch.core.registry import GameEntry
from homestretch.session.dice import DiceSpec, TableDice
from homestretch.session.log import HIDDEN, EventLog, MemoryLog, log_entry, redacted
from homestretch.session.seats import Seat, computer

AUTO = "auto"
"""The computer player of a seat the game fills itself (``GameEntry.input_agents``,
such as Derby Cast's score keeper posting simulated races)."""
MAX_STEPS = 1_000_000


class StaleVersion(TableMovedOn):
    """A move made on a page that no longer shows the table as it is."""


def decision_seed(seed: int, seat: int, position: int) -> int:
    """The seed of one computer decision: the table's seed, the seat and how many
    events the table holds. A rebuilt table has the same count at the same point."""
    digest = hashlib.sha256(f"decision:{seed}:{seat}:{position}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Waiting:
    """What the table waits for: the seats that must decide, a roll to be typed (with
    real dice), or nothing (the game is over)."""

    seats: tuple[int, ...]
    roll: ChanceNode | None = None

    @property
    def over(self) -> bool:
        return not self.seats and self.roll is None


class Table:
    def __init__(
        self,
        entry: GameEntry,
        game: Game,
        seats: Sequence[Seat],
        dice: DiceSpec,
        log: EventLog | None = None,
        events: Sequence[Event] = (),
        agents: Mapping[int, Agent] | None = None,
    ) -> None:
        """A table rebuilt from ``events`` (none: a new game). ``agents`` lets a surface
        supply the player of a seat itself (a person typing results at a terminal)."""
        self.entry = entry
        self.game = game
        self.seats = list(seats)
        self.dice_spec = dice
        self.log: EventLog = log if log is not None else MemoryLog(events)
        self.state: State = game.new_initial_state()
        self._dice = TableDice(dice)
        self._agents = dict(agents or {})
        self._auto: dict[int, Agent] | None = None
        self._chance: list[tuple[str, bool] | None] = []
        """For each event, the chance node's label and whether it was dice (None for an
        action): the redacted log shows rolls but not draws."""
        self._unstored: list[Event] = []
        """Events applied but not yet stored: the run the current move set off."""
        self.dice_mismatch: int | None = None
        """The first position whose outcome these dice would not have given."""
        self.watched = False
        """Whether people watch this table as it happens (the web's live tables, while a
        page is open on them): a run of automatic moves then stops where the game asks
        for what it shows to be watched first (``State.watch_steps``: a race's call read
        out), and the surface moves it on (``advance(watched=True)``) once it has been.
        Off (tests, the terminal, simulations): the run goes straight on."""
        self.notes: list[str] = []
        """What a surface tells the person of a saved table rebuilt (``saved.rebuild``),
        a line each: a file it read that changed since, where the game cannot differ."""
        for event in events:
            self._take(event)

    # --- what the table is at ---------------------------------------------------------
    @property
    def version(self) -> int:
        return len(self.state.events)

    @property
    def seed(self) -> int:
        return self.dice_spec.seed

    def waiting(self) -> Waiting:
        if self.state.is_over():
            return Waiting(())
        if self.state.is_chance_node():
            return Waiting((), roll=self.state.chance_node())
        return Waiting(tuple(self.state.to_act()))

    def is_computer(self, seat: int) -> bool:
        if seat in self._agents:
            return True
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "bot"

    def moved_at_once(self) -> frozenset[int]:
        """The seats the table moves itself, as soon as the game waits on them (the
        computer players, and a seat a surface plays through its own agent): an offer
        put to one is answered before anyone moves again."""
        return frozenset(s for s in {*range(len(self.seats)), *self._agents} if self.is_computer(s))

    def seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise IllegalAction(f"there is no seat {seat} at this table")
        return self.seats[seat]

    def view(self, seat: int | None) -> JSON:
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def log_for(self, seat: int | None, since: int = 0) -> list[JSON]:
        """The log as ``seat`` may see it (None: a spectator): draws without their
        outcome, another player's secret moves (``secret_move``) as their kind alone,
        whatever ``hidden_from(seat)`` names replaced by "hidden", and each move also in
        the game's words (``move_words``) of the move as shown."""
        hidden = self.state.hidden_from(seat)
        entries = []
        for position in range(since, self.version):
            chance = self._chance[position]
            label, dice = chance if chance is not None else (None, False)
            event = self.state.events[position]
            entry = log_entry(position, event, label, dice)
            shown = redacted(entry, hidden) if hidden else entry
            if event.action is not None:
                if self.state.secret_move(seat, position):
                    kind_alone = {k: v if k == "kind" else HIDDEN for k, v in event.action.items()}
                    shown = {**shown, "action": kind_alone}
                seen = event if shown == entry else Event(event.player, shown["action"])
                if (words := self.state.move_words(seen)) is not None:
                    shown["words"] = words
            entries.append(shown)
        return entries

    # --- moves ------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, seen_version: int) -> list[Event]:
        """A person's move, made on the table as they saw it at ``seen_version``."""
        self._check_version(seen_version)
        if self.is_computer(seat):
            raise IllegalAction(f"seat {seat} ({self.seat(seat).name}) is a computer player")
        self.seat(seat)
        reason = self.state.why_illegal(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        start = self.version
        with self._storing():
            self._record_action(seat, action)
            self._run()
        return self.state.events[start:]

    def still_stands(self, seat: int, action: Action, seen_version: int) -> bool:
        """Whether ``seat``'s move, sent when the table was at ``seen_version`` and refused
        as stale, means now what it meant then, so may be made as it is (the ruling in
        docs/architecture.md, "Moves made at once"): only other seats' moves came between,
        each of a kind made at once (``Action.at_once``: a bet at the windows, a sealed
        pick), no roll or draw; the move is of such a kind too, the table still waits for
        the seat and the rules take the move now. Anything else (a bid after another bid,
        a move after the dice) may mean something else now: it is refused, not made."""
        if not 0 <= seen_version < self.version or not action.at_once:
            return False
        codec = self.game.codec
        between = self.state.events[seen_version:]
        if any(
            e.action is None or e.player == seat or not codec.at_once(e.action) for e in between
        ):
            return False
        return seat in self.waiting().seats and self.state.why_illegal(seat, action) is None

    def roll(self, faces: Sequence[int], seen_version: int) -> list[Event]:
        """The faces a person rolled with real dice, for the roll the table waits for."""
        self._check_version(seen_version)
        node = self.waiting().roll
        if node is None or not self._dice.needs_person(node):
            raise IllegalAction("no roll is waiting to be typed")
        start = self.version
        with self._storing():
            self._record_chance(node, node.check(faces))
            self._run()
        return self.state.events[start:]

    def advance(self, watched: bool = False) -> list[Event]:
        """Resolve chance and computer players until a person must act, a roll must be
        typed, or the game is over; the run is stored in one transaction. ``watched``:
        what the table shows now has been watched as long as it asked (``held``), so the
        run goes on past it."""
        start = self.version
        with self._storing():
            self._run(past=start if watched else None)
        return self.state.events[start:]

    def held(self) -> int:
        """The reading steps the table asks to be watched for before its next automatic
        move (a roll or a computer's decision): what it shows now (``State.watch_steps``);
        0: nothing to watch, or a person's move or a typed roll is next. A watched table's
        run stops there (``watched``)."""
        if not self._automatic_next():
            return 0
        return max(0, self.state.watch_steps())

    def _automatic_next(self) -> bool:
        waiting = self.waiting()
        if waiting.roll is not None:
            return not self._dice.needs_person(waiting.roll)
        return any(self.is_computer(s) for s in waiting.seats)

    def step(self) -> Event | None:
        """Resolve the next automatic roll or computer decision, if the table waits for
        one, store it and return its event; None when a person must act or the game is
        over (a surface showing each event as it happens)."""
        with self._storing():
            return self._step()

    def _run(self, past: int | None = None) -> None:
        """Automatic moves until none is due, or (a watched table) until what the table
        shows asks to be watched first, unless at version ``past`` (watched already)."""
        for _ in range(MAX_STEPS):
            if self.watched and self.version != past and self.held():
                return
            if self._step() is None:
                return
        raise RefereeError(f"the game did not end within {MAX_STEPS} steps")

    def _step(self) -> Event | None:
        waiting = self.waiting()
        if waiting.roll is not None:
            if self._dice.needs_person(waiting.roll):
                return None
            self._record_chance(waiting.roll, self._dice.roll(waiting.roll))
            return self.state.events[-1]
        computer = next((s for s in waiting.seats if self.is_computer(s)), None)
        if computer is None:
            return None
        self._record_action(computer, self._decide(computer))
        return self.state.events[-1]

    def sync(self) -> list[Event]:
        """Take the events other writers stored since this table last looked."""
        fresh = self.log.since(self.version)
        for event in fresh:
            self._take(event)
        return fresh

    def replace_seat(self, seat: int, new: Seat) -> None:
        """Seat someone else (a person taking an open seat, a computer player taking
        over an abandoned one); the log is untouched."""
        self.seat(seat)
        if new.kind == "bot" and new.bot != AUTO:
            self._bot_factory(new.bot or "")  # an unknown kind fails now
        self.seats[seat] = new

    def over_game(self, game: Game) -> Table:
        """This table played over ``game``, the same rules configured otherwise only in
        what the log does not depend on (a player's name): its events applied again."""
        table = Table(
            self.entry, game, self.seats, self.dice_spec, self.log, self.state.events, self._agents
        )
        table.watched = self.watched
        return table

    # --- inside -----------------------------------------------------------------------
    @contextmanager
    def _storing(self) -> Iterator[None]:
        """Store what the block applied, in one append, however the block ends (a bot's
        error or Ctrl-C keeps what was worked out before it)."""
        try:
            yield
        except BaseException:
            # the block's own error says what went wrong, not the log's refusal of an
            # event half applied (a rule that failed part way through: a chart with no row)
            with contextlib.suppress(TableMovedOn):
                self._store()
            raise
        self._store()

    def _store(self) -> None:
        if not self._unstored:
            return
        events, self._unstored = self._unstored, []
        try:
            self.log.append(self.version - len(events), events)  # refuses a taken position
        except TableMovedOn:
            self._reload()
            raise

    def _reload(self) -> None:
        """The table as its log has it (after a run the log refused)."""
        self.state = self.game.new_initial_state()
        self._dice = TableDice(self.dice_spec)
        self._chance, self.dice_mismatch = [], None
        for event in self.log.since(0):
            self._take(event)

    def _check_version(self, seen_version: int) -> None:
        if seen_version != self.version:
            raise StaleVersion(
                f"The table moved on since you looked (you saw move {seen_version}, it is "
                f"at move {self.version} now), so your move was not made: look again and "
                "choose."
            )

    def _decide(self, seat: int) -> Action:
        legal = self.state.legal_actions(seat)
        agent = self._agents.get(seat)
        if agent is None:
            seed = decision_seed(self.seed, seat, self.version)
            agent = self._bot(seat, seed)
        if isinstance(agent, SeesTheTable):
            agent.answer_at_once(self.moved_at_once())
        return agent.choose(seat, self.state.view(seat), legal)

    def _bot(self, seat: int, seed: int) -> Agent:
        kind = self.seats[seat].bot or ""
        if kind == AUTO:
            if self._auto is None:
                make = self.entry.input_agents
                self._auto = make(self.game, self.seed) if make is not None else {}
            if seat not in self._auto:
                raise HomestretchError(f"{self.entry.name} has no computer player for seat {seat}")
            return self._auto[seat]
        return self._bot_factory(kind)(self.game, seat, seed)

    def _bot_factory(self, kind: str) -> Any:
        if kind == "random":
            return lambda game, seat, seed: RandomBot(seed)
        factory = self.entry.bots.get(kind)
        if factory is None:
            known = ", ".join(["random", *sorted(self.entry.bots)])
            raise HomestretchError(f"unknown computer player {kind!r} (known: {known})")
        return factory

    def _record_action(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self._unstored.append(self.state.events[-1])
        self._chance.append(None)
        if seat in self._agents:
            self._store()  # a person's input at a surface cannot be worked out again

    def _record_chance(self, node: ChanceNode, outcome: Outcome) -> None:
        self.state.apply_chance(outcome)
        self._unstored.append(self.state.events[-1])
        self._chance.append((node.label, node.is_dice))

    def _take(self, event: Event) -> None:
        """An event already stored: applied, with the dice stepped past it."""
        if event.player == CHANCE:
            node = self.state.chance_node() if self.state.is_chance_node() else None
            if node is None:
                raise HomestretchError(
                    f"the log has a roll at move {self.version} where none is due"
                )
            matched = self._dice.step(node, event.outcome or ())
            if not matched and self.dice_mismatch is None:
                self.dice_mismatch = self.version
            self.state.apply_event(event)
            self._chance.append((node.label, node.is_dice))
        else:
            self.state.apply_event(event)
            self._chance.append(None)


def computer_seats(entry: GameEntry, game: Game, mix: int = 0) -> list[Seat]:
    """Every seat a computer player, the game's kinds and the random one in turn from
    ``mix`` on; a seat the game fills itself (a score keeper) gets its own player."""
    kinds = ["random", *sorted(entry.bots)]
    seats = [computer(f"C{s + 1}", kinds[(s + mix) % len(kinds)]) for s in range(game.num_players)]
    own = entry.input_agents(game, 0) if entry.input_agents is not None else {}
    for seat in sorted(own):
        while len(seats) <= seat:
            seats.append(computer(f"K{len(seats) + 1}", AUTO))
    return seats
