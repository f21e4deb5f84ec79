"""`homestretch across`: play a game, measure the tracks, list the content."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple

import typer
from rich.console import Console
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
    ahead_of,
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
    one_of,
    open_store,
    people_named,
    progress_bar,
    prompt,
    said_drawn,
)
from homestretch.cli.common import typed as was_typed
from homestretch.cli.content import content_command, content_folder
from homestretch.cli.human import Aside, HelpAsked, TerminalPlayer, asks_for_help
from homestretch.cli.plain import Table
from homestretch.cli.rules import rules_command
from homestretch.cli.table_loop import (
    clear_for_next_person,
    db_hint,
    dice_spec,
    play_at_terminal,
    say_resumed,
    say_saved,
    say_the_end,
    watched,
)
from homestretch.core.actions import Action
from homestretch.core.content import plain_text
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import MAX_RUNS, either_of, escape_controls, nearest, nearest_all
from homestretch.core.protocol import JSON, Event, Game, State, replay
from homestretch.games.across import ENTRY
from homestretch.games.across.rules import actions as act
from homestretch.games.across.rules.phases import RACES
from homestretch.games.across.rules.totalizator import TICKET_PRICE
from homestretch.games.across.rules.words import PAGE, fifties

if TYPE_CHECKING:
    from homestretch.core.referee import Agent
    from homestretch.games.across.content.loader import Content
    from homestretch.games.across.rules.state import AcrossState
    from homestretch.session.seats import Seat
    from homestretch.session.table import Table as TableSession
    from homestretch.store.db import SavedGame, Store

app = typer.Typer(
    no_args_is_help=True,
    help="Start with `homestretch across play --players Ann --bots 2` (you and two computer "
    "players: an auction, then eight races with bets between them).",
)

ContentOption = Annotated[
    Path | None,
    typer.Option(
        "--content",
        callback=content_folder("across"),
        help="a content folder to use instead of the built-in one (copy that one to edit "
        "with `homestretch across content FOLDER`)",
    ),
]
MENU_MAX = 24
"""Longer menus are summarised as commands to type."""
BOT_KINDS = ("sensible", "search", "never-bet", "random")
"""The kinds of computer player --bot takes (``ENTRY.bots``, and random as in every game)."""


# --- people at the terminal -----------------------------------------------------------
def parse_command(
    text: str, now: Collection[type[Action]] | None = None, aside: str | None = None
) -> Action:
    """Read a typed command such as 'bet 7', 'bid 12 with 3', 'dd 7 8', 'sell 4 to 2 for 6'.
    ``now``: the kinds of move the person may make at this moment, if known: text that
    cannot be read is answered with what fits the moment (no bid hint at the track
    choice). ``aside``: the name of another person at the keyboard typing out of turn
    (``NAME: COMMAND``), who has no list to pick from."""
    text = text.strip()
    words = text.lower().replace(",", " ").split()
    nums = [int(w) for w in words if re.fullmatch(r"-?[0-9]{1,18}", w)]
    head = words[0] if words else ""
    simple: dict[str, Action] = {
        "pass": act.Pass(),
        "done": act.Done(),
        "d": act.Done(),
        "accept": act.Accept(),
        "a": act.Accept(),
        "reject": act.Reject(),
        "r": act.Reject(),
        "yes": act.Answer(True),
        "y": act.Answer(True),
        "no": act.Answer(False),
        "n": act.Answer(False),
    }
    if head in simple and not nums:
        return simple[head]
    if asks_for_help(text):
        raise HelpAsked(HELP)  # said as help is (say_help): then the question again
    shapes: dict[str, tuple[int, type[Action]]] = {
        "bet": (1, act.Bet),
        "dd": (2, act.DailyDouble),
        "loan": (2, act.TakeLoan),
        "repay": (1, act.RepayLoan),
        "sell": (3, act.OfferHorse),
        "buy": (2, act.OfferToBuy),
        "lend": (2, act.OfferLoan),
        "payback": (2, act.PayBack),
    }
    if head == "ring" and len(nums) == 4:  # ring H N with SEAT pays K
        horse, tickets, partner, stake = nums
        return act.OfferRing(horse, tickets, typed_seat(partner), stake)
    if head == "lend" and len(nums) == 3:  # lend SEAT N back M: agreed terms
        return act.OfferLoanTerms(typed_seat(nums[0]), nums[1], nums[2])
    if head == "bid" and len(nums) in (1, 2):
        return act.Bid(nums[0], typed_seat(nums[1]) if len(nums) == 2 else act.NOBODY)
    if head == "track" and len(words) >= 2:
        return act.ChooseTrack("-".join(words[1:]))
    if head in shapes and len(nums) == shapes[head][0]:
        at = SEAT_AT.get(head)  # where the command names a seat, counted from 1
        if at is not None:
            nums[at] = typed_seat(nums[at])
        return shapes[head][1](*nums)
    if len(words) == 1 and nums and aside is None:  # a number typed that is not on the list
        raise HomestretchError(f"there is no choice {nums[0]} on the list")
    usage = next((u for u in USAGES if u.split()[0] == head), "")
    if now is not None and usage and not set(COMMAND_KINDS[head]) & set(now):
        who = "" if aside is None else f" for {aside}"
        raise HomestretchError(
            f"cannot read {text!r}, and {head!r} is not a move{who} now: {fits(now, aside)}"
        )
    if usage:
        raise HomestretchError(f"cannot read {text!r}: write {usage}")
    if now is not None:
        raise HomestretchError(f"cannot read {text!r}: {fits(now, aside)}")
    raise HomestretchError(f"cannot read {text!r}: type a number from the list, or {HELP}")


def fits(now: Collection[type[Action]], aside: str | None = None) -> str:
    """What may be typed at a moment whose moves are of the kinds ``now``; for
    ``aside``, another person at the keyboard, who has no list and only deals."""
    usages = [u for u in USAGES if set(COMMAND_KINDS[u.split()[0]]) & set(now)]
    if aside is not None:
        if not usages:
            return f"no dealing can be made now, so {aside} waits until the game goes on"
        return f"out of turn {aside} may only deal, typing {aside}: and then {' | '.join(usages)}"
    return "type a number from the list" + (f", or {' | '.join(usages)}" if usages else "")


SEAT_AT = {"sell": 1, "lend": 0, "payback": 0}
"""Which typed number is a seat: people count seats from 1 (the table's first column), the
actions from 0 (as they are stored)."""


def typed_seat(number: int) -> int:
    """A seat as typed (1 for the first) as the actions count it (0 for the first)."""
    if number < 1:
        raise HomestretchError(f"there is no seat {number}: seats are numbered from 1")
    return number - 1


def said_seat(seat: int) -> int:
    """A seat as people read and type it: 1 for the first."""
    return seat + 1


HELP = (
    "commands: bet H | dd H1 H2 | bid N [with SEAT] | pass | done | accept (a) | reject (r) | "
    "yes | no | loan H N | repay H | sell H to SEAT for N | buy H for N | lend SEAT N "
    "[back M] | payback SEAT N | ring H TICKETS with SEAT pays K | "
    "track NAME"
)
USAGES = HELP.removeprefix("commands: ").split(" | ")
COMMAND_KINDS: dict[str, tuple[type[Action], ...]] = {
    "bet": (act.Bet,),
    "dd": (act.DailyDouble,),
    "bid": (act.Bid,),
    "pass": (act.Pass,),
    "done": (act.Done,),
    "accept": (act.Accept,),
    "reject": (act.Reject,),
    "yes": (act.Answer,),
    "no": (act.Answer,),
    "loan": (act.TakeLoan,),
    "repay": (act.RepayLoan,),
    "sell": (act.OfferHorse,),
    "buy": (act.OfferToBuy,),
    "lend": (act.OfferLoan, act.OfferLoanTerms),
    "payback": (act.PayBack,),
    "ring": (act.OfferRing,),
    "track": (act.ChooseTrack,),
}
"""The moves each command of ``HELP`` makes."""


def describe_offer(view: JSON) -> str:
    offer = view["offer"]
    who, amount, horse = view["names"][offer["from"]], offer["amount"], offer["horse"]
    if offer["kind"] == "syndicate":
        return (
            f"{who} asks you into a syndicate to bid {amount} for #{horse} "
            f"(your share {amount // 2}): yes or no?"
        )
    if offer["kind"] == "horse":
        return f"{who} offers you #{horse} for {fifties(amount)}: yes or no?"
    if offer["kind"] == "ring":
        k = offer["tickets"]
        return (
            f"{who} asks you into a ring: {k} {'ticket' if k == 1 else 'tickets'} on #{horse}, "
            f"you putting in {amount} "
            f"of the {3 * k} fifties and sharing what they collect in proportion: yes or no?"
        )
    if offer["kind"] == "buy":
        return f"{who} offers you {fifties(amount)} for your #{horse}: yes or no?"
    terms = f", and you will owe {offer['repay']}" if offer["repay"] != amount else ""
    return f"{who} offers to lend you {fifties(amount)}{terms}: yes or no?"


def screen_title(seat: int, view: JSON) -> str:
    """What a person's screen is headed with: the phase ("betting"), or the offer they
    answer, in any phase ("answer Computer 1's offer"): a person answering another's
    sale in the betting was headed "betting", and after the "no" the betting went on
    with someone else's turn."""
    offer = view["offer"]
    if offer is not None and offer["to"] == seat:
        return str(PAGE["answer_offer"].format(name=view["names"][offer["from"]]))
    return str(view["phase"])


def parse_at_keyboard(
    people: Mapping[str, int],
    me: str = "",
    now: Callable[[], Collection[type[Action]]] | None = None,
    open_now: Callable[[], Collection[type[Action]]] | None = None,
) -> Callable[[str], Action]:
    """Commands as typed at a shared keyboard: ``NAME: COMMAND`` is a dealing another
    person here makes at someone else's prompt (R16: any player, in turn or not);
    ``people`` maps each person's name, as written, to the seat (typed in any capitals);
    ``me`` is the person at the prompt, whose own name before a colon changes nothing;
    ``now``: the kinds of move ``me`` may make at this moment (``parse_command``);
    ``open_now``: the kinds of dealing anyone may make at this moment, out of turn, so
    another person's slip is answered with what they may type now."""
    folded = {name.casefold(): seat for name, seat in people.items()}

    def parse(text: str) -> Action:
        from homestretch.games.across.rules.dealings import is_dealing

        who, colon, command = text.partition(":")
        if not colon:
            return parse_command(text, now() if now else None)
        seat = folded.get(who.strip().casefold())
        if seat is not None and seat == folded.get(me.casefold()):
            return parse_command(command, now() if now else None)  # naming themself
        if seat is None:  # the names as the players wrote them, in seat order
            named = ", ".join(sorted(people, key=people.__getitem__)) or "nobody"
            raise HomestretchError(f"{who.strip()!r} is not a person at this keyboard ({named})")
        name = who.strip()
        dealings = open_now() if open_now else None
        action = parse_command(command, dealings, aside=name)
        if not is_dealing(action):
            if dealings is not None:
                said = f"{command.strip()!r} waits for {name}'s own turn"
                raise HomestretchError(f"{said}; {fits(dealings, name)}")
            raise HomestretchError("out of turn, only a dealing: buy, sell, lend, payback, ring")
        return Aside(seat, action)

    return parse


def open_dealings(state: State) -> set[type[Action]]:
    """The kinds of dealing anyone may make at this moment, in turn or not (R16)."""
    from homestretch.games.across.rules import dealings
    from homestretch.games.across.rules.phases import BETTING

    kinds: set[type[Action]] = set()
    phase = getattr(state, "phase", None)
    if phase in dealings.OPEN_IN:
        kinds |= {act.OfferLoan, act.OfferLoanTerms, act.PayBack}
    if phase in dealings.HORSES_CHANGE_HANDS_IN:
        kinds |= {act.OfferHorse, act.OfferToBuy}
    if phase == BETTING:
        kinds.add(act.OfferRing)
    return kinds


def person(
    name: str,
    state: State,
    content_dir: str | None,
    hot_seat: HotSeat,
    to_stderr: bool = False,
    people: Mapping[str, int] | None = None,
) -> TerminalPlayer:
    """A person in hot-seat play: sees the tables, picks from a menu or types a command
    (``people``: everyone at this keyboard, who may deal at this person's prompt too).
    With ``to_stderr`` (``--format json``) the table talk keeps off stdout."""
    from homestretch.games.across.content.loader import load_content
    from homestretch.games.across.rules.phases import BETTING, RACE
    from homestretch.games.across.terminal.render import (
        auction_rest,
        full_view,
        race_rest,
        rest_view,
    )

    content = load_content(content_dir)
    screen = err_console if to_stderr else console
    seat_of = {n.casefold(): s for n, s in (people or {}).items()}
    seat = seat_of.get(name.casefold())

    def now() -> set[type[Action]]:
        """The kinds of move this person may make at the prompt: the listed ones, and
        the dealings whenever they are open (R16)."""
        assert seat is not None
        return {type(a) for a in state.legal_actions(seat)} | open_dealings(state)

    def show(seat: int, view: JSON) -> None:  # below the hand-over's ``frame``
        screen.rule(escape(f"{name}: {screen_title(seat, view)}"))
        screen.print(full_view(view, content))
        if view["offer"] is not None and view["offer"]["to"] == seat:
            screen.print(f"[bold]{escape(describe_offer(view))}[/bold]")
        elif view["phase"] == "race":
            screen.print(f"[bold]{escape(roll_prompt(seat, view))}[/bold]")

    read = parse_at_keyboard(
        people or {},
        name,
        now if seat is not None else None,
        (lambda: open_dealings(state)) if seat is not None else None,
    )

    def parse(text: str) -> Action:
        from homestretch.games.across.content.loader import track_key

        if seat is not None and asks_for_help(text):  # what fits now, not every command
            others = (
                " (another person here types NAME: before a dealing)" if len(seat_of) > 1 else ""
            )
            raise HelpAsked(fits(now()) + others)
        try:
            action = read(text)
        except HelpAsked:
            raise
        except HomestretchError:
            # the Trackmaster typing a track's name without "track" ("epsom downs" was
            # "cannot read"): the name is the choice, a slip is answered with the nearest
            if seat is None or act.ChooseTrack not in now() or ":" in text:
                raise
            typed = track_key(text)
            if typed in content.tracks:
                return act.ChooseTrack(typed)
            if not nearest_all(typed, content.tracks):
                raise
            raise HomestretchError(unknown_track(text.strip(), content.tracks)) from None
        if (
            isinstance(action, act.ChooseTrack)
            and seat is not None
            and act.ChooseTrack not in now()
        ):
            # "no track 'nowhere': type ... track woodbine" was said at an auction
            raise HomestretchError(f"{text.strip()!r} is not a move now: {fits(now())}")
        if isinstance(action, act.ChooseTrack) and action.track not in content.tracks:
            raise HomestretchError(unknown_track(action.track, content.tracks))
        if (  # the rules' "accept or reject the roll" named none of the commands
            seat is not None
            and getattr(state, "phase", None) == RACE
            and not isinstance(action, Aside | act.TakeLoan | act.RepayLoan)
            and type(action) not in now()
        ):
            raise HomestretchError(f"{text.strip()!r} is not a move in the race: {fits(now())}")
        return action

    def more(seat: int, view: JSON) -> bool:
        """m at a bid, a betting turn or a roll: what its screen leaves off
        (``render.auction_view``, ``render.betting_view``, ``render.race_view``), below
        all that was said since the last person's turn when the screen said only the
        latest of it (``HotSeat.hand_to``)."""
        recap = hot_seat.recap_in_full()
        if view["lot"] is not None:
            screen.print(auction_rest(view, content))
            return True
        if view["phase"] == BETTING:
            screen.print(rest_view(view, content))
            return True
        if view["phase"] == RACE and view["race_card"] is not None:
            screen.print(race_rest(view, content))
            return True
        return recap

    told = HintOnce(state)

    def hint(legal: list[Action]) -> str:
        if getattr(state, "phase", None) == RACE and not any(
            isinstance(a, act.Answer) for a in legal
        ):  # a roll: one line, the race screen fits 24 rows (the dealings: help)
            return RACE_HINT
        said = told.hint(legal)
        bidding = getattr(state, "lot", None) is not None
        if not bidding and getattr(state, "phase", None) != BETTING:
            return said
        # a screen fitted to 80 x 24: the dealings' three lines are help's, in m's line
        more = AUCTION_HINT if bidding else MORE_HINT
        if DEALINGS_HINT in said or SHORT_DEALINGS in said:
            said = said.replace(DEALINGS_HINT, "").replace(SHORT_DEALINGS, "")
            more += "; help: dealings"
        return "\n  ".join(h for h in (*said.split("\n  "), more) if h.strip())

    return TerminalPlayer(
        name,
        state,
        screen,
        show,
        parse,
        ask=lambda text: prompt(text, err=to_stderr),
        describe=lambda action: describe_action(action, content),
        listing=betting_listing(lambda action: describe_action(action, content)),
        shorten=shorten_menu,
        hint=hint,
        menu_max=MENU_MAX,
        example=typed_example,
        more=more,
        frame=lambda seat, rows: hot_seat.hand_to(seat, screen.height - rows),
    )


MORE_HINT = "m: the rest (the last race's card, the table, bins, windows)"
AUCTION_HINT = "m: the whole table (the printed card and its news, the bins)"
RACE_HINT = "m: the whole race (the legend, the MPH board, the windows); help: dealings too"
"""The hint under a roll's list, one line (the dealings' two lines pushed the race screen
past 24 rows at every race's first roll)."""


def typed_example(legal: list[Action]) -> str:
    """A move as typed now, for the question: "your choice (a number, or bet 12)"."""
    kinds = {type(a) for a in legal}
    if act.Accept in kinds:
        return "a to accept, r to reject"
    if act.Answer in kinds:
        return "yes or no"
    tracks = [a for a in legal if isinstance(a, act.ChooseTrack)]
    if tracks:
        return f"track {tracks[0].track}"
    typed = [a for a in legal if isinstance(a, act.Bet | act.Bid)]
    return str(typed[-1]) if typed else ""


SHORT_DEALINGS = "dealings too: buy, sell, lend, payback (help shows how to type them)"


class HintOnce:
    """One person's hint under the list: the dealings' two lines in full the first time
    in a phase, then one short line (every roll of a race repeated them in full)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.told_in: object = None
        """The phase the dealings were last told in full."""

    def hint(self, legal: list[Action]) -> str:
        full = menu_hint(legal)
        phase = getattr(self.state, "phase", None)
        if DEALINGS_HINT not in full:
            return full
        if self.told_in == phase:
            return full.replace(DEALINGS_HINT, SHORT_DEALINGS)
        self.told_in = phase
        return full


def unknown_track(typed: str, tracks: Collection[str]) -> str:
    """A track name typed wrong: the nearest name, and every name to type."""
    near = either_of([f"track {name}" for name in nearest_all(typed, tracks)])
    guess = f" (did you mean {near}?)" if near else ""
    return f"no track {typed!r}{guess}: type a number from the list, or track " + " | track ".join(
        sorted(tracks)
    )


def track_option(typed: str | None, content: Path | None) -> str:
    """The track named by ``--track``, checked before anything else is made: a name not
    typed, or typed wrong, is answered with the option and every name one may type
    (click said only "Missing option '--track'", and a slip named "the built-in
    content" rather than the option)."""
    from homestretch.games.across.content.loader import load_content, track_key

    names = sorted(load_content(str(content) if content else None).tracks)
    every = " | ".join(f"--track {name}" for name in names)
    if typed is None:
        raise HomestretchError(f"--track is missing: which track? {every}")
    if track_key(typed) in names:
        return typed
    file = Path(typed)
    if file.suffix.lower() == ".toml" and track_key(file.stem) in names:
        folder = Path(content) if content else None  # the file is one of the folder's
        if folder is not None and file.resolve().parent == (folder / "tracks").resolve():
            return track_key(file.stem)
    if file.suffix.lower() == ".toml":  # a track file of one's own: how it is played
        raise HomestretchError(
            f"--track {typed}: --track names a track of the content folder, not a file: "
            "copy the content with `homestretch across content DIR`, put the file in "
            f"DIR/tracks/ and give --content DIR --track {track_key(file.stem)}"
        )
    near = nearest(track_key(typed), names)
    guess = f"did you mean {near}? " if near else ""
    raise HomestretchError(f"--track {typed}: no such track; {guess}the tracks: {every}")


def roll_prompt(seat: int, view: JSON) -> str:
    """The roller's question, naming who owns the horse rolled and who backs it."""
    from homestretch.games.across.terminal.render import owners_of

    rolled = view["race_card"]["rolled"]
    backers = sorted({view["names"][s] for s, h in view["tickets"] if h == rolled})
    owner = owners_of(view, rolled)
    if seat in view["owners"].get(str(rolled), []):
        owner = "yours" if owner == view["names"][seat] else f"{owner} (yours in part)"
    backed = f"; tickets: {', '.join(backers)}" if backers else "; no tickets on it"
    return f"You rolled #{rolled} (owner: {owner}{backed}): accept or reject?"


def describe_action(action: Action, content: Content) -> str:
    """A move as the menu lists it: as it would be typed, seats counted from 1 (the
    actions' own words, ``str``, count from 0 as they are stored; the web page reads
    those, not these)."""
    if isinstance(action, act.ChooseTrack) and action.track in content.tracks:
        track = content.tracks[action.track]  # its conditions: the table above the list
        return f"track {action.track}: {track.name}, {track.city}"
    if isinstance(action, act.Bid) and action.partner != act.NOBODY:
        return f"bid {action.amount} with {said_seat(action.partner)}"
    if isinstance(action, act.OfferHorse):
        return f"sell {action.horse} to {said_seat(action.buyer)} for {action.price}"
    if isinstance(action, act.OfferLoanTerms):
        return f"lend {said_seat(action.borrower)} {action.amount} back {action.repay}"
    if isinstance(action, act.OfferLoan):
        return f"lend {said_seat(action.borrower)} {action.amount}"
    if isinstance(action, act.PayBack):
        return f"payback {said_seat(action.lender)} {action.amount}"
    if isinstance(action, act.OfferRing):
        total = 3 * action.tickets
        return (
            f"ring {action.horse} {action.tickets} with {said_seat(action.partner)} "
            f"pays {action.stake} (of {total})"
        )
    if isinstance(action, act.OfferToBuy):
        return f"buy {action.horse} for {action.price}"
    # the betting turn's list said only "bet 7", "loan 7 2", "done": what each costs and
    # does, as the rulebook's table talk would say it (typed as before)
    if isinstance(action, act.Bet) and action.horse in content.cards:
        name = content.cards[action.horse].name
        return f"bet {action.horse}: a ticket on #{action.horse} {name}, {fifties(TICKET_PRICE)}"
    if isinstance(action, act.TakeLoan):
        return (
            f"loan {action.horse} {action.amount}: borrow {fifties(action.amount)} from the "
            f"8th-race WIN bin, #{action.horse} in hock"
        )
    if isinstance(action, act.RepayLoan):
        return f"repay {action.horse}: pay back the loan on #{action.horse} and 1 fifty interest"
    if isinstance(action, act.Done):
        return "done: no more tickets this race"
    if isinstance(action, act.Accept):  # the roll's question says which horse
        return "accept: one X"
    if isinstance(action, act.Reject):
        return "reject: half an X, and roll again"
    return str(action)


LOANS_LISTED = 3
"""The most loans a betting list shows; more are typed, the hint saying each one's most."""


def betting_listing(
    describe: Callable[[Action], str],
) -> Callable[[list[Action]], list[str] | None]:
    """A betting turn's list in a few lines: its tickets, numbered as the card numbers
    the horses (2 is a ticket on #2), in one line; the other choices a line each (the
    eleven bets' lines pushed the card off an 80 x 24 terminal)."""

    def listing(listed: list[Action]) -> list[str] | None:
        run = [n for n, a in enumerate(listed, 1) if isinstance(a, act.Bet) and a.horse == n]
        if len(run) < 2 or run != list(range(run[0], run[-1] + 1)):
            return None
        lines = []
        for number, action in enumerate(listed, start=1):
            if number == run[0]:
                lines.append(
                    f"{run[0]:>2}-{run[-1]}  bet H: a ticket on the card's #H, "
                    f"{fifties(TICKET_PRICE)} (type its number)"
                )
            elif number not in run:
                lines.append(f"{number:>5}  {describe(action)}")
        return lines

    return listing


def shorten_menu(legal: list[Action]) -> list[Action]:
    """Race 1's 121 Daily Double pairs are typed (`dd 7 8`), not listed; so are the
    dealings when with them the list would be too long to print: a player with cash
    then still sees `done` and the bets numbered (the hint says how to type a deal).
    An owner of many horses may borrow on each: past ``LOANS_LISTED`` the loans are
    typed too, in one hint (eleven lines of them pushed the bets off a 50-row screen)."""
    listed = [a for a in legal if not isinstance(a, act.DailyDouble)]
    if len(typed_loans(legal)) > LOANS_LISTED:
        listed = [a for a in listed if not isinstance(a, act.TakeLoan)]
    if len(listed) > MENU_MAX or sum(map(_listed_dealing, listed)) > DEALINGS_LISTED:
        listed = [a for a in listed if not _listed_dealing(a)]
    return listed


DEALINGS_LISTED = 3
"""The most dealings a list shows; more are typed (help says how): with six players a
betting turn of a player short of a ticket listed twelve (sell, buy, lend), 31 rows."""


def typed_loans(legal: list[Action]) -> list[act.TakeLoan]:
    return [a for a in legal if isinstance(a, act.TakeLoan)]


def loans_hint(loans: list[act.TakeLoan]) -> str:
    """The loans open to a person, in a line: how to type one, and each horse's most."""
    most = ", ".join(f"#{loan.horse} {loan.amount}" for loan in loans)
    return (
        "loan H N: borrow N fifties on your #H from the 8th-race WIN bin, the horse in "
        f"hock till repaid (at most: {most})"
    )


def _listed_dealing(action: Action) -> bool:
    return isinstance(
        action, act.OfferHorse | act.OfferToBuy | act.OfferLoan | act.OfferRing | act.PayBack
    )


DEALINGS_HINT = (
    "dealings, at any prompt: buy H for N | sell H to SEAT for N | lend SEAT N [back M] | "
    "payback SEAT N (SEAT: the table's seat column, 1 for the first; the other player "
    "answers; play goes on); another person here types NAME: before it"
)


def menu_hint(legal: list[Action]) -> str:
    hints = []
    typed_dealings = any(_listed_dealing(a) for a in legal) and not any(
        _listed_dealing(a) for a in shorten_menu(legal)
    )
    if typed_dealings or any(isinstance(a, act.Accept | act.Pass) for a in legal):
        hints.append(DEALINGS_HINT)  # not listed in the race and the auction, but typed
    if len(typed_loans(legal)) > LOANS_LISTED:
        hints.append(loans_hint(typed_loans(legal)))
    if any(isinstance(a, act.DailyDouble) for a in legal):
        hints.append(
            "Daily Double is open (race 1 only): type `dd H1 H2` for a $50 ticket on H1 to "
            "win race 1 and H2 to win race 2; as many as you like"
        )
    if len(shorten_menu(legal)) > MENU_MAX:
        hints.append(HELP)
    return "\n  ".join(hints)


class Said(NamedTuple):
    """An announcement as printed (``HotSeat.say``), kept to be said again."""

    objects: tuple[object, ...]
    options: dict[str, Any]
    result: int
    """How much of a race's result it is: ``HEADLINE`` (who won), ``RESULT`` (whose horses,
    who was paid, a void), 0 none; said again first when the rows are few."""


HEADLINE, RESULT = 2, 1
"""A race's result, said again before the rest under a clearing (``Said.result``)."""


class HotSeat:
    """When the keyboard passes from one person to another the screen and its scrollback
    are cleared first, so each person starts on a screen of their own. Nothing in Across
    the Board is secret (bids, tickets and offers are made in the open, as at the web
    table): the clearing is for a tidy screen, not to keep anything from anyone, so what
    was announced since the last person's prompt (``say``: the bid just made, the lot
    knocked down, the rolls, a race's finished card and who collected what) is said
    again at the top of the fresh screen. It was wiped before anyone read it: a family
    never saw who won a race, the next person's betting screen came at once."""

    def __init__(
        self, screen: Console, people: int, names: Mapping[int, str] | None = None
    ) -> None:
        self.screen, self.people, self.names = screen, people, dict(names or {})
        self.last: int | None = None
        self.said: list[Said] = []
        """What was announced since the screen was last cleared, to print again after the
        next clearing."""
        self.left_off: tuple[str, list[Said]] | None
        self.left_off = None
        """Since when the screen last cleared said the latest ("Ann's turn", "your last
        move"), and all that was said since, when some was left off it (m says it all)."""
        self.mark = 0
        """Where in ``said`` the person at the keyboard's screen was last drawn."""
        self.printed = 0
        """The rows announced on the screen since then (at a terminal)."""

    def say(self, *objects: object, again: bool = True, result: int = 0, **options: Any) -> None:
        """Print an announcement on the screen, to be said again if it is cleared
        (``again``; a race's finished card is not: its finish is in the race's headline
        and on the next betting card, and the card itself is m away). ``result``: a
        race's result (``HEADLINE``, ``RESULT``), said again before anything else."""
        if self.screen.is_terminal:  # the rows it takes, above the next question
            self.printed += self._rows(objects, options)
        self.screen.print(*objects, **options)
        if again:
            self.said.append(Said(objects, options, result))

    def hand_to(self, seat: int, rows: int | None = None) -> None:
        """``rows``: the most rows what is said again may take, the latest kept, above
        the next person's screen (the rows of the terminal it leaves: an auction's bids
        between two people's turns were 191 rows once, the next screen's top far off a
        24-row terminal). What is left off is counted, and m shows it all. The same
        person again (or the only one), after the computer players' moves took more than
        ``rows``: the screen is cleared too (not its scrollback) and the latest of them
        said under "Since your last move" (38 to 43 rows scrolled by between two of one
        person's screens, the top of the second off a 24-row terminal)."""
        self.left_off = None
        if self.people > 1 and self.last is not None and seat != self.last:
            clear_for_next_person(self.screen)
            if self.said and self.screen.is_terminal:  # else nothing was wiped
                who = self.names.get(self.last, f"seat {said_seat(self.last)}")
                self._recap(f"{who}'s turn", self.said, rows)
            self.said = []
        elif (
            self.last is not None
            and rows is not None
            and self.printed > rows
            and self.screen.is_terminal
        ):
            from rich.control import Control

            self.screen.control(Control.clear(), Control.home())
            self._recap("your last move", self.said[self.mark :], rows)
        if self.people <= 1:  # never handed over: nothing to keep for another
            self.said = []
        self.mark, self.printed, self.last = len(self.said), 0, seat

    def _recap(
        self,
        since: str,
        said: list[Said],
        rows: int | None,
    ) -> None:
        """Say again under a clearing what was ``said`` ``since`` ("Ann's turn", "your
        last move"): the latest that fit ``rows`` under a heading counting what is left
        off (m: ``recap_in_full``)."""
        latest = self._latest(said, None if rows is None else rows - 1)
        left = len(said) - len(latest)
        heading = f"Since {since}:"
        if left:
            lines = "line" if left == 1 else "lines"
            latest_kept = all(a is b for a, b in zip(said[left:], latest, strict=True))
            earlier = " earlier" if latest_kept else ""  # else some between are left off
            heading = f"Since {since} ({left}{earlier} {lines} left off: m shows all):"
            self.left_off = (since, said)
        if rows is None or rows > 0:  # a screen of 24 rows already: m says it
            self.screen.print(heading, style="bold", markup=False)
        for line in latest:
            self.screen.print(*line.objects, **line.options)

    def recap_in_full(self) -> bool:
        """Say all that was said since the last person's turn (or this person's last
        move), when the screen said only the latest of it (m at the prompt); whether it
        was."""
        if self.left_off is None:
            return False
        since, said = self.left_off
        self.screen.print(f"All said since {since}:", style="bold", markup=False)
        for line in said:
            self.screen.print(*line.objects, **line.options)
        return True

    def _rows(self, objects: tuple[object, ...], options: dict[str, Any]) -> int:
        """The rows ``objects`` take printed on the screen."""
        with self.screen.capture() as drawn:
            self.screen.print(*objects, **options)
        return len(drawn.get().rstrip("\n").splitlines()) or 1

    def _latest(self, said: list[Said], rows: int | None) -> list[Said]:
        """What of ``said`` fills ``rows`` as drawn (all with none), in the order said: a
        race's result first (its headline, then whose horses and who was paid), then the
        latest of the rest that is not dim (a payment, an offer, a headline), then the
        latest of the dim (the rolls, the bids, the bets) in the rows left, so neither the
        next race's opening nor the rolls push a result off (with one row left, "Race 2:
        the windows are open" was said, not who won race 1)."""
        if rows is None:
            return said
        kept: set[int] = set()
        for tier in range(4):  # HEADLINE, RESULT, the rest not dim, the dim
            for at in reversed(range(len(said))):
                if _tier(said[at]) != tier:
                    continue
                drawn = self._rows(said[at].objects, said[at].options)
                if drawn > rows:
                    break
                rows -= drawn
                kept.add(at)
        return [line for at, line in enumerate(said) if at in kept]


def _tier(line: Said) -> int:
    """How soon ``line`` is said again when the rows are few (``HotSeat._latest``)."""
    if line.result:
        return HEADLINE - line.result
    return 3 if _dim(line.objects, line.options) else 2


def _dim(objects: tuple[object, ...], options: dict[str, object]) -> bool:
    """Whether an announcement is drawn dim: a roll, a bid, a bet, the news of a move
    (``HotSeat._latest`` says the rest first)."""
    return options.get("style") == "dim" or (
        len(objects) == 1 and isinstance(objects[0], str) and objects[0].startswith("[dim]")
    )


# --- running a table ------------------------------------------------------------------
class News:
    """What happened, as it happens: the rules' announcements, and after each race its
    finished card and who was paid what (from the typed notices, not the wording),
    printed on ``screen`` (none: nowhere, as with ``--quiet``)."""

    def __init__(
        self, table: TableSession, screen: Console | None, hot_seat: HotSeat | None = None
    ) -> None:
        self.table, self.screen, self.hot_seat = table, screen, hot_seat
        self.notices = len(table.state.notices)
        self.lines = len(self._state.news)
        race = self._state.race
        self.race, self.calls = race, 0 if race is None else len(race.calls)
        """The race followed, and how many of its calls were shown."""
        self.result: int | None = None
        """The race whose result is being said (its payments are said in a line)."""

    @property
    def _state(self) -> AcrossState:
        from homestretch.games.across.rules.state import AcrossState

        state = self.table.state
        assert isinstance(state, AcrossState)
        return state

    def __call__(self, _: list[Event]) -> None:
        state = self._state
        fresh = state.notices[self.notices :]
        self.notices = len(state.notices)
        if self.screen is None:
            self.lines = len(state.news)
            return
        paid: list[JSON] = []  # a race's payments, said in a line (``_paid``)
        for notice in fresh:  # each after the announcements made before it
            before = state.news[self.lines : notice["news"]]
            if before and said_in_full(before[-1], notice, state.g.seat_names):
                before = before[:-1]  # "#7 sold to Bob for 22 fifties" in the sale's words
            if before and paid:
                self._paid(paid)
                paid = []
            self._announce(before, notice["type"] == "race_result")
            self.lines = max(self.lines, notice["news"])
            if notice["type"] == "race_result":
                self.result = notice["race"]
            elif notice["type"] in RESULT_DETAIL and self.result == notice.get("race"):
                continue  # the windows' sums: m's table
            elif notice["type"] == "payment" and self.result == notice.get("race"):
                paid.append(notice)
                continue
            if paid:
                self._paid(paid)
                paid = []
            self._show(notice)
        if paid:
            self._paid(paid)
        self.result = None
        self._announce(state.news[self.lines :])
        self.lines = len(state.news)
        self._rolls(state)

    def _rolls(self, state: AcrossState) -> None:
        """Each roll's call as it is made, with who rolled ("Computer 1: #8 accepted: one
        X"): a person playing computers saw only the card's last four calls, not whose.
        The calls since the screen last looked are said a roller a line, each by its own
        roller (they were all said as the roller's who was rolling when it looked: a
        person's, for the computers' rolls made before her turn came)."""
        race = state.race
        if race is not self.race:
            self.race, self.calls = race, 0
        if race is None or self.screen is None:
            return
        fresh = list(zip(race.callers[self.calls :], race.calls[self.calls :], strict=True))
        for roller, calls in groupby(fresh, key=itemgetter(0)):
            said = f"  {state.g.seat_names[roller]}: {'; '.join(call for _, call in calls)}"
            self._say(said, style="dim", markup=False, highlight=False)
        self.calls = len(race.calls)

    def _say(self, *objects: object, again: bool = True, result: int = 0, **options: Any) -> None:
        """Print on the screen; at a hot seat, kept to be said again after a clearing
        (``again``, ``result``: ``HotSeat.say``)."""
        if self.hot_seat is not None:
            self.hot_seat.say(*objects, again=again, result=result, **options)
        else:
            assert self.screen is not None
            self.screen.print(*objects, **options)

    def _announce(self, lines: list[str], result: bool = False) -> None:
        """The rules' announcements; with ``result``, the last is a race's result ("Race
        1: WIN #7, PLACE #10, SHOW #9 (25 rolls)": its notice follows)."""
        assert self.screen is not None
        for at, line in enumerate(lines, start=1):
            headline = line.startswith(("Race", "Meet", "After"))
            said = escape(line) if headline else f"[dim]{escape(line)}[/dim]"
            self._say(said, result=HEADLINE if result and at == len(lines) else 0)

    def _show(self, notice: JSON) -> None:
        from homestretch.games.across.terminal.render import track_card

        state, screen = self._state, self.screen
        assert screen is not None
        if notice["type"] == "race_result":  # announced already: whose horses, and m
            finished = {**state.view(None), "race_card": notice["card"], "track": notice["track"]}
            if notice["race"] == RACES and not state.is_over():  # no betting turn's m shows
                card = track_card(finished, state.g.content)  # a meet's last (the game's: m)
                if card is not None:
                    self._say(card, again=False)
                return
            placed = f"  {placed_line(finished, notice['finish'])}"
            self._say(placed, result=RESULT, markup=False, highlight=False)
        elif notice["type"] == "refund" and notice["race"] != RACES:  # in a row, not three
            said = (
                f"  Race {notice['race']}: betting void, none on the first three; "
                f"{notice['tickets']} refunded, {notice['carried']} carried over"
            )
            self._say(said, result=RESULT, style="cyan", markup=False, highlight=False)
        elif "words" in notice:
            style = "dim" if notice["type"] == "payment" else "cyan"
            self._say(f"  {notice['words']}", style=style, markup=False, highlight=False)

    def _paid(self, paid: list[JSON]) -> None:
        """A race's payments in a line ("Race 3 paid: Computer 3 12 fifties (WIN), Computer
        2 10 fifties (Winners Circle 4, PLACE 3, SHOW 3)"): a line a payment, with the
        windows' sums before them, took eight rows after a race."""
        state = self._state
        by_seat: dict[int, list[JSON]] = {}
        for notice in paid:
            by_seat.setdefault(notice["seat"], []).append(notice)
        said = []
        for seat, notices in by_seat.items():
            total = sum(n["amount"] for n in notices)
            parts = [str(PAID_FOR.get(n["why"], n["why"])) for n in notices]
            if len(notices) > 1:
                parts = [f"{part} {n['amount']}" for part, n in zip(parts, notices, strict=True)]
            said.append(f"{state.g.seat_names[seat]} {fifties(total)} ({', '.join(parts)})")
        self._say(
            f"  Race {paid[0]['race']} paid: {'; '.join(said)}",
            result=RESULT,
            style="cyan",
            markup=False,
            highlight=False,
        )


SAID_IN_FULL = frozenset({"offer", "dealing", "sale", "loan", "loan_repaid", "ring"})
"""Notices that say in fuller words the announcement made just before them by the same
move: that move is said once, in the notice's words (an offer took four rows where two
say it; a lot's sale was said twice, "#7 sold to Bob for 22 fifties" and "Meet 1
auction: #7 sold to Bob for 22 fifties, dealt into the bins: ...")."""
IN_SHORT = {
    "loan": re.compile(r"(?P<seat>.+) borrows \d+ with #(?P<horse>\d+) in hock"),
    "loan_repaid": re.compile(r"(?P<seat>.+) repays \d+ and redeems #(?P<horse>\d+)"),
    "dealing": re.compile(r"(?P<asked>.+) (accepts|declines)(, but the deal is off: .*)?"),
}
"""The announcements a notice's words do not begin with, that say its move in short:
"Ann borrows 2 with #4 in hock" beside "Race 3: Ann borrows 2 fifties from the 8th-race
WIN bin with #4 in hock; ...", "Bob accepts" beside "Ann sells #8 to Bob for 9 fifties:
Bob accepted"."""


def said_in_full(line: str, notice: JSON, names: Sequence[str]) -> bool:
    """Whether the announcement ``line``, made just before ``notice``, is the notice's
    move in short (said once, in the notice's words)."""
    if notice["type"] not in SAID_IN_FULL or "words" not in notice:
        return False
    words = notice["words"]
    when = f"Race {notice['race']}: " if notice.get("race") else f"Meet {notice['meet']} auction: "
    if words.removeprefix(when).startswith(line):
        return True
    short = IN_SHORT.get(notice["type"])
    said = short.fullmatch(line) if short is not None else None
    if said is None:
        return False
    fields = said.groupdict()
    return all(
        value == (names[notice[key]] if key in ("seat", "asked") else str(notice[key]))
        for key, value in fields.items()
        if key in notice
    )


RESULT_DETAIL = frozenset({"window_payoff", "redeal"})
"""A race's notices its result screen leaves to m's windows table: each window's sum."""
PAID_FOR = {
    "winners circle": "Winners Circle",
    "win": "WIN",
    "place": "PLACE",
    "show": "SHOW",
    "refund": "a refund",
    "daily double": "Daily Double",
    "odd fifties": "the odd fifties",
    "win8 bin": "8th-race WIN bin",
    "place8 bin": "8th-race PLACE bin",
    "show8 bin": "8th-race SHOW bin",
}
"""A payment's reason in a few words (``words.WHY`` says it in full)."""


def placed_line(view: JSON, finish: list[int]) -> str:
    """Whose horses came in, in a row ("owners: WIN #9 Computer 2, PLACE #6 Computer 1,
    SHOW #7 Computer 5"): the betting card beside it names the horses (the finished
    card, 22 rows, is m's)."""
    from homestretch.games.across.terminal.render import owners_of

    return "owners: " + ", ".join(
        f"{place} #{horse} {owners_of(view, horse)}"
        for place, horse in zip(("WIN", "PLACE", "SHOW"), finish, strict=False)
    )


def result_json(state: State) -> JSON:
    """The result as ``--format json`` prints it: the rules' result (its winners named
    as every game names its players), and no winner while the game goes on (a replay
    part way named everyone level at the start)."""
    result = state.result()
    return {**result, "winners": result["winners"] if state.is_over() else []}


def _summary(state: State) -> str:
    result = state.result()
    best = max(result["fifties"])
    names = [w["name"] for w in result["winners"]]
    return f"{' and '.join(names)} won with {fifties(best)}"


def _final_line(state: State) -> str:
    """The summary with the margin: "Ann won with 49 fifties, 10 fifties ahead of Bob (39
    fifties)" (the stored summary stays as it was: saved games are checked against it)."""
    result = state.result()
    scores = list(zip(result["names"], result["fifties"], strict=True))
    margin = ahead_of(scores, fifties)
    return _summary(state) + (f", {margin}" if margin else "")


def _play_on(
    table: TableSession,
    game_id: int,
    store: Store,
    content_dir: str | None,
    fmt: OutputFormat,
    quiet: bool,
    db: Path | str | None,
) -> None:
    """Play the table to the end at this terminal, every event stored as it happens: what
    happens and the result shown where the questions are, if ``watched`` (``quiet``:
    the result alone)."""
    from homestretch.games.across.terminal.render import standings_table, whole_result

    to_stderr = fmt is OutputFormat.json
    screen = err_console if to_stderr else console
    shown = screen if watched(fmt, table) else None
    people_seats = [s for s, seat in enumerate(table.seats) if seat.is_person]
    hot_seat = HotSeat(
        screen, len(people_seats), {s: seat.name for s, seat in enumerate(table.seats)}
    )
    here = {table.seats[s].name: s for s in people_seats}
    people = {
        s: person(table.seats[s].name, table.state, content_dir, hot_seat, to_stderr, here)
        for s in people_seats
    }
    play_at_terminal(
        table,
        game_id,
        people,
        on_events=News(table, None if quiet else shown, hot_seat if shown is screen else None),
        ask=lambda node: ask_roll(node, to_stderr),
        db=db,
    )
    state = table.state
    store.finish(game_id, _summary(state))
    if shown is not None:  # who won and the standings in 24 rows; m: the whole result
        from homestretch.games.across.content.loader import load_content

        view, content = state.view(None), load_content(content_dir)
        shown.rule("Across the Board: the end")
        shown.print(standings_table(view))
        shown.print(f"[bold]{escape(_final_line(state))}[/bold]")
        say_the_end(
            shown,
            game_id,
            db,
            lambda: shown.print(whole_result(view, state.result(), content)),
        )
    if fmt is OutputFormat.json:  # id, status and seed as every game's play gives them
        echo_json({"id": game_id, "status": "finished", "seed": table.seed, **result_json(state)})


@app.command()
def play(
    players: Annotated[
        str, typer.Option("--players", help="people's names, comma-separated: Ann,Bob")
    ] = "",
    bots: Annotated[
        int | None,
        typer.Option("--bots", min=0, max=7, help=PLAY_BOTS_HELP),
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", help=bot_help(BOT_KINDS)),
    ] = None,
    track: Annotated[
        str | None, typer.Option("--track", help="the track (else the Trackmaster chooses)")
    ] = None,
    meets: Annotated[
        int,
        typer.Option("--meets", min=1, max=100, help="meets to play, each an auction and 8 races"),
    ] = 1,
    daily_double: Annotated[
        bool, typer.Option("--daily-double", help="play the optional Daily Double")
    ] = False,
    payoff: Annotated[
        str, typer.Option("--payoff", help="exclusive (ruling R5) or across")
    ] = "exclusive",
    rotation: Annotated[
        str, typer.Option("--rotation", help="left (ruling R11) or right")
    ] = "left",
    debts: Annotated[
        str, typer.Option("--debts", help="settle (ruling R15) or ignore debts at the end")
    ] = "settle",
    betting_order: Annotated[
        str,
        typer.Option(
            "--betting-order",
            help="who bets first each race: rotate (one seat on each race, ruling R27) or "
            "totemaster (the Totemaster's neighbour every race, R17)",
        ),
    ] = "rotate",
    stake: Annotated[
        str,
        typer.Option(
            "--stake",
            help="each meet after the first: allot (40 more fifties each, ruling R30) or "
            "carry (only what each ended the last meet with)",
        ),
    ] = "allot",
    quiet: Annotated[
        bool, typer.Option("--quiet", help="only the result, not the game as it goes")
    ] = False,
    content: ContentOption = None,
    seed: SeedOption = None,
    dice: DiceOption = None,
    dice_file: DiceFileOption = None,
    db: DbOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Play a game: people in hot-seat, computer players in the other seats.

    Example: `homestretch across play --players Ann,Bob --bots 3 --track woodbine --daily-double`"""
    from homestretch.games.across.content.loader import load_content
    from homestretch.games.across.rules.dealings import DEBT_MODES
    from homestretch.games.across.rules.game import (
        BETTING_ORDERS,
        MAX_PLAYERS,
        MIN_PLAYERS,
        ROTATIONS,
        STAKES,
        AcrossGame,
    )
    from homestretch.games.across.rules.totalizator import PAYOFF_MODES
    from homestretch.session.saved import open_new
    from homestretch.session.seats import computer
    from homestretch.session.seats import person as seat_person

    # what was typed is checked first, the files named above all, before what is missing
    # (the players): one fault at a time, the one the person just wrote first
    if content is not None and not content.is_dir():
        raise ContentError(content, "no such content folder")
    if content is not None:
        load_content(str(content))  # a broken file in it, said now
    if track is not None:
        track = track_option(track, content)
    spec = dice_spec(seed, dice, dice_file)
    one_of("--payoff", payoff, PAYOFF_MODES)
    one_of("--rotation", rotation, ROTATIONS)
    one_of("--debts", debts, DEBT_MODES)
    people_named(players)  # names, not a count (that is --bots)
    one_of("--betting-order", betting_order, BETTING_ORDERS)
    one_of("--stake", stake, STAKES)
    people = [plain_text(p.strip(), "--players") for p in players.split(",") if p.strip()]
    # --bot KIND (sensible when not given) for them all, or one each: as every game takes it
    kinds = bot_kinds(bot, bots, sorted(BOT_KINDS), "sensible")
    names = people + [f"Computer {i + 1}" for i in range(len(kinds))]  # as the other games
    check_names(names)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise HomestretchError(
            f"Across the Board needs {MIN_PLAYERS} to {MAX_PLAYERS} players; --players and "
            f"--bots give {len(names)} (such as --players Ann,Bob --bots 1)"
        )
    game = AcrossGame(
        players=len(names),
        names=tuple(names),
        tracks=(track,) if track else (),
        meets=meets,
        daily_double=daily_double,
        payoff=payoff,
        rotation=rotation,
        debts=debts,
        betting_order=betting_order,
        stake=stake,
        content_dir=str(content) if content else None,
    )
    seats = [seat_person(n) for n in people]
    seats += [computer(n, kind) for n, kind in zip(names[len(people) :], kinds, strict=True)]
    store = open_store(db)
    table, game_id = open_new(store, ENTRY, game, seats, spec, label=", ".join(names))
    announce_seed(spec.seed, spec.kind, fmt)  # once it is saved: a refused store names no seed
    if people:
        notes = err_console if fmt is OutputFormat.json else console
        say_saved(notes, game_id, db_hint(store))
    _play_on(table, game_id, store, game.content_dir, fmt, quiet, db_hint(store))


def check_names(names: list[str]) -> None:
    """Every player a name of their own, whatever its capitals (``NAME:`` at the keyboard
    and the screens tell people apart by name)."""
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise HomestretchError(
                f"--players: {name!r} is named twice: every player needs a different name"
            )
        seen.add(name.casefold())


def legacy_seats(config: JSON, names: tuple[str, ...]) -> list[Seat]:
    """The seats of a game saved before tables kept them: the config's "seats" list
    ("human" or a kind of computer player; all sensible when it has none)."""
    from homestretch.session.seats import computer
    from homestretch.session.seats import person as seat_person

    kinds = list(config.get("seats", ["sensible"] * len(names)))
    return [
        seat_person(name) if kind == "human" else computer(name, kind)
        for name, kind in zip(names, kinds, strict=True)
    ]


def resume_saved(saved: SavedGame, store: Store, fmt: OutputFormat = OutputFormat.text) -> None:
    """Rebuild the table from its log and play on, exactly as if it had not stopped."""
    from homestretch.games.across.rules.game import AcrossGame
    from homestretch.session.saved import rebuild

    game = AcrossGame.from_config(dict(saved.config))
    old = legacy_seats(saved.config, game.seat_names)
    table = rebuild(store, saved, game, legacy_seats=old, game_entry=ENTRY)
    say_resumed(saved, table, fmt)
    _play_on(table, saved.id, store, game.content_dir, fmt, False, db_hint(store))


def show_saved(saved: SavedGame, fmt: OutputFormat) -> None:
    """The saved game rebuilt from its log: the results race by race and the table."""
    from homestretch.games.across.rules.game import AcrossGame
    from homestretch.games.across.terminal.render import players_table, results_table

    game = AcrossGame.from_config(dict(saved.config))
    state = replay(game, saved.events)
    _check_undigested_content(saved, state)
    if fmt is OutputFormat.json:
        echo_json(
            {"id": saved.id, "status": saved.status, "over": state.is_over(), **result_json(state)}
        )
        return
    console.print(results_table(state.result(), f"Game {saved.id}"))
    console.print(players_table(state.view(None)))
    console.print(escape(_summary(state)) if state.is_over() else "in progress")


def _check_undigested_content(saved: SavedGame, state: State) -> None:
    """A game saved before games kept a digest of their content folder cannot have the
    folder checked; what can be checked is that it gives the result the game saved."""
    if saved.config.get("content_dir") is None or "content_digest" in saved.config:
        return
    folder = saved.config["content_dir"]
    finished = saved.status == "finished" and saved.summary and state.is_over()
    if finished and _summary(state) != saved.summary:
        raise HomestretchError(
            f"the content in {escape_controls(str(folder))} is not what this game used: "
            f"it gives {_summary(state)}, the game saved {saved.summary} (it was saved "
            "before games kept a digest of their content, so replay it from the folder "
            "it was played in)"
        )
    err_console.print(
        f"note: this game was saved before games kept a digest of their content; the folder "
        f"{escape_controls(str(folder))} was checked only against the result it saved",
        style="dim",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


# --- the handicapper and the content --------------------------------------------------
@app.command()
def simulate(
    ctx: typer.Context,
    track: Annotated[
        str | None, typer.Option("--track", help="the track to measure (needed)")
    ] = None,
    n: Annotated[
        int | None,
        typer.Option("-n", "--runs", min=1, max=MAX_RUNS, help="how many races (default 100000)"),
    ] = None,
    content: ContentOption = None,
    seed: SeedOption = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            min=1,
            max=100_000,
            help="instead of races, this many whole games between computer players, held "
            "to what the rulebook says a game is for (--track, if given, for every meet)",
        ),
    ] = None,
    bots: Annotated[
        int | None,
        typer.Option(
            "--bots",
            min=3,
            max=7,
            help=f"{BOTS_HELP}: a game's, with --games (default 4); {OLD_PLAYERS_COUNT}",
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", min=3, max=7, hidden=True)] = None,
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            help=f"with --games, {bot_help(BOT_KINDS)} (default sensible; K1,K2,... seats "
            "as many as it names)",
        ),
    ] = None,
    meets: Annotated[
        int,
        typer.Option(
            "--meets",
            min=1,
            max=7,
            help="meets a game, with --games (as many as players: every seat takes every role)",
        ),
    ] = 1,
    betting_order: Annotated[
        str | None,
        typer.Option(
            "--betting-order",
            help="with --games, who bets first each race: rotate (the default, ruling R27) "
            "or totemaster (R17)",
        ),
    ] = None,
    stake: Annotated[
        str | None,
        typer.Option(
            "--stake",
            help="with --games, each meet after the first: allot (40 more fifties each, the "
            "default, ruling R30) or carry",
        ),
    ] = None,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            help="with --games, also draw wins by seat with 95% intervals and the length "
            "of a game (PNG, SVG or PDF)",
        ),
    ] = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """The handicapper: race a track N times and report each horse's chances; or, with --games, play whole games and check them against the rulebook.

    Example: `homestretch across simulate --track "Epsom Downs" -n 100000`

    Example: `homestretch across simulate --games 200 --bots 5 --plot games.png`

    Example: `homestretch across simulate --games 100 --bot search,sensible,sensible,never-bet`"""
    from homestretch.games.across.analysis.design import track_checks
    from homestretch.games.across.analysis.handicapper import simulate_track
    from homestretch.games.across.content.loader import horse_class, load_content

    if games is not None:
        if n is not None:
            raise HomestretchError("-n counts races; --games counts whole games: give one")
        kinds = simulated_kinds(bot, bots_or_old_players(bots, players, 0) or None)
        orders = (betting_order, stake)
        _whole_games(games, kinds, meets, orders, track, content, seed, plot, fmt)
        return
    if plot is not None:
        raise HomestretchError("--plot draws whole games: give --games N")
    if bots is not None or players is not None:  # said, not quietly dropped
        raise HomestretchError("--bots seats a whole game's players: give --games N")
    if bot is not None:
        raise HomestretchError("--bot is the kind of a whole game's players: give --games N")
    if betting_order is not None:
        raise HomestretchError("--betting-order is the betting of whole games: give --games N")
    if stake is not None:
        raise HomestretchError("--stake is the money of whole games: give --games N")
    if was_typed(ctx, "meets"):  # a race has no meets: said, not quietly dropped
        raise HomestretchError("--meets counts a whole game's meets: give --games N")
    n = 100_000 if n is None else n
    if n < 1:
        raise HomestretchError("-n must be at least 1")
    chosen = load_content(str(content) if content else None).track(track_option(track, content))
    used = seed if seed is not None else new_seed()
    announce_seed(used, "seeded", fmt)
    with progress_bar(2 * n, f"racing {chosen.name}") as bar:
        task = bar.task_ids[0]
        report = simulate_track(chosen, n, used, progress=lambda k: bar.advance(task, k))
        # the race's length as people play it, for the checks (docs/across.md)
        people = simulate_track(
            chosen, n, used, progress=lambda k: bar.advance(task, k), policy="people"
        )
    checks = track_checks(chosen, report, people)
    if fmt is OutputFormat.json:  # the seed too, as every random run's JSON carries it
        echo_json(
            {
                **report.to_json(),
                "people_rolls_per_race": round(people.mean_rolls_per_race, 2),
                "checks": [check.to_json() for check in checks],
                "met": sum(check.met for check in checks),
                "seed": used,
            }
        )
        return
    table = Table(
        "#",
        "class",
        "preprinted X",
        "shaded",
        "win",
        "place",
        "show",
        "accepted / 50 rolls",
        title=f"{chosen.name}: {n} races, {report.mean_rolls_per_race:.1f} rolls a race",
    )
    for h in report.horses:
        cap = chosen.handicaps[h.number]
        table.add_row(
            str(h.number),
            horse_class(h.number),
            f"{cap.preprinted_halves / 2:g}",
            "yes" if cap.shaded else "",
            f"{h.win:.1%}",
            f"{h.place:.1%}",
            f"{h.show:.1%}",
            f"{h.accepted_per_50_rolls:.2f}",
        )
    console.print(table)
    title = f"Does {chosen.name} do what a track is for? (docs/across.md, seed {used})"
    console.print(checks_table(checks, title))
    console.print(f"{sum(c.met for c in checks)} of {len(checks)} checks met", markup=False)


def simulated_kinds(typed: str | None, bots: int | None) -> list[str]:
    """Each seat's kind in ``simulate --games``: --bot as every game takes it (``bot_kinds``;
    sensible when not typed), --bots counting them (4 when neither counts them)."""
    from homestretch.games.across.rules.game import MAX_PLAYERS, MIN_PLAYERS

    if typed is None or "," not in typed:  # one kind for all: --bots counts them
        return bot_kinds(typed or "sensible", bots or 4, sorted(BOT_KINDS), "sensible")
    kinds = bot_kinds(typed, bots, sorted(BOT_KINDS), "sensible")
    if not MIN_PLAYERS <= len(kinds) <= MAX_PLAYERS:
        raise HomestretchError(
            f"--bot {typed}: a game of Across the Board seats {MIN_PLAYERS} to {MAX_PLAYERS} "
            f"players, and it names {len(kinds)} (such as --bot search,sensible,sensible)"
        )
    return kinds


STAKE_SAID = {
    "allot": "40 more fifties each every meet after the first",
    "carry": "every meet after the first on what each ended the last with",
}
"""A simulation's --stake in its title, as the lobby's choice says it (R30)."""


def _whole_games(
    games: int,
    kinds: list[str],
    meets: int,
    orders: tuple[str | None, str | None],
    track: str | None,
    content: Path | None,
    seed: int | None,
    plot: Path | None,
    fmt: OutputFormat,
) -> None:
    """``simulate --games``: whole games between computer players, held to what the
    rulebook says a game is for (analysis/whole_game.py, ruling R25)."""
    from homestretch.games.across.analysis.whole_game import checks, play_games
    from homestretch.games.across.rules.game import (
        BETTING_ORDERS,
        NEW_TABLES_BETTING,
        NEW_TABLES_STAKE,
        STAKES,
        AcrossGame,
    )

    # as a new table plays (R27, R30) unless told otherwise
    betting_order, stake = orders[0] or NEW_TABLES_BETTING, orders[1] or NEW_TABLES_STAKE
    one_of("--betting-order", betting_order, BETTING_ORDERS)
    one_of("--stake", stake, STAKES)
    chosen = [track_option(track, content)] if track is not None else []
    if plot is not None:
        from homestretch.cli.pictures import picture_path

        picture_path(plot)  # before the games: a bad name does not waste them
    players = len(kinds)
    game = AcrossGame(
        players,
        tracks=tuple(chosen) * meets,
        meets=meets,
        betting_order=betting_order,
        stake=stake,
        content_dir=str(content) if content else None,
    )
    used = seed if seed is not None else new_seed()
    announce_seed(used, "seeded", fmt)
    with progress_bar(games, "playing Across the Board") as bar:
        task = bar.task_ids[0]
        report = play_games(game, games, used, seated(kinds), lambda: bar.advance(task))
    found = checks(report)
    report = {
        **report,
        "seed": used,
        "track": chosen[0] if chosen else None,
        "meets": meets,
        "betting_order": betting_order,
        "stake": stake,
        "seat_kinds": kinds,
        "checks": [check.to_json() for check in found],
        "met": sum(check.met for check in found),
    }
    if plot is not None:
        from homestretch.cli.pictures import whole_game_chart

        whole_game_chart(
            f"Across the Board, {games} games of {players}, {meets} "
            f"{'meet' if meets == 1 else 'meets'} each (seed {used})",
            list(game.seat_names),
            report["seat_win_rate"],
            [(low, high) for low, high in report["seat_win_interval"]],
            {int(k): v for k, v in report["rolls"]["games_by_rolls"].items()},
            "rolls of the dice in a game",
            plot,
        )
    if fmt is OutputFormat.json:
        echo_json(report)
        return
    where = f"at {game.content.track(chosen[0]).name}" if chosen else "on the Trackmaster's track"
    each = f"{meets} {'meet' if meets == 1 else 'meets'} each"
    first = "moving on each race" if betting_order == "rotate" else "from the Totemaster's left"
    who = f"{players} {kinds[0]} players" if len(set(kinds)) == 1 else f"{players} players"
    # said as a line, not the table's title: a title wraps to the narrow table's width
    console.print(
        f"{games} games of {who}, {each}, {where}, betting {first}, stake {stake} "
        f"({STAKE_SAID[stake]})",
        markup=False,
    )
    table = Table("seat", "kind", "wins", "share", "95% interval")
    for name, kind, wins, rate, (low, high) in zip(
        game.seat_names,
        kinds,
        report["seat_wins"],
        report["seat_win_rate"],
        report["seat_win_interval"],
        strict=True,
    ):
        table.add_row(name, kind, f"{wins:g}", f"{rate:.1%}", f"{low:.1%}-{high:.1%}")
    console.print(table)
    console.print(f"median {report['rolls']['median']:g} rolls a game", markup=False)
    title = f"Does a whole game do what a game is for? (the rulebook's; seed {used})"
    console.print(checks_table(found, title))
    console.print(f"{report['met']} of {len(found)} checks met", markup=False)
    if plot is not None:
        said_drawn(plot, fmt)


def seated(kinds: Sequence[str]) -> Callable[[Game, int, int], Agent]:
    """The computer player of each seat, by its kind (``ENTRY.bots``, or random)."""
    from homestretch.bots.random_bot import RandomBot

    def make(game: Game, seat: int, seed: int) -> Agent:
        if kinds[seat] == "random":
            return RandomBot(seed * 7919 + seat)
        return ENTRY.bots[kinds[seat]](game, seat, seed)

    return make


@app.command()
def tracks(content: ContentOption = None, fmt: FormatOption = OutputFormat.text) -> None:
    """The title cards and each track's Handicap and Auction News.

    Example: `homestretch across tracks --content my-across`"""
    from homestretch.games.across.content.loader import HORSES, horse_class, load_content

    loaded = load_content(str(content) if content else None)
    if fmt is OutputFormat.json:
        echo_json(
            {
                "horses": [vars(card) for card in loaded.cards.values()],
                "tracks": [
                    {
                        "key": t.key,
                        "name": t.name,
                        "city": t.city,
                        "colour": t.colour,
                        "conditions": t.conditions,
                        "best_pick": t.best_pick,
                        "handicaps": [vars(h) for h in t.handicaps.values()],
                    }
                    for t in loaded.tracks.values()
                ],
            }
        )
        return
    cards = Table("#", "name", "ancestry", "class", "opening bid", title="Title cards")
    for c in loaded.cards.values():
        cards.add_row(
            str(c.number),
            c.name,
            f"by {c.sire} out of {c.dam}",
            horse_class(c.number),
            str(c.opening_bid),
        )
    console.print(cards)
    for t in loaded.tracks.values():
        table = Table(
            "",
            *(f"#{h}" for h in HORSES),
            title=f"{t.name} ({t.key}), {t.city}: best pick #{t.best_pick}",
        )
        table.add_row(
            "preprinted X", *(f"{t.handicaps[h].preprinted_halves / 2:g}" for h in HORSES)
        )
        table.add_row("shaded", *("yes" if t.handicaps[h].shaded else "" for h in HORSES))
        table.add_row("suggested bid", *(str(t.handicaps[h].suggested_bid) for h in HORSES))
        table.caption = t.conditions
        console.print(table)


app.command("content")(content_command("across"))
app.command("rules")(rules_command("across"))
