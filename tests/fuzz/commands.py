"""Every command's options that take a value, with a base command line that runs quickly
and sanely, so one hostile value at a time can be put in one place."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]
    """A quick, sane run of the command."""
    slots: tuple[str, ...]
    """Its options that take a value; ``@N`` is the Nth positional argument."""

    def with_value(self, slot: str, value: str) -> list[str]:
        """The base command line with ``value`` in ``slot`` (replacing what was there)."""
        argv = list(self.argv)
        if slot.startswith("@"):
            positions = [
                i for i, a in enumerate(argv) if i >= _words(argv) and _positional(argv, i)
            ]
            argv[positions[int(slot[1:])]] = value
            return argv
        for spelling in (slot, *ALIASES.get(slot, ())):
            if spelling in argv:
                argv[argv.index(spelling) + 1] = value
                return argv
        return [*argv, slot, value]

    def path(self) -> str:
        """The command's words (``stretch run``), as the command tree names it."""
        return " ".join(self.argv[: _words(list(self.argv))])


ALIASES = {"--format": ("-f",), "--runs": ("-n",), "--games": ("-n",), "--entry": ("-e",)}
"""An option's other spelling a base command line may use: the value replaced is there."""
TOP = ("history", "replay", "resume", "verify", "serve")
"""The commands that are no game's: one word names them."""


def _words(argv: list[str]) -> int:
    """How many leading words name the command (``stretch run``)."""
    return 1 if argv[0] in TOP else 2


def _positional(argv: list[str], i: int) -> bool:
    previous = argv[i - 1] if i else ""
    return not argv[i].startswith("-") and not (previous.startswith("-") and previous not in FLAGS)


FLAGS = ("--quiet", "--short", "--no-save", "--jockeys", "--force", "--daily-double", "--sealed")
RACE = "2009-champagne-stakes"
ENTRIES = ("-e", "secretariat-1973", "-e", "citation-1948")

HELD = "{held}"
"""Stands for a port the test holds (``conftest.held_port``): a sane ``serve`` case ends
at binding it, exit 2, once every option before it was read and checked."""
BETTORS = ("--computer-bettor", "Rob", "--computer-bettor", "Sue", "--bankroll", "50")

COMMANDS = {
    "stretch run": Command(
        ("stretch", "run", RACE, "--seed", "1", "--no-save"),
        ("@0", "--mode", "--seed", "--dice", "--dice-file", "--charts", "--odds", "--plot")
        + ("--format",),
    ),
    "stretch run bettors": Command(
        ("stretch", "run", RACE, "--seed", "1", "--no-save", *BETTORS, "--format", "json")
        + ("--lone-bettor", "tote"),
        ("--bettor", "--computer-bettor", "--bankroll", "--lone-bettor", "--players", "--bots")
        + ("--bot",),
    ),
    "stretch run saved": Command(
        ("stretch", "run", RACE, "--seed", "1", "--format", "json"), ("--db",)
    ),
    "stretch races": Command(("stretch", "races"), ("--format",)),
    "stretch new": Command(
        ("stretch", "new", "made.toml", "--force", *ENTRIES),
        ("@0", "--name", "--track", "--date", "--furlongs", "--surface", "--condition", "-e")
        + ("--cards", "--format"),
    ),
    "stretch simulate": Command(
        ("stretch", "simulate", RACE, "-n", "200", "--seed", "1", "--format", "json"),
        ("@0", "-n", "--mode", "--seed", "--charts", "--format"),
    ),
    "stretch odds": Command(
        ("stretch", "odds", RACE, "--mode", "full", "--runs", "1000", "--seed", "1", "-f", "json"),
        ("@0", "--runs", "--mode", "--seed", "--charts", "--plot", "--format"),
    ),
    "stretch calibrate": Command(
        ("stretch", "calibrate", "--fields", "10", "--races", "50", "--seed", "1"),
        ("--seed", "--fields", "--races", "--mode", "--charts", "--plot", "--format"),
    ),
    "stretch cards": Command(("stretch", "cards", "sec"), ("@0", "--cards", "--format")),
    "across play": Command(
        ("across", "play", "--bots", "3", "--seed", "1", "--quiet", "--format", "json"),
        ("--players", "--bots", "--bot", "--track", "--meets", "--payoff", "--rotation")
        + ("--debts", "--betting-order", "--content", "--seed", "--dice", "--dice-file", "--db")
        + ("--format", "--stake"),
    ),
    "across simulate": Command(
        ("across", "simulate", "--track", "woodbine", "-n", "100", "--seed", "1", "-f", "json"),
        ("--track", "-n", "--content", "--seed", "--format"),
    ),
    "across simulate games": Command(
        ("across", "simulate", "--games", "2", "--bots", "3", "--seed", "1", "-f", "json"),
        ("--games", "--bots", "--players", "--meets", "--betting-order", "--track", "--plot")
        + ("--stake", "--bot"),
    ),
    "across tracks": Command(("across", "tracks"), ("--content", "--format")),
    "totopoly play": Command(
        ("totopoly", "play", "--bots", "2", "--seed", "1", "--format", "json"),
        ("--players", "--bots", "--seed", "--dice", "--dice-file", "--content", "--rule")
        + ("--db", "--format", "--bot"),
    ),
    "totopoly simulate": Command(
        ("totopoly", "simulate", "-n", "1", "--seed", "1", "--format", "json"),
        ("-n", "--bots", "--players", "--seed", "--content", "--rule", "--plot", "--format")
        + ("--bot",),
    ),
    "totopoly simulate match races": Command(
        ("totopoly", "simulate", "--match-races", "20", "--seed", "1", "--format", "json"),
        ("--match-races", "--content"),
    ),
    "totopoly tournament": Command(
        ("totopoly", "tournament", "-n", "2", "--seed", "1", "--format", "json"),
        ("--games", "--kinds", "--seed", "--format", "--bot", "--bots"),
    ),
    "totopoly board": Command(("totopoly", "board"), ("--content", "--format")),
    "derbycast play": Command(
        ("derbycast", "play", "--bots", "2", "--seed", "1", "--source", "replays")
        + ("--races", "1", "--format", "json"),
        ("--players", "--bots", "--races", "--tie", "--order", "--source", "--race", "--mode")
        + ("--seed", "--table", "--db", "--format", "--bot"),
    ),
    "derbycast points": Command(
        ("derbycast", "points", "5-2", "--bet", "win", "--finish", "1", "-f", "json"),
        ("@0", "--bet", "--finish", "--table", "--format"),
    ),
    "derbycast table": Command(("derbycast", "table", "-f", "json"), ("--table", "--format")),
    "derbycast races": Command(("derbycast", "races", "card.csv"), ("@0", "--format")),
    **{
        f"{game} content": Command(
            (game, "content", "copied", "--force", "--format", "json"), ("@0", "--part", "--format")
        )
        for game in ("stretch", "across", "totopoly", "derbycast")
    },
    **{
        f"{game} rules": Command((game, "rules", "--format", "json"), ("--format",))
        for game in ("stretch", "across", "totopoly", "derbycast")
    },
    "history": Command(("history", "--format", "json"), ("--game", "--limit", "--db", "--format")),
    "replay": Command(("replay", "1", "--format", "json"), ("@0", "--plot", "--db", "--format")),
    "resume": Command(("resume", "1"), ("@0", "--db", "--format")),
    "verify": Command(("verify", "1", "--format", "json"), ("@0", "--db", "--format")),
    "serve": Command(
        ("serve", "--port", HELD, "--db", "served.sqlite"),
        ("--host", "--port", "--db", "--cards", "--content", "--race", "--call-pace"),
    ),
}

SLOTS = tuple((name, slot) for name, command in COMMANDS.items() for slot in command.slots)
"""Every (command, option) pair a hostile value can go into."""
