"""Derby Cast as a Game/State: race after race, every marker picks a horse to Win, Place
or Show; the official result advances the markers by the Final Odds Calculator Table;
the first past 20 points wins (section 2, Play in Order; section 4, How to Win).

Races come from one of two sources. ``keeper``: the Official Score Keeper (seat
``players``, one past the last marker) posts the card, the scratches and the official
result; the CLI's keeper types them in, reads them from a results file or runs a Top
of the Stretch race, and the log keeps every posted race, so a saved game replays
without the file or the engine. ``replays``: a race replay is drawn at random (a
chance node) from the bundled library in ``replays.csv``.

The score keeper's postings are open-ended data (any field, any odds), so like an
auction bid they are verified by ``why_illegal`` and ``legal_actions`` lists none.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypeVar

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.protocol import CHANCE, JSON, Game, State
from homestretch.games.derbycast.actions import (
    CODEC,
    Pick,
    PostCard,
    PostResult,
    PostScratches,
    SitOut,
)
from homestretch.games.derbycast.entrants import Entrant, check_entrants
from homestretch.games.derbycast.race import RaceRecord, Runner, field_problem, ranking_problem
from homestretch.games.derbycast.replays import replay_library
from homestretch.games.derbycast.table import Bet, points
from homestretch.games.derbycast.winning import TieRule, decide, reached_finish

E = TypeVar("E", bound=StrEnum)


class Source(StrEnum):
    keeper = "keeper"
    replays = "replays"


class Phase(StrEnum):
    card = "card"
    pick = "pick"
    scratches = "scratches"
    repick = "repick"
    result = "result"
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
        }

    def new_initial_state(self) -> DerbyCastState:
        return DerbyCastState(self)


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
        self.picks: dict[int, Pick | None] = {}  # None: sat out after a scratch
        self.to_repick: list[int] = []
        self.playoff: tuple[int, ...] = ()
        self.history: list[JSON] = []
        self.winners: tuple[int, ...] = ()
        self.how = ""

    # --- who acts ---------------------------------------------------------------------
    def contenders(self) -> list[int]:
        """Markers racing now: everyone, or the tied markers in a tie-break race."""
        return list(self.playoff) or list(range(len(self.points)))

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase is Phase.over:
            return []
        if phase is Phase.card:
            return [CHANCE] if self.game.source is Source.replays else [self.game.keeper]
        if phase is Phase.pick:
            return [next(c for c in self.contenders() if c not in self.picks)]
        if phase is Phase.repick:
            return [self.to_repick[0]]
        return [self.game.keeper]

    def chance_node(self) -> ChanceNode:
        return ChanceNode("race replay", choices=len(replay_library()))

    def open_ended(self, player: int) -> bool:
        return player == self.game.keeper

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act() or self.race is None or player == self.game.keeper:
            return []
        if self.phase is Phase.pick:
            return [Pick(h, b.value) for h in self.race.horses for b in Bet]
        starters = [h for h in self.race.horses if h not in self.scratched]
        return [*(Pick(h, b.value) for h in starters for b in Bet), SitOut()]

    def why_illegal(self, player: int, action: Action) -> str | None:
        if player != self.game.keeper or player not in self.to_act():
            return super().why_illegal(player, action)
        expected = {Phase.card: PostCard, Phase.scratches: PostScratches, Phase.result: PostResult}
        wanted = expected[self.phase]
        if not isinstance(action, wanted):
            return f"the score keeper must post the {self.phase.value} now"
        if isinstance(action, PostCard):
            return _card_problem(action)
        if isinstance(action, PostScratches):
            return self._scratches_problem(action)
        assert isinstance(action, PostResult)
        return self._result_problem(action)

    # --- changing the state -------------------------------------------------------------
    def _apply_chance(self, outcome: Outcome) -> None:
        self._open_card(replay_library()[outcome[0]])

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, PostCard):
            runners = (
                Runner(h, Odds.parse(o) if o.strip() else None, None)
                for h, o in zip(action.horses, action.odds, strict=True)
            )
            self._open_card(RaceRecord(action.race.strip(), tuple(runners)))
        elif isinstance(action, PostScratches):
            self._announce_scratches(action.horses)
        elif isinstance(action, PostResult):
            self._score(self._official(action))
        elif self.phase is Phase.pick:
            self.picks[player] = action if isinstance(action, Pick) else None
            if all(c in self.picks for c in self.contenders()):
                self._after_picks()
        else:
            self.picks[player] = action if isinstance(action, Pick) else None
            self.to_repick.pop(0)
            if not self.to_repick:
                self._after_repicks()

    def _open_card(self, race: RaceRecord) -> None:
        self.race, self.scratched, self.picks = race, (), {}
        self.phase = Phase.pick

    def _after_picks(self) -> None:
        assert self.race is not None
        if self.game.source is Source.replays:
            self._announce_scratches(self.race.scratched)
        else:
            self.phase = Phase.scratches

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

    def _official(self, action: PostResult) -> RaceRecord:
        assert self.race is not None
        return RaceRecord(
            self.race.name,
            tuple(
                Runner(h, Odds.parse(o) if o.strip() else None, f, h in self.scratched)
                for h, o, f in zip(self.race.horses, action.odds, action.finish, strict=True)
            ),
        )

    def _score(self, official: RaceRecord) -> None:
        """Check each pick's official finish and final odds; advance by the table."""
        awarded = []
        for seat in self.contenders():
            pick = self.picks[seat]
            entry: JSON = {"marker": seat + 1, "name": self.game.entrants[seat].name}
            if pick is None:
                awarded.append({**entry, "sat_out": True, "points": 0})
                continue
            runner = official.runner(pick.horse)
            assert runner.odds is not None
            gained = points(runner.odds, Bet(pick.bet), runner.finish)
            self.points[seat] += gained
            awarded.append(
                {
                    **entry,
                    "horse": pick.horse,
                    "bet": pick.bet,
                    "finish": runner.finish,
                    "odds": str(runner.odds),
                    "points": gained,
                }
            )
        self.races_run += 1
        self.history.append(
            {
                "race": self.races_run,
                "name": official.name,
                "tie_break": bool(self.playoff),
                "runners": [r.to_json() for r in official.runners],
                "picks": awarded,
                "board": list(self.points),
            }
        )
        decision = decide(
            self.points, self.playoff, self.races_run, self.game.set_races, self.game.tie
        )
        self.race, self.scratched, self.picks = None, (), {}
        if decision.winners:
            self.winners, self.how, self.phase = decision.winners, decision.how, Phase.over
        else:
            self.playoff = decision.playoff or self.playoff
            self.phase = Phase.card

    # --- the score keeper's postings ------------------------------------------------------
    def _scratches_problem(self, action: PostScratches) -> str | None:
        assert self.race is not None
        unknown = [h for h in action.horses if h not in self.race.horses]
        if unknown:
            return f"{unknown[0]!r} is not in {self.race.name}"
        if len(set(action.horses)) != len(action.horses):
            return "a horse is scratched twice"
        if len(action.horses) >= len(self.race.horses):
            return "at least one horse must start"
        return None

    def _result_problem(self, action: PostResult) -> str | None:
        assert self.race is not None
        n = len(self.race.horses)
        if len(action.odds) != n or len(action.finish) != n:
            return f"the result needs odds and a finish for each of the {n} horses on the card"
        picked = {p.horse for p in self.picks.values() if p is not None}
        for horse, odds, finish in zip(self.race.horses, action.odds, action.finish, strict=True):
            if horse in self.scratched:
                if finish is not None:
                    return f"{horse} is scratched and cannot have a finish position"
                continue
            if horse in picked and not odds.strip():
                return f"{horse} was picked, so its final odds are needed"
            if odds.strip():
                problem = _odds_problem(odds, horse)
                if problem:
                    return problem
        return ranking_problem(f for f in action.finish if f is not None)

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
        }

    # --- what people see ------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        """Everything at a Derby Cast table is open: the board, the picks as announced.
        A drawn race replay's finish stays unseen until it is official."""
        card = None
        picked = {p.horse for p in self.picks.values() if p is not None}
        if self.race is not None:
            card = {
                "race": self.race.name,
                "horses": list(self.race.horses),
                "odds": ["" if r.odds is None else str(r.odds) for r in self.race.runners],
                "scratched": list(self.scratched),
                "unselected": [h for h in self.race.horses if h not in picked],
            }
        return {
            "you": None if player is None or player >= len(self.points) else player + 1,
            "phase": self.phase.value,
            "race": self.races_run + (0 if self.phase is Phase.over else 1),
            "set_races": self.game.set_races,
            "tie": self.game.tie.value,
            "tie_break": [s + 1 for s in self.playoff],
            "card": card,
            "picks": [
                {"marker": s + 1, "horse": p.horse, "bet": p.bet}
                if p
                else {"marker": s + 1, "sat_out": True}
                for s, p in sorted(self.picks.items())
            ],
            "board": [self._marker_json(s) for s in range(len(self.points))],
            "last_race": self.history[-1] if self.history else None,
            "winners": [s + 1 for s in self.winners],
        }


def _odds_problem(text: str, horse: str) -> str | None:
    try:
        Odds.parse(text)
    except HomestretchError as exc:
        return f"{horse}: {exc}"
    return None


def _card_problem(action: PostCard) -> str | None:
    if not action.race.strip():
        return "the race needs a name"
    problem = field_problem(action.horses)
    if problem:
        return problem
    if len(action.odds) != len(action.horses):
        return "the card needs one odds entry (or a blank) for each horse"
    for horse, odds in zip(action.horses, action.odds, strict=True):
        if odds.strip():
            problem = _odds_problem(odds, horse)
            if problem:
                return problem
    return None
