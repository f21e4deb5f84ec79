"""Derby Cast played to the end in a real browser through the generic page: two people
(one on a phone, one reloading mid-game), a computer player, the Official Score Keeper
as a person posting each card, the scratches and the official result through the
page's form, and a spectator."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import (
    context,
    fits_width,
    frame,
    nothing_hidden,
    open_moves,
    open_table,
    open_view,
    shows,
    snap,
)
from tests.conftest import serving

from homestretch.core.registry import entry

pytestmark = pytest.mark.browser
HORSES = "Alpha, Bravo, Charlie, Delta"
ODDS = "2-1, 3-1, 5-1, 8-1"
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "value", "name": "Cy"},
    {"kind": "person", "name": "Keeper"},  # the game's own seat: the score keeper
]


def _config() -> dict[str, object]:
    config = dict(entry("derbycast").harness_configs()[0])  # the keeper posts the races
    config["players"] = 3
    config["entrants"] = [{"name": f"K{n}", "members": [f"K{n}"], "bot": False} for n in (1, 2, 3)]
    config["races"] = 2
    return config


def _post(keeper: Page, kind: str, **fields: str) -> None:
    """The keeper fills in the form for ``kind`` and sends it."""
    open_moves(keeper)  # folded under the keeper's desk
    keeper.select_option("#form-kind", kind)
    for name, value in fields.items():
        keeper.fill(f"#field-{name}", value)
    keeper.locator("#typed button[type=submit]").click()


def test_people_and_a_score_keeper_play_derby_cast(browser: Browser, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    with serving(db, tmp_path) as address:
        request = {"game": "derbycast", "config": _config(), "seats": SEATS, "seed": 2}
        links = open_table(address, request)
        game_id = links["id"]
        contexts = [context(browser, address, phone=(n == 0)) for n in range(4)]
        ann, bob, keeper, watch = (c.new_page() for c in contexts)
        for page, seat in zip((ann, bob, keeper), links["seats"], strict=True):
            page.goto(seat["link"])
        watch.goto(f"/t/{game_id}/watch")
        seats = {0: ann, 1: bob, 3: keeper}
        pages: list[tuple[Page, int | None]] = [(ann, 0), (bob, 1), (keeper, 3), (watch, None)]
        open_view(ann)  # folded under the board: opened as a player would
        expect(ann.locator("#view")).to_contain_text("Ann")  # the seat's name is the marker's

        reloaded = False
        for _ in range(60):
            now = frame(address, game_id)
            for page, _seat in pages:
                shows(page, now["version"])
            if now["over"]:
                break
            seat = now["waiting"]["seats"][0]
            page = seats[seat]
            expect(page.locator("#status")).to_have_text("your turn")
            phase = now["view"]["phase"]
            if seat == 3 and phase == "card":
                _post(keeper, "card", race=f"Race {now['view']['race']}", horses=HORSES, odds=ODDS)
            elif seat == 3 and phase == "scratches":
                _post(keeper, "scratches", horses="")
            elif seat == 3 and phase == "review":  # the posting looks right: it is official
                _post(keeper, "official")
            elif seat == 3:
                _post(keeper, "result", odds=ODDS, finish="2, 1, 4, 3")
            else:
                open_moves(page)
                page.locator("#actions button").first.click()  # a pick from the card
            expect(watch.locator("#log")).to_contain_text(
                f"{now['version']}: {SEATS[seat]['name']}:"
            )
            if phase == "review" and not reloaded:
                bob.reload()  # after the first race is scored, and Bob carries on
                reloaded = True
        else:
            pytest.fail("the game did not end")

        final = frame(address, game_id)
        assert reloaded and final["over"]
        assert {w["name"] for w in final["result"]["winners"]} <= {"Ann", "Bob", "Cy"}
        for page, seat in pages:
            expect(page.locator("#result")).to_contain_text("winners")
            assert nothing_hidden(db, game_id, seat)  # picks are public: no secret to show
        fits_width(ann)
        snap(ann, tmp_path / "derbycast-phone.png")
        for c in contexts:
            c.close()
