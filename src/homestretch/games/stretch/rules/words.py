"""A player's own lines at a table's betting windows (ruling S19), as the phone says
them: what they hold and hold tickets on, who is still betting, once they are done what
they wait for, and after the race what the tote paid them. The board's buttons and
labels are here too, so every word a player reads comes from the rules' side."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from homestretch.core.odds import SHORT_STEPS, Odds
from homestretch.core.protocol import JSON
from homestretch.games.stretch.rules.betting import MIN_TICKET, TICKET_AT_LEAST, money

WINDOW = {
    "bet": "Bet",
    "on": "on",
    "dollars": "dollars",
    "dollars_hint": f"{MIN_TICKET} or more",
    "ticket_at_least": TICKET_AT_LEAST,  # the box's line for a smaller ticket, before it is sent
    "buy": "Buy the ticket",
    "done": "Done betting",
    "before": "Before you bet: ",
    "chances": "the chances and fair odds",
    "tote": "the tote and who bet what",
    # who is still betting, as ``still_betting`` says it; a page that knows which seats
    # nobody has taken yet says those apart with ``untaken`` (an empty seat bets nothing)
    "still_you": "{names} are still betting.",
    "still_others": "Still betting: {names}.",
    "still_none": "Everyone else is done: the race goes off when you are.",
    "untaken": "Not taken yet: {names} (the race waits for whoever takes it).",
    "you": "You",
}
"""The betting window's labels and buttons, and the jumps below it."""


CHART_PAYOFFS = "Win, Place, Show: the odds chart's $2 payoffs; your tote paid its own prices"
"""Under the result chart where players bet at their own tote: its Win, Place and Show
are page 15's prices at the odds, another sum for the same ticket than the tote's."""
CHART_PAYOFFS_HOUSE = "Win, Place, Show: the odds chart's $2 payoffs, as the house paid you (S29)"
"""The same where a lone bettor was paid by the house, at those very prices."""
HOUSE_PAID = "The house paid you {money} (S29)"
"""A lone bettor's winnings, paid by the house at page 15's prices (ruling S29)."""


STAKE_BACK = "stake back"
"""The tote's odds on a horse whose winning ticket would get its stake back, no more."""


def tote_odds(price: Fraction | None, breakage_cents: int) -> str:
    """The tote board's odds to win as a racegoer reads them: the board's steps ("even",
    "6-5", "5-2", "7-2" ..., whole numbers from 5-1), each price read down to the step at
    or below it, as a tote board shows odds (it never shows more than it would pay);
    "stake back" where a winning ticket would get its stake back and no more (ruling
    S19: breakage never takes a price below the dollar staked); "" while nobody has
    backed the horse. ``price``: profit per dollar (``tote.probable_win_price``)."""
    if price is None:
        return ""
    if (100 + 100 * price) // breakage_cents * breakage_cents <= 100:
        return STAKE_BACK
    if price >= 5:
        return str(Odds(Fraction(math.floor(price))))
    steps = [step for step in SHORT_STEPS if step <= price]
    return str(Odds(steps[-1])) if steps else f"1-{math.floor(1 / price)}"


def ticket_words(ticket: JSON) -> str:
    """'$15 place #3'."""
    return f"${ticket['dollars']} {ticket['pool']} #{ticket['post']}"


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def still_betting(tote: JSON, seat: int) -> str:
    """Who is at the windows: the last one there knows the race waits for them (public
    at a sealed table too, ruling S25: the race goes off when all are done). A player
    not yet done is among them: "Still betting: Bob, Cy." on Ann's window left her out."""
    others = [i for i in range(len(tote["names"])) if i != seat]
    if not others:
        return ""
    open_ = [tote["names"][i] for i in others if not tote["done"][i]]
    if not open_:
        return WINDOW["still_none"]
    if tote["done"][seat]:
        return WINDOW["still_others"].format(names=_names(open_))
    return WINDOW["still_you"].format(names=_names([WINDOW["you"], *open_]))


def _player(tote: JSON, seat: int) -> JSON:
    return next(p for p in tote["players"] if p["seat"] == seat)


def _outcome(tote: JSON, seat: int) -> str:
    """After the race: what the tote (or, to a lone bettor, the house: S29) paid the
    player, what came back to them from a pool given back (nobody held a paying ticket in
    it: S19), and where that leaves them."""
    me = _player(tote, seat)
    mine = [t for t in tote["tickets"] if t["seat"] == seat]
    net = me["net"]
    # not "even": beside the tote's odds that word is a price
    standing = (
        f"up {money(net)}" if net > 0 else f"down {money(-net)}" if net < 0 else "as you started"
    )
    if not mine:
        return f"You bet nothing on this race: you hold {money(me['cash'])}."
    won = sum(p["paid"].get(str(seat), 0) for p in tote["settled"] if not p["refunded"])
    paid = HOUSE_PAID if tote.get("paid_by") == "house" else "The tote paid you {money}"
    said = [paid.format(money=money(won))] if won else []
    for pool in tote["settled"]:
        back = [t for t in mine if pool["refunded"] and t["pool"] == pool["pool"]]
        if back:
            stakes = " and ".join(f"{money(100 * t['dollars'])} on #{t['post']}" for t in back)
            said.append(
                f"Your {pool['pool']} {'stake' if len(back) == 1 else 'stakes'} ({stakes}) "
                f"came back: nobody held a paying {pool['pool']} ticket"
            )
    if not said:
        return f"None of your tickets paid: you hold {money(me['cash'])}, {standing}."
    if len(said) == 1 and won:
        return f"{said[0]}: you hold {money(me['cash'])}, {standing}."
    return f"{'. '.join(said)}. You hold {money(me['cash'])}, {standing}."


def yours(tote: JSON, seat: int) -> JSON:
    """The player's own lines at the windows (the tote as ``Windows.to_json`` gives it):
    ``holding`` and ``tickets`` in the window, ``waiting`` under them, ``done`` once the
    player is done and others are not, ``outcome`` once the tote has paid (a page shows
    it only when the call reaches the wire), and the window's ``buttons``."""
    me = _player(tote, seat)
    mine = [ticket_words(t) for t in tote["tickets"] if t["seat"] == seat]
    tickets = f"Your tickets: {', '.join(mine)}" if mine else "No tickets yet."
    if tote["sealed_now"]:
        tickets += " Bets are sealed: nobody sees another's until the windows close."
    waiting = [n for n, done in zip(tote["names"], tote["done"], strict=True) if not done]
    done = ""
    if me["done"] and tote["open"]:
        bet = f"your tickets: {', '.join(mine)}" if mine else "no tickets"
        done = f"You are done betting ({bet}). Waiting for {_names(waiting)}: the race goes off when they are done."
    return {
        "holding": f"Your window: you hold {money(me['cash'])}",
        "tickets": tickets,
        "waiting": still_betting(tote, seat),
        # the others still betting, by seat: a page says an open seat's apart (untaken)
        "betting": [i for i, done in enumerate(tote["done"]) if not done and i != seat],
        "done": done,
        "outcome": "" if tote["settled"] is None else _outcome(tote, seat),
        # the jump to the tote: no "who bet what" while the others' bets are sealed (S25)
        "buttons": {**WINDOW, "tote": "your tickets"} if tote["sealed_now"] else WINDOW,
    }


CAPTIONS = {
    "quick": "Quickplay",
    "full": "Fullplay",
    "over": "the game is over",
    "calling": "the race is being called",
    "windows_open": "The windows are open: bet before the off.",
    # the odds rolls typed in before the betting (ruling S19: the players bet once the
    # morning line is up): the windows are not open yet
    "odds_rolling": "The odds are being rolled: the windows open once the morning line is up.",
    "in_the_gate": "They are in the gate.",
    "chances": "Chances and fair odds",
    "working": "Working out the chances\u2026",
    "chances_headings": ["PP", "Horse", "Odds", "Win", "Place", "Show", "Fair"],
    "book": (
        "The morning line's odds imply chances that add up to {book}: fair odds would add "
        "up to 100%, and the rest is the odds maker's margin."
    ),
    "tote": "The tote",
    "tote_headings": ["PP", "Horse", "Odds", "Win", "Place", "Show", "Tote odds"],
    "pool": "Pool totals",
    "stake_back": STAKE_BACK,
    "players": "Players",
    "done": "done",
    "betting": "betting",
    "paid": "Your tote paid ($2 prices)",
    "paid_headings": ["Pool", "Horse", "$2 pays", "Paid to"],
    "paid_house": "Paid by the house (S29)",
    "house_kept": "The house took {money} in stakes and paid out {paid}",
    "none_paid": "No ticket paid.",
    "refunded": "no paying ticket: stakes given back",
    "up": "up {money}",
    "down": "down {money}",
    "level": "as at the start",
    "kept": "Kept by the tote (takeout {takeout}%, breakage to {breakage}\u00a2): {money}",
    "lines": "Running lines (lengths behind the leader)",
    "lines_label": "Running lines: lengths behind the leader",
    "lines_at": ["break", "backstretch", "turn", "wire"],
    "result": "Result (final time {time})",
    "result_headings": ["Fin", "PP", "Horse", "Margin", "Odds", "Win", "Place", "Show", "Time"],
    "dq": "DQ",
    "out": "out",
    "course": "the course runs {seconds} s a furlong {how}",
    "course_how": ["quick", "slow"],
    "sheet": "Scoresheet",
    "sheet_wet": "Wet",
    "sheet_drop": "Drop back",
    "sheet_headings": [
        "PP",
        "Horse",
        "Jockey",
        "Pace",
        "Form",
        "Cls",
        "Spd",
        "Trp",
        "Wire",
        "Ride",
        "Trbl",
        "APR",
        "Brk",
        "R2",
        "R3",
        "Pace adj",
        "Form roll",
        "Form adj",
        "Final APR",
        "Fact adj",
        "Spd roll",
        "Spd fig",
        "Photo",
        "DQ die",
        "Fin",
    ],
    # the scoresheet's abbreviations, each said under the sheet where its column is shown
    "sheet_key": [
        ["PP", "post position"],
        ["Pace", "running style: 9 leads, 0 comes from the back"],
        ["Form", "A runs to form, E is in and out"],
        ["Wet", "how much of a wet track it shrugs off"],
        ["Cls, Spd, Trp", "class, speed and trip: the race factor adds one of them"],
        ["Wire", "the horse's rating in a photo finish"],
        ["Ride", "the jockey's, in a photo and when the race factor calls the riders"],
        ["Trbl", "the jockey's Trouble rating"],
        ["APR", "starting Adjusted Power Rating"],
        [
            "Brk, R2, R3",
            "race points at the break, down the backstretch and turning for home (two a length)",
        ],
        ["Form roll", "two dice on the Form chart"],
        ["Pace adj, Form adj, Fact adj", "what the pace, the form and the race factor added"],
        ["Final APR", "the rating the stretch is run on"],
        ["Drop back", "race points lost turning for home"],
        ["Spd roll, Spd fig", "the Final Speed roll and figure: the highest figure wins"],
        ["Photo", "a photo finish's total"],
        ["DQ die", "the die that placed a disqualified horse"],
        ["Fin", "the official finish"],
    ],
}
"""The race board's headings, labels and set lines (every page of a race: the players'
phones, the TV, a replay); {name} marks what the page fills in. The scoresheet's are the
paper scoresheet's abbreviations, its three running columns shown as far as the race
has segments, and the Wet rating's column (``sheet_wet``, after Form) on a wet track,
as the terminal's ratings sheet shows it; ``sheet_drop``, after Final APR, the race
points a horse dropped back turning for home (rulings S30, S31), when one did, as the
terminal's scoresheet shows them. ``course`` says a course's own clock (ruling
S22) beside the going, as the terminal's header does: ``course_words``."""


SEALED = "sealed"
"""The tote's odds on every horse while a sealed table's windows are open (ruling S25)."""
SEALED_CAPTIONS = {
    "tote": "Your tickets (bets are sealed until the windows close)",
    "pool": "Your stakes",
    "players": "You (the others' bets and money are sealed until the windows close)",
}
"""The board's headings while a sealed table's windows are open: it shows the player's
own stakes alone."""
SEALED_SPECTATOR_CAPTIONS = {
    "tote": "The tote (bets are sealed until the windows close)",
    "pool": "Pools (sealed)",
    "players": "Players (their bets and money are sealed until the windows close)",
}
"""The same for a spectator (the TV, a watcher), who sees no stakes at all."""
HOUSE_CAPTIONS = {
    "tote": "Your tickets with the house (it pays the chart's $2 prices, ruling S29)",
    "pool": "Your stakes",
}
"""The board's headings where a player alone bets with the house (ruling S29): there are
no pools of others' money, only the player's own stakes."""
HOUSE_WINDOW = "Alone, the house takes your bets and pays the chart's $2 prices (S29)."
"""Said in a lone bettor's window, under the tickets, while it is open."""
NO_PRICES_CAPTIONS = {
    "tote": "The tote of your own stakes (a race without odds has no house prices, S29)",
}
"""The board's heading where a player alone would bet with the house but the race is
run without odds (``odds: none``): the house has no prices to pay, so the tote does
(ruling S29), and the board says why."""
NO_PRICES_WINDOW = (
    "This race runs without odds, so the house has no prices to pay you: your bets go to "
    "the tote of your own stakes, and come back to you (S29)."
)
"""Said in that player's window while it is open, where a lone bettor is told of the
house."""


def course_words(seconds: float) -> str:
    """A race file's ``course_seconds_per_furlong`` as a fan reads it ("the course runs
    0.13 s a furlong quick"); "" for a course the going chart times as it is."""
    if not seconds:
        return ""
    quick, slow = CAPTIONS["course_how"]
    return str(CAPTIONS["course"]).format(
        seconds=f"{abs(seconds):g}", how=quick if seconds < 0 else slow
    )
