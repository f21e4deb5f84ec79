"""Does a board do what the rulebook says a board is for? For a designer trying a board
of his own (``homestretch totopoly board`` and ``simulate --match-races``).

The rulebook: "it is advisable to retain at least one business, with a view to drawing
revenue from the other players during the training of the horses"; "some horses have
made more progress than others by acquiring advantage cards"; "the black horses have more
chance than the red horses, and the red a better chance than the yellow horses, and blue
horses least chance of all"; "the lowest-priced horses CAN win" (ruling T44).

The money flow is exact, not sampled: each horse's one circuit of the training ring
(two dice a throw, from the square outside its box round to it again; a return-to-box
square or report ends it) is followed throw by throw, and what each square and each
report read there pays is added up, weighted by its chance. A report is read as if its
pack were shuffled afresh (each card's share of the pack); the Owners' Club's entrance
fee is counted at every landing on its square, though a member pays it once (an upper
bound), and its offer to join not at all (a player may decline)."""

from __future__ import annotations

from dataclasses import dataclass

from homestretch.core.design import Check
from homestretch.games.totopoly.content.loader import COLOURS, STABLE_OF, Content

THROWS = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}
"""Two dice: the chance of each total."""
PAID_BY_THE_RING = ("walroy", "stevedon", "vet", "club", "trade")
"""The roles whose revenue is the training ring's (the Tote's is the bets, the
Auctioneer's his commission)."""
LEAST_BLUE_SHARE = 0.02
"""The blue "CAN win": two match races in a hundred at least."""


def _report_means(content: Content, deck: str) -> tuple[dict[str, float], dict[str, float]]:
    """What one report read from ``deck`` pays on average (payee -> £), and the cards and
    chance of being sent home it brings ("colour", "white", "home")."""
    ids = content.decks[deck]
    paid: dict[str, float] = {}
    brings = {"colour": 0.0, "white": 0.0, "home": 0.0}
    for ident in ids:
        report = content.reports[ident]
        if report.effect == "pay":
            paid[report.to] = paid.get(report.to, 0.0) + report.amount / len(ids)
        elif report.effect == "colour_card":
            brings["colour"] += 1 / len(ids)
        elif report.effect == "white_card":
            brings["white"] += 1 / len(ids)
        elif report.effect == "return_box":
            brings["home"] += 1 / len(ids)
    return paid, brings


@dataclass(frozen=True)
class Circuit:
    """One horse's circuit of the training ring, in expectation."""

    paid: dict[str, float]
    """£ to each payee: a business id or "bank"."""
    colour_cards: float
    white_cards: float
    landings: float
    """Squares landed on (throws that did not take the horse past its box)."""


def circuit(content: Content, horse: int) -> Circuit:
    """One horse's circuit of the training ring, in expectation: £ paid to each payee (a
    business id or "bank"), colour and white cards taken, squares landed on."""
    size = content.ring_size
    home = size + 1  # progress: 1 is the square outside the box, size + 1 that square again
    colour = content.horses[horse].colour
    stable = STABLE_OF[colour]
    trainer = next(b.id for b in content.businesses.values() if b.role == stable)
    vet = next(b.id for b in content.businesses.values() if b.role == "vet")
    club = next(b.id for b in content.businesses.values() if b.role == "club")
    reports = {deck: _report_means(content, deck) for deck in (stable, "vet")}
    paid: dict[str, float] = {}
    cards = {"colour": 0.0, "white": 0.0}
    landings = 0.0
    alive = [0.0] * (home + 1)
    alive[0] = 1.0
    for at in range(home):
        mass = alive[at]
        if not mass:
            continue
        for total, chance in THROWS.items():
            reached = at + total
            if reached > home:
                continue  # past the box: home, the excess disregarded
            weight = mass * chance
            landings += weight
            square = content.ring.get((content.boxes[horse] + reached - 1) % size)
            goes_on = weight
            if square is not None:
                effect = square.effect
                if effect in ("stables", "vet"):
                    payee, deck = (trainer, stable) if effect == "stables" else (vet, "vet")
                    paid[payee] = paid.get(payee, 0.0) + weight * square.amount
                    means, brings = reports[deck]
                    for to, amount in means.items():
                        paid[to] = paid.get(to, 0.0) + weight * amount
                    cards["colour"] += weight * brings["colour"] * content.at_a_time[colour]
                    cards["white"] += weight * brings["white"]
                    goes_on = weight * (1 - brings["home"])
                elif effect == "pay":
                    paid[square.to] = paid.get(square.to, 0.0) + weight * square.amount
                elif effect == "club_fee":
                    paid[club] = paid.get(club, 0.0) + weight * square.amount
                elif effect == "colour_card":
                    cards["colour"] += weight * content.at_a_time[colour]
                elif effect == "white_card":
                    cards["white"] += weight
                elif effect == "return_box":
                    goes_on = 0.0
            if reached < home:
                alive[reached] += goes_on
    return Circuit(paid, cards["colour"], cards["white"], landings)


def money_flow(content: Content, short: bool = False) -> dict[str, object]:
    """The training ring's money and cards: per colour, what one horse's circuit pays each
    payee and the cards it takes; per payee, what a whole game's training pays it (every
    horse one circuit; the short game has no blues), against its face value."""
    colours = [c for c in COLOURS if not (short and c == "blue")]
    per_colour: dict[str, dict[str, object]] = {}
    per_game: dict[str, float] = {}
    for colour in colours:
        horses = [h for h in content.horses.values() if h.colour == colour]
        runs = [circuit(content, h.number) for h in horses]
        paid: dict[str, float] = {}
        for run in runs:
            for to, amount in run.paid.items():
                paid[to] = paid.get(to, 0.0) + amount / len(runs)
                per_game[to] = per_game.get(to, 0.0) + amount
        per_colour[colour] = {
            "paid": {to: round(amount, 2) for to, amount in sorted(paid.items())},
            "colour_cards": round(sum(r.colour_cards for r in runs) / len(runs), 2),
            "white_cards": round(sum(r.white_cards for r in runs) / len(runs), 2),
            "landings": round(sum(r.landings for r in runs) / len(runs), 2),
        }
    payees = [
        {
            "payee": b.id,
            "name": b.name,
            "role": b.role,
            "value": b.value,
            "per_game": round(per_game.get(b.id, 0.0), 2),
        }
        for b in content.businesses.values()
    ]
    payees.append(
        {
            "payee": "bank",
            "name": "the bank",
            "role": "bank",
            "value": 0,
            "per_game": round(per_game.get("bank", 0.0), 2),
        }
    )
    return {"short": short, "per_colour": per_colour, "payees": payees}


def board_checks(content: Content, flow: dict[str, object]) -> list[Check]:
    """What the board's training ring must give, by the rulebook's words."""
    payees = flow["payees"]
    assert isinstance(payees, list)
    idle = [p["name"] for p in payees if p["role"] in PAID_BY_THE_RING and p["per_game"] <= 0]
    earning = [p for p in payees if p["role"] in PAID_BY_THE_RING]
    least = min(earning, key=lambda p: p["per_game"]) if earning else None
    per_colour = flow["per_colour"]
    assert isinstance(per_colour, dict)
    cardless = [c for c, run in per_colour.items() if run["colour_cards"] <= 0]
    fewest = min(per_colour, key=lambda c: per_colour[c]["colour_cards"])
    return [
        Check(
            "every business draws revenue",
            "each stable, the vet, the club and each trade paid in training",
            f"nothing to {', '.join(idle)}"
            if idle
            else f"least: {least['name']} £{least['per_game']:.0f} a game"
            if least
            else "no business",
            not idle,
        ),
        Check(
            "training brings advantage cards",
            "each colour takes colour cards on its circuit",
            f"no card for {', '.join(cardless)}"
            if cardless
            else f"fewest: {fewest} {per_colour[fewest]['colour_cards']:.2f} a circuit",
            not cardless,
        ),
    ]


def match_checks(report: dict[str, object]) -> list[Check]:
    """The colours' order in match races (``training_study``) against the rulebook's."""
    rates = report["win_rate"]
    errors = report["stderr"]
    assert isinstance(rates, dict) and isinstance(errors, dict)
    ordered = all(rates[a] > rates[b] for a, b in zip(COLOURS, COLOURS[1:], strict=False))
    apart = all(
        rates[a] - 1.96 * errors[a] > rates[b] + 1.96 * errors[b]
        for a, b in zip(COLOURS, COLOURS[1:], strict=False)
    )
    shares = ", ".join(f"{c} {rates[c]:.1%}" for c in COLOURS)
    return [
        Check("black > red > yellow > blue", "each colour's share above the next", shares, ordered),
        Check(
            "the order beyond chance",
            "each 95% interval above the next's",
            "apart" if apart else "some overlap: race more, or widen the gaps",
            apart,
        ),
        Check(
            "the blue can win",
            f"the blue wins {LEAST_BLUE_SHARE:.0%} of match races or more",
            f"{rates['blue']:.1%}",
            rates["blue"] >= LEAST_BLUE_SHARE,
        ),
    ]
