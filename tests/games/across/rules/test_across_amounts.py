"""A seat's view gives its amount boxes' bounds (``amounts``: each box's least and most
as the rules give them, and the words for an amount outside them), so the page says
them before sending: they must be the rules' own, the bounds exactly where a move is
first refused and the words exactly the refusal's."""

from __future__ import annotations

from collections.abc import Callable

from tests.games.across.conftest import Driver

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.across.rules.actions import (
    Answer,
    Bid,
    OfferHorse,
    OfferLoanTerms,
    OfferRing,
    OfferToBuy,
    PayBack,
)
from homestretch.games.across.rules.state import AcrossState

Make = Callable[..., Driver]


def _held_to(state: AcrossState, seat: int, box: JSON, move: Callable[[int], Action]) -> None:
    """The box's least and most are taken and one past either is refused, in its words
    (the bid's ``{amount}`` the amount typed)."""
    least, most = box["least"], box["most"]
    assert least <= most
    assert state.why_illegal(seat, move(least)) is None
    assert state.why_illegal(seat, move(most)) is None
    assert state.why_illegal(seat, move(least - 1)) == box["below"]
    assert state.why_illegal(seat, move(most + 1)) == box["above"].replace(
        "{amount}", str(most + 1)
    )


def test_the_bid_box_is_bounded_by_the_least_bid_and_the_bidders_fifties(driver: Make) -> None:
    d = driver(players=4)
    s = d.state
    seat = s.to_act()[0]
    s.apply(seat, Bid(s.lot.min_bid + 4))  # type: ignore[union-attr]
    seat = s.to_act()[0]
    s.cash[seat] = 13  # fewer than the starting 40: the bound is what the seat holds
    box = s.view(seat)["amounts"]["bid"]
    assert (box["least"], box["most"]) == (s.lot.min_bid, 13)  # type: ignore[union-attr]
    _held_to(s, seat, box, lambda n: Bid(n))


def test_the_dealings_boxes_are_bounded_by_fifties_and_a_rings_tickets(driver: Make) -> None:
    d = driver(players=4)
    s = d.state
    d.auction({2: 0, 3: 1})  # the rest to seat 0
    assert s.phase == "betting"
    s.cash[:] = [17, 9, 31, 40]
    seat = s.to_act()[0]
    view = s.view(seat)
    boxes = view["amounts"]
    assert "bid" not in boxes  # no horse on the block
    other = next(b for b in range(4) if b != seat)
    _held_to(s, seat, boxes["lend"], lambda n: OfferLoanTerms(other, n, max(n, 1)))
    _held_to(s, seat, boxes["ring_tickets"], lambda n: OfferRing(7, n, other, max(1, 3 * n - 1)))
    theirs = 3 if seat != 1 else 2
    _held_to(s, seat, boxes["buy"], lambda n: OfferToBuy(theirs, n))
    owner = s.owners[theirs][0]
    for buyer in range(4):  # each buyer's fifties bound the price asked of him
        if buyer != owner:
            box = s.view(owner)["amounts"]["sell"][buyer]
            assert box["most"] == s.cash[buyer]
            _held_to(s, owner, box, lambda n, b=buyer: OfferHorse(theirs, b, n))
    assert boxes["lend"]["most"] == s.cash[seat]


def test_a_rings_stake_box_is_bounded_by_its_tickets_and_the_proposers_fifties(
    driver: Make,
) -> None:
    """The partner's stake, one box a ring's tickets: at most all but one fifty of the
    tickets' price, at least what the proposer cannot pay of it (1 when he can pay all
    but one fifty), each bound where the rules first refuse a stake, in their words."""
    d = driver(players=4)
    s = d.state
    d.auction({2: 0, 3: 1})
    seat = s.to_act()[0]
    s.cash[seat] = 8
    other = next(b for b in range(4) if b != seat)
    stakes = s.view(seat)["amounts"]["ring_stake"]
    assert len(stakes) == 10  # tickets 1 to 10 (ring_tickets' most)
    for tickets, box in enumerate(stakes, start=1):
        assert box["most"] == 3 * tickets - 1
        assert box["least"] == max(1, 3 * tickets - 8)
        _held_to(s, seat, box, lambda n, k=tickets: OfferRing(7, k, other, n))
    assert stakes[0]["below"] == "the partner puts in 1 to 2 of the 3 fifties"
    assert stakes[3]["below"] == (
        "you have 8 fifties: the partner puts in at least 4 of the 12 fifties"
    )


def test_the_sum_to_be_repaid_is_at_least_the_sum_lent_in_the_rules_words(driver: Make) -> None:
    """What a borrower is to owe has no bound of its own, only the sum lent beside it:
    the view gives the words for less (the page takes its least from the sum typed)."""
    d = driver(players=4)
    s = d.state
    d.auction({})
    seat = s.to_act()[0]
    other = next(b for b in range(4) if b != seat)
    words = s.view(seat)["amounts"]["repay"]["below"]
    assert s.why_illegal(seat, OfferLoanTerms(other, 4, 3)) == words
    assert s.why_illegal(seat, OfferLoanTerms(other, 4, 4)) is None


def test_the_payback_box_is_bounded_by_the_borrowers_fifties(driver: Make) -> None:
    d = driver(players=4)
    s = d.state
    d.auction({})
    lender = s.to_act()[0]
    borrower = next(b for b in range(4) if b != lender)
    s.apply(lender, OfferLoanTerms(borrower, 3, 5))
    s.apply(borrower, Answer(True))
    assert s.debts[(borrower, lender)] == 5
    box = s.view(borrower)["amounts"]["payback"]
    assert box["most"] == s.cash[borrower]
    _held_to(s, borrower, box, lambda n: PayBack(lender, n))


def test_a_watcher_is_given_no_bounds(driver: Make) -> None:
    assert driver(players=4).state.view(None)["amounts"] is None
