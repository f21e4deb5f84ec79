"""A game from the auction to the 8th race: betting, purses, payoffs, meets, replay."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.core.errors import IllegalAction
from homestretch.core.protocol import replay
from homestretch.games.across.rules.actions import Bet, ChooseTrack, DailyDouble, Done

Make = Callable[..., Any]
OWNERS = {h: h % 4 for h in range(2, 13)}
"""Seat 0 owns 4, 8, 12; seat 1 owns 5, 9; seat 2 owns 2, 6, 10; seat 3 owns 3, 7, 11."""


def at_race_1(driver: Make, **options: Any) -> Any:
    d = driver(4, **options)
    d.auction(OWNERS)
    return d


def test_three_bets_on_one_horse_cost_450_dollars(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    seat = s.to_act()[0]
    before = s.cash[seat]
    for _ in range(3):
        s.apply(seat, Bet(10))  # "R" has bet three times on horse #10
    assert s.cash[seat] == before - 9
    assert s.tickets.count((seat, 10)) == 3


def test_betting_goes_round_from_the_totemasters_left(driver: Make) -> None:
    s = at_race_1(driver).state
    assert s.totemaster == 1 and s.bettors == [2, 3, 0, 1]


def test_the_handle_is_dealt_when_the_windows_close(driver: Make) -> None:
    d = at_race_1(driver)
    d.bets({0: [7, 7], 1: [5], 2: [9, 2], 3: [6]})
    s = d.state
    assert s.phase == "race" and s.held == 0
    assert s.windows == [3, 3, 3, 3, 2, 2, 2]  # 18 fifties dealt from window #1 on


def test_non_owners_collect_tickets_but_only_the_owner_the_winners_circle(driver: Make) -> None:
    d = at_race_1(driver)
    d.bets({0: [7], 1: [5], 2: [9]})  # seat 3 owns #7 but bets nothing
    s = d.state
    before = list(s.cash)
    d.finish_race(7, 5, 9)
    gained = [s.cash[i] - before[i] for i in range(4)]
    # 9 fifties: windows 2,2,1,1,1,1,1. Owner of #7 (seat 3) takes window #1.
    assert gained == [5, 1, 1, 2]


def test_a_race_with_no_investors_on_the_first_three_is_refunded(driver: Make) -> None:
    d = at_race_1(driver)
    d.bets({0: [2], 1: [12]})
    s = d.state
    before = list(s.cash)
    d.finish_race(7, 5, 9)
    assert s.cash[0] == before[0] + 3 and s.cash[1] == before[1] + 3
    assert s.results[-1]["refunded"] and s.race_no == 2


def test_odd_fifties_carry_into_the_next_race(driver: Make) -> None:
    d = at_race_1(driver)
    d.bets({0: [7], 1: [5], 2: [5], 3: [9]})  # 12 fifties: windows 2,2,2,2,2,1,1
    s = d.state
    d.finish_race(7, 5, 9)
    assert s.carry == 1  # PLACE window's 1 fifty over two tickets
    d.bets({})
    assert sum(s.windows) == 1


def test_a_refunded_purse_race_carries_its_purse_forward(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    purse3 = s.bins["race3"]
    for _ in range(3):
        d.bets({})
        d.finish_race(7, 5, 9)
    assert s.results[-1]["refunded"] and s.carry == purse3


def test_the_3rd_and_5th_race_purses_join_the_handle(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    purse3, purse5 = s.bins["race3"], s.bins["race5"]
    assert purse3 > 0
    for _ in range(2):
        d.bets({0: [7]})
        d.finish_race(7, 5, 9)
    d.bets({0: [7]})
    assert s.race_no == 3 and sum(s.windows) == 3 + purse3 + s.carry and s.bins["race3"] == 0
    d.finish_race(7, 5, 9)
    d.bets({0: [7]})
    d.finish_race(7, 5, 9)
    d.bets({0: [7]})
    assert s.race_no == 5 and s.bins["race5"] == 0 and sum(s.windows) >= 3 + purse5


def test_the_8th_race_bins_and_odd_fifties_go_to_the_owners(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    for _ in range(7):
        d.bets({0: [7]})  # one ticket on the winner collects everything: no carry
        d.finish_race(7, 5, 9)
    assert s.carry == 0
    bins = dict(s.bins)
    d.bets({0: [7], 1: [5], 2: [5]})  # 9 fifties: 2,2,1,1,1,1,1
    before = list(s.cash)
    d.finish_race(7, 5, 2)
    gained = [s.cash[i] - before[i] for i in range(4)]
    # Windows 2,2,1,1,1,1,1. WIN windows (5) to seat 0's ticket on #7. PLACE (1) over
    # two tickets on #5: nothing each, one odd fifty. Nobody backed #2, so the SHOW
    # window is re-dealt into window #1, which #7's owner (seat 3) takes: 3.
    assert gained[0] == 5
    # After the 8th race the odd fifty goes to #7's owner with the WIN bin; the PLACE
    # and SHOW bins go to the owners of #5 (seat 1) and #2 (seat 2).
    assert gained[3] == 3 + bins["win8"] + 1
    assert gained[1] == bins["place8"]
    assert gained[2] == bins["show8"]
    assert s.is_over() and sum(s.cash) == 160 and s.bins == dict.fromkeys(bins, 0)


def test_the_winner_has_the_most_fifties(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    for _ in range(8):
        d.bets({0: [7, 7]})
        d.finish_race(7, 5, 9)
    result = s.result()
    best = max(range(4), key=lambda i: s.cash[i])
    assert result["winners"] == [{"seat": best, "name": s.g.seat_names[best]}]
    assert result["fifties"] == s.cash and len(result["races"]) == 8


def test_daily_double_winners_split_the_bin(driver: Make) -> None:
    d = at_race_1(driver, daily_double=True)
    s = d.state
    order = s.bettors
    s.apply(order[0], DailyDouble(7, 5))
    s.apply(order[0], DailyDouble(6, 6))
    s.apply(order[0], Done())
    s.apply(order[1], DailyDouble(7, 5))
    s.apply(order[1], DailyDouble(7, 5))
    s.apply(order[1], Done())
    s.apply(order[2], DailyDouble(8, 8))
    s.apply(order[2], Done())
    s.apply(order[3], Done())
    assert s.dd_bin == 5
    d.finish_race(7, 9, 5)
    with pytest.raises(IllegalAction, match="before race 1"):
        s.apply(s.to_act()[0], DailyDouble(7, 5))
    before = list(s.cash)
    d.bets({})
    d.finish_race(5, 9, 7)
    # Five fifties over three winning tickets: 1 + 2, the odd two carried to race 3.
    assert s.cash[order[0]] - before[order[0]] == 1
    assert s.cash[order[1]] - before[order[1]] == 2
    assert s.dd_bin == 0 and s.carry == 2


def test_no_daily_double_winner_sends_the_bin_into_race_3(driver: Make) -> None:
    d = at_race_1(driver, daily_double=True)
    s = d.state
    s.apply(s.to_act()[0], DailyDouble(2, 2))
    d.bets({})
    d.finish_race(7, 9, 5)
    d.bets({})
    d.finish_race(5, 9, 7)
    assert s.carry == 1 and s.dd_bin == 0
    purse = s.bins["race3"]
    d.bets({})
    assert sum(s.windows) == 1 + purse


def test_the_daily_double_is_only_sold_when_the_option_is_on(driver: Make) -> None:
    s = at_race_1(driver).state
    with pytest.raises(IllegalAction, match="option"):
        s.apply(s.to_act()[0], DailyDouble(7, 5))


def test_bad_bets_are_refused_with_a_reason(driver: Make) -> None:
    s = at_race_1(driver).state
    seat = s.to_act()[0]
    with pytest.raises(IllegalAction, match="horses are 2-12"):
        s.apply(seat, Bet(13))
    with pytest.raises(IllegalAction, match="not Player"):
        s.apply((seat + 1) % 4, Bet(7))
    s.cash[seat] = 2
    with pytest.raises(IllegalAction, match="3 fifties"):
        s.apply(seat, Bet(7))


def test_another_meet_moves_the_roles_and_holds_a_new_auction(driver: Make) -> None:
    d = driver(4, meets=2, tracks=("churchill-downs",))
    d.auction(OWNERS)
    s = d.state
    for _ in range(8):
        d.bets({})
        d.finish_race(7, 5, 9)
    assert not s.is_over() and s.meet == 1
    assert (s.trackmaster, s.totemaster, s.auctioneer) == (1, 2, 3)
    assert s.phase == "choose track" and s.owners == {}
    s.apply(1, ChooseTrack("longchamp"))
    assert s.track.name == "Longchamp" and s.phase == "auction"
    assert s.result()["meets"] == [s.cash]


def test_the_trackmaster_chooses_when_no_track_is_set(driver: Make) -> None:
    s = driver(3, tracks=()).state
    assert s.to_act() == [s.trackmaster]
    with pytest.raises(IllegalAction, match="no track"):
        s.apply(s.trackmaster, ChooseTrack("ascot"))
    s.apply(s.trackmaster, ChooseTrack("woodbine"))
    assert s.track.key == "woodbine"


def test_a_scripted_game_replays_from_its_log(driver: Make) -> None:
    d = at_race_1(driver, daily_double=True)
    s = d.state
    s.apply(s.to_act()[0], DailyDouble(7, 5))
    d.bets({1: [7, 5]})
    d.race([9, 6, 6], reject=lambda h: h == 9)
    rebuilt = replay(s.game, s.events)
    assert rebuilt.view(None) == s.view(None)
    assert rebuilt.conserved() == s.conserved() == {"fifties": 160}


def test_rotation_right_turns_the_bidding_and_betting_too(driver: Make) -> None:
    d = driver(4, rotation="right")
    s = d.state
    assert s.to_act() == [1]  # the Auctioneer is seat 2; his right-hand neighbour bids first
    d.auction(OWNERS)
    assert s.bettors == [0, 3, 2, 1]  # from the Totemaster's (seat 1) right-hand neighbour
