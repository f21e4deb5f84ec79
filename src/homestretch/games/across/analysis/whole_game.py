"""Does a whole game do what the rulebook says a game of Across the Board is for? Checks
of seeded games between computer players (``homestretch across simulate --games N``),
ruling R25.

The rulebook: "The Winner is the player who, through wise bidding, shrewd betting and a
little help from "lady luck," wins the largest number of play fifty-dollar bills at the
end of eight races"; "REMEMBER, when "they're off and running," it's anybody's race";
"You may invest and win in all races without owning a horse"; "The only bet permitted
is 150 play dollars for each Across the Board selection made". So every game ends with
a winner; no seat's place at the table (its role, who bids and bets first) picks him;
the player ahead after half the races can be caught, and the one behind can come back;
and nobody is left unable to buy a ticket while races are left.

A seat's place is its role in a meet (Trackmaster, Totemaster, Auctioneer, and who bids
and bets first after them); the rulebook rotates the roles from meet to meet ("a new
Totemaster, Trackmaster and Auctioneer selected"), so a game of as many meets as players
gives every seat every role once (ruling R20's ``meets``).

A race's length is a track's check (``design.py``, ruling R24, as people play); a whole
game is eight races a meet by rule, so its length is reported, not checked. The players
are made by the caller (the computer players sit above this package)."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from homestretch.core.chance import SeededDice
from homestretch.core.design import Check, interval, seat_check
from homestretch.core.protocol import JSON, Event, State
from homestretch.core.referee import Agent, play
from homestretch.games.across.rules.game import AcrossGame
from homestretch.games.across.rules.phases import RACES
from homestretch.games.across.rules.state import AcrossState
from homestretch.games.across.rules.totalizator import TICKET_PRICE

CAUGHT = 0.2
"""The player ahead after half the races is caught in one game in five or more."""
COMEBACK = 0.05
"""The player last after half the races wins one game in twenty or more."""
PRICED_OUT = 0.05
"""At most one player in twenty is left, before the last race, with less than a
ticket's price."""

MakeAgent = Callable[[AcrossGame, int, int], Agent]
"""(game, seat, seed) -> the computer player in that seat."""


@dataclass
class Games:
    """What the checks read from each game."""

    games: int = 0
    finished: int = 0
    seat_wins: dict[int, float] = field(default_factory=dict)
    """A shared win counts a share to each winner."""
    rolls: Counter[int] = field(default_factory=Counter)
    """Rolls in a whole game -> games that long."""
    leader_caught: int = 0
    last_won: int = 0
    player_games: int = 0
    priced_out: int = 0

    def add(self, state: AcrossState, after_race: list[list[int]]) -> None:
        """One game over; ``after_race``: every player's fifties after each race."""
        self.games += 1
        players = state.g.players
        self.player_games += players
        self.rolls[sum(r["rolls"] for r in state.results)] += 1
        races = RACES * state.g.meets
        before_last = after_race[: races - 1]
        self.priced_out += sum(
            any(cash[p] < TICKET_PRICE for cash in before_last) for p in range(players)
        )
        if not state.is_over() or len(after_race) < races:
            return
        self.finished += 1
        best = max(state.cash)
        winners = [p for p in range(players) if state.cash[p] == best]
        for p in winners:
            self.seat_wins[p] = self.seat_wins.get(p, 0.0) + 1 / len(winners)
        half = after_race[races // 2 - 1]
        ahead = {p for p in range(players) if half[p] == max(half)}
        behind = {p for p in range(players) if half[p] == min(half)}
        self.leader_caught += not ahead & set(winners)
        self.last_won += bool(behind & set(winners)) and len(behind) < players

    def report(self, players: int) -> JSON:
        shares = [self.seat_wins.get(p, 0.0) for p in range(players)]
        spans = [interval(w, self.finished) for w in shares]
        each = sorted(self.rolls.elements())
        return {
            "games": self.games,
            "finished": self.finished,
            "players": players,
            "seat_wins": [round(w, 2) for w in shares],
            "seat_win_rate": [round(w / self.finished, 4) if self.finished else 0 for w in shares],
            "seat_win_interval": [[round(low, 4), round(high, 4)] for low, high in spans],
            "rolls": {
                "median": statistics.median(each) if each else 0,
                "games_by_rolls": {str(k): v for k, v in sorted(self.rolls.items())},
            },
            "leader_caught": self.leader_caught,
            "last_won": self.last_won,
            "player_games": self.player_games,
            "priced_out": self.priced_out,
        }


def play_games(
    game: AcrossGame,
    games: int,
    seed: int,
    make_agent: MakeAgent,
    on_game: Callable[[], None] | None = None,
) -> JSON:
    """Play ``games`` whole games, seeds ``seed``, ``seed + 1``, ..., every seat the
    player ``make_agent`` makes; the report the checks read."""
    found = Games()
    for offset in range(games):
        after_race: list[list[int]] = []

        def watch(state: State, _: Event, after_race: list[list[int]] = after_race) -> None:
            assert isinstance(state, AcrossState)
            if len(state.results) > len(after_race):
                after_race.append(list(state.cash))

        agents = {s: make_agent(game, s, seed + offset) for s in range(game.players)}
        state = play(game.new_initial_state(), SeededDice(seed + offset), agents, watch)
        assert isinstance(state, AcrossState)
        found.add(state, after_race)
        if on_game is not None:
            on_game()
    return {
        **found.report(game.players),
        "meets": game.meets,
        "betting_order": game.betting_order,
    }


ROLES_EDGE = (
    "the rules' edge (R26): in one meet the roles stay put and the Totemaster bets last "
    "in every race (R17), seeing every ticket; as many meets as players give every seat "
    "every role, and betting that moves on each race (R27) shares the last turn out"
)
ROLES_STAY = (
    "in one meet the roles stay put (R26, R27), the Auctioneer's and the first bidder's "
    "too; as many meets as players give every seat every role"
)


def _seats(report: JSON) -> Check:
    """The seat check; not met while the roles stay put (fewer meets than players), it
    says whose edge it is (rulings R26, R27: the betting order when every race's betting
    starts at the Totemaster's left), so it is read, not hidden."""
    check = seat_check(report["seat_wins"])
    if check.met or report.get("meets", 1) >= report["players"]:
        return check
    why = ROLES_EDGE if report.get("betting_order", "totemaster") == "totemaster" else ROLES_STAY
    return replace(check, measured=f"{check.measured}: {why}")


def checks(report: JSON) -> list[Check]:
    """The whole game against the rulebook's words (the module doc)."""
    games, finished = report["games"], report["finished"]
    caught, last = report["leader_caught"], report["last_won"]
    priced = report["priced_out"] / report["player_games"] if report["player_games"] else 0
    share = (lambda k: k / finished) if finished else (lambda k: 0.0)
    return [
        Check(
            "every game has a winner",
            f"each game ends after its {RACES} races a meet, the most fifties winning",
            f"{finished} of {games}",
            finished == games,
        ),
        _seats(report),
        Check(
            "the leader at half way can be caught",
            f"caught in {CAUGHT:.0%} of games or more",
            f"{share(caught):.1%} of {finished}",
            bool(finished) and share(caught) >= CAUGHT,
        ),
        Check(
            "the last at half way can come back",
            f"wins {COMEBACK:.0%} of games or more",
            f"{share(last):.1%} of {finished}",
            bool(finished) and share(last) >= COMEBACK,
        ),
        Check(
            "nobody priced out of the betting",
            f"{PRICED_OUT:.0%} of players or fewer below a ticket ({TICKET_PRICE} fifties) "
            "before the last race",
            f"{priced:.1%} of {report['player_games']}",
            priced <= PRICED_OUT,
        ),
    ]
