"""The handicapper's report on the four tracks, and the kernel against the reference race."""

from __future__ import annotations

from statistics import mean

import pytest

from homestretch.games.across.analysis.handicapper import (
    TrackReport,
    reference_races,
    simulate_track,
)
from homestretch.games.across.content.loader import FAVOURITES, FIELD, LONGSHOTS, load_content

TRACKS = sorted(load_content().tracks)
RACES = 20_000


@pytest.fixture(scope="module")
def reports() -> dict[str, TrackReport]:
    return {key: simulate_track(load_content().track(key), RACES, seed=11) for key in TRACKS}


def _group(report: TrackReport, numbers: tuple[int, ...], figure: str) -> float:
    return mean(getattr(h, figure) for h in report.horses if h.number in numbers)


def test_there_are_four_tracks() -> None:
    assert [load_content().tracks[k].name for k in TRACKS] == [
        "Churchill Downs",
        "Epsom Downs",
        "Longchamp",
        "Woodbine",
    ]


@pytest.mark.parametrize("key", TRACKS)
def test_every_horse_can_win_and_none_wins_more_than_35_percent(
    reports: dict[str, TrackReport], key: str
) -> None:
    wins = [h.win for h in reports[key].horses]
    assert min(wins) >= 0.014, wins
    assert max(wins) <= 0.35, wins
    assert sum(wins) == pytest.approx(1.0)


@pytest.mark.parametrize("key", TRACKS)
def test_the_odds_note_rolled_and_accepted_per_50_rolls(
    reports: dict[str, TrackReport], key: str
) -> None:
    report = reports[key]
    # Longshots about 2, field horses 4 or 5, favourites 6 to 8 (group averages, R21).
    assert 1.8 <= _group(report, LONGSHOTS, "accepted_per_50_rolls") <= 2.2
    assert 4.0 <= _group(report, FIELD, "accepted_per_50_rolls") <= 5.0
    assert 6.0 <= _group(report, FAVOURITES, "accepted_per_50_rolls") <= 8.0
    # The computer players reject rarely, so their races are short (R21): the note's
    # "about 50 rolls" is measured under people's play below.
    assert 34 <= report.mean_rolls_per_race <= 50


@pytest.mark.parametrize("key", TRACKS)
def test_races_played_as_people_play_run_about_50_rolls(key: str) -> None:
    # People reject every rival's roll while a horse of theirs runs (R21): races run in
    # the 40s (200,000 races a track: 41.9-44.8), and every horse can still win.
    report = simulate_track(load_content().track(key), 10_000, seed=12, policy="people")
    assert 41 <= report.mean_rolls_per_race <= 52
    assert min(h.win for h in report.horses) >= 0.01


@pytest.mark.parametrize("key", TRACKS)
def test_field_horses_and_longshots_are_given_preprinted_xs(key: str) -> None:
    # "Preprinted X's are given to 'field' and 'longshot' horses" (R22).
    caps = load_content().track(key).handicaps
    assert all(caps[h].preprinted_halves > 0 for h in FIELD + LONGSHOTS)
    assert all(caps[h].preprinted_halves == 0 for h in FAVOURITES)


def test_the_tracks_favour_different_horses(reports: dict[str, TrackReport]) -> None:
    def share(key: str, numbers: tuple[int, ...]) -> float:
        return sum(h.win for h in reports[key].horses if h.number in numbers)

    best_for = {
        "favourites": max(TRACKS, key=lambda k: share(k, FAVOURITES)),
        "longshots": max(TRACKS, key=lambda k: share(k, LONGSHOTS)),
        "field": max(TRACKS, key=lambda k: share(k, FIELD)),
    }
    assert best_for == {
        "favourites": "churchill-downs",
        "longshots": "epsom-downs",
        "field": "longchamp",
    }
    # Woodbine's inside rail: the low numbers beat their high mirror images.
    for low, high in ((2, 12), (3, 11), (4, 10), (5, 9), (6, 8)):
        assert share("woodbine", (low,)) > share("woodbine", (high,))
    # On the right track, longshots and field horses can win big.
    assert share("epsom-downs", LONGSHOTS) >= 0.25
    assert share("longchamp", FIELD) >= 0.5


@pytest.mark.parametrize("key", ["epsom-downs", "woodbine"])
def test_kernel_and_reference_race_agree(reports: dict[str, TrackReport], key: str) -> None:
    reference, rolls = reference_races(key, 4000, seed=5)
    kernel = reports[key]
    assert rolls == pytest.approx(kernel.mean_rolls_per_race, abs=1.0)
    for h in kernel.horses:
        # Four thousand races: a win share's standard error is at most 0.008.
        assert abs(h.win - reference[h.number]) < 0.03, (h.number, h.win, reference[h.number])


@pytest.mark.parametrize("key", TRACKS)
def test_the_newspaper_guides_the_bidding(reports: dict[str, TrackReport], key: str) -> None:
    """Suggested bids are about 50 x the win share; the best pick is a top chance."""
    track = load_content().track(key)
    wins = {h.number: h.win for h in reports[key].horses}
    for number, win in wins.items():
        assert abs(track.handicaps[number].suggested_bid - max(1, 50 * win)) <= 1.5
    assert wins[track.best_pick] >= max(wins.values()) - 0.02


def test_a_race_on_its_own_dice_stream_finishes_alike_whatever_races_beside_it() -> None:
    """R31: the search player compares accepting and rejecting on the same dice. Each
    race of a board rolls its own stream, so race k finishes as it would raced alone on
    stream k, whatever the other races did (they end sooner or later, reject or not);
    and two boards from one seed roll the same dice race by race."""
    import numpy as np

    from homestretch.games.across.analysis.handicapper import (
        DiceStreams,
        Field,
        players_racing,
        race_on,
    )

    track = load_content().track("woodbine")
    n = 40
    owner = np.tile(np.array([s % 4 for s in range(11)]), (n, 1))
    board = Field.start(track.start_halves(), n)
    streams = DiceStreams(np.random.default_rng(7), n)
    race_on(board, track.need_halves(), owner, [1, 2, 3, 0], streams, players_racing())
    for k in (0, 17, 39):
        alone = Field.start(track.start_halves(), 1)
        own = DiceStreams(np.random.default_rng(0), 1)
        own.faces = streams.faces[k : k + 1].copy()
        race_on(alone, track.need_halves(), owner[:1], [1, 2, 3, 0], own, players_racing())
        assert alone.order[0].tolist() == board.order[k].tolist()
        assert own.used[0] == streams.used[k]
    again = DiceStreams(np.random.default_rng(7), n)
    assert (again.faces == streams.faces).all()
    # Different finishes across the board: the streams are not one race repeated.
    assert len({tuple(row) for row in board.order.tolist()}) > n // 2
