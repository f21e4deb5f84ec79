"""Does a whole game do what the rulebook says a game of Totopoly is for? Checks of seeded
games between computer players (``homestretch totopoly simulate``), ruling T46.

The rulebook: "the usual Totopoly long game takes an hour and a quarter or an hour and a
half", the short game "three quarters of an hour or an hour"; "The winner of the game
shall be the winner of the race"; "Whilst it is possible by careful play in the race for
any of the horses to win"; "an outsider can always give players a big surprise"; "some
horses have made more progress than others by acquiring advantage cards, and have
therefore more chance of winning the race"; "a player without a horse in the first
three may have had a heavy bet on the winner, and thereby finish the game with more
money than the winner of the race"; and a player short of money "may either sell one of
his horses to another player, or scratch it" -- a player with no horse in the race has
no way left to win it.

A game's length is counted in the table's throws and decisions, leaving out the
auction's bids (a computer player's many small raises; people settle a lot in a minute
or so: docs/totopoly.md, "The length of a game"), and put in minutes at 12-14 seconds a
throw or decision: the pace at which our board's long game of four (about 385) takes
the rulebook's 75-90 minutes, and its short game (about 265) its 45-60.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from homestretch.core.design import Check, interval, seat_check
from homestretch.core.protocol import JSON, Event, State
from homestretch.games.totopoly.analysis.simulate import length_of_game
from homestretch.games.totopoly.rules.state import TotopolyState

RAN = ("finished", "running", "fallen", "out")
"""A horse in one of these states ran in the race."""
LENGTHS_A_CARD = {"black": 4, "red": 3, "yellow": 2, "blue": 1}
"""What a colour card is worth, in lengths: "The numerical value of the colour cards is
equivalent to the value of the coloured squares"."""
PACE = (12, 14)
"""Seconds a throw or decision at a table of people (the module doc)."""
MINUTES = {False: (75, 90), True: (45, 60)}
"""The rulebook's length of a game, long and short, in minutes."""
TIMED_TABLE = {False: 4, True: 3}
"""The fewest players the rulebook's times are held to: the long game's "usual" table
(four players deal five hands, the rulebook's first example), the short game's three
("particularly suitable when only three or four people are playing"). Fewer players
lead fewer horses, and their game is shorter."""
STEADY = 1.5
"""A long game (one in ten) at most half as long again as a short one (one in ten): the
rulebook's 75-90 minutes is a ratio of 1.2."""
CAUGHT = 0.25
"""The player leading at half distance is caught in a quarter of the games or more."""
"""The training matters, the racing more: the best-trained player (his colour cards worth
the most lengths to his runners, alone) wins more than his fair share of the races, 1 in
the players, and his lift above it is less than the chance the race still takes the win
from him: under (1 + 1/players) / 2 (62.5% of games at four)."""
STUCK = 0.05
"""At most one player in twenty starts the race with no horse in it."""
BET_BEATS_PRIZE = 0.03
"""In the long game, someone other than the race's winner ends richest in three games
in a hundred or more (a heavy bet on the winner can do it)."""


@dataclass
class Games:
    """What the checks read from each game, gathered as the games are played."""

    games: int = 0
    finished: int = 0
    seat_wins: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    """Throws and decisions (the auction's bids left out) -> games that long."""
    led_at_half: int = 0
    leader_caught: int = 0
    trained_best: int = 0
    trained_best_won: int = 0
    player_games: int = 0
    no_runner: int = 0
    richest_not_winner: int = 0

    def add(self, state: TotopolyState, leaders: set[int] | None) -> None:
        """One game over: ``leaders`` are the players whose horse led when the first
        horse reached half the course's lengths (None if none did)."""
        self.games += 1
        tally = length_of_game(state.tally)
        self.lengths[
            tally["setup_decisions"]
            + tally["race_decisions"]
            + tally["training_throws"]
            + tally["race_throws"]
        ] += 1
        winner = state.winner()
        runners = {
            p: [h for h in state.horses_of(p) if state.status[h] in RAN] for p in range(state.n)
        }
        self.player_games += state.n
        self.no_runner += sum(not horses for horses in runners.values())
        if winner is None:
            return
        self.finished += 1
        self.seat_wins[winner] += 1
        if leaders:
            self.led_at_half += 1
            self.leader_caught += winner not in leaders
        trained = {p: advantage(state, p, horses) for p, horses in runners.items() if horses}
        best = max(trained.values(), default=0)
        ahead = [p for p, lengths in trained.items() if lengths == best]
        if best > 0 and len(ahead) == 1:
            self.trained_best += 1
            self.trained_best_won += ahead[0] == winner
        richest = max(state.cash)
        self.richest_not_winner += state.cash[winner] < richest

    def report(self, players: int, short: bool) -> JSON:
        wins = [self.seat_wins[s] for s in range(players)]
        spans = [interval(w, self.finished) for w in wins]
        each = sorted(self.lengths.elements())
        deciles = statistics.quantiles(each, n=10) if len(each) > 1 else each * 9
        return {
            "games": self.games,
            "finished": self.finished,
            "seat_wins": wins,
            "seat_win_rate": [round(w / self.finished, 4) if self.finished else 0 for w in wins],
            "seat_win_interval": [[round(low, 4), round(high, 4)] for low, high in spans],
            "length": {
                "median": statistics.median(each) if each else 0,
                "p10": round(deciles[0], 1) if deciles else 0,
                "p90": round(deciles[-1], 1) if deciles else 0,
                "games_by_length": {str(k): v for k, v in sorted(self.lengths.items())},
            },
            "led_at_half": self.led_at_half,
            "leader_caught": self.leader_caught,
            "trained_best": self.trained_best,
            "trained_best_won": self.trained_best_won,
            "player_games": self.player_games,
            "no_runner": self.no_runner,
            "richest_not_winner": self.richest_not_winner,
            "short": short,
            "players": players,
        }


def advantage(state: TotopolyState, player: int, horses: list[int]) -> int:
    """The lengths a player's colour cards at the start were worth to his runners."""
    colours = {state.c.horses[h].colour for h in horses}
    held = state.cards_at_start[player] if state.cards_at_start else {}
    return sum(held.get(c, 0) * LENGTHS_A_CARD[c] for c in colours)


class HalfwayWatch:
    """Called after every event of a game: notes who leads when the first horse reaches
    half the course's lengths."""

    def __init__(self) -> None:
        self.leaders: set[int] | None = None

    def __call__(self, state: State, _: Event) -> None:
        if self.leaders is not None or not isinstance(state, TotopolyState):
            return
        if state.phase != "race" or not state.pos:
            return
        out = [h for h, s in state.status.items() if s in RAN and h in state.pos]
        front = max((state.pos[h][0] for h in out), default=0)
        if front >= state.c.course.lengths // 2:
            owners = {state.horse_owner(h) for h in out if state.pos[h][0] == front}
            self.leaders = {p for p in owners if p is not None}


def checks(report: JSON) -> list[Check]:
    """The whole game against the rulebook's words (the module doc)."""
    games, finished = report["games"], report["finished"]
    short = bool(report["short"])
    length = report["length"]
    least, most = MINUTES[short]
    fast, slow = (length["median"] * pace / 60 for pace in PACE)
    steady = length["p90"] / length["p10"] if length["p10"] else float("inf")
    led, caught = report["led_at_half"], report["leader_caught"]
    best, best_won = report["trained_best"], report["trained_best_won"]
    fair = 1 / len(report["seat_wins"])
    decides = (1 + fair) / 2
    stuck = report["no_runner"] / report["player_games"] if report["player_games"] else 0
    found = [
        Check(
            "every game has a winner",
            "each game ends with the race won",
            f"{finished} of {games}",
            finished == games,
        ),
    ]
    if report["players"] >= TIMED_TABLE[short]:
        found.append(
            Check(
                "as long as the rulebook's game",
                f"{least}-{most} minutes ({'short' if short else 'long'} game) at "
                f"{PACE[0]}-{PACE[1]} s a throw or decision",
                f"median {length['median']:g}: {fast:.0f}-{slow:.0f} minutes",
                fast <= most and slow >= least,
            )
        )
    found += [
        Check(
            "a game's length foreseeable",
            f"1 game in 10 at most {STEADY:g} x as long as 1 in 10",
            f"{length['p10']:g} to {length['p90']:g} ({steady:.2f} x)",
            steady <= STEADY,
        ),
        seat_check([float(w) for w in report["seat_wins"]]),
        Check(
            "the leader at half distance can be caught",
            f"caught in {CAUGHT:.0%} of games or more",
            f"caught in {caught / led:.1%} of {led}" if led else "no race reached half way",
            bool(led) and caught / led >= CAUGHT,
        ),
        Check(
            "training matters, the racing more",
            f"the best-trained player wins {fair:.0%}-{decides:.1%} of races",
            f"{best_won / best:.1%} of {best}" if best else "no player trained best",
            bool(best) and fair < best_won / best < decides,
        ),
        Check(
            "no player left out of the race",
            f"{STUCK:.0%} of players or fewer start it with no horse",
            f"{stuck:.1%} of {report['player_games']}",
            stuck <= STUCK,
        ),
    ]
    if not short:
        rich = report["richest_not_winner"] / finished if finished else 0
        found.append(
            Check(
                "a bet can outdo the prize",
                f"the richest is not the winner in {BET_BEATS_PRIZE:.0%} of games or more",
                f"{rich:.1%} of {finished}",
                rich >= BET_BEATS_PRIZE,
            )
        )
    return found
