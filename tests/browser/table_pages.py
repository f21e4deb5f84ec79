"""Helpers for driving table pages in a real browser: a server shared by a module's
tests, what the server says the table is, waiting for a page to draw a version, and what
a seat may not be shown."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

from homestretch.core.protocol import JSON
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.engine import RaceGame
from homestretch.session.saved import rebuild
from homestretch.store.db import Store

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
"""A phone-sized browser (an iPhone 12's CSS pixels)."""
SMALL: dict[str, Any] = {
    "viewport": {"width": 375, "height": 667},
    "is_mobile": True,
    "has_touch": True,
}
"""A small phone with a touch screen (an iPhone SE's or mini's CSS pixels)."""

API = httpx.Client()
"""One HTTP client for a test process's calls to the servers' API, its connections kept:
``httpx.get`` and ``httpx.post`` make a client a call (an SSL context, the certificate
bundle read), 0.2-0.4 s of CPU a call on the loaded two-core machine against some 0.02-0.06
s on a kept one, and ``settled`` alone asks the server at every step of a test. Its
timeout is httpx's own (5 s), as theirs is. Tests call the API through it (``frame``,
``move``, ``open_table``), not ``httpx.get``."""

ANN_BOB_AND_CY: list[JSON] = [
    {"kind": "person", "name": "Ann"},
    {"kind": "person", "name": "Bob"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]
"""The seats most tests open a table with: two people and a computer player (not to be
changed: every test shares it)."""


@dataclass(frozen=True)
class SharedServer:
    """``homestretch serve`` started once for an xdist worker's modules (or a module's
    own: conftest's ``OWN_SERVER``), not once a test (each test opens tables of its own
    on it): its address, its store and its folder."""

    address: str
    db: str
    folder: Path

    @contextmanager
    def visit(self) -> Iterator[str]:
        """A test's time on the server: its address; afterwards the server must still
        answer, so a test that brought it down fails, not the next one."""
        yield self.address
        try:
            API.get(f"{self.address}/api/tables", timeout=30).raise_for_status()
        except httpx.HTTPError as exc:
            logs = "".join(log.read_text() for log in self.folder.glob("serve-*.log"))
            pytest.fail(f"the shared server stopped answering ({exc}): {logs[-2000:]}")


def open_table(address: str, request: JSON) -> JSON:
    answer = API.post(f"{address}/api/tables", json=request)
    assert answer.status_code == 200, answer.text
    links: JSON = answer.json()
    return links


def frame(address: str, game_id: int, token: str | None = None, timeout: float = 5) -> JSON:
    params = {"token": token} if token else {}
    answer = API.get(f"{address}/api/tables/{game_id}/frame", params=params, timeout=timeout)
    assert answer.status_code == 200, answer.text
    shown: JSON = answer.json()
    return shown


def move(address: str, game_id: int, token: str, action: JSON, version: int | None = None) -> int:
    """A seat's move sent at ``version`` (the table as a frame just read showed it, not
    read again), else at the table's present version, as a phone would; the version it
    made."""
    if version is None:
        version = frame(address, game_id, token)["version"]
    answer = API.post(
        f"{address}/api/tables/{game_id}/moves",
        json={"token": token, "version": version, "action": action},
        timeout=30,
    )
    assert answer.status_code == 200, answer.text
    made: int = answer.json()["version"]
    return made


def refusal(address: str, game_id: int, token: str, action: JSON) -> str:
    """What the server answers a seat's move with, refused (nothing made)."""
    version = frame(address, game_id, token)["version"]
    answer = API.post(
        f"{address}/api/tables/{game_id}/moves",
        json={"token": token, "version": version, "action": action},
        timeout=30,
    )
    assert answer.status_code >= 400, answer.text
    error: str = answer.json()["error"]
    return error


def moves_sent(page: Page) -> list[str]:
    """The addresses of the moves ``page`` sends from now on."""
    sent: list[str] = []
    page.on("request", lambda asked: sent.append(asked.url) if "/moves" in asked.url else None)
    return sent


def totopoly_until_asked_to_bid(address: str, game_id: int, token: str) -> JSON:
    """The seat (against computer players) makes its first choice at each move until it
    may bid for a lot: its frame then."""
    for _ in range(80):
        seen = frame(address, game_id, token)
        if any(legal["action"]["kind"] == "bid" for legal in seen["legal"]):
            return seen
        move(address, game_id, token, seen["legal"][0]["action"])
    pytest.fail("the seat was never asked to bid")


def fullplay_derby_run(address: str) -> int:
    """A Fullplay Derby of the Century (14 runners, "12 American Pharoah"), seed 3, run
    straight through with no seat: its table's id."""
    config = RaceGame(load_race("dream-derby"), "full").config()
    links = open_table(address, {"game": "stretch", "config": config, "seats": [], "seed": 3})
    game_id: int = links["id"]
    return game_id


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[1]


def own_pick_first(seen: JSON) -> list[str]:
    """A Derby Cast seat's frame: the last race's pick lines as its phone lists them, the
    seat's own first (then the rest in the report's order)."""
    last = seen["view"]["last_race"]
    marker = seen["view"]["board"][seen["seat"]]["marker"]
    lines = list(zip(last["words"]["picks"], last["picks"], strict=True))
    return [w for w, p in lines if p["marker"] == marker] + [
        w for w, p in lines if p["marker"] != marker
    ]


def family_derbycast(address: str, races: int) -> tuple[JSON, list[str]]:
    """A Derby Cast table of Mum and Dad, Kit keeping score and typing each race in (seed
    3: a race Kit simulates runs the same each time, its finish and its call): the table's
    links (its id, each seat's) and the tokens of Mum's, Dad's and Kit's seats."""
    config = {
        "entrants": [{"name": "Mum"}, {"name": "Dad"}],
        "source": "keeper",
        "feed": {"kind": "manual"},
        "races": races,
    }
    seats = [{"kind": "person", "name": n} for n in ("Mum", "Dad", "Kit")]
    links = open_table(address, {"game": "derbycast", "config": config, "seats": seats, "seed": 3})
    return links, [token_of(seat["link"]) for seat in links["seats"]]


def across_at_its_first_auction(address: str, seats: list[JSON]) -> tuple[JSON, list[str], int]:
    """An Across the Board table of ``seats`` (as many players as seats; seed 7) at its
    first auction: the track chosen (Woodbine) by whoever was asked. Its links, the seats'
    tokens, and which of the people the auction asks first."""
    request = {"game": "across", "config": {"players": len(seats)}, "seats": seats, "seed": 7}
    links = open_table(address, request)
    game_id = links["id"]
    tokens = [token_of(seat["link"]) for seat in links["seats"]]
    now = frame(address, game_id)
    mover = now["waiting"]["seats"][0]
    move(address, game_id, tokens[mover], {"kind": "track", "track": "woodbine"}, now["version"])
    people = [s for s, seat in enumerate(seats) if seat["kind"] == "person"]
    asked = next(s for s in people if frame(address, game_id, tokens[s])["your_turn"])
    return links, tokens, asked


TWENTY_HORSES = ["Ace", "Bolt", "Comet", "Dash", "Ember", "Flint", "Gale"]
TWENTY_ODDS = ["1-1", "2-1", "3-1", "5-1", "8-1", "12-1", "20-1"]
TWENTY_FINISH = [4, 5, 6, 7, 3, 2, 1]  # Gale (20-1) wins, Flint second, Ember third
TWENTY_PICKS = [(h, b) for h in ("Gale", "Flint", "Ember", "Ace") for b in ("win", "place", "show")]
"""Each marker's pick, in turn: the twenty spread over some eight spaces, several to a
space, a trailing marker beside its row's own on some."""


def _twenty_markers_and_a_keeper(
    address: str, more: JSON, seed: int | None = None
) -> tuple[JSON, list[str]]:
    """A Derby Cast table of twenty markers (P1 to P20, in marker order) and a keeper,
    the keeper's cards typed in (``more``: further settings): its links and the seats'
    tokens, the keeper's last."""
    names = [f"P{m}" for m in range(1, 21)]
    config = {
        "entrants": [{"name": n} for n in names],
        "source": "keeper",
        "feed": {"kind": "manual"},
        "order": "marker",
        **more,
    }
    seats = [{"kind": "person", "name": n} for n in [*names, "Keeper"]]
    request: JSON = {"game": "derbycast", "config": config, "seats": seats}
    if seed is not None:
        request["seed"] = seed
    links = open_table(address, request)
    return links, [token_of(seat["link"]) for seat in links["seats"]]


def twenty_markers_after_a_race(address: str) -> tuple[JSON, dict[int, int]]:
    """A Derby Cast table of twenty markers and a keeper after one official race (Gale, at
    20-1, wins): its links and each marker's points."""
    links, tokens = _twenty_markers_and_a_keeper(address, {})
    game_id, keeper = links["id"], tokens[-1]
    card = {"kind": "typed-card", "race": "Downs 1", "field": ", ".join(TWENTY_HORSES)}
    move(address, game_id, keeper, {**card, "odds": ", ".join(TWENTY_ODDS), "scratched": ""})
    for marker, token in enumerate(tokens[:-1]):
        horse, bet = TWENTY_PICKS[marker % len(TWENTY_PICKS)]
        move(address, game_id, token, {"kind": "pick", "horse": horse, "bet": bet})
    move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
    result = {"kind": "result", "odds": TWENTY_ODDS, "finish": TWENTY_FINISH, "official": True}
    move(address, game_id, keeper, result)
    board = frame(address, game_id)["view"]["board"]
    return links, {row["marker"]: row["points"] for row in board}


def across_to_race_1_betting(address: str, game_id: int, tokens: list[str]) -> None:
    """An Across table's two people pass every lot and say no to every offer until race
    1's windows open."""
    for _ in range(400):
        shown = [frame(address, game_id, token) for token in tokens]
        if shown[0]["view"]["phase"] == "betting":
            return
        seat = next(s for s in (0, 1) if shown[s]["your_turn"])
        mine = shown[seat]["view"]
        asked = mine["offer"] is not None and mine["offer"]["to"] == seat
        action = {"kind": "answer", "accept": False} if asked else {"kind": "pass"}
        move(address, game_id, tokens[seat], action, shown[seat]["version"])
    pytest.fail("race 1's betting did not open")


def derbycast_family_picking(address: str, sealed: bool = False) -> tuple[JSON, list[str]]:
    """A Derby Cast family (Mum, Dad and Kit, seed 5; the fourth seat the keeper) whose
    keeper has carded a simulated Dream Derby (14 horses): its links and the seats'
    tokens, the picking open."""
    config = {
        "entrants": [{"name": n} for n in ("Mum", "Dad", "Kit")],
        "source": "keeper",
        "feed": {"kind": "manual"},
        "races": 2,
        **({"sealed": True} if sealed else {}),
    }
    seats = [{"kind": "person", "name": n} for n in ("Mum", "Dad", "Kit", "Keeper")]
    links = open_table(address, {"game": "derbycast", "config": config, "seats": seats, "seed": 5})
    tokens = [token_of(seat["link"]) for seat in links["seats"]]
    move(address, links["id"], tokens[3], {"kind": "simulate", "race": "dream-derby"})
    return links, tokens


def context(browser: Browser, address: str, phone: bool = False) -> BrowserContext:
    """A browser context of its own (its own cookies and storage: another person)."""
    return browser.new_context(base_url=address, **(PHONE if phone else {}))


def small_phone_at(browser: Browser, address: str, link: str) -> Page:
    """A small touch phone of its own (``SMALL``: another person) opened at ``link``;
    closed with ``page.context.close()``."""
    page = browser.new_context(base_url=address, **SMALL).new_page()
    page.goto(link)
    return page


def shows(page: Page, version: int) -> None:
    """The page has drawn the table at ``version`` (waited for: it is pushed)."""
    expect(page.locator("body")).to_have_attribute("data-version", str(version))


@contextmanager
def two_phones_at(
    browser: Browser, address: str, links: JSON, version: int
) -> Iterator[list[Page]]:
    """The table's first two seats, each on a small phone of its own, drawn at ``version``
    (closed after)."""
    phones = [browser.new_context(base_url=address, **SMALL) for _ in range(2)]
    try:
        pages = [phone.new_page() for phone in phones]
        for seat, page in enumerate(pages):
            page.goto(links["seats"][seat]["link"])
            shows(page, version)
        yield pages
    finally:
        for phone in phones:
            phone.close()


def settled(address: str, game_id: int, *pages: Page) -> None:
    """Every page has drawn the table as the server holds it. The server is asked again
    when a page is past the version first read: a move still on its way when it was read
    has arrived since, and the pages have drawn it."""
    version = frame(address, game_id)["version"]
    while True:
        try:
            for page in pages:
                shows(page, version)
            return
        except AssertionError:
            now = frame(address, game_id)["version"]
            if now == version:
                raise
            version = now


DRAWN_FROM = "(version) => Number(document.body.dataset.version) >= version"
"""For ``page.wait_for_function(DRAWN_FROM, arg=v)``: the page has drawn version v or later."""
DRAWN_PAST = "(version) => Number(document.body.dataset.version) > version"
"""For ``page.wait_for_function(DRAWN_PAST, arg=v)``: the page has drawn a version after v."""


def press(page: Page, target: Locator) -> int:
    """A move made by a tap on ``target``: returns once the server has made it and
    ``page`` has drawn the table it made (or a later one); the version it made. A
    ``settled()`` straight after a bare click could read the server before the move
    arrived and pass on the table before it, then a check find the page past it (the
    Derby Cast party test's failure at 7271d56)."""
    with page.expect_response(
        lambda answer: answer.url.endswith("/moves") and answer.request.method == "POST"
    ) as sent:
        target.click()
    answer = sent.value
    assert answer.ok, f"the move was refused: {answer.text()}"
    made: int = answer.json()["version"]
    page.wait_for_function(DRAWN_FROM, arg=made)
    return made


SCROLL_STILL = """() => new Promise((done) => {
  let last = null, still = 0;
  const look = () => {
    const at = window.scrollY;
    still = at === last ? still + 1 : 0;
    last = at;
    if (still >= 5) done(true); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def scroll_settled(page: Page) -> None:
    """Until the page has stopped scrolling (its scroll position the same five frames
    running) and drawn what the scroll shows: a condition waited on, not a pause."""
    page.evaluate(SCROLL_STILL)


def open_moves(page: Page) -> None:
    """Open the generic moves (buttons and the form for any action), folded under a
    game's own board; a reload folds them again. A tap that did not open them fails
    here, not at the move tapped next (it did once: the page moved under the tap)."""
    fold = page.locator("#turn-fold")
    if fold.get_attribute("open") is None:
        page.click("#turn-fold > summary")
        expect(fold).to_have_attribute("open", "")


def open_view(page: Page) -> bool:
    """Open "The table" (the whole view, folded under a game's own board, and drawn only
    while open) as a player would; whether it was folded. Once a frame is drawn: the
    page's script folds it first (it is open in the page as served). A page that plays
    no seat now shows no fold (its view emptied): nothing to open."""
    expect(page.locator("body")).not_to_have_attribute("data-version", "")
    fold = page.locator("#view-box")
    if (
        fold.get_attribute("open") is not None
        or not page.locator("#view-box > summary").is_visible()
    ):
        return False
    page.click("#view-box > summary")
    expect(fold).to_have_attribute("open", "")
    return True


def fold_view(page: Page) -> None:
    """Fold "The table" again (``open_view``)."""
    page.click("#view-box > summary")
    expect(page.locator("#view-box")).not_to_have_attribute("open", "")


def secrets(db: str, game_id: int, seat: int | None) -> set[str]:
    """What ``hidden_from(seat)`` names at the table as stored now."""
    store = Store(db)
    try:
        return set(rebuild(store, store.load(game_id)).state.hidden_from(seat))
    finally:
        store.close()


def shown_secrets(page: Page, db: str, game_id: int, seat: int | None) -> set[str]:
    """The secrets of other seats that the page holds (should be none): anywhere in its
    document, folded parts and attributes included, not only the text on screen."""
    return on_page(page, secrets(db, game_id, seat))


def on_page(page: Page, names: set[str]) -> set[str]:
    """Which of ``names`` the page's document holds, "The table" opened (drawn only while
    open: a secret in the view would be there) and folded again as it was."""
    folded = open_view(page)
    document = page.content()
    if folded:
        fold_view(page)
    return {name for name in names if name in document}


def nothing_hidden(db: str, game_id: int, seat: int | None) -> bool:
    """Whether the table keeps nothing from ``seat``: then no page can show a secret
    and ``shown_secrets`` would check against nothing. A test of such a game asserts
    this instead, so it says what it checks (and fails if the game starts to keep
    secrets, whose pages must then be checked for real)."""
    return not secrets(db, game_id, seat)


DRAWN_BOX = """(selector) => {
  const node = document.querySelector(selector);
  if (!node || !node.getClientRects().length) return null;
  const box = node.getBoundingClientRect();
  return { x: box.left, y: box.top, width: box.width, height: box.height };
}"""


def drawn_box(page: Page, selector: str) -> dict[str, float] | None:
    """Where the first of ``selector`` is drawn on the screen (None: it is not drawn),
    found and measured in one step in the page. A board drawn again by its own timers (a
    call read out a part at a time, chances asked again while pending) replaces its
    nodes, and ``locator.bounding_box()`` (find the node, then measure it) read a node
    taken out between the two as not drawn (the landscape test's failure on a loaded
    machine: "#stretch-chances h4 is not drawn")."""
    page.locator(selector).first.wait_for(state="attached")
    box: dict[str, float] | None = page.evaluate(DRAWN_BOX, selector)
    return box


SCREEN_WIDTH = "document.documentElement.clientWidth"
"""The width the page is laid out in: a phone's screen. Not ``window.innerWidth``, which a
phone widens to a page too wide for it (it zooms out), so nothing would ever overflow it."""

FURTHEST_RIGHT = f"""() => Math.max(...[...document.querySelectorAll("body *")]
    .map((node) => node.getBoundingClientRect().right)) - {SCREEN_WIDTH}"""


def fits_width(page: Page) -> None:
    """Nothing on the page runs off its right edge, not even inside a box that would
    scroll sideways (a phone scrolls down, not across)."""
    overflow = page.evaluate(f"document.documentElement.scrollWidth - {SCREEN_WIDTH}")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"
    beyond = page.evaluate(FURTHEST_RIGHT)
    assert beyond <= 0, f"something on the page runs {beyond:.0f} px off the right edge"


BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const box of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement.getClientRects().length) continue;  // not shown
      // a word may break after its own hyphen (half-|length), as print does
      for (const found of node.textContent.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, found.index);
        range.setEnd(node, found.index + found[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(found[0]);
      }
    }
  }
  return broken;
}"""


def broken_words(page: Page, selector: str) -> list[str]:
    """The words inside ``selector`` drawn over two lines or more (a narrow column
    breaking 'auctioneer' into 'auctio' and 'neer'): a reader stumbles on each. A break
    after a word's own hyphen ('half-' then 'length') is not one."""
    found: list[str] = page.evaluate(BROKEN_WORDS, selector)
    return found


DERBYCAST_PICKS = [("1", "win"), ("2", "place"), ("3", "show")]
"""Mum's, Dad's and Kit's picks in ``derbycast_family_under_review``, by program."""


def derbycast_family_under_review(address: str) -> tuple[int, str, list[JSON], str]:
    """The family's Dream Derby (``derbycast_family_picking``: 14 horses) picked, closed and
    run, its result under review: the table's id, the TV's link, the call the TV reads and
    the keeper's token."""
    links, tokens = derbycast_family_picking(address)
    game_id = links["id"]
    for token, (program, bet) in zip(tokens[:3], DERBYCAST_PICKS, strict=True):
        card = frame(address, game_id, token)["view"]["card"]
        horse = card["horses"][card["programs"].index(program)]
        move(address, game_id, token, {"kind": "pick", "horse": horse, "bet": bet})
    keeper = tokens[3]
    move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
    move(address, game_id, keeper, {"kind": "run"})
    call: list[JSON] = frame(address, game_id)["view"]["call"]
    assert len(call) >= 5 and len(frame(address, game_id)["view"]["card"]["horses"]) == 14
    return game_id, links["watch"], call, keeper


def whole_on_screen(page: Page, selector: str) -> None:
    """Every one of ``selector`` wholly on the first screen (scrolled to the top): a TV,
    which nobody scrolls."""
    page.evaluate("scrollTo(0, 0)")
    items = page.locator(selector)
    assert items.count() > 0, selector
    for item in items.all():
        expect(item).to_be_in_viewport(ratio=1)


def lobby_listing_every(page: Page, ms: int) -> None:
    """The lobby opened on ``page`` from now on asks for its list every ``ms`` while its
    push is down (lobby.js LIST_EVERY, else 8 s): a long one leaves the push alone to
    bring a change. Set before the lobby is opened."""
    page.add_init_script(f"window.homestretchListEvery = {ms}")


def lobby_pushed(page: Page) -> None:
    """The lobby on ``page`` hears its push (its stream told it the list's version)."""
    expect(page.locator("body")).to_have_attribute("data-push", "up")


YOUR_MOVE = "#board button[data-your-move], #board [data-your-move] button"
"""The first of these is a board's button for the move the table waits for."""


@contextmanager
def moves_blocked(page: Page) -> Iterator[None]:
    """The moves ``page`` sends fail in the browser (the request blocked: no answer),
    its event stream up all along; let through again after."""
    page.route("**/moves", lambda route: route.abort("blockedbyclient"))
    try:
        yield
    finally:
        page.unroute("**/moves")


def held_on_its_way(page: Page, elsewhere: Callable[[], object]) -> None:
    """The next move ``page`` sends is held on its way until ``elsewhere()`` has made
    moves from other devices (the same seat's phone, other players): it reaches the table
    after them, at the version the page saw, and is refused as stale, a refusal no page
    can foresee (a bid within its box's bounds, say)."""

    def hold(route: Route) -> None:
        elsewhere()
        route.continue_()

    page.route("**/moves", hold, times=1)


def totopoly_asked_to_bid_again(address: str, game_id: int, tokens: list[str], seat: int) -> JSON:
    """From a frame where ``seat`` may bid: it bids a guinea over the last (on another
    device), then whoever is asked among ``tokens`` (the people; the computer players
    move by themselves), ``seat`` too, makes his first choice, until ``seat`` may bid
    again (the bidding come round to him, or the next lot's): his frame then."""
    token = tokens[seat]
    seen = frame(address, game_id, token)
    bids = [legal["action"] for legal in seen["legal"] if legal["action"]["kind"] == "bid"]
    move(address, game_id, token, min(bids, key=lambda bid: int(bid["guineas"])))
    for _ in range(200):
        seen = frame(address, game_id, token)
        if any(legal["action"]["kind"] == "bid" for legal in seen["legal"]):
            return seen
        asked = next(f for f in (frame(address, game_id, t) for t in tokens) if f["legal"])
        move(address, game_id, tokens[asked["seat"]], asked["legal"][0]["action"])
    pytest.fail("the seat was never asked to bid again")


def twenty_markers_after_a_called_race(address: str) -> tuple[JSON, str]:
    """A Derby Cast table of twenty markers and a keeper (seed 3) after one race the
    keeper had Top of the Stretch run (a maiden special weight: so it has a call), made
    official, and the next race's card simulated and up: its links and the keeper's
    token."""
    links, tokens = _twenty_markers_and_a_keeper(address, {"races": 2}, seed=3)
    game_id, keeper = links["id"], tokens[-1]
    race = {"kind": "simulate", "race": "maiden-special-weight"}
    move(address, game_id, keeper, race)
    horses = frame(address, game_id)["view"]["card"]["horses"]
    for marker, token in enumerate(tokens[:-1]):
        bet = ("win", "place", "show")[marker % 3]
        move(address, game_id, token, {"kind": "pick", "horse": horses[marker % 4], "bet": bet})
    move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
    move(address, game_id, keeper, {"kind": "run"})
    move(address, game_id, keeper, {"kind": "official"})
    move(address, game_id, keeper, race)
    return links, keeper


CUT_AT_THE_BOTTOM = """() => [...document.querySelectorAll("h1, h2, h3, li, p, caption, summary, tr")]
  .filter((line) => line.checkVisibility())  // (not a folded part's lines)
  .map((line) => [line.textContent.slice(0, 40), line.getBoundingClientRect()])
  .filter(([, box]) => box.top < innerHeight - 0.5 && box.bottom > innerHeight + 0.5)
  .map(([said, box]) => [said, Math.round(box.top), Math.round(box.bottom)])"""


def cut_at_the_bottom(page: Page) -> list[list[Any]]:
    """The lines (a heading, a list's item, a paragraph, a table's row) the screen's bottom
    edge cuts through, scrolled to the top: on a TV, which nobody scrolls, each shows half
    its words. Each as its first words, its top and its bottom."""
    page.evaluate("scrollTo(0, 0)")
    cut: list[list[Any]] = page.evaluate(CUT_AT_THE_BOTTOM)
    return cut


@contextmanager
def settled_small_phone(
    browser: Browser, address: str, game_id: int, link: str
) -> Iterator[tuple[Page, list[str]]]:
    """A small phone of its own opened at ``link`` and drawn at the table as the server
    holds it (``settled``), with the moves it sends from then on (``moves_sent``); closed
    after."""
    page = small_phone_at(browser, address, link)
    try:
        settled(address, game_id, page)
        yield page, moves_sent(page)
    finally:
        page.context.close()


def said_beside(box: Locator, typed: str, press: Locator, says: Locator, words: str) -> None:
    """``typed`` typed into ``box`` (tapped, then its keys) and ``press`` pressed: the
    box's own line ``says`` says ``words`` (the server's) in sight, and the box is marked
    invalid."""
    box.click()
    box.page.keyboard.type(typed)
    press.click()
    expect(says).to_have_text(words)
    expect(says).to_be_in_viewport()
    expect(box).to_have_attribute("aria-invalid", "true")


def visibility_held(page: Page) -> None:
    """The pages opened on ``page`` from now on are hidden and shown by the test
    (``set_hidden``): a headless browser's tab is never hidden, and a phone's tab in the
    background, or its screen off, is. Set before the page is opened."""
    page.add_init_script("""(() => {
      let hidden = false;
      Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
      window.homestretchSetHidden = (now) => { hidden = now; document.dispatchEvent(new Event("visibilitychange")); };
    })()""")


def set_hidden(page: Page, hidden: bool) -> None:
    """The page hidden (a phone's tab in the background) or shown again."""
    page.evaluate(f"homestretchSetHidden({'true' if hidden else 'false'})")


def streams_kept(page: Page) -> None:
    """Every event stream the pages opened on ``page`` open from now on is kept in
    ``window.eventStreams`` (its ``readyState`` says whether it was closed: 2). Set before
    the page is opened."""
    page.add_init_script("""(() => {
      window.eventStreams = [];
      const Real = window.EventSource;
      window.EventSource = class extends Real {
        constructor(...given) { super(...given); window.eventStreams.push(this); }
      };
    })()""")


@contextmanager
def tv_at(
    browser: Browser,
    address: str,
    link: str,
    game_id: int,
    width: int,
    height: int,
    *,
    clock: bool = False,
) -> Iterator[Page]:
    """A TV of its own (a browser context: another screen) of ``width`` x ``height`` CSS
    pixels opened at ``link`` (a table's watch link) and drawn as the server holds the
    table; closed after. ``clock``: as ``screen_at``'s."""
    screen = {"viewport": {"width": width, "height": height}}
    with screen_at(browser, address, link, game_id, screen, clock=clock) as tv:
        yield tv


CUT_IN_THE_BOARD = CUT_AT_THE_BOTTOM.replace(
    'querySelectorAll("h1, h2, h3, li, p, caption, summary, tr")',
    'querySelectorAll("#board :is(h1, h2, h3, li, p, caption, summary, tr)")',
)
"""``CUT_AT_THE_BOTTOM`` of the board's lines alone (not the seats and the log below it)."""
assert CUT_IN_THE_BOARD != CUT_AT_THE_BOTTOM


def fits_the_tv(tv: Page, *whole: str) -> None:
    """What a TV shows on its first screen, which nobody scrolls: nothing runs off its
    right edge, every one of each of the selectors ``whole`` is wholly on it, and its
    bottom edge cuts no line of the board in half (scrolled to the top)."""
    fits_width(tv)
    for selector in whole:
        whole_on_screen(tv, selector)
    tv.evaluate("scrollTo(0, 0)")
    assert tv.evaluate(CUT_IN_THE_BOARD) == []


FOURTEEN_HORSES = ["Ace", "Bolt", "Comet", "Dash", "Ember", "Flint", "Gale", "Hale", "Iris",
                   "Jet", "Kite", "Lark", "Northern Dancer", "American Pharoah"]  # fmt: skip
"""A field of fourteen, two of them long names, programs 1 to 14."""


def derbycast_card_typed(address: str, game_id: int, keeper: str, horses: list[str]) -> None:
    """The Derby Cast keeper types the next race's card ("Downs 2"): ``horses`` numbered
    from 1, at 2-1, 3-1, ..., none scratched."""
    field = ", ".join(f"{n} {horse}" for n, horse in enumerate(horses, start=1))
    odds = ", ".join(f"{n + 1}-1" for n in range(len(horses)))
    card = {"kind": "typed-card", "race": "Downs 2", "field": field, "odds": odds}
    move(address, game_id, keeper, {**card, "scratched": ""})


ALIVE = "0.5"
"""The keep-alive interval (s) of the ``quick_server`` fixture's streams (15 when served)."""


def stretch_typed_dice(address: str, mode: str) -> tuple[JSON, str]:
    """A Top of the Stretch table of the Champagne Stakes (``mode`` "quick" or "full")
    for Ann and Bob with the dice typed in (``dice: asked``), Ann the roller: its links
    and Ann's token."""
    config = {"players": 2, "mode": mode, "race": "2009-champagne-stakes"}
    seats = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
    request = {"game": "stretch", "config": config, "seats": seats, "dice": "asked"}
    links = open_table(address, {**request, "roller": 0})
    return links, token_of(links["seats"][0]["link"])


def fours_typed(address: str, game_id: int, token: str) -> int:
    """The roll a typed-dice table waits on typed in through the API, all fours: the
    version it made."""
    now = frame(address, game_id)
    faces = [4] * now["waiting"]["roll"]["dice"]
    roll = {"token": token, "version": now["version"], "roll": faces}
    answer = API.post(f"{address}/api/tables/{game_id}/moves", json=roll, timeout=30)
    assert answer.status_code == 200, answer.text
    return int(frame(address, game_id)["version"])


def derbycast_family_next_card(address: str) -> tuple[int, str, list[JSON], str]:
    """The family's Dream Derby (``derbycast_family_under_review``) made official and the
    next race (a simulated maiden special weight) carded, its picks open: the table's id,
    the TV's link, the last race's call and the keeper's token."""
    game_id, watch, call, keeper = derbycast_family_under_review(address)
    move(address, game_id, keeper, {"kind": "official"})
    move(address, game_id, keeper, {"kind": "simulate", "race": "maiden-special-weight"})
    return game_id, watch, call, keeper


TV_TYPE = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
"""A Derby Cast TV's type (the watch page's root size: every line of it in rem or em)."""


def twenty_markers_picking_sealed(address: str) -> JSON:
    """A Derby Cast table of twenty markers and a keeper, picks sealed (everyone picks at
    once: the page's status waits for all twenty by name), the keeper's simulated maiden
    special weight carded and picking open: its links."""
    links, tokens = _twenty_markers_and_a_keeper(address, {"sealed": True})
    move(address, links["id"], tokens[-1], {"kind": "simulate", "race": "maiden-special-weight"})
    return links


FITTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""For ``page.evaluate``: two of the browser's frames gone by, so what a change of the
page's size set off (a ResizeObserver's measuring, a frame on) is done."""


@contextmanager
def screen_at(
    browser: Browser,
    address: str,
    link: str,
    game_id: int,
    screen: dict[str, Any],
    *,
    clock: bool = False,
) -> Iterator[Page]:
    """A screen of its own (a browser context made with ``screen``: ``SMALL``, ``PHONE``,
    a viewport) opened at ``link`` and drawn as the server holds the table; closed
    after. ``clock``: the page's clock installed before it opened (``page.clock``), for
    ``derbycast_call_read_out``."""
    context = browser.new_context(base_url=address, **screen)
    try:
        page = context.new_page()
        if clock:
            page.clock.install()
        page.goto(link)
        settled(address, game_id, page)
        yield page
    finally:
        context.close()


def twenty_markers_and_a_card(address: str, horses: list[str]) -> JSON:
    """``twenty_markers_after_a_race`` and the keeper's next card typed
    (``derbycast_card_typed``: ``horses`` at 2-1, 3-1, ...), picking open: its links."""
    links, _ = twenty_markers_after_a_race(address)
    keeper = token_of(links["seats"][-1]["link"])
    derbycast_card_typed(address, links["id"], keeper, horses)
    return links


def totopoly_played_out(address: str, seed: int = 11) -> JSON:
    """A short Totopoly game of three computer players, played out by the server: its
    links."""
    bots = [{"kind": "bot", "bot": "sensible", "name": n} for n in ("Ann", "Bob", "Cy")]
    request = {"game": "totopoly", "config": {"players": 3, "short": True}, "seats": bots}
    links = open_table(address, {**request, "seed": seed})
    for _ in range(600):  # a bound on asking: computer players only, the server plays on
        if frame(address, links["id"])["over"]:
            return links
        time.sleep(0.2)
    pytest.fail("the computer players did not finish the game")


@contextmanager
def replay_at(
    browser: Browser, address: str, game_id: int, screen: dict[str, Any], version: int
) -> Iterator[Page]:
    """The game's replay on a screen of its own (a browser context made with ``screen``),
    shown at ``version``; closed after."""
    context = browser.new_context(base_url=address, **screen)
    try:
        page = context.new_page()
        page.goto(f"/t/{game_id}/replay?seat=0")
        page.evaluate(f"showReplay({version})")
        shows(page, version)
        yield page
    finally:
        context.close()


def twenty_markers_sealed_after_a_called_race(address: str) -> JSON:
    """``twenty_markers_after_a_called_race`` with picks sealed (each marker's ticket sent):
    the next race's card simulated and up, the page's status waiting for all twenty by
    name, the last race's result and call beside the card: its links."""
    links, tokens = _twenty_markers_and_a_keeper(address, {"races": 2, "sealed": True}, seed=3)
    game_id, keeper = links["id"], tokens[-1]
    race = {"kind": "simulate", "race": "maiden-special-weight"}
    move(address, game_id, keeper, race)
    horses = frame(address, game_id)["view"]["card"]["horses"]
    for marker, token in enumerate(tokens[:-1]):
        ticket = f"{marker + 1}|{('win', 'place', 'show')[marker % 3]}|{horses[marker % 4]}"
        move(address, game_id, token, {"kind": "sealed-pick", "ticket": ticket})
    move(address, game_id, keeper, {"kind": "scratches", "horses": [], "sit_out": []})
    move(address, game_id, keeper, {"kind": "run"})
    move(address, game_id, keeper, {"kind": "official"})
    move(address, game_id, keeper, race)
    return links


TV_FITS = "Number(document.getElementById('board').dataset.fits)"
"""How many times a Derby Cast TV has been fitted to its screen (derbycast.js counts them
on its board for its tests: a draw fits it, and a change of a height that matters)."""


WATCHED = """() => {  // what the page's scripts have a ResizeObserver watch, by id or tag
  window.sizesWatched = [];
  const observe = ResizeObserver.prototype.observe;
  ResizeObserver.prototype.observe = function (target, ...rest) {
    window.sizesWatched.push(target.id || target.tagName);
    return observe.call(this, target, ...rest);
  };
}"""
"""For ``page.add_init_script(f"({WATCHED})()")``: ``window.sizesWatched`` then lists what
the page's ResizeObservers watch (an element's id, or its tag)."""


def totopoly_person_asked_to_bid(address: str, links: JSON) -> JSON:
    """A Totopoly table of people (and computer players): whoever is asked makes his first
    choice at each move (a pass or "done" where there is one) until a person may bid for
    a lot: his frame then."""
    game_id, tokens = links["id"], [token_of(seat["link"]) for seat in links["seats"]]
    for _ in range(200):
        asked = next(
            (seen for seen in (frame(address, game_id, t) for t in tokens) if seen["your_turn"]),
            None,
        )
        if asked is None:  # a computer player's move on its way
            time.sleep(0.1)
            continue
        legal = [entry["action"] for entry in asked["legal"]]
        if any(action["kind"] == "bid" for action in legal):
            return asked
        action = next((a for a in legal if a["kind"] in ("pass", "done")), legal[0])
        move(address, game_id, tokens[asked["seat"]], action)
    pytest.fail("no person was asked to bid")


SHORT_CALLS = "0.2"
"""``serve --call-pace`` of the ``short_calls_server`` fixture: seconds a part of a race's
call is read for, and so the computer keeper holds a watched race (1.8 when served)."""


def turn_among(address: str, game_id: int, tokens: dict[str, str]) -> str | None:
    """Whose turn it is of the seats ``tokens`` (by who holds them), waited for while the
    table holds for its pages (the computer keeper's race called, its result shown: a
    second or two at ``SHORT_CALLS``); None once the game is over."""
    give_up = time.monotonic() + 120  # a bound on a hang, not a measurement
    while time.monotonic() < give_up:
        if frame(address, game_id)["over"]:
            return None
        for who, token in tokens.items():
            if frame(address, game_id, token)["your_turn"]:
                return who
        time.sleep(0.1)
    pytest.fail(f"nobody's turn at table {game_id} in two minutes")


def more_settings(page: Page) -> None:
    """The lobby's "More settings" unfolded (the settings most hosts leave as they are,
    the files of one's own, real dice, the settings as JSON), if it is not already."""
    fold = page.locator("#more")
    if fold.get_attribute("open") is None:
        page.locator("#more > summary").click()
    expect(fold).to_have_attribute("open", "")


def totopoly_three_computers_played(address: str, seed: int = 5) -> tuple[JSON, JSON]:
    """A whole Totopoly game (not the short one) of three computer players, Ann, Bob and
    Cy (sensible), played out by the server as the table opens: its links and its last
    frame, over. Seed 5: they back horses on the Tote, none of them the winner."""
    seats = [{"kind": "bot", "bot": "sensible", "name": name} for name in ("Ann", "Bob", "Cy")]
    request = {"game": "totopoly", "config": {"players": 3}, "seats": seats, "seed": seed}
    links: JSON = API.post(f"{address}/api/tables", json=request, timeout=300).json()
    final = frame(address, links["id"])
    assert final["over"]
    return links, final


SHOTS = "HOMESTRETCH_SHOTS"
"""Set (to anything) for the screenshots ``snap`` takes; unset (CI, ``make test``) none is
taken: nobody looks at them there, and a long phone page's full shot costs time."""


def snap(page: Page, path: Path | str, *, full_page: bool = True) -> None:
    """A screenshot for a person to look at (an author checking a page by eye), taken only
    when ``HOMESTRETCH_SHOTS`` is set. A test that reads a shot's pixels calls
    ``page.screenshot`` itself."""
    if os.environ.get(SHOTS):
        page.screenshot(path=str(path), full_page=full_page)


def across_played(
    address: str, game_id: int, tokens: list[str], choice: Callable[[JSON], JSON | None]
) -> JSON:
    """An Across table of people (``tokens``, every seat's) played through the API: the
    first seat the table waits for makes ``choice(its frame)`` until ``choice`` says None;
    that frame. Three calls a move (who is waited for, that seat's frame, the move), where
    reading every seat's frame and then ``move`` made five or more."""
    for _ in range(2000):  # a bound on a stuck game, not a measurement
        waiting = frame(address, game_id)["waiting"]["seats"]
        shown = frame(address, game_id, tokens[waiting[0]])
        action = choice(shown)
        if action is None:
            return shown
        move(address, game_id, tokens[shown["seat"]], action, shown["version"])
    pytest.fail("the table never came to what the test waits for")


def across_passing(shown: JSON) -> JSON | None:
    """For ``across_played``: the track chosen (Woodbine) if asked, every lot passed,
    until race 1's windows open (None)."""
    phase = shown["view"]["phase"]
    if phase == "betting":
        return None
    return {"kind": "track", "track": "woodbine"} if phase == "choose track" else {"kind": "pass"}


def snap_part(part: Locator, path: Path | str) -> None:
    """``snap`` of one part of a page (a locator's screenshot), taken only when
    ``HOMESTRETCH_SHOTS`` is set."""
    if os.environ.get(SHOTS):
        part.screenshot(path=str(path))


CALL_STEP_MS = 1200
"""stretch.js's ``CALL_STEP_MS``: a Top of the Stretch page reads a finished race's call a
part each this many ms (its own timer, not the server's ``--call-pace``)."""


def stretch_call_read_out(page: Page, address: str, game_id: int) -> None:
    """The Top of the Stretch page ``page`` (its clock installed, ``page.clock.install()``,
    before it opened) has drawn the finished race and reads the rest of its call at once:
    its clock run on through as many of the caller's parts as the call has. For a test
    about what the page shows once the call is read out, not about its pace: the parts
    are still read one by one, by the page's own timers, in a moment instead of seconds
    (a quick race's call took 7-12 s)."""
    final = frame(address, game_id)
    assert final["over"], "the race is not run yet: no call to read out"
    shows(page, final["version"])
    page.clock.run_for((len(final["view"]["call"]) + 1) * CALL_STEP_MS)


def derbycast_call_read_out(page: Page, address: str, game_id: int) -> None:
    """The Derby Cast page ``page`` (its clock installed before it opened: ``tv_at``'s
    ``clock``) reads the rest of the call of the race under review at once: its clock run
    on through every part at the server's pace (the frame's ``pace``: 1.8 s a part as
    served). For a test about what the page shows once the call is read, not about its
    pace: the parts still come one by one, by the page's own timers, in a moment instead
    of some ten seconds."""
    now = frame(address, game_id)
    parts = len(now["view"]["call"])
    page.clock.run_for(int((parts + 1) * now["pace"] * 1000))
