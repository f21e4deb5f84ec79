"""Derby Cast's notices in plain words: a day's card loaded, a result under review, a
race official or corrected, a tie-break race, the winners. The state words each notice
as it is made (its ``words``), so the terminal, the TV and the phones say the same."""

from __future__ import annotations

from collections.abc import Sequence

from homestretch.core.protocol import JSON


def _races(n: int) -> str:
    return f"{n} race" if n == 1 else f"{n} races"


def day_card_line(file: str, races: int) -> str:
    """'The day's card from day.csv: 8 races to post.'"""
    return f"The day's card from {file}: {_races(races)} to post."


def review_line(race: int) -> str:
    return f"Race {race}: a result is posted for review; it is not official yet."


def _moves(awarded: Sequence[JSON]) -> str:
    return ", ".join(
        f"{a['name']} sat out" if a.get("sat_out") else f"{a['name']} +{a['points']}"
        for a in awarded
    )


def official_line(race: int, name: str, awarded: Sequence[JSON]) -> str:
    """'Race 1 (Derby) is official: Ann +5, Bob +0, Cy sat out.'"""
    moves = _moves(awarded)
    return f"Race {race} ({name}) is official" + (f": {moves}." if moves else ".")


def correction_line(race: int) -> str:
    return f"Race {race} is corrected: every marker is scored again."


def tie_break_line(names: Sequence[str], points: int) -> str:
    """'Ann and Bob are level on 21: a tie-break race, only they pick.'"""
    return f"{' and '.join(names)} are level on {points}: a tie-break race, only they pick."


def winners_line(result: JSON) -> str:
    """Plain text (no markup): print it with markup off."""
    names = " and ".join(f"{w['name']} (marker {w['marker']})" for w in result["winners"])
    title = "Co-winners" if len(result["winners"]) > 1 else "Official Winner"
    return f"{title}: {names} - {result['how']}, after {result['races']} race(s)."
