"""Helpers that drive an Across the Board game to the point a test cares about."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from homestretch.games.across.rules.actions import Accept, Bet, Bid, Done, Pass, Reject
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.state import AcrossState


def faces(total: int) -> tuple[int, int]:
    """A red and white roll with this total."""
    red = min(6, total - 1)
    return red, total - red


class Driver:
    def __init__(self, state: AcrossState) -> None:
        self.state = state

    def auction(self, owner_of: dict[int, int], price: dict[int, int] | None = None) -> None:
        """Sell each horse to ``owner_of[h]`` (default seat 0) at ``price[h]`` (default
        the opening bid), everyone else passing."""
        s = self.state
        price = price or {}
        while s.phase == "auction":
            lot = s.lot
            assert lot is not None
            seat = s.to_act()[0]
            buyer = owner_of.get(lot.horse, 0)
            wanted = price.get(lot.horse, lot.min_bid)
            if seat == buyer and not lot.bidders:
                s.apply(seat, Bid(wanted))
            else:
                s.apply(seat, Pass())

    def bets(self, tickets: dict[int, Iterable[int]] | None = None) -> None:
        """Each player in turn places ``tickets[seat]`` (horse numbers), then done."""
        s = self.state
        tickets = tickets or {}
        assert s.phase == "betting"
        while s.phase == "betting":
            seat = s.to_act()[0]
            for horse in tickets.get(seat, ()):
                s.apply(seat, Bet(horse))
            s.apply(seat, Done())

    def race(self, totals: Iterable[int], reject: Callable[[int], bool] = lambda h: False) -> None:
        """Roll ``totals`` in order; the roller rejects when ``reject(horse)``."""
        s = self.state
        for total in totals:
            assert s.is_chance_node(), f"no roll expected now (phase {s.phase})"
            s.apply_chance(faces(total))
            if s.phase == "race" and not s.is_chance_node():
                race = s.race
                assert race is not None
                seat = s.to_act()[0]
                s.apply(seat, Reject() if reject(race.rolled) else Accept())

    def finish_race(self, win: int, place: int, show: int) -> None:
        """Roll each of the three home in turn with every roll accepted."""
        s = self.state
        race = s.race
        assert race is not None
        for horse in (win, place, show):
            while horse not in race.finish:
                self.race([horse])


def make_state(players: int = 4, **options: Any) -> AcrossState:
    options.setdefault("tracks", ("churchill-downs",))
    return AcrossGame(players=players, **options).new_initial_state()


@pytest.fixture
def driver() -> Callable[..., Driver]:
    return lambda players=4, **options: Driver(make_state(players, **options))
