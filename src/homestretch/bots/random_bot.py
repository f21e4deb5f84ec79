"""A computer player that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON


class RandomBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        return self._rng.choice(legal)
