from fractions import Fraction

import pytest

from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7-2", Fraction(7, 2)),
        ("7/2", Fraction(7, 2)),
        ("8-5", Fraction(8, 5)),
        ("1-9", Fraction(1, 9)),
        ("even", Fraction(1)),
        ("Evens", Fraction(1)),
        ("2.5", Fraction(5, 2)),
        ("11-1", Fraction(11)),
        ("25", Fraction(25)),
        (4.5, Fraction(9, 2)),
        ("5-2 on", Fraction(2, 5)),  # odds-on, as a bookmaker says it
        ("6/4 ON", Fraction(2, 3)),
    ],
)
def test_parse(text: str, value: Fraction) -> None:
    assert Odds.parse(text).value == value


@pytest.mark.parametrize(
    ("text", "shown"),
    [("7/2", "7-2"), ("1", "even"), ("11", "11-1"), ("8-5", "8-5"), ("1/9", "1-9"), ("3", "3-1")],
)
def test_print(text: str, shown: str) -> None:
    assert str(Odds.parse(text)) == shown


@pytest.mark.parametrize("text", ["", "abc", "7-0", "0", "-3", "0-1 on"])
def test_bad_odds_are_clear_errors(text: str) -> None:
    with pytest.raises(HomestretchError):
        Odds.parse(text)


def test_order_and_probability() -> None:
    assert Odds.parse("8-5") < Odds.parse("7-2")
    assert Odds.parse("even").implied_probability == 0.5


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (1.25, "6-5"),
        (5.1, "5-1"),
        (2.9, "3-1"),
        (0.05, "1-9"),
        (54.6, "50-1"),
        (56, "60-1"),
        (13, "12-1"),
        (13.6, "14-1"),
        (89.5, "80-1"),
        (90, "99-1"),
        (293, "99-1"),
    ],
)
def test_fair_odds_round_to_board_steps(value: float, shown: str) -> None:
    """The nearest morning-line price, the shorter of two equally near (ruling S26): no
    56-1 or 13-1, nothing past 99-1."""
    assert str(Odds.from_float(value)) == shown


def test_every_price_read_from_a_number_is_on_the_board() -> None:
    from homestretch.core.odds import BOARD_STEPS

    seen = {Odds.from_float(v / 10).value for v in range(1, 3000)}
    assert seen == set(BOARD_STEPS)
    assert all(Odds(step).on_board for step in BOARD_STEPS)
    assert not Odds.parse("56-1").on_board and not Odds.parse("13-1").on_board
