"""What each player may see: everything on the table, his own hand, nothing more.

Lease cards in hands, in the dummy and in the auction pool are shown only to whoever
has seen them face up; leases paid for lie face down until the auction ends, and while
they do each player's money is his own business (rulings T31, T41). Colour and white cards are
taken openly on the board's instructions, so everyone sees who holds how many.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from homestretch.core.protocol import JSON
from homestretch.games.totopoly.rules.flow import Ask
from homestretch.games.totopoly.rules.training import square_of
from homestretch.games.totopoly.rules.words import PAGE

if TYPE_CHECKING:
    from homestretch.games.totopoly.content.loader import Content
    from homestretch.games.totopoly.rules.state import TotopolyState

NEWS_LINES = 12


def card_json(state: TotopolyState, card: str) -> JSON:
    for horse in state.c.horses.values():
        if horse.card == card:
            return {
                "card": card,
                "horse": horse.number,
                "name": horse.name,
                "colour": horse.colour,
                "value": horse.value,
            }
    business = next(b for b in state.c.businesses.values() if b.card == card)
    return {"card": card, "business": business.id, "name": business.name, "value": business.value}


def build_view(state: TotopolyState, player: int | None) -> JSON:
    pending = state.pending
    owned: dict[str, int] = {}
    hand_sizes = [0] * state.n
    face_down = [0] * state.n
    for card, where in state.where.items():
        if card in state.face_down:
            face_down[state.holder[card]] += 1
        if where == "owned" and state.visible(card, player):
            owned[card] = state.holder[card]
        elif where == "hand":
            hand_sizes[state.holder[card]] += 1
    kept: list[list[JSON]] = [[] for _ in range(state.n)]
    for card, holder in sorted(state.specials.items()):
        kept[holder].append({"id": card, "special": state.c.reports[card].special})
    # Ruling T41: from the payment for retained cards until the auction ends, money is
    # out of sight (each player sees his own), or counting it would price the leases
    # kept face down and so narrow down the lots to come.
    money_unseen = bool(state.face_down)
    businesses: list[list[str]] = [[] for _ in range(state.n)]
    for business in state.c.businesses.values():
        if business.card in owned:
            businesses[owned[business.card]].append(business.id)
    players = [
        {
            "seat": seat,
            "name": state.names[seat],
            "cash": None if money_unseen and seat != player else state.cash[seat],
            "member": seat in state.members,
            "cards": dict(state.held[seat]),
            "kept": kept[seat],
            "hand_size": hand_sizes[seat],
            "face_down": face_down[seat],
            "leases": sorted(c for c, holder in owned.items() if holder == seat),
            "businesses": businesses[seat],
            "nominated": state.nominated.get(seat),
        }
        for seat in range(state.n)
    ]
    horses = []
    for number, horse in state.c.horses.items():
        status = shown_status(state, horse.card, state.status.get(number, "withdrawn"), player)
        entry: JSON = {
            "number": number,
            "name": horse.name,
            "colour": horse.colour,
            "value": horse.value,
            "status": status,
            "owner": owned.get(horse.card),
        }
        if status == "training" and state.progress.get(number):
            entry["square"] = square_of(state, number)
        if number in state.pos:
            entry["length"], track = state.pos[number]
            entry["track"] = track + 1
        horses.append(entry)
    view: JSON = {
        "phase": state.phase,
        "short": state.short,
        "you": player,
        "dealer": state.dealer,
        "banker": state.banker,
        "auctioneer": state.auctioneer,
        "bank": None if money_unseen else state.bank,
        "players": players,
        "horses": horses,
        "tote": _tote(state),
        "finish": list(state.finish),
        "placings": list(state.placings),
        "news": state.news[-NEWS_LINES:],
        "news_at": state.news_at[-NEWS_LINES:],
        "to_act": state.to_act(),
        "prompt": _prompt(pending, player),
        "asked": dict(pending.about) if isinstance(pending, Ask) and pending.about else None,
        # his amount boxes' bounds, as the rules bound them, for the player asked alone
        "amounts": (
            dict(pending.amounts)
            if isinstance(pending, Ask) and pending.amounts and player == pending.player
            else None
        ),
        "supply": dict(state.supply),
        "last_throw": state.last_throw,
        "crossing": None if state.crossing is None else list(state.crossing),
        "board": board_layout(state),
        "page": PAGE,  # the browser board's own words
    }
    if state.lot is not None and state.where.get(state.lot) == "lot":
        view["lot"] = {**card_json(state, state.lot), "bid": state.high_bid}
        view["lot"]["bidder"] = state.high_bidder
    if player is not None:
        view["hand"] = [card_json(state, c) for c in state.cards_of(player, "hand")]
        view["leases"] = [card_json(state, c) for c in state.cards_of(player, "owned")]
        view["your_report"] = state.reports_read.get(player)
        view["known_lots"] = [
            card_json(state, c)
            for c, w in sorted(state.where.items())
            if w in ("pool", "dummy") and player in state.knows[c]
        ]
    return view


RING_CODES = {
    "stables": "ST",
    "vet": "VT",
    "pay": "£",
    "club_fee": "CF",
    "club_offer": "CO",
    "colour_card": "C+",
    "white_card": "W+",
    "return_box": "BX",
}


_LAYOUTS: dict[int, JSON] = {}
"""Each board's layout by its content's id, dropped with the content (weakref.finalize)."""


def board_layout(state: TotopolyState) -> JSON:
    """The printed board, for a page to draw: the ring's squares and the course's
    lengths, one character a length as in racecourse.toml. Made once a board: every view
    carries it (a computer player's at each decision), and making it anew was some 60% of
    a view's time; every view shares the one made (no reader writes to a view)."""
    key = id(state.c)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _layout(state.c)
        weakref.finalize(state.c, _LAYOUTS.pop, key, None)
    return _LAYOUTS[key]


def _layout(c: Content) -> JSON:
    letters = {"black": "K", "red": "R", "yellow": "Y", "blue": "B", "": "."}
    return {
        "ring_size": c.ring_size,
        "boxes": {str(h): sq for h, sq in c.boxes.items()},
        "ring": [
            {"at": sq.at, "code": RING_CODES[sq.effect], "text": sq.text}
            for sq in sorted(c.ring.values(), key=lambda sq: sq.at)
        ],
        "lengths": c.course.lengths,
        "bend": list(c.course.bend),
        "tracks": ["".join(letters.get(cell, cell) for cell in row) for row in c.course.cells],
        "instructions": {code: i.text for code, i in c.course.instructions.items()},
        "businesses": {b.id: b.name for b in c.businesses.values()},
    }


def shown_status(state: TotopolyState, card: str, status: str, player: int | None) -> str:
    """A horse's status as ``player`` may know it: a lease he cannot see is "unseen"
    (a hand, the dummy, a lot to come, a lease kept face down: all look alike)."""
    if not state.visible(card, player):
        return "unseen"
    where = state.where[card]
    if where == "hand":
        return "in hand"
    if where in ("dummy", "pool", "lot"):
        return "for sale"
    return status


def _prompt(pending: object, player: int | None) -> str | None:
    """What the table is asked: as the player asked reads it, or as the others do (a
    prompt that says "you" has words for them)."""
    if not isinstance(pending, Ask):
        return None
    if player == pending.player or pending.others is None:
        return pending.prompt
    return pending.others


def _tote(state: TotopolyState) -> JSON:
    totals: dict[str, int] = {}
    for _, horse, stake in state.bets:
        totals[str(horse)] = totals.get(str(horse), 0) + stake
    return {"pool": state.tote_pool, "by_horse": totals}
