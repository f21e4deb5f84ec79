"""The score keeper on a phone closes picks with late scratches: each horse's box is a
thumb's target (44 px tall, as the buttons are), so a tap on one horse does not tick the
next."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import (
    SharedServer,
    fits_width,
    frame,
    move,
    open_table,
    shows,
    snap,
    token_of,
)

pytestmark = pytest.mark.browser
CARD = {"kind": "typed-card", "race": "Race 1", "field": "Alpha, Bravo, Charlie, Delta", "odds": "2-1, 3-1, 5-1, 8-1", "scratched": ""}  # fmt: skip


def test_late_scratches_are_each_a_thumbs_target(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": 2}
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        move(address, game_id, tokens[2], CARD)
        for seat in (0, 1):  # each picks, then says the pick stands
            for kind in ("pick", "stand"):
                legal = frame(address, game_id, tokens[seat])["legal"]
                chosen = next((a["action"] for a in legal if a["action"]["kind"] == kind), None)
                if chosen is not None:
                    move(address, game_id, tokens[seat], chosen)
        assert frame(address, game_id, tokens[2])["your_turn"]  # picks close at the off
        keeper = phone()
        keeper.goto(links["seats"][2]["link"])
        shows(keeper, frame(address, game_id)["version"])
        boxes = keeper.locator(".dc-check")
        expect(boxes).to_have_count(4)
        snap(keeper, shared_server.folder / "keeper-scratches.png", full_page=False)
        heights = [box["height"] for box in (b.bounding_box() for b in boxes.all()) if box]
        assert len(heights) == 4 and min(heights) >= 44, heights
        boxes.nth(1).click()  # Bravo, and Bravo alone
        expect(keeper.locator(".dc-check input:checked")).to_have_count(1)
        expect(keeper.locator("#dc-late-1")).to_be_checked()
        fits_width(keeper)


def test_a_card_typed_a_morning_line_short_tells_the_desk_which_horses_have_none(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """The card is taken (unknown odds are allowed) and the desk says, above it, which
    horses have no odds, so a keeper who missed a line sees it; the phones are not told."""
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": 2}
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        move(address, links["id"], tokens[2], {**CARD, "odds": "2-1, 3-1, 5-1"})
        keeper = phone()
        keeper.goto(links["seats"][2]["link"])
        shows(keeper, frame(address, links["id"])["version"])
        expect(keeper.locator(".dc-no-odds")).to_have_text(
            "No morning line for 4 Delta: its odds are not known."
        )
        fits_width(keeper)
        ann = phone()
        ann.goto(links["seats"][0]["link"])
        shows(ann, frame(address, links["id"])["version"])
        expect(ann.locator(".dc-no-odds")).to_have_count(0)


def test_the_keeper_adds_the_missing_morning_line_on_the_desk_and_the_phones_show_it(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """R28: with picks open, the desk's fold (open while a line is missing) has a field
    for each starter; the line typed for Delta is posted, every phone's card shows it
    without a reload, and the desk no longer says Delta has none. A field left as it
    was is not sent; nothing changed is said under the form."""
    with shared_server.visit() as address:
        config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper", "races": 2}
        seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
        links = open_table(address, {"game": "derbycast", "config": config, "seats": seats})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        move(address, game_id, tokens[2], {**CARD, "odds": "2-1, 3-1, 5-1"})
        keeper, ann = phone(), phone()
        keeper.goto(links["seats"][2]["link"])
        ann.goto(links["seats"][0]["link"])
        version = frame(address, game_id)["version"]
        shows(keeper, version)
        shows(ann, version)
        delta = ann.get_by_role("button", name="4 Delta")  # Ann's to pick: horses to tap
        expect(delta).to_contain_text("odds not known")
        lines = keeper.locator(".dc-lines")
        expect(lines).to_have_attribute("open", "")
        lines.locator("button[type=submit]").click()
        expect(lines.locator(".dc-refused")).to_have_text("type a new morning line first")
        field = keeper.get_by_label("Morning line of 4 Delta")
        field.fill("9/2")
        fits_width(keeper)
        snap(keeper, shared_server.folder / "keeper-lines.png")
        lines.locator("button[type=submit]").click()
        shows(ann, version + 1)
        expect(delta).to_contain_text("9-2")
        expect(keeper.locator(".dc-no-odds")).to_have_count(0)
        expect(keeper.locator(".dc-card tr[data-program='4'] td").nth(2)).to_have_text("9-2")
        sent = [e for e in frame(address, game_id, tokens[2])["log"] if e.get("player") == 2]
        assert sent[-1]["action"] == {"kind": "morning-line", "horses": ["Delta"], "odds": ["9/2"]}
