"""The typed notices in plain words: who paid whom and why, the prizes, the Tote's
payouts, the cards dealt to you and the colour cards taken. The state words each notice
as it is made (its ``words``), so the terminal and the browser board say the same."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from homestretch.core.protocol import JSON
from homestretch.games.totopoly.content import Content


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


def lease_name(content: Content, card: str) -> str:
    """A lease card in words: "No. 4 Red Rum", "Walroy Stables"."""
    for horse in content.horses.values():
        if horse.card == card:
            return f"No. {horse.number} {horse.name}"
    return next((b.name for b in content.businesses.values() if b.card == card), card)


def _party(who: int | str, names: Sequence[str]) -> str:
    return "the bank" if who == "bank" else names[int(who)]


def _payment(n: JSON, names: Sequence[str], card: CardName) -> str:
    payer, payee = _party(n["payer"], names), _party(n["payee"], names)
    why = str(n["text"] if n["why"] in ("square", "report") else WHY.get(n["why"], n["why"]))
    if n["why"] == "sale":
        why = f"for {n['text']}"
    elif n["why"] in ("lot", "commission"):
        why += f" ({card(n['card'])})"
    elif n["why"] == "entrance":
        why += " for " + ", ".join(f"No. {h}" for h in n["horses"])
    waived = f" (all he had: £{n['waived']} waived)" if n.get("waived") else ""
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
