"""docs/hosting.md's family round one home network: `serve --host 0.0.0.0`, the lobby
opened at the computer's network address, and every link the lobby makes then names that
address. That holds because the server hands out links as paths (the lobby's page puts
its own address in front), never an address of its own: a link naming 127.0.0.1 or
0.0.0.0 would send a phone nowhere."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from homestretch.store.db import Store
from homestretch.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
HOSTING = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
HOME = "192.168.1.20:8000"
"""The address a phone at home opens the lobby at (the doc's example)."""


def test_the_doc_names_the_option_and_the_address_to_open() -> None:
    said = " ".join(HOSTING.split())
    assert "`homestretch serve --host 0.0.0.0`" in said
    assert f"`http://{HOME}/`" in said
    assert "not at `http://0.0.0.0:8000/`" in said


def test_a_table_opened_at_the_home_address_links_only_paths(tmp_path: Path) -> None:
    with TestClient(
        create_app(Store(tmp_path / "home.sqlite")), base_url=f"http://{HOME}"
    ) as client:
        lobby = client.get("/")
        assert lobby.status_code == 200
        assert not re.search(r"127\.0\.0\.1|0\.0\.0\.0|localhost", lobby.text)
        games = {game["name"]: game for game in client.get("/api/games").json()}
        across = games["across"]
        seats = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cy")]
        request = {"game": "across", "config": across["config"], "seats": seats}
        made = client.post("/api/tables", json=request)
        assert made.status_code == 200, made.text
        answer = made.json()
        links = [seat["link"] for seat in answer["seats"]]
        links += [answer["watch"], answer["admin"]]
        assert len(links) == 5
        for link in links:
            assert link.startswith("/t/"), link  # a path: the page's own address goes first
            assert client.get(link).status_code == 200, link
