"""The browser boards of Across the Board and Totopoly take their words from the rules'
words module (``words.PAGE``, served in every view): every word a board looks up is
served, every served word is used, each template's fields are plain names the board fills
in, and every view serves the words."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib.resources import files
from string import Formatter
from types import ModuleType
from typing import Any

import pytest

from homestretch.games.across.rules import words as across_words
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.totopoly.rules import words as totopoly_words
from homestretch.games.totopoly.rules.state import TotopolyGame


@dataclass(frozen=True)
class Board:
    game: str
    words: ModuleType
    rules: Any
    template: str  # one template and the fields its board fills in
    fields: set[str]
    served_list: tuple[str, list[str]]  # one list of words as served

    @property
    def script(self) -> str:
        path = files("homestretch.web") / "static" / "games" / f"{self.game}.js"
        return path.read_text(encoding="utf-8")


BOARDS = [
    Board(
        "across", across_words, AcrossGame, "offer_ring",
        {"frm", "to", "tickets", "horse", "amount", "total"},
        ("windows", ["Winners Circle", "WIN", "WIN", "WIN", "WIN", "PLACE", "SHOW"]),
    ),
    Board(
        "totopoly", totopoly_words, TotopolyGame, "on_course",
        {"n", "name", "colour", "length", "track", "status"},
        ("places", ["1st", "2nd", "3rd"]),
    ),
]  # fmt: skip
each_board = pytest.mark.parametrize("board", BOARDS, ids=[b.game for b in BOARDS])


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


@each_board
def test_the_board_looks_up_only_served_words_and_uses_them_all(board: Board) -> None:
    script, words = board.script, board.words
    templates = set(re.findall(r'\bsay\("(\w+)"', script))
    looked_up = set(re.findall(r"\bW\.(\w+)", script))
    # a template chosen between two is named in a ternary: say(x ? "one" : "other")
    chosen = set(re.findall(r'\bsay\([^"]*\? "(\w+)" : "(\w+)"', script))
    templates |= {name for pair in chosen for name in pair}
    assert templates <= set(words.PAGE_TEMPLATES), templates - set(words.PAGE_TEMPLATES)
    assert looked_up <= set(words.PAGE), looked_up - set(words.PAGE)
    named = {name for name in words.PAGE if f'"{name}"' in script or f"W.{name}" in script}
    assert named == set(words.PAGE), set(words.PAGE) - named  # no word served for nothing


@each_board
def test_the_board_fills_every_field_of_a_template_it_words_itself(board: Board) -> None:
    for key, template in board.words.PAGE_TEMPLATES.items():
        assert all(re.fullmatch(r"[a-z_]+", f) for f in _fields(template)), key
    assert _fields(board.words.PAGE_TEMPLATES[board.template]) == board.fields


@each_board
def test_no_word_is_served_twice_under_one_name(board: Board) -> None:
    words = board.words
    parts = (words.PAGE_TEMPLATES, words.PAGE_LISTS, words.PAGE_NAMES)
    assert sum(len(part) for part in parts) == len(words.PAGE)


@each_board
def test_every_view_serves_the_words(board: Board) -> None:
    state = board.rules.from_config({"players": 3}).new_initial_state()
    for seat in (0, 1, None):
        assert state.view(seat)["page"] == board.words.PAGE
    name, served = board.served_list
    assert board.words.PAGE[name] == served
