"""`homestretch GAME rules`: the game's "How to play" (core/how_to_play.py), drawn with
rich's Markdown at the terminal or given as JSON. rich.markdown (markdown-it-py, Pygments)
is imported when the guide is drawn, so ``--help`` never pays for it."""

from __future__ import annotations

from collections.abc import Callable

from homestretch.cli.common import FormatOption, OutputFormat, console, echo_json

RULES_HELP = "How to play: the goal, a turn, the choices and the end, in a page."


def rules_command(game: str) -> Callable[..., None]:
    """The ``rules`` command of ``game`` (its guide in games/<game>/content/)."""

    def rules(fmt: FormatOption = OutputFormat.text) -> None:
        from homestretch.core.how_to_play import how_to_play, title

        text = how_to_play(game)
        if fmt is OutputFormat.json:
            echo_json({"game": game, "title": title(text), "text": text})
            return
        from rich.markdown import Markdown

        console.print(Markdown(text))

    rules.__doc__ = (
        f"{RULES_HELP}\n\nThe same page is on the web at /how-to-play/{game} "
        "(`homestretch serve`); the rulebook and docs/rulings.md have the whole of it."
    )
    return rules
