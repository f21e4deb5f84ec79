"""Colour, white and kept cards on the racecourse (rulebook: "The Colour Cards",
"Use of the Colour Cards and White Cards").

A horse that a throw lands on a square of its own colour moves on (black 4, red 3,
yellow 2, blue 1) unless its owner throws in a white card instead. On another colour it
stands still, unless the owner plays a card of the horse's colour to move on as if on
its own colour, or plays that card together with a white card and stands still. White
cards leave a hand only in those two ways. Kept cards ("remount immediately",
"unbreakable reins") are used once and thrown into the centre.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homestretch.core.actions import Action
from homestretch.games.totopoly.content.loader import COLOUR_VALUE
from homestretch.games.totopoly.rules.actions import Colour, PlaySpecial
from homestretch.games.totopoly.rules.flow import Flow, ask
from homestretch.games.totopoly.rules.words import KEPT

if TYPE_CHECKING:
    from homestretch.games.totopoly.rules.state import TotopolyState


def colour_options(state: TotopolyState, player: int, horse_colour: str, square: str) -> list[str]:
    """What a player may do when his horse's throw lands on a ``square`` colour."""
    held = state.held[player]
    if square == horse_colour:
        return ["advantage"] + (["white"] if held["white"] else [])
    options = ["stand"]
    if held[horse_colour]:
        options.append("card")
        if held["white"]:
            options.append("card+white")
    return options


def throw_in(state: TotopolyState, player: int, pile: str) -> None:
    state.held[player][pile] -= 1
    state.centre[pile] += 1


SAID = {
    "advantage": ", its own colour: it goes on {lengths}",
    "white": ", its own colour: {owner} throws a white card into the centre instead of going on",
    "stand": ": it stands still",
    "card": ": {owner} throws a {colour} card into the centre to go on {lengths}",
    "card+white": ": {owner} throws a {colour} card and a white card into the centre, and"
    " No. {horse} stands still",
}
"""What a horse on a coloured square does, said whole in one line: "Ann throws a black
card into the centre" then "a white card", with no word of the square, read as cards
thrown away for nothing."""


def on_colour(state: TotopolyState, horse: int, square: str) -> Flow[None]:
    from homestretch.games.totopoly.rules.racecourse import move_on, owner_of

    player = owner_of(state, horse)
    colour = state.c.horses[horse].colour
    options = colour_options(state, player, colour, square)
    prompt = f"No. {horse} ({colour}) is on a {square} square"
    whites = state.held[player]["white"]
    may_throw_in = "white" in options or "card+white" in options
    if whites and may_throw_in and player not in state.whites_recalled:
        # "they must get rid of all their white cards before the end of the race, or
        # else they will be disqualified": a person who always moved on learnt it at
        # the post. Said the first time he may throw one in, no more: two rows again
        # on every coloured square after were read past (his menu still offers it).
        state.whites_recalled.add(player)
        cards = "a white card: it" if whites == 1 else f"{whites} white cards: each"
        prompt += (
            f" (you hold {cards} must be thrown in before the race ends, or a horse"
            " of yours placed is disqualified)"
        )
    others = f"decide what No. {horse} ({colour}) does on a {square} square"
    about = {"horse": horse, "colour": colour, "square": square}
    choice = yield from ask(
        player, prompt, [Colour(o) for o in options], others=others, about=about
    )
    assert isinstance(choice, Colour)
    value = COLOUR_VALUE[colour]
    lengths = "1 length" if value == 1 else f"{value} lengths"
    said = SAID[choice.choice].format(
        owner=state.name_of(player), colour=colour, lengths=lengths, horse=horse
    )
    state.say(f"No. {horse} ({colour}) is on a {square} square{said}")
    if choice.choice in ("card", "card+white"):
        throw_in(state, player, colour)
    if choice.choice in ("white", "card+white"):
        throw_in(state, player, "white")
    if choice.choice in ("advantage", "card"):
        move_on(state, horse, COLOUR_VALUE[colour])


def special_cards(state: TotopolyState, player: int, special: str) -> list[str]:
    return sorted(
        card
        for card, holder in state.specials.items()
        if holder == player and state.c.reports[card].special == special
    )


def play_special(state: TotopolyState, horse: int, special: str, use: str) -> Flow[bool]:
    """Offer the owner his kept ``special`` card; True if he plays it."""
    from homestretch.games.totopoly.rules.racecourse import owner_of

    player = owner_of(state, horse)
    cards = special_cards(state, player, special)
    if not cards:
        return False
    options: list[Action] = [PlaySpecial(cards[0], True), PlaySpecial(cards[0], False)]
    name = KEPT.get(special, "your card")
    prompt = f"No. {horse}: play {name} to {use}, or keep it"
    others = f"play a kept card for No. {horse} to {use}, or keep it"
    choice = yield from ask(player, prompt, options, others=others, about={"horse": horse})
    assert isinstance(choice, PlaySpecial)
    if not choice.yes:
        return False
    del state.specials[cards[0]]
    state.spent.append(cards[0])
    state.say(f"{state.name_of(player)} plays a kept card: No. {horse} will {use}")
    return True
