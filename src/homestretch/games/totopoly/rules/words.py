"""The typed notices in plain words: who paid whom and why, the prizes, the Tote's
payouts, the cards dealt to you and the colour cards taken. The state words each notice
as it is made (its ``words``), so the terminal and the browser board say the same."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.content.loader import Content
from homestretch.games.totopoly.rules import actions as act


def game_title(short: bool) -> str:
    """A table's title: the short game takes the Tote out (rulebook, "Short Game")."""
    if short:
        return "Totopoly, the short game: lease, train and race horses (no Tote)"
    return "Totopoly: lease, train and race horses, with a Tote"


WHY = {
    "leases kept": "for the lease cards kept (nobody else sees this sum until the auction ends)",
    "lot": "for the lot",
    "commission": "commission on the lot",
    "trainer": "trainer's fee",
    "vet": "vet's fee",
    "club": "Owners' Club entrance fee",
    "entrance": "entrance fees",
    "sale": "for",
    "banker's fee": "the banker's 10%",
    "unfilled places": "the share of places nobody filled",
}
"""Why a payment was made, by its ``why`` (squares and reports carry their own text)."""
PLACES = {1: "first", 2: "second", 3: "third"}


CardName = Callable[[str], str]


REPORTS = {"walroy": "Walroy trainer's report", "stevedon": "Stevedon trainer's report"}
"""A pack of reports by its name on the board (the vet's is "vet's report")."""


def report_pack(deck: str) -> str:
    """A pack of reports in words: "Walroy trainer's report", "vet's report"."""
    return REPORTS.get(deck, f"{deck}'s report")


def guineas(amount: int) -> str:
    """A bid in words: "1 guinea", "25 guineas"."""
    return f"{amount} guinea" if amount == 1 else f"{amount} guineas"


STAKE_RANGE = "stake between \u00a3{least} and \u00a3{most}"
OFFER_RANGE = "offer between \u00a3{least} and \u00a3{most}, in whole pounds"
"""What the rules refuse a Tote stake and an offer outside what may be staked or offered
with (tote.py, money.py), and what the page's amount box says before sending (the view's
``amounts``, flow.amount_box): one template for both."""
BID_ABOVE = (
    "{amount} guineas would cost more than your \u00a3{cash}{commission}:"
    " bid at most {most} guineas"
)
"""What the rules refuse a bid its bidder cannot pay with (auction.py), and what the
page's bid box (and a standing order's limit) says of more than ``most`` before sending:
``{amount}`` is the bid; ``commission`` is " with the commission", or nothing for the
auctioneer, who pays himself none."""


NOBODY_MAY_BID = "{lot} is withdrawn at once: no one here may bid for it ({why})"
"""A lot no player was asked to bid for, withdrawn (ruling T6) with nothing said but "no
bid" as though all had passed: each was held back by the discarding rules (T30) or had
nothing to bid with. Said with why, as far as the table may know it (auction.py)."""
HELD_BACK = {
    "horses": (
        "{names} already {hold} three horses{each}, and not more than three horses per"
        " player can be run"
    ),
    "stables": "{names} {hold} {other}, and no player may own both training stables",
    "money": "{names} {have} no money left to bid with, and no borrowing is allowed",
}
"""Why players may not bid for a lot, by reason, the players named: said when the whole
table may see it (a lease bought at the auction lies face up; money is seen once no
lease lies face down, T41)."""
HELD_BACK_UNSEEN = {
    "horse": (
        "each held back by a rule: not more than three horses per player can be run;"
        " no borrowing is allowed"
    ),
    "stable": (
        "each held back by a rule: no player may own both training stables; no borrowing is allowed"
    ),
}
"""The rules that may hold players back from a lot of this kind, said instead when who is
held back by which is out of sight (a lease kept face down, money unseen: T31, T41)."""


def names_said(names: Sequence[str]) -> str:
    """Players named in a line: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def held_back(reason: str, names: Sequence[str], other: str = "") -> str:
    """``HELD_BACK[reason]`` said of ``names`` (``other``: the stable they hold)."""
    one = len(names) == 1
    return HELD_BACK[reason].format(
        names=names_said(names),
        hold="holds" if one else "hold",
        have="has" if one else "have",
        each="" if one else " each",
        other=other,
    )


def lease_name(content: Content, card: str) -> str:
    """A lease card in words: "No. 4 Red Rum", "Walroy Stables"."""
    for horse in content.horses.values():
        if horse.card == card:
            return f"No. {horse.number} {horse.name}"
    return next((b.name for b in content.businesses.values() if b.card == card), card)


def _party(who: int | str, names: Sequence[str]) -> str:
    return "the bank" if who == "bank" else names[int(who)]


def reason(text: str) -> str:
    """A square's or report's text without its instruction to pay, which the payment
    says: "Stewards' fine for a loose horse: pay £10 to the bank" is "Stewards' fine for
    a loose horse". A text of another shape (a designer's own) is said whole."""
    head, sep, tail = text.rpartition(": ")
    return head if sep and head and tail.lower().startswith("pay ") else text


def _payment(n: JSON, names: Sequence[str], card: CardName) -> str:
    payer, payee = _party(n["payer"], names), _party(n["payee"], names)
    square = n["why"] in ("square", "report")
    why = reason(str(n["text"])) if square else str(WHY.get(n["why"], n["why"]))
    if n["why"] == "sale":
        why = f"for {n['text']}"
    elif n["why"] in ("lot", "commission"):
        why += f" ({card(n['card'])})"
    elif n["why"] == "entrance":
        why += " for " + ", ".join(f"No. {h}" for h in n["horses"])
    waived = f" (all {payer} had: £{n['waived']} waived)" if n.get("waived") else ""
    return f"{payer} pays £{n['amount']} to {payee}: {why}{waived}"


WORDING: dict[str, Callable[[JSON, Sequence[str], CardName], str]] = {
    "payment": _payment,
    "prize": lambda n, names, card: (
        f"{names[n['seat']]} wins £{n['amount']} prize money: No. {n['horse']} "
        f"{PLACES.get(n['place'], str(n['place']))}"
    ),
    "tote_payout": lambda n, names, card: (
        f"the Tote pays {names[n['seat']]} £{n['amount']} on a £{n['stake']} ticket on "
        f"No. {n['horse']}"
    ),
    "tote_kept": lambda n, names, card: (
        f"the Tote clerk ({names[n['seat']]}) keeps £{n['kept']} of the £{n['pool']} pool"
    ),
    "cards_dealt": lambda n, names, card: (
        "you were dealt " + (", ".join(card(c) for c in n["cards"]) or "no card")
    ),
    "card_drawn": lambda n, names, card: f"you drew {card(n['card'])} from the dummy",
    "card_taken": lambda n, names, card: (
        f"{names[n['seat']]} takes a {n['pile']} card (No. {n['horse']} in training)"
    ),
}


def word(notice: JSON, names: Sequence[str], card: CardName) -> str:
    """One line for a notice; ``card`` names a lease card from its id."""
    wording = WORDING.get(notice["type"])
    return wording(notice, names, card) if wording else str(notice["type"])


COLOUR_CHOICES = {
    "advantage": "used the advantage of its colour card",
    "white": "threw in a white card and stood still",
    "card": "played a colour card",
    "card+white": "played a colour card with a white one and stood still",
    "stand": "stood still",
}
"""A choice on a coloured square, said for the log (``Colour.choice``)."""
HIDDEN = "hidden"
"""What the table's log shows in place of a card kept from its reader (session.log)."""
KEPT = {"remount": 'the "remount immediately" card', "reins": 'the "unbreakable reins" card'}


class CardWords(NamedTuple):
    """How one place names a card: a template for each kind, filled in from the card."""

    horse: str
    """A horse's lease card: {number}, {name}, {colour}."""
    colour: str
    """A colour card: {colour}."""
    report: str
    """A report card kept (the "remount" and "reins" cards have names of their own,
    ``KEPT``): {text}, its words."""
    lease: str
    """A business's lease card, or a horse's the content does not know: {name}."""


LOG_CARD = CardWords("No. {number} {name}", "a {colour} card", "a kept card", "{name}")
"""A card as the log names it after a move ("threw No. 4 Red Rum into the auction")."""
MENU_CARD = CardWords(
    "No. {number} {name} ({colour})",
    "a {colour} advantage card",
    "the card '{text}'",
    "the lease of {name}",
)
"""A card as the terminal's menu offers it ("reject the lease of No. 1 Ebony Lantern")."""


def card_said(text: str, content: Content, words: CardWords) -> str:
    """A card named by its id (``horse:4``, ``colour:red``, a report's or a lease's id)
    in ``words``; a card kept from the reader (``HIDDEN``) is "a card"."""
    if text == HIDDEN:
        return "a card"
    if text.startswith("horse:") and text[6:].isdigit() and int(text[6:]) in content.horses:
        horse = content.horses[int(text[6:])]
        return words.horse.format(number=horse.number, name=horse.name, colour=horse.colour)
    if text.startswith("colour:"):
        return words.colour.format(colour=text[7:])
    if text in content.reports:
        report = content.reports[text]
        return KEPT.get(report.special) or words.report.format(text=report.text)
    return words.lease.format(name=lease_name(content, text))


def move_said(action: Action, content: Content) -> str:
    """A move as the log says it after the mover's name ("bid 25 guineas", "offered No. 4
    Red Rum for sale"), as the other games' logs and "moved on" refusals say theirs. A card
    kept from the reader ("hidden") is "a card"."""

    def card(text: str) -> str:
        return card_said(text, content, LOG_CARD)

    match action:
        case act.Reject(card=lease):
            return f"put {card(lease)} under the dummy"
        case act.Discard(card=lease):
            return f"threw {card(lease)} into the auction"
        case act.OfferLot(card=lease):
            return f"offered {card(lease)} for auction"
        case act.Bid(guineas=amount):
            return f"bid {guineas(amount)}"
        case act.Pass():
            return "passed"
        case act.Done():
            return "said done"
        case act.Throw():
            return "threw the dice"
        case act.DrawReport(deck=deck, horse=horse):
            return f"read a {report_pack(deck)} for No. {horse}"
        case act.Join(yes=yes):
            return "joined the Owners' Club" if yes else "did not join the Owners' Club"
        case act.Sell(item=item):
            return f"offered {card(item)} for sale"
        case act.Offer(pounds=pounds):
            return f"offered \u00a3{pounds}" if pounds else "made no offer"
        case act.Accept(yes=yes):
            return "accepted the offer" if yes else "refused the offer"
        case act.Scratch(horse=horse):
            return f"scratched No. {horse}"
        case act.Nominate(horse=horse):
            return f"nominated No. {horse} to win" if horse else "nominated nobody"
        case act.Bet(horse=horse, pounds=pounds):
            return f"backed No. {horse} for \u00a3{pounds} on the Tote"
        case act.UseThrow(horse=horse):
            return f"gave the throw to No. {horse}"
        case act.Colour(choice=choice):
            return COLOUR_CHOICES.get(choice, f"chose {choice}")
        case act.PlaySpecial(card=kept, yes=yes):
            return f"played {card(kept)}" if yes else f"kept {card(kept)} for later"
        case act.ChangeTrack(track=track):
            return f"took track {track}"
    return str(action)


MOVE_ON = {"black": 4, "red": 3, "yellow": 2, "blue": 1}
"""Lengths a colour's squares and cards move a horse of that colour on (the rulebook's
"The coloured squares - ruling"), as the browser board's ``MOVE_ON``."""


def colour_said(choice: str, asked: JSON | None) -> str:
    """A choice on a coloured square as the menu offers it, with the card's colour and
    how far it moves the horse on ("play a red card and move on 3 lengths"), as the
    browser's buttons say it; ``asked`` is the view's (the horse's colour)."""
    colour = str((asked or {}).get("colour", ""))
    lengths = MOVE_ON.get(colour)
    on = "move on" if lengths is None else f"move on {lengths} length{'s' * (lengths != 1)}"
    card = f"a {colour} card" if lengths is not None else "a colour card"
    return {
        "advantage": f"take the advantage of your colour: {on}",
        "white": "throw in a white card instead and stand still",
        "card": f"play {card} and {on}",
        "card+white": f"play {card} with a white card and stand still",
        "stand": "stand still",
    }.get(choice, f"colour {choice}")


def menu_said(action: Action, content: Content, asked: JSON | None = None) -> str:
    """A move as the terminal's menu offers it, in what a player reads: a card by its name
    ("reject the lease of No. 1 Ebony Lantern", "offer the 'remount immediately' card for
    sale"), never its id ("reject lease:horse-01"); a horse by its number, name and
    colour ("give the throw to No. 4 Rosehip Rally (red)", not "use 4"); a choice on a
    coloured square with how far it moves the horse on (``asked``: the view's); a bid
    or offer as it may be typed ("bid 45"). The number beside it, or the typed form
    ("use 4", "bet 4 30"), is still read."""

    def card(text: str) -> str:
        return card_said(text, content, MENU_CARD)

    def horse(number: int) -> str:
        return card(f"horse:{number}")

    match action:
        case act.Throw():
            return "throw the dice"
        case act.DrawReport(deck=deck, horse=number):
            return f"read a {report_pack(deck)} for {horse(number)}, then throw"
        case act.Nominate(horse=number):
            if not number:
                return "nominate nobody (your horses then move in a fixed order)"
            return f"nominate {horse(number)} to win"
        case act.UseThrow(horse=number):
            return f"give the throw to {horse(number)}"
        case act.Colour(choice=choice):
            return colour_said(choice, asked)
        case act.Scratch(horse=number):
            return f"scratch {horse(number)} from the race"
        case act.Bet(horse=number, pounds=pounds):
            return f"back {horse(number)} for \u00a3{pounds} on the Tote"
        case act.ChangeTrack(track=track):
            return f"take track {track}"
        case act.Reject(card=lease):
            return f"reject {card(lease)}"
        case act.Discard(card=lease):
            return f"throw {card(lease)} into the auction"
        case act.OfferLot(card=lease):
            return f"put {card(lease)} up for auction"
        case act.Sell(item=item):
            return f"offer {card(item)} for sale"
        case act.PlaySpecial(card=kept, yes=yes):
            return f"play {card(kept)} now" if yes else f"keep {card(kept)} for later"
        case act.Join(yes=yes):
            return "join the Owners' Club" if yes else "do not join the Owners' Club"
        case act.Accept(yes=yes):
            return "accept the offer" if yes else "refuse the offer"
    return str(action)


# --- the browser board's own words (totopoly.js) --------------------------------------
# Served in every view as ``page``: each template's {fields} are filled in by the board
# from the view (a horse's number and name, a seat's name, an amount).
PAGE_TEMPLATES = {
    "no": "No. {n}",
    "horse_card": " {name} ({colour}, \u00a3{value})",
    "business_card": "{name} (\u00a3{value})",
    "course_legend": (
        "In each row track 1, the rails, is the bottom lane and track {lanes} the top. "
        "Coloured lengths move a horse of that colour on (black 4, red 3, yellow 2, blue 1); "
        "shaded: the bend; {instructions}"
    ),
    "instruction": "{code}: {text}",
    "box": "box {boxes}",
    "ring_middle": "clockwise \u21bb from square 0",
    "tap_square": "Tap a square to read it in full.",
    "leaves_box": " ({horses} leaves its box here)",
    "square": "Square {at} ({code}): {text}{outside}",
    "plain_square": "Square {at}: a plain square{outside}",
    "ring_legend": (
        "ST stables, VT vet, \u00a3 pay, CF club fee, CO may join the club, C+ colour card, "
        "W+ white card, BX back to the box"
    ),
    "horse": "No. {n} {name}",
    "horse_owned": "No. {n} {name} ({owner})",
    "horse_coloured": "No. {n} {name} ({colour})",
    "winner": "{winner} wins the game: {horse} won the race.",
    "nobody_won": "Nobody won the race.",
    "placed": "Placed: {placings}",
    "placing": "{place} {horse}",
    "disqualified": "Disqualified (a white card still held): {horses}",
    "now": "Now: {phase}",
    "now_short": "Now: {phase} (short game)",
    "your_turn": "Your turn: {prompt}",
    "waiting": "Waiting for {name} to {prompt}",
    "your_report": "Your last report: {report}",
    "last_throw": "Last throw: {throw}",
    "no_leases": "You hold no lease cards.",
    "you_hold": "You hold \u00a3{n}.",
    "with_roles": "{name} ({roles})",
    "you": "you",
    "unseen": "unseen",
    "pounds": "\u00a3{n}",
    "colour_cards": "{n} {colour}",
    "lease": "{n} lease",
    "leases": "{n} leases",
    "no_lot": "No lot on the block.",
    "lot_horse": " {name} ({colour})",
    "face_value": "face value \u00a3{value}",
    "no_bid": "no bid yet",
    "bid_by": "{guineas}, {name}",
    "bidding": "Bidding: {bid}",
    # the rules' refusal of a bid at or below the last (auction.py), said by the bid's box
    # too before the bid is sent
    "bid_more_than": "bid more than {guineas}",
    # a standing order on the lot up (T5 asks each bidder again after every bid): the
    # page answers for its player, on this lot only, until he cancels it
    "standing_pass": "Skip this lot: ask me no more",
    "standing_upto": "Bid for me up to",
    "standing_label": "the most the page bids for you on this lot, in guineas",
    "standing_passing": (
        "Your standing order: this page passes for you on {lot} each time you are asked"
        " ({n} so far)."
    ),
    "standing_bidding": (
        "Your standing order: this page bids for you on {lot}, a guinea over the last bid,"
        " up to {limit}, and passes above it ({n} so far)."
    ),
    "standing_cancel": "Cancel the standing order",
    "standing_note": "It answers only while this page is open; cancelled, you are asked again.",
    "lately_move": "{name} {move}",
    "lately_bids": "The bids: {bids}",
    "guinea_note": (
        "A guinea is \u00a31 1s: the buyer pays \u00a31 a guinea to the bank and 1s a guinea "
        "(to the nearest \u00a31) to the auctioneer."
    ),
    "guinea": "{n} guinea",
    "guineas": "{n} guineas",
    "on_course": "No. {n} {name} ({colour}), length {length}, track {track}, {status}",
    "past_post": "Past the post: {horses}",
    "pool": "Pool: \u00a3{pool}",
    # once the race is run the pool is paid out: "Pool: £0" beside £50 laid read as money
    # gone missing
    "pool_settled": "Laid in all: \u00a3{laid}, settled after the race (see Money and cards)",
    "nothing_laid": "-",
    "move_on_one": "move on {n} length",
    "move_on_many": "move on {n} lengths",
    "move_on": "move on",
    "a_colour_card": "a {colour} card",
    "any_colour_card": "a colour card",
    "white_instead": "Throw in a white card instead, stand still",
    "play_card": "Play {card} and {on}",
    "play_card_white": "Play {card} with a white one, stand still",
    "stand": "Stand still",
    "reject": "Put {card} under the dummy",
    "discard": "Throw {card} into the auction",
    "lot": "Offer {card}",
    "sell": "Sell {card}",
    "done": "Done",
    # at the Tote "Done" came first, over the ticket's box: pressed to mean "done choosing"
    # it ended the player's betting; it goes under the box, saying what it ends
    "done_betting": "No more bets",
    "done_own_bets": "Done with my own horses",  # the owners' window: any horse comes next
    "pass": "Pass",
    "bid": "Bid {guineas}",
    "bet": "Back No. {horse} for \u00a3{pounds}",
    "use": "{horse} takes the throw",
    # where the horse stands, on its button: on a phone the moves are above the course
    # and the lengths a throw is weighed against were rows below, out of sight
    "use_at": "{horse} takes the throw (now at length {length}, track {track})",
    "use_gate": "{horse} takes the throw (now at the gate, track {track})",
    "nominate": "Nominate {horse}",
    "nominate_nobody": "Nominate nobody",
    "stay": "Stay on track {track}",
    "cross": "Cross to track {track}",
    "report": "Read {deck} report for No. {horse}",
    "some_report": "the {deck}",
    "throw": "Throw the dice",
    "offer": "Offer \u00a3{pounds}",
    "no_offer": "No offer",
    "join": "Join the Owners' Club",
    "not_join": "Do not join",
    "accept": "Accept the offer",
    "refuse": "Refuse the offer",
    "scratch": "Scratch {horse}",
    "play_kept": "Play the kept card",
    "keep_kept": "Keep the card",
    "amount_label": "{kind}: {unit}",
    "horse_to_back": "horse to back",
    "kept_card": 'the "{name}" card',
    "advantage_card": "a {colour} advantage card",
}
"""The board's sentences and labels, each a template of {fields}."""

PAGE_LISTS = {
    "places": ["1st", "2nd", "3rd"],
    "player_columns": [
        "",
        "player",
        "cash",
        "colour cards",
        "white",
        "kept cards",
        "businesses",
        "face down",
        "nominated",
    ],
    "tote_columns": ["horse", "owner", "laid", "\u00a31 pays"],
}
"""The board's rows of headings, in order."""

PAGE_NAMES = {
    "sections": {
        "moves": "Your move",
        "lately": "Lately at the table",
        "hand": "Your cards",
        "players": "The players",
        "lot": "The auction block",
        "news": "Money and cards",
        "ring": "The training ring",
        "course": "The racecourse",
        "tote": "The Tote pad",
    },
    "phases": {
        "deal": "the deal",
        "exchange": "the compulsory exchange with the dummy",
        "discard": "discarding",
        "auction": "the auction sale",
        "training": "the training ring",
        "racecourse": "to the racecourse",
        "entry": "entrance fees",
        "sales": "selling kept cards",
        "nomination": "nomination",
        "tote": "the Tote",
        "race": "the race",
        "over": "the race is over",
    },
    "hand_titles": {
        "hand": "In your hand",
        "leases": "Your leases",
        "known_lots": "Lots you know of",
    },
    "roles": {"banker": "banker", "auctioneer": "auctioneer", "member": "member"},
    "specials": {"remount": "remount immediately", "reins": "unbreakable reins"},
    "decks": {"walroy": "a Walroy trainer's", "stevedon": "a Stevedon trainer's", "vet": "a vet's"},
    "units": {"bid": "guineas", "bet": "pounds", "offer": "pounds"},
    "amount_buttons": {"bid": "Bid", "bet": "Buy the ticket", "offer": "Offer"},
}
"""What the board calls the view's keys (its sections, phases, roles, decks)."""

PAGE: JSON = {**PAGE_TEMPLATES, **PAGE_LISTS, **PAGE_NAMES}
"""Everything ``totopoly.js`` says, served with the view (``view["page"]``)."""
