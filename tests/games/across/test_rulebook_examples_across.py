"""Across the Board: the rulebook's numeric statements not already checked elsewhere, run
through the engine (docs/rulebook-examples.md lists every example and its test).

Rulebook: ../shared/rulebooks/003_3432d8d9a7117608.txt (no page numbers: the sections'
headings are cited).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from homestretch.games.across.content.loader import (
    FAVOURITES,
    FIELD,
    HORSES,
    LONGSHOTS,
    horse_class,
    load_content,
)
from homestretch.games.across.rules.actions import Accept

Make = Callable[..., Any]


def at_the_race(driver: Make) -> Any:
    d = driver(4)
    d.auction({h: h % 4 for h in HORSES})
    d.bets({0: [7]})
    assert d.state.phase == "race"
    return d


@pytest.mark.parametrize(
    ("red", "white", "horse"),
    [(1, 1, 2), (1, 2, 3), (3, 4, 7), (6, 1, 7), (2, 5, 7), (5, 6, 11), (6, 6, 12)],
)
def test_equipment_the_horses_number_is_the_total_of_both_dice(
    driver: Make, red: int, white: int, horse: int
) -> None:
    """Equipment: '2 Dice: When running a race the horse's number always equals the total
    of both dice thrown.' An accepted roll gives that horse, and no other, one full X."""
    s = at_the_race(driver).state
    race = s.race
    before = dict(race.progress)
    s.apply_chance((red, white))
    s.apply(s.to_act()[0], Accept())
    moved = {h: race.progress[h] - before[h] for h in HORSES if race.progress[h] != before[h]}
    assert moved == {horse: 2}  # a full X is two halves


def test_equipment_eleven_title_cards_for_the_eleven_dice_totals() -> None:
    """'11 Thoroughbred Ownership Title Cards'; 'all 11 run in every race': one card for
    each total two dice can show, 2 to 12."""
    content = load_content()
    assert sorted(content.cards) == list(HORSES) == list(range(2, 13))
    for track in content.tracks.values():
        assert sorted(track.handicaps) == list(range(2, 13))


def test_auction_longshots_field_horses_and_favourites() -> None:
    """'Longshots: Horses #2, #3, #11 and #12'; 'Field Horses: Horses #4, #5, #9 and #10';
    'Favorites: Horses #6, #7 and #8'."""
    assert (LONGSHOTS, FIELD, FAVOURITES) == ((2, 3, 11, 12), (4, 5, 9, 10), (6, 7, 8))
    classes = {h: horse_class(h) for h in HORSES}
    assert [h for h in HORSES if classes[h] == "longshot"] == [2, 3, 11, 12]
    assert [h for h in HORSES if classes[h] == "field"] == [4, 5, 9, 10]
    assert [h for h in HORSES if classes[h] == "favourite"] == [6, 7, 8]


@pytest.mark.parametrize("players", [2, 8])
def test_player_roles_3_to_7_players(players: int) -> None:
    """'Player Roles (3 to 7 Players)': three and seven seat a game, two and eight do not."""
    from homestretch.core.errors import HomestretchError
    from homestretch.games.across.rules.game import AcrossGame

    for fits in (3, 7):
        assert AcrossGame(players=fits).new_initial_state().cash == [40] * fits
    with pytest.raises(HomestretchError, match=f"3 to 7 players, not {players}"):
        AcrossGame(players=players)
