"""Totopoly's buttons name a horse as the leases do: "Nominate No. 5 Copper Kettle
(red)", "No. 5 Copper Kettle (red) takes the throw". They said "Nominate No. 5" and
"No. 5 takes the throw", and a person playing at 375 px scrolled down to his leases to
find which of his horses No. 5 was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import SMALL, SharedServer, frame, shows
from tests.browser.test_totopoly_table_talk import _move, _open, _until

pytestmark = pytest.mark.browser


def _named(view: dict[str, Any], number: int) -> str:
    horse = next(h for h in view["horses"] if h["number"] == number)
    return f"No. {number} {horse['name']} ({horse['colour']})"


def test_a_horse_on_a_button_is_named_with_its_colour(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        phone = browser.new_context(base_url=address, **SMALL)
        checked: set[str] = set()
        for kind, phase in (("nominate", "nomination"), ("use", "race")):
            for _ in range(60):
                asked = _until(address, game_id, tokens, phase)
                actions = [e["action"] for e in asked["legal"] if e["action"]["kind"] == kind]
                if actions:
                    break
                _move(address, game_id, tokens)
            else:
                raise AssertionError(f"nobody was asked to {kind}")
            page = phone.new_page()
            page.goto(links["seats"][asked["seat"]]["link"])
            shows(page, frame(address, game_id)["version"])
            for action in actions:
                if not action.get("horse"):
                    continue
                sent = json.dumps(action, separators=(",", ":"))
                button = page.locator(f"#tp-moves button[data-action='{sent}']")
                named = _named(asked["view"], action["horse"])
                said = f"Nominate {named}" if kind == "nominate" else f"{named} takes the throw"
                expect(button).to_have_text(said)
                checked.add(kind)
            page.close()
        assert checked == {"nominate", "use"}
