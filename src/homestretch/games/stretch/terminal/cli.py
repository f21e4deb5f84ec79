"""`homestretch stretch`: run races, build race files, browse the cards."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text

from homestretch.cli.common import (
    DbOption,
    DiceFileOption,
    DiceOption,
    FormatOption,
    OutputFormat,
    SeedOption,
    ahead_of,
    announce_seed,
    ask_roll,
    console,
    echo_json,
    err_console,
    new_seed,
    one_of,
    open_store,
    progress_bar,
    prompt,
    seed_number,
)
from homestretch.cli.content import content_command
from homestretch.cli.plain import Table
from homestretch.cli.rules import rules_command
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import MAX_RUNS, escape_controls, output_path
from homestretch.core.odds import Odds
from homestretch.games.stretch import ENTRY
from homestretch.games.stretch.content.conditions import CONDITIONS

if TYPE_CHECKING:
    from rich.console import Console

    from homestretch.core.actions import Action
    from homestretch.core.chance import ChanceNode
    from homestretch.core.protocol import JSON, Event
    from homestretch.core.referee import Agent
    from homestretch.games.stretch.analysis.exact import ExactChances
    from homestretch.games.stretch.analysis.probabilities import Chances
    from homestretch.games.stretch.content.chart_set import ChartSet
    from homestretch.games.stretch.content.race import Race
    from homestretch.games.stretch.content.race_plain import AnyRace, AnyRunner
    from homestretch.games.stretch.rules.engine import Mode, OddsChoice, RaceState
    from homestretch.session.table import Table as TableSession
    from homestretch.store.db import SavedGame, Store

app = typer.Typer(no_args_is_help=True, help="Top of the Stretch: run thoroughbred races.")

ModeOption = Annotated[
    str, typer.Option("--mode", "-m", help="quick (Quickplay) or full (Fullplay)")
]
ChartsOption = Annotated[
    Path | None,
    typer.Option(
        "--charts",
        help="a chart-set folder (default: the standard set; copy it to edit with "
        "`homestretch stretch content FOLDER --part charts`)",
    ),
]
CardsOption = Annotated[
    Path | None,
    typer.Option(
        "--cards",
        help="a card-set folder (default: the standard set; copy it to edit with "
        "`homestretch stretch content FOLDER --part cards`)",
    ),
]


EstimateOption = Annotated[
    bool,
    typer.Option(
        "--estimate-surface",
        help="estimate a Power rating for a surface a horse never ran on (its other "
        "surface's less 3, ruling S5)",
    ),
]


def _mode(mode: str) -> Mode:
    """--mode as typed, checked: a slip gets the nearest ("--mode fulll: did you mean full?")."""
    return one_of("--mode", mode, ("quick", "full"))  # type: ignore[return-value]


@app.command()
def run(
    race: Annotated[str, typer.Argument(help="a race file (TOML) or a bundled race's name")],
    mode: ModeOption = "quick",
    seed: SeedOption = None,
    dice: DiceOption = None,
    dice_file: DiceFileOption = None,
    charts: ChartsOption = None,
    estimate_surface: EstimateOption = False,
    fmt: FormatOption = OutputFormat.text,
    db: DbOption = None,
    save: Annotated[bool, typer.Option(help="store the run for history and replay")] = True,
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
) -> None:
    """Run a race: the race call, the scoresheet and the result chart.

    With bettors, the players bet Win, Place and Show on a tote of their own stakes.

    Betting opens once the morning line is up; winning tickets are paid after the race.

    Example: `homestretch stretch run 2009-champagne-stakes --mode full`

    Example: `homestretch stretch run my-race.toml --dice ask` (roll real dice)

    Example: `homestretch stretch run my-race.toml --bettor Ann --computer-bettor Robo`

    Example: `homestretch stretch run dream-derby --bettor Ann --bettor Bob --sealed`"""
    from homestretch.cli.table_loop import dice_spec  # the sessions' loop: not for odds
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.betting import ToteRules
    from homestretch.games.stretch.rules.engine import ODDS_CHOICES, RaceGame
    from homestretch.session.saved import open_new
    from homestretch.session.seats import computer, person
    from homestretch.session.table import Table as TableSession

    # the files named first (the race, the charts, the dice), then the values typed
    loaded = load_race(race, estimate_surface)
    _warn_presets_far_off(race, loaded)
    load_chart_set(None if charts is None else charts.resolve())
    spec = dice_spec(seed, dice, dice_file)
    chosen: OddsChoice = one_of("--odds", odds, ODDS_CHOICES)  # type: ignore[assignment]
    if plot is not None:  # refused before the race is run, not after
        if _mode(mode) != "full":
            raise HomestretchError(
                "--plot draws the running lines of a Fullplay race (--mode full)"
            )
        _picture(plot)
    people, computers = bettor or [], computer_bettor or []
    seen: set[str] = set()
    for name in [*people, *computers]:  # the terminal hands over by name: each told apart
        if name.strip().casefold() in seen:
            raise HomestretchError(f"{name!r} is named twice: every bettor needs a different name")
        seen.add(name.strip().casefold())
    seats = [person(name) for name in people] + [computer(name, "value") for name in computers]
    if seats and not save:
        raise HomestretchError("betting is played at a stored table: drop --no-save")
    if sealed and not seats:
        raise HomestretchError("--sealed seals the bettors' tickets: name them with --bettor")
    tote = ToteRules(tuple(s.name for s in seats), bankroll=bankroll, sealed=sealed)
    if seats and tote.problem() is not None:  # the option it came from, named
        raise HomestretchError(f"--bankroll {bankroll}: {tote.problem()}")
    game = RaceGame(loaded, _mode(mode), charts, chosen, tote)
    _standard_going(game.charts)
    if not save:
        announce_seed(spec.seed, spec.kind, fmt)
        _run_race(TableSession(ENTRY, game, [], spec), None, None, fmt, plot)
        return
    store = open_store(db)
    # stored before the first roll, so a race stopped halfway can be resumed
    table, game_id = open_new(store, ENTRY, game, seats, spec, f"{game.race.name} ({mode})")
    announce_seed(spec.seed, spec.kind, fmt)  # the run starts: a store refused names no seed
    if people:  # bettors at the keyboard know from the start that Ctrl-C loses nothing
        from homestretch.cli.table_loop import db_hint, say_saved

        notes = err_console if fmt is OutputFormat.json else console
        say_saved(notes, game_id, db_hint(store), noun="run")
    _run_race(table, game_id, store, fmt, plot)


def _warn_presets_far_off(ref: str | Path, race: AnyRace) -> None:
    """On stderr, each entry whose preset ``apr`` is far from its horse's own (ruling S24):
    an entry copied with its ``apr`` and given another horse runs on the old horse's."""
    from homestretch.games.stretch.content.race_plain import presets_far_off, resolve_race_path

    for runner, own in presets_far_off(race):
        err_console.print(
            f"warning: {escape_controls(str(resolve_race_path(ref)))}, entry {runner.post} ({runner.horse.name}): "
            f"its preset apr = {runner.start_apr} is {abs(own - runner.start_apr)} points "
            f"from the {own} its card gives; the race runs on {runner.start_apr}, as written "
            "(a preset apr is kept whatever horse the entry names: drop the line to use "
            "the card's)",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


class _RaceCall:
    """The race call as it unfolds: each part is called once its rolls are in."""

    def __init__(self, table: TableSession, screen: Console) -> None:
        from homestretch.core.protocol import replay
        from homestretch.games.stretch.rules.engine import RaceState
        from homestretch.games.stretch.terminal.render import Caller, show_header

        state = replay(table.game, table.state.events)
        assert isinstance(state, RaceState)
        self.state = state
        self.caller = Caller(screen)
        show_header(self.state, screen)
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
) -> None:
    """Run the table's race to the end (a stored one is stored roll by roll), then show
    the sheets or the JSON."""
    from homestretch.cli.table_loop import db_hint, play_at_terminal, say_saved, watched
    from homestretch.games.stretch.rules.engine import RaceState
    from homestretch.games.stretch.terminal.render import show_sheets

    to_stderr = fmt is OutputFormat.json
    # a bettor or a dice typist at the terminal sees the race with --format json too, on
    # stderr beside the questions; stdout holds the JSON alone
    screen = err_console if to_stderr else console
    show = _RaceCall(table, screen) if watched(fmt, table) else None

    def ask(node: ChanceNode) -> Sequence[int]:
        return ask_roll(node, to_stderr)

    if store is None or game_id is None:
        _unsaved(table, show or (lambda events: None), ask)
    else:
        hint = db_hint(store)
        people = _bettors_here(table, to_stderr)
        play_at_terminal(table, game_id, people, on_events=show, ask=ask, db=hint)
    state = table.state
    assert isinstance(state, RaceState)
    if store is not None and game_id is not None:
        store.finish(game_id, _summary(state))
    if plot is not None:
        from homestretch.games.stretch.terminal.plot import running_lines

        running_lines(state, plot)
    unused = _unused_dice(table, state)
    if unused:
        err_console.print(
            f"warning: {len(unused)} scripted dice left over, not used by the race "
            f"({' '.join(map(str, unused))}): check the transcript of the rolls",
            style="yellow",
        )
    if show is not None:
        show_sheets(state, screen)
        standing = bettors_line(state.result())
        if standing:
            screen.print(standing, style="bold", markup=False, highlight=False)
        if store is not None and game_id is not None:
            say_saved(screen, game_id, db_hint(store), noun="run", ended=True)
    if fmt is OutputFormat.json:
        kind = table.dice_spec.kind
        echo_json(
            {
                **state.result(),
                "id": game_id,  # as every game's play names it (run_id as before)
                "status": "finished",
                "seed": table.seed,
                "dice_source": kind,
                "run_id": game_id,
                "unused_dice": unused,
                "notices": state.notices,
                **_bettors_won(state.result()),
            }
        )


def _standard_going(charts: ChartSet) -> None:
    """Say once, on stderr (stdout may hold JSON), that a chart set without a going chart
    runs on the standard one (ruling S23), and how to give it one of its own."""
    if charts.standard_going:
        folder = Path(charts.folder)
        err_console.print(
            f"note: {folder} has no going.csv (copied before 2026-12-05): its times use "
            "the standard going allowances (ruling S23). To set your own, run `homestretch "
            f"stretch content NEW --part charts` and copy NEW/charts/going.csv into {folder}.",
            style="yellow",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def _bettors_won(data: JSON) -> JSON:
    """With bettors, who ended with the most money (the table's winners, by the rules'
    goal: more than the others), for the JSON; nothing without bettors."""
    players = (data.get("tote") or {}).get("players") or []
    if not players:
        return {}
    best = max(p["cash"] for p in players)
    return {"bettors_won": [p["name"] for p in players if p["cash"] == best]}


def bettors_line(data: JSON) -> str:
    """The end of a race with bettors, in a line: who ended with the most money and by how
    much ("Ann ends with the most money, $110.00 (+$10.00), $15.00 ahead of Bob and Robo
    ($95.00)."), or that all are level; "" without bettors."""
    players = (data.get("tote") or {}).get("players") or []
    if not players:
        return ""

    def dollars(cents: int) -> str:
        return f"${cents / 100:,.2f}"

    best = max(p["cash"] for p in players)
    won = [p for p in players if p["cash"] == best]
    names = " and ".join(p["name"] for p in won)
    net = won[0]["net"]
    gained = f"{'+' if net >= 0 else '-'}{dollars(abs(net))}"
    margin = ahead_of([(p["name"], p["cash"]) for p in players], dollars)
    if not margin:
        return f"Everyone ends level, on {dollars(best)} ({gained})."
    most = "the most money" if len(won) == 1 else "the most money, level"
    return f"{names} {'ends' if len(won) == 1 else 'end'} with {most}, {dollars(best)} ({gained}), {margin}."


def _bettors_here(table: TableSession, to_stderr: bool) -> dict[int, Agent]:
    """The people at this terminal who bet before the off (ruling S19)."""
    from homestretch.cli.human import TerminalPlayer
    from homestretch.games.stretch.rules.betting import MIN_TICKET
    from homestretch.games.stretch.rules.engine import RaceState
    from homestretch.games.stretch.terminal.render import bet_example, ratings_sheet, tote_board

    screen = err_console if to_stderr else console
    shown: list[bool] = []
    at_window: list[int] = []
    """The seat whose window is on the screen (a sealed table hands the screen over)."""

    def horse(post: int) -> str:
        state = table.state
        return state.lines[post - 1].name if isinstance(state, RaceState) else f"#{post}"

    def example(legal: list[Action]) -> str:
        typed, _ = bet_example(legal, horse)
        return f"a bet such as {typed}, or done" if typed != "done" else "done"

    def hint(legal: list[Action]) -> str:
        typed, meaning = bet_example(legal, horse)
        if typed == "done":
            return f"you hold less than a ${MIN_TICKET} ticket: type done"
        return (
            f"type a bet such as {typed} ({meaning}; place, show; "
            f"${MIN_TICKET} when no amount is given), or done"
        )

    def told(legal: list[Action]) -> str:  # 'help' typed: "cannot read 'help'" it was
        typed, _ = bet_example(legal, horse)
        if typed == "done":
            return hint(legal)
        return (
            "Type a bet as POOL POST [DOLLARS]: win, place or show, the horse's post "
            f"number, and whole dollars (${MIN_TICKET} when none is given), like {typed}; "
            "done when your tickets are in. Ctrl-C stops; the race is saved."
        )

    def parse(seat: int) -> Callable[[str], Action | None]:
        return lambda text: read_bet(text, bet_example(table.legal_actions(seat), horse)[0])

    def show(player: int, view: JSON) -> None:
        state = table.state
        if at_window and at_window[0] != player and view["tote"]["sealed_now"]:
            _hand_over(screen, table.seat(at_window[0]).name, table.seat(player).name, to_stderr)
            shown.clear()  # the next bettor sees the field too
        at_window[:] = [player]
        if not shown and isinstance(state, RaceState):  # once: the cards do not change
            shown.append(True)  # a bettor handicaps the field before the first ticket
            screen.print(ratings_sheet(state, apr=True))
        screen.print(tote_board(view))

    return {
        seat: TerminalPlayer(
            table.seat(seat).name,
            table.state,
            screen,
            show,
            parse(seat),
            ask=lambda text: prompt(text, err=to_stderr),
            menu_max=12,
            hint=hint,
            example=example,
            help=told,
        )
        for seat in range(len(table.seats))
        if table.seat(seat).is_person
    }


def _hand_over(screen: Console, last: str, name: str, to_stderr: bool) -> None:
    """Sealed bets at one keyboard (ruling S25): the screen and its scrollback are cleared
    before the next bettor's window, so they cannot read the last one's tickets."""
    from homestretch.cli.table_loop import clear_for_next_person

    clear_for_next_person(screen)
    screen.print(f"{last}'s tickets are in, sealed.", markup=False, highlight=False)
    prompt(
        f"Over to {name} alone: {name}, press Enter", default="", show_default=False, err=to_stderr
    )


def read_bet(text: str, example: str = "win 1 2") -> Action | None:
    """A bet as typed (``parse_bet``), with a pool misspelt answered with the nearest one
    ("plce 4 10": did you mean 'place 4 10'?), as Derby Cast answers a pick; it was told
    only the whole hint again."""
    from homestretch.core.inputs import either_of, nearest_all
    from homestretch.games.stretch.rules.tote import POOLS
    from homestretch.games.stretch.terminal.render import parse_bet

    action = parse_bet(text, example)
    words = text.lower().split()
    if action is None and 2 <= len(words) <= 3:
        near = either_of([f"'{' '.join([n, *words[1:]])}'" for n in nearest_all(words[0], POOLS)])
        if near:
            raise HomestretchError(f"did you mean {near}? a bet starts win, place or show")
    return action


def _no_card(typed: str, exc: ContentError, own_cards: Path | None) -> str:
    """An entry's card not found: the -e named, the user's own card file (not the one
    inside the install), the nearest cards and the command that lists them."""
    from homestretch.games.stretch.content.cards_plain import NoSuchCard

    where = f" in {exc.source}" if own_cards is not None else ""
    hint = f"{exc.nearest} ({exc.listed_by})" if isinstance(exc, NoSuchCard) else ""
    return f"-e {typed}: {exc.problem}{where}.{hint}"


def _near(search: str, cards: Iterable[Any]) -> str:
    """The names nearest a search that found nothing, as a sentence, or ""."""
    from homestretch.games.stretch.content.cards_plain import nearest

    return nearest(search, cards)


def _whole(table: Table, names: Iterable[str], column: int = 0) -> Table:
    """The column a person types from (a race's or a card's id) drawn whole at any width:
    at 80 columns rich cut it to '2009-breed…' and 'sec…', which cannot be typed back;
    the other columns wrap to leave it room."""
    table.columns[column].no_wrap = True
    table.columns[column].min_width = max((len(name) for name in names), default=0)
    return table


def _share(rate: float | None) -> str:
    """A rate as a percentage; "none run" where no race had the pace it asks about."""
    return "none run" if rate is None else f"{rate:.1%}"


def _band(low: float, high: float) -> str:
    """A band of shares as the study prints it: 33-37%, 4.5-9%, 115-125%."""

    def percent(share: float) -> str:
        return f"{share * 100:.1f}".rstrip("0").rstrip(".")

    return f"{percent(low)}-{percent(high)}%"


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


def show_saved(saved: SavedGame, fmt: OutputFormat) -> None:
    from homestretch.core.protocol import replay
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal.render import show_race

    state = replay(RaceGame.from_config(saved.config), saved.events)
    assert isinstance(state, RaceState)
    _check_undigested_charts(saved, state)
    _standard_going(state.game.charts)  # the replay is timed as the run was (S23)
    if fmt is OutputFormat.json:
        echo_json(
            {
                **state.result(),
                "id": saved.id,
                "status": saved.status,
                "seed": saved.seed,
                "dice_source": saved.dice,
                "run_id": saved.id,
                "notices": state.notices,
            }
        )
        return
    show_race(state, console)


def _check_undigested_charts(saved: SavedGame, state: RaceState) -> None:
    """A run saved before runs kept a digest of their chart set cannot have its charts
    checked; what can be checked is that they give the race the run saved as its result."""
    if saved.config.get("charts") is None or "charts_digest" in saved.config:
        return
    folder = state.game.charts_folder
    if saved.status == "finished" and saved.summary and _summary(state) != saved.summary:
        raise HomestretchError(
            f"the chart set in {folder} is not the one this run used: it gives "
            f"{_summary(state)}, the run saved {saved.summary} (it was saved before runs "
            "kept a digest of their charts, so replay it from the folder it was run in)"
        )
    err_console.print(
        f"note: this run was saved before runs kept a digest of their chart set; the charts "
        f"in {escape_controls(str(folder))} were checked only against the result it saved",
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
    _standard_going(table.game.charts)
    _run_race(table, saved.id, store, fmt, None)


@app.command()
def races(fmt: FormatOption = OutputFormat.text) -> None:
    """List the bundled sample races (run one by name)."""
    from homestretch.games.stretch.content.race import bundled_races, load_race

    found = [(p.stem, load_race(p)) for p in bundled_races()]
    found_ids = [stem for stem, _ in found]
    if fmt is OutputFormat.json:
        echo_json(
            [
                {
                    "id": stem,
                    "name": r.name,
                    "date": r.date,
                    "track": r.track,
                    "distance": r.distance,
                    "surface": r.surface,
                    "condition": r.condition,
                    "runners": len(r.runners),
                }
                for stem, r in found
            ]
        )
        return
    # two columns: the name to type, drawn whole, and the race in words, which wraps (at
    # 80 columns six columns cut the name to '2009-breed…' and the dates to '2009-…')
    table = _whole(Table("race", "what it is"), found_ids)
    for stem, r in found:
        where = ", ".join(part for part in (r.track, r.date) if part)
        # the going too, as the race's header says it: a sloppy sprint is another race
        going = f"{r.distance} on the {r.surface}, {r.condition}"
        about = f"{r.name}{f', {where}' if where else ''}: {going}"
        table.add_row(stem, f"{about}, {len(r.runners)} runners")
    console.print(table)


@app.command()
def cards(
    search: Annotated[str, typer.Argument(help="part of a name, id or note")] = "",
    jockeys: Annotated[bool, typer.Option("--jockeys", help="list jockeys instead")] = False,
    folder: CardsOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """List and search a card set.

    Example: `homestretch stretch cards secretariat`

    Example: `homestretch stretch cards --jockeys arcaro`"""
    from homestretch.games.stretch.content.card_set import load_card_set

    card_set = load_card_set(folder)
    if jockeys:
        found = [
            j
            for j in card_set.jockeys.values()
            if search.lower() in j.name.lower() or search.lower() in j.id
        ]
        if fmt is OutputFormat.json:
            echo_json([j.model_dump() for j in found])
            return
        if not found:
            console.print(
                escape(
                    f"No jockey card matches {search!r}.{_near(search, card_set.jockeys.values())}"
                )
            )
            return
        table = _whole(Table("id", "name", "ride", "trouble", "note"), [j.id for j in found])
        for j in found:
            table.add_row(j.id, j.name, f"{j.ride:+d}", str(j.trouble), j.note)
        console.print(table)
        return
    horses = card_set.search(search)
    if fmt is OutputFormat.json:
        echo_json([h.model_dump(by_alias=True) for h in horses])
        return
    if not horses:
        console.print(
            escape(f"No horse card matches {search!r}.{_near(search, card_set.horses.values())}")
        )
        return
    if console.width < WIDE_CARDS:  # every column cut to 'sec…', 'S…', '6-…' at 80
        table = _whole(
            Table("id", "dirt/turf", "range", "pace", "form", "trip class speed", "wire"),
            [h.id for h in horses],
        )
        for h in horses:
            table.add_row(
                h.id,
                f"{h.power_dirt or '-'}/{h.power_turf or '-'}",
                f"{h.range_low:g}-{h.range_high:g}",
                str(h.pace),
                h.form,
                f"{h.trip:+d} {h.class_:+d} {h.speed:+d}",
                str(h.wire),
            )
        table.caption = (
            f"name, sex, age and Wet rating at {WIDE_CARDS} columns, or with --format json"
        )
        console.print(table)
        return
    table = Table(
        "id",
        "name",
        "card",
        "sex/age",
        "dirt",
        "turf",
        "range",
        "wet",
        "pace",
        "form",
        "trip/class/speed",
        "wire",
    )
    _whole(table, [h.id for h in horses])
    for h in horses:
        table.add_row(
            h.id,
            h.name,
            h.card,
            f"{h.sex} {h.age}",
            str(h.power_dirt or "-"),
            str(h.power_turf or "-"),
            f"{h.range_low:g}-{h.range_high:g}",
            str(h.wet),
            str(h.pace),
            h.form,
            f"{h.trip:+d} {h.class_:+d} {h.speed:+d}",
            str(h.wire),
        )
    console.print(table)


WIDE_CARDS = 120
"""Columns the whole card table needs; narrower terminals get the ratings a race is
built from beside each id."""


@app.command()
def new(
    output: Annotated[Path, typer.Argument(help="the race file to write (TOML)")],
    entry: Annotated[
        list[str],
        typer.Option("--entry", "-e", help="HORSE@JOCKEY by card id or name, in post order"),
    ],
    name: Annotated[str, typer.Option(help="the race's name")] = "Dream Race",
    track: Annotated[str, typer.Option(help="the racetrack")] = "",
    date: Annotated[str, typer.Option(help="the date")] = "",
    furlongs: Annotated[float, typer.Option(help="distance in furlongs, 4.5 to 16")] = 10,
    surface: Annotated[str, typer.Option(help="dirt, turf or synthetic")] = "dirt",
    condition: Annotated[str, typer.Option(help=", ".join(CONDITIONS))] = "fast",
    folder: CardsOption = None,
    estimate_surface: EstimateOption = False,
    force: Annotated[bool, typer.Option(help="overwrite an existing file")] = False,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Build a race file from cards and conditions (APRs computed when it is run).

    Checked by the same rules as `stretch run` before a byte is written: every file it writes runs.

    Example: `homestretch stretch new dream.toml -e secretariat-1973@turcotte -e citation-1948@arcaro` (find cards with `homestretch stretch cards NAME`)"""
    output = output_path(output, "race file")
    from pydantic import ValidationError

    from homestretch.games.stretch.content.card_set import (
        describe_validation,
        load_card_set,
        nearest_choice,
    )
    from homestretch.games.stretch.content.race import RaceSpec, build_race

    if output.exists() and not force:
        raise HomestretchError(f"{output} exists; use --force to overwrite it")
    card_set = load_card_set(folder)
    picks = []
    for text in entry:  # an unknown card named before the count: the mistake to mend first
        horse_ref, _, jockey_ref = text.partition("@")
        try:
            horse = card_set.horse(horse_ref.strip())
        except ContentError as exc:
            raise HomestretchError(_no_card(text, exc, folder)) from None
        if not jockey_ref.strip() and "house-b" not in card_set.jockeys:
            raise HomestretchError(_no_stand_in(text, card_set, folder))
        try:
            jockey = card_set.jockey(jockey_ref.strip() or "house-b")
        except ContentError as exc:
            raise HomestretchError(_no_card(text, exc, folder)) from None
        picks.append((horse, jockey))
    if len(entry) < 2:
        raise HomestretchError("a race needs at least two --entry HORSE@JOCKEY")
    written: dict[str, Any] = {
        "name": name,
        "date": date,
        "track": track,
        "furlongs": furlongs,
        "surface": surface,
        "condition": condition,
    }
    entries = [{"horse": h.id, "jockey": j.id} for h, j in picks]
    try:
        spec = RaceSpec.model_validate({**written, "entries": entries}, strict=True)
    except ValidationError as exc:
        field, _, problem = describe_validation(exc, nearest_choice, RaceSpec).partition(": ")
        raise HomestretchError(f"--{field.split('.')[0]}: {problem}") from None
    race = build_race(spec, card_set, estimate_surface)

    import json

    def quoted(text: str) -> str:  # a TOML basic string (JSON's escapes are TOML's)
        return json.dumps(text, ensure_ascii=False)

    lines = [
        f"name = {quoted(name)}",
        f"date = {quoted(date)}",
        f"track = {quoted(track)}",
        f"furlongs = {furlongs:g}",
        f'surface = "{surface}"',
        f'condition = "{condition}"',
    ]
    if folder is not None:
        lines.append(f"cards = {quoted(_from_race_file(folder, output))}")
    table = Table("PP", "horse", "jockey", "starting APR")
    for (horse, jockey), runner in zip(picks, race.runners, strict=True):
        lines += ["", "[[entries]]", f'horse = "{horse.id}"', f'jockey = "{jockey.id}"']
        table.add_row(str(runner.post), horse.name, jockey.name, runner.apr_working)
    try:
        output.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as exc:
        raise HomestretchError(f"{output}: cannot write the race file ({exc.strerror})") from None
    # a horse's Power estimated for this surface: so is every run of the file
    import shlex  # a path with a space is quoted in the line to copy

    run_it = f"homestretch stretch run {shlex.quote(str(output))}" + (
        " --estimate-surface" if estimate_surface else ""
    )
    if fmt is OutputFormat.json:
        echo_json(
            {
                "file": str(output),
                "run": run_it,
                "entries": [
                    {
                        "post": runner.post,
                        "horse": horse.id,
                        "jockey": jockey.id,
                        "start_apr": runner.start_apr,
                    }
                    for (horse, jockey), runner in zip(picks, race.runners, strict=True)
                ],
            }
        )
        return
    console.print(table)
    console.print(f"wrote {escape(str(output))}; run it with: {escape(run_it)}")


def _no_stand_in(typed: str, card_set: Any, own_cards: Path | None) -> str:
    """-e HORSE with no @JOCKEY on a card set without the stand-in rider house-b."""
    where = f"{own_cards}/jockeys.csv" if own_cards is not None else "the card set"
    stand_ins = [jockey for jockey in card_set.jockeys if jockey.startswith("house-")]
    others = f" (its stand-ins: {', '.join(stand_ins)})" if stand_ins else ""
    return (
        f"-e {typed}: no jockey is named, so the stand-in house-b would ride, and {where} "
        f"has no house-b{others}: write {typed.strip()}@JOCKEY, or add a house-b rider "
        "to the set"
    )


def _from_race_file(folder: Path, output: Path) -> str:
    """A card set as a race file names it: from the race file's own folder ("../cards"),
    so a content folder moved or shared keeps its races' cards (it was written whole,
    "/home/ann/my-stretch/cards", found on Ann's machine only)."""
    import os

    try:
        return Path(os.path.relpath(folder.resolve(), output.resolve().parent)).as_posix()
    except ValueError:  # another drive (Windows): no way there from the race file
        return str(folder.resolve())


PlotOption = Annotated[Path | None, typer.Option("--plot", help="draw a picture (PNG or SVG)")]


def _picture(plot: Path | None) -> None:
    """Refuse a picture that cannot be written before the work to draw it is done."""
    if plot is not None:
        from homestretch.cli.pictures import picture_path

        picture_path(plot)


def _run_many(
    race: Race, charts: ChartSet, mode: str, runs: int, seed: int | None, fmt: OutputFormat
) -> tuple[int, list[Chances]]:
    """Run the race ``runs`` times on the kernel with a progress bar: (seed, chances)."""
    from homestretch.games.stretch.analysis.probabilities import monte_carlo

    checked = _mode(mode)  # a run that never starts names no seed
    used_seed = seed if seed is not None else new_seed()
    announce_seed(used_seed, "seeded", fmt)
    with progress_bar(runs, "simulating") as bar:
        chances = monte_carlo(
            race, charts, checked, runs, used_seed, lambda n: bar.advance(bar.task_ids[0], n)
        )
    return used_seed, chances


@app.command()
def simulate(
    race: Annotated[str, typer.Argument(help="a race file (TOML) or a bundled race's name")],
    runs: Annotated[
        int, typer.Option("-n", "--runs", min=1, max=MAX_RUNS, help="how many races")
    ] = 100_000,
    mode: ModeOption = "quick",
    seed: SeedOption = None,
    charts: ChartsOption = None,
    estimate_surface: EstimateOption = False,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Run a race many times on the fast kernel: win, place and show chances.

    Example: `homestretch stretch simulate 2009-champagne-stakes -n 100000 --mode full`"""
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race

    _mode(mode)  # before the race is read: a mistake is said at once, naming no seed
    loaded, chart_set = load_race(race, estimate_surface), load_chart_set(charts)
    _warn_presets_far_off(race, loaded)
    _standard_going(chart_set)
    used_seed, chances = _run_many(loaded, chart_set, mode, runs, seed, fmt)
    if fmt is OutputFormat.json:
        echo_json(
            {
                "race": loaded.name,
                "mode": mode,
                "seed": used_seed,
                "runs": runs,
                "entries": [
                    {
                        "post": c.post,
                        "horse": c.horse,
                        "win": c.win,
                        "place": c.place,
                        "show": c.show,
                        "mean_final_speed": c.mean_final_speed,
                    }
                    for c in chances
                ],
            }
        )
        return
    table = Table(
        "PP",
        "Horse",
        "APR",
        "Win",
        "Place",
        "Show",
        "Avg figure",  # the mean Final Speed Figure, as a racing paper names it
        title=f"{loaded.name}: {runs:,} races ({mode}play)",  # as `odds` says the version
        title_justify="left",
    )
    for c, runner in zip(chances, loaded.runners, strict=True):
        table.add_row(
            str(c.post),
            c.horse,
            str(runner.start_apr),
            f"{c.win:.1%}",
            f"{c.place:.1%}",
            f"{c.show:.1%}",
            f"{c.mean_final_speed:.1f}",
        )
    console.print(table)


ODDS_RUNS = 400_000


@app.command()
def odds(
    race: Annotated[str, typer.Argument(help="a race file (TOML) or a bundled race's name")],
    mode: ModeOption = "quick",
    runs: Annotated[
        int,
        typer.Option(
            "-n",
            "--runs",
            min=1000,
            max=MAX_RUNS,
            help="races to run in Fullplay (Quickplay is exact)",
        ),
    ] = ODDS_RUNS,
    seed: SeedOption = None,
    charts: ChartsOption = None,
    plot: PlotOption = None,
    estimate_surface: EstimateOption = False,
    fmt: FormatOption = OutputFormat.text,
    early: Annotated[
        bool,
        typer.Option(
            "--early",
            help="with --format json: JSON Lines, the exact win chances and proven place "
            'and show brackets at once ("final": false), then the exact answer '
            '("final": true); the text table shows the brackets first in a terminal',
        ),
    ] = False,
) -> None:
    """Each horse's chance to win, place and show, fair odds beside the odds offered.

    Quickplay chances are exact (every chart outcome weighed); Fullplay's are run by Monte Carlo.

    Example: `homestretch stretch odds 2009-champagne-stakes --plot odds.png`"""
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race_plain import load_odds_race

    _mode(mode)  # before the race is read: a mistake is said at once, naming no seed
    _picture(plot)
    # read without pydantic where that is sure to be right (race_plain): the brackets
    # are out within a tenth of a second
    loaded, chart_set = load_odds_race(race, estimate_surface), load_chart_set(charts)
    _warn_presets_far_off(race, loaded)
    _standard_going(chart_set)
    runners: Sequence[AnyRunner] = loaded.runners
    exact = _exact_chances(loaded, chart_set, fmt, early) if mode == "quick" else None
    from homestretch.games.stretch.analysis.probabilities import (  # after brackets
        Chances,
        chart_odds_range,
    )

    places = exact.places if exact is not None else None
    if exact is not None and places is not None:
        used_seed: int | None = None
        if seed is not None or runs != ODDS_RUNS:
            err_console.print(
                "Quickplay chances are exact: no races are run, so --runs and --seed are not used",
                style="dim",
            )
        chances = [
            Chances(r.post, r.horse.name, float(w), float(p), float(s), None, (float(w), float(w)))
            for r, w, p, s in zip(runners, exact.win, places.place, places.show, strict=True)
        ]
    else:
        from homestretch.games.stretch.content.race import load_race  # the models' Race, to run

        used_seed, chances = _run_many(
            load_race(race, estimate_surface), chart_set, mode, runs, seed, fmt
        )
        if exact is not None:  # the win chances are exact even where place and show are not
            chances = [
                replace(c, win=float(w), win_interval=(float(w), float(w)))
                for c, w in zip(chances, exact.win, strict=True)
            ]
    bounds = places.show_bound if places is not None else None
    ranges = chart_odds_range(loaded, chart_set)
    entries: list[dict[str, Any]] = []
    for index, (c, runner, (short, middle, long)) in enumerate(
        zip(chances, runners, ranges, strict=True)
    ):
        fair = c.fair_odds
        offered = Odds.parse(runner.real_odds) if runner.real_odds else None
        # an overlay: the odds on offer (real, or the chart's middle reading) pay more
        # than the horse's chance is worth, and more than the Fair column shows (a board
        # price, ruling S26: 99-1 stands for every longer price too)
        on_offer = (offered or middle).value
        overlay = fair is not None and on_offer > fair.value and on_offer * c.win > 1 - c.win
        entries.append(
            {
                **c.as_json(),
                "show_bound": None if bounds is None else float(bounds[index]),
                "fair_odds": None if fair is None else str(fair),
                "real_odds": None if offered is None else str(offered),
                "chart_odds": str(middle),
                "chart_odds_range": f"{short} to {long}",
                "overlay": overlay,
            }
        )
    if plot is not None:
        from homestretch.games.stretch.terminal.plot import probability_bars

        probability_bars(
            f"{loaded.name} ({mode}play)",
            [c.horse for c in chances],
            [c.win for c in chances],
            [c.place for c in chances],
            [c.show for c in chances],
            plot,
        )
    if fmt is OutputFormat.json:
        answer = {
            "race": loaded.name,
            "mode": mode,
            "method": "exact" if places is not None else "monte-carlo",
            "win_method": "exact" if exact is not None else "monte-carlo",
            "runs": None if places is not None else runs,
            "seed": used_seed,
            "final": True,
            "entries": entries,
        }
        if early:
            _json_line(answer)
        else:
            echo_json(answer)
        return
    real = any(e["real_odds"] for e in entries)
    # some horses with real odds and some without (ruling S15: the rest run on chart
    # odds): each row shows the odds its overlay is judged on, the chart's marked so
    mixed = real and not all(e["real_odds"] for e in entries)
    overlays = any(e["overlay"] for e in entries)  # else no empty, headless last column
    margin = max((high - low) / 2 for low, high in (e["win_interval"] for e in entries))
    table = Table(
        "PP",
        "Horse",
        "Win",
        "Place",
        "Show",
        "Fair",
        "Odds" if mixed else "Real" if real else "Chart",
        *([OVERLAY] if overlays else []),
        title=_odds_title(loaded.name, mode, runs, margin, exact is not None, bounds is not None),
        title_justify="left",
    )
    for e in entries:
        table.add_row(
            str(e["post"]),
            e["horse"],
            f"{e['win']:.1%}",
            f"{e['place']:.1%}",
            f"{e['show']:.1%}",
            e["fair_odds"] or "-",
            e["real_odds"] or (f"{e['chart_odds']} chart" if mixed else e["chart_odds"]),
            *([Text("yes", style="green") if e["overlay"] else ""] if overlays else []),
        )
    console.print(table)
    if mixed:
        console.print(MIXED_SAID, style="dim")
    if overlays:
        said = OVERLAY_SAID.format(odds="Real" if real else "Chart")
        console.print(
            said.replace("the Real odds", "the odds shown") if mixed else said, style="dim"
        )
    if bounds is not None and places is not None:
        from homestretch.games.stretch.analysis.chances import show_bound_note

        note = show_bound_note([c.horse for c in chances], places.show.tolist(), bounds.tolist())
        if note:
            console.print(note, style="dim", markup=False, highlight=False)


OVERLAY = "Overlay"
"""The odds table's last column, as ``--format json`` names it (``overlay``): "yes" where
the odds on offer pay more than the horse's chance is worth."""
OVERLAY_SAID = (
    "Overlay yes: the {odds} odds pay more than the Fair odds, what the horse's chance is worth."
)
"""The line under an odds table with an overlay column, saying what the column means."""
MIXED_SAID = (
    'Odds: the race\'s real odds; "chart" marks a horse the race gives none, with the odds '
    "chart's middle reading (ruling S15)."
)
"""Under an odds table of a race with real odds for some horses only."""
IN_BAND, OUTSIDE = Text("in band", style="green"), Text("outside", style="red")


def _field_types_table(by_type: Any, bands: Any) -> Table:
    """The market in each field type: the book, the favourite, win rate at each price."""
    kinds = list(by_type)
    table = Table("field type", *kinds, title="Odds by field type", title_justify="left")
    table.add_row("fields", *(str(by_type[k]["fields"]) for k in kinds))
    table.add_row("book (115-125%)", *(f"{by_type[k]['overround_mean']:.1%}" for k in kinds))
    table.add_row("favourite wins", *(f"{by_type[k]['favourite_win_rate']:.1%}" for k in kinds))
    for name, _, _, band in bands:
        cells = []
        for k in kinds:
            rate = by_type[k]["win_rate_by_odds"][name]
            ok = rate is not None and band[0] <= rate <= band[1]
            mark = "" if rate is None else ("" if ok else " [red]out[/red]")
            cells.append("-" if rate is None else Text.from_markup(f"{rate:.3f}{mark}"))
        table.add_row(f"at {name} ({band[0]:.3f}-{band[1]:.3f})", *cells)
    return table


def _pace_table(by_size: Any, style: Any, mode: str) -> Table:
    """Pace and running-style win rates by field size, each with its 95% interval over
    the fields: compare `--mode quick` and `--mode full` (ruling S18)."""
    table = Table(
        "runners",
        "fields",
        "races",
        "slow",
        "normal",
        "fast",
        "front runners win",  # "front-runners" was cut to "front-…" at 80 columns
        "closers win",
        title=f"Pace by field size ({mode}play), with 95% intervals",
        title_justify="left",
    )

    def rate(value: float | None, half: float | None) -> str:
        return "-" if value is None or half is None else f"{value:.1%} ±{half:.1%}"

    for size, row in by_size.items():
        runs = style[size]
        table.add_row(
            size,
            f"{row['fields']:,}",
            f"{row['races']:,}",
            *(rate(row[p], row[f"{p}_ci"]) for p in ("slow", "normal", "fast")),
            *(rate(runs[f"{s}_win_rate"], runs[f"{s}_ci"]) for s in ("front_runner", "closer")),
        )
    return table


def _exact_chances(race: AnyRace, charts: ChartSet, fmt: OutputFormat, early: bool) -> ExactChances:
    """Kept chances at once; else proven brackets at once (a text table, or with --early a
    JSON line), then the exact sums."""
    from homestretch.games.stretch.analysis.exact import quickplay_chances, shared_outcomes
    from homestretch.games.stretch.analysis.exact_cache import cached, keep

    found = cached(race, charts)
    if found is not None:
        return found
    # the brackets are for someone watching: in a pipe or a file they read as the same
    # table twice, so there only the exact one is printed (JSON as asked)
    if (fmt is OutputFormat.text and console.is_terminal) or (fmt is OutputFormat.json and early):
        _show_bounds(race, charts, fmt)
    with progress_bar(shared_outcomes(race, charts), "exact chances") as bar:
        chances = quickplay_chances(race, charts, lambda n: bar.advance(bar.task_ids[0], n))
    keep(race, charts, chances)
    return chances


def _show_bounds(race: AnyRace, charts: ChartSet, fmt: OutputFormat) -> None:
    """Exact win chances and proven place and show brackets: milliseconds, not seconds."""
    from homestretch.games.stretch.analysis.chances import quick_bounds

    bounds = quick_bounds(race, charts, coming=True)
    if fmt is OutputFormat.json:
        _json_line({"race": race.name, "mode": "quick", "final": False, **bounds})
        return
    table = Table(
        "PP",
        "Horse",
        "Win",
        "Place",
        "Show",
        title=f"{race.name} (quickplay): {bounds['says']}",
        title_justify="left",
    )
    for e in bounds["entries"]:
        table.add_row(
            str(e["post"]),
            e["horse"],
            f"{e['win']:.1%}",
            f"{e['place_low']:.1%}-{e['place_high']:.1%}",
            f"{e['show_low']:.1%}-{e['show_high']:.1%}",
        )
    console.print(table)


def _json_line(data: JSON) -> None:
    """One answer of a JSON Lines stream, on its way at once (a pipe would hold it)."""
    import json  # a text answer never needs it

    sys.stdout.write(json.dumps(data) + "\n")
    sys.stdout.flush()


def _odds_title(
    name: str, mode: str, runs: int, margin: float, exact_win: bool, exact: bool
) -> str:
    if exact:  # the show chances' proven bound: a note under the table where it shows
        return f"{name} (quickplay): exact chances, every chart outcome counted"
    if exact_win:
        return f"{name} ({mode}play): win chances exact; place and show from {runs:,} races"
    return (
        f"{name}: {runs:,} races by Monte Carlo ({mode}play); win chances within {margin:.2%} (95%)"
    )


REAL_RATES = {
    "out_of_race_rate": "fatal injuries 0.13% of starts",
    "disqualification_rate": "no published rate",
}
"""What real racing says beside the rates no band is set for (docs/stretch-calibration.md):
out of the race is every way of not finishing, so it runs above the fatal injuries."""
FIGURE_WORDS = {
    "favourite_win_rate": "favourites win",
    "favourite_top3_rate": "favourites in the first 3",
    "overround_mean": "book (overround), mean",
    "margin_under_1_length_rate": "won by under a length",
    "margin_median_lengths": "median winning margin (lengths)",
    "margin_over_7_lengths_rate": "won by over 7 lengths",
    "greats_top_horse_win_rate_mean": "dream fields: top great wins",
    "out_of_race_rate": "out of the race, per start",
    "disqualification_rate": "disqualified, per start",
}
"""The calibration table's figures in a racegoer's words (the JSON keeps the keys)."""


CORPUS_SEEDS = 2**32
"""How many seeds the calibration corpus takes (numpy's seeds are 32 bits)."""


def _corpus_seed(seed: int) -> int:
    if not 0 <= seed < CORPUS_SEEDS:
        raise typer.BadParameter(
            f"a seed for the corpus is a whole number from 0 to {CORPUS_SEEDS - 1}"
        )
    return seed


@app.command()
def calibrate(
    fields: Annotated[
        int, typer.Option("-n", "--fields", min=10, max=10_000, help="fields in the corpus")
    ] = 400,
    races: Annotated[
        int, typer.Option("--races", min=50, max=100_000, help="races per field")
    ] = 500,
    seed: Annotated[
        int,
        typer.Option(
            metavar="SEED",
            parser=seed_number,  # "--seed abc" said as every command's --seed says it
            callback=_corpus_seed,
            help=f"seed for the corpus and the dice (0 to {CORPUS_SEEDS - 1})",
        ),
    ] = 1,
    mode: ModeOption = "quick",
    charts: ChartsOption = None,
    plot: PlotOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Run the calibration study: every figure beside its real-racing band.

    Example: `homestretch stretch calibrate --charts my-stretch/charts --plot calibration.png`"""
    from homestretch.games.stretch.analysis.calibrate import (
        ODDS_BANDS,
        TARGETS,
        TIME_BANDS,
        dream_fields,
        extra_fields,
        going_total,
        run_study,
    )
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.rules.finish import format_time

    _picture(plot)
    total = fields + dream_fields(fields) + 2 * extra_fields(fields) + going_total(fields)
    chart_set = load_chart_set(charts)  # a bad folder said before the bar is drawn
    _standard_going(chart_set)
    with progress_bar(total, "running the corpus") as bar:
        report = run_study(
            fields,
            races,
            seed,
            chart_set,
            progress=lambda n: bar.advance(bar.task_ids[0], n),
            mode=_mode(mode),
        )
    if plot is not None:
        from homestretch.games.stretch.terminal.plot import calibration_plot

        calibration_plot(report, plot)
    if fmt is OutputFormat.json:
        echo_json({**report, "seed": seed})  # a fixed default, yet said as every run says it
        return
    figures = report["figures"]
    assert isinstance(figures, dict)
    table = Table(
        "figure",
        "simulated",
        "real racing",
        "",
        title=f"Calibration: {report['races']:,} races",
        title_justify="left",
    )
    for name, (low, high) in TARGETS.items():
        value = figures[name]
        ok = value is not None and low <= value <= high
        lengths = name == "margin_median_lengths"  # the one figure that is not a share
        table.add_row(
            FIGURE_WORDS.get(name, name),
            "-" if value is None else f"{value:.2f}" if lengths else _share(value),
            f"{low:.2f}-{high:.2f}" if lengths else _band(low, high),
            IN_BAND if ok else OUTSIDE,
        )
    for name, _, _, band in ODDS_BANDS:
        value = figures["win_rate_by_odds"][name]
        ok = band is not None and value is not None and band[0] <= value <= band[1]
        table.add_row(
            f"win rate at {name}",
            "-" if value is None else _share(value),
            "" if band is None else _band(*band),
            IN_BAND if ok else OUTSIDE,
        )
    for name, real in REAL_RATES.items():
        table.add_row(FIGURE_WORDS[name], f"{figures[name]:.2%}", real, "")
    for going, bands in TIME_BANDS.items():
        medians = figures["stakes_median_times_by_going"][going]
        for furlongs, (low, high) in bands.items():
            seconds = medians[f"{furlongs:g}f"]
            table.add_row(
                f"stakes winners' median time, {going} {furlongs:g}f",
                format_time(seconds),
                f"{format_time(low)}-{format_time(high)}",
                IN_BAND if low <= seconds <= high else OUTSIDE,
            )
    console.print(table)
    console.print(
        f"no winning time faster than the dirt records: {figures['records_never_beaten']}"
    )
    console.print(_field_types_table(report["by_field_type"], ODDS_BANDS))
    console.print(_pace_table(report["pace_by_field_size"], report["style_by_field_size"], mode))
    order = report["rulebook_order"]
    assert isinstance(order, list)
    if order:
        console.print("Against the rulebook's order (docs/stretch-formats.md, Chart sets):")
        for line in order:
            console.print(f"  {line}", markup=False, highlight=False)
    else:
        console.print(
            "The rulebook's order holds: no odds chart shorter than the one to its left, no "
            "odds class shorter further below the top APR, no Final Speed Figure lower for "
            "a higher Final APR."
        )
    console.print(
        f"ratings monotonic: {figures['apr_monotonic']}; front-runners win "
        f"{_share(figures['front_runner_win_rate_slow_pace'])} in slow paces vs "
        f"{_share(figures['front_runner_win_rate_normal_pace'])} in normal; closers "
        f"{_share(figures['closer_win_rate_fast_pace'])} in fast vs "
        f"{_share(figures['closer_win_rate_normal_pace'])}; speed-figure spread A "
        f"{figures['form_a_speed_sd']:.2f} vs E {figures['form_e_speed_sd']:.2f}"
    )


app.command("content")(content_command("stretch"))
app.command("rules")(rules_command("stretch"))
