"""The shared table page's own words (web/words.py PAGE) come in every frame, as each
game's board is served its words in the view: table.js (and amount-boxes.js, given them
by table.js) looks up only served words, and every word served is used."""

from __future__ import annotations

import re
from importlib.resources import files

from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, token_of

from homestretch.web.words import PAGE


def _script() -> str:
    static = files("homestretch.web") / "static"
    return "".join((static / name).read_text(encoding="utf-8") for name in SCRIPTS)


SCRIPTS = ("table.js", "amount-boxes.js")
"""The shared page's scripts that say its words: amount-boxes.js reads them as
``page.words()``, the frame's words table.js hands it."""


def test_the_page_looks_up_only_served_words_and_uses_them_all() -> None:
    looked_up = set(re.findall(r"\b(?:frame\.words|page\.words\(\))\.(\w+)", _script()))
    assert looked_up == set(PAGE)


def test_the_pins_word_is_not_written_into_the_page() -> None:
    assert PAGE["your_turn_pin"] not in _script()
    html = (files("homestretch.web") / "static" / "table.html").read_text(encoding="utf-8")
    assert PAGE["your_turn_pin"] not in html


def test_every_frame_serves_the_words(client: TestClient) -> None:
    seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
    links = open_table(client, game="across", config={"players": 3}, seats=seats, seed=7)
    for seat in links["seats"]:
        assert frame_of(client, links["id"], token_of(seat["link"]))["words"] == PAGE
    assert frame_of(client, links["id"])["words"] == PAGE  # a spectator's too


def test_the_older_notices_fold_is_said_in_the_served_words_wherever_it_is_drawn() -> None:
    """The fold "N older notices" was written by table.js and by the two boards that list their
    own notices (Across's "At the table", Totopoly's news): each now says the served
    words (``older_notice``, ``older_notices``) through the page's ``olderNotices``."""
    static = files("homestretch.web") / "static"
    for name in ("table.js", "games/across.js", "games/totopoly.js"):
        script = (static / name).read_text(encoding="utf-8")
        assert not re.search(r"\} older", script), name  # no `${n} older notices` of its own
        assert "olderNotices(older.length)" in script, name
