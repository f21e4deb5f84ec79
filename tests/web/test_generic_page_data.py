"""What the generic page is given beyond a view: forms for actions typed in, the kinds of
computer player the creator can seat, and the seats' names in the game's own fields."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, token_of

from homestretch.core.registry import entries
from homestretch.web.forms import action_forms, field_kind

NAMES = ["Ann", "Bob", "Cy"]


def test_a_keeper_is_offered_a_form_for_each_posting(client: TestClient) -> None:
    derbycast = entries()["derbycast"]
    config = next(c for c in derbycast.harness_configs() if c["source"] == "keeper")
    players = derbycast.make(config).num_players
    seats = [{"kind": "person", "name": f"P{n}"} for n in range(players)]
    links = open_table(client, game="derbycast", config=config, seats=[*seats, seats[0]], seed=1)
    keeper = frame_of(client, links["id"], token_of(links["seats"][players]["link"]))
    assert keeper["your_turn"] and keeper["typed"] and keeper["legal"] == []
    forms = {f["kind"]: {x["name"]: x["holds"] for x in f["fields"]} for f in keeper["forms"]}
    assert forms["card"] == {
        "race": "text",
        "horses": "texts",
        "odds": "texts",
        "programs": "texts",
        "scratched": "texts",
    }
    # blanks: scratched; unticked "official" posts the result for review
    assert forms["result"] == {
        "odds": "texts",
        "finish": "numbers?",
        "official": "flag",
        "typed": "text",  # or the finish as typed ("3=1, 2"), "finish" left empty
    }
    assert forms["typed-card"] == {
        "race": "text",
        "field": "text",
        "odds": "text",
        "scratched": "text",
    }
    picker = frame_of(client, links["id"], token_of(links["seats"][0]["link"]))
    assert picker["forms"] == []  # a person choosing from a list needs no form


def test_a_card_typed_one_morning_line_short_is_taken_and_the_desk_told(
    client: TestClient,
) -> None:
    """The keeper who missed a morning line sees, in the desk's frame, which horses
    have no odds; the card is posted all the same, and the phones are not told."""
    config = {"entrants": [{"name": "Ann"}, {"name": "Bob"}], "source": "keeper"}
    people = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Keeper")]
    links = open_table(client, game="derbycast", config=config, seats=people, seed=1)
    desk = token_of(links["seats"][2]["link"])
    version = frame_of(client, links["id"], desk)["version"]
    card = {"kind": "typed-card", "race": "R", "field": "Alpha, Bravo, Charlie", "odds": "2-1"}
    sent = {"token": desk, "version": version, "action": {**card, "scratched": ""}}
    assert client.post(f"/api/tables/{links['id']}/moves", json=sent).status_code == 200
    told = [n["words"] for n in frame_of(client, links["id"], desk)["notices"]]
    assert "No morning line for 2 Bravo and 3 Charlie: their odds are not known." in told
    phone = frame_of(client, links["id"], token_of(links["seats"][0]["link"]))
    assert phone["view"]["card"]["odds"] == ["2-1", "", ""]
    assert not [n for n in phone["notices"] if n["type"] == "no-odds"]


@pytest.mark.parametrize("name", sorted(entries()))
def test_every_action_field_has_a_form_input(name: str) -> None:
    entry = entries()[name]
    game = entry.make(entry.harness_configs()[0])
    forms = action_forms(game.codec)
    assert any(form["fields"] for form in forms), "no action of this game has a field"
    for form in forms:
        for field in form["fields"]:
            assert field["holds"] in {"text", "number", "flag", "texts", "numbers"} | {
                "text?",
                "number?",
                "texts?",
                "numbers?",
            }, (form["kind"], field)


def test_a_field_only_a_program_posts_is_not_in_the_form() -> None:
    """Derby Cast's result carries the race call the computer keeper posts with it; the
    keeper's page form asks a person for the result alone."""
    entry = entries()["derbycast"]
    forms = action_forms(entry.make(entry.harness_configs()[0]).codec)
    (result,) = [form for form in forms if form["kind"] == "result"]
    assert [field["name"] for field in result["fields"]] == ["odds", "finish", "official", "typed"]


def test_field_kinds_follow_the_type_hints() -> None:
    hints = [int, tuple[str, ...], int | None, bool, tuple[int | None, ...]]
    assert [field_kind(h) for h in hints] == ["number", "texts", "number?", "flag", "numbers?"]


def test_the_creator_is_offered_every_kind_of_computer_player(client: TestClient) -> None:
    seats = [{"kind": "person", "name": n} for n in NAMES[:2]]
    links = open_table(client, game="totopoly", config={"players": 2}, seats=seats, seed=3)
    admin = frame_of(client, links["id"], links["admin_token"])
    assert admin["bots"] == ["random", *sorted(entries()["totopoly"].bots)]
    assert frame_of(client, links["id"])["bots"] == []  # only the creator hands seats over


@pytest.mark.parametrize("name", ["across", "totopoly", "derbycast"])
def test_seat_names_are_the_names_the_game_shows(client: TestClient, name: str) -> None:
    entry = entries()[name]
    config = next(
        c for c in entry.harness_configs() if entry.make(c).num_players == 3 or name == "derbycast"
    )
    if name == "derbycast":
        config = {**config, "players": 3}
        config["entrants"] = [
            {"name": f"K{n}", "members": [f"K{n}"], "bot": False} for n in range(3)
        ]
    seats = [{"kind": "person", "name": n} for n in NAMES]
    links = open_table(client, game=name, config=config, seats=seats, seed=2)
    shown = str(frame_of(client, links["id"])["view"])
    assert all(f"'{n}'" in shown for n in NAMES), shown[:300]
    assert "Player 1" not in shown and "'K1'" not in shown
    same = [{"kind": "person", "name": "Ann"}] * 3  # names the game refuses: its own stay
    assert open_table(client, game=name, config=config, seats=same, seed=2)["id"]
