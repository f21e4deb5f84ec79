"""Across the Board: a tournament of computer players, average fifties by kind.

    .venv/bin/python benchmarks/across_tournament.py [--games N] [--seed S]
        [--bot search,sensible,never-bet,random | --bots N --bot KIND]
        [--orders rotate|all] [--format json]

Plays N seeded meets (one auction and eight races) with a player of each kind --bot
names at the table (as every game's --bot takes them: one a seat, or one kind for --bots
N; the old spellings --kinds and --players N (4), kept for scripts, seat N players from
the --kinds named, in turn). The seats rotate one on each game; a track is kept for a
block of as many games as seats (every rotation once), the next track for the next
block, so the rotations and the four tracks cross in full (each rotation on each track
once in every 4 x seats games) and neither seat nor track favours a kind, nor a track a
seat. (The track and the rotation once stepped on together, one each game: with four
seats a rotation always met the same track; the figures measured before were so
played.) Prints each kind's mean fifties at the end with a 95% confidence interval
(mean +- 1.96 standard errors), its wins, and the time its decisions took (mean,
slowest and the very first, which pays for anything built on first use: the search
player must stay under a second), and how many horses changed hands per meet (offers
to buy or sell accepted and carried out), and between which kinds.

``--orders rotate`` (the default, every figure before R31) seats the kinds in the order
given and rotates them, so each kind always has the same neighbours (the sensible player
on the search player's left, the random player on its right); ``--orders all`` takes
every order of the kinds round the table in turn (six for four kinds), each for a full
cross of rotations and tracks (4 x seats games), so no kind keeps its neighbours (R31).
The targets (issue 12): sensible beats never-bet and random; search beats sensible.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from collections import defaultdict
from statistics import mean, stdev
from typing import Any

from bot_options import add_bot_options, seated
from homestretch.cli.common import old_spelling, one_of
from homestretch.core.actions import Action
from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.referee import SeesTheTable, play
from homestretch.games.across import ENTRY
from homestretch.games.across.rules.game import MAX_PLAYERS, MIN_PLAYERS, AcrossGame
from homestretch.games.across.terminal.cli import BOT_KINDS

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")
DEFAULT = "search,sensible,never-bet,random"


class Timed:
    """A computer player whose decisions are timed."""

    def __init__(self, agent: Any, times: list[float]) -> None:
        self.agent, self.times = agent, times

    def answer_at_once(self, seats: frozenset[int]) -> None:
        """Passed on: the referee tells the player who answers an offer at once."""
        if isinstance(self.agent, SeesTheTable):
            self.agent.answer_at_once(seats)

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        start = time.perf_counter()
        action = self.agent.choose(player, view, legal)
        self.times.append(time.perf_counter() - start)
        return action  # type: ignore[no-any-return]


def make(kind: str, game: AcrossGame, seat: int, seed: int) -> Any:
    if kind == "random":
        from homestretch.bots.random_bot import RandomBot

        return RandomBot(seed * 7919 + seat)
    return ENTRY.bots[kind](game, seat, seed)


def seating(game: int, seats: int) -> tuple[int, int]:
    """Game ``game``'s rotation of the seats and its block: the rotation steps on each
    game, the block (whose track it is, then whose order) once every ``seats`` games,
    so each track is played at every rotation."""
    return game % seats, game // seats


def old_kinds(parser: argparse.ArgumentParser, typed: str, players: int) -> list[str]:
    """--kinds K1,K2,... with --players N, as the script took them before --bot: N seats,
    the kinds in turn round them."""
    try:
        kinds = [one_of("--kinds", kind.strip(), sorted(BOT_KINDS)) for kind in typed.split(",")]
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise HomestretchError(
                f"--players {players}: a game seats {MIN_PLAYERS} to {MAX_PLAYERS} players"
            )
    except HomestretchError as exc:
        parser.exit(2, f"error: {exc}\n")
    return kinds


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    add_bot_options(parser, BOT_KINDS, DEFAULT)
    parser.add_argument("--players", type=int, help=argparse.SUPPRESS)  # the old --bots N
    parser.add_argument("--orders", choices=("rotate", "all"), default="rotate")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args()
    if args.bot is None and args.bots is None and (args.kinds or args.players) is not None:
        # the old spellings: --players N (4) seats, the --kinds named taking them in turn
        kinds = old_kinds(parser, args.kinds or DEFAULT, args.players or 4)
        args.players = args.players or 4
    else:
        if args.players is not None:  # --players N with --bot: the old spelling of --bots N
            try:
                args.bots = old_spelling("--bots", args.bots, "--players", args.players)
            except HomestretchError as exc:
                parser.exit(2, f"error: {exc}\n")
        kinds = seated(parser, args, BOT_KINDS, DEFAULT, (MIN_PLAYERS, MAX_PLAYERS))
        args.players = len(kinds)
    orders = [kinds]
    if args.orders == "all":
        orders = [[kinds[0], *rest] for rest in itertools.permutations(kinds[1:])]
    fifties: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, float] = defaultdict(float)
    times: dict[str, list[float]] = defaultdict(list)
    traded: list[int] = []
    by_pair: dict[str, int] = defaultdict(int)  # horses traded, by the two sides' kinds
    pairs: list[float] = []  # search less sensible, meet by meet
    if args.format == "text":
        print(
            f"seed {args.seed}: {args.games} meets of {args.players} players,"
            f" orders round the table: {args.orders}"
        )
    for g in range(args.games):
        seed = args.seed * 100_003 + g
        turn, block = seating(g, args.players)
        order = orders[block // len(TRACKS) % len(orders)]
        at_table = [order[(s + turn) % len(order)] for s in range(args.players)]
        game = AcrossGame(players=args.players, tracks=(TRACKS[block % len(TRACKS)],))
        agents = {s: Timed(make(k, game, s, seed), times[k]) for s, k in enumerate(at_table)}
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        cash = state.result()["fifties"]
        deals = [
            n
            for n in state.notices
            if n["type"] == "dealing" and n["kind"] in ("horse", "buy") and n["accepted"]
        ]
        traded.append(len(deals))
        for n in deals:
            by_pair[" & ".join(sorted((at_table[n["frm"]], at_table[n["asked"]])))] += 1
        if "search" in at_table and "sensible" in at_table:
            pairs.append(
                mean(c for c, k in zip(cash, at_table, strict=True) if k == "search")
                - mean(c for c, k in zip(cash, at_table, strict=True) if k == "sensible")
            )
        best = max(cash)
        winners = [s for s in range(args.players) if cash[s] == best]
        for s, kind in enumerate(at_table):
            fifties[kind].append(cash[s])
            if s in winners:
                wins[kind] += 1 / len(winners)
    rows = []
    for kind in dict.fromkeys(kinds):  # each kind once, however many seats it has
        got = fifties[kind]
        half = 1.96 * stdev(got) / math.sqrt(len(got)) if len(got) > 1 else float("nan")
        rows.append(
            {
                "kind": kind,
                "seats": len(got),
                "mean_fifties": round(mean(got), 2),
                "ci95": [round(mean(got) - half, 2), round(mean(got) + half, 2)],
                "wins": round(wins[kind], 1),
                "decision_ms_mean": round(1000 * mean(times[kind]), 2),
                "decision_ms_max": round(1000 * max(times[kind]), 1),
                "first_decision_ms": round(1000 * times[kind][0], 1),
            }
        )
    half = 1.96 * stdev(traded) / math.sqrt(len(traded)) if len(traded) > 1 else float("nan")
    horses = {
        "mean": round(mean(traded), 3),
        "ci95": [round(mean(traded) - half, 3), round(mean(traded) + half, 3)],
    }
    if args.format == "json":
        report = {
            "seed": args.seed,
            "games": args.games,
            "orders": args.orders,
            "kinds": rows,
            "horses_traded_per_meet": horses,
            "horses_traded_by_kinds": dict(sorted(by_pair.items())),
            "search_less_sensible": round(mean(pairs), 2) if pairs else None,
        }
        print(json.dumps(report, indent=2))
        return
    print(
        f"{'kind':10} {'seats':>5} {'mean':>7} {'95% CI':>17} {'wins':>6} {'ms/decision':>12} "
        f"{'max ms':>8} {'first ms':>9}"
    )
    for r in rows:
        low, high = r["ci95"]
        print(
            f"{r['kind']:10} {r['seats']:5} {r['mean_fifties']:7.1f} {f'{low:.1f}-{high:.1f}':>17} "
            f"{r['wins']:6.1f} {r['decision_ms_mean']:12.2f} {r['decision_ms_max']:8.1f} "
            f"{r['first_decision_ms']:9.1f}"
        )
    low, high = horses["ci95"]
    print(f"horses changing hands per meet: {horses['mean']:.2f} (95% CI {low:.2f}-{high:.2f})")
    if len(pairs) > 1:
        half = 1.96 * stdev(pairs) / math.sqrt(len(pairs))
        print(
            f"search less sensible, meet by meet: {mean(pairs):+.2f}"
            f" (95% CI {mean(pairs) - half:+.2f} to {mean(pairs) + half:+.2f})"
        )
    total = sum(by_pair.values())
    for pair, count in sorted(by_pair.items(), key=lambda p: -p[1]):
        print(f"  between {pair}: {count} ({100 * count / max(total, 1):.0f}%)")


if __name__ == "__main__":
    main()
