"""A sensible computer player: it sees only its own view and picks a legal action.

It values a horse at its expected prize money (its chance on our course with the
training it may expect, whether it would be our nominee, and the prize fund) and a
business at its expected takings, bids up to that value while keeping money for
entrance fees, joins the Owners' Club when it can spare the fee, reads reports as a
member for the horse a card helps most, nominates the horse its cards make fastest
round our course (``throws_home``), gives good throws to it, plays colour cards
whenever they move a horse on (another horse of the nominee's colour leaves them to the
nominee while it may still play them), throws white cards in at the first chance (a white card
held at the end disqualifies), and steers towards coloured squares it can use.
"""

from __future__ import annotations

import math
import random
from functools import cache

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.content.loader import COLOUR_VALUE, COLOURS, Course
from homestretch.games.totopoly.rules.actions import (
    Accept,
    Bet,
    Bid,
    ChangeTrack,
    Colour,
    Discard,
    Done,
    DrawReport,
    Join,
    Nominate,
    Offer,
    OfferLot,
    Pass,
    PlaySpecial,
    Reject,
    Scratch,
    Sell,
    Throw,
    UseThrow,
)
from homestretch.games.totopoly.rules.racecourse import LONG_FEE, SHORT_FEE
from homestretch.games.totopoly.rules.state import TotopolyGame

PRIZE_SHARE = 0.9
"""What the banker leaves of the prize fund for the first three (T19)."""
TWO_DICE = 7.0
"""The average throw of two dice: a horse lands on about one ring square in seven."""
CARDS_A_HORSE = 2.0
"""The most times we count on a horse we may lease being given cards of its colour in
training (each time as many as the content's ``at_a_time`` for its colour)."""
TOTE_POOL_A_PLAYER = 40
"""About what each player lays on the Tote (the clerk keeps a tenth)."""
MARGIN = 60
"""Cash kept back for training fees, beyond the horses' entrance money."""
GAIN_SCALE = 4.0
"""Lengths gained that multiply a horse's chance by e (our rough Tote model)."""
OTHERS = 0.08
"""An owner's other horses, beside his nominee: about one race in twelve among them."""
OPENING_CHANCE = 0.25
"""The chance a horse needs for its owner to open the Tote's book on it."""
LOOKAHEAD = 6
LANDINGS = 0.2
"""The share of the squares ahead on its track a horse lands on (a throw and its move
on carry it five lengths or so): a horse lands on 6 to 7 squares of another colour in a
race, of the 31 to 35 on its track (docs/totopoly.md, "Per runner")."""
LATE = 40
"""From this length on, white cards go in at every chance."""


AVERAGE_THROW = 3.5
FALL_THROWS = 6.0
"""A fallen horse waits for a six: six throws on average."""
BURST_THROWS = 12.0
"""A burst blood-vessel puts the horse out: counted as a long delay, the race as good as lost."""
MOST_CARDS = 12


@cache
def _throws_home(
    cells: tuple[str, ...],
    lengths: int,
    hazards: tuple[tuple[str, str, int], ...],
    colour: str,
    cards: int,
) -> float:
    """Expected throws for a lone horse of ``colour`` holding ``cards`` cards of its
    colour to pass the post from the gate along one track: its own squares move it on,
    another colour's square moves it on when it holds a card (played at the first
    chance, as our players do), written instructions are
    obeyed, and the last throw must be exact (T26). Solved backwards from the post."""
    post = lengths + 1
    value = COLOUR_VALUE.get(colour, 0)
    instructions = {code: (effect, n) for code, effect, n in hazards}
    table = [[0.0] * (post + 1) for _ in range(cards + 1)]

    def at(held: int, length: int) -> float:
        return 0.0 if length >= post else table[held][length]

    for held in range(cards + 1):
        for _ in range(2):  # a second sweep settles the few moves backwards
            for length in range(post - 1, -1, -1):
                total, stay = 1.0, 0.0
                for face in range(1, 7):
                    to = length + face
                    if to > post:
                        stay += 1 / 6
                        continue
                    if to == post:
                        continue
                    cell = cells[to - 1]
                    if cell == colour:
                        after = at(held, to + value)
                    elif cell in COLOUR_VALUE:
                        # our players play a card at the first chance
                        after = at(held - 1, to + value) if held else at(held, to)
                    elif cell in instructions:
                        effect, n = instructions[cell]
                        if effect == "forward":
                            after = at(held, to + n)
                        elif effect == "back":
                            back = max(1, to - n)
                            if back == length:
                                stay += 1 / 6
                                continue
                            after = at(held, back)
                        else:
                            delay = FALL_THROWS if effect == "fall" else BURST_THROWS
                            after = delay + at(held, to)
                    else:
                        after = at(held, to)
                    total += after / 6
                table[held][length] = total / (1 - stay)
    return table[cards][0]


def throws_home(course: Course, colour: str, cards: float) -> float:
    """``_throws_home`` averaged over the course's tracks (horses change tracks); a
    fractional number of cards (cards a horse may expect) is read between the two."""
    hazards = tuple(
        sorted((code, i.effect, i.lengths or 0) for code, i in course.instructions.items())
    )
    cards = min(max(cards, 0.0), MOST_CARDS)
    low = int(cards)

    def mean(held: int) -> float:
        runs = [_throws_home(t, course.lengths, hazards, colour, held) for t in course.cells]
        return sum(runs) / len(runs)

    if low == cards:
        return mean(low)
    return mean(low) + (cards - low) * (mean(low + 1) - mean(low))


def share(gains: dict[int, float], horse: int, scale: float) -> float:
    """A horse's share of the chances, each horse weighted by e to its lengths gained
    over ``scale``."""
    weights = {h: math.exp(g / scale) for h, g in gains.items()}
    return weights[horse] / sum(weights.values())


class SensibleBot:
    def __init__(self, game: TotopolyGame, seat: int, seed: int) -> None:
        self.content = game.content
        self.fee = SHORT_FEE if game.short else LONG_FEE
        self.short = game.short
        self.players = game.players
        self.horses_in_play = [
            h.number
            for h in game.content.horses.values()
            if not (game.short and h.colour == "blue")
        ]
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat)
        self.plain = throws_home(game.content.course, "", 0)
        """Throws home for a horse no coloured square helps."""

    # --- valuing things ---------------------------------------------------------------
    def worth(self, card: JSON, view: JSON | None = None) -> float:
        """What a lease is worth to us, in pounds: a horse its expected prize money, a
        business its expected takings (see ``horse_value`` and ``business_income``)."""
        if "horse" in card:
            return self.horse_value(view or {}, int(card["horse"]))
        return self.business_income(str(card["business"]))

    def prize_fund(self) -> float:
        """The prize fund we expect: every lease at face value (the auction adds to
        it, as the retained cards' payments do) and every runner's entrance fee."""
        leases = sum(h.value for h in self.content.horses.values() if self.runs(h.number))
        leases += sum(
            b.value
            for b in self.content.businesses.values()
            if b.role != "auctioneer" and not (self.short and b.role == "tote")
        )
        return float(leases + self.fee * len(self.horses_in_play))

    def runs(self, number: int) -> bool:
        return number in self.horses_in_play

    def horse_value(self, view: JSON, number: int) -> float:
        """Expected prize money, less the entrance fee: half the fund (after the
        banker's tenth) times the horse's chance to win, a quarter times its chance of
        second or third. Its chances come from the lengths its colour gains on our
        course with the training cards it may expect (the piles as they stand), among
        every horse in play; a horse we would not nominate, because one of ours ranks
        above it, does not take the best throws and seldom wins."""
        piles = view.get("supply") or self.content.supply
        me = view["players"][self.seat] if view.get("players") else None
        held = dict(me["cards"]) if me else dict.fromkeys((*COLOURS, "white"), 0)

        def prospects(horse: int) -> float:
            colour = self.content.horses[horse].colour
            taken = CARDS_A_HORSE * self.content.at_a_time[colour]
            expected = min(taken, piles.get(colour, 0) / 3)
            cards = {**held, colour: held[colour] + expected}
            return self.lengths_gained(horse, cards)

        gains = {h: prospects(h) for h in self.horses_in_play}
        ours = [int(h["number"]) for h in view.get("horses", []) if h.get("owner") == self.seat]
        nominee = all(gains[h] <= gains[number] for h in ours if h != number)
        first = share(gains, number, GAIN_SCALE) * (1.0 if nominee else OTHERS)
        # Second and third depend less on the lengths gained: the race's exact throw
        # home brings the field together, so the chance of either is flatter.
        placed = min(1.0, 2 * share(gains, number, 2 * GAIN_SCALE))
        prize = 0.5 * first + 0.25 * placed
        return PRIZE_SHARE * self.prize_fund() * prize - self.fee

    def business_income(self, ident: str) -> float:
        """Expected takings in the training ring: each horse lands on about one square
        in seven of its circuit, and a square pays this business for the horses it
        applies to (the trainers only for their own stable's); the club takes fees
        from members, the Tote clerk a tenth of the pool."""
        role = self.content.businesses[ident].role
        stable = {"walroy": ("black", "red"), "stevedon": ("yellow", "blue")}
        horses = [self.content.horses[h] for h in self.horses_in_play]
        income = 0.0
        for square in self.content.ring.values():
            if square.effect == "pay" and square.to == ident:
                income += square.amount * len(horses)
            elif square.effect == "stables" and role in stable:
                income += square.amount * sum(h.colour in stable[role] for h in horses)
            elif square.effect == "vet" and role == "vet":
                income += square.amount * len(horses)
            elif square.effect in ("club_fee", "club_offer") and role == "club":
                income += square.amount * self.players / 2
        income /= TWO_DICE
        if role == "tote" and not self.short:
            income += 0.1 * TOTE_POOL_A_PLAYER * self.players
        return income

    def horse_rank(self, view: JSON, number: int) -> float:
        """Lengths a horse may expect to gain in the race: its own colour's squares on
        the course, and a move on for each colour card of its colour the owner holds,
        as far as it will land on other colours to play them."""
        return self.lengths_gained(number, view["players"][self.seat]["cards"])

    def lengths_gained(self, number: int, cards: dict[str, float]) -> float:
        """Lengths the horse gains on our course over a horse no square helps: the
        throws it saves to the post (its own squares, and a card played on another
        colour's square, as far as it will land on them), each throw worth 3.5 lengths;
        a white card held costs a little (it must be thrown in with a colour card)."""
        colour = self.content.horses[number].colour
        saved = self.plain - throws_home(self.content.course, colour, cards[colour])
        return AVERAGE_THROW * saved - cards["white"] * 0.5

    def deck_odds(self, deck: str) -> tuple[float, float]:
        """The share of a pack's cards that give a colour card, and a white one."""
        cards = [self.content.reports[i] for i in self.content.decks[deck]]
        colour = sum(r.effect == "colour_card" for r in cards) / len(cards)
        white = sum(r.effect == "white_card" for r in cards) / len(cards)
        return colour, white

    def report_gain(self, view: JSON, action: DrawReport) -> float:
        """Lengths a report may be worth: the lengths one more card of the horse's
        colour adds on our course (nothing from an empty pile, little once it holds as
        many as it can play), counted in full for the horse that would be our nominee
        and as little as an also-ran's chance otherwise; less the risk of a white card
        (about a blue card's loss, and a risk to the placings)."""
        colour_odds, white = self.deck_odds(action.deck)
        colour = self.content.horses[action.horse].colour
        held = dict(view["players"][self.seat]["cards"])
        pile = (view.get("supply") or self.content.supply).get(colour, 0)
        if not pile:
            colour_odds = 0.0
        # a card of the horse's colour: as many as our content hands that colour at once
        more = {**held, colour: held[colour] + max(1, min(pile, self.content.at_a_time[colour]))}
        gain = self.lengths_gained(action.horse, more) - self.lengths_gained(action.horse, held)
        ours = [
            int(h["number"])
            for h in view.get("horses", [])
            if h.get("owner") == self.seat and h["number"] != action.horse
        ]
        best_other = max((self.lengths_gained(h, more) for h in ours), default=-math.inf)
        if self.lengths_gained(action.horse, more) < best_other:
            gain *= OTHERS
        return colour_odds * gain - white * 1.5

    def reserve(self, view: JSON, extra_horses: int = 0) -> int:
        """Money to keep: every horse's entrance fee and a margin for training."""
        horses = sum(1 for h in view["horses"] if h["owner"] == self.seat)
        horses += len([c for c in view.get("hand", []) if "horse" in c]) + extra_horses
        return self.fee * horses + MARGIN

    # --- choosing -------------------------------------------------------------------------
    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        first = legal[0]
        me = view["players"][player]
        cash = me["cash"]
        kinds = {type(a) for a in legal}
        if Reject in kinds:
            return min(legal, key=lambda a: self._card_worth(view, a))
        if Discard in kinds:
            return self._discard(view, legal, cash)
        if OfferLot in kinds:
            return self.rng.choice(legal)
        if Bid in kinds:
            return self._bid(view, legal, cash)
        if Throw in kinds or DrawReport in kinds:
            reports = [a for a in legal if isinstance(a, DrawReport)]
            if reports and cash > self.reserve(view) + 30:
                best = max(reports, key=lambda a: self.report_gain(view, a))
                if self.report_gain(view, best) > 0:
                    return best
            return Throw()
        if Join in kinds:
            return Join(cash > self.reserve(view) + 60)
        if Sell in kinds or Scratch in kinds:
            return self._sell(legal)
        if Offer in kinds:
            return self._offer(view, legal, cash)
        if Accept in kinds:
            return Accept(True)
        if Nominate in kinds:
            horses = [a for a in legal if isinstance(a, Nominate) and a.horse]
            return max(horses, key=lambda a: self.horse_rank(view, a.horse))
        if Bet in kinds:
            return self._bet(view, legal, cash)
        if UseThrow in kinds:
            return self._use_throw(view, legal)
        if Colour in kinds:
            return self._colour(view, legal)
        if PlaySpecial in kinds:
            return next(a for a in legal if isinstance(a, PlaySpecial) and a.yes)
        if ChangeTrack in kinds:
            return self._track(view, legal)
        return first

    def _card_worth(self, view: JSON, action: Action) -> float:
        card = next(c for c in view["hand"] if c["card"] == getattr(action, "card", ""))
        return self.worth(card, view)

    def _discard(self, view: JSON, legal: list[Action], cash: int) -> Action:
        cost = sum(c["value"] for c in view["hand"])
        if Done() in legal and cash - cost >= self.reserve(view) + 40:
            return Done()
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return Done()
        return min(discards, key=lambda a: self._card_worth(view, a) / max(1, cost))

    def _bid(self, view: JSON, legal: list[Action], cash: int) -> Action:
        lot = view.get("lot")
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.guineas)
        if lot is None or not bids:
            return Pass()
        limit = min(self.worth(lot, view), cash - self.reserve(view, "horse" in lot))
        # Like a person, raise in steps that shrink as the price nears the limit.
        high = int(lot["bid"])
        step = max(1, (limit - high) // 3)
        within = [a for a in bids if a.guineas <= limit and a.guineas - high <= step]
        return within[-1] if within else Pass()

    def _sell(self, legal: list[Action]) -> Action:
        scratches = [a for a in legal if isinstance(a, Scratch)]
        if scratches:
            return max(scratches, key=lambda a: a.horse)
        sells = [a for a in legal if isinstance(a, Sell)]
        if Done() in legal or not sells:
            return Done() if Done() in legal else legal[0]

        def order(action: Sell) -> tuple[int, int]:
            """Kept cards first, then colour cards, businesses, and last a horse."""
            if action.item.startswith("horse:"):
                return (3, -int(action.item[6:]))
            if action.item.startswith("colour:"):
                return (1, COLOURS.index(action.item[7:]))
            return (0 if not action.item.startswith("lease:") else 2, 0)

        return min(sells, key=order)

    def _offer(self, view: JSON, legal: list[Action], cash: int) -> Action:
        offers = sorted((a for a in legal if isinstance(a, Offer)), key=lambda a: a.pounds)
        budget = (cash - self.reserve(view, 1)) // 3
        affordable = [a for a in offers if a.pounds <= budget]
        return affordable[-1] if affordable else offers[0]

    def chances(self, view: JSON) -> dict[int, float]:
        """A rough chance of winning for every runner, from what the table shows: the
        lengths its colour and its owner's cards may gain, and whether it is nominated
        (a nominee takes its owner's best throws and wins most races)."""
        runners = [h for h in view["horses"] if h["status"] == "running"]
        weight = {}
        for h in runners:
            owner = view["players"][h["owner"]]
            gain = self.lengths_gained(h["number"], owner["cards"])
            nominee = owner["nominated"] in (None, h["number"])
            weight[h["number"]] = math.exp(gain / GAIN_SCALE) * (1.0 if nominee else OTHERS)
        total = sum(weight.values()) or 1.0
        return {h: w / total for h, w in weight.items()}

    def _bet(self, view: JSON, legal: list[Action], cash: int) -> Action:
        """Back on value, any owner's horse: the stake whose expected return on the
        Tote as it stands now (our stake in the pool, 10% off) beats the stake most."""
        if view["phase"] != "tote" or cash < 60:
            return Done()
        chance = self.chances(view)
        pool = int(view["tote"]["pool"])
        laid = {int(h): int(v) for h, v in view["tote"]["by_horse"].items()}

        def edge(bet: Bet) -> float:
            share = bet.pounds / (laid.get(bet.horse, 0) + bet.pounds)
            back = 0.9 * (pool + bet.pounds) * share
            return chance.get(bet.horse, 0.0) * back - bet.pounds

        budget = cash // 4  # the entrance fees are paid: nothing more to keep back
        bets = [a for a in legal if isinstance(a, Bet) and a.pounds <= budget]
        if pool == 0 and (view.get("asked") or {}).get("window") == "own":
            # An empty pool pays nobody more than his stake back: an owner opens the
            # book with a modest ticket on a nominee that has a real chance.
            opening = [a for a in bets if chance.get(a.horse, 0) >= OPENING_CHANCE]
            target = budget // 2
            return max(
                opening, key=lambda a: (chance[a.horse], -abs(a.pounds - target)), default=Done()
            )
        best = max(bets, key=edge, default=None)
        return best if best is not None and edge(best) > 0 else Done()

    def _landing_score(self, view: JSON, horse: int, face: int) -> float:
        entry = next(h for h in view["horses"] if h["number"] == horse)
        if "length" not in entry:
            return float(face)
        cell = self.content.course.cell(entry["length"] + face, entry["track"] - 1)
        colour = self.content.horses[horse].colour
        me = view["players"][self.seat]
        if cell == colour or (cell in COLOUR_VALUE and me["cards"][colour]):
            return face + COLOUR_VALUE[colour]
        return float(face)

    def _use_throw(self, view: JSON, legal: list[Action]) -> Action:
        face = int(view.get("last_throw") or 0)
        nominee = view["players"][self.seat]["nominated"]
        options = [a for a in legal if isinstance(a, UseThrow)]
        for action in options:
            if action.horse == nominee and self._landing_score(view, nominee, face) >= 5:
                return action
        others = [a for a in options if a.horse != nominee]
        if others:
            return max(others, key=lambda a: self._landing_score(view, a.horse, face))
        return options[0]

    def _colour(self, view: JSON, legal: list[Action]) -> Action:
        """Keep the advantage for the nominated horse early on; otherwise, or once the
        finish nears, throw white cards in (one still held at the end disqualifies).
        Another horse of the nominee's colour leaves the colour cards to the nominee
        while it may need them (``spare_card``), unless late in the race a white card
        must go."""
        choices = {a.choice for a in legal if isinstance(a, Colour)}
        me = view["players"][self.seat]
        number = int(view["asked"]["horse"])
        horse = next(h for h in view["horses"] if h["number"] == number)
        late = horse.get("length", 0) >= LATE
        spare = me["nominated"] != number or me["cards"]["white"] > 1 or late
        if "white" in choices and spare:
            return Colour("white")
        if "card+white" in choices and spare and (late or self.spare_card(view, number)):
            return Colour("card+white")
        if "advantage" in choices:
            return Colour("advantage")
        if "card" in choices and self.spare_card(view, number):
            return Colour("card")
        return Colour("stand")

    def spare_card(self, view: JSON, number: int) -> bool:
        """Whether a horse may spend a colour card: our nominee always may; another
        horse of its colour only while we hold more than the nominee can still expect
        to play (one on every square of another colour it lands on). The cards serve
        any horse of their colour, and the nominee, which takes our best throws, is the
        one that wins (docs/totopoly.md, "Per runner")."""
        me = view["players"][self.seat]
        nominee = me["nominated"]
        colour = self.content.horses[number].colour
        if nominee in (None, number) or self.content.horses[nominee].colour != colour:
            return True
        entry = next((h for h in view["horses"] if h["number"] == nominee), None)
        if entry is None or entry.get("status") not in ("running", "fallen"):
            return True
        length, track = int(entry.get("length", 0)), int(entry.get("track", 1)) - 1
        course = self.content.course
        ahead = [course.cell(at, track) for at in range(length + 1, course.lengths + 1)]
        others = sum(cell in COLOUR_VALUE and cell != colour for cell in ahead)
        return me["cards"][colour] > LANDINGS * others

    def _track(self, view: JSON, legal: list[Action]) -> Action:
        horse = next(h for h in view["horses"] if h["number"] == view["asked"]["horse"])
        colour = self.content.horses[horse["number"]].colour
        course = self.content.course
        cards = view["players"][self.seat]["cards"]

        def prospects(action: Action) -> float:
            track = getattr(action, "track", 1) - 1
            score = -0.3 * track
            for ahead in range(1, LOOKAHEAD + 1):
                cell = course.cell(horse["length"] + ahead, track)
                if cell == colour or (cell in COLOUR_VALUE and cards[colour]):
                    score += COLOUR_VALUE[colour] / LOOKAHEAD
                elif cell in course.instructions:
                    effect = course.instructions[cell].effect
                    score += {"forward": 0.3, "back": -0.3, "fall": -1.0, "burst": -3.0}[effect]
            return score

        return max(legal, key=prospects)
