"""Why a trained blue lags: where a lightweight's cards come from, and what owners do.

Run: nice .venv/bin/python benchmarks/totopoly_blues.py [games] [seed] [--format json]

Plays seeded long games of four sensible players (as ``simulate`` does) and counts, by
the colour of the horse: how many horses of that colour were leased and trained; the
cards of its colour it brought in during training, and from where (a ring square, its
trainer's or the vet's report when it landed on their square, or a report its owner
read as a club member); the members' reports read for it; then, at the start of the
race, the owners holding 3+ cards of a lightweight colour: how many nominated a horse
of that colour, and which colour otherwise. Every figure is measured in this run.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON
from homestretch.core.referee import play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.content.loader import COLOURS
from homestretch.games.totopoly.rules import training
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

SOURCES = ("square", "stables", "vet", "member")


class Tally:
    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.source = "outside"


@contextmanager
def watched(tally: Tally) -> Iterator[None]:
    """Count every colour card a horse takes in training, by where it came from: a
    square's own card, a report read on a square (its trainer's or the vet's), or a
    report its owner read as a club member before throwing."""
    take, read, obey = training.apply_card_effect, training.read_report, training.obey

    def counted_take(state: TotopolyState, player: int, horse: int, effect: str) -> None:
        colour = state.c.horses[horse].colour
        before = state.held[player][colour]
        take(state, player, horse, effect)
        if effect == "colour_card":
            source = "square" if tally.source == "in_square" else tally.source
            tally.count[f"cards:{colour}:{source}"] += state.held[player][colour] - before

    def counted_read(state: TotopolyState, player: int, horse: int, deck: str):  # type: ignore[no-untyped-def]
        outer = tally.source
        if outer == "outside":
            tally.source = "member"
            tally.count[f"member_reads:{state.c.horses[horse].colour}:{deck}"] += 1
        else:
            tally.source = "vet" if deck == "vet" else "stables"
        yield from read(state, player, horse, deck)
        tally.source = outer

    def counted_obey(state: TotopolyState, horse: int, at: int):  # type: ignore[no-untyped-def]
        tally.source = "in_square"
        yield from obey(state, horse, at)
        tally.source = "outside"

    training.apply_card_effect = counted_take  # type: ignore[assignment]
    training.read_report = counted_read  # type: ignore[assignment]
    training.obey = counted_obey  # type: ignore[assignment]
    try:
        yield
    finally:
        training.apply_card_effect, training.read_report, training.obey = take, read, obey


def study(games: int, seed: int) -> JSON:
    game = TotopolyGame(4)
    tally = Tally()
    count = tally.count
    with watched(tally):
        for number in range(games):
            agents = {s: SensibleBot(game, s, seed + number) for s in range(4)}
            state = play(game.new_initial_state(), SeededDice(seed + number), agents)
            assert isinstance(state, TotopolyState)
            trained = [h for h, s in state.status.items() if state.horse_owner(h) is not None]
            for horse in trained:
                colour = state.c.horses[horse].colour
                count[f"leased:{colour}"] += 1
                owner = state.horse_owner(horse)
                count[f"owner_member:{colour}"] += owner in state.members
            for seat in range(4):
                if not state.cards_at_start:
                    continue
                cards = state.cards_at_start[seat]
                runners = [
                    h
                    for h, s in state.status.items()
                    if state.horse_owner(h) == seat and s not in ("withdrawn", "scratched")
                ]
                for colour in ("yellow", "blue"):
                    if cards[colour] >= 3 and any(
                        state.c.horses[h].colour == colour for h in runners
                    ):
                        count[f"holders3:{colour}"] += 1
                        chosen = state.nominated.get(seat)
                        if chosen is None and len(runners) == 1:
                            chosen = runners[0]
                        picked = state.c.horses[chosen].colour if chosen else "nobody"
                        count[f"holders3:{colour}:nominated:{picked}"] += 1
                        if any(state.c.horses[h].colour == "black" for h in runners):
                            count[f"holders3:{colour}:with_black"] += 1
                for colour in COLOURS:
                    count[f"held_at_start:{colour}"] += cards[colour]
    out: JSON = {"games": games, "seed": seed, "by_colour": {}}
    for colour in COLOURS:
        leased = count[f"leased:{colour}"]
        per = {src: round(count[f"cards:{colour}:{src}"] / max(leased, 1), 3) for src in SOURCES}
        out["by_colour"][colour] = {
            "horses_leased": leased,
            "owner_a_member": round(count[f"owner_member:{colour}"] / max(leased, 1), 3),
            "cards_a_horse_by_source": per,
            "cards_a_horse": round(sum(per.values()), 3),
            "member_reads_a_horse": {
                deck: round(count[f"member_reads:{colour}:{deck}"] / max(leased, 1), 3)
                for deck in ("walroy", "stevedon", "vet")
            },
            "held_at_race_a_game": round(count[f"held_at_start:{colour}"] / games, 2),
        }
        if colour in ("yellow", "blue"):
            out["by_colour"][colour]["owners_with_3plus"] = {
                "owners": count[f"holders3:{colour}"],
                "also_run_a_black": count[f"holders3:{colour}:with_black"],
                "nominated": {
                    c: count[f"holders3:{colour}:nominated:{c}"] for c in (*COLOURS, "nobody")
                },
            }
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=300)
    parser.add_argument("seed", type=int, nargs="?", default=2026)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    games, seed = args.games, args.seed
    result = study(games, seed)
    if args.format == "json":
        print(json.dumps(result, indent=2))
    else:
        print(f"{games} long games of four sensible players, seed {seed}")
        for colour, row in result["by_colour"].items():
            print(f"\n{colour}: {row['horses_leased']} horses leased;", end=" ")
            print(f"owner a club member {row['owner_a_member']:.0%}")
            src = ", ".join(f"{k} {v:.2f}" for k, v in row["cards_a_horse_by_source"].items())
            print(f"  cards of its colour a horse brought in: {row['cards_a_horse']:.2f} ({src})")
            reads = ", ".join(f"{k} {v:.2f}" for k, v in row["member_reads_a_horse"].items())
            print(f"  members' reports read for it, a horse: {reads}")
            print(f"  cards of this colour held at the race, a game: {row['held_at_race_a_game']}")
            if "owners_with_3plus" in row:
                h = row["owners_with_3plus"]
                print(
                    f"  owners running one with 3+ cards: {h['owners']}, of whom "
                    f"{h['also_run_a_black']} also ran a black; nominated: {h['nominated']}"
                )
