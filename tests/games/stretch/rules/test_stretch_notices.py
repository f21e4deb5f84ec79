"""The race's typed notices (issue 11): the morning line, the windows closing, the off,
each part of the call with its leaders, the official result and what the tote paid,
each with its words, emitted at the event that caused it."""

from __future__ import annotations

import re
from collections import Counter

from homestretch.core.chance import SeededDice
from homestretch.core.protocol import CHANCE, replay
from homestretch.core.referee import play
from homestretch.games.stretch import ENTRY
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.rules.betting import Bet, Done
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.notices import RUNNING_ORDER

BANKROLL = 100


def _betting_table(mode: str = "quick", players: int = 3) -> RaceState:
    config = {**ENTRY.harness_configs()[0], "mode": mode, "players": players, "odds": "chart"}
    config["names"] = ["Ann", "Bob", "Cy"][:players]
    state = RaceGame.from_config(config).new_initial_state()
    dice = SeededDice(7)
    while state.to_act() == [CHANCE]:
        state.apply_chance(dice.resolve(state.chance_node()))
    return state


def _bet_and_run(state: RaceState, bets: list[tuple[int, Bet]], seed: int) -> RaceState:
    for seat, bet in bets:
        state.apply(seat, bet)
    for seat in range(len(state.game.tote.names)):
        state.apply(seat, Done())
    final = play(state, SeededDice(seed), {})
    assert isinstance(final, RaceState) and final.finish is not None
    return final


def _of(state: RaceState, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [n for n in state.notices if n["type"] == kind]


def test_the_payouts_sum_to_what_the_tote_paid_each_player() -> None:
    state = _betting_table()
    posts = [line.post for line in state.lines]
    bets = [(0, Bet("win", post, 2)) for post in posts]  # Ann backs every horse to win
    bets += [(1, Bet("place", posts[0], 10)), (1, Bet("place", posts[0], 4))]
    bets += [(1, Bet("show", post, 3)) for post in posts[:4]]
    bets += [(2, Bet("win", posts[1], 20)), (2, Bet("show", posts[-1], 6))]
    staked = Counter[int]()
    for seat, bet in bets:
        staked[seat] += 100 * bet.dollars
    final = _bet_and_run(state, bets, seed=8)
    tote = final.result()["tote"]
    paid = Counter[int]()
    for n in _of(final, "payout"):
        paid[n["seat"]] += n["cents"]
        assert n["words"].startswith(f"{n['name']} ")
        assert n["name"] == ["Ann", "Bob", "Cy"][n["seat"]]
    for player in tote["players"]:
        seat = player["seat"]
        assert paid[seat] == player["cash"] - (100 * BANKROLL - staked[seat])
    assert paid[0] > 0  # Ann held a ticket on the winner
    for pool in tote["settled"]:
        notices = [n for n in _of(final, "payout") if n["pool"] == pool["pool"]]
        assert sum(n["cents"] for n in notices) == sum(pool["paid"].values())
        (told,) = [n for n in _of(final, "pool") if n["pool"] == pool["pool"]]
        assert told["prices"] == pool["prices"] and told["total"] == pool["total"]
        assert told["kept"] == pool["kept"]
    # Bob's two place tickets on one horse are one collection of both
    place = [n for n in _of(final, "payout") if n["pool"] == "place" and n["seat"] == 1]
    assert len(place) <= 1 and all(n["dollars"] == 14 for n in place)


def test_the_notices_tell_the_race_in_order_at_the_events_that_caused_them() -> None:
    state = _betting_table()
    odds_rolls = len(state.events)
    final = _bet_and_run(state, [(0, Bet("win", 1, 10))], seed=3)
    kinds = [n["type"] for n in final.notices]
    assert kinds[:3] == ["morning-line", "betting-closed", "off"]
    # the one pool bet on, and Ann's ticket: paid, or given back if #1 lost
    assert kinds[kinds.index("official") :] == ["official", "pool", "payout"]
    assert set(kinds[3 : kinds.index("official")]) == {"call"}
    (line,) = _of(final, "morning-line")
    assert line["at"] == odds_rolls
    assert line["prices"] == {str(e["post"]): e["odds"] for e in final.result()["entries"]}
    (closed,) = _of(final, "betting-closed")
    assert closed["at"] == odds_rolls + 4  # one bet and three players done
    assert closed["pools"] == {"win": 1000, "place": 0, "show": 0}
    assert _of(final, "off")[0]["at"] == closed["at"]
    (official,) = _of(final, "official")
    assert official["at"] == len(final.events)
    assert official["order"] == final.result()["order"]
    calls = _of(final, "call")
    assert [(n["heading"], n["words"]) for n in calls] == [
        (p["heading"], f"{p['heading']}. {p['words']}") for p in final.result()["call"]
    ]
    (wire,) = [n for n in calls if n["heading"] == "At the wire"]
    assert wire["leaders"] == official["order"][0]  # at the wire: the winners
    ats = [n["at"] for n in final.notices]
    assert ats == sorted(ats)
    again = replay(final.game, final.events)  # a table rebuilt from its log
    assert again.notices == final.notices


def test_a_pool_given_back_says_so() -> None:
    for seed in range(1, 30):
        state = _betting_table(players=1)
        final = _bet_and_run(state, [(0, Bet("win", 2, 5))], seed)
        if final.lines[1].finish != 1:
            break
    else:
        raise AssertionError("#2 won every race")
    (pool,) = [n for n in _of(final, "pool") if n["pool"] == "win"]
    assert pool["refunded"] and "given back" in pool["words"]
    (back,) = _of(final, "payout")
    assert back["refunded"] and back["cents"] == 500 and "gets back $5.00" in back["words"]


def test_fullplay_calls_name_the_leaders_of_the_running_order() -> None:
    game = RaceGame(load_race("2009-breeders-cup-ladies-classic"), "full")
    for seed in range(4):
        final = play(game.new_initial_state(), SeededDice(seed), {})
        assert isinstance(final, RaceState)
        parts = [
            h for h in RUNNING_ORDER if h != "Down the backstretch" or "setup" in final.segments
        ]
        for n in _of(final, "call"):
            if n["heading"] not in parts:
                continue
            at = parts.index(n["heading"])
            points = {ln.post: ln.race_points[at] for ln in final.lines if len(ln.race_points) > at}
            assert n["leaders"] == [p for p, v in points.items() if v == max(points.values())]
            names = [final.lines[p - 1].name for p in n["leaders"]]
            # the leaders come first, after the pace and how its chart was read
            words = re.sub(r"^The pace is \w+ \([^)]*\)\. ", "", n["words"])
            assert any(name in words[: len(n["heading"]) + 60] for name in names)
        # nobody bets: no windows, no pools
        assert not {"betting-closed", "pool", "payout"} & {n["type"] for n in final.notices}


def test_the_time_and_the_official_order_are_said_once_after_the_wire() -> None:
    """The wire is called, then the board posts the official result and the time: the
    call said both again at the wire (and, with a disqualification, the order too)."""
    for seed in range(1, 400):
        race = load_race("claiming-route-big-field")
        final = play(RaceGame(race, "full").new_initial_state(), SeededDice(seed), {})
        assert isinstance(final, RaceState)
        if any(ln.dq_roll is not None and not ln.out for ln in final.lines):
            break
    else:
        raise AssertionError("no disqualification in 400 seeds")
    said = " ".join(n["words"] for n in final.notices)
    assert said.count("The time: ") == 1 and said.count("Official") == 1
    (official,) = _of(final, "official")
    assert "The time: " in official["words"] and "is disqualified, placed" in official["words"]
    (wire,) = [n for n in _of(final, "call") if n["heading"] == "At the wire"]
    assert "The stewards disqualify" in wire["words"]  # the call says why, once
    (off,) = _of(final, "off")
    assert off["words"].endswith("1 1/16 miles on the dirt, good.")  # the going, said
