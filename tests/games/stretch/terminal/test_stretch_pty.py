"""A `stretch run` with six bettors, three at the keyboard, in a real 80 x 24
pseudo-terminal: each bettor's window, its question included, is on the screen at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...pty_screens import Screen, play


def test_every_bettors_window_fits_a_real_80_by_24_terminal(tmp_path: Path) -> None:
    """The first window was the race's heading, the ratings sheet and the tote with a
    row a bettor: 38 rows from the heading to the question (the board's top and the
    field scrolled off). Now the board carries each horse's starting APR, the bettors
    run on in a line or two, and m shows the ratings sheet."""
    typed = iter(["m", "win 1 2", "done", "done", "show 4 3", "done"])

    def answer(screen: Screen) -> str | None:
        return next(typed, None)

    argv = _six_bettors(["2009-champagne-stakes"], tmp_path, ("Robo", "Rita", "Rex"))
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


@pytest.mark.parametrize(
    ("race", "mode", "runners"),
    [("claiming-route-big-field", "full", 12), ("dream-derby", "quick", 14)],
)
def test_a_big_field_with_bettors_fits_80_by_24_from_the_board_to_the_result(
    tmp_path: Path, race: str, mode: str, runners: int
) -> None:
    """Measured in this pseudo-terminal with two bettors at the keyboard and a computer:
    a bettor's first window was 28 rows from the heading at 12 runners and 29 at 14 (the
    morning line said in words above the board that shows it); after the last bettor's
    done the whole race ran past in one go, 149 rows of a 12-runner Fullplay race and 98
    of a 14-runner Quickplay one (the call, then every sheet). Now the board alone, then
    the race a page at a time (Enter), the result chart and who ended with what on the
    last page, and m for every sheet."""
    typed = iter(["win 1 2", "done", "done"])

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith("Enter: more of the race"):
            return ""
        if screen.question.startswith("m: every sheet"):
            return "m"
        return next(typed, None)

    argv = ["stretch", "run", race, "--mode", mode, "--seed", "3"]
    argv += ["--db", str(tmp_path / "s.sqlite"), "--bettor", "Ann", "--bettor", "Bob"]
    argv += ["--computer-bettor", "Robo"]
    screens = play(argv, answer, timeout=600)
    first = screens[0]
    heading = next(line for line in first.lines if line.startswith("─") and " - " in line)
    assert first.rows(heading) <= 24, first.text
    assert "The morning line" not in first.text and "Morning line" in first.text
    board = [line for line in first.lines if line[:2].strip().isdigit() and "  " in line[2:5]]
    assert len(board) == runners
    pages = [s for s in screens[3:] if s.question]
    assert [s.question.split(":")[0] for s in pages][-1] == "m"
    assert len(pages) >= 2 and all(s.question.startswith("Enter") for s in pages[:-1])
    for screen in screens[1:-1]:  # every screen since the last answer, its question too
        assert screen.rows() <= 24, screen.text
    said = " ".join(" ".join(s.text for s in pages).split())
    assert "They're off" in said and "Why it was won." in said and "Official: 1st" in said
    last = pages[-1]
    assert "Result (final time" in " ".join(last.text.split())
    assert "Everyone ends level" in last.text or "ends with the most money" in last.text
    assert "Scoresheet" not in said  # every sheet on m
    assert "Scoresheet" in screens[-1].text and "Ratings" in screens[-1].text


def test_six_bettors_at_fourteen_runners_fit_80_by_24(tmp_path: Path) -> None:
    """Three bettors at the keyboard and three computers at a field of fourteen: the
    players' line ran to three rows and the hint to two, and the first window was 25
    rows from its heading (the heading off a 24-row terminal). Now the players take two
    rows at most (the others' tickets counted when they would take more), the hint one
    (help says it in full), and m says every ticket with the ratings."""
    typed = iter(["m", "win 1 2", "place 2 2", "show 3 2", "done", "win 4 2", "done", "done"])

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith(("Enter: more of the race", "m: every sheet")):
            return None  # the race: the other test's
        return next(typed, None)

    argv = _six_bettors(["dream-derby", "--mode", "quick"], tmp_path, ("Robo1", "Robo2", "Robo3"))
    screens = play(argv, answer, timeout=600)
    asked = [s for s in screens if "your choice" in s.question]
    assert len(asked) == 8, [s.question for s in screens]
    first = asked[0]
    heading = next(line for line in first.lines if line.startswith("─") and " - " in line)
    assert first.rows(heading) <= 24, first.text
    whole = asked[1]  # m's: the ratings and every ticket in full
    assert "Ratings and starting APRs" in whole.text
    assert "Robo1 $80.00 ($10 win #5, $10 show #1)" in whole.text, whole.text
    for screen in asked[2:]:
        assert screen.rows() <= 24, screen.text
        under = screen.text.split("    pools ", 1)[1].split("\n")[1:]
        players = under[: next(n for n, line in enumerate(under) if line.startswith("  "))]
        assert 1 <= len(players) <= 2 and all(len(line) <= 80 for line in players), screen.text
    said = " ".join(asked[4].text.split())  # Ann's own tickets in full on her window
    assert "Ann $94.00 ($2 win #1, $2 place #2, $2 show #3)" in said, said
    assert "Robo1 $80.00 (2 tickets)" in said, said
    assert "Ann $94.00 (3 tickets)" in " ".join(asked[5].text.split())  # on Bob's


def _six_bettors(race: list[str], tmp_path: Path, computers: tuple[str, ...]) -> list[str]:
    """`stretch run` of ``race`` (seed 3) with Ann, Bob and Cy betting beside three
    computer bettors."""
    argv = ["stretch", "run", *race, "--seed", "3", "--db", str(tmp_path / "s.sqlite")]
    for name in ("Ann", "Bob", "Cy"):
        argv += ["--bettor", name]
    for name in computers:
        argv += ["--computer-bettor", name]
    return argv


def test_quiet_with_bettors_ends_on_the_same_result_screen(tmp_path: Path) -> None:
    """--quiet leaves out the race call, not the result screen: with bettors at a
    terminal it printed every sheet at once (about 90 rows of a 12-runner Fullplay race,
    past the players' eyes) where the race without --quiet ends on the result chart and
    who won on one page, every sheet on m."""
    typed = iter(["win 1 2", "done", "done"])
    asked: list[str] = []

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith(("Enter: more of the race", "m: every sheet")):
            asked.append(screen.question)
            return "m" if screen.question.startswith("m") else ""
        return next(typed, None)

    argv = ["stretch", "run", "claiming-route-big-field", "--mode", "full", "--seed", "3"]
    argv += ["--db", str(tmp_path / "s.sqlite"), "--bettor", "Ann", "--bettor", "Bob"]
    argv += ["--computer-bettor", "Robo", "--quiet"]
    screens = play(argv, answer, timeout=600)
    assert [question.split(":")[0] for question in asked] == ["m"], asked  # no call to page
    last = next(s for s in screens if s.question.startswith("m: every sheet"))
    assert last.rows() <= 24, last.text
    said = " ".join(last.text.split())
    assert "Claiming $5,000 - Charles Town" in said and "Result (final time" in said
    assert "Everyone ends level" in said or "ends with the most money" in said
    assert "They're off" not in said and "Scoresheet" not in said  # quiet; sheets on m
    assert "Scoresheet" in screens[-1].text and "Ratings" in screens[-1].text


def test_an_edited_copys_header_keeps_to_one_row_in_a_bettors_window(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The header of a chart set copied and edited but still named the standard read
    "1 1/4 miles on the dirt, fast; Quickplay; charts: homestretch standard (edited copy:
    my-stretch/charts)": two rows at 80 columns, and six bettors' first window at
    fourteen runners 25 rows from its heading (the heading off the top). At a terminal
    too narrow for it the folder goes, then words; never that the copy is edited."""
    import shutil

    standard = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
    charts = tmp_path / "my-stretch" / "charts"
    shutil.copytree(standard, charts)
    chart = charts / "break.csv"
    rows = chart.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = rows[1].rstrip("\n").split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    chart.write_text("".join([rows[0], ",".join(cells) + "\n", *rows[2:]]), "utf-8")
    monkeypatch.chdir(tmp_path)  # the folder named as a person names it, from here

    def answer(screen: Screen) -> str | None:
        return None  # the first window is all this looks at

    race = ["dream-derby", "--mode", "quick", "--charts", "my-stretch/charts"]
    first = play(_six_bettors(race, tmp_path, ("Robo1", "Robo2", "Robo3")), answer)[0]
    heading = next(line for line in first.lines if line.startswith("─") and " - " in line)
    assert first.rows(heading) <= 24, first.text
    (header,) = [line for line in first.lines if "; charts: " in line]
    assert len(header) <= 80 and header.endswith("charts: standard (edited copy)"), first.text
    (tmp_path / "wide").mkdir()  # a store of its own
    wide = play(_six_bettors(race, tmp_path / "wide", ("Robo1",)), answer, columns=140)[0]
    said = "charts: homestretch standard (edited copy: my-stretch/charts)"
    assert said in wide.text, wide.text  # whole where it fits
