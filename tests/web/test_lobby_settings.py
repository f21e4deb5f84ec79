"""The lobby's form is drawn from each game's settings: every game describes its
settings (label, help, kind, limits, choices in words), the descriptions tell the truth
(every choice and every limit makes a game, one past a limit is refused), and a refusal
names the field it is about."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import open_table

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.registry import entries
from homestretch.web.forms import FieldError, check_settings, settings_fields, shown
from homestretch.web.lobby import game_choices
from homestretch.web.pages import table_name

GAMES = sorted(entries())
KINDS = {"number", "choice", "flag", "seat", "list", "text"}
EXPECTED = {
    "across": {
        "tracks",
        "meets",
        "daily_double",
        "payoff",
        "rotation",
        "debts",
        "betting_order",
        "stake",
    },
    "derbycast": {"source", "races", "tie", "order", "draw", "sealed", "confirm"},
    "stretch": {
        "race",
        "mode",
        "odds",
        "bankroll",
        "takeout",
        "breakage",
        "sealed",
        "lone_bettor",
    },
    "totopoly": {
        "short",
        "banker",
        "auctioneer",
        "rules.move_on_past_post",
        "rules.white_card_judged",
        "rules.auction",
        "rules.small_table_exchange",
        "rules.bend_fall_back",
    },
}
"""What a person chooses for each game (the players come from the seats)."""


def _choice(game: str) -> JSON:
    return next(c for c in game_choices() if c["name"] == game)


def _set(config: JSON, name: str, value: Any) -> JSON:
    """``config`` with the setting at the dotted path ``name`` changed (a copy)."""
    head, _, rest = name.partition(".")
    if not rest:
        return {**config, head: value}
    return {**config, head: _set(dict(config.get(head) or {}), rest, value)}


def _get(config: JSON, name: str) -> Any:
    for key in name.split("."):
        config = config[key]
    return config


def _made(game: str, config: JSON) -> None:
    """The settings let ``config`` through and the game is made from it, a flag the
    form hides sent off as the lobby sends it (forms.shown)."""
    entry = entries()[game]
    assert entry.settings is not None
    for field in _choice(game)["fields"]:
        if field["kind"] == "flag" and not shown(field, config):
            config = _set(config, field["name"], False)
    check_settings(entry.settings(), config, _choice(game)["players"] or 1)
    entry.make(config)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_describes_its_settings_in_words(game: str) -> None:
    choice = _choice(game)
    fields = choice["fields"]
    settings = entries()[game].settings
    assert settings is not None and fields == settings_fields(settings())
    assert {f["name"] for f in fields} == EXPECTED[game]
    for field in fields:
        assert field["kind"] in KINDS, field
        assert field["label"] and field["label"][0].isupper(), field
        assert field["help"] and field["help"].endswith("."), field
        assert "_" not in field["label"] + field["help"], field  # words, not identifiers
        if field["kind"] in ("choice", "list"):
            labels = [c["label"] for c in field["choices"]]
            assert len(labels) >= 2 and all(labels) and len(set(labels)) == len(labels), field
        if field["kind"] == "number":
            assert "min" in field, field
        # the form starts from the defaults, and the default configuration carries them
        assert _get(choice["config"], field["name"]) == field["default"], field
    assert choice["min_players"] <= choice["players"] <= choice["max_players"]
    assert set(choice["bot_words"]) == set(choice["bots"])
    assert all(words.startswith("the computer (") for words in choice["bot_words"].values())


def test_the_players_limits_and_computer_players_are_the_games() -> None:
    limits = {c["name"]: (c["min_players"], c["max_players"]) for c in game_choices()}
    assert limits == {
        "across": (3, 7),
        "derbycast": (2, 20),
        "stretch": (0, 12),
        "totopoly": (2, 6),
    }
    bots = {c["name"]: c["bots"] for c in game_choices()}
    assert bots["across"] == ["random", "never-bet", "search", "sensible"]
    assert bots["totopoly"] == ["random", "search", "sensible"]
    assert bots["derbycast"] == bots["stretch"] == ["random", "value"]


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_and_every_limit_makes_a_game_and_one_past_is_refused(game: str) -> None:
    """The descriptions are the truth: each choice, each end of each number's range and
    a blank where one is allowed make the game; one past either end is refused by the
    settings, naming the field."""
    choice = _choice(game)
    base = choice["config"]
    entry = entries()[game]
    assert entry.settings is not None
    for field in choice["fields"]:
        name, kind = field["name"], field["kind"]
        good: list[Any] = []
        bad: list[Any] = []
        if kind == "choice":
            good = [c["value"] for c in field["choices"]]
            bad = ["no such choice"]
        elif kind == "list":
            good = [[c["value"]] for c in field["choices"]] + [[]]
            bad = [["no such choice"]]
        elif kind == "flag":
            good, bad = [True, False], ["yes", 1]
        elif kind == "number":
            good = [field["min"], field.get("max", field["min"] + 1)]
            bad = [field["min"] - 1, "3", 2.5, True]
            if "max" in field:
                bad.append(field["max"] + 1)
        elif kind == "seat":
            good, bad = [0, choice["players"] - 1], [choice["players"], -1]
        if field["optional"]:
            good.append(None)
        else:
            bad.append(None)
        for value in good:
            _made(game, _set(base, name, value))
        for value in bad:
            with pytest.raises(FieldError) as refused:
                check_settings(entry.settings(), _set(base, name, value), choice["players"])
            assert refused.value.field == name, (name, value)
            assert str(refused.value).startswith(field["label"]), (name, value)


def test_a_number_field_says_its_range_and_a_choice_its_values() -> None:
    fields = {f["name"]: f for f in _choice("across")["fields"]}
    assert (fields["meets"]["min"], fields["meets"]["max"]) == (1, 100)
    assert fields["payoff"]["choices"][0]["value"] == "exclusive"  # the ruling first
    races = {f["name"]: f for f in _choice("derbycast")["fields"]}["races"]
    assert races["optional"] and races["blank"].startswith("no set number")
    track = fields["tracks"]
    assert [c["value"] for c in track["choices"]] == [
        "churchill-downs",
        "epsom-downs",
        "longchamp",
        "woodbine",
    ]


def test_a_refusal_over_the_server_names_the_field(client: TestClient) -> None:
    def refused(game: str, config: JSON, seats: list[JSON]) -> JSON:
        answer = client.post("/api/tables", json={"game": game, "config": config, "seats": seats})
        assert answer.status_code == 400, answer.text
        body: JSON = answer.json()
        return body

    people = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Cy")]
    across = _choice("across")["config"]
    body = refused("across", {**across, "meets": 0}, people)
    assert body == {"error": "Meets: a whole number from 1 to 100", "field": "meets"}
    body = refused("across", {**across, "players": 4}, people)  # a seat short
    assert body == {"error": "this configuration seats 4 players; 3 given", "field": "seats"}
    body = refused("across", {**across, "tracks": ["woodbine", "nowhere"]}, people)
    assert body["field"] == "tracks" and "Churchill Downs" in body["error"]
    totopoly = {**_choice("totopoly")["config"], "players": 2}
    body = refused("totopoly", _set(totopoly, "rules.auction", "sealed"), people[:2])
    assert body["field"] == "rules.auction"
    assert refused("totopoly", {**totopoly, "banker": 2}, people[:2])["field"] == "banker"
    bad_name = [people[0], {"kind": "person", "name": "B\u0007b"}]
    assert refused("totopoly", totopoly, bad_name)["field"] == "seats.1.name"
    odd_bot = [people[0], {"kind": "bot", "bot": "clever", "name": "Cy"}]
    assert refused("totopoly", totopoly, odd_bot)["field"] == "seats.1.kind"
    assert refused("totopoly", totopoly, people)["field"] == "seats"  # three for two
    stretch = _choice("stretch")["config"]
    body = refused("stretch", {**stretch, "race": "../../etc/passwd"}, [])
    assert body["field"] == "race"
    # a configuration without its race said the bare key: "... configuration ('race')"
    body = refused("stretch", {"mode": "quick"}, [])
    assert body == {"error": "stretch: the configuration needs 'race'", "field": "race"}


def test_a_stretch_table_names_a_bundled_race_and_stores_it_whole(client: TestClient) -> None:
    config = {**_choice("stretch")["config"], "players": 1}
    links = open_table(
        client, game="stretch", config=config, seats=[{"kind": "person", "name": "Ann"}]
    )
    frame = client.get(f"/api/tables/{links['id']}/frame").json()
    assert "Champagne" in str(frame["view"])
    with pytest.raises(HomestretchError, match="no bundled race"):
        entries()["stretch"].make({**config, "race": "/etc/hostname"})


def test_a_stretch_table_opened_by_hand_without_who_pays_alone_is_the_houses(
    client: TestClient,
) -> None:
    """A game saved before ruling S29 has no lone_bettor and replays at the tote; a new
    table asked for by hand (the API, not the form) that leaves it out is the house's."""
    config = {**_choice("stretch")["config"], "players": 1}
    del config["lone_bettor"]
    links = open_table(
        client, game="stretch", config=config, seats=[{"kind": "person", "name": "Ann"}]
    )
    frame = client.get(f"/api/tables/{links['id']}/frame").json()
    assert '"lone_bettor": "house"' in json.dumps(frame["view"])
    assert entries()["stretch"].make(config).config()["lone_bettor"] == "tote"  # a saved one


@pytest.mark.parametrize(
    ("game", "key", "value"),
    [
        ("across", "content_dir", "/etc"),
        ("totopoly", "content", "/etc"),
        ("stretch", "charts", "/etc"),
        ("derbycast", "feed", {"kind": "file", "path": "/etc/results.csv"}),
        ("derbycast", "feed", {"kind": "simulate", "seed": 1, "race": "/etc/race.toml"}),
    ],
)
def test_no_file_or_folder_on_the_server_is_named_from_a_browser(
    client: TestClient, game: str, key: str, value: Any
) -> None:
    """A content folder, a chart set or a results file is read where the server runs
    (``serve`` options, the terminal); a browser naming one is refused before anything is
    read."""
    config = {**_choice(game)["config"], key: value}
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob", "Cy")][
        : max(2, _choice(game)["players"])
    ]
    answer = client.post("/api/tables", json={"game": game, "config": config, "seats": seats})
    assert answer.status_code == 400, answer.text
    assert answer.json()["field"] == key
    assert "on the server" in answer.json()["error"]


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_choice_is_said_in_the_words_the_form_shows(game: str) -> None:
    """ "Payoff: one of ..." lists the choices as the select shows them (their labels),
    never the values in the configuration ("exclusive", "churchill-downs")."""
    entry = entries()[game]
    assert entry.settings is not None
    choice = _choice(game)
    for field in choice["fields"]:
        if field["kind"] not in ("choice", "list"):
            continue
        bad: Any = ["no such choice"] if field["kind"] == "list" else "no such choice"
        with pytest.raises(FieldError) as refused:
            check_settings(entry.settings(), _set(choice["config"], field["name"], bad), 3)
        said = str(refused.value)
        assert said.startswith(f"{field['label']}: "), said
        for each in field["choices"]:
            assert f'"{each["label"]}"' in said, (said, each)
        values = ", ".join(str(each["value"]) for each in field["choices"])
        assert values not in said, said  # was "Payoff: one of exclusive, across"


SHOWN_WHEN = {
    "across": {"stake"},
    "derbycast": {"draw", "confirm"},
    "stretch": {"bankroll", "takeout", "breakage", "sealed", "lone_bettor"},
    "totopoly": set(),
}
"""The settings each game's form shows only when another setting holds some values."""


@pytest.mark.parametrize("game", GAMES)
def test_a_settings_when_names_a_setting_and_values_it_may_or_may_not_hold(game: str) -> None:
    choice = _choice(game)
    conditional = [field for field in choice["fields"] if field.get("when")]
    assert {field["name"] for field in conditional} == SHOWN_WHEN[game]
    for field in conditional:
        for name, wanted in field["when"].items():
            _get(choice["config"], name)  # a key of the configuration
            values = wanted["not"] if isinstance(wanted, dict) else wanted
            assert isinstance(values, list) and values, field
            if isinstance(wanted, dict):
                assert set(wanted) == {"not"}, field


def test_the_totes_settings_are_shown_only_where_somebody_bets() -> None:
    """A race with nobody betting (no players) has no tote: its bankroll, takeout and
    breakage are hidden; Derby Cast's replays drawn only with replays."""
    fields = {f["name"]: f for f in _choice("stretch")["fields"]}
    config = _choice("stretch")["config"]
    for name in ("bankroll", "takeout", "breakage"):
        assert not shown(fields[name], {**config, "players": 0}), name
        assert shown(fields[name], {**config, "players": 2}), name
    for name in ("race", "mode", "odds"):
        assert shown(fields[name], {**config, "players": 0}), name
    # who pays a player alone (ruling S29): asked of one player only, the house by default
    assert config["lone_bettor"] == "house"
    for players in (0, 2, 3):
        assert not shown(fields["lone_bettor"], {**config, "players": players}), players
    assert shown(fields["lone_bettor"], {**config, "players": 1})
    draw = next(f for f in _choice("derbycast")["fields"] if f["name"] == "draw")
    config = _choice("derbycast")["config"]
    assert shown(draw, {**config, "source": "replays"})
    assert not shown(draw, {**config, "source": "keeper"})


def test_confirm_picks_is_offered_and_taken_only_where_a_keeper_posts_the_races(
    client: TestClient,
) -> None:
    """Over drawn replays nothing holds picks back (R27): the form hides "Confirm picks"
    there, and the server refuses it if sent anyway, by the setting, in the terminal's
    reason; off, or over a keeper's races, the table opens."""
    confirm = next(f for f in _choice("derbycast")["fields"] if f["name"] == "confirm")
    config = _choice("derbycast")["config"]
    assert config["confirm"] is True and config["source"] == "keeper"
    assert shown(confirm, config) and not shown(confirm, {**config, "source": "replays"})
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob")]
    replays = {**config, "source": "replays", "feed": None}
    answer = client.post(
        "/api/tables", json={"game": "derbycast", "config": replays, "seats": seats}
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "field": "confirm",
        "error": "Confirm picks is for races a score keeper posts: over race replays picks "
        "close when the last pick is in (R27)",
    }
    for fine in ({**replays, "confirm": False}, config):
        made = client.post(
            "/api/tables", json={"game": "derbycast", "config": fine, "seats": seats}
        )
        assert made.status_code == 200, made.text


def test_a_person_named_on_two_derby_cast_rows_is_refused_by_the_row_naming_them_again(
    client: TestClient,
) -> None:
    """One marker each (R6): the refusal names the row that names the person again, its
    team box for a team, its name for a row alone, as the form's other rows' refusals."""
    config = _choice("derbycast")["config"]
    seats = [{"kind": "person", "name": n} for n in ("Ann", "The Foxes", "Di")]

    def refused(*entrants: JSON) -> JSON:
        asked = {"game": "derbycast", "config": {**config, "entrants": list(entrants)}}
        answer = client.post("/api/tables", json={**asked, "seats": seats[: len(entrants)]})
        assert answer.status_code == 400, answer.text
        body: JSON = answer.json()
        return body

    ann, di = {"name": "Ann"}, {"name": "Di"}
    assert refused(ann, {"name": "The Foxes", "members": ["Bob", "ann"]}, di) == {
        "field": "seats.1.team",
        "error": "ann is on Player 1's row already: each person has one marker",
    }
    assert refused({"name": "The Foxes", "members": ["Bob", "Ann"]}, ann) == {
        "field": "seats.1.name",
        "error": "Ann is on Player 1's row already (The Foxes): each person has one marker",
    }
    body = refused(ann, {"name": "The Foxes", "members": ["Bob", "Bob"]})
    assert body == {"field": "seats.1.team", "error": "Bob is named twice in this team"}


def test_the_open_tables_list_tells_a_short_totopoly_from_a_full_one(client: TestClient) -> None:
    """The list names each table by its game's short name and what tells it apart: the
    short game is "Totopoly, the short game (no Tote)", the full game "Totopoly"."""
    config = {**_choice("totopoly")["config"], "players": 2}
    seats = [{"kind": "person", "name": n} for n in ("Ann", "Bob")]
    short = open_table(client, game="totopoly", config={**config, "short": True}, seats=seats)
    full = open_table(client, game="totopoly", config=config, seats=seats)
    page = client.get("/").text
    assert f"Table {short['id']}: Totopoly, the short game (no Tote)</a>" in page
    assert f"Table {full['id']}: Totopoly</a>" in page
    across = open_table(
        client,
        game="across",
        config=_choice("across")["config"],
        seats=[*seats, seats[0] | {"name": "Cy"}],
    )
    assert f"Table {across['id']}: Across the Board</a>" in client.get("/").text


def test_the_open_tables_list_tells_stretch_tables_apart_by_race_and_version(
    client: TestClient,
) -> None:
    """Two Stretch tables of the same people differ by their race and its version: the
    list says them ("Top of the Stretch (Champagne Stakes, quickplay)"), and so do the
    table's pages (the subtitle under the game's name)."""
    config = {**_choice("stretch")["config"], "players": 1}
    seats = [{"kind": "person", "name": "Ann"}]
    champagne = open_table(client, game="stretch", config=config, seats=seats)
    derby = {**config, "race": "dream-derby", "mode": "full"}
    dream = open_table(client, game="stretch", config=derby, seats=seats)
    page = client.get("/").text
    name = "Top of the Stretch"
    assert f"Table {champagne['id']}: {name} (Champagne Stakes, quickplay)</a>" in page
    assert f"Table {dream['id']}: {name} (Derby of the Century, fullplay)</a>" in page
    seat = client.get(champagne["seats"][0]["link"]).text
    assert "dice and charts (Champagne Stakes, quickplay)" in seat


def test_a_table_name_keeps_a_race_name_with_brackets_whole() -> None:
    assert table_name("Top of the Stretch: run (Cup (G1), quickplay)") == (
        "Top of the Stretch (Cup (G1), quickplay)"
    )
    assert table_name("Totopoly: lease, train and race horses, with a Tote") == "Totopoly"
    assert table_name("Game: a (b) c") == "Game"


IN_SIGHT = {
    "across": ["meets", "daily_double"],
    "derbycast": ["source", "races"],
    "stretch": ["race", "mode", "bankroll"],
    "totopoly": ["short"],
}
"""The settings each game's form draws in sight; the rest (house rules, roles, a ruling's
reading) are folded under "More settings" (``more``: most hosts leave them as they are)."""


@pytest.mark.parametrize("game", GAMES)
def test_the_settings_most_hosts_leave_are_marked_to_be_folded(game: str) -> None:
    fields = _choice(game)["fields"]
    assert [f["name"] for f in fields if not f.get("more")] == IN_SIGHT[game]
    assert all(f["more"] is True for f in fields if "more" in f)
    if game == "totopoly":  # a nested model's fields folded with it: its house rules
        assert {f["name"] for f in fields if f.get("group") == "House rules"} <= {
            f["name"] for f in fields if f.get("more")
        }
