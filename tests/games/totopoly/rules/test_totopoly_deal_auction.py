"""Money, the deal, discarding, payment and the auction."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.games.totopoly.content.loader import Business
from homestretch.games.totopoly.rules import auction, deal
from homestretch.games.totopoly.rules.actions import Bid, Discard, Done, OfferLot, Pass, Reject
from homestretch.games.totopoly.rules.state import (
    DENOMINATIONS,
    STARTING_CASH,
    TotopolyGame,
    TotopolyState,
)

Table = Callable[..., TotopolyState]


def test_each_player_gets_700_in_the_stated_notes() -> None:
    assert sum(value * count for value, count in DENOMINATIONS.items()) == STARTING_CASH == 700
    state = TotopolyGame(5).new_initial_state()
    assert state.cash == [700] * 5 and state.bank == 0


def test_twenty_lease_cards_and_what_is_taken_out() -> None:
    def pack(players: int, short: bool = False) -> tuple[int, list[str]]:
        state = TotopolyGame(players, short=short).new_initial_state()
        cards, out = deal.cards_in_play(state)
        return len(cards), out

    assert pack(4) == (20, [])
    assert pack(3) == (19, ["lease:auctioneer"])
    size, out = pack(4, short=True)
    assert size == 16
    assert sorted(out) == ["lease:horse-10", "lease:horse-11", "lease:horse-12", "lease:tote"]


def test_one_extra_hand_is_dealt_to_the_board() -> None:
    # "when there are four players, five hands are dealt, if five players, six hands,
    # and for six players, seven hands"
    assert deal.hand_sizes(20, 4) == [4, 4, 4, 4, 4]
    assert len(deal.hand_sizes(20, 5)) == 6 and sum(deal.hand_sizes(20, 5)) == 20
    assert deal.hand_sizes(20, 6) == [3, 3, 3, 3, 3, 3, 2]


def test_the_deal_starts_left_of_the_dealer_and_ends_with_the_board(run) -> None:
    state = TotopolyGame(4).new_initial_state()
    pack, _ = deal.cards_in_play(state)
    state.dealer = 2
    run(deal.deal(state, pack), [(0,)] * 19)  # the first card left; the last is forced
    first_five = sorted(pack)[:5]
    assert [state.holder.get(c) for c in first_five[:4]] == [3, 0, 1, 2]
    assert state.where[first_five[4]] == "dummy"
    assert len(state.dummy_unseen) == 4


def test_cut_highest_horse_number_deals_and_ties_cut_again(table: Table, run) -> None:
    state = TotopolyGame(3).new_initial_state()
    pack, _ = deal.cards_in_play(state)

    def cuts(*cards: str) -> list[tuple[int, ...]]:
        """Each player cuts from the cards the players before him left (no replacement)."""
        left, picks = list(pack), []
        for card in cards:
            picks.append((left.index(card),))
            left.remove(card)
        return picks

    # Two business cards (0 each) and No. 2: seat 2 deals outright.
    driven = run(
        deal.cut_for_deal(state, pack), cuts("lease:walroy", "lease:vet", "lease:horse-02")
    )
    assert state.dealer == 2
    # "P1 0" did not say what 0 was: a business card cut counts 0
    names = [state.name_of(seat) for seat in range(3)]
    assert (
        f"cut: {names[0]} 0 (a business card), {names[1]} 0 (a business card), {names[2]} 2"
        in state.news
    )
    assert [r.node.choices for r in driven.rolls] == [len(pack), len(pack) - 1, len(pack) - 2]
    # Three businesses tie at 0 and cut again, from the whole pack once more.
    run(
        deal.cut_for_deal(state, pack),
        cuts("lease:walroy", "lease:vet", "lease:club")
        + cuts("lease:horse-05", "lease:horse-09", "lease:horse-01"),
    )
    assert state.dealer == 1


def test_declared_auctioneer_card_means_no_exchange() -> None:
    state = TotopolyGame(4).new_initial_state()
    pack, _ = deal.cards_in_play(state)
    assert pack[0] == "lease:auctioneer"
    cut = pack.index("lease:horse-12")
    # Seat 0 cuts No. 12 and deals; every card dealt is the first left, so seat 1 (the
    # dealer's left) is dealt the Auctioneer's card and declares it.
    for outcome in [(cut,), (0,), (0,), (0,)] + [(0,)] * 19:
        state.apply_chance(outcome)
    assert state.dealer == 0 and state.auctioneer == 1
    assert state.phase == "discard" and state.dummy_under == []
    assert state.to_act() == [1]


def test_compulsory_exchange_goes_under_the_dummy_and_takes_the_top(table: Table, run) -> None:
    state = TotopolyGame(2).new_initial_state()
    for card in state.where:
        state.where[card], state.knows[card] = "out", set()
    hands = {0: ["lease:horse-01", "lease:vet"], 1: ["lease:horse-04", "lease:club"]}
    for seat, cards in hands.items():
        for card in cards:
            state.where[card], state.holder[card] = "hand", seat
            state.knows[card] = {seat}
    state.dummy_unseen = ["lease:horse-07"]
    state.where["lease:horse-07"] = "dummy"
    state.dealer = 1
    run(deal.exchange(state), [Reject("lease:vet"), Reject("lease:club")])
    assert state.cards_of(0, "hand") == ["lease:horse-01", "lease:horse-07"]
    # The second player takes the card the first put underneath.
    assert state.cards_of(1, "hand") == ["lease:horse-04", "lease:vet"]
    assert state.dummy_under == ["lease:club"]
    assert 1 in state.knows["lease:vet"] and 0 not in state.knows["lease:club"]


def _hand(state: TotopolyState, seat: int, cards: list[str]) -> None:
    for card in cards:
        state.where[card], state.holder[card] = "hand", seat
        state.knows[card] = {seat}


def test_discarding_rules_both_stables_four_horses_or_unaffordable(table: Table, run) -> None:
    state = table()
    _hand(state, 0, ["lease:walroy", "lease:stevedon"])
    assert deal.hand_problem(state, 0) is not None
    state = table()
    _hand(state, 0, [f"lease:horse-0{n}" for n in (1, 2, 3, 4)])
    assert "three horses" in (deal.hand_problem(state, 0) or "")
    state = table()
    _hand(state, 0, ["lease:horse-01", "lease:horse-02", "lease:horse-03", "lease:walroy"])
    assert deal.hand_problem(state, 0) is None  # £620 of cards, £700 in hand
    state.cash[0] = 500
    assert "hold £500" in (deal.hand_problem(state, 0) or "")


def test_discard_until_the_hand_is_allowed(table: Table, run) -> None:
    state = table(players=2)
    _hand(state, 0, ["lease:walroy", "lease:stevedon", "lease:horse-01"])
    state.dealer = 1
    driven = run(deal.discards(state), [Discard("lease:stevedon"), Done()])
    assert Done() not in driven.asks[0].actions
    assert state.where["lease:stevedon"] == "pool"


def test_payment_at_face_value_and_hands_kept_face_down(table: Table) -> None:
    state = table(players=2)
    _hand(state, 0, ["lease:horse-01", "lease:vet"])
    deal.payment(state)
    assert state.cash[0] == 700 - 170 - 100 and state.bank == 270
    assert state.owner("lease:horse-01") == 0 and state.status[1] == "training"
    assert {"lease:horse-01", "lease:vet"} <= state.hidden_from(1)
    assert not {"lease:horse-01", "lease:vet"} & state.hidden_from(0)


def test_commission_is_a_shilling_in_the_guinea_to_the_nearest_pound() -> None:
    assert [auction.commission(g) for g in (9, 10, 29, 30, 100, 210)] == [0, 1, 1, 2, 5, 11]


def _auction_table(table: Table, players: int = 3) -> TotopolyState:
    state = table(players=players)
    state.auctioneer = 0
    return state


def test_lot_sold_to_the_last_bidder_standing(table: Table, run) -> None:
    state = _auction_table(table)
    state.where["lease:horse-02"] = "pool"
    state.knows["lease:horse-02"] = set()
    run(
        auction.sell_lot(state, "lease:horse-02"),
        [Bid(100), Bid(130), Pass(), Bid(140), Pass(), Pass()],
    )
    # Seats bid from the auctioneer's left: 1 bids 100, 2 bids 130, auctioneer passes,
    # 1 bids 140, 2 and the auctioneer pass: seat 1 pays 140 to the bank and £7 to the
    # auctioneer.
    assert state.owner("lease:horse-02") == 1
    assert state.cash[1] == 700 - 140 - 7 and state.cash[0] == 707 and state.bank == 140
    # the news names the lot sold: read newest first, the line under it is the next lot's
    sold = state.news[-1]
    assert sold.startswith(f"{auction.describe(state, 'lease:horse-02')} sold to ")
    assert "for 140 guineas" in sold


def test_open_bidding_lets_a_passer_come_back_in(table: Table, run) -> None:
    # Ruling T5: the lot is knocked down only when everyone else has passed since the
    # last bid. Seat 1 passes, 2 bids 50, the auctioneer passes, 1 comes back with 60.
    state = _auction_table(table)
    state.where["lease:vet"] = "pool"
    driven = run(
        auction.sell_lot(state, "lease:vet"),
        [Pass(), Bid(50), Pass(), Bid(60), Pass(), Pass()],
    )
    assert [a.player for a in driven.asks] == [1, 2, 0, 1, 2, 0]
    assert state.owner("lease:vet") == 1 and state.bank == 60


def test_final_pass_rule_keeps_a_passer_out(table: Table, run) -> None:
    # The other reading (--rule auction=final_pass): after passing, seat 1 is not asked
    # again, and the lot goes to seat 2 once the auctioneer passes too.
    state = _auction_table(table)
    state.rules = {**state.rules, "auction": "final_pass"}
    state.where["lease:vet"] = "pool"
    driven = run(auction.sell_lot(state, "lease:vet"), [Pass(), Bid(50), Pass()])
    assert [a.player for a in driven.asks] == [1, 2, 0]
    assert state.owner("lease:vet") == 2 and state.bank == 50


def test_open_bidding_ends_even_if_nobody_ever_passes_first(table: Table) -> None:
    # Every bidder raises by one guinea whenever he can: bids strictly rise and nobody
    # may bid more than he holds, so the lot is knocked down after a bounded number.
    state = _auction_table(table)
    state.where["lease:vet"] = "pool"
    flow = auction.sell_lot(state, "lease:vet")
    asks = 0
    try:
        request = next(flow)
        while True:
            asks += 1
            assert asks <= 3 * (700 + 1), "the bidding did not end"
            bids = [a for a in request.actions if isinstance(a, Bid)]
            request = flow.send(min(bids, key=lambda b: b.guineas) if bids else Pass())
    except StopIteration:
        pass
    assert state.owner("lease:vet") is not None and state.high_bid >= 600


def test_auctioneer_may_buy_without_commission(table: Table, run) -> None:
    state = _auction_table(table)
    state.where["lease:vet"] = "pool"
    run(auction.sell_lot(state, "lease:vet"), [Pass(), Pass(), Bid(60), Pass(), Pass()])
    assert state.owner("lease:vet") == 0 and state.cash[0] == 640 and state.bank == 60


def test_bid_of_any_amount_is_checked(table: Table) -> None:
    state = _auction_table(table)
    state.where["lease:vet"] = "pool"
    flow = auction.sell_lot(state, "lease:vet")
    ask = next(flow)
    assert ask.check is not None
    assert ask.check(Bid(333)) is None
    assert "more than" in (ask.check(Bid(0)) or "")
    assert "cost more" in (ask.check(Bid(690)) or "")


def test_lot_nobody_wants_is_withdrawn(table: Table, run) -> None:
    state = _auction_table(table)
    state.where["lease:horse-12"] = "pool"
    run(auction.sell_lot(state, "lease:horse-12"), [Pass(), Pass(), Pass()])
    assert state.where["lease:horse-12"] == "out" and state.status[12] == "withdrawn"


def test_no_bids_for_a_fourth_horse_or_the_other_stable(table: Table, run) -> None:
    state = table(players=2, horses={1: 1, 2: 1, 3: 1}, businesses={"walroy": 0})
    state.auctioneer = 0
    state.where["lease:horse-04"] = "pool"
    driven = run(auction.sell_lot(state, "lease:horse-04"), [Bid(1)])
    assert [a.player for a in driven.asks] == [0]  # seat 1 holds three horses already
    state.where["lease:stevedon"] = "pool"
    driven = run(auction.sell_lot(state, "lease:stevedon"), [Bid(1)])
    assert [a.player for a in driven.asks] == [1]  # seat 0 holds Walroy


def test_auctioneer_offers_lots_one_at_a_time_and_others_never_see_the_rest(run) -> None:
    state = TotopolyGame(4).new_initial_state()
    for card in state.where:
        state.where[card], state.knows[card] = "out", set()
    state.auctioneer = 2
    state.dummy_unseen = ["lease:horse-01", "lease:forage"]
    for card in state.dummy_unseen:
        state.where[card] = "dummy"
    flow = auction.run(state)
    ask = next(flow)
    assert ask.player == 2 and set(ask.actions) == {
        OfferLot("lease:horse-01"),
        OfferLot("lease:forage"),
    }
    assert {"lease:horse-01", "lease:forage"} <= state.hidden_from(0)
    assert not {"lease:horse-01", "lease:forage"} & state.hidden_from(2)
    flow.send(OfferLot("lease:forage"))
    assert "lease:horse-01" in state.hidden_from(0) and "lease:forage" not in state.hidden_from(0)
    assert state.view(0)["lot"]["name"] == "Forage Merchant"


def test_bad_configurations_are_refused() -> None:
    with pytest.raises(HomestretchError, match="2 to 6"):
        TotopolyGame(7)
    with pytest.raises(HomestretchError, match="different player names"):
        TotopolyGame(2, names=["Ann", "Ann"])


def test_auctioneers_card_left_in_a_big_dummy_makes_the_dealer_sell() -> None:
    # With our 20 cards every dummy card is drawn in the exchange, so the Auctioneer's
    # card always reaches a player; a content folder with more businesses can leave it
    # in the dummy, and then (ruling T3) the dealer is the auctioneer.
    game = TotopolyGame(4)
    extra = {f"shop{i}": Business(f"shop{i}", f"Shop {i}", "trade", 10) for i in range(5)}
    game.content = dataclasses.replace(
        game.content, businesses={**game.content.businesses, **extra}
    )
    state = game.new_initial_state()
    pack, _ = deal.cards_in_play(state)
    assert len(pack) == 25 and pack[0] == "lease:auctioneer"
    state.apply_chance((pack.index("lease:horse-12"),))  # seat 0 cuts highest
    for _ in range(3):
        state.apply_chance((1,))
    deals = [(1,)] * 4 + [(0,)] + [(0,)] * 19  # the board's first card is the auctioneer's
    for outcome in deals:
        state.apply_chance(outcome)
    assert "lease:auctioneer" in state.dummy_unseen
    for seat in (1, 2, 3, 0):
        state.apply(seat, state.legal_actions(seat)[0])
        state.apply_chance((1,))  # never the top card that is the auctioneer's
    assert state.auctioneer == state.dealer == 0
    assert state.where["lease:auctioneer"] == "out"


def _three_player_deal(rule: str) -> TotopolyState:
    state = TotopolyGame(3, rules={"small_table_exchange": rule}).new_initial_state()
    pack, _ = deal.cards_in_play(state)
    assert "lease:auctioneer" not in pack  # taken out with fewer than four players
    cut = pack.index("lease:horse-12")
    state.apply_chance((cut,))
    while state.is_chance_node():
        state.apply_chance((0,))
    return state


def test_a_small_table_still_exchanges_unless_the_house_rule_says_not_ruling_t38() -> None:
    exchanging = _three_player_deal("yes")
    assert exchanging.phase == "exchange"
    skipping = _three_player_deal("no")
    assert skipping.phase == "discard"
    assert any("no compulsory exchange" in line for line in skipping.news)


def test_the_log_says_who_deals_which_card_to_whom() -> None:
    """Each card dealt is a draw in the log: it says who deals it to whom and which of
    their cards it is ("Ann deals card 2 of 5 to Bob"), where the log said "the deal"
    fourteen times over."""
    state = TotopolyGame(3).new_initial_state()
    dice = SeededDice(5)
    labels = []
    while state.is_chance_node():
        labels.append(state.chance_node().label)
        state.apply_chance(dice.resolve(state.chance_node()))
    dealer = state.name_of(state.dealer)
    dealt = [label for label in labels if " deals card " in label]
    pack, _ = deal.cards_in_play(state)
    assert len(dealt) == len(pack) - 1  # the last card is the one left: no draw
    assert "the deal" not in labels and len(set(dealt)) == len(dealt)
    receivers = [*(state.name_of(p) for p in state.seats_from(state.dealer + 1)), "the dummy hand"]
    sizes = deal.hand_sizes(len(pack), state.n)
    assert dealt[: len(receivers)] == [
        f"{dealer} deals card 1 of {n} to {who}" for who, n in zip(receivers, sizes, strict=True)
    ]


def test_the_auctioneer_setting_appoints_at_a_small_table_only_ruling_t2() -> None:
    """'If there are fewer than FOUR players, the Auctioneer's Card will be taken from the
    pack before the deal, and one of the players will be appointed Auctioneer': the
    `auctioneer` setting names him (T2). With four or more the card decides, whatever
    the setting: here seat 1, the dealer's left, is dealt it and declares it."""
    small = TotopolyGame(3, auctioneer=2).new_initial_state()
    assert small.auctioneer == 2 and any("Player 3 is appointed" in n for n in small.news)
    full = TotopolyGame(4, auctioneer=3).new_initial_state()
    pack, _ = deal.cards_in_play(full)
    for outcome in [(pack.index("lease:horse-12"),), (0,), (0,), (0,)] + [(0,)] * 19:
        full.apply_chance(outcome)
    assert full.auctioneer == 1 and full.where["lease:auctioneer"] == "out"
