"""The browser board's words come from the rules' words module (``words.PAGE``, served
in every view): every word the board looks up is served, every served word is used, and
each template's fields are the ones the board fills in."""

from __future__ import annotations

import re
from importlib.resources import files
from string import Formatter

from homestretch.games.across import words
from homestretch.games.across.game import AcrossGame

BOARD = (files("homestretch.web") / "static" / "games" / "across.js").read_text(encoding="utf-8")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_the_board_looks_up_only_served_words_and_uses_them_all() -> None:
    templates = set(re.findall(r'\bsay\("(\w+)"', BOARD))
    looked_up = set(re.findall(r"\bW\.(\w+)", BOARD))
    # a template chosen between two ("card_race" or "card_finished") is named in a ternary
    chosen = set(re.findall(r'\bsay\([^"]*\? "(\w+)" : "(\w+)"', BOARD))
    templates |= {name for pair in chosen for name in pair}
    assert templates <= set(words.PAGE_TEMPLATES), templates - set(words.PAGE_TEMPLATES)
    assert looked_up <= set(words.PAGE), looked_up - set(words.PAGE)
    named = {name for name in words.PAGE if f'"{name}"' in BOARD or f"W.{name}" in BOARD}
    assert named == set(words.PAGE), set(words.PAGE) - named  # no word served for nothing


def test_the_board_fills_every_field_of_a_template_it_words_itself() -> None:
    # each template's fields are plain names the board fills from the view
    for key, template in words.PAGE_TEMPLATES.items():
        assert all(re.fullmatch(r"[a-z_]+", f) for f in _fields(template)), key
    assert _fields(words.PAGE_TEMPLATES["offer_ring"]) == {
        "frm", "to", "tickets", "horse", "amount", "total",
    }  # fmt: skip


def test_no_word_is_served_twice_under_one_name() -> None:
    parts = (words.PAGE_TEMPLATES, words.PAGE_LISTS, words.PAGE_NAMES)
    assert sum(len(part) for part in parts) == len(words.PAGE)


def test_every_view_serves_the_words() -> None:
    state = AcrossGame.from_config({"players": 3}).new_initial_state()
    for seat in (0, 1, None):
        assert state.view(seat)["page"] == words.PAGE
    assert words.PAGE["windows"] == ["Winners Circle", "WIN", "WIN", "WIN", "WIN", "PLACE", "SHOW"]
