"""A Totopoly content folder zipped, chosen in the lobby's upload on a phone: the table
opens on its files; a zip that is no content folder is said in one line by the field."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, fits_width, more_settings, open_view

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
FOLDER = Path(__file__).parents[2] / "samples" / "totopoly"


def _zipped(members: dict[str, str]) -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in members.items():
            archive.writestr(path, text)
    return packed.getvalue()


def test_a_zipped_content_folder_opens_a_table_on_its_files(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page = browser.new_context(base_url=address, **SMALL).new_page()
        page.goto("/")
        page.select_option("#game", "totopoly")
        more_settings(page)
        box = page.locator("#own-content-box")
        expect(box).to_be_visible()
        page.locator("#seats li[data-seat='0'] input.seat-name").fill("Ann")
        nested = _zipped({"a/b/cards.toml": "x"})
        page.set_input_files(
            "#own-content", {"name": "nested.zip", "mimeType": "application/zip", "buffer": nested}
        )
        page.get_by_role("button", name="Open the table").click()
        error = box.locator("[data-error-for='upload']")
        expect(error).to_have_text(
            "nested.zip: a/b/cards.toml: a folder inside the folder: zip the content folder "
            "itself (its files at the zip's top, or in its one folder)"
        )
        expect(error).to_be_in_viewport()
        fits_width(page)
        folder = {f"my-board/{p.name}": p.read_text() for p in sorted(FOLDER.glob("*.toml"))}
        page.set_input_files(
            "#own-content",
            {"name": "my-board.zip", "mimeType": "application/zip", "buffer": _zipped(folder)},
        )
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        page.locator("#links a", has_text="Ann's seat").click()
        expect(page.locator(".subtitle")).to_contain_text(
            "on the designer's uploaded content folder"
        )
        open_view(page)  # folded under the board: opened as a player would
        expect(page.locator("#view")).to_contain_text("Heath Raven")  # the folder's horses
        page.context.close()
