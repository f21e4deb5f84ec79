"""A racing fan alone at the betting window (ruling S29): the house takes the bets and
pays page 15's prices (ruling S10), scaled to the stake; a losing stake is the house's.
Two bettors still share a tote (S19); a table that chose the tote, and a game saved
before S29, play at the tote.

The race: the Breeders' Cup Ladies Classic, Quickplay, dice seeded 11: #7 Music Note
wins at 7-2 ($2 pays $9.00 to win, $5.50 to place, $3.75 to show), #1 Careless Jewel
(9-2) is unplaced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import Event
from homestretch.games.stretch import ENTRY
from homestretch.games.stretch.rules.betting import Bet, Done
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.tote import Ticket, house_settle
from homestretch.games.stretch.rules.words import yours

BEFORE = Path(__file__).parent / "lone_bettor_before_s29.json"
WINNER, LOSER = 7, 1


def _race(names: list[str], bets: list[tuple[int, Bet]], **config: object) -> RaceState:
    game = RaceGame.from_config(
        {**ENTRY.harness_configs()[0], "players": len(names), "names": names, **config}
    )
    state = game.new_initial_state()
    dice = SeededDice(11)
    while state.to_act() == [-1]:
        state.apply_chance(dice.resolve(state.chance_node()))
    for seat, bet in bets:
        state.apply(seat, bet)
    for seat in range(len(names)):
        state.apply(seat, Done())
    while state.to_act() == [-1]:
        state.apply_chance(dice.resolve(state.chance_node()))
    return state


ANN = [(0, Bet("win", WINNER, 10)), (0, Bet("show", LOSER, 4))]


def _chart(state: RaceState, post: int) -> dict[str, float | None]:
    return next(e["payoffs"] for e in state.result()["entries"] if e["post"] == post)


def test_the_house_pays_a_lone_bettor_page_15s_price_for_the_stake() -> None:
    state = _race(["Ann"], ANN, lone_bettor="house")
    assert _chart(state, WINNER) == {"win": 9.0, "place": 5.5, "show": 3.75}  # 7-2 (S10)
    assert _chart(state, LOSER) == {"win": None, "place": None, "show": None}
    tote = state.result()["tote"]
    assert tote["paid_by"] == "house"
    win, place, show = tote["settled"]
    assert win["prices"] == {"7": 900} and win["paid"] == {"0": 4500}  # $10 at $9.00 for $2
    assert show["prices"] == {} and show["paid"] == {} and show["kept"] == 400  # lost
    assert win["kept"] == 1000 - 4500  # the house paid out $35 over the stake
    (ann,) = tote["players"]
    assert ann["cash"] == 10000 - 1400 + 4500 and ann["net"] == 3100  # $131.00
    assert state.conserved() == {"cents": 10000}  # hers plus the house's take: as at the start
    outcome = yours(tote, 0)["outcome"]
    assert outcome == "The house paid you $45.00 (S29): you hold $131.00, up $31.00."
    said = [n["words"] for n in state.notices if n["type"] in ("betting-closed", "pool", "payout")]
    assert said == [
        "The windows are closed: $14.00 bet with the house (win $10.00, show $4.00).",
        "The house pays win at the chart's prices (S29): #7 Music Note pays $9.00 for $2.",
        "Ann collects $45.00 from the house on win: $10 on #7 Music Note.",
        "The house keeps the $4.00 bet to show: no ticket paid.",
    ]


def test_the_house_is_the_default_for_a_new_lone_bettor() -> None:
    game = RaceGame.from_config({**ENTRY.harness_configs()[0], "players": 1})
    assert game.tote.lone_bettor == "tote"  # a configuration without it: saved before S29
    from homestretch.games.stretch.rules.betting import ToteRules

    fresh = RaceGame(game.race, tote=ToteRules(("Ann",)))
    assert fresh.config()["lone_bettor"] == "house"
    assert RaceGame.from_config(fresh.config()).tote.house_pays


def test_a_lone_bettor_who_loses_every_ticket_is_down_the_stakes() -> None:
    state = _race(["Ann"], [(0, Bet("place", LOSER, 20))], lone_bettor="house")
    (ann,) = state.result()["tote"]["players"]
    assert ann["cash"] == 8000
    assert yours(state.result()["tote"], 0)["outcome"] == (
        "None of your tickets paid: you hold $80.00, down $20.00."
    )


def test_place_and_show_and_odd_stakes_pay_to_the_cent_down() -> None:
    state = _race(
        ["Ann"],
        [(0, Bet("place", WINNER, 2)), (0, Bet("show", WINNER, 3))],
        lone_bettor="house",
    )
    _, place, show = state.result()["tote"]["settled"]
    assert place["paid"] == {"0": 550}
    assert show["prices"] == {"7": 375} and show["paid"] == {"0": 562}  # $5.625 down


def test_a_dead_heat_pays_each_horse_as_if_alone() -> None:
    """S10: a horse in a dead heat pays as if it held the place alone."""
    pools = house_settle(
        [Ticket(0, "win", 3, 4), Ticket(0, "win", 5, 2)],
        {"win": {3: 900, 5: 1300}, "place": {}, "show": {}},
    )
    assert pools[0].paid == {0: 1800 + 1300} and pools[0].kept == 600 - 3100


def test_two_bettors_still_share_a_tote() -> None:
    state = _race(["Ann", "Bob"], [*ANN, (1, Bet("win", LOSER, 10))], lone_bettor="house")
    tote = state.result()["tote"]
    assert tote["paid_by"] == "tote" and "lone_bettor" not in state.game.config()
    win = tote["settled"][0]
    assert win["prices"] == {"7": 400} and win["paid"] == {"0": 2000}  # Bob's $10 shared
    assert sum(p["cash"] for p in tote["players"]) == 20000


def test_a_table_that_chose_the_tote_gets_its_stakes_back() -> None:
    state = _race(["Ann"], ANN, lone_bettor="tote")
    tote = state.result()["tote"]
    assert tote["paid_by"] == "tote" and tote["players"][0]["cash"] == 10000
    assert yours(tote, 0)["outcome"].endswith("You hold $100.00, as you started.")


def test_a_race_without_odds_has_no_prices_for_the_house() -> None:
    state = _race(["Ann"], ANN, lone_bettor="house", odds="none")
    assert state.result()["tote"]["paid_by"] == "tote"


def test_a_game_saved_before_s29_replays_at_the_tote() -> None:
    saved = json.loads(BEFORE.read_text(encoding="utf-8"))
    assert "lone_bettor" not in saved["config"]
    state = RaceGame.from_config(saved["config"]).new_initial_state()
    for event in saved["events"]:
        state.apply_event(Event.from_json(event))
    tote = state.result()["tote"]
    assert tote["paid_by"] == "tote"
    assert tote["players"][0]["cash"] == 10000  # as it was played: her own stakes back
    assert tote["settled"][0]["paid"] == {"0": 1000}
    # the same log at a table of the house: the house's prices
    house = RaceGame.from_config({**saved["config"], "lone_bettor": "house"})
    replay = house.new_initial_state()
    for event in saved["events"]:
        replay.apply_event(Event.from_json(event))
    assert replay.result()["tote"]["players"][0]["cash"] == 13100


def test_a_bad_lone_bettor_is_refused() -> None:
    with pytest.raises(HomestretchError, match="lone_bettor: house or tote, not 'bank'"):
        RaceGame.from_config({**ENTRY.harness_configs()[0], "players": 1, "lone_bettor": "bank"})
