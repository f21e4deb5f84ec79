"""A finished table's replay on a phone: a game of hundreds of moves is gone through by
dragging a slider to any move (the end at once), not only a move at a time."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SharedServer, context, fits_width, frame, open_table, snap

pytestmark = pytest.mark.browser
COMPUTERS = [{"kind": "bot", "bot": "random", "name": n} for n in ("Ann", "Bob", "Cy")]


def test_the_slider_goes_to_any_move_of_a_long_replay(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        request = {"game": "across", "config": {"players": 3}, "seats": COMPUTERS, "seed": 9}
        links = open_table(address, request)  # computer players play it to its end
        game_id = links["id"]
        last = frame(address, game_id)
        assert last["over"] and last["version"] > 100
        phone = context(browser, address, phone=True)
        try:
            page = phone.new_page()
            page.goto(f"/t/{game_id}/replay?seat=1")
            expect(page.locator("#version")).to_have_text(f"0 of {last['version']}")
            slider = page.get_by_label("Go to move")
            box = slider.bounding_box()
            assert box is not None and box["height"] >= 44  # a thumb's target
            page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
            end = f"{last['version']} of {last['version']}"
            expect(page.locator("#version")).to_have_text(end)
            expect(page.locator("#board")).to_contain_text("The meet is over")
            page.get_by_role("button", name="\u2190 Previous").click()  # and a step back
            expect(page.locator("#version")).to_have_text(f"{last['version'] - 1} of {last['version']}")  # fmt: skip
            expect(slider).to_have_value(str(last["version"] - 1))
            snap(page, shared_server.folder / "replay-slider.png", full_page=False)
            fits_width(page)
        finally:
            phone.close()
