"""DESIGN.md section 6: one harness over every registered game and player count.

Seeded random and bot playthroughs run through the Table to the end; at every step legal actions are
non-empty exactly for the players who must act, chance outcomes sum to 1, views are
JSON-safe and leak nothing hidden (neither named nor left as the only thing unseen,
the complement of what is shown), conserved totals stay put; replaying the log
rebuilds the state; the same seed gives the same log.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from homestretch.cli.pictures import standings_over_game
from homestretch.core.protocol import CHANCE, JSON, Event, Game, State, replay
from homestretch.core.registry import GameEntry, entries
from homestretch.session.dice import DiceSpec
from homestretch.session.saved import rebuild
from homestretch.session.table import Table, computer_seats
from homestretch.store.db import SavedGame, Store

CASES = [
    pytest.param(entry, config, id=f"{name}-{i}")
    for name, entry in sorted(entries().items())
    for i, config in enumerate(entry.harness_configs())
]


def _seeds(entry: GameEntry, config: dict[str, Any]) -> range:
    """This configuration's share of the game's ``harness_games`` seeded games: each
    configuration plays other seeds (at least one game), so the sample stays bounded
    as configurations are added and no two configurations repeat one seed's game."""
    configs = entry.harness_configs()
    index, many = configs.index(config), len(configs)
    return range(index, max(entry.harness_games, many), many)


def _string_leaves(data: Any) -> set[str]:
    """Every string in a view, keys included: one walk into one set (the views of every
    player at every step make this the harness's busiest function)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def _check_step(state: State, players: int, start: dict[str, int]) -> None:
    to_act = state.to_act()
    if to_act == [CHANCE]:
        assert state.chance_probabilities_sum() == Fraction(1)
    for player in range(players):
        legal = state.legal_actions(player)
        assert bool(legal) == (player in to_act), (player, to_act, legal)
    for player in to_act:
        if player != CHANCE and player >= players:
            assert state.open_ended(player), f"seat {player} acts but is not a player's"
    for player in [None, *range(players)]:
        view = state.view(player)
        json.dumps(view)
        leaked = state.hidden_from(player) & _string_leaves(view)
        assert not leaked, f"view of {player} shows hidden {sorted(leaked)[:5]}"
        _check_not_derivable(state, player, view)
    assert state.conserved() == start


def _check_not_derivable(state: State, player: int | None, seen: JSON | None = None) -> None:
    """A secret the view does not name may still follow from it: if a kept group (the
    auctioneer's lots) is all that is hidden from a player, what he sees is everything
    else, and the group is its complement; and a world with two hidden cards changed
    round (the game's ``twin_views``) must look the same to him, totals included;
    ``seen`` is his view of ``state`` where the caller has taken it already."""
    hidden = state.hidden_from(player)
    for name, group in state.secrets_kept(player).items():
        assert group <= hidden, f"{name} is said to be kept from {player} but is not hidden"
        derived = bool(group) and hidden <= group
        assert not derived, f"{player} can work out {name} as all that is hidden from him"
    if seen is None:
        seen = state.view(player)
    for twin in state.twin_views(player):
        assert twin == seen, f"{player} can tell two hidden cards apart from what he sees"


_PLAYED: dict[tuple[str, str, int], tuple[Event, ...]] = {}
"""The log of each seeded game played in this module, by (game, configuration, seed):
the tests below go on from the games the first one played (make test gives a file to
one worker), not playing them again. Kept apart from the tests' own lists, handed out
as copies (``_log``)."""


def _play(entry: GameEntry, game: Game, seed: int, check_every_step: bool) -> State:
    """A seeded game through the Table, every seat a computer player; its log is kept."""
    table = Table(entry, game, computer_seats(entry, game, seed), DiceSpec("seeded", seed))
    state = table.state
    start = state.conserved()
    players = game.num_players
    for _ in range(200_000):
        if check_every_step:
            _check_step(state, players, start)
        if table.step() is None:
            break
    assert state.is_over(), "the game did not end"
    assert state.conserved() == start
    json.dumps(state.result())
    _PLAYED[_key(entry, game, seed)] = tuple(copy.deepcopy(state.events))
    return state


def _key(entry: GameEntry, game: Game, seed: int) -> tuple[str, str, int]:
    return entry.name, json.dumps(game.config(), sort_keys=True), seed


def _log(entry: GameEntry, game: Game, seed: int) -> list[Event]:
    """The log of this seeded game: the one played already in this module, else played
    now (the tests of a file run apart, or one test alone)."""
    if _key(entry, game, seed) not in _PLAYED:
        _play(entry, game, seed, check_every_step=False)
    return copy.deepcopy(list(_PLAYED[_key(entry, game, seed)]))


@pytest.mark.parametrize(("entry", "config"), CASES)
def test_seeded_games_end_replay_and_repeat(entry: GameEntry, config: dict[str, Any]) -> None:
    game = entry.make(config)
    assert entry.make(game.config()).config() == game.config()
    seeds = _seeds(entry, config)
    for seed in seeds:
        first = seed == seeds[0]  # every step checked, and the game played twice
        state = _play(entry, game, seed, check_every_step=first)
        rebuilt = replay(entry.make(game.config()), state.events)
        assert rebuilt.result() == state.result()
        for player in [None, *range(game.num_players)]:
            assert rebuilt.view(player) == state.view(player)
        if first:
            again = _play(entry, game, seed, check_every_step=False)
            assert [e.to_json() for e in again.events] == [e.to_json() for e in state.events]


def test_every_game_is_registered() -> None:
    """A game package whose ENTRY is missing is left out of the registry without a word,
    and so out of every generic test: the four games must be there (a new one joins)."""
    assert set(entries()) >= {"across", "derbycast", "stretch", "totopoly"}
    assert all(entry.harness_configs() for entry in entries().values())


@pytest.mark.parametrize(("entry", "config"), CASES)
def test_a_game_saved_before_tables_rolls_on_as_if_never_stopped(
    entry: GameEntry, config: dict[str, Any], tmp_path: Path
) -> None:
    """`homestretch resume` of a game stored before tables kept their seats and dice:
    cut its seeded log anywhere, rebuild it, and it goes on to the very log the
    unbroken game made, dice and computer players alike (the configuration's first
    seeded game, played already by the test above)."""
    game = entry.make(config)
    seed = _seeds(entry, config)[0]
    whole = _log(entry, game, seed)
    store = Store(tmp_path / "old.sqlite")
    for cut in (len(whole) // 3, 2 * len(whole) // 3):
        game_id = store.create(entry.name, game.config(), seed, "seeded")
        store.append_at(game_id, 0, whole[:cut])
        seats = computer_seats(entry, game, seed)
        table = rebuild(store, store.load(game_id), legacy_seats=seats)
        assert table.dice_mismatch is None
        table.advance()
        assert table.state.events == whole, cut
        assert store.load(game_id).events == whole


@pytest.mark.parametrize(
    ("entry", "config"), [c for c in CASES if c.values[0].standings is not None]
)
def test_the_course_of_a_game_starts_and_ends_with_its_standings(
    entry: GameEntry, config: dict[str, Any]
) -> None:
    """`homestretch replay --plot`: what each player holds, from the log, start to end
    (of the configuration's last seeded game, played already by the first test)."""
    game = entry.make(config)
    seed = _seeds(entry, config)[-1]
    events = _log(entry, game, seed)
    final = replay(game, events)
    saved = SavedGame(1, entry.name, game.config(), seed, "seeded", "", "done", "", "", events)
    course = standings_over_game(entry, saved)
    assert entry.standings is not None
    assert course[0] == (0, entry.standings(game.new_initial_state()))
    assert course[-1][1] == entry.standings(final)
    assert [played for played, _ in course] == sorted({played for played, _ in course})
    assert all(set(holding) == set(course[0][1]) for _, holding in course)
