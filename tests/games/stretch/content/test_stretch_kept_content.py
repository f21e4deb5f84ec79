"""The standard card and chart sets, read and checked once and kept (core.kept): a kept
set is the set read afresh; a changed file is read again, never served stale; a damaged
or foreign entry is read again, never an error; an unwritable cache keeps nothing."""

from __future__ import annotations

import hashlib
import pickle
import shutil
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from homestretch.core import kept
from homestretch.games.stretch.content import card_set as cards
from homestretch.games.stretch.content import chart_set as charts
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_set import load_chart_set


@pytest.fixture
def standard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Copies of the standard card and chart sets standing in for them, and a cache
    folder of the test's own."""
    monkeypatch.setattr(cards, "STANDARD_CARDS", tmp_path / "cards")
    monkeypatch.setattr(charts, "STANDARD", tmp_path / "charts")
    shutil.copytree(Path(cards.__file__).parent / "cards", tmp_path / "cards")
    shutil.copytree(Path(charts.__file__).parent / "charts" / "standard", tmp_path / "charts")
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))
    charts._load_cached.cache_clear()  # the process's own memory of chart sets
    yield tmp_path
    charts._load_cached.cache_clear()


def as_kept(made: object) -> bytes:
    """``made`` as ``core.kept`` writes an entry: a digest of its pickle, then the pickle."""
    pickled = pickle.dumps(made)
    return hashlib.sha256(pickled).digest() + pickled


def entries(tmp_path: Path, kind: str) -> list[Path]:
    return sorted((tmp_path / "cache").glob(f"{kind}-*.pickle"))


def fresh_charts() -> charts.ChartSet:
    charts._load_cached.cache_clear()
    return load_chart_set()


def test_a_kept_card_set_is_the_set_read_afresh(standard: Path) -> None:
    first = load_card_set()
    (entry,) = entries(standard, "cards")
    again = load_card_set()
    assert again == first and again is not first  # read back from the entry
    assert again == cards._read_card_set(standard / "cards")
    assert again.horses["secretariat-1973"].name == "Secretariat"
    assert entries(standard, "cards") == [entry]


def test_a_kept_chart_set_is_the_set_read_afresh_with_its_arrays(standard: Path) -> None:
    first = fresh_charts()
    (entry,) = entries(standard, "charts")
    kept_charts = pickle.loads(kept._whole(entry.read_bytes()))
    assert "arrays" in kept_charts.__dict__  # the lookup arrays kept with it
    again = fresh_charts()
    assert again == first and again is not first
    for name, value in vars(first.arrays).items():
        assert np.array_equal(getattr(again.arrays, name), value), name


def test_a_changed_card_file_is_read_again(standard: Path) -> None:
    assert load_card_set().horses["secretariat-1973"].name == "Secretariat"
    horses = standard / "cards" / "horses.csv"
    horses.write_text(horses.read_text().replace("Secretariat", "Big Red"))
    assert load_card_set().horses["secretariat-1973"].name == "Big Red"
    assert len(entries(standard, "cards")) == 2  # the old entry is never read again
    jockeys = standard / "cards" / "jockeys.csv"
    jockeys.write_text(jockeys.read_text() + "late-rider,Late Rider,1,7,\n")
    assert "late-rider" in load_card_set().jockeys


def raise_a_final_speed(charts: Path) -> None:
    """One reading of the Final Speed chart in the chart set ``charts`` made one higher."""
    speed = charts / "final_speed.csv"
    lines = speed.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if line[:1].isdigit())
    cells = lines[row].split(",")
    cells[-1] = str(int(cells[-1]) + 1)
    lines[row] = ",".join(cells)
    speed.write_text("\n".join(lines) + "\n")


def test_a_changed_chart_file_is_read_again(standard: Path) -> None:
    before = fresh_charts()
    raise_a_final_speed(standard / "charts")
    after = fresh_charts()
    assert after.final_speed != before.final_speed
    assert not np.array_equal(after.arrays.final_speed, before.arrays.final_speed)
    assert after.final_speed == charts._read_chart_set(standard / "charts").final_speed


def test_a_broken_card_file_is_refused_as_before_and_nothing_is_kept(standard: Path) -> None:
    horses = standard / "cards" / "horses.csv"
    horses.write_text(horses.read_text().replace("Secretariat", "", 1))
    with pytest.raises(Exception, match="horses.csv"):
        load_card_set()
    assert entries(standard, "cards") == []


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"not a pickle",
        as_kept({"horses": {}}),
        as_kept("a string"),
        pickle.dumps(cards.CardSet(Path("/elsewhere"), {}, {})),  # a pickle, no digest
    ],
    ids=["empty", "garbage", "another kind", "a string", "no digest"],
)
def test_a_damaged_entry_is_read_again_never_an_error(standard: Path, damage: bytes) -> None:
    first = load_card_set()
    fresh_charts()
    for entry in entries(standard, "cards") + entries(standard, "charts"):
        entry.write_bytes(damage)
    assert load_card_set() == first
    assert fresh_charts() == charts._read_chart_set(standard / "charts")
    for entry in entries(standard, "cards") + entries(standard, "charts"):
        assert entry.read_bytes() != damage  # made again and kept again


def test_an_entry_kept_before_the_layout_is_read_again(standard: Path) -> None:
    """An entry kept before Top of the Stretch moved to DESIGN.md's layout names the
    modules' old paths (homestretch.games.stretch.cards and .charts, gone now): it cannot
    be read back, so the set is read again and kept again, never an error."""
    first = load_card_set()
    fresh_charts()
    old = {
        "cards": "homestretch.games.stretch" + ".cards",  # the pre-layout names, joined
        "charts": "homestretch.games.stretch" + ".charts",  # so no rewrite renames them
    }
    for kind, name in old.items():
        (entry,) = entries(standard, kind)
        made = pickle.loads(kept._whole(entry.read_bytes()))
        with pytest.MonkeyPatch.context() as patch:  # pickled as the old module would have
            stand_in = types.ModuleType(name)
            setattr(stand_in, type(made).__name__, type(made))
            patch.setitem(sys.modules, name, stand_in)
            patch.setattr(type(made), "__module__", name)
            before = pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)
        assert before.index(name.encode()) < before.index(type(made).__name__.encode())
        with pytest.raises(ModuleNotFoundError):
            pickle.loads(before)
        entry.write_bytes(hashlib.sha256(before).digest() + before)  # as kept.py writes
    assert load_card_set() == first
    assert fresh_charts() == charts._read_chart_set(standard / "charts")
    for kind in old:
        (entry,) = entries(standard, kind)
        assert pickle.loads(kept._whole(entry.read_bytes())) is not None  # made again, kept again


def test_a_chart_set_kept_with_its_arrays_under_their_old_home_is_read(standard: Path) -> None:
    """The lookup arrays were ``analysis.kernel.ChartArrays`` before they moved beside the
    charts (content/chart_arrays.py); kernel imports them from there, so a chart set kept
    with arrays under the old name reads back whole."""
    from homestretch.games.stretch.content.chart_arrays import ChartArrays

    first = fresh_charts()
    (entry,) = entries(standard, "charts")
    made = pickle.loads(kept._whole(entry.read_bytes()))
    old = "homestretch.games.stretch.analysis" + ".kernel"  # joined: no rewrite renames it
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ChartArrays, "__module__", old)
        before = pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)
    assert old.encode() in before
    again = pickle.loads(before)
    assert again == first and type(again.arrays) is ChartArrays
    for name, value in vars(first.arrays).items():
        assert np.array_equal(getattr(again.arrays, name), value), name


def test_a_cut_short_entry_is_read_again(standard: Path) -> None:
    first = load_card_set()
    (entry,) = entries(standard, "cards")
    entry.write_bytes(entry.read_bytes()[:1000])
    assert load_card_set() == first


def test_an_entry_damaged_where_it_still_unpickles_is_read_again(standard: Path) -> None:
    """A kept card set with one rating changed in its bytes unpickles to a card set that
    fits, and is wrong: the entry's digest of its own bytes refuses it."""
    first = load_card_set()
    (entry,) = entries(standard, "cards")
    whole = entry.read_bytes()
    damaged = whole.replace(b"Secretariat", b"Secretariot", 1)
    assert damaged != whole
    assert pickle.loads(damaged[32:]).horses["secretariat-1973"].name == "Secretariot"
    entry.write_bytes(damaged)
    assert load_card_set() == first
    assert entry.read_bytes() == whole  # made again and kept again


def test_an_entry_of_another_folder_is_not_served(standard: Path) -> None:
    """A card set kept for one folder, under the name another folder's would have: the
    kept set names its folder, and only its own folder's fits."""
    load_card_set()
    (entry,) = entries(standard, "cards")
    other = cards.CardSet(Path("/elsewhere"), {}, {})
    entry.write_bytes(as_kept(other))
    assert load_card_set().folder == standard / "cards"


def test_an_unwritable_cache_keeps_nothing_and_fails_nothing(
    standard: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = standard / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(blocked / "cache"))
    assert load_card_set().horses
    assert fresh_charts().final_speed


def test_another_folder_is_read_every_time(standard: Path) -> None:
    """Only the standard sets are kept (a folder of one's own is read as it is)."""
    other = standard / "mine"
    shutil.copytree(standard / "cards", other)
    assert load_card_set(other).folder == other
    assert entries(standard, "cards") == []


def test_a_changed_rule_or_version_names_another_entry(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text("x\n1\n")
    source = tmp_path / "rules.py"
    source.write_text("RULE = 1\n")
    key = kept._key("cards", tmp_path, ["a.csv"], [source], "pydantic 2")
    assert key == kept._key("cards", tmp_path, ["a.csv"], [source], "pydantic 2")
    assert key != kept._key("cards", tmp_path, ["a.csv"], [source], "pydantic 3")
    assert key != kept._key("charts", tmp_path, ["a.csv"], [source], "pydantic 2")
    source.write_text("RULE = 2\n")
    assert key != kept._key("cards", tmp_path, ["a.csv"], [source], "pydantic 2")
