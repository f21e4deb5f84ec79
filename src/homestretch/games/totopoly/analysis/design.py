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
pack were shuffled afresh (each card's share of the pack); the club's offer to join is
counted not at all (a player may decline).

The Owners' Club's entrance fee is counted as the rules charge it (ruling T45): "Once a
player has paid his entrance fee to the owners' club, he shall take a member's card, and
cannot be called upon to pay the entrance fee again", and "One throw to count for ALL
his horses". So it is a player's, not a horse's: paid at most once, at the first landing
of any of his horses on a fee square, his horses moving together (``fee_paid``). A game
is a table of players leading three horses each (the most the rules let a player run;
all twelve held at a table of four), every way of sharing the horses out and every
player as a business's holder equally likely; nobody pays himself ("they cannot pay
money to themselves"), so a business draws from the others' horses only."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

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
    fee: float = 0.0
    """Of ``paid``, the club's entrance fee: the horse led alone (``fee_paid``)."""


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
                elif effect == "colour_card":
                    cards["colour"] += weight * content.at_a_time[colour]
                elif effect == "white_card":
                    cards["white"] += weight
                elif effect == "return_box":
                    goes_on = 0.0
            if reached < home:
                alive[reached] += goes_on
    fee = fee_paid(content, (horse,))
    if fee:
        paid[club] = paid.get(club, 0.0) + fee
    return Circuit(paid, cards["colour"], cards["white"], landings, fee)


def _home_chance(content: Content, horse: int, square_effect: str | None) -> float:
    """The chance a horse landing on a square of ``square_effect`` is sent to its box."""
    if square_effect == "return_box":
        return 1.0
    if square_effect in ("stables", "vet"):
        stable = STABLE_OF[content.horses[horse].colour]
        deck = stable if square_effect == "stables" else "vet"
        return _report_means(content, deck)[1]["home"]
    return 0.0


def fee_paid(content: Content, horses: tuple[int, ...]) -> float:
    """The Owners' Club entrance fee (£) a player leading ``horses`` pays in training, in
    expectation: one throw moves them all, and the fee is paid once, at the first landing
    of any of them on a ``club_fee`` square (the first led, by number, where two land at
    once); a member pays no more (ruling T45). He declines every offer to join, as the
    money flow reads offers, and is not the club's steward.

    Followed exactly: the horses share one count of squares gone (they leave together
    and move alike); what changes is which of them are still out, a return-to-box square
    or report sending one home (``fees_paid``)."""
    return fees_paid(content, [horses])[0]


def fees_paid(content: Content, groups: list[tuple[int, ...]]) -> list[float]:
    """``fee_paid`` for many players' horses at once, each group as many horses: the
    chance of each set of them still out, square by square, in arrays (one row a group)."""
    import numpy as np

    if not groups:
        return []
    size, home = content.ring_size, content.ring_size + 1
    k = len(groups[0])
    subsets = 1 << k
    fee = np.zeros((len(groups), home + 1, k))
    stay = np.ones((len(groups), home + 1, k))
    for row, group in enumerate(groups):
        for i, h in enumerate(sorted(group)):
            for gone in range(1, home + 1):
                square = content.ring.get((content.boxes[h] + gone - 1) % size)
                if square is None:
                    continue
                if square.effect == "club_fee":
                    fee[row, gone, i] = square.amount
                stay[row, gone, i] = 1 - _home_chance(content, h, square.effect)
    out = [[bool(s >> i & 1) for i in range(k)] for s in range(subsets)]
    # the fee paid on reaching a square with these horses out: the first led's (by number)
    fee_on = np.zeros((len(groups), home + 1, subsets))
    for s in range(subsets):
        for i in reversed(range(k)):
            if out[s][i]:
                fee_on[:, :, s] = np.where(fee[:, :, i] > 0, fee[:, :, i], fee_on[:, :, s])
    # with no fee paid, from horses ``s`` out to horses ``u`` still out (none: no more fee)
    moves = np.zeros((len(groups), home + 1, subsets, subsets))
    for s in range(subsets):
        for u in range(1, subsets):
            if u & ~s:
                continue
            share = np.ones((len(groups), home + 1))
            for i in range(k):
                if out[s][i]:
                    share *= stay[:, :, i] if out[u][i] else 1 - stay[:, :, i]
            moves[:, :, s, u] = share
    unpaid = fee_on == 0
    states = np.zeros((len(groups), home + 1, subsets))
    states[:, 0, subsets - 1] = 1.0
    paid = np.zeros(len(groups))
    for gone in range(home):
        mass = states[:, gone, :]
        for total, chance in THROWS.items():
            reached = gone + total
            if reached > home:
                break  # home, the excess disregarded
            paid += chance * (mass * fee_on[:, reached, :]).sum(axis=1)
            if reached < home:
                going = chance * mass * unpaid[:, reached, :]
                states[:, reached, :] += np.einsum("bs,bsu->bu", going, moves[:, reached])
    return [float(p) for p in paid]


def fee_per_game(content: Content, horses: list[int]) -> dict[str, float]:
    """What the club draws in entrance fees in a game's training (ruling T45): ``horses``
    shared out three to a player, every way equally likely, the steward one of the
    players (he pays himself nothing). The mean, and the least and most of the ways."""
    players = len(horses) // 3
    trios: list[tuple[int, ...]] = list(combinations(sorted(horses), 3))
    fee = dict(zip(trios, fees_paid(content, trios), strict=True))

    @cache
    def shared(rest: tuple[int, ...]) -> tuple[float, float, float]:
        """Over every way of sharing ``rest`` out three to a player: the mean, least and
        most of the fees. Each first trio heads as many ways, so the mean is theirs."""
        if not rest:
            return 0.0, 0.0, 0.0
        ways = []
        for pair in combinations(rest[1:], 2):
            left = tuple(h for h in rest[1:] if h not in pair)
            mean, least, most = shared(left)
            paid = fee[(rest[0], *pair)]
            ways.append((paid + mean, paid + least, paid + most))
        return (
            sum(w[0] for w in ways) / len(ways),
            min(w[1] for w in ways),
            max(w[2] for w in ways),
        )

    mean, least, most = (f * (players - 1) / players for f in shared(tuple(sorted(horses))))
    return {"players": players, "per_game": mean, "least": least, "most": most}


def money_flow(content: Content, short: bool = False) -> dict[str, object]:
    """The training ring's money and cards: per colour, what one horse's circuit pays each
    payee (its owner's only horse, and not its payee's) and the cards it takes; per payee,
    what a whole game's training pays it from the other players: every horse one circuit,
    three horses a player (the short game has no blues, so three players), the club's
    entrance fee once a player (ruling T45; the module doc)."""
    colours = [c for c in COLOURS if not (short and c == "blue")]
    horses = [h.number for h in content.horses.values() if h.colour in colours]
    players = len(horses) // 3
    others = (players - 1) / players
    """The share of a horse's payments to a business that reach it: the business's
    holder is any of the players alike, and pays himself nothing."""
    club = next(b.id for b in content.businesses.values() if b.role == "club")
    per_colour: dict[str, dict[str, object]] = {}
    per_game: dict[str, float] = {}
    for colour in colours:
        runs = [circuit(content, h) for h in horses if content.horses[h].colour == colour]
        paid: dict[str, float] = {}
        for run in runs:
            for to, amount in run.paid.items():
                paid[to] = paid.get(to, 0.0) + amount / len(runs)
                if to == club:
                    amount -= run.fee  # the fee is a player's, counted below
                per_game[to] = per_game.get(to, 0.0) + amount * (1 if to == "bank" else others)
        per_colour[colour] = {
            "paid": {to: round(amount, 2) for to, amount in sorted(paid.items())},
            "colour_cards": round(sum(r.colour_cards for r in runs) / len(runs), 2),
            "white_cards": round(sum(r.white_cards for r in runs) / len(runs), 2),
            "landings": round(sum(r.landings for r in runs) / len(runs), 2),
        }
    fees = fee_per_game(content, horses)
    per_game[club] = per_game.get(club, 0.0) + fees["per_game"]
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
    return {
        "short": short,
        "players": players,
        "per_colour": per_colour,
        "payees": payees,
        "club_fees": {key: round(value, 2) for key, value in fees.items() if key != "players"},
    }


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
