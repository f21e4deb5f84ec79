"""Across the Board played in a real 80 x 24 pseudo-terminal, two people and four
computer players at one keyboard: every screen, from its heading to its question, is on
the terminal at once, and after a race the next person's screen says the result in a
few rows above the betting card."""

from __future__ import annotations

from pathlib import Path

from ...pty_screens import Screen, play

PEOPLE = ("Ann", "Bob")


def test_race_1_and_the_betting_after_it_fit_a_real_80_by_24_terminal(tmp_path: Path) -> None:
    """After a race the first betting screen said the whole result again: the finished
    card (22 rows), each window's sum and a line a payment, then the card to bet on (54
    rows since the last answer). Now the headline, the owners and who was paid what in
    four rows at most; every screen from its heading to its question in 24."""

    def answer(screen: Screen) -> str | None:
        if ": betting" in screen.text and "Race 1: WIN" in screen.text:
            return None  # the screen after race 1: enough
        return "1"

    argv = ["across", "play", "--players", ",".join(PEOPLE), "--bots", "4", "--seed", "3"]
    argv += ["--track", "woodbine", "--db", str(tmp_path / "a.sqlite")]
    screens = play(argv, answer, timeout=600)
    asked = [s for s in screens if "your choice" in s.question]
    headings = [f"{name}: " for name in PEOPLE]
    for screen in asked:
        top = [
            line
            for line in screen.lines
            if line.startswith("─") and any(h in line for h in headings)
        ]
        if top:
            assert screen.rows(top[-1]) <= 24, screen.text
    after = asked[-1]
    assert ": betting" in after.text and "Race 1: WIN" in after.text
    result = after.text.split("Race 1: WIN", 1)[1].split("Race 2: the windows are open")[0]
    assert Screen("Race 1: WIN" + result.rstrip("\n"), 80).rows() <= 4, after.text
    assert "owners: WIN #" in result and ("paid: " in result or "betting void" in result)
    assert "X's to finish" in after.text.split("Race 2: the windows are open")[1]
