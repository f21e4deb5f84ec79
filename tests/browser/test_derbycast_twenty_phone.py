"""Twenty markers on a small phone (375 x 667): after a race a player sees the race's
result and her own standing without scrolling. The result stood under the twenty
standings between races (its title some 1040 px down the board) and under the next
race's horses once it was carded (some 720 px down); every pick's line (twenty, some
900 px) is folded under her own now. Measured in ``/tmp`` screenshots by the test."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    SMALL,
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    own_pick_first,
    settled,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser

FIELD = ", ".join(f"{n} {name}" for n, name in enumerate(("Ace", "Bolt", "Comet", "Dash"), 1))
ODDS = ["2-1", "5-2", "4-1", "9-2"]


def _card(address: str, game_id: int, keeper: str, race: str) -> None:
    card = {"kind": "typed-card", "race": race, "field": FIELD, "odds": ", ".join(ODDS)}
    move(address, game_id, keeper, {**card, "scratched": ""})


def _in_sight(page: Page, selector: str) -> None:
    """The first of ``selector`` is wholly on the first screen, the page not scrolled."""
    assert page.evaluate("scrollY") == 0
    expect(page.locator(selector).first).to_be_in_viewport(ratio=1)


def test_a_player_of_twenty_sees_the_result_and_her_standing_without_scrolling(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        names = ["Ann", *(f"Computer {n}" for n in range(1, 20))]
        config = {
            "entrants": [{"name": n} for n in names],
            "source": "keeper",
            "feed": {"kind": "manual"},
        }
        seats = [{"kind": "person", "name": "Ann"}]
        seats += [{"kind": "bot", "name": n, "bot": "value"} for n in names[1:]]
        seats += [{"kind": "person", "name": "Keeper"}]
        links = open_table(
            address, {"game": "derbycast", "config": config, "seats": seats, "seed": 5}
        )
        game_id = links["id"]
        ann, keeper = token_of(links["seats"][0]["link"]), token_of(links["seats"][-1]["link"])
        _card(address, game_id, keeper, "Downs 1")
        move(address, game_id, ann, {"kind": "pick", "horse": "Comet", "bet": "win"})
        move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
        result = {"kind": "result", "odds": ODDS, "finish": [2, 3, 1, 4], "official": False}
        move(address, game_id, keeper, result)
        move(address, game_id, keeper, {"kind": "official"})
        context = browser.new_context(base_url=address, **SMALL)
        try:
            phone = context.new_page()
            phone.goto(links["seats"][0]["link"])
            settled(address, game_id, phone)
            view = frame(address, game_id, ann)["view"]
            mine = next(r for r in view["standings"] if r["marker"] == 1)["words"]
            own = view["last_race"]["words"]["picks"][0]
            assert own == "Ann (marker 1): win on 3 Comet, 1st at 4-1: +4"
            for race, carded in (("between races", False), ("race 2 carded", True)):
                if carded:
                    _card(address, game_id, keeper, "Downs 2")
                    settled(address, game_id, phone)
                    phone.evaluate("scrollTo(0, 0)")
                    expect(phone.locator(".dc-horses")).to_be_visible()
                expect(phone.locator(".dc-me")).to_have_text(mine)
                _in_sight(phone, ".dc-me")
                expect(phone.locator(".dc-last h3")).to_have_text(
                    view["last_race"]["words"]["title"]
                )
                _in_sight(phone, ".dc-last h3")
                expect(phone.locator(".dc-result li")).to_have_text(
                    view["last_race"]["words"]["finish"]
                )
                _in_sight(phone, ".dc-result li >> nth=3")  # the first four home
                expect(phone.locator(".dc-last > .dc-moves li")).to_have_text([own])
                _in_sight(phone, ".dc-own-pick")
                snap(phone, tmp_path / f"twenty-{race.replace(' ', '-')}.png", full_page=False)
                fits_width(phone)
            # every pick, folded under her own, opens on a tap and stays open over a frame
            fold = phone.locator(".dc-all-picks")
            expect(fold.locator("summary")).to_have_text("Every pick (20)")
            expect(fold.locator("li").first).to_be_hidden()
            fold.locator("summary").click()
            expect(fold.locator("li")).to_have_text(view["last_race"]["words"]["picks"])
            move(address, game_id, ann, {"kind": "pick", "horse": "Ace", "bet": "show"})
            settled(address, game_id, phone)
            expect(phone.locator(".dc-all-picks")).to_have_attribute("open", "")
            expect(phone.locator(".dc-standings li")).to_have_count(20)
        finally:
            context.close()


def test_three_players_see_every_pick_unfolded(
    browser: Browser, shared_server: SharedServer
) -> None:
    """A family of three: no fold, every pick's line, the phone's own first."""
    with shared_server.visit() as address:
        names = ["Ann", "Bob", "Cy"]
        config = {
            "entrants": [{"name": n} for n in names],
            "source": "keeper",
            "feed": {"kind": "manual"},
        }
        seats = [{"kind": "person", "name": n} for n in [*names, "Keeper"]]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        _card(address, game_id, tokens[3], "Downs 1")
        for seat, horse in enumerate(("Ace", "Bolt", "Comet")):
            move(address, game_id, tokens[seat], {"kind": "pick", "horse": horse, "bet": "show"})
        move(address, game_id, tokens[3], {"kind": "scratches", "horses": [], "sit_out": []})
        result = {"kind": "result", "odds": ODDS, "finish": [2, 3, 1, 4], "official": True}
        move(address, game_id, tokens[3], result)
        context = browser.new_context(base_url=address, **SMALL)
        try:
            phone = context.new_page()
            phone.goto(links["seats"][1]["link"])
            settled(address, game_id, phone)
            seen = frame(address, game_id, tokens[1])
            expect(phone.locator(".dc-last .dc-moves li")).to_have_text(own_pick_first(seen))
            # its own first: Bob's, then Ann's and Cy's
            assert own_pick_first(seen)[0].startswith("Bob")
            expect(phone.locator(".dc-all-picks")).to_have_count(0)
            _in_sight(phone, ".dc-own-pick")
        finally:
            context.close()
