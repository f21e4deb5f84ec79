"""A Derby Cast table saved before games recorded the files they read, whose keeper had
Top of the Stretch run a race at the desk, goes on (and replays) on this homestretch's
Top of the Stretch files, which cannot be checked against those it first ran on. The
terminal says so once (``GameEntry.log_reads``); the table page and the replay page said
nothing. Each says it now, once, in the terminal's words, at the top of the page; a
table saved with its record says nothing."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.browser.table_pages import SMALL, shows, small_phone_at
from tests.conftest import serving

from homestretch.core.protocol import JSON
from homestretch.session.saved import CONTENT_KEY, READS_KEY, bundled_marks
from homestretch.store.db import Store
from homestretch.web.lobby import create_table, links

pytestmark = pytest.mark.browser

KEEPER = 2
DESK = {
    "card": {"kind": "simulate", "race": "dream-derby", "mode": "quick"},
    "scratches": {"kind": "scratches", "horses": [], "sit_out": []},
    "result": {"kind": "run"},
    "review": {"kind": "official"},
}
"""The keeper's move at each phase: a race Top of the Stretch runs, picks closed, the
race run, its result official."""

SAID = (
    "Game {id} was saved by an older homestretch, so its Top of the Stretch races are run "
    "again on this homestretch's files and may not come out as they first did."
)


def desk_table(db: Path, finished: bool, before_records: bool) -> JSON:
    """A web table of Mum and Dad (the computer) whose keeper (a person) had a race run
    at the desk: stopped at the race's picks, or played to its end. ``before_records``:
    its settings as a homestretch before games recorded their reads saved them (marked
    with Derby Cast's own files alone). Its links."""
    store = Store(str(db))
    config = {
        "entrants": [{"name": n} for n in ("Mum", "Dad")],
        "source": "keeper",
        "feed": {"kind": "manual"},
        "races": 1,
    }
    seats = [{"kind": "bot", "name": n, "bot": "random"} for n in ("Mum", "Dad")]
    seats.append({"kind": "person", "name": "Keeper"})
    request = {"game": "derbycast", "config": config, "seats": seats, "seed": 8}
    table, game_id, web = create_table(store, request)
    table.advance()
    codec = table.game.codec
    while True:
        phase = table.state.view(KEEPER)["phase"]
        table.submit(KEEPER, codec.from_json(DESK[phase]), table.version)
        table.advance()
        if table.state.is_over() or not finished:
            break
    if finished:
        store.finish(game_id, "over")
    if before_records:
        settings = store.settings(game_id)
        assert settings is not None
        del settings[READS_KEY]
        settings[CONTENT_KEY] = bundled_marks("derbycast", ["odds-table", "replays"])
        with sqlite3.connect(db) as connection:
            connection.execute(
                "update table_settings set settings = ? where game_id = ?",
                (json.dumps(settings), game_id),
            )
    made = links(game_id, table, web)
    store.close()
    return made


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[JSON]]]:
    """A server on a store of three such tables, saved before it started: the first two
    before records (one under way, one over), the third with its record (over)."""
    folder = tmp_path_factory.mktemp("saved")
    db = folder / "games.sqlite"
    made = [
        desk_table(db, finished=False, before_records=True),
        desk_table(db, finished=True, before_records=True),
        desk_table(db, finished=True, before_records=False),
    ]
    with serving(str(db), folder) as address:
        yield address, made


def said_once(page: Page, game_id: int) -> None:
    notes = page.locator("#table-notes p")
    expect(notes).to_have_count(1)
    expect(notes).to_have_text(SAID.format(id=game_id))
    expect(page.get_by_text("was saved by an older homestretch")).to_have_count(1)
    expect(notes).to_be_in_viewport()


def test_the_table_page_says_a_desk_race_runs_on_todays_files(
    browser: Browser, tables: tuple[str, list[JSON]]
) -> None:
    address, (going, _, _) = tables
    context = browser.new_context(base_url=address, **SMALL)
    desk = context.new_page()
    desk.goto(going["seats"][0]["link"])  # the keeper's: the table's only person
    said_once(desk, going["id"])
    version = int(desk.locator("body").get_attribute("data-version") or "0")
    desk.locator("form.dc-close button[type=submit]").click()  # close picks: a frame pushed
    shows(desk, version + 1)
    said_once(desk, going["id"])
    desk.reload()
    said_once(desk, going["id"])
    context.close()


def test_the_replay_page_says_it_and_a_table_with_its_record_says_nothing(
    browser: Browser, tables: tuple[str, list[JSON]]
) -> None:
    address, (_, over, recorded) = tables
    page = small_phone_at(browser, address, f"/t/{over['id']}/replay")
    expect(page.locator("#replay-at")).to_be_visible()
    said_once(page, over["id"])
    page.locator("#next").click()
    expect(page.locator("#version")).to_contain_text("1 of")
    said_once(page, over["id"])
    page.goto(over["seats"][0]["link"])  # the table over: its page says it too
    said_once(page, over["id"])
    for where in (f"/t/{recorded['id']}/replay", recorded["seats"][0]["link"]):
        page.goto(where)
        expect(page.locator("#digest")).not_to_be_empty()  # drawn
        expect(page.locator("#table-notes")).to_be_hidden()
        expect(page.get_by_text("was saved by an older homestretch")).to_have_count(0)
    page.context.close()
