"""Derby Cast as a party game in a real browser: the score keeper's desk, three phones
and a TV page on one live server play three races (the first from the day's card, the
others typed in) and a tie-break race, with a horse scratched
before post, a late scratch, a pick changed before picks close, a mistyped result
caught under review, a phone reloaded mid-game, and a correction of an official result.
The module's server reads a race's call at ``SHORT_CALLS`` a part (``short_calls_server``):
the sealed test waits for its Top of the Stretch race's call to reach the wire, and no
test here times a part of a call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    API,
    SharedServer,
    context,
    fits_width,
    frame,
    open_table,
    own_pick_first,
    press,
    secrets,
    settled,
    shown_secrets,
    snap,
    snap_part,
    token_of,
)

from homestretch.store.db import Store

pytestmark = pytest.mark.browser
PEOPLE = ["Ann", "Bob", "Cy"]
DAY_CARD = {  # race 1 of the day's card, known before the first race
    "race": "Riverbend 1",
    "runners": [
        {"program": "1", "horse": "Alpha", "odds": "2-1"},
        {"program": "1A", "horse": "Bravo", "odds": "5-2"},
        {"program": "3", "horse": "Charlie", "odds": "8-1"},
        {"program": "4", "horse": "Delta", "odds": "25-1", "scratched": True},
    ],
}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}


def _tap(phone: Page, program: str, bet: str) -> None:
    """A pick in two taps: the horse, then Win, Place or Show; made once the phone has
    drawn the table the pick made (``press``)."""
    phone.locator(f'.dc-horses button[data-program="{program}"]').click()
    press(phone, phone.locator(f'.dc-bets button[data-bet="{bet}"]'))


def _card(desk: Page, name: str, field: str, odds: str, scratched: str = "") -> None:
    desk.fill("#dc-race", name)
    desk.fill("#dc-field", field)
    desk.fill("#dc-odds", odds)
    desk.fill("#dc-scratched", scratched)
    press(desk, desk.get_by_role("button", name="Post the card"))


def _worded_as_the_view(address: str, game_id: int, tv: Page, phone: Page) -> None:
    """The TV and a phone say the standings and the last race in the view's words (made
    in Python, derbycast/rules/words.py, which the terminal prints too)."""
    view = API.get(f"{address}/api/tables/{game_id}/frame").json()["view"]
    expect(tv.locator(".dc-standings li")).to_have_text([r["words"] for r in view["standings"]])
    report = view["last_race"]["words"]
    for page in (tv, phone):
        expect(page.locator(".dc-last h3")).to_have_text(report["title"])
        expect(page.locator(".dc-result li")).to_have_text(report["finish"])
        expect(page.locator(".dc-result")).to_have_css("list-style-type", "none")  # "1st: ..."
    expect(tv.locator(".dc-moves li")).to_have_text(report["picks"])
    # the phone's own pick first
    own_first = own_pick_first(frame(address, game_id, token_of(phone.url)))
    expect(phone.locator(".dc-moves li")).to_have_text(own_first)


def _result(desk: Page, finish: str, odds: dict[int, str], prefix: str = "dc-result") -> None:
    """The finish (program numbers) and the final odds of picked horses, by card index."""
    desk.fill(f"#{prefix}-finish", finish)
    for index, price in odds.items():
        desk.fill(f"#{prefix}-odds-{index}", price)
    button = "Post the correction" if prefix == "dc-fix" else "Post for review"
    press(desk, desk.get_by_role("button", name=button))


def test_a_keeper_three_phones_and_a_tv_play_three_races_and_a_tie_break(
    browser: Browser, short_calls_server: SharedServer, tmp_path: Path
) -> None:
    db = short_calls_server.db
    with short_calls_server.visit() as address:
        config = {
            "entrants": [{"name": n} for n in PEOPLE],
            "source": "keeper",
            "feed": {"kind": "card", "races": [DAY_CARD]},
            "races": 3,
            "tie": "standard",
            "order": "rotate",
            "draw": "fresh",
        }
        seats = [{"kind": "person", "name": n} for n in [*PEOPLE, "Keeper"]]
        answer = API.post(
            f"{address}/api/tables", json={"game": "derbycast", "config": config, "seats": seats}
        )
        assert answer.status_code == 200, answer.text
        links = answer.json()
        game_id = links["id"]
        contexts = [browser.new_context(base_url=address, **PHONE) for _ in PEOPLE]
        contexts += [browser.new_context(base_url=address) for _ in range(2)]
        ann, bob, cy, desk, tv = (context.new_page() for context in contexts)
        phones = [ann, bob, cy]
        for page, seat in zip([*phones, desk], links["seats"], strict=True):
            page.goto(seat["link"])
        tv.goto(f"/t/{game_id}/watch")
        everyone = (*phones, desk, tv)
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-oat")).to_be_visible()
        gate = tv.locator(".dc-oat tr").nth(1).locator("td").first  # lane 1, the Starting Gate
        expect(gate.locator(".dc-chip")).to_have_text("1")

        # Race 1: coupled entry 1 and 1A; Delta (4) scratched before post.
        _card(
            desk, "Riverbend 1", "1 Alpha, 1A Bravo, 3 Charlie, 4 Delta", "2-1, 5-2, 8-1, 25-1", "4"
        )
        settled(address, game_id, *everyone)
        expect(tv.locator('.dc-card tr[data-program="4"]')).to_have_class("dc-scratched")
        expect(ann.locator('.dc-horses button[data-program="4"]')).to_have_count(0)
        expect(ann.locator('.dc-horses button[data-program="3"]')).to_contain_text(
            "W 8 / P 4 / S 2"
        )
        expect(bob.locator("#status")).to_have_text("waiting for Ann")  # once: not again below
        expect(bob.locator(".dc-wait")).to_have_count(0)
        expect(ann.locator(".dc-wait")).to_have_count(0)  # her own turn: not "waiting for Ann"
        _tap(ann, "3", "win")
        settled(address, game_id, *everyone)
        _tap(bob, "1A", "place")
        settled(address, game_id, *everyone)
        _tap(ann, "1", "show")  # Ann changes her pick before picks close
        settled(address, game_id, *everyone)
        expect(ann.locator(".dc-mine")).to_contain_text("show on 1 Alpha")
        _tap(cy, "1", "win")
        settled(address, game_id, *everyone)
        # Bravo (1A) is scratched late: Bob chooses again.
        desk.locator('.dc-desk-form input[data-program="1A"]').check()
        press(desk, desk.get_by_role("button", name="Close picks"))
        settled(address, game_id, *everyone)
        expect(bob.locator("[data-sit-out]")).to_be_visible()
        # every phone says what the table is doing, Ann's too (her pick stands)
        for phone in (ann, bob):
            expect(phone.locator(".dc-status")).to_have_text(
                "A late scratch: its pickers choose again or sit out"
            )
        _tap(bob, "3", "win")
        settled(address, game_id, *everyone)
        # A slip: 25-1 for Charlie's 8-1. Seen under review, typed again, then official.
        _result(desk, "3, 1", {0: "2-1", 2: "25-1"})
        settled(address, game_id, *everyone)
        expect(bob.locator(".dc-would")).to_have_text(
            "If the result stands: Bob (marker 2): win on 3 Charlie, 1st at 25-1: +25"
        )
        expect(tv.locator(".dc-status")).to_contain_text("not official yet")
        _result(desk, "3, 1", {0: "2-1", 2: "8-1"})
        settled(address, game_id, *everyone)
        expect(bob.locator(".dc-would")).to_have_text(
            "If the result stands: Bob (marker 2): win on 3 Charlie, 1st at 8-1: +8"
        )
        press(desk, desk.locator("[data-official]"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-last h3")).to_contain_text("Race 1: Riverbend 1 - official result")
        expect(tv.locator(".dc-moves")).to_contain_text(
            "Bob (marker 2): win on 3 Charlie, 1st at 8-1: +8"
        )
        expect(tv.locator('.dc-standings li[data-marker="2"]')).to_contain_text(
            "Bob (marker 2): 8 points (needs 13 more"
        )
        _worded_as_the_view(address, game_id, tv, bob)

        # Race 2: no program numbers (1, 2, 3 down the list); Bob picks first. Bob's
        # phone sleeps and reloads first.
        bob.reload()
        _card(desk, "Riverbend 2", "Xray, Yankee, Zulu", "9-2, 3-1, 12-1")
        settled(address, game_id, *everyone)
        _tap(bob, "3", "show")
        settled(address, game_id, *everyone)
        _tap(cy, "1", "place")
        settled(address, game_id, *everyone)
        _tap(ann, "2", "win")
        settled(address, game_id, *everyone)
        press(desk, desk.get_by_role("button", name="Close picks"))
        settled(address, game_id, *everyone)
        expect(tv.locator('.dc-card tr[data-program="3"]')).to_contain_text("Bob (show)")
        _result(desk, "1, 3, 2", {0: "9-2", 1: "3-1", 2: "12-1"})
        settled(address, game_id, *everyone)
        press(desk, desk.locator("[data-official]"))
        settled(address, game_id, *everyone)
        expect(bob.locator(".dc-me")).to_contain_text("11 points")
        # The stewards: Zulu's final price was 20-1. The keeper corrects race 2.
        desk.locator(".dc-correct summary").click()
        _result(desk, "1, 3, 2", {0: "9-2", 1: "3-1", 2: "20-1"}, prefix="dc-fix")
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-last h3")).to_contain_text("(corrected)")
        expect(bob.locator(".dc-me")).to_contain_text("13 points")
        expect(
            tv.locator(".dc-oat tr").nth(2).locator("td").nth(13).locator(".dc-chip")
        ).to_have_text("2")

        # Race 3: Cy picks first; after it, the set number of races is run, with Bob and
        # Cy level on 13: the Standard Tie Rule races them on.
        _card(desk, "Riverbend 3", "1 Mike, 2 November", "11-1, 7-2")
        settled(address, game_id, *everyone)
        _tap(cy, "1", "win")
        settled(address, game_id, *everyone)
        ann.locator('.dc-horses button[data-program="2"]').click()
        snap_part(ann.locator("#board-box"), tmp_path / "phone-picking.png")
        snap_part(desk.locator("#board-box"), tmp_path / "desk.png")
        _tap(ann, "2", "win")
        settled(address, game_id, *everyone)
        _tap(bob, "2", "win")
        settled(address, game_id, *everyone)
        press(desk, desk.get_by_role("button", name="Close picks"))
        settled(address, game_id, *everyone)
        _result(desk, "1, 2", {0: "11-1", 1: "7-2"})
        settled(address, game_id, *everyone)
        press(desk, desk.locator("[data-official]"))
        settled(address, game_id, *everyone)

        # Race 4, the tie-break: only Bob and Cy pick, Cy first (the order rotates).
        _card(desk, "Riverbend 4", "1 Oscar, 2 Papa", "2-1, 5-1")
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-tie")).to_have_text(
            "Bob and Cy are level on 13: a tie-break race, only they pick."
        )
        expect(ann.locator(".dc-onlooker")).to_have_text(
            "Only the tied markers pick in this tie-break race"
        )
        _tap(cy, "2", "win")
        settled(address, game_id, *everyone)
        _tap(bob, "1", "win")
        settled(address, game_id, *everyone)
        press(desk, desk.get_by_role("button", name="Close picks"))
        settled(address, game_id, *everyone)
        _result(desk, "2, 1", {0: "2-1", 1: "5-1"})
        settled(address, game_id, *everyone)
        press(desk, desk.locator("[data-official]"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-winner")).to_contain_text("Official Winner: Cy (marker 3)")
        expect(tv.locator(".dc-winner")).to_contain_text("won the tie-break after 4 races.")
        final = API.get(f"{address}/api/tables/{game_id}/frame").json()
        (won,) = [n["words"] for n in final["notices"] if n["type"] == "winner"]
        expect(tv.locator(".dc-winner")).to_have_text(won)  # as the terminal says it
        expect(tv.locator(".dc-tie")).to_have_count(0)  # decided: no longer "level"
        expect(bob.locator(".dc-winner")).to_contain_text("Official Winner: Cy")
        # a phone at the end shows what the TV does: where everyone stands, the last race
        view = final["view"]
        for phone in (ann, bob):
            expect(phone.locator(".dc-standings li")).to_have_text(
                [r["words"] for r in view["standings"]]
            )
            expect(phone.locator(".dc-last h3")).to_have_text(view["last_race"]["words"]["title"])
        fits_width(ann)
        snap_part(tv.locator("#board-box"), tmp_path / "tv.png")
        snap_part(ann.locator("#board-box"), tmp_path / "phone.png")
        for context in contexts:
            context.close()

    store = Store(db)
    try:
        saved = store.load(game_id)
        kinds = [e.action["kind"] for e in saved.events if e.action]
        assert kinds.count("correction") == 1 and kinds.count("official") == 4
    finally:
        store.close()


def test_the_tv_shows_markers_13_to_20_trailing_the_row_ahead(
    browser: Browser, short_calls_server: SharedServer, tmp_path: Path
) -> None:
    """Twenty markers on a 12-row board: 13 travels in row 1 behind marker 1, ... 20 in
    row 8 behind marker 8 (section 1; ruling R21). On a phone the whole table is on the
    screen (nothing to scroll sideways), every chip in it."""
    with short_calls_server.visit() as address:
        config = {"entrants": [{"name": f"P{m}"} for m in range(1, 21)], "source": "replays"}
        seats = [{"kind": "person", "name": f"P{m}"} for m in range(1, 21)]  # all at the gate
        request = {"game": "derbycast", "config": config, "seats": seats, "seed": 3}
        answer = API.post(f"{address}/api/tables", json=request)
        assert answer.status_code == 200, answer.text
        for phone in (False, True):
            context = browser.new_context(base_url=address, **(PHONE if phone else {}))
            tv = context.new_page()
            tv.goto(f"/t/{answer.json()['id']}/watch")
            rows = tv.locator(".dc-oat tr")
            expect(rows).to_have_count(13)  # the header and 12 rows
            for row in range(1, 13):
                chips = rows.nth(row).locator(".dc-chip")
                trailing = [] if row > 8 else [str(row + 12)]
                expect(chips).to_have_text([str(row), *trailing])
                expect(rows.nth(row).locator(".dc-trail")).to_have_count(len(trailing))
            if phone:
                fits_width(tv)
                for chip in tv.locator(".dc-chip").all():
                    expect(chip).to_be_in_viewport(ratio=1)
                snap_part(tv.locator(".dc-oat"), tmp_path / "oat-phone.png")
            context.close()


CARD_CSV = """race,program,horse,odds
Downs 1,1,Ace,2-1
Downs 1,2,Bolt,7-2
Downs 1,3,Comet,9-1
"""


def _make_stale(page: Page) -> None:
    """The page believes it saw the move before the last (as if a push were missed) and
    made none of its own since (the page sends its next move at the version its own last
    move made, table.js ``send``)."""
    page.evaluate("() => { frame.version -= 1; made = Math.min(made, frame.version); }")


def test_sealed_picks_a_days_card_upload_and_a_race_run_by_top_of_the_stretch(
    browser: Browser, short_calls_server: SharedServer, tmp_path: Path
) -> None:
    """A keeper, three phones at 390 px and a TV: the keeper loads the day's card from
    a file (a bad one first), picks are sealed, a phone dies and its marker sits out,
    a result typed on a stale page is kept, and the second race is run by Top of the
    Stretch with its call unfolding on the TV."""
    db = short_calls_server.db
    with short_calls_server.visit() as address:
        config = {
            "entrants": [{"name": n} for n in PEOPLE],
            "source": "keeper",
            "feed": {"kind": "manual"},
            "races": 2,
            "tie": "dead-heat",
            "sealed": True,
        }
        seats = [{"kind": "person", "name": n} for n in [*PEOPLE, "Keeper"]]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        contexts = [context(browser, address, phone=True) for _ in [*PEOPLE, "Keeper"]]
        contexts += [context(browser, address)]
        ann, bob, cy, desk, tv = (c.new_page() for c in contexts)  # the desk on a phone too
        phones = [ann, bob, cy]
        for page, seat in zip([*phones, desk], links["seats"], strict=True):
            page.goto(seat["link"])
        tv.goto(f"/t/{game_id}/watch")
        everyone = (*phones, desk, tv)
        settled(address, game_id, *everyone)
        # The keeper's phone shows the desk first: the generic moves are folded under it,
        # still there for whoever opens them.
        turn = desk.locator("#turn-fold")
        expect(turn).to_be_visible()
        expect(turn).not_to_have_attribute("open", "")
        expect(desk.locator("#typed")).to_be_hidden()
        desk_at, turn_at = desk.locator(".dc-desk").bounding_box(), turn.bounding_box()
        assert desk_at and turn_at and desk_at["y"] + desk_at["height"] <= turn_at["y"]
        snap(desk, tmp_path / "desk-first-screen.png", full_page=False)
        desk.click("#turn-fold > summary")
        expect(desk.locator("#form-kind")).to_be_visible()
        desk.click("#turn-fold > summary")
        expect(desk.locator("#form-kind")).to_be_hidden()

        # The day's card from a file: a bad odds cell is refused in one line, naming
        # the file and the line; the good file fills the card form.
        upload = tmp_path / "downs.csv"
        upload.write_text(CARD_CSV.replace("7-2", "7-x"))
        desk.locator(".dc-upload summary").click()
        desk.set_input_files("#dc-card-file", str(upload))
        desk.get_by_role("button", name="Load the card").click()
        expect(desk.locator("#error")).to_contain_text("downs.csv: line 3:")
        assert "\n" not in desk.locator("#error").inner_text()
        upload.write_text(CARD_CSV)
        desk.set_input_files("#dc-card-file", str(upload))
        press(desk, desk.get_by_role("button", name="Load the card"))
        settled(address, game_id, *everyone)
        expect(desk.locator("#dc-race")).to_have_value("Downs 1")
        expect(desk.locator("#dc-field")).to_have_value("1 Ace, 2 Bolt, 3 Comet")
        press(desk, desk.get_by_role("button", name="Post the card"))
        settled(address, game_id, *everyone)

        # Sealed picks: everyone picks at once; nobody sees another's pick.
        _tap(bob, "3", "win")
        settled(address, game_id, *everyone)
        _tap(ann, "1", "place")
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-sealed")).to_have_text(
            "Picks are sealed until the keeper closes them; "
            "picked so far: Ann (marker 1) and Bob (marker 2)"
        )
        expect(ann.locator(".dc-mine")).to_contain_text("place on 1 Ace")
        for seat, page in [(0, ann), (1, bob), (2, cy), (3, desk), (None, tv)]:
            assert secrets(db, game_id, seat)  # every seat has a pick it may not see
            assert not shown_secrets(page, db, game_id, seat)
        expect(tv.locator('.dc-card tr[data-program="3"]')).not_to_contain_text("Bob (win)")
        snap_part(ann.locator("#board-box"), tmp_path / "phone-sealed.png")
        fits_width(ann)
        # Cy's phone died. The keeper opens "close now", Bob changes his pick meanwhile
        # (the desk is redrawn and stays open), then picks close with Cy sitting out.
        desk.locator(".dc-early summary").click()
        expect(desk.locator(".dc-sit-out")).to_have_text(
            "Closing now: Cy (marker 3) sits this race out"
        )
        _tap(bob, "2", "show")
        settled(address, game_id, *everyone)
        expect(desk.locator(".dc-early")).to_have_attribute("open", "")
        press(desk, desk.get_by_role("button", name="Close picks now"))
        settled(address, game_id, *everyone)
        expect(tv.locator('.dc-card tr[data-program="2"]')).to_contain_text("Bob (show)")
        expect(tv.locator('.dc-card tr[data-program="1"]')).to_contain_text("Ann (place)")
        # A result typed on a page that missed a move is refused as stale and kept.
        desk.fill("#dc-result-finish", "2, 1, 3")
        desk.fill("#dc-result-odds-1", "4-1")
        _make_stale(desk)
        desk.get_by_role("button", name="Post for review").click()
        expect(desk.locator("#error")).to_contain_text("The table moved on")
        expect(desk.locator("#dc-result-finish")).to_have_value("2, 1, 3")
        expect(desk.locator("#dc-result-odds-1")).to_have_value("4-1")
        press(desk, desk.get_by_role("button", name="Post for review"))
        settled(address, game_id, *everyone)
        press(desk, desk.locator("[data-official]"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-moves")).to_contain_text("Cy (marker 3): sat out")
        expect(tv.locator(".dc-moves")).to_contain_text(
            "Bob (marker 2): show on 2 Bolt, 1st at 4-1: +1"
        )

        # Race 2: Top of the Stretch runs it; the TV calls it part by part.
        desk.locator(".dc-stretch summary").click()
        snap_part(desk.locator("#board-box"), tmp_path / "desk-card.png")
        fits_width(desk)
        desk.select_option("#dc-stretch-race", "maiden-special-weight")
        press(desk, desk.get_by_role("button", name="Card a Top of the Stretch race"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-card caption")).to_contain_text("(Top of the Stretch)")
        for phone in phones:
            _tap(phone, "1", "show")
            settled(address, game_id, *everyone)
        snap_part(bob.locator("#board-box"), tmp_path / "phone-stretch.png")
        snap_part(desk.locator("#board-box"), tmp_path / "desk-stretch.png")
        fits_width(desk)
        press(desk, desk.get_by_role("button", name="Close picks"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-call")).to_have_count(0)
        press(desk, desk.locator("[data-run]"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-call p").first).to_be_visible()
        expect(tv.locator(".dc-call")).to_contain_text("At the wire", timeout=30_000)
        snap_part(tv.locator("#board-box"), tmp_path / "tv-call.png")
        expect(desk.locator("#dc-result-finish")).to_have_count(0)  # nothing to type
        press(desk, desk.locator("[data-official]"))
        settled(address, game_id, *everyone)
        expect(tv.locator(".dc-winner")).to_be_visible()
        expect(tv.locator(".dc-last h3")).to_contain_text("Race 2")
        expect(tv.locator(".dc-call")).to_contain_text("At the wire")
        for phone in phones:
            fits_width(phone)
        snap_part(desk.locator("#board-box"), tmp_path / "desk-done.png")
        snap_part(tv.locator("#board-box"), tmp_path / "tv-done.png")
        for c in contexts:
            c.close()

    store = Store(db)
    try:
        kinds = [e.action["kind"] for e in store.load(game_id).events if e.action]
        assert kinds.count("sealed-pick") == 6 and "day-card" in kinds and "run" in kinds
    finally:
        store.close()
