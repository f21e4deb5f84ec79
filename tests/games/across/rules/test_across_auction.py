"""The auction: opening bids, the Auctioneer's bid, falling prices, syndicates, bins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.core.errors import IllegalAction
from homestretch.games.across.rules.actions import Answer, Bid, Pass
from homestretch.games.across.rules.auction import deal_receipts

Make = Callable[..., Any]


def test_everyone_starts_with_forty_fifties(driver: Make) -> None:
    d = driver(7)
    assert d.state.cash == [40] * 7
    # 280 bills in the box: seven players' worth.
    assert d.state.conserved() == {"fifties": 280}


def test_bidding_opens_at_the_auctioneers_left_at_the_opening_bid(driver: Make) -> None:
    s = driver(4).state
    assert s.auctioneer == 2 and s.to_act() == [3]
    assert s.lot.horse == 2 and s.lot.min_bid == s.game.content.cards[2].opening_bid
    # "I have $50.00, do I hear $100.00...?": #2 opens at one fifty, the next bid is two.
    assert Bid(1) in s.legal_actions(3) and Bid(2) in s.legal_actions(3)
    with pytest.raises(IllegalAction, match="at least 1"):
        s.apply(3, Bid(0))


def test_the_auctioneer_announces_his_own_bid(driver: Make) -> None:
    s = driver(4).state
    for seat in (3, 0, 1):
        s.apply(seat, Pass())
    s.apply(2, Bid(5))
    assert "Auctioneer's bid is 5 fifties" in s.news


def test_a_pass_is_final_and_the_high_bidder_buys(driver: Make) -> None:
    s = driver(4).state
    s.apply(3, Bid(1))
    s.apply(0, Bid(3))
    s.apply(1, Pass())
    s.apply(2, Pass())
    s.apply(3, Bid(4))
    assert s.to_act() == [0]  # 1 and 2 are out of this lot
    s.apply(0, Pass())
    assert s.owners[2] == (3,) and s.cash[3] == 36
    assert s.lot.horse == 3


def test_unsold_horses_fall_in_price_and_the_auctioneer_must_take_them(driver: Make) -> None:
    s = driver(4).state
    for _ in range(4):
        s.apply(s.to_act()[0], Pass())  # nobody bids #2 at its opening bid of 1
    assert s.owners[2] == (s.auctioneer,) and s.cash[s.auctioneer] == 39
    while s.lot.horse == 3:
        s.apply(s.to_act()[0], Pass())
    s_lot = s.lot
    assert s_lot.horse == 4 and s_lot.asking == 2
    for _ in range(4):
        s.apply(s.to_act()[0], Pass())
    assert s.lot.asking == 1  # no bid at the opening 2: the price falls a fifty
    assert any("drops to 1" in line for line in s.news)


def test_all_eleven_are_sold_and_receipts_fill_the_five_bins(driver: Make) -> None:
    d = driver(4)
    cards = d.state.game.content.cards
    prices = {h: cards[h].opening_bid + 1 for h in range(2, 13)}
    d.auction({h: h % 4 for h in range(2, 13)}, prices)
    s = d.state
    assert sorted(s.owners) == list(range(2, 13))
    assert sum(prices.values()) == 36
    # 36 fifties dealt fifty by fifty: seven rounds, and the 3rd-race purse the last one.
    assert s.bins == {"race3": 8, "race5": 7, "win8": 7, "place8": 7, "show8": 7}
    assert s.phase == "betting" and s.race_no == 1


def test_receipts_deal_on_from_where_the_last_sale_stopped() -> None:
    bins = dict.fromkeys(("race3", "race5", "win8", "place8", "show8"), 0)
    pointer = deal_receipts(3, bins, 0)
    pointer = deal_receipts(4, bins, pointer)
    assert bins == {"race3": 2, "race5": 2, "win8": 1, "place8": 1, "show8": 1}
    assert pointer == 2


def test_syndicates_need_six_players(driver: Make) -> None:
    s = driver(5).state
    seat = s.to_act()[0]
    with pytest.raises(IllegalAction, match="six players"):
        s.apply(seat, Bid(4, (seat + 1) % 5))


def test_a_syndicate_of_two_bids_with_the_partners_consent(driver: Make) -> None:
    s = driver(6).state
    bidder = s.to_act()[0]
    partner = (bidder + 2) % 6
    s.apply(bidder, Bid(5, partner))
    assert s.to_act() == [partner] and s.phase == "offer"
    s.apply(partner, Answer(True))
    assert s.lot.bidders == (bidder, partner)
    while s.lot.horse == 2:
        s.apply(s.to_act()[0], Pass())
    assert s.owners[2] == (bidder, partner)
    # Five fifties split: the bidder pays the odd one.
    assert s.cash[bidder] == 37 and s.cash[partner] == 38


def test_a_declined_syndicate_leaves_the_bidder_to_bid_alone(driver: Make) -> None:
    s = driver(6).state
    bidder = s.to_act()[0]
    s.apply(bidder, Bid(5, (bidder + 1) % 6))
    s.apply((bidder + 1) % 6, Answer(False))
    assert s.to_act() == [bidder] and not s.lot.bidders
    with pytest.raises(IllegalAction, match="already proposed"):
        s.apply(bidder, Bid(5, (bidder + 3) % 6))
    s.apply(bidder, Bid(2))
    assert s.lot.bidders == (bidder,)


def test_a_bid_beyond_your_fifties_is_refused(driver: Make) -> None:
    s = driver(4).state
    with pytest.raises(IllegalAction, match="^you have 40 fifties, not 41$"):
        s.apply(s.to_act()[0], Bid(41))
    with pytest.raises(IllegalAction, match="^the bid must be at least 1 fifty$"):
        s.apply(s.to_act()[0], Bid(0))


def test_a_player_who_passed_cannot_come_back_as_a_partner(driver: Make) -> None:
    s = driver(6).state
    first = s.to_act()[0]
    s.apply(first, Pass())
    bidder = s.to_act()[0]
    with pytest.raises(IllegalAction, match="has passed"):
        s.apply(bidder, Bid(3, first))


def test_one_syndicate_proposal_per_lot_even_as_the_price_falls(driver: Make) -> None:
    s = driver(6).state
    while s.lot.asking < 2:  # on to a horse whose price can fall
        s.apply(s.to_act()[0], Pass())
    horse, asking = s.lot.horse, s.lot.asking
    bidder = s.to_act()[0]
    s.apply(bidder, Bid(asking, (bidder + 1) % 6))
    s.apply((bidder + 1) % 6, Answer(False))
    for _ in range(6):  # the bidder, then everyone, passes: the price falls
        s.apply(s.to_act()[0], Pass())
    assert (s.lot.horse, s.lot.asking) == (horse, asking - 1)
    while s.to_act() != [bidder]:
        s.apply(s.to_act()[0], Pass())
    with pytest.raises(IllegalAction, match="already proposed"):
        s.apply(bidder, Bid(asking - 1, (bidder + 2) % 6))
    s.apply(bidder, Bid(asking - 1))  # bidding alone is still open to him


def test_the_auctioneer_announces_a_syndicate_bid_he_is_in(driver: Make) -> None:
    s = driver(6).state
    auctioneer = s.auctioneer
    partner = s.to_act()[0]
    s.apply(partner, Bid(1))
    s.apply(s.to_act()[0], Bid(2))  # outbid, the partner is still in the lot
    while s.to_act() != [auctioneer]:
        s.apply(s.to_act()[0], Pass())
    s.apply(auctioneer, Bid(4, partner))
    s.apply(partner, Answer(True))
    assert any(line.startswith("Auctioneer's bid is 4 fifties, with") for line in s.news)


def test_a_second_meets_receipts_deal_from_the_3rd_race_purse_again(driver: Make) -> None:
    d = driver(4, tracks=("churchill-downs", "woodbine"), meets=2)
    s = d.state
    cards = s.game.content.cards
    d.auction({h: h % 4 for h in range(2, 13)}, {h: cards[h].opening_bid + 2 for h in range(2, 13)})
    assert s.bin_pointer != 0  # meet 1's 47 fifties stopped part-way through the bins
    for _ in range(8):
        d.bets({})
        d.finish_race(7, 6, 8)
    assert s.meet == 1 and s.phase == "auction" and sum(s.bins.values()) == 0
    prices = {h: cards[h].opening_bid + 1 for h in range(2, 13)}  # 36 fifties
    d.auction({h: h % 4 for h in range(2, 13)}, prices)
    assert s.bins == {"race3": 8, "race5": 7, "win8": 7, "place8": 7, "show8": 7}
