"""Across the Board played in a real 80 x 24 pseudo-terminal, two people and four
computer players at one keyboard: every screen, from its heading to its question, is on
the terminal at once, and after a race the next person's screen says the result in a
few rows above the betting card."""

from __future__ import annotations

import re
from pathlib import Path

from ...pty_screens import Screen, play

PEOPLE = ("Ann", "Bob")


def heading(screen: Screen) -> str:
    """The last person's heading on ``screen`` ("── Ann: betting ──", "── Bob: answer
    Computer 1's offer ──"), or "" when it has none."""
    headings = [f" {name}: " for name in PEOPLE]
    top = [s for s in screen.lines if s.startswith("─") and any(h in s for h in headings)]
    return top[-1] if top else ""


def test_race_1_and_the_betting_after_it_fit_a_real_80_by_24_terminal(tmp_path: Path) -> None:
    """After a race the first betting screen said the whole result again: the finished
    card (22 rows), each window's sum and a line a payment, then the card to bet on (54
    rows since the last answer). Now the headline, the owners and who was paid what in
    four rows at most, above the next screen when they fit in its 24 rows (the card's
    race 1 column says the finish), the headline first when not all fit, and m says
    them when they were left off; every screen from its heading to its question in 24."""
    shown: list[Screen] = []

    def answer(screen: Screen) -> str | None:
        if shown:
            shown.append(screen)
            return None  # the screen after race 1, and m's: enough
        if heading(screen) and "┃ race 1" in screen.text:  # the betting card's race 1
            shown.append(screen)  # column: a betting turn, or an offer answered in one
            return "m" if "m shows all" in screen.text else None
        return "1"

    argv = ["across", "play", "--players", ",".join(PEOPLE), "--bots", "4", "--seed", "4"]
    argv += ["--track", "woodbine", "--db", str(tmp_path / "a.sqlite")]
    screens = play(argv, answer, timeout=600)
    asked = [s for s in screens if "your choice" in s.question]
    for screen in asked:
        top = heading(screen)
        if top:
            assert screen.rows(top) <= 24, screen.text
    after = shown[0]
    assert after.rows() <= 24, after.text
    card = after.text.split(heading(after), 1)[1]
    assert all(place in card for place in ("WIN", "PLACE", "SHOW")), after.text
    assert "Race 1: WIN" in after.text  # the result first, whatever else is left off
    said = shown[-1].text  # the screen itself, or m's all said since the last turn
    assert "Race 1: WIN" in said, said
    result = said.split("Race 1: WIN", 1)[1].split("Race 2: the windows are open")[0]
    assert Screen("Race 1: WIN" + result.rstrip("\n"), 80).rows() <= 4, said
    assert "owners: WIN #" in result and ("paid: " in result or "betting void" in result)


def test_a_whole_game_hands_over_ends_and_sells_in_a_real_80_by_24_terminal(
    tmp_path: Path,
) -> None:
    """Ann, Bob and four computer players, to the end. What was said since the last
    person's turn, said again at the top of the next person's cleared screen, was
    uncapped (27 rows above a 21-row betting screen; 191 after an auction once): now the
    latest that fit with the screen in 24 rows, how many earlier lines were left off, and
    m says them all. A lot's sale was said twice ("#7 sold to ... for 22 fifties", then
    "Meet 1 auction: #7 sold to ... for 22 fifties, dealt into the bins: ..."): once. The
    end was 42 rows with no question: now who won and the standings in 24 with the
    question, m for the whole result, and last the line saying how to see it again."""
    asked_more: list[Screen] = []

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith("Game over."):
            return "m"
        if "left off: m shows all" in screen.text and not asked_more:
            asked_more.append(screen)
            return "m"
        return "1"

    argv = ["across", "play", "--players", ",".join(PEOPLE), "--bots", "4", "--seed", "4"]
    argv += ["--track", "woodbine", "--db", str(tmp_path / "a.sqlite")]
    screens = play(argv, answer, timeout=900)
    handed = [s for s in screens if s.text.startswith("Since ")]
    assert handed and asked_more
    for screen in handed:
        assert screen.rows() <= 24, screen.text
    after = screens[screens.index(asked_more[0]) + 1]
    assert after.text.startswith("All said since "), after.text
    left = int(asked_more[0].lines[0].split("(")[1].split()[0])
    assert len(after.text.split("\n", 1)[1]) > 0 and left > 0
    for screen in screens:
        sales = re.findall(r"#(\d+) sold to", screen.text)
        assert len(sales) == len(set(sales)), screen.text
    assert any(re.search(r"Meet 1 auction: #\d+ sold to", s.text) for s in screens)
    end = screens[-2]
    assert end.question.startswith("Game over. Type m for the whole result"), end.text
    assert end.rows() <= 24 and "won with" in end.text, end.text
    assert "Across the Board: the end" in end.text and "X's to finish" not in end.text
    whole = screens[-1]
    assert "Woodbine, race 8" in whole.text and "Every race" in whole.text, whole.text
    assert whole.lines[-2].startswith("Saved as game 1: see it again with `homestretch replay 1")


def test_one_person_s_screens_with_the_computers_moves_between_fit_80_by_24(
    tmp_path: Path,
) -> None:
    """Ann and two computer players: between two of Ann's screens the computers bid, bet,
    roll and offer, and all of it scrolled by above her next screen, never cleared (25
    to 30 rows from her answer to her question; 38 to 43 with six players). Now each of
    her screens, from her last answer to her question, is in 24 rows: when the moves
    between would push its top off, the screen is cleared and the latest said under
    "Since your last move", how many lines left off, and m says them all."""
    told: list[Screen] = []

    def answer(screen: Screen) -> str | None:
        if told and len(told) > 40:
            return None  # into race 4: enough
        if told:
            told.append(screen)
        elif screen.text.startswith("Since your last move (") and "m shows all" in screen.text:
            told.append(screen)
            return "m"
        return "1"

    argv = ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "3"]
    argv += ["--track", "woodbine", "--db", str(tmp_path / "a.sqlite")]
    screens = play(argv, answer, timeout=600)
    assert told, [s.text[:80] for s in screens]
    for screen in screens[1:-1]:  # the first: under the seed and where it is saved
        if screen is not told[1]:  # m's: the whole table, as long as it is
            assert screen.rows() <= 24, screen.text
    cleared = [s for s in screens if s.text.startswith("Since your last move")]
    assert len(cleared) >= 3
    left = int(told[0].lines[0].split("(")[1].split()[0])
    shown = len(told[0].text.split("m shows all):\n", 1)[1].split("\n─", 1)[0].split("\n"))
    whole = told[1].text
    assert whole.startswith("All said since your last move:\n"), whole
    assert len(whole.split("\n")) >= left + shown + 1


def test_a_cleared_screen_with_one_row_free_says_who_won_the_race_not_the_next_opening(
    tmp_path: Path,
) -> None:
    """Ann and two computer players: after race 1 her betting screen, cleared, had one
    row free for what happened since her last roll, and it said "Race 2: the windows are
    open" (the latest not dim), race 1's result left off for m. Now a race's result is
    said again first: its headline in that row, the rest for m."""
    seen: list[Screen] = []

    def answer(screen: Screen) -> str | None:
        if seen:
            seen.append(screen)
            return None
        betting = "Ann: betting" in screen.text and " race 1 " in screen.text  # race 2's
        if betting and screen.text.startswith("Since your last move ("):
            seen.append(screen)
            return "m"
        return "1"

    argv = ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "3"]
    argv += ["--track", "woodbine", "--db", str(tmp_path / "a.sqlite")]
    play(argv, answer, timeout=600)
    cleared, told = seen
    assert cleared.rows() <= 24, cleared.text
    recap = cleared.text.split("m shows all):\n", 1)[1].split("\n─", 1)[0]
    assert recap.startswith("Race 1: WIN #"), cleared.text
    assert "windows are open" not in recap, cleared.text
    assert told.text.startswith("All said since your last move:\n"), told.text
    assert "Race 2: the windows are open" in told.text  # left off, and said by m
