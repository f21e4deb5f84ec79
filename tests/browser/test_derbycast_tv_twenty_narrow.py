"""The TV page at a phone's width (375 px) with twenty markers spread over the Odds
Advancement Table after a race (a family watching on a phone, no TV): every marker is
findable, its chip in the lane and the space it stands on, its number whole and large
enough to read (markers 13 to 20 were 7.6 px, a chip 1 px wider than its space was cut,
the heading "Finish" read "Finisl"), and nothing is wider than the screen. A screenshot
of the board is kept in the test's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    fits_width,
    screen_at,
    snap_part,
    twenty_markers_after_a_race,
)

pytestmark = pytest.mark.browser

LANES, SPACES = 12, 20
SMALLEST = 9.0
"""The smallest chip number read at arm's length, in CSS px (the lane numbers are 10.9)."""

CHIPS = """() => [...document.querySelectorAll('.dc-oat .dc-chip')].map((chip) => {
  const cell = chip.closest('td'), row = cell.closest('tr');
  const text = document.createRange();
  text.selectNodeContents(chip);
  const [c, t, box] = [chip, text, cell].map((n) => n.getBoundingClientRect());
  return {
    marker: chip.textContent, lane: [...row.parentNode.children].indexOf(row),
    column: [...row.children].indexOf(cell), size: parseFloat(getComputedStyle(chip).fontSize),
    chip: [c.left, c.right, c.top, c.bottom], text: [t.left, t.right],
    cell: [box.left, box.right], width: innerWidth,
  };
})"""
HEADINGS = """() => [...document.querySelector('.dc-oat tr').children]
  .filter((th) => getComputedStyle(th).overflow !== 'visible')  // a ruler's mark reaches over
  .map((th) => [th.textContent, th.scrollWidth - th.clientWidth])"""


def test_the_tv_at_375_px_shows_twenty_markers_each_findable(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, points = twenty_markers_after_a_race(address)
        game_id = links["id"]
        assert len(set(points.values())) >= 6 and max(points.values()) == SPACES  # spread
        with screen_at(browser, address, links["watch"], game_id, SMALL) as tv:
            snap_part(tv.locator(".dc-oat"), tmp_path / "oat-twenty-375.png")
            fits_width(tv)
            chips = tv.evaluate(CHIPS)
            assert sorted(int(c["marker"]) for c in chips) == list(range(1, 21))
            for chip in chips:
                marker = int(chip["marker"])
                # where the rules put it: its lane (13 behind 1, ...), its space (the Gate
                # is column 1, space n column n + 1)
                assert chip["lane"] == (marker - 1) % LANES + 1, chip
                assert chip["column"] == min(points[marker], SPACES + 1) + 1, chip
                left, right, top, _ = chip["chip"]
                assert chip["size"] >= SMALLEST, chip  # large enough to read
                assert chip["cell"][0] - 0.5 <= left and right <= chip["cell"][1] + 0.5, chip
                assert left - 0.5 <= chip["text"][0] and chip["text"][1] <= right + 0.5, chip
                assert left >= 0 and right <= chip["width"], chip
            cut = [(said, over) for said, over in tv.evaluate(HEADINGS) if over > 0]
            assert not cut, cut  # every heading whole ("Finisl" was "Finish" cut)
            tv.evaluate("scrollTo(0, 0)")
            for chip in tv.locator(".dc-oat .dc-chip").all():
                expect(chip).to_be_in_viewport(ratio=1)
