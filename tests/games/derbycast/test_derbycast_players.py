"""Markers, teams and typed picks (section 1), and the computer player's judgement."""

from __future__ import annotations

from collections import Counter

import pytest

from homestretch.bots.random_bot import RandomBot
from homestretch.core.actions import Action
from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.referee import play
from homestretch.games.derbycast.bots import ValueBot, board_chances, in_the_money
from homestretch.games.derbycast.rules.actions import Pick, SitOut
from homestretch.games.derbycast.rules.entrants import computer_players, parse_players
from homestretch.games.derbycast.rules.game import DerbyCastGame
from homestretch.games.derbycast.rules.table import Bet
from homestretch.games.derbycast.rules.winning import TieRule, decide
from homestretch.games.derbycast.terminal.people import read_pick


def test_players_and_teams_from_the_command_line() -> None:
    entrants = parse_players("Ann, Bob+Cy ,Di")
    assert [e.name for e in entrants] == ["Ann", "Bob+Cy", "Di"]
    assert [e.is_team for e in entrants] == [False, True, False]
    bots = computer_players(2, [*entrants, *parse_players("Computer 1")])
    assert [b.name for b in bots] == ["Computer 2", "Computer 3"] and all(b.bot for b in bots)
    with pytest.raises(HomestretchError, match="empty team member"):
        parse_players("Bob+")


HORSES = ["Silver Lining", "Copper Kettle", "Show Boat"]
PROGRAMS = ["1", "2", "3"]
LEGAL: list[Action] = [Pick(h, b.value) for h in HORSES for b in Bet]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("win 1", Pick("Silver Lining", "win")),
        ("Place copper kettle", Pick("Copper Kettle", "place")),
        ("3 show", Pick("Show Boat", "show")),
        ("win Show Boat", Pick("Show Boat", "win")),
    ],
)
def test_typed_picks(typed: str, expected: Pick) -> None:
    assert read_pick(typed, HORSES, PROGRAMS, LEGAL) == expected


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            "Silver Lining",
            "^win, place or show on Silver Lining\\? type the bet before it, like 'win 1'$",
        ),
        ("3", "^win, place or show on Show Boat\\? type the bet before it, like 'win 3'$"),
        ("win", "^win on which horse\\? type win and its number, like 'win 1'$"),
        ("shw 3", "^did you mean 'show 3'\\? say win, place or show first$"),
        (
            "help",
            "^cannot read 'help': say win, place or show and the horse, like 'win 1' or "
            "'show Show Boat'$",
        ),
        ("win 9", "not a horse in this race"),
        ("sit out", "only when your horse is scratched"),
    ],
)
def test_typed_picks_that_cannot_be_read(typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_pick(typed, HORSES, PROGRAMS, LEGAL)


def test_the_example_after_a_slip_is_a_pick_open_now() -> None:
    """The example said after a slip named the card's first horse, scratched or not, and
    another horse than the question's ("e.g. win 1 or show Show Boat" above "like 'win 1'
    or 'show Silver Lining'"): it is the question's, among the horses still running."""
    running = [Pick(h, b.value) for h in HORSES[1:] for b in Bet]  # #1 scratched
    with pytest.raises(ValueError, match="like 'win 2' or 'show Show Boat'$"):
        read_pick("", HORSES, PROGRAMS, running)
    with pytest.raises(ValueError, match="like 'win 2' or 'show Show Boat'$"):
        read_pick("hello there", HORSES, PROGRAMS, running)


def test_picks_name_program_numbers_as_printed_coupled_entries_included() -> None:
    """A card posted as 1 Alpha, 1A Bravo, 3 Charlie, 4 Delta: 'win 3' is Charlie (not
    the third horse down the list) and '1a' is Bravo."""
    horses, programs = ["Alpha", "Bravo", "Charlie", "Delta"], ["1", "1A", "3", "4"]
    legal: list[Action] = [Pick(h, b.value) for h in horses for b in Bet]
    assert read_pick("win 3", horses, programs, legal) == Pick("Charlie", "win")
    assert read_pick("show 1a", horses, programs, legal) == Pick("Bravo", "show")
    assert read_pick("place delta", horses, programs, legal) == Pick("Delta", "place")
    with pytest.raises(ValueError, match=r"program numbers 1, 1A, 3, 4"):
        read_pick("win 2", horses, programs, legal)


def test_a_horse_scratched_before_post_cannot_be_picked() -> None:
    legal: list[Action] = [Pick("Copper Kettle", "win")]
    with pytest.raises(ValueError, match="Silver Lining is scratched; choose another horse$"):
        read_pick("win 1", HORSES, PROGRAMS, legal)


def test_a_scratched_horse_cannot_be_picked_again() -> None:
    legal: list[Action] = [Pick("Copper Kettle", "win"), SitOut()]
    with pytest.raises(ValueError, match="Silver Lining is scratched"):
        read_pick("win 1", HORSES, PROGRAMS, legal)
    assert read_pick("sit out", HORSES, PROGRAMS, legal) == SitOut()


def test_in_the_money_chances_fill_each_place_once() -> None:
    chances = board_chances([None, *(Odds.parse(o) for o in ["5-2", "9-5", "8-1", "20-1"])])
    found = in_the_money(chances)
    assert sum(f[0] for f in found) == pytest.approx(1)
    assert sum(f[1] for f in found) == pytest.approx(2)
    assert sum(f[2] for f in found) == pytest.approx(3)
    assert all(w <= p <= s for w, p, s in found)


def _view(points: int, odds: list[str], tie_break: bool = False) -> dict[str, object]:
    horses = [f"H{i}" for i in range(len(odds))]
    return {
        "card": {"horses": horses, "odds": odds, "scratched": []},
        "board": [{"points": points}],
        "tie_break": [1, 2] if tie_break else [],
    }


def test_the_computer_prefers_value_and_wants_only_what_it_needs() -> None:
    odds = ["1-2", "3-1", "4-1", "30-1"]
    legal: list[Action] = [Pick(f"H{i}", b.value) for i in range(len(odds)) for b in Bet]
    # With 20 points one space reaches the Official Finish: the surest scoring pick is
    # Show on the shortest horse whose Show value is at least 1 (4-1); a pick that
    # cannot score (Place or Show at 1-2) is never made.
    needy = Counter(ValueBot(seed).choose(0, _view(20, odds), legal) for seed in range(30))
    assert needy.most_common(1)[0][0] == Pick("H2", "show")
    assert not {Pick("H0", "place"), Pick("H0", "show")} & set(needy)
    # From the start the long shot's spaces are worth having.
    eager = Counter(ValueBot(seed).choose(0, _view(0, odds), legal) for seed in range(30))
    horses = Counter(p.horse for p in eager.elements() if isinstance(p, Pick))
    assert horses.most_common(1)[0][0] == "H3"


def test_decide_follows_how_to_win() -> None:
    standard, dead_heat = TieRule.standard, TieRule.dead_heat
    assert decide([20, 5], (), 3, None, standard).winners == ()
    assert decide([21, 30], (), 3, None, standard).winners == (1,)
    assert decide([25, 25, 10], (), 3, None, dead_heat).winners == (0, 1)
    assert decide([25, 25, 10], (), 3, None, standard).playoff == (0, 1)
    # A tie-break compares only the tied markers, and may stay level.
    assert decide([26, 25, 30], (0, 1), 4, None, standard).winners == (0,)
    assert decide([26, 26, 30], (0, 1), 4, None, standard).playoff == (0, 1)
    # A set number of races: the most points, with or without the Official Finish.
    assert decide([3, 1], (), 1, 2, standard) == decide([0, 0], (), 1, None, standard)
    assert decide([3, 1], (), 2, 2, standard).winners == (0,)
    assert decide([3, 3], (), 2, 2, dead_heat).winners == (0, 1)


def test_the_computer_beats_random_picks_over_race_replays() -> None:
    """Picking for value should win clearly more than half of two-player games against
    uniformly random picks (about two in three over many seeds)."""
    value_wins = 0
    games = 200
    for seed in range(games):
        value_seat = seed % 2
        game = DerbyCastGame({"entrants": [{"name": "A"}, {"name": "B"}], "source": "replays"})
        agents = {value_seat: ValueBot(seed * 1009), 1 - value_seat: RandomBot(seed * 31 + 7)}
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        (winner,) = state.result()["winners"]
        value_wins += winner["marker"] - 1 == value_seat
    assert value_wins > games * 0.58


def test_a_table_of_computer_players_spreads_its_picks() -> None:
    """17 computer players on each of a few replay cards: no one horse-and-bet takes
    half of them (once 14 of 17 took the same 18-1 horse)."""
    from homestretch.games.derbycast.content.replays import replay_library
    from homestretch.games.derbycast.terminal.keeper import card_of

    people = [{"name": f"C{i}", "members": [f"C{i}"]} for i in range(17)]
    game = DerbyCastGame({"entrants": people, "order": "rotate"})
    for race in replay_library()[:8]:
        state = game.new_initial_state()
        state.apply(game.keeper, card_of(race))
        view, legal = state.view(0), state.legal_actions(0)
        chosen = Counter(ValueBot(seat * 1009).choose(0, view, legal) for seat in range(17))
        assert chosen.most_common(1)[0][1] <= 8, (race.name, chosen)
        assert len(chosen) >= 4
