"""The sensible computer player.

It reads only its own view. It values horses by their chances on the chosen track (the
handicapper's figures), bids up to most of a horse's expected earnings, bets for value
through the totalizator, and in the race accepts every roll except a rival's that would
bring it home while a horse it owns or backed is still running (the same policy the
handicapper races under, ruling R21).
"""

from __future__ import annotations

import random
from functools import cache

from homestretch.core.actions import Action
from homestretch.core.errors import ContentError
from homestretch.core.protocol import JSON
from homestretch.games.across.actions import (
    NOBODY,
    Accept,
    Answer,
    Bet,
    Bid,
    DailyDouble,
    Done,
    Pass,
    PayBack,
    Reject,
    RepayLoan,
    TakeLoan,
)
from homestretch.games.across.content import HORSES, load_content
from homestretch.games.across.handicapper import simulate_track

RESERVE = 6
"""Fifties the bot keeps back for betting when it bids or lends."""
BID_SHARE = 0.8
"""The share of a horse's expected earnings the bot will pay."""
TICKETS_A_RACE = 3
"""Tickets (on different horses) the bot buys a race at most."""
VALUE_SHARE = 0.8
"""A ticket is worth buying when its expected return is this share of its price: the
pools pay back all but the Winners Circle, and unbacked windows are re-dealt."""
RECEIPTS_SHARE = 2.0
"""What an unsold horse is expected to fetch, as a multiple of its opening bid."""
BOT_RACES = 3000
"""Handicapper races behind the bot's figures (enough to rank horses; kept quick)."""


@cache
def track_chances(
    track: str | None, content_dir: str | None = None
) -> dict[int, tuple[float, float, float]]:
    """(win, place, show) per horse on ``track``; the dice alone if it is unknown."""
    try:
        report = simulate_track(load_content(content_dir).track(track or ""), BOT_RACES, seed=1)
    except ContentError:
        ways = {h: 6 - abs(7 - h) for h in HORSES}
        return {h: (w / 36, w / 36, w / 36) for h, w in ways.items()}
    return {h.number: (h.win, h.place, h.show) for h in report.horses}


class SensibleBot:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        phase = view["phase"]
        if phase == "race":
            return Accept() if self._accepts(player, view) else Reject()
        if phase == "offer":
            return Answer(self._agrees(player, view))
        if phase == "auction":
            return self._bid(player, view, legal)
        if phase == "betting":
            return self._bet(player, view, legal)
        return self._rng.choice(legal)

    # --- valuing ----------------------------------------------------------------------
    def _handle(self, view: JSON) -> int:
        """The race's likely handle: what is bet so far, or two tickets a player."""
        bet = 3 * len(view["tickets"]) + view["carry"]
        return max(bet + 3, 6 * len(view["cash"]))

    def _horse_value(self, horse: int, view: JSON) -> float:
        """Expected fifties to the owner from now to the end of the meet."""
        win, place, show = track_chances(view["track"], view["content"])[horse]
        races_left = 8 - max(view["race"] - 1, 0)
        bins = view["bins"]
        final = win * bins["win8"] + place * bins["place8"] + show * bins["show8"]
        if view["phase"] == "auction":
            # Each unsold horse's receipts will put about a fifth of its price in each bin.
            cards = load_content(view["content"]).cards
            unsold = sum(cards[h].opening_bid for h in HORSES if str(h) not in view["owners"])
            final += (win + place + show) * unsold * RECEIPTS_SHARE / 5
        return races_left * win * self._handle(view) / 7 + final

    # --- the auction and offers -------------------------------------------------------
    def _bid(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        lot = view["lot"]
        limit = BID_SHARE * self._horse_value(lot["horse"], view)
        cheapest = Bid(lot["min_bid"], NOBODY)
        affordable = view["cash"][seat] - lot["min_bid"] >= RESERVE
        if cheapest in legal and lot["min_bid"] <= limit and affordable:
            return cheapest
        return Pass()

    def _agrees(self, seat: int, view: JSON) -> bool:
        offer = view["offer"]
        cash = view["cash"][seat]
        if offer["kind"] == "loan":
            return bool(cash < 10)
        value = BID_SHARE * self._horse_value(offer["horse"], view)
        if offer["kind"] == "syndicate":
            value /= 2
            price = offer["amount"] // 2
        else:
            price = offer["amount"]
        return price <= value and cash - price >= RESERVE

    # --- betting ----------------------------------------------------------------------
    def _bet(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        cash = view["cash"][seat]
        for action in legal:
            if isinstance(action, RepayLoan) and (cash >= 15 or view["race"] >= 6):
                return action
            if isinstance(action, TakeLoan) and cash < RESERVE and view["race"] < 6:
                return action
            if isinstance(action, PayBack) and cash - action.amount >= 25:
                return action
        dd = [a for a in legal if isinstance(a, DailyDouble)]
        my_doubles = sum(1 for t in view["daily_double"] if t[0] == seat)
        if dd and my_doubles < 2 and cash > 20:
            chances = track_chances(view["track"], view["content"])
            top = sorted(dd, key=lambda a: -chances[a.first][0] * chances[a.second][0])[:3]
            return self._rng.choice(top)
        # "Players should bet on at least three horses per race for the best odds."
        backed = {h for s, h in view["tickets"] if s == seat}
        if len(backed) >= TICKETS_A_RACE or cash < 3 + RESERVE or Bet(7) not in legal:
            return Done()
        best = max(
            (h for h in HORSES if h not in backed), key=lambda h: self._ticket_value(seat, h, view)
        )
        worth = self._ticket_value(seat, best, view) >= VALUE_SHARE * 3
        return Bet(best) if worth else Done()

    def _ticket_value(self, seat: int, horse: int, view: JSON) -> float:
        """What one more $150 ticket on ``horse`` should bring back, in fifties."""
        win, place, show = track_chances(view["track"], view["content"])[horse]
        handle = self._handle(view)
        backers = 1 + sum(1 for t in view["tickets"] if t[1] == horse)
        value = (4 * win + place + show) * handle / 7 / backers
        if seat in view["owners"].get(str(horse), []):
            value += win * 3 / 7  # my own ticket also swells the Winners Circle
        return value

    # --- the race ---------------------------------------------------------------------
    def _accepts(self, seat: int, view: JSON) -> bool:
        """Accept, except a rival one X from home while a horse of mine still runs: that
        one gets half an X instead (the handicapper's policy, ruling R21)."""
        card = view["race_card"]
        rolled = str(card["rolled"])
        stakes = {h for h, owners in view["owners"].items() if seat in owners}
        stakes |= {str(h) for s, h in view["tickets"] if s == seat}
        if rolled in stakes:
            return True
        if not any(int(h) not in card["finish"] for h in stakes):
            return True
        return bool(card["progress"][rolled] != card["need"][rolled] - 2)
