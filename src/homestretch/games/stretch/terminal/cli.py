"""`homestretch stretch`: run races, build race files, browse the cards.

The typer group, each command registered from its own module beside this one (run,
browse, new, simulate, odds, calibrate), in the order `stretch --help` lists them.
``show_saved`` and ``resume_saved`` are what `homestretch replay` and `homestretch
resume` call (cli/main.py).
"""

from __future__ import annotations

import typer

from homestretch.cli.content import content_command
from homestretch.cli.rules import rules_command
from homestretch.games.stretch.terminal.browse import cards, races
from homestretch.games.stretch.terminal.calibrate import calibrate
from homestretch.games.stretch.terminal.new import new
from homestretch.games.stretch.terminal.odds import odds
from homestretch.games.stretch.terminal.run import resume_saved, run, show_saved
from homestretch.games.stretch.terminal.simulate import simulate

__all__ = ["app", "resume_saved", "show_saved"]

app = typer.Typer(
    no_args_is_help=True,
    help="Start with `homestretch stretch run 2009-champagne-stakes --mode full` (a race with "
    "its call, scoresheet and result chart); `homestretch stretch races` lists the other "
    "sample races.",
)
for command in (run, races, cards, new, simulate, odds, calibrate):
    app.command()(command)
app.command("content")(content_command("stretch"))
app.command("rules")(rules_command("stretch"))
