"""Balance study: many seeded games between computer players.

The rulebook claims black horses win more often than reds, reds than yellows, yellows
than blues, that every colour can win, and that a well-trained yellow or blue can match
a black. These numbers are how we check our board and cards serve those claims.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON, Event, State
from homestretch.core.referee import Agent, play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.content.loader import COLOURS
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

CARD_BUCKETS = ("0", "1", "2", "3+")
MANY = 6
"""Runners whose owner held this many cards of their colour or more are counted again
apart, as "6+" (a part of "3+"): a blue given cards twice or more (it takes three at a
time, cards.toml)."""
REPORTED_BUCKETS = (*CARD_BUCKETS, f"{MANY}+")


def bucket(cards: int) -> str:
    return CARD_BUCKETS[min(cards, 3)]


@dataclass
class Study:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    runs: Counter[str] = field(default_factory=Counter)
    wins_by_cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    runs_by_cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    nominees_by_cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Runners that took their owner's best throws: nominated, or his only runner."""
    nominee_wins_by_cards: Counter[tuple[str, str]] = field(default_factory=Counter)
    turns: int = 0
    decisions: int = 0
    events: int = 0
    tally: Counter[str] = field(default_factory=Counter)
    unnominated_wins: int = 0
    """Races won by a horse its owner had not nominated (the outsider's surprise)."""

    def add(self, state: TotopolyState) -> None:
        self.games += 1
        self.turns += state.turns
        self.decisions += state.decisions
        self.events += len(state.events)
        self.tally += state.tally
        winner = state.placings[0] if state.placings else None
        if winner is not None and winner not in state.nominated.values():
            self.unnominated_wins += 1
        ran = [h for h, s in state.status.items() if s in ("finished", "running", "fallen", "out")]
        for horse in ran:
            colour = state.c.horses[horse].colour
            owner = state.horse_owner(horse)
            assert owner is not None
            held = state.cards_at_start[owner][colour]
            keys = [(colour, bucket(held))] + ([(colour, f"{MANY}+")] if held >= MANY else [])
            self.runs[colour] += 1
            alone = sum(state.horse_owner(h) == owner for h in ran) == 1
            nominee = alone or state.nominated.get(owner) == horse
            if horse == winner:
                self.wins[colour] += 1
            for key in keys:
                self.runs_by_cards[key] += 1
                self.nominees_by_cards[key] += nominee
                if horse == winner:
                    self.wins_by_cards[key] += 1
                    self.nominee_wins_by_cards[key] += nominee

    def report(self) -> JSON:
        games = max(self.games, 1)
        return {
            "games": self.games,
            "win_rate_by_colour": {c: round(self.wins[c] / games, 4) for c in COLOURS},
            "win_rate_stderr_by_colour": {
                c: round(math.sqrt(self.wins[c] * (games - self.wins[c]) / games**3), 4)
                for c in COLOURS
            },
            "unnominated_win_rate": round(self.unnominated_wins / games, 4),
            "unnominated_win_rate_stderr": stderr(self.unnominated_wins, games),
            "win_rate_per_runner_by_colour": {
                c: round(self.wins[c] / self.runs[c], 4) if self.runs[c] else None for c in COLOURS
            },
            "win_rate_by_advantage_cards": {
                c: {
                    b: {
                        "runners": self.runs_by_cards[(c, b)],
                        "stderr": stderr(self.wins_by_cards[(c, b)], self.runs_by_cards[(c, b)]),
                        "win_rate": round(
                            self.wins_by_cards[(c, b)] / self.runs_by_cards[(c, b)], 4
                        )
                        if self.runs_by_cards[(c, b)]
                        else None,
                        **self.nominees(c, b),
                    }
                    for b in REPORTED_BUCKETS
                }
                for c in COLOURS
            },
            "turns_per_game": round(self.turns / games, 1),
            "decisions_per_game": round(self.decisions / games, 1),
            "events_per_game": round(self.events / games, 1),
            **{
                f"{name}_per_game": round(count / games, 1)
                for name, count in length_of_game(self.tally).items()
            },
        }

    def nominees(self, colour: str, cards: str) -> JSON:
        """How many of these runners were their owner's nominee (or his only runner,
        which takes every throw too), and how often such a runner won."""
        runs, wins = (
            self.nominees_by_cards[(colour, cards)],
            self.nominee_wins_by_cards[(colour, cards)],
        )
        return {
            "nominees": runs,
            "nominee_win_rate": round(wins / runs, 4) if runs else None,
            "nominee_stderr": stderr(wins, runs),
        }


def length_of_game(tally: Counter[str]) -> dict[str, int]:
    """The decisions and throws that take a table's time, split so that a computer
    player's many small auction raises do not hide the rest (docs/totopoly.md)."""
    bids = tally["auction:bid"] + tally["auction:pass"]
    race = sum(v for k, v in tally.items() if k.startswith("race:") and k != "race:dice")
    dice = sum(v for k, v in tally.items() if k.endswith(":dice"))
    decisions = sum(v for k, v in tally.items() if ":" in k) - dice
    return {
        "auction_bids": bids,
        "setup_decisions": decisions - bids - race,
        "race_decisions": race,
        "training_throws": tally["training:dice"],
        "race_throws": tally["race:dice"],
        "lots": tally["lots"],
    }


def stderr(wins: int, runs: int) -> float | None:
    """The sampling error (one standard error) of a win rate of ``wins`` in ``runs``."""
    return round(math.sqrt(wins * (runs - wins) / runs**3), 4) if runs else None


def without_colour_cards(game: TotopolyGame) -> TotopolyGame:
    """The same game with the colour card piles emptied: the board alone decides."""
    empty = {**game.content.supply, **dict.fromkeys(COLOURS, 0)}
    game.content = dataclasses.replace(game.content, supply=empty)
    return game


def play_one(
    game: TotopolyGame,
    seed: int,
    after_event: Callable[[State, Event], None] | None = None,
    kinds: Sequence[str] | None = None,
) -> TotopolyState:
    """One seeded game; ``kinds`` seats a kind of computer player a seat, in seat order
    (sensible at every seat when not given)."""
    agents: dict[int, Agent]
    if kinds is None:
        agents = {seat: SensibleBot(game, seat, seed) for seat in range(game.players)}
    else:
        from homestretch.games.totopoly.analysis.tournament import KINDS

        agents = {seat: KINDS[kind](game, seat, seed) for seat, kind in enumerate(kinds)}
    state = play(game.new_initial_state(), SeededDice(seed), agents, after_event)
    assert isinstance(state, TotopolyState)
    return state


def simulate(
    game: TotopolyGame,
    games: int,
    seed: int,
    on_game: Callable[[], None] | None = None,
    kinds: Sequence[str] | None = None,
) -> JSON:
    """Play ``games`` games, seeds ``seed``, ``seed + 1``, ...; see the module doc. The
    report's ``whole_game`` is what the whole-game checks read (``whole_game.py``).
    ``kinds``: each seat's kind of player, in seat order (sensible when not given)."""
    from homestretch.games.totopoly.analysis.whole_game import Games, HalfwayWatch

    study, whole = Study(), Games()
    for offset in range(games):
        watch = HalfwayWatch()
        state = play_one(game, seed + offset, watch, kinds)
        study.add(state)
        whole.add(state, watch.leaders)
        if on_game is not None:
            on_game()
    return {
        "seed": seed,
        "players": game.players,
        "short": game.short,
        **({"bots": list(kinds)} if kinds is not None else {}),
        **study.report(),
        "whole_game": whole.report(game.players, game.short),
    }


def match_race(game: TotopolyGame, field: list[tuple[int, int]], seed: int) -> int | None:
    """One race on the board, no deal or training: seat ``i`` runs the single horse
    ``field[i][0]`` and holds ``field[i][1]`` colour cards of its colour (so nobody
    nominates, and no other horse takes the best throws). Returns the winning seat."""
    from homestretch.games.totopoly.rules import racecourse

    state = TotopolyState(game)
    for card in state.where:
        state.where[card] = "out"
    for number in state.c.horses:
        state.status[number] = "withdrawn"
    for seat, (number, cards) in enumerate(field):
        horse = state.c.horses[number]
        state.where[horse.card], state.holder[horse.card] = "owned", seat
        state.status[number] = "running"
        state.pos[number] = (0, state.c.course.gate[number])
        state.held[seat][horse.colour] = cards
    state.phase = "race"
    # The table starts at the race: its flow is the race alone.
    state._flow = racecourse.run(state)
    state.pending = next(state._flow)
    agents = {seat: SensibleBot(game, seat, seed) for seat in range(len(field))}
    play(state, SeededDice(seed), agents)
    return state.horse_owner(state.placings[0]) if state.placings else None


MATCH_FIELD = (1, 4, 7, 10)
"""A black, a red, a yellow and a blue horse: one of each colour."""


def training_study(
    game: TotopolyGame, races: int, seed: int, trained: int | None = None, cards: int = 0
) -> JSON:
    """Four-horse match races, one horse a seat so that nobody nominates: a black, a red,
    a yellow and a blue. The horse numbered ``trained`` (if any) holds ``cards`` colour
    cards of its colour and the others none, so its win rate says what training brings
    it against an untrained field. Each horse starts from each seat's place in turn, so
    no seat's turn favours a colour."""
    horses = [(h, cards if h == trained else 0) for h in MATCH_FIELD]
    wins: Counter[str] = Counter()
    for race in range(races):
        turn = race % 4
        field = horses[turn:] + horses[:turn]
        winner = match_race(game, field, seed + race)
        if winner is not None:
            wins[game.content.horses[field[winner][0]].colour] += 1
    return {
        "races": races,
        "seed": seed,
        "trained": game.content.horses[trained].colour if trained else None,
        "cards": cards if trained else 0,
        "win_rate": {c: round(wins[c] / races, 4) for c in COLOURS},
        "stderr": {c: stderr(wins[c], races) for c in COLOURS},
    }
