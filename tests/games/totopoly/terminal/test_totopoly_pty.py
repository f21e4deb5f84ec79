"""Totopoly played in a real 80 x 24 pseudo-terminal with six players: every screen a
person reads, from its heading to its question, is on the terminal at once, the end's
too."""

from __future__ import annotations

from pathlib import Path

from ...pty_screens import Screen, play

HEADING = "Totopoly - Ann: "


def test_every_screen_before_and_in_the_race_fits_a_real_80_by_24_terminal(
    tmp_path: Path,
) -> None:
    """The Tote's screen was 91 to 95 rows (the nomination's 68, the discard's 29): the
    runners and the question's context scrolled off. Ann and five computer players play
    to the end, Ann taking the first choice each time."""

    def answer(screen: Screen) -> str | None:
        if screen.question.startswith("Game over."):
            return "m"  # the whole result: the course too
        return "" if "press Enter" in screen.question else "1"

    db = tmp_path / "t.sqlite"
    argv = ["totopoly", "play", "--players", "Ann", "--bots", "5", "--seed", "3", "--db", str(db)]
    screens = play(argv, answer, timeout=600)
    asked = [s for s in screens if HEADING in s.text and "your choice" in s.question]
    phases = {s.text.rsplit(HEADING, 1)[1].split()[0] for s in asked}
    assert {"discard", "auction", "nomination", "tote", "race"} <= phases, phases
    for screen in asked:
        heading = next(line for line in reversed(screen.lines) if HEADING in line)
        assert screen.rows(heading) <= 24, screen.text
        drawn = screen.lines[screen.lines.index(heading) :]
        assert all(len(line) <= 80 for line in drawn), screen.text
    tote = [s for s in asked if f"{HEADING}tote" in s.text]
    assert any("2: No. 1 " in s.text for s in tote) and any(" 2-7 " in s.text for s in tote)
    # played to the end: who won, the prizes and everyone's cash in 24 rows with the
    # question (the course drawn above them made it 30), m for the course, and last
    # the line saying how to see the game again
    end = screens[-2]
    assert end.question.startswith("Game over. Type m for the whole result"), end.text
    assert "won with No." in end.text and "cash: Ann £" in end.text
    assert end.rows() <= 24 and "past the post" not in end.text, end.text
    assert "past the post" in screens[-1].text
    assert (
        screens[-1].lines[-2].startswith("Saved as game 1: see it again with `homestretch replay 1")
    )


def test_the_others_moves_since_a_person_s_last_say_how_many_more_and_m_shows_them(
    tmp_path: Path,
) -> None:
    """A fitted screen said the latest three of the others' moves since the person's last
    ("Since your last move:"), no word of the rest: an auction's bids between two of
    Ann's were lost. Now its heading says how many earlier ones it leaves off and that m
    shows them all, as the hot seat's recap does; m says every one."""
    asked: list[Screen] = []

    def answer(screen: Screen) -> str | None:
        if asked:
            asked.append(screen)
            return None  # m's answer: enough
        if " left off: m shows all" in screen.text and HEADING in screen.text:
            asked.append(screen)
            return "m"
        return "" if "press Enter" in screen.question else "1"

    db = tmp_path / "t.sqlite"
    argv = ["totopoly", "play", "--players", "Ann", "--bots", "5", "--seed", "3", "--db", str(db)]
    screens = play(argv, answer, timeout=600)
    assert len(asked) == 2, [s.text[-200:] for s in screens[-3:]]
    fitted, whole = asked[0], asked[1]
    heading = next(line for line in fitted.lines if line.startswith("Since your last move ("))
    left = int(heading.split("(")[1].split()[0])
    latest = fitted.lines[fitted.lines.index(heading) + 1 : fitted.lines.index(heading) + 4]
    assert left > 0 and all(line.startswith("  ") for line in latest), fitted.text
    moves = whole.text.split("Since your last move:\n", 1)[1].split("\n")
    said = [line for line in moves if line.startswith("  ")][: left + 3]
    assert said[-3:] == latest and len(said) == left + 3, whole.text
    assert fitted.rows(next(line for line in fitted.lines if HEADING in line)) <= 24


def test_the_auctioneer_choosing_the_next_lot_with_two_players_fits_80_by_24(
    tmp_path: Path,
) -> None:
    """Ann and Bob at one keyboard: Bob, the auctioneer, choosing the next lot read every
    lot twice, in the lots he knows (six rows) and in the list of them, a line a lot: 29
    rows (27 with seventeen lots). Now the list alone names them, two a row, in 24;
    m's whole table says what he knows of each."""
    asked: list[Screen] = []

    def answer(screen: Screen) -> str | None:
        if asked:
            asked.append(screen)
            return None
        if "offer the next lot" in screen.text and "your choice" in screen.question:
            asked.append(screen)
            return "m"
        return "" if "press Enter" in screen.question else "1"

    db = tmp_path / "t.sqlite"
    argv = ["totopoly", "play", "--players", "Ann,Bob", "--seed", "3", "--db", str(db)]
    play(argv, answer, timeout=600)
    choosing, whole = asked
    heading = next(line for line in choosing.lines if "Totopoly - " in line)
    assert choosing.rows(heading) <= 24, choosing.text
    assert "You know these lots" not in choosing.text
    assert "1-12  put that lease up for auction" in choosing.text
    assert "    1  Owners' Club Steward             2  Farrier's Forge" in choosing.text
    assert "You know these lots" in whole.text


def test_the_hot_seat_s_first_cleared_screen_says_the_seed_and_how_to_resume(
    tmp_path: Path,
) -> None:
    """Ann and Bob at one keyboard: the screen cleared for the first handover wiped the
    opening "seed 7 (repeat with --seed 7)" and "Saved as game 1: resume it with ..."
    lines before anyone read them. Now that screen says them again, above "Pass the seat"."""
    db = tmp_path / "t.sqlite"
    argv = ["totopoly", "play", "--players", "Ann,Bob", "--seed", "7", "--db", str(db)]
    screens = play(argv, lambda screen: None)
    first = screens[0]
    assert first.question.startswith("Pass the seat to "), first.text
    assert "seed 7  (repeat with --seed 7)" in first.text, first.text
    assert "Saved as game 1: resume it with `homestretch resume 1" in first.text, first.text
    assert first.rows() <= 24
    # resumed, the first handover's screen says where it is saved and how to come back
    resumed = play(["resume", "1", "--db", str(db)], lambda screen: None)[0]
    assert resumed.question.startswith("Pass the seat to "), resumed.text
    assert "Saved as game 1: resume it with `homestretch resume 1" in resumed.text
