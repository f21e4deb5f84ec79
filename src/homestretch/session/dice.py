"""The table's dice: how chance is resolved, kept in step with the log on every rebuild.

A table's dice are seeded (a generator from the table's seed), scripted (faces given in
advance, red before white) or asked (a person at the table types each roll made with
real dice). Card draws and other chance that is not dice come from the seeded generator
in every case, since a list of faces cannot say which card was drawn. The generators run
in the order of the log, so a table rebuilt from its log at any cut steps them through
the chance events it already has and goes on exactly as the unbroken table.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal

from homestretch.core.chance import ChanceNode, Outcome, SeededDice
from homestretch.core.errors import DiceError, HomestretchError
from homestretch.core.protocol import JSON

DiceKind = Literal["seeded", "scripted", "asked"]


def seed_digest(seed: int) -> str:
    """The SHA-256 a table shows while its seed is still secret (the fair-dice check)."""
    return hashlib.sha256(f"homestretch-seed:{seed}".encode()).hexdigest()


@dataclass(frozen=True)
class DiceSpec:
    """How a table resolves chance. ``faces`` is the script of a scripted table;
    ``then_seeded`` lets a script that has run out go on with the seeded generator (set
    when a scripted game is resumed, so it can be finished)."""

    kind: DiceKind
    seed: int
    faces: tuple[int, ...] = field(default=())
    then_seeded: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("seeded", "scripted", "asked"):
            raise HomestretchError(f"dice are seeded, scripted or asked, not {self.kind!r}")

    def to_json(self) -> JSON:
        return {
            "kind": self.kind,
            "seed": self.seed,
            "faces": list(self.faces),
            "then_seeded": self.then_seeded,
        }

    @classmethod
    def from_json(cls, data: JSON) -> DiceSpec:
        return cls(
            kind=data["kind"],
            seed=int(data["seed"]),
            faces=tuple(int(f) for f in data.get("faces", ())),
            then_seeded=bool(data.get("then_seeded", False)),
        )


class ScriptRanOut(DiceError):
    """A scripted table needs more faces than its script gives. What was rolled so far
    is stored; resumed, the table goes on with its seeded dice."""


class TableDice:
    """Resolves a table's chance nodes from its :class:`DiceSpec`.

    ``needs_person(node)``: an asked roll the table must wait for. ``roll(node)``: the
    automatic outcome. ``step(node, outcome)``: account for an outcome already in the log,
    so the generators and the script stay in step with it, and say whether these dice
    would have given it (the fair-dice check).
    """

    def __init__(self, spec: DiceSpec) -> None:
        self.spec = spec
        self._seeded = SeededDice(spec.seed)
        self._next_face = 0

    def needs_person(self, node: ChanceNode) -> bool:
        return self.spec.kind == "asked" and node.is_dice

    def _scripted(self, node: ChanceNode) -> bool:
        if self.spec.kind != "scripted" or not node.is_dice:
            return False
        if self._next_face + node.dice <= len(self.spec.faces):
            return True
        if self.spec.then_seeded:
            return False
        raise ScriptRanOut(
            f"the dice list ran out at {node.label!r}: "
            f"{len(self.spec.faces)} face(s) given, more needed"
        )

    def roll(self, node: ChanceNode) -> Outcome:
        if self.needs_person(node):
            raise DiceError(f"{node.label}: the roll is typed by a person at the table")
        if self._scripted(node):
            faces = self.spec.faces[self._next_face : self._next_face + node.dice]
            self._next_face += node.dice
            return node.check(faces)
        return self._seeded.resolve(node)

    def step(self, node: ChanceNode, outcome: Outcome) -> bool:
        """Whether these dice give ``outcome`` here (typed rolls always do); the
        generators and the script move on either way."""
        if self.needs_person(node):
            return True  # typed dice use no generator
        return tuple(self.roll(node)) == tuple(outcome)
