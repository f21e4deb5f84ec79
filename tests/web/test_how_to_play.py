"""Each game's "How to play" page: rendered on the server from the same Markdown the
terminal draws, linked from the lobby and from a table's page (in a tab of its own, so the
seat's page stays), and a clear page naming every game for a name that is not one."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import open_table

from homestretch.core.how_to_play import how_to_play

GAMES = ("across", "derbycast", "stretch", "totopoly")


@pytest.mark.parametrize("game", GAMES)
def test_each_games_guide_is_served_rendered(client: TestClient, game: str) -> None:
    page = client.get(f"/how-to-play/{game}")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    text = page.text
    assert 'name="viewport"' in text and "{{" not in text and "<!--" not in text
    headings = [line[3:] for line in how_to_play(game).splitlines() if line[:3] == "## "]
    for heading in headings:  # each section a heading of the page, the Markdown rendered
        assert re.search(rf"<h2>{re.escape(heading)}</h2>", text.replace("&quot;", '"')), heading
    assert "<strong>" in text and "<li>" in text and "**" not in text
    for other in GAMES:  # the others' guides a tap away
        assert (f'href="/how-to-play/{other}"' in text) == (other != game)
    assert 'id="back-to-table"' not in text  # opened on its own: nothing to go back to


def test_a_guide_opened_from_a_table_offers_the_way_back(client: TestClient) -> None:
    page = client.get("/how-to-play/across?from=table").text
    assert 'id="back-to-table"' in page and "/static/how-to-play.js" in page
    assert client.get("/static/how-to-play.js").status_code == 200
    assert client.get("/static/how-to-play.css").status_code == 200


def test_derby_casts_scoring_table_is_a_table(client: TestClient) -> None:
    page = client.get("/how-to-play/derbycast").text
    assert "<table>" in page and "<th>final odds</th>" in page


@pytest.mark.parametrize("name", ["monopoly", "ACROSS", "across.md", "%3Cb%3Ex"])
def test_an_unknown_game_is_a_clear_page_naming_every_game(client: TestClient, name: str) -> None:
    page = client.get(f"/how-to-play/{name}", headers={"accept": "text/html"})
    assert page.status_code == 404
    assert "No game called" in page.text and "<b>x" not in page.text
    for game in GAMES:
        assert f'href="/how-to-play/{game}"' in page.text
    assert 'href="/"' in page.text


def test_the_guides_are_listed(client: TestClient) -> None:
    page = client.get("/how-to-play")
    assert page.status_code == 200
    for game in GAMES:
        assert f'href="/how-to-play/{game}"' in page.text


def test_the_lobby_and_a_tables_page_link_to_the_guide(client: TestClient) -> None:
    lobby = client.get("/").text
    assert 'id="how-to-play-link"' in lobby and 'href="/how-to-play"' in lobby
    links = open_table(
        client,
        game="totopoly",
        config={"players": 2},
        seats=[{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}],
    )
    seat = client.get(links["seats"][0]["link"]).text
    link = re.search(r'<a [^>]*id="how-to-play-link"[^>]*>', seat)
    assert link is not None
    assert 'href="/how-to-play/totopoly?from=table"' in link.group(0)
    assert 'target="_blank"' in link.group(0)  # the seat's page stays where it was
