"""Who is "here" on a final screen: a player who closes his page after the end is not
here on the others' (left, not here), and here again when he opens it. Each page's
event stream ended with the game's last frame, so a final screen was told nothing more:
whoever had seen the end stayed "here" on it for good."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import API, SMALL, SharedServer, frame, shows, token_of

pytestmark = pytest.mark.browser
HORSES = ("secretariat-1973", "seattle-slew-1977", "affirmed-1978")


def test_a_player_who_leaves_after_the_end_is_not_here_on_the_final_screen(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        race = {
            "name": "Going Home Stakes",
            "furlongs": 6,
            "entries": [{"horse": h} for h in HORSES],
        }
        people = [{"kind": "person", "name": name} for name in ("Ann", "Bob")]
        answer = API.post(
            f"{address}/api/stretch/races", json={"race": race, "mode": "quick", "players": people}
        )
        assert answer.status_code == 200, answer.text
        links = answer.json()
        game_id = links["id"]
        ann, bob = (browser.new_context(base_url=address, **SMALL) for _ in range(2))
        ann_page, bob_page = ann.new_page(), bob.new_page()
        ann_page.goto(links["seats"][0]["link"])
        bob_page.goto(links["seats"][1]["link"])
        ann_seat = bob_page.locator("#seats li[data-seat='0']")
        expect(ann_seat).to_contain_text("here")
        for seat in links["seats"]:  # each says done: the race is run, the game over
            token = token_of(seat["link"])
            seen = frame(address, game_id, token)
            done = {"token": token, "version": seen["version"], "action": {"kind": "done"}}
            assert API.post(f"{address}/api/tables/{game_id}/moves", json=done).status_code == 200
        last = frame(address, game_id)
        assert last["over"]
        shows(ann_page, last["version"])
        shows(bob_page, last["version"])
        expect(ann_seat).to_contain_text("here")  # both see the end
        status = bob_page.locator("#status").text_content()
        ann.close()  # Ann goes home
        expect(ann_seat).not_to_contain_text("here")
        expect(bob_page.locator("#status")).to_have_text(status or "")  # still the end's
        again = browser.new_context(base_url=address, **SMALL)
        again.new_page().goto(links["seats"][0]["link"])  # and looks again
        expect(ann_seat).to_contain_text("here")
        for each in (bob, again):
            each.close()
