"""Totopoly at a table of three friends, each on a phone: what each page says about the
others. A player who was not looking reads what the table did lately; the one asked is
told why "done" is missing; a waiting player reads the prompt about the player asked,
never "you threw 3"; a typed bid the server refuses is said under the box it was typed
in; the Tote asks for a horse and a stake in one line, not a wall of buttons; the
players' businesses and kept cards are named as the cards name them; a training-ring
square is read in full with a tap (a phone shows no tooltip)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from tests.browser.table_pages import (
    API,
    DRAWN_PAST,
    SharedServer,
    broken_words,
    context,
    fits_width,
    frame,
    held_on_its_way,
    shows,
    small_phone_at,
    snap,
    snap_part,
    token_of,
    totopoly_asked_to_bid_again,
)

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
PEOPLE = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
QUIET = ("done", "pass", "throw", "join")
"""The moves played for the people between the checks: keep hands, let lots go (and
each nominates his first horse)."""


def _open(address: str, seed: int) -> tuple[dict[str, Any], int, list[str]]:
    """A long game for Ann, Bob and Cy, each a person: its links, id and seat tokens."""
    request = {"game": "totopoly", "config": {"players": 3}, "seats": PEOPLE, "seed": seed}
    links = API.post(f"{address}/api/tables", json=request).json()
    return links, links["id"], [token_of(seat["link"]) for seat in links["seats"]]


def _seen(address: str, game_id: int, token: str) -> dict[str, Any]:
    """A seat's frame (``frame``, asked on the kept client: the quiet moves ask hundreds)."""
    answer = API.get(f"{address}/api/tables/{game_id}/frame", params={"token": token})
    assert answer.status_code == 200, answer.text
    seen: dict[str, Any] = answer.json()
    return seen


def _asked(address: str, game_id: int, tokens: list[str]) -> dict[str, Any]:
    """The frame of the person asked to move."""
    return next(f for f in (_seen(address, game_id, t) for t in tokens) if f["your_turn"])


def _move(address: str, game_id: int, tokens: list[str]) -> dict[str, Any]:
    """The person to act plays a quiet move; the frame he moved from."""
    mover = _asked(address, game_id, tokens)
    legal = [entry["action"] for entry in mover["legal"]]
    quiet = [a for a in legal if a["kind"] in QUIET or (a["kind"] == "nominate" and a["horse"])]
    action = (quiet or legal)[0]
    body = {"token": tokens[mover["seat"]], "version": mover["version"], "action": action}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=body)
    assert answer.status_code == 200, answer.text
    return mover


def _until(address: str, game_id: int, tokens: list[str], phase: str) -> dict[str, Any]:
    """Quiet moves until someone is asked in ``phase``: that person's frame."""
    for _ in range(400):
        mover = _asked(address, game_id, tokens)
        if mover["view"]["phase"] == phase:
            return mover
        _move(address, game_id, tokens)
    raise AssertionError(f"never got to {phase}")


def _button(page: Page, action: dict[str, Any]) -> Locator:
    """The board's button for ``action`` (it carries the action as the page sends it)."""
    sent = json.dumps(action, separators=(",", ":"))
    return page.locator(f"#tp-moves button[data-action='{sent}']")


def just_under_the_moves(page: Page, part: str) -> None:
    """``part`` of the board comes straight after the moves, before the table's news,
    the player's cards and the players."""
    tops = page.evaluate(
        """(part) => ["#tp-moves", part, "#tp-lately", "#tp-hand", "#tp-players"]
            .map((s) => document.querySelector(s).getBoundingClientRect().top)""",
        part,
    )
    names = ["moves", part, "lately", "hand", "players"]
    assert tops == sorted(tops), dict(zip(names, tops, strict=True))


def _status(page: Page) -> str:
    return page.locator("#tp-status .tp-prompt").inner_text()


def test_what_each_phone_says_about_the_others(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        phones = [context(browser, address, phone=True) for _ in PEOPLE]
        pages = [phone.new_page() for phone in phones]
        for page, seat in zip(pages, links["seats"], strict=True):
            page.goto(seat["link"])

        # Someone else moves first: the others' pages say what he did.
        first = _until(address, game_id, tokens, "exchange")
        name = first["name"]
        mover = _move(address, game_id, tokens)
        watcher = pages[(mover["seat"] + 1) % 3]
        lately = watcher.locator("#tp-lately li").first
        expect(lately).to_have_text(f"{name} exchanges a card with the dummy")

        # Discarding: a hand of four horses may not stop; its holder is told why, and
        # the others are not told what his hand breaks.
        asked = _until(address, game_id, tokens, "discard")
        while any(a["action"]["kind"] == "done" for a in asked["legal"]):
            _move(address, game_id, tokens)
            asked = _asked(address, game_id, tokens)
            assert asked["view"]["phase"] == "discard", "no hand here breaks a discarding rule"
        page = pages[asked["seat"]]
        shows(page, asked["version"])
        assert "more than three horses" in _status(page)
        other = pages[(asked["seat"] + 1) % 3]
        shows(other, asked["version"])
        said = _status(other)
        assert said == f"Waiting for {asked['name']} to throw cards into the auction, then say done"

        # A bid the server refuses is said under the box it was typed in: one its box
        # takes (it says a bid the rules refuse before sending it), on its way while the
        # bidder bids on another phone and the bidding comes round to him again: stale.
        bidder = _until(address, game_id, tokens, "auction")
        while not any(a["action"]["kind"] == "bid" for a in bidder["legal"]):
            _move(address, game_id, tokens)
            bidder = _until(address, game_id, tokens, "auction")
        page = pages[bidder["seat"]]
        shows(page, bidder["version"])
        expect(page.locator("#tp-moves button", has_text="Bid 1 guinea")).to_have_count(1)
        page.locator(".tp-amount-bid input").fill("1")
        seat = bidder["seat"]
        held_on_its_way(page, lambda: totopoly_asked_to_bid_again(address, game_id, tokens, seat))
        page.locator(".tp-amount-bid button").click()
        refused = page.locator(".tp-amount-bid .tp-refused")
        expect(refused).to_contain_text(
            f"The table moved on before your move reached it ({bidder['name']}, on another"
        )
        snap(page, tmp_path / "bid-refused.png", full_page=False)
        just_under_the_moves(page, "#tp-lot")  # the lot up for sale, not a scroll away
        expect(page.locator("#error")).to_be_hidden()  # said once, not again at the top
        _move(address, game_id, tokens)  # the table moves on: the refusal is old news
        expect(refused).to_have_count(0)

        # The Tote: one line to back a horse, not a button for every horse and stake.
        backer = _until(address, game_id, tokens, "tote")
        page = pages[backer["seat"]]
        shows(page, backer["version"])
        expect(page.locator(".tp-amount-bet button")).to_have_text("Buy the ticket")
        # "Done" under the ticket's box, not over it (ended the betting of one who meant
        # "done choosing the horse"), saying what it ends: the owners' own window (any
        # horse comes next), or his betting
        own = backer["view"]["asked"]["window"] == "own"
        done = "Done with my own horses" if own else "No more bets"
        assert page.locator("#tp-moves button").all_inner_texts() == ["Buy the ticket", done]
        assert broken_words(page, "#tp-moves") == []
        fits_width(page)  # the racecourse too: in rows, not a strip to scroll along
        # businesses by their names, and no label without a value
        view = backer["view"]
        held = next(p for p in view["players"] if p["businesses"])
        row = page.locator(f"#tp-players tr[data-seat='{held['seat']}']")
        names = view["board"]["businesses"]
        expect(row).to_contain_text(names[held["businesses"][0]])
        for cell in row.locator("td[data-label]").all():
            assert cell.is_visible() == bool(cell.inner_text().strip()), cell.inner_text()
        snap(page, tmp_path / "tote.png")
        # the other window's "Done" too: each is said once the quiet moves reach it
        said = {backer["view"]["asked"]["window"]}
        for _ in range(12):
            _move(address, game_id, tokens)
            backer = _until(address, game_id, tokens, "tote")
            window = backer["view"]["asked"]["window"]
            if window in said:
                continue
            page = pages[backer["seat"]]
            shows(page, backer["version"])
            done = "Done with my own horses" if window == "own" else "No more bets"
            expect(page.locator("#tp-moves button")).to_have_text(["Buy the ticket", done])
            said.add(window)
            break
        assert said == {"own", "any"}

        # The race: the thrower reads "you threw", the others read about him.
        thrower = _until(address, game_id, tokens, "race")
        while "you threw" not in (thrower["view"]["prompt"] or ""):
            _move(address, game_id, tokens)
            thrower = _until(address, game_id, tokens, "race")
        page = pages[thrower["seat"]]
        shows(page, thrower["version"])
        assert _status(page).startswith("Your turn: you threw")
        just_under_the_moves(page, "#tp-course")  # which horse takes it: the course in sight
        for seat, other in enumerate(pages):
            if seat != thrower["seat"]:
                shows(other, thrower["version"])
                said = _status(other)
                assert said.startswith(f"Waiting for {thrower['name']} to give a throw of"), said
                snap(other, tmp_path / f"waiting-throw-{seat}.png", full_page=False)
        # the whole course on the phone, each horse on its length, nothing to scroll
        _move(address, game_id, tokens)
        for _ in range(60):  # on until some horse is past the phone's first row
            later = _asked(address, game_id, tokens)
            if max(h.get("length", 0) for h in later["view"]["horses"]) > 20:
                break
            _move(address, game_id, tokens)
        watcher = pages[(later["seat"] + 1) % 3]
        shows(watcher, later["version"])
        fits_width(watcher)
        horses_on_their_lengths(watcher, later["view"])
        # "cross to track 2": the page says which lane that is, and draws it so
        rails = watcher.locator("#tp-course .tp-len[data-length='1'][data-track='1']")
        top = watcher.locator("#tp-course .tp-len[data-length='1'][data-track='4']")
        assert rails.bounding_box()["y"] > top.bounding_box()["y"]  # type: ignore[index]
        legend = watcher.locator("#tp-course .tp-legend")
        expect(legend).to_contain_text("track 1, the rails, is the bottom lane and track 4 the top")
        snap_part(watcher.locator("#tp-course"), tmp_path / "course-phone.png")

        # A horse on a coloured square: the buttons say which card and how far it goes.
        for _ in range(300):
            asked = _asked(address, game_id, tokens)
            if any(a["action"]["kind"] == "colour" for a in asked["legal"]):
                break
            _move(address, game_id, tokens)
        else:
            pytest.fail("no horse of a person's stopped on a coloured square")
        colour = next(
            c for c in ("black", "red", "yellow", "blue") if f"({c})" in asked["view"]["prompt"]
        )
        far = {"black": "4 lengths", "red": "3 lengths", "yellow": "2 lengths", "blue": "1 length"}
        page = pages[asked["seat"]]
        shows(page, asked["version"])
        words = {
            "advantage": f"Move on {far[colour]}",
            "card": f"Play a {colour} card and move on {far[colour]}",
            "stand": "Stand still",
        }
        for legal in asked["legal"]:
            choice = legal["action"]["choice"]
            if choice in words:
                expect(_button(page, legal["action"])).to_have_text(words[choice])

        # The end, the computer players running the race home: every phone says who
        # won the game (the race winner's owner) and how the horses were placed.
        for seat in range(3):
            body = {"token": links["admin_token"], "bot": "sensible"}
            answer = API.post(
                f"{address}/api/tables/{game_id}/seats/{seat}", json=body, timeout=300
            )
            assert answer.status_code == 200, answer.text
        final = frame(address, game_id)
        assert final["over"], final["waiting"]
        result, view = final["result"], final["view"]
        for page in pages:
            shows(page, final["version"])
            if result["winner"] is None:
                expect(page.locator("#tp-status .tp-winner")).to_have_text("Nobody won the race.")
            else:
                winner = next(h for h in view["horses"] if h["number"] == result["placings"][0])
                said = f"{result['winner_name']} wins the game: No. {winner['number']} {winner['name']}"
                expect(page.locator("#tp-status .tp-winner")).to_contain_text(said)
                expect(page.locator("#tp-status")).to_contain_text(f"1st No. {winner['number']}")
            assert any(player["nominated"] for player in view["players"])
            for player in view["players"]:
                if player["nominated"]:
                    row = page.locator(f"#tp-players tr[data-seat='{player['seat']}']")
                    expect(row.locator("td[data-label='nominated']")).to_have_text(
                        f"No. {player['nominated']}"
                    )
        snap(pages[0], tmp_path / "over.png")
        for phone in phones:
            phone.close()


ON_ITS_LENGTH = """(horses) => horses.map(([number, length, track]) => {
  const token = document.querySelector(`#tp-course .tp-horse[data-horse="${number}"]`);
  const cell = document.querySelector(`#tp-course .tp-len[data-length="${length}"][data-track="${track}"]`);
  const [a, b] = [token.getBoundingClientRect(), cell.getBoundingClientRect()];
  return Math.max(Math.abs(a.left - b.left), Math.abs(a.top - b.top));
})"""


def horses_on_their_lengths(page: Page, view: dict[str, Any]) -> None:
    """Each horse on the course is drawn on the length and track the rules put it."""
    page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")  # glided
    placed = [[h["number"], h["length"], h["track"]] for h in view["horses"] if h.get("length")]
    assert placed, "no horse has left the gate"
    off = page.evaluate(ON_ITS_LENGTH, placed)
    assert max(off) <= 8, list(zip(placed, off, strict=True))  # a shared length: 4 px aside


def test_an_amount_half_typed_stays_when_someone_else_connects(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        bidder = _until(address, game_id, tokens, "auction")
        while not any(a["action"]["kind"] == "bid" for a in bidder["legal"]):
            _move(address, game_id, tokens)
            bidder = _until(address, game_id, tokens, "auction")
        phone = context(browser, address, phone=True)
        page = phone.new_page()
        page.goto(links["seats"][bidder["seat"]]["link"])
        shows(page, bidder["version"])
        box = page.locator(".tp-amount-bid input")
        box.fill("7")
        # another player opens his page: the table is pushed again at the same version
        other = (bidder["seat"] + 1) % 3
        late = context(browser, address, phone=True)
        late.new_page().goto(links["seats"][other]["link"])
        expect(page.locator(f"#seats li[data-seat='{other}']")).to_contain_text("here")
        expect(box).to_have_value("7")
        expect(box).to_be_focused()
        for each in (phone, late):
            each.close()


def test_a_kept_card_is_offered_for_sale_by_its_name(
    browser: Browser, shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        # a seed whose quiet game leaves a kept card to sell
        links, game_id, tokens = _open(address, seed=2)
        seller = _until(address, game_id, tokens, "sales")
        sells = [a["action"] for a in seller["legal"] if a["action"]["kind"] == "sell"]
        assert sells, "nobody holds a kept card here"
        kept = {k["id"]: k["special"] for k in seller["view"]["players"][seller["seat"]]["kept"]}
        words = {"remount": "remount immediately", "reins": "unbreakable reins"}
        phone = context(browser, address, phone=True)
        page = phone.new_page()
        page.goto(links["seats"][seller["seat"]]["link"])
        shows(page, seller["version"])
        for action in sells:
            said = f'Sell the "{words[kept[action["item"]]]}" card'
            expect(_button(page, action)).to_have_text(said)
        # the replay from his seat reads the prompt as he did, and from another's about him
        for seat in range(3):  # (a table is replayed once its game is over)
            body = {"token": links["admin_token"], "bot": "sensible"}
            answer = API.post(
                f"{address}/api/tables/{game_id}/seats/{seat}", json=body, timeout=300
            )
            assert answer.status_code == 200, answer.text
        replay = phone.new_page()
        replay.goto(f"/t/{game_id}/replay?seat={seller['seat']}")
        replay.evaluate(f"showReplay({seller['version']})")
        shows(replay, seller["version"])
        expect(replay.locator("#tp-status .tp-prompt")).to_have_text(
            "Your turn: offer a kept card for sale, or say done"
        )
        other = (seller["seat"] + 1) % 3
        replay.goto(f"/t/{game_id}/replay?seat={other}")
        replay.evaluate(f"showReplay({seller['version']})")
        shows(replay, seller["version"])
        expect(replay.locator("#tp-status .tp-prompt")).to_have_text(
            f"Waiting for {seller['name']} to offer a kept card for sale, or say done"
        )
        phone.close()


def test_a_square_of_the_ring_is_read_with_a_tap(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """A phone shows no tooltip: a square's code (ST, £, C+) is read in full with a tap,
    in a line under the ring, on a player's phone and on the TV alike."""
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        asked = _until(address, game_id, tokens, "training")
        board = asked["view"]["board"]
        phone = context(browser, address, phone=True)
        tv = context(browser, address)
        page, watch = phone.new_page(), tv.new_page()
        page.goto(links["seats"][(asked["seat"] + 1) % 3]["link"])
        watch.goto(f"/t/{game_id}/watch")
        squares = {sq["at"]: sq for sq in board["ring"]}
        paid = next(sq for sq in board["ring"] if sq["code"] == "£")
        box_of = {at: number for number, at in board["boxes"].items()}
        plain = next(at for at in range(board["ring_size"]) if at not in squares | box_of.keys())
        for screen in (page, watch):
            shows(screen, asked["version"])
            said = screen.locator("#tp-ring .tp-square-said")
            expect(said).to_be_visible()
            screen.locator(f"#tp-ring .tp-square[data-square='{paid['at']}']").click()
            expect(said).to_contain_text(f"Square {paid['at']} (£): {paid['text']}")
            screen.locator(f"#tp-ring .tp-square[data-square='{plain}']").click()
            expect(said).to_have_text(f"Square {plain}: a plain square")
        # read by keyboard too, and still read after the table moves on
        stables = next(sq for sq in board["ring"] if sq["code"] == "ST")
        page.locator(f"#tp-ring .tp-square[data-square='{stables['at']}']").focus()
        page.keyboard.press("Enter")
        said = page.locator("#tp-ring .tp-square-said")
        read = f"Square {stables['at']} (ST): {stables['text']}"
        expect(said).to_contain_text(read)
        mover = _move(address, game_id, tokens)
        expect(page.locator("body")).not_to_have_attribute("data-version", str(mover["version"]))
        expect(said).to_contain_text(read)
        # the square outside a horse's box says so
        boxed = next(at for at in box_of if at not in squares)
        page.locator(f"#tp-ring .tp-square[data-square='{boxed}']").click()
        expect(said).to_have_text(
            f"Square {boxed}: a plain square (No. {box_of[boxed]} leaves its box here)"
        )
        fits_width(page)
        snap_part(page.locator("#tp-ring"), tmp_path / "ring-read-phone.png")
        snap_part(watch.locator("#tp-ring"), tmp_path / "ring-read-tv.png")
        for each in (phone, tv):
            each.close()


def test_the_log_says_the_servers_words_for_each_move(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """The generic log under the board says a player's moves in the server's words, in
    the past tense as the other games' logs and the "moved on" refusals say them
    ("threw No. 1 Ebony Lantern into the auction", "passed"; words.py ``move_said``), not
    as the board's buttons ("Pass") nor by card id, after a reload and as lines come in;
    the others' cards given up face down are "a card" (ruling T42)."""
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        asked = _until(address, game_id, tokens, "auction")
        seen = frame(address, game_id, tokens[asked["seat"]])
        names = {i: s["name"] for i, s in enumerate(seen["seats"])}
        moves = [e for e in seen["log"] if "action" in e]
        assert all(e.get("words") for e in moves), "a move the server did not word"
        carded = [e for e in moves if str(e["action"].get("card", "")).startswith("lease:")]
        assert carded, "nobody has discarded or exchanged a card yet"
        secret = [e for e in moves if e["action"].get("card") == "hidden"]
        assert secret and all("a card" in e["words"] for e in secret)
        phone = context(browser, address, phone=True)
        page = phone.new_page()
        page.goto(links["seats"][asked["seat"]]["link"])
        shows(page, seen["version"])
        lines = page.locator("#log li")

        def worded(log: list[dict[str, Any]]) -> None:
            said = lines.all_inner_texts()
            assert not [line for line in said if "lease:" in line or '"' in line], said
            by_position = {int(line.split(":")[0]): line for line in said}
            for entry in (e for e in log if "action" in e):
                line = f"{entry['position']}: {names[entry['player']]}: {entry['words']}"
                assert by_position[entry["position"]] == line

        worded(seen["log"])
        expect(lines.filter(has_text="into the auction").first).to_be_visible()
        # a line that comes in while the page is open is said in the server's words too
        mover = _move(address, game_id, tokens)
        expect(page.locator("body")).not_to_have_attribute("data-version", str(mover["version"]))
        now = frame(address, game_id, tokens[asked["seat"]])
        assert "action" in now["log"][-1]
        expect(page.locator("body")).to_have_attribute("data-version", str(now["version"]))
        expect(lines.first).to_have_text(re.compile(r"^\d+: \w+: [a-z]"))  # "passed", not "Pass"
        worded(now["log"])
        snap_part(page.locator("#log"), tmp_path / "log-phone.png")
        phone.close()


def test_the_page_names_the_game_and_its_tote(
    browser: Browser, shared_server: SharedServer
) -> None:
    """The short game takes the Tote out (rulebook, "Short Game"): its pages do not
    promise one; the long game's do."""
    with shared_server.visit() as address:
        phone = context(browser, address, phone=True)
        page = phone.new_page()
        for short, name, listed in (
            (
                True,
                "Totopoly, the short game: lease, train and race horses (no Tote)",
                "Totopoly, the short game (no Tote)",
            ),
            (False, "Totopoly: lease, train and race horses, with a Tote", "Totopoly"),
        ):
            config = {"players": 3, "short": short}
            seats = PEOPLE[:2] + [{"kind": "open"}]  # one open: the invitation joins
            request = {"game": "totopoly", "config": config, "seats": seats, "seed": 5}
            links = API.post(f"{address}/api/tables", json=request).json()
            # the server names it from the first byte: a phone still loading, the
            # invitation and the lobby's list say which game too, not only the board
            served = API.get(f"{address}{links['seats'][0]['link']}").text
            short, rest = name.split(": ", 1)  # a phone's heading, the rest in a smaller line
            assert f"<title>{name}: table {links['id']}</title>" in served
            assert f"<h1>{short}</h1>" in served and f'<p class="subtitle">{rest}</p>' in served
            page.goto(links["invite"])
            expect(page).to_have_title(f"{name}: join table {links['id']}")
            page.goto("/")
            expect(page.locator(f'a[href="/t/{links["id"]}/watch"]')).to_have_text(
                f"Table {links['id']}: {listed}"
            )
            page.goto(links["seats"][0]["link"])
            shows(page, frame(address, links["id"])["version"])
            expect(page.locator("header h1")).to_have_text(short)
            expect(page).to_have_title(re.compile(rf"^(Your turn · )?{re.escape(name)}: table {links['id']}$"))  # fmt: skip
        phone.close()


def test_at_the_tote_the_pad_comes_straight_under_the_bet(
    browser: Browser, shared_server: SharedServer, tmp_path: Path
) -> None:
    """A bettor on a small phone read the horse and stake boxes with the Tote pad (what
    is laid on each horse) a long scroll below: past the whole course, the table's
    news, his cards and the players. At the Tote the pad comes straight under the
    moves, then the course; in the race the course comes first again."""
    with shared_server.visit() as address:
        links, game_id, tokens = _open(address, seed=5)
        backer = _until(address, game_id, tokens, "tote")
        page = small_phone_at(browser, address, links["seats"][backer["seat"]]["link"])
        shows(page, backer["version"])
        expect(page.locator(".tp-amount-bet button")).to_have_text("Buy the ticket")
        tops = page.evaluate(
            """() => ["#tp-moves", "#tp-tote", "#tp-course", "#tp-lately", "#tp-players"]
                .map((s) => document.querySelector(s).getBoundingClientRect().top)"""
        )
        assert tops == sorted(tops), tops  # moves, the pad, the course, the rest
        expect(page.locator("#tp-tote tr[data-horse]").first).to_be_visible()
        # what £1 pays if it wins, as the terminal's Tote says: the bettor read only the
        # pounds laid. He buys a ticket; each row says it from the pool as it stands.
        pad = page.locator("#tp-tote")
        expect(pad.locator("th").last).to_have_text("\u00a31 pays")
        horse = page.locator(".tp-amount-bet select").input_value()
        page.locator(".tp-amount-bet input").fill("12")
        page.locator(".tp-amount-bet button").click()
        page.wait_for_function(DRAWN_PAST, arg=backer["version"])
        tote = frame(address, game_id)["view"]["tote"]
        assert tote["by_horse"].get(horse) == 12, tote
        shared = tote["pool"] - tote["pool"] * 10 // 100  # the clerk's 10% off (T18)
        for row in pad.locator("tr[data-horse]").all():
            laid = tote["by_horse"].get(row.get_attribute("data-horse"), 0)
            said = f"\u00a3{shared / laid:.2f}" if laid else "-"
            expect(row.locator("td").last).to_have_text(said)
        assert broken_words(page, "#tp-tote") == []  # "owne / r" beside a fourth column
        snap(page, tmp_path / "tote-small-phone.png")
        racer = _until(address, game_id, tokens, "race")
        if racer["seat"] != backer["seat"]:
            page.goto(links["seats"][racer["seat"]]["link"])
        shows(page, racer["version"])
        just_under_the_moves(page, "#tp-course")
        page.context.close()
