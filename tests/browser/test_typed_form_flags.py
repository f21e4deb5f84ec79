"""The generic page's typed forms on the smallest phone (375 px): a field that holds yes
or no is a tick box a thumb finds (the browser's own is 13 px), inside its label, so a
tap on its words ticks it too."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    fits_width,
    open_moves,
    open_table,
    shows,
    snap,
)

from homestretch.core.registry import entry

pytestmark = pytest.mark.browser
SEATS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Keeper")]


def test_a_flag_is_a_tick_box_of_24_px_ticked_by_its_words(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        config = dict(entry("derbycast").harness_configs()[0])  # a person keeps score
        config["entrants"] = [{"name": "Ann"}, {"name": "Bob"}]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": SEATS})
        phone = browser.new_context(base_url=address, **SMALL)
        try:
            keeper = phone.new_page()
            keeper.goto(links["seats"][2]["link"])
            shows(keeper, 0)
            open_moves(keeper)  # folded under the keeper's desk
            keeper.select_option("#form-kind", "result")  # official: yes or no
            box = keeper.locator("#field-official")
            expect(box).to_have_attribute("type", "checkbox")
            expect(box).not_to_be_checked()
            size = box.bounding_box()
            assert size is not None and size["width"] >= 24 and size["height"] >= 24, size
            label = keeper.locator("label", has=box)
            line = label.bounding_box()
            assert line is not None and line["height"] >= 44, line
            label.scroll_into_view_if_needed()
            snap(keeper, shared_server.folder / "flag.png", full_page=False)
            fits_width(keeper)
            label.get_by_text("official").tap()  # the words, not the box
            expect(box).to_be_checked()
            typed = json.loads(keeper.locator("#typed-action").input_value())
            assert typed["kind"] == "result" and typed["official"] is True
        finally:
            phone.close()
