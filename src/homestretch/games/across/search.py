"""The search player: the sensible player's bidding, with every race decision made by
Monte Carlo rollouts of the rest of the race on the NumPy kernel.

At an accept/reject choice it runs the rest of the race ``ROLLOUTS`` times after each
choice (every player racing as the computer players do, R28: holding back each rival
while a horse it owns or backed runs), the two choices' rollouts rolling the same dice
race by race (R31: ``DiceStreams``, so the difference is the choice's and not the
dice's), and takes the choice whose
finishes pay it more, counted exactly (``returns.payouts``: its tickets, the Winners
Circle of its horses, the 8th-race bins, its share of the Daily Double bin in races 1
and 2, under the game's payoff rule). For its bets it races the field from the
start with the real owners and the real order of the dice, instead of the track's
average table. A roll of its own horse, or any roll once nothing of its own is left
running, it accepts without searching. Each decision uses its own generator, seeded by the table, so a game
replays; none takes more than a few tens of milliseconds
(``benchmarks/across_tournament.py`` measures it).
"""

from __future__ import annotations

import zlib
from functools import lru_cache

import numpy as np

from homestretch.core.protocol import JSON
from homestretch.games.across.analysis.handicapper import (
    Dice,
    DiceStreams,
    Field,
    players_racing,
    race_on,
    second_roll,
)
from homestretch.games.across.analysis.returns import Finishes, payouts
from homestretch.games.across.bots import SensibleBot, owners_of, tickets_of, track_chances
from homestretch.games.across.content.loader import HORSES, load_content

ROLLOUTS = 300
"""Rollouts per choice: a payoff's mean to about a seventeenth of its spread."""
BET_RACES = 3000
"""Races from the start behind a betting decision."""
FINAL_BINS = ("win8", "place8", "show8")


class SearchBot(SensibleBot):
    SAME_DICE = True
    """The two choices' rollouts roll the same dice race by race (``DiceStreams``), so
    their difference is the choice's and not the dice's (R31); without it each choice
    had its own dice, and where the two were close the noise chose."""

    def __init__(self, seed: int, content_dir: str | None = None) -> None:
        super().__init__(seed, content_dir)
        self._np = np.random.default_rng(seed)

    # --- betting: the finishes of this field, these owners, this order of rollers -----
    def _finishes(self, seat: int, view: JSON) -> Finishes:
        owner = tuple(view["owners"].get(str(h), [-1])[0] for h in HORSES)
        first = (view["roles"]["trackmaster"] + 1) % len(view["cash"])
        rollers = tuple(self._rollers(view, first))
        return field_finishes(view["track"], self.content_dir, owner, rollers)

    # --- the race ---------------------------------------------------------------------
    def _accepts(self, seat: int, view: JSON) -> bool:
        card = view["race_card"]
        rolled = card["rolled"]
        running = [h for h in HORSES if h not in card["finish"]]
        stakes = {int(h) for h, o in view["owners"].items() if seat in o}
        stakes |= {h for s, h in view["tickets"] if s == seat}
        if view["race"] in (1, 2) and any(s == seat for s, _, _ in view["daily_double"]):
            stakes |= {h for h in HORSES if self._daily_double_by_winner(seat, view)[h] > 0}
        if rolled in stakes or not stakes & set(running):
            return True  # my own horse, or nothing of mine left to race for
        if not self.SAME_DICE:
            accept = self._rollout(seat, view, False, self._np, self._np)
            reject = self._rollout(seat, view, True, self._np, self._np)
            return bool(accept >= reject)
        dice, second = (int(x) for x in self._np.integers(0, 2**63 - 1, 2))
        accept = self._rollout(seat, view, False, self._streams(dice), self._streams(second))
        reject = self._rollout(seat, view, True, self._streams(dice), self._streams(second))
        return bool(accept >= reject)

    @staticmethod
    def _streams(seed: int) -> DiceStreams:
        return DiceStreams(np.random.default_rng(seed), ROLLOUTS)

    def _rollout(self, seat: int, view: JSON, reject: bool, dice: Dice, second: Dice) -> float:
        """Mean collection over the rest of the race after accepting or rejecting:
        ``second`` rolls the rejected roll's second roll, ``dice`` the race after."""
        card = view["race_card"]
        need = np.array([card["need"][str(h)] for h in HORSES])
        halves = np.array([card["progress"][str(h)] for h in HORSES])
        finish = tuple(h - HORSES[0] for h in card["finish"])
        board = Field.start(halves, ROLLOUTS, finish)
        every = np.arange(ROLLOUTS)
        rolled = np.full(ROLLOUTS, card["rolled"] - HORSES[0])
        rolls = np.zeros(ROLLOUTS, dtype=np.int64)
        board.advance(every, rolled, need, 1 if reject else 2)
        if reject:
            second_roll(board, every, need, second, rolls)
        nxt = (seat + (1 if view["rotation"] == "left" else -1)) % len(view["cash"])
        owner, rollers = self._owner_matrix(view, ROLLOUTS), self._rollers(view, nxt)
        race_on(board, need, owner, rollers, dice, players_racing(self._stakes(view)))
        return self._mean_collection(seat, view, board.order + HORSES[0])

    def _mean_collection(self, seat: int, view: JSON, finish: np.ndarray) -> float:
        owners = owners_of(view)
        tickets, rule = tickets_of(view), view["payoff_rule"]
        got = payouts(view["windows"], tickets, seat, owners, finish, rule).astype(float)
        if view["race"] in (1, 2) and any(s == seat for s, _, _ in view["daily_double"]):
            got += self._daily_double_by_winner(seat, view)[finish[:, 0]]
        if view["race"] == 8:  # the 8th-race bins go to the owners of the first three
            for place, name in enumerate(FINAL_BINS):
                for horse, members in owners.items():
                    if seat in members:
                        got[finish[:, place] == horse] += view["bins"][name] / len(members)
        return float(got.mean())

    def _daily_double_by_winner(self, seat: int, view: JSON) -> np.ndarray:
        """What this race's winner (by horse number) is worth to ``seat`` from the Daily
        Double bin: in race 2 its share outright, in race 1 its share if the second
        horse of its ticket then wins race 2 (at the track's win chances)."""
        pool = view["daily_double_bin"]
        pairs: dict[tuple[int, int], list[int]] = {}
        for s, a, b in view["daily_double"]:
            pairs.setdefault((a, b), []).append(s)
        value = np.zeros(13)
        if view["race"] == 2:
            first = next(
                r["finish"][0]
                for r in reversed(view["results"])
                if r["meet"] == view["meet"] and r["race"] == 1
            )
            for (a, b), holders in pairs.items():
                if a == first:
                    value[b] += pool // len(holders) * holders.count(seat)
            return value
        chances = track_chances(view["track"], self.content_dir)
        for (a, b), holders in pairs.items():
            value[a] += chances[b][0] * (pool // len(holders)) * holders.count(seat)
        return value

    # --- the table --------------------------------------------------------------------
    @staticmethod
    def _stakes(view: JSON) -> np.ndarray:
        """Each seat's stakes in the race (seats x horse indices): the horses it owns a
        part of or holds a ticket on, which it races for (R28)."""
        stakes = np.zeros((len(view["cash"]), len(HORSES)), dtype=bool)
        for h, members in view["owners"].items():
            stakes[list(members), int(h) - HORSES[0]] = True
        for s, h in view["tickets"]:
            stakes[s, h - HORSES[0]] = True
        return stakes

    @staticmethod
    def _owner_matrix(view: JSON, n: int) -> np.ndarray:
        """The seat deciding for each horse (a syndicate's first member), per rollout."""
        row = np.array([view["owners"].get(str(h), [-1])[0] for h in HORSES])
        return np.tile(row, (n, 1))

    @staticmethod
    def _rollers(view: JSON, first: int) -> list[int]:
        players = len(view["cash"])
        step = 1 if view["rotation"] == "left" else -1
        return [(first + k * step) % players for k in range(players)]


@lru_cache(maxsize=64)
def field_finishes(
    track_key: str, content: str | None, owner: tuple[int, ...], rollers: tuple[int, ...]
) -> Finishes:
    """The finishes of a race from the start with these owners and this order of
    rollers, every seat racing as the computer players do (R28: holding back every
    rival while a horse of its own runs). Seeded by its arguments alone, so
    it is the same whoever asks first (a game replays)."""
    track = load_content(content).track(track_key)
    rng = np.random.default_rng(zlib.crc32(repr((track_key, owner, rollers)).encode()))
    board = Field.start(track.start_halves(), BET_RACES)
    owners = np.tile(np.array(owner), (BET_RACES, 1))
    race_on(board, track.need_halves(), owners, list(rollers), rng, players_racing())
    triples, counts = np.unique(board.order, axis=0, return_counts=True)
    return Finishes(triples + HORSES[0], counts / counts.sum())
