"""A Top of the Stretch race pasted whole into the lobby's settings as JSON is run as
written, as a race file is, and warned of as the terminal and the race builder warn of
one (ruling S24): the table's links come with the warning, in the terminal's words."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from tests.web.conftest import open_table
from tests.web.test_server import totopoly

from homestretch.core.protocol import JSON
from homestretch.games.stretch.content.race import bundled_race, load_race
from homestretch.games.stretch.content.race_plain import BUNDLED_RACES
from homestretch.games.stretch.rules.engine import RaceGame

CHAMPAGNE = (BUNDLED_RACES / "2009-champagne-stakes.toml").read_text()
ASPIRE = 'horse = "aspire-2009"\njockey = "house-b"\napr = 16'
SAID = (
    "warning: the race in the settings as JSON, entry 3 (Zenyatta): its preset apr = 16 is "
    "8 points from the 24 its card gives; the race runs on 16, as written (a preset apr is "
    "kept whatever horse the entry names: drop the line to use the card's)"
)


def copied_race(folder: Path) -> JSON:
    """The Champagne Stakes with its third entry (Aspire, apr 16) given Zenyatta, whose
    card gives 24, as the lobby's JSON holds a race (the settings a table keeps)."""
    assert ASPIRE in CHAMPAGNE
    copied = folder / "copied.toml"
    copied.write_text(CHAMPAGNE.replace(ASPIRE, ASPIRE.replace("aspire-2009", "zenyatta-2009")))
    race: JSON = RaceGame(load_race(copied)).config()["race"]
    return race


def _race_table(client: TestClient, race: JSON | str) -> JSON:
    config = {"players": 1, "mode": "quick", "race": race}
    return open_table(
        client, game="stretch", config=config, seats=[{"kind": "person", "name": "Ann"}]
    )


def test_a_pasted_race_with_a_preset_far_from_its_card_is_warned_of(
    client: TestClient, tmp_path: Path
) -> None:
    links = _race_table(client, copied_race(tmp_path))
    assert links["warnings"] == [SAID]
    shown = client.get(f"/api/tables/{links['id']}/frame").json()
    (zenyatta,) = [e for e in shown["view"]["entries"] if e["post"] == 3]
    assert zenyatta["horse"] == "Zenyatta" and zenyatta["start_apr"] == 16  # run as written

    as_bundled = RaceGame(bundled_race("2009-champagne-stakes")).config()["race"]
    assert _race_table(client, as_bundled)["warnings"] == []
    assert _race_table(client, "2009-champagne-stakes")["warnings"] == []
    assert totopoly(client, seed=1)["warnings"] == []
