"""Across the Board: the race card's last calls were run together unnamed ("9 rolls. #8
accepted: one X; #3 accepted: one X") just above "You rolled #5", so a player on her
phone read the others' rolls, made before her turn came, as her own (the terminal said
them so too until ``Race.callers``). Each call is now said by its own roller, a roller a
line, her own as "You"."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.browser.table_pages import (
    SharedServer,
    across_at_its_first_auction,
    across_played,
    shows,
    small_phone_at,
)

pytestmark = pytest.mark.browser
NAMES = ("Ann", "Bob", "Cy")
SEATS = [{"kind": "person", "name": name} for name in NAMES]


def _choice(shown: dict[str, Any]) -> dict[str, Any]:
    """Everyone passes every lot, bets nothing, and accepts every roll."""
    phase = shown["view"]["phase"]
    return {"auction": {"kind": "pass"}, "betting": {"kind": "done"}}.get(phase, {"kind": "accept"})


def test_each_call_is_said_by_its_own_roller(browser: Browser, shared_server: SharedServer) -> None:
    with shared_server.visit() as address:
        links, tokens, _ = across_at_its_first_auction(address, SEATS)
        game_id = links["id"]
        accepted: list[tuple[int, int]] = []  # (who accepted, which horse), as played

        def choice(shown: dict[str, Any]) -> dict[str, Any] | None:
            race, ann = shown["view"]["phase"] == "race", shown["seat"] == 0
            if race and ann and len(accepted) >= 4 and accepted[-1][0] != 0:
                return None  # the last roll was another's, and Ann is now to decide hers
            if race:
                accepted.append((shown["seat"], shown["view"]["race_card"]["rolled"]))
            return _choice(shown)

        shown = across_played(address, game_id, tokens, choice)
        view = shown["view"]
        other, horse = accepted[-1]
        page = small_phone_at(browser, address, links["seats"][0]["link"])
        shows(page, shown["version"])
        expect(page.locator(".ab-roll")).to_contain_text(
            f"You rolled #{view['race_card']['rolled']}"
        )
        said = page.locator(".ab-calls .ab-call").all_inner_texts()
        # the roll just before her turn is the other's, on the last line, under his name
        assert said[-1].startswith(f"{NAMES[other]}: ") and f"#{horse} accepted" in said[-1], said
        assert all(line.startswith(("You: ", "Bob: ", "Cy: ")) for line in said), said
        page.context.close()
