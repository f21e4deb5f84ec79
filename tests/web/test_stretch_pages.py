"""Top of the Stretch's own routes: the card search, the race builder (checked by the
rules `stretch new` uses, refusals in one line), chances beside the chart odds, and
players betting on the tote over HTTP."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, token_of

from homestretch.core.protocol import JSON
from homestretch.games.stretch.analysis.chances import quick_bounds
from homestretch.games.stretch.analysis.exact import quickplay_chances
from homestretch.games.stretch.content.card_set import STANDARD_CARDS, load_card_set
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.content.race import Race
from homestretch.store.db import Store
from homestretch.web.app import create_app

HORSES = ["super-saver-2009", "overlap-2009", "aspire-2009", "dublin-2009"]


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "exact"))


def race_request(**changes: Any) -> JSON:
    race = {
        "name": "Dream Mile",
        "furlongs": 8,
        "surface": "dirt",
        "condition": "good",
        "entries": [{"horse": h, "jockey": ""} for h in HORSES],
    }
    return {
        "race": {**race, **changes},
        "mode": "quick",
        "players": [
            {"kind": "person", "name": "Ann"},
            {"kind": "open", "name": "Guest"},
            {"kind": "bot", "bot": "value", "name": "Robo"},
        ],
        "bankroll": 50,
    }


def test_the_card_set_is_searched(client: TestClient) -> None:
    found = client.get("/api/stretch/horses", params={"q": "secretariat"}).json()
    assert {h["id"] for h in found} == {"secretariat-1973", "secretariat-career"}
    assert found[0]["range"] == "6-12"
    riders = client.get("/api/stretch/jockeys", params={"q": "house"}).json()
    assert riders and all("House" in j["name"] for j in riders)
    page = client.get("/stretch/new")
    assert page.status_code == 200 and "stretch-builder.js" in page.text


def test_a_server_builds_from_its_own_card_set(store: Store, tmp_path: Path) -> None:
    """`homestretch serve --cards FOLDER`: the builder searches and builds from that card
    set; the table keeps the runners' cards, so a server on the standard set replays it."""
    folder = tmp_path / "cards"
    shutil.copytree(STANDARD_CARDS, folder)
    with (folder / "horses.csv").open("a", encoding="utf-8") as horses:
        horses.write("home-bred,Home Bred,ours,colt,3,80,15,,6,10,0,7,B,0,0,1,5,a fan's own\n")
    with TestClient(create_app(store, stretch_cards=load_card_set(folder))) as own:
        assert [
            h["id"] for h in own.get("/api/stretch/horses", params={"q": "home bred"}).json()
        ] == ["home-bred"]
        entries = [{"horse": h, "jockey": ""} for h in ["home-bred", *HORSES[:2]]]
        links = own.post("/api/stretch/races", json=race_request(entries=entries)).json()
    with TestClient(create_app(store)) as standard:
        assert standard.get("/api/stretch/horses", params={"q": "home bred"}).json() == []
        entries = frame_of(standard, links["id"])["view"]["entries"]
        assert [e["horse"] for e in entries[:2]] == ["Home Bred", "Super Saver"]


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"furlongs": 16.5}, "furlongs: 16.5 is out of range (4.5 to 16)"),
        ({"name": " "}, "name: must not be blank"),
        ({"condition": "swampy"}, "condition: 'swampy' is not one of fast, firm, good"),
        ({"surface": "sand"}, "surface: 'sand' is not one of dirt, turf, synthetic"),
        ({"entries": [{"horse": HORSES[0]}]}, "a race needs at least two entries"),
        (
            {"entries": [{"horse": HORSES[0]}, {"horse": HORSES[0]}]},
            "entry 2: super-saver-2009 is already entry 1",
        ),
        ({"entries": [{"horse": HORSES[0]}, {"horse": "nobody"}]}, "entry 2: no horse card"),
        (
            {"entries": [{"horse": h, "jockey": "Nobody"} for h in HORSES[:2]]},
            "entry 1: no jockey card 'Nobody'",
        ),
    ],
)
def test_a_race_is_refused_in_one_line(client: TestClient, changes: JSON, said: str) -> None:
    answer = client.post("/api/stretch/races", json=race_request(**changes))
    assert answer.status_code == 400
    assert said in answer.json()["error"] and "\n" not in answer.json()["error"]
    assert client.get("/api/tables").json() == []  # nothing opened


def test_one_jockey_rides_one_horse_as_in_stretch_new(client: TestClient) -> None:
    jockey = next(iter(j for j in load_card_set().jockeys.values() if not j.house_rider))
    entries = [{"horse": h, "jockey": jockey.name} for h in HORSES[:2]]
    answer = client.post("/api/stretch/races", json=race_request(entries=entries))
    assert answer.status_code == 400
    assert answer.json()["error"].startswith(f"entry 2: {jockey.name} already rides entry 1")


def _chances(client: TestClient, game_id: int, method: str) -> JSON:
    give_up = time.monotonic() + 300  # a bound on waiting for the exact sums, not a measure
    while True:
        shown: JSON = client.get(f"/api/stretch/tables/{game_id}/chances").json()
        if shown["method"] == method or time.monotonic() > give_up:
            return shown
        time.sleep(0.5)


def test_players_bet_on_a_built_race_with_its_chances_beside_the_odds(
    client: TestClient,
) -> None:
    links = client.post("/api/stretch/races", json=race_request()).json()
    game_id = links["id"]
    ann = token_of(links["seats"][0]["link"])
    frame = frame_of(client, game_id, ann)
    assert frame["view"]["race"]["condition"] == "good"
    assert [p["name"] for p in frame["view"]["tote"]["players"]] == ["Ann", "Guest", "Robo"]
    assert frame["waiting"]["seats"] == [0, 1]  # the computer bettor has bet and is done
    robo = [t for t in frame["view"]["tote"]["tickets"] if t["seat"] == 2]
    assert [t["pool"] for t in robo] == ["win", "show"]

    first = client.get(f"/api/stretch/tables/{game_id}/chances").json()
    assert first["method"] == "bounds" and first["pending"]
    config = frame_of(client, game_id)["view"]
    assert len(first["entries"]) == len(config["entries"])
    exact = _chances(client, game_id, "exact")
    assert exact["method"] == "exact"
    race = Race.model_validate(client.app.state.hub.tables[game_id].table.game.race)  # type: ignore[attr-defined]
    truth = quickplay_chances(race, load_chart_set())
    assert truth.places is not None
    for shown, win, place, show in zip(
        exact["entries"], truth.win, truth.places.place, truth.places.show, strict=True
    ):
        assert shown["win"] == pytest.approx(win) and shown["place"] == pytest.approx(place)
        assert shown["show"] == pytest.approx(show)
    for bounded, shown in zip(
        quick_bounds(race, load_chart_set())["entries"], exact["entries"], strict=True
    ):
        assert bounded["place_low"] - 1e-9 <= shown["place"] <= bounded["place_high"] + 1e-9

    guest = client.post(
        f"/api/tables/{game_id}/join", json={"invite": token_of(links["invite"]), "name": "Bea"}
    ).json()
    bea = token_of(guest["link"])

    def move(token: str, action: JSON) -> Any:
        version = frame_of(client, game_id, token)["version"]
        body = {"token": token, "version": version, "action": action}
        return client.post(f"/api/tables/{game_id}/moves", json=body)

    assert move(ann, {"kind": "bet", "pool": "win", "post": 1, "dollars": 20}).status_code == 200
    too_much = move(bea, {"kind": "bet", "pool": "show", "post": 2, "dollars": 51})
    assert too_much.status_code == 400 and "too much" in too_much.json()["error"]
    assert move(bea, {"kind": "bet", "pool": "place", "post": 2, "dollars": 10}).status_code == 200
    assert move(bea, {"kind": "done"}).status_code == 200
    assert move(ann, {"kind": "done"}).status_code == 200  # the last "done": they're off
    assert frame_of(client, game_id, ann)["over"]
    tote = frame_of(client, game_id)["view"]["tote"]
    settled = {p["pool"]: p for p in tote["settled"]}
    assert settled["win"]["total"] == 2000 + robo[0]["dollars"] * 100
    held = sum(p["cash"] for p in tote["players"]) + sum(p["kept"] for p in tote["settled"])
    assert held == 3 * 50 * 100  # every cent paid out or kept by the tote


def test_a_built_race_with_sealed_bets_shows_each_player_only_their_own_tickets(
    client: TestClient,
) -> None:
    """The builder's "Sealed bets" box (ruling S25): Ann sees her ticket, not the computer
    bettor's; a spectator sees none; a value that is not true or false is refused."""
    links = client.post("/api/stretch/races", json={**race_request(), "sealed": True}).json()
    game_id = links["id"]
    ann = token_of(links["seats"][0]["link"])
    version = frame_of(client, game_id, ann)["version"]
    bet = {"kind": "bet", "pool": "win", "post": 1, "dollars": 5}
    body = {"token": ann, "version": version, "action": bet}
    assert client.post(f"/api/tables/{game_id}/moves", json=body).status_code == 200
    seats = [t["seat"] for t in frame_of(client, game_id, ann)["view"]["tote"]["tickets"]]
    assert seats == [0]  # Robo has bet too (it is done), but its tickets are sealed
    assert frame_of(client, game_id)["view"]["tote"]["tickets"] == []
    refused = client.post("/api/stretch/races", json={**race_request(), "sealed": "yes"})
    assert refused.status_code == 400 and "sealed: true or false" in refused.json()["error"]


def test_a_player_alone_at_a_built_race_is_paid_by_the_house(client: TestClient) -> None:
    """Ruling S29: Ann alone (nobody invited, no computer bettor) bets $10 to win on
    every horse; the house pays the winner's chart price for $10 (five $2 tickets) and
    keeps the losing stakes. The table keeps who pays; a bad value is refused."""
    alone = {**race_request(), "players": [{"kind": "person", "name": "Ann"}]}
    links = client.post("/api/stretch/races", json=alone).json()
    game_id = links["id"]
    assert client.app.state.hub.tables[game_id].table.game.config()["lone_bettor"] == "house"  # type: ignore[attr-defined]
    ann = token_of(links["seats"][0]["link"])
    window = frame_of(client, game_id, ann)["view"]
    # the board is the player's own stakes with the house: no pools, no tote odds
    assert window["yours"]["house"].endswith("pays the chart's $2 prices (S29).")
    assert window["captions"]["tote"].startswith("Your tickets with the house")
    assert set(window["tote"]["tote_odds"].values()) == {""}
    for post in range(1, len(HORSES) + 1):
        version = frame_of(client, game_id, ann)["version"]
        bet = {"kind": "bet", "pool": "win", "post": post, "dollars": 10}
        body = {"token": ann, "version": version, "action": bet}
        assert client.post(f"/api/tables/{game_id}/moves", json=body).status_code == 200
    version = frame_of(client, game_id, ann)["version"]
    body = {"token": ann, "version": version, "action": {"kind": "done"}}
    assert client.post(f"/api/tables/{game_id}/moves", json=body).status_code == 200
    view = frame_of(client, game_id, ann)["view"]
    tote = view["tote"]
    assert tote["paid_by"] == "house"
    won = sum(5 * round(100 * e["payoffs"]["win"]) for e in view["entries"] if e["payoffs"]["win"])
    assert won >= 5 * 210  # some horse won, paid at least the $2.10 minimum per $2
    assert tote["settled"][0]["paid"] == {"0": won}
    assert tote["players"][0]["cash"] == 50 * 100 - 4000 + won
    assert view["yours"]["outcome"].startswith(f"The house paid you ${won // 100}.")
    tote_alone = client.post("/api/stretch/races", json={**alone, "lone_bettor": "tote"}).json()
    game = client.app.state.hub.tables[tote_alone["id"]].table.game  # type: ignore[attr-defined]
    assert game.config()["lone_bettor"] == "tote"
    at_the_tote = frame_of(client, tote_alone["id"], token_of(tote_alone["seats"][0]["link"]))
    assert at_the_tote["view"]["captions"]["tote"] == "The tote"
    assert "house" not in at_the_tote["view"]["yours"]
    refused = client.post("/api/stretch/races", json={**alone, "lone_bettor": "bank"})
    assert refused.status_code == 400
    assert "lone_bettor: house or tote, not 'bank'" in refused.json()["error"]


def test_fullplay_chances_are_simulated_and_say_so(client: TestClient) -> None:
    links = client.post("/api/stretch/races", json={**race_request(), "mode": "full"}).json()
    shown = _chances(client, links["id"], "simulated")
    assert shown["method"] == "simulated" and shown["runs"] == 400_000
    assert "400,000 Fullplay races" in shown["says"]
    assert sum(e["win"] for e in shown["entries"]) == pytest.approx(1, abs=0.01)


def test_a_private_tables_chances_need_its_link(client: TestClient) -> None:
    links = client.post("/api/stretch/races", json={**race_request(), "private": True}).json()
    assert client.get(f"/api/stretch/tables/{links['id']}/chances").status_code == 403
    token = token_of(links["seats"][0]["link"])
    shown = client.get(f"/api/stretch/tables/{links['id']}/chances", params={"token": token})
    assert shown.status_code == 200


def test_every_sample_race_starts_a_race_that_is_the_race_file(client: TestClient) -> None:
    """The builder's "start from": each bundled race as picks, and the race a table opens
    on them is the race file's, preset starting APRs and all."""
    from homestretch.games.stretch.content.builder import RACE_FIELDS
    from homestretch.games.stretch.content.race import bundled_races, load_race

    samples = client.get("/api/stretch/samples").json()
    assert {s["id"]: s["course_seconds_per_furlong"] for s in samples}["dream-turf-mile"] == 0.35
    assert [s["id"] for s in samples] == [p.stem for p in bundled_races()]
    assert any(e["apr"] is not None for s in samples for e in s["entries"])
    alone = [{"kind": "person", "name": "Ann"}]
    for sample, path in zip(samples, bundled_races(), strict=True):
        picks = {
            **{k: sample[k] for k in RACE_FIELDS},
            "entries": [
                {"horse": e["horse"]["id"], "jockey": e["jockey"], "apr": e["apr"]}
                for e in sample["entries"]
            ],
        }
        answer = client.post("/api/stretch/races", json={"race": picks, "players": alone})
        assert answer.status_code == 200, (path.stem, answer.text)
        view = frame_of(client, answer.json()["id"])["view"]
        race = load_race(path)
        assert view["race"]["name"] == race.name and view["race"]["furlongs"] == race.furlongs
        # the course's own clock too (ruling S22): Ascot's mile ran 1:33 on the web without it
        assert view["race"]["course_seconds_per_furlong"] == race.course_seconds_per_furlong
        assert [
            (e["horse"], e["jockey"], e["start_apr"], e["apr_working"]) for e in view["entries"]
        ] == [(r.horse.name, r.jockey.name, r.start_apr, r.apr_working) for r in race.runners]
    wrong = {**picks, "entries": [{**e, "apr": 30} for e in picks["entries"]]}
    answer = client.post("/api/stretch/races", json={"race": wrong, "players": alone})
    assert answer.status_code == 400 and "\n" not in answer.json()["error"]
    assert answer.json()["error"] == "entry 1.apr: 30 is out of range (0 to 29)"


def test_the_exact_figures_are_said_to_follow_only_while_they_are_coming(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A race where some horse can never go out has no exact place and show: its
    brackets are final, and once they are they no longer say the figures follow."""
    from homestretch.games.stretch.analysis import exact

    def win_alone(race: Race, charts: Any, *args: Any, **kwargs: Any) -> exact.ExactChances:
        win = exact.quickplay_win_chances(race, charts)
        return exact.ExactChances(win, None)

    monkeypatch.setattr(exact, "quickplay_chances", win_alone)
    # a field no other test here runs: an earlier test's exact sums, still running in a
    # thread when it ended, keep their answer in the cache folder set at that moment (this
    # test's), and this race would then be found final at once
    entries = [{"horse": h, "jockey": ""} for h in HORSES[:3]]
    game_id = client.post("/api/stretch/races", json=race_request(entries=entries)).json()["id"]
    first = client.get(f"/api/stretch/tables/{game_id}/chances").json()
    assert first["pending"] and first["says"].endswith("(the exact figures follow)")
    give_up = time.monotonic() + 300  # a bound on waiting for the work, not a measure
    shown = first
    while shown.get("pending") and time.monotonic() < give_up:
        time.sleep(0.2)
        shown = client.get(f"/api/stretch/tables/{game_id}/chances").json()
    assert shown["method"] == "bounds" and shown["final"]
    assert shown["says"].startswith("win exact; place and show proven within ")
    assert "follow" not in shown["says"]


def test_a_wet_races_sheet_has_the_wet_ratings_the_terminal_shows(client: TestClient) -> None:
    """On a wet track the board's scoresheet shows each horse's Wet rating after Form,
    as the terminal's ratings sheet does (ruling S21); the view carries the going's wet
    effect, the caption and the ratings the page draws it from. A dry race has none."""
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame
    from homestretch.games.stretch.rules.words import CAPTIONS

    for name, wet in (("claiming-sprint-sloppy", True), ("2009-champagne-stakes", False)):
        race = load_race(name)
        config = RaceGame(race, "quick").config()
        answer = client.post(
            "/api/tables", json={"game": "stretch", "config": config, "seats": [], "seed": 3}
        )
        assert answer.status_code == 200, answer.text
        view = frame_of(client, answer.json()["id"])["view"]
        assert (view["race"]["wet_effect"] < 0) is wet
        assert view["captions"]["sheet_wet"] == CAPTIONS["sheet_wet"] == "Wet"
        assert [e["ratings"]["wet"] for e in view["entries"]] == [r.horse.wet for r in race.runners]
    script = client.get("/static/games/stretch.js").text
    assert "says.sheet_wet" in script and "race.race.wet_effect < 0" in script
