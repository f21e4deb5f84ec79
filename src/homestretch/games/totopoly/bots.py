"""A sensible computer player: it sees only its own view and picks a legal action.

It values horses by colour (black best), bids up to that value while keeping money for
entrance fees, joins the Owners' Club when it can spare the fee, reads trainers'
reports as a member, gives good throws to its nominated horse, plays colour cards
whenever they move a horse on, throws white cards in at the first chance (a white card
held at the end disqualifies), and steers towards coloured squares it can use.
"""

from __future__ import annotations

import math
import random

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.actions import (
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
from homestretch.games.totopoly.content import COLOUR_VALUE, COLOURS
from homestretch.games.totopoly.racecourse import LONG_FEE, SHORT_FEE
from homestretch.games.totopoly.state import TotopolyGame

WORTH = {"black": 1.5, "red": 1.2, "yellow": 0.9, "blue": 0.6}
"""What a horse is worth to us, as a multiple of its face value, by colour."""
MARGIN = 60
"""Cash kept back for training fees, beyond the horses' entrance money."""
GAIN_SCALE = 4.0
"""Lengths gained that multiply a horse's chance by e (our rough Tote model)."""
OTHERS = 0.08
"""An owner's other horses, beside his nominee: about one race in twelve among them."""
OPENING_CHANCE = 0.25
"""The chance a horse needs for its owner to open the Tote's book on it."""
LOOKAHEAD = 6
LATE = 40
"""From this length on, white cards go in at every chance."""


class SensibleBot:
    def __init__(self, game: TotopolyGame, seat: int, seed: int) -> None:
        self.content = game.content
        self.fee = SHORT_FEE if game.short else LONG_FEE
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat)
        course = game.content.course
        cells = [cell for track in course.cells for cell in track]
        self.throws = course.lengths / 3.5
        """About how many throws a horse takes to run the course."""
        self.density = {c: cells.count(c) / len(cells) for c in COLOURS}
        """The share of the course's lengths of each colour."""

    # --- valuing things ---------------------------------------------------------------
    def worth(self, card: JSON) -> float:
        if "horse" in card:
            return float(card["value"]) * WORTH[card["colour"]]
        return float(card["value"]) * 0.9

    def horse_rank(self, view: JSON, number: int) -> float:
        """Lengths a horse may expect to gain in the race: its own colour's squares on
        the course, and a move on for each colour card of its colour the owner holds,
        as far as it will land on other colours to play them."""
        return self.lengths_gained(number, view["players"][self.seat]["cards"])

    def lengths_gained(self, number: int, cards: dict[str, int]) -> float:
        colour = self.content.horses[number].colour
        value = COLOUR_VALUE[colour]
        own = self.throws * self.density[colour]
        others = self.throws * sum(d for c, d in self.density.items() if c != colour)
        return value * (own + min(cards[colour], others)) - cards["white"] * 0.5

    def deck_odds(self, deck: str) -> tuple[float, float]:
        """The share of a pack's cards that give a colour card, and a white one."""
        cards = [self.content.reports[i] for i in self.content.decks[deck]]
        colour = sum(r.effect == "colour_card" for r in cards) / len(cards)
        white = sum(r.effect == "white_card" for r in cards) / len(cards)
        return colour, white

    def report_gain(self, view: JSON, action: DrawReport) -> float:
        """Lengths a report may be worth: a colour card of the horse's colour, less the
        risk of a white one (worth about a blue card's loss, and a risk to the placings)."""
        colour, white = self.deck_odds(action.deck)
        value = COLOUR_VALUE[self.content.horses[action.horse].colour]
        return colour * value - white * 1.5

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
        return self.worth(card)

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
        limit = min(self.worth(lot), cash - self.reserve(view, "horse" in lot))
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
        if pool == 0 and view["prompt"].startswith("back your own"):
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
        finish nears, throw white cards in (one still held at the end disqualifies)."""
        choices = {a.choice for a in legal if isinstance(a, Colour)}
        me = view["players"][self.seat]
        number = int(view["prompt"].split()[1])
        horse = next(h for h in view["horses"] if h["number"] == number)
        late = horse.get("length", 0) >= LATE
        spare = me["nominated"] != number or me["cards"]["white"] > 1 or late
        if "white" in choices and spare:
            return Colour("white")
        if "card+white" in choices and spare:
            return Colour("card+white")
        for preferred in ("advantage", "card"):
            if preferred in choices:
                return Colour(preferred)
        return Colour("stand")

    def _track(self, view: JSON, legal: list[Action]) -> Action:
        horse = next(
            h
            for h in view["horses"]
            if h["owner"] == self.seat
            and "length" in h
            and view["prompt"].startswith(f"No. {h['number']} ")
        )
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
