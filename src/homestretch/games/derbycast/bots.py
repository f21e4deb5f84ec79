"""A computer player that picks for value: the horse and bet with the most expected
useful spaces, judged from the odds on the board. Spaces past the Official Finish are
worth nothing more, so a pick's spaces count only up to what the marker still needs.

The board's odds are read as the crowd's chances (implied probabilities, scaled to sum
to 1, so the track's take drops out); the chance of finishing in the first two or three
follows the Harville model (the second place goes to the remaining horses in
proportion to their chances, and so on). A pick is drawn at random among those worth
at least half the best, the better ones more often (weight: its share of the best,
to the power ``SHARPNESS``), so a table of computer players spreads its picks as
people do rather than all taking the one best price, and two of them in a tie-break
do not mirror each other forever.
"""

from __future__ import annotations

import random
from fractions import Fraction

from homestretch.core.actions import Action
from homestretch.core.odds import Odds
from homestretch.core.protocol import JSON
from homestretch.games.derbycast.rules.actions import Pick, SealedPick, opened
from homestretch.games.derbycast.rules.table import Bet, advance_for
from homestretch.games.derbycast.rules.winning import OFFICIAL_FINISH

WORTH_A_LOOK = 0.5
SHARPNESS = 4


def in_the_money(chances: list[float]) -> list[tuple[float, float, float]]:
    """Harville chances of finishing 1st, in the first two and in the first three."""
    n = len(chances)
    found = []
    for i, p in enumerate(chances):
        top2 = top3 = p
        for j in range(n):
            if j == i or chances[j] >= 1:
                continue
            second = chances[j] * p / (1 - chances[j])
            top2 += second
            top3 += second
            for k in range(n):
                left = 1 - chances[j] - chances[k]
                if k in (i, j) or left <= 0:
                    continue
                top3 += chances[j] * chances[k] / (1 - chances[j]) * p / left
        found.append((p, min(top2, 1.0), min(top3, 1.0)))
    return found


def _pick_of(action: Pick | SealedPick) -> Pick:
    """The pick a legal action makes (a sealed ticket opened: it is the bot's own)."""
    if isinstance(action, Pick):
        return action
    found = opened(action)
    assert found is not None
    return found[1]


def board_chances(odds: list[Odds | None]) -> list[float]:
    """Implied chances scaled to sum to 1; a horse with no odds shown gets an even
    share of the field."""
    even = 1 / len(odds)
    raw = [even if o is None else o.implied_probability for o in odds]
    total = sum(raw)
    return [r / total for r in raw]


class ValueBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        self._seen: dict[tuple[object, ...], dict[str, tuple[float, float, float]]] = {}

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        picks = [_pick_of(a) for a in legal if isinstance(a, Pick | SealedPick)]
        card = view.get("card")
        if not picks or not card:
            return self._rng.choice(legal)
        sent = {_pick_of(a): a for a in legal if isinstance(a, Pick | SealedPick)}
        board = {
            h: Odds.parse(o) if o else None
            for h, o in zip(card["horses"], card["odds"], strict=True)
        }
        chances = self._chances(board, tuple(card["scratched"]))
        # In a tie-break race every space counts, so nothing is capped there.
        mine = int(view["board"][player]["points"])
        need = 10**6 if view["tie_break"] else OFFICIAL_FINISH + 1 - mine
        # the spaces the card shows (the game's own odds table, if it has one)
        shown = dict(zip(card["horses"], card.get("spaces") or [], strict=False))
        values = {pick: self._expected(pick, board, chances, need, shown) for pick in picks}
        best = max(values.values())
        if best <= 0:
            return sent[self._rng.choice(picks)]
        near = [(pick, value) for pick, value in values.items() if value >= best * WORTH_A_LOOK]
        weights = [(value / best) ** SHARPNESS for _, value in near]
        return sent[self._rng.choices([pick for pick, _ in near], weights=weights)[0]]

    def _chances(
        self, board: dict[str, Odds | None], scratched: tuple[str, ...]
    ) -> dict[str, tuple[float, float, float]]:
        key = (tuple(board.items()), scratched)
        if key not in self._seen:
            starters = [h for h in board if h not in scratched]
            found = in_the_money(board_chances([board[h] for h in starters]))
            self._seen = {key: dict(zip(starters, found, strict=True))}
        return self._seen[key]

    @staticmethod
    def _expected(
        pick: Pick,
        board: dict[str, Odds | None],
        chances: dict[str, tuple[float, float, float]],
        need: int,
        shown: dict[str, JSON | None],
    ) -> float:
        bet = Bet(pick.bet)
        spaces = shown.get(pick.horse)
        if spaces is None:  # no odds on the board: the printed table at a guess
            odds = board[pick.horse] or Odds(Fraction(len(board) - 1))
            worth = advance_for(odds).for_bet(bet)
        else:
            worth = int(spaces[bet.value])
        useful = min(worth, max(need, 1))
        return chances[pick.horse][bet.level - 1] * useful
