"""Totopoly: the rulebook's numeric statements not already checked elsewhere, run through
the engine (docs/rulebook-examples.md lists every example and the test that checks it).

Rulebook: ../shared/rulebooks/002_a23eee52ab275e58.txt (no page numbers: the sections'
headings are cited).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from homestretch.games.totopoly.content.loader import COLOUR_CODES, Course, RingSquare, load_content
from homestretch.games.totopoly.rules import racecourse, training
from homestretch.games.totopoly.rules.actions import Colour, UseThrow
from homestretch.games.totopoly.rules.state import TotopolyState

Table = Callable[..., TotopolyState]
HORSES = load_content().horses


def test_to_commence_six_lightweights_at_stevedon_six_heavyweights_at_walroy() -> None:
    """'place the twelve horses ... Six of these horses represent lightweights - yellow
    and blue horses - and are trained at Stevedon Stables; the black and red horses
    represent heavyweights, and are trained at Walroy Stables'; the short game takes out
    'the Blue Horses, Nos. 10, 11, and 12'."""
    assert sorted(HORSES) == list(range(1, 13))
    light = sorted(n for n, h in HORSES.items() if h.colour in ("yellow", "blue"))
    heavy = sorted(n for n, h in HORSES.items() if h.colour in ("black", "red"))
    assert len(light) == len(heavy) == 6
    assert [n for n, h in HORSES.items() if h.colour == "blue"] == [10, 11, 12]


@pytest.mark.parametrize("number", sorted(HORSES))
def test_training_ring_each_horse_reads_its_own_stables_trainer(
    table: Table, run, number: int
) -> None:
    """'Black and red horses ... should therefore read those of the Walroy trainer'; 'Blue
    and yellow horses ... should, therefore, read the Stevedon trainer's reports'."""
    state = table(horses={number: 0}, businesses={"walroy": 1, "stevedon": 1}, status="training")
    square = RingSquare(5, "stables", "test stables square", 0, "")
    boxes = dict.fromkeys(state.c.horses, 0)
    state.c = dataclasses.replace(state.c, ring={5: square}, ring_size=20, boxes=boxes)
    driven = run(training.lead(state, number, 6), [(0,)])
    trainer = "Walroy" if HORSES[number].colour in ("black", "red") else "Stevedon"
    assert trainer in driven.rolls[0].node.label


def _course(row: str) -> Course:
    shipped = load_content().course
    cells = (tuple(COLOUR_CODES.get(ch, "" if ch == "." else ch) for ch in row),)
    return Course(
        tracks=1,
        lengths=len(row),
        bend=(50, 55),
        gate=shipped.gate,
        cells=cells,
        instructions=shipped.instructions,
    )


@pytest.mark.parametrize(
    ("horse", "colour", "square", "value"),
    [(1, "black", "B", 4), (4, "red", "K", 3), (7, "yellow", "R", 2), (10, "blue", "Y", 1)],
)
def test_colour_cards_on_another_colours_square_move_on_four_three_two_one(
    table: Table, run, horse: int, colour: str, square: str, value: int
) -> None:
    """'If a black, red, yellow, or blue horse stops on any coloured square on the
    racecourse different from its own colour, it must stand still ... unless the player
    holds a card of the same colour as the horse, in which case he may put the coloured
    card on the track, and gain the advantage given by the particular colour, i.e., move
    on four for black, three for red, two for yellow or one for blue. Each card may be
    used only once, and must be thrown into the centre when used.'"""
    assert HORSES[horse].colour == colour
    state = table(horses={horse: 0})
    state.held[0][colour] = 1
    state.c = dataclasses.replace(state.c, course=_course("...." + square + "." * 55))
    state.pos[horse] = (2, 0)
    driven = run(racecourse.move(state, horse, 3), [Colour("card")])
    assert [a.choice for a in driven.asks[0].actions] == ["stand", "card"]
    assert state.pos[horse] == (5 + value, 0)
    assert state.held[0][colour] == 0 and state.centre[colour] == 1


def test_payment_every_card_at_face_value_but_the_auctioneers(table: Table) -> None:
    """'All cards retained by the players must now be paid for, with the exception of the
    auctioneer's card, at face value to the banker': a player who declared the
    Auctioneer's card pays for the rest of his hand only."""
    from homestretch.games.totopoly.rules import deal

    state = table(players=2)
    # our card is printed at £0; priced at £50 here, so that only the rule can spare it
    priced = {
        key: dataclasses.replace(b, value=50) if b.role == "auctioneer" else b
        for key, b in state.c.businesses.items()
    }
    state.c = dataclasses.replace(state.c, businesses=priced)
    assert deal.value_of(state, "lease:auctioneer") == 50
    for card in ("lease:auctioneer", "lease:horse-01", "lease:vet"):
        state.where[card], state.holder[card] = "hand", 0
        state.knows[card] = {0}
    deal.declare(state, 0)
    face = deal.value_of(state, "lease:horse-01") + deal.value_of(state, "lease:vet")
    deal.payment(state)
    assert state.auctioneer == 0
    assert state.cash[0] == 700 - face and state.bank == face
    assert state.where["lease:auctioneer"] == "out"


# --- added by the second audit (docs/rulebook-examples.md, "Totopoly") -------------------


def _ring(state: TotopolyState, squares: dict[int, str], box: int = 0) -> None:
    """A ring of 20 squares, every box opening on square ``box``, with card squares."""
    laid = {
        at: RingSquare(at, effect, f"test square {at}", 0, "") for at, effect in squares.items()
    }
    boxes = dict.fromkeys(state.c.horses, box)
    state.c = dataclasses.replace(state.c, ring=laid, ring_size=20, boxes=boxes)


def test_training_ring_counting_begins_with_the_square_outside_the_box(table: Table, run) -> None:
    """'led in turn out of its box, and around the training ring in a clockwise direction,
    the number of spaces indicated by the throw, beginning with the one immediately
    outside his stable': the square outside the box is space one, so a throw of 2 stops
    on the next square, and a circuit ends back on the square outside the box ('If the
    throw of the dice brings a horse on to the square immediately in front of its box,
    the player will abide by the instructions written thereon before going in')."""
    state = table(horses={1: 0}, status="training")
    _ring(state, {8: "colour_card", 7: "white_card"}, box=7)
    run(training.lead(state, 1, 2))
    assert training.square_of(state, 1) == 8 and state.held[0]["black"] == 1
    run(training.lead(state, 1, 12))  # spaces 3-14: squares 9-19 and 0
    assert training.square_of(state, 1) == 0 and state.status[1] == "training"
    run(training.lead(state, 1, 7))  # spaces 15-21: the 21st is square 7 again, outside the box
    assert state.held[0]["white"] == 1 and state.status[1] == "home"


def test_colour_cards_serve_any_horse_of_their_colour_not_only_the_one_that_gained_them(
    table: Table, run
) -> None:
    """'Colour cards and white cards may be used for any horse of the same colour, and
    need not necessarily be used for the particular horse that gained them in
    training': No. 4 (red) takes a red card in the ring, No. 5 (red) plays it."""
    state = table(horses={4: 0, 5: 0}, status="training")
    _ring(state, {5: "colour_card"})
    run(training.lead(state, 4, 6))
    assert state.held[0]["red"] == 1
    state.status[4] = state.status[5] = "running"
    state.c = dataclasses.replace(state.c, course=_course("....K" + "." * 55))
    state.pos[5] = (2, 0)
    run(racecourse.move(state, 5, 3), [Colour("card")])
    assert state.pos[5] == (8, 0) and state.held[0]["red"] == 0 and state.centre["red"] == 1


def test_colour_cards_may_be_used_only_one_at_a_time(table: Table, run) -> None:
    """'Colour cards may be used only one at a time' and 'Each card may be used only
    once': a red horse holding two red cards on a black square plays one, moves on three
    (not six), and keeps the other for a later square."""
    state = table(horses={4: 0})
    state.held[0]["red"] = 2
    state.c = dataclasses.replace(state.c, course=_course("....K...K" + "." * 51))
    state.pos[4] = (2, 0)
    run(racecourse.move(state, 4, 3), [Colour("card")])
    assert state.pos[4] == (8, 0) and state.held[0]["red"] == 1 and state.centre["red"] == 1
    run(racecourse.move(state, 4, 1), [Colour("card")])  # on to the next black square
    assert state.pos[4] == (12, 0) and state.held[0]["red"] == 0 and state.centre["red"] == 2


def test_a_white_card_goes_with_any_horse_of_its_holder_ruling_t50(table: Table, run) -> None:
    """'Colour cards and white cards may be used for any horse of the same colour': a
    white card has no colour of its own, so it goes with whichever horse of its holder
    stops where one may be thrown in. No. 1 (black) takes a white card in the ring; No. 7
    (yellow) throws it in on a yellow square and does not move on (ruling T50)."""
    state = table(horses={1: 0, 7: 0}, status="training")
    _ring(state, {5: "white_card"})
    run(training.lead(state, 1, 6))
    assert state.held[0]["white"] == 1
    state.status[1] = state.status[7] = "running"
    state.c = dataclasses.replace(state.c, course=_course("....Y" + "." * 55))
    state.pos[7] = (2, 0)
    driven = run(racecourse.move(state, 7, 3), [Colour("white")])
    assert [a.choice for a in driven.asks[0].actions] == ["advantage", "white"]
    assert state.pos[7] == (5, 0) and state.held[0]["white"] == 0 and state.centre["white"] == 1


def test_discarding_6_a_lease_may_be_had_at_auction_below_its_printed_figure(
    table: Table, run
) -> None:
    """Discarding, point 6: 'it may be possible to lease horses and businesses at a lower
    figure than that printed on the card during the auction'; the lot is sold 'without
    reserve': No. 1 (printed £170) knocked down at 30 guineas costs £30 to the bank and
    £2 commission (one shilling in the guinea, 30s, to the nearest pound)."""
    from homestretch.games.totopoly.rules import auction, deal
    from homestretch.games.totopoly.rules.actions import Bid, Pass

    state = table(players=3)
    state.auctioneer = 0
    state.where["lease:horse-01"] = "pool"
    assert deal.value_of(state, "lease:horse-01") == 170
    run(auction.sell_lot(state, "lease:horse-01"), [Bid(30), Pass(), Pass()])
    assert state.owner("lease:horse-01") == 1 and state.status[1] == "training"
    assert state.cash == [702, 700 - 30 - 2, 700] and state.bank == 30


def test_payment_the_banker_pays_for_his_own_and_keeps_the_bank_apart(table: Table) -> None:
    """BANKER: 'The bank's money must be kept separately from the banker's own money as a
    player'; PAYMENT: 'paid for ... at face value to the banker, who should not forget to
    pay for his own'. The banker (seat 0) keeps No. 2 (£160) and the vet (£100): his own
    cash falls by £260 and the bank, apart from it, holds it with the other player's
    £130 for No. 4."""
    from homestretch.games.totopoly.rules import deal

    state = table(players=2)
    assert state.banker == 0
    for card, seat in (("lease:horse-02", 0), ("lease:vet", 0), ("lease:horse-04", 1)):
        state.where[card], state.holder[card] = "hand", seat
        state.knows[card] = {seat}
    deal.payment(state)
    assert state.cash == [700 - 160 - 100, 700 - 130]
    assert state.bank == 160 + 100 + 130


def test_the_race_a_nominee_may_take_the_last_throw_of_a_turn(table: Table, run) -> None:
    """THE RACE: 'He may take his first throw for his nominated horse ... or, if not, he
    may use it for his second horse, taking his next throw for his nominated horse, or
    moving his third horse, and using his final throw for the horse he has nominated to
    win.' Horses 4, 8 and 12, No. 4 nominated: at the first turn 8 and 12 take the first
    two throws and No. 4 the last; next turn the same, and the one after No. 4 first."""
    state = table(horses={4: 0, 8: 0, 12: 0})
    state.c = dataclasses.replace(state.c, course=_course("." * 60))
    for horse, length in ((4, 1), (8, 2), (12, 3)):  # one track: apart, never baulked
        state.pos[horse] = (length, 0)
    state.nominated[0] = 4
    first = run(racecourse.player_turn(state, 0), [(3,), UseThrow(8), (3,), UseThrow(12), (3,)])
    assert [{a.horse for a in ask.actions} for ask in first.asks] == [{4, 8, 12}, {4, 12}]
    assert state.order[0] == [8, 12] and state.pos[4] == (4, 0)
    later = run(racecourse.player_turn(state, 0), [(3,), UseThrow(8), (3,), UseThrow(12), (3,)])
    assert [{a.horse for a in ask.actions} for ask in later.asks] == [{8, 4}, {12, 4}]
    assert state.pos[4] == (7, 0)
    run(racecourse.player_turn(state, 0), [(3,), UseThrow(4), (3,), (3,)])  # then 8, 12
    assert [state.pos[h][0] for h in (4, 8, 12)] == [10, 11, 12]


def test_totalisator_an_approximate_ten_percent_in_round_figures_ruling_t18() -> None:
    """'from which he should take his 10% commission. An approximate 10% should be taken
    in some cases in order to produce round figures. The remainder is then divided by the
    total amount laid on the winning horse': a £123 pool, £12 to the clerk, £111 over
    £12 on the winner (£9.25 a pound); £7 wins £64 and £5 £46, rounded down, and the odd
    pound stays with the clerk too (T18)."""
    from homestretch.games.totopoly.rules import tote

    paid, kept = tote.dividends(123, [7, 5])
    assert paid == [64, 46] and kept == 123 - 110


@pytest.mark.parametrize(
    ("effect", "business", "pack"), [("stables", "walroy", "Walroy"), ("vet", "vet", "vet")]
)
def test_training_ring_the_stables_and_vet_owners_obey_their_own_squares_unpaid(
    table: Table, run, effect: str, business: str, pack: str
) -> None:
    """'The owners of the stables, and the vet, must obey the instructions on those
    squares, calling on the stables or vet, if their horses stop on them, but,
    naturally, they cannot pay money to themselves': the Walroy (or vet's) owner's black
    horse stops on a £10 stables (vet's) square, pays nobody and still reads the
    report."""
    state = table(horses={1: 0}, businesses={business: 0}, status="training")
    square = RingSquare(5, effect, "test square", 10, "")
    boxes = dict.fromkeys(state.c.horses, 0)
    state.c = dataclasses.replace(state.c, ring={5: square}, ring_size=20, boxes=boxes)
    driven = run(training.lead(state, 1, 6), [(0,)])
    assert state.cash == [700, 700] and state.bank == 0
    assert len(driven.rolls) == 1 and pack in driven.rolls[0].node.label
