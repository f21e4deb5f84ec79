"""A game of Across the Board in play: the table, whose turn it is, the meet, the race.

One meet is an auction then eight races on one track; ``meets`` > 1 sets up another
track with the roles moved one seat on (ruling R20). The rulebook's sections live in
their own modules (auction, betting, dealings, loans, race, totalizator); this one holds
the table's bookkeeping and hands each decision to the section it belongs to.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.protocol import CHANCE, JSON, Event, State
from homestretch.games.across.content.loader import STARTING_FIFTIES, Track, horse_class
from homestretch.games.across.rules import auction, betting, dealings, loans, rings, words
from homestretch.games.across.rules.actions import (
    CODEC,
    Accept,
    Answer,
    Bid,
    ChooseTrack,
    Pass,
    Reject,
    RepayLoan,
    TakeLoan,
)
from homestretch.games.across.rules.auction import BINS, Lot, shares
from homestretch.games.across.rules.names import unique_initials
from homestretch.games.across.rules.phases import (
    AUCTION,
    BETTING,
    OFFER,
    OVER,
    RACE,
    RACES,
    TRACK,
)
from homestretch.games.across.rules.race import DECIDE, FIRST, Race
from homestretch.games.across.rules.totalizator import WINDOWS, settle

if TYPE_CHECKING:
    from homestretch.games.across.rules.game import AcrossGame

FINAL_BINS = ("win8", "place8", "show8")
NEWS_KEPT = 40


class AcrossState(State):
    """No secrets (so no ``hidden_from``): bids are open outcry, every ticket is on the
    Totalizator under its investor's initials, a horse in hock has its title card turned
    over, and dealings are offered and answered in the open (R16)."""

    game: AcrossGame

    def __init__(self, game: AcrossGame) -> None:
        super().__init__(game)
        self.g = game
        n = game.players
        self.cash = [STARTING_FIFTIES] * n
        self.bins = dict.fromkeys(BINS, 0)
        self.bin_pointer = 0
        """The bin the next auction receipt is dealt into (R3)."""
        self.dd_bin = 0
        self.windows = [0] * WINDOWS
        self.carry = 0
        self.held = 0
        """Bets the Totemaster has taken for the next race, not yet dealt."""
        self.allotted = 0
        """Fifties a new Trackmaster has allotted after the first meet (R30)."""
        self.owners: dict[int, tuple[int, ...]] = {}
        self.hock: dict[int, int] = {}
        """Horse -> fifties borrowed on it from the 8th-race WIN bin."""
        self.borrowed: set[int] = set()
        """Horses the bin has lent on this meet: once per horse (R13)."""
        self.debts: dict[tuple[int, int], int] = {}
        """(borrower, lender) -> fifties lent between players, as they told the table."""
        self.meet = -1
        self.track: Track | None = None
        self.race_no = 0
        self.phase = TRACK
        self.lot: Lot | None = None
        self.lots: list[tuple[int, int]] = []
        self.bettors: list[int] = []
        self.bettor = 0
        self.offered: set[int] = set()
        self.offer: dealings.Offer | None = None
        """A syndicate bid, which the auction waits on (phase OFFER)."""
        self.rings: list[rings.Ring] = []
        """This race's investing rings (R23)."""
        self.offers: list[dealings.Offer] = []
        """Dealings waiting for an answer; play goes on meanwhile (R16)."""
        self.answered: dict[int, JSON] = {}
        """Each answer's position in ``events`` -> the offer it answered (its JSON), so the
        log says whose offer was taken or refused, and of what."""
        self.tickets: list[tuple[int, int]] = []
        self.dd_tickets: list[tuple[int, int, int]] = []
        self.loans_settled = False
        self.race: Race | None = None
        self.last_race: Race | None = None
        self.last_payoff: JSON | None = None
        """The last race's windows as dealt and the Totemaster's steps paying them off."""
        self.results: list[JSON] = []
        self.meet_standings: list[list[int]] = []
        self.news: list[str] = []
        self._nodes: dict[tuple[int, int, str], ChanceNode] = {}
        """Chance nodes already built, by (race, roller, stage): they never change."""
        self._start_meet()

    # --- seats and roles --------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.g.seat_names[seat]

    def neighbour(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` places on in the direction of play (R11)."""
        return (seat + k * self.g.step) % self.g.players

    def left_of(self, seat: int) -> int:
        """The seat on ``seat``'s left (seat i+1), whatever the direction of play."""
        return (seat + 1) % self.g.players

    @property
    def trackmaster(self) -> int:
        return self.meet % self.g.players

    @property
    def totemaster(self) -> int:
        return (self.meet + 1) % self.g.players

    @property
    def auctioneer(self) -> int:
        return (self.meet + 2) % self.g.players

    def say(self, text: str) -> None:
        """Announce to the table (the view shows the latest announcements)."""
        self.news.append(text)

    def tell(self, type_: str, **data: Any) -> None:
        """A typed notice for every seat, stamped with the meet and the race (the race
        being bet on or run; 0 at a meet's first auction) and ``news``, the number of
        announcements made before it, so a surface can show both in order. ``words`` is
        the notice in words (``words.py``): the terminal and the board say the same."""
        stamped: dict[str, Any] = {"meet": self.meet + 1, "race": self.race_no, **data}
        text = words.word({"type": type_, **stamped}, self.g.seat_names)
        if text is not None:
            stamped["words"] = text
        self.notice(type_, news=len(self.news), **stamped)

    # --- the protocol -----------------------------------------------------------------
    def to_act(self) -> list[int]:
        """Whoever the game waits on; a player with an offer to answer comes first (he
        answers before his own next move, and nobody else waits on him)."""
        regular = self._to_act()
        if regular == [CHANCE] or self.phase not in dealings.OPEN_IN:
            return regular
        answering = dealings.answering(self)
        return answering + [s for s in regular if s not in answering]

    def _to_act(self) -> list[int]:
        phase = self.phase
        if phase == RACE:
            assert self.race is not None
            return [self.race.roller] if self.race.stage == DECIDE else [CHANCE]
        if phase == BETTING:
            return [self.bettors[self.bettor]]
        if phase == AUCTION:
            assert self.lot is not None
            return [self.lot.turn]
        if phase == OFFER:
            assert self.offer is not None
            return [self.offer.to]
        if phase == TRACK:
            return [self.trackmaster]
        return []

    def chance_node(self) -> ChanceNode:
        race = self.race
        assert race is not None
        key = (race.number, race.roller, race.stage)
        node = self._nodes.get(key)
        if node is None:  # the same few nodes come up every turn: build each once
            label = f"race {race.number}, {self.name(race.roller)}'s {race.stage}"
            node = self._nodes[key] = ChanceNode(label, dice=2)
        return node

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        phase = self.phase
        if phase != OFFER and dealings.pending_to(self, player) is not None:
            return [Answer(True), Answer(False)]
        if phase == RACE:
            return [Accept(), Reject()]
        if phase == BETTING:
            return betting.menu(self, player)
        if phase == AUCTION:
            return auction.menu(self, player)
        if phase == OFFER:
            return [Answer(True), Answer(False)]
        return [ChooseTrack(key) for key in sorted(self.g.content.tracks)]

    def why_illegal(self, player: int, action: Action) -> str | None:
        if not 0 <= player < self.g.players:
            return f"there is no player {player}"
        phase = self.phase
        waiting = dealings.pending_to(self, player) if phase != OFFER else None
        if waiting is not None:
            return None if isinstance(action, Answer) else f"answer {self.name(waiting.frm)} first"
        if dealings.is_dealing(action):  # in turn or not, whenever the game waits (R16)
            return dealings.why_illegal(self, player, action)
        if player not in self.to_act():
            return f"it is not {self.name(player)}'s turn"
        if isinstance(action, TakeLoan | RepayLoan):
            if phase not in (AUCTION, BETTING):
                return "loans are made during the auction and between races"
            return loans.why_illegal(self, player, action)
        if phase == RACE:
            return None if isinstance(action, Accept | Reject) else "accept or reject the roll"
        if phase == AUCTION:
            return auction.why_illegal(self, player, action)
        if phase == OFFER:
            return None if isinstance(action, Answer) else "answer the offer yes or no"
        if phase == TRACK:
            if not isinstance(action, ChooseTrack):
                return "choose the track first (you are the Trackmaster)"
            return None if action.track in self.g.content.tracks else f"no track {action.track!r}"
        return betting.why_illegal(self, player, action)

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, TakeLoan):
            loans.take(self, player, action)
        elif isinstance(action, RepayLoan):
            loans.repay(self, player, action.horse)
        elif isinstance(action, Accept | Reject):
            self._decide(action)
        elif isinstance(action, Bid):
            auction.bid(self, player, action)
        elif isinstance(action, Pass):
            auction.pass_lot(self, player)
        elif isinstance(action, Answer):
            dealings.answer(self, player, action.accept)
        elif dealings.is_dealing(action):
            dealings.apply(self, player, action)
        elif isinstance(action, ChooseTrack):
            self._set_track(action.track)
        else:
            betting.apply(self, player, action)

    def _apply_chance(self, outcome: Outcome) -> None:
        race = self.race
        assert race is not None
        horse = sum(outcome)
        if race.stage == FIRST:
            if not race.first_roll(horse):
                self._end_turn()
        else:
            race.second_roll(horse)
            self._end_turn()

    # --- the meet ---------------------------------------------------------------------
    def _start_meet(self) -> None:
        self.meet += 1
        self.race_no = 0
        self.owners, self.hock, self.borrowed = {}, {}, set()
        self.bin_pointer = 0  # each meet's auction deals from the 3rd-race purse (R3)
        self.loans_settled = False
        self.dd_tickets = []
        self.track = None
        self.say(
            f"Meet {self.meet + 1}: Trackmaster {self.name(self.trackmaster)}, "
            f"Totemaster {self.name(self.totemaster)}, Auctioneer {self.name(self.auctioneer)}"
        )
        if self.meet > 0 and self.g.stake == "allot":  # R30: the Trackmaster's first duty
            self.cash = [c + STARTING_FIFTIES for c in self.cash]
            self.allotted += STARTING_FIFTIES * self.g.players
            self.say(f"The Trackmaster allots each player {words.fifties(STARTING_FIFTIES)} (R30)")
        if self.meet < len(self.g.tracks):
            self._set_track(self.g.tracks[self.meet])
        else:
            self.phase = TRACK

    def _set_track(self, name: str) -> None:
        self.track = self.g.content.track(name)
        track = self.track
        self.say(f"The Trackmaster selects {track.name} ({track.city})")
        self.say(f"Handicap and Auction News: {track.conditions} Best pick: #{track.best_pick}.")
        auction.start(self)

    def _end_meet(self) -> None:
        self.meet_standings.append(list(self.cash))
        if self.meet + 1 < self.g.meets:
            self._start_meet()
        else:
            if self.g.debts == "settle":
                dealings.settle_debts(self)
            self.offers = []  # unanswered at the end: nothing left to deal for
            self.phase = OVER
            best = max(self.cash)
            winners = [self.name(s) for s in range(self.g.players) if self.cash[s] == best]
            win = "share the win" if len(winners) > 1 else "wins"
            self.say(
                f"After {RACES} races: {' and '.join(winners)} {win} with {words.fifties(best)}"
            )

    # --- the race ---------------------------------------------------------------------
    def _decide(self, action: Action) -> None:
        race = self.race
        assert race is not None
        if isinstance(action, Accept):
            race.accept()
            self._end_turn()
        else:
            race.reject()
            if race.over:
                self._end_turn()

    def _end_turn(self) -> None:
        race = self.race
        assert race is not None
        if race.over:
            self._finish_race(race)
        else:
            race.roller = self.neighbour(race.roller)

    def _finish_race(self, race: Race) -> None:
        win, place, show = race.finish
        self.say(
            f"Race {race.number}: WIN #{win}, PLACE #{place}, SHOW #{show} ({race.rolls} rolls)"
        )
        self.tell(
            "race_result",
            finish=list(race.finish),
            rolls=race.rolls,
            track=self.track.key if self.track else None,
            card={**self._race_card(race), "running": False},
        )
        dealt = list(self.windows)
        settlement = settle(
            self.windows, self.tickets, race.finish, self.owners[win], self.g.payoff
        )
        for step in settlement.steps:
            self.tell(step["step"], **{k: v for k, v in step.items() if k != "step"})
        for seat, amount in sorted(settlement.paid.items()):
            self.cash[seat] += amount
        for seat, amount, why in settlement.payments:
            self.tell("payment", seat=seat, amount=amount, why=why)
        rings.share_out(self, settlement.steps, race.finish, settlement.refunded)
        self.carry += settlement.carry
        self.last_payoff = {"race": race.number, "dealt": dealt, "steps": settlement.steps}
        if settlement.carry and race.number < RACES:
            self.tell("carried", amount=settlement.carry, why="odd fifties")
        paid: dict[int, int] = dict(settlement.paid)
        if self.g.daily_double and race.number == 2:
            betting.settle_daily_double(self, self.results[-1]["finish"][0], win, paid)
        if race.number == RACES:
            # The 8th-race bins go to the owners of the first three, odd fifties to the
            # WIN horse's owner (R18, R6).
            for name, horse in zip(FINAL_BINS, race.finish, strict=True):
                self._pay_owners(horse, self.bins[name], paid, f"{name} bin")
                self.bins[name] = 0
            self._pay_owners(win, self.carry, paid, "odd fifties")
            self.carry = 0
        self.results.append(
            {
                "meet": self.meet + 1,
                "race": race.number,
                "finish": list(race.finish),
                "rolls": race.rolls,
                "refunded": settlement.refunded,
                "paid": {str(s): paid[s] for s in sorted(paid) if paid[s]},
            }
        )
        self.last_race, self.race = race, None
        self.tickets = []
        if race.number < RACES:
            betting.open_window(self, race.number + 1)
        else:
            self._end_meet()

    def _pay_owners(self, horse: int, amount: int, paid: dict[int, int], why: str) -> None:
        for seat, share in shares(amount, self.owners[horse]).items():
            self.cash[seat] += share
            paid[seat] = paid.get(seat, 0) + share
            if share:
                self.tell("payment", seat=seat, amount=share, why=why, horse=horse)

    # --- the end and the views --------------------------------------------------------
    def result(self) -> JSON:
        """The game's result; ``winners`` (the players with the most fifties) name each
        player as every game's result does, ``{"seat", "name"}`` (docs/formats.md), for
        the web's page as for ``--format json``: they were bare seats."""
        best = max(self.cash)
        names = self.g.seat_names
        return {
            "fifties": list(self.cash),
            "names": list(names),
            "winners": [
                {"seat": s, "name": names[s]} for s in range(self.g.players) if self.cash[s] == best
            ],
            "meets": [list(m) for m in self.meet_standings],
            "races": list(self.results),
        }

    def conserved(self) -> dict[str, int]:
        total = sum(self.cash) + sum(self.bins.values()) + self.dd_bin + sum(self.windows)
        return {"fifties": total + self.carry + self.held - self.allotted}

    def notices_for(self, player: int | None, since: int = 0) -> list[JSON]:
        """The notices, each of a kind the board's "For you" box shows also said to
        ``player`` where it concerns him (``words_you``: "Bob lends you 5 fifties";
        ``words.SAID_TO_YOU``); ``words`` is the table's record."""
        shown = super().notices_for(player, since)
        if player is None:
            return shown
        told = []
        for n in shown:
            if n["type"] in words.SAID_TO_YOU and player in words.concerned(n):
                said = words.word(n, self.g.seat_names, you=player) if "words" in n else None
                if said is not None:
                    n = {**n, "words_you": said}
            told.append(n)
        return told

    def move_words(self, event: Event) -> str | None:
        """The move in words; an answer with the offer it answered ("said no to Ann's
        offer of 5 fifties for #2"): the answer is found by its place in ``events``."""
        tracks = {key: track.name for key, track in self.g.content.tracks.items()}
        offer = next((o for at, o in self.answered.items() if self.events[at] is event), None)
        action = CODEC.from_json(event.action or {})
        return words.move_said(action, self.g.seat_names, tracks, offer)

    def view(self, player: int | None) -> JSON:
        lot = self.lot if self.phase in (AUCTION, OFFER) else None
        race = self.race or self.last_race
        data: dict[str, Any] = {
            "you": player,
            "names": list(self.g.seat_names),
            "initials": unique_initials(self.g.seat_names),
            "phase": self.phase,
            "meet": self.meet + 1,
            "race": self.race_no,
            "to_act": self.to_act(),
            "rotation": self.g.rotation,
            "payoff_rule": self.g.payoff,
            "offered": sorted(self.offered),
            "to_bet": self.bettors[self.bettor + 1 :] if self.phase == BETTING else [],
            "roles": {
                "trackmaster": self.trackmaster,
                "totemaster": self.totemaster,
                "auctioneer": self.auctioneer,
            },
            "track": self.track.key if self.track else None,
            "card": self._track_card() if self.track else None,
            "tracks": self._tracks() if self.phase == TRACK else [],
            "content": Path(self.g.content_dir).name if self.g.content_dir else None,
            "cash": list(self.cash),
            "bins": dict(self.bins),
            "daily_double_bin": self.dd_bin,
            "windows": list(self.windows),
            "carry": self.carry,
            "owners": {str(h): list(o) for h, o in sorted(self.owners.items())},
            "in_hock": {str(h): a for h, a in sorted(self.hock.items())},
            "loans_open": not self.loans_settled,
            "debts": [
                {"borrower": b, "lender": lender, "amount": a}
                for (b, lender), a in sorted(self.debts.items())
                if a
            ],
            "tickets": [list(t) for t in self.tickets],
            "rings": [r.to_json() for r in self.rings],
            "daily_double": [list(t) for t in self.dd_tickets],
            "lot": None,
            "offer": None,
            "race_card": None,
            "payoff": self.last_payoff,
            "results": list(self.results[-RACES:]),
            "news": self.news[-NEWS_KEPT:],
            "page": words.PAGE,  # the browser board's own words
        }
        if lot is not None:
            data["lot"] = {
                "horse": lot.horse,
                "asking": lot.asking,
                "opening": self.g.content.cards[lot.horse].opening_bid,
                "high": lot.high if lot.bidders else None,
                "bidders": list(lot.bidders),
                "out": sorted(lot.out),
                "min_bid": lot.min_bid,
                "syndicates": auction.syndicates(self),  # a partner may be asked (R8)
            }
        asked = self.offer
        if asked is None and player is not None and self.phase != OFFER:
            asked = dealings.pending_to(self, player)
        data["offer"] = asked.to_json() if asked is not None else None
        data["offers"] = [o.to_json() for o in self.offers]
        data["dealings_open"] = self.phase in dealings.OPEN_IN
        # what a seat's amount boxes may hold, in the rules' words (the page checks them)
        data["amounts"] = None
        if player is not None and 0 <= player < self.g.players:
            data["amounts"] = dealings.amounts(self, player)
        if race is not None:
            data["race_card"] = self._race_card(race)
        return data

    def _track_card(self) -> JSON:
        """The track as printed, before any race: each horse's class, preprinted halves
        of X, the halves it needs (12: circled and shaded), title card and suggested bid,
        and the Handicap and Auction News."""
        track = self.track
        assert track is not None
        cards = self.g.content.cards
        return {
            "name": track.name,
            "city": track.city,
            "colour": track.colour,
            "conditions": track.conditions,
            "best_pick": track.best_pick,
            "horses": {
                str(h): {
                    "name": cards[h].name,
                    "sire": cards[h].sire,
                    "dam": cards[h].dam,
                    "opening_bid": cards[h].opening_bid,
                    "class": horse_class(h),
                    "preprinted": cap.preprinted_halves,
                    "need": cap.need_halves,
                    "shaded": cap.shaded,
                    "suggested_bid": cap.suggested_bid,
                }
                for h, cap in sorted(track.handicaps.items())
            },
        }

    def _tracks(self) -> list[JSON]:
        """The tracks the Trackmaster chooses from, each with its character."""
        return [
            {
                "key": t.key,
                "name": t.name,
                "city": t.city,
                "conditions": t.conditions,
                "best_pick": t.best_pick,
                "shaded": [h for h, c in sorted(t.handicaps.items()) if c.shaded],
            }
            for _, t in sorted(self.g.content.tracks.items())
        ]

    def _race_card(self, race: Race) -> JSON:
        return {
            "number": race.number,
            "progress": {str(h): v for h, v in race.progress.items()},
            "need": {str(h): v for h, v in race.need.items()},
            "finish": list(race.finish),
            "roller": race.roller,
            "stage": race.stage,
            "rolled": race.rolled,
            "rolls": race.rolls,
            "calls": race.calls[-12:],
            "callers": race.callers[-12:],
            "running": self.race is not None,
        }
