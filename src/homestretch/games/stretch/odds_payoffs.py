"""Odds by the chart procedure and $2 payoffs (rulebook pages 13-15)."""

from __future__ import annotations

from fractions import Fraction

from homestretch.core.odds import Odds
from homestretch.games.stretch.charts import ODDS_CLASSES, ChartSet


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


def payoff(odds: Odds, pool: str, charts: ChartSet) -> Fraction:
    """The $2 payoff to win, place or show at these odds, to the cent."""
    p = charts.payoffs
    share = {"win": p.win_share, "place": p.place_share, "show": p.show_share}[pool]
    amount = p.stake + p.stake * odds.value * share
    return max(p.minimum, Fraction(round(amount * 100), 100))
