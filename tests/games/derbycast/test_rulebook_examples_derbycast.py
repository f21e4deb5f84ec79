"""Derby Cast: the rulebook's numeric statements not already checked elsewhere, run
through the engine (docs/rulebook-examples.md lists every example and the test that
checks it).

Rulebook: ../shared/rulebooks/004_f40950d953e4b577.txt; its numbered sections are cited.
"""

from __future__ import annotations

import pytest

from homestretch.core.odds import Odds
from homestretch.games.derbycast.rules.table import Bet, advance_for, points


@pytest.mark.parametrize("odds", range(5, 21))
def test_section_3_five_through_twenty_win_is_the_odds_and_each_place_half_the_last(
    odds: int,
) -> None:
    """'5 through 20: Win equals the odds value; Place equals half of Win, rounded down;
    Show equals half of Place, rounded down.' Section 3's rule, worked for each row section 5's
    table prints (the table's own rows are checked in rules/test_derbycast_table.py): the
    rule and the table never disagree, and a pick scores its level's value."""
    parsed = Odds.parse(str(odds))
    advance = advance_for(parsed)
    assert (advance.win, advance.place, advance.show) == (odds, odds // 2, odds // 2 // 2)
    assert [points(parsed, bet, bet.level) for bet in Bet] == [odds, odds // 2, odds // 4]
