"""The computer players: sensible, never-bet (a yardstick) and, in ``search.py``, search.

They read only their own view. The sensible player values a ticket by what it should
bring back under the pool as it stands (``returns.py``: the windows the handle would
deal, every ticket already bought, rules A-C, the Winners Circle if it owns the horse)
and buys while one more pays more than its three fifties; values a horse by its share of
the Winners Circle over the races left, each race at the handle today's racing gives it
(a purse race's from its purse), and of the 8th-race bins (ruling R29), bids up to what
it would pay for the horse in a trade (R26) but never into the fifties it bets with
(R29), buys a ticket's worth in every race as people
do (its best, keeping cash for the purse races, R26), borrows on a horse when short of
the fifties a good ticket needs (or, with fewer than a ticket's three, asks the
richest other player into a ring for the rest), trades
horses between races where both sides gain (``trading.py``: the horse's value plus what
a weak string needs, against cash worth more to a player short of it), and in the race
rejects every rival's roll while a horse it owns or backed still runs, as people do
(ruling R28)."""

from __future__ import annotations

import random
from functools import cache

import numpy as np

from homestretch.core.actions import Action
from homestretch.core.errors import ContentError
from homestretch.core.protocol import JSON
from homestretch.games.across.analysis.returns import (
    Finishes,
    dealt,
    finishes,
    payouts,
    with_one_more,
)
from homestretch.games.across.content.loader import HORSES, load_content
from homestretch.games.across.rules.actions import (
    NOBODY,
    Accept,
    Answer,
    Bet,
    Bid,
    DailyDouble,
    Done,
    OfferHorse,
    OfferRing,
    OfferToBuy,
    Pass,
    PayBack,
    Reject,
    RepayLoan,
    TakeLoan,
)
from homestretch.games.across.rules.totalizator import TICKET_PRICE
from homestretch.games.across.trading import RESERVE, Market

BID_SHARE = (0.9, 1.1)
"""The share of a horse's expected earnings it reckons with at the block: drawn afresh
each time, so the same horse does not fetch the same price at every auction, and even
on the whole (bidding below a horse's worth lets whoever is asked first buy it at the
opening bid, ruling R26)."""
EDGE = 0.05
"""A ticket is bought when it should bring back at least this much more than its price."""
TICKETS_A_RACE = 8
EVERY_RACE = 0.9
"""In every race a player buys one ticket, its best, if it should bring back this share
of its price or more (a lone first ticket brings back about 0.96: the Winners Circle's
seventh goes to the owner): a ticket's worth, as people bet."""
KEPT_A_PURSE = 2
"""Tickets' worth kept back, beyond the reserve, for each purse race still to run."""
PURSE_RACES = (3, 5, 8)
"""The races with auction receipts to win: the 3rd- and 5th-race purses dealt into the
windows, the 8th-race bins paid to the owners."""
PURSES = {3: "race3", 5: "race5"}
A_PLAYER = 0.79
"""Tickets a player buys in a race without a purse, on the whole (R26's ticket's worth
in most races, more where one pays): measured in today's racing (R29; remeasured with
the bid kept out of the betting money, R32: ``benchmarks/across_auction_values.py``)."""
OWNER_SHARE = 0.325
"""The share of such a race's handle its Winners Circle pays the owner, on the whole:
more than window 1's seventh, since a winner nobody backed takes windows 2-5's deal
too (rule A). Measured (R29)."""
PURSE_TICKETS = 3.1
"""Fifties of tickets bought in a purse race for each fifty of its purse (R29, R32)."""
PURSE_OWNER_SHARE = 0.17
"""The share of a purse race's handle (purse included) its Winners Circle pays (R29,
R32)."""


@cache
def track_chances(
    track: str | None, content_dir: str | None = None
) -> dict[int, tuple[float, float, float]]:
    """(win, place, show) per horse on ``track``; the dice alone if it is unknown."""
    try:
        return finishes(track or "", content_dir).chances()
    except ContentError:
        ways = {h: 6 - abs(7 - h) for h in HORSES}
        return {h: (w / 36, w / 36, w / 36) for h, w in ways.items()}


def owners_of(view: JSON) -> dict[int, list[int]]:
    return {int(h): list(o) for h, o in view["owners"].items()}


def tickets_of(view: JSON) -> list[tuple[int, int]]:
    return [(int(s), int(h)) for s, h in view["tickets"]]


def circle(players: int, purse: float, carry: float) -> float:
    """What a race's Winners Circle should pay the winner's owner in today's racing
    (R29): a share of the handle it should have, its tickets guessed from the number of
    players, or from its purse in a purse race, and the carry-over."""
    if purse:
        return PURSE_OWNER_SHARE * ((1 + PURSE_TICKETS) * purse + carry)
    return OWNER_SHARE * (TICKET_PRICE * A_PLAYER * players + carry)


def handle_now(view: JSON, extra_tickets: int = 0) -> int:
    """What the windows would be dealt if betting closed now (R18: the purse joins)."""
    purse = PURSES.get(view["race"])
    bins = view["bins"][purse] if purse else 0
    return TICKET_PRICE * (len(view["tickets"]) + extra_tickets) + view["carry"] + bins


class SensibleBot:
    def __init__(self, seed: int, content_dir: str | None = None) -> None:
        self._rng = random.Random(seed)
        self.content_dir = content_dir
        """The game's content folder (the view names it only, not where it is)."""
        self.at_once: frozenset[int] = frozenset()
        """The seats that answer an offer at once (computer players), as the table
        tells it (``core.referee.SeesTheTable``); none when not told."""

    def answer_at_once(self, seats: frozenset[int]) -> None:
        self.at_once = seats

    def askable(self, seat: int, view: JSON) -> set[int]:
        """The players an offer about this race's horses or bets is sure to reach before
        the windows close and it lapses (R16, R23): one still to bet this race (asked
        before his own betting turn), or a computer player (who answers at once). A
        person who has said done may not be asked before they close."""
        return (set(view["to_bet"]) | self.at_once) - {seat}

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        phase = view["phase"]
        if Answer(True) in legal:  # an offer put to me is answered first
            return Answer(self._agrees(player, view))
        if phase == "race":
            return Accept() if self._accepts(player, view) else Reject()
        if phase == "auction":
            return self._bid(player, view, legal)
        if phase == "betting":
            return self._bet(player, view, legal)
        return self._rng.choice(legal)

    # --- what the race is worth -------------------------------------------------------
    def _finishes(self, seat: int, view: JSON) -> Finishes:
        """The finishes this race may have, with their chances."""
        return finishes(view["track"], self.content_dir)

    def expected_return(
        self, seat: int, view: JSON, tickets: list[tuple[int, int]], table: Finishes
    ) -> float:
        """What ``seat`` should collect from this race if betting closed with ``tickets``."""
        windows = dealt(handle_now(view, len(tickets) - len(view["tickets"])))
        got = payouts(windows, tickets, seat, owners_of(view), table.horses, view["payoff_rule"])
        return float(np.dot(got, table.weight))

    def ring_return(self, view: JSON, offer: JSON) -> float:
        """What a ring's tickets should collect together (no Winners Circle: the tickets
        are counted as a seat of their own, which owns no horse)."""
        ring = -2
        added = [(ring, offer["horse"])] * offer["tickets"]
        table = self._finishes(ring, view)
        windows = dealt(handle_now(view, offer["tickets"]))
        tickets = [*tickets_of(view), *added]
        got = payouts(windows, tickets, ring, {}, table.horses, view["payoff_rule"])
        return float(np.dot(got, table.weight))

    def _best_ticket(self, seat: int, view: JSON) -> tuple[int, float]:
        """The horse whose next ticket should bring back the most, and how much."""
        table = self._finishes(seat, view)
        tickets = tickets_of(view)
        base = self.expected_return(seat, view, tickets, table)
        windows = dealt(handle_now(view, 1))
        owners, rule = owners_of(view), view["payoff_rule"]
        more = with_one_more(windows, tickets, seat, owners, table.horses, rule) @ table.weight
        best = int(np.argmax(more))
        return HORSES[best], float(more[best]) - base

    # --- what a horse is worth --------------------------------------------------------
    def horse_value(self, horse: int, view: JSON) -> float:
        """Expected fifties to the owner from now to the end of the meet: its share of
        the Winners Circle over the races left (``circles``) and of the 8th-race bins."""
        circle, final = self.horse_value_parts(horse, view)
        return circle + final

    def horse_value_parts(self, horse: int, view: JSON) -> tuple[float, float]:
        """(the Winners Circles, the 8th-race bins) ``horse`` should bring its owner
        from now to the end of the meet."""
        win, place, show = track_chances(view["track"], self.content_dir)[horse]
        race = view["race"] if view["phase"] != "betting" else view["race"] - 1
        bins = view["bins"]
        final = win * bins["win8"] + place * bins["place8"] + show * bins["show8"]
        purses = {r: float(bins[b]) for r, b in PURSES.items()}
        if view["phase"] == "auction" and view["race"] == 0:
            # The receipts still to come put a fifth of their price in each bin, the
            # price reckoned at twice the opening bid: a little high, as late horses sell
            # near their opening bids (docs/across.md, "Why the search player does not
            # search the auction")
            cards = load_content(self.content_dir).cards
            unsold = sum(cards[h].opening_bid for h in HORSES if str(h) not in view["owners"])
            final += (win + place + show) * unsold * 2 / 5
            purses = {r: p + unsold * 2 / 5 for r, p in purses.items()}
        first, players = max(race, 0) + 1, len(view["cash"])
        circles = sum(
            circle(players, purses.get(r, 0.0), view["carry"] if r == first else 0)
            for r in range(first, 9)
        )
        return win * circles, final

    # --- the auction and offers -------------------------------------------------------
    def bid_limit(self, seat: int, horse: int, view: JSON) -> int:
        """The most ``seat`` bids for ``horse`` on the block: the most it would pay for it
        in a trade between races (``trading.py``: its returns, more while the string is
        below a fair share of the whole field's, the cash it leaves counted), the
        horse's returns drawn afresh within ``BID_SHARE``. So a horse fetches at the
        block what it would fetch from this player after, and whoever is asked first
        gains nothing by taking it at the opening bid to sell on (ruling R26)."""
        values = {h: self.horse_value(h, view) for h in HORSES}
        field = sum(values.values())
        values[horse] *= self._rng.uniform(*BID_SHARE)
        market = Market(values=values, owners=owners_of(view), cash=view["cash"], field=field)
        return market.most_price(seat, horse) or 0

    def _bid(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        lot = view["lot"]
        limit = self.bid_limit(seat, lot["horse"], view)
        cash = view["cash"][seat] - self.betting_money(view)
        bids = [
            a
            for a in legal
            if isinstance(a, Bid) and a.partner == NOBODY and a.amount <= min(limit, cash)
        ]
        if not bids:
            return Pass()
        # Mostly the smallest raise; now and then a jump, to shake the others off.
        return bids[0] if self._rng.random() < 0.8 else self._rng.choice(bids)

    def _agrees(self, seat: int, view: JSON) -> bool:
        offer = view["offer"]
        cash = view["cash"][seat]
        if offer["kind"] == "loan":  # when short, and not from a loan shark
            return bool(cash < TICKET_PRICE * 2 and offer["repay"] <= offer["amount"] + 1)
        if offer["kind"] == "ring":  # my stake's share of what the tickets should bring
            share = self.ring_return(view, offer) * offer["amount"] / (3 * offer["tickets"])
            return share >= offer["amount"] * (1 + EDGE) and cash - offer["amount"] >= RESERVE
        if offer["kind"] in ("horse", "buy"):  # a horse offered me, or an offer for mine
            market = self.market(view)
            return market.accepts(seat, offer["horse"], offer["amount"], offer["kind"] == "buy")
        value = self._rng.uniform(*BID_SHARE) * self.horse_value(offer["horse"], view) / 2
        price = offer["amount"] // 2  # a syndicate: my half of the bid
        return price <= value and cash - price >= RESERVE

    # --- betting ----------------------------------------------------------------------
    def _bet(self, seat: int, view: JSON, legal: list[Action]) -> Action:
        cash = view["cash"][seat]
        for action in legal:
            if isinstance(action, RepayLoan) and (cash >= 12 or view["race"] >= 6):
                return action
            if isinstance(action, PayBack) and cash - action.amount >= 20:
                return action
        mine = sum(1 for s, _ in view["tickets"] if s == seat)
        if mine < TICKETS_A_RACE:
            horse, gain = self._best_ticket(seat, view)
            if gain >= TICKET_PRICE + EDGE:
                if cash >= TICKET_PRICE and Bet(horse) in legal:
                    return Bet(horse)
                loans = [a for a in legal if isinstance(a, TakeLoan) and view["race"] <= 5]
                if loans and gain >= TICKET_PRICE + 1:  # it pays the fifty of interest
                    return loans[0]
                ring = self._ring(seat, view, horse)
                if ring is not None:
                    return ring
            elif mine == 0 and self._a_ticket_anyway(seat, view, gain) and Bet(horse) in legal:
                return Bet(horse)
        dd = self._daily_double(seat, view, legal)
        if dd is not None:
            return dd
        trade = self._trade(seat, view)
        return trade if trade is not None else Done()

    @staticmethod
    def kept_back(view: JSON) -> int:
        """The fifties a player keeps in hand beyond a ticket: a reserve and
        ``KEPT_A_PURSE`` tickets for each purse race still to run (R26)."""
        purses = sum(1 for r in PURSE_RACES if r > view["race"])
        return RESERVE + TICKET_PRICE * KEPT_A_PURSE * purses

    def betting_money(self, view: JSON) -> int:
        """What a player keeps out of its bids at the auction: what it keeps back and a
        ticket, so it still bets a ticket's worth in the races (R26, R29)."""
        return self.kept_back(view) + TICKET_PRICE

    def _a_ticket_anyway(self, seat: int, view: JSON, gain: float) -> bool:
        """A ticket's worth in every race, as people bet: the best ticket, when it should
        bring back at least ``EVERY_RACE`` of its price and the cash left keeps a
        reserve and ``KEPT_A_PURSE`` tickets for each purse race still to run."""
        cash = view["cash"][seat]
        return gain >= EVERY_RACE * TICKET_PRICE and cash - TICKET_PRICE >= self.kept_back(view)

    def _ring(self, seat: int, view: JSON, horse: int) -> Action | None:
        """Short of the three fifties of a ticket worth buying: ask the richest other
        player who can spare it to put in the rest, sharing what it brings (R23); one
        sure to be asked before the windows close (``askable``)."""
        cash = view["cash"][seat]
        if not 1 <= cash < TICKET_PRICE or seat in view["offered"]:
            return None
        stake = TICKET_PRICE - cash
        askable = self.askable(seat, view)
        others = [s for s, c in enumerate(view["cash"]) if s in askable and c - stake >= RESERVE]
        if not others:
            return None
        return OfferRing(horse, 1, max(others, key=lambda s: view["cash"][s]), stake)

    def _daily_double(self, seat: int, view: JSON, legal: list[Action]) -> Action | None:
        """A ticket on the pair whose share of the bin is worth more than its fifty."""
        if not any(isinstance(a, DailyDouble) for a in legal) or view["cash"][seat] < RESERVE:
            return None
        chances = track_chances(view["track"], self.content_dir)
        held: dict[tuple[int, int], int] = {}
        for _, a, b in view["daily_double"]:
            held[a, b] = held.get((a, b), 0) + 1
        pool = view["daily_double_bin"] + 1

        def worth(pair: tuple[int, int]) -> float:
            return chances[pair[0]][0] * chances[pair[1]][0] * pool / (held.get(pair, 0) + 1)

        best = max(((a, b) for a in HORSES for b in HORSES), key=worth)
        return DailyDouble(*best) if worth(best) > 1 + EDGE else None

    def market(self, view: JSON) -> Market:
        """The table as a trader sees it, each horse valued as it bids (``trading.py``)."""
        owners = owners_of(view)
        return Market(
            values={h: self.horse_value(h, view) for h in owners},
            owners=owners,
            cash=view["cash"],
            in_hock=frozenset(int(h) for h in view["in_hock"]),
        )

    def _trade(self, seat: int, view: JSON) -> Action | None:
        """The horse deal with most to gain where both sides gain (``trading.py``): one
        of my horses offered to another player, or an offer for another's; only with a
        player sure to be asked before the windows close and the offer lapses (R16):
        ``askable``. A person who has said done is asked only if the table comes back
        to him before they close, and the computer players after him may close them
        first: he would never see the offer."""
        if seat in view["offered"]:
            return None
        deal = self.market(view).best_deal(seat, self.askable(seat, view))
        if deal is None:
            return None
        if deal.seller == seat:
            return OfferHorse(deal.horse, deal.buyer, deal.price)
        return OfferToBuy(deal.horse, deal.price)

    # --- the race ---------------------------------------------------------------------
    def _accepts(self, seat: int, view: JSON) -> bool:
        """Accept my own horses' rolls; reject a rival's while a horse I own or backed
        still runs, so the rival gets half an X and I another chance at my numbers, as
        people play (ruling R28; before it only a rival one X from home was held back,
        the handicapper's policy of R21). Accept when nothing of mine is left running,
        or when half an X would bring the rival home anyway."""
        card = view["race_card"]
        rolled = str(card["rolled"])
        stakes = {h for h, owners in view["owners"].items() if seat in owners}
        stakes |= {str(h) for s, h in view["tickets"] if s == seat}
        if rolled in stakes:
            return True
        if not any(int(h) not in card["finish"] for h in stakes):
            return True
        return bool(card["progress"][rolled] + 1 >= card["need"][rolled])


class NeverBetBot:
    """The yardstick: buys nothing, bets nothing, lends nothing, accepts every roll."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        for action in (Pass(), Done(), Accept(), Answer(False)):
            if action in legal:
                return action
        return self._rng.choice(legal)
