"""The lobby's form on a phone: a table of every game opened through its labelled
settings and its seats' rows (a person, an open seat, the computer), one move played on
it; a bad value refused next to its field with nothing typed lost, a reload included;
the settings as JSON kept in step with the fields."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    fits_width,
    frame,
    more_settings,
    open_moves,
    shows,
    snap,
)

from homestretch.store.db import Store
from homestretch.web.forms import shown

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)
QUICK = ("pass", "done", "reject", "keep", "done betting")
"""What a person in a hurry chooses when it is offered."""
COMPUTER = {"across": "sensible", "totopoly": "sensible", "derbycast": "value", "stretch": "value"}
SMALLEST = 44
"""A tap target's least height and width, in CSS pixels."""


@pytest.fixture
def phone(browser: Browser, shared_server: SharedServer) -> Iterator[Callable[[], Page]]:
    """A new page on a narrow phone (375 px wide, an iPhone SE's or mini's CSS pixels)
    for each call: a person of its own; all closed after the test."""
    made: list[BrowserContext] = []

    def new_page() -> Page:
        made.append(
            browser.new_context(
                base_url=shared_server.address,
                viewport={"width": 375, "height": 667},
                is_mobile=True,
            )
        )
        return made[-1].new_page()

    yield new_page
    for each in made:
        each.close()


def seat_row(page: Page, index: int) -> tuple[str, str]:
    row = page.locator(f"#seats li[data-seat='{index}']")
    return row.locator("input.seat-name").input_value(), row.locator("select").input_value()


def set_seats(page: Page, game: str) -> None:
    """Ann here, an open seat for a guest, and the computer: rows added or removed to
    three (Across seats three at least; the others start with two)."""
    rows = page.locator("#seats li")
    while rows.count() < 3:
        page.click("#add-seat")
    while rows.count() > 3:
        rows.last.get_by_role("button", name="Remove").click()
    wanted = [("Ann", "person"), ("Guest", "open"), ("Robo", f"bot:{COMPUTER[game]}")]
    for index, (name, who) in enumerate(wanted):
        row = page.locator(f"#seats li[data-seat='{index}']")
        row.locator("input.seat-name").fill(name)
        row.locator("select").select_option(who)


def tap_targets_too_small(page: Page) -> list[str]:
    """The form's controls a finger would miss (under 44 px tall or wide), by id or text."""
    small: list[str] = page.evaluate(
        """(least) => [...document.querySelectorAll(
              '#create input, #create select, #create button, #create summary, #create label.check')]
            .filter((node) => node.getClientRects().length)
            .filter((node) => node.type !== 'checkbox' && node.type !== 'file')
            .filter((node) => { const r = node.getBoundingClientRect();
                                return r.height < least || r.width < least; })
            .map((node) => node.id || node.textContent.trim().slice(0, 30))""",
        SMALLEST,
    )
    return small


def move_once(page: Page, game: str) -> None:
    """One move: Stretch's a $2 bet at its betting window; the others' from the generic
    moves under the board, a quick one where offered."""
    if game == "stretch":
        page.locator("#stretch-bet button[type=submit]").click()
        return
    open_moves(page)
    buttons = page.locator("#actions button")
    if not buttons.count():  # too many to list as buttons: the first from the form
        page.locator("#typed button[type=submit]").click()
        return
    texts = [text.strip().lower() for text in buttons.all_inner_texts()]
    quick = next((i for i, text in enumerate(texts) if text in QUICK), 0)
    buttons.nth(quick).click()


@pytest.mark.parametrize("game", ["across", "derbycast", "stretch", "totopoly"])
def test_a_table_of_each_game_opened_from_the_form_on_a_phone(
    phone: Callable[[], Page], shared_server: SharedServer, game: str, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        lobby = phone()
        lobby.goto("/")
        lobby.select_option("#game", game)
        set_seats(lobby, game)
        fits_width(lobby)
        assert tap_targets_too_small(lobby) == []
        snap(lobby, tmp_path / f"lobby-{game}.png")
        lobby.get_by_role("button", name="Open the table").click()
        expect(lobby.locator("#created")).to_be_visible()
        fits_width(lobby)
        ann_link = str(lobby.locator("#links a", has_text="Ann's seat").get_attribute("href"))
        invite = str(lobby.locator("#links a", has_text="Invitation").get_attribute("href"))
        game_id = int(ann_link.split("/")[2])

        seats = frame(address, game_id)["seats"]
        kinds = [(s["name"], s["kind"], s["bot"]) for s in seats[:3]]
        assert kinds == [
            ("Ann", "person", None),
            ("Guest", "open", None),
            ("Robo", "bot", COMPUTER[game]),
        ]

        ann = lobby  # the host is Ann: her seat opened on the lobby's page
        ann.goto(ann_link)
        before = frame(address, game_id)
        shows(ann, before["version"])
        if 0 in before["waiting"]["seats"]:
            mover = ann
        else:  # the guest's turn first: the invitation seats them, and they move
            mover = phone()
            mover.goto(invite)
            mover.fill("#name", "Cleo")
            mover.get_by_role("button", name="Take a seat").click()
            expect(mover).to_have_url(re.compile("/seat/"))
            before = frame(address, game_id)
        shows(mover, before["version"])
        expect(mover.locator("#status")).to_have_text("your turn")
        move_once(mover, game)
        expect(mover.locator("body")).not_to_have_attribute("data-version", str(before["version"]))
        assert frame(address, game_id)["version"] > before["version"]
        snap(mover, tmp_path / f"moved-{game}.png")


def test_a_bad_value_is_shown_by_its_field_and_nothing_typed_is_lost(
    phone: Callable[[], Page], shared_server: SharedServer, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        page = phone()
        page.goto("/")
        page.select_option("#game", "across")
        set_seats(page, "across")
        page.fill("#setting-meets", "500")  # the box says 1 to 100; the server holds to it
        more_settings(page)
        page.select_option(
            "#setting-payoff", label="as at a track: a winner's ticket shares place and show too"
        )
        page.get_by_role("button", name="Open the table").click()
        error = page.locator("[data-error-for='meets']")
        expect(error).to_have_text("Meets: a whole number from 1 to 100")
        expect(page.locator("#setting-meets")).to_have_class("invalid")
        expect(page.locator("#error")).to_be_hidden()
        expect(page.locator("#created")).to_be_hidden()
        fits_width(page)
        snap(page, tmp_path / "lobby-refused.png")

        page.reload()  # nothing typed is lost
        expect(page.locator("#game")).to_have_value("across")
        assert [seat_row(page, i) for i in range(3)] == [
            ("Ann", "person"),
            ("Guest", "open"),
            ("Robo", "bot:sensible"),
        ]
        expect(page.locator("#setting-meets")).to_have_value("500")
        assert json.loads(page.locator("#config").input_value())["payoff"] == "across"

        # a seat's name the server refuses is shown in that seat's row
        page.locator("#seats li[data-seat='2'] input.seat-name").fill("Ro\u0007bo")
        page.fill("#setting-meets", "2")
        page.get_by_role("button", name="Open the table").click()
        row_error = page.locator("[data-error-for='seats.2']")
        expect(row_error).to_contain_text("control character")
        expect(page.locator("[data-error-for='meets']")).to_be_hidden()

        # two seats of one name: said by the second before anything is sent
        page.locator("#seats li[data-seat='2'] input.seat-name").fill("ann")
        page.get_by_role("button", name="Open the table").click()
        expect(row_error).to_have_text("Two players are called ann: give each their own name.")

        page.locator("#seats li[data-seat='2'] input.seat-name").fill("Robo")
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        game_id = int(str(page.locator("#links a").first.get_attribute("href")).split("/")[2])
        saved = frame(address, game_id)
        assert [s["name"] for s in saved["seats"]] == ["Ann", "Guest", "Robo"]
        page.reload()  # the links stay on the page after a reload, too
        expect(page.locator("#created")).to_be_visible()
        expect(page.locator("#links a", has_text="Ann's seat")).to_have_count(1)


def test_the_settings_as_json_follow_the_fields_and_the_fields_the_json(
    phone: Callable[[], Page], shared_server: SharedServer
) -> None:
    with shared_server.visit():
        page = phone()
        page.goto("/")
        page.select_option("#game", "totopoly")
        more_settings(page)
        page.click("#advanced > summary")
        config = page.locator("#config")
        page.check("#setting-short")
        page.select_option("#setting-rules-auction", label="a pass is final for that lot")
        page.click("#add-seat")
        shown = json.loads(config.input_value())
        assert (shown["short"], shown["rules"]["auction"], shown["players"]) == (
            True,
            "final_pass",
            3,
        )

        shown["rules"]["auction"] = "open"
        shown["banker"] = 2
        config.fill(json.dumps(shown))
        expect(page.locator("#setting-rules-auction")).to_have_value("0")  # "open", the first
        expect(page.locator("#setting-banker")).to_have_value("2")
        config.fill('{"players": 3, "short": ')  # half typed: the fields stay as they were
        expect(page.locator("[data-error-for='config']")).to_be_visible()
        expect(page.locator("#setting-short")).to_be_checked()
        page.reload()
        expect(page.locator("#config")).to_have_value('{"players": 3, "short": ')
        page.click("#reset-settings")  # the settings start again; the players stay
        shown = json.loads(page.locator("#config").input_value())
        assert (shown["short"], shown["players"], shown["rules"]["auction"]) == (False, 3, "open")
        expect(page.locator("#seats li")).to_have_count(3)


def test_the_score_keeper_and_the_dice_typist_are_chosen_in_words(
    phone: Callable[[], Page], shared_server: SharedServer
) -> None:
    with shared_server.visit() as address:
        page = phone()
        page.goto("/")
        page.select_option("#game", "derbycast")
        for index, name in enumerate(("Ann", "Bob")):
            page.locator(f"#seats li[data-seat='{index}'] input.seat-name").fill(name)
        page.select_option("#setting-source", label="race replays from the library")
        expect(page.locator("#dc-keeper-box")).to_be_hidden()  # replays need no keeper
        more_settings(page)
        expect(page.locator("#setting-draw")).to_be_visible()  # but how they are drawn
        page.select_option("#setting-source", index=0)
        expect(page.locator("#dc-keeper-box")).to_be_visible()
        expect(page.locator("#setting-draw")).to_be_hidden()
        page.select_option("#dc-keeper", label="a person here: types in each real race")
        expect(page.locator("#dice")).to_be_hidden()  # Derby Cast throws none
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        expect(page.locator("#links a", has_text="Score keeper's seat")).to_have_count(1)
        game_id = int(str(page.locator("#links a").first.get_attribute("href")).split("/")[2])
        seats = frame(address, game_id)["seats"]
        assert [(s["name"], s["kind"]) for s in seats] == [
            ("Ann", "person"),
            ("Bob", "person"),
            ("Score keeper", "person"),
        ]

        # Totopoly's dice, typed in by Bob's seat
        page.select_option("#game", "totopoly")
        for index, name in enumerate(("Ann", "Bob")):
            page.locator(f"#seats li[data-seat='{index}'] input.seat-name").fill(name)
        expect(page.locator("#roller-box")).to_be_hidden()
        page.select_option("#dice", "asked")
        page.select_option("#roller", label="Bob (player 2)")
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#links a", has_text="Score keeper's seat")).to_have_count(0)
        game_id = int(str(page.locator("#links a").first.get_attribute("href")).split("/")[2])
        store = Store(shared_server.db)
        try:
            assert store.settings(game_id)["web"]["roller"] == 1  # type: ignore[index]
        finally:
            store.close()


def test_a_race_with_nobody_betting_shows_no_tote_settings(
    phone: Callable[[], Page], shared_server: SharedServer, tmp_path: Path
) -> None:
    """Top of the Stretch's bankroll, takeout and breakage matter only where somebody
    bets: with every seat removed they are hidden (the race, version and odds stay), and
    back with a player; a refusal of a choice says the choices as the select does."""
    with shared_server.visit():
        page = phone()
        page.goto("/")
        page.select_option("#game", "stretch")
        more_settings(page)  # the takeout and the breakage, with the bankroll
        tote = ["#setting-bankroll", "#setting-takeout", "#setting-breakage"]
        for each in tote:
            expect(page.locator(each)).to_be_visible()
        rows = page.locator("#seats li")
        while rows.count():
            rows.last.get_by_role("button", name="Remove").click()
        for each in tote:
            expect(page.locator(each)).to_be_hidden()
        for each in ("#setting-race", "#setting-mode", "#setting-odds"):
            expect(page.locator(each)).to_be_visible()
        assert json.loads(page.locator("#config").input_value())["players"] == 0
        fits_width(page)
        snap(page, tmp_path / "lobby-no-bettors.png")
        page.click("#add-seat")
        for each in tote:
            expect(page.locator(each)).to_be_visible()

        page.click("#advanced > summary")
        shown = json.loads(page.locator("#config").input_value())
        page.locator("#config").fill(json.dumps({**shown, "mode": "slow"}))
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("[data-error-for='mode']")).to_have_text(
            'Version: one of "Quickplay (exact chances)", "Fullplay (running lines)"'
        )


WHEN_CASES: list[tuple[dict[str, Any], dict[str, Any], bool]] = [
    ({"x": [False]}, {"x": 0}, False),  # 0 is not false, in Python as in JSON
    ({"x": [0]}, {"x": False}, False),
    ({"x": [True]}, {"x": 1}, False),
    ({"x": {"not": [0]}}, {"x": False}, True),
    ({"x": {"not": [False]}}, {"x": 0}, True),
    ({"x": [0]}, {"x": 0}, True),
    ({"x": [1]}, {"x": 1.0}, True),
    ({"x": [None]}, {}, True),  # a key left out is null
    ({"x": {"not": [None]}}, {}, False),
    ({"a.b": ["r"]}, {"a": {"b": "r"}}, True),
    ({"a.b": ["r"]}, {"a": ["r"]}, False),
    ({"toString": [None]}, {}, True),  # a name JavaScript's objects have of their own
    ({"players": {"not": [0]}, "odds": ["real"]}, {"players": 2, "odds": "real"}, True),
    ({"players": {"not": [0]}, "odds": ["real"]}, {"players": 2, "odds": "none"}, False),
]


def test_the_form_and_the_server_read_when_alike(
    shared_server: SharedServer, phone: Callable[[], Page]
) -> None:
    """A setting shown only with another's value ("when") is shown by the lobby's script
    exactly when the server's forms.shown says so, 0 and false, 1 and true told apart."""
    with shared_server.visit():
        page = phone()
        page.goto("/")
        for when, config, expected in WHEN_CASES:
            assert shown({"when": when}, config) is expected, (when, config)
            script = page.evaluate("([when, config]) => shownWhen(when, config)", [when, config])
            assert script is expected, (when, config)


def _entrant(view: Any, name: str) -> dict[str, Any] | None:
    """The row of the Derby Cast view that names ``name`` (anywhere in it)."""
    if isinstance(view, dict):
        if view.get("name") == name:
            return view
        view = list(view.values())
    if isinstance(view, list):
        for item in view:
            found = _entrant(item, name)
            if found is not None:
                return found
    return None


def test_a_derby_cast_team_is_typed_on_its_row(
    shared_server: SharedServer, phone: Callable[[], Page], tmp_path: Path
) -> None:
    """A team (several people at one seat, one marker, rule 1) is typed on its row, not
    only in the settings as JSON: the two stay in step both ways, a reload keeps it, and
    the table opened plays the team as one marker."""
    with shared_server.visit() as address:
        page = phone()
        page.goto("/")
        page.select_option("#game", "derbycast")
        page.locator("#seat-0-name").fill("Ann")
        page.locator("#seat-1-name").fill("The Foxes")
        page.locator("#seat-1-team").fill("Bob, Cy")
        config = json.loads(page.locator("#config").input_value())
        assert config["entrants"] == [
            {"name": "Ann", "members": ["Ann"], "bot": False},
            {"name": "The Foxes", "members": ["Bob", "Cy"], "bot": False},
        ]
        fits_width(page)
        assert tap_targets_too_small(page) == []
        snap(page, tmp_path / "lobby-team.png")
        page.reload()
        expect(page.locator("#seat-1-team")).to_have_value("Bob, Cy")

        # typed in the JSON, the rows follow: Ann's row becomes a team of two
        more_settings(page)
        page.click("#advanced > summary")
        config["entrants"][0] = {"name": "Ann and Di", "members": ["Ann", "Di"], "bot": False}
        page.locator("#config").fill(json.dumps(config))
        expect(page.locator("#seat-0-name")).to_have_value("Ann and Di")
        expect(page.locator("#seat-0-team")).to_have_value("Ann, Di")
        page.locator("#seat-0-team").fill("")  # blank: Ann and Di's row plays alone again
        entrants = json.loads(page.locator("#config").input_value())["entrants"]
        assert entrants[0]["members"] == ["Ann and Di"]
        page.locator("#seat-0-name").fill("Ann")

        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        link = str(page.locator("#links a", has_text="Ann's seat").get_attribute("href"))
        foxes = _entrant(frame(address, int(link.split("/")[2]))["view"], "The Foxes")
        assert foxes is not None and foxes.get("team") is True, foxes
