"""Betting among the players at a table before the off (ruling S19).

Every seat is a player with the same bankroll. Once the morning line is up, the
windows open: each player buys any number of Win, Place and Show tickets of whole
dollars (at least $2, the rulebook's ticket) from what they hold, in any order and at
the same time as the others, and says "done"; when the last one is done the race goes
off. Tickets and pools are public, as on a tote board; at a sealed table (ruling S25)
each player sees only their own tickets and money until the windows close, and then
every ticket is opened. After the official order the pools are paid out (``tote.py``);
at a table of one bettor the house pays page 15's prices instead (ruling S29), unless
the table chose the tote (``lone_bettor``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.stretch.rules.tote import (
    PAYING,
    POOLS,
    PoolResult,
    Ticket,
    probable_win_odds,
)

MIN_TICKET = 2
"""Dollars: the rulebook prices every payoff on a $2 ticket (page 15)."""
TICKET_AT_LEAST = f"a ticket is at least ${MIN_TICKET}"
"""The refusal of a smaller ticket, said by the betting window's box too (words.WINDOW)."""
MAX_BANKROLL = 1_000_000
BREAKAGE_STEPS = (1, 5, 10, 20)
"""Cents a price per dollar is broken down to: none, a nickel, a dime (US tracks), 20c."""
LISTED_STAKES = (2, 10)
"""The ticket sizes a menu lists; any whole amount may be typed."""
LONE_BETTOR = ("house", "tote")
"""Who pays a table of exactly one bettor (ruling S29): the house, at page 15's prices
(the default), or the tote of the bettor's own stakes (ruling S19, before S29)."""


@dataclass(frozen=True)
class Bet(Action):
    kind = "bet"
    at_once = True  # made at the same time as the others' (docs/architecture.md)
    pool: str
    post: int
    dollars: int

    def __str__(self) -> str:
        return f"${self.dollars} to {self.pool} on #{self.post}"


@dataclass(frozen=True)
class Done(Action):
    kind = "done"
    at_once = True  # made at the same time as the others' (docs/architecture.md)

    def __str__(self) -> str:
        return "done betting"


@dataclass(frozen=True)
class ToteRules:
    """The table's tote: who bets, with how much, and what the tote keeps."""

    names: tuple[str, ...] = ()
    bankroll: int = 100
    """Dollars each player starts with."""
    takeout: int = 0
    """Percent of each pool the tote keeps (0: among friends nobody takes a cut)."""
    breakage: int = 10
    sealed: bool = False
    """Sealed bets (ruling S25): nobody sees another's tickets, money or the pools
    until the windows close."""
    lone_bettor: str = "house"
    """Who pays a table of one bettor (ruling S29): ``house`` or ``tote``. A saved game
    without the setting was played before S29, at the tote (``engine._tote_rules``)."""

    @property
    def house_pays(self) -> bool:
        """Whether the house takes the bets and pays page 15's prices (ruling S29)."""
        return len(self.names) == 1 and self.lone_bettor == "house"

    def problem(self) -> str | None:
        if self.lone_bettor not in LONE_BETTOR:
            return f"the lone bettor is paid by the house or the tote, not {self.lone_bettor!r}"
        if not 0 <= self.takeout <= 25:
            return f"the takeout is 0 to 25 percent, not {self.takeout}"
        if self.breakage not in BREAKAGE_STEPS:
            return f"breakage is one of {BREAKAGE_STEPS} cents, not {self.breakage}"
        if not MIN_TICKET <= self.bankroll <= MAX_BANKROLL:
            return f"the bankroll is ${MIN_TICKET} to ${MAX_BANKROLL:,}, not {self.bankroll}"
        return None


@dataclass
class Windows:
    """The betting before the off and its settlement after the race."""

    rules: ToteRules
    posts: tuple[int, ...]
    cash: list[int] = field(default_factory=list)
    """Cents each player holds outside the pools."""
    done: list[bool] = field(default_factory=list)
    tickets: list[Ticket] = field(default_factory=list)
    settled: list[PoolResult] | None = None
    paid_by: str = "tote"
    """Who paid the tickets: ``tote`` (S19) or ``house`` (S29)."""

    def __post_init__(self) -> None:
        players = len(self.rules.names)
        self.cash = [100 * self.rules.bankroll] * players
        self.done = [False] * players

    def waiting(self) -> list[int]:
        return [seat for seat, done in enumerate(self.done) if not done]

    def menu(self, seat: int) -> list[Action]:
        options: list[Action] = [Done()]
        options += [
            Bet(pool, post, dollars)
            for dollars in LISTED_STAKES
            if 100 * dollars <= self.cash[seat]
            for pool in POOLS
            for post in self.posts
        ]
        return options

    def why_illegal(self, seat: int, action: Action) -> str | None:
        if not 0 <= seat < len(self.done) or self.done[seat]:
            return "the windows are closed to you: you said you were done"
        if isinstance(action, Done):
            return None
        if not isinstance(action, Bet):
            return f"{action} is not a bet"
        if action.pool not in POOLS:
            return f"bet to win, place or show, not {action.pool!r}"
        if not isinstance(action.post, int) or action.post not in self.posts:
            return f"there is no horse #{action.post} (posts 1-{len(self.posts)})"
        if not isinstance(action.dollars, int) or isinstance(action.dollars, bool):
            return "a ticket is a whole number of dollars"
        if action.dollars < MIN_TICKET:
            return TICKET_AT_LEAST
        if 100 * action.dollars > self.cash[seat]:
            return f"you hold {money(self.cash[seat])}; a ${action.dollars} ticket is too much"
        return None

    def take(self, seat: int, action: Action) -> None:
        if isinstance(action, Done):
            self.done[seat] = True
            return
        assert isinstance(action, Bet)
        self.cash[seat] -= 100 * action.dollars
        self.tickets.append(Ticket(seat, action.pool, action.post, action.dollars))

    def pay(self, results: list[PoolResult], paid_by: str = "tote") -> None:
        self.settled = results
        self.paid_by = paid_by
        for pool in results:
            for seat, cents in pool.paid.items():
                self.cash[seat] += cents

    def total(self) -> int:
        """Every cent at the table: the players', the pools' and what the tote kept (the
        house's take, less what it paid out over the stakes: below 0 when it lost)."""
        staked = 100 * sum(t.dollars for t in self.tickets)
        return sum(self.cash) + (staked if self.settled is None else self._kept())

    def _kept(self) -> int:
        return sum(p.kept for p in self.settled or [])

    @property
    def open(self) -> bool:
        return self.settled is None and not all(self.done)

    def sealed_from(self, viewer: int | None) -> bool:
        """Whether the others' tickets are kept from ``viewer`` now (None: a spectator):
        at a sealed table while the windows are open (ruling S25)."""
        return self.rules.sealed and self.open

    def to_json(self, viewer: int | None = None) -> JSON:
        """The tote as ``viewer`` may see it. At a sealed table while the windows are open
        (ruling S25) it holds the viewer's own tickets and money alone, the pools are the
        viewer's own stakes, and there are no tote odds; who is done stays public."""
        sealed = self.sealed_from(viewer)
        shown = [t for t in self.tickets if not sealed or t.seat == viewer]
        pools: JSON = {}
        for pool in POOLS:
            on = [t for t in shown if t.pool == pool]
            pools[pool] = {
                "pays": PAYING[pool],
                "total": 100 * sum(t.dollars for t in on),
                "by_post": {
                    str(post): 100 * sum(t.dollars for t in on if t.post == post)
                    for post in self.posts
                },
            }
        probable = {
            str(post): None if sealed else probable_win_odds(self.tickets, post, self.rules.takeout)
            for post in self.posts
        }
        return {
            "bankroll": 100 * self.rules.bankroll,
            "takeout": self.rules.takeout,
            "breakage": self.rules.breakage,
            "open": self.open,
            "sealed": self.rules.sealed,
            "sealed_now": sealed,
            "lone_bettor": self.rules.lone_bettor,
            "paid_by": None if self.settled is None else self.paid_by,
            "names": list(self.rules.names),
            "done": list(self.done),
            "players": [
                {
                    "seat": seat,
                    "name": name,
                    "cash": self.cash[seat],
                    "done": self.done[seat],
                    "net": self.cash[seat] - 100 * self.rules.bankroll,
                }
                for seat, name in enumerate(self.rules.names)
                if not sealed or seat == viewer
            ],
            "tickets": [
                {"seat": t.seat, "pool": t.pool, "post": t.post, "dollars": t.dollars}
                for t in shown
            ],
            "pools": pools,
            "probable_win": probable,
            "settled": None
            if self.settled is None
            else [
                {
                    "pool": p.pool,
                    "total": p.total,
                    "kept": p.kept,
                    "refunded": p.refunded,
                    "prices": {str(post): cents for post, cents in p.prices.items()},
                    "paid": {str(seat): cents for seat, cents in sorted(p.paid.items())},
                }
                for p in self.settled
            ],
        }


def money(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"
