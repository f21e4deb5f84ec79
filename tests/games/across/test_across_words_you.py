"""What concerns a player is said to him ("Bob lends you 5 fifties", "You pay Bob back
4 fifties"), in the board's "For you" box; the table's record (``words``, the "At the
table" news and the log) names everyone, the same text for every reader."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.games.across.actions import Answer, Done, OfferLoanTerms, PayBack
from homestretch.games.across.words import word

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
            0: "Bob lends you 5 fifties: accepted",
            1: "You lend Ann 5 fifties: accepted",
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
            0: "You offer Cy 4 fifties for #7: declined",
            2: "Ann offers you 4 fifties for #7: declined",
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
            2: "You sell #5 to Bob for 6 fifties: accepted",
            1: "Cy sells #5 to you for 6 fifties: accepted",
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
            0: "You ask Bob into a ring on #9: accepted",
            1: "Ann asks you into a ring on #9: accepted",
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
            1: "Race 3: a ring of you (4) and Ann (2) buys 2 ticket(s) on #6, written under your initials",  # fmt: skip
            0: "Race 3: a ring of Bob (4) and you (2) buys 2 ticket(s) on #6, written under Bob's initials",  # fmt: skip
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
        {1: "Race 3: the ring's 2 ticket(s) on #6 collected 12 fifties: 8 to you, 4 to Ann"},
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

    assert said(0, "dealing") == [f"{name[2]} lends you 10 fifties, to be repaid 12: accepted"]
    assert said(2, "dealing") == [f"You lend {name[0]} 10 fifties, to be repaid 12: accepted"]
    assert said(0, "payback") == [f"You pay {name[2]} back 5 fifties (7 still owed)"]
    assert said(2, "payback") == [f"{name[0]} pays you back 5 fifties (7 still owed)"]
    # a seat it does not concern, and a spectator, read the table's record only
    assert said(1, "dealing") == said(None, "dealing") == [None]
    for seat in (0, 1, 2, None):
        assert [n["words"] for n in s.notices_for(seat) if n["type"] == "dealing"] == [
            f"{name[2]} lends {name[0]} 10 fifties, to be repaid 12: accepted"
        ]
