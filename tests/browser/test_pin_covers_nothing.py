"""The pinned "Your turn" on the smallest phone (375 x 667) covers no control: at the
foot of each game's page (where the pin stays, the move scrolled away), every button,
link and field can be seen and tapped above it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    across_at_its_first_auction,
    frame,
    move,
    open_table,
    scroll_settled,
    shows,
    snap,
    token_of,
)
from tests.browser.test_stretch_betting_phone import new_race

pytestmark = pytest.mark.browser
PIN = "#your-turn-pin"
PEOPLE = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
UNDER_THE_PIN = """(pin) => {
  const over = pin.getBoundingClientRect();
  const clipped = (box, node) => {  // the part of box that a scrolling box round it shows
    let [top, bottom, left, right] = [box.top, box.bottom, box.left, box.right];
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const edge = up.getBoundingClientRect();
      [top, bottom] = [Math.max(top, edge.top), Math.min(bottom, edge.bottom)];
      [left, right] = [Math.max(left, edge.left), Math.min(right, edge.right)];
    }
    return { top, bottom, left, right };
  };
  const meets = (box, node) => {
    const seen = clipped(box, node);
    return seen.right > Math.max(seen.left, over.left) && seen.left < over.right
      && seen.bottom > Math.max(seen.top, over.top) && seen.top < over.bottom;
  };
  const shown = (node) => node.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  const controls = "button, a[href], input, select, textarea, summary, [role=button]";
  const found = [...document.querySelectorAll(controls)]
    .filter((node) => node !== pin && shown(node))
    .filter((node) => [...node.getClientRects()].some((box) => meets(box, node)))
    .map((node) => `${node.tagName.toLowerCase()}: ${node.textContent.trim().slice(0, 30)}`);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (pin.contains(node) || !node.textContent.trim() || !shown(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if ([...range.getClientRects()].some((box) => meets(box, node))) {
      found.push(`text: ${node.textContent.trim().slice(0, 30)}`);
    }
  }
  return found;
}"""
"""What the pin covers: controls, and words (the page's last line, the seed's digest)."""
LONG_WORDS = (
    "Your turn: the table is waiting for the move you make, up the page from here; "
    "a tap takes you there \u2191"
)
"""Words for the pin three lines long at 375 px (a longer wording, another language): the
room under the page follows the pin's height, not one line's."""


@pytest.fixture
def small(browser: Browser, shared_server: SharedServer) -> Iterator[Any]:
    made = []

    def new_page() -> Page:
        made.append(browser.new_context(base_url=shared_server.address, **SMALL))
        return made[-1].new_page()

    yield new_page
    for each in made:
        each.close()


def _to_the_foot(page: Page) -> None:
    """The player scrolls to the foot of the page once (the pin comes as the move goes
    out of sight) and reads there."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    scroll_settled(page)  # the scroll's redraw and the pin's coming (a pause raced them)


def _nothing_under_the_pin(page: Page, shot: str, folder: Any) -> None:
    """At the foot of the page, reached in one scroll, the pin shows and covers no control
    and no words (the last lines), in the server's words and in words three lines long."""
    pin = page.locator(PIN)
    _to_the_foot(page)
    expect(pin).to_be_visible()
    expect(page.locator("#replay-link")).to_be_hidden()  # the game goes on
    snap(page, folder / f"pin-foot-{shot}.png", full_page=False)
    assert page.evaluate(UNDER_THE_PIN, pin.element_handle()) == []
    one_line = pin.bounding_box()
    page.evaluate("(words) => { frame.words.your_turn_pin = words; }", LONG_WORDS)
    page.evaluate("window.scrollTo(0, 0)")
    _to_the_foot(page)
    expect(pin).to_have_text(LONG_WORDS)
    box = pin.bounding_box()
    assert box is not None and one_line is not None and box["height"] > one_line["height"] * 1.5
    snap(page, folder / f"pin-foot-{shot}-long.png", full_page=False)
    assert page.evaluate(UNDER_THE_PIN, pin.element_handle()) == []


def test_top_of_the_stretch(shared_server: SharedServer, small: Any) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Pin Foot Stakes", ("Ann", "Bea"))
        ann = small()
        ann.goto(links["seats"][0]["link"])
        shows(ann, frame(address, links["id"])["version"])
        _nothing_under_the_pin(ann, "stretch", shared_server.folder)


def test_across_the_board(shared_server: SharedServer, small: Any) -> None:
    with shared_server.visit() as address:
        seats = [*PEOPLE[:2], {"kind": "bot", "bot": "sensible", "name": "Cy"}]
        links, tokens, asked = across_at_its_first_auction(address, seats)
        game_id = links["id"]
        page = small()
        page.goto(links["seats"][asked]["link"])
        shows(page, frame(address, game_id)["version"])
        _nothing_under_the_pin(page, "across", shared_server.folder)


def test_totopoly(shared_server: SharedServer, small: Any) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": PEOPLE, "seed": 5}
        links = open_table(address, request)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        asked = next(s for s, t in enumerate(tokens) if frame(address, game_id, t)["your_turn"])
        page = small()
        page.goto(links["seats"][asked]["link"])
        shows(page, frame(address, game_id)["version"])
        _nothing_under_the_pin(page, "totopoly", shared_server.folder)


def test_derby_cast(shared_server: SharedServer, small: Any) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": 2}
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
        )
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        race = {"kind": "simulate", "race": "claiming-route-big-field"}
        version = move(address, game_id, tokens[2], race)
        first = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        horses = frame(address, game_id, tokens[first])["view"]["card"]["horses"]
        version = move(address, game_id, tokens[first], {"kind": "pick", "horse": horses[0], "bet": "win"})  # fmt: skip
        version = move(address, game_id, tokens[1 - first], {"kind": "pick", "horse": horses[1], "bet": "show"})  # fmt: skip
        desk = small()  # closing the picks is the keeper's move, above the card of twelve
        desk.goto(links["seats"][2]["link"])
        shows(desk, version)
        _nothing_under_the_pin(desk, "derbycast-desk", shared_server.folder)
        marker = small()
        marker.goto(links["seats"][first]["link"])
        shows(marker, version)
        for action in ({"kind": "scratches", "horses": [], "sit_out": []}, {"kind": "run"}, {"kind": "official"}, race):  # fmt: skip
            version = move(address, game_id, tokens[2], action)
        asked = next(s for s in (0, 1) if frame(address, game_id, tokens[s])["your_turn"])
        page = marker if asked == first else small()
        if asked != first:
            page.goto(links["seats"][asked]["link"])
        shows(page, version)
        _nothing_under_the_pin(page, "derbycast", shared_server.folder)
