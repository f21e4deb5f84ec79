"""The handicapper: many races at once in NumPy, to measure a track's handicaps.

It follows the Race Begins section under the default computer player's policy (ruling
R21 in docs/rulings.md (Across the Board)): the eleven horses are dealt among ROLLERS
seats; a roller accepts every roll except a rival's whose full X would bring it home
(and whose half X would not) while one of his own horses is still running: that one he
rejects, giving it half an X, and the second roll stands. Rolls of horses already in
are wasted turns. A test checks this kernel against the reference race in ``race.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from homestretch.games.across.content.loader import HORSES, Track, load_content
from homestretch.games.across.rules.race import Race

ROLLERS = 5
"""Seats round the table in a handicapping race, each owning some of the horses."""


@dataclass(frozen=True)
class HorseFigures:
    number: int
    win: float
    place: float
    show: float
    accepted_per_50_rolls: float


@dataclass(frozen=True)
class TrackReport:
    track: str
    races: int
    mean_rolls_per_race: float
    horses: list[HorseFigures]

    def to_json(self) -> dict[str, object]:
        return {
            "track": self.track,
            "races": self.races,
            "mean_rolls_per_race": round(self.mean_rolls_per_race, 2),
            "horses": [
                {
                    "number": h.number,
                    "win": round(h.win, 4),
                    "place": round(h.place, 4),
                    "show": round(h.show, 4),
                    "accepted_per_50_rolls": round(h.accepted_per_50_rolls, 3),
                }
                for h in self.horses
            ],
        }


def simulate_track(
    track: Track,
    races: int,
    seed: int,
    chunk: int = 20_000,
    progress: Callable[[int], None] | None = None,
    policy: str = "computer",
) -> TrackReport:
    """Run ``races`` races of ``track`` under ``policy`` (a name in POLICIES) and report
    each horse's figures; ``progress(n)`` is told after each chunk of ``n`` races."""
    rejects = POLICIES[policy]
    rng = np.random.default_rng(seed)
    places = np.zeros((3, len(HORSES)), dtype=np.int64)
    accepted = np.zeros(len(HORSES), dtype=np.int64)
    rolls_total = 0
    done = 0
    while done < races:
        n = min(chunk, races - done)
        order, rolls, acc = run_races(track.start_halves(), track.need_halves(), n, rng, rejects)
        for pos in range(3):
            places[pos] += np.bincount(order[:, pos], minlength=len(HORSES))
        accepted += acc
        rolls_total += int(rolls.sum())
        done += n
        if progress is not None:
            progress(n)
    figures = [
        HorseFigures(
            number=number,
            win=float(places[0, i] / races),
            place=float(places[1, i] / races),
            show=float(places[2, i] / races),
            accepted_per_50_rolls=float(50 * accepted[i] / rolls_total),
        )
        for i, number in enumerate(HORSES)
    ]
    return TrackReport(track.name, races, rolls_total / races, figures)


@dataclass(frozen=True)
class RollSeen:
    """What a roller sees when deciding on first rolls, one row per live race."""

    progress: np.ndarray  # halves of X each horse has, by race
    need: np.ndarray  # halves each horse needs to come in
    owner: np.ndarray  # seat owning each horse, by race
    finished: np.ndarray  # horses already in, by race
    live: np.ndarray  # the races deciding now
    horse: np.ndarray  # the horse each of them rolled
    roller: int


def hold_back_rival(seen: RollSeen) -> np.ndarray:
    """The default policy (R21): a rival about to come home with this X is held back
    while the roller still has a horse of his own running."""
    live, horse, roller = seen.live, seen.horse, seen.roller
    mine_open = ((seen.owner[live] == roller) & ~seen.finished[live]).any(axis=1)
    one_x_from_home = seen.progress[live, horse] == seen.need[horse] - 2
    return (seen.owner[live, horse] != roller) & mine_open & one_x_from_home


def hold_back_every_rival(seen: RollSeen) -> np.ndarray:
    """How people play (R21): every rival's roll is rejected while one of the roller's
    own horses is still running, so each rival gets half an X and the roller another
    chance at his own number."""
    live, horse, roller = seen.live, seen.horse, seen.roller
    mine_open = ((seen.owner[live] == roller) & ~seen.finished[live]).any(axis=1)
    return (seen.owner[live, horse] != roller) & mine_open


def players_racing(stakes: np.ndarray | None = None) -> Callable[[RollSeen], np.ndarray]:
    """The computer players' racing (R28), as a policy: a rival's roll (a horse the
    roller has no stake in) is rejected while a horse he has a stake in still runs,
    unless half an X would bring the rival home anyway. ``stakes`` (seats x horse
    indices, true where the seat owns or backed the horse) says each seat's stakes;
    without it a seat's stakes are the horses it owns (the ``owner`` matrix)."""

    def rejects(seen: RollSeen) -> np.ndarray:
        live, horse, roller = seen.live, seen.horse, seen.roller
        if stakes is None:
            mine = seen.owner[live] == roller
        else:
            mine = np.broadcast_to(stakes[roller], (live.size, len(HORSES)))
        mine_open = (mine & ~seen.finished[live]).any(axis=1)
        rival = ~mine[np.arange(live.size), horse]
        not_home_anyway = seen.progress[live, horse] + 1 < seen.need[horse]
        return rival & mine_open & not_home_anyway

    return rejects


def accept_every_roll(seen: RollSeen) -> np.ndarray:
    """No rejections at all: the shortest races a card gives."""
    return np.zeros(seen.live.size, dtype=bool)


POLICIES: dict[str, Callable[[RollSeen], np.ndarray]] = {
    "computer": hold_back_rival,
    "people": hold_back_every_rival,
    "players": players_racing(),
    "accept": accept_every_roll,
}
"""The accept/reject policies the handicapper can race under, by name."""


def run_races(
    start: np.ndarray,
    need: np.ndarray,
    n: int,
    rng: np.random.Generator,
    rejects: Callable[[RollSeen], np.ndarray] = hold_back_rival,
    rollers: int = ROLLERS,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Race ``n`` fields under a policy (which first rolls to reject); returns (first
    three horse indices, rolls per race, full X's given per horse). Each race deals the
    eleven horses at random among ``rollers`` seats."""
    board = Field.start(start, n)
    owner = np.argsort(rng.random((n, len(HORSES))), axis=1) % rollers
    rolls, accepted = race_on(board, need, owner, list(range(rollers)), rng, rejects)
    return board.order, rolls, accepted


@dataclass
class Field:
    """``n`` races in progress at once: halves of X per horse, who is in, in what order."""

    progress: np.ndarray
    finished: np.ndarray
    order: np.ndarray
    in_count: np.ndarray
    last_second: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    """The horses given a full X by the last second rolls (for the accepted count)."""

    @classmethod
    def start(cls, halves: np.ndarray, n: int, finish: tuple[int, ...] = ()) -> Field:
        """``n`` copies of one race: ``halves`` per horse index, ``finish`` the horse
        indices already in, in order."""
        board = cls(
            np.tile(halves.astype(np.int64), (n, 1)),
            np.zeros((n, len(HORSES)), dtype=bool),
            np.full((n, 3), -1, dtype=np.int64),
            np.full(n, len(finish), dtype=np.int64),
        )
        for place, horse in enumerate(finish):
            board.finished[:, horse] = True
            board.order[:, place] = horse
        return board

    def advance(self, races: np.ndarray, horse: np.ndarray, need: np.ndarray, halves: int) -> None:
        _advance(
            self.progress, self.finished, self.order, self.in_count, races, horse, need, halves
        )


class DiceStreams:
    """Each race's own sequence of dice, drawn ahead: the k-th roll of race i is the
    same whatever happened in the other races, so two boards raced on from one seed
    roll the same dice race by race (common random numbers: two choices compared on
    the same luck, their difference measured with far less noise)."""

    AHEAD = 160
    """Rolls drawn ahead per race; a race that runs past them draws more."""

    def __init__(self, rng: np.random.Generator, n: int) -> None:
        self.rng = rng
        self.faces = _roll(rng, n * self.AHEAD).reshape(n, self.AHEAD)
        self.used = np.zeros(n, dtype=np.int64)

    def roll(self, races: np.ndarray) -> np.ndarray:
        """The next roll of each of ``races`` (horse indices)."""
        while races.size and self.used[races].max() >= self.faces.shape[1]:
            more = _roll(self.rng, self.faces.size).reshape(self.faces.shape)
            self.faces = np.concatenate([self.faces, more], axis=1)
        horse = self.faces[races, self.used[races]]
        self.used[races] += 1
        return horse


Dice = np.random.Generator | DiceStreams
"""Where a kernel race's rolls come from: one generator for every race, or each race's
own stream."""


def race_on(
    board: Field,
    need: np.ndarray,
    owner: np.ndarray,
    rollers: list[int],
    rng: Dice,
    rejects: Callable[[RollSeen], np.ndarray] = hold_back_rival,
) -> tuple[np.ndarray, np.ndarray]:
    """Run every race of ``board`` to its SHOW horse, the dice going round ``rollers``
    (seats, the first rolling now) and ``owner`` (races x horses) the seat owning each
    horse; returns (rolls per race, full X's given per horse)."""
    n = board.progress.shape[0]
    rolls = np.zeros(n, dtype=np.int64)
    accepted = np.zeros(len(HORSES), dtype=np.int64)
    turn = 0
    running = np.arange(n)[board.in_count < 3]
    while running.size:
        live = running
        roller = rollers[turn % len(rollers)]
        horse = _next_rolls(rng, live)
        rolls[live] += 1
        moving = ~board.finished[live, horse]
        live, horse = live[moving], horse[moving]
        seen = RollSeen(board.progress, need, owner, board.finished, live, horse, roller)
        keep = ~rejects(seen)
        board.advance(live[keep], horse[keep], need, 2)
        np.add.at(accepted, horse[keep], 1)
        # A rejected roll: half an X now, then a second roll that stands.
        again = live[~keep]
        board.advance(again, horse[~keep], need, 1)
        second_roll(board, again, need, rng, rolls)
        np.add.at(accepted, board.last_second, 1)
        running = running[board.in_count[running] < 3]
        turn += 1
    return rolls, accepted


def second_roll(
    board: Field, races: np.ndarray, need: np.ndarray, rng: Dice, rolls: np.ndarray
) -> None:
    """The second roll after a rejection, in each of ``races`` still running: it stands
    (one full X) unless it is a horse already in. Sets ``board.last_second``."""
    races = races[board.in_count[races] < 3]
    second = _next_rolls(rng, races)
    rolls[races] += 1
    moving = ~board.finished[races, second]
    races, second = races[moving], second[moving]
    board.advance(races, second, need, 2)
    board.last_second = second


def _next_rolls(rng: Dice, races: np.ndarray) -> np.ndarray:
    """The next roll of each of ``races``: from its own stream, or the generator's next."""
    if isinstance(rng, DiceStreams):
        return rng.roll(races)
    return _roll(rng, races.size)


def _roll(rng: np.random.Generator, size: int) -> np.ndarray:
    """Two dice, red and white, each 0..5: their sum indexes horses 2..12."""
    return rng.integers(0, 6, size) + rng.integers(0, 6, size)


def _advance(
    progress: np.ndarray,
    finished: np.ndarray,
    order: np.ndarray,
    in_count: np.ndarray,
    races: np.ndarray,
    horse: np.ndarray,
    need: np.ndarray,
    halves: int,
) -> None:
    """Add ``halves`` half X's to ``horse`` in each of ``races``; record who comes in."""
    progress[races, horse] += halves
    home = (progress[races, horse] >= need[horse]) & ~finished[races, horse]
    races, horse = races[home], horse[home]
    finished[races, horse] = True
    order[races, in_count[races]] = horse
    in_count[races] += 1


def reference_races(key: str, races: int, seed: int) -> tuple[dict[int, float], float]:
    """The same races run one roll at a time through race.py under the same default
    policy, to check the kernel: (win share by horse, mean rolls per race)."""
    rng = random.Random(seed)
    track = load_content().track(key)
    wins = dict.fromkeys(HORSES, 0)
    rolls = 0
    for _ in range(races):
        horses = list(HORSES)
        rng.shuffle(horses)
        owner = {h: i % ROLLERS for i, h in enumerate(horses)}
        race = Race.start(1, track, roller=0)
        turn = 0
        while not race.over:
            roller = turn % ROLLERS
            if race.first_roll(rng.randint(1, 6) + rng.randint(1, 6)):
                mine_running = any(owner[h] == roller and not race.is_in(h) for h in HORSES)
                rolled = race.rolled
                one_x_from_home = race.progress[rolled] == race.need[rolled] - 2
                if owner[rolled] != roller and mine_running and one_x_from_home:
                    race.reject()
                    if not race.over:
                        race.second_roll(rng.randint(1, 6) + rng.randint(1, 6))
                else:
                    race.accept()
            turn += 1
        wins[race.finish[0]] += 1
        rolls += race.rolls
    return {h: w / races for h, w in wins.items()}, rolls / races
