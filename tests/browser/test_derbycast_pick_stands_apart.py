"""A family's phones once every pick is in (sealed, each pick said to stand: R22, R24):
"My pick stands", the move the table waits for, was drawn as one more of the field's
buttons, grey, 44 px tall above fourteen horses 50 px tall: it read as a horse, or was
passed over for one. It is set apart now: as tall as a horse's button (one line), as wide as the
column, filled and in bold, on the first screen of a 390 x 844 phone. A screenshot is
kept in the test's folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    PHONE,
    SharedServer,
    frame,
    move,
    open_table,
    screen_at,
    snap,
    token_of,
)

from homestretch.games.derbycast.rules.words import PHONE_BUTTONS

pytestmark = pytest.mark.browser

FAMILY = {"entrants": [{"name": n} for n in ("Mum", "Dad", "Kit")], "source": "keeper"}
SEATS = [{"kind": "person", "name": n} for n in ("Mum", "Dad", "Kit", "Keeper")]
LOOK = """(node) => {
  const style = getComputedStyle(node), box = node.getBoundingClientRect();
  return { width: box.width, height: box.height, fill: style.backgroundColor,
           weight: Number(style.fontWeight) };
}"""


def test_my_pick_stands_is_set_apart_from_the_field(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        config = {**FAMILY, "sealed": True, "confirm": True}
        links = open_table(address, {"game": "derbycast", "config": config, "seats": SEATS})
        game_id = links["id"]
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        move(address, game_id, tokens[3], {"kind": "simulate", "race": "dream-derby"})
        horses = frame(address, game_id)["view"]["card"]["horses"]
        for marker, token in enumerate(tokens[:3]):
            ticket = f"{marker + 1}|{('win', 'place', 'show')[marker]}|{horses[marker]}"
            move(address, game_id, token, {"kind": "sealed-pick", "ticket": ticket})
        with screen_at(browser, address, links["seats"][0]["link"], game_id, PHONE) as mum:
            stands = mum.locator("button[data-ready]")
            expect(stands).to_have_text(PHONE_BUTTONS["stands"])
            expect(stands).to_be_in_viewport(ratio=1)
            snap(mum, tmp_path / "pick-stands-390.png", full_page=False)
            own = stands.evaluate(LOOK)
            field = [horse.evaluate(LOOK) for horse in mum.locator(".dc-horses button").all()]
            assert len(field) == len(horses) == 14
            assert own["height"] >= min(horse["height"] for horse in field), (own, field[0])
            assert own["width"] >= max(horse["width"] for horse in field) - 1, (own, field[0])
            assert all(horse["fill"] != own["fill"] for horse in field), own
            assert own["weight"] >= 600 > max(horse["weight"] for horse in field)
