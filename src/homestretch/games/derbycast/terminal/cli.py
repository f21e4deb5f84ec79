"""`homestretch derbycast`: play a game, score one pick, show the table, check a file."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from homestretch.cli.common import (
    PLAY_BOTS_HELP,
    DbOption,
    FormatOption,
    OutputFormat,
    SeedOption,
    ahead_of,
    announce_seed,
    bot_help,
    bot_kinds,
    console,
    echo_json,
    err_console,
    new_seed,
    one_of,
    open_store,
    people_named,
    prompt,
    typed,
)
from homestretch.cli.content import content_command
from homestretch.cli.rules import rules_command
from homestretch.cli.table_loop import (
    clear_for_next_person,
    db_hint,
    play_at_terminal,
    say_resumed,
    say_saved,
    say_the_end,
    watched,
)
from homestretch.core.actions import Action
from homestretch.core.errors import HomestretchError
from homestretch.core.odds import Odds
from homestretch.core.protocol import JSON, Event, replay
from homestretch.core.referee import Agent
from homestretch.games.derbycast import ENTRY
from homestretch.games.derbycast.content.race_record import MAX_FIELD
from homestretch.games.derbycast.rules.entrants import (
    MAX_MARKERS,
    MIN_MARKERS,
    check_entrants,
    computer_players,
    parse_players,
)

if TYPE_CHECKING:
    from homestretch.games.derbycast.content.odds_table import TableRow
    from homestretch.games.derbycast.rules.card import Source
    from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
    from homestretch.games.derbycast.terminal.keeper import Check
    from homestretch.session.seats import Seat
    from homestretch.session.table import Table as TableSession
    from homestretch.store.db import SavedGame, Store


BOT_KINDS = ("value", "random")
"""The kinds of computer player --bot takes (``ENTRY.bots``, and random as in every game)."""


app = typer.Typer(
    no_args_is_help=True,
    help="Start with `homestretch derbycast play --players Ann --bots 2 --source replays` (you "
    "and two computer players over bundled races; without --source a score keeper types "
    "each result in).",
)
TableOption = Annotated[
    Path | None,
    typer.Option(
        "--table",
        help="an odds table of your own (CSV; copy the printed one with "
        "`homestretch derbycast content FOLDER --part odds-table`)",
    ),
]


def _table(path: Path | None) -> tuple[TableRow, ...] | None:
    """The odds table a command reads: the one in ``path``, checked, else the printed one."""
    from homestretch.games.derbycast.content.odds_table import load_table

    if path is not None:
        _made_by_content(path, "CSV odds table", "odds-table")
    with _where_it_goes():
        return None if path is None else load_table(path)


def _made_by_content(path: Path, what: str, part: str) -> None:
    """A file not there (`--table nosuch.csv`) said with how to make one to edit: the
    part of `derbycast content` that copies one (it said "file not found" alone)."""
    from homestretch.core.errors import ContentError

    if not path.exists() and not path.is_symlink():
        raise ContentError(
            path,
            f"cannot read the {what}: file not found (`homestretch derbycast content "
            f"FOLDER --part {part}` makes one to edit)",
        )


@contextmanager
def _where_it_goes() -> Iterator[None]:
    """A file of another kind than the option or argument takes (an odds table given to
    ``races`` or ``--source``, a results file to ``--table``, ...): said what it is and
    where that kind goes, the command to type, in one line."""
    from homestretch.games.derbycast.content.file_kinds import (
        ODDS_TABLE,
        RESULTS_FILE,
        OtherKindOfFile,
    )

    try:
        yield
    except OtherKindOfFile as exc:
        path, command = exc.source, "homestretch derbycast"
        if exc.kind == ODDS_TABLE:
            use = f"--table ({command} table --table {path} shows it)"
        elif exc.kind == RESULTS_FILE:
            use = f"--source ({command} races {path} checks it)"
        else:
            use = f"--race, with --source simulate ({command} play --source simulate --race {path})"
        raise HomestretchError(f"{exc}: give it to {use}") from None


def _asker(
    to_stderr: bool, table: Callable[[], TableSession] | None = None
) -> Callable[[str, str], str]:
    """Questions to a person; with --format json they go to stderr, keeping stdout JSON.
    ``log`` at any of them prints the game's log so far (``print_log``: the picks and
    results in the log's words) and asks again: the terminal had no log, and a race's
    picks went with its card. ``table``: the table the log is of (looked up when asked,
    so an asker can be made before the table)."""

    def ask(question: str, default: str = "") -> str:
        logged = False  # the log printed at this question (then log again may name a race)
        while True:
            answer = prompt(question, default=default, show_default=bool(default), err=to_stderr)
            if table is None or not _log_asked(
                question, answer, default, logged, err_console if to_stderr else console, table()
            ):
                return answer
            logged = True

    return ask


def _log_asked(
    question: str, answer: str, offered: str, logged: bool, screen: Console, table: TableSession
) -> bool:
    """Whether ``answer`` asks for the log (then printed on ``screen``). At the score
    keeper's questions naming a race, ``log`` is the race when a race by that name is
    there to take (``offered``, say) or it is typed again straight after the log
    (``logged``); the log printed there says so (``LOG_AGAIN``): a race named Log got the
    log whatever was typed."""
    from homestretch.games.derbycast.terminal.keeper import (
        LOG_AGAIN,
        log_names_the_race,
        names_a_race,
    )
    from homestretch.games.derbycast.terminal.show import LOG_WORD, print_log

    if answer.strip().lower() != LOG_WORD:
        return False
    if log_names_the_race(question, answer, offered, logged):
        return False
    print_log(screen, table)
    if names_a_race(question):
        screen.print(LOG_AGAIN)
    return True


def _feed(source: str, seed: int, race: str | None, mode: str) -> tuple[Source, JSON]:
    """--source: manual, replays, simulate or a results file. A file or a simulated race
    is tried now, so a mistake is reported before the game is saved."""
    from homestretch.games.derbycast.content.results_file import read_results
    from homestretch.games.derbycast.rules.card import Source
    from homestretch.games.derbycast.sources.simulated import race_seed, simulated_record

    if race is not None and source != "simulate":
        raise HomestretchError("--race is for --source simulate")
    if source == "replays":
        return Source.replays, {}
    if source == "manual":
        return Source.keeper, {"kind": "manual"}
    if source == "simulate":
        path = None if race is None else str(Path(race).resolve() if Path(race).exists() else race)
        try:
            simulated_record(race_seed(seed, 1), None if path is None else Path(path), mode)
        except HomestretchError:
            _race_file_kind(race)  # an odds table or a results file given to --race
            raise
        return Source.keeper, {"kind": "simulate", "seed": seed, "race": path, "mode": mode}
    path_of_file = Path(source)
    if not path_of_file.exists() and path_of_file.suffix.lower() not in (".csv", ".json"):
        from homestretch.core.inputs import nearest

        near = nearest(source, SOURCES)
        guess = f" (did you mean {near}?)" if near else ""
        raise HomestretchError(
            f"--source {source!r}{guess}: write {', '.join(SOURCES)}, or a results file "
            "(.csv or .json)"
        )
    _made_by_content(path_of_file, "results file", "replays")
    with _where_it_goes():
        read_results(path_of_file)
    return Source.keeper, {"kind": "file", "path": str(path_of_file.resolve())}


def _race_file_kind(race: str | None) -> None:
    """``--race`` given a file of another kind (an odds table, a results file): said so."""
    from homestretch.core.inputs import read_text
    from homestretch.games.derbycast.content.file_kinds import RACE_FILE, check_kind

    if race is None or not Path(race).is_file() or Path(race).suffix.lower() == ".toml":
        return
    try:
        text = read_text(Path(race), "race file")
    except HomestretchError:
        return  # not read: the race's own error says why
    with _where_it_goes():
        check_kind(race, text, RACE_FILE)


SOURCES = ("manual", "simulate", "replays")
"""The --source values that are not a results file."""
KEEPER = "score keeper"


def _seats(game: DerbyCastGame, kinds: Sequence[str] = ()) -> list[Seat]:
    """People and computer players in marker order (``kinds``: the computer players',
    in order, by value where not given); then the score keeper, a person when races are
    typed in, else played by the feed."""
    from homestretch.games.derbycast.rules.card import Source
    from homestretch.session.seats import computer, person
    from homestretch.session.table import AUTO

    bots = iter(kinds)
    seats = [
        computer(e.name, next(bots, "value")) if e.bot else person(e.name) for e in game.entrants
    ]
    if game.source is Source.keeper:
        typed = game.feed.get("kind") in ("manual", "card")
        seats.append(person(KEEPER) if typed else computer(KEEPER, AUTO))
    return seats


def _feed_keeper(
    game: DerbyCastGame, check: Check, fmt: OutputFormat, show: _RaceShow
) -> dict[int, Agent]:
    """The terminal's score keeper for a results file or simulated races: it posts what
    the feed holds and, past a file's end or on a day's card, asks the person at the
    terminal (``show`` first brings the screen up to date)."""
    from homestretch.games.derbycast.rules.card import Source
    from homestretch.games.derbycast.terminal.keeper import ManualKeeper, RecordKeeper, race_source

    if game.source is not Source.keeper or game.feed.get("kind") in (None, "manual", "card"):
        return {}
    out, ask = _out(fmt), _asker(fmt is OutputFormat.json, show.followed)
    manual = ManualKeeper(ask, check, out, before_asking=show)
    return {game.keeper: RecordKeeper(race_source(game.feed), manual, out.print)}


def _out(fmt: OutputFormat) -> Console:
    return err_console if fmt is OutputFormat.json else console


def _screen(fmt: OutputFormat, table: TableSession) -> Console | None:
    """Where the game is shown as it goes (each race's result and the board, the saved
    game's number, the winners), as every game decides it (``watched``): stdout, or with
    ``--format json`` stderr, beside the questions, while stdout holds only the JSON; a
    JSON run with nobody at the terminal prints its JSON alone."""
    return _out(fmt) if watched(fmt, table) else None


def _people(table: TableSession, fmt: OutputFormat, show: Callable[[], None]) -> dict[int, Agent]:
    from homestretch.games.derbycast.rules.game import DerbyCastGame
    from homestretch.games.derbycast.terminal.keeper import ManualKeeper
    from homestretch.games.derbycast.terminal.people import (
        ChangesAtPrompts,
        LinesAtPicks,
        TerminalPicker,
    )

    game = table.game
    assert isinstance(game, DerbyCastGame)
    out, ask = _out(fmt), _asker(fmt is OutputFormat.json, lambda: table)
    hot_seat = _HotSeat(out)
    people: dict[int, Agent] = {}
    keeper_here = game.keeper < len(table.seats) and table.seats[game.keeper].is_person
    # a keeper here may add a morning line at anyone's pick prompt while picks are open
    lines = LinesAtPicks(game.keeper, _check_at(lambda: table)) if keeper_here else None
    # a person here who has picked may change the pick at anyone's prompt ('Ann: win 3';
    # sealed, 'Ann: change' hands the screen to Ann alone, R29)
    pickers = {s.name: i for i, s in enumerate(table.seats) if s.is_person and i != game.keeper}
    others = ChangesAtPrompts(
        pickers,
        lambda seat, action: table.state.why_illegal(seat, action),
        _private_change(table, out, ask),
    )
    for seat, sitting in enumerate(table.seats):
        if not sitting.is_person:
            continue
        if seat == game.keeper:
            check = _check_at(lambda: table)
            agent: Agent = ManualKeeper(ask, check, out, before_asking=show, others=others)
        else:
            agent = TerminalPicker(sitting.name, out, ask, lines, others)
        people[seat] = hot_seat.seat(agent, sitting.name) if game.sealed else agent
    return people


def _private_change(
    table: TableSession, out: Console, ask: Callable[[str, str], str]
) -> Callable[[int, int], Action | None]:
    """A sealed pick changed at another's prompt ('Ann: change', R29): the screen and its
    scrollback are cleared and handed to that person alone, who sees their card and pick
    and types the new one (blank keeps it); then it is cleared again and handed back."""
    from homestretch.cli.human import Aside
    from homestretch.games.derbycast.rules.actions import Pick
    from homestretch.games.derbycast.terminal.people import changes, pick_in, read_pick
    from homestretch.games.derbycast.terminal.show import card_table

    def change(seat: int, at: int) -> Action | None:
        name = table.seats[seat].name
        back = table.seats[at].name if 0 <= at < len(table.seats) else KEEPER
        clear_for_next_person(out)
        ask(f"Over to {name} alone, to change a sealed pick: {name}, press Enter", "")
        view = table.view(seat)
        out.print(card_table(view))
        out.print(escape(view["yours"]["pick"]), highlight=False)
        card = view["card"]
        legal = changes(seat + 1, view)
        mine = next(p for p in view["picks"] if p["marker"] == seat + 1)
        action: Action | None = None
        while True:
            answer = ask(f"{name} (marker {seat + 1}), your new pick (blank keeps it)", "")
            if not answer.strip():
                break
            try:
                action = read_pick(answer, card["horses"], card["programs"], legal)
                if pick_in(action) == Pick(mine.get("horse"), mine.get("bet")):
                    action = None  # the same pick again: kept, no second ticket
                    break
                problem = table.state.why_illegal(seat, action)
                if problem is None:
                    break
                out.print(f"[red]{escape(problem)}[/red]")
            except ValueError as exc:
                out.print(f"[red]{escape(str(exc))}[/red]")
            action = None
        clear_for_next_person(out)
        said = "changed" if action is not None else "kept"
        out.print(
            f"{escape(name)}'s sealed pick is {said}. Back to {escape(back)}.", highlight=False
        )
        return None if action is None else Aside(seat, action)

    return change


class _HotSeat:
    """Sealed picks at one keyboard (R22): when it passes on from a person whose sealed
    pick is on the screen while picks are still open, the screen and its scrollback are
    cleared first, so the next person (the keeper too) cannot read that pick."""

    def __init__(self, screen: Console) -> None:
        self.screen = screen
        self.sealed_on_screen: tuple[int, object] | None = None
        """The seat whose sealed pick is on the screen, and the race it is for."""

    def seat(self, agent: Agent, name: str) -> Agent:
        return _HandedOver(self, agent, name)

    def hand_to(self, player: int, name: str, view: JSON) -> None:
        shown = self.sealed_on_screen
        still_sealed = view["sealed"] and view["picks_open"]
        if shown is not None and shown[0] != player and shown[1] == view["race"] and still_sealed:
            clear_for_next_person(self.screen)
            self.screen.print(
                f"Marker {shown[0] + 1}'s pick is in, sealed. Over to {escape(name)}.",
                highlight=False,
            )
        self.sealed_on_screen = None

    def picked(self, player: int, view: JSON) -> None:
        if view["sealed"] and view["picks_open"] and view["you"] is not None:
            self.sealed_on_screen = (player, view["race"])


class _HandedOver:
    """A person's agent at a hot seat with sealed picks."""

    def __init__(self, hot_seat: _HotSeat, agent: Agent, name: str) -> None:
        self.hot_seat, self.agent, self.name = hot_seat, agent, name

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        self.hot_seat.hand_to(player, self.name, view)
        action = self.agent.choose(player, view, legal)
        self.hot_seat.picked(player, view)
        return action


def _check_at(table: Callable[[], TableSession]) -> Check:
    """Why the table would refuse the score keeper's posting now. The table is looked up
    when a posting is typed, so a keeper can be made before the table it posts at."""

    from homestretch.games.derbycast.rules.game import DerbyCastGame

    def why_illegal(action: Action) -> str | None:
        game = table().game
        assert isinstance(game, DerbyCastGame)
        return table().state.why_illegal(game.keeper, action)

    return why_illegal


class _RaceShow:
    """Prints what the rules announce as it happens: each official (or corrected) race
    with the board after it, once, a tie-break race before its picks, and a morning line
    the keeper posts while picks are open (R28). It follows
    the table itself, so it can catch up before the score keeper is asked anything.
    With ``--format json`` it prints where the questions are (``_screen``)."""

    def __init__(self, fmt: OutputFormat, quiet: bool = False) -> None:
        self.fmt = fmt
        self.quiet = quiet
        """--quiet: no race as it is run; the board and the winners at the end."""
        self.screen: Console | None = None
        self.table: TableSession | None = None
        self.state: DerbyCastState | None = None
        self.shown = 0

    def followed(self) -> TableSession:
        """The table followed (a keeper made before it asks once it is)."""
        assert self.table is not None
        return self.table

    def follow(self, table: TableSession) -> None:
        """Show what happens at ``table`` from now on."""
        from homestretch.games.derbycast.rules.game import DerbyCastState

        state = replay(table.game, table.state.events)
        assert isinstance(state, DerbyCastState)
        self.table, self.state, self.shown = table, state, len(state.notices)
        self.screen = _screen(self.fmt, table)

    def __call__(self, events: list[Event] | None = None) -> None:
        table, state = self.table, self.state
        if table is None or state is None or self.screen is None:
            return
        for event in table.state.events[len(state.events) :]:
            state.apply_event(event)
        for notice in state.notices[self.shown :] if not self.quiet else []:
            self._show(notice, state)
        self.shown = len(state.notices)

    def _show(self, notice: JSON, state: DerbyCastState) -> None:
        from homestretch.games.derbycast.terminal.show import (
            LOG_SHORT,
            print_race,
            print_race_fitted,
        )

        assert self.screen is not None
        if notice["type"] in ("tie-break", "correction", "morning-line"):
            self.screen.print(f"[bold yellow]{escape(notice['words'])}[/]")
        if notice["type"] == "morning-line":
            self._how_to_change(notice, state)
        if notice["type"] in ("official", "correction"):
            report = state.history[notice["race"] - 1]
            if notice["type"] == "official" and self._call(report, state):
                self._pause("Enter: the official result")
            if state.is_over():  # the board is the end's, under who won (``_play``)
                print_race(self.screen, report)
                self._pause("Enter: who won")
                return
            screen, board = self.screen, state.view(None)["board"]
            if not self._read_here():  # a log: the whole report, nobody to ask for more
                print_race(screen, report, board)
                return
            # the result and the board in 80 x 24 (the whole was 32 to 34 rows with six
            # markers, the result off the top; 20 markers, 34 rows, left out the fewest
            # points but the people here); m: the picks in words, what each needs
            assert self.table is not None
            seats = self.table.seats[: len(board)]  # the markers' (the keeper's is past them)
            here = [s + 1 for s, seat in enumerate(seats) if seat.is_person]
            left_out = print_race_fitted(screen, report, board, here)
            more = "every marker, each pick in words" if left_out else "each pick in words"
            question = f"Enter: race {notice['race'] + 1} (m: {more}, what each needs)"
            logged = f"{question[:-1]}; {LOG_SHORT})"  # where it fits one line of 80
            self._pause(
                logged if len(logged) < 80 else question,
                lambda: print_race(screen, report, board),
                f"Enter: race {notice['race'] + 1}",
            )

    def _read_here(self) -> bool:
        """Whether a person here reads the screen at a terminal (not a pipe or a script,
        and not a table of computer players alone)."""
        assert self.screen is not None and self.table is not None
        here = any(seat.is_person for seat in self.table.seats)
        return here and read_at_a_terminal(self.screen)

    def _pause(
        self, question: str, more: Callable[[], None] | None = None, again: str = ""
    ) -> None:
        """At a terminal a person reads at, wait for Enter: a simulated race's call, then
        its result, the points and the board (some 50 rows) ran on under the next race's
        card, so a family at 80 x 24 saw only the card, never who won, without scrolling
        back. Not in a pipe or a script (nothing to read it), nor with nobody here. With
        ``more``, m (as every game's fitted screen reads it) shows the rest, then
        ``again`` is asked."""
        from homestretch.cli.human import MORE

        if not self._read_here():
            return
        err = self.fmt is OutputFormat.json
        ask = _asker(err, self.followed)  # log too, as at every question
        answer = ask(question, "")
        if more is not None and answer.strip().lower() in MORE:
            more()
            ask(again or question, "")

    def _call(self, report: JSON, state: DerbyCastState) -> bool:
        """A race of ``--source simulate`` called as Top of the Stretch ran it, before its
        result: the rulebook's "watch the race ... until the result is official". Only
        the result was shown, so a fan never saw the race, nor why it was won (a race
        the keeper runs from the desk carries its call already, R25)."""
        from homestretch.games.derbycast.sources.simulated import simulated_call

        assert self.screen is not None
        if state.game.feed.get("kind") != "simulate":
            return False
        # posted with its result since the pages show it too; a game saved before, run again
        parts = report.get("call") or simulated_call(state.game.feed, report["race"])
        for part in parts:
            self.screen.print(f"[bold]{escape(part['heading'])}.[/bold] {escape(part['words'])}")
        return bool(parts)

    def _how_to_change(self, notice: JSON, state: DerbyCastState) -> None:
        """Who picked before a new morning line and is at this keyboard is told how to
        change the pick before picks close: their name and the pick at anyone's prompt."""
        from homestretch.games.derbycast.rules.words import change_pick_hint

        assert self.screen is not None and self.table is not None
        here = {s.name for s in self.table.seats if s.is_person}
        picked = [name for name in notice.get("picked") or [] if name in here]
        if picked and state.game.sealed:  # never typed where another would see it (R29)
            from homestretch.games.derbycast.terminal.people import private_change_hint

            self.screen.print(escape(private_change_hint(picked)), highlight=False)
        elif picked:
            card = state.view(None)["card"]
            first = card["programs"][0] if card["programs"] else "1"
            self.screen.print(escape(change_pick_hint(picked, f"win {first}")), highlight=False)


def read_at_a_terminal(screen: Console) -> bool:
    """Whether ``screen`` is a terminal a person types at (not a pipe, nor a script)."""
    return screen.is_terminal and sys.stdin.isatty()


def _play(
    table: TableSession, game_id: int, store: Store, fmt: OutputFormat, show: _RaceShow
) -> None:
    from homestretch.games.derbycast.rules.game import DerbyCastState
    from homestretch.games.derbycast.rules.words import winners_line

    play_at_terminal(table, game_id, _people(table, fmt, show), on_events=show, db=db_hint(store))
    state = table.state
    assert isinstance(state, DerbyCastState)
    result = state.result()
    store.finish(game_id, winners_line(result))
    screen = _screen(fmt, table)
    if screen is not None:  # who won and the board in 24 rows; m: every race
        from homestretch.games.derbycast.terminal.show import board_table, print_races

        screen.rule("Derby Cast: the end")
        screen.print(board_table(table.view(None)["board"], True))
        screen.print(f"[bold green]{escape(winners_line(result))}[/bold green]")
        margin = _margin(result)
        if margin:
            screen.print(escape(margin), highlight=False)
        for line in _scoring(result, state.history):
            screen.print(escape(line), highlight=False)
        history = state.history
        say_the_end(screen, game_id, db_hint(store), lambda: print_races(screen, history))
    if fmt is OutputFormat.json:
        echo_json(result_json(game_id, "finished", result, state.history, seed=table.seed))


def _scoring(result: JSON, history: list[JSON]) -> list[str]:
    """Each winner's scoring picks, race by race: why they won."""
    from homestretch.games.derbycast.rules.words import scoring_line

    return [line for w in result["winners"] if (line := scoring_line(w, history))]


def _margin(result: JSON) -> str:
    """By how much the game was won: "Bob finished 1 point ahead of Ann (1 point).";
    "" when the board is level."""
    scores = [(row["name"], row["points"]) for row in result["board"]]
    margin = ahead_of(scores, lambda n: f"{n} point" if n == 1 else f"{n} points")
    names = " and ".join(w["name"] for w in result["winners"])
    return f"{names} finished {margin}." if margin else ""


def result_json(
    game_id: int, status: str, result: JSON, history: list[JSON], seed: int | None = None
) -> JSON:
    """A game as ``play`` and ``replay`` print it with ``--format json``: ``id`` and
    ``status`` as Across and Totopoly print theirs (``game_id`` too, as before them),
    the result, and every race (docs/derbycast.md, JSON output)."""
    seeded = {} if seed is None else {"seed": seed}
    ids = {"id": game_id, "game_id": game_id, "status": status}
    return {**ids, **seeded, **result, "history": history}


@app.command("play")
def play(
    ctx: typer.Context,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="people's names, comma-separated; a team joins names with +: Ann,Bob+Cy",
        ),
    ] = "",
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots",
            help=PLAY_BOTS_HELP,
            min=0,
            max=MAX_MARKERS,
        ),
    ] = None,
    bot: Annotated[str | None, typer.Option("--bot", help=bot_help(BOT_KINDS))] = None,
    races: Annotated[
        int | None, typer.Option("--races", help="play a set number of races", min=1, max=1000)
    ] = None,
    tie: Annotated[
        str, typer.Option("--tie", help="standard (race on) or dead-heat (co-winners)")
    ] = "standard",
    order: Annotated[
        str,
        typer.Option(
            "--order", help="rotate (the first picker moves down a marker each race) or marker"
        ),
    ] = "rotate",
    source: Annotated[
        str,
        typer.Option(
            "--source",
            help="manual (the score keeper types each race), simulate (Top of the Stretch "
            "races), replays (bundled race replays) or a results file (.csv/.json)",
        ),
    ] = "manual",
    race: Annotated[
        str | None,
        typer.Option("--race", help="simulate: a Top of the Stretch race file or bundled name"),
    ] = None,
    mode: Annotated[
        str, typer.Option("--mode", "-m", help="simulate: quick (Quickplay) or full (Fullplay)")
    ] = "quick",
    sealed: Annotated[
        bool,
        typer.Option(
            "--sealed",
            help="sealed picks: nobody sees another's pick until picks close; at one "
            "keyboard the screen is cleared between people (R22)",
        ),
    ] = False,
    confirm: Annotated[
        bool,
        typer.Option(
            "--confirm",
            help="once all have picked, each says the pick stands or changes it, before "
            "picks close (R24)",
        ),
    ] = False,
    odds_table: TableOption = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="only the result, not the game as it goes")
    ] = False,
    seed: SeedOption = None,
    db: DbOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Play a game: each race, every marker picks; the official result moves the board.

    Example: `homestretch derbycast play --players Ann,Bob+Cy --bots 2 --source simulate` (Ann alone, Bob and Cy a team sharing a marker, two computer players)"""
    from homestretch.games.derbycast.rules.game import DerbyCastGame
    from homestretch.games.derbycast.rules.picks import Order
    from homestretch.games.derbycast.rules.winning import TieRule
    from homestretch.session.dice import DiceSpec
    from homestretch.session.saved import open_new

    if confirm and source == "replays":
        from homestretch.games.derbycast.rules.words import CONFIRM_OVER_REPLAYS

        raise HomestretchError(f"--confirm {CONFIRM_OVER_REPLAYS}")
    # what was typed is checked first, a file named above all, before what is missing
    # (the players): one fault at a time, the one the person just wrote first
    own = _table(odds_table)
    one_of("--tie", tie, [t.value for t in TieRule])
    one_of("--order", order, [o.value for o in Order])
    one_of("--mode", mode, ["quick", "full"])
    if typed(ctx, "mode") and source != "simulate":  # as --race: said, not quietly dropped
        raise HomestretchError("--mode is for --source simulate")
    used = seed if seed is not None else new_seed()
    kind, feed = _feed(source, used, race, mode)
    entrants = parse_players(people_named(players))
    # --bot KIND (value when not given) for them all, or one each: as every game takes it
    kinds = bot_kinds(bot, bots, sorted(BOT_KINDS), "value")
    entrants += computer_players(len(kinds), entrants)
    if not MIN_MARKERS <= len(entrants) <= MAX_MARKERS:
        raise HomestretchError(
            f"Derby Cast needs {MIN_MARKERS} to {MAX_MARKERS} markers (players or teams); "
            f"--players and --bots give {len(entrants)} (such as --players Ann,Bob+Cy --bots 1)"
        )
    check_entrants(entrants)
    config: JSON = {
        "entrants": [e.to_json() for e in entrants],
        "races": races,
        "tie": tie,
        "order": order,
        "draw": "fresh",
        "sealed": sealed,
        "confirm": confirm,
    }
    if own is not None:
        from homestretch.games.derbycast.content.odds_table import table_to_json

        config["table"] = table_to_json(own)
    game = DerbyCastGame({**config, "source": kind.value, "feed": feed})
    store = open_store(db)
    label = ", ".join(e.name for e in entrants)
    show = _RaceShow(fmt, quiet)
    keeper = _feed_keeper(game, _check_at(lambda: table), fmt, show)
    table, game_id = open_new(
        store, ENTRY, game, _seats(game, kinds), DiceSpec("seeded", used), label, agents=keeper
    )
    announce_seed(used, "seeded", fmt)  # once it is saved: a refused store names no seed
    show.follow(table)
    screen = _screen(fmt, table)
    if screen is not None:
        say_saved(screen, game_id, db_hint(store))
    _play(table, game_id, store, fmt, show)


def resume_saved(saved: SavedGame, store: Store, fmt: OutputFormat = OutputFormat.text) -> None:
    from homestretch.games.derbycast.rules.game import DerbyCastGame
    from homestretch.games.derbycast.terminal.show import board_table
    from homestretch.session.saved import rebuild

    game = DerbyCastGame(saved.config)
    show = _RaceShow(fmt)
    keeper = _feed_keeper(game, _check_at(lambda: table), fmt, show)
    # a game saved before tables kept their seats: its config names who is a computer
    table = rebuild(store, saved, game, legacy_seats=_seats(game), agents=keeper)
    say_resumed(saved, table, fmt)
    show.follow(table)
    screen = _screen(fmt, table)
    if screen is not None:
        screen.print(board_table(table.view(None)["board"], table.state.is_over()))
    _play(table, saved.id, store, fmt, show)


def show_saved(saved: SavedGame, fmt: OutputFormat) -> None:
    from homestretch.games.derbycast.rules.game import DerbyCastGame, DerbyCastState
    from homestretch.games.derbycast.rules.words import winners_line
    from homestretch.games.derbycast.terminal.show import board_table, print_races

    state = replay(DerbyCastGame(saved.config), saved.events)
    assert isinstance(state, DerbyCastState)
    if fmt is OutputFormat.json:
        echo_json(result_json(saved.id, saved.status, state.result(), state.history))
        return
    print_races(console, state.history)
    console.print(board_table(state.view(None)["board"], state.is_over()))
    if state.winners:
        console.print(winners_line(state.result()), markup=False)
        for line in _scoring(state.result(), state.history):
            console.print(line, markup=False, highlight=False)
    else:
        run = len(state.history)
        console.print(f"in progress after {run} {'race' if run == 1 else 'races'}")


def _odds_as_typed(value: str) -> str:
    """ODDS checked as it is read, in the order things were typed: a slip in it is said
    before an option still missing (click names what is missing before the command's
    body ever reads what was typed)."""
    Odds.parse(value)
    return value


def _bet_as_typed(value: str) -> str:
    """--bet checked as it is read: ``points 5-2 --bet winn`` said "--finish is missing"
    and, once --finish was added, the misspelt bet; the slip just typed comes first."""
    from homestretch.games.derbycast.rules.table import Bet

    return one_of("--bet", value.strip().lower(), [b.value for b in Bet])


@app.command("points")
def points_command(
    odds: Annotated[
        str,
        typer.Argument(
            metavar="ODDS", help="final odds: 5-2, 5/2, 2.5, even", callback=_odds_as_typed
        ),
    ],
    bet: Annotated[str, typer.Option("--bet", help="win, place or show", callback=_bet_as_typed)],
    finish: Annotated[
        int, typer.Option("--finish", help="official finish (1 = won)", min=1, max=MAX_FIELD)
    ],
    odds_table: TableOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """The spaces one pick earns, by the Final Odds Calculator Table.

    Example: `homestretch derbycast points 7-2 --bet place --finish 2`"""
    from homestretch.games.derbycast.rules.table import Bet, advance_for, points

    # both checked as they were read (``_odds_as_typed``, ``_bet_as_typed``)
    parsed, chosen = Odds.parse(odds), Bet(bet)
    rows = _table(odds_table)
    earned = points(parsed, chosen, finish, rows)
    row = advance_for(parsed, rows)
    if fmt is OutputFormat.json:
        echo_json(
            {
                "odds": str(parsed),
                "bet": chosen.value,
                "finish": finish,
                "points": earned,
                "table": {"win": row.win, "place": row.place, "show": row.show},
            }
        )
        return
    console.print(
        f"{chosen.value} at {parsed}, finished {finish}: [bold]{earned}[/bold] space(s) "
        f"(at {parsed}: win {row.win}, place {row.place}, show {row.show})"
    )


@app.command("table")
def table_command(odds_table: TableOption = None, fmt: FormatOption = OutputFormat.text) -> None:
    """The Final Odds Calculator Table, as printed in the rulebook (or your own, checked).

    Example: `homestretch derbycast table --table my-cast/odds_table.csv` (a copy made by `homestretch derbycast content my-cast`)"""
    from homestretch.games.derbycast.content.odds_table import printed_table

    rows = [
        {
            "odds": str(Odds(r.odds)),
            "win": r.advance.win,
            "place": r.advance.place,
            "show": r.advance.show,
        }
        for r in _table(odds_table) or printed_table()
    ]
    if fmt is OutputFormat.json:
        echo_json(rows)
        return
    shown = Table("final odds", "1st (win)", "2nd (place)", "3rd (show)")
    for row in rows:
        shown.add_row(str(row["odds"]), str(row["win"]), str(row["place"]), str(row["show"]))
    shown.caption = (
        f"Above {rows[-1]['odds']}: win = the odds, place = half of win, show = half of place"
    )
    console.print(shown)


@app.command("races")
def races_command(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="a results file (.csv or .json)")],
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Check a results file and list its races.

    Example: `homestretch derbycast races samples/derbycast/saturday_card.csv`"""
    from homestretch.games.derbycast.content.results_file import read_results

    _made_by_content(path, "results file", "replays")
    with _where_it_goes():
        races = read_results(path)
    if fmt is OutputFormat.json:
        echo_json(
            [
                {
                    "race": r.name,
                    "runners": [x.to_json() for x in r.runners],
                }
                for r in races
            ]
        )
        return
    for race in races:
        winners = [x.horse for x in race.runners if x.finish == 1]
        # a card (no finish yet, R20) has no winner to name
        outcome = f"won by {' and '.join(winners)}" if race.has_result else "a card: no result yet"
        console.print(
            escape(
                f"{race.name}: {len(race.runners)} horses, {len(race.scratched)} scratched, "
                + outcome
            )
        )
    counted = "1 race" if len(races) == 1 else f"{len(races)} races"
    console.print(escape(f"{path}: {counted}, all valid"))


app.command("content")(content_command("derbycast"))
app.command("rules")(rules_command("derbycast"))
