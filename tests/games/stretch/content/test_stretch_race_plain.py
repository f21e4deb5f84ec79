"""A race read for `stretch odds` without pydantic (race_plain.py): the same race the
models build, never a file the models refuse, the models' one message on a bad file, and
a kept plain entry that is damaged or stale made again, never trusted."""

from __future__ import annotations

import datetime
import hashlib
import os
import pickle
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import refused as one_line_refusal

from homestretch.core.content import read_toml
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.games.stretch.analysis.exact_cache import content_key
from homestretch.games.stretch.content import cards_plain, race_plain
from homestretch.games.stretch.content.card_set import HorseCard, JockeyCard
from homestretch.games.stretch.content.chart_set import FURLONGS, load_chart_set
from homestretch.games.stretch.content.race import (
    EntrySpec,
    Race,
    RaceSpec,
    Runner,
    load_race,
    plain_rules,
)
from homestretch.games.stretch.content.race_plain import (
    PlainContent,
    PlainRace,
    PlainRunner,
    bundled_races,
    load_odds_race,
    vouch,
)

ODDS = "from homestretch.cli.main import run; run()"


def same_race(plain: PlainRace, model: Race) -> None:
    for name in PlainRace._fields[:-1]:
        assert getattr(plain, name) == getattr(model, name), name
        assert type(getattr(plain, name)) is type(getattr(model, name)), name
    assert len(plain.runners) == len(model.runners)
    for ours, theirs in zip(plain.runners, model.runners, strict=True):
        for name in PlainRunner._fields:
            value = getattr(theirs, name)
            if name in ("horse", "jockey"):
                value = tuple(getattr(value, field) for field in type(getattr(ours, name))._fields)
            assert getattr(ours, name) == value, name


def test_the_records_hold_the_models_fields_in_their_order() -> None:
    assert cards_plain.Horse._fields == tuple(HorseCard.model_fields)
    assert cards_plain.Jockey._fields == tuple(JockeyCard.model_fields)
    assert PlainRunner._fields == tuple(Runner.model_fields)
    assert PlainRace._fields == tuple(Race.model_fields)


def test_the_race_files_rules_are_taken_from_the_models() -> None:
    rules = plain_rules(RaceSpec)
    assert rules is not None and set(rules) == set(RaceSpec.model_fields)
    assert (rules["furlongs"].ge, rules["furlongs"].le) == FURLONGS and rules["furlongs"].finite
    entries = rules["entries"].entries
    assert entries is not None and set(entries) == set(EntrySpec.model_fields)
    assert (rules["entries"].min_length, rules["entries"].max_length) == (2, 20)
    assert entries["horse"].kinds == {"str"}  # a card written inline is the models' to read
    assert race_plain.condition_named in rules["condition"].checks


@pytest.mark.parametrize("path", bundled_races(), ids=lambda path: path.stem)
def test_every_bundled_race_is_read_plain_as_the_models_read_it(path: Path) -> None:
    plain = load_odds_race(path)
    assert isinstance(plain, PlainRace)
    model = load_race(path)
    same_race(plain, model)
    charts = load_chart_set()
    assert content_key(plain, charts) == content_key(model, charts)  # one kept answer


# values a race file could hold, right and wrong, to put anywhere in one
ANY = [
    "",
    " ",
    "Fine Name",
    "x\x1b[31m",
    "a\tb",
    "x" * 300,
    "FAST",
    "Muddy",
    "swampy",
    "dirt",
    "turf",
    "synthetic",
    "Dirt",
    "standard",
    "5/2",
    "evens",
    "5-",
    "secretariat-1973",
    "Secretariat",
    "house-a",
    "no-such-card",
    0,
    -3,
    -4,
    1,
    8,
    12,
    29,
    30,
    2**70,
    4.5,
    4.49,
    16,
    16.01,
    8.0,
    -0.0,
    float("nan"),
    float("inf"),
    True,
    False,
    None,
    [],
    {},
    {"name": "X", "range_low": 6, "range_high": 9, "pace": 3, "form": "C", "power_dirt": 20},
    datetime.date(2009, 10, 10),
]


def damaged(base: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    race = {**base, "entries": [dict(e) for e in base["entries"]]}
    for _ in range(rng.randint(1, 3)):
        entries = race.get("entries")
        entries = entries if isinstance(entries, list) else []
        tables = [entry for entry in entries if isinstance(entry, dict)]
        where = race if rng.random() < 0.5 or not tables else rng.choice(tables)
        keys = list(RaceSpec.model_fields if where is race else EntrySpec.model_fields)
        choice = rng.random()
        if choice < 0.7:
            where[rng.choice([*keys, "extra"])] = rng.choice(ANY)
        elif choice < 0.85:
            where.pop(rng.choice(keys), None)
        else:
            count = rng.choice([0, 1, 2, 3, 20, 21])
            tables = tables or [{"horse": "secretariat-1973", "jockey": "house-a"}]
            race["entries"] = [dict(tables[i % len(tables)]) for i in range(count)]
            if count and rng.random() < 0.2:
                race["entries"][0] = rng.choice(ANY)
    return race


def test_the_plain_reader_never_accepts_what_the_models_refuse() -> None:
    """Thousands of damaged race files: whatever the plain reader vouches for, the
    models accept, with the very same values; whatever they refuse, it refuses."""
    rules = plain_rules(RaceSpec)
    assert rules is not None
    rng = random.Random(17)
    bases = [read_toml(path) for path in bundled_races()]
    vouched = refused = 0
    for _ in range(6000):
        race = damaged(rng.choice(bases), rng)
        ours = vouch(race, rules)
        try:
            theirs = RaceSpec.model_validate(race, strict=True).model_dump()
        except (ValueError, HomestretchError):  # pydantic's ValidationError is a ValueError
            assert ours is None, race
            refused += 1
            continue
        if ours is not None:
            vouched += 1
            assert ours == theirs, race
            assert type(ours["furlongs"]) is float
    assert vouched > 500 and refused > 2000  # both sides were tried


@pytest.fixture
def standard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the standard cards standing in for them, and a cache of the test's own."""
    shutil.copytree(cards_plain.STANDARD_CARDS, tmp_path / "cards")
    monkeypatch.setattr(race_plain, "STANDARD_CARDS", tmp_path / "cards")
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))
    yield tmp_path


def plain_entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache").glob("race-plain-*.pickle"))


def kept_bytes(made: object) -> bytes:
    pickled = pickle.dumps(made)
    return hashlib.sha256(pickled).digest() + pickled


def test_the_cards_and_rules_are_kept_once(standard: Path) -> None:
    first = race_plain.kept_content()
    assert isinstance(first, PlainContent)
    (entry,) = plain_entries(standard)
    again = race_plain.kept_content()
    assert again == first and again is not first  # read back from the entry
    assert plain_entries(standard) == [entry]


@pytest.mark.parametrize(
    "damage",
    ["empty", "garbage", "cut short", "a rating changed", "another folder", "another kind"],
)
def test_a_damaged_plain_entry_is_made_again_never_trusted(standard: Path, damage: str) -> None:
    race_plain.kept_content()
    (entry,) = plain_entries(standard)
    whole = entry.read_bytes()
    content = pickle.loads(whole[32:])
    horses = dict(content.cards.horses)
    horses["secretariat-1973"] = horses["secretariat-1973"]._replace(pace=0)
    entry.write_bytes(
        {
            "empty": b"",
            "garbage": b"not a pickle",
            "cut short": whole[: len(whole) // 2],
            # still a pickle that fits, one rating changed: its digest refuses it
            "a rating changed": whole[:32]
            + pickle.dumps(content._replace(cards=content.cards._replace(horses=horses))),
            "another folder": kept_bytes(
                content._replace(cards=content.cards._replace(folder=Path("/x")))
            ),
            "another kind": kept_bytes({"cards": content.cards}),
        }[damage]
    )
    plain = load_odds_race("2009-champagne-stakes")
    assert isinstance(plain, PlainRace)
    assert plain.runners[0].horse.pace == load_race("2009-champagne-stakes").runners[0].horse.pace
    assert race_plain.kept_content() == content
    assert entry.read_bytes() == whole  # made again and kept again


def test_a_changed_card_file_is_checked_again_by_the_models(standard: Path) -> None:
    race = "2009-champagne-stakes"
    name = load_race(race).runners[0].horse
    assert load_odds_race(race).runners[0].horse.name == name.name
    horses = standard / "cards" / "horses.csv"
    text = horses.read_text()
    horses.write_text(text.replace(name.name, "A New Name", 1))
    assert load_odds_race(race).runners[0].horse.name == "A New Name"  # not the kept card
    assert len(plain_entries(standard)) == 2
    lines = text.splitlines()
    header = lines[0].split(",")
    row = next(i for i, line in enumerate(lines) if line.startswith(name.id + ","))
    cells = lines[row].split(",")
    cells[header.index("pace")] = "12"  # the models refuse it
    lines[row] = ",".join(cells)
    horses.write_text("\n".join(lines) + "\n")
    with pytest.raises(ContentError, match=r"horses\.csv.*pace"):
        load_odds_race(race)


def test_another_card_folder_is_read_by_the_models(tmp_path: Path) -> None:
    shutil.copytree(cards_plain.STANDARD_CARDS, tmp_path / "mine")
    text = (race_plain.BUNDLED_RACES / "2009-champagne-stakes.toml").read_text()
    path = tmp_path / "race.toml"
    path.write_text('cards = "mine"\n' + text)
    assert isinstance(load_odds_race(path), Race)
    same_race(load_odds_race("2009-champagne-stakes"), load_odds_race(path))  # type: ignore[arg-type]


BAD = {  # a race file's first entry (and any line above the entries), and what the
    # models say of it (None: whatever they say)
    "no such card": (
        'horse = "no-such-horse"\njockey = "house-a"',
        "no horse card 'no-such-horse'",
    ),
    "a jockey twice": ('horse = "super-saver-2009"\njockey = "arcaro"', "already rides entry 1"),
    "inline card": (
        'horse = {name = "X", range_low = 6, range_high = 9, pace = 12, form = "C", '
        'power_dirt = 20}\njockey = "house-a"',
        "pace",
    ),
    "condition": ('condition = "swampy"', "condition: 'swampy' is not one of fast"),
    "odds": ('horse = "super-saver-2009"\njockey = "house-a"\nodds = "5-"', None),
    "furlongs": ("furlongs = 30", "furlongs"),
    "apr": ('horse = "super-saver-2009"\njockey = "house-a"\napr = true', "apr"),
    "extra": ('horse = "super-saver-2009"\njockey = "house-a"\nspeed = 3', "speed"),
    "blank name": ('name = " "', "must not be blank"),
}


def bad_race(tmp_path: Path, case: str) -> Path:
    lines, _ = BAD[case]
    top = {"name": '"Bad"', "furlongs": "8"}
    entry = 'horse = "super-saver-2009"\njockey = "house-a"'
    if lines.startswith("horse"):
        entry = lines
    else:
        key, value = lines.split(" = ")
        top[key] = value
    path = tmp_path / "race.toml"
    path.write_text(
        "".join(f"{key} = {value}\n" for key, value in top.items())
        + f"[[entries]]\n{entry}\n"
        + '[[entries]]\nhorse = "overlap-2009"\njockey = "arcaro"\n'
    )
    return path


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_race_file_gets_the_models_one_message(tmp_path: Path, case: str) -> None:
    """At the terminal, `stretch odds` says what the models say of a bad race file, in
    one line with the file's name, exit status 2, whether the plain reader or the
    models read it first."""
    path = bad_race(tmp_path, case)
    with pytest.raises(ContentError) as refused:
        load_race(path)
    message = str(refused.value)
    expected = BAD[case][1]
    assert expected is None or expected in message
    with pytest.raises(ContentError) as again:
        load_odds_race(path)
    assert str(again.value) == message
    assert message in one_line_refusal(tmp_path, "stretch", "odds", str(path))


WATCH = """
import os, sys

class Watched:
    # stdout, telling stderr whether pydantic is loaded when the brackets' table ends
    def __init__(self, out):
        self.out, self.told = out, False

    def write(self, text):
        if not self.told and "\\u2514" in text:
            self.told = True
            print("pydantic", "pydantic" in sys.modules, file=sys.stderr, flush=True)
        return self.out.write(text)

    def __getattr__(self, name):
        return getattr(self.out, name)

sys.stdout = Watched(sys.stdout)
"""


def test_a_fresh_odds_shows_the_brackets_without_pydantic(tmp_path: Path) -> None:
    """The first answer, from a fresh process with the plain entry kept: no pydantic
    (the exact sums after it may load whatever they need)."""
    env = {**os.environ, "HOMESTRETCH_CACHE": str(tmp_path)}
    for kept in (False, True):  # the first run keeps the plain entry, the second reads it
        with subprocess.Popen(
            [sys.executable, "-c", WATCH + ODDS, "stretch", "odds", "2009-champagne-stakes"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        ) as child:
            assert child.stderr is not None
            told = next(line for line in child.stderr if line.startswith("pydantic "))
            child.kill()  # the exact sums are not waited for
        assert told.split() == ["pydantic", str(not kept)]


def _homestretch_imports(path: Path) -> set[Path]:
    """The homestretch modules ``path`` imports, at its top or inside a function, and
    theirs in turn: every module a kept entry's checks could depend on."""
    import ast

    src = Path(race_plain.__file__).parents[4]
    seen: set[Path] = set()
    todo = [path]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        for node in ast.walk(ast.parse(module.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:  # a module, or a package's
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                if name.startswith("homestretch."):
                    file = src / (name.replace(".", "/") + ".py")
                    if file.exists():
                        todo.append(file)
    return seen


@pytest.mark.parametrize("kind", ["cards", "charts", "race-plain"])
def test_a_kept_entry_is_named_by_every_module_its_checks_import(
    monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A kept entry is made again when any module its checks are made by changes: the
    sources it is named by include every homestretch module those import."""
    from homestretch.core import kept
    from homestretch.games.stretch.content import card_set as cards

    named: list[Path] = []

    def checked(what: str, folder: Path, files: Any, sources: Any, *rest: Any) -> None:
        named.extend(Path(source).resolve() for source in sources)

    monkeypatch.setattr(kept, "checked", checked)
    if kind == "cards":
        cards.load_card_set()
        needed = _homestretch_imports(Path(cards.__file__))
    elif kind == "charts":
        from homestretch.games.stretch.content import chart_set

        chart_set._load_cached.cache_clear()  # a process's chart sets are its own memory
        try:
            load_chart_set()
        finally:
            chart_set._load_cached.cache_clear()  # not the stand-in's None
        needed = _homestretch_imports(Path(chart_set.__file__))
    else:
        race_plain.kept_content()
        from homestretch.games.stretch.content import race

        needed = _homestretch_imports(Path(race.__file__))
    src = Path(race_plain.__file__).parents[3]
    # the game's entry, the errors (nothing refused is kept) and the keeping itself (its
    # FORMAT names every entry) make nothing an entry holds
    needed -= {src / "games/stretch/__init__.py", src / "core/errors.py", src / "core/kept.py"}
    assert {path.resolve() for path in needed} <= set(named)
