"""Section 3 and 5: the Final Odds Calculator Table row by row, the 25-1 example, odds
between the printed rows (rulings R1-R3) and the Win/Place/Show levels."""

from __future__ import annotations

from pathlib import Path

import pytest

from homestretch.core.errors import ContentError
from homestretch.core.odds import Odds
from homestretch.games.derbycast.content.odds_table import load_table
from homestretch.games.derbycast.rules.table import Bet, advance_for, points

# The table as printed in the rulebook: (final odds, 1st, 2nd, 3rd place point values).
PRINTED = [
    *[(o, 1, 0, 0) for o in ["1/9", "1/5", "2/5", "1/2", "3/5", "4/5", "1", "6/5", "7/5", "3/2", "8/5", "9/5"]],
    ("2", 2, 1, 0), ("5/2", 2, 1, 0),
    ("3", 3, 1, 0), ("7/2", 3, 1, 0),
    ("4", 4, 2, 1), ("9/2", 4, 2, 1),
    ("5", 5, 2, 1), ("6", 6, 3, 1), ("7", 7, 3, 1), ("8", 8, 4, 2), ("9", 9, 4, 2),
    ("10", 10, 5, 2), ("11", 11, 5, 2), ("12", 12, 6, 3), ("13", 13, 6, 3),
    ("14", 14, 7, 3), ("15", 15, 7, 3), ("16", 16, 8, 4), ("17", 17, 8, 4),
    ("18", 18, 9, 4), ("19", 19, 9, 4), ("20", 20, 10, 5),
]  # fmt: skip


@pytest.mark.parametrize(("odds", "win", "place", "show"), PRINTED)
def test_every_printed_row(odds: str, win: int, place: int, show: int) -> None:
    parsed = Odds.parse(odds)
    assert (points(parsed, Bet.win, 1), points(parsed, Bet.place, 2)) == (win, place)
    assert points(parsed, Bet.show, 3) == show


def test_the_table_file_holds_every_printed_row_and_nothing_else() -> None:
    rows = [(r.odds, r.advance.win, r.advance.place, r.advance.show) for r in load_table()]
    assert rows == [(Odds.parse(o).value, w, p, s) for o, w, p, s in PRINTED]


def test_rulebook_example_25_to_1() -> None:
    """'If a horse wins at odds of 25 to 1, the accumulated point values are 25 for 1st
    place, 12 for 2nd place, and 6 for 3rd place.'"""
    odds = Odds.parse("25-1")
    assert [points(odds, bet, 1) for bet in Bet] == [25, 12, 6]


@pytest.mark.parametrize(
    ("odds", "expected"),
    [
        ("11/10", (1, 0, 0)),  # R1: between 1 and 6/5, the 1 row
        ("19/10", (1, 0, 0)),  # R1: between 9/5 and 2, the 9/5 row
        ("11/2", (5, 2, 1)),  # R1: between 5 and 6
        ("13/2", (6, 3, 1)),  # R1: between 6 and 7
        ("1/10", (1, 0, 0)),  # R2: shorter than 1/9 still advances 1 for a win
        ("1/20", (1, 0, 0)),
        ("45/2", (22, 11, 5)),  # R3: 22.5 to 1 counts as 22
        ("99", (99, 49, 24)),
        ("21", (21, 10, 5)),
    ],
)
def test_odds_between_and_beyond_the_printed_rows(odds: str, expected: tuple[int, ...]) -> None:
    advance = advance_for(Odds.parse(odds))
    assert (advance.win, advance.place, advance.show) == expected


@pytest.mark.parametrize("typed", ["5/2", "5-2", "2.5", "5:2"])
def test_odds_may_be_typed_several_ways(typed: str) -> None:
    assert points(Odds.parse(typed), Bet.win, 1) == 2


@pytest.mark.parametrize(
    ("bet", "finish", "expected"),
    [
        (Bet.win, 1, 8), (Bet.win, 2, 0), (Bet.win, None, 0),
        (Bet.place, 1, 4), (Bet.place, 2, 4), (Bet.place, 3, 0),
        (Bet.show, 1, 2), (Bet.show, 2, 2), (Bet.show, 3, 2), (Bet.show, 4, 0),
    ],
)  # fmt: skip
def test_place_and_show_score_at_their_own_value_down_to_their_level(
    bet: Bet, finish: int | None, expected: int
) -> None:
    """At 8-1: a Place pick scores the 2nd place value (4) on a 1st or 2nd, nothing
    below; a Show pick scores the 3rd place value (2) on 1st to 3rd."""
    assert points(Odds.parse("8-1"), bet, finish) == expected


def test_a_broken_table_file_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "table.csv"
    bad.write_text("odds,win,place,show\n1/9,1,0,0\n2,two,1,0\n", encoding="utf-8")
    with pytest.raises(
        ContentError, match=r"table.csv: line 3: win: 'two' is not a number of points"
    ):
        load_table(bad)
    bad.write_text("odds,win,place,show\n2,2,1,0\n1,1,0,0\n", encoding="utf-8")
    with pytest.raises(
        ContentError, match="line 3: odds 1 are below line 2's 2: odds must increase"
    ):
        load_table(bad)
    with pytest.raises(ContentError, match="missing.csv: cannot read the CSV odds table: file not"):
        load_table(tmp_path / "missing.csv")


def test_the_docs_odds_table_paragraph_says_what_the_code_scores() -> None:
    """docs/derbycast.md says how odds off the printed rows score (R1-R3), each with an
    example: every example holds against the bundled table, and a copy of it read from
    its own file (your own table is read the same way)."""
    import re

    doc = Path(__file__).parents[4] / "docs" / "derbycast.md"
    text = " ".join(doc.read_text(encoding="utf-8").split())
    between = re.search(r"ruling R1: (\S+) as (\S+)\)", text)
    shorter = re.search(
        r"shorter than the first row score as the first row \(R2: (\S+) as (\S+)\)", text
    )
    past = re.search(r"on the whole part of the odds .*?R3: (\S+) is (\d+)/(\d+)/(\d+)\)", text)
    assert between and shorter and past, "the odds-table paragraph lost its R1-R3 examples"
    rows = load_table()  # the bundled file, read as a table of one's own is
    for table in (None, rows):
        for odds, row in (between.groups(), shorter.groups()):
            assert advance_for(Odds.parse(odds), table) == advance_for(Odds.parse(row), table)
        got = advance_for(Odds.parse(past.group(1)), table)
        assert (got.win, got.place, got.show) == tuple(int(n) for n in past.groups()[1:])
    assert Odds.parse(shorter.group(2)).value == rows[0].odds  # the example is the first row
    assert Odds.parse(shorter.group(1)).value < rows[0].odds
    assert Odds.parse(past.group(1)).value > rows[-1].odds
    assert Odds.parse(past.group(1)).value.denominator > 1  # a whole part to take
