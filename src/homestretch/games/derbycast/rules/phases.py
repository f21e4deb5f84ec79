"""The phases a race passes through at a Derby Cast table (``state.phase``), read by the
state and by each part of the rules (the card, the picks, the scoring)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    card = "card"
    draw = "draw"
    """Top of the Stretch runs the race the keeper chose (a chance node: its seed)."""
    pick = "pick"
    confirm = "confirm"
    """Every marker has picked; with ``confirm``, each says the pick stands (R24)."""
    scratches = "scratches"
    """Every marker has picked: picks stay open until the keeper closes them."""
    repick = "repick"
    result = "result"
    review = "review"
    """A result is posted but not yet official: the keeper declares it or types it again."""
    over = "over"
