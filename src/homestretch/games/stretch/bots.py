"""A computer bettor at a Top of the Stretch table.

``value`` reads each horse's exact Quickplay chance to win (milliseconds: it stands in
for Fullplay's too, which plays alike by ruling S18) against the price on the board,
and puts a tenth of its bankroll to win on the horse whose price pays most for its
chance, and a tenth to show on the likeliest winner; then it is done. What it backs
is public, like every ticket, so the people at the table can see what it thinks (at a
sealed table, once the windows close: ruling S25; it never looks at the others' bets).
"""

from __future__ import annotations

from homestretch.core.actions import Action
from homestretch.core.odds import Odds
from homestretch.core.protocol import JSON, Game
from homestretch.games.stretch.rules.betting import MIN_TICKET, Bet, Done
from homestretch.games.stretch.rules.engine import RaceGame


class ValueBettor:
    def __init__(self, game: Game) -> None:
        from homestretch.games.stretch.analysis.exact import quickplay_win_chances

        assert isinstance(game, RaceGame)
        self.chances = [float(p) for p in quickplay_win_chances(game.race, game.charts)]

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        tote = view["tote"]
        me = next(p for p in tote["players"] if p["seat"] == player)
        mine = [t for t in tote["tickets"] if t["seat"] == player]
        stake = max(MIN_TICKET, tote["bankroll"] // 1000)  # a tenth, in dollars
        chances = self.chances
        entries = view["entries"]

        def worth(i: int) -> float:
            price = entries[i]["odds"]
            return chances[i] * (1 + float(Odds.parse(price).value)) if price else chances[i]

        wanted = [
            Bet("win", entries[max(range(len(entries)), key=worth)]["post"], stake),
            Bet("show", entries[max(range(len(entries)), key=chances.__getitem__)]["post"], stake),
        ]
        for bet in wanted[len(mine) :]:
            if bet.dollars * 100 <= me["cash"]:
                return bet
        return next(a for a in legal if isinstance(a, Done))
