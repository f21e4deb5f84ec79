"""Small faults a player saw on Top of the Stretch's page: an open seat nobody had
taken was listed among those still betting ("You, Bob and Seat 2 are still betting."):
an empty seat bets nothing; a bet made with no connection
left "Your move was not sent" under the window once the phone was back online; on a
touch screen the button drawn where the last tap was looked pressed (a sticky hover);
on a 320 px phone the running lines' long names ran off the figure."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    context,
    frame,
    fullplay_derby_run,
    stretch_call_read_out,
)
from tests.browser.test_stretch_betting_phone import bet, new_race

pytestmark = pytest.mark.browser


def test_an_untaken_seat_is_not_said_to_be_betting(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Open Stakes", ("Ann", "Bob"), open_seats=1)
        seats = frame(address, links["id"])["seats"]
        assert seats[2]["kind"] == "open"
        empty = seats[2]["name"]
        ann = context(browser, address, phone=True).new_page()
        try:
            ann.goto(links["seats"][0]["link"])
            expect(ann.locator("#stretch-bet .stretch-waiting")).to_have_text(
                f"You and Bob are still betting. Not taken yet: {empty} "
                "(the race waits for whoever takes it)."
            )
        finally:
            ann.context.close()


def test_not_sent_goes_when_the_connection_is_back(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Tunnel Stakes", ("Ann", "Bob"))
        ann = context(browser, address, phone=True).new_page()
        try:
            ann.goto(links["seats"][0]["link"])
            expect(ann.locator("#stretch-bet h4")).to_be_visible()
            ann.context.set_offline(True)
            bet(ann, "win", 1, 10)
            refused = ann.locator("#stretch-bet .stretch-refused")
            expect(refused).to_contain_text("Your move was not sent")
            ann.context.set_offline(False)
            expect(refused).to_be_hidden()  # nobody moved: only the connection came back
            expect(ann.locator("#error")).to_be_hidden()
        finally:
            ann.context.close()


HOVERED = "rgb(221, 232, 243)"  # table.css's button:hover background, #dde8f3
UNDER_THE_TAP = """() => [...document.querySelectorAll("button:hover")]
  .map((button) => getComputedStyle(button).backgroundColor)"""
"""The backgrounds of the buttons the browser holds as hovered (on a touch screen: the
one drawn where the last tap was)."""


def test_a_button_at_the_last_tap_does_not_look_pressed_on_a_touch_screen(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = new_race(address, "Touch Stakes", ("Ann", "Bob"))
        touch = browser.new_context(base_url=address, **SMALL)  # has_touch, is_mobile
        try:
            ann = touch.new_page()
            ann.goto(links["seats"][0]["link"])
            ann.select_option("#bet-horse", "1")
            ann.locator("#stretch-bet button[type=submit]").tap()
            says = ann.locator("#stretch-bet .stretch-says")
            expect(says).to_contain_text("$2 win #1")  # the next screen, the bet made
            hovered = ann.evaluate(UNDER_THE_TAP)
            assert hovered, "no button where the tap was"
            assert HOVERED not in hovered, "the button under the last tap is drawn hovered"
        finally:
            touch.close()


BOXES = """() => {
  const figure = document.querySelector("svg.stretch-lines").getBoundingClientRect();
  const names = [...document.querySelectorAll("svg.stretch-lines text")]
    .filter((t) => /^[0-9]+ /.test(t.textContent));
  return {
    right: figure.right,
    names: names.map((t) => [t.textContent, t.getBoundingClientRect().right,
      t.parentNode.querySelector("title")?.textContent ?? t.textContent]),
  };
}"""
"""The figure's right edge, and each horse's name as drawn, where it ends, and the whole
name it stands for (its group's title when cut short)."""


@pytest.fixture(scope="module")
def derby(shared_server: SharedServer) -> Iterator[int]:
    """A Fullplay Derby of the Century (14 runners, "12 American Pharoah") run through."""
    yield fullplay_derby_run(shared_server.address)


@pytest.mark.parametrize("width", [320, 375])
def test_the_running_lines_names_end_inside_the_figure_on_a_small_phone(
    browser: Browser, shared_server: SharedServer, derby: int, width: int
) -> None:
    with shared_server.visit() as address:
        phone = browser.new_context(
            base_url=address, **{**SMALL, "viewport": {"width": width, "height": 640}}
        )
        try:
            page = phone.new_page()
            page.clock.install()  # the call read out at once (stretch_call_read_out)
            page.goto(f"/t/{derby}/watch")
            stretch_call_read_out(page, address, derby)
            expect(page.locator("#stretch-call")).to_contain_text("At the wire.")
            expect(page.locator("svg.stretch-lines path.horse")).to_have_count(14)
            drawn = page.evaluate(BOXES)
            entries = page.evaluate("frame.view.entries.map((e) => `${e.post} ${e.horse}`)")
            assert sorted(whole for _, _, whole in drawn["names"]) == sorted(entries)
            for shown, right, whole in drawn["names"]:
                assert right <= drawn["right"] + 0.5, (
                    f"{shown!r} ends at {right:.0f} px, past {drawn['right']:.0f}"
                )
                assert shown == whole or (shown.endswith("\u2026") and whole.startswith(shown[:-1]))
        finally:
            phone.close()
