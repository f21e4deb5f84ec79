"""Markers 13 to 20 on the TV's Odds Advancement Table are as large as markers 1 to 12 at
every width (ruling R21: they trail the row's own marker, said by their lighter blue, not
by their size). They were made as large at a phone's width only: on a 1920 x 1080 TV (and
a 1280 x 720 one) they stayed at 0.7em, 11.2 px beside the others' 13.6 px, hard to read
from across a living room. Twenty markers after a race, each chip measured at 1920, 1280
and 375 px."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    screen_at,
    snap_part,
    twenty_markers_after_a_race,
)

pytestmark = pytest.mark.browser

LANES = 12
SMALLEST = 9.0
"""The smallest chip number read at arm's length, in CSS px (as the 375 px test holds)."""

SCREENS: dict[str, dict[str, Any]] = {
    "tv-1920": {"viewport": {"width": 1920, "height": 1080}},
    "tv-1280": {"viewport": {"width": 1280, "height": 720}},
    "phone-375": SMALL,
}

CHIPS = """() => [...document.querySelectorAll('.dc-oat .dc-chip')].map((chip) => {
  const text = document.createRange();
  text.selectNodeContents(chip);
  const glyphs = text.getBoundingClientRect();
  return {
    marker: Number(chip.textContent), trail: chip.classList.contains('dc-trail'),
    size: parseFloat(getComputedStyle(chip).fontSize),
    height: chip.getBoundingClientRect().height, glyphs: glyphs.height,
  };
})"""


@pytest.mark.parametrize("screen", list(SCREENS))
def test_markers_13_to_20_are_as_large_as_1_to_12_at_every_width(
    browser: Browser, shared_server: SharedServer, tmp_path: Path, screen: str
) -> None:
    with shared_server.visit() as address:
        links, points = twenty_markers_after_a_race(address)
        assert len(set(points.values())) >= 6  # spread over the board
        with screen_at(browser, address, links["watch"], links["id"], SCREENS[screen]) as tv:
            snap_part(tv.locator(".dc-oat"), tmp_path / f"oat-{screen}.png")
            chips = tv.evaluate(CHIPS)
    assert sorted(c["marker"] for c in chips) == list(range(1, 21))
    assert all(c["trail"] == (c["marker"] > LANES) for c in chips), chips
    own = [c for c in chips if not c["trail"]]
    trailing = [c for c in chips if c["trail"]]
    size = min(c["size"] for c in own)
    assert size >= SMALLEST, own
    for chip in trailing:
        # the same type as the row's own marker, its number as tall, its chip as tall
        assert chip["size"] >= size, (screen, chip, size)
        assert chip["glyphs"] >= min(c["glyphs"] for c in own) - 0.5, (screen, chip)
        assert chip["height"] >= min(c["height"] for c in own) - 0.5, (screen, chip)
