"""A `stretch run` with six bettors, three at the keyboard, in a real 80 x 24
pseudo-terminal: each bettor's window, its question included, is on the screen at once."""

from __future__ import annotations

from pathlib import Path

from ...pty_screens import Screen, play


def test_every_bettors_window_fits_a_real_80_by_24_terminal(tmp_path: Path) -> None:
    """The first window was the race's heading, the ratings sheet and the tote with a
    row a bettor: 38 rows from the heading to the question (the board's top and the
    field scrolled off). Now the board carries each horse's starting APR, the bettors
    run on in a line or two, and m shows the ratings sheet."""
    typed = iter(["m", "win 1 2", "done", "done", "show 4 3", "done"])

    def answer(screen: Screen) -> str | None:
        return next(typed, None)

    argv = ["stretch", "run", "2009-champagne-stakes", "--seed", "3"]
    argv += ["--db", str(tmp_path / "s.sqlite")]
    for name in ("Ann", "Bob", "Cy"):
        argv += ["--bettor", name]
    for name in ("Robo", "Rita", "Rex"):
        argv += ["--computer-bettor", name]
    screens = play(argv, answer, timeout=600)
    asked = [s for s in screens if "your choice" in s.question]
    assert len(asked) == 6, [s.question for s in screens]
    first = asked[0]
    heading = next(line for line in first.lines if "Champagne Stakes" in line)
    assert first.rows(heading) <= 24, first.text
    assert "APR" in first.text and "Ratings and starting APRs" not in first.text
    assert "Ratings and starting APRs" in asked[1].text  # m
    for screen in asked[1:]:
        assert screen.rows("The tote") <= 24, screen.text
    assert "Ann $98.00 ($2 win #1)" in " ".join(asked[2].text.split())
