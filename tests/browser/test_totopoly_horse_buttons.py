"""Totopoly's buttons name a horse as the leases do: "Nominate No. 5 Copper Kettle
(red)", "No. 5 Copper Kettle (red) takes the throw". They said "Nominate No. 5" and
"No. 5 takes the throw", and a person playing at 375 px scrolled down to his leases to
find which of his horses No. 5 was. A throw's button says where the horse stands too
("... takes the throw (now at length 14, track 2)"): on a phone the moves are above the
racecourse, and the rows his horses were on were a long scroll below them. The prompt
over them names the throw ("you threw 4"), with no "Last throw: 4" said again under it."""

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


def _spot(view: dict[str, Any], number: int) -> tuple[int, int]:
    """Where a horse stands on the racecourse: its length (0: the gate) and track."""
    horse = next(h for h in view["horses"] if h["number"] == number)
    return int(horse["length"]), int(horse["track"])


def test_a_horse_on_a_button_is_named_with_its_colour(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        phone = browser.new_context(base_url=address, **SMALL)
        checked: set[str] = set()
        # a throw's buttons at the race's start (at the gate) and later (along the course)
        wanted = (("nominate", "nomination", 0), ("use", "race", 0), ("use", "race", 1))
        for kind, phase, away in wanted:
            for _ in range(400):
                asked = _until(address, game_id, tokens, phase)
                actions = [e["action"] for e in asked["legal"] if e["action"]["kind"] == kind]
                lengths = [_spot(asked["view"], a["horse"])[0] for a in actions if kind == "use"]
                if actions and (not away or min(lengths) > 0):
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
                said = f"Nominate {named}"
                if kind == "use":
                    length, track = _spot(asked["view"], action["horse"])
                    assert bool(length) == bool(away)
                    at = f"length {length}" if length else "the gate"
                    said = f"{named} takes the throw (now at {at}, track {track})"
                expect(button).to_have_text(said)
                checked.add(f"{kind}{away}")
            if kind == "use":  # the prompt names the throw: no "Last throw" under it
                throw = asked["view"]["last_throw"]
                expect(page.locator(".tp-prompt")).to_contain_text(f"you threw {throw}")
                expect(page.locator(".tp-throw")).to_have_count(0)
            page.close()
        assert checked == {"nominate0", "use0", "use1"}
