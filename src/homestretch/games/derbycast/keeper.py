"""The Official Score Keeper as an agent: where the races come from (section 2).

``RecordKeeper`` posts whole races in order (from a results file or the Top of the
Stretch engine); ``ManualKeeper`` asks a person for the field, the scratches and the
official result. Both only post; the game state verifies every posting.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from homestretch.core.actions import Action
from homestretch.core.inputs import is_whole
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.actions import PostCard, PostResult, PostScratches
from homestretch.games.derbycast.race import RaceRecord
from homestretch.games.derbycast.results_file import read_results
from homestretch.games.derbycast.simulated import race_seed, simulated_record

Ask = Callable[[str, str], str]
"""Ask a person a question (prompt, default answer) and return the answer."""
Check = Callable[[Action], str | None]
"""Why a posting would be refused now, or None (the state's ``why_illegal``)."""


def card_of(race: RaceRecord) -> PostCard:
    odds = tuple("" if r.odds is None else str(r.odds) for r in race.runners)
    return PostCard(race.name, race.horses, odds)


def result_of(race: RaceRecord) -> PostResult:
    return PostResult(
        tuple("" if r.odds is None else str(r.odds) for r in race.runners),
        tuple(r.finish for r in race.runners),
    )


def posting_for(race: RaceRecord, phase: str) -> Action:
    """What a keeper holding the whole official record posts at each step."""
    if phase == "card":
        return card_of(race)
    if phase == "scratches":
        return PostScratches(race.scratched)
    return result_of(race)


class RecordKeeper:
    """Posts whole official records, race by race, from ``race_for(number)`` (a results
    file, or a simulated race); when it has none, hands over to ``then`` (a person
    typing races in) after saying so."""

    def __init__(
        self,
        race_for: Callable[[int], RaceRecord | None],
        then: ManualKeeper,
        say: Callable[[str], None],
    ) -> None:
        self.race_for = race_for
        self.then = then
        self.say = say
        self._current: tuple[int, RaceRecord | None] | None = None

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        number = int(view["race"])
        if self._current is None or self._current[0] != number:
            self._current = (number, self.race_for(number))
        race = self._current[1]
        if race is None:
            if view["phase"] == "card":
                self.say(f"There is no race {number} from the race source; type it in.")
            return self.then.choose(player, view, legal)
        return posting_for(race, str(view["phase"]))


def from_list(races: list[RaceRecord]) -> Callable[[int], RaceRecord | None]:
    return lambda number: races[number - 1] if number <= len(races) else None


def race_source(feed: JSON) -> Callable[[int], RaceRecord | None]:
    """Race ``number`` of a game's feed (its config's ``feed``): a results file, or a
    Top of the Stretch race run with the feed's seed (the same race on every rebuild)."""
    if feed["kind"] == "file":
        return from_list(read_results(Path(feed["path"])))
    race = None if feed.get("race") is None else Path(feed["race"])
    seed, mode = int(feed["seed"]), str(feed.get("mode", "quick"))
    return lambda number: simulated_record(race_seed(seed, number), race, mode)


class ManualKeeper:
    """A person types each race: the field, then the scratches, then the result."""

    def __init__(self, ask: Ask, check: Check, console: Console) -> None:
        self.ask = ask
        self.check = check
        self.console = console

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        build = {"card": self._card, "scratches": self._scratches, "result": self._result}
        make = build[str(view["phase"])]
        while True:
            try:
                action = make(view)
            except ValueError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")
                continue
            problem = self.check(action)
            if problem is None:
                return action
            self.console.print(f"[red]{escape(str(problem))}[/red]")

    def _card(self, view: JSON) -> PostCard:
        self.console.print(f"[bold]Score keeper: post race {view['race']}[/bold]")
        name = self.ask("Race name", f"Race {view['race']}")
        horses = tuple(
            h.strip() for h in self.ask("Horses, in program order, commas", "").split(",")
        )
        odds_text = self.ask("Odds on the board, same order (blank to skip)", "")
        odds = tuple(o.strip() for o in odds_text.split(",")) if odds_text.strip() else ()
        return PostCard(name, horses, odds or tuple("" for _ in horses))

    def _scratches(self, view: JSON) -> PostScratches:
        text = self.ask("Scratched horses (names or program numbers, blank for none)", "")
        horses = view["card"]["horses"]
        return PostScratches(tuple(_horse(word, horses) for word in _words(text)))

    def _result(self, view: JSON) -> PostResult:
        card = view["card"]
        horses: list[str] = card["horses"]
        text = self.ask("Official finish, best first (dead heat: 3=1, e.g. 3=1,5,2)", "")
        finish: dict[str, int] = {}
        place = 1
        for group in _words(text):
            tied = [_horse(word, horses) for word in group.split("=")]
            for horse in tied:
                if horse in finish:
                    raise ValueError(f"{horse} is placed twice")
                finish[horse] = place
            place += len(tied)
        picked = {p["horse"] for p in view["picks"] if "horse" in p}
        odds = []
        for horse, board in zip(horses, card["odds"], strict=True):
            needed = horse in picked and horse not in card["scratched"]
            odds.append(self.ask(f"Final odds of {horse}", board) if needed else board)
        return PostResult(tuple(odds), tuple(finish.get(h) for h in horses))


def _words(text: str) -> list[str]:
    return [w.strip() for w in text.split(",") if w.strip()]


def _horse(word: str, horses: list[str]) -> str:
    """A horse by name (any case) or by program number (its place on the card)."""
    for horse in horses:
        if horse.casefold() == word.casefold():
            return horse
    if is_whole(word) and 1 <= int(word) <= len(horses):
        return horses[int(word) - 1]
    raise ValueError(f"{word!r} is not a horse in this race (use a name or number 1-{len(horses)})")
