"""The log says a horse with its program number on the card the move was made on
("picked 1 Saffron Orchard to win"), as the card, the result and the board do; it named
the horse alone. The words are worked out from the state as the log is applied, so a
saved game (its events as stored) says the same, and a horse a later race numbers
otherwise keeps its number of the race it was picked in."""

from __future__ import annotations

from tests.games.derbycast.rules.keeper_table import FIELD, ODDS, keeper_state

from homestretch.core.protocol import Event, replay
from homestretch.core.registry import entries
from homestretch.games.derbycast.rules.actions import (
    MorningLine,
    Pick,
    PostCard,
    PostResult,
    PostScratches,
)
from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
from homestretch.session.dice import DiceSpec
from homestretch.session.table import Table, computer_seats


def _replays_game(seed: int) -> tuple[Table, dict[int, str]]:
    """Four computer players over the bundled race replays, to the end; each pick's
    words as they should read, from the card on the table when it was made."""
    entry = entries()["derbycast"]
    names = [{"name": f"C{n}"} for n in range(1, 5)]
    game = DerbyCastGame({"entrants": names, "source": "replays", "draw": "fresh"})
    table = Table(entry, game, computer_seats(entry, game), DiceSpec("seeded", seed))
    wanted: dict[int, str] = {}
    while True:
        state = table.state
        assert isinstance(state, DerbyCastState)
        race = state.race
        numbers = {} if race is None else dict(zip(race.horses, race.programs, strict=True))
        at = len(state.events)
        if table.step() is None:
            break
        for position, event in enumerate(state.events[at:], start=at):
            action = event.action or {}
            if action.get("kind") == "pick":
                horse, bet = action["horse"], action["bet"]
                wanted[position] = f"picked {numbers[horse]} {horse} to {bet}"
    assert table.state.is_over()
    return table, wanted


def test_picks_over_the_replays_say_the_program_number_on_every_seat() -> None:
    table, wanted = _replays_game(seed=3)
    state = table.state
    assert isinstance(state, DerbyCastState) and len(state.history) > 3
    for seat in [None, *range(len(state.points) + 1)]:
        said = {line["position"]: line.get("words") for line in table.log_for(seat)}
        assert {p: said[p] for p in wanted} == wanted
    # as the result says each pick ("win on 3 Rusty Pennant"): the same number
    reported = {
        (report["race"], p["marker"]): f"{p['program']} {p['horse']}"
        for report in state.history
        for p in report["picks"]
        if not p.get("sat_out")
    }
    race = 0
    named: dict[tuple[int, int], str] = {}
    for position, event in enumerate(state.events):
        if event.action is None:  # a replay drawn: the next race
            race += 1
        elif position in wanted:  # the last pick a marker made this race is the one scored
            words = wanted[position]
            named[(race, event.player + 1)] = words.removeprefix("picked ").rsplit(" to ", 1)[0]
    assert named == reported


def test_a_saved_game_says_the_numbers_and_each_race_keeps_its_own() -> None:
    """The stored events replayed (as `resume` and the server rebuild a table) say the
    same words; a horse the next race numbers otherwise (Bravo 2 then 7) reads each
    race's number, a late scratch and a morning line theirs too."""
    state = keeper_state()
    keeper = state.game.keeper
    state.apply(keeper, PostCard("R1", FIELD, ODDS, programs=("1", "2", "3")))
    state.apply(keeper, MorningLine(("Charlie",), ("9-1",)))
    for seat, horse in enumerate(("Bravo", "Charlie", "Alpha")):
        state.apply(seat, Pick(horse, "win"))
    state.apply(keeper, PostScratches(("Charlie",)))
    state.apply(1, Pick("Alpha", "show"))  # Bob picks again
    state.apply(keeper, PostResult(("2-1", "5-2", ""), (1, 2, None), official=True))
    first = len(state.events)
    state.apply(keeper, PostCard("R2", ("Bravo", "Delta"), ("4-1", "6-1"), programs=("7", "1A")))
    for seat in range(3):
        state.apply(seat, Pick("Bravo", "place"))
    said = [state.move_words(e) for e in state.events]
    assert said == [
        "posted the card: R1",
        "posted the morning line: 3 Charlie 9-1",
        "picked 2 Bravo to win",
        "picked 3 Charlie to win",
        "picked 1 Alpha to win",
        "closed picks; late scratches: 3 Charlie",
        "picked 1 Alpha to show",
        "posted the official result",
        "posted the card: R2",
        "picked 7 Bravo to place",
        "picked 7 Bravo to place",
        "picked 7 Bravo to place",
    ]
    stored = [Event.from_json(e.to_json()) for e in state.events]
    again = replay(state.game, stored)
    assert isinstance(again, DerbyCastState) and len(again.events) > first
    assert [again.move_words(e) for e in again.events] == said
