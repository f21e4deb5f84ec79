"""Not a script: ``--bot``, as every game's commands take it, for the benchmark scripts
that seat computer players: ``--bot K1,K2,...`` one kind a seat, or ``--bot KIND`` with
``--bots N`` (``homestretch.cli.common.bot_kinds``); ``--kinds K1,K2,...``, the scripts'
old spelling of ``--bot``, still read and hidden from ``--help`` (as `homestretch totopoly
tournament` keeps it). A mistake is one line, exit status 2."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from homestretch.cli.common import bot_help, bot_kinds, old_spelling
from homestretch.core.errors import HomestretchError


def add_bot_options(parser: argparse.ArgumentParser, kinds: Sequence[str], default: str) -> None:
    """--bot, --bots and the hidden --kinds; ``default``: the kinds at the table untold."""
    parser.add_argument("--bot", help=f"{bot_help(kinds)} (default {default})")
    parser.add_argument("--bots", type=int, help="how many computer players (with one --bot KIND)")
    parser.add_argument("--kinds", help=argparse.SUPPRESS)  # the old spelling of --bot


def seated(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    kinds: Sequence[str],
    default: str,
    players: tuple[int, int],
) -> list[str]:
    """Each seat's kind as --bot (or --kinds) and --bots say, ``players`` the fewest and
    most a game seats; a mistake ends the script with one line, exit status 2."""
    try:
        typed = old_spelling("--bot", args.bot, "--kinds", args.kinds)
        option = "--kinds" if args.bot is None and args.kinds is not None else "--bot"
        if typed is None and args.bots not in (None, len(default.split(","))):
            raise HomestretchError(
                f"--bots {args.bots}: say their kinds with --bot, one for all or one each "
                f"(without it: {default})"
            )
        kinds_seated = bot_kinds(typed or default, args.bots, sorted(kinds), "", option)
        low, high = players
        if not low <= len(kinds_seated) <= high:
            raise HomestretchError(
                f"{option} {typed}: a game seats {low} to {high} players, and it names "
                f"{len(kinds_seated)}"
            )
        return kinds_seated
    except HomestretchError as exc:
        parser.exit(2, f"error: {exc}\n")
