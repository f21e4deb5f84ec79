"""What a player reads at the terminal: cards he can tell apart, his horses with their
colour and number, the Tote pad, his own report, an obvious "stay", every house rule."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from homestretch.cli.common import OutputFormat
from homestretch.cli.main import app
from homestretch.games.totopoly.rules import racecourse
from homestretch.games.totopoly.rules.actions import ChangeTrack
from homestretch.games.totopoly.rules.state import RULE_CHOICES, TotopolyState
from homestretch.games.totopoly.terminal.cli import HotSeat, person
from homestretch.games.totopoly.terminal.render import show_view

from ..conftest import make_table
from ..rules.test_totopoly_race import PLAIN, course, on_course


def screen(state: TotopolyState, seat: int | None) -> str:
    out = io.StringIO()
    show_view(Console(file=out, width=160, color_system=None), state.view(seat), state.c)
    return out.getvalue()


def test_black_and_blue_cards_read_differently_and_the_tote_pad_shows_each_stake() -> None:
    state = make_table(players=2, horses={1: 0, 10: 1})
    state.phase = "race"
    state.pos = {1: (0, 0), 10: (0, 1)}
    state.held[0]["black"], state.held[1]["blue"] = 2, 3
    state.bets = [(0, 1, 30), (1, 1, 5), (1, 10, 20)]
    state.tote_pool = 55
    text = screen(state, 0)
    assert "2 black" in text and "3 blue" in text
    assert "No. 1 £35" in text and "No. 10 £20" in text and "pool £55" in text


def test_seats_are_counted_from_1_on_the_players_table() -> None:
    """The seat column said 0 for the first player (Across the Board's says 1)."""
    state = make_table(players=2, horses={})
    rows = [line.split() for line in screen(state, 0).splitlines()]
    seats = [row[1] for row in rows if len(row) > 2 and row[0] == "│" and row[1].isdigit()]
    assert seats[:2] == ["1", "2"], seats


def test_a_players_horses_show_number_colour_and_value() -> None:
    state = make_table(players=2, horses={4: 0, 12: 0})
    state.phase = "training"
    text = screen(state, 0)
    assert "No. 4 Rosehip Rally (red, £130)" in text
    assert "No. 12 Periwinkle (blue, £40)" in text
    assert "Your leases" not in screen(state, 1)


def test_a_members_own_report_stays_on_his_screen() -> None:
    state = make_table(players=2, horses={7: 0}, status="training")
    state.phase = "training"
    state.reports_read[0] = "Stevedon trainer's report for No. 7: Flew up the all-weather strip"
    state.news += [f"filler {i}" for i in range(20)]  # the news has scrolled on
    assert "Your last report: Stevedon trainer's report for No. 7" in screen(state, 0)
    assert "Your last report" not in screen(state, 1)


def test_the_crossing_menu_offers_stay_first_and_says_so() -> None:
    state = make_table(players=2, horses={1: 0})
    on_course(state, course(PLAIN, PLAIN, PLAIN), {1: (10, 2)})
    ask = next(racecourse.cross(state, 1))
    assert ask.actions[0] == ChangeTrack(2) and "stay" in ask.prompt
    player = person("Ann", state, HotSeat(None, 1, OutputFormat.text))
    assert "stay on track 2" in player.describe(ChangeTrack(2))
    assert "cross to track 1" in player.describe(ChangeTrack(1))


def test_rule_help_lists_every_house_rule() -> None:
    result = CliRunner().invoke(app, ["totopoly", "play", "--help"], env={"COLUMNS": "300"})
    for name, values in RULE_CHOICES.items():
        assert f"{name}={'|'.join(values)}" in result.stdout


def test_the_seat_reads_its_money_and_cards_news_in_words() -> None:
    """The typed notices, worded at the terminal: his dealt cards by name, what he paid
    for his kept leases; another player's dealt cards are not on his screen."""
    from ..rules.test_totopoly_views import _to_phase

    state = _to_phase("auction", players=4, seed=3)
    assert isinstance(state, TotopolyState)
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    show_view(console, state.view(0), state.c, state.notices_for(0))
    text = out.getvalue()
    assert "Money and cards lately:" in text and "you were dealt" in text
    assert "to the bank: for the lease cards kept (nobody else sees this sum" in text
    assert "ruling" not in text  # a player reads the rule, not our code for it
    dealt = next(n for n in state.notices_for(0) if n["type"] == "cards_dealt")
    horses = {h.card: h for h in state.c.horses.values()}
    for card in dealt["cards"]:
        if card in horses:
            assert f"No. {horses[card].number} {horses[card].name}" in text
    others = next(n for n in state.notices_for(1) if n["type"] == "cards_dealt")
    assert others not in state.notices_for(0)


def test_the_menu_names_cards_without_their_ids_and_the_ids_still_read() -> None:
    """The exchange's menu said "reject lease:horse-01 (Ebony Lantern)": now what a
    player reads ("reject the lease of No. 1 Ebony Lantern"); the number beside it, or
    the id typed as before, still makes the move."""
    from homestretch.core.chance import SeededDice
    from homestretch.games.totopoly.rules.actions import Bid, Reject, Sell
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.games.totopoly.terminal.cli import parse_action

    state = TotopolyGame(3, names=["Ann", "Bob", "Cy"]).new_initial_state()
    dice = SeededDice(4)
    while state.is_chance_node():
        state.apply_chance(dice.resolve(state.chance_node()))
    assert isinstance(state, TotopolyState) and state.phase == "exchange"
    seat = state.to_act()[0]
    player = person("Ann", state, HotSeat(None, 3, OutputFormat.text))
    rejects = [a for a in state.legal_actions(seat) if isinstance(a, Reject)]
    assert rejects
    for action in rejects:
        said = player.describe(action)
        assert said.startswith("put ") and said.endswith(" under the dummy"), said
        assert "lease:" not in said and "lease of" not in said, said
        assert parse_action(str(action)) == action  # the id, typed, still reads
    cards = {h.card: h for h in state.c.horses.values()}
    reject = next(a for a in rejects if a.card in cards)
    horse = cards[reject.card]
    # the web board's words (PAGE_TEMPLATES "reject"): "reject the lease of No. 1 Ebony
    # Lantern" was read as turning a lease down
    said = f"put No. {horse.number} {horse.name} ({horse.colour}) under the dummy"
    assert player.describe(reject) == said
    business = next(b for b in state.c.businesses.values())
    assert player.describe(Reject(business.card)) == f"put {business.name} under the dummy"
    sold = player.describe(Sell(f"horse:{horse.number}"))
    assert sold == f"offer No. {horse.number} {horse.name} ({horse.colour}) for sale"
    assert player.describe(Bid(45)) == "bid 45"  # as it may be typed


def test_the_menu_says_yes_and_no_moves_in_words_and_they_still_read() -> None:
    """The menu offered "join True", "join False", "accept False": Python's words."""
    from homestretch.games.totopoly.rules.actions import Accept, Join
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.games.totopoly.terminal.cli import parse_action

    state = TotopolyGame(3, names=["Ann", "Bob", "Cy"]).new_initial_state()
    assert isinstance(state, TotopolyState)
    player = person("Ann", state, HotSeat(None, 3, OutputFormat.text))
    said = {action: player.describe(action) for action in (Join(True), Join(False))}
    said |= {action: player.describe(action) for action in (Accept(True), Accept(False))}
    assert list(said.values()) == [
        "join the Owners' Club",
        "do not join the Owners' Club",
        "accept the offer",
        "refuse the offer",
    ]
    for action in said:
        assert parse_action(f"{action.kind} {'yes' if action.yes else 'no'}") == action


def test_the_log_and_the_menu_name_one_card_each_their_way() -> None:
    """One card_said with the wording as a parameter (two inner card() were near-copies):
    the log's past tense names a horse, the menu adds its colour and says "the lease of"."""
    from homestretch.games.totopoly.rules.actions import Discard, Sell
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.games.totopoly.rules.words import menu_said, move_said

    state = TotopolyGame(3, names=["Ann", "Bob", "Cy"]).new_initial_state()
    assert isinstance(state, TotopolyState)
    horse = state.c.horses[1]
    business = next(iter(state.c.businesses.values()))
    assert move_said(Sell("horse:1"), state.c) == f"offered No. 1 {horse.name} for sale"
    assert menu_said(Sell("horse:1"), state.c) == (
        f"offer No. 1 {horse.name} ({horse.colour}) for sale"
    )
    assert move_said(Discard(business.card), state.c) == f"threw {business.name} into the auction"
    assert menu_said(Discard(business.card), state.c) == (
        f"throw the lease of {business.name} into the auction"
    )
    assert move_said(Discard("hidden"), state.c) == "threw a card into the auction"
    assert menu_said(Sell("colour:red"), state.c) == "offer a red advantage card for sale"


def test_the_race_menus_name_the_horse_and_say_the_choice() -> None:
    """ "you threw 5: give it to one of your horses" offered "use 5" and "use 8" (the
    throw, or horse No. 5?); a nomination offered "nominate 0"; a coloured square
    "colour stand" and "colour card"."""
    from homestretch.games.totopoly.rules.actions import Colour, Nominate, Scratch, UseThrow
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.games.totopoly.rules.words import menu_said

    content = TotopolyGame(3, names=["Ann", "Bob", "Cy"]).new_initial_state().c
    five = f"No. 5 {content.horses[5].name} ({content.horses[5].colour})"
    assert menu_said(UseThrow(5), content) == f"give the throw to {five}"
    assert menu_said(Nominate(0), content) == (
        "nominate nobody (your horses then move in a fixed order)"
    )
    assert menu_said(Nominate(5), content) == f"nominate {five} to win"
    assert menu_said(Scratch(5), content) == f"scratch {five} from the race"
    assert menu_said(Colour("stand"), content) == "stand still"
    red = {"colour": "red"}
    assert menu_said(Colour("card"), content, red) == "play a red card and move on 3 lengths"
    assert menu_said(Colour("card+white"), content, red) == (
        "play a red card with a white card and stand still"
    )


def test_a_move_in_the_race_fits_80_by_24_and_m_shows_the_whole_table() -> None:
    """Every move of the race redrew the whole table (players, the Tote pad, the horses,
    the course and its legend, the leases, the news, the money, the moves): 60 to 86
    rows at 80 columns. The race screen is the course, where this player's horses are,
    the others' latest moves and the question; m shows the rest."""
    from homestretch.games.totopoly.terminal.render import race_view

    state = make_table(players=2, horses={1: 0, 10: 1, 4: 0})
    state.phase = "race"
    state.pos = {1: (3, 0), 10: (5, 1), 4: (40, 2)}
    view = state.view(0)
    out = io.StringIO()
    moves = [f"Bob: move {i}" for i in range(10)]
    race_view(Console(file=out, width=80, color_system=None), view, state.c, moves)
    lines = out.getvalue().rstrip("\n").splitlines()
    assert len(lines) <= 19, out.getvalue()  # with a list of 4 and the question: 24
    assert all(len(line) <= 80 for line in lines)
    said = out.getvalue()
    assert "m: the whole table" in lines[0] and said.count("trk 1") == 2
    assert "Yours: No. 1 (black) length 3, track 1; No. 4 (red) length 40, track 3" in said
    assert "Bob: move 9" in said and "Bob: move 6" not in said  # the latest three
    assert "coloured squares" not in said and "bank (prize fund)" not in said
    seat = HotSeat(None, 1, OutputFormat.text)
    seat.screen = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    player = person("Player 1", state, seat)
    assert player.more is not None and player.more(0, view)
    told = seat.screen.export_text()
    assert "bank (prize fund)" in told and "coloured squares" in told


def _course_said(state: TotopolyState, width: int) -> str:
    from homestretch.games.totopoly.terminal.render import course_picture

    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    console.print(course_picture(state.view(0), state.c, width=width), end="")
    return out.getvalue()


def _horses_read(said: str, lengths: int) -> dict[tuple[int, int], int]:
    """Each horse as a person reads the picture: a number or a letter keyed under it,
    one a cell, by its (length, track); the cells of a row counted whitespace-apart."""
    keys = dict(re.findall(r"\b([a-z]) = No\. (\d+)", said))
    read: dict[tuple[int, int], int] = {}
    start = 0
    for line in said.splitlines():
        ruler = line.split()
        if ruler and all(word.isdigit() for word in ruler) and line.startswith("      "):
            start = int(ruler[0])
            continue
        row = re.fullmatch(r"trk (\d) (.*)", line.rstrip())
        if row is None:
            continue
        cells = row.group(2).split()
        assert start + len(cells) - 1 <= lengths, line
        for at, mark in enumerate(cells):
            if mark.isdigit() or mark in keys:
                read[(start + at, int(row.group(1)))] = int(keys.get(mark, mark))
    return read


def test_horses_side_by_side_on_the_course_read_each_on_its_own() -> None:
    """Each horse had a cell two wide, a number of two digits filling it: No. 7 beside
    No. 10 read "710" ("Y 710 4"), No. 10 to 12 in a row "101112". Now a horse of two
    digits is a letter in its cell, keyed under the picture ("a = No. 10"), and every
    horse reads as itself, at 80 columns and in a narrow terminal. From 96 columns a
    cell is three wide and No. 10 is "10" again, beside No. 7 " 7 10", with no key to
    look up."""
    state = make_table(players=2, horses={7: 0, 10: 1, 4: 0, 11: 1, 12: 0})
    state.phase = "race"
    state.pos = {7: (5, 0), 10: (6, 0), 4: (40, 2), 11: (41, 2), 12: (42, 2)}
    placed = {(length, track + 1): n for n, (length, track) in state.pos.items()}
    codes = {code.lower() for code in state.c.course.instructions} | set("krby")
    for width in (120, 96, 95, 80, 50, 40):
        said = _course_said(state, width)
        assert all(len(line) <= width for line in said.splitlines()), said
        assert _horses_read(said, state.c.course.lengths) == placed, said
        keys = re.findall(r"\b([a-z]) = No\. (\d+)", said)
        assert sorted(int(n) for _, n in keys) == ([] if width >= 96 else [10, 11, 12]), said
        assert not {letter for letter, _ in keys} & codes, said  # no square's letter
        if width >= 96:  # the numbers themselves, each in its cell, over the ruler's
            assert re.search(r" 7 10 ", said) and re.search(r"\b11 12\b", said), said
            assert re.search(r"^ +1 +5 +10 +15 ", said, re.MULTILINE), said
    assert _course_said(state, 80).count("trk 1") == 2  # the two halves at 80 columns
    state.pos = {7: (5, 0), 4: (6, 0)}  # one digit each: no key
    assert " = No." not in _course_said(state, 80)


def _six_at(phase: str) -> TotopolyState:
    from homestretch.core.chance import SeededDice
    from homestretch.games.totopoly.rules.state import TotopolyGame

    state = TotopolyGame(6).new_initial_state()
    dice = SeededDice(3)
    while state.phase != phase or state.is_chance_node():
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
        else:
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[0])
    assert isinstance(state, TotopolyState)
    return state


def test_the_ring_and_the_auction_fit_80_by_24_with_six_players_and_m_shows_the_rest() -> None:
    """Every move in the training ring redrew the whole table (65 rows with six players:
    the players, the horses, the ring and its legend, the leases, the news, the money),
    the auction's 49: the question's context scrolled off a 24-row terminal. Now the
    cash, the ring with the horses and where this player's stand (or the lot, the hand,
    the leases), his last report, the latest moves and the question; m, the rest."""
    for phase, shown, rest in (
        ("training", "Cash: Player 1 ", "ST stables"),
        ("training", "Yours: No. 3 (black) square 21", "ST stables"),
        ("auction", "Your leases: No. 7 Buttercup Bay", "bank (prize fund)"),
    ):
        state = _six_at(phase)
        seat = state.to_act()[0]
        hot = HotSeat(None, 1, OutputFormat.text)
        hot.screen = Console(file=io.StringIO(), width=80, color_system=None, record=True)
        hot.state = state
        player = person(f"Player {seat + 1}", state, hot)
        answers = iter(["m", "1"])
        screen = hot.screen
        player.ask = lambda q, s=screen, a=answers: s.print(q) or next(a)  # type: ignore[misc]
        player.choose(seat, state.view(seat), state.legal_actions(seat))
        drawn = hot.screen.export_text()
        question = f"Player {seat + 1}, your choice"
        first, more = drawn.split(question, 1)  # m typed at the question
        lines = (first + question).splitlines()
        assert len(lines) <= 21, first  # with room for a move and news above
        assert all(len(line) <= 80 for line in lines)
        assert "m: the whole table" in lines[0]
        assert shown in first and rest not in first and rest in more


def _fitted(state: TotopolyState, answers: list[str]) -> tuple[list[str], str, object]:
    """The seat to act's screen at 80 columns up to its question (its lines), what the
    rest of ``answers`` drew after it (m's table), and the move the answers made."""
    seat = state.to_act()[0]
    hot = HotSeat(None, 1, OutputFormat.text)
    hot.screen = Console(file=io.StringIO(), width=80, color_system=None, record=True)
    hot.state = state
    player = person(f"Player {seat + 1}", state, hot)
    said = iter(answers)
    screen = hot.screen
    player.ask = lambda q, s=screen, a=said: s.print(q) or next(a)  # type: ignore[misc]
    chosen = player.choose(seat, state.view(seat), state.legal_actions(seat))
    drawn = hot.screen.export_text()
    question = f"Player {seat + 1}, your choice"
    first, more = drawn.split(question, 1)
    return (first + question).splitlines(), more, chosen


def test_the_tote_fits_80_by_24_with_six_players_and_m_shows_the_whole_table() -> None:
    """The Tote's screen was the whole table, 81 to 95 rows at 80 columns with six
    players (the players, the Tote pad, the horses, the course and its legend, the
    money, the moves, a line a ticket): the runners scrolled off before a bet. Now the
    runners two a row with the pounds on each and what £1 pays, his money and tickets,
    the latest moves, the question and its list in a few lines; m, the rest."""
    from homestretch.games.totopoly.rules.actions import Bet

    state = _six_at("tote")
    seat = state.to_act()[0]
    lines, more, chosen = _fitted(state, ["m", "2"])
    said = "\n".join(lines)
    assert len(lines) <= 22, said  # a hot seat's hand-over line above it: 23 of 24
    assert all(len(line) <= 80 for line in lines)
    assert "m: the whole table" in lines[0] and "Tote pool £" in said
    runners = [h.number for h in state.c.horses.values() if state.status.get(h.number) == "running"]
    for number in runners:
        assert (
            f"{number:>2}{'KRYB'[['black', 'red', 'yellow', 'blue'].index(state.c.horses[number].colour)]} "
            in said
        )
    assert f"Your cash: £{state.cash[seat]}; your tickets: none yet" in said
    assert "nothing is paid for second or third" not in said  # the grid's title says it
    for rest in ("Tote pad", "bank (prize fund)", "coloured squares"):
        assert rest not in said and rest in more
    assert isinstance(chosen, Bet) and chosen == state.legal_actions(seat)[1]


def test_the_tote_says_what_a_pound_pays_and_the_seat_s_own_tickets() -> None:
    """The grid's pays is the pool less the clerk's 10% (rounded down, T18) over what is
    on the horse; the seat's tickets are his own."""
    from homestretch.games.totopoly.terminal.render import pays, tickets_line

    assert pays(34, 2) == "£15.50" and pays(34, 0) == "-" and pays(1000, 1) == "£900"
    assert (
        tickets_line(440, [(4, 5), (9, 1)]) == "Your cash: £440; your tickets: No. 4 £5, No. 9 £1"
    )
    state = _six_at("tote")
    seat = state.to_act()[0]
    state.bets = [(seat, 3, 5), ((seat + 1) % 6, 7, 10)]
    state.tote_pool = 15
    lines, _, _ = _fitted(state, ["1"])
    said = "\n".join(lines)
    assert "your tickets: No. 3 £5" in said and "No. 7 £10" not in said
    three = next(line for line in lines if " 3K " in f" {line}")
    cell = three[:39] if three.startswith(" 3K") else three[41:]
    assert cell.split()[-2:] == ["£5", "£2.80"], cell  # (15 - 1) / 5


def test_a_tote_list_reads_in_a_few_lines_and_its_numbers_as_ever() -> None:
    """A horse's six stakes in a line (2-7), tickets of one stake on every horse as a
    grid of the number beside each No.: the number typed is the same choice as before."""
    from homestretch.games.totopoly.rules.actions import Bet, Done
    from homestretch.games.totopoly.terminal.cli import short_listing, tote_listing

    def describe(action: object) -> str:
        return (
            "done"
            if isinstance(action, Done)
            else f"back No. {action.horse} (x) for £{action.pounds} on the Tote"
        )  # type: ignore[attr-defined]

    own = [Done(), *(Bet(h, s) for h in (4, 12) for s in (1, 5, 10, 25, 50, 100))]
    assert tote_listing(own, describe) == [
        "  1  done",
        "  2-7   back No. 4 (x) for £1, £5, £10, £25, £50, £100",
        "  8-13  back No. 12 (x) for £1, £5, £10, £25, £50, £100",
    ]
    every = [Done(), *(Bet(h, 5) for h in range(1, 13))]
    lines = tote_listing(every, describe)
    assert lines is not None and len(lines) == 4
    import re

    beside = {int(n): int(h) for n, h in re.findall(r"(\d+): No\. (\d+)", " ".join(lines[2:]))}
    assert beside == {n: a.horse for n, a in enumerate(every, start=1) if isinstance(a, Bet)}
    assert " 2: No. 1 " in lines[2] and "13: No. 12" in lines[3]
    assert tote_listing([Done(), Bet(4, 5)], describe) == [
        "  1  done",
        "  2  back No. 4 (x) for £5 on the Tote",
    ]
    assert short_listing([Done()], describe) is None


def test_the_auction_says_the_others_money_is_hidden_in_words() -> None:
    """The auction's cash line said "Computer 1 unseen" beside every other player: the
    money is hidden (T41, until the auction ends), as a family says it."""
    from homestretch.games.totopoly.terminal.render import cash_line, money

    state = _six_at("auction")
    seat = state.to_act()[0]
    lines, more, _ = _fitted(state, ["m", "1"])
    said = "\n".join(lines)
    assert "unseen" not in said
    assert f"Your cash: £{state.cash[seat]}; the others' and the bank's are hidden" in said
    # one row of 80 columns, even with £1000 or more ("ends" wrapped alone to a second)
    rich = {
        **state.view(seat),
        "players": [
            {**p, "cash": 1000 if p["seat"] == seat else p["cash"]}
            for p in state.view(seat)["players"]
        ],
    }
    assert len(cash_line(rich, seat)) <= 80, cash_line(rich, seat)
    assert money(None) == "hidden" and "│ hidden" in more  # the whole table's cash column
    assert cash_line(state.view(None), None).startswith("Everyone's cash and the bank's are hidden")


def test_a_club_members_reports_read_a_line_a_horse_and_their_numbers_as_ever() -> None:
    """Three horses' three packs of reports were nine lines, most folded in two at 80
    columns: 32 rows of a training screen. A line a horse, each pack's number beside it."""
    from homestretch.games.totopoly.rules.actions import DrawReport, Throw
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.games.totopoly.rules.words import menu_said
    from homestretch.games.totopoly.terminal.cli import short_listing

    content = TotopolyGame(3).new_initial_state().c
    decks = sorted(content.decks)
    listed = [Throw(), *(DrawReport(d, h) for h in (3, 6) for d in decks)]
    lines = short_listing(listed, lambda a: menu_said(a, content))
    assert lines is not None and len(lines) == 3 and lines[0] == "  1  throw the dice"
    three = f"No. 3 {content.horses[3].name} ({content.horses[3].colour})"
    assert lines[1].startswith(f"  2-{1 + len(decks):<3} read for {three}: 2 ")
    for n, action in enumerate(listed[1:], start=2):
        pack = menu_said(action, content).split()[2].removesuffix("'s")
        assert f" {n} {pack}" in lines[1 + (n - 2) // len(decks)], (n, lines)
    assert all(len(line) <= 78 for line in lines)


def test_every_phase_before_the_race_fits_80_by_24_with_six_players() -> None:
    """The discard, the nomination and the rest drew the whole table (29 to 68 rows with
    six players); each is a fitted screen now, m the whole table."""
    from homestretch.games.totopoly.terminal.render import FITTED

    seen = set()
    for phase in ("discard", "auction", "training", "nomination", "tote"):
        state = _six_at(phase)
        lines, more, _ = _fitted(state, ["m", "1"])
        assert len(lines) <= 22, "\n".join(lines)
        assert all(len(line) <= 80 for line in lines)
        assert f": {phase} (m: the whole table)" in lines[0] and "players" not in lines[0]
        assert "bank (prize fund)" in more  # m: the whole table
        seen.add(phase)
    assert seen <= set(FITTED)


def _six_selling(seed: int) -> TotopolyState:
    """Six players choosing at random (seeded) until one is short of his entrance fees
    and must sell: the forced sale's screens ("entry"), which no game of first choices
    reaches (nobody overspends)."""
    import random

    from homestretch.core.chance import SeededDice
    from homestretch.games.totopoly.rules.state import TotopolyGame

    state = TotopolyGame(6).new_initial_state()
    dice, choose = SeededDice(seed), random.Random(seed)
    while state.phase != "entry" or state.is_chance_node():
        assert state.phase not in ("sales", "nomination", "tote", "race"), "nobody sold"
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
        else:
            seat = state.to_act()[0]
            state.apply(seat, choose.choice(state.legal_actions(seat)))
    assert isinstance(state, TotopolyState)
    return state


def test_the_forced_sale_at_the_entrance_fees_fits_80_by_24_with_six_players() -> None:
    """The seller's list (every horse, business, kept and colour card he may sell) and
    each buyer's offer, with what he may offer at most and what he keeps back for his
    entrance fees (ruling T52), fit a 24-row terminal; m shows the whole table."""
    from homestretch.games.totopoly.rules.actions import Offer

    state = _six_selling(4)
    seller = state.to_act()[0]
    lines, more, chosen = _fitted(state, ["m", "1"])
    said = "\n".join(lines)
    assert len(lines) <= 22, said
    assert all(len(line) <= 80 for line in lines)
    assert ": entry (m: the whole table)" in lines[0] and "sell something" in said
    assert len(state.legal_actions(seller)) == 8 and "bank (prize fund)" in more
    state.apply(seller, chosen)
    buyers = 0
    while state.phase == "entry" and state.to_act() != [seller]:
        buyer = state.to_act()[0]
        lines, more, chosen = _fitted(state, ["m", "1"])
        said = "\n".join(lines)
        assert len(lines) <= 22 and all(len(line) <= 80 for line in lines), said
        offered = re.search(r"up to £(\d+) after £(\d+) of\s+entrance fees", said)
        assert offered, said
        limit, kept = int(offered[1]), int(offered[2])
        assert limit + kept == state.cash[buyer] and kept >= 25
        assert max(a.pounds for a in state.legal_actions(buyer) if isinstance(a, Offer)) <= limit
        state.apply(buyer, chosen)
        buyers += 1
    assert buyers >= 2


def test_a_forced_sale_in_the_ring_lists_the_offers_in_a_line_and_fits_80_by_24() -> None:
    """A forced sale in the training ring drew the ring, its horses (two to a square
    make two rows more) and a line a sum offered: 23 rows before a hot seat's hand-over,
    25 in the pseudo-terminal (benchmarks/terminal_screens.py, six people choosing at
    random, seed 1). The sums are one line now, the numbers reading as ever."""
    import random

    from homestretch.core.chance import SeededDice
    from homestretch.games.totopoly.rules.actions import Offer
    from homestretch.games.totopoly.rules.state import TotopolyGame

    state = TotopolyGame(6).new_initial_state()
    dice, choose = SeededDice(0), random.Random(0)
    seen = 0
    while state.phase in ("deal", "exchange", "discard", "auction", "training"):
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.phase == "training" and isinstance(legal[0], Offer):
            lines, _, chosen = _fitted(state, ["m", "3"])
            said = "\n".join(lines)
            assert len(lines) <= 22 and all(len(line) <= 80 for line in lines), said
            sums = ", ".join(f"{n} £{a.pounds}" for n, a in enumerate(legal, start=1))
            assert f"1-{len(legal):<3} offer: {sums}" in said, said
            assert chosen == legal[2]  # 3: the third sum, as a line a sum read
            seen += 1
        state.apply(seat, choose.choice(legal))
    assert seen >= 2


def _at_the_auction(names: list[str], seed: int) -> TotopolyState:
    """A new game played by each mover's first legal action up to the auction."""
    from homestretch.core.chance import SeededDice
    from homestretch.games.totopoly.rules.state import TotopolyGame

    state = TotopolyGame(len(names), names=names).new_initial_state()
    assert isinstance(state, TotopolyState)
    dice = SeededDice(seed)
    while state.phase != "auction":
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        mover = state.to_act()[0]
        state.apply(mover, state.legal_actions(mover)[0])
    return state


def _ann_sees(seat: HotSeat, state: TotopolyState) -> str:
    """Ann's (seat 0's) next screen at 80 columns, its white space run together."""
    seat.screen = Console(file=io.StringIO(), width=80, color_system=None)
    seat.show(0, state.view(0))
    return re.sub(r"\s+", " ", seat.screen.file.getvalue())


def _kept_card(card: dict[str, object]) -> str:
    """A kept lease as the line says it: 'No. 8 £130' or 'Veterinary Surgeon's Practice £100'."""
    return (
        f"No. {card['horse']} £{card['value']}"
        if "horse" in card
        else f"{card['name']} £{card['value']}"
    )


def test_the_first_auction_screen_says_what_was_paid_for_the_leases_kept_once() -> None:
    """After the discard a newcomer's cash dropped (£700 to £270) with no line saying
    what for: the auction's screens say no notices. Now his first screen after the
    payment says the sum and each kept lease's face value, and the next does not."""
    state = _at_the_auction(["Ann", "Bob", "Cy"], seed=4)
    paid = next(
        n for n in state.notices_for(0) if n["type"] == "payment" and n["why"] == "leases kept"
    )
    kept = [c for c in state.view(0)["leases"]]
    assert kept and sum(c["value"] for c in kept) == paid["amount"]
    seat = HotSeat(None, 1, OutputFormat.text)
    seat.state = state

    first = _ann_sees(seat, state)
    each = ", ".join(_kept_card(c) for c in kept)
    said = f"You paid £{paid['amount']} for the leases you kept: {each}"
    assert said in first, first
    assert "You paid" not in _ann_sees(seat, state)
    seat.told_kept.clear()  # a game resumed after the auction: long since paid, not said
    state.phase = "training"
    assert "You paid" not in _ann_sees(seat, state)


def test_the_leases_kept_line_breaks_between_cards_at_80_columns_and_narrower() -> None:
    """The kept leases' line ran on at 80 columns and broke inside a name ("...
    Stevedon Training" / "Stables £130, Veterinary Surgeon's Practice £100"). Now its rows
    break only between two cards, the rows after the first indented, at 80 columns and
    at a narrow terminal (40) alike; each row fits."""
    # seed 7: Ann keeps No. 8, No. 12, the Stevedon Training Stables and the vet's
    # practice, 127 characters in one line
    state = _at_the_auction(["Ann", "Bob", "Cy", "Di"], seed=7)
    kept = [_kept_card(c) for c in state.view(0)["leases"]]
    head = "You paid £"
    assert len(head) + len(", ".join(kept)) > 80  # the line does not fit one row
    for width in (80, 40):
        seat = HotSeat(None, 1, OutputFormat.text)
        seat.state = state
        seat.screen = Console(file=io.StringIO(), width=width, color_system=None)
        seat.show(0, state.view(0))
        lines = seat.screen.file.getvalue().splitlines()
        start = next(n for n, line in enumerate(lines) if line.startswith(head))
        rows = [lines[start]]
        for line in lines[start + 1 :]:
            if not line.startswith("  ") or line.strip().startswith(tuple("0123456789")):
                break
            rows.append(line)
        assert all(len(row.rstrip()) <= width for row in rows), rows
        cards = ", ".join(row.split(":")[-1].strip() for row in rows).strip(", ")
        said = [card.strip().rstrip(",") for card in cards.split(", ")]
        assert said == kept, (width, rows)  # every card whole on one row, in order
        assert len(rows) > 1


def test_a_lot_bought_is_said_once_with_what_was_paid_and_to_whom() -> None:
    """At the auction a person's cash dropped (£564 to £482) and the lot joined his leases
    with no word of it: his screen says the others' moves alone and no notices. Now his
    next screen says the lot and what he paid, to the bank and the auctioneer's
    commission, once; the screen after it does not."""
    from homestretch.core.chance import SeededDice
    from homestretch.games.totopoly.rules.state import TotopolyGame

    state = TotopolyGame(4, names=["Ann", "Bob", "Cy", "Di"]).new_initial_state()
    assert isinstance(state, TotopolyState)
    dice = SeededDice(11)
    seat = HotSeat(None, 1, OutputFormat.text)
    seat.state = state

    said: list[str] = []
    while state.phase in ("deal", "exchange", "discard", "auction"):
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        mover = state.to_act()[0]
        legal = state.legal_actions(mover)
        if mover == 0 and state.phase == "auction":
            said.append(_ann_sees(seat, state))
            bids = [a for a in legal if a.kind == "bid"]  # Ann bids the least she may
            state.apply(0, bids[0] if bids and state.cash[0] > 300 else legal[0])
        else:
            state.apply(mover, legal[0])
    said.append(_ann_sees(seat, state))  # her first screen in the ring
    bought = [
        n
        for n in state.notices_for(0)
        if n["type"] == "payment" and n.get("payer") == 0 and n.get("why") == "lot"
    ]
    assert bought, "Ann bought no lot"
    names = {h.card: f"No. {h.number} {h.name}" for h in state.c.horses.values()}
    names |= {b.card: b.name for b in state.c.businesses.values()}
    for lot in bought:
        line = f"You bought {names[lot['card']]}: £{lot['amount']} to the bank"
        assert sum(line in screen for screen in said) == 1, line
    assert all(screen.count("You bought") <= 2 for screen in said)
    commission = [
        n for n in state.notices_for(0) if n.get("why") == "commission" and n["payer"] == 0
    ]
    for paid in commission:
        assert any(
            f"£{paid['amount']} commission to {state.names[paid['payee']]}" in s for s in said
        )


def test_everyone_s_cash_breaks_between_two_sums_at_80_columns() -> None:
    """With four players, three of them "Computer N", the cash line ran to 83 columns and
    broke between "bank" and its "£1449". Now its rows break only between two players'
    sums (or before the bank's), the rows after the first indented."""
    state = _six_at("training")
    names = ["Ann", "Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5"]
    state.names = names
    for width in (80, 60):
        seat = state.to_act()[0]
        hot = HotSeat(None, 1, OutputFormat.text)
        hot.screen = Console(file=io.StringIO(), width=width, color_system=None)
        hot.state = state
        hot.show(seat, state.view(seat))
        lines = hot.screen.file.getvalue().splitlines()
        start = next(n for n, line in enumerate(lines) if line.startswith("Cash: "))
        rows = [lines[start]]
        for line in lines[start + 1 :]:
            if not re.match(r"  \S", line):  # the rows after the first: indented by two
                break
            rows.append(line)
        assert len(rows) > 1 and all(len(row.rstrip()) <= width for row in rows), rows
        for row in rows:  # each row whole entries: a name (or the bank) and its sum
            entries = re.split(r"[,;] ", row.removeprefix("Cash:").strip().rstrip(",;"))
            assert all(re.fullmatch(r"\S.* £\d+( \(you\))?", e) for e in entries), rows
        said = " ".join(row.strip() for row in rows)
        assert said.startswith("Cash: Ann £") and re.search(r"; bank £\d+$", said), said


def test_a_horse_not_yet_off_is_said_at_the_gate_not_on_length_0() -> None:
    """The race's "Yours:" line and the whole table's horses said "No. 7 (yellow) length
    0, track 1" of a horse still at the gate: the course has no length 0. Now "at the
    gate, track 1"; a horse that has moved, its length."""
    state = _six_at("race")
    seat = state.to_act()[0]
    lines, more, _ = _fitted(state, ["m", "1"])
    start = next(n for n, line in enumerate(lines) if line.startswith("Yours: "))
    yours = " ".join(lines[start : start + 3])  # its rows, wrapped
    at_gate = [h for h in state.view(seat)["horses"] if h.get("length") == 0]
    assert at_gate and "length 0" not in yours and "length 0" not in more
    mine = [h for h in at_gate if h.get("owner") == seat]
    assert mine and all(
        f"No. {h['number']} ({h['colour']}) at the gate, track {h['track']}" in yours for h in mine
    ), yours
    assert "at the gate, track" in more


def test_the_horses_key_shares_the_gate_s_line_on_the_race_screen() -> None:
    """The key under the course ("a = No. 10") is a row, and the race screen has one to
    spare in 24: with horses still at the gate it is said in the gate's line."""
    from homestretch.games.totopoly.terminal.render import race_view

    state = make_table(players=2, horses={1: 0, 10: 1, 4: 0, 11: 1, 12: 0})
    state.phase = "race"
    state.pos = {1: (0, 0), 10: (5, 1), 4: (0, 2), 11: (6, 1), 12: (0, 3)}
    out = io.StringIO()
    moves = [f"Bob: move {i}" for i in range(10)]
    race_view(Console(file=out, width=80, color_system=None), state.view(0), state.c, moves)
    lines = out.getvalue().rstrip("\n").splitlines()
    assert "at the gate: 1, 4, 12; a = No. 10, c = No. 11" in lines, out.getvalue()
    assert len(lines) <= 19, out.getvalue()


@pytest.mark.parametrize("width", [60, 40])
def test_the_lines_under_the_course_fit_a_narrow_terminal_unbroken(width: int) -> None:
    """Below 66 columns the course is drawn in more rows, but the lines under it ran on
    and the terminal broke them anywhere: "a = / No. 10" and "at / the gate" at 40
    columns, "m shows / all):" at 60, a square's meaning across two rows. Now each is
    laid out to the width, broken between two items (a horse, a key, a square) and
    never inside one, on the race screen and under the whole table's course (m)."""
    from homestretch.games.totopoly.terminal.render import course_picture, race_view

    state = make_table(players=2, horses={1: 0, 2: 0, 4: 0, 7: 0, 9: 0, 10: 1, 11: 1, 12: 0})
    state.phase = "race"
    state.pos = {1: (0, 0), 2: (0, 1), 4: (12, 0), 7: (0, 2), 9: (0, 3)}
    state.pos |= {10: (5, 1), 11: (6, 1), 12: (58, 3)}
    state.finish = [3, 6, 8]
    moves = [f"Bob: move {i}" for i in range(10)]
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, soft_wrap=True)  # no wrapping
    race_view(console, state.view(0), state.c, moves)
    console.print(course_picture(state.view(0), state.c, width=width), end="")
    said = out.getvalue()
    rows = said.splitlines()
    assert all(len(row.rstrip()) <= width for row in rows), [r for r in rows if len(r) > width]
    whole = ["a = No. 10", "c = No. 11", "d = No. 12", "m shows all):", "past the post: 3,"]
    whole += [f"{code}: {i.text}" for code, i in state.c.course.instructions.items()]
    whole += ["No. 1 (black) at the gate, track 1", "No. 4 (red) length 12, track 1"]
    whole += ["No. 12 (blue) length 58, track 4", "K R Y B coloured squares; ~ the bend;"]
    for item in whole:
        assert any(item in row for row in rows), (item, said)
    assert any(row.startswith("at the gate: 1, 2,") for row in rows), said


@pytest.mark.parametrize("width", [40, 80, 96])
def test_where_ones_horses_stand_reads_whole_at_40_columns_and_in_one_line_when_wider(
    width: int,
) -> None:
    """At 40 columns the first horse ("No. 1 (black) at the gate, track 1;") does not
    fit beside "Yours:", which stood alone on its row, the horses under it. There they
    are a list under "Your horses:", a horse a row, each whole; at 80 and 96 columns the
    line is as it was, "Yours:" and the horses after it, broken between two."""
    from homestretch.games.totopoly.terminal.render import race_view

    state = make_table(players=2, horses={1: 0, 4: 0, 7: 0, 12: 0, 10: 1})
    state.phase = "race"
    state.pos = {1: (0, 0), 4: (12, 0), 7: (0, 2), 12: (58, 3), 10: (5, 1)}
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, soft_wrap=True)  # no wrapping
    race_view(console, state.view(0), state.c, [])
    rows = out.getvalue().splitlines()
    assert all(len(row.rstrip()) <= width for row in rows), rows
    assert "Yours:" not in [row.strip() for row in rows], rows
    horses = [
        "No. 1 (black) at the gate, track 1",
        "No. 4 (red) length 12, track 1",
        "No. 7 (yellow) at the gate, track 3",
        "No. 12 (blue) length 58, track 4",
    ]
    if width == 40:
        start = rows.index("Your horses:")
        assert rows[start + 1 : start + 5] == [f"  {horse}" for horse in horses], rows
    else:
        start = next(n for n, row in enumerate(rows) if row.startswith("Yours: "))
        said = " ".join(row.strip() for row in rows[start : start + 2])
        assert said.startswith("Yours: " + "; ".join(horses)), rows
        return
    state.pos = {12: (0, 3)}  # one horse of his on the course: "Your horse:"
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, soft_wrap=True)
    race_view(console, state.view(0), state.c, [])
    assert "Your horse:\n  No. 12 (blue) at the gate, track 4\n" in out.getvalue()
