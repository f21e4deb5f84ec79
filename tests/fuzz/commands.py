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
        if slot in argv:
            argv[argv.index(slot) + 1] = value
            return argv
        return [*argv, slot, value]


def _words(argv: list[str]) -> int:
    """How many leading words name the command (``stretch run``)."""
    return 1 if argv[0] in ("history", "replay", "resume") else 2


def _positional(argv: list[str], i: int) -> bool:
    previous = argv[i - 1] if i else ""
    return not argv[i].startswith("-") and not (previous.startswith("-") and previous not in FLAGS)


FLAGS = ("--quiet", "--short", "--no-save", "--jockeys", "--force", "--daily-double")
RACE = "2009-champagne-stakes"
ENTRIES = ("-e", "secretariat-1973", "-e", "citation-1948")

COMMANDS = {
    "stretch run": Command(
        ("stretch", "run", RACE, "--seed", "1", "--no-save"),
        ("@0", "--mode", "--seed", "--dice", "--dice-file", "--charts", "--odds", "--plot"),
    ),
    "stretch run saved": Command(
        ("stretch", "run", RACE, "--seed", "1", "--format", "json"), ("--db",)
    ),
    "stretch new": Command(
        ("stretch", "new", "made.toml", "--force", *ENTRIES),
        ("@0", "--name", "--track", "--date", "--furlongs", "--surface", "--condition", "-e")
        + ("--cards",),
    ),
    "stretch simulate": Command(
        ("stretch", "simulate", RACE, "-n", "200", "--seed", "1", "--format", "json"),
        ("@0", "-n", "--mode", "--seed", "--charts"),
    ),
    "stretch odds": Command(
        ("stretch", "odds", RACE, "--mode", "full", "--runs", "1000", "--seed", "1", "-f", "json"),
        ("@0", "--runs", "--mode", "--seed", "--charts", "--plot"),
    ),
    "stretch calibrate": Command(
        ("stretch", "calibrate", "--fields", "10", "--races", "50", "--seed", "1"),
        ("--seed", "--fields", "--races", "--mode", "--charts"),
    ),
    "stretch cards": Command(("stretch", "cards", "sec"), ("@0", "--cards")),
    "across play": Command(
        ("across", "play", "--bots", "3", "--seed", "1", "--quiet", "--format", "json"),
        ("--players", "--bots", "--bot", "--track", "--meets", "--payoff", "--rotation")
        + ("--content", "--seed", "--dice", "--dice-file"),
    ),
    "across simulate": Command(
        ("across", "simulate", "--track", "woodbine", "-n", "100", "--seed", "1", "-f", "json"),
        ("--track", "-n", "--content", "--seed"),
    ),
    "across tracks": Command(("across", "tracks"), ("--content",)),
    "totopoly play": Command(
        ("totopoly", "play", "--bots", "2", "--seed", "1", "--format", "json"),
        ("--players", "--bots", "--seed", "--dice", "--dice-file", "--content", "--rule"),
    ),
    "totopoly simulate": Command(
        ("totopoly", "simulate", "-n", "1", "--seed", "1", "--format", "json"),
        ("-n", "--players", "--seed", "--content", "--rule"),
    ),
    "totopoly board": Command(("totopoly", "board"), ("--content",)),
    "derbycast play": Command(
        ("derbycast", "play", "--bots", "2", "--seed", "1", "--source", "replays")
        + ("--races", "1", "--format", "json"),
        ("--players", "--bots", "--races", "--tie", "--source", "--race", "--mode", "--seed")
        + ("--table",),
    ),
    "derbycast points": Command(
        ("derbycast", "points", "5-2", "--bet", "win", "--finish", "1", "-f", "json"),
        ("@0", "--bet", "--finish", "--table"),
    ),
    "derbycast table": Command(("derbycast", "table", "-f", "json"), ("--table",)),
    "derbycast races": Command(("derbycast", "races", "card.csv"), ("@0",)),
    **{
        f"{game} content": Command(
            (game, "content", "copied", "--force", "--format", "json"), ("@0", "--part")
        )
        for game in ("stretch", "across", "totopoly", "derbycast")
    },
    **{
        f"{game} rules": Command((game, "rules", "--format", "json"), ("--format",))
        for game in ("stretch", "across", "totopoly", "derbycast")
    },
    "history": Command(("history", "--format", "json"), ("--game", "--limit", "--db")),
    "replay": Command(("replay", "1", "--format", "json"), ("@0", "--plot")),
    "resume": Command(("resume", "1"), ("@0",)),
}

SLOTS = tuple((name, slot) for name, command in COMMANDS.items() for slot in command.slots)
"""Every (command, option) pair a hostile value can go into."""
