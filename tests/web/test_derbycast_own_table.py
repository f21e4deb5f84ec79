"""A Derby Cast table opened in the lobby with an odds table of one's own (the CSV file
`--table` takes at the terminal, uploaded as it is): the server reads it with the same
loader, keeps it in the game's configuration as rows, and refuses a file the loader
refuses in the loader's one line, by the form's field, opening nothing."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from tests.web.conftest import open_table

from homestretch.core.errors import ContentError
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.content.odds_table import (
    TABLE_FILE,
    load_table,
    table_to_json,
)
from homestretch.store.db import Store

PEOPLE = ["Ann", "Bob"]


def _request(table: object) -> JSON:
    config = {"entrants": [{"name": n} for n in PEOPLE], "source": "keeper", "races": 1}
    return {
        "game": "derbycast",
        "config": {**config, "table": table},
        "seats": [{"kind": "person", "name": n} for n in PEOPLE],
    }


def test_an_uploaded_odds_table_is_read_by_the_loader_and_kept(
    client: TestClient, store: Store, tmp_path: Path
) -> None:
    edited = TABLE_FILE.read_text().replace("1/9,1,0,0", "1/9,7,5,3")
    copy = tmp_path / "mine.csv"
    copy.write_text(edited)
    links = open_table(client, **_request({"file": "mine.csv", "text": edited}))
    kept = store.load(links["id"]).config["table"]
    assert kept == table_to_json(load_table(copy))  # as `--table mine.csv` reads it
    assert kept[0] == ["1-9", 7, 5, 3]


def test_an_odds_table_the_loader_refuses_is_said_by_its_field(
    client: TestClient, tmp_path: Path
) -> None:
    wrong = TABLE_FILE.read_text().replace("1/5,1,0,0", "1/10,1,0,0")  # odds fall
    copy = tmp_path / "mine.csv"
    copy.write_text(wrong)
    try:
        load_table(copy)
    except ContentError as exc:
        said = str(exc).replace(str(copy), "mine.csv")
    before = client.get("/").text
    answer = client.post("/api/tables", json=_request({"file": "mine.csv", "text": wrong}))
    assert answer.status_code == 400
    assert answer.json() == {"field": "table", "error": said}
    assert said.startswith("mine.csv: line 6: ")  # one line naming the file and line
    assert client.get("/").text == before  # nothing opened
    for junk in ({"file": "x.csv", "text": 3}, "odds", [["1-5", 1]]):
        refused = client.post("/api/tables", json=_request(junk))
        assert refused.status_code == 400 and refused.json()["field"] == "table", junk
