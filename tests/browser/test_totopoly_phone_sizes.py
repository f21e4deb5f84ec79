"""Totopoly's training ring and racecourse sized to the screen (walk xwalk17): the ring's
squares, tapped to be read, were 33 px wide on a 360 px phone and 37 on a 390 (a 9 x 9
loop), under a fingertip's 44; the racecourse was drawn at 17 px a length on every
screen, small on a laptop and half the width unused on a phone on its side."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import SharedServer, replay_at, snap_part, totopoly_played_out
from tests.browser.test_totopoly_board import _first_version

pytestmark = pytest.mark.browser

TAP = 44
"""px a square is tapped by, at least, in both directions."""
PHONES = {
    "360": {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True},
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
SCREENS: dict[str, dict[str, Any]] = {
    "390": PHONES["390"],
    "640 sideways": {"viewport": {"width": 640, "height": 360}, "is_mobile": True},
    "1280": {"viewport": {"width": 1280, "height": 800}},
}


def _loop_read_round(page: Page) -> list[list[float]]:
    """The ring's squares in order: [square, left, top, width, height] each."""
    squares = page.locator("#tp-ring .tp-square")
    expect(squares.first).to_be_visible()
    return squares.evaluate_all(
        "all => all.map(e => { const r = e.getBoundingClientRect();"
        " return [Number(e.dataset.square), r.left, r.top, r.width, r.height]; })"
    )


def _beside(one: list[float], two: list[float]) -> bool:
    """Whether two squares ([square, left, top, width, height]) touch side by side or one
    above the other, a gap apart at most."""
    (_, left, top, width, height), (_, left2, top2, width2, height2) = one, two
    apart_across = max(left, left2) - min(left + width, left2 + width2)
    apart_down = max(top, top2) - min(top + height, top2 + height2)
    same_column = abs(left - left2) < 1 and -1 <= apart_down <= 6
    same_row = abs(top - top2) < 1 and -1 <= apart_across <= 6
    return same_column or same_row


def test_the_ring_squares_are_a_fingertip_wide_on_phones_and_still_a_loop(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        game_id = totopoly_played_out(address)["id"]
        at = _first_version(address, game_id, "training", 4)
        for name, phone in PHONES.items():
            with replay_at(browser, address, game_id, phone, at) as page:
                squares = sorted(_loop_read_round(page))
                small = [(n, round(w), round(h)) for n, _, _, w, h in squares if min(w, h) < TAP]
                assert small == [], f"squares under {TAP} px on the {name} phone: {small}"
                # a loop: each square beside the one before it, the last beside the first,
                # clockwise from the top left (along the top, down the right, ...)
                for one, two in zip(squares, squares[1:] + squares[:1], strict=True):
                    assert _beside(one, two), (
                        f"square {one[0]} is not beside the next on the {name} phone: {squares}"
                    )
                assert squares[1][1] > squares[0][1]  # along the top first
                assert squares[-1][2] > squares[0][2]  # back up the left
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= phone["viewport"]["width"], f"the page is {width} px wide"
                middle = page.locator("#tp-ring .tp-ring-middle")
                expect(middle).to_be_visible()  # the way round said in the loop's middle
                shot = shared_server.folder / f"ring-{name}.png"
                snap_part(page.locator("#tp-ring"), shot)


def test_the_racecourse_is_drawn_to_the_width_it_has(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        game_id = totopoly_played_out(address)["id"]
        at = _first_version(address, game_id, "race", 2)
        sizes = {}
        for name, screen in SCREENS.items():
            with replay_at(browser, address, game_id, screen, at) as page:
                scroller = page.locator("#tp-course .tp-scroll")
                expect(scroller).to_be_visible()
                room, used, wider = scroller.evaluate(
                    "e => [e.clientWidth, e.querySelector('.tp-track').getBoundingClientRect()"
                    ".width, e.scrollWidth]"
                )
                length = page.locator("#tp-course .tp-len").first.bounding_box()
                assert length is not None
                sizes[name] = round(length["width"])
                assert wider <= room, f"the course runs off sideways at {name}: {wider} > {room}"
                # the width used, less what rows of whole lengths leave over
                assert used >= 0.85 * room or sizes[name] >= 29, (
                    f"at {name} the course takes {used:.0f} px of {room} "
                    f"({sizes[name]} px a length)"
                )
                assert 17 <= sizes[name] <= 30, sizes
                horse = page.locator("#tp-course .tp-horse").first.bounding_box()
                assert horse is not None and abs(horse["width"] - length["width"]) < 1
                shot = shared_server.folder / f"course-{name.replace(' ', '-')}.png"
                snap_part(page.locator("#tp-course"), shot)
        assert sizes["1280"] > 20 and sizes["640 sideways"] > 20, sizes
