"""Totopoly's move buttons on a phone (walk xwalk17, toto-start-ann.png): in the
compulsory exchange with the dummy, "Put Farrier's Forge under the dummy" fitted on a
line and was narrower than the buttons that wrapped. Now each line of buttons fills the
width, so the column reads even."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    ANN_BOB_AND_CY,
    SharedServer,
    frame,
    move,
    open_table,
    screen_at,
    snap_part,
    token_of,
)

pytestmark = pytest.mark.browser

PHONE_390 = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_the_exchange_buttons_fill_their_lines_on_a_phone(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": ANN_BOB_AND_CY}
        links = open_table(address, {**request, "seed": 7})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"][:2]]
        asked = None
        for _ in range(80):  # the people play their first choices until the exchange
            seen = [frame(address, game_id, token) for token in tokens]
            mover = next(s for s, f in enumerate(seen) if f["your_turn"])
            if any(legal["action"]["kind"] == "reject" for legal in seen[mover]["legal"]):
                asked = mover
                break
            move(address, game_id, tokens[mover], seen[mover]["legal"][0]["action"])
        assert asked is not None, "nobody was asked to exchange with the dummy"
        link = links["seats"][asked]["link"]
        with screen_at(browser, address, link, game_id, PHONE_390) as page:
            buttons = page.locator("#tp-moves .tp-inner > button.tp-move")
            expect(buttons.first).to_be_visible()
            assert buttons.count() >= 3
            right = page.locator("#tp-moves .tp-inner").evaluate(
                "e => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);"
                " return r.right - parseFloat(s.paddingRight) - parseFloat(s.borderRightWidth); }"
            )
            edges = buttons.evaluate_all(
                "all => all.map(b => { const r = b.getBoundingClientRect();"
                " return [b.textContent, Math.round(r.top), r.right]; })"
            )
            lines: dict[int, list[tuple[str, float]]] = {}
            for text, top, edge in edges:
                lines.setdefault(top, []).append((text, edge))
            short = [
                (text, round(right - edge))
                for line in lines.values()
                for text, edge in [max(line, key=lambda one: one[1])]
                if right - edge > 1
            ]
            snap_part(page.locator("#tp-moves"), shared_server.folder / "moves.png")
            assert short == [], f"lines of buttons short of the width ({right:.0f}): {short}"
