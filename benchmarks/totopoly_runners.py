"""Per runner: does training pay? Which throws, cards and choices a trained horse gets.

Run: nice .venv/bin/python benchmarks/totopoly_runners.py [games] [seed] [--short]
         [--mixed N] [--format json]

Plays seeded long games (``--short``: the short game) of four sensible players twice on
each seed, alternating which goes first: with the players shipped ("keep": a horse that
is not its owner's nominee leaves the colour cards of its colour to the nominee while
the nominee may still play them, ``SensibleBot.spare_card``) and with the players as
they were ("spend": every horse plays a card whenever one moves it on). The deal, the
auction and the training ring are the same in both (the players differ only on the
course), so the two columns race the same horses with the same cards.

For every runner it records its colour, the cards of its colour its owner held at the
start of the race (a blue takes three at a time, so its buckets are 0, 3-5 and 6+),
whether it was its owner's nominee (or his only runner), whether its owner ran another
horse of its colour (a sibling: the cards serve both, only one is nominated) or a black
(the horse he nominates unless training lifted another past it), the
throws it was given, the cards it played, and whether it won. Prints per runner win
rates with 95% intervals (1.96 standard errors), the share nominated, the nominees' and
the others' win rates, the cards nominees and their siblings played, each colour's
share of the races, and the per runner win rate of the runners alone of their colour in
their owner's string with no black beside them (like for like with an untrained black,
which has no other black beside it). ``--mixed N`` then plays N games with two "keep" and two "spend"
players at one table (rotated round the seats) and prints each kind's average final
money and race wins: whether keeping the cards for the nominee is the better play.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from homestretch.core.chance import SeededDice
from homestretch.core.protocol import JSON
from homestretch.core.referee import Agent, play
from homestretch.games.totopoly.analysis.tournament import tournament
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.content.loader import COLOURS
from homestretch.games.totopoly.rules import racecourse
from homestretch.games.totopoly.rules.flow import Flow
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

Z95 = 1.96
RAN = ("finished", "running", "fallen", "out")


class Spender(SensibleBot):
    """The sensible player as it was: any horse plays a colour card whenever it can."""

    def spare_card(self, view: JSON, number: int) -> bool:
        return True


KINDS: dict[str, type[SensibleBot]] = {"keep": SensibleBot, "spend": Spender}


def bucket(colour: str, cards: int) -> str:
    if colour == "blue":
        return "0" if cards == 0 else ("3-5" if cards < 6 else "6+")
    return "3+" if cards >= 3 else str(cards)


BUCKETS = {c: ("0", "3-5", "6+") if c == "blue" else ("0", "1", "2", "3+") for c in COLOURS}


@dataclass
class Watch:
    """Per horse in the game being played: throws given, their faces, cards played."""

    count: dict[int, Counter[str]] = field(default_factory=dict)

    def of(self, horse: int) -> Counter[str]:
        return self.count.setdefault(horse, Counter())


@contextmanager
def watched(watch: Watch) -> Iterator[None]:
    move, on_colour = racecourse.move, racecourse.on_colour

    def counted_move(state: TotopolyState, horse: int, face: int) -> Flow[None]:
        if state.status[horse] == "running":
            watch.of(horse)["throws"] += 1
            watch.of(horse)["faces"] += face
        yield from move(state, horse, face)

    def counted_colour(state: TotopolyState, horse: int, square: str) -> Flow[None]:
        owner = state.horse_owner(horse)
        assert owner is not None
        colour = state.c.horses[horse].colour
        before = state.held[owner][colour]
        yield from on_colour(state, horse, square)
        watch.of(horse)["played"] += before - state.held[owner][colour]

    racecourse.move, racecourse.on_colour = counted_move, counted_colour  # type: ignore[assignment]
    try:
        yield
    finally:
        racecourse.move, racecourse.on_colour = move, on_colour  # type: ignore[assignment]


def runners(state: TotopolyState, watch: Watch) -> list[JSON]:
    """One row for each horse that ran."""
    winner = state.placings[0] if state.placings else None
    ran = [h for h, s in state.status.items() if s in RAN]
    rows = []
    for horse in ran:
        colour = state.c.horses[horse].colour
        owner = state.horse_owner(horse)
        assert owner is not None
        mine = [h for h in ran if state.horse_owner(h) == owner]
        seen = watch.of(horse)
        rows.append(
            {
                "colour": colour,
                "cards": state.cards_at_start[owner][colour],
                "nominee": len(mine) == 1 or state.nominated.get(owner) == horse,
                "sibling": any(state.c.horses[h].colour == colour for h in mine if h != horse),
                "with_black": any(state.c.horses[h].colour == "black" for h in mine if h != horse),
                "won": horse == winner,
                "disqualified": horse in state.disqualified,
                "throws": seen["throws"],
                "faces": seen["faces"],
                "played": seen["played"],
            }
        )
    return rows


def one_game(game: TotopolyGame, kind: type[SensibleBot], seed: int) -> list[JSON]:
    watch = Watch()
    agents: dict[int, Agent] = {s: kind(game, s, seed) for s in range(game.players)}
    with watched(watch):
        state = play(game.new_initial_state(), SeededDice(seed), agents)
    assert isinstance(state, TotopolyState)
    return runners(state, watch)


def rate(wins: int, runs: int) -> JSON:
    if not runs:
        return {"runs": 0, "rate": None, "low": None, "high": None}
    p = wins / runs
    half = Z95 * math.sqrt(p * (1 - p) / runs)
    return {
        "runs": runs,
        "rate": round(p, 4),
        "low": round(max(0.0, p - half), 4),
        "high": round(min(1.0, p + half), 4),
    }


def summary(rows: list[JSON], games: int) -> JSON:
    out: JSON = {"by_cards": {}, "race_share": {}}
    for colour in COLOURS:
        for b in BUCKETS[colour]:
            group = [r for r in rows if r["colour"] == colour and bucket(colour, r["cards"]) == b]
            if not group:
                continue
            nominees = [r for r in group if r["nominee"]]
            others = [r for r in group if not r["nominee"]]
            sibs = [r for r in group if r["sibling"]]

            def played(rs: list[JSON]) -> float | None:
                return round(sum(r["played"] for r in rs) / len(rs), 2) if rs else None

            throws = sum(r["throws"] for r in nominees)
            alone = [r for r in group if not r["sibling"] and not r["with_black"]]
            out["by_cards"][f"{colour} {b}"] = {
                "per_runner": rate(sum(r["won"] for r in group), len(group)),
                "nominated": round(len(nominees) / len(group), 3),
                "nominee": rate(sum(r["won"] for r in nominees), len(nominees)),
                "not_nominated": rate(sum(r["won"] for r in others), len(others)),
                "with_a_sibling": round(len(sibs) / len(group), 3),
                # like for like with an untrained black (no other black beside it): no
                # horse of its own colour and no black in its owner's string
                "alone_per_runner": rate(sum(r["won"] for r in alone), len(alone)),
                "alone_nominated": round(sum(r["nominee"] for r in alone) / len(alone), 3)
                if alone
                else None,
                "with_a_black": round(sum(r["with_black"] for r in group) / len(group), 3),
                "cards_played_nominee_with_sibling": played([r for r in sibs if r["nominee"]]),
                "cards_played_sibling_not_nominated": played([r for r in sibs if not r["nominee"]]),
                "nominee_mean_throw": round(sum(r["faces"] for r in nominees) / throws, 2)
                if throws
                else None,
                "disqualified": sum(r["disqualified"] for r in group),
            }
    wins = Counter(r["colour"] for r in rows if r["won"])
    for colour in COLOURS:
        out["race_share"][colour] = rate(wins[colour], games)
    out["race_share"]["not the nominee"] = rate(
        sum(r["won"] and not r["nominee"] for r in rows), games
    )
    return out


def paired(games: int, seed: int, short: bool) -> JSON:
    game = TotopolyGame(4, short=short)
    rows: dict[str, list[JSON]] = {k: [] for k in KINDS}
    for number in range(games):
        order = list(KINDS) if number % 2 == 0 else list(reversed(KINDS))
        for kind in order:
            rows[kind] += one_game(game, KINDS[kind], seed + number)
    return {k: summary(v, games) for k, v in rows.items()}


def mixed(games: int, seed: int, short: bool) -> JSON:
    """Two "keep" and two "spend" players at each table, rotated round the seats (the
    players' tournament, with these two kinds)."""
    game = TotopolyGame(4, short=short)
    played = tournament(game, ["keep", "spend", "keep", "spend"], games, seed, lambda: None, KINDS)
    out: JSON = {}
    for kind, report in played["kinds"].items():
        mean, half = report["average_money"], Z95 * report["average_money_stderr"]
        out[kind] = {
            "average_money": mean,
            "low": round(mean - half, 1),
            "high": round(mean + half, 1),
            "race_wins_a_seat": rate(report["race_wins"], 2 * games),
        }
    return out


def show(rate_: JSON) -> str:
    if rate_["rate"] is None:
        return "-"
    return f"{rate_['rate']:.1%} [{rate_['low']:.1%}, {rate_['high']:.1%}] ({rate_['runs']})"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", type=int, nargs="?", default=400)
    parser.add_argument("seed", type=int, nargs="?", default=2026)
    parser.add_argument("--short", action="store_true", help="the short game")
    parser.add_argument("--mixed", type=int, metavar="N", help="then N mixed tables")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    games, seed, short = args.games, args.seed, args.short
    result: JSON = {
        "games": games,
        "seed": seed,
        "short": short,
        "paired": paired(games, seed, short),
    }
    if args.mixed is not None:
        n = args.mixed
        result["mixed"] = {"games": n, **mixed(n, seed, short)}
    if args.format == "json":
        print(json.dumps(result, indent=2))
        sys.exit(0)
    print(f"{games} {'short' if short else 'long'} games of four sensible players, seed {seed}")
    for kind, part in result["paired"].items():
        print(f"\n== {kind}")
        for key, row in part["by_cards"].items():
            print(
                f"{key:10} per runner {show(row['per_runner']):28} nominated {row['nominated']:4.0%}"
                f"  as nominee {show(row['nominee']):28} others {show(row['not_nominated']):26}"
                f" sibling {row['with_a_sibling']:4.0%} black {row['with_a_black']:4.0%}"
                f" played nom/sib {row['cards_played_nominee_with_sibling']}/"
                f"{row['cards_played_sibling_not_nominated']} throw {row['nominee_mean_throw']}"
                f" dq {row['disqualified']}; alone of its colour, no black:"
                f" {show(row['alone_per_runner'])} nominated {row['alone_nominated']}"
            )
        print(
            "share of races: " + ", ".join(f"{c} {show(r)}" for c, r in part["race_share"].items())
        )
    if "mixed" in result:
        print(f"\nmixed tables, {result['mixed']['games']} games:")
        for kind in KINDS:
            row = result["mixed"][kind]
            print(
                f"  {kind}: £{row['average_money']} [{row['low']}, {row['high']}],"
                f" race wins a seat {show(row['race_wins_a_seat'])}"
            )
