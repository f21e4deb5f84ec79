"""Derby Cast's phones and desk say what the terminal says: a marker's own pick (changed
while picks are open, scratched late, sat out), what a result under review would give it,
and the keeper's questions, all worded by the rules (derbycast/rules/words.py), on a phone
reloaded after another seat moved."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    broken_words,
    context,
    derbycast_call_read_out,
    drawn_box,
    fits_width,
    frame,
    move,
    press,
    settled,
    shows,
    snap,
    token_of,
)

from homestretch.games.derbycast.rules.words import (
    CAPTIONS,
    DESK_BUTTONS,
    DESK_CALLING,
    FIELD,
    FINISH,
    MORNING_LINES,
    PHONE_BUTTONS,
    RACE_NAME,
    SCRATCHED,
    UNDER_REVIEW,
)

pytestmark = pytest.mark.browser


def _tap(phone: Page, program: str, bet: str) -> None:
    phone.locator(f'.dc-horses button[data-program="{program}"]').click()
    press(phone, phone.locator(f'.dc-bets button[data-bet="{bet}"]'))


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
        answer = API.post(
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

        def settled_all() -> None:
            settled(address, game_id, *pages)

        def says_its_view(phone: Page, seat: int) -> None:
            """The phone's own lines are its view's words (the terminal prints them)."""
            own = frame(address, game_id, tokens[seat])["view"]["yours"]
            for cls, key in (("dc-mine", "pick"), ("dc-would", "would")):
                shown = phone.locator(f".{cls}")
                if own[key]:
                    expect(shown).to_have_text(own[key])
                else:
                    expect(shown).to_have_count(0)

        settled_all()
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
        press(desk, desk.get_by_role("button", name=DESK_BUTTONS["post_card"]))
        settled_all()
        _tap(ann, "3", "show")
        settled_all()
        _tap(ann, "1", "win")  # changed before Bob picks
        settled_all()
        expect(ann.locator(".dc-mine")).to_have_text(
            "Your pick: win on 1 Alpha (you may change it until picks close)"
        )
        _tap(bob, "1A", "place")
        settled_all()
        says_its_view(ann, 0)

        # Bravo is scratched late: Bob's phone says so, as the terminal would
        desk.locator('.dc-desk-form input[data-program="1A"]').check()
        press(desk, desk.get_by_role("button", name=DESK_BUTTONS["close"]))
        settled_all()
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
        snap(bob, tmp_path / "bob-scratched.png")
        expect(bob.locator("[data-sit-out]")).to_have_text(PHONE_BUTTONS["sit_out"])
        press(bob, bob.locator("[data-sit-out]"))
        settled_all()
        expect(bob.locator(".dc-mine")).to_have_text("You sit out this race")
        says_its_view(bob, 1)

        # the result under review: the desk asks as the terminal does
        assert _label(desk, "dc-result-finish") == FINISH
        assert _label(desk, "dc-result-odds-0") == "Final odds of 1 Alpha"
        desk.fill("#dc-result-finish", "1, 3")
        desk.fill("#dc-result-odds-0", "2-1")
        press(desk, desk.get_by_role("button", name=DESK_BUTTONS["post_result"]))
        settled_all()
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
        snap(ann, tmp_path / "ann-review.png")


def _keepers_table(address: str, races: int = 1, sealed: bool = False) -> dict[str, Any]:
    """A table of Ann and Bob with a keeper who posts the cards (seed 3: a simulated race
    runs the same each time, so the desk's review above "Official" is the same length):
    its links."""
    config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": races}
    if sealed:
        config["sealed"] = True
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
    request = {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
    answer = API.post(f"{address}/api/tables", json=request)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_tv_reads_its_captions_from_the_rules_words(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The TV's board and card are captioned in the view's words (words.py CAPTIONS and
    the card's lines), and a phone's buttons say who picked a horse from them too."""
    with shared_server.visit() as address:
        links = _keepers_table(address)
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        card = {"kind": "card", "race": "Riverbend", "horses": ["Alpha", "Bravo", "Charlie"]}
        card |= {"odds": ["2-1", "", "8-1"], "scratched": ["Bravo"]}
        move(address, game_id, tokens[2], card)
        move(address, game_id, tokens[0], {"kind": "pick", "horse": "Charlie", "bet": "win"})
        tv = context(browser, address).new_page()
        tv.goto(links["watch"])
        bob = context(browser, address, phone=True).new_page()
        bob.goto(links["seats"][1]["link"])
        now = frame(address, game_id)
        shows(tv, now["version"])
        shows(bob, now["version"])
        view = now["view"]
        says = view["captions"]
        expect(tv.locator(".dc-oat")).to_have_attribute("aria-label", CAPTIONS["board"])
        assert tv.locator(".dc-oat tr").first.locator("th").first.inner_text() == says["lane"]
        expect(tv.locator(".dc-card caption")).to_have_text("Race 1: Riverbend")
        headings = [says[k] for k in ("program", "horse", "odds", "spaces", "picked_by")]
        assert tv.locator(".dc-card th").all_inner_texts() == headings
        charlie = tv.locator('.dc-card tr[data-program="3"] td')
        assert charlie.all_inner_texts() == [
            "3",
            "Charlie",
            "8-1",
            "W\u00a08 / P\u00a04 / S\u00a02",
            "Ann (win)",
        ]
        bravo = tv.locator('.dc-card tr[data-program="2"] td')
        assert bravo.all_inner_texts()[1:4] == ["Bravo (scratched)", "?", "odds not known"]
        expect(tv.locator('.dc-chip[data-marker="1"]')).to_have_attribute("title", "Ann: 0 points")
        snap(tv, tmp_path / "tv-captions.png")
        expect(bob.locator('.dc-horses button[data-program="3"] .dc-by')).to_have_text(
            "picked by Ann (win)"
        )
        bob.locator('.dc-horses button[data-program="3"]').click()
        expect(bob.locator('.dc-bets button[data-bet="show"]')).to_have_text("show +2")


def test_win_place_and_show_come_up_under_the_horse_tapped_on_a_phone(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """A field of twelve on a phone: the horse tapped first brings its win, place and
    show buttons up right under it, on the screen (they came after the twelfth horse,
    off the screen, and the tap seemed to do nothing); the last horse's too."""
    with shared_server.visit() as address:
        links = _keepers_table(address)
        game_id = links["id"]
        keeper = token_of(links["seats"][2]["link"])
        move(address, game_id, keeper, {"kind": "simulate", "race": "claiming-route-big-field"})
        ann = context(browser, address, phone=True).new_page()
        ann.goto(links["seats"][0]["link"])
        horses = ann.locator(".dc-horses > button")
        expect(horses).to_have_count(12)
        bets = ann.locator(".dc-bets")
        for horse in (horses.first, horses.last):
            horse.click()
            expect(bets.locator("button")).to_have_count(3)
            expect(bets).to_be_in_viewport(ratio=1)
            under = ann.locator(".dc-horses > button[aria-pressed='true'] + .dc-bets")
            expect(under).to_have_count(1)  # straight after the horse tapped
        snap(ann, tmp_path / "last-horse-tapped.png", full_page=False)
        fits_width(ann)
        bets.locator("[data-bet='show']").click()
        expect(ann.locator(".dc-mine")).to_contain_text("Your pick: show on 12 ")


def _on_first_screen(page: Page, selector: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    box = drawn_box(page, selector)
    assert box is not None, f"{selector} is not drawn"
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert box["y"] + box["height"] <= height, (
        f"{selector} ends {box['y'] + box['height']:.0f} px down"
    )


def test_the_keepers_next_step_is_on_a_phones_first_screen(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """A keeper running the desk from a phone, a field of twelve carded: "Close picks",
    "They're off: run the race" and "Official" each come on the first screen, the card
    below them (it came first, and put each off the screen). While the TV calls the
    race the desk says so and holds the result (it told the finish at once)."""
    with shared_server.visit() as address:
        links = _keepers_table(address, races=2)
        game_id = links["id"]
        ann, bob, keeper = (token_of(seat["link"]) for seat in links["seats"])
        move(address, game_id, keeper, {"kind": "simulate", "race": "claiming-route-big-field"})
        horses = frame(address, game_id, ann)["view"]["card"]["horses"]
        move(address, game_id, ann, {"kind": "pick", "horse": horses[0], "bet": "win"})
        move(address, game_id, bob, {"kind": "pick", "horse": horses[1], "bet": "show"})
        desk = context(browser, address, phone=True).new_page()
        desk.clock.install()  # the call read out at once once the desk's hold is seen
        desk.goto(links["seats"][2]["link"])
        expect(desk.locator(".dc-card tr")).to_have_count(13)  # the twelve, and the headings
        _on_first_screen(desk, ".dc-close button[type=submit]")
        snap(desk, tmp_path / "desk-close.png", full_page=False)
        desk.locator(".dc-close button[type=submit]").click()
        expect(desk.locator("[data-run]")).to_be_visible()
        _on_first_screen(desk, "[data-run]")
        desk.locator("[data-run]").click()
        # the TV calls the race: the desk tells the finish no sooner than the TV does
        expect(desk.locator(".dc-status")).to_have_text(DESK_CALLING)
        expect(desk.locator(".dc-review")).to_have_count(0)
        snap(desk, tmp_path / "desk-calling.png", full_page=False)
        derbycast_call_read_out(desk, address, game_id)
        expect(desk.locator("[data-official]")).to_be_visible()
        _on_first_screen(desk, "[data-official]")
        snap(desk, tmp_path / "desk-review.png", full_page=False)
        fits_width(desk)


def test_a_pick_made_as_another_lands_is_taken_at_the_first_press(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """Sealed picks, everyone picking at once: Bob's phone has not yet heard of Ann's
    pick (its stream holds at the first frame) when he picks the twelfth horse. A sealed
    pick means the same whoever picked first, so his is made as it is, at his first
    press (docs/architecture.md, "Moves made at once"; it was refused as stale and had to
    be pressed again), and nothing is said against it."""
    with shared_server.visit() as address:
        links = _keepers_table(address, sealed=True)
        game_id = links["id"]
        ann, bob_token, keeper = (token_of(seat["link"]) for seat in links["seats"])
        move(address, game_id, keeper, {"kind": "simulate", "race": "claiming-route-big-field"})
        first = frame(address, game_id, bob_token)
        stream = f"event: frame\ndata: {json.dumps(first)}\n\n"
        bob = context(browser, address, phone=True).new_page()
        bob.route(
            "**/events*",
            lambda route: route.fulfill(content_type="text/event-stream", body=stream),
        )
        bob.goto(links["seats"][1]["link"])
        horses = bob.locator(".dc-horses > button")
        expect(horses).to_have_count(12)
        ticket = frame(address, game_id, ann)["legal"][0]["action"]
        move(address, game_id, ann, ticket)  # Ann's pick lands first
        horses.last.click()
        with bob.expect_response("**/moves") as made:
            bob.locator(".dc-bets [data-bet='show']").click()
        assert made.value.ok, made.value.text()
        assert frame(address, game_id)["version"] == first["version"] + 2  # both picks
        expect(bob.locator(".dc-mine")).to_contain_text("Your pick: show on 12 ")
        expect(bob.locator(".dc-refused")).to_have_count(0)
        expect(bob.locator("#error")).to_be_hidden()
        snap(bob, tmp_path / "pick-taken.png", full_page=False)
