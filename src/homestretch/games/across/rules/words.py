"""The typed notices in plain words: who is paid what and why, each window's payoff,
each deal. The state words each notice as it is made (its ``words``), so the terminal and
the browser board say the same thing: the table's record, every player by name. A player
a notice concerns also reads it said to them (``word(..., you=seat)``: "Bob lends you 5
fifties", "You pay Bob back 5 fifties"), in the board's "For you" box."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.across.rules import actions as act
from homestretch.games.across.rules.phases import RACES
from homestretch.games.across.rules.totalizator import WINDOW_TITLES

BIN_NAMES = {
    "race3": "the 3rd-race purse",
    "race5": "the 5th-race purse",
    "win8": "the 8th-race WIN bin",
    "place8": "the 8th-race PLACE bin",
    "show8": "the 8th-race SHOW bin",
}
WHY = {
    "winners circle": "the Winners Circle, window 1",
    "win": "WIN, windows 2-5",
    "place": "PLACE, window 6",
    "show": "SHOW, window 7",
    "refund": "a refund: nobody backed any of the first three home, so the betting is void",
    "daily double": "the Daily Double",
    "odd fifties": "the odd fifties after the 8th race, to the WIN horse's owner",
    "win8 bin": "the 8th-race WIN bin",
    "place8 bin": "the 8th-race PLACE bin",
    "show8 bin": "the 8th-race SHOW bin",
}
"""Why a payment was made, by its ``why``."""


def fifties(n: int) -> str:
    """'1 fifty', '3 fifties'."""
    return f"{n} fifty" if n == 1 else f"{n} fifties"


_fifties = fifties


def _rolls(n: int) -> str:
    return f"{n} roll" if n == 1 else f"{n} rolls"


def _tickets(n: int, kind: str = "") -> str:
    """'1 ticket', '3 winning tickets'."""
    return f"{n} {kind}ticket" if n == 1 else f"{n} {kind}tickets"


def _windows(numbers: Sequence[int]) -> str:
    if len(numbers) > 2 and list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"windows {numbers[0]}-{numbers[-1]}"
    label = "window" if len(numbers) == 1 else "windows"
    return f"{label} {', '.join(str(n) for n in numbers)}"


def dealt_windows(windows: Sequence[int]) -> str:
    """Window by window: "1 Winners Circle 4 | 2 WIN 4 | ..."."""
    return " | ".join(
        f"{i + 1} {title} {n}"
        for i, (title, n) in enumerate(zip(WINDOW_TITLES, windows, strict=True))
    )


@dataclass(frozen=True)
class Seats:
    """The seats' names as one reader reads them: the seat ``you`` (None: nobody, the
    table's record) is "you", and a sentence about it says "you pay", not "Ann pays"."""

    names: Sequence[str]
    you: int | None = None

    def __getitem__(self, seat: int) -> str:
        return "you" if seat == self.you else self.names[seat]

    def does(self, seat: int, verb: str, start: bool = False) -> str:
        """The seat doing ``verb`` (its plain form: "lend"): "Bob lends", "you lend"
        ("You lend" at the start of a sentence)."""
        if seat != self.you:
            return f"{self.names[seat]} {verb}s"
        return f"{'You' if start else 'you'} {verb}"

    def whose(self, seat: int) -> str:
        return "your" if seat == self.you else f"{self.names[seat]}'s"


SAID_TO_YOU = frozenset({"payment", "dealing", "payback", "ring", "ring_shared", "debt_settled"})
"""The notices a player is also sent in his own words (``words_you``): the ones the
board's "For you" box shows him (what he collected from the race just run, and what
became of his dealings this race); the rest he reads as the table does, so they are
not sent twice. An offer that lapsed unanswered is not among them: once it lapses it
asks nothing of him (the table's news says it lapsed)."""


def word(notice: JSON, names: Sequence[str], you: int | None = None) -> str | None:
    """One line for a notice (None for a type without words); ``you``: the seat it is
    said to (None: the table's record, everyone by name)."""
    wording = WORDING.get(notice["type"])
    return wording(notice, Seats(names, you)) if wording else None


def concerned(notice: JSON) -> set[int]:
    """The seats a notice is about (who pays, is paid, offers, is asked, lends, owes)."""
    keys = ("seat", "frm", "from", "asked", "lender", "borrower", "former_owner")
    seats = {notice[k] for k in keys if k in notice}
    for many in ("members", "buyers", "seats"):
        seats |= set(notice.get(many, ()))
    return {s for s in seats if isinstance(s, int)}


def _when(n: JSON) -> str:
    return f"Race {n['race']}" if n["race"] else f"Meet {n['meet']} auction"


def _payment(n: JSON, names: Seats) -> str:
    why = WHY.get(n["why"], n["why"])
    horse = f" (#{n['horse']})" if "horse" in n else ""
    return f"{_when(n)}: {names.does(n['seat'], 'collect')} {_fifties(n['amount'])}, {why}{horse}"


def _windows_dealt(n: JSON, names: Seats) -> str:
    parts = [f"{_fifties(n['tickets'])} in tickets"]
    if n["carried"]:
        parts.append(f"{n['carried']} carried forward")
    if n["purse"]:
        parts.append(
            f"{n['purse']} from the {n['race']}{'rd' if n['race'] == 3 else 'th'}-race purse"
        )
    return (
        f"Race {n['race']}: the windows are closed. The Totemaster deals {_fifties(n['handle'])}"
        f" ({', '.join(parts)}) from window 1: {dealt_windows(n['windows'])}"
    )


def _redeal(n: JSON, names: Seats) -> str:
    who = ", ".join(f"no investors on the {g.upper()} horse #{h}" for g, h in n["unbacked"].items())
    rules = " and ".join(n["rules"])
    return (
        f"Race {n['race']}: {who} (rule {rules}): {_windows(n['emptied'])} "
        f"({_fifties(n['amount'])}) dealt into {_windows(n['into'])}: "
        f"{dealt_windows(n['windows'])}"
    )


def _window_payoff(n: JSON, names: Seats) -> str:
    odd = f", {_fifties(n['odd'])} carried forward" if n["odd"] else ""
    who = " and ".join(names[s] for s in n["seats"])
    if n["group"] == "winners circle":
        return (
            f"Race {n['race']}: Winners Circle: {n['pool']} to the owner of #{n['horse']} "
            f"({who}){odd}"
        )
    tickets = "ticket" if n["shares"] == 1 else "tickets"
    return (
        f"Race {n['race']}: {n['group'].upper()} ({_windows(n['windows'])}, #{n['horse']}): "
        f"{n['pool']} over {n['shares']} {tickets}, {n['each']} each to {who}{odd}"
    )


def _refund(n: JSON, names: Seats) -> str:
    """The rulebook's "the race is then disqualified" voids the betting only (R10): the
    finish stands, for the Daily Double and the 8th-race bins ("disqualified" beside
    "Cat collects ... the 8th-race SHOW bin" read as a contradiction)."""
    last = n["race"] == RACES  # the race whose bins go to the owners of the first three
    rest = "to the WIN horse's owner" if last else "carried forward"
    bins = ", and the 8th-race bins go to the owners of the first three" if last else ""
    return (
        f"Race {n['race']}: nobody backed any of the first three home (WIN, PLACE or SHOW), "
        f"so the race is disqualified for the betting: {_tickets(n['tickets'])} refunded, "
        f"{_fifties(n['carried'])} {rest}; the finish stands{bins}"
    )


def _carried(n: JSON, names: Seats) -> str:
    return f"Race {n['race']}: {_fifties(n['amount'])} odd, carried forward to the next race"


def _daily_double(n: JSON, names: Seats) -> str:
    first, second = n["pair"]
    if not n["tickets"]:
        goes = "goes" if n["pool"] == 1 else "go"  # "1 go into race 3" read wrong
        return (
            f"Daily Double {first}-{second}: no winning ticket; {_fifties(n['pool'])} {goes}"
            " into race 3"
        )
    odd = f", {n['to_race_3']} odd into race 3" if n["to_race_3"] else ""
    return (
        f"Daily Double {first}-{second}: {n['pool']} over {_tickets(n['tickets'], 'winning ')}, "
        f"{n['each']} each{odd}"
    )


def _race_result(n: JSON, names: Seats) -> str:
    win, place, show = n["finish"]
    return f"Race {n['race']}: WIN #{win}, PLACE #{place}, SHOW #{show} ({_rolls(n['rolls'])})"


def _sale(n: JSON, names: Seats) -> str:
    buyers = " and ".join(names[s] for s in n["buyers"])
    head = f"{_when(n)}: #{n['horse']} sold to {buyers} for {_fifties(n['price'])}"
    if "former_owner" in n:
        return (
            f"{head} (a forced sale for an unpaid loan): {n['to_bin']} to the 8th-race WIN bin "
            f"(owed {n['owed']}, loan and interest), {n['to_owner']} to "
            f"{names[n['former_owner']]}, the former owner"
        )
    dealt = ", ".join(f"{k} to {BIN_NAMES[b]}" for b, k in n["bins"].items())
    return f"{head}, dealt into the bins: {dealt}"


def _loan(n: JSON, names: Seats) -> str:
    return (
        f"{_when(n)}: {names.does(n['seat'], 'borrow')} {_fifties(n['amount'])} from the 8th-race WIN "
        f"bin with #{n['horse']} in hock; {n['due']} (loan and 1 interest) due before race 7"
    )


def _loan_repaid(n: JSON, names: Seats) -> str:
    return (
        f"{_when(n)}: {names.does(n['seat'], 'repay')} {_fifties(n['amount'])} to the 8th-race "
        f"WIN bin ({n['principal']} loan + {n['interest']} interest) and "
        f"{'redeem' if n['seat'] == names.you else 'redeems'} #{n['horse']}"
    )


def _offered(n: JSON, names: Seats) -> str:
    to = names[n["asked"]]
    if n["kind"] == "ring":
        total = 3 * n["tickets"]
        deal = (
            f"{names.does(n['from'], 'ask', start=True)} {to} into a ring: "
            f"{_tickets(n['tickets'])} on #{n['horse']}, {to} putting in {n['amount']} of the "
            f"{total} fifties"
        )
        return deal
    offers = names.does(n["from"], "offer", start=True)
    if n["kind"] == "loan":
        terms = f", to be repaid {n['repay']}" if n["repay"] != n["amount"] else ""
        return f"{offers} to lend {to} {_fifties(n['amount'])}{terms}"
    if n["kind"] == "buy":
        return f"{offers} {to} {_fifties(n['amount'])} for #{n['horse']}"
    return f"{offers} #{n['horse']} to {to} for {_fifties(n['amount'])}"


def _offer(n: JSON, names: Seats) -> str:
    return f"{_offered(n, names)}: {names[n['asked']]} to answer yes or no; play goes on"


def _offer_lapsed(n: JSON, names: Seats) -> str:
    return f"{_offered(n, names)}: unanswered, it lapses ({n['why']})"


def _dealing(n: JSON, names: Seats) -> str:
    """An offer answered, naming who answered: what was agreed if it was taken ("Cleo
    sells #5 to Ann for 4 fifties: Ann accepted"), else what was offered ("Cleo offers
    #5 to Ann for 4 fifties: Ann declined")."""
    frm, to = n["frm"], names[n["asked"]]
    if not n["accepted"]:
        verdict = (
            f"{to} accepted, but the deal is off: {n['void']}" if "void" in n else f"{to} declined"
        )
        offered = {**n, "from": frm, "tickets": 0}
        if n["kind"] == "ring":
            return f"{names.does(frm, 'ask', True)} {to} into a ring on #{n['horse']}: {verdict}"
        return f"{_offered(offered, names)}: {verdict}"
    verdict = f"{to} accepted"
    if n["kind"] == "loan":
        terms = f", to be repaid {n['repay']}" if n["repay"] != n["amount"] else ""
        return f"{names.does(frm, 'lend', True)} {to} {_fifties(n['amount'])}{terms}: {verdict}"
    if n["kind"] == "buy":
        buys = names.does(frm, "buy", True)
        return f"{buys} #{n['horse']} from {to} for {_fifties(n['amount'])}: {verdict}"
    if n["kind"] == "ring":
        return f"{names.does(frm, 'ask', True)} {to} into a ring on #{n['horse']}: {verdict}"
    sells = names.does(frm, "sell", True)
    return f"{sells} #{n['horse']} to {to} for {_fifties(n['amount'])}: {verdict}"


def _ring(n: JSON, names: Seats) -> str:
    (a, b), (x, y) = n["members"], n["stakes"]
    return (
        f"{_when(n)}: a ring of {names[a]} ({x}) and {names[b]} ({y}) buys "
        f"{_tickets(n['tickets'])} on #{n['horse']}, written under {names.whose(a)} initials"
    )


def _ring_shared(n: JSON, names: Seats) -> str:
    (a, b), (x, y) = n["members"], n["shares"]
    return (
        f"{_when(n)}: the ring's {_tickets(n['tickets'])} on #{n['horse']} collected "
        f"{_fifties(n['collected'])}: {x} to {names[a]}, {y} to {names[b]}"
    )


def _payback(n: JSON, names: Seats) -> str:
    return (
        f"{names.does(n['seat'], 'pay', True)} {names[n['lender']]} back "
        f"{_fifties(n['amount'])} ({n['owed']} still owed)"
    )


def _debt_settled(n: JSON, names: Seats) -> str:
    lost = n["owed"] - n["paid"]
    tail = f"; {names.does(n['lender'], 'lose')} the other {lost}" if lost else ""
    return (
        f"Before the totals: {names.does(n['borrower'], 'pay')} {names[n['lender']]} "
        f"{_fifties(n['paid'])} of the {n['owed']} owed{tail}"
    )


WORDING: dict[str, Callable[[JSON, Seats], str]] = {
    "race_result": _race_result,
    "payment": _payment,
    "windows_dealt": _windows_dealt,
    "redeal": _redeal,
    "window_payoff": _window_payoff,
    "refund": _refund,
    "carried": _carried,
    "daily_double": _daily_double,
    "sale": _sale,
    "loan": _loan,
    "loan_repaid": _loan_repaid,
    "offer": _offer,
    "offer_lapsed": _offer_lapsed,
    "dealing": _dealing,
    "ring": _ring,
    "ring_shared": _ring_shared,
    "payback": _payback,
    "debt_settled": _debt_settled,
}


def offer_said(offer: JSON, names: Sequence[str]) -> str:
    """Whose offer an answer answered, and of what: "Ann's 5 fifties for #2", "Ann's
    offer of #2 for 5 fifties", "Ann's loan of 5 fifties", "Ann's ring on #2", "Ann's
    syndicate bid of 5 fifties for #2"."""
    whose, amount, horse = f"{names[offer['from']]}'s", _fifties(offer["amount"]), offer["horse"]
    match offer["kind"]:
        case "buy":
            return f"{whose} {amount} for #{horse}"
        case "horse":
            return f"{whose} offer of #{horse} for {amount}"
        case "loan":
            terms = f", {offer['repay']} to be repaid" if offer["repay"] != offer["amount"] else ""
            return f"{whose} loan of {amount}{terms}"
        case "ring":
            return f"{whose} ring on #{horse}"
        case "syndicate":
            return f"{whose} syndicate bid of {amount} for #{horse}"
    return f"{whose} offer"


def move_said(
    action: Action,
    names: Sequence[str],
    track_names: Mapping[str, str],
    offer: JSON | None = None,
) -> str:
    """A move as the log says it after the mover's name ('bid 5 fifties with Bob',
    'accepted the roll'); ``names`` are the seats' names, ``track_names`` the tracks'
    by their keys, ``offer`` the offer an answer answered (``Offer.to_json``): 'said no
    to Ann's 5 fifties for #2' (it said 'said no to the offer', not whose, nor of what)."""
    match action:
        case act.ChooseTrack(track=track):
            return f"chose the track: {track_names.get(track, track)}"
        case act.Bid(amount=amount, partner=partner):
            return f"bid {_fifties(amount)}" + (
                "" if partner == act.NOBODY else f" with {names[partner]}"
            )
        case act.Pass():
            return "passed"
        case act.Answer(accept=accept):
            what = "the offer" if offer is None else offer_said(offer, names)
            return f"said {'yes' if accept else 'no'} to {what}"
        case act.Bet(horse=horse):
            return f"bought an Across the Board ticket on #{horse}"
        case act.DailyDouble(first=first, second=second):
            return f"bought a Daily Double ticket: #{first} then #{second}"
        case act.TakeLoan(horse=horse, amount=amount):
            return f"borrowed {_fifties(amount)} from the bank with #{horse} in hock"
        case act.RepayLoan(horse=horse):
            return f"repaid the bank's loan on #{horse}"
        case act.OfferHorse(horse=horse, buyer=buyer, price=price):
            return f"offered #{horse} to {names[buyer]} for {_fifties(price)}"
        case act.OfferLoan(borrower=borrower, amount=amount):
            return f"offered to lend {names[borrower]} {_fifties(amount)}"
        case act.OfferLoanTerms(borrower=borrower, amount=amount, repay=repay):
            return f"offered to lend {names[borrower]} {_fifties(amount)}, {repay} to be repaid"
        case act.OfferToBuy(horse=horse, price=price):
            return f"offered {_fifties(price)} for #{horse}"
        case act.OfferRing(horse=horse, tickets=tickets, partner=partner, stake=stake):
            return (
                f"asked {names[partner]} into a ring: {_tickets(tickets)} on #{horse}, "
                f"{names[partner]} putting in {_fifties(stake)} of {3 * tickets}"
            )
        case act.PayBack(lender=lender, amount=amount):
            return f"paid {names[lender]} {_fifties(amount)} back"
        case act.Done():
            return "was done for this race"
        case act.Accept():
            return "accepted the roll"
        case act.Reject():
            return "rejected the roll"
    return str(action)


# --- the browser board's own words (across.js) ----------------------------------------
# Served in every view as ``page``: each template's {fields} are filled in by the board
# from the view (a seat's name, a horse's number, a count of fifties).
PAGE_TEMPLATES = {
    "fifty": "{n} fifty",
    "fifties": "{n} fifties",
    "ticket": "{n} ticket",
    "tickets": "{n} tickets",
    "and": "{a} and {b}",
    "you": "you",
    "none": "none",
    "unsold": "unsold",
    "game": "Across the Board",
    "track": "{name}, {city}",
    "meet": " \u00b7 meet {meet}",
    "meet_race": " \u00b7 meet {meet}, race {race}",
    "your_turn": "Your turn.",
    "your_turn_answer": "Your turn: answer {name}'s offer first.",
    "waiting_dice": "Waiting for the dice.",
    # to the one who types the table's real dice in (the roll box at the page's top)
    "your_dice": "Yours to roll: {label}. Roll {dice} dice and type the faces in the box above.",
    "waiting": "Waiting for {who}.",
    "waiting_one": "{name} {what}",
    "to_answer": "to answer {name}'s offer",
    # a screen's heading while its player answers an offer, in any phase: the terminal's
    # "Bob: answer Ann's offer", the board's "meet 1 \u00b7 answer Ann's offer"
    "answer_offer": "answer {name}'s offer",
    "to_answer_yours": "to answer your offer",
    "to_track": "to choose the track",
    "to_bid": "to bid on #{horse} or pass",
    "to_bet": "to bet on race {race} or say done",
    "to_roll": "to roll",
    "to_decide": "to accept or reject the roll of #{horse}",
    "game_over": "The game is over.",
    "over_game": "The game is over",
    "over_meet": "The meet is over",
    "won_alone": "{name} wins with {fifties}",
    "won_shared": "{names} share the win with {fifties} each",
    "the_end": "{over}: {won}.",
    "the_end_others": "{over}: {won}. {others}.",
    "standing": "{name} {n}",
    "players": "Players",
    "you_mark": "{name} (you)",
    "in_hock_mark": "#{horse} (in hock)",
    "owes": "{borrower} owes {lender} {fifties}",
    "bins": "Bins",
    "daily_double": "Daily Double",
    "carried": "carried forward",
    "windows_title": "MPH Parimutuel Windows",
    "window": "{n} {title}",
    "paid_on": "{pool} paid on #{horse}",
    "as_dealt": "Race {race} as dealt, and what each group paid:",
    "redealt": "Rule {rules}: {emptied} re-dealt into {into}: {windows}",
    "window_one": "window {n}",
    "window_two": "windows {a}, {b}",
    "window_range": "windows {first}-{last}",
    "window_dealt": "{n} {title} {count}",
    "tote": "MPH Totalizator",
    "tote_race": "MPH Totalizator, race {race}",
    # the totalizator with no tickets on it, said rather than shown as an empty grid
    "tote_paid": "Race {race}'s tickets are paid out and cleared from the board.",
    "tote_paid_over": (
        "The meet is over: race {race}'s tickets are paid out and cleared from the board."
    ),
    "tote_none": "No tickets on race {race}.",
    "tote_empty": "No tickets.",
    "ring_line": ("Ring on #{horse}: {tickets} under {mark}, {a} {x} and {b} {y} fifties"),
    "dd_line": "{name}: #{first} then #{second}",
    "card_race": "Race card, race {race}",
    "card_finished": "Race card, race {race} (finished)",
    "card_track": "The track card",
    "rolled": "\u2190 rolled",
    "owner_you": "{marks} (you)",
    "calls": "{rolls}.",
    "caller_calls": "{name}: {calls}",
    "you_caller": "You",
    "roll": "{n} roll",
    "rolls": "{n} rolls",
    "news": "Handicap and Auction News: {conditions}",
    "legend": (
        "Grey: preprinted X's and half X's; black: marked in the race; ringed: the circled, "
        "shaded square; \u2605 the newspaper's best pick."
    ),
    "block": "On the block",
    "title_card": "#{horse} {name}, by {sire} out of {dam}",
    "lot": "{class}; opening bid {opening}; Shady Fence Farms suggest {suggested}",
    "asking": "Asking {fifties}: no bid yet",
    "high_bid": "High bid {fifties} by {who}; the next bid is at least {least}",
    # everyone's fifties at the auction, the horses each holds, who is the Auctioneer
    # (whose bids the table hears as "Auctioneer's bid is N"): the terminal's and the
    # board's line, "Fifties: Ann 34 (#5), Kim 40 (you), Bob 40 (Auctioneer)"
    "holdings": "Fifties: {players}",
    "holding": "{name} {cash}",
    "holding_marked": "{name} {cash} ({marks})",
    "pass": "Pass",
    "bid": "Bid {amount}",
    "bid_with": "Bid {amount} with {partner}",
    "bid_amount": "bid amount",
    "bid_this": "Bid this",
    "you_rolled": "You rolled #{horse}",
    "roll_backers": "Owner: {owner}; tickets: {backers}",
    "accept": "Accept: one X for #{horse}",
    "reject": "Reject: half an X, roll again",
    "bets": "Your bets for race {race}",
    "ticket_note": "A ticket is $150 (3 fifties) across the board; tap again to double up.",
    "bets_held": "You hold {fifties}.",
    "bets_short": "You hold {fifties}: a ticket is 3, so you have none to buy.",
    "bet": "#{horse}",
    "bet_again": "#{horse} \u00d7{n}",
    "dd_title": "Daily Double ($50: one horse to win race 1, one to win race 2)",
    "dd_first": "race 1 winner",
    "dd_second": "race 2 winner",
    "dd_buy": "Buy the Daily Double",
    "bin_loans": "Loans from the 8th-race WIN bin",
    "done": "Done: no more from me this race",
    "borrow": "Borrow {fifties} with #{horse} in hock ({due} due before race 7)",
    "repay": "Repay the loan on #{horse}: {fifties}",
    "offer_to_you": "An offer to you",
    "syndicate": ("{frm} asks you into a syndicate: {amount} for #{horse} (your share {share})"),
    "yes": "Yes",
    "no": "No",
    "offer_horse": "{frm} offers {to} #{horse} for {fifties}",
    "offer_buy": "{frm} offers {to} {fifties} for #{horse}",
    "offer_ring": (
        "{frm} asks {to} into a ring: {tickets} on #{horse}, {to} putting in "
        "{amount} of the {total} fifties, winnings shared the same way"
    ),
    "offer_loan": "{frm} offers to lend {to} {fifties}",
    "offer_loan_terms": "{frm} offers to lend {to} {fifties}, to be repaid {repay}",
    "own_offer_horse": "You offer {to} #{horse} for {fifties}",
    "own_offer_buy": "You offer {to} {fifties} for #{horse}",
    "own_offer_ring": (
        "You ask {to} into a ring: {tickets} on #{horse}, {to} putting in "
        "{amount} of the {total} fifties, winnings shared the same way"
    ),
    "own_offer_loan": "You offer to lend {to} {fifties}",
    "own_offer_loan_terms": "You offer to lend {to} {fifties}, to be repaid {repay}",
    "awaits": "{offer}: waiting for {name}'s answer",
    "awaits_you": "{offer}: waiting for your answer",
    "for_you": "For you",
    "collected_nothing": "Race {race}: nothing collected by you",
    "you_owe": "You owe {lender} {fifties}",
    "pay_back_amount": "pay back {lender}",
    "pay_back": "Pay back",
    "hock_due": "#{horse} is in hock: {due} due to the 8th-race WIN bin before race 7",
    "dealings": "Dealings",
    "dealings_at_track": "Dealings open with the auction, once the track is chosen.",
    "dealings_closed": "Dealings reopen once the syndicate's partner has answered.",
    "offered_already": "You have made your offer for this race.",
    # in an auction (before race 1, or the one for unpaid loans before race 7) an offer
    # counts against the race to come: the next may be made when its windows open
    "offered_in_auction": (
        "You have made your offer in this auction; another may be made once the windows "
        "open for the next race."
    ),
    "dealings_in_race": "Horses change hands between races; loans may be offered now.",
    "horse": "#{horse}",
    "horse_of": "#{horse} ({owners})",
    "buy": "Buy",
    "for": "for",
    "to": "to",
    "with": "with",
    "horse_to_buy": "horse to buy",
    "price_offered": "price offered",
    "offer_to_buy": "Offer to buy",
    "sell": "Sell",
    "horse_to_sell": "horse to sell",
    "buyer": "buyer",
    "asking_price": "asking price",
    "offer_to_sell": "Offer to sell",
    # the ring's form reads as a sentence: "Ring: [2] tickets on [#5] with [Ann] who puts
    # in [3] of the 6 fifties"
    "ring": "Ring:",
    "ring_ticket_on": "ticket on",
    "ring_tickets_on": "tickets on",
    "ring_of_total": "of the {total} fifties",
    "ring_of_fifties": "of the fifties",
    "ring_horse": "ring's horse",
    "ring_tickets": "ring's tickets",
    "ring_partner": "ring partner",
    "who_puts_in": "who puts in",
    "partner_fifties": "partner's fifties",
    "offer_ring_button": "Offer the ring",
    "lend": "Lend",
    "borrower": "borrower",
    "amount_lent": "amount lent",
    "to_be_repaid": "to be repaid",
    "offer_loan_button": "Offer the loan",
    "choose_track": "Choose the track",
    "track_choice": "{name}, {city}: {conditions} Best pick #{pick}.",
    "at_the_table": "At the table",
    "said_move": "{name} {move}",
    # the rules' refusal of a bid below the least (auction.py), said by the bid's box too
    # before the bid is sent
    "bid_at_least": "the bid must be at least {fifties}",
    # a standing order on the horse on the block (R2 asks everyone again each time the
    # price falls): the page answers for its player on this horse, until he cancels it
    "standing_pass": "Skip #{horse} at any price: ask me no more",
    "standing_upto": "Bid for me up to",
    "standing_label": "the most the page bids for you on this horse, in fifties",
    "standing_passing": (
        "Your standing order: this page passes for you on #{horse} each time you are asked"
        " ({n} so far)."
    ),
    "standing_bidding": (
        "Your standing order: this page bids the least bid for you on #{horse} while that"
        " is {limit} or less, and passes above it ({n} so far)."
    ),
    "standing_cancel": "Cancel the standing order",
    "standing_note": "It answers only while this page is open; cancelled, you are asked again.",
    # at a table of six or seven a player is also asked into syndicates (R8): the order
    # answers those on its horse too, as a partner's yes or no
    "standing_syndicate_no": "Asked into a syndicate on #{horse}, it says no for you.",
    "standing_syndicate_upto": (
        "Asked into a syndicate on #{horse}, it says yes for you while the bid is {limit}"
        " or less (you pay half), and no above it."
    ),
}
"""The board's sentences and labels, each a template of {fields}."""

PAGE_LISTS = {
    "windows": list(WINDOW_TITLES),
    "placings": ["WIN", "PLACE", "SHOW"],
    "player_columns": ["", "player", "role", "fifties", "horses"],
    "card_columns": ["#", "horse", "owner", "X's to finish", ""],
}
"""The board's rows of headings, in order."""

PAGE_NAMES = {
    "bin_names": {
        "race3": "3rd-race purse",
        "race5": "5th-race purse",
        "win8": "8th WIN",
        "place8": "8th PLACE",
        "show8": "8th SHOW",
    },
    "roles": {"trackmaster": "Trackmaster", "totemaster": "Totemaster", "auctioneer": "Auctioneer"},
    "phases": {
        "choose track": "choosing the track",
        "auction": "auction",
        "offer": "a syndicate asked",
        "betting": "betting",
        "over": "over",
    },
}
"""What the board calls the view's keys (bins, roles, phases)."""

PAGE: JSON = {**PAGE_TEMPLATES, **PAGE_LISTS, **PAGE_NAMES}
"""Everything ``across.js`` says, served with the view (``view["page"]``)."""
