"""The lobby's table links on the smallest phone (375 px): each has a Copy beside it, a
touch target, that puts the whole address on the clipboard and says "Copied" for a
moment; where the clipboard API is missing (a page served over plain http to another
machine) the link is copied from a selected box instead."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.table_pages import SMALL, SharedServer, fits_width, snap
from tests.browser.test_stretch_race_builder import build_race

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
NO_CLIPBOARD = """
Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined });
window.copied = [];
document.addEventListener("copy", (event) => {
  const box = event.target;
  window.copied.push(box.value.slice(box.selectionStart, box.selectionEnd));
});
"""
"""A page without the clipboard API, which keeps what each copy command copied."""


def _open_a_table(page: Page) -> None:
    page.goto("/")
    page.select_option("#game", "across")
    page.fill("#seat-0-name", "Ann")
    page.click("#open")
    expect(page.locator("#created")).to_be_visible()


def _copies_are_touch_targets(page: Page) -> None:
    for copy in page.locator("button.copy").all():
        box = copy.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box


def test_each_table_link_is_copied_whole(browser: Browser, shared_server: SharedServer) -> None:
    with shared_server.visit() as address:
        phone: BrowserContext = browser.new_context(base_url=address, **SMALL)
        phone.grant_permissions(["clipboard-read", "clipboard-write"])
        try:
            page = phone.new_page()
            _open_a_table(page)
            rows = page.locator("#links li")
            expect(rows.filter(has_text="Spectators")).to_have_count(1)
            expect(rows.locator("button.copy")).to_have_count(rows.count())  # one a link
            snap(page, shared_server.folder / "lobby-copy.png")
            fits_width(page)
            _copies_are_touch_targets(page)
            ann = rows.filter(has_text="Ann's seat")
            href = str(ann.locator("a").get_attribute("href"))
            ann.get_by_role("button", name="Copy").tap()
            expect(ann.locator("button.copy")).to_have_text("Copied")
            assert page.evaluate("navigator.clipboard.readText()") == f"{address}{href}"
            expect(ann.locator("button.copy")).to_have_text("Copy")  # after a moment

            listed = page.locator("#tables li").first  # the watch link of the open table
            game_id = href.split("/")[2]
            listed.get_by_role("button", name=f"Copy the link to watch table {game_id}").tap()
            expect(listed.locator("button.copy")).to_have_text("Copied")
            watch = f"{address}/t/{game_id}/watch"
            assert page.evaluate("navigator.clipboard.readText()") == watch
            page.reload()  # the list as the server draws it has its Copy too
            expect(page.locator("#tables li button.copy")).to_have_count(1)
            _copies_are_touch_targets(page)
        finally:
            phone.close()


def test_without_the_clipboard_api_the_link_is_copied_from_a_selected_box(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        phone = browser.new_context(base_url=address, **SMALL)
        phone.add_init_script(NO_CLIPBOARD)
        try:
            page = phone.new_page()
            _open_a_table(page)
            assert page.evaluate("navigator.clipboard") is None
            row = page.locator("#links li").filter(has_text="Spectators")
            href = str(row.locator("a").get_attribute("href"))
            row.get_by_role("button", name="Copy").tap()
            expect(row.locator("button.copy")).to_have_text("Copied")
            assert page.evaluate("window.copied") == [f"{address}{href}"]
            expect(page.locator("textarea[aria-hidden]")).to_have_count(0)  # the box is gone
        finally:
            phone.close()


def test_the_race_builders_links_are_copied_too(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        phone: BrowserContext = browser.new_context(base_url=address, **SMALL)
        phone.grant_permissions(["clipboard-read", "clipboard-write"])
        try:
            page = phone.new_page()
            build_race(page, shared_server.folder)
            rows = page.locator("#links li")
            expect(rows.locator("button.copy")).to_have_count(rows.count())
            snap(page, shared_server.folder / "builder-copy.png")
            fits_width(page)
            _copies_are_touch_targets(page)
            invite = rows.filter(has_text="Invitation")
            href = str(invite.locator("a").get_attribute("href"))
            invite.get_by_role("button", name="Copy").tap()
            expect(invite.locator("button.copy")).to_have_text("Copied")
            assert page.evaluate("navigator.clipboard.readText()") == f"{address}{href}"
        finally:
            phone.close()
