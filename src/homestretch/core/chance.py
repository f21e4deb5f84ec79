"""Chance nodes and the three dice sources that resolve them.

Rules code never calls a random generator: when the rules roll dice or draw a card the
state becomes a chance node that lists its outcomes. A referee resolves the node from a
:class:`DiceSource`: seeded or scripted (faces typed in advance, red before white); a
table (``homestretch.session``) also waits for faces a person typed from real dice.
"""

from __future__ import annotations

import itertools
import random
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from homestretch.core.errors import ContentError, DiceError
from homestretch.core.inputs import read_text, shown

Outcome = tuple[int, ...]
"""Dice faces in order (red, white, ...), or a one-element tuple holding a choice index."""

DIE_NAMES = ("red", "white", "third", "fourth")


@dataclass(frozen=True)
class ChanceNode:
    """What chance must decide now.

    ``dice`` six-sided dice (faces returned in order: red first), or one uniform pick
    among ``choices`` items (a card drawn from a deck of that many), or one pick among
    ``weights`` (relative, positive).
    """

    label: str
    dice: int = 0
    choices: int = 0
    weights: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        kinds = sum(1 for x in (self.dice, self.choices, len(self.weights)) if x)
        if kinds != 1:
            raise ValueError(f"chance node {self.label!r} must have exactly one kind")

    @property
    def is_dice(self) -> bool:
        return self.dice > 0

    def outcomes(self) -> list[tuple[Outcome, Fraction]]:
        if self.dice:
            p = Fraction(1, 6**self.dice)
            return [(faces, p) for faces in itertools.product(range(1, 7), repeat=self.dice)]
        if self.choices:
            return [((i,), Fraction(1, self.choices)) for i in range(self.choices)]
        total = sum(self.weights)
        return [((i,), Fraction(w, total)) for i, w in enumerate(self.weights)]

    def check(self, outcome: Sequence[int]) -> Outcome:
        """Return ``outcome`` as a tuple, or raise DiceError saying why it is impossible."""
        faces = tuple(int(x) for x in outcome)
        if self.dice:
            if len(faces) != self.dice or any(not 1 <= f <= 6 for f in faces):
                raise DiceError(f"{self.label}: needs {self.dice} die face(s) 1-6, got {faces}")
        else:
            n = self.choices or len(self.weights)
            if len(faces) != 1 or not 0 <= faces[0] < n:
                raise DiceError(f"{self.label}: needs one choice 0-{n - 1}, got {faces}")
        return faces


class DiceSource(ABC):
    """Resolves chance nodes. ``used`` keeps every die face it gave, in order."""

    def __init__(self) -> None:
        self.used: list[int] = []

    def resolve(self, node: ChanceNode) -> Outcome:
        outcome = node.check(self._resolve(node))
        if node.is_dice:
            self.used.extend(outcome)
        return outcome

    @abstractmethod
    def _resolve(self, node: ChanceNode) -> Outcome: ...


class SeededDice(DiceSource):
    """A seeded generator: the same seed gives the same game."""

    def __init__(self, seed: int) -> None:
        super().__init__()
        self.seed = seed
        self._rng = random.Random(seed)

    def _resolve(self, node: ChanceNode) -> Outcome:
        if node.dice:
            return tuple(self._rng.randint(1, 6) for _ in range(node.dice))
        if node.choices:
            return (self._rng.randrange(node.choices),)
        return (self._rng.choices(range(len(node.weights)), weights=node.weights)[0],)


class ScriptedDice(DiceSource):
    """Faces given in advance, consumed in order, red before white in a two-dice roll.

    Card draws and other non-dice chance come from ``fallback`` (a seeded source), since
    a list of die faces cannot say which card was drawn.
    """

    def __init__(self, faces: Sequence[int], fallback_seed: int = 0) -> None:
        super().__init__()
        self.faces = list(faces)
        self._next = 0
        self._fallback = SeededDice(fallback_seed)

    @property
    def remaining(self) -> int:
        return len(self.faces) - self._next

    def _resolve(self, node: ChanceNode) -> Outcome:
        if not node.dice:
            return self._fallback.resolve(node)
        if self.remaining < node.dice:
            raise DiceError(
                f"the dice list ran out at {node.label!r}: "
                f"{len(self.faces)} face(s) given, more needed"
            )
        faces = tuple(self.faces[self._next : self._next + node.dice])
        self._next += node.dice
        return faces


def parse_faces(text: str, source: str = "dice list") -> list[int]:
    """Parse die faces written as '3 4 6 1', '3,4,6,1' or '3-4 6-1'."""
    # a dash separates only between two faces ("3-4"); "-4" is a face that cannot be
    tokens = [t for t in re.split(r"[\s,;/]+|(?<=\d)-(?=\d)", text.strip()) if t]
    faces: list[int] = []
    for position, token in enumerate(tokens, start=1):
        if token not in ("1", "2", "3", "4", "5", "6"):
            raise DiceError(f"{source}: item {position} is {shown(token)}; die faces are 1-6")
        faces.append(int(token))
    if not faces:
        raise DiceError(f"{source}: no die faces given")
    return faces


def read_faces_file(path: Path) -> list[int]:
    try:
        text = read_text(path, "dice file")
    except ContentError as exc:
        raise DiceError(str(exc)) from None
    lines = [line.split("#", 1)[0] for line in text.splitlines()]
    return parse_faces(" ".join(lines), source=str(path))
