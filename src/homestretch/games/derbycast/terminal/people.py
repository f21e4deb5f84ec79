"""A person picking at the terminal: the card is shown, the pick is typed as a bet and a
horse by program number or name ('win 3', 'show 1A', 'show Silver Lining', '3 place'),
or 'sit out' after a late scratch. With sealed picks the pick goes in as the seat's own
ticket (R22); with confirmed picks each person is asked whether the pick stands and may
type another instead (R24)."""

from __future__ import annotations

from collections.abc import Callable, Collection

from rich.console import Console
from rich.markup import escape

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.rules.actions import (
    Pick,
    Ready,
    SealedPick,
    SitOut,
    opened,
    ticket,
)
from homestretch.games.derbycast.rules.race import find_horse
from homestretch.games.derbycast.rules.table import Bet
from homestretch.games.derbycast.rules.words import LINE_WORD, lines_at_picks_hint, no_odds_line
from homestretch.games.derbycast.terminal.show import LOG_SAID, card_table


def read_pick(text: str, horses: list[str], programs: list[str], legal: list[Action]) -> Action:
    """The legal action a typed pick means (a sealed ticket when picks are sealed);
    ValueError says what is wrong."""
    words = text.strip().split()
    if [w.lower() for w in words] == ["sit", "out"]:
        if SitOut() in legal:
            return SitOut()
        raise ValueError("you may sit out only when your horse is scratched")
    lowered = [w.lower() for w in words]
    bets = {b.value for b in Bet}
    if len(words) > 1 and lowered[0] in bets:
        bet, name = Bet(lowered[0]), " ".join(words[1:])
    elif len(words) > 1 and lowered[-1] in bets:
        bet, name = Bet(lowered[-1]), " ".join(words[:-1])
    else:
        raise ValueError(unread_pick(text, horses, programs, running_in(legal)))
    horse = find_horse(name, horses, programs)
    pick = Pick(horse, bet.value)
    sealed = {found[1]: a for a in legal if isinstance(a, SealedPick) if (found := opened(a))}
    if pick in sealed:
        return sealed[pick]
    if pick not in legal:
        also = " or sit out" if SitOut() in legal else ""
        raise ValueError(f"{horse} is scratched; choose another horse{also}")
    return pick


def unread_pick(
    text: str, horses: list[str], programs: list[str], running: Collection[str] | None = None
) -> str:
    """What is said to a pick that names no bet: fitted to what was typed (a bet with no
    horse, a horse with no bet, a bet misspelt), with this race's horses as examples."""
    from homestretch.core.inputs import either_of, nearest_all

    words = text.strip().split()
    lowered = [w.lower() for w in words]
    bets = [b.value for b in Bet]
    first = programs[0] if programs else "1"
    if len(words) == 1 and lowered[0] in bets:
        return f"{lowered[0]} on which horse? type {lowered[0]} and its number, like '{lowered[0]} {first}'"
    try:
        horse = find_horse(text, horses, programs) if words else None
    except ValueError:
        horse = None
    if horse is not None:
        number = programs[horses.index(horse)]
        return f"win, place or show on {horse}? type the bet before it, like 'win {number}'"
    if len(words) > 1:
        near = either_of([f"'{n} {' '.join(words[1:])}'" for n in nearest_all(lowered[0], bets)])
        if near:
            return f"did you mean {near}? say win, place or show first"
    example = pick_example(horses, programs, running or None)
    if not words:  # Enter alone was "cannot read ''"
        return f"type your pick: win, place or show and the horse, like {example}"
    return f"cannot read {text.strip()!r}: say win, place or show and the horse, like {example}"


def pick_example(
    horses: list[str], programs: list[str], running: Collection[str] | None = None
) -> str:
    """Two picks written as typed, on this race's horses still running (``running``;
    all when not known): 'win 1' or 'show Tin Orchard', the first runner's number and
    the last runner's name, as the question writes them (the reminder named a horse of
    its own, and could name one scratched)."""
    runners = [h for h in horses if running is None or h in running] or horses
    if not runners:
        return "'win 1'"
    first = programs[horses.index(runners[0])] if len(programs) == len(horses) else "1"
    return f"'win {first}' or 'show {runners[-1]}'"


def running_in(legal: list[Action]) -> set[str]:
    """The horses a pick may be made on now (picks, sealed or not, in ``legal``)."""
    picks = [opened(a) for a in legal if isinstance(a, SealedPick)]
    return {a.horse for a in legal if isinstance(a, Pick)} | {p[1].horse for p in picks if p}


def runners_of(card: JSON) -> set[str]:
    """A card's horses not scratched."""
    return {h for h in card["horses"] if h not in card.get("scratched", [])}


def pick_help(view: JSON, keeper_here: bool) -> str:
    """What may be typed at a pick prompt, said to 'help' (it was "cannot read 'help'")."""
    card = view["card"]
    example = pick_example(card["horses"], card["programs"], runners_of(card))
    other = (
        f"'NAME: {PRIVATE_WORD}' (the screen is handed to that person alone)"
        if view["sealed"]
        else "'NAME: win 3'"
    )
    keeper = ", the score keeper 'line 2 5-2' to add a morning line" if keeper_here else ""
    return (
        f"Type your pick: win, place or show and a horse, by number or name, like {example}. "
        f"Someone here who picked already changes it with {other}{keeper}. {LOG_SAID} "
        "Ctrl-C stops; "
        "the game is saved."
    )


def changes(marker: int, view: JSON) -> list[Action]:
    """The picks a marker may change to while picks are open: any starter at any level,
    as a sealed ticket when picks are sealed."""
    card = view["card"]
    picks = [
        Pick(horse, bet.value)
        for horse in card["horses"]
        if horse not in card["scratched"]
        for bet in Bet
    ]
    if view["sealed"]:
        return [SealedPick(ticket(marker, pick)) for pick in picks]
    return list(picks)


class LinesAtPicks:
    """The score keeper at this keyboard adding or correcting a morning line while picks
    are open (R28), typed at any person's pick prompt ('line 2 5-2'), as the web desk may
    any time before the close: posted as the keeper's move, out of turn (an ``Aside``),
    and told to everyone (the rules' notice names who had picked already)."""

    def __init__(self, keeper: int, check: Callable[[Action], str | None]) -> None:
        self.keeper, self.check = keeper, check
        self.hinted: tuple[object, str] | None = None
        """The race the keeper was last told the way at, and the horses without a line
        then (told once a race, and again when those change)."""

    def hint(self, view: JSON, console: Console) -> None:
        if view.get("simulated") or not view.get("picks_open"):
            return  # Top of the Stretch set the odds; picks are closed
        card = view["card"]
        starters = [i for i, h in enumerate(card["horses"]) if h not in card["scratched"]]
        missing = no_odds_line(
            [card["horses"][i] for i in starters],
            [card["programs"][i] for i in starters],
            [card["odds"][i] for i in starters],
        )
        last = self.hinted
        # once a race, and again when another horse is found without a line
        if last is None or last[0] != view["race"] or (missing and last[1] != missing):
            console.print(f"[yellow]{escape(lines_at_picks_hint(missing))}[/yellow]")
        self.hinted = (view["race"], missing)

    def read(self, answer: str, view: JSON) -> Action | None:
        """The keeper's morning line typed at a pick prompt, or None (not one);
        ValueError says what does not read or why it cannot be posted now."""
        from homestretch.cli.human import Aside
        from homestretch.games.derbycast.terminal.keeper import morning_lines

        if answer.strip().lower().split(" ")[0] != LINE_WORD:
            return None
        line = morning_lines(answer, view["card"])
        problem = self.check(line)
        if problem is not None:
            raise ValueError(problem)
        return Aside(self.keeper, line)


PRIVATE_WORD = "change"
"""Typed after a name at anyone's prompt ('Ann: change') with sealed picks: the screen
is cleared and handed to that person alone to change the pick (ruling R29)."""


def private_change_hint(picked: list[str]) -> str:
    """After a new morning line with sealed picks: how the people here who picked before
    it change their pick in private (R29)."""
    who = picked[0] if len(picked) == 1 else f"{', '.join(picked[:-1])} or {picked[-1]}"
    return (
        f"To change a sealed pick before picks close, {who} may type their name and "
        f"'{PRIVATE_WORD}' at anyone's prompt, like '{picked[0]}: {PRIVATE_WORD}': the "
        "screen is cleared and handed to them alone."
    )


PrivateChange = Callable[[int, int], Action | None]
"""Hands the screen to a seat alone to change its sealed pick, from the prompt of another
seat (or the keeper's, ``NOBODY_HERE``): the seat's changed pick, or None if it kept it."""


class ChangesAtPrompts:
    """A person at this keyboard who has picked changing the pick at anyone's prompt
    while picks are open ('Ann: win 3'), as the web phone may any time before the close
    and as Across the Board reads a dealing typed out of turn: played as that marker's
    pick, out of turn (an ``Aside``). With sealed picks the pick is never typed where
    the person at the prompt would see it: 'Ann: change' hands the screen to Ann alone
    (``private``, ruling R29)."""

    def __init__(
        self,
        people: dict[str, int],
        check: Callable[[int, Action], str | None],
        private: PrivateChange | None = None,
    ) -> None:
        """``people``: each person's name at this keyboard, as written, and their seat;
        ``check``: why the table would refuse a seat's move now; ``private``: hands the
        screen to a seat alone for a sealed pick."""
        self.people, self.check, self.private = people, check, private
        self.folded = {name.casefold(): seat for name, seat in people.items()}

    def read(self, answer: str, view: JSON, me: int) -> Action | str | None:
        """Another person's changed pick typed at ``me``'s prompt; else the answer as
        ``me``'s own (a name before a colon that is ``me``'s own is dropped); None when
        the screen was handed to another person who kept the pick (the prompt is to be
        shown again). ValueError says what does not read or why it cannot be made now."""
        from homestretch.cli.human import Aside

        who, colon, typed = answer.partition(":")
        if not colon:
            return answer
        seat = self.folded.get(who.strip().casefold())
        if seat is None:  # the names as the players wrote them, in seat order
            named = ", ".join(sorted(self.people, key=self.people.__getitem__)) or "nobody"
            computer = next(
                (
                    row["name"]
                    for row in view["board"]
                    if row["bot"] and row["name"].casefold() == who.strip().casefold()
                ),
                None,
            )
            if computer is not None:  # "'Computer 1' is not a person at this keyboard"
                raise ValueError(
                    f"{computer} is a computer player: it picks for itself (the people at "
                    f"this keyboard: {named})"
                )
            raise ValueError(f"{who.strip()!r} is not a person at this keyboard ({named})")
        if seat == me:
            return typed
        name = who.strip()
        picked = any(p["marker"] == seat + 1 for p in view.get("picks") or [])
        if view["sealed"]:
            if not picked:
                raise ValueError(f"{name} has not picked yet: {name} picks at their own prompt")
            if typed.strip().lower() in ("", PRIVATE_WORD) and self.private is not None:
                return self.private(seat, me)
            raise ValueError(
                f"picks are sealed: {name}'s pick is not typed at another's prompt, where "
                f"they would see it; type '{name}: {PRIVATE_WORD}' and the screen is "
                f"handed to {name} alone"
            )
        card = view["card"]
        action = read_pick(typed, card["horses"], card["programs"], changes(seat + 1, view))
        problem = self.check(seat, action)
        if problem is not None:
            if not picked:
                problem = f"{name} has not picked yet: {name} picks at their own prompt"
            raise ValueError(problem)
        return Aside(seat, action)


class TerminalPicker:
    def __init__(
        self,
        name: str,
        console: Console,
        ask: Callable[[str, str], str],
        lines: LinesAtPicks | None = None,
        others: ChangesAtPrompts | None = None,
    ) -> None:
        """``lines``: the score keeper is a person here and may post a morning line at
        this person's prompt; ``others``: the other people here may change their picks
        at it."""
        self.name = name
        self.console = console
        self.ask = ask
        self.lines = lines
        self.others = others

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        from homestretch.cli.human import asks_for_help, say_help  # as every game's prompt

        self._show(view)
        if Ready() in legal:
            return self._confirm(player, view)
        card = view["card"]
        runners = [h for h in card["horses"] if h not in card["scratched"]] or card["horses"]
        number = card["programs"][card["horses"].index(runners[0])] if runners else "1"
        hint = f"e.g. win {number} or show {runners[-1]}" if runners else "e.g. win 1"
        if SitOut() in legal:  # its horse scratched late: the phone says the same
            self.console.print(f"[yellow]{escape(view['yours']['pick'])}[/]")
            hint += ", or sit out"
        if view["sealed_note"]:
            self.console.print(escape(view["sealed_note"]))
            picked = [p["marker"] for p in view["picks"] if p["marker"] != player + 1]
            if self.others is not None and picked:
                name = view["board"][picked[0] - 1]["name"]
                self.console.print(  # a pick made may be changed until the close (R19, R29)
                    escape(
                        f"(someone who picked may change it in private: their name and "
                        f"'{PRIVATE_WORD}', like '{name}: {PRIVATE_WORD}')"
                    ),
                    style="dim",
                    highlight=False,
                )
        while True:
            answer = self.ask(f"{self.name} (marker {player + 1}), your pick ({hint})", "")
            if asks_for_help(answer):
                say_help(self.console, pick_help(view, self.lines is not None))
                continue
            try:
                if line := self._keepers(answer, view):
                    return line
                own = self._others(answer, view, player)
                if own is None:  # another person here changed their pick in private
                    self._show(view)
                    continue
                return own if isinstance(own, Action) else self._read(own, view, legal)
            except ValueError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/red]")

    def _show(self, view: JSON) -> None:
        """The card and what the table is doing (again after a private change, R29)."""
        self.console.print(card_table(view))
        if view["status"]:  # what the table is doing, as the TV says it
            self.console.print(escape(view["status"]))
        if self.lines is not None:
            self.lines.hint(view, self.console)

    def _confirm(self, player: int, view: JSON) -> Action:
        """Every marker has picked: this one's pick stands (yes, or the same pick typed
        again), or is changed to the pick typed."""
        mine = next(p for p in view["picks"] if p["marker"] == player + 1)
        self.console.print(escape(view["yours"]["pick"]))  # as the phone says it
        question = (
            f"{self.name} (marker {player + 1}): does your pick stand? (yes, or type another)"
        )
        while True:
            answer = self.ask(question, "yes")
            if answer.strip().lower() in ("y", "yes"):
                return Ready()
            try:
                if line := self._keepers(answer, view):
                    return line
                own = self._others(answer, view, player)
                if own is None:  # another person here changed their pick in private
                    self._show(view)
                    self.console.print(escape(view["yours"]["pick"]))
                    continue
                if isinstance(own, Action):
                    return own
                action = self._read(own, view, changes(player + 1, view))
            except ValueError as exc:
                said = str(exc)
                if not set(answer.lower().split()) & {b.value for b in Bet}:  # no pick at all
                    card = view["card"]
                    example = pick_example(card["horses"], card["programs"], runners_of(card))
                    said = (
                        f"cannot read {answer.strip()!r}: yes if your pick stands, or another "
                        f"pick, like {example}"
                    )
                self.console.print(f"[red]{escape(said)}[/red]")
                continue
            same = pick_in(action) == Pick(mine["horse"], mine["bet"])
            return Ready() if same else action

    def _keepers(self, answer: str, view: JSON) -> Action | None:
        """A morning line the score keeper typed here, or None."""
        return None if self.lines is None else self.lines.read(answer, view)

    def _others(self, answer: str, view: JSON, player: int) -> Action | str | None:
        """Another person's changed pick typed here, or the answer as this person's."""
        return answer if self.others is None else self.others.read(answer, view, player)

    @staticmethod
    def _read(answer: str, view: JSON, legal: list[Action]) -> Action:
        card = view["card"]
        return read_pick(answer, card["horses"], card["programs"], legal)


def pick_in(action: Action) -> Pick | None:
    """The pick an action makes (a sealed ticket opened), or None."""
    if isinstance(action, SealedPick):
        found = opened(action)
        return None if found is None else found[1]
    return action if isinstance(action, Pick) else None
