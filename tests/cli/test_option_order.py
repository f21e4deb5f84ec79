"""What a person typed is answered before what they left out: a `play` (or `stretch run`)
with a missing or broken file named, or an option's value typed wrong, says so first,
not "needs 2 to 20 players" (one fault at a time, and the first one that person wrote;
`derbycast play --table missing.csv` named the players first)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import refused

BROKEN_CSV = "odds,win,place\n1-9,x,0\n"
"""An odds table whose first row does not read."""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["derbycast", "play", "--table", "missing.csv"], "missing.csv: cannot read"),
        (["derbycast", "play", "--table", "{broken}"], "broken.csv"),
        (["derbycast", "play", "--source", "results.csv"], "results.csv: cannot read"),
        (["derbycast", "play", "--source", "simulate", "--race", "nosuch"], "nosuch: no such"),
        (["derbycast", "play", "--order", "rotat"], "--order rotat: did you mean rotate?"),
        (["across", "play", "--content", "/nonexistent"], "/nonexistent: no such content"),
        (["across", "play", "--dice-file", "rolls.txt"], "rolls.txt: cannot read the dice"),
        (["across", "play", "--payoff", "acros"], "--payoff acros: did you mean across?"),
        (["totopoly", "play", "--content", "/nonexistent"], "/nonexistent: no such content folder"),
        (["totopoly", "play", "--rule", "auction=shout"], "rule auction must be"),
        (
            ["stretch", "run", "2009-champagne-stakes", "--charts", "/nonexistent"]
            + ["--bettor", "Ann", "--bankroll", "0"],
            "/nonexistent: no such chart-set folder",
        ),
    ],
)
def test_a_file_or_value_typed_wrong_is_said_before_the_players_missing(
    tmp_path: Path, args: list[str], said: str
) -> None:
    broken = tmp_path / "broken.csv"
    broken.write_text(BROKEN_CSV)
    line = refused(tmp_path, *(a.format(broken=broken) for a in args))
    assert said in line
    assert "needs" not in line and "--bankroll" not in line
