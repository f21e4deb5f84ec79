"""Seeded computer games where the score keeper posts every race (as from a results
file): the generic harness's checks, for the source the harness cannot drive."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from rich.console import Console

from homestretch.bots.random_bot import RandomBot
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import replay
from homestretch.core.referee import Agent
from homestretch.games.derbycast import ENTRY
from homestretch.games.derbycast.bots import ValueBot
from homestretch.games.derbycast.content.race_record import RaceRecord
from homestretch.games.derbycast.content.replays import replay_library
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.games.derbycast.terminal.keeper import ManualKeeper, RecordKeeper
from homestretch.session.dice import DiceSpec
from homestretch.session.table import Table, computer_seats


def _no_typing(prompt: str, default: str) -> str:
    raise AssertionError("the race source never runs out here")


def _cycled(number: int) -> RaceRecord:
    library = replay_library()
    return library[(number * 7) % len(library)]


def _play(markers: int, tie: str, seed: int) -> DerbyCastState:
    entrants = [{"name": f"P{m}"} for m in range(markers)]
    game = DerbyCastGame({"entrants": entrants, "tie": tie, "races": 4 if seed else None})
    state = game.new_initial_state()
    keeper = ManualKeeper(_no_typing, lambda a: state.why_illegal(game.keeper, a), Console())
    agents: dict[int, Agent] = {
        seat: ValueBot(seed * 1009 + seat) if seat % 2 else RandomBot(seed * 31 + seat)
        for seat in range(markers)
    }
    agents[game.keeper] = RecordKeeper(_cycled, keeper, print)
    for _ in range(100_000):
        if state.is_over():
            break
        to_act = state.to_act()
        for seat in range(markers):
            assert bool(state.legal_actions(seat)) == (seat in to_act)
        json.dumps(state.view(to_act[0]))
        player = to_act[0]
        action = agents[player].choose(player, state.view(player), state.legal_actions(player))
        state.apply(player, action)
    return state


@pytest.mark.parametrize("markers", [2, 5, 20])
@pytest.mark.parametrize("tie", ["standard", "dead-heat"])
def test_posted_races_play_to_the_end_and_replay(markers: int, tie: str) -> None:
    for seed in range(3):
        state = _play(markers, tie, seed)
        assert state.is_over() and state.result()["winners"]
        rebuilt = replay(DerbyCastGame(state.game.config()), state.events)
        assert isinstance(rebuilt, DerbyCastState)
        assert rebuilt.result() == state.result() and rebuilt.history == state.history
        assert all(e.action is not None for e in state.events)  # every race was posted


def _advanced_within(table: Table, seconds: float = 60) -> str:
    """What advancing ``table`` says went wrong, run in a thread so a keeper asking
    nobody again and again fails the test instead of holding it forever."""
    said: list[str] = []

    def advance() -> None:
        try:
            table.advance()
        except HomestretchError as exc:
            said.append(str(exc))

    thread = threading.Thread(target=advance, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the computer at the keeper's seat asked nobody forever"
    assert said, "the table went on without a score keeper"
    return said[0]


@pytest.mark.parametrize(
    ("feed", "message"),
    [
        ({"kind": "manual"}, "needs a person at the score keeper's seat"),
        ({"kind": "file", "path": "ONE_RACE"}, "the race source has no more races"),
    ],
)
def test_the_computer_at_the_keepers_seat_says_a_person_must_type_the_races(
    feed: dict[str, str], message: str, tmp_path: Path
) -> None:
    """A typed-in game's keeper seat, or one whose file has run out of races, handed to
    the computer (as the creator of a table online may): one clear error, once. (It
    once looped for good: the stand-in's refusal was taken for a typing mistake and the
    question asked again.)"""
    if feed["kind"] == "file":
        one_race = tmp_path / "one.csv"
        one_race.write_text("race,horse,odds,finish\nR1,Alpha,2-1,1\nR1,Bravo,3-1,2\n")
        feed = {"kind": "file", "path": str(one_race)}
    entrants = [{"name": "Ann"}, {"name": "Bob"}]
    game = ENTRY.make({"entrants": entrants, "source": "keeper", "feed": feed, "races": 2})
    table = Table(ENTRY, game, computer_seats(ENTRY, game), DiceSpec("seeded", 7))
    assert message in _advanced_within(table)


def test_a_card_typed_at_the_terminal_says_which_horses_have_no_odds() -> None:
    """A morning line left blank is taken (the rules allow unknown odds), and the
    keeper is told which horses have none, in case one was missed."""
    answers = iter(["Riverbend", "Alpha, Bravo, Charlie", "2-1", "", "", ""])
    game = DerbyCastGame({"entrants": [{"name": "Ann"}, {"name": "Bob"}]})
    state = game.new_initial_state()
    screen = Console(record=True, width=200)
    keeper = ManualKeeper(
        lambda prompt, default: next(answers), lambda a: state.why_illegal(game.keeper, a), screen
    )
    card = keeper.choose(game.keeper, state.view(game.keeper), state.legal_actions(game.keeper))
    assert getattr(card, "odds", None) == ("2-1", "", "")
    said = screen.export_text()
    assert "No morning line for 2 Bravo and 3 Charlie: their odds are not known." in said


def test_help_at_the_score_keeper_s_questions_says_what_each_wants() -> None:
    """`help` at the keeper's questions was the answer: a race named "help", a horse
    named "help". Each question now says what it wants, and is asked again."""
    from homestretch.games.derbycast.rules.words import FIELD, FINISH
    from homestretch.games.derbycast.terminal.keeper import ManualKeeper

    typed = iter(["help", "?", "Alpha, Bravo", "help", "2, 1"])
    screen = Console(width=200, record=True)
    keeper = ManualKeeper(lambda question, default="": next(typed), lambda _: None, screen)
    assert keeper.ask(FIELD, "") == "Alpha, Bravo"
    assert keeper.ask(FINISH, "") == "2, 1"
    said = screen.export_text()
    assert said.count("every horse in program order, commas between") == 2
    assert "a dead heat joined by =" in said and "Ctrl-C stops" in said
