"""Every command's options and arguments, one hostile value at a time: each case ends in
exit 0 with a sane result or exit 2 with one line, never a traceback, hang or blow-up."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.cli.test_command_tree import value_taking, walked
from tests.fuzz.commands import COMMANDS, HELD, SLOTS, Command
from tests.fuzz.conftest import examples
from tests.fuzz.harness import SECONDS, SERVING_SECONDS, Homestretch, Outcome
from tests.fuzz.values import HOSTILE, hostile_text, special_files

SAMPLE = Path(__file__).parents[2] / "samples" / "derbycast" / "saturday_card.csv"


def _values(place: Path) -> st.SearchStrategy[str]:
    paths = [str(p) for p in special_files(place / "special").values()]
    return st.one_of(hostile_text(), st.sampled_from(paths))


def _prepare(place: Path) -> None:
    shutil.copy(SAMPLE, place / "card.csv")


def _run(hs: Homestretch, argv: list[str], place: Path, port: int) -> Outcome:
    """The case run in ``place``: a ``serve`` case given the held port (and less time)."""
    argv = [str(port) if word == HELD else word for word in argv]
    seconds = SERVING_SECONDS if argv[0] == "serve" else SECONDS
    return hs.run(argv, place / "fuzz.sqlite", cwd=place, seconds=seconds)


def _long_name(command: object, slot: str) -> str:
    """A slot as the command tree names it: an option's long name, an argument's @NAME."""
    params = getattr(command, "params", [])
    if slot.startswith("@"):
        argument = [p for p in params if p.param_type_name == "argument"][int(slot[1:])]
        return "@" + (argument.metavar or argument.name.upper()).strip("[]")
    option = next(p for p in params if slot in p.opts)
    return next(o for o in option.opts if o.startswith("--"))


def test_every_option_of_every_command_is_fuzzed() -> None:
    """The command tree walked (as tests/cli/test_command_tree.py walks it): every option
    and argument that takes a value has a slot here (the stretch bettors, totopoly
    tournament and verify had none), and no slot names one that is gone."""
    tree = dict(walked())
    fuzzed = {
        (command.path(), _long_name(tree[command.path()], slot))
        for command in COMMANDS.values()
        for slot in command.slots
    }
    every = {(path, what) for path, command in tree.items() for what in value_taking(command)}
    assert every - fuzzed == set()
    assert fuzzed - every == set()


EVERY_SLOT = [(name, slot) for name, slot in SLOTS]


@pytest.mark.parametrize(
    ("name", "slot"), EVERY_SLOT, ids=[f"{name} {slot}" for name, slot in EVERY_SLOT]
)
def test_each_option_takes_a_hostile_value(
    hs: Homestretch, place: Path, held_port: int, name: str, slot: str
) -> None:
    """Every slot, every run, one value from the corpus (chosen by where the slot stands,
    so the slots between them meet all of it): the sampled tests below may miss a slot."""
    _prepare(place)
    index = SLOTS.index((name, slot))
    value = HOSTILE[(index * 7) % len(HOSTILE)]
    argv = COMMANDS[name].with_value(slot, value)
    outcome = _run(hs, argv, place, held_port)
    assert outcome.problem() is None, (outcome.problem(), argv[:12], outcome.stderr[-3000:])


@settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(60))
@given(data=st.data())
def test_one_hostile_value_in_any_option(
    hs: Homestretch, place: Path, held_port: int, data: st.DataObject
) -> None:
    _prepare(place)
    name, slot = data.draw(st.sampled_from(SLOTS), label="option")
    value = data.draw(_values(place), label="value")
    argv = COMMANDS[name].with_value(slot, value)
    outcome = _run(hs, argv, place, held_port)
    assert outcome.problem() is None, (outcome.problem(), argv[:12], outcome.stderr[-3000:])


@settings(settings.get_profile("homestretch-fuzz"), max_examples=examples(30))
@given(data=st.data())
def test_two_hostile_values_at_once(
    hs: Homestretch, place: Path, held_port: int, data: st.DataObject
) -> None:
    _prepare(place)
    name = data.draw(st.sampled_from(sorted(COMMANDS)), label="command")
    command = COMMANDS[name]
    slots = data.draw(st.lists(st.sampled_from(command.slots), min_size=1, max_size=2, unique=True))
    argv = list(command.argv)
    for slot in slots:
        argv = Command(tuple(argv), command.slots).with_value(slot, data.draw(_values(place)))
    outcome = _run(hs, argv, place, held_port)
    assert outcome.problem() is None, (outcome.problem(), argv[:12], outcome.stderr[-3000:])


TYPING = {
    "across": ["across", "play", "--players", "Ann", "--bots", "2", "--seed", "1"],
    "totopoly": ["totopoly", "play", "--players", "Ann", "--bots", "1", "--seed", "1"],
    "derbycast": ["derbycast", "play", "--players", "Ann", "--bots", "1", "--seed", "1"]
    + ["--source", "replays", "--races", "1"],
    "derbycast keeper": ["derbycast", "play", "--bots", "2", "--seed", "1", "--races", "1"],
    "stretch ask": ["stretch", "run", "2009-champagne-stakes", "--dice", "ask", "--no-save"],
    "stretch bettors": ["stretch", "run", "2009-champagne-stakes", "--bettor", "Ann", "--seed"]
    + ["1", "--computer-bettor", "Rob", "--bettor", "Bea"],
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
