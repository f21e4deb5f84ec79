"""Sealed bets (ruling S25): at a sealed table nobody sees another's tickets, money or
the pools until the windows close; then every ticket is opened and the race is paid as
an open table's (S19). Open betting stays the default."""

from __future__ import annotations

import random

from homestretch.core.protocol import CHANCE
from homestretch.games.stretch import ENTRY
from homestretch.games.stretch.content.race import bundled_race
from homestretch.games.stretch.rules.betting import Bet, Done, ToteRules
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.settings import StretchSettings
from homestretch.games.stretch.rules.words import SEALED
from homestretch.session.dice import DiceSpec
from homestretch.session.seats import person
from homestretch.session.table import Table


def _at_the_windows(sealed: bool) -> RaceState:
    """Three players at the windows of the Champagne Stakes, the odds rolled."""
    tote = ToteRules(("Ann", "Bob", "Cy"), sealed=sealed)
    state = RaceGame(bundled_race("2009-champagne-stakes"), "quick", odds="chart", tote=tote)
    table = state.new_initial_state()
    rng = random.Random(5)
    while table.to_act() == [CHANCE]:
        table.apply_chance(tuple(rng.randint(1, 6) for _ in range(table.chance_node().dice)))
    assert table.to_act() == [0, 1, 2]
    return table


def _bets(state: RaceState) -> None:
    state.apply(0, Bet("win", 1, 10))
    state.apply(0, Bet("show", 3, 4))
    state.apply(1, Bet("place", 2, 25))


def test_open_betting_is_the_default_and_shows_every_ticket() -> None:
    assert ToteRules().sealed is False and StretchSettings().sealed is False
    state = _at_the_windows(sealed=False)
    _bets(state)
    tote = state.view(2)["tote"]
    assert len(tote["tickets"]) == 3 and len(tote["players"]) == 3
    assert tote["pools"]["place"]["by_post"]["2"] == 2500
    assert not any(state.secret_move(2, i) for i in range(len(state.events)))


def test_a_sealed_table_shows_each_player_only_their_own_tickets_and_money() -> None:
    state = _at_the_windows(sealed=True)
    _bets(state)
    ann, bob, cy = (state.view(seat) for seat in range(3))
    assert [t["seat"] for t in ann["tote"]["tickets"]] == [0, 0]
    assert [t["seat"] for t in bob["tote"]["tickets"]] == [1]
    assert cy["tote"]["tickets"] == [] and state.view(None)["tote"]["tickets"] == []
    # the pools are one's own stakes, the money one's own, no tote odds
    assert ann["tote"]["pools"]["place"]["total"] == 0
    assert bob["tote"]["pools"]["place"]["total"] == 2500
    assert [p["seat"] for p in cy["tote"]["players"]] == [2]
    assert set(cy["tote"]["tote_odds"].values()) == {SEALED}
    assert set(cy["tote"]["probable_win"].values()) == {None}
    assert cy["captions"]["pool"] == "Your stakes"
    watching = state.view(None)
    assert watching["tote"]["players"] == [] and watching["captions"]["pool"] == "Pools (sealed)"
    assert "sealed" in cy["yours"]["tickets"]
    assert cy["yours"]["buttons"]["tote"] == "your tickets"  # not "the tote and who bet what"
    # who is still betting stays public: the race goes off when all are done
    state.apply(1, Done())
    assert cy["yours"]["waiting"] == "You, Ann and Bob are still betting."
    assert state.view(2)["yours"]["waiting"] == "You and Ann are still betting."
    assert state.view(1)["yours"]["waiting"] == "Still betting: Ann and Cy."  # Bob is done
    # the log says a ticket was bought, not which: the others' bets are secret moves
    bets = [i for i, e in enumerate(state.events) if (e.action or {}).get("kind") == "bet"]
    assert [state.secret_move(2, i) for i in bets] == [True, True, True]
    assert [state.secret_move(0, i) for i in bets] == [False, False, True]
    # a world with Bob's ticket bought otherwise looks the same to Ann and Cy
    for seat in (0, 2, None):
        twins = state.twin_views(seat)
        assert twins and all(twin == state.view(seat) for twin in twins)


def test_the_twin_check_would_see_a_leak() -> None:
    """The twins differ from this world where it matters: shown unsealed, Bob's ticket
    bought otherwise changes what Cy sees (so the check above can fail)."""
    state = _at_the_windows(sealed=True)
    _bets(state)
    twins = state.twin_views(2)
    state.windows.rules = ToteRules(state.windows.rules.names, sealed=False)
    assert all(twin != state.view(2) for twin in twins)


def test_the_tickets_are_opened_when_the_windows_close() -> None:
    state = _at_the_windows(sealed=True)
    _bets(state)
    for seat in range(3):
        state.apply(seat, Done())
    tote = state.view(2)["tote"]
    assert not tote["sealed_now"] and len(tote["tickets"]) == 3 and len(tote["players"]) == 3
    assert tote["pools"]["win"]["total"] == 1000
    assert SEALED not in tote["tote_odds"].values()
    assert not any(state.secret_move(2, i) for i in range(len(state.events)))
    assert state.twin_views(2) == []
    closed = next(n for n in state.notices if n["type"] == "betting-closed")
    assert closed["words"].startswith("The windows are closed and the sealed tickets opened: $39")


def test_a_seat_reads_the_others_sealed_bets_as_bought_in_its_log() -> None:
    game = RaceGame(
        bundled_race("2009-champagne-stakes"),
        odds="chart",
        tote=ToteRules(("Ann", "Bob"), sealed=True),
    )
    table = Table(ENTRY, game, [person("Ann"), person("Bob")], DiceSpec("seeded", 2))
    table.advance()
    at = table.version
    table.submit(0, Bet("win", 3, 12), table.version)
    bob = table.log_for(1)[-1]
    assert bob["words"] == "bought a sealed ticket" and bob["action"]["post"] != 3
    assert table.log_for(0)[-1]["words"].startswith("bet $12 to win on #3")
    table.submit(0, Done(), table.version)
    table.submit(1, Done(), table.version)
    assert table.state.is_over()
    assert table.log_for(1)[at]["words"].startswith("bet $12 to win on #3")  # opened


def test_sealed_is_kept_in_the_configuration() -> None:
    game = RaceGame(bundled_race("2009-champagne-stakes"), tote=ToteRules(("Ann",), sealed=True))
    config = game.config()
    assert config["sealed"] is True
    assert RaceGame.from_config(config).tote.sealed is True
    plain = RaceGame(bundled_race("2009-champagne-stakes"), tote=ToteRules(("Ann",))).config()
    assert "sealed" not in plain  # an open table's configuration is as before S25
