"""The racecourse (rulebook: "The Racecourse", "Nomination", "The Race").

Entrance fees, nomination, then the race: one die per horse, coloured squares and
written instructions obeyed only on the length a throw lands on, tracks side by side
with the blocking and crossing rules, falls, the bend and the exact throw home.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.rules.actions import ChangeTrack, Nominate, Scratch, Sell, UseThrow
from homestretch.games.totopoly.rules.cards import on_colour
from homestretch.games.totopoly.rules.flow import Flow, ask, dice
from homestretch.games.totopoly.rules.money import (
    raise_money,
    refuse_sale,
    sell_to_best,
    voluntary_sales,
)
from homestretch.games.totopoly.rules.state import BANK

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState

LONG_FEE, SHORT_FEE = 25, 100
ON_COURSE = ("running", "fallen")
CLEAR_LENGTHS = 3


def prepare(state: TotopolyState) -> Flow[None]:
    state.phase = "entry"
    yield from entrance_fees(state)
    state.phase = "sales"
    yield from voluntary_sales(state)
    state.phase = "nomination"
    yield from nominate(state)


def entrance_fees(state: TotopolyState) -> Flow[None]:
    """Each horse pays its fee; a player short of money sells (or, in the short game,
    may scratch). A long-game horse whose owner can raise nothing is scratched (T15).
    A buyer in those sales keeps back every fee he would then owe, his own horses' and
    the bought horse's (ruling T52; a game saved before it, only the bought horse's)."""
    fee = SHORT_FEE if state.short else LONG_FEE
    unpaid = {h for h, s in state.status.items() if s == "home"}

    def fees_owed(player: int) -> int:
        return fee * sum(1 for h in unpaid if state.horse_owner(h) == player)

    def reserve(buyer: int, item: str) -> int:
        bought = fee if item.startswith("horse:") and int(item[6:]) in unpaid else 0
        return bought + (fees_owed(buyer) if state.game.buyer_keeps_fees else 0)

    while unpaid:
        for player in state.seats_from(state.dealer + 1):
            tried: set[int] = set()
            while True:
                mine = [h for h in sorted(unpaid) if state.horse_owner(h) == player]
                if not mine or state.cash[player] >= fee * len(mine):
                    break
                if not state.short:
                    yield from raise_money(state, player, partial(fees_owed, player), reserve)
                    mine = [h for h in sorted(unpaid) if state.horse_owner(h) == player]
                    if state.cash[player] < fee * len(mine):
                        scratch(state, max(mine, key=lambda h: -state.c.horses[h].value), unpaid)
                    continue
                options: list[Action] = [Scratch(h) for h in mine]
                options += [Sell(f"horse:{h}") for h in mine if h not in tried]
                held = state.cash[player]
                prompt = (
                    f"the entrance fee is £{fee} a horse and you hold £{held}: scratch or sell one"
                )
                others = (
                    f"scratch or sell a horse: the entrance fee is £{fee} a horse, £{held} in hand"
                )
                refuse = refuse_sale(
                    state,
                    player,
                    {f"horse:{h}" for h in tried},
                    "only a horse whose fee is due (or scratch one)",
                )
                choice = yield from ask(player, prompt, options, others=others, refuse=refuse)
                if isinstance(choice, Scratch):
                    scratch(state, choice.horse, unpaid)
                else:
                    assert isinstance(choice, Sell)
                    tried.add(int(choice.item[6:]))
                    yield from sell_to_best(state, player, choice.item, reserve)
            mine = [h for h in sorted(unpaid) if state.horse_owner(h) == player]
            if mine:
                state.transfer_money(player, BANK, fee * len(mine), "entrance", horses=mine)
                unpaid -= set(mine)
                horses = ", ".join(f"No. {h}" for h in mine)
                fees = "entrance fee" if len(mine) == 1 else "entrance fees"
                state.say(f"{state.name_of(player)} pays £{fee * len(mine)} {fees} ({horses})")
    for horse, status in state.status.items():
        if status == "home":
            state.status[horse] = "running"
            state.pos[horse] = (0, state.c.course.gate[horse])


def scratch(state: TotopolyState, horse: int, unpaid: set[int]) -> None:
    state.status[horse] = "scratched"
    unpaid.discard(horse)
    state.say(f"No. {horse} is scratched")


def nominate(state: TotopolyState) -> Flow[None]:
    for player in state.seats_from(state.dealer + 1):
        horses = state.horses_of(player, ("running",))
        if len(horses) < 2:
            continue
        options: list[Action] = [Nominate(h) for h in (0, *horses)]
        prompt = (
            "nominate one of your horses to win, or none: your nominee may take any of"
            " your throws in the race, the others always move in the order you first"
            " move them"
        )
        others = "nominate one of their horses to win, or none"
        choice = yield from ask(player, prompt, options, others=others)
        assert isinstance(choice, Nominate)
        if choice.horse:
            state.nominated[player] = choice.horse
            state.say(f"{state.name_of(player)} nominates No. {choice.horse}")


# --- the race ------------------------------------------------------------------------


def run(state: TotopolyState) -> Flow[None]:
    state.phase = "race"
    owners = [p for p in range(state.n) if state.horses_of(p, ON_COURSE)]
    if not owners:
        return
    state.cards_at_start = [dict(held) for held in state.held]
    starter = yield from first_to_throw(state, owners)
    order = [p for p in state.seats_from(starter) if p in owners]
    while not race_over(state):
        for player in order:
            if state.horses_of(player, ON_COURSE):
                yield from player_turn(state, player)
            if race_over(state):
                break


def first_to_throw(state: TotopolyState, owners: list[int]) -> Flow[int]:
    """The highest throw of one die starts the race; ties throw again."""
    throwing = owners
    while len(throwing) > 1:
        throws = {}
        for player in throwing:
            throws[player] = (yield from dice(f"{state.name_of(player)} throws to start", 1))[0]
        best = max(throws.values())
        throwing = [p for p in throwing if throws[p] == best]
    state.say(f"{state.name_of(throwing[0])} starts the race")
    return throwing[0]


def player_turn(state: TotopolyState, player: int) -> Flow[None]:
    """One die per horse. The nominated horse may take any throw; the others move in
    the order the player chose at his first throw on the track."""
    state.turns += 1
    first = player not in state.order
    if first:
        state.order[player] = []
    nominee = state.nominated.get(player)
    moved: list[int] = []
    while True:
        left = [h for h in state.horses_of(player, ON_COURSE) if h not in moved]
        if not left or race_over(state):
            return
        face = (yield from dice(f"{state.name_of(player)} throws", 1))[0]
        state.last_throw = face
        rota = [h for h in state.order[player] if h in left]
        if first or not rota:
            options = left
        else:
            options = [rota[0]] + ([nominee] if nominee in left and nominee != rota[0] else [])
        # "Every throw of the die is to count. Players MUST move their horses, if
        # possible": a throw one horse can use may not be given to one that cannot (T26)
        options = [h for h in options if can_use(state, h, face)] or options
        prompt = f"you threw {face}: give it to one of your horses" + _why_these(
            first, options, nominee
        )
        others = f"give a throw of {face} to one of their horses"
        # the throw as data: a page that says the prompt (which names the throw) need not
        # say "Last throw" under it too
        choice = yield from ask(
            player, prompt, [UseThrow(h) for h in options], others=others, about={"throw": face}
        )
        assert isinstance(choice, UseThrow)
        if first and choice.horse != nominee:
            state.order[player].append(choice.horse)
        moved.append(choice.horse)
        yield from move(state, choice.horse, face)


def _why_these(first: bool, options: list[int], nominee: int | None) -> str:
    """Why these horses may take the throw (NOMINATION): at the first turn the order the
    throws are given in is kept for the race; later the next horse in that order, or the
    nominee."""
    if first:
        if nominee is None:
            return " (the order you move them in now is kept for the race)"
        return (
            " (the order you move the others in now is kept for the race; your nominee,"
            f" No. {nominee}, may take any throw)"
        )
    nominated = [h for h in options if h == nominee]
    rota = [h for h in options if h != nominee]
    if rota and nominated:
        return f": No. {rota[0]}, next in your order, or your nominee No. {nominee}"
    if rota:
        return f": No. {rota[0]} is next in your order"
    return ""


def occupied(state: TotopolyState, besides: int) -> set[tuple[int, int]]:
    return {
        pos
        for h, pos in state.pos.items()
        if h != besides and pos[0] >= 1 and state.status[h] in ON_COURSE
    }


def track_order(track: int, tracks: int, can_change: bool) -> list[int]:
    """Own track; else the outside one; else the nearest free (outside first on a tie)."""
    if not can_change:
        return [track]
    order = [track]
    for step in range(1, tracks):
        order += [t for t in (track + step, track - step) if 0 <= t < tracks]
    return order


def settle(
    state: TotopolyState,
    horse: int,
    target: int,
    track: int,
    can_change: bool,
    floor: int,
    keep_on_bend: bool = False,
) -> tuple[int, int, bool]:
    """Where a horse heading for ``target`` ends up: (length, track, baulked).

    A horse blocked on its own track takes the outside track or the nearest free one;
    if the whole length is taken it is baulked and stops on the length behind (and so
    on back, never behind ``floor``, where it keeps its own place). ``keep_on_bend``:
    on a length of the bend it keeps its own track (a fall back, ruling T51).
    """
    taken = occupied(state, horse)
    course = state.c.course
    tracks = course.tracks
    for length in range(target, floor, -1):
        free = can_change and not (keep_on_bend and course.on_bend(length))
        for t in track_order(track, tracks, free):
            if (length, t) not in taken:
                return length, t, length != target
    return floor, track, True


def finish_line(state: TotopolyState) -> int:
    """The length past the winning post."""
    return state.c.course.lengths + 1


def can_use(state: TotopolyState, horse: int, face: int) -> bool:
    """Whether the throw moves the horse: a fallen horse needs a six to remount, and no
    horse may throw past the post."""
    if state.status[horse] == "fallen":
        return face == 6
    return state.pos[horse][0] + face <= finish_line(state)


def move(state: TotopolyState, horse: int, face: int) -> Flow[None]:
    name = f"No. {horse}"
    if state.status[horse] == "fallen":
        if face == 6:
            state.status[horse] = "running"
            state.say(f"{name} throws a six and is remounted (moves next turn)")
        else:
            state.say(f"{name} throws {face}: still down, it needs a six to remount")
        return
    length, track = state.pos[horse]
    target = length + face
    if target > finish_line(state):
        needs = finish_line(state) - length
        state.say(f"{name} throws {face}, needs exactly {needs} to pass the post: it stays")
        return
    if target == finish_line(state):
        past_the_post(state, horse)
        return
    course = state.c.course
    can_change = length == 0 or not course.on_bend(length)
    new_length, new_track, baulked = settle(state, horse, target, track, can_change, length)
    state.pos[horse] = (new_length, new_track)
    if baulked:
        state.say(f"{name} throws {face}, is baulked and stops on length {new_length}")
    else:
        state.say(f"{name} throws {face} to length {new_length}, track {new_track + 1}")
        yield from obey(state, horse)
    if state.status[horse] == "running":
        yield from cross(state, horse)


def move_on(state: TotopolyState, horse: int, lengths: int) -> None:
    """A move the square's own instruction gives (colour or "go on"): no further
    instruction is obeyed where it ends. By our ruling T9 it may carry the horse past
    the post; with the rule ``move_on_past_post = lost`` only an exact one does."""
    length, track = state.pos[horse]
    exact_only = state.rules["move_on_past_post"] == "lost"
    if length + lengths > finish_line(state) and exact_only:
        state.say(f"No. {horse} cannot go on past the post by an inexact move")
        return
    if length + lengths >= finish_line(state):
        past_the_post(state, horse)
        return
    can_change = not state.c.course.on_bend(length)
    new = settle(state, horse, length + lengths, track, can_change, length)
    state.pos[horse] = (new[0], new[1])
    state.say(f"No. {horse} goes on to length {new[0]}, track {new[1] + 1}")


def fall_back(state: TotopolyState, horse: int, lengths: int) -> None:
    """Back ``lengths``, never behind length 1; a taken length is dealt with as a
    throw's is (ruling T47). With every length behind it taken, it stays where it is:
    it never goes back to the starting gate. A horse falling back from the straight
    into the bend keeps its track there (ruling T51); with the rule ``bend_fall_back =
    any_track`` (games recorded before the option) it may take another, as a throw
    entering the bend may."""
    length, track = state.pos[horse]
    can_change = not state.c.course.on_bend(length)
    target = max(1, length - lengths)
    keep = state.rules["bend_fall_back"] == "keeps_track"
    new = settle(state, horse, target, track, can_change, 0, keep_on_bend=keep)
    if new[0] == 0:
        state.say(f"No. {horse} cannot fall back: every length behind it is taken")
        return
    state.pos[horse] = (new[0], new[1])
    state.say(f"No. {horse} falls back to length {new[0]}, track {new[1] + 1}")


def obey(state: TotopolyState, horse: int) -> Flow[None]:
    from homestretch.games.totopoly.rules.cards import play_special

    length, track = state.pos[horse]
    cell = state.c.course.cell(length, track)
    if not cell:
        return
    if cell in ("black", "red", "yellow", "blue"):
        yield from on_colour(state, horse, cell)
        return
    instruction = state.c.course.instructions[cell]
    state.say(f"No. {horse}: {instruction.text}")
    if instruction.effect == "forward":
        move_on(state, horse, instruction.lengths)
    elif instruction.effect == "back":
        if not (yield from play_special(state, horse, "reins", "ignore this instruction")):
            fall_back(state, horse, instruction.lengths)
    elif instruction.effect == "fall":
        state.status[horse] = "fallen"
        if (yield from play_special(state, horse, "remount", "remount immediately")):
            state.status[horse] = "running"
    elif instruction.effect == "burst":
        state.status[horse] = "out"
        del state.pos[horse]


def crossable(state: TotopolyState, horse: int) -> list[int]:
    """Tracks the horse may cross to after its move: each track on the way must be free
    at its length and have no horse within three lengths behind (T8). Horses still at
    the starting gate are following horses too, standing at length 0 on their tracks
    (T35): a horse on lengths 1-3 may not cross in front of them."""
    length, track = state.pos[horse]
    if length < 1 or state.c.course.on_bend(length):
        return [track]
    taken = occupied(state, horse) | {
        pos for h, pos in state.pos.items() if pos[0] == 0 and state.status[h] in ON_COURSE
    }
    reach = [track]
    for step in (1, -1):
        t = track + step
        while 0 <= t < state.c.course.tracks:
            near = [(length - k, t) for k in range(0, CLEAR_LENGTHS + 1)]
            if any(cell in taken for cell in near):
                break
            reach.append(t)
            t += step
    return sorted(reach)


def cross(state: TotopolyState, horse: int) -> Flow[None]:
    reach = crossable(state, horse)
    if len(reach) < 2:
        return
    owner = state.horse_owner(horse)
    assert owner is not None
    length, track = state.pos[horse]
    prompt = f"No. {horse} is on length {length}, track {track + 1}: stay on it or cross"
    others = f"keep No. {horse} on track {track + 1} (length {length}) or cross"
    # Staying is the first choice, so the menu reads "stay" before any crossing.
    options: list[Action] = [ChangeTrack(track + 1)]
    options += [ChangeTrack(t + 1) for t in reach if t != track]
    state.crossing = (horse, track + 1)
    choice = yield from ask(owner, prompt, options, others=others, about={"horse": horse})
    state.crossing = None
    assert isinstance(choice, ChangeTrack)
    if choice.track - 1 != track:
        state.pos[horse] = (length, choice.track - 1)
        state.say(f"No. {horse} crosses to track {choice.track}")


def past_the_post(state: TotopolyState, horse: int) -> None:
    state.status[horse] = "finished"
    del state.pos[horse]
    state.finish.append(horse)
    if state.held[owner_of(state, horse)]["white"]:
        state.white_at_post.add(horse)
    state.say(f"No. {horse} passes the winning post, {ordinal(len(state.finish))} home")


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th (twelve horses at most)."""
    if n in (1, 2, 3):
        return ("first", "second", "third")[n - 1]
    return f"{n}th"


def race_over(state: TotopolyState) -> bool:
    """Three horses home whose owners hold no white card, or no horse left running.

    White cards may be thrown in until the end of the race, so a horse home early is
    judged when the race ends (ruling T10); with the rule ``white_card_judged = post``
    it is judged as it passes the post."""
    if state.race_done:
        return True
    if state.rules["white_card_judged"] == "post":
        qualified = [h for h in state.finish if h not in state.white_at_post]
    else:
        qualified = [h for h in state.finish if state.held[owner_of(state, h)]["white"] == 0]
    running = any(s in ON_COURSE for s in state.status.values())
    if len(qualified) < 3 and running:
        return False
    state.race_done = True
    state.placings = qualified[:3]
    last = state.finish.index(state.placings[-1]) if len(state.placings) == 3 else None
    state.disqualified = [
        h for i, h in enumerate(state.finish) if h not in qualified and (last is None or i < last)
    ]
    for horse in state.disqualified:
        state.say(f"objection: No. {horse}'s owner still holds a white card: disqualified")
    return True


def owner_of(state: TotopolyState, horse: int) -> int:
    owner = state.horse_owner(horse)
    assert owner is not None
    return owner
