"""Derby Cast played in a real 80 x 24 pseudo-terminal, Ann, Bob and four computer
players over the bundled race replays: each pick's screen and the end are on the terminal
at once, the end with a question."""

from __future__ import annotations

from pathlib import Path

from ...pty_screens import Screen, play


def test_the_picks_and_the_end_fit_a_real_80_by_24_terminal(tmp_path: Path) -> None:
    """The end was the last race's report, the board, the winner and the scoring, 39
    rows with no question: now the last race's report then "Enter: who won", and the end
    (the board, the winner, the margin, the scoring) in 24 rows with its question; m
    shows every race, and the last line says how to see the game again."""

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith("Game over."):
            return "m"
        return "win 1" if "your pick" in screen.question else ""

    argv = ["derbycast", "play", "--players", "Ann,Bob", "--bots", "4", "--source", "replays"]
    argv += ["--seed", "3", "--db", str(tmp_path / "d.sqlite")]
    screens = play(argv, answer, timeout=900)
    picks = [s for s in screens if "your pick" in s.question]
    assert len(picks) >= 2
    for screen in picks:
        assert screen.rows() <= 24, screen.text
    won = screens[-3]
    assert won.question.startswith("Enter: who won"), won.text
    assert "Points" in won.text and "The board" not in won.text
    end = screens[-2]
    assert end.question.startswith("Game over. Type m for the whole result"), end.text
    assert end.rows() <= 24, end.text
    assert "Derby Cast: the end" in end.text and "The board" in end.text
    assert "Official Winner" in end.text
    whole = screens[-1]
    assert whole.text.count("official result") >= 2, whole.text
    assert whole.lines[-2].startswith("Saved as game 1: see it again with `homestretch replay 1")
