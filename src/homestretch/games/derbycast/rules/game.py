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
again on Stretch's bundled files (which the game records, ``bundled_reads``). ``replays``: a race replay is drawn at random (a chance node)
from the bundled library in ``replays.csv``.

Options for tables online: ``sealed`` picks, hidden from the other seats until the
keeper closes picks (R22), and ``confirm``, every pick said to stand before picks close
(R24). The keeper may close picks early, naming who sits out (R23).

The score keeper's postings are open-ended data (any field, any odds), so like an
auction bid they are verified by ``why_illegal`` and ``legal_actions`` lists none.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.protocol import CHANCE, JSON, Event, Game, State
from homestretch.games.derbycast.content.odds_table import TableRow, table_from_json, table_to_json
from homestretch.games.derbycast.content.race_record import (
    RaceRecord,
    Runner,
    field_problem,
    numbered,
    ranking_problem,
)
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.content.results_file import (
    card_only,
    races_from_data,
    uploaded_card,
)
from homestretch.games.derbycast.rules import secrecy
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
    opened,
    ticket,
)
from homestretch.games.derbycast.rules.entrants import Entrant, check_entrants
from homestretch.games.derbycast.rules.race import (
    comma_words,
    find_horse,
    read_finish,
    typed_field,
    typed_lines,
)
from homestretch.games.derbycast.rules.table import Bet, advance_for, points
from homestretch.games.derbycast.rules.winning import (
    OFFICIAL_FINISH,
    TieRule,
    decide,
    reached_finish,
)
from homestretch.games.derbycast.rules.words import (
    CAPTIONS,
    card_words,
    correction_line,
    day_card_line,
    desk_words,
    marker_title,
    morning_lines_line,
    move_said,
    next_race_line,
    no_odds_line,
    official_line,
    phase_line,
    pick_line,
    report_words,
    review_line,
    sealed_line,
    standing_line,
    tie_break_line,
    waiting_line,
    winners_line,
    yours,
)
from homestretch.games.derbycast.sources.simulated import (
    SIM_SEEDS,
    SimulatedRace,
    desk_race,
    desk_race_problem,
    stretch_races,
)

E = TypeVar("E", bound=StrEnum)


class Source(StrEnum):
    keeper = "keeper"
    replays = "replays"


class Order(StrEnum):
    """Who picks first: marker 1 every race (R7 as first ruled, and saved games from
    before the option), or a first picker who moves down one marker each race (R17)."""

    marker = "marker"
    rotate = "rotate"


class Draw(StrEnum):
    """Race replays drawn without replacement until all were seen (R15), or with
    replacement (saved games from before the option)."""

    fresh = "fresh"
    any = "any"


class Phase(StrEnum):
    card = "card"
    draw = "draw"
    """Top of the Stretch runs the race the keeper chose (a chance node: its seed)."""
    pick = "pick"
    confirm = "confirm"
    """Every marker has picked; with ``confirm``, each says the pick stands (R24)."""
    scratches = "scratches"
    """Every marker has picked: picks stay open until the keeper closes them."""
    repick = "repick"
    result = "result"
    review = "review"
    """A result is posted but not yet official: the keeper declares it or types it again."""
    over = "over"


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
        self.posted_call: list[dict[str, str]] | None = None
        """The call posted with a result (``PostResult.call_headings``), kept with it."""
        """The race Top of the Stretch ran for the card, its result unseen until run."""
        self.day_card = game.day_card
        self.card_from = 0
        """Races run when the day's card was loaded: its first race is the next one."""
        self._asked: Simulate | None = None
        self._before_last: tuple[list[int], tuple[int, ...]] | None = None
        """Points and tie-break markers before the last official race, to score it again
        if it is corrected."""

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
        return ChanceNode("race replay", choices=len(self._unseen_replays()))

    def _unseen_replays(self) -> list[int]:
        everything = list(range(len(replay_library())))
        if self.game.draw is Draw.any:
            return everything
        seen = set(self.replays_seen)
        return [i for i in everything if i not in seen] or everything

    def open_ended(self, player: int) -> bool:
        return player == self.game.keeper

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act() or self.race is None or player == self.game.keeper:
            return []
        if self.phase is Phase.confirm:
            return [Ready()]
        starters = [h for h in self.race.horses if h not in self.scratched]
        picks = [Pick(h, b.value) for h in starters for b in Bet]
        if self.phase is Phase.pick and self.game.sealed:
            return [SealedPick(ticket(player + 1, p)) for p in picks]
        return list(picks) if self.phase is Phase.pick else [*picks, SitOut()]

    def why_illegal(self, player: int, action: Action) -> str | None:
        if isinstance(action, SealedPick | Pick) and self.picks_open():
            problem = self._sealing_problem(player, action)
            if problem:
                return problem
        if self._changing_pick(player, action):
            return self._change_problem(player, action)
        if isinstance(action, MorningLine):  # the keeper's, any time picks are open (R28)
            return self._morning_line_problem(player, action)
        closing_early = self.phase in (Phase.pick, Phase.confirm)
        if player == self.game.keeper and isinstance(action, PostScratches) and closing_early:
            return self._early_close_problem(action)
        if player != self.game.keeper or player not in self.to_act():
            return super().why_illegal(player, action)
        return self._posting_problem(action)

    def _sealing_problem(self, player: int, action: SealedPick | Pick) -> str | None:
        """Open picks are Picks; sealed ones are the seat's own tickets."""
        if not self.game.sealed:
            return "picks are not sealed at this table" if isinstance(action, SealedPick) else None
        if isinstance(action, Pick):
            return "picks are sealed at this table: send your pick as a sealed ticket"
        opened_pick = opened(action) if isinstance(action.ticket, str) else None
        if opened_pick is None:
            return "a sealed ticket reads MARKER|BET|HORSE"
        if opened_pick[0] != player + 1:
            return f"that ticket is marker {opened_pick[0]}'s, not yours"
        return None

    def _changing_pick(self, player: int, action: Action) -> bool:
        """A marker that has picked may pick again until the keeper closes picks."""
        return (
            isinstance(action, Pick | SealedPick)
            and self.picks_open()
            and self.game.source is Source.keeper
            and self.picks.get(player) is not None
        )

    def _change_problem(self, player: int, action: Action) -> str | None:
        pick = _as_pick(action)
        assert self.race is not None and pick is not None
        if pick.horse in self.scratched or pick.horse not in self.race.horses:
            return f"{pick.horse} is not running in {self.race.name}"
        if pick.bet not in {b.value for b in Bet}:
            return f"unknown bet {pick.bet!r} (win, place or show)"
        if pick == self.picks.get(player):
            return f"that is already your pick ({pick})"
        return None

    def _early_close_problem(self, action: PostScratches) -> str | None:
        """Closing before every marker has picked (or confirmed): the keeper names the
        markers who have not picked, and they sit out (R23)."""
        missing = [c + 1 for c in self.contenders() if c not in self.picks]
        if sorted(action.sit_out) != missing:
            named = ", ".join(str(m) for m in missing) or "nobody"
            return f"to close picks now, name the markers who have not picked: {named}"
        return self._scratches_problem(action)

    def _posting_problem(self, action: Action) -> str | None:
        phase = self.phase
        if phase is Phase.card and isinstance(action, Correction):
            return self._correction_problem(action)
        if phase is Phase.card and isinstance(action, Simulate):
            return desk_race_problem(action.race, action.mode)
        if phase is Phase.card and isinstance(action, DayCard):
            return self._day_card_problem(action)
        if phase is Phase.card and isinstance(action, TypedCard):
            try:
                return _card_problem(_card_read(action))
            except ValueError as exc:
                return str(exc)
        if phase is Phase.result and self.simulation is not None:
            if isinstance(action, RunRace):
                return None
            return "Top of the Stretch runs this race: run it"
        if phase is Phase.review and isinstance(action, PostResult | Official):
            return None if isinstance(action, Official) else self._result_problem(action)
        expected = {Phase.card: PostCard, Phase.scratches: PostScratches, Phase.result: PostResult}
        wanted = expected.get(phase)
        if wanted is None or not isinstance(action, wanted):
            if phase is Phase.review:
                return "the result is under review: declare it official or post it again"
            return f"the score keeper must post the {phase.value} now"
        if isinstance(action, PostCard):
            return _card_problem(action)
        if isinstance(action, PostScratches):
            return self._scratches_problem(action)
        assert isinstance(action, PostResult)
        return self._result_problem(action)

    # --- changing the state -------------------------------------------------------------
    def _apply_chance(self, outcome: Outcome) -> None:
        if self.phase is Phase.draw:
            assert self._asked is not None
            self.simulation = desk_race(outcome[0], self._asked.race, self._asked.mode)
            self._open_card(self.simulation.card, ())
            return
        drawn = self._unseen_replays()[outcome[0]]
        if len(self._unseen_replays()) == len(replay_library()):
            self.replays_seen = []  # every replay was seen: a new round of them
        self.replays_seen.append(drawn)
        replay = replay_library()[drawn]
        self._open_card(replay, replay.scratched_before_post)

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, TypedCard):
            action = _card_read(action)
        if isinstance(action, PostCard):
            programs = numbered(action.programs, len(action.horses))
            runners = (
                Runner(h, Odds.parse(o) if o.strip() else None, None, program=n)
                for h, o, n in zip(action.horses, action.odds, programs, strict=True)
            )
            self._open_card(RaceRecord(action.race.strip(), tuple(runners)), action.scratched)
            self._tell_no_odds()  # the keeper may have typed one line too few
        elif isinstance(action, Simulate):
            self._asked, self.phase = action, Phase.draw
        elif isinstance(action, DayCard):
            self.day_card = tuple(uploaded_card(action.file, action.text))
            self.card_from = self.races_run
            races = len(self.day_card)
            self.notice(
                "day-card", file=action.file, races=races, words=day_card_line(action.file, races)
            )
        elif isinstance(action, RunRace):
            assert self.simulation is not None
            official = self.simulation.record
            self._review(official)
        elif isinstance(action, MorningLine):
            self._post_lines(action)
        elif isinstance(action, PostScratches):
            for marker in action.sit_out:
                self.picks[marker - 1] = None
            self._announce_scratches(self.scratched + action.horses)
        elif isinstance(action, PostResult):
            assert self.race is not None
            official = self._official(action.odds, _finish_of(action, self.race))
            self.posted_call = [
                {"heading": heading, "words": words}
                for heading, words in zip(action.call_headings, action.call_words, strict=False)
            ] or None
            if action.official:
                self._score(official)
            else:
                self._review(official)
        elif isinstance(action, Official):
            assert self.under_review is not None
            self._score(self.under_review)
        elif isinstance(action, Correction):
            self._correct(action)
        elif isinstance(action, Ready):
            self.confirmed.add(player)
            if all(c in self.confirmed for c in self.contenders()):
                self.phase = Phase.scratches
        elif self.picks_open():
            if isinstance(action, SealedPick):
                self.tickets.setdefault(player, set()).add(action.ticket)
                if player in self.sealed_at:
                    self.changed_sealed.add(self.sealed_at[player])
                self.sealed_at[player] = len(self.events) - 1  # this move, logged
            self.picks[player] = _as_pick(action)
            self.confirmed.discard(player)
            if self.phase is Phase.scratches and self.game.confirm:
                self.phase = Phase.confirm  # a changed pick must be confirmed again
            if self.phase is Phase.pick and all(c in self.picks for c in self.contenders()):
                self._after_picks()
        else:
            self.picks[player] = action if isinstance(action, Pick) else None
            self.to_repick.pop(0)
            if not self.to_repick:
                self._after_repicks()

    def _tell_no_odds(self) -> None:
        """The keeper alone is told which starters on the card have no morning line
        (their odds are not known: allowed, R12, but a line may have been missed)."""
        assert self.race is not None
        starters = [r for r in self.race.runners if r.horse not in self.scratched]
        unknown = no_odds_line(
            [r.horse for r in starters],
            [r.program for r in starters],
            ["" if r.odds is None else str(r.odds) for r in starters],
        )
        if unknown:
            self.notice("no-odds", to=self.game.keeper, race=self.races_run + 1, words=unknown)

    def _post_lines(self, action: MorningLine) -> None:
        """The card with the keeper's morning lines (R28). With ``confirm``, the picks
        said to stand at the old odds are each asked again."""
        assert self.race is not None
        lines = zip(action.horses, action.odds, strict=True)
        new = {h: Odds.parse(o) if o.strip() else None for h, o in lines}
        runners = tuple(
            replace(r, odds=new[r.horse]) if r.horse in new else r for r in self.race.runners
        )
        self.race = RaceRecord(self.race.name, runners)
        again = self.game.confirm and self.phase in (Phase.confirm, Phase.scratches)
        if again:
            self.confirmed, self.phase = set(), Phase.confirm
        posted = [
            (r.program, r.horse, "" if r.odds is None else str(r.odds))
            for r in runners
            if r.horse in new
        ]
        race = self.races_run + 1
        picked = [self.game.entrants[c].name for c, p in sorted(self.picks.items()) if p]
        said = morning_lines_line(race, posted, again, picked)  # those who picked are told
        self.notice("morning-line", race=race, picked=[] if again else picked, words=said)
        self._tell_no_odds()  # the horses still without one, if any

    def _review(self, official: RaceRecord) -> None:
        self.under_review, self.phase = official, Phase.review
        race = self.races_run + 1
        would = self._awards(official)
        self.notice("under-review", race=race, would=would, words=review_line(race))

    def _open_card(self, race: RaceRecord, scratched: tuple[str, ...]) -> None:
        """'Scratches known before post are posted before picks': they are on the card."""
        self.race, self.scratched, self.picks = race, tuple(scratched), {}
        self.confirmed, self.tickets, self.sealed_at = set(), {}, {}
        self.scratched_on_card = self.scratched
        self.phase = Phase.pick

    def _after_picks(self) -> None:
        assert self.race is not None
        if self.game.source is Source.replays:
            self._announce_scratches(self.scratched + self.race.scratched_late)
        else:
            self.phase = Phase.confirm if self.game.confirm else Phase.scratches

    def _announce_scratches(self, horses: tuple[str, ...]) -> None:
        """'If your horse is scratched before the official start, choose another horse or
        sit out that race.'"""
        self.scratched = horses
        self.to_repick = [
            c for c, pick in sorted(self.picks.items()) if pick and pick.horse in horses
        ]
        if self.to_repick:
            self.phase = Phase.repick
        else:
            self._after_repicks()

    def _after_repicks(self) -> None:
        if self.game.source is Source.replays:
            assert self.race is not None
            self._score(self.race)
        else:
            self.phase = Phase.result

    def _official(
        self, odds: tuple[str, ...], finish: tuple[int | None, ...], race: RaceRecord | None = None
    ) -> RaceRecord:
        """The card with its official finish and final odds (``race``: a scored race's
        card, whose scratches it keeps)."""
        card = race or self.race
        assert card is not None
        if race is None:
            card = RaceRecord(
                card.name,
                tuple(
                    replace(
                        r,
                        scratched=r.horse in self.scratched,
                        late=r.horse in self.scratched and r.horse not in self.scratched_on_card,
                    )
                    for r in card.runners
                ),
            )
        return RaceRecord(
            card.name,
            tuple(
                replace(r, odds=Odds.parse(o) if o.strip() else None, finish=f)
                for r, o, f in zip(card.runners, odds, finish, strict=True)
            ),
        )

    def _awards(
        self, official: RaceRecord, picks: dict[int, Pick | None] | None = None
    ) -> list[JSON]:
        """What each racing marker's pick earns by this official result."""
        chosen = self.picks if picks is None else picks
        awarded: list[JSON] = []
        for seat in sorted(chosen, key=self.contenders().index):
            pick = chosen[seat]
            entry: JSON = {"marker": seat + 1, "name": self.game.entrants[seat].name}
            if pick is None:
                awarded.append({**entry, "sat_out": True, "points": 0})
                continue
            runner = official.runner(pick.horse)
            assert runner.odds is not None
            gained = points(runner.odds, Bet(pick.bet), runner.finish, self.game.table)
            awarded.append(
                {
                    **entry,
                    "horse": pick.horse,
                    "program": runner.program,
                    "bet": pick.bet,
                    "finish": runner.finish,
                    "odds": str(runner.odds),
                    "points": gained,
                }
            )
        return awarded

    def _score(self, official: RaceRecord) -> None:
        """Check each pick's official finish and final odds; advance by the table."""
        self._before_last = (list(self.points), self.playoff)
        awarded = self._awards(official)
        for entry in awarded:
            self.points[entry["marker"] - 1] += entry["points"]
        self.races_run += 1
        self.history.append(
            {
                "race": self.races_run,
                "name": official.name,
                "tie_break": bool(self.playoff),
                "runners": [r.to_json() for r in official.runners],
                "picks": awarded,
                "board": list(self.points),
                "corrected": 0,
                "call": self.simulation.call if self.simulation is not None else self.posted_call,
            }
        )
        self.posted_call = None
        self.race, self.scratched, self.picks, self.under_review = None, (), {}, None
        self.simulation = None
        self.notice(
            "official",
            race=self.races_run,
            moves=awarded,
            board=list(self.points),
            words=official_line(self.races_run, official.name, awarded),
        )
        self._decide()

    def _decide(self) -> None:
        decision = decide(
            self.points, self.playoff, self.races_run, self.game.set_races, self.game.tie
        )
        if decision.winners:
            self.winners, self.how, self.phase = decision.winners, decision.how, Phase.over
            self.notice(
                "winner",
                markers=[s + 1 for s in self.winners],
                how=self.how,
                words=winners_line(self.result()),
            )
        else:
            self.playoff = decision.playoff or self.playoff
            self.phase = Phase.card
            if self.playoff:  # told before the card is posted, so every screen says why
                level = self.points[self.playoff[0]]
                names = [self.game.entrants[s].name for s in self.playoff]
                self.notice(
                    "tie-break",
                    markers=[s + 1 for s in self.playoff],
                    points=level,
                    words=tie_break_line(names, level),
                )

    def _correct(self, action: Correction) -> None:
        """The last official race scored again from its corrected result: every marker
        goes back to its points before that race and moves by the corrected result."""
        assert self._before_last is not None
        before, playoff = self._before_last
        last = self.history[-1]
        self.points, self.playoff = list(before), playoff
        card = _record_of(last)
        corrected = self._official(action.odds, _finish_of(action, card), card)
        picks = {
            p["marker"] - 1: None if p.get("sat_out") else Pick(p["horse"], p["bet"])
            for p in last["picks"]
        }
        awarded = self._awards(corrected, picks)
        for entry in awarded:
            self.points[entry["marker"] - 1] += entry["points"]
        last.update(
            runners=[r.to_json() for r in corrected.runners],
            picks=awarded,
            board=list(self.points),
            corrected=int(last["corrected"]) + 1,
        )
        self.notice(
            "correction",
            race=last["race"],
            moves=awarded,
            board=list(self.points),
            words=correction_line(last["race"]),
        )
        self._decide()

    # --- the score keeper's postings ------------------------------------------------------
    def _scratches_problem(self, action: PostScratches) -> str | None:
        assert self.race is not None
        if action.horses and self.simulation is not None:
            return "Top of the Stretch runs every horse on its card: no late scratches"
        if self.phase is Phase.scratches and action.sit_out:
            return "every marker has picked: nobody need sit out"
        return _scratch_list_problem(action.horses, self.race, self.scratched)

    def _morning_line_problem(self, player: int, action: MorningLine) -> str | None:
        """A morning line is the score keeper's, posted while picks are open on a card
        the keeper posted (R28): each horse on the card once, running, with odds that
        read (or blank: not known), and each a change."""
        if player != self.game.keeper:
            return "only the score keeper posts morning lines"
        if self.race is None or not self.picks_open():
            return "a morning line is posted while picks are open, before they close"
        if self.simulation is not None:
            return "Top of the Stretch set this race's odds: they are its final odds too"
        if self.game.source is not Source.keeper:
            return "a race replay's odds are its final odds"
        horses, odds = action.horses, action.odds
        if not isinstance(horses, tuple) or not isinstance(odds, tuple):
            return "morning lines are a list of horses and a list of odds"
        if not horses or len(horses) != len(odds):
            return "give each horse its morning line (blank if not known)"
        if not all(isinstance(x, str) for x in (*horses, *odds)):
            return "morning lines are a list of horses and a list of odds"
        if len(set(horses)) != len(horses):
            return "a horse is given two morning lines"
        now = {r.horse: r.odds for r in self.race.runners}
        for horse, price in zip(horses, odds, strict=True):
            if horse not in now:
                return f"{horse!r} is not on the card of {self.race.name}"
            if horse in self.scratched:
                return f"{horse} is scratched"
            if price.strip() and (problem := _odds_problem(price, horse)):
                return problem
            if (Odds.parse(price) if price.strip() else None) == now[horse]:
                shown = "not known" if now[horse] is None else str(now[horse])
                return f"{horse}'s morning line is {shown} already"
        return None

    def _day_card_problem(self, action: DayCard) -> str | None:
        if not isinstance(action.file, str) or not isinstance(action.text, str):
            return "a day's card is a file name and its text"
        try:
            uploaded_card(action.file, action.text)
        except HomestretchError as exc:
            return str(exc)
        return None

    def _result_problem(self, action: PostResult) -> str | None:
        assert self.race is not None
        picked = {p.horse for p in self.picks.values() if p is not None}
        try:
            finish = _finish_of(action, self.race)
        except ValueError as exc:
            return str(exc)
        return _result_problem(self.race, self.scratched, picked, action.odds, finish)

    def _correction_problem(self, action: Correction) -> str | None:
        if not self.history or self._before_last is None:
            return "there is no official result to correct yet"
        last = self.history[-1]
        card = _record_of(last)
        picked = {p["horse"] for p in last["picks"] if not p.get("sat_out")}
        try:
            finish = _finish_of(action, card)
        except ValueError as exc:
            return str(exc)
        return _result_problem(card, card.scratched, picked, action.odds, finish)

    # --- the end ------------------------------------------------------------------------
    def result(self) -> JSON:
        return {
            "winners": [self._marker_json(s) for s in self.winners],
            "how": self.how,
            "races": self.races_run,
            "board": [self._marker_json(s) for s in range(len(self.points))],
        }

    def _marker_json(self, seat: int) -> JSON:
        entrant = self.game.entrants[seat]
        return {
            "marker": seat + 1,
            "name": entrant.name,
            "members": list(entrant.members),
            "team": entrant.is_team,
            "bot": entrant.bot,
            "points": self.points[seat],
            "official_finish": reached_finish(self.points[seat]),
            "needs": max(0, OFFICIAL_FINISH + 1 - self.points[seat]),
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
        names = [entrant.name for entrant in self.game.entrants]
        return move_said(CODEC.from_json(event.action or {}), names)

    def twin_views(self, player: int | None) -> list[JSON]:
        """Other sealed picks, and an unrun race's places changed round (``secrecy``)."""
        return [twin.view(player) for twin in secrecy.twins(self, player)]

    def _picks_shown(self, player: int | None) -> list[JSON]:
        shown: list[JSON] = []
        for seat, pick in sorted(self.picks.items()):
            if self.sealed_now() and seat != player:
                shown.append({"marker": seat + 1, "sealed": True})
            elif pick is None:
                shown.append({"marker": seat + 1, "sat_out": True})
            else:
                shown.append({"marker": seat + 1, "horse": pick.horse, "bet": pick.bet})
        return shown

    def view(self, player: int | None) -> JSON:
        """Everything at a Derby Cast table is open (the board, the picks as announced)
        but sealed picks until picks close. A drawn race replay's finish, and a
        simulated race's, stay unseen until the race is run."""
        card: JSON | None = None
        picked = {p.horse for p in self.picks.values() if p is not None}
        if self.race is not None:
            card = {
                "race": self.race.name,
                "horses": list(self.race.horses),
                "programs": list(self.race.programs),
                "odds": ["" if r.odds is None else str(r.odds) for r in self.race.runners],
                "spaces": [_spaces(r.odds, self.game.table) for r in self.race.runners],
                "scratched": list(self.scratched),
                "unselected": None  # sealed: nothing told by elimination
                if self.sealed_now()
                else [h for h in self.race.horses if h not in picked],
            }
        review = None
        if self.under_review is not None:
            review = {
                "runners": [r.to_json() for r in self.under_review.runners],
                "would": [{**w, "words": pick_line(w)} for w in self._awards(self.under_review)],
            }
        board = [self._marker_json(s) for s in range(len(self.points))]
        leader = max(self.points, default=0)
        last = self.history[-1] if self.history else None
        picks = self._picks_shown(player)
        marker = None if player is None or player >= len(self.points) else player + 1
        shown: JSON = {
            "you": marker,
            "phase": self.phase.value,
            "race": self.races_run + (0 if self.phase is Phase.over else 1),
            "set_races": self.game.set_races,
            "tie": self.game.tie.value,
            "tie_break": [s + 1 for s in self.playoff],
            "order": [s + 1 for s in self.pick_order()],
            "picks_open": self.picks_open(),
            "sealed": self.game.sealed,
            "confirm": self.game.confirm,
            "confirmed": sorted(s + 1 for s in self.confirmed),
            "card": card,
            "picks": picks,
            "review": review,
            "simulated": self.simulation is not None,
            "call": self.simulation.call
            if self.simulation is not None and self.phase is Phase.review
            else None,
            "stretch_races": stretch_races() if player == self.game.keeper else [],
            "board": board,
            "last_race": None if last is None else {**last, "words": report_words(last)},
            "may_correct": self.phase is Phase.card and self._before_last is not None,
            "next_card": self._next_card(),
            "winners": [s + 1 for s in self.winners],
            # in words, as the terminal says them: the standings (most points first),
            # what the table is doing, and the sealed picks' note
            "standings": [
                {"marker": row["marker"], "words": standing_line(row, leader, self.is_over())}
                for row in sorted(board, key=lambda r: (-r["points"], r["marker"]))
            ],
            "status": phase_line(self.phase.value) or self._between_races(),
            "sealed_note": sealed_line([board[p["marker"] - 1] for p in picks])
            if self.sealed_now()
            else "",
        }
        # the pages' captions, the card and the board's chips in words
        shown["captions"] = CAPTIONS
        if card is not None:
            card["words"] = card_words(card, shown["race"], picks, board, marker)
        for row in board:
            row["title"] = marker_title(row)
        # a marker's own lines (its phone), the keeper's questions (the desk)
        shown["yours"] = None if marker is None else yours(marker, shown)
        # whose move the table waits for (a phone is not told it waits for itself)
        waited = [board[s] for s in self.to_act() if 0 <= s < len(board) and s != player]
        shown["waiting"] = waiting_line(self.phase.value, waited)
        shown["desk"] = desk_words(shown, waited) if player == self.game.keeper else None
        return shown

    def _between_races(self) -> str:
        """What a table with a score keeper waits for between races (a replay is drawn
        at once)."""
        if self.phase is not Phase.card or self.game.source is not Source.keeper:
            return ""
        return next_race_line(self.races_run + 1)

    def _next_card(self) -> JSON | None:
        """The race the day's card holds for the keeper to post now, if any."""
        number = self.races_run + 1 - self.card_from
        if self.phase is not Phase.card or number > len(self.day_card):
            return None
        race = self.day_card[number - 1]
        return {
            "race": race.name,
            "horses": list(race.horses),
            "programs": list(race.programs),
            "odds": ["" if r.odds is None else str(r.odds) for r in race.runners],
            "scratched": list(race.scratched),
        }


def _as_pick(action: Action) -> Pick | None:
    """The pick an action makes (None: sitting out)."""
    if isinstance(action, SealedPick):
        found = opened(action)
        assert found is not None
        return found[1]
    return action if isinstance(action, Pick) else None


def _finish_of(action: PostResult | Correction, race: RaceRecord) -> tuple[int | None, ...]:
    """Each horse's official finish, in card order: as posted, or read from the finish
    the keeper typed (ValueError names what does not read)."""
    if not action.typed:
        return action.finish
    if not isinstance(action.typed, str):
        raise ValueError("a typed finish is text, like 3=1, 5, 2")
    if action.finish:
        raise ValueError("give the finish once: typed, or a position for each horse")
    placed = read_finish(action.typed, race.horses, race.programs)
    return tuple(placed.get(h) for h in race.horses)


def _spaces(odds: Odds | None, table: tuple[TableRow, ...] | None) -> JSON | None:
    """A horse's Win/Place/Show spaces at these odds (its board odds on the card)."""
    if odds is None:
        return None
    row = advance_for(odds, table)
    return {"win": row.win, "place": row.place, "show": row.show}


def _record_of(report: JSON) -> RaceRecord:
    """The card of a race already scored, from its report in the history."""
    return RaceRecord(
        report["name"],
        tuple(
            Runner(
                r["horse"],
                Odds.parse(r["odds"]) if r["odds"] else None,
                r["finish"],
                r["scratched"],
                bool(r.get("late")),
                r.get("program") or "",
            )
            for r in report["runners"]
        ),
    )


def _scratch_list_problem(
    horses: tuple[str, ...], race: RaceRecord, already: tuple[str, ...]
) -> str | None:
    unknown = [h for h in horses if h not in race.horses]
    if unknown:
        return f"{unknown[0]!r} is not in {race.name}"
    if len(set(horses)) != len(horses):
        return "a horse is scratched twice"
    again = [h for h in horses if h in already]
    if again:
        return f"{again[0]} is already scratched"
    if len(horses) + len(already) >= len(race.horses):
        return "at least one horse must start"
    return None


def _result_problem(
    race: RaceRecord,
    scratched: tuple[str, ...],
    picked: set[str],
    odds: tuple[str, ...],
    finish: tuple[int | None, ...],
) -> str | None:
    n = len(race.horses)
    if len(odds) != n or len(finish) != n:
        return f"the result needs odds and a finish for each of the {n} horses on the card"
    for horse, price, place in zip(race.horses, odds, finish, strict=True):
        if horse in scratched:
            if place is not None:
                return f"{horse} is scratched and cannot have a finish position"
            continue
        if horse in picked and not price.strip():
            return f"{horse} was picked, so its final odds are needed"
        if price.strip():
            problem = _odds_problem(price, horse)
            if problem:
                return problem
    return ranking_problem(f for f in finish if f is not None)


def _odds_problem(text: str, horse: str) -> str | None:
    try:
        Odds.parse(text)
    except HomestretchError as exc:
        return f"{horse}: {exc}"
    return None


def _card_read(action: TypedCard) -> PostCard:
    """The card typed at the desk as posted (ValueError names what does not read)."""
    typed = (action.race, action.field, action.odds, action.scratched)
    if not all(isinstance(text, str) for text in typed):
        raise ValueError("a typed card is text: the race, its field, odds and scratches")
    horses, programs = typed_field(action.field)
    odds = typed_lines(action.odds, len(horses))
    numbers = numbered(programs, len(horses))
    scratched = tuple(find_horse(w, horses, numbers) for w in comma_words(action.scratched))
    return PostCard(action.race, horses, odds, programs, scratched)


def _card_problem(action: PostCard) -> str | None:
    if not action.race.strip():
        return "the race needs a name"
    problem = field_problem(action.horses, action.programs)
    if problem:
        return problem
    if len(action.odds) != len(action.horses):
        return "the card needs one odds entry (or a blank) for each horse"
    for horse, odds in zip(action.horses, action.odds, strict=True):
        if odds.strip():
            problem = _odds_problem(odds, horse)
            if problem:
                return problem
    if action.scratched:
        race = RaceRecord(action.race, tuple(Runner(h, None, None) for h in action.horses))
        return _scratch_list_problem(action.scratched, race, ())
    return None
