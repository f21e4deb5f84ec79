"""Derby Cast played in a real 80 x 24 pseudo-terminal, Ann, Bob and four computer
players over the bundled race replays: each pick's screen, each race's result with the
board, and the end are on the terminal at once, each with its question."""

from __future__ import annotations

from pathlib import Path

from ...pty_screens import Screen, play


def test_the_picks_each_race_and_the_end_fit_a_real_80_by_24_terminal(tmp_path: Path) -> None:
    """The end was the last race's report, the board, the winner and the scoring, 39
    rows with no question: now the last race's report then "Enter: who won", and the end
    (the board, the winner, the margin, the scoring) in 24 rows with its question; m
    shows every race, and the last line says how to see the game again."""

    asked_more = []

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith("Game over."):
            return "m"
        if "(m: " in screen.question and not asked_more:  # the first race's rest, once
            asked_more.append(screen)
            return "m"
        return "win 1" if "your pick" in screen.question else ""

    argv = ["derbycast", "play", "--players", "Ann,Bob", "--bots", "4", "--source", "replays"]
    argv += ["--seed", "3", "--db", str(tmp_path / "d.sqlite")]
    screens = play(argv, answer, timeout=900)
    picks = [s for s in screens if "your pick" in s.question]
    assert len(picks) >= 2
    for screen in picks:
        assert screen.rows() <= 24, screen.text
    # after each race but the last: its result, each pick's points and the board, in 24
    # rows with six markers (it was 32 to 34, the result off the top); m: the rest
    between = [s for s in screens if s.question.startswith("Enter: race ")]
    fitted = [s for s in between if "(m: each pick in words" in s.question]
    assert fitted and len(fitted) == len(between) - 1, [s.question for s in between]
    for screen in fitted:
        assert screen.rows() <= 24, screen.text
        assert "official result" in screen.text and "The board after race" in screen.text
        assert screen.text.count("|") >= 6  # every marker's track
    rest = screens[screens.index(asked_more[0]) + 1]
    assert rest.question.rstrip() == "Enter: race 2:", rest.question
    assert "Points" in rest.text and "Ann (marker 1): win on" in rest.text
    assert "needs" in rest.text
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
