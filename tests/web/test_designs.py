"""A designer's own content served beside the bundled (``serve --content``, ``--race``):
offered in the lobby as the designer's, played by a table opened on it, kept in the
store so the table replays and resumes exactly after the designer's file changes and
the server starts again without it (its kept copy gone too), and the table's page says
that the file changed; refusals in one line."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.conftest import refused
from tests.web.conftest import frame_of, open_table, refusal, token_of

from homestretch.core.protocol import JSON
from homestretch.store.db import Store
from homestretch.web.app import create_app
from homestretch.web.designs import Designs, read_designs

SAMPLES = Path(__file__).parents[2] / "samples"
RACES = Path(__file__).parents[2] / "src/homestretch/games/stretch/content/races"
ACROSS_SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Robo"},
    {"kind": "bot", "bot": "sensible", "name": "Cy"},
]


@pytest.fixture
def designer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A designer's Across folder (Fenwick Heath alone), Totopoly folder and race file,
    copies of the samples to change; the kept copies go to a cache of the test's own."""
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))
    made = {"across": tmp_path / "my-across", "totopoly": tmp_path / "my-board"}
    shutil.copytree(SAMPLES / "across", made["across"])
    shutil.copytree(SAMPLES / "totopoly", made["totopoly"])
    made["race"] = tmp_path / "my-race.toml"
    shutil.copy(RACES / "allowance-turf-route.toml", made["race"])
    return made


def serving(store: Store, designer: dict[str, Path] | None) -> TestClient:
    designs = None
    if designer is not None:
        found = read_designs([designer["across"], designer["totopoly"]], [designer["race"]])
        designs = Designs(found)
    return TestClient(create_app(store, designs=designs))


@pytest.fixture
def client(store: Store, designer: dict[str, Path]) -> Iterator[TestClient]:
    with serving(store, designer) as test_client:
        yield test_client


def choice(client: TestClient, key: str) -> JSON:
    return next(g for g in client.get("/api/games").json() if g.get("key") == key)


def heading(page: str) -> str:
    found = re.search(r'<p class="subtitle">(.*?)</p>', page, re.S)
    assert found is not None
    return found.group(1).replace("&#x27;", "'")


def test_the_lobby_offers_each_design_after_its_game_as_the_designers(
    client: TestClient,
) -> None:
    keys = [(g["key"], g.get("label")) for g in client.get("/api/games").json()]
    assert keys == [
        ("across", None),
        ("across:my-across", "Across the Board, the designer's my-across"),
        ("derbycast", None),
        ("stretch", None),
        ("stretch:my-race", "Top of the Stretch, the designer's my-race.toml"),
        ("totopoly", None),
        ("totopoly:my-board", "Totopoly, the designer's my-board"),
    ]
    across = choice(client, "across:my-across")
    tracks = next(f for f in across["fields"] if f["name"] == "tracks")
    assert tracks["choices"] == [{"value": "fenwick-heath", "label": "Fenwick Heath (Norwich)"}]
    assert across["config"]["tracks"] == ["fenwick-heath"]  # its own track first
    assert "my-across" in client.get("/").text  # the page's list of games is the same


def test_a_table_on_the_designers_track_plays_it_and_keeps_it(
    client: TestClient, store: Store, designer: dict[str, Path]
) -> None:
    config = choice(client, "across:my-across")["config"]
    links = open_table(
        client, game="across", design="across:my-across", config=config, seats=ACROSS_SEATS
    )
    saved = store.load(links["id"])
    assert saved.config["tracks"] == ["fenwick-heath"]
    kept = Path(saved.config["content_dir"])  # played from a copy, named by its digest
    assert kept.parent.parent == Path(designer["across"]).parent / "cache"
    assert (kept / "tracks/fenwick-heath.toml").read_text() == (
        designer["across"] / "tracks/fenwick-heath.toml"
    ).read_text()
    page = client.get(links["seats"][0]["link"]).text
    assert heading(page).endswith(", on the designer's my-across")
    listed = client.get("/api/tables").json()[0]["title"]
    assert listed.endswith("(the designer's my-across)")


def test_a_designers_table_replays_and_resumes_exactly_after_its_file_changed(
    store: Store, designer: dict[str, Path]
) -> None:
    with serving(store, designer) as first:
        config = choice(first, "totopoly:my-board")["config"]
        seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "sensible", "name": "B"}]
        links = open_table(
            first, game="totopoly", design="totopoly:my-board", config=config, seats=seats
        )
        race = choice(first, "stretch:my-race")["config"]
        race_links = open_table(
            first,
            game="stretch",
            design="stretch:my-race",
            config={**race, "players": 1},
            seats=[{"kind": "person", "name": "Ann"}],
        )
        ann = token_of(links["seats"][0]["link"])
        before = frame_of(first, links["id"], ann)
        race_before = frame_of(first, race_links["id"])
    # the designer edits both files, the cache is cleared, the server starts without them
    cards = designer["totopoly"] / "cards.toml"
    cards.write_text(cards.read_text().replace("= 3", "= 2", 1))
    designer["race"].write_text(designer["race"].read_text() + "\n# edited\n")
    shutil.rmtree(Path(store.load(links["id"]).config["content"]))
    with serving(store, None) as again:
        assert frame_of(again, links["id"], ann) == before  # as it was, exactly
        assert frame_of(again, race_links["id"]) == race_before
        said = heading(again.get(links["seats"][0]["link"]).text)
        assert said.endswith(
            "on the designer's my-board as it was when this table opened: the content has "
            "changed since, and this table plays on as it was"
        )
        said = heading(again.get(race_links["seats"][0]["link"]).text)
        assert "the race file has changed since" in said
        # and it goes on: Ann's move is taken where the table waits for her
        if before["your_turn"]:
            move = {
                "token": ann,
                "version": before["version"],
                "action": before["legal"][0]["action"],
            }
            assert again.post(f"/api/tables/{links['id']}/moves", json=move).status_code == 200
            assert frame_of(again, links["id"], ann)["version"] > before["version"]


def test_a_value_not_of_the_design_is_refused_by_its_field(client: TestClient) -> None:
    config = {**choice(client, "across:my-across")["config"], "tracks": ["woodbine"]}
    answer = client.post(
        "/api/tables",
        json={
            "game": "across",
            "design": "across:my-across",
            "config": config,
            "seats": ACROSS_SEATS,
        },
    )
    assert (
        refusal(answer, 400) == 'Tracks: a list, each one of "Fenwick Heath (Norwich)", at most 100'
    )
    assert answer.json()["field"] == "tracks"
    answer = client.post(
        "/api/tables",
        json={"game": "across", "design": "across:gone", "config": config, "seats": ACROSS_SEATS},
    )
    assert refusal(answer, 400) == (
        "this server offers no designer's content 'across:gone' for across (offered: "
        "across:my-across)"
    )
    # a folder on the server is still never named by the browser
    answer = client.post(
        "/api/tables",
        json={"game": "across", "config": {**config, "content_dir": "/tmp"}, "seats": ACROSS_SEATS},
    )
    assert "chosen where it runs" in refusal(answer, 400)


def test_a_broken_design_stops_the_server_at_start_in_the_terminals_line(
    tmp_path: Path, designer: dict[str, Path]
) -> None:
    track = designer["across"] / "tracks/fenwick-heath.toml"
    track.write_text(track.read_text().replace("preprinted_x = 3", "preprinted_x = 7", 1))
    said = refused(tmp_path, "serve", "--content", str(designer["across"]))
    assert said == f"error: {track}: horse 2: preprinted_x must be at most 5, not 7.0"
    assert said == refused(tmp_path, "across", "tracks", "--content", str(designer["across"]))
    board = designer["totopoly"] / "racecourse.toml"
    board.write_text(board.read_text().replace("tracks = 3", "trakcs = 3", 1))
    said = refused(tmp_path, "serve", "--content", str(designer["totopoly"]))
    assert said.startswith(f"error: {board}: ") and "trakcs" in said
    assert said == refused(tmp_path, "totopoly", "board", "--content", str(designer["totopoly"]))
    said = refused(tmp_path, "serve", "--content", str(tmp_path))
    assert said.startswith(f"error: {tmp_path}: not a content folder")
    said = refused(tmp_path, "serve", "--content", str(tmp_path / "nowhere"))
    assert said.startswith(f"error: {tmp_path / 'nowhere'}: no such content folder (")
    designer["race"].write_text("[race\n")
    said = refused(tmp_path, "serve", "--race", str(designer["race"]))
    assert said.startswith(f"error: {designer['race']}: ")
    assert said == refused(tmp_path, "stretch", "run", str(designer["race"]))


def test_frames_leave_the_kept_files_out(client: TestClient, store: Store) -> None:
    config = choice(client, "across:my-across")["config"]
    links = open_table(
        client, game="across", design="across:my-across", config=config, seats=ACROSS_SEATS
    )
    web = (store.settings(links["id"]) or {})["web"]
    assert set(web["design"]["files"]) == {"horses.toml", "tracks/fenwick-heath.toml"}
    shown = frame_of(client, links["id"])
    assert "fenwick-heath.toml" not in str(shown) and "[[horse]]" not in str(shown)


def test_a_kept_copy_changed_by_hand_is_written_again_from_the_store(
    store: Store, designer: dict[str, Path]
) -> None:
    with serving(store, designer) as first:
        config = choice(first, "across:my-across")["config"]
        links = open_table(
            first, game="across", design="across:my-across", config=config, seats=ACROSS_SEATS
        )
        before = frame_of(first, links["id"])
    kept = Path(store.load(links["id"]).config["content_dir"]) / "tracks/fenwick-heath.toml"
    kept.write_text(kept.read_text().replace("Norwich", "Ipswich"))
    with serving(store, None) as again:
        assert frame_of(again, links["id"]) == before
    assert "Norwich" in kept.read_text()


def test_a_track_file_uploaded_with_the_table_is_checked_played_and_kept(
    client: TestClient, store: Store, designer: dict[str, Path]
) -> None:
    track = designer["across"] / "tracks/fenwick-heath.toml"
    config = {"players": 3, "meets": 2, "tracks": ["woodbine"]}
    broken = track.read_text().replace("best_pick = 7", "best_pick = 13")
    answer = client.post(
        "/api/tables",
        json={
            "game": "across",
            "config": config,
            "seats": ACROSS_SEATS,
            "upload": {"file": "My Heath.toml", "text": broken},
        },
    )
    said = refusal(answer, 400)
    assert said.startswith("My Heath.toml: ") and "best_pick" in said, said
    assert answer.json()["field"] == "upload"
    assert store.saved_games() == []  # nothing opened
    links = open_table(
        client,
        game="across",
        config=config,
        seats=ACROSS_SEATS,
        upload={"file": "My Heath.toml", "text": track.read_text()},
    )
    saved = store.load(links["id"])
    assert saved.config["tracks"] == ["my-heath", "my-heath"]  # every meet on it
    web = (store.settings(links["id"]) or {})["web"]
    assert web["design"]["label"] == "My Heath.toml" and "source" not in web["design"]
    assert web["design"]["files"]["tracks/my-heath.toml"] == track.read_text()
    page = client.get(links["seats"][0]["link"]).text
    assert heading(page).endswith(", on the designer's My Heath.toml")
    assert frame_of(client, links["id"])["view"]["track"] == "my-heath"


def test_two_designs_of_one_name_are_told_apart(tmp_path: Path, designer: dict[str, Path]) -> None:
    other = tmp_path / "elsewhere" / "my-across"
    shutil.copytree(designer["across"], other)
    found = read_designs([designer["across"], other], [designer["race"], designer["race"]])
    assert [(d.id, d.label) for d in found] == [
        ("across:my-across", "my-across"),
        ("across:my-across-2", "my-across (2)"),
        ("stretch:my-race", "my-race.toml"),
        ("stretch:my-race-2", "my-race.toml (2)"),
    ]
    assert found[3].defaults["race"] == "stretch:my-race-2"


TOTOPOLY_SEATS = [
    {"kind": "person", "name": "Ann"},
    {"kind": "bot", "bot": "sensible", "name": "Bo"},
]


def _uploaded(folder: Path, *names: str, **changed: str) -> JSON:
    """A Totopoly folder's files as the lobby sends them: ``names`` (all five if none),
    some with their text replaced (``changed``, by the name's stem)."""
    chosen = names or tuple(sorted(p.name for p in folder.glob("*.toml")))
    return {
        "files": [
            {
                "file": name,
                "text": changed[name[:-5]] if name[:-5] in changed else (folder / name).read_text(),
            }
            for name in chosen
        ]
    }


def test_a_totopoly_folders_files_uploaded_with_the_table_are_checked_played_and_kept(
    client: TestClient, store: Store, designer: dict[str, Path]
) -> None:
    """Over the 16 KiB a request once held (a designer's notes in the files), each fault
    one line by the files' field, nothing opened; then played, and kept in the store."""
    folder = designer["totopoly"]
    notes = "".join(
        f"# a designer's note, line {n}: why the course bends here\n" for n in range(400)
    )
    course = notes + (folder / "racecourse.toml").read_text()
    assert len(course) > 16 * 1024
    asked = {"game": "totopoly", "config": {"players": 2}, "seats": TOTOPOLY_SEATS}
    leases = (folder / "leases.toml").read_text()
    for upload, words in [
        (
            _uploaded(folder, leases=leases.replace("number = 1\n", "number = 13\n", 1)),
            "leases.toml: ",
        ),
        (
            _uploaded(folder, "racecourse.toml", "board.toml", board="[x]\n"),
            "board.toml: a Totopoly content",
        ),
        (_uploaded(folder, "cards.toml", "cards.toml"), "cards.toml is chosen twice"),
        (_uploaded(folder, racecourse="#" * (257 * 1024)), "more than 256 KiB together"),
        ({"files": "racecourse.toml"}, "uploaded content is sent as its files' names"),
    ]:
        answer = client.post("/api/tables", json={**asked, "upload": upload})
        said = refusal(answer, 400)
        assert said.startswith(words) or words in said, said
        assert answer.json()["field"] == "upload"
        assert tempfile_named(said) is None, said  # no folder of the server's named
    padded = {**asked, "note": "x" * 16 * 1024, "upload": _uploaded(folder)}
    said = refusal(client.post("/api/tables", json=padded), 413)
    assert said == "the request is over 16 KiB besides its uploaded files"
    assert store.saved_games() == []  # nothing opened
    links = open_table(client, **asked, upload=_uploaded(folder, racecourse=course))
    web = (store.settings(links["id"]) or {})["web"]
    assert web["design"]["id"] == "totopoly:uploaded" and "source" not in web["design"]
    assert web["design"]["files"]["racecourse.toml"] == course
    assert set(web["design"]["files"]) == {p.name for p in folder.glob("*.toml")}
    page = client.get(links["seats"][0]["link"]).text
    assert heading(page).endswith("on the designer's uploaded content folder")
    board = frame_of(client, links["id"])["view"]["board"]
    bundled = open_table(client, **asked)
    assert board != frame_of(client, bundled["id"])["view"]["board"]  # the samples' course


def test_a_totopoly_file_left_out_is_the_bundled_one(
    client: TestClient, store: Store, designer: dict[str, Path]
) -> None:
    folder = designer["totopoly"]
    asked = {"game": "totopoly", "config": {"players": 2}, "seats": TOTOPOLY_SEATS}
    links = open_table(client, **asked, upload=_uploaded(folder, "racecourse.toml"))
    design = (store.settings(links["id"]) or {})["web"]["design"]
    bundled = Path(__file__).parents[2] / "src/homestretch/games/totopoly/content"
    assert design["files"]["racecourse.toml"] == (folder / "racecourse.toml").read_text()
    assert design["files"]["cards.toml"] == (bundled / "cards.toml").read_text()
    assert design["label"] == "racecourse.toml"


def test_the_lobby_says_the_upload_limit_the_server_holds(client: TestClient) -> None:
    from homestretch.web.designs import MOST_UPLOADED

    lobby = client.get("/").text
    assert f'data-most="{MOST_UPLOADED}"' in lobby
    assert f"{MOST_UPLOADED // 1024} KiB at most together" in lobby


def tempfile_named(said: str) -> str | None:
    """A temporary folder's path in a line (the upload is read in one), if any."""
    found = re.search(r"/tmp\S*|tmp[a-z0-9_]{6,}", said)
    return found.group(0) if found else None
