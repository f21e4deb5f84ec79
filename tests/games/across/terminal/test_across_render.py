"""The track card as a person sees it: preprinted marks differ from those earned in the race."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console

from homestretch.cli.human import TerminalPlayer
from homestretch.games.across.content.loader import Content
from homestretch.games.across.rules.actions import Bet, DailyDouble, Done, OfferHorse, OfferRing
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.terminal.cli import (
    DEALINGS_HINT,
    MENU_MAX,
    menu_hint,
    roll_prompt,
    shorten_menu,
)
from homestretch.games.across.terminal.render import LEGEND, full_view, squares


def test_a_preprinted_half_x_is_not_shown_as_an_earned_one() -> None:
    # 2 1/2 preprinted X's on a five-X card, nothing earned yet.
    assert squares(5, 10, 5) == "x x \\ . ."
    # Half an X earned in the race completes the preprinted half square first.
    assert squares(6, 10, 5) == "x x * . ."
    # Then the race's own marks: half an X, a full X.
    assert squares(7, 10, 5) == "x x * / ."
    assert squares(8, 10, 5) == "x x * X ."


def test_earned_marks_and_the_shaded_square() -> None:
    assert squares(0, 10, 0) == ". . . . ."
    assert squares(3, 10, 0) == "X / . . ."
    assert squares(3, 12, 0) == "(X) / . . . ."
    assert squares(4, 10, 4) == "x x . . ."


def test_the_legend_names_every_mark() -> None:
    for mark in ("x preprinted X", "\\ preprinted half X", "* a preprinted half", "/ half an X"):
        assert mark in LEGEND


def _text(view: dict[str, Any], content: Content) -> str:
    console = Console(width=200, record=True)
    console.print(full_view(view, content))
    return console.export_text()


def test_the_auction_screen_shows_the_printed_card_and_no_high_bid_yet() -> None:
    """The lot's line carries its X's (#2's three preprinted); m shows the whole card."""
    from homestretch.games.across.terminal.render import auction_rest

    game = AcrossGame(players=4, names=("Ann", "Amy", "Bob", "Cy"), tracks=("epsom-downs",))
    state = game.new_initial_state()
    lot = _text(state.view(0), game.content)
    assert "#2 Tin Whistle Tuesday" in lot and "X's to finish x x x . ." in lot
    assert "no bid yet" in lot and "Fifties: Ann 40 (you), Amy 40" in lot
    text = _text_of(auction_rest(state.view(0), game.content))
    assert "Epsom Downs: the track card" in text
    assert "x x x" in text  # #2's three preprinted X's
    assert "(.)" in text  # a shaded favourite's ringed square
    assert "no bid yet" in text and "Handicap and Auction News" in text


def test_the_auction_s_fifties_line_marks_the_auctioneer() -> None:
    """The lines "Auctioneer's bid is 5 fifties" came at a screen whose fifties line
    did not say who the Auctioneer was (only m's table did): the line marks it, on
    everyone's screen, the Auctioneer's own too."""
    game = AcrossGame(players=4, names=("Ann", "Amy", "Bob", "Cy"), tracks=("epsom-downs",))
    state = game.new_initial_state()
    assert state.view(0)["roles"]["auctioneer"] == 2
    fifties = "Fifties: Ann 40 (you), Amy 40, Bob 40 (Auctioneer), Cy 40"
    assert fifties in _text(state.view(0), game.content)
    assert "Bob 40 (you, Auctioneer), Cy 40" in _text(state.view(2), game.content)
    view = state.view(2)
    view["owners"] = {**view["owners"], "4": [2], "9": [2]}
    assert "Bob 40 (#4 #9, you, Auctioneer)" in _text(view, game.content)


def test_the_trackmaster_sees_each_track_with_its_news() -> None:
    game = AcrossGame(players=3)
    text = _text(game.new_initial_state().view(0), game.content)
    for track in game.content.tracks.values():
        assert f"track {track.key}" in text and track.city in text


def test_the_roller_is_told_who_owns_the_horse_and_who_backs_it() -> None:
    view = AcrossGame(players=3, names=("Ann", "Bob", "Cy")).new_initial_state().view(0)
    view.update(owners={"7": [1]}, tickets=[[2, 7]], race_card={"rolled": 7})
    assert roll_prompt(0, view).startswith("You rolled #7 (owner: Bob; tickets: Cy)")
    legal = [Done(), Bet(7), DailyDouble(7, 8)]
    assert shorten_menu(legal) == [Done(), Bet(7)]
    assert "dd H1 H2" in menu_hint(legal)


def test_a_long_betting_menu_keeps_done_and_the_bets_numbered() -> None:
    """With cash and many horses to deal in, the dealings are typed, not listed: the
    list would be too long to print, and then not even `done` had a number."""
    bets = [Done()] + [Bet(h) for h in range(2, 13)]
    dealings = [OfferHorse(h, b, 10) for h in range(2, 9) for b in (1, 2)]
    dealings += [OfferRing(h, 1, 1, 1) for h in range(2, 13)]
    legal = bets + dealings
    assert len(legal) > MENU_MAX
    assert shorten_menu(legal) == bets
    assert DEALINGS_HINT in menu_hint(legal)
    few = bets[:3] + dealings[:2]  # short enough: the offers stay listed
    assert shorten_menu(few) == few
    assert DEALINGS_HINT not in menu_hint(few)


def test_the_hints_are_drawn_as_written() -> None:
    """The terminal escapes a hint before drawing it, so its brackets are written plain:
    a player saw `lend SEAT N \\[back M]`, backslash and all."""
    bets = [Done()] + [Bet(h) for h in range(2, 13)]
    legal = bets + [OfferRing(h, 1, b, 1) for h in range(2, 13) for b in (1, 2)]
    screen = Console(width=400, record=True)
    player = TerminalPlayer(
        "Ann", None, screen, show=lambda *_: None, parse=lambda _: None,  # type: ignore[arg-type]
        ask=lambda _: "1", shorten=shorten_menu, hint=menu_hint, menu_max=MENU_MAX,
    )  # fmt: skip
    assert player.choose(0, {}, legal) == Done()
    drawn = screen.export_text()
    assert "lend SEAT N [back M]" in drawn and "\\" not in drawn


def _betting_state(names: tuple[str, ...] = ("Mum", "Dad", "Kim")) -> Any:
    """A family's game at race 1's betting: every lot passed (the Auctioneer keeps it)."""
    from homestretch.games.across.rules.actions import Pass

    state = AcrossGame(players=len(names), names=names, tracks=("epsom-downs",)).new_initial_state()
    while state.phase != "betting":
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, Pass() if Pass() in legal else legal[0])
    return state


def test_a_betting_turn_shows_the_track_card_before_the_bets() -> None:
    """A family betting on race 1 saw the table, the bins, the totalizator and the windows,
    but not the track card: which horses start up the card and which carry the shaded
    circle (what the rulebook says to look at before betting) was last shown at the
    auction, screens ago."""
    state = _betting_state()
    content = state.g.content
    text = _text(state.view(state.to_act()[0]), content)
    assert text.startswith(" #  ┃ X's to finish") and "Epsom Downs, best pick" in text
    row = next(line for line in text.splitlines() if line.startswith(" 7 "))
    assert "(.)" in row and "Morning Gallop" in row and "Kim" in row  # shaded; name; owner
    assert "suggested" not in text  # the auction's reference, not the bettor's
    assert "best pick: #7 Morning Gallop" in text
    two = next(line for line in text.splitlines() if line.startswith(" 2 "))
    assert "x x x" in two  # the longshot's three preprinted X's


def test_a_betting_card_shows_the_tickets_and_the_last_finish_and_the_rest_is_apart() -> None:
    """After a race the betting screen was 110 rows on an 80-column terminal (the card,
    the table, the bins, the MPH board, the windows, eleven loans, the race's card again):
    what a bettor weighs is on the card (the tickets on each horse so far, where each
    finished last race) with everyone's fifties; the rest is ``rest_view`` (m)."""
    import random

    from homestretch.games.across.rules.actions import Accept, Pass
    from homestretch.games.across.terminal.render import rest_view

    state, dice = _betting_state(), random.Random(5)
    while not (state.phase == "betting" and state.race_no == 2):
        if state.is_chance_node():
            faces = [dice.randint(1, 6) for _ in range(state.chance_node().dice)]
            state.apply_chance(tuple(faces))
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in (Accept(), Pass(), Done()) if a in legal), legal[0]))
    view = state.view(state.to_act()[0])
    text = _text(view, state.g.content)
    header = next(line for line in text.splitlines() if " tickets " in line)
    assert header.split("┃")[-1].strip() == "race 1"
    (finish,) = view["results"]
    won = next(line for line in text.splitlines() if line.startswith(f" {finish['finish'][0]} "))
    assert won.rstrip().endswith("WIN")
    assert "Fifties: Mum " in text and "(you)" in text
    for gone in ("Auction-receipt bins", "MPH Totalizator", "MPH Parimutuel Windows", "The table"):
        assert gone not in text
    seat = state.to_act()[0]
    state.apply(seat, Bet(7))  # a ticket: its buyer's initial beside #7
    seven = _text(state.view(seat), state.g.content).splitlines()
    row = next(line for line in seven if line.startswith(" 7 "))
    assert row.split("│")[4].strip() == view["initials"][seat]
    rest = _text_of(rest_view(view, state.g.content))
    for shown in ("Epsom Downs, race 1", "Handicap and Auction News", "The table"):
        assert shown in rest
    assert "Auction-receipt bins" in rest and "MPH Parimutuel Windows, race 1" in rest


def _text_of(drawn: Any) -> str:
    console = Console(width=200, record=True)
    console.print(drawn)
    return console.export_text()


def test_the_betting_list_says_what_each_choice_costs_and_does() -> None:
    """The list read "bet 7", "loan 7 2", "done": a child could not tell that a bet is a
    ticket for 3 fifties, nor what a loan takes from where. The words say so; the
    commands typed are as before."""
    from homestretch.games.across.rules.actions import RepayLoan, TakeLoan
    from homestretch.games.across.terminal.cli import describe_action, parse_command

    state = _betting_state()
    content = state.g.content
    said = {a: describe_action(a, content) for a in state.legal_actions(state.to_act()[0])}
    assert said[Done()] == "done: no more tickets this race"
    assert said[Bet(7)] == "bet 7: a ticket on #7 Morning Gallop, 3 fifties"
    assert (
        said[TakeLoan(7, 2)] == "loan 7 2: borrow 2 fifties from the 8th-race WIN bin, #7 in hock"
    )
    assert describe_action(RepayLoan(7), content) == (
        "repay 7: pay back the loan on #7 and 1 fifty interest"
    )
    for action, words in said.items():  # what the list shows, typed, is the move
        if not isinstance(action, Done):
            assert parse_command(words.split(":")[0]) == action
    # the menu numbers still match the horses: 1 is done, 7 is a bet on #7
    assert list(said)[6] == Bet(7)


def test_the_auction_screen_at_80_columns_cuts_nothing_and_keeps_to_the_card() -> None:
    """At 80 columns the bins' table cut its last header to "carry-o…" (seven columns,
    seven rows); and the card before its race named the race's own marks (* X /) in
    a legend of three rows."""
    from homestretch.games.across.terminal.render import PRINTED_LEGEND

    game = AcrossGame(players=4, names=("Ann", "Amy", "Bob", "Cy"), tracks=("epsom-downs",))
    from homestretch.games.across.terminal.render import auction_rest

    console = Console(width=80, record=True)
    console.print(auction_rest(game.new_initial_state().view(0), game.content))  # m
    text = console.export_text()
    assert "…" not in text and all(len(line) <= 80 for line in text.splitlines())
    said = " ".join(text.split())
    assert "Auction-receipt bins (fifties): 3rd purse 0, 5th purse 0, 8th WIN 0" in said
    assert "Daily Double 0, carry-over 0" in said
    assert " ".join(PRINTED_LEGEND.split()) in said and "* a preprinted half" not in said


def _played(names: tuple[str, ...], until: Any, every_bid: bool = True) -> Any:
    """A game at woodbine played until ``until``: the first bid taken whenever one may
    be made (or, not ``every_bid``, half the time), two tickets each, else accept, pass
    or done."""
    import random

    from homestretch.games.across.rules.actions import Accept, Bid, Pass

    state = AcrossGame(players=len(names), names=names, tracks=("woodbine",)).new_initial_state()
    dice = random.Random(2)
    while not until(state):
        if state.is_chance_node():
            state.apply_chance(tuple(dice.randint(1, 6) for _ in range(state.chance_node().dice)))
            continue
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        bids = [a for a in legal if isinstance(a, Bid)]
        bets = [a for a in legal if isinstance(a, Bet)]
        if bids and (every_bid or dice.random() < 0.5):
            state.apply(seat, bids[0])
        elif bets and len([s for s, _ in state.view(None)["tickets"] if s == seat]) < 2:
            state.apply(seat, bets[seat % len(bets)])
        else:
            state.apply(seat, next(a for a in (Accept(), Pass(), Done()) if a in legal))
    return state


def _at_a_roll(names: tuple[str, ...]) -> Any:
    """A game at race 1, its roller asked to accept or reject after a roll or more: every
    lot bought (the horses' owners named on the card), tickets bought."""
    return _played(
        names,
        lambda state: (
            state.phase == "race" and state.race.stage == "accept or reject" and state.race.calls
        ),
    )


def test_a_roll_s_screen_fits_80_by_24_and_m_shows_the_whole_race(monkeypatch: Any) -> None:
    """The race screen was ~40 rows (the card with a two-line legend, the MPH board, the
    windows, the question in two lines, the dealings in three) redrawn at every roll: a
    24-row terminal scrolled the card off. Now the roller's whole screen, the question
    included, keeps to 80 x 24 with room for the rolls' news line above it: the track,
    each horse's owner and tickets, which was rolled, the rolls so far; long names are
    cut, never a second row. m shows the rest: the legend, the MPH board, the windows."""
    from homestretch.games.across.terminal import cli
    from homestretch.games.across.terminal.cli import HotSeat, person

    names = ("Grandma Josephine", "Uncle Bartholomew", "Kim", "Computer Whizz")
    state = _at_a_roll(names)
    seat = state.to_act()[0]
    answers = iter(["m", "1"])
    screen = Console(width=80, record=True)
    monkeypatch.setattr(cli, "console", screen)  # where a person's screen is drawn
    player = person(names[seat], state, None, HotSeat(screen, 1), people={names[seat]: seat})
    player.ask = lambda question: screen.print(question) or next(answers)  # type: ignore[func-returns-value]
    legal = state.legal_actions(seat)
    player.choose(seat, state.view(seat), legal)
    drawn = screen.export_text()
    roll, rest = drawn.split("MPH Totalizator", 1)  # m typed at the first question
    roll = roll.rsplit("Woodbine, race 1", 1)[0]  # the full card m shows
    lines = roll.rstrip().splitlines()
    assert len(lines) <= 22, roll  # 24 rows: the news line above and the typed line
    assert all(len(line) <= 80 for line in lines)
    rows = [line for line in lines if "│" in line]
    assert len(rows) == 11  # a row each for #2 to #12
    rolled = state.race.rolled
    assert next(r for r in rows if r.split("│")[0].strip() == str(rolled)).endswith("rolled")
    owners = {name for row in rows for name in names if name[:6] in row.split("│")[3]}
    assert owners, roll  # whose horse: the owners named, cut short if need be
    assert any(row.split("│")[4].strip() for row in rows)  # the tickets' initials
    assert f"You rolled #{rolled}" in roll and "rolls, the last: " in roll
    for shown in ("the circled, shaded square", "MPH Parimutuel Windows"):
        assert shown in drawn.split(lines[-1], 1)[1]  # after the question: m's picture


SIX = ("Grandma Josephine", "Uncle Bartholomew", "Kim", "Computer Whizz", "Ann", "Bob")


def _six_at(until: Any) -> Any:
    """Six players at woodbine, half the bids taken, two tickets each, until ``until``."""
    return _played(SIX, until, every_bid=False)


def _screen_then_m(state: Any, monkeypatch: Any, answer: str) -> tuple[list[str], str, Any]:
    """A person's screen at 80 columns up to the question, what m shows, and the move
    ``answer`` makes."""
    from homestretch.games.across.terminal import cli
    from homestretch.games.across.terminal.cli import HotSeat, person

    seat = state.to_act()[0]
    screen = Console(width=80, record=True)
    monkeypatch.setattr(cli, "console", screen)
    player = person(SIX[seat], state, None, HotSeat(screen, 1), people={SIX[seat]: seat})
    answers = iter(["m", answer])
    player.ask = lambda question: screen.print(question) or next(answers)  # type: ignore[func-returns-value]
    chosen = player.choose(seat, state.view(seat), state.legal_actions(seat))
    drawn = screen.export_text()
    question = f"{SIX[seat]}, your choice"
    first, rest = drawn.split(question, 1)
    lines = (first + question).splitlines()
    return lines, rest, chosen


def test_a_bid_s_screen_fits_80_by_24_with_six_players_and_m_shows_the_table(
    monkeypatch: Any,
) -> None:
    """The auction's screen was 59 rows with six players (the printed card and its news,
    the table, the bins, the lot's table, the list), redrawn at every bid: the lot scrolled
    off a 24-row terminal. Now: the lot, its bids, everyone's fifties and horses, what is
    left to sell, the list; m shows the rest."""
    from homestretch.games.across.rules.actions import Bid

    def lots(state: Any) -> bool:
        view = state.view(None)
        return view["lot"] is not None and sum(1 for o in view["owners"].values() if o) >= 5

    state = _six_at(lots)
    lines, rest, chosen = _screen_then_m(state, monkeypatch, "1")
    assert len(lines) <= 21, "\n".join(lines)  # RACE_ROOM's 3 rows of news above it
    assert all(len(line) <= 80 for line in lines)
    said = " ".join(" ".join(lines).split())
    lot = state.view(None)["lot"]
    assert f"On the block: #{lot['horse']} " in said and f"asking {lot['min_bid']}" in said
    for name in SIX:
        assert name in said  # everyone's fifties
    assert "Still to sell: " in said and "help: dealings" in said
    auctioneer = SIX[state.view(None)["roles"]["auctioneer"]]
    assert re.search(rf"{auctioneer} \d+ \((#[\d #]+, )?(you, )?Auctioneer\)", said), said
    for shown in ("the track card", "Handicap and Auction News", "Auction-receipt bins"):
        assert shown in rest and shown not in said
    assert isinstance(chosen, Bid)


def test_a_betting_turn_fits_80_by_24_with_six_players_and_its_numbers_are_the_horses(
    monkeypatch: Any,
) -> None:
    """The betting screen was 37 rows with six players (the card, its two-row caption, the
    fifties, a line for each of the eleven bets, the dealings in three lines). The bets
    are one line now: the card's # is the number typed ("7" is a ticket on #7)."""
    state = _six_at(lambda s: s.phase == "betting" and s.race_no == 2)
    lines, rest, chosen = _screen_then_m(state, monkeypatch, "7")
    assert len(lines) <= 22, "\n".join(lines)
    assert all(len(line) <= 80 for line in lines)
    rows = [line for line in lines if "│" in line]
    assert len(rows) == 11  # a row a horse, a long name cut rather than a second row
    assert any("…" in row for row in rows)  # "Grandma Josep…"
    assert any("2-12  bet H: a ticket on the card's #H" in line for line in lines)
    assert not any("bet 7: a ticket" in line for line in lines)
    assert chosen == Bet(7)
    assert "MPH Parimutuel Windows" in rest and "The table" in rest


def test_a_person_answering_an_offer_in_the_betting_is_headed_with_the_offer(
    monkeypatch: Any,
) -> None:
    """A person answering another's offer in the betting had a screen headed "Bob:
    betting", and after the "no" the betting went on with someone else's turn: the
    header says what the person is asked."""
    from homestretch.games.across.rules.actions import Answer, OfferLoan

    state = _six_at(lambda s: s.phase == "betting" and s.race_no == 2)
    bettor = state.to_act()[0]
    asked = (bettor + 1) % len(SIX)
    state.apply(bettor, OfferLoan(asked, 2))
    assert state.to_act()[0] == asked and state.phase == "betting"
    lines, _, chosen = _screen_then_m(state, monkeypatch, "no")
    (header,) = [line for line in lines if f"{SIX[asked]}: " in line and "─" in line]
    assert f" {SIX[asked]}: answer {SIX[bettor]}'s offer " in header, header
    assert "betting" not in header
    assert f"{SIX[bettor]} offers to lend you 2 fifties: yes or no?" in " ".join(lines)
    assert all(len(line) <= 80 for line in lines)
    assert chosen == Answer(False)
