"""Totopoly's own board in a real browser: a short and a long game of two people and a
computer player. Each person's board shows his own hand and nobody else's; the people play
their first choices on the page, then the creator hands both seats to computer players
and the race is run to the end; the course is drawn as lanes of lengths with the horses
on them, and in the replay a horse's counter moves along its lane as the dice fall."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import API, SharedServer, frame, shows, snap, snap_part

pytestmark = pytest.mark.browser
SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]


def _cards_on_board(page: Page) -> set[str]:
    cards = page.locator("#tp-hand [data-card]")
    return {cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())}


@pytest.mark.parametrize("short", [True, False], ids=["short", "long"])
def test_a_game_on_the_totopoly_board(
    browser: Browser, shared_server: SharedServer, tmp_path: Path, short: bool
) -> None:
    with shared_server.visit() as address:
        request = {
            "game": "totopoly",
            "config": {"players": 3, "short": short},
            "seats": SEATS,
            "seed": 11,
        }
        links = API.post(f"{address}/api/tables", json=request).json()
        game_id = links["id"]
        tokens = [seat["link"].rsplit("/", 1)[1] for seat in links["seats"]]
        contexts = [browser.new_context(base_url=address) for _ in range(2)]
        pages = [context.new_page() for context in contexts]
        for page, seat in zip(pages, links["seats"], strict=True):
            page.goto(seat["link"])

        # The people play their first choices on the page until the hands are dealt
        # and each has had the board show him his hand, twice over.
        seen_hands = [0, 0]
        for _ in range(40):
            frames = [frame(address, game_id, token) for token in tokens]
            version = frames[0]["version"]
            for page, seen in zip(pages, frames, strict=True):
                shows(page, version)
                hand = {card["card"] for card in seen["view"].get("hand", [])}
                assert _cards_on_board(page) == hand | {
                    c["card"] for c in seen["view"].get("leases", [])
                } | {c["card"] for c in seen["view"].get("known_lots", [])}
            hands = [{c["card"] for c in f["view"].get("hand", [])} for f in frames]
            if all(hands):
                assert not hands[0] & hands[1]
                # nobody's board shows a card of the other's hand, by id or by name
                for me, page in enumerate(pages):
                    other = frames[1 - me]["view"]["hand"]
                    text = page.locator("#board").inner_text()
                    assert not _cards_on_board(page) & hands[1 - me]
                    assert not any(card["name"] in text for card in other), me
                    seen_hands[me] += 1
            if min(seen_hands) >= 2:
                break
            mover = next((f["seat"] for f in frames if f["your_turn"]), None)
            assert mover is not None, frames[0]["waiting"]
            expect(pages[mover].locator("#tp-status")).to_contain_text("Your turn")
            moves = pages[mover].locator("#tp-moves button")
            expect(moves.first).to_be_visible()
            labels = moves.all_inner_texts()
            assert not any("lease:" in label for label in labels), labels  # words, not ids
            moves.first.click()
            expect(pages[mover].locator("body")).not_to_have_attribute("data-version", str(version))
        assert min(seen_hands) >= 2, "the people never both held a hand"

        # The creator hands both seats to computer players; the game runs to its end.
        for seat in (0, 1):
            answer = API.post(
                f"{address}/api/tables/{game_id}/seats/{seat}",
                json={"token": links["admin_token"], "bot": "sensible"},
                timeout=300,  # the computer players play on before the answer comes
            )
            assert answer.status_code == 200, answer.text
        final = frame(address, game_id)
        assert final["over"], final["waiting"]
        for page in pages:
            shows(page, final["version"])
            expect(page.locator("#tp-course")).to_be_visible()
            expect(page.locator("#tp-course .tp-finish")).to_contain_text("Past the post")
            assert page.locator("#tp-course .tp-len.tp-red").count() > 0
            assert page.locator("#tp-course .tp-len.tp-bend").count() > 0
            expect(page.locator("#view-box")).not_to_have_attribute("open", "")
        if short:  # no Tote in the short game
            expect(pages[0].locator("#tp-tote")).to_be_hidden()
        else:  # the clerk's pad: the amount laid on each horse
            expect(pages[0].locator("#tp-tote")).to_be_visible()
            laid = final["view"]["tote"]["by_horse"]
            # the game over, the pool is paid out: what was laid in all is said
            total = sum(laid.values())
            expect(pages[0].locator("#tp-tote")).to_contain_text(f"Laid in all: £{total}")
            for horse, pounds in laid.items():
                row = pages[0].locator(f"#tp-tote tr[data-horse='{horse}']")
                expect(row).to_contain_text(f"£{pounds}")

        # In the replay a horse runs along its lane as the dice fall.
        replay = contexts[0].new_page()
        replay.goto(f"/t/{game_id}/replay?seat=0")
        race = _race_versions(address, game_id)
        places: dict[str, set[str]] = {}
        for at in race:
            replay.evaluate(f"showReplay({at})")
            shows(replay, at)
            expect(replay.locator("#tp-course .tp-horse").first).to_be_visible()
            spots = replay.locator("#tp-course .tp-horse").evaluate_all(
                "all => all.map(e => [e.dataset.horse, e.style.left + ',' + e.style.top])"
            )
            for horse, spot in spots:
                places.setdefault(horse, set()).add(spot)
        assert any(len(spots) > 1 for spots in places.values()), places
        # At the off the horses wait at their lanes' gates: side by side, none hidden
        at = _horses_sharing_a_gate(address, game_id)
        replay.evaluate(f"showReplay({at})")
        shows(replay, at)
        spots = replay.locator("#tp-course .tp-horse").evaluate_all(TOKEN_SPOTS)
        replay.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")  # glided
        snap_part(replay.locator("#tp-course .tp-scroll"), tmp_path / "at-the-gate.png")
        for k, (one, left, top) in enumerate(spots):
            for two, other_left, other_top in spots[k + 1 :]:
                apart = abs(left - other_left) >= 17 or abs(top - other_top) >= 17
                assert apart, f"No. {one} and No. {two} are drawn over each other: {spots}"
        # Earlier in the same game: the auction block, then the training ring.
        replay.evaluate(f"showReplay({_first_version(address, game_id, 'auction', 1)})")
        expect(replay.locator("#tp-lot .tp-lotcard")).to_be_visible()
        expect(replay.locator("#tp-lot")).to_contain_text("face value")
        replay.evaluate(f"showReplay({_first_version(address, game_id, 'training', 4)})")
        expect(replay.locator("#tp-ring")).to_be_visible()
        expect(replay.locator("#tp-ring .tp-here .tp-chip").first).to_be_visible()

        phone: Any = browser.new_context(
            base_url=address, viewport={"width": 390, "height": 844}, is_mobile=True
        )
        page = phone.new_page()
        page.goto(links["seats"][0]["link"])
        shows(page, final["version"])
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 400, f"the page is {width}px wide on a phone: the lanes must scroll"
        snap(page, tmp_path / "phone.png")
        for context in (*contexts, phone):
            context.close()


def _phase_at(address: str, game_id: int, at: int) -> str:
    """The game's phase ``at`` events in, from the table's replay."""
    replayed = API.get(f"{address}/api/tables/{game_id}/replay", params={"at": at}, timeout=60)
    phase: str = replayed.json()["view"]["phase"]
    return phase


TOKEN_SPOTS = """all => all.map((e) => [e.dataset.horse, parseFloat(e.style.left), parseFloat(e.style.top)])"""
"""Where each horse's token is put on the racecourse (px; a token is 17 px across)."""


def _horses_sharing_a_gate(address: str, game_id: int) -> int:
    """The first version at which two horses wait at one lane's gate (looked for from
    just before the race is first seen, version by version)."""
    length = frame(address, game_id)["version"]
    begin = _first_version(address, game_id, "race", 0) - max(1, length // 80)
    for at in range(max(0, begin), length):
        view = API.get(f"{address}/api/tables/{game_id}/replay", params={"at": at}).json()["view"]
        if view["phase"] != "race":
            continue
        waiting = [h["track"] for h in view["horses"] if h.get("length") == 0]
        if len(waiting) > len(set(waiting)):
            return at
    raise AssertionError("no two horses ever waited at one gate")


def _race_versions(address: str, game_id: int) -> list[int]:
    """Versions early in the race, where the horses are on the course."""
    length = frame(address, game_id)["version"]
    found = []
    for at in range(length // 2, length, max(1, length // 40)):
        if _phase_at(address, game_id, at) == "race":
            found.append(at)
        if len(found) == 4:
            break
    assert found, "no version of the game shows the race"
    return found


def _first_version(address: str, game_id: int, phase: str, later: int) -> int:
    """A version ``later`` events into the first stretch of the game in ``phase``."""
    length = frame(address, game_id)["version"]
    for at in range(0, length, max(1, length // 80)):
        if _phase_at(address, game_id, at) == phase:
            for step in range(later, -1, -1):
                if _phase_at(address, game_id, at + step) == phase:
                    return at + step
    raise AssertionError(f"no version of the game is in the {phase}")
