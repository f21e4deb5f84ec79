"""A tournament between kinds of computer player: seeded games with the kinds rotated
round the seats (so no kind keeps the dealer's left or the banker's chair), reporting
each kind's average final money and the share of races its horses won."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.referee import Agent, play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState
from homestretch.games.totopoly.search import SearchBot

KINDS: dict[str, Callable[[TotopolyGame, int, int], Agent]] = {
    "random": lambda game, seat, seed: RandomBot(seed * 31 + seat),
    "sensible": SensibleBot,
    "search": SearchBot,
}


Kinds = Mapping[str, Callable[[TotopolyGame, int, int], Agent]]


def check_kinds(kinds: list[str], players: int, known: Kinds = KINDS) -> None:
    if len(kinds) != players:
        raise HomestretchError(f"--kinds names {len(kinds)} players, not {players}")
    for kind in kinds:
        if kind not in known:
            from homestretch.core.inputs import nearest

            near = nearest(kind, known)
            guess = f" (did you mean {near}?)" if near else ""
            raise HomestretchError(
                f"--kinds: unknown player kind {kind!r}{guess}; the kinds: {', '.join(known)}"
            )


def tournament(
    game: TotopolyGame,
    kinds: list[str],
    games: int,
    seed: int,
    on_game: Callable[[], None],
    known: Kinds = KINDS,
) -> JSON:
    """``known`` makes each kind's player (a benchmark pits variants of one bot)."""
    check_kinds(kinds, game.players, known)
    money: dict[str, list[int]] = {k: [] for k in kinds}
    wins = dict.fromkeys(kinds, 0)
    for number in range(games):
        turn = number % game.players
        seated = kinds[turn:] + kinds[:turn]
        agents = {s: known[k](game, s, seed + number) for s, k in enumerate(seated)}
        state = play(game.new_initial_state(), SeededDice(seed + number), agents)
        assert isinstance(state, TotopolyState)
        for seat, kind in enumerate(seated):
            money[kind].append(state.cash[seat])
        winner = state.winner()
        if winner is not None:
            wins[seated[winner]] += 1
        on_game()
    report: dict[str, JSON] = {}
    for kind in money:
        seats = kinds.count(kind)
        cash = money[kind]
        mean = sum(cash) / len(cash)
        spread = math.sqrt(sum((c - mean) ** 2 for c in cash) / max(1, len(cash) - 1))
        share = wins[kind] / games
        report[kind] = {
            "seats": seats,
            "average_money": round(mean, 1),
            "average_money_stderr": round(spread / math.sqrt(len(cash)), 1),
            "race_wins": wins[kind],
            "race_win_rate_per_seat": round(share / seats, 4),
            "race_win_rate_stderr": round(math.sqrt(share * (1 - share) / games) / seats, 4),
        }
    return {"games": games, "seed": seed, "players": game.players, "kinds": report}
