"""The Official Score Keeper as an agent: where the races come from (section 2).

``RecordKeeper`` posts whole races in order (from a results file or the Top of the
Stretch engine), already official; a race on a day's card (no finish yet) is carded from
the file and its result typed in. ``ManualKeeper`` asks a person for the field, the late
scratches and the result, shows what the result would score, and posts it official only
when the keeper says so; between races it may correct the last official result. Both
only post; the game state verifies every posting.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.content.race_record import RaceRecord
from homestretch.games.derbycast.content.results_file import read_results
from homestretch.games.derbycast.rules.actions import (
    Correction,
    MorningLine,
    Official,
    PostCard,
    PostResult,
    PostScratches,
    RunRace,
    Simulate,
)

if TYPE_CHECKING:
    from homestretch.games.derbycast.terminal.people import ChangesAtPrompts
from homestretch.games.derbycast.rules.race import (
    comma_words,
    find_horse,
    read_finish,
    typed_field,
)
from homestretch.games.derbycast.rules.words import (
    FIELD,
    FINISH,
    LINE_WORD,
    RACE_NAME,
    SCRATCHED,
    UNDER_REVIEW,
    final_odds_question,
    lines_hint,
    no_odds_line,
)
from homestretch.games.derbycast.sources.simulated import (
    CalledRecord,
    race_seed,
    simulated_record,
    stretch_races,
)
from homestretch.games.derbycast.terminal.show import LOG_SAID

Ask = Callable[[str, str], str]
"""Ask a person a question (prompt, default answer) and return the answer."""
Check = Callable[[Action], str | None]
"""Why a posting would be refused now, or None (the state's ``why_illegal``)."""
MORNING_LINE = "Morning line (blank if none)"
WHICH_RACE = "Which race? (blank: the dice choose)"
LOG_AGAIN = "That was the log. A race named Log? Type log again here and it is taken as the race."
"""Said under the log printed at a question that names a race (``log_names_the_race``)."""
ODDS_TYPED = "odds like 5-2, 5/2, 2.5 or even"
KEEPER_HELP = (
    (
        RACE_NAME,
        "the race's name as the card calls it, any words (Enter takes the one in brackets); "
        "'stretch' has Top of the Stretch run a race; 'correct', when the question offers "
        "it, corrects the last race; a race named Log: log twice (once shows the log)",
    ),
    (
        FIELD,
        "every horse in program order, commas between, like 'Alpha, Bravo, Charlie', or "
        "with program numbers, like '1 Alpha, 1A Bravo, 2 Charlie'",
    ),
    (MORNING_LINE, f"this horse's morning line, {ODDS_TYPED}; Enter for none"),
    (
        SCRATCHED,
        "the horses scratched before post, by program number or name, commas between; Enter for none",
    ),
    (
        "Late scratches",
        "the horses scratched since, by program number or name, commas between; Enter for none",
    ),
    (
        FINISH,
        "the official finish, best first, by program number or name, commas between, like "
        "'3, 1, 5, 2'; horses in a dead heat joined by =, like '3=1, 5, 2'",
    ),
    ("Final odds of", f"this horse's final odds on the board, {ODDS_TYPED}"),
    (
        "Which race?",
        "a bundled Top of the Stretch race's name, as listed above (`homestretch stretch "
        "races` lists them too); Enter: the dice choose; a race named Log: log twice (once "
        "shows the log)",
    ),
    ("Quickplay or Fullplay?", "quick (Quickplay) or full (Fullplay); Enter: quick"),
)
"""What ``help`` says at each of the score keeper's questions, by how the question opens."""


def keeper_help(question: str) -> str:
    """What ``help`` at the score keeper's ``question`` says: what that question wants."""
    said = next((words for opening, words in KEEPER_HELP if question.startswith(opening)), "")
    return (said or f"answer: {question}") + f". {LOG_SAID} Ctrl-C stops; the game is saved."


def log_names_the_race(question: str, answer: str, offered: str, logged: bool) -> bool:
    """Whether ``log`` typed at the score keeper's ``question`` is its answer, not the
    log: at the two questions that name a race (its name; which Top of the Stretch race)
    when a race by that name is there to take (the race offered in brackets, the day's
    card's next race called Log; a bundled race called log), or typed again straight
    after the log was printed (``logged``; ``LOG_AGAIN`` says so). A race named Log got
    the log, whatever was typed."""
    if not names_a_race(question):
        return False
    named = answer.strip().lower()
    bundled = question.startswith(WHICH_RACE) and named in stretch_races()
    return logged or bundled or named == offered.strip().lower()


def names_a_race(question: str) -> bool:
    """Whether the score keeper's ``question`` takes a race's name (where ``log`` typed
    again straight after the log is that name)."""
    return question.startswith((RACE_NAME, WHICH_RACE))


def several_odds(text: str) -> str:
    """What is said to a whole line of odds typed at one horse's question (the horses
    are asked one at a time), or "" when ``text`` is not odds, comma after comma."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) < 2:
        return ""
    try:
        for part in parts:
            Odds.parse(part)
    except HomestretchError:
        return ""
    return f"one horse's odds at a time: type this horse's alone, like {Odds.parse(parts[0])}"


class NobodyToAsk(HomestretchError):
    """What an ``ask`` with no person behind it raises (the keeper's seat left to the
    computer): said at once, never taken for a typing mistake and asked again."""


def card_of(race: RaceRecord) -> PostCard:
    """The card as posted before picks: the field, its numbers, board odds and the
    scratches known before post."""
    odds = tuple("" if r.odds is None else str(r.odds) for r in race.runners)
    programs = tuple(r.program for r in race.runners)
    return PostCard(race.name, race.horses, odds, programs, race.scratched_before_post)


def result_of(race: RaceRecord) -> PostResult:
    """The result as posted; a simulated race's with its call (the pages show it), for
    review: the call is read out while it is (a watched table's pages read it part by
    part before the keeper makes it official: Table.watched), the result official after."""
    call = race.call if isinstance(race, CalledRecord) else ()
    return PostResult(
        tuple("" if r.odds is None else str(r.odds) for r in race.runners),
        tuple(r.finish for r in race.runners),
        official=not call,
        call_headings=tuple(part["heading"] for part in call),
        call_words=tuple(part["words"] for part in call),
    )


def posting_for(race: RaceRecord, phase: str) -> Action:
    """What a keeper holding the whole official record posts at each step."""
    if phase == "card":
        return card_of(race)
    if phase == "scratches":
        return PostScratches(race.scratched_late)
    if phase == "review":  # a called race, its call read out
        return Official()
    return result_of(race)


class RecordKeeper:
    """Posts official records, race by race, from ``race_for(number)`` (a results file,
    or a simulated race); when it has none, or the race is a card with no finish yet,
    hands over to ``then`` (a person typing) after saying so."""

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
        phase = str(view["phase"])
        if race is None:
            if phase == "card":
                self.say(f"There is no race {number} from the race source; type it in.")
            return self.then.choose(player, view, legal)
        if not race.has_result and phase in ("scratches", "result", "review"):
            return self.then.choose(player, view, legal)  # a day's card: typed after post
        if phase == "card" and view.get("may_correct") and self._typed(number - 1):
            correction = self.then.offer_correction(view)
            if correction is not None:
                return correction
        return posting_for(race, phase)

    def _typed(self, number: int) -> bool:
        """Whether race ``number``'s result was typed by a person (so may be corrected)."""
        race = self.race_for(number)
        return race is None or not race.has_result


def from_list(races: list[RaceRecord]) -> Callable[[int], RaceRecord | None]:
    return lambda number: races[number - 1] if number <= len(races) else None


def _from_file(path: Path) -> Callable[[int], RaceRecord | None]:
    """A results file's races, read when the first is asked for, not when the keeper is
    made: a saved game is rebuilt, and its file checked (session/saved.py
    ``check_files``: a file gone is named with what to do), before anything is posted."""
    races: list[list[RaceRecord]] = []

    def race(number: int) -> RaceRecord | None:
        if not races:
            races.append(read_results(path))
        return from_list(races[0])(number)

    return race


def race_source(feed: JSON, say_seed: bool = True) -> Callable[[int], RaceRecord | None]:
    """Race ``number`` of a game's feed (its config's ``feed``): a results file, or a
    Top of the Stretch race run with the feed's seed (the same race on every rebuild),
    named with its seed unless ``say_seed`` is False (the table's own, kept secret)."""
    if feed["kind"] == "file":
        return _from_file(Path(feed["path"]))
    race = None if feed.get("race") is None else Path(feed["race"])
    seed, mode = int(feed["seed"]), str(feed.get("mode", "quick"))
    return lambda number: simulated_record(race_seed(seed, number), race, mode, say_seed)


NOBODY_HERE = -1
"""The seat whose prompt it is, for a changed pick typed at the keeper's: nobody's pick."""


def morning_lines(typed: str, card: JSON) -> MorningLine:
    """'line 2 5-2, 4 8-1' typed at the close of picks: each horse (program number or
    name) and its morning line (R28); ValueError says what does not read."""
    horses: list[str] = []
    odds: list[str] = []
    how = f"type {LINE_WORD} and each horse and its odds, like '{LINE_WORD} 2 5-2, 4 8-1'"
    for part in comma_words(typed.strip()[len(LINE_WORD) :]):
        name, _, price = part.rpartition(" ")
        if not name.strip():
            raise ValueError(how)
        horse = find_horse(name.strip(), card["horses"], card["programs"])
        try:
            odds.append(str(Odds.parse(price)))
        except HomestretchError as exc:
            raise ValueError(f"{horse}: {exc}") from None
        horses.append(horse)
    if not horses:
        raise ValueError(how)
    return MorningLine(tuple(horses), tuple(odds))


class ManualKeeper:
    """A person types each race: the field and its scratches known before post, the
    late scratches, then the result, which is shown scored before it is official."""

    def __init__(
        self,
        ask: Ask,
        check: Check,
        console: Console,
        before_asking: Callable[[], None] = lambda: None,
        others: ChangesAtPrompts | None = None,
    ) -> None:
        """``before_asking``: show what happened so far (the screen may lag behind the
        table when the keeper is asked in the middle of its moves); ``others``: the people
        here may change their picks at the close of picks ('Ann: win 3')."""
        self.ask = self._answering_help(ask)
        self.check = check
        self.console = console
        self.before_asking = before_asking
        self.others = others

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        self.before_asking()
        if view["phase"] == "result" and view.get("simulated"):
            return RunRace()  # a race the desk had Top of the Stretch run: off they go
        build = {
            "card": self._card,
            "scratches": self._scratches,
            "result": self._result,
            "review": self._review,
        }
        make = build[str(view["phase"])]
        while True:
            try:
                action = make(view)
            except NobodyToAsk:
                raise
            except (ValueError, HomestretchError) as exc:
                self.say_problem(str(exc))
                continue
            from homestretch.cli.human import Aside

            if isinstance(action, Aside):  # a person's changed pick, checked as theirs
                return action
            problem = self.check(action)
            if problem is None:
                return action
            self.say_problem(problem)

    def say_problem(self, text: str) -> None:
        self.console.print(f"[red]{escape(text)}[/red]")

    def _answering_help(self, ask: Ask) -> Ask:
        """``ask``, with ``help`` (or ``?``) at any question told what that question wants
        (``keeper_help``) and asked again: it was taken as the answer (a race named
        "help", a horse named "help")."""
        from homestretch.cli.human import asks_for_help, say_help

        def asked(question: str, default: str = "") -> str:
            while asks_for_help(answer := ask(question, default)):
                say_help(self.console, keeper_help(question))
            return answer

        return asked

    def _card(self, view: JSON) -> Action:
        self.console.print(f"[bold]Score keeper: post race {view['race']}[/bold]")
        question = f"{RACE_NAME} (or 'stretch' to have Top of the Stretch run one"
        if view.get("may_correct"):
            question += f", 'correct' to correct race {view['last_race']['race']}"
        ahead = view.get("next_card") or {}  # the day's card offers its race as the answers
        name = self.ask(question + ")", ahead.get("race", f"Race {view['race']}"))
        if view.get("may_correct") and name.strip().lower() == "correct":
            return self._correction(view["last_race"])
        if name.strip().lower() == "stretch":
            return self._stretch_race(view)
        listed = ", ".join(
            f"{n} {h}"
            for n, h in zip(ahead.get("programs", []), ahead.get("horses", []), strict=True)
        )
        horses, programs = self._field(listed)
        lines = dict(zip(ahead.get("horses", []), ahead.get("odds", []), strict=True))
        odds = tuple(self._odds_cell(f"{MORNING_LINE} of {h}", h, lines.get(h, "")) for h in horses)
        numbers = programs if any(programs) else tuple(str(n) for n in range(1, len(horses) + 1))
        out = dict(zip(ahead.get("horses", []), ahead.get("programs", []), strict=True))
        known = ", ".join(out[h] for h in ahead.get("scratched", []) if h in horses)
        while True:  # every horse scratched: asked again here, not the card from its name
            scratched = self._horses(SCRATCHED, horses, numbers, known)
            if len(set(scratched)) < len(horses):
                break
            self.say_problem("at least one horse must start: type the scratched horses only")
        starting = [i for i, horse in enumerate(horses) if horse not in scratched]
        unknown = no_odds_line(  # a scratched horse's line does not matter
            *([seq[i] for i in starting] for seq in (horses, numbers, odds))
        )
        if unknown:  # taken (the rules allow it), but said: a line may have been missed
            self.console.print(f"[yellow]{escape(unknown)}[/yellow]")
        return PostCard(name, horses, odds, programs, scratched)

    def _field(self, listed: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The field, asked again on its own until it makes a card (not after every
        horse's morning line, from the race's name on)."""
        from homestretch.games.derbycast.content.race_record import field_problem

        while True:
            try:
                horses, programs = typed_field(self.ask(FIELD, listed))
            except ValueError as exc:
                self.say_problem(str(exc))
                continue
            problem = field_problem(horses, programs)
            if problem is None:
                return horses, programs
            if len(horses) < 2:
                problem += ": type every horse, commas between (like Alpha, Bravo, Charlie)"
            self.say_problem(problem)

    def _stretch_race(self, view: JSON) -> Simulate:
        """A race Top of the Stretch runs with the table's dice, as at the desk (R25)."""
        races = view.get("stretch_races") or []
        self.console.print("Top of the Stretch races: " + escape(", ".join(races)))
        race = self.ask(WHICH_RACE, "")
        mode = self.ask("Quickplay or Fullplay? (quick/full)", "quick")
        return Simulate(race.strip(), mode.strip().lower())

    def offer_correction(self, view: JSON) -> Correction | None:
        """Before a race carded from a file: correct the last typed result first?"""
        self.before_asking()
        last = view["last_race"]
        answer = self.ask(f"Correct race {last['race']} before race {view['race']}? (no/yes)", "no")
        if answer.strip().lower() not in ("y", "yes", "correct"):
            return None
        while True:
            correction = self._correction(last)
            problem = self.check(correction)
            if problem is None:
                return correction
            self.say_problem(problem)

    def _scratches(self, view: JSON) -> Action:
        card = view["card"]
        if view.get("simulated"):  # Top of the Stretch runs every horse on its card
            self.console.print("[bold]Picks are closed. They're off![/bold]")
            return PostScratches(())
        self.console.print(escape(view["desk"]["status"]))  # as the desk says it
        starters = [i for i, h in enumerate(card["horses"]) if h not in card["scratched"]]
        missing = no_odds_line(
            [card["horses"][i] for i in starters],
            [card["programs"][i] for i in starters],
            [card["odds"][i] for i in starters],
        )
        if missing:  # a line may be added (or any corrected) until picks close (R28)
            self.console.print(f"[yellow]{escape(lines_hint(missing))}[/yellow]")
        self.console.print("Close picks: any horse scratched since the picks were made?")
        while True:
            answer = self.ask("Late scratches (program numbers or names, blank for none)", "")
            if self.others is not None and ":" in answer:  # 'Ann: win 3', a changed pick
                try:
                    changed = self.others.read(answer, view, NOBODY_HERE)
                except ValueError as exc:
                    self.say_problem(str(exc))
                    continue
                if changed is None:  # a sealed pick kept, in private (R29)
                    self.console.print(escape(view["desk"]["status"]))
                    continue
                if isinstance(changed, Action):
                    return changed
            try:
                late = tuple(
                    find_horse(w, card["horses"], card["programs"]) for w in comma_words(answer)
                )
                return PostScratches(late)
            except ValueError as exc:
                problem = str(exc)
            if answer.strip().lower().split(" ")[0] == LINE_WORD:  # not a horse called Line
                try:
                    return morning_lines(answer, card)
                except (ValueError, HomestretchError) as exc:
                    problem = str(exc)
            self.say_problem(problem)

    def _horses(
        self, question: str, horses: tuple[str, ...], programs: tuple[str, ...], default: str = ""
    ) -> tuple[str, ...]:
        while True:
            try:
                words = comma_words(self.ask(question, default))
                return tuple(find_horse(w, horses, programs) for w in words)
            except ValueError as exc:
                self.say_problem(str(exc))

    def _result(self, view: JSON) -> PostResult:
        card = view["card"]
        picked = {p["horse"] for p in view["picks"] if "horse" in p}
        odds, finish = self._typed_result(card, card["scratched"], picked)
        return PostResult(odds, finish, official=False)

    def _typed_result(
        self, card: JSON, scratched: list[str], picked: set[str]
    ) -> tuple[tuple[str, ...], tuple[int | None, ...]]:
        """The finish (asked again until it reads), then each needed final odds, each
        asked again on its own until it reads: nothing typed is thrown away."""
        horses: list[str] = card["horses"]
        while True:
            try:
                text = self.ask(FINISH, "")
                placed = read_finish(text, horses, card["programs"])
                out = [h for h in placed if h in scratched]
                if out:
                    raise ValueError(f"{out[0]} is scratched and cannot have a finish position")
                break
            except ValueError as exc:
                self.say_problem(str(exc))
        odds = []
        for horse, number, board in zip(horses, card["programs"], card["odds"], strict=True):
            needed = horse in picked and horse not in scratched
            question = final_odds_question(horse, number)
            odds.append(self._odds_cell(question, horse, board, needed=True) if needed else board)
        return tuple(odds), tuple(placed.get(h) for h in horses)

    def _odds_cell(self, question: str, horse: str, default: str, needed: bool = False) -> str:
        """One horse's odds, asked again on their own until they read. Morning lines
        may be left blank; final odds are ``needed``."""
        while True:
            text = self.ask(question, default)
            if not text.strip() and not needed:
                return ""
            try:
                return str(Odds.parse(text))
            except HomestretchError as exc:
                self.say_problem(f"{horse}: {several_odds(text) or exc}")

    def _review(self, view: JSON) -> Action:
        for part in view.get("call") or []:  # the race Top of the Stretch ran, called
            self.console.print(f"[bold]{escape(part['heading'])}.[/bold] {escape(part['words'])}")
        self.console.print(f"[bold]{UNDER_REVIEW}:[/bold]")  # the desk's words
        for entry in view["review"]["would"]:
            self.console.print("  " + escape(entry["words"]))
        if view.get("simulated"):
            self.ask("The race is run as Top of the Stretch called it: Enter makes it official", "")
            return Official()
        while True:  # a slip (odds typed one question late) is not taken for a no
            answer = self.ask("Is the result official? (yes, or no to type it again)", "yes")
            if answer.strip().lower() in ("y", "yes", "official"):
                return Official()
            if answer.strip().lower() in ("n", "no"):
                return self._result(view)
            self.say_problem(
                f"cannot read {answer.strip()!r}: yes makes the result official, no types it again"
            )

    def _correction(self, last: JSON) -> Correction:
        self.console.print(f"[bold]Correct race {last['race']}: {escape(last['name'])}[/bold]")
        runners = last["runners"]
        card = {
            "horses": [r["horse"] for r in runners],
            "programs": [r["program"] or str(n) for n, r in enumerate(runners, 1)],
            "odds": [r["odds"] or "" for r in runners],
        }
        scratched = [r["horse"] for r in runners if r["scratched"]]
        picked = {p["horse"] for p in last["picks"] if "horse" in p}
        odds, finish = self._typed_result(card, scratched, picked)
        return Correction(odds, finish)
