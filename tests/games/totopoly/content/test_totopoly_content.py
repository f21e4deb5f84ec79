"""Our own board and cards keep the promises the rulebook makes about them."""

from __future__ import annotations

from collections import Counter

from homestretch.games.totopoly.content.loader import load_content


def test_twenty_lease_cards_twelve_horses_three_of_each_colour() -> None:
    c = load_content()
    assert len(c.horses) + len(c.businesses) == 20
    assert Counter(h.colour for h in c.horses.values()) == dict.fromkeys(
        ("black", "red", "yellow", "blue"), 3
    )
    # Face values fall with the colour's chances, so the deal prices them fairly.
    values = {
        colour: [h.value for h in c.horses.values() if h.colour == colour]
        for colour in ("black", "red", "yellow", "blue")
    }
    assert min(values["black"]) > max(values["red"]) > 0
    assert min(values["red"]) > max(values["yellow"])
    assert min(values["yellow"]) > max(values["blue"])


def test_burst_blood_vessel_only_on_the_bend_off_the_rails() -> None:
    course = load_content().course
    bursts = [
        (length, track)
        for track in range(course.tracks)
        for length in range(1, course.lengths + 1)
        if course.cell(length, track) in course.instructions
        and course.instructions[course.cell(length, track)].effect == "burst"
    ]
    assert bursts
    assert all(course.on_bend(length) and track > 0 for length, track in bursts)


def test_every_track_has_squares_of_every_colour() -> None:
    course = load_content().course
    for track in range(course.tracks):
        cells = Counter(course.cells[track])
        assert all(cells[colour] > 0 for colour in ("black", "red", "yellow", "blue"))


def test_report_decks_give_advantages_and_disadvantages() -> None:
    # "they may get a report giving some disadvantage": every deck is a gamble that
    # pays on average; the trainers' decks more than the vet's.
    c = load_content()
    for deck, ids in c.decks.items():
        effects = Counter(c.reports[i].effect for i in ids)
        assert effects["colour_card"] >= effects["white_card"] > 0, deck
        if deck != "vet":
            assert effects["colour_card"] > effects["white_card"], deck


def test_the_board_alone_orders_the_colours_and_keeps_move_ons_off_the_last_lengths() -> None:
    """ "the black ones have more chance than the red ones, the reds more chance than
    the yellow ones, and the blues least chance of all": on every track the lengths of
    move-on a horse's own squares give (black 4, red 3, yellow 2, blue 1 a square)
    follow that order; and no coloured or "go on" length lies on the last four, where
    a move on could overshoot the post (ruling T9)."""
    course = load_content().course
    value = {"black": 4, "red": 3, "yellow": 2, "blue": 1}
    for track in range(course.tracks):
        cells = Counter(course.cells[track])
        gains = [value[c] * cells[c] for c in ("black", "red", "yellow", "blue")]
        assert gains == sorted(gains, reverse=True) and len(set(gains)) == 4, track
        last = course.cells[track][-4:]
        assert not any(c in value or c == "s" for c in last), track
