"""What concerns a player is said to him ("Bob lends you 5 fifties", "You pay Bob back
4 fifties"), in the board's "For you" box; the table's record (``words``, the "At the
table" news and the log) names everyone, the same text for every reader."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from homestretch.core.protocol import Event
from homestretch.games.across.rules.actions import Answer, Done, OfferLoanTerms, PayBack
from homestretch.games.across.rules.words import SAID_TO_YOU, concerned, word

from .test_across_loans import at_race_1, first_bettor_owning

Make = Callable[..., Any]
NAMES = ["Ann", "Bob", "Cy"]
AT = {"meet": 1, "race": 3}
NOTICES: list[tuple[dict[str, Any], dict[int, str]]] = [
    (
        {
            "type": "dealing",
            "kind": "loan",
            "frm": 1,
            "asked": 0,
            "amount": 5,
            "repay": 5,
            "accepted": True,
        },  # fmt: skip
        {
            0: "Bob lends you 5 fifties: you accepted",
            1: "You lend Ann 5 fifties: Ann accepted",
        },
    ),
    (
        {
            "type": "dealing",
            "kind": "buy",
            "frm": 0,
            "asked": 2,
            "amount": 4,
            "horse": 7,
            "accepted": False,
        },  # fmt: skip
        {
            0: "You offer Cy 4 fifties for #7: Cy declined",
            2: "Ann offers you 4 fifties for #7: you declined",
        },  # fmt: skip
    ),
    (
        {
            "type": "dealing",
            "kind": "horse",
            "frm": 2,
            "asked": 1,
            "amount": 6,
            "horse": 5,
            "accepted": True,
        },  # fmt: skip
        {
            2: "You sell #5 to Bob for 6 fifties: Bob accepted",
            1: "Cy sells #5 to you for 6 fifties: you accepted",
        },  # fmt: skip
    ),
    (
        {
            "type": "dealing",
            "kind": "ring",
            "frm": 0,
            "asked": 1,
            "amount": 2,
            "horse": 9,
            "accepted": True,
        },  # fmt: skip
        {
            0: "You ask Bob into a ring on #9: Bob accepted",
            1: "Ann asks you into a ring on #9: you accepted",
        },  # fmt: skip
    ),
    (
        {
            "type": "offer_lapsed",
            "kind": "loan",
            "from": 1,
            "asked": 2,
            "amount": 3,
            "repay": 4,
            "why": "the meet is over",
            **AT,
        },  # fmt: skip
        {
            1: "You offer to lend Cy 3 fifties, to be repaid 4: unanswered, it lapses (the meet is over)",  # fmt: skip
            2: "Bob offers to lend you 3 fifties, to be repaid 4: unanswered, it lapses (the meet is over)",  # fmt: skip
        },
    ),
    (
        {"type": "payback", "seat": 0, "lender": 1, "amount": 4, "owed": 0, **AT},
        {
            0: "You pay Bob back 4 fifties (0 still owed)",
            1: "Ann pays you back 4 fifties (0 still owed)",
        },  # fmt: skip
    ),
    (
        {"type": "debt_settled", "borrower": 2, "lender": 0, "owed": 5, "paid": 3, **AT},
        {
            2: "Before the totals: you pay Ann 3 fifties of the 5 owed; Ann loses the other 2",
            0: "Before the totals: Cy pays you 3 fifties of the 5 owed; you lose the other 2",
        },
    ),
    (
        {"type": "ring", "members": [1, 0], "stakes": [4, 2], "tickets": 2, "horse": 6, **AT},
        {
            1: "Race 3: a ring of you (4) and Ann (2) buys 2 tickets on #6, written under your initials",  # fmt: skip
            0: "Race 3: a ring of Bob (4) and you (2) buys 2 tickets on #6, written under Bob's initials",  # fmt: skip
        },
    ),
    (
        {
            "type": "ring_shared",
            "members": [1, 0],
            "shares": [8, 4],
            "tickets": 2,
            "horse": 6,
            "collected": 12,
            **AT,
        },  # fmt: skip
        {1: "Race 3: the ring's 2 tickets on #6 collected 12 fifties: 8 to you, 4 to Ann"},
    ),
    (
        {"type": "payment", "seat": 2, "amount": 9, "why": "win", "horse": 8, **AT},
        {2: "Race 3: you collect 9 fifties, WIN, windows 2-5 (#8)"},
    ),
    (
        {"type": "loan", "seat": 1, "amount": 3, "horse": 4, "due": 4, **AT},
        {
            1: "Race 3: you borrow 3 fifties from the 8th-race WIN bin with #4 in hock; 4 (loan and 1 interest) due before race 7"
        },  # fmt: skip
    ),
    (
        {
            "type": "loan_repaid",
            "seat": 1,
            "amount": 4,
            "principal": 3,
            "interest": 1,
            "horse": 4,
            **AT,
        },  # fmt: skip
        {
            1: "Race 3: you repay 4 fifties to the 8th-race WIN bin (3 loan + 1 interest) and redeem #4"
        },  # fmt: skip
    ),
]


@pytest.mark.parametrize(("notice", "said"), NOTICES, ids=[n["type"] for n, _ in NOTICES])
def test_a_notice_is_said_to_each_player_it_concerns(
    notice: dict[str, Any], said: dict[int, str]
) -> None:
    for seat, text in said.items():
        assert word(notice, NAMES, you=seat) == text
        assert NAMES[seat] not in text.replace(f"{NAMES[seat]}'s", "")  # not in third person
    record = word(notice, NAMES) or ""
    assert "you" not in record.lower().split() and "your" not in record.lower()  # the table's


def _loan_accepted(driver: Make) -> Any:
    """Seat 2 lends seat 0 ten fifties at race 1, to be repaid 12; seat 0 pays back 5."""
    d = at_race_1(driver)
    s = d.state
    first_bettor_owning(s, 2)
    s.apply(2, OfferLoanTerms(0, 10, 12))
    s.apply(0, Answer(True))
    s.apply(2, Done())
    s.apply(3, Done())
    s.apply(0, PayBack(2, 5))
    return s


def test_the_notices_sent_to_a_seat_say_what_concerns_it_to_it(driver: Make) -> None:
    s = _loan_accepted(driver)
    name = s.game.seat_names

    def said(seat: int | None, type_: str) -> list[str | None]:
        return [n.get("words_you") for n in s.notices_for(seat) if n["type"] == type_]

    assert said(0, "dealing") == [f"{name[2]} lends you 10 fifties, to be repaid 12: you accepted"]
    assert said(2, "dealing") == [
        f"You lend {name[0]} 10 fifties, to be repaid 12: {name[0]} accepted"
    ]
    assert said(0, "payback") == [f"You pay {name[2]} back 5 fifties (7 still owed)"]
    assert said(2, "payback") == [f"{name[0]} pays you back 5 fifties (7 still owed)"]
    # a seat it does not concern, and a spectator, read the table's record only
    assert said(1, "dealing") == said(None, "dealing") == [None]
    for seat in (0, 1, 2, None):
        assert [n["words"] for n in s.notices_for(seat) if n["type"] == "dealing"] == [
            f"{name[2]} lends {name[0]} 10 fifties, to be repaid 12: {name[0]} accepted"
        ]


def test_only_the_kinds_the_for_you_box_shows_are_sent_said_to_a_seat(driver: Make) -> None:
    """``words_you`` rides only on the notices the board's "For you" box shows (a
    payment, a dealing and its sequels), not on every notice about a seat: the bin's
    loan, a sale, an offer and its lapse are read as the table reads them."""
    s = _loan_accepted(driver)
    for seat in (0, 1, 2, 3):
        for n in s.notices_for(seat):
            if "words_you" in n:
                assert n["type"] in SAID_TO_YOU, n["type"]
        about = [n for n in s.notices_for(seat) if seat in concerned(n) and "words" in n]
        kinds = {n["type"] for n in about}
        assert {"sale", "offer"} & kinds or seat not in (0, 2)  # seats 0 and 2 dealt
        for n in about:
            assert ("words_you" in n) == (n["type"] in SAID_TO_YOU)


DECLINED = {
    "type": "dealing",
    "kind": "horse",
    "frm": 2,
    "asked": 1,
    "amount": 6,
    "horse": 5,
    "repay": 0,
    "accepted": False,
}


def test_an_answer_names_who_gave_it() -> None:
    assert word(DECLINED, NAMES) == "Cy offers #5 to Bob for 6 fifties: Bob declined"
    assert word(DECLINED, NAMES, you=1) == "Cy offers #5 to you for 6 fifties: you declined"
    assert word(DECLINED, NAMES, you=2) == "You offer #5 to Bob for 6 fifties: Bob declined"
    void = {**DECLINED, "void": "Bob has only 2"}
    assert word(void, NAMES) == (
        "Cy offers #5 to Bob for 6 fifties: Bob accepted, but the deal is off: Bob has only 2"
    )
    bought = {**DECLINED, "kind": "buy", "accepted": True}
    assert word(bought, NAMES) == "Cy buys #5 from Bob for 6 fifties: Bob accepted"
    loan = {**DECLINED, "kind": "loan", "repay": 7}
    assert word(loan, NAMES, you=1) == (
        "Cy offers to lend you 6 fifties, to be repaid 7: you declined"
    )


def test_a_refund_says_why_the_race_was_disqualified() -> None:
    """Disqualified (R10) voids the betting only: said bare, it read as a contradiction
    beside "Cat collects ... the 8th-race SHOW bin" paid on the same finish."""
    paid = {"type": "payment", "seat": 0, "amount": 6, "why": "refund", **AT}
    assert word(paid, NAMES, you=0) == (
        "Race 3: you collect 6 fifties, a refund: nobody backed any of the first three "
        "home, so the betting is void"
    )
    refund = {"type": "refund", "tickets": 1, "carried": 4, **AT}
    assert word(refund, NAMES) == (
        "Race 3: nobody backed any of the first three home (WIN, PLACE or SHOW), so the race "
        "is disqualified for the betting: 1 ticket refunded, 4 fifties carried forward; "
        "the finish stands"
    )
    last = {**refund, "race": 8}
    assert word(last, NAMES) == (
        "Race 8: nobody backed any of the first three home (WIN, PLACE or SHOW), so the race "
        "is disqualified for the betting: 1 ticket refunded, 4 fifties to the WIN horse's "
        "owner; the finish stands, and the 8th-race bins go to the owners of the first three"
    )


ONE_TICKET = [
    {"type": "ring", "members": [1, 0], "stakes": [2, 1], "tickets": 1, "horse": 6, **AT},
    {
        "type": "ring_shared",
        "members": [1, 0],
        "shares": [2, 1],
        "tickets": 1,
        "horse": 6,
        "collected": 3,
        **AT,
    },
    {"type": "refund", "tickets": 1, "carried": 0, **AT},
    {"type": "daily_double", "pair": [3, 7], "pool": 9, "tickets": 1, "each": 9, "to_race_3": 0},
    {
        "type": "offer",
        "kind": "ring",
        "from": 0,
        "asked": 1,
        "amount": 1,
        "horse": 6,
        "tickets": 1,
        "repay": 0,
    },
]


@pytest.mark.parametrize("notice", ONE_TICKET, ids=[n["type"] for n in ONE_TICKET])
def test_one_ticket_is_a_ticket_and_two_are_tickets(notice: dict[str, Any]) -> None:
    for tickets, said in ((1, r"\b1 (winning )?ticket\b"), (2, r"\b2 (winning )?tickets\b")):
        text = word({**notice, "tickets": tickets}, NAMES) or ""
        assert re.search(said, text) and "(s)" not in text, text


def test_one_roll_is_a_roll() -> None:
    result = {"type": "race_result", "finish": [5, 3, 6], "rolls": 1, **AT}
    assert word(result, NAMES) == "Race 3: WIN #5, PLACE #3, SHOW #6 (1 roll)"
    assert word({**result, "rolls": 22}, NAMES) == "Race 3: WIN #5, PLACE #3, SHOW #6 (22 rolls)"


def test_the_terminal_asks_about_one_fifty_in_the_singular() -> None:
    from homestretch.games.across.terminal.cli import describe_offer

    offer = {"kind": "loan", "from": 1, "amount": 1, "repay": 1, "horse": 0, "tickets": 0}
    view = {"offer": offer, "names": NAMES}
    assert describe_offer(view) == "Bob offers to lend you 1 fifty: yes or no?"
    horse = {**offer, "kind": "horse", "horse": 5}
    assert describe_offer({**view, "offer": horse}) == "Bob offers you #5 for 1 fifty: yes or no?"


def test_the_log_says_whose_offer_an_answer_answered_and_of_what(driver: Make) -> None:
    """The log said "Bob said no to the offer": not whose, nor of what. Now each answer
    names the offer it answered, a loan's and an offer to buy alike."""
    from homestretch.games.across.rules.actions import OfferToBuy

    d = at_race_1(driver)
    s = d.state
    name = s.game.seat_names
    first_bettor_owning(s, 2)
    s.apply(2, OfferLoanTerms(0, 10, 12))
    s.apply(0, Answer(False))
    said = s.move_words(s.events[-1])
    assert said == f"said no to {name[2]}'s loan of 10 fifties, 12 to be repaid"
    from homestretch.games.across.rules.dealings import buyable

    buyer = 3  # one offer a player a race: seat 2 has made his
    horse = sorted(buyable(s, buyer))[0]
    owner = s.owners[horse][0]
    s.apply(buyer, OfferToBuy(horse, 1))
    s.apply(owner, Answer(True))
    said = s.move_words(s.events[-1])
    assert said == f"said yes to {name[buyer]}'s 1 fifty for #{horse}"
    # an answer's words read from the move alone (no place in the log) stay generic
    assert s.move_words(Event(owner, dict(s.events[-1].action or {}))) == "said yes to the offer"
