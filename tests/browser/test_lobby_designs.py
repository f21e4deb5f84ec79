"""A designer's own track in the lobby (``serve --content DIR``), on a phone (375 px)
and a laptop (1280 px): the choice is named as the designer's, its track is the one the
form offers, the table opened on it plays it (its page says so) and takes a move; a
track not of the design, typed into the settings as JSON, is refused by its field. A
track file, or a Totopoly content folder's files, uploaded from the lobby: a fault by
the field, then played."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from tests.browser.table_pages import (
    SharedServer,
    fits_width,
    fold_view,
    frame,
    more_settings,
    open_moves,
    open_view,
    shows,
    snap,
)
from tests.conftest import serving

pytestmark = pytest.mark.browser
OWN_SERVER = True  # its lobby shows the open tables: this module's alone (conftest)

SAMPLES = Path(__file__).parents[2] / "samples"
DESIGN = "across:my-across"
WIDTHS = {"phone": {"width": 375, "height": 667}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServer]:
    """One server for the module, offering a designer's Across folder: the samples'
    title cards and Fenwick Heath, the only track in it."""
    folder = tmp_path_factory.mktemp("server")
    shutil.copytree(SAMPLES / "across", folder / "my-across")
    db = str(folder / "games.sqlite")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("HOMESTRETCH_CACHE", str(folder / "cache"))
        with serving(db, folder, ["--content", str(folder / "my-across")]) as address:
            yield SharedServer(address, db, folder)


@pytest.fixture
def device(browser: Browser, shared_server: SharedServer) -> Iterator[Callable[[str], Page]]:
    """A new page of a width of ``WIDTHS`` for each call (a person of its own)."""
    made: list[BrowserContext] = []

    def new_page(width: str) -> Page:
        made.append(
            browser.new_context(
                base_url=shared_server.address,
                viewport=WIDTHS[width],
                is_mobile=width == "phone",
            )
        )
        return made[-1].new_page()

    yield new_page
    for each in made:
        each.close()


def choose_design_with_ann(page: Page) -> None:
    page.goto("/")
    page.select_option("#game", DESIGN)
    rows = page.locator("#seats li")
    while rows.count() > 3:
        rows.last.get_by_role("button", name="Remove").click()
    page.locator("#seats li[data-seat='0'] input.seat-name").fill("Ann")
    page.locator("#seats li[data-seat='0'] select").select_option("person")


@pytest.mark.parametrize("width", ["phone", "laptop"])
def test_a_table_on_the_designers_track_opened_from_the_lobby_takes_a_move(
    device: Callable[[str], Page], shared_server: SharedServer, width: str, tmp_path: Path
) -> None:
    with shared_server.visit() as address:
        lobby = device(width)
        lobby.goto("/")
        option = lobby.locator(f"#game option[value='{DESIGN}']")
        expect(option).to_have_text("Across the Board, the designer's my-across")
        choose_design_with_ann(lobby)
        expect(lobby.locator("#game-about")).to_contain_text("The designer's content in my-across")
        expect(lobby.locator("#own-track-box")).to_be_hidden()  # the design is the content
        said = "".join(log.read_text() for log in shared_server.folder.glob("serve-*.log"))
        assert "The lobby offers the designer's content in my-across: its title cards" in said
        track = lobby.locator("[data-field='tracks'] select").first
        expect(track).to_be_visible()  # the design's own: in sight, never folded away
        expect(track.locator("option:checked")).to_have_text("Fenwick Heath (Norwich)")
        fits_width(lobby)
        snap(lobby, tmp_path / f"lobby-design-{width}.png")
        lobby.get_by_role("button", name="Open the table").click()
        expect(lobby.locator("#created")).to_be_visible()
        ann_link = str(lobby.locator("#links a", has_text="Ann's seat").get_attribute("href"))
        game_id = int(ann_link.split("/")[2])

        ann = device(width)
        ann.goto(ann_link)
        expect(ann.locator(".subtitle")).to_contain_text("on the designer's my-across")
        expect(ann.locator(".subtitle")).to_be_visible()
        before = frame(address, game_id)
        assert before["view"]["track"] == "fenwick-heath"
        shows(ann, before["version"])
        expect(ann.locator("#status")).to_have_text("your turn")
        open_moves(ann)
        ann.locator("#actions button").first.click()
        expect(ann.locator("body")).not_to_have_attribute("data-version", str(before["version"]))
        assert frame(address, game_id)["version"] > before["version"]
        fits_width(ann)
        snap(ann, tmp_path / f"moved-design-{width}.png")


def test_a_track_not_of_the_design_is_refused_by_its_field(
    device: Callable[[str], Page], shared_server: SharedServer
) -> None:
    with shared_server.visit():
        page = device("phone")
        choose_design_with_ann(page)
        more_settings(page)
        page.click("#advanced > summary")
        config = json.loads(page.locator("#config").input_value())
        page.locator("#config").fill(json.dumps({**config, "tracks": ["woodbine"]}))
        page.get_by_role("button", name="Open the table").click()
        error = page.locator("[data-error-for='tracks']")
        expect(error).to_have_text(
            'Tracks: a list, each one of "Fenwick Heath (Norwich)", at most 100'
        )
        expect(page.locator("#created")).to_be_hidden()
        fits_width(page)


def test_a_track_file_uploaded_from_the_lobby_is_checked_then_played(
    device: Callable[[str], Page], shared_server: SharedServer
) -> None:
    track = (SAMPLES / "across/tracks/fenwick-heath.toml").read_text()
    with shared_server.visit():
        page = device("phone")
        page.goto("/")
        page.select_option("#game", "across")
        more_settings(page)  # a track file of one's own: with the settings most leave
        expect(page.locator("#own-track-box")).to_be_visible()
        page.locator("#seats li[data-seat='0'] input.seat-name").fill("Ann")
        broken = track.replace("best_pick = 7", "best_pick = 13")
        page.set_input_files(
            "#own-track",
            {"name": "my-heath.toml", "mimeType": "text/plain", "buffer": broken.encode()},
        )
        page.get_by_role("button", name="Open the table").click()
        error = page.locator("#own-track-box [data-error-for='upload']")
        expect(error).to_have_text("my-heath.toml: news: best_pick must be a horse 2-12, not 13")
        expect(error).to_be_in_viewport()
        expect(page.locator("#created")).to_be_hidden()
        fits_width(page)
        page.set_input_files(
            "#own-track",
            {"name": "my-heath.toml", "mimeType": "text/plain", "buffer": track.encode()},
        )
        expect(error).to_be_hidden()
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        ann = page.locator("#links a", has_text="Ann's seat")
        ann.click()
        expect(page.locator(".subtitle")).to_contain_text("on the designer's my-heath.toml")
        expect(page.locator("#board")).to_contain_text("Fenwick Heath")


def _files(folder: Path, **changed: str) -> list[dict[str, object]]:
    return [
        {
            "name": path.name,
            "mimeType": "text/plain",
            "buffer": changed.get(path.stem, path.read_text()).encode(),
        }
        for path in sorted(folder.glob("*.toml"))
    ]


def test_a_totopoly_folders_files_uploaded_from_the_lobby_are_checked_then_played(
    device: Callable[[str], Page], shared_server: SharedServer
) -> None:
    folder = SAMPLES / "totopoly"
    leases = (folder / "leases.toml").read_text()
    with shared_server.visit():
        page = device("phone")
        page.goto("/")
        page.select_option("#game", "totopoly")
        more_settings(page)
        box = page.locator("#own-content-box")
        expect(box).to_be_visible()
        expect(page.locator("#own-track-box")).to_be_hidden()
        page.locator("#seats li[data-seat='0'] input.seat-name").fill("Ann")
        broken = leases.replace("number = 1\n", "number = 13\n", 1)
        page.set_input_files("#own-content", _files(folder, leases=broken))
        page.get_by_role("button", name="Open the table").click()
        error = box.locator("[data-error-for='upload']")
        expect(error).to_have_text(
            "leases.toml: [[horse]] 1: number 13: the horses are numbered 1 to 12"
        )
        expect(error).to_be_in_viewport()
        expect(page.locator("#created")).to_be_hidden()
        fits_width(page)
        # too big together: said by the field, nothing sent
        posted: list[str] = []
        page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
        page.set_input_files("#own-content", _files(folder, cards="#" * (300 * 1024)))
        expect(error).to_be_hidden()
        page.get_by_role("button", name="Open the table").click()
        expect(error).to_have_text(
            "the files hold more than 256 KiB together (a Totopoly folder's five hold about "
            "11 KiB): choose the content folder's own files"
        )
        assert posted == []
        # the folder's files as they are: opened on them, 16 KiB and more with its notes
        notes = "".join(f"# note {n}: why the course bends here\n" for n in range(500))
        course = notes + (folder / "racecourse.toml").read_text()
        page.set_input_files("#own-content", _files(folder, racecourse=course))
        page.get_by_role("button", name="Open the table").click()
        expect(page.locator("#created")).to_be_visible()
        assert posted and len(course) > 16 * 1024
        page.locator("#links a", has_text="Ann's seat").click()
        expect(page.locator(".subtitle")).to_contain_text(
            "on the designer's uploaded content folder"
        )
        open_view(page)  # folded under the board: opened as a player would
        expect(page.locator("#view")).to_contain_text("Heath Raven")  # the folder's horses
        fold_view(page)  # as it was
        fits_width(page)
