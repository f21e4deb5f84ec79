"""Checks shared by every game whose browser board takes its words from the rules' words
module (``words.PAGE``, served in every view): every word the board looks up is served,
every served word is used, and each template's fields are plain names the board fills in."""

from __future__ import annotations

import re
from importlib.resources import files
from string import Formatter
from types import ModuleType


def board_script(game: str) -> str:
    return (files("homestretch.web") / "static" / "games" / f"{game}.js").read_text(
        encoding="utf-8"
    )


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def check_the_board_looks_up_only_served_words_and_uses_them_all(
    words: ModuleType, board: str
) -> None:
    templates = set(re.findall(r'\bsay\("(\w+)"', board))
    looked_up = set(re.findall(r"\bW\.(\w+)", board))
    # a template chosen between two is named in a ternary: say(x ? "one" : "other")
    chosen = set(re.findall(r'\bsay\([^"]*\? "(\w+)" : "(\w+)"', board))
    templates |= {name for pair in chosen for name in pair}
    assert templates <= set(words.PAGE_TEMPLATES), templates - set(words.PAGE_TEMPLATES)
    assert looked_up <= set(words.PAGE), looked_up - set(words.PAGE)
    named = {name for name in words.PAGE if f'"{name}"' in board or f"W.{name}" in board}
    assert named == set(words.PAGE), set(words.PAGE) - named  # no word served for nothing


def check_every_template_field_is_a_plain_name(words: ModuleType) -> None:
    for key, template in words.PAGE_TEMPLATES.items():
        assert all(re.fullmatch(r"[a-z_]+", f) for f in fields(template)), key


def check_no_word_is_served_twice_under_one_name(words: ModuleType) -> None:
    parts = (words.PAGE_TEMPLATES, words.PAGE_LISTS, words.PAGE_NAMES)
    assert sum(len(part) for part in parts) == len(words.PAGE)
