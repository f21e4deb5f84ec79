"""Each game's "How to play": a short guide in our own words, kept as data beside the
game's content (``games/<name>/content/how_to_play.md``, shipped in the wheel by the
package-data setting) and shown by every surface: ``homestretch GAME rules`` at the
terminal, ``/how-to-play/GAME`` on the web. The rulebooks stay the law; the guide
summarises what a player needs and the house rulings (docs/rulings.md) that matter."""

from __future__ import annotations

from importlib.resources import files

from homestretch.core import registry
from homestretch.core.errors import HomestretchError

FILE_NAME = "how_to_play.md"
"""The guide's file in each game's content package."""


def how_to_play(game: str) -> str:
    """The Markdown guide of ``game`` (a registered game's name): an unknown name is a
    one-line error naming the games."""
    entry = registry.entry(game)  # the games named when the name is wrong
    guide = files(f"homestretch.games.{entry.name}.content") / FILE_NAME
    if not guide.is_file():
        raise HomestretchError(f"{entry.name} has no how-to-play guide yet")
    return guide.read_text(encoding="utf-8")


def known(game: str) -> bool:
    """Whether ``game`` names a registered game that has a guide."""
    try:
        how_to_play(game)
    except HomestretchError:
        return False
    return True


def title(text: str) -> str:
    """The guide's heading (its first line's words after ``# ``)."""
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    return first.removeprefix("# ").strip()
