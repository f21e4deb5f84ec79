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
from homestretch.games.totopoly.rules.actions import Colour
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
