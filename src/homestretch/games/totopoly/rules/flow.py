"""How the rules code asks for decisions and chance: generator requests.

Each phase of the game is a generator that ``yield``s an :class:`Ask` (a player must
choose) or a :class:`Roll` (chance must decide) and receives the answer back, so the
rules read in the rulebook's order even when a payment in the training ring turns into
a forced sale halfway through a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode


@dataclass
class Ask:
    player: int
    prompt: str
    actions: list[Action]
    check: Callable[[Action], str | None] | None = field(default=None)
    """For open-ended actions (a bid of any amount): why this one is not allowed."""
    others: str | None = None
    """The prompt as the rest of the table reads it, where ``prompt`` says "you"."""
    about: dict[str, Any] | None = None
    """What the decision is about, as data the table may all see (the horse on a coloured
    square and its colour, the Tote window): computer players and the board read this,
    never the prompt's words."""
    refuse: Callable[[Action], str | None] | None = None
    """Why a move not on the list is refused, where the general "not allowed now" would
    mislead (something not yours put up for sale); None: the general line."""
    amounts: dict[str, Any] | None = None
    """The asked player's amount boxes as the rules bound them (``amount_box``), by the
    kind of move ("bid", "bet", "offer"): shown to him alone, so his page says an amount
    out of bounds in the rules' words before sending it."""


def amount_box(least: int, most: int, words: str, above: str | None = None) -> dict[str, Any]:
    """An amount box's bounds for the page: the least and most the rules take, and what
    they say of an amount outside them (``words``, a template with ``{least}`` and
    ``{most}``: the one the rules' check refuses with), said below and above alike; or
    above, ``above``, what they say of more, with ``{amount}`` left for the amount typed
    (the page fills it in)."""
    said = words.format(least=least, most=most)
    more = said if above is None else above.format(least=least, most=most, amount="{amount}")
    return {"least": least, "most": most, "below": said, "above": more}


@dataclass
class Roll:
    node: ChanceNode


T = TypeVar("T")
Flow = Generator[Ask | Roll, Any, T]


def ask(
    player: int,
    prompt: str,
    actions: list[Action],
    check: Callable[[Action], str | None] | None = None,
    others: str | None = None,
    about: dict[str, Any] | None = None,
    refuse: Callable[[Action], str | None] | None = None,
    amounts: dict[str, Any] | None = None,
) -> Flow[Action]:
    """A player's choice; a choice of one is made without asking. ``others``: the
    prompt as the other players read it, where ``prompt`` speaks to the player;
    ``about``: what the choice is about, as data (``Ask.about``); ``refuse``: why a
    move not listed is refused (``Ask.refuse``); ``amounts``: the bounds of its amount
    boxes (``Ask.amounts``)."""
    if len(actions) == 1 and check is None:
        return actions[0]
    answer: Action = yield Ask(player, prompt, actions, check, others, about, refuse, amounts)
    return answer


def dice(label: str, count: int) -> Flow[tuple[int, ...]]:
    faces: tuple[int, ...] = yield Roll(ChanceNode(label, dice=count))
    return faces


def pick(label: str, count: int) -> Flow[int]:
    """A uniform draw among ``count`` face-down cards (their order is never stored)."""
    if count == 1:
        return 0
    outcome: tuple[int, ...] = yield Roll(ChanceNode(label, choices=count))
    return outcome[0]
