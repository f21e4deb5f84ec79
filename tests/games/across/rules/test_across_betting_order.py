"""Where each race's betting starts (ruling R27): at the Totemaster's left every race
(R17, and every game saved before R27), or one seat further on each race (a new
table's default)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import replay
from homestretch.games.across.rules.game import NEW_TABLES_BETTING, AcrossGame
from homestretch.games.across.rules.settings import AcrossSettings

Make = Callable[..., Any]
OWNERS = {h: h % 4 for h in range(2, 13)}


def first_bettors(driver: Make, **options: Any) -> list[list[int]]:
    """Each race's betting order in a meet of four, every roll accepted."""
    d = driver(4, **options)
    d.auction(OWNERS)
    s = d.state
    orders = []
    for _ in range(8):
        orders.append(list(s.bettors))
        d.bets()
        d.finish_race(6, 7, 8)
    assert s.is_over()
    return orders


def test_from_the_totemasters_left_the_totemaster_bets_last_in_every_race(
    driver: Make,
) -> None:
    orders = first_bettors(driver, betting_order="totemaster")
    assert orders == [[2, 3, 0, 1]] * 8  # the Totemaster is seat 1


def test_moving_on_every_seat_bets_first_and_last_twice_in_a_meet_of_four(
    driver: Make,
) -> None:
    orders = first_bettors(driver, betting_order="rotate")
    assert orders[0] == [2, 3, 0, 1]  # race 1 as R17: from the Totemaster's left
    assert orders[1] == [3, 0, 1, 2]  # race 2 one seat further on
    assert [o[0] for o in orders] == [2, 3, 0, 1, 2, 3, 0, 1]
    assert sorted(o[-1] for o in orders) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_moving_on_follows_the_direction_of_play(driver: Make) -> None:
    orders = first_bettors(driver, betting_order="rotate", rotation="right")
    assert orders[0] == [0, 3, 2, 1]  # from the Totemaster's (seat 1) right-hand side
    assert [o[0] for o in orders[:4]] == [0, 3, 2, 1]


def test_a_game_saved_before_r27_bets_as_r17_and_a_new_table_moves_on() -> None:
    old = AcrossGame.from_config({"players": 4, "tracks": ["woodbine"]})
    assert old.betting_order == "totemaster"
    assert old.config()["betting_order"] == "totemaster"  # said outright once re-saved
    new = AcrossGame.from_config(AcrossSettings.for_new_table({"players": 4}))
    assert new.betting_order == NEW_TABLES_BETTING == "rotate"
    chosen = AcrossSettings.for_new_table({"players": 4, "betting_order": "totemaster"})
    assert AcrossGame.from_config(chosen).betting_order == "totemaster"
    assert AcrossSettings().betting_order == NEW_TABLES_BETTING


def test_a_game_replays_in_its_own_order(driver: Make) -> None:
    d = driver(4, betting_order="rotate")
    d.auction(OWNERS)
    d.bets({2: [7]})
    d.finish_race(6, 7, 8)
    d.bets({3: [5]})
    s = d.state
    again = replay(AcrossGame.from_config(s.game.config()), s.events)
    assert again.view(None) == s.view(None)
    with pytest.raises(HomestretchError):  # the log does not fit R17's order
        replay(AcrossGame.from_config({**s.game.config(), "betting_order": "totemaster"}), s.events)


def test_a_betting_order_not_offered_is_refused() -> None:
    with pytest.raises(HomestretchError, match="betting_order must be one of rotate, totemaster"):
        AcrossGame(players=4, betting_order="backwards")
