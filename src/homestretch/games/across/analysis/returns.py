"""What a player gets back from a race, for every finish at once (the computer players'
arithmetic).

A race's payoff is fixed once the windows are dealt and the tickets are in: it depends
only on the WIN, PLACE and SHOW horses. ``payouts`` computes one seat's collection for
an array of finishes in NumPy, following the totalizator's rules (R4-R7, R10) under
either payoff (R5: ``exclusive``, or ``across``, where a ticket on a horse that finished
higher shares the windows below). ``finishes`` gives the finishes a track produces and
how often, from the kernel: for the shipped cards read from ``finish_tables.json``,
built once by this module (``python -m homestretch.games.across.analysis.returns``), so a
computer player's first decision does not wait for 10,000 races.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from homestretch.core.protocol import JSON
from homestretch.games.across.analysis.handicapper import players_racing, run_races
from homestretch.games.across.content.loader import HORSES, Content, Track, load_content
from homestretch.games.across.rules.totalizator import (
    GROUP_WINDOWS,
    OWNER_WINDOW,
    TICKET_PRICE,
    WINDOWS,
)
from homestretch.games.across.rules.totalizator import deal as deal_windows

FINISH_RACES = 10_000
"""Kernel races behind a track's finish table (a finish's share to about 0.15%)."""
FINISH_SEED = 2
"""The seed of a track's finish table (so a computer player's choices replay)."""
TABLE_SEATS = 4
"""Seats round the table in the races behind a finish table: a new table's four."""


@dataclass(frozen=True)
class Finishes:
    """Distinct (WIN, PLACE, SHOW) horse numbers of a track, with their probabilities."""

    horses: np.ndarray  # k x 3 horse numbers
    weight: np.ndarray  # k probabilities, summing to 1

    def chances(self) -> dict[int, tuple[float, float, float]]:
        """(win, place, show) probability per horse."""
        return {
            h: tuple(float(self.weight[self.horses[:, p] == h].sum()) for p in range(3))  # type: ignore[misc]
            for h in HORSES
        }


SHIPPED = Path(__file__).with_name("finish_tables.json")
"""The shipped cards' finish tables: each track's handicaps and its finishes with their
counts, exactly as ``race_finishes`` makes them."""


@cache
def finishes(track: str, content_dir: str | None = None) -> Finishes:
    """The finishes of ``track`` as the computer players race it (seeded: the same table
    every time, so a computer player's choices replay). Read from the shipped tables
    when the track's handicaps are the ones they were raced on, else raced now."""
    loaded = load_content(content_dir).track(track)
    shipped = _shipped().get(loaded.key)
    if shipped is not None and shipped["handicaps"] == _handicaps(loaded):
        rows = np.array(shipped["finishes"], dtype=np.int64)
        return Finishes(rows[:, :3], rows[:, 3] / rows[:, 3].sum())
    return race_finishes(loaded)


def race_finishes(track: Track, races: int = FINISH_RACES, seed: int = FINISH_SEED) -> Finishes:
    """``races`` kernel races of ``track`` (10,000: about 0.5-1 s) as the computer players
    race today (R28, R29): the eleven horses dealt among ``TABLE_SEATS`` seats, each
    rejecting a rival's roll while a horse of its own runs, unless half an X would bring
    the rival home anyway."""
    rng = np.random.default_rng(seed)
    start, need = track.start_halves(), track.need_halves()
    order, _, _ = run_races(start, need, races, rng, players_racing(), TABLE_SEATS)
    triples, counts = np.unique(order, axis=0, return_counts=True)
    return Finishes(triples.astype(np.int64) + HORSES[0], counts / counts.sum())


def _handicaps(track: Track) -> list[list[int]]:
    return [track.start_halves().tolist(), track.need_halves().tolist()]


@cache
def _shipped() -> dict[str, JSON]:
    if not SHIPPED.is_file():  # a copy without it still plays, raced on first use
        return {}
    tables: dict[str, JSON] = json.loads(SHIPPED.read_text(encoding="utf-8"))["tracks"]
    return tables


def finish_tables(content: Content) -> JSON:
    """The tables ``finishes`` reads, for every track of ``content``."""
    tracks: JSON = {}
    for key, track in sorted(content.tracks.items()):
        table = race_finishes(track)
        counts = np.rint(table.weight * FINISH_RACES).astype(np.int64)
        rows = np.column_stack([table.horses, counts]).tolist()
        tracks[key] = {"handicaps": _handicaps(track), "finishes": rows}
    return {"races": FINISH_RACES, "seed": FINISH_SEED, "seats": TABLE_SEATS, "tracks": tracks}


def dealt(handle: int) -> list[int]:
    windows = [0] * WINDOWS
    deal_windows(handle, windows)
    return windows


def payouts(
    windows: Sequence[int],
    tickets: Sequence[tuple[int, int]],
    seat: int,
    owners: Mapping[int, Sequence[int]],
    finish: np.ndarray,
    mode: str = "exclusive",
) -> np.ndarray:
    """What ``seat`` collects for each finish (rows of ``finish``: WIN, PLACE, SHOW horse
    numbers), given the dealt ``windows``, all ``tickets`` (seat, horse), the owners and
    the payoff rule (R5)."""
    count, mine = _counts(tickets, seat)
    return _collect(windows, count[None], mine[None], _shares(owners, seat), finish, mode)[0]


def with_one_more(
    windows: Sequence[int],
    tickets: Sequence[tuple[int, int]],
    seat: int,
    owners: Mapping[int, Sequence[int]],
    finish: np.ndarray,
    mode: str = "exclusive",
) -> np.ndarray:
    """``payouts`` with one more ticket of ``seat``'s on each horse 2-12 in turn: one row
    per horse (``windows`` should be dealt with that ticket's fifties in)."""
    count, mine = _counts(tickets, seat)
    extra = np.zeros((len(HORSES), 13), dtype=np.int64)
    extra[np.arange(len(HORSES)), np.array(HORSES)] = 1
    return _collect(windows, count + extra, mine + extra, _shares(owners, seat), finish, mode)


def _counts(tickets: Sequence[tuple[int, int]], seat: int) -> tuple[np.ndarray, np.ndarray]:
    count = np.zeros(13, dtype=np.int64)
    mine = np.zeros(13, dtype=np.int64)
    for who, horse in tickets:
        count[horse] += 1
        mine[horse] += who == seat
    return count, mine


def _shares(owners: Mapping[int, Sequence[int]], seat: int) -> np.ndarray:
    """How many owners share each horse ``seat`` owns a part of (0: not his)."""
    share = np.zeros(13, dtype=np.int64)
    for horse, members in owners.items():
        if seat in members:
            share[horse] = len(members)
    return share


def _collect(
    windows: Sequence[int],
    count: np.ndarray,
    mine: np.ndarray,
    share: np.ndarray,
    finish: np.ndarray,
    mode: str,
) -> np.ndarray:
    """Collections, case by finish: ``count`` and ``mine`` are tickets per horse, all
    and ``seat``'s, one row per case."""
    # Tickets sharing each group's windows, cases x finishes x 3: on its own horse, or
    # under ``across`` on any horse that finished as high or higher.
    holders = count[:, finish]
    held = mine[:, finish]
    if mode == "across":
        holders, held = holders.cumsum(axis=2), held.cumsum(axis=2)
    backed = holders > 0
    # Pools per window group for each of the 8 patterns of backed / unbacked (rules A-C).
    pattern = backed[..., 0] * 4 + backed[..., 1] * 2 + backed[..., 2]
    pool = _pool_table(tuple(windows))[pattern]  # cases x finishes x 4
    winner_share = share[finish[:, 0]]
    owns = winner_share > 0
    got = np.zeros(pattern.shape, dtype=np.int64)
    got[:, owns] += pool[:, owns, 0] // winner_share[owns]
    for place in range(3):
        n, m = holders[..., place], held[..., place]
        got += np.where(backed[..., place], pool[..., place + 1] // np.maximum(n, 1) * m, 0)
    refund = ~backed.any(axis=2)
    return np.where(refund, TICKET_PRICE * mine.sum(axis=1)[:, None], got)


@cache
def _pool_table(windows: tuple[int, ...]) -> np.ndarray:
    return np.array([_pools(windows, (bool(p & 4), bool(p & 2), bool(p & 1))) for p in range(8)])


def _pools(windows: Sequence[int], backed: tuple[bool, bool, bool]) -> list[int]:
    """The four pools after rules A-C for one pattern of backed WIN/PLACE/SHOW horses."""
    w = list(windows)
    payable = [OWNER_WINDOW]
    unpaid = 0
    for is_backed, group in zip(backed, GROUP_WINDOWS.values(), strict=True):
        if is_backed:
            payable.extend(group)
        else:
            unpaid += sum(w[i] for i in group)
            for i in group:
                w[i] = 0
    deal_windows(unpaid, w, payable)
    return [w[OWNER_WINDOW], *(sum(w[i] for i in group) for group in GROUP_WINDOWS.values())]


if __name__ == "__main__":  # rebuild the shipped tables after a card or the racing changes
    SHIPPED.write_text(json.dumps(finish_tables(load_content(None))) + "\n", encoding="utf-8")
    print(f"{SHIPPED.name}: {FINISH_RACES} races a track, seed {FINISH_SEED}, {TABLE_SEATS} seats")
