"""The reference engine: a race run step by step as the rulebook describes it.

Quickplay (pages 9-12): odds, Pace Scenario, Pace Effects, Form (and Trouble), Race
Factors, Final Speed, finish, photos, disqualifications, time. Fullplay (pages 16-23):
odds, Break, Pace Setup (8 furlongs and up), Race Pace, Race Position (and Trouble),
then the stretch: Race Factors and the Final Speed roll as in Quickplay (our ruling for
the segment the transcription lost).

Every die is a chance node; the engine never draws a random number. The race is a
queue of :class:`Step` rolls; resolving one may queue more (a Trouble roll, a jockey's
test). When the queue empties the next segment is planned.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from homestretch.core.actions import Action, ActionCodec
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.content import check_digest, folder_digest
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.protocol import CHANCE, JSON, Event, Game, State
from homestretch.games.stretch.content.chart_set import (
    SETUP_MIN_FURLONGS,
    ChartSet,
    Factor,
    Pace,
    load_chart_set,
)
from homestretch.games.stretch.content.race import Race, bundled_race
from homestretch.games.stretch.rules.betting import (
    LONE_BETTOR,
    MIN_TICKET,
    Bet,
    Done,
    ToteRules,
    Windows,
)
from homestretch.games.stretch.rules.finish import Finish, settle_finish
from homestretch.games.stretch.rules.notices import announce
from homestretch.games.stretch.rules.odds_payoffs import balance_book, odds_classes, roll_odds
from homestretch.games.stretch.rules.report import payoffs, race_json
from homestretch.games.stretch.rules.sheet import Line
from homestretch.games.stretch.rules.tote import (
    POOLS,
    house_settle,
    probable_win_price,
    settle,
)
from homestretch.games.stretch.rules.words import (
    CAPTIONS,
    HOUSE_CAPTIONS,
    HOUSE_WINDOW,
    NO_PRICES_CAPTIONS,
    NO_PRICES_WINDOW,
    SEALED,
    SEALED_CAPTIONS,
    SEALED_SPECTATOR_CAPTIONS,
    tote_odds,
)
from homestretch.games.stretch.rules.words import yours as window_words

Mode = Literal["quick", "full"]
OddsChoice = Literal["real", "chart", "none"]
ODDS_CHOICES: tuple[OddsChoice, ...] = ("real", "chart", "none")


@dataclass(frozen=True)
class Step:
    """One pending roll: what it is for, and for which runner (index into the lines)."""

    kind: str
    index: int = -1
    dice: int = 2


class RaceGame(Game):
    name = "stretch"
    min_players = 0
    max_players = 12
    codec = ActionCodec([Bet, Done])

    def __init__(
        self,
        race: Race,
        mode: Mode = "quick",
        charts: Path | None = None,
        odds: OddsChoice = "real",
        tote: ToteRules | None = None,
    ) -> None:
        if mode not in ("quick", "full"):
            raise HomestretchError(f"mode must be quick or full, not {mode!r}")
        if odds not in ODDS_CHOICES:
            raise HomestretchError(f"odds must be real, chart or none, not {odds!r}")
        self.race = race
        self.mode: Mode = mode
        self.charts_folder = None if charts is None else charts.resolve()
        self.charts = load_chart_set(self.charts_folder)
        self.charts_digest = (
            None if self.charts_folder is None else folder_digest(self.charts_folder)
        )
        """The chart files' digest, saved with the run: a replay after they changed is
        refused (``from_config``), never silently run on other charts."""
        self.odds: OddsChoice = odds
        """Page 13: "You don't need to use the Odds/Payoffs Chart at all", and "you may
        choose to use the real life odds rather than generating your own": ``real`` uses
        the race file's odds where it has them and rolls the rest (ruling S15), ``chart``
        rolls every horse's, ``none`` runs the race without odds or payoffs."""
        self.tote = tote or ToteRules()
        """The players at the table and their tote (ruling S19); no names: a race with
        nobody betting, run straight through."""
        if len(self.tote.names) > self.max_players:
            raise HomestretchError(f"at most {self.max_players} players bet on a race")
        problem = self.tote.problem()
        if problem:
            raise HomestretchError(problem)

    def config(self) -> JSON:
        players = len(self.tote.names)
        betting: JSON = {}
        if players:
            betting = {
                "names": list(self.tote.names),
                "bankroll": self.tote.bankroll,
                "takeout": self.tote.takeout,
                "breakage": self.tote.breakage,
                **({"sealed": True} if self.tote.sealed else {}),
                # who pays a lone bettor (S29); a game saved without it replays at the tote
                **({"lone_bettor": self.tote.lone_bettor} if players == 1 else {}),
            }
        return {
            "players": players,
            **betting,
            "mode": self.mode,
            "charts": None if self.charts_folder is None else str(self.charts_folder),
            **({"charts_digest": self.charts_digest} if self.charts_digest else {}),
            "odds": self.odds,
            "race": self.race.model_dump(mode="json", by_alias=True),
        }

    @classmethod
    def from_config(cls, config: JSON) -> RaceGame:
        charts = config.get("charts")
        if charts is not None:
            check_digest(Path(charts), config.get("charts_digest"), "chart set")
        race = config["race"]  # a race, or a bundled race's name (the lobby's form)
        return cls(
            bundled_race(race) if isinstance(race, str) else Race.model_validate(race),
            config["mode"],
            None if charts is None else Path(charts),
            config.get("odds", "real"),
            _tote_rules(config),
        )

    def new_initial_state(self) -> RaceState:
        return RaceState(self)


def _tote_rules(config: JSON) -> ToteRules:
    """The players and their tote from a configuration: ``players`` alone names them
    Player 1, Player 2, ..."""
    players, most = config.get("players", 0), RaceGame.max_players
    if not isinstance(players, int) or isinstance(players, bool) or not 0 <= players <= most:
        raise HomestretchError(f"players: a whole number from 0 to {most} (the bettors)")
    names = config.get("names") or [f"Player {i}" for i in range(1, players + 1)]
    if not isinstance(names, list) or len(names) != players:
        raise HomestretchError(f"names: one for each of the {players} players")
    if not all(isinstance(n, str) and 0 < len(n.strip()) <= MAX_NAME for n in names):
        raise HomestretchError(f"names: each a name of 1 to {MAX_NAME} characters")
    numbers = {key: config.get(key, default) for key, default in _TOTE_DEFAULTS.items()}
    for key, value in numbers.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise HomestretchError(f"{key}: a whole number, not {value!r}")
    sealed = config.get("sealed", False)
    if not isinstance(sealed, bool):
        raise HomestretchError(f"sealed: true or false, not {sealed!r}")
    # a game saved before ruling S29 has no lone_bettor: it was played at the tote
    lone = config.get("lone_bettor", "tote")
    if lone not in LONE_BETTOR:
        raise HomestretchError(f"lone_bettor: house or tote, not {lone!r}")
    return ToteRules(tuple(names), **numbers, sealed=sealed, lone_bettor=lone)


_TOTE_DEFAULTS = {"bankroll": 100, "takeout": 0, "breakage": 10}
MAX_NAME = 40
"""A player's name, as a seat's is at the table server."""


class RaceState(State):
    """Every rating, roll and chart reading is on the scoresheet, and the players' tickets
    and pools are public, as on a tote board (S19). The one secret: at a sealed table
    (ruling S25) each player's tickets and money, kept from the others while the windows
    are open (``view``, ``secret_move``, ``twin_views``); nothing is named by an id, so
    ``hidden_from`` names nothing and the twins are the check."""

    game: RaceGame

    def __init__(self, game: RaceGame) -> None:
        super().__init__(game)
        self.charts: ChartSet = game.charts
        self.race = game.race
        self.mode = game.mode
        self.lines = [Line(runner) for runner in game.race.runners]
        self.pace: Pace | None = None
        self.pace_roll: tuple[int, ...] | None = None
        self.pace_total: int | None = None  # top-two Pace ratings (quick) or race points (full)
        self.field_die: int | None = None  # Fullplay's field-size term's die, if rolled (S18)
        self.factor: Factor | None = None
        self.ride_applies: bool | None = None
        self.finish: Finish | None = None
        self.segments = self._segments()
        self.segment = -1
        self.pending: list[Step] = []
        self.windows = Windows(game.tote, tuple(line.post for line in self.lines))
        self.announced: set[str] = set()
        """What the notices have told so far (``notices.announce``)."""
        self._advance()

    # --- the order of play --------------------------------------------------------------
    def _segments(self) -> list[str]:
        choice = self.game.odds
        rolled = choice == "chart" or (choice == "real" and not self.race.has_real_odds)
        odds = ["odds"] if rolled else []
        # the players bet once the morning line is up (ruling S19)
        odds += ["betting"] if self.game.tote.names else []
        if self.mode == "quick":
            return [*odds, "pace", "form", "factors", "speed", "photo", "dq"]
        setup = ["setup"] if self.race.furlongs >= SETUP_MIN_FURLONGS else []
        return [*odds, "break", *setup, "race_pace", "position", "factors", "speed", "photo", "dq"]

    def _advance(self) -> None:
        """Plan segments until one needs a roll or the players, or the race is over."""
        while not self.pending and not self.betting and self.segment < len(self.segments) - 1:
            self.segment += 1
            self.pending = self._plan(self.segments[self.segment])
        if not self.pending and not self.betting and self.finish is None:
            self.finish = settle_finish(self.lines, self.charts, self.race)
            if self.game.tote.names:
                order = [[self.lines[i].post for i in group] for group in self.finish.order]
                rules = self.game.tote
                if self.house_pays:  # page 15's prices, as the result chart shows (S29)
                    stake = self.charts.payoffs.stake
                    self.windows.pay(
                        house_settle(self.windows.tickets, self._prices(), stake), "house"
                    )
                else:
                    self.windows.pay(
                        settle(self.windows.tickets, order, rules.takeout, rules.breakage)
                    )
        announce(self)

    @property
    def house_pays(self) -> bool:
        """A lone bettor's tickets are paid by the house at page 15's prices (ruling S29);
        a race run without odds has no prices, so its tote pays."""
        return self.game.tote.house_pays and self.game.odds != "none"

    @property
    def tote_for_want_of_prices(self) -> bool:
        """A lone bettor the house would pay, in a race run without odds: the tote pays
        instead (ruling S29), and the board and the window say why."""
        return self.game.tote.house_pays and self.game.odds == "none"

    def _prices(self) -> dict[str, dict[int, int]]:
        """The result chart's payoffs (ruling S10) in cents, by pool and post."""
        prices: dict[str, dict[int, int]] = {pool: {} for pool in POOLS}
        for line in self.lines:
            for pool, dollars in payoffs(self, line).items():
                if dollars is not None:
                    prices[pool][line.post] = round(100 * dollars)
        return prices

    @property
    def betting(self) -> bool:
        """The windows are open: some player is still betting before the off."""
        return self.current_segment == "betting" and bool(self.windows.waiting())

    @property
    def current_segment(self) -> str:
        return self.segments[self.segment] if self.segment >= 0 else "start"

    def _running(self) -> list[int]:
        return [i for i, line in enumerate(self.lines) if not line.out]

    def _plan(self, segment: str) -> list[Step]:
        if segment == "odds":
            for line, cls in zip(
                self.lines,
                odds_classes([ln.runner.start_apr for ln in self.lines], self.charts),
                strict=True,
            ):
                line.odds_class = cls
            return [Step("odds", i) for i in range(len(self.lines))]
        if segment == "factors" and self.mode == "full":
            self._drop_back()
        if segment in ("pace", "factors"):
            return [Step(segment)]
        if segment == "betting":
            return []
        if segment in ("form", "break", "setup", "position", "speed"):
            return [Step(segment, i) for i in self._running()]
        if segment == "race_pace":
            return self._plan_race_pace()
        if segment == "photo":
            return [Step("photo", i) for group in self._ties() for i in group]
        if segment == "dq":
            self._rank()
            return [Step("dq", i, dice=1) for i in self._finish_order() if self.lines[i].dq_pending]
        raise AssertionError(segment)

    # --- chance -------------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.betting:
            return self.windows.waiting()
        return [CHANCE] if self.pending else []

    def chance_node(self) -> ChanceNode:
        step = self.pending[0]
        who = f" for {self.lines[step.index].name}" if step.index >= 0 else ""
        return ChanceNode(f"{_STEP_NAMES[step.kind]}{who}", dice=step.dice)

    def legal_actions(self, player: int) -> list[Action]:
        return self.windows.menu(player) if player in self.to_act() else []

    def why_illegal(self, player: int, action: Action) -> str | None:
        if not self.betting:
            return "the windows are closed: the race is off"
        return self.windows.why_illegal(player, action)

    def _apply(self, player: int, action: Action) -> None:
        self.windows.take(player, action)
        self._advance()

    def _apply_chance(self, outcome: Outcome) -> None:
        step = self.pending.pop(0)
        getattr(self, f"_roll_{step.kind}")(step, outcome)
        self._advance()

    # --- odds (pages 13-14) ---------------------------------------------------------------
    def _roll_odds(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        red, white = dice
        line.odds_roll = (red, white)
        line.odds = line.chart_odds = roll_odds(line.odds_class or "E", red, white, self.charts)
        if not self.pending and self._every_price_rolled():
            # the last roll: the morning line's book is balanced (ruling S17)
            rolled = [ln.chart_odds for ln in self.lines if ln.chart_odds is not None]
            for ln, odds in zip(self.lines, balance_book(rolled, self.charts), strict=True):
                ln.odds = odds

    def _every_price_rolled(self) -> bool:
        """Whether the prices on the board are all rolled ones (none from the race file)."""
        return self.game.odds == "chart" or not any(r.real_odds for r in self.race.runners)

    # --- Quickplay pace (page 10) -----------------------------------------------------------
    def _roll_pace(self, step: Step, dice: Outcome) -> None:
        top_two = sorted((ln.runner.horse.pace for ln in self.lines), reverse=True)[:2]
        self.pace_total = sum(top_two)
        self.pace_roll = dice
        self.pace = self.charts.pace_scenario[(self.pace_total, sum(dice))]
        for line in self.lines:
            line.pace_adj = self.charts.pace_effects_quick[(line.runner.horse.pace, self.pace)]

    # --- Quickplay form (pages 10-11) -------------------------------------------------------
    def _roll_form(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        line.form_roll = sum(dice)
        adjustment, trouble = self.charts.form_quick[(line.runner.horse.form, sum(dice))]
        line.form_adj += adjustment
        if trouble:
            self.pending.insert(0, Step("trouble", step.index))

    # --- the Trouble chart (pages 11 and 22), exactly as written ----------------------------
    def _roll_trouble(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        result = self.charts.trouble[sum(dice)]
        if result == "out":
            line.out = True
            line.trouble.append(f"trouble {sum(dice)}: out of the race")
        elif result == "none":
            line.trouble.append(f"trouble {sum(dice)}: no further trouble")
        elif result == "dq":
            line.dq_pending = True
            line.trouble.append(f"trouble {sum(dice)}: interference, will be disqualified")
        else:
            kind = "jockey_points" if result == "check-points" else "jockey_dq"
            line.trouble.append(f"trouble {sum(dice)}: the jockey must steer clear")
            self.pending.insert(0, Step(kind, step.index))

    def _roll_jockey_points(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        if sum(dice) <= line.runner.jockey.trouble:
            line.trouble.append(f"jockey test {sum(dice)}: steered clear")
        else:
            line.form_adj -= 2  # "2 more" points of trouble: see docs/rulings.md
            line.trouble.append(f"jockey test {sum(dice)}: bumped and checked, 2 more points")

    def _roll_jockey_dq(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        if sum(dice) <= line.runner.jockey.trouble:
            line.trouble.append(f"jockey test {sum(dice)}: no foul")
        else:
            line.dq_pending = True
            line.trouble.append(f"jockey test {sum(dice)}: caused interference, disqualified")

    # --- Fullplay segments (pages 17-23) ----------------------------------------------------
    def _roll_break(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        line.race_points.append(self.charts.break_points[(line.runner.horse.pace, sum(dice))])

    def _roll_setup(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        change = self.charts.pace_setup[(line.runner.horse.pace, sum(dice))]
        line.race_points.append(line.points + change)

    def _plan_race_pace(self) -> list[Step]:
        self.pace_total = sum(
            sorted((ln.points for ln in self.lines if not ln.out), reverse=True)[:2]
        )
        # the field-size term's sixths of a point: the Field die, first, where it
        # decides which row is read (ruling S18)
        if self.charts.field_die_matters(self.pace_total, len(self.lines), self._sprint):
            return [Step("field_die", dice=1)]
        return self._plan_pace_die()

    def _roll_field_die(self, step: Step, dice: Outcome) -> None:
        self.field_die = dice[0]
        self.pending[:0] = self._plan_pace_die()

    def _plan_pace_die(self) -> list[Step]:
        row = self._race_pace_row()
        if len(set(row)) == 1:
            self._set_full_pace(row[0])
            return []
        return [Step("race_pace", dice=1)]

    def _roll_race_pace(self, step: Step, dice: Outcome) -> None:
        self.pace_roll = dice
        self._set_full_pace(self._race_pace_row()[dice[0] - 1])

    @property
    def _sprint(self) -> bool:
        return self.race.furlongs < SETUP_MIN_FURLONGS

    def _race_pace_row(self) -> tuple[Pace, ...]:
        """The row read after the field-size term for this field and distance (S18)."""
        return self.charts.race_pace_row(
            self.pace_total or 0, len(self.lines), self._sprint, self.field_die
        )

    @property
    def pace_term(self) -> int | None:
        """The points the field-size term took off the top-two total in this race (the
        Field die's included), once the Race Pace row is known; None before."""
        if self.pace is None or self.mode != "full":
            return None
        shift, faces = self.charts.pace_term(len(self.lines), self._sprint)
        return shift + (self.field_die is not None and self.field_die <= faces)

    def _set_full_pace(self, pace: Pace) -> None:
        self.pace = pace
        for line in self.lines:
            line.pace_adj = self.charts.pace_effect_full(line.points, pace)

    def _roll_position(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        line.form_roll = sum(dice)
        position, power, trouble = self.charts.race_position[(line.runner.horse.form, sum(dice))]
        line.race_points.append(line.points + position)
        line.form_adj += power
        if trouble:
            self.pending.insert(0, Step("trouble", step.index))

    def _drop_back(self) -> None:
        """The Race Position segment tallied (pages 22-23): a horse whose Final Adjusted
        Power Rating is well below the field's best drops back turning for home, by the
        chart set's ``race_position_gap.csv`` (ruling S30), and one far down a big
        field's ratings by its ``race_position_rank.csv`` (ruling S31): the larger of
        the two. Race points still decide nothing after this (S6): the picture turning
        for home shows who can win."""
        running = [self.lines[i] for i in self._running()]
        charts = self.charts
        if not running or not (charts.race_position_gap or charts.race_position_rank):
            return
        ratings = [line.final_apr for line in running]
        best = max(ratings)
        even = charts.even_field(ratings)
        for line in running:
            rank = 1 + sum(apr > line.final_apr for apr in ratings)
            gap = charts.drop_back(best - line.final_apr)
            by_rank = charts.drop_back_rank(rank, even)
            line.drop_back = min(gap, by_rank)
            line.race_points[-1] += line.drop_back

    # --- Race Factors (pages 11-12, 23) -------------------------------------------------------
    def _roll_factors(self, step: Step, dice: Outcome) -> None:
        red, white = dice
        self.factor = self.charts.race_factors[red][0]
        self.ride_applies = self.charts.race_factors[white][1]
        for line in self.lines:
            ride = line.runner.jockey.ride if self.ride_applies else 0
            line.factor_adj = line.runner.horse.factor(self.factor) + ride

    # --- Final Speed (page 12) ---------------------------------------------------------------
    def _roll_speed(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        line.speed_roll = sum(dice)
        line.speed_dice = (dice[0], dice[1])
        line.final_speed = self.charts.final_speed[(line.final_apr, sum(dice))] + line.factor_adj

    # --- photo finishes and disqualifications (page 12) -------------------------------------
    def _ties(self) -> list[list[int]]:
        by_speed: dict[int, list[int]] = {}
        for i in self._running():
            by_speed.setdefault(self.lines[i].final_speed or 0, []).append(i)
        return [group for _, group in sorted(by_speed.items(), reverse=True) if len(group) > 1]

    def _roll_photo(self, step: Step, dice: Outcome) -> None:
        line = self.lines[step.index]
        line.photo_total = sum(dice) + line.runner.horse.wire + line.runner.jockey.ride

    def _rank(self) -> None:
        """Order of crossing the wire: figure, then photo total; equal both = dead heat."""
        running = self._running()
        keyed = sorted(running, key=self._wire_key, reverse=True)
        for place, i in enumerate(keyed, start=1):
            ahead = keyed[place - 2] if place > 1 else None
            tied = ahead is not None and self._wire_key(ahead) == self._wire_key(i)
            self.lines[i].finish = self.lines[ahead].finish if tied and ahead is not None else place

    def _wire_key(self, i: int) -> tuple[int, int]:
        line = self.lines[i]
        return (line.final_speed or 0, line.photo_total or 0)

    def _finish_order(self) -> list[int]:
        return sorted(self._running(), key=lambda i: (self.lines[i].finish or 0, i))

    def _roll_dq(self, step: Step, dice: Outcome) -> None:
        self.lines[step.index].dq_roll = dice[0]

    # --- the end --------------------------------------------------------------------------
    def result(self) -> JSON:
        return self.view(None)

    def view(self, player: int | None) -> JSON:
        shown = race_json(self)
        shown["captions"] = CAPTIONS
        if self.game.tote.names:
            seat = (
                player if player is not None and 0 <= player < len(self.game.tote.names) else None
            )
            tote = shown["tote"] = self.windows.to_json(seat)
            sealed = tote["sealed_now"]
            tote["tote_odds"] = {  # the board's odds to win, in words
                str(post): SEALED
                if sealed
                else tote_odds(
                    probable_win_price(self.windows.tickets, post, self.windows.rules.takeout),
                    self.windows.rules.breakage,
                )
                for post in self.windows.posts
            }
            if sealed:  # the board's headings say whose stakes it shows (ruling S25)
                own = SEALED_CAPTIONS if seat is not None else SEALED_SPECTATOR_CAPTIONS
                shown["captions"] = {**CAPTIONS, **own}
            tote["house_pays"] = self.house_pays
            if self.house_pays:  # no pools of others' money: no tote odds (ruling S29)
                shown["captions"] = {**CAPTIONS, **HOUSE_CAPTIONS}
                tote["tote_odds"] = {post: "" for post in tote["tote_odds"]}
            if self.tote_for_want_of_prices:  # no odds, no house prices: why the tote
                shown["captions"] = {**CAPTIONS, **NO_PRICES_CAPTIONS}
            if seat is not None:
                shown["yours"] = window_words(tote, seat)  # its phone's lines
                if self.house_pays:
                    yours = shown["yours"]
                    yours["buttons"] = {**yours["buttons"], "tote": "your tickets"}
                    yours["house"] = HOUSE_WINDOW if tote["open"] else ""
                elif self.tote_for_want_of_prices:
                    shown["yours"]["house"] = NO_PRICES_WINDOW if tote["open"] else ""
        return shown

    def secret_move(self, player: int | None, position: int) -> bool:
        """Another player's ticket while a sealed table's windows are open (ruling S25):
        the log shows that a ticket was bought, not which, until the windows close."""
        event = self.events[position]
        return (
            event.player != player
            and (event.action or {}).get("kind") == Bet.kind
            and self.windows.sealed_from(player)
        )

    def twin_views(self, player: int | None) -> list[JSON]:
        """At a sealed table with the windows open (ruling S25): the table with another
        player's tickets bought otherwise (another pool, horse and amount, so the money
        each holds differs too), which ``player`` must not tell from this one."""
        if not self.windows.sealed_from(player):
            return []
        twins = []
        for seat in range(len(self.game.tote.names)):
            theirs = [t for t in self.windows.tickets if t.seat == seat]
            if seat == player or not theirs:
                continue
            twin = copy.copy(self)
            twin.windows = copy.deepcopy(self.windows)
            others = [t for t in twin.windows.tickets if t.seat != seat]
            ticket = theirs[0]
            pool = next(p for p in POOLS if p != ticket.pool)
            post = next(p for p in self.windows.posts if p != ticket.post)
            changed = replace(ticket, pool=pool, post=post, dollars=MIN_TICKET)
            twin.windows.tickets = [*others, changed]
            twin.windows.cash[seat] += 100 * (sum(t.dollars for t in theirs) - MIN_TICKET)
            twins.append(twin.view(player))
        return twins

    def move_words(self, event: Event) -> str | None:
        shown = event.action or {}
        if shown.get("kind") == Bet.kind and not isinstance(shown.get("post"), int):
            return "bought a sealed ticket"  # its pool, horse and amount kept (ruling S25)
        action = self.game.codec.from_json(shown)
        if isinstance(action, Bet):
            horse = self.lines[action.post - 1].name
            return f"bet ${action.dollars} to {action.pool} on #{action.post} {horse}"
        return "was done betting"  # as the log says any move: "Ann was done betting"

    def conserved(self) -> dict[str, int]:
        return {"cents": self.windows.total()} if self.game.tote.names else {}

    def used_odds(self, line: Line) -> Odds | None:
        """The real odds where the race file has them (unless the odds are rolled for
        every horse), else the odds rolled on the charts (ruling S15)."""
        if self.game.odds == "real" and line.runner.real_odds is not None:
            return Odds.parse(line.runner.real_odds)
        return line.odds


_STEP_NAMES = {
    "odds": "Odds roll",
    "pace": "Pace Scenario roll",
    "form": "Form roll",
    "trouble": "Trouble chart roll",
    "jockey_points": "Jockey Trouble test (2 more points)",
    "jockey_dq": "Jockey Trouble test (disqualification)",
    "break": "Break roll",
    "setup": "Pace Setup roll",
    "field_die": "Field die (the Race Pace chart's field-size term)",
    "race_pace": "Race Pace die",
    "position": "Race Position roll",
    "factors": "Race Factors roll (red: factor, white: ride)",
    "speed": "Final Speed roll",
    "photo": "Photo-finish roll",
    "dq": "Disqualification die",
}
