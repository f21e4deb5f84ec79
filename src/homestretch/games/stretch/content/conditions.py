"""Track conditions, in a module of their own so that the command line's help can name
them without loading the race-file models."""

from __future__ import annotations

CONDITIONS = {
    "fast": 0,
    "firm": 0,
    "good": -1,
    "muddy": -2,
    "yielding": -2,
    "sloppy": -3,
    "soft": -3,
    "heavy": -3,
}
"""Track conditions and their wet effect on every horse's Power rating (rulebook p. 7)."""
