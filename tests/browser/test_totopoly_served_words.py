"""Every word Totopoly's board says on a phone is the one the server sent
(totopoly/rules/words.py PAGE, served in each view), none written into the page: a frame
whose served words are all marked shows only marked words, at the auction and in the
training ring."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, Route, expect
from tests.browser.table_pages import SharedServer, frame, snap
from tests.browser.test_totopoly_table_talk import PEOPLE, _asked, _move, _open

from homestretch.core.protocol import JSON

pytestmark = pytest.mark.browser
MARK = "\u00b6"
"""Put before every served word: a word the board wrote itself has none."""
MOST_MOVES = 300
"""A bound on the quiet moves played to reach the training ring, so a stuck game fails."""


def _marked(words: Any) -> Any:
    if isinstance(words, str):
        return MARK + words
    if isinstance(words, list):
        return [_marked(w) for w in words]
    return {key: _marked(w) for key, w in words.items()}


def _mark_words(shown: JSON) -> None:
    shown["view"]["page"] = _marked(shown["view"]["page"])


def _serve_marked(
    page: Page, address: str, game_id: int, token: str, change: Callable[[JSON], None] = _mark_words
) -> None:
    """The page's stream gives it the table's frame changed: every served word marked."""

    def stream(route: Route) -> None:
        try:
            shown = frame(address, game_id, token)
        except httpx.HTTPError:  # the test is over and its server gone: the page retries
            route.abort()
            return
        change(shown)
        body = f"event: frame\ndata: {json.dumps(shown)}\n\n"
        route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body)

    page.route("**/events**", stream)


SAID = """(box) => [...box.querySelectorAll(
    "h3, h4, button, th, .tp-phase, .tp-prompt, .tp-bid, .tp-legend, .tp-square-said, "
    + "[aria-label], [placeholder], td[data-label]")]
  .map((node) => (node.matches("td") ? node.dataset.label  // a cell: its label, not its data
    : node.getAttribute("aria-label") || node.getAttribute("placeholder") || node.textContent))
  .filter((text) => text && text.trim())"""


def _every_word_served(board: Locator) -> None:
    """Headings, buttons, labels and the board's own lines each start with the mark (a
    horse's or a card's name from the game, a seat's name, are not the board's words)."""
    said: list[str] = board.evaluate(SAID)
    assert len(said) > 20
    unserved = [text for text in said if not text.lstrip().startswith(MARK)]
    assert unserved == [], unserved


def test_the_board_says_the_words_the_server_sends(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        checked = set()
        for _ in range(MOST_MOVES):
            asked = _asked(address, game_id, tokens)
            phase = asked["view"]["phase"]
            kinds = {entry["action"]["kind"] for entry in asked["legal"]}
            if (
                phase in ("auction", "training")
                and phase not in checked
                and kinds & {"bid", "throw"}
            ):
                checked.add(phase)
                page = phone()
                _serve_marked(page, address, game_id, tokens[asked["seat"]])
                page.goto(links["seats"][asked["seat"]]["link"])
                board = page.locator("#board")
                expect(board.locator(".tp-prompt")).to_have_text(f"{MARK}Your turn: {asked['view']['prompt']}")  # fmt: skip
                if phase == "training":
                    board.locator(".tp-square").nth(1).click()  # read a square in full
                    expect(board.locator(".tp-square-said")).to_contain_text(f"{MARK}Square 1")
                _every_word_served(board)
                snap(page, shared_server.folder / f"served-{phase}.png")
                page.close()
            if checked == {"auction", "training"}:
                break
            _move(address, game_id, tokens)
        else:
            pytest.fail(f"the auction and the training ring were not both reached: {checked}")


def test_every_disqualified_horse_is_named_with_its_owner(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """The end's line of horses disqualified for a white card still held names each
    with its owner (the first was named without: its place in the list was taken for
    "leave the owner out"). The table's own frame once the lots are owned, told it ended
    so: a race of three disqualified horses is long to play to."""
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        for _ in range(MOST_MOVES):
            asked = _asked(address, game_id, tokens)
            if asked["view"]["phase"] == "training":
                break
            _move(address, game_id, tokens)
        owned = [h for h in asked["view"]["horses"] if h["owner"] is not None][:2]
        assert len(owned) == 2

        def ended(shown: JSON) -> None:
            shown["over"] = True
            shown["result"] = {"winner": None, "disqualified": [h["number"] for h in owned]}

        page = phone()
        _serve_marked(page, address, game_id, tokens[0], ended)
        page.goto(links["seats"][0]["link"])
        names = [PEOPLE[h["owner"]]["name"] for h in owned]
        said = "; ".join(f"No. {h['number']} {h['name']} ({n})" for h, n in zip(owned, names, strict=True))  # fmt: skip
        expect(page.locator(".tp-placings")).to_have_text(
            f"Disqualified (a white card still held): {said}"
        )
