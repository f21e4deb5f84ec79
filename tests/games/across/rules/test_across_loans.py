"""Loans from the 8th-race WIN bin, loans between players, and horse sales."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.core.errors import IllegalAction
from homestretch.games.across.rules.actions import (
    Accept,
    Answer,
    Done,
    OfferHorse,
    OfferLoan,
    OfferLoanTerms,
    OfferToBuy,
    PayBack,
    RepayLoan,
    TakeLoan,
)
from homestretch.games.across.rules.dealings import settle_debts

Make = Callable[..., Any]
OWNERS = {h: h % 4 for h in range(2, 13)}
"""Seat 0 owns 4, 8, 12; seat 1 owns 5, 9; seat 2 owns 2, 6, 10; seat 3 owns 3, 7, 11."""


def at_race_1(driver: Make) -> Any:
    d = driver(4)
    cards = d.state.game.content.cards
    d.auction(OWNERS, {h: cards[h].opening_bid + 2 for h in range(2, 13)})
    return d


def first_bettor_owning(s: Any, seat: int) -> None:
    while s.to_act() != [seat]:
        s.apply(s.to_act()[0], Done())


def test_a_loan_is_up_to_the_opening_bid_and_puts_the_horse_in_hock(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    opening = s.game.content.cards[7].opening_bid
    with pytest.raises(IllegalAction, match=f"1 to {opening}"):
        s.apply(3, TakeLoan(7, opening + 1))
    with pytest.raises(IllegalAction, match="do not own"):
        s.apply(3, TakeLoan(8, 1))
    bin_before, cash_before = s.bins["win8"], s.cash[3]
    s.apply(3, TakeLoan(7, opening))
    assert s.hock == {7: opening}
    assert s.bins["win8"] == bin_before - opening and s.cash[3] == cash_before + opening
    with pytest.raises(IllegalAction, match="in hock"):
        s.apply(3, OfferHorse(7, 0, 3))


def test_a_horse_in_hock_still_runs_and_its_owner_collects(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.apply(3, TakeLoan(7, 2))
    d.bets({0: [7]})
    before = s.cash[3]
    d.finish_race(7, 5, 9)
    assert s.cash[3] > before  # window #1 to the owner of #7, in hock or not


def test_repaying_costs_the_loan_plus_one_fifty_interest(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    bin_before = s.bins["win8"]
    s.apply(3, TakeLoan(7, 3))
    cash = s.cash[3]
    s.apply(3, RepayLoan(7))
    assert s.cash[3] == cash - 4 and s.bins["win8"] == bin_before + 1 and s.hock == {}
    # R13: the bin lends once per horse
    assert not any(isinstance(a, TakeLoan) and a.horse == 7 for a in s.legal_actions(3))
    with pytest.raises(IllegalAction, match="once per horse"):
        s.apply(3, TakeLoan(7, 1))


def test_the_loan_is_limited_by_what_the_bin_holds(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.bins["win8"], s.bins["race3"] = 2, s.bins["race3"] + s.bins["win8"] - 2
    with pytest.raises(IllegalAction, match="1 to 2"):
        s.apply(3, TakeLoan(7, 3))


def test_loans_are_repaid_before_the_7th_race(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.apply(3, TakeLoan(7, 3))
    bin_after_loan = s.bins["win8"]
    for _ in range(6):
        d.bets({})
        d.finish_race(6, 5, 9)
    assert s.race_no == 7 and s.hock == {}
    assert s.bins["win8"] == bin_after_loan + 4
    first_bettor_owning(s, 3)
    with pytest.raises(IllegalAction, match="stopped lending"):
        s.apply(3, TakeLoan(7, 1))


def test_an_unpaid_loan_sells_the_horse_and_repays_the_bin(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.apply(3, TakeLoan(7, 3))
    for _ in range(5):
        d.bets({})
        d.finish_race(6, 5, 9)
    # Seat 3 has lost his money before the 7th race (handed to seat 0 for the test).
    s.cash[0] += s.cash[3] - 2
    s.cash[3] = 2
    d.bets({})
    bin_before = s.bins["win8"]
    d.finish_race(6, 5, 9)
    assert s.phase == "auction" and s.lot.horse == 7 and s.lot.excluded == {3}
    assert any("cannot repay: #7" in line for line in s.news)
    assert 3 not in s.to_act()  # the former owner may not bid his horse back
    d.auction({7: 0}, {7: 10})
    assert s.owners[7] == (0,) and 7 not in s.hock
    # 10 fifties: the bin gets the loan and interest (4), the former owner the rest (6).
    assert s.bins["win8"] == bin_before + 4 and s.cash[3] == 2 + 6
    assert s.phase == "betting" and s.race_no == 7


def test_horses_may_be_sold_between_players(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    s.apply(2, OfferHorse(6, 1, 9))
    assert s.to_act() == [1, 2] and s.phase == "betting"  # 1 answers before his next move
    cash1, cash2 = s.cash[1], s.cash[2]
    s.apply(1, Answer(True))
    assert s.owners[6] == (1,) and s.cash[1] == cash1 - 9 and s.cash[2] == cash2 + 9
    assert s.to_act() == [2]
    with pytest.raises(IllegalAction, match="one offer per player"):
        s.apply(2, OfferHorse(10, 1, 1))


def test_a_declined_sale_changes_nothing(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    cash = list(s.cash)
    s.apply(2, OfferHorse(6, 1, 9))
    s.apply(1, Answer(False))
    assert s.owners[6] == (2,) and s.cash == cash


def test_loans_between_players_are_recorded_and_paid_back(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    s.apply(2, OfferLoan(0, 10))
    s.apply(0, Answer(True))
    assert s.debts == {(0, 2): 10}
    s.apply(2, Done())
    s.apply(3, Done())
    assert s.to_act() == [0]
    with pytest.raises(IllegalAction, match=f"owe nothing to {s.name(1)}$"):  # a name, not a seat
        s.apply(0, PayBack(1, 1))
    s.apply(0, PayBack(2, 12))  # the terms were theirs: two fifties interest
    assert s.debts == {(0, 2): 0}
    assert {"borrower": 0, "lender": 2, "amount": 0} not in s.view(None)["debts"]


def _lend_and_run_the_meet(d: Any, amount: int, broke_before_race_8: bool = False) -> Any:
    s = d.state
    cards = s.game.content.cards
    d.auction(OWNERS, {h: cards[h].opening_bid + 2 for h in range(2, 13)})
    first_bettor_owning(s, 2)
    s.apply(2, OfferLoan(0, amount))
    s.apply(0, Answer(True))
    for race in range(8):
        if race == 7 and broke_before_race_8:  # seat 0's fifties handed to seat 1
            s.cash[1] += s.cash[0] - 4
            s.cash[0] = 4
        d.bets({})
        d.finish_race(6, 5, 9)
    assert s.is_over()
    return s


def test_debts_are_settled_before_the_totals(driver: Make) -> None:
    # R15: "Individual players now total their winnings" once what is owed is paid.
    settled = _lend_and_run_the_meet(driver(4), 10)
    ignored = _lend_and_run_the_meet(driver(4, debts="ignore"), 10)
    assert settled.cash[0] == ignored.cash[0] - 10
    assert settled.cash[2] == ignored.cash[2] + 10
    assert settled.debts == {} and ignored.debts == {(0, 2): 10}
    (notice,) = [n for n in settled.notices if n["type"] == "debt_settled"]
    assert (notice["borrower"], notice["lender"], notice["owed"], notice["paid"]) == (0, 2, 10, 10)
    assert not [n for n in ignored.notices if n["type"] == "debt_settled"]
    assert settled.conserved() == ignored.conserved() == {"fifties": 160}


def test_a_borrower_who_cannot_pay_pays_all_he_has(driver: Make) -> None:
    s = _lend_and_run_the_meet(driver(4), 10, broke_before_race_8=True)
    # Seat 0 owns #4, #8, #12: race 8 (6-5-9) pays him nothing, so he has 4 to pay.
    (notice,) = [n for n in s.notices if n["type"] == "debt_settled"]
    assert (notice["owed"], notice["paid"]) == (10, 4) and s.cash[0] == 0


def test_debts_between_two_players_are_netted(driver: Make) -> None:
    d = driver(4)
    s = d.state
    cards = s.game.content.cards
    d.auction(OWNERS, {h: cards[h].opening_bid + 2 for h in range(2, 13)})
    s.debts = {(0, 2): 10, (2, 0): 3}  # as two accepted loans would leave them
    before = list(s.cash)
    settle_debts(s)
    assert s.cash[0] == before[0] - 7 and s.cash[2] == before[2] + 7


def test_a_player_may_offer_to_buy_another_players_horse(driver: Make) -> None:
    # "Players may also purchase horses from other players anytime during the game."
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    assert OfferToBuy(7, s.game.content.cards[7].opening_bid) in s.legal_actions(2)
    with pytest.raises(IllegalAction, match="yours already"):
        s.apply(2, OfferToBuy(6, 3))
    cash2, cash3 = s.cash[2], s.cash[3]
    s.apply(2, OfferToBuy(7, 9))
    assert s.to_act() == [3, 2] and s.view(3)["offer"]["kind"] == "buy"
    s.apply(3, Answer(True))
    assert s.owners[7] == (2,) and s.cash[2] == cash2 - 9 and s.cash[3] == cash3 + 9
    assert s.to_act() == [2]  # back to the buyer's betting turn
    (deal,) = [n for n in s.notices_for(None) if n["type"] == "dealing"]  # told to all
    assert (deal["kind"], deal["frm"], deal["asked"], deal["accepted"]) == ("buy", 2, 3, True)


def test_a_horse_in_hock_cannot_be_bought(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 3)
    s.apply(3, TakeLoan(7, 2))
    s.apply(3, Done())
    assert s.to_act() == [0]
    assert not any(isinstance(a, OfferToBuy) and a.horse == 7 for a in s.legal_actions(0))
    with pytest.raises(IllegalAction, match="in hock"):
        s.apply(0, OfferToBuy(7, 9))


def test_a_loan_on_agreed_terms_records_what_is_owed(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    with pytest.raises(IllegalAction, match="at least what is lent"):
        s.apply(2, OfferLoanTerms(0, 10, 8))
    s.apply(2, OfferLoanTerms(0, 10, 12))
    assert s.view(0)["offer"]["repay"] == 12
    s.apply(0, Answer(True))
    assert s.debts == {(0, 2): 12}


# --- dealings while the game waits on someone else (R16) ----------------------------------
def test_an_offer_out_of_turn_waits_for_its_answer_without_holding_up_play(
    driver: Make,
) -> None:
    # "Players may also purchase horses from other players anytime during the game";
    # "these dealings must not interrupt regular play".
    d = at_race_1(driver)
    s = d.state
    bettor = s.to_act()[0]
    buyer = next(seat for seat in range(4) if seat not in (bettor, 3))
    s.apply(buyer, OfferToBuy(7, 9))  # seat 3 owns #7; the buyer is not the bettor
    assert s.to_act() == [3, bettor] and s.phase == "betting"
    assert s.view(3)["offer"]["from"] == buyer and s.view(bettor)["offer"] is None
    assert [o["kind"] for o in s.view(None)["offers"]] == ["buy"]
    if bettor != 3:  # play goes on: the bettor bets while the offer waits
        s.apply(bettor, Done())
    with pytest.raises(IllegalAction, match="answer"):
        s.apply(3, Done())  # seat 3 answers before his own next move
    s.apply(3, Answer(True))
    assert s.owners[7] == (buyer,) and s.view(None)["offers"] == []


def test_a_loan_may_be_offered_and_answered_in_the_race(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    d.bets({})
    s.apply_chance((3, 3))
    roller = s.to_act()[0]
    lender, borrower = (roller + 1) % 4, (roller + 2) % 4
    with pytest.raises(IllegalAction, match="between races"):
        s.apply(lender, OfferToBuy(next(h for h, o in s.owners.items() if lender not in o), 5))
    s.apply(lender, OfferLoanTerms(borrower, 4, 5))
    assert s.to_act() == [borrower, roller]
    offered = s.notices[-1]
    assert offered["type"] == "offer" and "to" not in offered  # told to the whole table
    assert offered["words"].endswith("to answer yes or no; play goes on")
    s.apply(borrower, Answer(True))
    assert s.debts == {(borrower, lender): 5} and s.to_act() == [roller]
    s.apply(roller, Accept())
    assert s.is_chance_node()


def test_unanswered_horse_offers_lapse_when_the_windows_close(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    s.apply(2, Done())
    s.apply(1, OfferToBuy(6, 10))  # seat 2 has bet already and lets it wait
    while s.phase == "betting":
        s.apply(s.to_act()[-1], Done())  # the bettors, not the one asked
    assert s.phase == "race" and s.offers == [] and s.owners[6] == (2,)
    (lapsed,) = [n for n in s.notices if n["type"] == "offer_lapsed"]
    assert lapsed["why"] == "the windows closed" and "lapses" in lapsed["words"]


def test_an_offer_accepted_after_play_moved_on_is_void(driver: Make) -> None:
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    s.apply(0, OfferToBuy(6, 9))
    s.apply(1, OfferToBuy(6, 8))
    s.apply(2, Answer(True))  # to seat 0: #6 is his
    s.apply(2, Answer(True))  # to seat 1: #6 is no longer seat 2's to sell
    assert s.owners[6] == (0,)
    void = [n for n in s.notices if n["type"] == "dealing" and "void" in n]
    assert len(void) == 1 and "no longer" in void[0]["words"]
