"""Derby Cast: a scoring game over real or simulated races (rulebook 004).

Players pick one horse per race to Win, Place or Show and advance by the Final Odds
Calculator Table; the first marker past 20 points wins.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from homestretch.core.protocol import JSON, Event, Game, State
from homestretch.core.referee import Agent
from homestretch.core.registry import GameEntry, OwnFile

if TYPE_CHECKING:  # pydantic is loaded when the lobby asks
    from homestretch.core.settings import Settings

# the rules are imported when a game is made, so the registry (and `homestretch --help`)
# stays quick


def _make(config: JSON) -> Game:
    from homestretch.games.derbycast.rules.game import DerbyCastGame

    return DerbyCastGame(config)


def _value_bot(game: Game, seat: int, seed: int) -> Agent:
    from homestretch.games.derbycast.bots import ValueBot

    return ValueBot(seed * 1009 + seat)  # callers may give every seat the same seed


def _keeper(game: Game, seed: int) -> dict[int, Agent]:
    """The score keeper's seat when the game's feed posts the races (a results file or
    simulated Top of the Stretch races; simulated from ``seed`` if it names no feed).
    A typed-in game has the seat too, for a person (the keeper's desk in the browser):
    left to the computer, it says a person must keep score."""
    from rich.console import Console

    from homestretch.games.derbycast.rules.game import DerbyCastGame
    from homestretch.games.derbycast.terminal.keeper import (
        ManualKeeper,
        NobodyToAsk,
        RecordKeeper,
        race_source,
    )

    assert isinstance(game, DerbyCastGame)
    if game.source.value != "keeper":
        return {}
    typed_in = game.feed.get("kind") in ("manual", "card")  # by a person at the desk

    def nobody_types(prompt: str, default: str) -> str:
        if typed_in:
            raise NobodyToAsk("a typed-in Derby Cast needs a person at the score keeper's seat")
        raise NobodyToAsk(
            "the race source has no more races; resume the game at a terminal, where "
            "the score keeper can type the next one in"
        )

    manual = ManualKeeper(nobody_types, lambda action: None, Console(quiet=True))
    if typed_in:
        return {game.keeper: manual}
    feed = game.feed or {"kind": "simulate", "seed": seed, "race": None, "mode": "quick"}
    # run from the table's own seed (no feed named), secret until the game ends: the
    # races are not named with their seeds, which would tell the races to come
    source = race_source(feed, say_seed=bool(game.feed))
    return {game.keeper: RecordKeeper(source, manual, lambda text: None)}


def _harness_configs() -> list[JSON]:
    """Every marker count over the bundled replays, with set races and both tie rules;
    and a few games whose score keeper posts simulated Top of the Stretch races (no feed
    named: run from each game's seed, so the harness sees many), two with sealed picks."""
    from homestretch.games.derbycast.rules.entrants import Entrant
    from homestretch.games.derbycast.rules.game import DerbyCastGame

    configs: list[JSON] = [
        {
            "entrants": [Entrant(f"K{m}", (f"K{m}",)).to_json() for m in range(1, markers + 1)],
            "races": races,
            "tie": tie,
            "source": "keeper",
            "confirm": confirm,  # the first is the lobby's: a window to change picks
        }
        for markers, races, tie, confirm in (
            (2, 3, "standard", True),
            (5, None, "dead-heat", False),
        )
    ]
    # sealed picks (hidden from the other seats until picks close) and confirmed picks
    configs += [
        {
            "entrants": [Entrant(f"S{m}", (f"S{m}",)).to_json() for m in range(1, 5)],
            "races": 2,
            "source": "keeper",
            "order": "rotate",
            "sealed": True,
            "confirm": confirm,
        }
        for confirm in (True, False)
    ]
    for markers in range(2, 21):
        entrants = [Entrant(f"P{m}", (f"P{m}",)).to_json() for m in range(1, markers + 1)]
        configs.append(
            {
                "entrants": entrants,
                "races": [None, 3, 1][markers % 3],
                "tie": ["standard", "dead-heat"][markers % 2],
                "source": "replays",
            }
        )
    return [DerbyCastGame(c).config() for c in configs]


def _points(state: State) -> dict[str, float]:
    from homestretch.games.derbycast.rules.game import DerbyCastState

    assert isinstance(state, DerbyCastState)
    entrants = state.game.entrants
    return {e.name: float(p) for e, p in zip(entrants, state.points, strict=True)}


def _bundled_reads(config: JSON) -> tuple[str, ...]:
    """The printed odds table, unless the game carries a table of its own (``table``);
    the race replays when they are the source. A score keeper's game reads Top of the
    Stretch's bundled races, cards and charts instead: the keeper's desk may run a race
    (a seed in the log, the race run again on replay), and a simulated feed runs each
    race it posts."""
    table = () if config.get("table") is not None else ("odds-table",)
    if config.get("source", "keeper") == "replays":
        return (*table, "replays")
    return (*table, *STRETCH_READS)


STRETCH_READS = ("stretch:races", "stretch:cards", "stretch:charts")
"""What a race Top of the Stretch runs for Derby Cast reads of Stretch's bundled content."""


def _log_reads(events: list[Event]) -> tuple[str, ...]:
    """A race run at the keeper's desk (a ``simulate`` posting) is run again on every
    replay, on Top of the Stretch's bundled files."""
    desk = any(e.action is not None and e.action.get("kind") == "simulate" for e in events)
    return STRETCH_READS if desk else ()


def _own_files(config: JSON) -> tuple[OwnFile, ...]:
    """A score keeper's results file, read race by race as the races come; the race
    file of one's own a simulated feed runs every race from (a bundled race, named,
    is bundled content). Every race posted is in the log: neither is read to replay."""
    feed = config.get("feed") or {}
    if config.get("source", "keeper") != "keeper" or not isinstance(feed, dict):
        return ()
    if feed.get("kind") == "file" and isinstance(feed.get("path"), str):
        return (OwnFile(feed["path"], "results file", _results_parts, _races_to_come),)
    race = feed.get("race")
    if feed.get("kind") == "simulate" and isinstance(race, str) and Path(race).is_absolute():
        return (OwnFile(race, "race file", _race_parts, _while_racing),)
    return ()


def _results_parts(path: Path) -> tuple[tuple[str, str], ...]:
    import hashlib

    from homestretch.games.derbycast.content.results_file import read_results

    return tuple(
        (f"race {number}", hashlib.sha256(repr(race).encode()).hexdigest()[:20])
        for number, race in enumerate(read_results(path), start=1)
    )


def _races_to_come(state: State) -> range:
    """The race under way (its card may be posted, its result is still to come from
    the file) and those after it, up to the set number of races; and, while the next
    card is still to be posted and the last race may be corrected, the last race: the
    keeper reads it again then, to know whether a person typed it (``RecordKeeper``)."""
    from homestretch.games.derbycast.rules.game import DerbyCastState
    from homestretch.games.derbycast.rules.phases import Phase

    assert isinstance(state, DerbyCastState)
    if state.is_over():
        return range(0)
    first = len(state.history)
    if state.phase is Phase.card and state.before_last is not None and first:
        first -= 1
    return range(first, state.game.set_races or MAX_RACES)


MAX_RACES = 1_000_000
"""Past any results file's last race: a game of no set number goes on to its end."""


def _race_parts(path: Path) -> tuple[tuple[str, str], ...]:
    from homestretch.games.derbycast.sources.simulated import race_file_digest

    return (("the race it runs", race_file_digest(path)),)


def _while_racing(state: State) -> range:
    return range(0) if state.is_over() else range(1)


def _settings() -> type[Settings]:
    from homestretch.games.derbycast.rules.settings import DerbyCastSettings

    return DerbyCastSettings


ENTRY = GameEntry(
    name="derbycast",
    title="Derby Cast: pick Win, Place or Show over real or simulated races",
    make=_make,
    settings=_settings,
    harness_configs=_harness_configs,
    harness_games=6,
    bots={"value": _value_bot},
    input_agents=_keeper,
    standings=_points,
    standings_unit="points",
    bundled_reads=_bundled_reads,
    log_reads=_log_reads,
    own_files=_own_files,
    dice=False,
)
