"""Exact odds answered at once: proven brackets in milliseconds, kept answers on disk.

``exact_baseline.json`` holds the exact Quickplay chances of four bundled races as
computed on 2026-12-02 (before issue 17's work), to compare every faster version with.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from tests.games.stretch.content.test_stretch_kept_content import raise_a_final_speed

from homestretch.games.stretch.analysis import exact_cache
from homestretch.games.stretch.analysis.exact import (
    ExactChances,
    _at_most,
    _others,
    quickplay_bounds,
)
from homestretch.games.stretch.analysis.exact_finish import PlaceShow
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.content.race import Race, load_race

BASELINE = json.loads(Path(__file__).with_name("exact_baseline.json").read_text())


@pytest.mark.parametrize("name", sorted(BASELINE))
def test_brackets_hold_the_exact_chances_of_bundled_races(name: str) -> None:
    known = {k: np.array(v) for k, v in BASELINE[name].items()}
    bounds = quickplay_bounds(load_race(name), load_chart_set())
    assert np.abs(bounds.win - known["win"]).max() < 1e-14  # the same sums, to rounding
    assert (bounds.place_low <= known["place"]).all()
    assert (known["place"] <= bounds.place_high).all()
    assert (bounds.show_low <= known["show"]).all()
    assert (known["show"] + known["show_bound"] <= bounds.show_high).all()
    assert bounds.widest < 0.02


def test_the_passes_over_the_horses_give_the_same_bits_whatever_the_layout() -> None:
    """``_at_most`` and ``_others`` work row by row on a contiguous copy of keys that come
    laid out column by column (as the wire keys do): the same numbers to the last bit, and
    the others' products handed back laid out as they came, so the sums after them add in
    the same order."""
    chances = np.random.default_rng(17).random((9, 5000))
    chances[:, ::7] = 0  # keys a horse never reaches
    by_keys, by_rows = np.asfortranarray(chances), np.ascontiguousarray(chances)
    assert np.array_equal(_at_most(by_keys), _at_most(by_rows))
    others = _others(by_keys)
    assert np.array_equal(others, _others(by_rows))
    assert others.flags.f_contiguous and _others(by_rows).flags.c_contiguous


BRACKETS = json.loads(Path(__file__).with_name("brackets_baseline.json").read_text())
"""The brackets of six races as `stretch odds --format json --early` printed them on
2026-12-04 (hex floats), before the brackets were worked out an outcome at a time."""


def _bracketed(name: str) -> Race:
    """A bundled race, or ``field-N``: the first N dirt horses of the card set at a mile,
    one jockey each (benchmarks/stretch_fields.py)."""
    if not name.startswith("field-"):
        return load_race(name)
    from homestretch.games.stretch.content.card_set import load_card_set
    from homestretch.games.stretch.content.race import RaceSpec, build_race

    horses, cards = int(name.removeprefix("field-")), load_card_set()
    runners = [h for h in cards.horses.values() if h.power_dirt is not None][:horses]
    entries = [
        {"horse": h, "jockey": j} for h, j in zip(runners, list(cards.jockeys), strict=False)
    ]
    spec = {"name": f"Benchmark Stakes ({horses})", "furlongs": 8, "entries": entries}
    return build_race(RaceSpec.model_validate(spec), cards)


@pytest.mark.parametrize("name", sorted(BRACKETS))
def test_the_brackets_are_the_same_to_the_bit(name: str) -> None:
    bounds = quickplay_bounds(_bracketed(name), load_chart_set())
    for field, known in BRACKETS[name].items():
        assert [float(x).hex() for x in getattr(bounds, field)] == known, field


def fake_chances(horses: int, value: float) -> ExactChances:
    full = np.full(horses, value)
    return ExactChances(full, PlaceShow(full, full, np.zeros(horses)))


def changed_charts(tmp_path: Path) -> Path:
    """The standard chart set with one reading of the Final Speed chart one higher."""
    changed = tmp_path / "charts"
    shutil.copytree(STANDARD, changed)
    raise_a_final_speed(changed)
    return changed


def test_kept_chances_come_back_for_the_same_race_and_charts_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))
    race, charts = load_race("2009-champagne-stakes"), load_chart_set()
    assert exact_cache.cached(race, charts) is None
    exact_cache.keep(race, charts, fake_chances(6, 0.25))
    found = exact_cache.cached(race, charts)
    assert found is not None and found.places is not None
    assert (found.places.show == 0.25).all()
    assert exact_cache.cached(load_race("allowance-turf-route"), charts) is None

    # one changed reading of one chart: a different key, nothing stale served
    other = load_chart_set(changed_charts(tmp_path))
    assert exact_cache.content_key(race, other) != exact_cache.content_key(race, charts)
    assert exact_cache.cached(race, other) is None


def test_a_damaged_entry_is_computed_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    race, charts = load_race("2009-champagne-stakes"), load_chart_set()
    exact_cache.keep(race, charts, fake_chances(6, 0.5))
    entry = tmp_path / f"{exact_cache.content_key(race, charts)}.json"
    entry.write_text('{"win": [0.1, 0.2]')
    assert exact_cache.cached(race, charts) is None
    entry.write_text(json.dumps({"win": [0.1], "place": [0.1], "show": [0.1], "show_bound": [0]}))
    assert exact_cache.cached(race, charts) is None  # the wrong number of horses


def test_an_unwritable_cache_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(blocked / "cache"))
    race, charts = load_race("2009-champagne-stakes"), load_chart_set()
    exact_cache.keep(race, charts, fake_chances(6, 0.5))  # no error: the answer is just not kept
    assert exact_cache.cached(race, charts) is None


def test_odds_show_brackets_first_then_exact_and_keep_the_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first ask prints the brackets before the exact table (in a terminal); the
    second is the kept answer alone, with no sums run (the sums are stood in for: this is
    about the order)."""
    from typer.testing import CliRunner

    from homestretch.cli.common import console
    from homestretch.cli.main import app
    from homestretch.games.stretch.analysis import exact

    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    monkeypatch.setattr(console, "_force_terminal", True)  # as on a screen
    runs: list[str] = []

    def stand_in(race: object, charts: object, advance: object = None) -> ExactChances:
        runs.append("sums")
        return fake_chances(6, 0.625)

    monkeypatch.setattr(exact, "quickplay_chances", stand_in)
    first = CliRunner().invoke(app, ["stretch", "odds", "2009-champagne-stakes"])
    assert first.exit_code == 0, first.output
    assert first.stdout.index("proven within") < first.stdout.index("exact chances")
    assert "62.5%" in first.stdout and runs == ["sums"]
    again = CliRunner().invoke(app, ["stretch", "odds", "2009-champagne-stakes"])
    assert again.exit_code == 0, again.output
    assert "proven within" not in again.stdout and "62.5%" in again.stdout
    assert runs == ["sums"]
    # a changed chart: the brackets and the sums again, not the kept answer
    charts = str(changed_charts(tmp_path))
    other = CliRunner().invoke(
        app, ["stretch", "odds", "2009-champagne-stakes", "--charts", charts]
    )
    assert other.exit_code == 0, other.output
    assert "proven within" in other.stdout and runs == ["sums", "sums"]


def test_odds_in_a_pipe_print_only_the_exact_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piped or sent to a file, `stretch odds` read as the same table twice: the brackets,
    then the exact one. Where no one watches them come, only the exact table is printed;
    JSON is as it was (one document, or with --early the brackets' line first)."""
    import json

    from typer.testing import CliRunner

    from homestretch.cli.common import console
    from homestretch.cli.main import app
    from homestretch.games.stretch.analysis import exact

    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    monkeypatch.setattr(exact, "quickplay_chances", lambda *_: fake_chances(6, 0.625))
    assert not console.is_terminal  # the runner's stdout is no terminal, as a pipe is not
    piped = CliRunner().invoke(app, ["stretch", "odds", "2009-champagne-stakes"])
    assert piped.exit_code == 0, piped.output
    assert "proven within" not in piped.stdout and "62.5%" in piped.stdout
    assert piped.stdout.count("PP") == 1 and piped.stdout.count("(quickplay)") == 1
    odds = ["stretch", "odds", "2009-champagne-stakes", "--charts", str(changed_charts(tmp_path))]
    early = CliRunner().invoke(app, [*odds, "-f", "json", "--early"])  # nothing kept for these
    assert early.exit_code == 0, early.output
    lines = [json.loads(line) for line in early.stdout.splitlines()]
    assert [line["final"] for line in lines] == [False, True]
    whole = CliRunner().invoke(app, [*odds, "-f", "json"])
    assert whole.exit_code == 0, whole.output
    assert json.loads(whole.stdout)["final"] is True


RUN = "from homestretch.cli.main import run\nrun()\n"
LOADED = """
def loaded():  # Numba and the exact_* modules imported so far, on one line of stderr
    exact = "homestretch.games.stretch.analysis.exact_"
    names = [m for m in sys.modules if m == "numba" or m.startswith(exact)]
    print("loaded:", *sorted(names), file=sys.stderr, flush=True)
"""
SLOW_EXACT = f"""
import sys
import numpy as np
from homestretch.games.stretch.analysis import exact
from homestretch.games.stretch.analysis.exact import ExactChances
{LOADED}
def after_the_go(race, charts, advance=None):
    loaded()  # what the brackets, already out, were kept waiting for
    sys.stdin.readline()  # the exact sums finish only when the test has read the early line
    from homestretch.games.stretch.analysis.exact_finish import PlaceShow
    full = np.full(len(race.runners), 0.625)
    return ExactChances(full, PlaceShow(full, full, np.zeros(len(full))))

exact.quickplay_chances = after_the_go
{RUN}"""


def test_early_json_is_a_line_a_script_reads_before_the_exact_answer_exists(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`odds --format json --early`, read through a pipe as a script would: the first line
    (exact win, proven brackets) arrives while the exact sums are held back; the last line
    is the one document `--format json` prints."""
    import subprocess
    import sys
    import threading

    from typer.testing import CliRunner

    from homestretch.cli.main import app

    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    command = [sys.executable, "-c", SLOW_EXACT, "stretch", "odds", "2009-champagne-stakes"]
    with subprocess.Popen(
        [*command, "--format", "json", "--early"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdin is not None and child.stdout is not None
        hung = threading.Timer(300, child.kill)  # a line never sent fails, it does not hang
        hung.start()
        try:
            first = json.loads(child.stdout.readline())
            child.stdin.write("go\n")
            child.stdin.close()
            rest = child.stdout.read().splitlines()
            told = child.stderr.read() if child.stderr else ""
        finally:
            hung.cancel()
    assert child.returncode == 0, told
    # the brackets waited on no part of the sums: neither Numba nor their modules loaded
    assert "loaded: homestretch.games.stretch.analysis.exact_cache\n" in told

    known = BASELINE["2009-champagne-stakes"]
    assert first["final"] is False and first["method"] == "bounds"
    assert 0 < first["widest"] < 0.02
    for e, win, place, show in zip(
        first["entries"], known["win"], known["place"], known["show"], strict=True
    ):
        assert e["win"] == pytest.approx(win, abs=1e-14)
        assert e["place_low"] <= place <= e["place_high"]
        assert e["show_low"] <= show <= e["show_high"]
    assert len(rest) == 1
    last = json.loads(rest[0])
    assert last["final"] is True and last["method"] == "exact"
    assert [e["place"] for e in last["entries"]] == [0.625] * 6  # the held-back sums' answer

    # asked again the answer is kept: one final line, the document --format json prints
    runner = CliRunner()
    again = runner.invoke(
        app, ["stretch", "odds", "2009-champagne-stakes", "-f", "json", "--early"]
    )
    assert again.exit_code == 0, again.output
    assert again.stdout.count("\n") == 1 and json.loads(again.stdout) == last
    whole = runner.invoke(app, ["stretch", "odds", "2009-champagne-stakes", "-f", "json"])
    assert whole.exit_code == 0, whole.output
    assert json.loads(whole.stdout) == last

    # and from a new process: the kept answer, with neither Numba nor the sums loaded
    kept_alone = f"import atexit, sys\n{LOADED}\natexit.register(loaded)\n" + RUN
    odds = ["stretch", "odds", "2009-champagne-stakes", "-f", "json"]
    new = subprocess.run(
        [sys.executable, "-c", kept_alone, *odds],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(new.stdout) == last
    exact_modules = (
        "homestretch.games.stretch.analysis.exact_cache"
        " homestretch.games.stretch.analysis.exact_finish"
    )
    assert f"loaded: {exact_modules}\n" in new.stderr


def test_the_key_reads_every_module_the_sums_are_computed_with() -> None:
    """A module the exact sums import is in the key, or its output is: chart_set.py and
    race.py (race_plain.py: its plain record) only make the ChartSet and Race whose
    arrays are hashed, and chart_arrays.py the ChartSet's arrays (its PACES and
    TROUBLE_CODES are the numbers in them)."""
    import ast

    from homestretch.games.stretch.analysis import (
        exact,
        exact_compiled,
        exact_compiled_three,
        exact_finish,
    )

    used = set()
    for module in (exact, exact_finish, exact_compiled, exact_compiled_three):
        assert module.__file__ is not None
        for node in ast.walk(ast.parse(Path(module.__file__).read_text())):
            named = [node.module] if isinstance(node, ast.ImportFrom) else []
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
                named = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            used |= {
                name.rsplit(".", 1)[1] + ".py"
                for name in named
                if name and name.startswith("homestretch.games.stretch.")
            }
    assert "exact_compiled.py" in used  # the compiled loops, imported by name
    made_into_arrays = {"chart_set.py", "chart_arrays.py", "race.py", "race_plain.py"}
    assert used - made_into_arrays <= set(exact_cache.SOURCES)
