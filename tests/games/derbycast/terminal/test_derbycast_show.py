"""The board and the card as the terminal shows them."""

from __future__ import annotations

from rich.console import Console

from homestretch.games.derbycast.rules.actions import Pick, PostCard
from homestretch.games.derbycast.rules.game import DerbyCastGame
from homestretch.games.derbycast.rules.words import tie_break_line
from homestretch.games.derbycast.terminal.show import board_table, card_table


def _text(renderable: object) -> str:
    console = Console(width=120, record=True)
    console.print(renderable)
    return console.export_text()


def _board(points: list[int]) -> list[dict[str, object]]:
    people = [{"name": "Ann"}, {"name": "Bob+Cy", "members": ["Bob", "Cy"]}, {"name": "Di"}]
    state = DerbyCastGame({"entrants": people}).new_initial_state()
    state.points = points
    board: list[dict[str, object]] = state.view(None)["board"]
    return board


def test_the_board_is_sorted_with_the_leader_and_what_each_needs() -> None:
    lines = [line for line in _text(board_table(_board([5, 20, 21]))).splitlines() if "│" in line]
    names = [line.split("│")[2].strip() for line in lines]
    assert names == ["Di", "Bob+Cy [team]", "Ann"]  # the team mark is shown, not eaten
    assert "OFFICIAL FINISH" in lines[0]
    assert "on 20, not finished: needs 1 more" in lines[1]
    assert "needs 16 more" in lines[2] and "leader" not in lines[2]


def test_the_leader_is_named_before_anyone_finishes() -> None:
    text = _text(board_table(_board([3, 7, 7])))
    assert text.count("leader") == 2  # level at the top: both lead


def test_the_track_is_whole_at_80_columns_beside_the_leader() -> None:
    """At 80 columns the 'leader' note cut the track to '################…'."""
    people = [{"name": "Ann"}, {"name": "Computer 1", "bot": True}, {"name": "Bob+Cy"}]
    state = DerbyCastGame({"entrants": people}).new_initial_state()
    for points in ([20, 20, 3], [12, 8, 0]):
        state.points = points
        console = Console(width=80, record=True)
        console.print(board_table(state.view(None)["board"]))
        text = console.export_text()
        assert "leader" in text and "…" not in text
        tracks = [line.split("│")[4].strip() for line in text.splitlines() if "│" in line]
        tracks = [track for track in tracks if track]
        assert [len(track) for track in tracks] == [21, 21, 21], text  # 20 and the line
        assert tracks[0] == "#" * points[0] + "." * (20 - points[0]) + "|"


def test_a_marker_on_20_is_drawn_short_of_the_official_finish() -> None:
    """Bob won on 28 and Ann stayed on 20: both tracks drew twenty '#', and at the end
    nothing beside Ann's said she had not finished. The Official Finish is drawn, and
    only more than 20 points pass it."""
    for over in (False, True):
        text = _text(board_table(_board([20, 28, 3]), over))
        tracks = {
            line.split("│")[2].strip(): line.split("│")[4].strip()
            for line in text.splitlines()
            if "│" in line
        }
        assert tracks["Bob+Cy [team]"] == "#" * 20 + "|#"
        assert tracks["Ann"] == "#" * 20 + "|"
        assert tracks["Di"] == "###" + "." * 17 + "|"
        assert "| is the Official Finish: a marker passes it with more than 20 points" in text
        assert "Odds Advancement Table ┃ to go" in text  # the notes' column was headless


def test_the_card_shows_program_numbers_and_win_place_show_points() -> None:
    state = DerbyCastGame({"entrants": [{"name": "A"}, {"name": "B"}]}).new_initial_state()
    card = PostCard("R [turf]", ("Alpha", "Bravo"), ("9-2", ""), ("1", "1A"), ())
    state.apply(2, card)
    state.apply(0, Pick("Bravo", "win"))
    text = _text(card_table(state.view(None)))
    assert "R [turf]" in text  # escaped, not read as markup
    assert "1A" in text and "4/2/1" in text and "A (win)" in text  # by name
    assert "1 horse unselected" in text  # was "1 horse(s)"
    # the column said "W/P/S spaces" while the guide, the board and the report say points
    assert "W/P/S points" in text and "spaces" not in text.lower()


def test_a_tie_break_is_announced_by_name() -> None:
    board = _board([21, 21, 3])
    assert tie_break_line([board[0]["name"], board[1]["name"]], board[0]["points"]) == (
        "Ann and Bob+Cy are level on 21: a tie-break race, only they pick."
    )
    # three were "Ann and Computer 1 and Computer 2 are level on 0"
    assert tie_break_line(["Ann", "Computer 1", "Computer 2"], 0) == (
        "Ann, Computer 1 and Computer 2 are level on 0: a tie-break race, only they pick."
    )


def test_the_terminal_says_the_views_words() -> None:
    """The board's standings, the race report and what the table is doing: the words
    the TV and the phones show (the view's), printed by the terminal."""
    from homestretch.games.derbycast.rules.actions import PostResult, PostScratches
    from homestretch.games.derbycast.terminal.show import race_report

    state = DerbyCastGame({"entrants": [{"name": "A"}, {"name": "B"}]}).new_initial_state()
    state.apply(2, PostCard("Downs 1", ("Ace", "Bolt"), ("2-1", "9-2"), ("1", "2"), ()))
    assert state.view(None)["status"] == "Picks are open"
    state.apply(0, Pick("Bolt", "win"))
    state.apply(1, Pick("Ace", "show"))
    state.apply(2, PostScratches(()))
    state.apply(2, PostResult(("2-1", "9-2"), (2, 1), official=True))
    view = state.view(None)
    report = "".join(_text(t) for t in race_report(view["last_race"]))
    words = view["last_race"]["words"]
    for line in [words["title"], *words["picks"]]:
        assert line in report
    assert words["picks"][0] == "A (marker 1): win on 2 Bolt, 1st at 9-2: +4"
    board = _text(board_table(view["board"]))
    for row in view["standings"]:
        standing = row["words"].split("(", 2)[2].rstrip(")")  # 'needs 12 more, leader'
        assert standing in board


def test_one_point_is_said_in_the_singular() -> None:
    from homestretch.games.derbycast.rules.words import standing_line

    row = {"name": "Ann", "marker": 1, "points": 1, "needs": 20, "official_finish": False}
    assert standing_line(row, 1) == "Ann (marker 1): 1 point (needs 20 more, leader)"


def test_the_board_after_the_last_of_a_set_number_of_races_needs_nothing() -> None:
    """A game of a set number of races run out: the board said "needs 20 more" beside
    the markers it had beaten; the terminal's board and the view's standings (the TV's
    and the phones') now say their points alone."""
    from homestretch.games.derbycast.rules.actions import PostResult, PostScratches

    people = [{"name": "A"}, {"name": "B"}]
    state = DerbyCastGame({"entrants": people, "races": 1}).new_initial_state()
    state.apply(2, PostCard("Downs 1", ("Ace", "Bolt"), ("2-1", "9-2"), ("1", "2"), ()))
    state.apply(0, Pick("Bolt", "win"))
    state.apply(1, Pick("Ace", "show"))
    state.apply(2, PostScratches(()))
    state.apply(2, PostResult(("2-1", "9-2"), (2, 1), official=True))
    assert state.is_over()
    view = state.view(None)
    board = _text(board_table(view["board"], state.is_over()))
    assert "needs" not in board and "leader" not in board, board
    assert "needs" in _text(board_table(view["board"]))  # as it was: still playing
    assert [row["words"] for row in view["standings"]] == [
        "A (marker 1): 4 points",
        "B (marker 2): 0 points",
    ]


def test_a_horse_scratched_before_post_shows_no_odds_and_one_race_reads_as_words() -> None:
    """Harbor Tempest, scratched on the Saturday card, showed '?' for its odds, as a
    horse whose line is still to come does; a game of one race ended 'after the 1 race
    set for the game'."""
    from homestretch.games.derbycast.rules.words import winners_line

    state = DerbyCastGame({"entrants": [{"name": "A"}, {"name": "B"}]}).new_initial_state()
    card = PostCard(
        "R", ("Alpha", "Bravo", "Charlie"), ("9-2", "", "3-1"), ("1", "2", "3"), ("Charlie",)
    )
    state.apply(2, card)
    rows = [line for line in _text(card_table(state.view(None))).splitlines() if "│" in line]
    cells = {row.split("│")[2].strip(): row.split("│")[3].strip() for row in rows}
    assert cells["Bravo"] == "?" and cells["Alpha"] == "9-2"
    assert cells["Charlie scratched"] == ""
    one = {
        "winners": [{"name": "Ann", "marker": 1}],
        "how": "most points after the set number of races",
        "races": 1,
    }
    assert winners_line(one) == (
        "Official Winner: Ann (marker 1) has the most points after the one race set for the game."
    )


def test_a_computer_player_is_named_once_in_words_a_family_reads() -> None:
    """The board said "Computer 1 (computer)" (two rows at 80 columns); a computer player
    named otherwise (a table's "Robo") is still said to be one."""
    people = [
        {"name": "Ann"},
        {"name": "Computer 1", "bot": True},
        {"name": "Robo", "bot": True},
    ]
    state = DerbyCastGame({"entrants": people}).new_initial_state()
    console = Console(width=80, record=True)
    console.print(board_table(state.view(None)["board"]))
    rows = [line for line in console.export_text().splitlines() if "│" in line]
    names = [row.split("│")[2].strip() for row in rows]
    assert names == ["Ann", "Computer 1", "Robo (computer)"]  # one row each


def test_a_computer_player_named_before_a_pick_is_said_to_pick_for_itself() -> None:
    """'Computer 1: win 2' at a person's prompt said "'Computer 1' is not a person at this
    keyboard", as a name typed wrong is."""
    import pytest

    from homestretch.games.derbycast.terminal.people import ChangesAtPrompts

    people = [{"name": "Ann"}, {"name": "Computer 1", "bot": True}]
    view = DerbyCastGame({"entrants": people}).new_initial_state().view(0)
    changes = ChangesAtPrompts({"Ann": 0}, lambda seat, action: None)
    with pytest.raises(ValueError, match="^Computer 1 is a computer player: it picks for itself"):
        changes.read("computer 1: win 2", view, 0)
    with pytest.raises(ValueError, match="^'Zed' is not a person at this keyboard \\(Ann\\)"):
        changes.read("Zed: win 2", view, 0)


def test_a_race_and_the_board_after_it_fit_80_by_24_with_six_markers() -> None:
    """The result, the points and the board after a race were 32 to 34 rows at 80 x 24
    with six markers, the result scrolled off the top before the next race's question:
    now the first four home, then the board with each pick and what it scored, and who
    leads, in 23 rows or fewer (the question is the 24th); the whole is ``print_race``'s."""
    from homestretch.games.derbycast.rules.actions import PostResult, PostScratches
    from homestretch.games.derbycast.terminal.show import print_race, print_race_fitted

    names = ["Ann", "Bob", "Cy", "Di", "Computer 1", "Computer 2"]
    people = [{"name": n, "bot": n.startswith("Computer")} for n in names]
    state = DerbyCastGame({"entrants": people}).new_initial_state()
    horses = ("Silver Lining", "Midnight Harvest", "Copper Kettle", "Show Boat", "Echo")
    odds = ("5-2", "30-1", "8-1", "9-2", "12-1")
    state.apply(6, PostCard("Riverbend 3", horses, odds, ("1", "1A", "2", "3", "4"), ()))
    bets = ["win", "place", "show", "win", "show", "place"]
    for marker, (horse, bet) in enumerate(zip([*horses, horses[1]], bets, strict=True)):
        state.apply(marker, Pick(horse, bet))
    state.apply(6, PostScratches(()))
    # a dead heat for 1st: Midnight Harvest and Silver Lining, then Copper Kettle
    state.apply(6, PostResult(odds, (1, 1, 3, 4, 5), official=True))
    view = state.view(None)
    console = Console(width=80, record=True)
    print_race_fitted(console, view["last_race"], view["board"])
    text = console.export_text()
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 23, text
    assert max(len(line) for line in lines) <= 80
    assert lines[0] == "Race 1: Riverbend 3 - official result"
    assert "1st (dead heat)  1A  Midnight Harvest  30-1" in text
    assert "The board after race 1" in text
    rows = {line.split()[1]: line for line in lines if line[:2].strip().isdigit()}
    assert set(rows) == {"Ann", "Bob", "Cy", "Di", "Computer"}
    assert "place 1A Midnight Harvest: 1st, +15" in rows["Bob"]
    assert "#" * 15 + "." * 5 + "|" in rows["Bob"]
    assert "win 1 Silver Lining: 1st, +2" in rows["Ann"]
    assert lines[-1] == "Bob and Computer 2 lead on 15: 6 more to pass the Official Finish (|)."
    # the board is by points, most first, marker order among equals
    order = [line.split()[0] for line in lines if line[:2].strip().isdigit()]
    assert order == ["2", "6", "1", "3", "4", "5"]
    whole = Console(width=80, record=True)
    print_race(whole, view["last_race"], view["board"])
    said = whole.export_text()
    assert "Bob (marker 2): place on 1A Midnight Harvest, 1st at 30-1: +15" in said


def test_who_leads_is_said_in_a_line() -> None:
    from homestretch.games.derbycast.terminal.show import leader_line

    assert leader_line(_board([0, 0, 0])).startswith("Nobody has scored yet")
    assert leader_line(_board([5, 20, 3])) == (
        "Bob+Cy leads on 20: 1 more to pass the Official Finish (|)."
    )
    assert leader_line(_board([21, 21, 3])) == (
        "Ann and Bob+Cy lead on 21, past the Official Finish (|)."
    )


def test_a_race_named_by_its_number_is_not_said_twice() -> None:
    """The keeper who took the name offered ("Race 1") was shown "Race 1: Race 1" on the
    card and "Race 1: Race 1 - official result"; a name of its own is still said."""
    from homestretch.games.derbycast.rules.words import card_caption, official_line

    assert card_caption(1, "Race 1") == card_caption(1, " race 1 ") == "Race 1"
    assert card_caption(2, "Race 1") == "Race 2: Race 1"  # another race's number: its name
    assert card_caption(3, "Riverbend") == "Race 3: Riverbend"
    assert official_line(1, "Race 1", []) == "Race 1 is official."
    assert official_line(1, "Derby", []) == "Race 1, Derby, is official."
    state = DerbyCastGame({"entrants": [{"name": "A"}, {"name": "B"}]}).new_initial_state()
    state.apply(2, PostCard("Race 1", ("Alpha", "Bravo"), ("2-1", "9-2"), ("1", "2"), ()))
    text = _text(card_table(state.view(None)))
    assert "Race 1" in text and "Race 1: Race 1" not in text


def test_a_pick_in_the_money_that_scores_nothing_is_said_why() -> None:
    """Cy's show on a 5-2 horse that ran 3rd read "3rd, +0" and nothing more: the odds
    table gives a show at 5-2 no spaces. The screen after the race says so in a line;
    a pick that missed its level, or scored, is not named."""
    from homestretch.games.derbycast.rules.actions import PostResult, PostScratches
    from homestretch.games.derbycast.terminal.show import nothing_in_the_money, print_race_fitted

    people = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]
    state = DerbyCastGame({"entrants": people}).new_initial_state()
    odds = ("5-2", "8-1", "4-5")
    state.apply(3, PostCard("Downs", ("Alpha", "Bravo", "Charlie"), odds, ("1", "2", "3"), ()))
    state.apply(0, Pick("Bravo", "win"))
    state.apply(1, Pick("Charlie", "place"))
    state.apply(2, Pick("Alpha", "show"))
    state.apply(3, PostScratches(()))
    state.apply(3, PostResult(odds, (3, 1, 2), official=True))  # Bravo, Charlie, Alpha
    view = state.view(None)
    said = nothing_in_the_money(view["last_race"])
    assert said == (
        "In the money for 0: Bob (place at 4-5) and Cy (show at 5-2): the odds table gives "
        "no points there (the card's W/P/S)."
    )
    console = Console(width=80, record=True)
    print_race_fitted(console, view["last_race"], view["board"])
    assert " ".join(said.split()) in " ".join(console.export_text().split())


def test_a_pick_on_a_replay_is_said_with_the_number_the_card_gave_its_horse() -> None:
    """Over the bundled replays (printed without program numbers, so the card numbers
    them 1, 2, 3) the board after a race said "win Saffron Orchard", the number the card
    showed gone: every pick, and the finish, now says it."""
    from homestretch.games.derbycast.content.replays import replay_library
    from homestretch.games.derbycast.terminal.show import _board_after, race_report

    people = [{"name": "Ann"}, {"name": "Bob"}]
    state = DerbyCastGame({"entrants": people, "source": "replays"}).new_initial_state()
    library = replay_library()
    index = next(i for i, race in enumerate(library) if not race.scratched)
    state.apply_chance((index,))
    card = state.view(None)["card"]
    assert not any(r.program for r in library[index].runners)  # printed without numbers
    number = {h: n for h, n in zip(card["horses"], card["programs"], strict=True)}
    ann, bob = card["horses"][2], card["horses"][-1]
    state.apply(0, Pick(ann, "win"))
    state.apply(1, Pick(bob, "show"))
    view = state.view(None)
    report = view["last_race"]
    assert number[ann] == "3"
    words = report["words"]
    assert words["picks"][0].startswith(f"Ann (marker 1): win on 3 {ann}, ")
    assert words["picks"][1].startswith(f"Bob (marker 2): show on {number[bob]} {bob}, ")
    winner = next(r for r in report["runners"] if r["finish"] == 1)
    assert words["finish"][0].startswith(f"1st: {number[winner['horse']]} {winner['horse']}")
    after = _text(_board_after(report, view["board"]))
    assert f"win 3 {ann}:" in after and f"show {number[bob]} {bob}:" in after
    assert f"win on 3 {ann}," in "".join(_text(t) for t in race_report(report))


def test_the_end_board_says_each_markers_points_to_go() -> None:
    """The board at the end had its "to go" column empty but the winner's OFFICIAL
    FINISH: each other marker's points short of the Official Finish are there now."""
    text = _text(board_table(_board([20, 28, 3]), over=True))
    to_go = {
        line.split("│")[2].strip(): line.split("│")[5].strip()
        for line in text.splitlines()
        if "│" in line
    }
    assert to_go == {"Bob+Cy [team]": "OFFICIAL FINISH", "Ann": "1", "Di": "18"}
    assert "needs" not in text
