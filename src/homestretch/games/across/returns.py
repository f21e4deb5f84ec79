"""What a player gets back from a race, for every finish at once (the computer players'
arithmetic).

A race's payoff is fixed once the windows are dealt and the tickets are in: it depends
only on the WIN, PLACE and SHOW horses. ``payouts`` computes one seat's collection for
an array of finishes in NumPy, following the totalizator's rules (R4-R7, R10: the
exclusive payoff; the ``across`` option is valued as exclusive, a small understatement).
``finishes`` gives the finishes a track produces and how often, from the kernel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from homestretch.games.across.content import HORSES, load_content
from homestretch.games.across.handicapper import run_races
from homestretch.games.across.totalizator import GROUP_WINDOWS, OWNER_WINDOW, TICKET_PRICE, WINDOWS
from homestretch.games.across.totalizator import deal as deal_windows

FINISH_RACES = 10_000
"""Kernel races behind a track's finish table (a finish's share to about 0.15%)."""


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


@cache
def finishes(track: str, content_dir: str | None = None) -> Finishes:
    """The finishes of ``track`` as the computer players race it (seeded: the same table
    every time, so a computer player's choices replay)."""
    rng = np.random.default_rng(2)
    loaded = load_content(content_dir).track(track)
    order, _, _ = run_races(loaded.start_halves(), loaded.need_halves(), FINISH_RACES, rng)
    triples, counts = np.unique(order, axis=0, return_counts=True)
    return Finishes(triples + HORSES[0], counts / counts.sum())


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
) -> np.ndarray:
    """What ``seat`` collects for each finish (rows of ``finish``: WIN, PLACE, SHOW horse
    numbers), given the dealt ``windows``, all ``tickets`` (seat, horse) and the owners."""
    count, mine = _counts(tickets, seat)
    return _collect(windows, count[None], mine[None], _shares(owners, seat), finish)[0]


def with_one_more(
    windows: Sequence[int],
    tickets: Sequence[tuple[int, int]],
    seat: int,
    owners: Mapping[int, Sequence[int]],
    finish: np.ndarray,
) -> np.ndarray:
    """``payouts`` with one more ticket of ``seat``'s on each horse 2-12 in turn: one row
    per horse (``windows`` should be dealt with that ticket's fifties in)."""
    count, mine = _counts(tickets, seat)
    extra = np.zeros((len(HORSES), 13), dtype=np.int64)
    extra[np.arange(len(HORSES)), np.array(HORSES)] = 1
    return _collect(windows, count + extra, mine + extra, _shares(owners, seat), finish)


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
) -> np.ndarray:
    """Collections, case by finish: ``count`` and ``mine`` are tickets per horse, all
    and ``seat``'s, one row per case."""
    backed = count[:, finish] > 0  # cases x finishes x 3
    # Pools per window group for each of the 8 patterns of backed / unbacked (rules A-C).
    pattern = backed[..., 0] * 4 + backed[..., 1] * 2 + backed[..., 2]
    pool = _pool_table(tuple(windows))[pattern]  # cases x finishes x 4
    winner_share = share[finish[:, 0]]
    owns = winner_share > 0
    got = np.zeros(pattern.shape, dtype=np.int64)
    got[:, owns] += pool[:, owns, 0] // winner_share[owns]
    for place in range(3):
        n = np.take_along_axis(count, np.broadcast_to(finish[:, place], pattern.shape), 1)
        m = np.take_along_axis(mine, np.broadcast_to(finish[:, place], pattern.shape), 1)
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
