"""What a player must see: the windows dealt, rules A-C, each window's payoff, the
forced-sale split, loans and interest, each as a typed notice the surfaces word."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.games.across.rules.test_across_loans import OWNERS, at_race_1, first_bettor_owning

from homestretch.games.across.rules import actions as act
from homestretch.games.across.rules.actions import Bid, DailyDouble, Done, TakeLoan
from homestretch.games.across.rules.names import unique_initials
from homestretch.games.across.rules.totalizator import settle
from homestretch.games.across.rules.words import move_said, word

Make = Callable[..., Any]
NAMES = ("Ann", "Bob", "Cy", "Di")


def of(state: Any, kind: str) -> list[dict[str, Any]]:
    return [n for n in state.notices if n["type"] == kind]


def test_the_windows_are_dealt_window_by_window_when_betting_closes(driver: Make) -> None:
    d = driver(4, names=NAMES)
    d.auction(OWNERS)
    d.bets({0: [7, 7], 1: [6], 2: [8, 5], 3: [9]})  # 6 tickets: 18 fifties
    (dealt,) = of(d.state, "windows_dealt")
    assert dealt["tickets"] == 18 and dealt["carried"] == 0 and dealt["purse"] == 0
    assert dealt["windows"] == [3, 3, 3, 3, 2, 2, 2] == d.state.windows
    assert dealt["meet"] == 1 and dealt["race"] == 1
    # while the race runs the view shows the windows as dealt
    assert d.state.view(0)["windows"] == [3, 3, 3, 3, 2, 2, 2]
    text = word(dealt, NAMES)
    assert text is not None
    assert "18 fifties" in text and "1 Winners Circle 3" in text and "7 SHOW 2" in text


def test_the_third_race_purse_is_named_in_the_deal(driver: Make) -> None:
    d = driver(4, names=NAMES)
    d.auction(OWNERS)
    purse = d.state.bins["race3"]
    for _ in range(2):
        d.bets({0: [6, 5, 9]})
        d.finish_race(6, 5, 9)
    d.bets({0: [6]})
    last = of(d.state, "windows_dealt")[-1]
    assert last["race"] == 3 and last["purse"] == purse > 0
    assert last["handle"] == last["tickets"] + last["carried"] + purse
    assert f"{purse} from the 3rd-race purse" in (word(last, NAMES) or "")


def test_rule_a_and_each_window_payoff_are_announced() -> None:
    windows = [2, 2, 2, 2, 2, 2, 2]
    out = settle(windows, [(1, 5), (2, 9)], (7, 5, 9), owners=(0,))
    redeal, *payoffs = out.steps
    assert redeal["step"] == "redeal" and redeal["rules"] == ["A"]
    assert redeal["emptied"] == [2, 3, 4, 5] and redeal["amount"] == 8
    assert redeal["into"] == [1, 6, 7] and redeal["windows"] == [5, 0, 0, 0, 0, 5, 4]
    assert [(p["group"], p["pool"], p["seats"]) for p in payoffs] == [
        ("winners circle", 5, [0]),
        ("place", 5, [1]),
        ("show", 4, [2]),
    ]
    notice = {"type": "redeal", "meet": 1, "race": 4, **redeal}
    assert "no investors on the WIN horse #7 (rule A)" in (word(notice, NAMES) or "")
    circle = {"type": "window_payoff", "meet": 1, "race": 4, **payoffs[0]}
    assert word(circle, NAMES) == "Race 4: Winners Circle: 5 to the owner of #7 (Ann)"


def test_a_split_pool_names_the_odd_fifties_carried() -> None:
    windows = [1, 2, 2, 2, 1, 1, 1]  # WIN windows hold 7 for two tickets
    out = settle(windows, [(1, 7), (2, 7), (3, 5), (3, 9)], (7, 5, 9), owners=(0,))
    win = next(p for p in out.steps if p.get("group") == "win")
    assert (win["pool"], win["shares"], win["each"], win["odd"]) == (7, 2, 3, 1)
    text = word({"type": "window_payoff", "meet": 1, "race": 2, **win}, NAMES)
    assert text == (
        "Race 2: WIN (windows 2-5, #7): 7 over 2 tickets, 3 each to Bob and Cy, "
        "1 fifty carried forward"
    )


def test_loans_interest_and_the_forced_sale_split_are_announced(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.apply(3, TakeLoan(7, 3))
    (loan,) = of(s, "loan")
    assert (loan["seat"], loan["horse"], loan["amount"], loan["due"]) == (3, 7, 3, 4)
    for _ in range(5):
        d.bets({})
        d.finish_race(6, 5, 9)
    s.cash[0] += s.cash[3] - 2
    s.cash[3] = 2
    d.bets({})
    d.finish_race(6, 5, 9)
    d.auction({7: 0}, {7: 10})
    forced = [n for n in of(s, "sale") if "former_owner" in n]
    assert len(forced) == 1
    sale = forced[0]
    assert (sale["price"], sale["to_bin"], sale["to_owner"], sale["former_owner"]) == (10, 4, 6, 3)
    text = word(sale, s.game.seat_names) or ""
    assert "4 to the 8th-race WIN bin" in text and "6 to Player 4, the former owner" in text


def test_a_repaid_loan_names_the_interest(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.apply(3, TakeLoan(7, 2))
    for _ in range(6):
        d.bets({})
        d.finish_race(6, 5, 9)
    (repaid,) = of(s, "loan_repaid")
    assert (repaid["principal"], repaid["interest"], repaid["amount"]) == (2, 1, 3)
    assert repaid["race"] == 6 and repaid["meet"] == 1


def test_every_notice_of_a_whole_game_is_worded(driver: Make) -> None:
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.across.bots import SensibleBot
    from homestretch.games.across.rules.game import AcrossGame

    game = AcrossGame(players=4, names=NAMES, tracks=("epsom-downs",), daily_double=True)
    state = play(game.new_initial_state(), SeededDice(5), {s: SensibleBot(s) for s in range(4)})
    kinds = {n["type"] for n in state.notices}
    assert {"windows_dealt", "window_payoff", "payment", "sale", "race_result"} <= kinds
    for notice in state.notices:
        text = word(notice, NAMES)
        assert text is not None, notice
        assert notice["words"] == text  # what the board shows is what the terminal says
        if notice["type"] == "payment":
            assert NAMES[notice["seat"]] in (text or "")
        assert notice["meet"] == 1 and 0 <= notice["race"] <= 8


def test_unique_initials_on_the_totalizator() -> None:
    assert unique_initials(["Ann", "Amy", "Bob"]) == ["AN", "AM", "B"]
    assert unique_initials(["Ann Lee", "Bob"]) == ["AL", "B"]
    assert unique_initials(["Ann", "Anna", "Bo"]) == ["ANN0", "ANN1", "B"]


def test_the_auction_shows_no_high_bid_before_anyone_bids(driver: Make) -> None:
    d = driver(4)
    s = d.state
    lot = s.view(None)["lot"]
    assert lot["high"] is None and lot["bidders"] == []
    assert lot["min_bid"] == lot["opening"] == s.game.content.cards[lot["horse"]].opening_bid
    s.apply(s.to_act()[0], Bid(lot["min_bid"] + 1))
    assert s.view(None)["lot"]["high"] == lot["min_bid"] + 1


def test_the_printed_card_is_in_the_view_at_the_auction(driver: Make) -> None:
    s = driver(4, tracks=("woodbine",)).state
    card = s.view(None)["card"]
    horses = card["horses"]
    track = s.game.content.tracks["woodbine"]
    assert {int(h): v["preprinted"] for h, v in horses.items()} == {
        h: c.preprinted_halves for h, c in track.handicaps.items()
    }
    assert [h for h, v in horses.items() if v["shaded"]] == ["7", "8"]
    assert horses["2"]["class"] == "longshot" and card["best_pick"] == track.best_pick


def test_the_trackmaster_sees_each_tracks_character(driver: Make) -> None:
    s = driver(4, tracks=()).state
    view = s.view(0)
    assert view["phase"] == "choose track"
    assert {t["key"] for t in view["tracks"]} == set(s.game.content.tracks)
    assert all(t["conditions"] and t["city"] for t in view["tracks"])


def test_daily_double_tickets_are_on_the_totalizator(driver: Make) -> None:
    d = driver(4, daily_double=True)
    d.auction(OWNERS)
    s = d.state
    seat = s.to_act()[0]
    s.apply(seat, DailyDouble(7, 8))
    assert s.view(None)["daily_double"] == [[seat, 7, 8]]
    s.apply(seat, Done())


def test_the_log_says_each_move_with_the_players_names() -> None:
    """The table's log says a move as the notices do: players by name, fifties counted,
    the roll's answer as accepting or rejecting it (was 'lend 1 5', 'yes', 'accept')."""
    names = NAMES
    tracks = {"woodbine": "Woodbine"}
    said = {
        act.ChooseTrack("woodbine"): "chose the track: Woodbine",
        act.Bid(5, 1): "bid 5 fifties with Bob",
        act.Bid(1): "bid 1 fifty",
        act.Answer(False): "said no to the offer",
        act.OfferLoan(2, 5): "offered to lend Cy 5 fifties",
        act.OfferRing(
            9, 1, 3, 1
        ): "asked Di into a ring: 1 ticket on #9, Di putting in 1 fifty of 3",
        act.TakeLoan(4, 2): "borrowed 2 fifties from the bank with #4 in hock",
        act.Accept(): "accepted the roll",
        act.Reject(): "rejected the roll",
        act.Done(): "was done for this race",  # "Ann was done ...", a sentence after her name
    }
    for action, words in said.items():
        assert move_said(action, names, tracks) == words
