"""A game of Across the Board in play: roles, auction, betting, races and payoffs.

One meet is an auction then eight races on one track; ``meets`` > 1 sets up another
track with the roles moved one seat on (the rulebook's "another track may then be set
up"). The phases follow the rulebook's sections; the bookkeeping lives in auction.py,
totalizator.py, loans.py and race.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.protocol import CHANCE, JSON, State
from homestretch.games.across import loans
from homestretch.games.across.actions import (
    NOBODY,
    Accept,
    Answer,
    Bet,
    Bid,
    ChooseTrack,
    DailyDouble,
    Done,
    OfferHorse,
    OfferLoan,
    Pass,
    PayBack,
    Reject,
    RepayLoan,
    TakeLoan,
)
from homestretch.games.across.auction import (
    BINS,
    Lot,
    bid_options,
    deal_receipts,
    shares,
    why_bid_illegal,
)
from homestretch.games.across.content import HORSES, Track
from homestretch.games.across.race import DECIDE, FIRST, Race
from homestretch.games.across.totalizator import TICKET_PRICE, WINDOWS, deal, settle, split

if TYPE_CHECKING:
    from homestretch.games.across.game import AcrossGame

STARTING_FIFTIES = 40
"""The Trackmaster allots each player 40 fifties ($2,000)."""
RACES = 8
PURSE_RACES = {3: "race3", 5: "race5"}
FINAL_BINS = ("win8", "place8", "show8")
NEWS_KEPT = 40

TRACK, AUCTION, OFFER, BETTING, RACE, OVER = (
    "choose track",
    "auction",
    "offer",
    "betting",
    "race",
    "over",
)


@dataclass(frozen=True)
class Offer:
    """A deal put to one player, who answers yes or no."""

    kind: str  # "syndicate", "horse" or "loan"
    frm: int
    to: int
    amount: int
    horse: int = 0
    resume: str = BETTING


class AcrossState(State):
    game: AcrossGame

    def __init__(self, game: AcrossGame) -> None:
        super().__init__(game)
        self.g = game
        n = game.players
        self.cash = [STARTING_FIFTIES] * n
        self.bins = dict.fromkeys(BINS, 0)
        self.bin_pointer = 0
        self.dd_bin = 0
        self.windows = [0] * WINDOWS
        self.carry = 0
        self.held = 0
        """Bets the Totemaster has taken for the next race, not yet dealt."""
        self.owners: dict[int, tuple[int, ...]] = {}
        self.hock: dict[int, int] = {}
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
        self.offer: Offer | None = None
        self.tickets: list[tuple[int, int]] = []
        self.dd_tickets: list[tuple[int, int, int]] = []
        self.loans_settled = False
        self.race: Race | None = None
        self.last_race: Race | None = None
        self.results: list[JSON] = []
        self.meet_standings: list[list[int]] = []
        self.news: list[str] = []
        self._start_meet()

    # --- seats and roles --------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.g.seat_names[seat]

    def neighbour(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` places on in the direction of play."""
        return (seat + k * self.g.step) % self.g.players

    @property
    def trackmaster(self) -> int:
        return self.meet % self.g.players

    @property
    def totemaster(self) -> int:
        return (self.meet + 1) % self.g.players

    @property
    def auctioneer(self) -> int:
        return (self.meet + 2) % self.g.players

    def _say(self, text: str) -> None:
        self.news.append(text)

    # --- the protocol -----------------------------------------------------------------
    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == RACE:
            race = self.race
            assert race is not None
            return [race.roller] if race.stage == DECIDE else [CHANCE]
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
        return ChanceNode(f"race {race.number}, {self.name(race.roller)}'s {race.stage}", dice=2)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        phase = self.phase
        if phase == RACE:
            return [Accept(), Reject()]
        if phase == BETTING:
            return self._betting_menu(player)
        if phase == AUCTION:
            assert self.lot is not None
            menu: list[Action] = list(bid_options(self.lot, player, self.cash, self._syndicates))
            return [*menu, Pass(), *self._loan_menu(player)]
        if phase == OFFER:
            return [Answer(True), Answer(False)]
        return [ChooseTrack(key) for key in sorted(self.g.content.tracks)]

    def _betting_menu(self, seat: int) -> list[Action]:
        menu: list[Action] = [Done()]
        cash = self.cash[seat]
        if cash >= TICKET_PRICE:
            menu += [Bet(h) for h in HORSES]
        if self._daily_double_open and cash >= 1:
            menu += [DailyDouble(a, b) for a in HORSES for b in HORSES]
        menu += self._loan_menu(seat)
        if seat not in self.offered:
            for horse in self._sellable(seat):
                price = self.g.content.cards[horse].opening_bid
                menu += [
                    OfferHorse(horse, buyer, price)
                    for buyer in range(self.g.players)
                    if buyer not in self.owners[horse] and self.cash[buyer] >= price
                ]
            if cash >= 1:
                amount = min(5, cash)
                menu += [OfferLoan(b, amount) for b in range(self.g.players) if b != seat]
        for (borrower, lender), owed in sorted(self.debts.items()):
            if borrower == seat and owed > 0 and cash > 0:
                menu.append(PayBack(lender, min(owed, cash)))
        return menu

    def _loan_menu(self, seat: int) -> list[Action]:
        menu: list[Action] = []
        for horse, owners in sorted(self.owners.items()):
            if owners[0] != seat:
                continue
            if horse in self.hock:
                if not self._forfeit(horse) and self.cash[seat] >= loans.repayment(
                    self.hock[horse]
                ):
                    menu.append(RepayLoan(horse))
            elif self._loan_limit(horse) > 0:
                menu.append(TakeLoan(horse, self._loan_limit(horse)))
        return menu

    def _sellable(self, seat: int) -> list[int]:
        return [h for h, o in sorted(self.owners.items()) if o[0] == seat and h not in self.hock]

    def _forfeit(self, horse: int) -> bool:
        """After the deadline a horse still in hock is one waiting to be auctioned."""
        return self.loans_settled and horse in self.hock

    def _loan_limit(self, horse: int) -> int:
        if self.loans_settled or len(self.owners.get(horse, ())) != 1 or horse in self.hock:
            return 0
        return loans.limit(self.g.content.cards[horse].opening_bid, self.bins["win8"])

    @property
    def _syndicates(self) -> bool:
        return self.g.syndicate_size >= 2

    @property
    def _daily_double_open(self) -> bool:
        return self.g.daily_double and self.race_no == 1 and self.phase == BETTING

    def why_illegal(self, player: int, action: Action) -> str | None:
        if player not in self.to_act():
            return (
                f"it is not {self.name(player) if 0 <= player < self.g.players else player}'s turn"
            )
        phase = self.phase
        if isinstance(action, (TakeLoan, RepayLoan)):
            if phase not in (AUCTION, BETTING):
                return "loans are made during the auction and between races"
            return self._why_loan_illegal(player, action)
        if phase == RACE:
            return None if isinstance(action, (Accept, Reject)) else "accept or reject the roll"
        if phase == AUCTION:
            assert self.lot is not None
            if isinstance(action, Pass):
                return None
            if isinstance(action, Bid):
                return why_bid_illegal(self.lot, player, action, self.cash, self._syndicates)
            return "bid, pass, or borrow on a horse you own"
        if phase == OFFER:
            return None if isinstance(action, Answer) else "answer the offer yes or no"
        if phase == TRACK:
            if not isinstance(action, ChooseTrack):
                return "the Trackmaster must choose the track"
            return None if action.track in self.g.content.tracks else f"no track {action.track!r}"
        return self._why_betting_illegal(player, action)

    def _why_loan_illegal(self, seat: int, action: TakeLoan | RepayLoan) -> str | None:
        owners = self.owners.get(action.horse)
        if not owners or owners[0] != seat:
            return f"you do not own #{action.horse}"
        if isinstance(action, RepayLoan):
            if action.horse not in self.hock:
                return f"#{action.horse} is not in hock"
            if self._forfeit(action.horse):
                return f"the loan fell due unpaid: #{action.horse} is being auctioned"
            due = loans.repayment(self.hock[action.horse])
            return None if self.cash[seat] >= due else f"the repayment is {due} fifties"
        if len(owners) > 1:
            return "a syndicate's horse cannot be put in hock"
        if action.horse in self.hock:
            return f"#{action.horse} is already in hock"
        if self.loans_settled:
            return "the bin stopped lending when loans fell due before the 7th race"
        limit = self._loan_limit(action.horse)
        if not 1 <= action.amount <= limit:
            return f"you may borrow 1 to {limit} fifties on #{action.horse}"
        return None

    def _why_betting_illegal(self, seat: int, action: Action) -> str | None:
        cash = self.cash[seat]
        players = self.g.players
        if isinstance(action, Done):
            return None
        if isinstance(action, Bet):
            if action.horse not in HORSES:
                return f"there is no horse #{action.horse} (horses are 2-12)"
            return None if cash >= TICKET_PRICE else "a bet is 3 fifties ($150)"
        if isinstance(action, DailyDouble):
            if not self._daily_double_open:
                return "Daily Double tickets are sold before race 1 when the option is on"
            if action.first not in HORSES or action.second not in HORSES:
                return "Daily Double horses are 2-12"
            return None if cash >= 1 else "a Daily Double ticket is 1 fifty ($50)"
        if isinstance(action, PayBack):
            if self.debts.get((seat, action.lender), 0) <= 0:
                return f"you owe nothing to player {action.lender}"
            return None if 1 <= action.amount <= cash else f"you can pay 1 to {cash} fifties"
        if isinstance(action, (OfferHorse, OfferLoan)):
            if seat in self.offered:
                return "one offer per player per race, so play is not held up"
            other = action.buyer if isinstance(action, OfferHorse) else action.borrower
            if not 0 <= other < players or other == seat:
                return f"there is no other player {other}"
            if isinstance(action, OfferLoan):
                return None if 1 <= action.amount <= cash else f"you can lend 1 to {cash} fifties"
            if action.horse not in self._sellable(seat):
                return f"#{action.horse} is not yours to sell (or is in hock)"
            if action.buyer in self.owners[action.horse]:
                return f"player {action.buyer} already owns part of #{action.horse}"
            if not 0 <= action.price <= self.cash[action.buyer]:
                return f"the price must be 0 to {self.cash[action.buyer]} (the buyer's fifties)"
            return None
        return "bet, deal, or say done"

    def _apply(self, player: int, action: Action) -> None:
        if isinstance(action, TakeLoan):
            self._take_loan(player, action)
        elif isinstance(action, RepayLoan):
            self._repay_loan(player, action.horse)
        elif isinstance(action, Accept | Reject):
            self._decide(action)
        elif isinstance(action, Bid):
            self._bid(player, action)
        elif isinstance(action, Pass):
            assert self.lot is not None
            self.lot.out.add(player)
            self._find_bidder(self.neighbour(player))
        elif isinstance(action, Answer):
            self._answer(action.accept)
        elif isinstance(action, ChooseTrack):
            self._set_track(action.track)
        else:
            self._betting_action(player, action)

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
        self.owners, self.hock = {}, {}
        self.loans_settled = False
        self.dd_tickets = []
        self.track = None
        self._say(
            f"Meet {self.meet + 1}: Trackmaster {self.name(self.trackmaster)}, "
            f"Totemaster {self.name(self.totemaster)}, Auctioneer {self.name(self.auctioneer)}"
        )
        if self.meet < len(self.g.tracks):
            self._set_track(self.g.tracks[self.meet])
        else:
            self.phase = TRACK

    def _set_track(self, name: str) -> None:
        self.track = self.g.content.track(name)
        self._say(f"The Trackmaster selects {self.track.name} ({self.track.city})")
        self._start_auction([(h, NOBODY) for h in HORSES])

    def _end_meet(self) -> None:
        self.meet_standings.append(list(self.cash))
        if self.meet + 1 < self.g.meets:
            self._start_meet()
        else:
            self.phase = OVER
            best = max(self.cash)
            winners = [self.name(s) for s in range(self.g.players) if self.cash[s] == best]
            self._say(f"After {RACES} races: {' and '.join(winners)} win(s) with {best} fifties")

    # --- the auction ------------------------------------------------------------------
    def _start_auction(self, lots: list[tuple[int, int]]) -> None:
        self.lots = lots
        self._next_lot()

    def _next_lot(self) -> None:
        if not self.lots:
            self.lot = None
            self._open_betting(self.race_no + 1)
            return
        horse, former = self.lots.pop(0)
        card = self.g.content.cards[horse]
        start = self.neighbour(self.auctioneer)
        excluded = frozenset() if former == NOBODY else frozenset({former})
        self.lot = Lot(horse, card.opening_bid, start, excluded=excluded, former_owner=former)
        self.phase = AUCTION
        self._say(
            f"On the block: #{horse} {card.name} (by {card.sire} out of {card.dam}), "
            f"opening bid {card.opening_bid}"
        )
        self._find_bidder(start)

    def _find_bidder(self, seat: int) -> None:
        """Give the turn to the next seat from ``seat`` that may and can bid."""
        lot = self.lot
        assert lot is not None
        for k in range(self.g.players):
            candidate = self.neighbour(seat, k)
            if not lot.may_bid(candidate):
                continue
            if bid_options(lot, candidate, self.cash, self._syndicates):
                lot.turn = candidate
                return
            lot.out.add(candidate)
        self._close_lot()

    def _close_lot(self) -> None:
        lot = self.lot
        assert lot is not None
        if lot.bidders:
            self._sell(lot.bidders, lot.high)
        elif lot.asking > 1:
            lot.asking -= 1
            lot.out, lot.proposed = set(), set()
            self._say(f"No bid for #{lot.horse}: the asking price drops to {lot.asking}")
            self._find_bidder(self.neighbour(self.auctioneer))
        else:
            buyer = self.auctioneer
            while buyer in lot.excluded:
                buyer = self.neighbour(buyer)
            self._say(f"No bid at 1 fifty: #{lot.horse} is knocked down to {self.name(buyer)}")
            self._sell((buyer,), min(1, self.cash[buyer]))

    def _bid(self, seat: int, bid: Bid) -> None:
        lot = self.lot
        assert lot is not None
        if bid.partner != NOBODY:
            lot.proposed.add(seat)
            self.offer = Offer("syndicate", seat, bid.partner, bid.amount, lot.horse, AUCTION)
            self.phase = OFFER
            self._say(
                f"{self.name(seat)} asks {self.name(bid.partner)} to bid {bid.amount} "
                f"for #{lot.horse} as a syndicate"
            )
            return
        self._place_bid(lot, (seat,), bid.amount)

    def _place_bid(self, lot: Lot, members: tuple[int, ...], amount: int) -> None:
        lot.high, lot.bidders = amount, members
        who = " and ".join(self.name(s) for s in members)
        if members == (self.auctioneer,):
            self._say(f"Auctioneer's bid is {amount} fifties")
        else:
            self._say(f"{who} bid(s) {amount} fifties for #{lot.horse}")
        self._find_bidder(self.neighbour(members[0]))

    def _sell(self, members: tuple[int, ...], price: int) -> None:
        lot = self.lot
        assert lot is not None
        for seat, pay in shares(price, members).items():
            self.cash[seat] -= pay
        if lot.former_owner != NOBODY:
            to_bin, to_owner = loans.hock_sale_proceeds(price, self.hock.pop(lot.horse))
            self.bins["win8"] += to_bin
            self.cash[lot.former_owner] += to_owner
        else:
            self.bin_pointer = deal_receipts(price, self.bins, self.bin_pointer)
        self.owners[lot.horse] = members
        who = " and ".join(self.name(s) for s in members)
        self._say(f"#{lot.horse} sold to {who} for {price} fifties")
        self._next_lot()

    # --- offers between players -------------------------------------------------------
    def _answer(self, accept: bool) -> None:
        offer = self.offer
        assert offer is not None
        self.offer, self.phase = None, offer.resume
        yes = "accepts" if accept else "declines"
        self._say(f"{self.name(offer.to)} {yes}")
        if offer.kind == "syndicate":
            lot = self.lot
            assert lot is not None
            if accept:
                self._place_bid(lot, (offer.frm, offer.to), offer.amount)
            else:
                self._find_bidder(offer.frm)
        elif accept and offer.kind == "horse":
            self.cash[offer.to] -= offer.amount
            for seat, share in shares(offer.amount, self.owners[offer.horse]).items():
                self.cash[seat] += share
            self.owners[offer.horse] = (offer.to,)
        elif accept:
            self.cash[offer.frm] -= offer.amount
            self.cash[offer.to] += offer.amount
            key = (offer.to, offer.frm)
            self.debts[key] = self.debts.get(key, 0) + offer.amount

    # --- loans from the 8th-race WIN bin ------------------------------------------------
    def _take_loan(self, seat: int, action: TakeLoan) -> None:
        self.bins["win8"] -= action.amount
        self.cash[seat] += action.amount
        self.hock[action.horse] = action.amount
        self._say(f"{self.name(seat)} borrows {action.amount} with #{action.horse} in hock")

    def _repay_loan(self, seat: int, horse: int) -> None:
        due = loans.repayment(self.hock.pop(horse))
        self.cash[seat] -= due
        self.bins["win8"] += due
        self._say(f"{self.name(seat)} repays {due} and redeems #{horse}")

    # --- betting ----------------------------------------------------------------------
    def _open_betting(self, race: int) -> None:
        if race == 7 and not self.loans_settled:
            self.loans_settled = True
            unpaid = self._loans_fall_due()
            if unpaid:
                self._start_auction(unpaid)
                return
        self.race_no = race
        self.phase = BETTING
        self.bettors = [self.neighbour(self.totemaster, k) for k in range(1, self.g.players + 1)]
        self.bettor = 0
        self.offered = set()
        self.tickets = []
        purse = (
            f" (with the {race}{'rd' if race == 3 else 'th'}-race purse)"
            if race in PURSE_RACES
            else ""
        )
        self._say(f"Race {race}{purse}: the windows are open")

    def _loans_fall_due(self) -> list[tuple[int, int]]:
        """Before the 7th race: repay each loan and its interest, or the horse is sold."""
        unpaid = []
        for horse in sorted(self.hock):
            seat = self.owners[horse][0]
            if self.cash[seat] >= loans.repayment(self.hock[horse]):
                self._repay_loan(seat, horse)
            else:
                self._say(f"{self.name(seat)} cannot repay: #{horse} goes back on the block")
                unpaid.append((horse, seat))
        return unpaid

    def _betting_action(self, seat: int, action: Action) -> None:
        if isinstance(action, Bet):
            self.cash[seat] -= TICKET_PRICE
            self.held += TICKET_PRICE
            self.tickets.append((seat, action.horse))
        elif isinstance(action, DailyDouble):
            self.cash[seat] -= 1
            self.dd_bin += 1
            self.dd_tickets.append((seat, action.first, action.second))
        elif isinstance(action, PayBack):
            self.cash[seat] -= action.amount
            self.cash[action.lender] += action.amount
            key = (seat, action.lender)
            self.debts[key] = max(0, self.debts[key] - action.amount)
            self._say(f"{self.name(seat)} pays {action.amount} to {self.name(action.lender)}")
        elif isinstance(action, OfferHorse):
            self.offered.add(seat)
            self.offer = Offer("horse", seat, action.buyer, action.price, action.horse)
            self.phase = OFFER
            self._say(
                f"{self.name(seat)} offers #{action.horse} to {self.name(action.buyer)} "
                f"for {action.price} fifties"
            )
        elif isinstance(action, OfferLoan):
            self.offered.add(seat)
            self.offer = Offer("loan", seat, action.borrower, action.amount)
            self.phase = OFFER
            self._say(
                f"{self.name(seat)} offers to lend {action.amount} to {self.name(action.borrower)}"
            )
        else:  # Done
            self.bettor += 1
            if self.bettor == len(self.bettors):
                self._close_windows()

    def _close_windows(self) -> None:
        """The windows close: the handle, the carry-over and any purse are dealt."""
        handle = self.held + self.carry
        self.held = self.carry = 0
        purse = PURSE_RACES.get(self.race_no)
        if purse:
            handle += self.bins[purse]
            self.bins[purse] = 0
        deal(handle, self.windows)
        assert self.track is not None
        self.race = Race.start(self.race_no, self.track, self.neighbour(self.trackmaster))
        self.phase = RACE
        self._say(f"Windows closed: {handle} fifties dealt. They're off!")

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
        self._say(
            f"Race {race.number}: WIN #{win}, PLACE #{place}, SHOW #{show} ({race.rolls} rolls)"
        )
        settlement = settle(
            self.windows, self.tickets, race.finish, self.owners[win], self.g.payoff
        )
        for seat, amount in sorted(settlement.paid.items()):
            self.cash[seat] += amount
        self.carry += settlement.carry
        self.news.extend(settlement.lines)
        paid: dict[int, int] = dict(settlement.paid)
        if self.g.daily_double and race.number == 2:
            self._settle_daily_double(self.results[-1]["finish"][0], win, paid)
        if race.number == RACES:
            # The 8th-race bins and the odd fifties go to the owners of the first three.
            for name, horse in zip(FINAL_BINS, race.finish, strict=True):
                self._pay_owners(horse, self.bins[name], paid)
                self.bins[name] = 0
            self._pay_owners(win, self.carry, paid)
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
            self._open_betting(race.number + 1)
        else:
            self._end_meet()

    def _pay_owners(self, horse: int, amount: int, paid: dict[int, int]) -> None:
        for seat, share in shares(amount, self.owners[horse]).items():
            self.cash[seat] += share
            paid[seat] = paid.get(seat, 0) + share

    def _settle_daily_double(self, first: int, second: int, paid: dict[int, int]) -> None:
        winners = [s for s, a, b in self.dd_tickets if (a, b) == (first, second)]
        shares_paid, odd = split(self.dd_bin, winners)
        if winners:
            self._say(f"Daily Double {first}-{second}: {self.dd_bin} over {len(winners)} ticket(s)")
        else:
            self._say(f"No Daily Double winners: {self.dd_bin} go into race 3")
        for seat, amount in shares_paid.items():
            self.cash[seat] += amount
            paid[seat] = paid.get(seat, 0) + amount
        self.carry += odd
        self.dd_bin = 0

    # --- the end and the views --------------------------------------------------------
    def result(self) -> JSON:
        best = max(self.cash)
        return {
            "fifties": list(self.cash),
            "names": list(self.g.seat_names),
            "winners": [s for s in range(self.g.players) if self.cash[s] == best],
            "meets": [list(m) for m in self.meet_standings],
            "races": list(self.results),
        }

    def conserved(self) -> dict[str, int]:
        total = sum(self.cash) + sum(self.bins.values()) + self.dd_bin + sum(self.windows)
        return {"fifties": total + self.carry + self.held}

    def view(self, player: int | None) -> JSON:
        lot = self.lot if self.phase in (AUCTION, OFFER) else None
        race = self.race or self.last_race
        data: dict[str, Any] = {
            "you": player,
            "names": list(self.g.seat_names),
            "phase": self.phase,
            "meet": self.meet + 1,
            "race": self.race_no,
            "to_act": self.to_act(),
            "roles": {
                "trackmaster": self.trackmaster,
                "totemaster": self.totemaster,
                "auctioneer": self.auctioneer,
            },
            "track": self.track.key if self.track else None,
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
            "daily_double": [list(t) for t in self.dd_tickets],
            "lot": None,
            "offer": None,
            "race_card": None,
            "results": list(self.results[-RACES:]),
            "news": self.news[-NEWS_KEPT:],
        }
        if lot is not None:
            data["lot"] = {
                "horse": lot.horse,
                "asking": lot.asking,
                "high": lot.high,
                "bidders": list(lot.bidders),
                "out": sorted(lot.out),
                "min_bid": lot.min_bid,
            }
        if self.offer is not None:
            o = self.offer
            data["offer"] = {
                "kind": o.kind,
                "from": o.frm,
                "to": o.to,
                "amount": o.amount,
                "horse": o.horse,
            }
        if race is not None:
            data["race_card"] = {
                "number": race.number,
                "progress": {str(h): v for h, v in race.progress.items()},
                "need": {str(h): v for h, v in race.need.items()},
                "finish": list(race.finish),
                "roller": race.roller,
                "stage": race.stage,
                "rolled": race.rolled,
                "rolls": race.rolls,
                "calls": race.calls[-12:],
                "running": self.race is not None,
            }
        return data
