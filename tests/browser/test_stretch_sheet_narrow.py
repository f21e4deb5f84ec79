"""Top of the Stretch's scoresheet on a tablet and a small laptop: Fullplay's 25 or 26
columns scrolled sideways at 1024 px and below (whole only from about 1100 px). Between a
phone's cards and a laptop's whole sheet it is now two tables, the ratings to the starting
APR and the race from the break to the finish, each opening with the post and the horse:
every heading on the screen, nothing to scroll across. A window resized across a width
draws the sheet again in the other shape."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    fits_width,
    frame,
    open_table,
    snap,
    stretch_call_read_out,
)

pytestmark = pytest.mark.browser

HEADINGS = """() => [...document.querySelectorAll("#stretch-sheet tr:first-child th, #stretch-sheet-run tr:first-child th")]
    .map((th) => { const box = th.getBoundingClientRect();
                   return [th.innerText.replace(/\\s+/g, " "), box.left, box.right, box.width]; })"""

LABELS = """() => [...document.querySelectorAll("#stretch-sheet tr:nth-child(2) td")]
    .map((td, at) => { const box = td.getBoundingClientRect();
                       return [at, td.dataset.label, getComputedStyle(td, "::before").content,
                               box.left, box.right, td.getClientRects().length > 0]; })"""


def sideways(page: Page) -> list[int]:
    """How far each of the board's tables scrolls sideways (0: not at all)."""
    found: list[int] = page.evaluate(
        """() => [...document.querySelectorAll(".stretch-table, .stretch-table table")]
            .map((box) => box.scrollWidth - box.clientWidth)"""
    )
    return found


@pytest.mark.parametrize("race", ["claiming-sprint-sloppy", "claiming-route-big-field"])
def test_the_fullplay_scoresheet_fits_a_tablet_and_a_phone(
    browser: Browser, shared_server: SharedServer, race: str
) -> None:
    with shared_server.visit() as address:
        config = {"players": 0, "mode": "full", "race": race}
        links = open_table(address, {"game": "stretch", "config": config, "seats": [], "seed": 3})
        now = frame(address, links["id"])
        assert now["over"]
        runners = len(now["view"]["entries"])
        context = browser.new_context(base_url=address, viewport={"width": 1280, "height": 800})
        try:
            page = context.new_page()
            page.clock.install()  # the call read out at once: the sheet comes after it
            page.goto(links["watch"])
            stretch_call_read_out(page, address, links["id"])
            expect(page.locator("#stretch-sheet")).to_have_count(1)  # once the call is read
            whole = page.locator("#stretch-sheet tr").first.locator("th").all_inner_texts()
            whole = [" ".join(h.split()) for h in whole]
            assert len(whole) >= 24 and whole[-1] == "Fin"  # Fullplay's sheet, whole
            expect(page.locator("#stretch-sheet-run")).to_have_count(0)
            for width in (1024, 768):
                page.set_viewport_size({"width": width, "height": 800})
                expect(page.locator("#stretch-sheet-run")).to_have_count(1)  # drawn again
                fits_width(page)
                assert max(sideways(page)) <= 0, (width, sideways(page))
                shown = page.evaluate(HEADINGS)
                names = [name for name, *_ in shown]
                # each table opens with the post and the horse; between them every column
                assert names.count(whole[0]) == 2 and names.count(whole[1]) == 2
                assert sorted(set(names)) == sorted(whole), (width, names)
                for name, left, right, size in shown:
                    assert size > 0 and left >= 0 and right <= width, (width, name, left, right)
                for part in ("#stretch-sheet", "#stretch-sheet-run"):
                    expect(page.locator(f"{part} tr")).to_have_count(1 + runners)
                snap(page, shared_server.folder / f"sheet-{race}-{width}.png", full_page=False)
            # a phone: each horse a card, each figure labelled with its column's heading
            page.set_viewport_size({"width": 375, "height": 700})
            expect(page.locator("#stretch-sheet-run")).to_have_count(0)
            fits_width(page)
            labels = page.evaluate(LABELS)
            assert [label for _, label, *_ in labels] == whole  # each cell says its column
            for at, label, before, left, right, drawn in labels:
                if drawn:  # (a blank figure, no photo to settle, is left out of the card)
                    assert label in before and left >= 0 and right <= 375, (at, label, left)
            assert sum(drawn for *_, drawn in labels) >= len(whole) - 4
            expect(page.locator("#stretch-sheet tr").first).to_be_hidden()
        finally:
            context.close()
