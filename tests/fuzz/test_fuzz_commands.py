"""Every command's options and arguments, one hostile value at a time: each case ends in
exit 0 with a sane result or exit 2 with one line, never a traceback, hang or blow-up."""

from __future__ import annotations

import shutil
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.fuzz.commands import COMMANDS, SLOTS
from tests.fuzz.conftest import examples
from tests.fuzz.harness import Homestretch
from tests.fuzz.values import hostile_text, special_files

SAMPLE = Path(__file__).parents[2] / "samples" / "derbycast" / "saturday_card.csv"


def _values(place: Path) -> st.SearchStrategy[str]:
    paths = [str(p) for p in special_files(place / "special").values()]
    return st.one_of(hostile_text(), st.sampled_from(paths))


def _prepare(place: Path) -> None:
    shutil.copy(SAMPLE, place / "card.csv")


@settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(120))
@given(data=st.data())
def test_one_hostile_value_in_any_option(hs: Homestretch, place: Path, data: st.DataObject) -> None:
    _prepare(place)
    name, slot = data.draw(st.sampled_from(SLOTS), label="option")
    value = data.draw(_values(place), label="value")
    argv = COMMANDS[name].with_value(slot, value)
    outcome = hs.run(argv, place / "fuzz.sqlite", cwd=place)
    assert outcome.problem() is None, (outcome.problem(), argv[:12], outcome.stderr[-3000:])


@settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(30))
@given(data=st.data())
def test_two_hostile_values_at_once(hs: Homestretch, place: Path, data: st.DataObject) -> None:
    _prepare(place)
    name = data.draw(st.sampled_from(sorted(COMMANDS)), label="command")
    command = COMMANDS[name]
    slots = data.draw(st.lists(st.sampled_from(command.slots), min_size=1, max_size=2, unique=True))
    argv = list(command.argv)
    for slot in slots:
        argv = type(command)(tuple(argv), command.slots).with_value(slot, data.draw(_values(place)))
    outcome = hs.run(argv, place / "fuzz.sqlite", cwd=place)
    assert outcome.problem() is None, (outcome.problem(), argv[:12], outcome.stderr[-3000:])


TYPING = {
    "across": ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "1"],
    "totopoly": ["totopoly", "play", "--players", "Ann", "--bots", "1", "--seed", "1"],
    "derbycast": ["derbycast", "play", "--players", "Ann", "--bots", "1", "--seed", "1"]
    + ["--source", "replays", "--races", "1"],
    "derbycast keeper": ["derbycast", "play", "--bots", "2", "--seed", "1", "--races", "1"],
    "stretch ask": ["stretch", "run", "2009-champagne-stakes", "--dice", "ask", "--no-save"],
}


@settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(25))
@given(data=st.data())
def test_hostile_typing_at_every_prompt(hs: Homestretch, place: Path, data: st.DataObject) -> None:
    """Menus, bids, rolls typed at --dice ask, a score keeper's results: whatever is typed,
    the game asks again or stops as Ctrl-C would when the input ends (exit 130)."""
    name = data.draw(st.sampled_from(sorted(TYPING)), label="game")
    lines = data.draw(st.lists(hostile_text(), min_size=1, max_size=8), label="typed")
    typed = "\n".join(line.replace("\n", " ") for line in lines) + "\n"
    outcome = hs.run(TYPING[name], place / "typing.sqlite", cwd=place, stdin=typed)
    assert outcome.problem() is None, (outcome.problem(), name, lines, outcome.stderr[-3000:])
