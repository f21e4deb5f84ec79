"""A table played at a terminal (``homestretch resume``) and on phones at once: a move
typed at the terminal is stored there and no notice is sent, yet a phone open on the
table draws it without anyone tapping (the server looks at the stored versions of the
tables it has pages open on). A move sent afterwards on the table as it was before is
refused in the words of any stale move."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from tests.browser.table_pages import SharedServer, frame, open_table, shows, token_of
from tests.web.conftest import move_at_terminal

pytestmark = pytest.mark.browser
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


def test_a_phone_draws_a_move_typed_at_the_terminal(
    phone: Callable[[], Page], shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links = open_table(
            address, {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": 8}
        )
        game_id = int(links["id"])
        tokens = [token_of(seat["link"]) for seat in links["seats"]]
        seen = [frame(address, game_id, token) for token in tokens]
        at_terminal = next(s for s, shown in enumerate(seen) if shown["your_turn"])
        on_phone = 1 - at_terminal
        before = seen[0]["version"]
        page = phone()
        page.goto(links["seats"][on_phone]["link"])
        shows(page, before)
        status = page.locator("#status")
        expect(status).to_contain_text(f"waiting for {PEOPLE[at_terminal]['name']}")

        mover, version = move_at_terminal(shared_server.db, game_id)

        assert mover == PEOPLE[at_terminal]["name"] and version > before
        shows(page, version)  # pushed: nobody tapped
        now = frame(address, game_id, tokens[on_phone])
        assert now["version"] == version
        if now["your_turn"]:
            expect(status).to_have_text("your turn")
        else:
            expect(status).to_contain_text("waiting for")

        # the terminal player's move again, from a page that had not drawn the first
        stale = page.request.post(
            f"{address}/api/tables/{game_id}/moves",
            data={
                "token": tokens[at_terminal],
                "version": before,
                "action": seen[at_terminal]["legal"][0]["action"],
            },
        )
        assert stale.status == 409, stale.text()
        said = stale.json()["error"]
        assert said.startswith(
            f"The table moved on before your move reached it ({mover}, on another page or device,"
        ), said
        assert said.endswith(
            "so yours was not made: look again and make it again if you still want it."
        )
        assert stale.json()["frame"]["version"] == version
