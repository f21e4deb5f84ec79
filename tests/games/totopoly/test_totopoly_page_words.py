"""The browser board's words come from the rules' words module (``words.PAGE``, served
in every view): the checks every such board shares (tests/games/page_words.py) and this
board's own."""

from __future__ import annotations

from tests.games.page_words import (
    board_script,
    check_every_template_field_is_a_plain_name,
    check_no_word_is_served_twice_under_one_name,
    check_the_board_looks_up_only_served_words_and_uses_them_all,
    fields,
)

from homestretch.games.totopoly import words
from homestretch.games.totopoly.state import TotopolyGame


def test_the_board_looks_up_only_served_words_and_uses_them_all() -> None:
    check_the_board_looks_up_only_served_words_and_uses_them_all(words, board_script("totopoly"))


def test_the_board_fills_every_field_of_a_template_it_words_itself() -> None:
    check_every_template_field_is_a_plain_name(words)
    assert fields(words.PAGE_TEMPLATES["on_course"]) == {
        "n", "name", "colour", "length", "track", "status",
    }  # fmt: skip


def test_no_word_is_served_twice_under_one_name() -> None:
    check_no_word_is_served_twice_under_one_name(words)


def test_every_view_serves_the_words() -> None:
    state = TotopolyGame.from_config({"players": 3}).new_initial_state()
    for seat in (0, 1, None):
        assert state.view(seat)["page"] == words.PAGE
    assert words.PAGE["places"] == ["1st", "2nd", "3rd"]
