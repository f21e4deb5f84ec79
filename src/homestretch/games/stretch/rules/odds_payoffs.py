"""Odds by the chart procedure and $2 payoffs (rulebook pages 13-15)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from homestretch.core.odds import BOARD_STEPS, Odds
from homestretch.games.stretch.content.chart_set import ODDS_CLASSES, ChartSet


def fair_odds(win: float) -> Odds | None:
    """Odds that would pay exactly what a win chance is worth: (1 - p) / p."""
    if win <= 0:
        return None
    return Odds.from_float((1 - win) / win)


def odds_classes(aprs: list[int], charts: ChartSet) -> list[str]:
    """Each horse's odds chart from its APR difference to the field's top, by field size."""
    top = max(aprs)
    return [charts.odds_class_for(top - apr, len(aprs)) for apr in aprs]


def chart_after_doubles(odds_class: str, red: int, white: int) -> str:
    """Doubles of 1-3 read one chart to the right (longer odds), 4-6 one to the left.

    The end charts have no neighbour beyond them, so Fav and E stay where they are (a
    ruling: the rulebook does not say).
    """
    index = ODDS_CLASSES.index(odds_class)
    if red == white:
        index += 1 if red <= 3 else -1
    return ODDS_CLASSES[max(0, min(len(ODDS_CLASSES) - 1, index))]


def roll_odds(odds_class: str, red: int, white: int, charts: ChartSet) -> Odds:
    return charts.odds_chart[(chart_after_doubles(odds_class, red, white), red)]


def book(odds: list[Odds]) -> float:
    """The chances the prices imply, summed: a real morning line runs 115-125%."""
    return sum(o.implied_probability for o in odds)


def balance_book(odds: list[Odds], charts: ChartSet) -> list[Odds]:
    """The morning-line maker's last step (ruling S17): a book outside the chart set's
    band is brought to its target (a long book every chance scaled alike, a short one
    mostly at the top: :func:`balance_book_array`) and read as the nearest tote-board
    prices. A book inside the band is left as rolled."""
    values = np.array([[float(o.value) for o in odds]])
    balanced = balance_book_array(values, charts.book)[0]
    return [
        o if b == float(o.value) else Odds.from_float(b)
        for o, b in zip(odds, balanced, strict=True)
    ]


BOARD = np.array(sorted(float(step) for step in BOARD_STEPS))
"""The morning line's prices, those :meth:`Odds.from_float` reads a price as (ruling S26)."""
TWEAKS = (1.0, *(1 + sign * k / 100 for k in range(1, 16) for sign in (-1, 1)))
"""Scales tried around the target: board prices are coarse below 5-1, so the scale whose
prices come nearest the target book is kept (the plain one on a tie)."""


def balance_book_array(
    odds: NDArray[np.float64], book: tuple[float, float, float]
) -> NDArray[np.float64]:
    """:func:`balance_book` for many races at once: one row of odds to one per race;
    ``book`` is the chart set's (low, target, high).

    A long book is scaled down, every chance alike. A short book is short because the
    Fav chart stops at even money (ruling S12) while the favourite's rivals are all on
    the long charts: the missing chance is the favourite's, so it is shared out in
    proportion to each horse's chance squared, most of it to the favourite (S17)."""
    low, target, high = book
    chances = 1.0 / (odds + 1.0)
    total = chances.sum(axis=1, keepdims=True)
    short = total < low
    weight = np.where(short, chances**2, chances)
    weight /= weight.sum(axis=1, keepdims=True)
    best, best_gap = odds, np.full(total.shape, np.inf)
    for tweak in TWEAKS:
        wanted = target * tweak
        shape = np.where(short, chances + (wanted - total) * weight, weight * wanted)
        prices = board_prices(1.0 / _capped(shape) - 1.0)
        gap = np.abs((1.0 / (prices + 1.0)).sum(axis=1, keepdims=True) - target)
        closer = gap < best_gap - 1e-12
        best, best_gap = np.where(closer, prices, best), np.where(closer, gap, best_gap)
    return np.where(short | (total > high), best, odds)


def _capped(chances: NDArray[np.float64]) -> NDArray[np.float64]:
    """No chance above the board's shortest price (1-9, 90%): what a capped horse cannot
    take is shared among the others in proportion (a match race with a no-hoper)."""
    cap = 1.0 / (1.0 + BOARD[0])
    for _ in range(len(chances[0])):
        over = chances > cap + 1e-12
        if not over.any():
            break
        excess = np.where(over, chances - cap, 0.0).sum(axis=1, keepdims=True)
        free = np.where(over, 0.0, chances)
        share = free / np.maximum(free.sum(axis=1, keepdims=True), 1e-12)
        chances = np.where(over, cap, chances + excess * share)
    return chances


def board_prices(values: NDArray[np.float64]) -> NDArray[np.float64]:
    """:meth:`Odds.from_float` on an array: the nearest board price, the shorter of two
    equally near (ruling S26)."""
    right = np.clip(np.searchsorted(BOARD, values), 1, len(BOARD) - 1)
    below, above = BOARD[right - 1], BOARD[right]
    return np.where(np.abs(values - below) <= np.abs(above - values), below, above)


def payoff(odds: Odds, pool: str, charts: ChartSet) -> Fraction:
    """The $2 payoff to win, place or show at these odds, to the cent."""
    p = charts.payoffs
    share = {"win": p.win_share, "place": p.place_share, "show": p.show_share}[pool]
    amount = p.stake + p.stake * odds.value * share
    return max(p.minimum, Fraction(round(amount * 100), 100))
