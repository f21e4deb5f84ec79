"""Derby Cast's phones and desk say what the terminal says: a marker's own pick (changed
while picks are open, scratched late, sat out), what a result under review would give it,
and the keeper's questions, all worded by the rules (derbycast/words.py), on a phone
reloaded after another seat moved."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    broken_words,
    context,
    fits_width,
    frame,
    shows,
    token_of,
)

from homestretch.games.derbycast.words import (
    DESK_BUTTONS,
    FIELD,
    FINISH,
    MORNING_LINES,
    PHONE_BUTTONS,
    RACE_NAME,
    SCRATCHED,
    UNDER_REVIEW,
)

pytestmark = pytest.mark.browser
expect.set_options(timeout=15_000)  # a bound on waiting for a push on a busy machine


def _tap(phone: Page, program: str, bet: str) -> None:
    phone.locator(f'.dc-horses button[data-program="{program}"]').click()
    phone.locator(f'.dc-bets button[data-bet="{bet}"]').click()


def _label(page: Page, field: str) -> str:
    """The words of the label wrapping the desk's field ``field``."""
    return page.locator(f"label:has(> #{field})").inner_text().strip()


def test_a_phone_and_the_desk_say_the_terminals_words(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        config = {
            "entrants": [{"name": "Ann"}, {"name": "Bob"}],
            "source": "keeper",
            "feed": {"kind": "manual"},
            "races": 1,
            "tie": "dead-heat",
            "order": "rotate",
            "draw": "fresh",
        }
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        answer = httpx.post(
            f"{address}/api/tables", json={"game": "derbycast", "config": config, "seats": seats}
        )
        assert answer.status_code == 200, answer.text
        links = answer.json()
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        ann, bob = (context(browser, address, phone=True).new_page() for _ in range(2))
        desk = context(browser, address).new_page()
        for page, seat in zip((ann, bob, desk), links["seats"], strict=True):
            page.goto(seat["link"])
        pages = (ann, bob, desk)

        def settled() -> None:
            for page in pages:
                shows(page, frame(address, game_id)["version"])

        def says_its_view(phone: Page, seat: int) -> None:
            """The phone's own lines are its view's words (the terminal prints them)."""
            own = frame(address, game_id, tokens[seat])["view"]["yours"]
            for cls, key in (("dc-mine", "pick"), ("dc-would", "would")):
                shown = phone.locator(f".{cls}")
                if own[key]:
                    expect(shown).to_have_text(own[key])
                else:
                    expect(shown).to_have_count(0)

        settled()
        for field, words in (
            ("dc-race", RACE_NAME),
            ("dc-field", FIELD),
            ("dc-odds", MORNING_LINES),
            ("dc-scratched", SCRATCHED),
        ):
            assert _label(desk, field) == words
        desk.fill("#dc-race", "Riverbend")
        desk.fill("#dc-field", "1 Alpha, 1A Bravo, 3 Charlie")
        desk.fill("#dc-odds", "2-1, 5-2, 8-1")
        desk.get_by_role("button", name=DESK_BUTTONS["post_card"]).click()
        settled()
        _tap(ann, "3", "show")
        settled()
        _tap(ann, "1", "win")  # changed before Bob picks
        settled()
        expect(ann.locator(".dc-mine")).to_have_text(
            "Your pick: win on 1 Alpha (you may change it until picks close)"
        )
        _tap(bob, "1A", "place")
        settled()
        says_its_view(ann, 0)

        # Bravo is scratched late: Bob's phone says so, as the terminal would
        desk.locator('.dc-desk-form input[data-program="1A"]').check()
        desk.get_by_role("button", name=DESK_BUTTONS["close"]).click()
        settled()
        expect(bob.locator(".dc-mine")).to_have_text(
            "Your pick: place on 1A Bravo, scratched: pick another or sit out"
        )
        expect(ann.locator(".dc-mine")).to_have_text("Your pick: win on 1 Alpha")
        bob.reload()  # after a reload: the same words
        expect(bob.locator(".dc-mine")).to_have_text(
            "Your pick: place on 1A Bravo, scratched: pick another or sit out"
        )
        fits_width(bob)
        assert broken_words(bob, "#board") == []
        bob.screenshot(path=str(tmp_path / "bob-scratched.png"), full_page=True)
        expect(bob.locator("[data-sit-out]")).to_have_text(PHONE_BUTTONS["sit_out"])
        bob.locator("[data-sit-out]").click()
        settled()
        expect(bob.locator(".dc-mine")).to_have_text("You sit out this race")
        says_its_view(bob, 1)

        # the result under review: the desk asks as the terminal does
        assert _label(desk, "dc-result-finish") == FINISH
        assert _label(desk, "dc-result-odds-0") == "Final odds of 1 Alpha"
        desk.fill("#dc-result-finish", "1, 3")
        desk.fill("#dc-result-odds-0", "2-1")
        desk.get_by_role("button", name=DESK_BUTTONS["post_result"]).click()
        settled()
        expect(ann.locator(".dc-would")).to_contain_text(
            "If the result stands: Ann (marker 1): win on 1 Alpha, 1st at 2-1: +"
        )
        expect(bob.locator(".dc-would")).to_have_text(
            "If the result stands: Bob (marker 2): sat out"
        )
        says_its_view(ann, 0)
        says_its_view(bob, 1)
        expect(desk.locator(".dc-review h3")).to_have_text(UNDER_REVIEW)
        fits_width(ann)
        ann.screenshot(path=str(tmp_path / "ann-review.png"), full_page=True)
