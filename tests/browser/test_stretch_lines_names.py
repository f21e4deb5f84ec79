"""The running lines' names at the end of a big field's lines: a line apart, and all of
them inside the figure, above the calls' names under it. In a field of 14 the
stragglers' names were pushed down a line each past the axis: on a phone and on a laptop
"13 Justify" was printed over "wire" and "4 Affirmed" hung below the figure."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SharedServer, fullplay_derby_run, stretch_call_read_out

pytestmark = pytest.mark.browser

BOXES = """() => {
  const figure = document.querySelector("svg.stretch-lines");
  const box = (t) => { const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const texts = [...figure.querySelectorAll("text")];
  return {
    figure: box(figure),
    names: texts.filter((t) => /^[0-9]+ /.test(t.textContent)).map(box),
    calls: texts.filter((t) => !/^[0-9]+ /.test(t.textContent)).map(box),
  };
}"""
"""The figure's box, its horses' names' and its calls' names' (break ... wire), on screen."""


@pytest.fixture(scope="module")
def derby(shared_server: SharedServer) -> Iterator[int]:
    """A Fullplay Derby of the Century (14 runners) run straight through (seed 3)."""
    yield fullplay_derby_run(shared_server.address)


def overlap(a: list[float], b: list[float]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


@pytest.mark.parametrize("width, height", [(375, 740), (1024, 768), (740, 375)])
def test_a_big_fields_names_stay_inside_the_figure(
    browser: Browser, shared_server: SharedServer, derby: int, width: int, height: int
) -> None:
    with shared_server.visit() as address:
        context = browser.new_context(base_url=address, viewport={"width": width, "height": height})
        page = context.new_page()
        page.clock.install()  # the call read out at once (stretch_call_read_out)
        page.goto(f"/t/{derby}/watch")
        stretch_call_read_out(page, address, derby)
        expect(page.locator("#stretch-call")).to_contain_text("At the wire.")
        expect(page.locator("svg.stretch-lines path.horse")).to_have_count(14)
        drawn = page.evaluate(BOXES)
        names, calls, figure = drawn["names"], drawn["calls"], drawn["figure"]
        assert len(names) == 14
        lowest = max(bottom for _, _, _, bottom in names)
        assert lowest <= figure[3], f"a name hangs {lowest - figure[3]:.0f} px below the figure"
        for name in names:
            for call in calls:
                assert not overlap(name, call), f"a horse's name is printed over a call's: {drawn}"
            for other in names:
                assert other is name or not overlap(name, other), f"two names overlap: {names}"
        context.close()
