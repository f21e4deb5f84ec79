"""The track card as a person sees it: preprinted marks differ from those earned in the race."""

from __future__ import annotations

from homestretch.games.across.render import LEGEND, squares


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
