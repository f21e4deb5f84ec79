"""Our own board and cards keep the promises the rulebook makes about them."""

from __future__ import annotations

from collections import Counter

from homestretch.games.totopoly.content import load_content


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
