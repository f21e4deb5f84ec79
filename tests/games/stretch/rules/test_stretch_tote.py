"""The players' tote (ruling S19): pools shared pari-mutuel, worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.errors import IllegalAction
from homestretch.core.referee import play
from homestretch.games.stretch import ENTRY
from homestretch.games.stretch.rules.betting import Bet, Done
from homestretch.games.stretch.rules.engine import RaceGame, RaceState
from homestretch.games.stretch.rules.tote import Ticket, paying_shares, settle, settle_pool
from homestretch.session.dice import DiceSpec
from homestretch.session.table import Table, computer_seats

ORDER = [[3], [1], [2], [4]]


def test_a_win_pool_is_shared_by_the_winners_backers() -> None:
    tickets = [Ticket(0, "win", 3, 10), Ticket(1, "win", 1, 20), Ticket(1, "win", 3, 2)]
    pool = settle_pool("win", tickets, ORDER, 0, 10)
    # $32 on #3's $12: $2.666... a dollar, broken down to $2.60: $5.20 for $2
    assert pool.prices == {3: 520}
    assert pool.paid == {0: 2600, 1: 520}
    assert pool.kept == 3200 - 2600 - 520


def test_place_profit_is_cut_in_two_halves_one_per_placed_horse() -> None:
    tickets = [Ticket(0, "place", 3, 10), Ticket(1, "place", 1, 2), Ticket(1, "place", 4, 8)]
    pool = settle_pool("place", tickets, ORDER, 0, 10)
    # $20 in the pool, $12 returned, $8 profit: $4 to #3's $10, $4 to #1's $2
    assert pool.prices == {3: 280, 1: 600}
    assert pool.paid == {0: 1400, 1: 600}
    assert pool.kept == 0


def test_a_dead_heat_shares_the_places_it_covers() -> None:
    assert paying_shares([[3, 1], [2]], 1) == {3: 0.5, 1: 0.5}
    assert paying_shares([[3], [1, 2, 4]], 3) == {
        3: 1,
        1: Fraction(2, 3),
        2: Fraction(2, 3),
        4: Fraction(2, 3),
    }
    tickets = [Ticket(0, "win", 3, 2), Ticket(1, "win", 1, 2), Ticket(1, "win", 2, 6)]
    pool = settle_pool("win", tickets, [[3, 1], [2]], 0, 10)
    assert pool.prices == {3: 500, 1: 500}  # $6 profit, $3 to each $2 ticket


def test_an_unbacked_place_gives_its_share_to_the_others() -> None:
    tickets = [Ticket(0, "show", 3, 4), Ticket(1, "show", 4, 6)]
    pool = settle_pool("show", tickets, ORDER, 0, 10)
    assert pool.prices == {3: 500}  # #1 and #2 unbacked: all $6 profit to #3
    assert pool.paid == {0: 1000}


def test_a_pool_nobody_can_collect_is_given_back() -> None:
    tickets = [Ticket(0, "win", 2, 4), Ticket(1, "win", 4, 6)]
    pool = settle_pool("win", tickets, ORDER, 15, 10)
    assert pool.refunded and pool.paid == {0: 400, 1: 600} and pool.kept == 0


def test_the_takeout_never_eats_a_winning_stake() -> None:
    tickets = [Ticket(0, "win", 3, 10), Ticket(1, "win", 4, 1 * 2)]
    pool = settle_pool("win", tickets, ORDER, 20, 10)
    # $12 less 20% is $9.60, under the $10 to return: the stake comes back, $2.00 for $2
    assert pool.prices == {3: 200} and pool.kept == 200
    heavy = settle_pool("win", [Ticket(0, "win", 3, 10), Ticket(1, "win", 4, 10)], ORDER, 20, 10)
    assert heavy.prices == {3: 320} and heavy.kept == 400  # $16 net over $10


def test_every_cent_is_paid_or_kept() -> None:
    tickets = [
        Ticket(s, p, post, d)
        for s, p, post, d in [
            (0, "win", 1, 7),
            (1, "place", 2, 3),
            (2, "show", 3, 11),
            (0, "show", 1, 5),
            (1, "win", 3, 2),
            (2, "place", 1, 9),
        ]
    ]
    for pool in settle(tickets, ORDER, 15, 10):
        assert sum(pool.paid.values()) + pool.kept == pool.total


def _table(players: int = 2) -> RaceState:
    config = {**ENTRY.harness_configs()[0], "players": players}
    state = RaceGame.from_config(config).new_initial_state()
    dice = SeededDice(7)
    while state.to_act() == [-1]:
        state.apply_chance(dice.resolve(state.chance_node()))
    return state


def test_players_bet_before_the_off_and_are_paid_after_the_race() -> None:
    state = _table()
    assert state.to_act() == [0, 1] and state.current_segment == "betting"
    assert all(e["odds"] for e in state.view(0)["entries"])  # the morning line is up
    state.apply(1, Bet("win", 2, 30))
    with pytest.raises(IllegalAction, match="at least \\$2"):
        state.apply(0, Bet("win", 1, 1))
    with pytest.raises(IllegalAction, match="too much"):
        state.apply(1, Bet("show", 1, 71))
    state.apply(0, Bet("show", 1, 20))
    state.apply(0, Done())
    with pytest.raises(IllegalAction, match="closed to you"):
        state.apply(0, Bet("win", 1, 2))
    assert state.to_act() == [1]
    state.apply(1, Done())
    assert state.to_act() == [-1]  # off
    final = play(state, SeededDice(8), {})
    tote = final.result()["tote"]
    assert not tote["open"] and tote["settled"] is not None
    assert (
        sum(p["cash"] for p in tote["players"]) + sum(p["kept"] for p in tote["settled"])
        == 2 * 100 * 100
    )


def test_computer_players_bet() -> None:
    game = RaceGame.from_config({**ENTRY.harness_configs()[0], "players": 2})
    value = ENTRY.bots["value"](game, 0, 1)
    final = play(game.new_initial_state(), SeededDice(4), {0: value, 1: RandomBot(2)})
    tickets = final.result()["tote"]["tickets"]
    assert {t["seat"] for t in tickets} == {0, 1}
    assert [t["pool"] for t in tickets if t["seat"] == 0] == ["win", "show"]


def test_a_race_without_players_is_as_before() -> None:
    config = ENTRY.harness_configs()[0]
    assert config["players"] == 0 and "names" not in config
    assert "tote" not in RaceGame.from_config(config).new_initial_state().view(None)


@st.composite
def races(draw: st.DrawFn) -> tuple[list[Ticket], list[list[int]], int, int]:
    """Tickets on a field of 2-8, an official order with dead heats anywhere."""
    runners = draw(st.integers(2, 8))
    posts = draw(st.permutations(range(1, runners + 1)))
    cuts = sorted(draw(st.sets(st.integers(1, runners - 1))))
    order = [list(posts[a:b]) for a, b in zip([0, *cuts], [*cuts, runners], strict=True)]
    tickets = draw(
        st.lists(
            st.builds(
                Ticket,
                st.integers(0, 3),
                st.sampled_from(["win", "place", "show"]),
                st.integers(1, runners),
                st.integers(2, 60),
            ),
            max_size=25,
        )
    )
    return tickets, order, draw(st.integers(0, 25)), draw(st.sampled_from([1, 5, 10, 20]))


@given(races())
def test_every_pool_pays_out_or_keeps_each_cent(
    race: tuple[list[Ticket], list[list[int]], int, int],
) -> None:
    tickets, order, takeout, breakage = race
    for pool in settle(tickets, order, takeout, breakage):
        mine = [t for t in tickets if t.pool == pool.pool]
        assert sum(pool.paid.values()) + pool.kept == pool.total
        assert pool.kept >= 0
        paying = paying_shares(order, {"win": 1, "place": 2, "show": 3}[pool.pool])
        backed = {t.post for t in mine} & set(paying)
        assert pool.refunded == (bool(mine) and not backed)
        assert set(pool.prices) == (backed if not pool.refunded else set())
        for cents in pool.prices.values():
            assert cents >= 200 and cents % (2 * breakage) == 0  # never below the stake
        if not takeout and breakage == 1 and backed:  # kept: under a cent a dollar paid on
            assert pool.kept < sum(t.dollars for t in mine if t.post in backed)


def test_the_log_says_each_bet_in_words() -> None:
    """The table's log names the horse bet on ('bet $10 to win on #5 Proviso'), not the
    action's data."""
    config = next(c for c in ENTRY.harness_configs() if c.get("players"))
    game = ENTRY.make(config)
    table = Table(ENTRY, game, computer_seats(ENTRY, game), DiceSpec("seeded", 3))
    while table.step() is not None:
        pass
    moves = [line for line in table.log_for(None) if "player" in line]
    runners = table.state.race.runners
    bets = [line for line in moves if line["action"]["kind"] == "bet"]
    assert bets and len(bets) < len(moves)
    for line in moves:
        bet = line["action"]
        if bet["kind"] == "done":
            assert line["words"] == "was done betting"
            continue
        horse = runners[bet["post"] - 1].horse.name
        assert line["words"] == f"bet ${bet['dollars']} to {bet['pool']} on #{bet['post']} {horse}"
