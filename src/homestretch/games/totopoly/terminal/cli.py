"""`homestretch totopoly`: play at the terminal, study the balance, look at the board."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.control import Control
from rich.markup import escape

from homestretch.cli.common import (
    BOTS_HELP,
    OLD_PLAYERS_COUNT,
    PLAY_BOTS_HELP,
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
    bots_or_old_players,
    checks_table,
    console,
    echo_json,
    err_console,
    new_seed,
    old_spelling,
    open_store,
    people_named,
    progress_bar,
    prompt,
    said_drawn,
    seats_named,
    seed_line,
)
from homestretch.cli.content import content_command, content_folder
from homestretch.cli.human import HelpAsked, TerminalPlayer, asks_for_help
from homestretch.cli.plain import Table
from homestretch.cli.rules import rules_command
from homestretch.cli.table_loop import (
    clear_for_next_person,
    db_hint,
    dice_spec,
    play_at_terminal,
    saved_line,
    say_resumed,
    say_saved,
    say_the_end,
    watched,
)
from homestretch.core.actions import Action
from homestretch.core.content import plain_text
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import is_whole
from homestretch.core.protocol import JSON, State, replay
from homestretch.games.totopoly import ENTRY
from homestretch.games.totopoly.rules.house_rules import RULE_CHOICES

if TYPE_CHECKING:
    from homestretch.games.totopoly.content.loader import Content
    from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState
    from homestretch.session.seats import Seat
    from homestretch.session.table import Table as TableSession
    from homestretch.store.db import SavedGame, Store

BOT_KINDS = ("sensible", "search", "random")
"""The kinds of computer player --bot takes (``ENTRY.bots``, and random as in every game)."""
TOURNAMENT_KINDS = "search,sensible,sensible,random"
"""The players of a tournament not given --bot."""


app = typer.Typer(
    no_args_is_help=True,
    help="Start with `homestretch totopoly play --players Ann --bots 2 --short` (the short "
    "game, you and two computer players; without --short, the long game with the Tote).",
)

ShortOption = Annotated[
    bool, typer.Option("--short", help="the short game: no blue horses, no Tote, £100 entry")
]
RuleOption = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        help="a house rule where the rulebook reads two ways, NAME=VALUE (repeatable; "
        "the first value is our ruling): "
        + ", ".join(f"{name}={'|'.join(values)}" for name, values in RULE_CHOICES.items()),
    ),
]
ContentOption = Annotated[
    Path | None,
    typer.Option(
        "--content",
        callback=content_folder("totopoly"),
        help="a content folder to use instead of the built-in one (copy that one to edit "
        "with `homestretch totopoly content FOLDER`)",
    ),
]


class HotSeat:
    """Hides each person's hand from the others: before showing a new person's view,
    the screen and its scrollback are cleared and the seat handed over. With ``--format
    json`` the table talk goes to stderr so stdout carries only the result."""

    def __init__(
        self, content_folder: str | None, people: int, fmt: OutputFormat, quiet: bool = False
    ) -> None:
        from homestretch.games.totopoly.content.loader import load_content

        self.content = load_content(content_folder)
        self.last: int | None = None
        self.state: State | None = None
        """The table's state, for the seat's typed notices (set when play starts)."""
        self.people = people
        self.to_stderr = fmt is OutputFormat.json
        self.screen = err_console if self.to_stderr else console
        self.table: TableSession | None = None
        """The table, for the others' moves since a seat last chose (set when play starts)."""
        self.seen: dict[int, int] = {}
        """Each seat's place in the table's log when it was last shown."""
        self.moves: list[str] = []
        """The others' moves the screen on show was drawn with (m says them all)."""
        self.quiet = quiet
        """--quiet: no others' moves on a seat's screen (the game as it goes, as Across's
        --quiet says none of it); the table each seat chooses at is still shown."""
        self.opening: list[str] = []
        """The lines a game opens with (its seed, where it is saved and how to resume it),
        said again at the top of the first cleared screen: the clear wiped them before
        anyone read them. One person at a terminal has his first screen cleared too, to
        begin with them: they were printed over the shell's lines and went up with the
        first answer, or m's whole table, before he had read them."""
        self.opening_said = True
        """Whether ``opening`` was printed as the game opened (a new game's was; a resumed
        one's saved line was not, and one person not at a terminal is told it once)."""
        self.told_kept: set[int] = set()
        """The seats told what they paid for the leases they kept (``kept_line``)."""
        self.told_bought: set[tuple[int, int]] = set()
        """The lots (the notice's event, its player) told as bought (``bought_lines``)."""

    def others_moves(self, player: int, view: JSON) -> list[str]:
        """The other players' moves since ``player`` was last shown the table, in the
        log's words ("Computer 2: bid 37 guineas"): the bids and passes of an auction
        were seen by nobody at the terminal, who read only the lot's standing bid. All of
        them: a fitted screen says the latest and how many more, m says them all."""
        if self.table is None or self.quiet:
            return []
        now = self.table.version
        since = self.seen.get(player, max(0, now - MOVES_SHOWN * 4))
        self.seen[player] = now
        names = [p["name"] for p in view["players"]]
        return [
            f"{names[e['player']]}: {e['words']}"
            for e in self.table.log_for(player, since=since)
            if e.get("words") and e.get("player") not in (None, player)
        ]

    def prompt(self, text: str, **options: Any) -> str:
        return prompt(text, err=self.to_stderr, **options)

    def show(self, player: int, view: JSON) -> None:
        from homestretch.games.totopoly.terminal.render import (
            FITTED,
            phase_view,
            race_view,
            show_view,
        )

        if self.people > 1 and player != self.last:
            clear_for_next_person(self.screen)
            self.say_opening()  # once, on the first handover's screen
            self.prompt(
                f"Pass the seat to {view['players'][player]['name']} and press Enter",
                default="",
                show_default=False,
            )
        elif self.opening:  # one person: his first screen begins with them
            if self.screen.is_terminal:  # the visible screen only: his own lines above
                self.screen.control(Control.clear(), Control.home())
            elif self.opening_said:  # printed just above, nothing wiped them
                self.opening = []
            self.say_opening()
        self.last = player
        now = self.table.version if self.table is not None else 0
        since = self.seen.get(player, max(0, now - MOVES_SHOWN * 4))  # as others_moves
        moves = self.moves = self.others_moves(player, view)
        if view["phase"] == "race":  # redrawn at every move of the race: what fits 80 x 24
            race_view(self.screen, view, self.content, moves)
            return
        notices = self.state.notices_for(player) if self.state is not None else None
        if view["phase"] in FITTED:  # every move before the race: what fits 80 x 24 too
            bets = getattr(self.state, "bets", [])  # a ticket is bought in the open
            tickets = [(horse, pounds) for seat, horse, pounds in bets if seat == player]
            kept = self.kept_line(player, notices or [])
            paid = ([kept] if kept else []) + self.bought_lines(player, notices or [], since)
            phase_view(self.screen, view, self.content, moves, notices, tickets, paid)
            return
        show_view(self.screen, view, self.content, notices, moves[-MOVES_SHOWN:])

    def say_opening(self) -> None:
        """The opening lines, dim, once (``opening``)."""
        for line in self.opening:
            self.screen.print(line, style="dim", markup=False, highlight=False, soft_wrap=True)
        self.opening = []

    def bought_lines(
        self, player: int, notices: list[JSON], since: int
    ) -> list[tuple[str, list[str]]]:
        """The lots ``player`` bought since his last screen and what he paid for each,
        said once ("You bought No. 7 Buttercup Bay:", "£77 to the bank", "£4 commission to
        Cy"): at the auction his cash dropped and the lot joined his leases with no word
        (the others' moves his screen says are the others' alone, and the auction's
        screens say no notices)."""
        from homestretch.games.totopoly.rules.state import TotopolyState

        state = self.state
        if not isinstance(state, TotopolyState):  # the last lot: said in the ring
            return []
        names = {h.card: f"No. {h.number} {h.name}" for h in state.c.horses.values()}
        names |= {b.card: b.name for b in state.c.businesses.values()}
        lots: dict[tuple[int, str], list[str]] = {}
        for n in notices:
            if n["type"] != "payment" or n.get("payer") != player or n["at"] < since:
                continue
            if n.get("why") not in ("lot", "commission") or (n["at"], player) in self.told_bought:
                continue
            payee = n["payee"]
            to = "the bank" if payee == "bank" else state.names[payee]
            commission = " commission" if n["why"] == "commission" else ""
            lots.setdefault((n["at"], n["card"]), []).append(f"£{n['amount']}{commission} to {to}")
        self.told_bought |= {(at, player) for at, _ in lots}
        return [
            (f"You bought {names.get(card, card)}:", paid)
            for (_, card), paid in sorted(lots.items())
        ]

    def kept_line(self, player: int, notices: list[JSON]) -> tuple[str, list[str]] | None:
        """What ``player`` paid for the leases he kept, and each card's face value, said
        once on his first screen after the payment ("You paid £260 for the leases you
        kept:", "No. 4 £130", ...: ``render.listed_rows`` lays them out): his cash dropped
        between the discard and the auction, and the auction's screens say no notices."""
        from homestretch.games.totopoly.rules.state import TotopolyState

        state = self.state
        if not isinstance(state, TotopolyState) or player in self.told_kept:
            return None
        if state.phase != "auction":  # a game resumed later: long since paid
            return None
        paid = [n for n in notices if n["type"] == "payment" and n.get("why") == "leases kept"]
        if not paid:
            return None
        self.told_kept.add(player)
        values = {h.card: (f"No. {h.number}", h.value) for h in state.c.horses.values()}
        values |= {b.card: (b.name, b.value) for b in state.c.businesses.values()}
        kept = sorted(c for c, seat in state.retained.items() if seat == player and c in values)
        cards = [f"{values[c][0]} £{values[c][1]}" for c in kept]
        return f"You paid £{paid[-1]['amount']} for the leases you kept:", cards

    def more(self, player: int, view: JSON) -> bool:
        """m at a move: the whole table its screen leaves off."""
        from homestretch.games.totopoly.terminal.render import FITTED, show_view

        if view["phase"] != "race" and view["phase"] not in FITTED:
            return False
        notices = self.state.notices_for(player) if self.state is not None else None
        show_view(self.screen, view, self.content, notices, self.moves)  # every move since
        return True


LONG_LIST = 20
MOVES_SHOWN = 10
"""The most of the others' moves shown since a seat last chose (the latest)."""
SHOWN_STAKE = 5
OPEN_AMOUNTS = {"bid": "bid GUINEAS", "bet": "bet HORSE POUNDS", "offer": "offer POUNDS"}


HELP = (
    "type a number from the list, or a bid, bet or offer as the list writes it (such as "
    "bid 45 or bet 4 30); amounts may be any sum"
)


def typed_now(kinds: set[str]) -> str:
    """What may be typed at a moment whose moves are of ``kinds``: the list, and a bid,
    bet or offer of any amount when one may be made."""
    amounts = [OPEN_AMOUNTS[k] for k in sorted(kinds) if k in OPEN_AMOUNTS]
    typed = f", or {' or '.join(amounts)} (any amount)" if amounts else ""
    return f"type a number from the list{typed}"


LEASE = "lease:horse-{n:02d}"
HORSE_BY_NUMBER = {"reject": LEASE, "discard": LEASE, "lot": LEASE, "sell": "horse:{n}"}
"""A lease card or a horse to sell typed as the horse's number, by the move's kind: the
id it is (a lease card's, a horse's), as ``content.loader`` writes them."""


def parse_action(text: str) -> Action | None:
    """Read a typed action such as "bid 45" or "bet 4 30" (its text form)."""
    from homestretch.games.totopoly.rules.actions import ALL_ACTIONS

    words = text.split()
    if not words:
        return None
    if asks_for_help(text):
        raise HelpAsked(HELP)  # said as help is (say_help): then the question again
    cls = next((c for c in ALL_ACTIONS if c.kind == words[0].lower()), None)
    if cls is None:
        return None
    fields = dataclasses.fields(cls)
    shape = " ".join([cls.kind, *(f.name.upper() for f in fields)])
    if len(words) - 1 != len(fields):
        raise HomestretchError(f"cannot read {text!r}: write {shape}, or a number from the list")
    values: dict[str, object] = {}
    for f, word in zip(fields, words[1:], strict=True):
        if f.type in ("int", int):
            if not is_whole(word):
                raise HomestretchError(
                    f"cannot read {text!r}: {f.name.upper()} is a whole number (0 or more): "
                    f"write {shape}, or a number from the list"
                )
            values[f.name] = int(word)
        elif f.type in ("bool", bool):
            values[f.name] = word.lower() in ("true", "yes", "y", "1")
        elif is_whole(word) and cls.kind in HORSE_BY_NUMBER:
            # a horse by its number, as the menus name it ("reject 4": No. 4's lease was
            # "4 is not in your hand" while No. 4 was in it)
            values[f.name] = HORSE_BY_NUMBER[cls.kind].format(n=int(word))
        else:
            values[f.name] = word
    return cls(**values)


def under_the_dummy(lease: str, content: Content) -> str:
    """The exchange's move in the web board's words (words.py ``PAGE_TEMPLATES``, "Put
    No. 2 Night Ledger (black) under the dummy"), with a small letter as the menu's others
    are: it offered "reject the lease of No. 1 Ebony Lantern", which a newcomer read as
    turning a lease down, not as the card he gives up to the dummy."""
    from homestretch.games.totopoly.rules.words import MENU_CARD, PAGE_TEMPLATES, card_said

    horse = next((h for h in content.horses.values() if h.card == lease), None)
    named = card_said(f"horse:{horse.number}" if horse else lease, content, MENU_CARD)
    named = named.removeprefix("the lease of ")  # a business: by its name, as the web's
    said = PAGE_TEMPLATES["reject"].format(card=named)
    return said[0].lower() + said[1:]


def person(name: str, state: State, seat: HotSeat) -> TerminalPlayer:
    """A person at the terminal. Amounts (bids, bets, offers) may be any sum: the list
    shows the usual steps, and the state checks whatever is typed."""
    from homestretch.games.totopoly.rules.actions import Bet, ChangeTrack, Reject
    from homestretch.games.totopoly.rules.flow import Ask
    from homestretch.games.totopoly.rules.state import TotopolyState
    from homestretch.games.totopoly.rules.words import menu_said

    assert isinstance(state, TotopolyState)

    def describe(action: Action) -> str:
        """The action as a player reads it (words.py ``menu_said``): a card by its name,
        not its id ("reject lease:horse-01 (Ebony Lantern)" showed both); the exchange
        in the web board's words (``under_the_dummy``)."""
        if isinstance(action, Reject):
            return under_the_dummy(action.card, state.c)
        if isinstance(action, ChangeTrack) and state.crossing is not None:
            track = state.crossing[1]
            if action.track == track:
                return f"stay on track {track}"
            return f"cross to track {action.track}"
        pending = state.pending
        asked = getattr(pending, "about", None) if isinstance(pending, Ask) else None
        return menu_said(action, state.c, asked)

    def shorten(legal: list[Action]) -> list[Action]:
        if len(legal) <= LONG_LIST:
            return legal
        # Many horses times many stakes: list one stake a horse; any can be typed.
        return [a for a in legal if not isinstance(a, Bet) or a.pounds == SHOWN_STAKE]

    def hint(legal: list[Action]) -> str:
        kinds = sorted({a.kind for a in legal if a.kind in OPEN_AMOUNTS})
        return "or type any amount: " + ", ".join(OPEN_AMOUNTS[k] for k in kinds) if kinds else ""

    def example(legal: list[Action]) -> str:
        """A bid, bet or offer as typed ("bid 45"): its text form is what is read."""
        return next((str(a) for a in legal if a.kind in OPEN_AMOUNTS), "")

    def parse(text: str) -> Action | None:
        """``parse_action``, answered in the moment's words: ``help`` says what may be
        typed now (it named bids and bets at the exchange of cards), a move of another
        moment is "not a move now" and a horse there is none of is said so (they were
        "sell horse:99 is not allowed now (...)" and "lease:horse-99 is not in your
        hand", the ids, not what was typed)."""
        me = state.names.index(name) if name in state.names else None
        kinds = None if me is None else {a.kind for a in state.legal_actions(me)}
        if kinds is not None and asks_for_help(text):
            raise HelpAsked(typed_now(kinds))
        action = parse_action(text)
        if action is None or kinds is None:
            return action
        if action.kind not in kinds:
            raise HomestretchError(f"{text.strip()!r} is not a move now: {typed_now(kinds)}")
        words = text.split()
        typed = words[1] if len(words) > 1 and is_whole(words[1]) else None
        horse_typed = action.kind in HORSE_BY_NUMBER or isinstance(action, Bet)
        if horse_typed and typed is not None and int(typed) not in state.c.horses:
            numbers = sorted(state.c.horses)
            raise HomestretchError(
                f"there is no horse No. {int(typed)}: the horses are No. {numbers[0]} to "
                f"No. {numbers[-1]}"
            )
        return action

    return TerminalPlayer(
        name,
        state,
        seat.screen,
        seat.show,
        parse,
        ask=seat.prompt,
        describe=describe,
        shorten=shorten,
        hint=hint,
        example=example,
        more=seat.more,
        listing=lambda listed: short_listing(listed, describe),
    )


GRID = 6
"""Tickets of one stake a row in ``tote_listing``'s grid."""


def short_listing(listed: list[Action], describe: Callable[[Action], str]) -> list[str] | None:
    """A list of Tote tickets or of reports to read in a few lines (``tote_listing``,
    ``reports_listing``), the numbers reading as ever; None (a line a choice) at any
    other moment."""
    from homestretch.games.totopoly.rules.actions import Bet, DrawReport, Offer, OfferLot

    if any(isinstance(a, Bet) for a in listed):
        return tote_listing(listed, describe)
    if sum(isinstance(a, DrawReport) for a in listed) > 1:
        return reports_listing(listed, describe)
    if len(listed) > 2 and all(isinstance(a, OfferLot) for a in listed):
        from homestretch.games.totopoly.terminal.render import lots_listing

        return lots_listing([describe(a) for a in listed])  # two a row
    if len(listed) > 2 and all(isinstance(a, Offer) for a in listed):
        return offers_listing(listed)
    return None


def offers_listing(listed: list[Action]) -> list[str]:
    """A forced sale's offers in a line ("1-7  offer: 1 £0, 2 £5, 3 £10, ..."), the
    numbers reading as ever: a line a sum, seven, put a training screen's forced sale
    (the ring, its horses and the list) at 25 rows of a 24-row terminal."""
    sums = ", ".join(f"{n} £{getattr(a, 'pounds', 0)}" for n, a in enumerate(listed, start=1))
    return [f"  1-{len(listed):<3} offer: {sums}"]


def reports_listing(listed: list[Action], describe: Callable[[Action], str]) -> list[str]:
    """A club member's reports to read before he throws, a line a horse ("2-4  read for
    No. 3 Sable Regent (black): 2 Walroy, 3 Stevedon, 4 vet"): a line a report, most
    of them folded in two at 80 columns, were 13 rows of a training screen's 32."""
    from homestretch.games.totopoly.rules.actions import DrawReport

    lines: list[str] = []
    number = 1
    while number <= len(listed):
        action = listed[number - 1]
        run = []
        for later in listed[number - 1 :]:
            if not isinstance(later, DrawReport) or later.horse != getattr(action, "horse", None):
                break
            run.append(later)
        if len(run) < 2:
            lines.append(f"{number:>3}  {describe(action)}")
            number += 1
            continue
        horse = describe(action).rsplit(" for ", 1)[-1].removesuffix(", then throw")
        packs = ", ".join(f"{number + n} {pack_name(r.deck)}" for n, r in enumerate(run))
        lines.append(f"{number:>3}-{number + len(run) - 1:<3} read for {horse}: {packs}")
        number += len(run)
    return lines


def pack_name(deck: str) -> str:
    """A pack of reports in a word: "Walroy", "Stevedon", "vet"."""
    from homestretch.games.totopoly.rules.words import report_pack

    return report_pack(deck).split()[0].removesuffix("'s")


def tote_listing(listed: list[Action], describe: Callable[[Action], str]) -> list[str]:
    """A Tote window's list in a few lines, the numbers reading as ever: a horse's
    stakes in one line ("2-7  back No. 4 Rosehip Rally (red) for £1, £5, £10, £25, £50,
    £100", the numbers the sums in turn), and tickets of one stake on many horses as a
    grid of "NUMBER: No. HORSE" (13 lines of "back No. 4 Rosehip Rally (red) for £5 on
    the Tote" were the list: with the runners above it, 32 rows of 24)."""
    from homestretch.games.totopoly.rules.actions import Bet

    lines: list[str] = []
    number = 1
    while number <= len(listed):
        action = listed[number - 1]
        if not isinstance(action, Bet):
            lines.append(f"{number:>3}  {describe(action)}")
            number += 1
            continue
        stakes = _run(listed[number - 1 :], "horse")
        last = number + len(stakes) - 1
        if len(stakes) > 1:  # one horse, several sums
            horse = describe(action).rsplit(" for £", 1)[0]
            sums = ", ".join(f"£{b.pounds}" for b in stakes)
            lines.append(f"{number:>3}-{last:<3} {horse} for {sums}")
            number = last + 1
            continue
        horses = _run(listed[number - 1 :], "pounds")
        last = number + len(horses) - 1
        if len(horses) == 1:
            lines.append(f"{number:>3}  {describe(action)}")
            number += 1
            continue
        lines.append(
            f"{number:>3}-{last:<3} back a horse for £{action.pounds}: type the number "
            "beside its No."
        )
        cells = [f"{number + n:>3}: No. {b.horse:<2}" for n, b in enumerate(horses)]
        lines += ["  ".join(cells[i : i + GRID]) for i in range(0, len(cells), GRID)]
        number = last + 1
    return lines


def _run(actions: list[Action], same: str) -> list[Any]:
    """The Tote tickets at the head of ``actions`` whose ``same`` (horse, pounds) is the
    first's."""
    from homestretch.games.totopoly.rules.actions import Bet

    run: list[Any] = []
    for action in actions:
        if not isinstance(action, Bet) or getattr(action, same) != getattr(actions[0], same):
            break
        run.append(action)
    return run


def parse_rules(given: list[str] | None) -> dict[str, str]:
    """--rule NAME=VALUE as typed, each checked: a mistake names the --rule it is in."""
    from homestretch.games.totopoly.rules.state import RULE_CHOICES, check_rules

    rules: dict[str, str] = {}
    for item in given or []:
        name, sep, value = item.partition("=")
        if not sep:
            # a rule named without its value is told its values; else the rules are listed
            choices = RULE_CHOICES.get(item.strip())
            said = (
                f"write {item.strip()}={' or '.join(choices)}"
                if choices
                else f"write NAME=VALUE; the rules: {', '.join(RULE_CHOICES)}"
            )
            raise HomestretchError(f"--rule {item!r}: {said}")
        try:
            check_rules({name.strip(): value.strip()})
        except HomestretchError as exc:
            raise HomestretchError(f"--rule {item!r}: {exc}") from None
        rules[name.strip()] = value.strip()
    return rules


def _summary(state: TotopolyState) -> str:
    result = state.result()
    if result["winner"] is None:
        return "no horse was placed"
    first = result["placings"][0]
    return f"{result['winner_name']} won with No. {first} {state.c.horses[first].name}"


def _finish(
    state: TotopolyState,
    fmt: OutputFormat,
    screen: Console | None,
    ids: JSON | None = None,
    fitted: bool = False,
) -> None:
    """The finished race and the prizes, on ``screen`` (none: not shown); with ``--format
    json`` the result as JSON on stdout, after them, with ``ids`` (the game's id, status
    and seed, as the other games print theirs). ``fitted``: the end of a game played
    here, in 24 rows under its heading (the course, 12 rows more, is the whole result's:
    ``say_the_end``)."""
    from homestretch.games.totopoly.terminal.render import course_picture

    result = state.result()
    if screen is not None and fitted:
        screen.rule("Totopoly: the end")
    elif screen is not None:
        screen.print(course_picture(state.view(None), state.c, width=screen.width))
    if screen is not None:
        table = Table("place", "horse", "owner", "prize")
        for place, won in enumerate(result["prizes"], start=1):
            name = state.c.horses[won["horse"]].name
            horse = f"No. {won['horse']} {name}"
            table.add_row(str(place), horse, won["owner"]["name"], f"£{won['pounds']}")
        screen.print(table)
        screen.print(f"the banker's 10%: £{result['banker_fee']}")
        for horse in result["disqualified"]:
            screen.print(f"No. {horse} was disqualified (its owner kept a white card)")
        cash = ", ".join(f"{p['name']} £{p['pounds']}" for p in result["cash"])
        screen.print(escape(f"cash: {cash}"))
        screen.print(f"[bold]{escape(_summary(state))}[/bold]")
    if fmt is OutputFormat.json:
        echo_json({**(ids or {}), **result_json(state)})


def result_json(state: TotopolyState) -> JSON:
    """The result as ``--format json`` prints it: the rules' result, and ``winners`` named
    as every game names its players (``seats_named``; ``winner`` and ``winner_name`` as
    before)."""
    result = state.result()
    won = [] if result["winner"] is None else [result["winner"]]
    return {**result, "winners": seats_named(won, state.names)}


def _play_on(
    table: TableSession,
    game_id: int,
    store: Store,
    game: TotopolyGame,
    fmt: OutputFormat,
    db: Path | str | None,
    quiet: bool = False,
    opening: list[str] | None = None,
    opening_said: bool = True,
) -> None:
    """Play the table to the end at this terminal, every event stored as it happens
    (``quiet``: the result, the people's screens without the others' moves; computer
    players' games print the result alone either way; ``opening``: the lines said as
    the game opened (``opening_said``) or to be said, at the top of the first person's
    first screen)."""
    from homestretch.games.totopoly.rules.state import TotopolyState

    people_seats = [s for s, seat in enumerate(table.seats) if seat.is_person]
    seat = HotSeat(game.content_folder, len(people_seats), fmt, quiet)
    seat.opening = list(opening or [])
    seat.opening_said = opening_said
    seat.state = table.state
    seat.table = table
    people = {s: person(table.seats[s].name, table.state, seat) for s in people_seats}
    to_stderr = fmt is OutputFormat.json
    play_at_terminal(table, game_id, people, ask=lambda node: ask_roll(node, to_stderr), db=db)
    final = table.state
    assert isinstance(final, TotopolyState)
    store.finish(game_id, _summary(final))
    ids = {"id": game_id, "status": "finished", "seed": table.seed}
    screen = seat.screen if watched(fmt, table) else None
    _finish(final, fmt, screen, ids, fitted=True)  # where it asks
    if screen is not None:  # as every game ends: m for the whole result, how to see it again
        from homestretch.games.totopoly.terminal.render import course_picture

        course = course_picture(final.view(None), final.c, width=screen.width)
        say_the_end(screen, game_id, db, lambda: screen.print(course))


@app.command("play")
def play_command(
    players: Annotated[
        str, typer.Option("--players", help="people's names, comma-separated: Ann,Bob")
    ] = "",
    bots: Annotated[
        int | None,
        typer.Option("--bots", min=0, max=6, help=PLAY_BOTS_HELP),
    ] = None,
    bot: Annotated[str | None, typer.Option("--bot", help=bot_help(BOT_KINDS))] = None,
    short: ShortOption = False,
    seed: SeedOption = None,
    dice: DiceOption = None,
    dice_file: DiceFileOption = None,
    content: ContentOption = None,
    rule: RuleOption = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="only the result, not the game as it goes")
    ] = False,
    fmt: FormatOption = OutputFormat.text,
    db: DbOption = None,
) -> None:
    """Play a game at this terminal (hot seat), saved after every move.

    Example: `homestretch totopoly play --players Ann,Bob --bots 2 --rule auction=final_pass`"""
    from homestretch.games.totopoly.content.loader import load_content
    from homestretch.games.totopoly.rules.state import TotopolyGame, check_rules
    from homestretch.session.saved import open_new
    from homestretch.session.seats import computer
    from homestretch.session.seats import person as seat_person

    # what was typed is checked first, the files named above all, before what is missing
    # (the players): one fault at a time, the one the person just wrote first
    if content is not None:
        load_content(str(content))
    rules = check_rules(parse_rules(rule))
    spec = dice_spec(seed, dice, dice_file)
    people_named(players)  # names, not a count (that is --bots)
    names = [plain_text(n.strip(), "--players") for n in players.split(",") if n.strip()]
    # --bot KIND (sensible when not given) for them all, or one each: as every game takes it
    kinds = bot_kinds(bot, bots, sorted(BOT_KINDS), "sensible")
    names += [f"Computer {i + 1}" for i in range(len(kinds))]
    seen: set[str] = set()
    for name in names:  # the hot seat hands over by name: each must be told apart
        if name.casefold() in seen:
            raise HomestretchError(
                f"--players: {name!r} is named twice: every player needs a different name"
            )
        seen.add(name.casefold())
    if not 2 <= len(names) <= 6:
        raise HomestretchError(
            f"Totopoly needs 2 to 6 players; --players and --bots give {len(names)} "
            "(such as --players Ann,Bob --bots 1)"
        )
    game = TotopolyGame(
        len(names),
        names=names,
        short=short,
        content=str(content.resolve()) if content else None,
        computer=list(range(len(names) - len(kinds), len(names))),
        rules=rules,
    )
    people = len(names) - len(kinds)
    seats = [seat_person(n) for n in names[:people]]
    seats += [computer(n, kind) for n, kind in zip(names[people:], kinds, strict=True)]
    store = open_store(db)
    table, game_id = open_new(store, ENTRY, game, seats, spec, label=", ".join(names))
    announce_seed(spec.seed, spec.kind, fmt)  # once it is saved: a refused store names no seed
    hint = db_hint(store)
    notes = err_console if fmt is OutputFormat.json else console
    opening = [saved_line(game_id, hint)]
    if spec.kind == "seeded" and spec.seed is not None:
        opening.insert(0, seed_line(spec.seed))  # as announce_seed said it
    if watched(fmt, table):  # a JSON run of computer players: its JSON alone
        say_saved(notes, game_id, hint)
    _play_on(table, game_id, store, game, fmt, hint, quiet, opening)


def legacy_seats(game: TotopolyGame) -> list[Seat]:
    """The seats of a game saved before tables kept them: its config names the seats
    the computer plays."""
    from homestretch.session.seats import computer
    from homestretch.session.seats import person as seat_person

    return [
        computer(name, "sensible") if s in game.computer else seat_person(name)
        for s, name in enumerate(game.names)
    ]


def resume_saved(saved: SavedGame, store: Store, fmt: OutputFormat = OutputFormat.text) -> None:
    """Rebuild the table from its log and play on, exactly as if it had not stopped."""
    from homestretch.games.totopoly.rules.state import TotopolyGame
    from homestretch.session.saved import rebuild

    game = TotopolyGame.from_config(saved.config)
    table = rebuild(store, saved, game, legacy_seats=legacy_seats(game), game_entry=ENTRY)
    say_resumed(saved, table, fmt)
    db = db_hint(store)
    opening = [saved_line(saved.id, db)]
    _play_on(table, saved.id, store, game, fmt, db, opening=opening, opening_said=False)


def show_saved(saved: SavedGame, fmt: OutputFormat) -> None:
    from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

    state = replay(TotopolyGame.from_config(saved.config), saved.events)
    assert isinstance(state, TotopolyState)
    if fmt is OutputFormat.json:  # the result too once it is over, as `play` gives it
        over = {"result": result_json(state)} if state.is_over() else {}
        echo_json({"id": saved.id, "status": saved.status, **over, "view": state.view(None)})
        return
    for line in state.news:
        console.print(escape(line))
    if state.is_over():
        _finish(state, fmt, console)
    else:  # where the table stands, as Across and Derby Cast say
        console.print(escape(f"in progress: {in_progress(state)}"))


def in_progress(state: TotopolyState) -> str:
    """Where an unfinished game stands: its phase in the board's words."""
    from homestretch.games.totopoly.rules.words import PAGE_NAMES

    where = PAGE_NAMES["phases"].get(state.phase, state.phase)
    run = state.turns
    return f"{where}, after {run} {'turn' if run == 1 else 'turns'}" if run else where


@app.command("simulate")
def simulate_command(
    n: Annotated[
        int, typer.Option("-n", "--games", min=1, max=100_000, help="how many games")
    ] = 200,
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots", min=2, max=6, help=f"{BOTS_HELP}: a game's (default 4); {OLD_PLAYERS_COUNT}"
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", min=2, max=6, hidden=True)] = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help=f"{bot_help(BOT_KINDS)} (default sensible at every seat)"),
    ] = None,
    short: ShortOption = False,
    seed: SeedOption = None,
    content: ContentOption = None,
    rule: RuleOption = None,
    board_alone: Annotated[
        bool,
        typer.Option("--board-alone", help="empty the colour card piles: the board alone"),
    ] = False,
    match_races: Annotated[
        int | None,
        typer.Option(
            "--match-races",
            min=1,
            max=1_000_000,
            help="instead of games, this many match races of four untrained horses, one "
            "of each colour and one a seat (no nominee): the board's own order",
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="also draw the whole games' checks: wins by seat with 95% intervals, "
            "the length of a game (PNG, SVG or PDF)",
        ),
    ] = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Computer players play many games: win rates by colour and by advantage cards, and whether a whole game does what the rulebook says a game is for (each check met or NOT MET).

    Example: `homestretch totopoly simulate -n 500 --board-alone`

    Example: `homestretch totopoly simulate -n 300 --content my-board --plot games.png`

    Example: `homestretch totopoly simulate -n 200 --bot sensible,sensible,random,random`

    Example: `homestretch totopoly simulate --match-races 4000 --content my-board` (the board alone)"""
    from homestretch.games.totopoly.analysis.simulate import simulate as run_study
    from homestretch.games.totopoly.analysis.simulate import without_colour_cards
    from homestretch.games.totopoly.analysis.whole_game import checks as game_checks
    from homestretch.games.totopoly.content.loader import COLOURS
    from homestretch.games.totopoly.rules.state import TotopolyGame

    if n < 1:
        raise HomestretchError("-n must be at least 1")
    kinds = _simulated_kinds(bot, bots_or_old_players(bots, players, 0) or None)
    if bot is not None and match_races is not None:
        raise HomestretchError(
            f"--bot {bot}: match races are run by sensible players, one horse a seat: "
            "not with --match-races"
        )
    game = TotopolyGame(
        len(kinds),
        short=short,
        content=str(content.resolve()) if content else None,
        rules=parse_rules(rule),
    )
    if board_alone:
        without_colour_cards(game)
    if plot is not None:
        from homestretch.cli.pictures import picture_path

        if match_races is not None:
            raise HomestretchError("--plot draws whole games: not with --match-races")
        picture_path(plot)  # before the games: a bad name does not waste them
    used = seed if seed is not None else new_seed()
    announce_seed(used, "seeded", fmt)
    if match_races is not None:  # four seats, a horse each, whatever the games would seat
        if short:
            raise HomestretchError("--match-races races a blue horse: not with --short")
        field = TotopolyGame(4, content=game.content_folder, rules=game.rules)
        _match_races(field, match_races, used, fmt)
        return
    with progress_bar(n, "playing Totopoly") as bar:
        report = run_study(
            game,
            n,
            used,
            on_game=lambda: bar.advance(bar.task_ids[0]),
            kinds=kinds if bot is not None else None,
        )
    checks = game_checks(report["whole_game"])
    report["checks"] = [check.to_json() for check in checks]
    report["met"] = sum(check.met for check in checks)
    if plot is not None:
        _plot_games(report, game, used, plot)
    if fmt is OutputFormat.json:
        echo_json(report)
        return
    table = Table("colour", "share of races won", "win rate per runner")
    for colour in COLOURS:
        per_runner = report["win_rate_per_runner_by_colour"][colour]
        table.add_row(
            colour,
            f"{report['win_rate_by_colour'][colour]:.1%}",
            "-" if per_runner is None else f"{per_runner:.1%}",
        )
    console.print(table)
    cards = Table(
        "colour",
        *(f"{b} cards" for b in ("0", "1", "2", "3+")),
        title="win rate per runner by colour cards held (and of those nominated)",
    )

    def cell(entry: dict[str, Any]) -> str:
        if entry["win_rate"] is None:
            return "-"
        said = f"{entry['win_rate']:.1%} of {entry['runners']}"
        if entry["nominees"]:
            said += f"\n({entry['nominee_win_rate']:.1%} of {entry['nominees']})"
        return said

    for colour in COLOURS:
        row = report["win_rate_by_advantage_cards"][colour]
        cards.add_row(colour, *(cell(row[b]) for b in ("0", "1", "2", "3+")))
    console.print(cards)
    console.print(
        f"won by a horse its owner had not nominated: {report['unnominated_win_rate']:.1%}"
    )
    console.print(
        f"{report['games']} games; per game {report['turns_per_game']} turns, "
        f"{report['decisions_per_game']} decisions: {report['auction_bids_per_game']} "
        f"auction bids and passes over {report['lots_per_game']} lots, "
        f"{report['setup_decisions_per_game']} other decisions before the race and "
        f"{report['race_decisions_per_game']} in it; {report['training_throws_per_game']} "
        f"throws in the training ring and {report['race_throws_per_game']} on the course"
    )
    if bot is not None:
        console.print(f"players, seat by seat: {', '.join(kinds)}", markup=False)
    kind = "short" if short else "long"
    title = f"Does a whole {kind} game do what a game is for? (the rulebook's; seed {used})"
    console.print(checks_table(checks, title))
    console.print(f"{report['met']} of {len(checks)} checks met", markup=False)
    if plot is not None:
        said_drawn(plot, fmt)


def _simulated_kinds(bot: str | None, bots: int | None) -> list[str]:
    """The kind of each seat a simulation plays, in seat order, as `play` takes them:
    ``--bots N`` counts them (4 when not given), ``--bot KIND`` is every one's kind,
    ``--bot K1,K2,...`` each one's (its length the count when --bots is left out)."""
    if bot is None or "," not in bot:
        kinds = bot_kinds(bot or "sensible", bots or 4, sorted(BOT_KINDS), "sensible")
    else:
        kinds = bot_kinds(bot, bots, sorted(BOT_KINDS), "sensible")
    if not 2 <= len(kinds) <= 6:
        raise HomestretchError(
            f"a Totopoly game needs 2 to 6 players: --bot {bot} names {len(kinds)} (such as "
            "--bot sensible,random, or --bots 4 --bot random)"
        )
    return kinds


def _plot_games(report: JSON, game: TotopolyGame, seed: int, path: Path) -> None:
    """The whole games' checks drawn: wins by seat, and the length of a game in minutes
    at the pace the checks read (analysis/whole_game.py)."""
    from homestretch.cli.pictures import whole_game_chart
    from homestretch.games.totopoly.analysis.whole_game import MINUTES, PACE

    whole = report["whole_game"]
    pace = sum(PACE) / 2 / 60
    minutes: dict[int, int] = {}
    for actions, games in whole["length"]["games_by_length"].items():
        at = round(int(actions) * pace)
        minutes[at] = minutes.get(at, 0) + games
    kind = "short" if game.short else "long"
    whole_game_chart(
        f"Totopoly, {whole['games']} {kind} games of {game.players} (seed {seed})",
        list(game.names),
        whole["seat_win_rate"],
        [(low, high) for low, high in whole["seat_win_interval"]],
        minutes,
        f"minutes, at {sum(PACE) / 2:g} s a throw or decision",
        path,
        MINUTES[game.short],
    )


def _match_races(game: Any, races: int, seed: int, fmt: OutputFormat) -> None:
    """The board measured without nominations (docs/totopoly.md, "The balance study"):
    each colour's share of ``races`` match races, with a 95% interval."""
    from homestretch.games.totopoly.analysis.design import match_checks
    from homestretch.games.totopoly.analysis.simulate import training_study
    from homestretch.games.totopoly.content.loader import COLOURS

    report = training_study(game, races, seed)
    checks = match_checks(report)
    if fmt is OutputFormat.json:
        echo_json({**report, "checks": [check.to_json() for check in checks]})
        return
    table = Table("colour", "share of match races won", "95% interval", title="match races")
    for colour in COLOURS:
        rate, error = report["win_rate"][colour], report["stderr"][colour]
        low, high = max(0.0, rate - 1.96 * error), min(1.0, rate + 1.96 * error)
        table.add_row(colour, f"{rate:.1%}", f"{low:.1%}-{high:.1%}")
    console.print(table)
    console.print(
        f"{races} races of a black, a red, a yellow and a blue horse (Nos. 1, 4, 7, 10), "
        "untrained, one a seat so nobody nominates; each starts from each seat in turn"
    )
    console.print(checks_table(checks, f"The colours' order (the rulebook's; seed {seed})"))


@app.command("tournament")
def tournament_command(
    n: Annotated[
        int, typer.Option("-n", "--games", min=1, max=100_000, help="how many games")
    ] = 100,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            help=f"{bot_help(BOT_KINDS)} (default {TOURNAMENT_KINDS}, the players' kinds in "
            "turn round the seats)",
        ),
    ] = None,
    bots: Annotated[
        int | None,
        typer.Option("--bots", min=2, max=6, help=f"{BOTS_HELP}: as many as --bot names"),
    ] = None,
    kinds: Annotated[str | None, typer.Option("--kinds", hidden=True)] = None,
    short: ShortOption = False,
    seed: SeedOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Kinds of computer player play each other: average final money and race wins.

    Example: `homestretch totopoly tournament -n 200 --bot search,sensible,sensible,random`"""
    from homestretch.games.totopoly.analysis.tournament import check_kinds
    from homestretch.games.totopoly.analysis.tournament import tournament as run_tournament
    from homestretch.games.totopoly.rules.state import TotopolyGame

    if n < 1:
        raise HomestretchError("-n must be at least 1")
    # --kinds K1,K2,...: the old spelling of --bot, kept for scripts (hidden)
    typed = old_spelling("--bot", bot, "--kinds", kinds)
    option = "--kinds" if bot is None and kinds is not None else "--bot"
    if typed is None and bots not in (None, len(TOURNAMENT_KINDS.split(","))):
        raise HomestretchError(
            f"--bots {bots}: say their kinds with --bot, one for all or one each (without "
            f"it a tournament is {TOURNAMENT_KINDS})"
        )
    alone = typed is not None and bots is None and "," not in typed
    if alone or (bots is None and typed is not None and typed.count(",") > 5):
        count = typed.count(",") + 1 if typed is not None else 0
        raise HomestretchError(
            f"a tournament needs 2 to 6 players: {option} {typed} gives {count} (such as "
            "--bot search,sensible,random, or --bots 4 --bot search)"
        )
    seated = bot_kinds(typed or TOURNAMENT_KINDS, bots, sorted(BOT_KINDS), "", option)
    game = TotopolyGame(len(seated), short=short)
    check_kinds(seated, game.players)
    used = seed if seed is not None else new_seed()
    announce_seed(used, "seeded", fmt)
    with progress_bar(n, "Totopoly tournament") as bar:
        report = run_tournament(game, seated, n, used, lambda: bar.advance(bar.task_ids[0]))
    if fmt is OutputFormat.json:
        echo_json(report)
        return
    table = Table("kind", "seats", "average final money", "race wins", "win rate a seat")
    for kind, row in report["kinds"].items():
        table.add_row(
            kind,
            str(row["seats"]),
            f"£{row['average_money']} ± {row['average_money_stderr']}",
            str(row["race_wins"]),
            f"{row['race_win_rate_per_seat']:.1%} ± {row['race_win_rate_stderr']:.1%}",
        )
    console.print(table)
    console.print(f"{n} games, kinds rotated round the seats; ± one standard error")


@app.command("board")
def board_command(content: ContentOption = None, fmt: FormatOption = OutputFormat.text) -> None:
    """Show the board and cards: lease cards, training ring, racecourse, report decks.

    Example: `homestretch totopoly board --content my-board`"""
    from homestretch.games.totopoly.analysis.design import board_checks, money_flow
    from homestretch.games.totopoly.content.loader import load_content
    from homestretch.games.totopoly.terminal.render import course_picture

    c = load_content(str(content) if content else None)
    flow = money_flow(c)
    checks = board_checks(c, flow)
    if fmt is OutputFormat.json:
        echo_json(
            {
                "money_flow": flow,
                "checks": [check.to_json() for check in checks],
                "source": c.source,
                "horses": [dataclasses.asdict(h) for h in c.horses.values()],
                "businesses": [dataclasses.asdict(b) for b in c.businesses.values()],
                "ring": {
                    "squares": c.ring_size,
                    "boxes": c.boxes,
                    "instructions": [dataclasses.asdict(s) for s in c.ring.values()],
                },
                "reports": {
                    d: [dataclasses.asdict(c.reports[i]) for i in ids] for d, ids in c.decks.items()
                },
                "supply": c.supply,
                "at_a_time": c.at_a_time,
                "course": {
                    "tracks": c.course.tracks,
                    "lengths": c.course.lengths,
                    "bend": list(c.course.bend),
                    "cells": [list(row) for row in c.course.cells],
                },
            }
        )
        return
    leases = Table("card", "colour / role", "face value", title="lease cards")
    for h in c.horses.values():
        leases.add_row(f"No. {h.number} {h.name}", h.colour, f"£{h.value}")
    for b in c.businesses.values():
        leases.add_row(b.name, b.role, f"£{b.value}")
    console.print(leases)
    ring = Table("square", "instruction", title=f"training ring ({c.ring_size} squares)")
    for square in sorted(c.ring.values(), key=lambda s: s.at):
        ring.add_row(str(square.at), square.text)
    console.print(ring)
    empty: JSON = {"horses": [], "finish": []}
    console.print(course_picture(empty, c, width=console.width))
    _money_flow_tables(flow, checks)


def _money_flow_tables(flow: JSON, checks: list[Any]) -> None:
    """What the training ring pays and gives (analysis/design.py), and the board's checks."""
    per_colour = flow["per_colour"]
    table = Table(
        "payee",
        "value",
        "a game",
        *per_colour,
        title=f"the training ring's money flow, £ expected: a game ({flow['players']} players "
        "leading three horses each, paid by the others), a circuit of one horse of each colour",
    )
    for payee in flow["payees"]:
        key = payee["payee"]
        table.add_row(
            payee["name"],
            f"£{payee['value']}" if key != "bank" else "",
            f"{payee['per_game']:.0f}",
            *(f"{run['paid'].get(key, 0):.1f}" for run in per_colour.values()),
        )
    for cards in ("colour_cards", "white_cards"):
        said = cards.replace("_", " ")
        table.add_row(said, "", "", *(f"{run[cards]:.2f}" for run in per_colour.values()))
    console.print(table)
    fees = flow["club_fees"]
    console.print(
        f"the club's entrance fees, paid once a player (T45): £{fees['per_game']:.2f} a game, "
        f"£{fees['least']:.2f}-£{fees['most']:.2f} as the horses are shared out",
        markup=False,
    )
    console.print(checks_table(checks, "Does the board do what it is for?"))


app.command("content")(content_command("totopoly"))
app.command("rules")(rules_command("totopoly"))
