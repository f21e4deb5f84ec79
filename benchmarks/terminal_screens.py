"""Every screen of a game at a real 80 x 24 terminal: the rows from a person's last answer
to the next question, by phase.

    .venv/bin/python benchmarks/terminal_screens.py across --players Ann,Bob --bots 4
    .venv/bin/python benchmarks/terminal_screens.py totopoly --players Ann --bots 5 --random
    .venv/bin/python benchmarks/terminal_screens.py stretch --players Ann,Bob,Cy --bots 3

Plays the game in a pseudo-terminal (tests/games/pty_screens.py) with a seed, each person
taking the first choice of every list (``--random``: any number the list shows, seeded),
Enter at a hand-over or a race's page; a Top of the Stretch bettor bets ``win 1 2`` and
then is done. Prints, by phase (the heading's, Across's "Ann: betting", Totopoly's
"Totopoly - Ann: tote"), how many screens, the most rows one took and how many took more
than 24. The first screen is counted from its heading (above it the seed and where the
game is saved). To measure the code as it was, run it with PYTHONPATH naming an older
tree's src (``git archive REV src | tar -x -C /tmp/old``; ``PYTHONPATH=/tmp/old/src``).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from tests.games.pty_screens import Screen, play  # noqa: E402

LISTED = re.compile(r"^\s+(\d+)(?:-(\d+))?\s")


def argv_for(game: str, people: list[str], bots: int, seed: int, db: str, race: str) -> list[str]:
    if game == "stretch":
        argv = ["stretch", "run", race, "--seed", str(seed), "--db", db]
        for name in people:
            argv += ["--bettor", name]
        return argv + [arg for n in range(bots) for arg in ("--computer-bettor", f"Robo{n + 1}")]
    argv = [game, "play", "--players", ",".join(people), "--bots", str(bots)]
    argv += ["--seed", str(seed), "--db", db]
    return argv + (["--track", "woodbine"] if game == "across" else [])


def phase(screen: Screen) -> str:
    """The screen's phase, by its heading or its question."""
    question = screen.question
    if question.startswith("Game over"):
        return "end"
    if "press Enter" in question:
        return "hand-over"
    if question.startswith(("Enter: more", "m: every sheet")):
        return "race pages"
    headings = [line.strip("─ ") for line in screen.lines if line.startswith("─")]
    heading = next((h for h in reversed(headings) if h), "")
    if heading.startswith("Totopoly - ") and ": " in heading:
        return heading.split(": ", 1)[1].split()[0]
    named = re.fullmatch(r"\w+: ([a-z ]+)", heading)
    if named:
        return named.group(1)
    if "The tote" in screen.text:
        return "bettor's window"
    return heading or "asked again"  # a mistake answered, the question again


def rows(screen: Screen, first: bool) -> int:
    """The rows the screen takes; the first from its heading."""
    headings = [line for line in screen.lines if line.startswith("─") and line.strip("─ ")]
    return screen.rows(headings[-1]) if first and headings else screen.rows()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=("across", "totopoly", "stretch"))
    parser.add_argument("--players", default="Ann,Bob", help="the people, comma-separated")
    parser.add_argument("--bots", type=int, default=0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--race", default="dream-derby", help="stretch: the race run")
    parser.add_argument("--random", action="store_true", help="any choice listed, seeded")
    parser.add_argument("--show", action="store_true", help="print each screen over 24 rows")
    args = parser.parse_args()
    chooser = random.Random(args.seed)
    bets = iter(["win 1 2"])

    def answer(screen: Screen) -> str | None:
        question = screen.question
        if question.startswith(("Game over", "Enter", "m: every sheet")) or "Enter" in question:
            return ""
        if args.game == "stretch":
            return next(bets, "done")
        listed = [
            n
            for line in screen.lines[-30:]
            if (m := LISTED.match(line))
            for n in range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1)
        ]
        return str(chooser.choice(listed)) if args.random and listed else "1"

    with tempfile.TemporaryDirectory() as folder:
        people = [name for name in args.players.split(",") if name]
        argv = argv_for(args.game, people, args.bots, args.seed, f"{folder}/g.sqlite", args.race)
        screens = [s for s in play(argv, answer, timeout=3600) if s.question]
    by_phase: dict[str, list[int]] = defaultdict(list)
    for n, screen in enumerate(screens):
        by_phase[phase(screen)].append(rows(screen, n == 0))
        if args.show and rows(screen, n == 0) > 24:
            print(f"{rows(screen, n == 0)} rows:\n{screen.text}\n")
    print(
        f"{' '.join(argv[:2])}, {len(people)} people and {args.bots} computers: {len(screens)} screens"
    )
    for name, counted in sorted(by_phase.items()):
        over = sum(r > 24 for r in counted)
        print(f"  {name:16} {len(counted):4} screens, most {max(counted):3} rows, {over} over 24")


if __name__ == "__main__":
    main()
