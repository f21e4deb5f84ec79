"""`stretch run`: a race run at the terminal, stored roll by roll, and a stored run shown
again (`homestretch replay`) or run on from its last roll (`homestretch resume`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from homestretch.cli.common import (
    BOTS_HELP,
    PLAYERS_HELP,
    DbOption,
    DiceFileOption,
    DiceOption,
    FormatOption,
    OutputFormat,
    SeedOption,
    announce_seed,
    ask_roll,
    bot_help,
    bot_kinds,
    console,
    echo_json,
    err_console,
    one_of,
    open_store,
    people_named,
    said_drawn,
    typed,
)
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import escape_controls, shown_folder
from homestretch.games.stretch import ENTRY
from homestretch.games.stretch.terminal.bettors import bettors_here, bettors_line, bettors_won
from homestretch.games.stretch.terminal.options import (
    ChartsOption,
    EstimateOption,
    ModeOption,
    check_picture,
    checked_mode,
    note_old_copy,
    warn_presets_far_off,
)

if TYPE_CHECKING:
    from rich.console import Console

    from homestretch.core.chance import ChanceNode
    from homestretch.core.protocol import JSON, Event
    from homestretch.games.stretch.rules.engine import OddsChoice, RaceState
    from homestretch.games.stretch.terminal.render import Caller
    from homestretch.session.table import Table as TableSession
    from homestretch.store.db import SavedGame, Store


MAX_BOTS = 12
"""The most computer bettors --bots seats (more are named with --computer-bettor)."""
BOT_KINDS = ("value", "random")
"""The kinds of computer bettor --bot takes (``ENTRY.bots``, and random as in every game)."""


def _bettor_name(name: str, option: str) -> str:
    """A bettor's name as typed, checked as every game's players' names are."""
    from homestretch.core.content import plain_text

    if not name.strip():
        raise HomestretchError(f"{option} '{name}': a bettor needs a name, like {option} Ann")
    return plain_text(name.strip(), option)


def run(
    ctx: typer.Context,
    race: Annotated[
        str, typer.Argument(metavar="RACE", help="a race file (TOML) or a bundled race's name")
    ],
    mode: ModeOption = "quick",
    seed: SeedOption = None,
    dice: DiceOption = None,
    dice_file: DiceFileOption = None,
    charts: ChartsOption = None,
    estimate_surface: EstimateOption = False,
    fmt: FormatOption = OutputFormat.text,
    db: DbOption = None,
    save: Annotated[bool, typer.Option(help="store the run for history and replay")] = True,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="only the result, not the game as it goes")
    ] = False,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="draw the running lines (Fullplay) to a PNG/SVG")
    ] = None,
    odds: Annotated[
        str,
        typer.Option(
            "--odds",
            help="real (the race file's odds, rolled where it has none), chart (roll every "
            "horse's) or none (no odds, no payoffs)",
        ),
    ] = "real",
    bettor: Annotated[
        list[str] | None,
        typer.Option("--bettor", help="a player at this terminal who bets before the off"),
    ] = None,
    computer_bettor: Annotated[
        list[str] | None,
        typer.Option("--computer-bettor", help="a computer player who bets (by value)"),
    ] = None,
    bankroll: Annotated[
        int, typer.Option(help="each bettor's dollars (with --bettor / --computer-bettor)")
    ] = 100,
    sealed: Annotated[
        bool,
        typer.Option(
            "--sealed",
            help="sealed bets: nobody sees another's tickets until the windows close; at "
            "one keyboard the screen is cleared between bettors (ruling S25)",
        ),
    ] = False,
    lone_bettor: Annotated[
        str,
        typer.Option(
            "--lone-bettor",
            help="who pays a bettor alone: house (page 15's prices, ruling S29) or tote "
            "(the bettor's own stakes come back)",
        ),
    ] = "house",
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help=f"{PLAYERS_HELP}: bettors at this terminal, as every game's --players "
            "(--bettor NAME, repeated, is the same)",
        ),
    ] = "",
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots",
            min=0,
            max=MAX_BOTS,
            help=f"{BOTS_HELP}: computer bettors, as every game's --bots (--computer-bettor "
            "NAME names one)",
        ),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help=f"{bot_help(BOT_KINDS)}; those --computer-bettor names first"),
    ] = None,
) -> None:
    """Run a race: the race call, the scoresheet and the result chart.

    With bettors, the players bet Win, Place and Show on a tote of their own stakes.

    A bettor alone bets with the house, at page 15's prices (ruling S29).

    Betting opens once the morning line is up; winning tickets are paid after the race.

    Example: `homestretch stretch run 2009-champagne-stakes --mode full`

    Example: `homestretch stretch run my-race.toml --dice ask` (roll real dice)

    Example: `homestretch stretch run my-race.toml --bettor Ann --computer-bettor Robo`

    Example: `homestretch stretch run dream-derby --bettor Ann --bettor Bob --sealed`"""
    from homestretch.cli.table_loop import dice_spec  # the sessions' loop: not for odds
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.betting import LONE_BETTOR, ToteRules
    from homestretch.games.stretch.rules.engine import ODDS_CHOICES, RaceGame
    from homestretch.session.saved import open_new
    from homestretch.session.seats import computer, person
    from homestretch.session.table import Table as TableSession

    # the files named first (the race, the charts, the dice), then the values typed
    loaded = load_race(race, estimate_surface)
    warn_presets_far_off(race, loaded)
    load_chart_set(charts)  # a mistake names the folder as typed; the game keeps it whole
    spec = dice_spec(seed, dice, dice_file)
    chosen: OddsChoice = one_of("--odds", odds, ODDS_CHOICES)  # type: ignore[assignment]
    lone = one_of("--lone-bettor", lone_bettor, LONE_BETTOR)
    if plot is not None:  # refused before the race is run, not after
        if checked_mode(mode) != "full":
            raise HomestretchError(
                "--plot draws the running lines of a Fullplay race (--mode full)"
            )
        check_picture(plot)
    # a name as every game takes one (no control character, not too long), and never
    # blank: "--bettor ''" seated a nameless player
    people = [_bettor_name(name, "--bettor") for name in bettor or []]
    listed = people_named(players).split(",")
    people += [_bettor_name(name, "--players") for name in listed if name.strip()]
    computers = [_bettor_name(name, "--computer-bettor") for name in computer_bettor or []]
    # --bot KIND (value when not given) for every computer bettor, those named first, or
    # one each, as every game takes it: a list's kinds past the named ones are counted
    by_name = len(computers)
    if bots is None and by_name and bot is not None and "," in bot:
        bots = max(0, len(bot.split(",")) - by_name)
    counted = None if bots is None and not by_name else by_name + (bots or 0)
    kinds = bot_kinds(bot, counted, sorted(BOT_KINDS), "value")
    computers += [f"Computer {i + 1}" for i in range(len(kinds) - by_name)]
    seen: set[str] = set()
    for name in [*people, *computers]:  # the terminal hands over by name: each told apart
        if name.casefold() in seen:
            given = (("--players", players), ("--bettor", bettor), ("--bots", bots))
            named = [o for o, value in (*given, ("--computer-bettor", computer_bettor)) if value]
            raise HomestretchError(
                f"{', '.join(named)}: {name!r} is named twice: every bettor needs a different name"
            )
        seen.add(name.casefold())
    seats = [person(name) for name in people]
    seats += [computer(name, kind) for name, kind in zip(computers, kinds, strict=True)]
    if seats and not save:
        raise HomestretchError("betting is played at a stored table: drop --no-save")
    if sealed and not seats:
        raise HomestretchError("--sealed seals the bettors' tickets: name them with --bettor")
    for option, said in (("--bankroll", "bankroll"), ("--lone-bettor", "lone_bettor")):
        if not seats and typed(ctx, said):  # as --sealed: said, not quietly dropped
            raise HomestretchError(
                f"{option} is for bettors: name them with --bettor or --computer-bettor"
            )
    names = tuple(s.name for s in seats)
    tote = ToteRules(names, bankroll=bankroll, sealed=sealed, lone_bettor=lone)
    if seats and tote.problem() is not None:  # the option it came from, named
        raise HomestretchError(f"--bankroll {bankroll}: {tote.problem()}")
    game = RaceGame(loaded, checked_mode(mode), charts, chosen, tote)
    note_old_copy(game.charts)
    if not save:
        announce_seed(spec.seed, spec.kind, fmt)
        _run_race(TableSession(ENTRY, game, [], spec), None, None, fmt, plot, quiet)
        return
    store = open_store(db)
    # stored before the first roll, so a race stopped halfway can be resumed
    table, game_id = open_new(store, ENTRY, game, seats, spec, f"{game.race.name} ({mode})")
    announce_seed(spec.seed, spec.kind, fmt)  # the run starts: a store refused names no seed
    if people:  # bettors at the keyboard know from the start that Ctrl-C loses nothing
        from homestretch.cli.table_loop import db_hint, say_saved

        notes = err_console if fmt is OutputFormat.json else console
        say_saved(notes, game_id, db_hint(store), noun="run")
    _run_race(table, game_id, store, fmt, plot, quiet)


class _RaceCall:
    """The race call as it unfolds: each part is called once its rolls are in; with
    ``pause``, a page at a time once the windows close (``render.Caller``)."""

    def __init__(
        self, table: TableSession, screen: Console, pause: Callable[[], None] | None = None
    ) -> None:
        from homestretch.core.protocol import replay
        from homestretch.games.stretch.rules.engine import RaceState
        from homestretch.games.stretch.terminal.render import Caller, show_header

        state = replay(table.game, table.state.events)
        assert isinstance(state, RaceState)
        self.state = state
        self.caller = Caller(screen, pause)
        show_header(self.state, screen, blank=pause is None)
        self.caller.call(self.state)  # a resumed race: the parts run before it stopped

    def __call__(self, events: list[Event]) -> None:
        for event in events:
            self.state.apply_event(event)
            self.caller.call(self.state)


def _run_race(
    table: TableSession,
    game_id: int | None,
    store: Store | None,
    fmt: OutputFormat,
    plot: Path | None,
    quiet: bool = False,
) -> None:
    """Run the table's race to the end (a stored one is stored roll by roll), then show
    the sheets or the JSON (``quiet``: the result without the race call before it, as
    every game's --quiet shows the result and not the game as it goes; the bettors'
    windows and the dice asked are questions, still put, and bettors at a terminal get
    the same result screen, every other sheet on m)."""
    from homestretch.cli.table_loop import db_hint, play_at_terminal, say_saved, watched
    from homestretch.games.stretch.rules.engine import RaceState
    from homestretch.games.stretch.terminal.render import show_header, show_sheets

    to_stderr = fmt is OutputFormat.json
    # a bettor or a dice typist at the terminal sees the race with --format json too, on
    # stderr beside the questions; stdout holds the JSON alone
    screen = err_console if to_stderr else console
    people = bettors_here(table, to_stderr) if store is not None and game_id is not None else {}
    shown = watched(fmt, table)
    pages = bool(people) and _pages(fmt, table)  # the last page asks m for every sheet
    pause = _pause if pages and not quiet else None
    show = _RaceCall(table, screen, pause) if shown and not quiet else None

    def ask(node: ChanceNode) -> Sequence[int]:
        return ask_roll(node, to_stderr)

    if store is None or game_id is None:
        _unsaved(table, show or (lambda events: None), ask)
    else:
        hint = db_hint(store)
        play_at_terminal(table, game_id, people, on_events=show, ask=ask, db=hint)
    state = table.state
    assert isinstance(state, RaceState)
    if store is not None and game_id is not None:
        store.finish(game_id, _summary(state))
    if plot is not None:
        from homestretch.games.stretch.terminal.plot import running_lines

        running_lines(state, plot)
        said_drawn(plot, fmt)
    unused = _unused_dice(table, state)
    if unused:
        err_console.print(
            f"warning: {len(unused)} scripted dice left over, not used by the race "
            f"({' '.join(map(str, unused))}): check the transcript of the rolls",
            style="yellow",
        )
    if shown and pages:  # --quiet too: the result screen as the race without it ends on
        if show is None:  # --quiet: the race named above its result, no call before it
            from homestretch.games.stretch.terminal.render import Caller

            show_header(state, screen, blank=False)
            caller = Caller(screen, _pause)
            caller.rows = 0  # nothing paged yet: the result under the heading
        else:
            caller = show.caller
        _result_page(state, caller, screen)
    elif shown:
        if show is None:  # --quiet: the race named above its sheets, no call before them
            show_header(state, screen, blank=False)
        show_sheets(state, screen)
        standing = bettors_line(state.result())
        if standing:
            screen.print(standing, style="bold", markup=False, highlight=False)
    if shown and store is not None and game_id is not None:
        say_saved(screen, game_id, db_hint(store), noun="run", ended=True)
    if fmt is OutputFormat.json:
        kind = table.dice_spec.kind
        echo_json(
            {
                **state.result(),
                **charts_json(state),
                "id": game_id,  # as every game's play names it (run_id as before)
                "status": "finished",
                "seed": table.seed,
                "dice_source": kind,
                "run_id": game_id,
                "unused_dice": unused,
                "notices": state.notices,
                **bettors_won(state.result()),
            }
        )


def _pages(fmt: OutputFormat, table: TableSession) -> bool:
    """Whether the race is told a page at a time: bettors at a real terminal (a script
    or a pipe gets it whole), the text screen, and dice not typed in (each typed roll is
    a question of its own)."""
    import sys

    return fmt is OutputFormat.text and table.dice_spec.kind != "asked" and sys.stdin.isatty()


def _pause() -> None:
    """The question between two pages of the race: Enter goes on."""
    from homestretch.cli.common import prompt

    prompt("Enter: more of the race", default="", show_default=False)


def _result_page(state: RaceState, caller: Caller, screen: Console) -> None:
    """The race's last page, for bettors at a terminal: the result chart and who ended
    with what (17 rows at 14 runners), every other sheet on m (the ratings, the
    scoresheet, the running positions, the tote's payouts: 90 rows at 12 runners)."""
    import typer
    from rich.text import Text

    from homestretch.cli.common import prompt
    from homestretch.games.stretch.terminal.render import PAGE_ROWS, result_chart, show_sheets

    data = state.result()
    standing = bettors_line(data)
    chart = result_chart(data, edge=False)
    said = Text(standing, style="bold")  # names as written, never markup
    together = caller.rows_of(chart) + (caller.rows_of(said) if standing else 0)
    if (caller.rows or 0) + together > PAGE_ROWS:  # the chart and the money on one page
        caller.next_page()
    caller.show(chart)  # under the call's last page where it fits
    if standing:
        caller.show(said)
    try:
        more = prompt("m: every sheet of the race; Enter: done", default="", show_default=False)
    except typer.Abort:  # Ctrl-D or Ctrl-C at the end: the race is run and stored
        return
    if more.strip().lower() == "m":
        show_sheets(state, screen)


def _unused_dice(table: TableSession, state: RaceState) -> list[int]:
    """The faces of a ``--dice``/``--dice-file`` script the race did not need: a race
    uses a known number of dice, so a transcript of real rolls with some left over was
    mistyped somewhere (a roll written twice, one too many horses)."""
    if table.dice_spec.kind != "scripted":
        return []
    used = len(state.result()["dice"])
    return list(table.dice_spec.faces[used:])


def _unsaved(
    table: TableSession,
    show: Callable[[list[Event]], None],
    ask: Callable[[ChanceNode], Sequence[int]],
) -> None:
    """--no-save: the race run through, rolls typed as asked; nothing to resume."""
    show(table.advance())
    while (node := table.waiting().roll) is not None:
        show(table.roll(ask(node), table.version))


def _summary(state: RaceState) -> str:
    data = state.result()
    winners = [e for e in data["entries"] if e["finish"] == 1]
    names = " & ".join(f"{e['horse']} ({e['odds']})" for e in winners) or "no finisher"
    return f"{names}, {data['final_time']}"


def charts_json(state: RaceState) -> JSON:
    """The chart set's facts beside its name (``charts``) in a run's JSON, as the header
    says them: ``charts_edited``, whether it is a copy of the standard set edited but
    still named as the standard ("homestretch standard (edited copy: DIR)"), and
    ``charts_folder``, the whole path of the folder ``--charts`` named (null for the
    bundled standard set)."""
    from homestretch.games.stretch.content.chart_set import edited_copy

    game = state.game
    return {
        "charts_edited": edited_copy(state.charts, game.charts_folder, game.charts_digest),
        "charts_folder": None if game.charts_folder is None else str(game.charts_folder),
    }


def show_saved(saved: SavedGame, fmt: OutputFormat) -> None:
    from homestretch.core.protocol import replay
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal.render import show_race

    state = replay(RaceGame.from_config(saved.config), saved.events)
    assert isinstance(state, RaceState)
    _check_undigested_charts(saved, state)
    note_old_copy(state.game.charts)  # the replay is timed as the run was (S23)
    if fmt is OutputFormat.json:
        echo_json(
            {
                **state.result(),
                **charts_json(state),
                "id": saved.id,
                "status": saved.status,
                "seed": saved.seed,
                "dice_source": saved.dice,
                "run_id": saved.id,
                "notices": state.notices,
                # who won, as `run` printed it (a finished race with bettors)
                **(bettors_won(state.result()) if saved.status == "finished" else {}),
            }
        )
        return
    show_race(state, console)


def _check_undigested_charts(saved: SavedGame, state: RaceState) -> None:
    """A run saved before runs kept a digest of their chart set cannot have its charts
    checked; what can be checked is that they give the race the run saved as its result."""
    if saved.config.get("charts") is None or "charts_digest" in saved.config:
        return
    folder = shown_folder(state.game.charts_folder or "")
    if saved.status == "finished" and saved.summary and _summary(state) != saved.summary:
        raise HomestretchError(
            f"the chart set in {folder} is not the one this run used: it gives "
            f"{_summary(state)}, the run saved {saved.summary} (it was saved before runs "
            "kept a digest of their charts, so replay it from the folder it was run in)"
        )
    err_console.print(
        f"note: this run was saved before runs kept a digest of their chart set; the charts "
        f"in {escape_controls(folder)} were checked only against the result it saved",
        style="dim",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def resume_saved(saved: SavedGame, store: Store, fmt: OutputFormat = OutputFormat.text) -> None:
    """A race stopped halfway (asked dice, Ctrl-C): run on from its last roll."""
    from homestretch.cli.table_loop import say_resumed
    from homestretch.games.stretch.rules.engine import RaceGame
    from homestretch.session.saved import rebuild

    table = rebuild(store, saved)
    assert isinstance(table.game, RaceGame)
    say_resumed(saved, table, fmt)
    note_old_copy(table.game.charts)
    _run_race(table, saved.id, store, fmt, None)
