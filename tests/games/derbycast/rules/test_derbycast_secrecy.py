"""What Derby Cast keeps from a seat, checked as the generic harness checks it: sealed
picks (R22), a drawn replay's finish and a desk-run Top of the Stretch race's finish and
call (R25). Each check is shown to bite on a view (or a secret list) made leaky."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.derbycast.rules.keeper_table import keeper_state, post_card
from tests.generic.test_every_game import _check_not_derivable, _check_step

from homestretch.core.errors import HomestretchError, IllegalAction
from homestretch.core.protocol import CHANCE, JSON
from homestretch.core.registry import entries
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.rules import secrecy
from homestretch.games.derbycast.rules.actions import (
    DayCard,
    Pick,
    PostScratches,
    RunRace,
    SealedPick,
    Simulate,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.session.dice import DiceSpec
from homestretch.session.table import Table, computer_seats

SEATS = (None, 0, 1, 2, 3)  # the TV, the three markers, the keeper


def _sealed_with_two_picks() -> DerbyCastState:
    state = keeper_state(sealed=True)
    post_card(state)
    state.apply(1, SealedPick("2|win|Charlie"))
    state.apply(0, SealedPick("1|place|Bravo"))
    return state


def _leaky(monkeypatch: pytest.MonkeyPatch, leak: Any) -> None:
    """Every view gains ``leak(state, player)`` under "leak"."""
    real = DerbyCastState.view

    def view(self: DerbyCastState, player: int | None) -> JSON:
        return {**real(self, player), "leak": leak(self, player)}

    monkeypatch.setattr(DerbyCastState, "view", view)


def test_sealed_picks_pass_every_check_and_twin_worlds_exist() -> None:
    state = _sealed_with_two_picks()
    _check_step(state, 3, state.conserved())
    # Cy (seat 2) cannot tell Bob's pick made otherwise, nor Ann's and Bob's changed round
    assert len(state.twin_views(2)) == 3
    assert len(state.twin_views(1)) == 1  # Bob sees his own: only Ann's made otherwise
    assert state.hidden_from(2) == {"1|place|Bravo", "2|win|Charlie"}
    assert state.secrets_kept(2) == {}  # no seat can list the tickets sent (see secrecy)
    state.apply(2, SealedPick("3|win|Alpha"))
    state.apply(3, PostScratches(()))  # picks closed: nothing kept, no twin
    assert state.hidden_from(2) == set() and state.twin_views(2) == []


def test_a_view_that_tells_the_unpicked_horses_while_sealed_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The harness's twin check bites on a leak no ticket names: the horses nobody has
    picked (R22 keeps them back: "nothing told by elimination")."""
    state = _sealed_with_two_picks()

    def unpicked(state: DerbyCastState, player: int | None) -> list[str]:
        picked = {p.horse for p in state.picks.values() if p is not None}
        return [h for h in state.race.horses if h not in picked]  # type: ignore[union-attr]

    _leaky(monkeypatch, unpicked)
    with pytest.raises(AssertionError, match="can tell two hidden"):
        _check_not_derivable(state, 2)


def test_a_view_that_counts_the_bets_while_sealed_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _sealed_with_two_picks()
    _leaky(monkeypatch, lambda s, p: sorted(x.bet for x in s.picks.values() if x is not None))
    with pytest.raises(AssertionError, match="can tell two hidden"):
        _check_not_derivable(state, 2)


def _replay_drawn(markers: int = 3, seed: int = 4) -> DerbyCastState:
    people = [{"name": f"P{m}"} for m in range(1, markers + 1)]
    state = DerbyCastGame({"entrants": people, "source": "replays"}).new_initial_state()
    state.apply_chance((seed,))
    return state


def test_a_drawn_replays_finish_is_kept_from_everyone_until_it_is_scored(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _replay_drawn()
    assert state.phase == "pick" and state.race is not None and state.race.has_result
    for seat in (None, 0, 1, 2):
        twins = state.twin_views(seat)
        assert twins and all(twin == state.view(seat) for twin in twins)
    winner = next(r.horse for r in state.race.runners if r.finish == 1)
    _leaky(monkeypatch, lambda s, p: [r.horse for r in s.race.runners if r.finish == 1])
    assert state.view(0)["leak"] == [winner]
    with pytest.raises(AssertionError, match="can tell two hidden"):
        _check_not_derivable(state, 0)


def test_a_replays_late_scratch_is_kept_until_picks_are_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first replay of the library that scratches a horse after the picks."""
    late = next(i for i, race in enumerate(replay_library()) if race.scratched_late)
    state = _replay_drawn(seed=late)
    assert state.race is not None
    changed = [twin.race for twin in secrecy.twins(state, 0)]
    assert any(race and race.scratched_late != state.race.scratched_late for race in changed)
    _leaky(monkeypatch, lambda s, p: list(s.race.scratched_late))
    with pytest.raises(AssertionError, match="can tell two hidden"):
        _check_not_derivable(state, 0)


def test_a_desk_race_keeps_its_finish_and_call_unseen_until_it_is_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = keeper_state()
    keeper = state.game.keeper
    state.apply(keeper, Simulate("dream-derby", "quick"))
    assert state.to_act() == [CHANCE]
    state.apply_chance((4242,))
    for seat in SEATS:
        twins = state.twin_views(seat)
        assert twins and all(twin == state.view(seat) for twin in twins)
    with monkeypatch.context() as patched:
        _leaky(patched, lambda s, p: s.simulation.call[-1])
        with pytest.raises(AssertionError, match="can tell two hidden"):
            _check_not_derivable(state, None)
    horses = state.view(0)["card"]["horses"]
    for seat in state.pick_order():
        state.apply(seat, Pick(horses[0], "show"))
    state.apply(keeper, PostScratches(()))
    assert state.twin_views(None)  # still unrun: the keeper has not run it
    state.apply(keeper, RunRace())
    assert state.twin_views(None) == []  # run and under review: on every screen


def test_the_harness_checks_bite_on_a_sealed_table_played_by_computers() -> None:
    """Through the Table as the generic harness plays it: twin worlds are compared at
    most steps while picks are sealed, and every one looks the same."""
    entry = entries()["derbycast"]
    config = next(c for c in entry.harness_configs() if c.get("sealed"))
    game = entry.make(config)
    table = Table(entry, game, computer_seats(entry, game, 1), DiceSpec("seeded", 7))
    compared = 0
    while table.step() is not None:
        state = table.state
        assert isinstance(state, DerbyCastState)
        for seat in [None, *range(game.num_players + 1)]:
            twins = state.twin_views(seat)
            assert all(twin == state.view(seat) for twin in twins)
            compared += len(twins)
    assert table.state.is_over() and compared > 20


def test_a_days_card_with_a_finish_is_refused_before_any_seat_could_read_it() -> None:
    """A day's card goes to every seat (the desk's upload in the log, the lobby's in
    the table's settings): a finish in it would tell everyone the result before the
    race is run (R20)."""
    text = "race,horse,odds,finish\nDowns 1,Ace,2-1,1\nDowns 1,Bolt,3-1,2\n"
    state = keeper_state()
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.game.keeper, DayCard("day.csv", text))
    assert str(refused.value) == (
        "day.csv: race 'Downs 1': a day's card holds no finish: "
        "the keeper posts the result after the race"
    )
    assert not state.events  # nothing logged, so no seat's log carries the file
    with pytest.raises(HomestretchError, match=r"^day.csv: race 'Downs 1': .* holds no finish"):
        keeper_state(feed={"kind": "card", "file": "day.csv", "text": text})
    runners = [{"horse": "Ace", "odds": "2-1", "finish": 1}, {"horse": "Bolt", "odds": "3-1"}]
    races = [{"race": "Downs 1", "runners": runners}]
    with pytest.raises(
        HomestretchError, match=r"^feed: the day's card: race 'Downs 1': .* no finish"
    ):
        keeper_state(feed={"kind": "card", "races": races})
    state.apply(
        state.game.keeper, DayCard("day.csv", text.replace(",1\n", ",\n").replace(",2\n", ",\n"))
    )
    assert state.view(0)["next_card"]["race"] == "Downs 1"
