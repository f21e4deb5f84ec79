"""The `homestretch stretch` commands: text, JSON, seeds, the store, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import refused as _bad
from tests.conftest import run_cache
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.stretch.analysis.calibrate import ODDS_BANDS
from homestretch.store.db import Store

RUNNER = CliRunner()
REQUIRED = {
    "post",
    "horse",
    "jockey",
    "start_apr",
    "pace_adj",
    "form_adj",
    "final_apr",
    "factor_adj",
    "speed_roll",
    "final_speed",
    "finish",
    "status",
    "odds",
    "payoffs",
    "time",
}


def invoke(*args: str, input: str | None = None) -> str:
    result = RUNNER.invoke(app, list(args), input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("mode", ["quick", "full"])
@pytest.mark.parametrize("race", ["2009-champagne-stakes", "2009-breeders-cup-ladies-classic"])
def test_run_json_and_seed_repeat_and_replay(tmp_path: Path, mode: str, race: str) -> None:
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", race, "--mode", mode, "--seed", "11", "--db", db, "-f", "json"]
    first, second = json.loads(invoke(*args)), json.loads(invoke(*args))
    assert first["seed"] == 11 and first["mode"] == mode
    assert first["entries"] == second["entries"] and first["dice"] == second["dice"]
    assert set(first["entries"][0]) >= REQUIRED
    assert first["pace"] in ("slow", "normal", "fast")
    assert first["race_factor"] in ("class", "speed", "trip")
    assert ("race_points" in first["entries"][0]) == (mode == "full")
    winners = [e for e in first["entries"] if e["finish"] == 1]
    assert winners and all(e["payoffs"]["win"] for e in winners)
    replayed = json.loads(invoke("replay", str(first["run_id"]), "--db", db, "-f", "json"))
    assert replayed["entries"] == first["entries"]
    history = json.loads(invoke("history", "--db", db, "-f", "json"))
    assert history[0]["id"] == second["run_id"] and history[0]["seed"] == 11


def test_text_run_shows_call_scoresheet_and_result(tmp_path: Path) -> None:
    out = invoke(
        "stretch",
        "run",
        "2009-champagne-stakes",
        "--mode",
        "full",
        "--seed",
        "3",
        "--db",
        str(tmp_path / "r.sqlite"),
    )
    for words in ("At the break.", "Turning for home.", "At the wire.", "Scoresheet", "Result"):
        assert words in out


def test_new_builds_a_race_that_runs(tmp_path: Path) -> None:
    path = tmp_path / "dream.toml"
    invoke(
        "stretch",
        "new",
        str(path),
        "-e",
        "secretariat-1973@turcotte",
        "-e",
        "citation-1948@arcaro",
        "-e",
        "affirmed-1978@cauthen",
        "--furlongs",
        "12",
    )
    data = json.loads(invoke("stretch", "run", str(path), "--seed", "1", "--no-save", "-f", "json"))
    assert [e["horse"] for e in data["entries"]] == ["Secretariat", "Citation", "Affirmed"]


def _race_file(tmp_path: Path, horse: str) -> Path:
    path = tmp_path / "race.toml"
    path.write_text(f"""name = "Bad"
furlongs = 8
[[entries]]
horse = {horse}
jockey = "house-a"
[[entries]]
horse = "secretariat-1973"
jockey = "house-b"
""")
    return path


@pytest.mark.parametrize(
    ("horse", "message"),
    [
        ('"no-such-horse"', "no horse card 'no-such-horse'"),
        (
            '{name = "X", range_low = 6, range_high = 9, pace = 12, form = "C", power_dirt = 20}',
            "pace",
        ),
        ('{name = "X", range_low = 6, range_high = 9, form = "C", power_dirt = 20}', "pace"),
        (  # a number in quotes is a slip in TOML, not the number
            '{name = "X", range_low = 6, range_high = 9, pace = 3, form = "C", power_dirt = "17"}',
            "entry 1.horse.power_dirt: should be a whole number, not '17' (write it without quotes)",
        ),
        (
            '{name = "X", range_low = 6, range_high = 9, pace = 3, form = "C", power_turf = 20}',
            "no dirt Power rating",
        ),
        (  # the card's own fault, in words, not pydantic's steps
            '{name = "X", range_low = 9, range_high = 6, pace = 3, form = "C", power_dirt = 20}',
            "entry 1.horse: range_low is above range_high",
        ),
        (
            '{name = "X", range_low = 6, range_high = 9, pace = 3, form = "Z", power_dirt = 20}',
            "entry 1.horse.form: 'Z' is not one of A, B, C, D, E",
        ),
    ],
)
def test_bad_race_files(tmp_path: Path, horse: str, message: str) -> None:
    stderr = _bad(tmp_path, "stretch", "run", str(_race_file(tmp_path, horse)))
    assert "race.toml" in stderr and message in stderr


def _ran(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command, which must succeed."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "x.sqlite"), "PATH": "/usr/bin:/bin", **run_cache()},
    )
    assert done.returncode == 0, done.stderr
    return done


def test_a_chart_set_without_a_going_chart_runs_on_the_standard_one_ruling_s23(
    tmp_path: Path,
) -> None:
    """A chart set copied before going.csv came in still runs, timed by the standard
    going chart, with one notice naming the folder, the ruling and how to add one's own;
    a going.csv that is there but broken is still refused in one line, naming where."""
    import shutil

    from tests.conftest import refused

    standard = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
    charts = tmp_path / "old" / "charts"
    shutil.copytree(standard, charts)
    (charts / "going.csv").unlink()
    args = ["stretch", "run", "allowance-turf-route", "--seed", "5", "--no-save", "-f", "json"]
    old = _ran(tmp_path, *args, "--charts", str(charts))
    bundled = _ran(tmp_path, *args)
    assert json.loads(old.stdout)["entries"] == json.loads(bundled.stdout)["entries"]
    notes = [line for line in old.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1, old.stderr
    for words in (str(charts), "no going.csv", "standard going", "ruling S23", "--part charts"):
        assert words in notes[0]
    assert "note:" not in bundled.stderr
    simulated = _ran(
        tmp_path,
        "stretch",
        "simulate",
        "allowance-turf-route",
        "-n",
        "500",
        "--seed",
        "1",
        "--charts",
        str(charts),
    )
    assert simulated.stderr.count("note:") == 1 and "Twilight Sonata" in simulated.stdout
    (charts / "going.csv").write_text(
        (standard / "going.csv").read_text().replace("turf,soft,0.38", "turf,soft,soggy")
    )
    line = refused(tmp_path, *args, "--charts", str(charts))
    assert "going.csv: line 13: seconds_per_furlong must be a number" in line


def test_replaying_a_run_on_a_set_without_a_going_chart_says_so_ruling_s23(
    tmp_path: Path,
) -> None:
    """A saved run on a chart set with no going.csv, replayed (text and JSON), says once
    on stderr what its run said: the standard going chart timed it."""
    import shutil

    standard = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
    charts = tmp_path / "old" / "charts"
    shutil.copytree(standard, charts)
    (charts / "going.csv").unlink()
    _ran(tmp_path, "stretch", "run", "allowance-turf-route", "--seed", "5", "-f", "json")
    ran = _ran(
        tmp_path,
        *("stretch", "run", "allowance-turf-route", "--seed", "5", "-f", "json"),
        *("--charts", str(charts)),
    )
    run_id = str(json.loads(ran.stdout)["run_id"])
    for fmt in ("text", "json"):
        replayed = _ran(tmp_path, "replay", run_id, "-f", fmt)
        notes = [line for line in replayed.stderr.splitlines() if line.startswith("note:")]
        assert len(notes) == 1, replayed.stderr
        assert str(charts) in notes[0] and "ruling S23" in notes[0]
    assert "note:" not in _ran(tmp_path, "replay", "1").stderr  # the bundled charts' run


def test_bad_chart_dice_and_missing_file(tmp_path: Path) -> None:
    charts = tmp_path / "charts"
    standard = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
    charts.mkdir()
    for source in standard.iterdir():
        (charts / source.name).write_text(source.read_text())
    (charts / "break.csv").write_text("roll,0,1\n2,5,x\n")
    assert "break.csv" in _bad(
        tmp_path, "stretch", "run", "2009-champagne-stakes", "--charts", str(charts)
    )
    (charts / "break.csv").write_text("roll,0,1,2,3,4,5,6,7,8,9,10\n")  # no rating 10
    assert "unknown column(s) 10" in _bad(
        tmp_path, "stretch", "run", "2009-champagne-stakes", "--charts", str(charts)
    )
    (charts / "break.csv").write_text((standard / "break.csv").read_text())
    form = (standard / "form_quick.csv").read_text().splitlines()
    form[1] = form[1].replace("-1,", "-1t,", 1)  # a Trouble mark on a roll of 2
    (charts / "form_quick.csv").write_text("\n".join(form) + "\n")
    message = _bad(tmp_path, "stretch", "run", "2009-champagne-stakes", "--charts", str(charts))
    assert "form_quick.csv" in message and "roll 2" in message
    assert "item 3 is '7'" in _bad(
        tmp_path, "stretch", "run", "2009-champagne-stakes", "--dice", "3 4 7"
    )
    assert "ran out" in _bad(
        tmp_path, "stretch", "run", "2009-champagne-stakes", "--dice", "3 4 6 1"
    )
    assert "no such race file" in _bad(tmp_path, "stretch", "run", "nowhere.toml")
    assert "did you mean 2009-champagne-stakes?" in _bad(
        tmp_path, "stretch", "run", "2009-champagne-stake"
    )


def test_running_lines_picture(tmp_path: Path) -> None:
    picture = tmp_path / "lines.png"
    said = invoke(
        "stretch",
        "run",
        "2009-champagne-stakes",
        "--mode",
        "full",
        "--seed",
        "2",
        "--no-save",
        "--plot",
        str(picture),
    )
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # said where it went, as every --plot says it (the Stretch's said nothing)
    assert f"drawn: {picture}" in said.replace("\n", "")
    result = RUNNER.invoke(
        app,
        ["stretch", "run", "2009-champagne-stakes", "--no-save", "--plot", str(tmp_path / "q.png")],
    )
    assert result.exit_code != 0 and "Fullplay" in str(result.exception)


def test_simulate_odds_and_calibrate_json(tmp_path: Path) -> None:
    sim = json.loads(
        invoke(
            "stretch",
            "simulate",
            "2009-champagne-stakes",
            "-n",
            "20000",
            "--seed",
            "3",
            "-f",
            "json",
        )
    )
    assert sim["runs"] == 20000 and len(sim["entries"]) == 6
    assert set(sim["entries"][0]) >= {"post", "horse", "win", "place", "show", "mean_final_speed"}
    assert abs(sum(e["win"] for e in sim["entries"]) - 1) < 0.02  # dead heats add a little
    for e in sim["entries"]:
        assert e["win"] <= e["place"] <= e["show"]
    odds = json.loads(
        invoke(
            "stretch",
            "odds",
            "2009-breeders-cup-ladies-classic",
            "-f",
            "json",
            "--plot",
            str(tmp_path / "o.png"),
        )
    )
    # Quickplay: every chance exact, no races run, no seed
    assert odds["method"] == "exact" and odds["runs"] is None and odds["seed"] is None
    best = max(odds["entries"], key=lambda e: e["win"])
    assert best["horse"] == "Life Is Sweet" and best["fair_odds"]
    for e in odds["entries"]:
        assert e["win"] <= e["place"] <= e["show"] and 0 <= e["show_bound"] < 1e-6
    assert (tmp_path / "o.png").stat().st_size > 0
    full = json.loads(
        invoke(
            "stretch",
            "odds",
            "2009-breeders-cup-ladies-classic",
            "--mode",
            "full",
            "-n",
            "20000",
            "--seed",
            "3",
            "-f",
            "json",
        )
    )
    assert full["method"] == full["win_method"] == "monte-carlo" and full["seed"] == 3
    assert all(e["show_bound"] is None for e in full["entries"])
    report = json.loads(invoke("stretch", "calibrate", "-n", "20", "--races", "100", "-f", "json"))
    assert set(report["figures"]) >= {
        "favourite_win_rate",
        "favourite_top3_rate",
        "overround_mean",
        "margin_under_1_length_rate",
        "margin_median_lengths",
        "out_of_race_rate",
        "disqualification_rate",
        "win_rate_by_odds",
    }


def test_odds_fall_back_to_monte_carlo_when_no_horse_can_go_out(tmp_path: Path) -> None:
    # exact place and show divide by each horse's chance of an outcome that harms nobody,
    # which always includes going out; a chart set with no "out" reading still gets exact
    # win chances, and place and show by Monte Carlo, labelled as such
    charts = tmp_path / "charts"
    standard = Path(__file__).parents[4] / "src/homestretch/games/stretch/content/charts/standard"
    charts.mkdir()
    for source in standard.iterdir():
        (charts / source.name).write_text(source.read_text().replace(",out", ",none"))
    odds = json.loads(
        invoke(
            "stretch",
            "odds",
            "2009-champagne-stakes",
            "--charts",
            str(charts),
            "-n",
            "20000",
            "--seed",
            "5",
            "-f",
            "json",
        )
    )
    assert odds["method"] == "monte-carlo" and odds["win_method"] == "exact"
    assert odds["seed"] == 5 and odds["runs"] == 20000
    assert all(e["show_bound"] is None for e in odds["entries"])
    assert sum(e["win"] for e in odds["entries"]) == pytest.approx(1.0, abs=0.05)


def test_quickplay_odds_say_seed_and_runs_go_unused() -> None:
    result = RUNNER.invoke(app, ["stretch", "odds", "2009-champagne-stakes", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "--runs and --seed are not used" in result.stderr
    assert "exact chances" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "2009-champagne-stakes", "--mode", "fast"],
        ["odds", "2009-champagne-stakes", "--mode", "fast", "--format", "json"],
        ["simulate", "2009-champagne-stakes", "--mode", "fast"],
        ["run", "2009-champagne-stakes", "--db", "."],  # a folder: no store opens
    ],
)
def test_a_run_that_never_starts_names_no_seed(args: list[str]) -> None:
    """The seed is printed once the run starts: a mistake found before is the one line."""
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", "stretch", *args],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "seed" not in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["calibrate", "--charts", "nosuch"],  # said before the bar is drawn
        ["new", "--entry", "nosuch@turcotte", "race.toml"],  # the unknown card, not the count
        ["run", "2009-champagne-stakes", "--bettor", "nosuch", "--computer-bettor", "NoSuch "],
    ],
)
def test_a_mistake_is_one_line_naming_it(args: list[str], tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", "stretch", *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.count("\n") == 1, repr(done.stderr)
    assert "nosuch" in done.stderr.lower()


@pytest.mark.parametrize("jockeys", [[], ["--jockeys"]])
def test_a_card_search_finding_nothing_says_so(jockeys: list[str]) -> None:
    done = RUNNER.invoke(app, ["stretch", "cards", "zzzzz", *jockeys])
    assert done.exit_code == 0, done.output
    card = "jockey" if jockeys else "horse"
    assert done.output.strip() == f"No {card} card matches 'zzzzz'."
    found = RUNNER.invoke(app, ["stretch", "cards", "zzzzz", *jockeys, "--format", "json"])
    assert json.loads(found.output) == []


def _dice_log(db: Path) -> tuple[list[object], list[list[int]]]:
    """A stored run's events, and the faces of each roll in it."""
    from homestretch.session.saved import rebuild

    store = Store(db)
    saved = store.load(1)
    rolls = [e["faces"] for e in rebuild(store, saved).log_for(None) if "faces" in e]
    return list(saved.events), rolls


def _result(out: str) -> dict[str, object]:
    # the test runner echoes typed rolls into stdout; a terminal shows them as typed
    data: dict[str, object] = json.loads(out[out.index("{") :])
    del data["run_id"]
    return data


def test_typed_rolls_are_stored_at_once_and_a_stopped_race_resumes(tmp_path: Path) -> None:
    race = ["stretch", "run", "2009-champagne-stakes", "--mode", "full", "--seed", "4"]
    faces = json.loads(invoke(*race, "--no-save", "-f", "json"))["dice"]
    asked = [*race, "--dice", "ask", "-f", "json"]
    whole_db = tmp_path / "whole.sqlite"
    typed = "".join(f"{f}\n" for f in faces)  # one die at a time
    whole = _result(invoke(*asked, "--db", str(whole_db), input=typed))
    events, rolls = _dice_log(whole_db)
    for cut in (0, 1, 9):
        db = tmp_path / f"cut{cut}.sqlite"
        first = "".join(" ".join(map(str, roll)) + "\n" for roll in rolls[:cut])
        stopped = RUNNER.invoke(app, [*asked, "--db", str(db)], input=first)
        assert stopped.exit_code == 130, stopped.output
        assert "Stopped. Game 1 is saved" in " ".join(stopped.stderr.split())
        kept, kept_rolls = _dice_log(db)
        # exactly the rolls typed, with what chance resolved before them, and no more
        assert kept_rolls == rolls[:cut] and kept == events[: len(kept)]
        assert Store(db).load(1).status == "in progress"
        rest = "".join(" ".join(map(str, roll)) + "\n" for roll in rolls[cut:])
        resumed = RUNNER.invoke(app, ["resume", "1", "--db", str(db), "-f", "json"], input=rest)
        assert resumed.exit_code == 0, resumed.output
        assert _result(resumed.stdout) == whole and _dice_log(db)[0] == events
        assert Store(db).load(1).status == "finished"


def test_a_resumed_race_shows_its_call_and_sheets(tmp_path: Path) -> None:
    db = str(tmp_path / f"{'a-store-named-at-length-' * 4}runs.sqlite")  # wider than a line
    race = ["stretch", "run", "2009-champagne-stakes", "--seed", "2", "--db", db]
    stopped = RUNNER.invoke(app, [*race, "--dice", "ask"], input="3 4\n")
    assert stopped.exit_code == 130
    rolls = "".join(f"{1 + n * 5 % 6}\n" for n in range(200))  # one die at a time
    out = invoke("resume", "1", "--db", db, input=rolls)
    assert "At the wire." in out and "Scoresheet" in out and "Saved as run 1: see it again" in out
    assert f"`homestretch replay 1 --db {db}`." in out  # the store it is in, on one line


def test_ctrl_c_at_a_roll_stops_with_the_resume_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import homestretch.games.stretch.terminal.run as stretch_run

    def ctrl_c(*args: object) -> list[int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(stretch_run, "ask_roll", ctrl_c)
    db = str(tmp_path / "runs.sqlite")
    args = ["stretch", "run", "2009-champagne-stakes", "--dice", "ask", "--db", db]
    stopped = RUNNER.invoke(app, args)
    assert stopped.exit_code == 130
    said = " ".join(stopped.stderr.split())
    assert "Stopped. Game 1 is saved: carry on with `homestretch resume 1 --db" in said
    assert Store(Path(db)).load(1).status == "in progress"


@pytest.mark.parametrize("overlay_at", [None, 0])
def test_odds_table_has_an_overlay_column_only_when_some_horse_is_one(
    overlay_at: int | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # kept chances (the exact cache) stand in for the sums: every horse a 999-1 chance,
    # below any odds on offer, and in the second case the first horse at evens, above
    # its 7-5
    import numpy as np

    from homestretch.games.stretch.analysis import exact_cache
    from homestretch.games.stretch.analysis.exact import ExactChances
    from homestretch.games.stretch.analysis.exact_finish import PlaceShow
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race

    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    race = load_race("2009-champagne-stakes")
    win = np.full(6, 0.001)
    if overlay_at is not None:
        win[overlay_at] = 0.5
    exact_cache.keep(race, load_chart_set(), ExactChances(win, PlaceShow(win, win, win * 0)))
    out = invoke("stretch", "odds", "2009-champagne-stakes")
    header = next(line for line in out.splitlines() if "PP" in line)
    cells = [cell.strip() for cell in header.split("┃")[1:-1]]
    rows = [line for line in out.splitlines() if line.startswith("│")]
    if overlay_at is None:
        assert cells == ["PP", "Horse", "Win", "Place", "Show", "Fair", "Chart"]
        assert "overlay" not in out.lower()
    else:  # named as --format json names it (the header was empty), and said under it
        assert cells == ["PP", "Horse", "Win", "Place", "Show", "Fair", "Chart", "Overlay"]
        assert [row.split("│")[-2].strip() for row in rows] == [
            "yes" if i == overlay_at else "" for i in range(6)
        ]
        assert "Overlay yes: the Chart odds pay more than the Fair odds" in " ".join(out.split())
    assert all(row.count("│") == len(cells) + 1 for row in rows)


def test_every_running_line_can_be_told_apart_in_a_big_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fourteen runners: no two lines share colour and dashes, and each line's end is
    marked with its post number (the Dream Derby drew 1 and 11, 4 and 14 alike)."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal import plot

    drawn = []
    monkeypatch.setattr(plot, "save_figure", lambda figure, path: drawn.append(figure))
    state = play(RaceGame(load_race("dream-derby"), "full").new_initial_state(), SeededDice(5), {})
    assert isinstance(state, RaceState)
    plot.running_lines(state, tmp_path / "lines.png")
    (axes,) = drawn[0].axes
    styles = {(str(ln.get_color()), ln.get_linestyle()) for ln in axes.get_lines()}
    assert len(axes.get_lines()) == len(styles) == 14
    assert sorted(int(t.get_text()) for t in axes.texts) == list(range(1, 15))


@pytest.mark.parametrize(
    ("race", "seed"), [("claiming-route-big-field", 5), ("claiming-route-big-field", 1)]
)
def test_post_numbers_of_horses_finishing_level_do_not_overlap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, race: str, seed: int
) -> None:
    """Seed 5: #2 and #6 finish 0.05 lengths apart, #11 and #4 too; seed 1: #3 and #9
    dead-heat. Their post numbers were written over each other at the finish."""
    from matplotlib.text import Text

    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal import plot

    drawn = []
    monkeypatch.setattr(plot, "save_figure", lambda figure, path: drawn.append(figure))
    state = play(RaceGame(load_race(race), "full").new_initial_state(), SeededDice(seed), {})
    assert isinstance(state, RaceState)
    plot.running_lines(state, tmp_path / "lines.png")
    figure = drawn[0]
    figure.tight_layout()  # as saving it does
    figure.canvas.draw()
    (axes,) = figure.axes
    boxes = [Text.get_window_extent(t) for t in axes.texts]  # the words, not the stroke
    assert len(boxes) == len(state.lines)
    for n, box in enumerate(boxes):
        for other in boxes[n + 1 :]:
            assert not box.overlaps(other), (box, other)


def test_running_lines_of_horses_level_at_a_call_are_drawn_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 11's Gulfstream allowance: Tin Soldier and Glass Harbor level from the
    backstretch to the turn, Twilight Sonata and Sunday Drive at the turn; one line was
    drawn over the other and hid its run. Now no two lines share a point, each within a
    lane of where the horse was, the first to finish on top."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal import plot

    assert plot.lanes_apart([[1.0, 2.0], [1.0, 3.0], [1.0]], [0.5, 0.0, 9.0], 0.1) == [
        pytest.approx([1.0, 2.0]),
        pytest.approx([0.9, 3.0]),
        pytest.approx([1.1]),
    ]
    drawn = []
    monkeypatch.setattr(plot, "save_figure", lambda figure, path: drawn.append(figure))
    race = load_race("allowance-turf-route")
    state = play(RaceGame(race, "full").new_initial_state(), SeededDice(11), {})
    assert isinstance(state, RaceState)
    points = [ln.race_points for ln in state.lines]
    assert points[2][1:] == points[7][1:] and points[0][2] == points[4][2]  # level
    plot.running_lines(state, tmp_path / "lines.png")
    lines = drawn[0].axes[0].get_lines()
    seen = [set(zip(ln.get_xdata(), ln.get_ydata(), strict=True)) for ln in lines]
    for n, one in enumerate(seen):
        for other in seen[n + 1 :]:
            assert not one & other
    turn = [ln.get_ydata()[2] for ln in lines]
    assert turn[0] < turn[4] < turn[0] + 0.2  # the winner over Sunday Drive, close by


def test_running_lines_finish_where_the_running_positions_table_puts_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Dream Derby, seed 7, Fullplay: the table adds the result chart's margins (a racing
    paper's beaten lengths) and gives War Admiral 15 lengths back after three noses; the
    picture drew the unrounded 14.4, Easy Goer 13.1 against the table's 14."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal import plot
    from homestretch.games.stretch.terminal.render import margins_added

    drawn = []
    monkeypatch.setattr(plot, "save_figure", lambda figure, path: drawn.append(figure))
    state = play(RaceGame(load_race("dream-derby"), "full").new_initial_state(), SeededDice(7), {})
    assert isinstance(state, RaceState)
    entries = state.result()["entries"]
    table = margins_added(sorted(entries, key=lambda e: (e["finish"], e["post"])))
    plot.running_lines(state, tmp_path / "lines.png")
    lines = drawn[0].axes[0].get_lines()
    at_wire = {ln.post: float(lines[i].get_ydata()[-1]) for i, ln in enumerate(state.lines)}
    war_admiral = next(ln.post for ln in state.lines if ln.name == "War Admiral")
    assert table[war_admiral] == pytest.approx(15.05)
    for post, lengths in table.items():
        assert at_wire[post] == pytest.approx(lengths, abs=0.3), post  # within a lane or so


def test_labels_too_close_are_spread_a_step_apart_around_where_they_stand() -> None:
    from homestretch.games.stretch.terminal.plot import spread

    assert spread([0.0, 5.0], 1.0) == [0.0, 5.0]
    assert spread([2.0, 2.0], 1.0) == [1.5, 2.5]
    assert spread([0.0, 1.0, 1.1], 1.0) == pytest.approx([-0.3, 0.7, 1.7])


def test_calibrate_does_not_give_fatal_injuries_as_the_disqualification_rate() -> None:
    """The real-racing column beside the disqualification rate repeated the one for
    horses out of the race ("fatal injuries 0.0013 per start")."""
    from homestretch.games.stretch.terminal.calibrate import REAL_RATES

    assert "fatal" in REAL_RATES["out_of_race_rate"]
    assert "fatal" not in REAL_RATES["disqualification_rate"]
    out = invoke("stretch", "calibrate", "-n", "10", "--races", "50")
    (row,) = [line for line in out.splitlines() if "disqualified, per" in line]
    assert "fatal" not in row


def test_calibrate_names_its_figures_in_a_racegoers_words() -> None:
    """The text table named its figures by the JSON's keys ("overround_mean",
    "margin_under_1_length_rate"): each now reads as words, the keys kept in the JSON."""
    from homestretch.games.stretch.analysis.calibrate import TARGETS
    from homestretch.games.stretch.terminal.calibrate import FIGURE_WORDS, REAL_RATES

    assert set(FIGURE_WORDS) == set(TARGETS) | set(REAL_RATES)
    out = invoke("stretch", "calibrate", "-n", "10", "--races", "50")
    said = " ".join(out.split())
    assert "favourites win" in said and "won by under a length" in said
    assert not [key for key in FIGURE_WORDS if key in said]


def test_a_roll_typed_with_its_faces_together_is_told_to_type_them_apart(tmp_path: Path) -> None:
    """'34' for a red 3 and a white 4 was answered "your roll: item 1 is '34'; die faces
    are 1-6", and the question asked for 'the red and white die', as if one die."""
    race = ["stretch", "run", "2009-champagne-stakes", "--dice", "ask", "--no-save"]
    out = RUNNER.invoke(app, race, input="34\n3 4\n7 1\n")
    said = " ".join(out.output.split())
    assert "Odds roll for Super Saver - type the red and white dice, like 3 5:" in said
    assert "type the faces apart, like 3 4" in said and "item 1 is '34'" not in said
    assert "item 1 is '7'; die faces are 1-6" in said  # a face no die has: as before


def test_a_card_search_that_finds_nothing_names_the_nearest_cards() -> None:
    """'stretch cards secretariot' said only "No horse card matches 'secretariot'."."""
    found = RUNNER.invoke(app, ["stretch", "cards", "secretariot"])
    assert found.exit_code == 0
    # two cards are named Secretariat: offered by the ids that tell them apart, since
    # "Secretariat" typed back is ambiguous
    assert (
        "No horse card matches 'secretariot'. Nearest: secretariat-1973, secretariat-career."
        in " ".join(found.stdout.split())
    )
    found = RUNNER.invoke(app, ["stretch", "cards", "turcot", "--jockeys"])
    assert "Ron Turcotte" in found.stdout  # found as it is typed: a part of a name
    found = RUNNER.invoke(app, ["stretch", "cards", "arcarro", "--jockeys"])
    assert "No jockey card matches 'arcarro'. Nearest: Eddie Arcaro." in found.stdout


def test_a_card_named_wrong_in_new_says_which_entry_and_the_nearest(tmp_path: Path) -> None:
    """'-e citation-194' was answered with the bundled horses.csv's path (deep in the
    installed package) and "no horse card 'citation-194'": not which -e, nor where to
    look the cards up."""
    race = ["stretch", "new", str(tmp_path / "dream.toml")]
    cases = [
        (
            ["-e", "secretariat-1973@turcotte", "-e", "citation-194"],
            "-e citation-194: no horse card 'citation-194'. Nearest: citation-1948, citation-career. "
            "(`homestretch stretch cards NAME` lists the horse cards and their ids)",
        ),
        (
            ["-e", "secretariat-1973@turcot", "-e", "citation-1948"],
            "-e secretariat-1973@turcot: no jockey card 'turcot'. Nearest: Ron Turcotte.",
        ),
    ]
    for entries, said in cases:
        line = _bad(tmp_path, *race, *entries)
        assert said in line and "horses.csv" not in line
    assert not (tmp_path / "dream.toml").exists()


def test_a_card_missing_from_ones_own_card_set_names_its_file(tmp_path: Path) -> None:
    """With --cards, the horse file looked in is the user's own: named (the fuzz harness
    found an emptied horses.csv answered without naming it)."""
    from homestretch.games.stretch.content.cards_plain import STANDARD_CARDS

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "jockeys.csv").write_text((STANDARD_CARDS / "jockeys.csv").read_text())
    (mine / "horses.csv").write_text((STANDARD_CARDS / "horses.csv").read_text().splitlines()[0])
    race = ["stretch", "new", str(tmp_path / "mine.toml"), "--cards", str(mine)]
    said = _bad(tmp_path, *race, "-e", "secretariat-1973", "-e", "citation-1948")
    assert (
        f"-e secretariat-1973: no horse card 'secretariat-1973' in {mine / 'horses.csv'}." in said
    )


@pytest.mark.parametrize("command", ["run", "odds"])
def test_a_card_named_wrong_in_a_race_file_says_which_entry_and_the_nearest(
    tmp_path: Path, command: str
) -> None:
    """A race file's entry naming no card was answered with the bundled horses.csv's path
    (deep in the installed package), not the entry, nor where to look the cards up."""
    race = tmp_path / "race.toml"
    race.write_text(
        'name = "Bad"\nfurlongs = 8\n'
        '[[entries]]\nhorse = "secretariat-1973"\njockey = "house-a"\n'
        '[[entries]]\nhorse = "citation-194"\njockey = "house-b"\n'
        '[[entries]]\nhorse = "seabiscuit-1938"\njockey = "turcot"\n'
    )
    said = " ".join(_bad(tmp_path, "stretch", command, str(race)).split())
    assert said == (
        f"error: {race}: entry 2: no horse card 'citation-194'. Nearest: citation-1948, citation-career. "
        "(`homestretch stretch cards NAME` lists the horse cards and their ids)"
    )
    race.write_text(race.read_text().replace("citation-194", "citation-1948"))
    said = " ".join(_bad(tmp_path, "stretch", command, str(race)).split())
    assert said == (
        f"error: {race}: entry 3: no jockey card 'turcot'. Nearest: Ron Turcotte. "
        "(`homestretch stretch cards NAME --jockeys` lists the jockey cards and their ids)"
    )


def test_the_running_lines_say_which_horse_was_disqualified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Champagne Stakes, seed 7, Fullplay: Homeboykris crossed first and was placed 5th;
    the picture drew him winning with nothing to say otherwise."""
    from homestretch.core.chance import SeededDice
    from homestretch.core.referee import play
    from homestretch.games.stretch.content.race import load_race
    from homestretch.games.stretch.rules.engine import RaceGame, RaceState
    from homestretch.games.stretch.terminal import plot

    drawn = []
    monkeypatch.setattr(plot, "save_figure", lambda figure, path: drawn.append(figure))
    race = load_race("2009-champagne-stakes")
    state = play(RaceGame(race, "full").new_initial_state(), SeededDice(7), {})
    assert isinstance(state, RaceState)
    plot.running_lines(state, tmp_path / "lines.png")
    (axes,) = drawn[0].axes
    legend = [t.get_text() for t in axes.get_legend().get_texts()]
    assert "6 Homeboykris (disqualified, placed 5th)" in legend
    assert "5 Dublin" in legend


@pytest.mark.parametrize("command", ["run", "odds"])
def test_a_jockey_or_anything_else_a_race_file_names_wrong_gets_the_nearest(
    tmp_path: Path, command: str
) -> None:
    """A jockey named by its id or surname a letter off ('house-ax', 'pinkay') got no
    "Nearest:" (only whole names were compared), nor did a key, a surface, a condition
    or a card-set folder written wrong."""
    (tmp_path / "cards").mkdir()
    race = tmp_path / "race.toml"
    entries = (
        '[[entries]]\nhorse = "secretariat-1973"\njockey = "house-ax"\n'
        '[[entries]]\nhorse = "citation-1948"\njockey = "pinkay"\n'
    )
    cases = [
        (entries, "entry 1: no jockey card 'house-ax'. Nearest: House Rider A. "),
        (
            entries.replace("house-ax", "house-a"),
            "entry 2: no jockey card 'pinkay'. Nearest: Laffit Pincay Jr. ",
        ),
        (
            'trak = "Belmont"\n' + entries,
            "trak: not a key the program reads (misspelt, or in the wrong table?). Nearest: track.",
        ),
        (
            entries.replace("jockey =", "jocky =", 1),
            "entry 1.jocky: not a key the program reads (misspelt, or in the wrong table?). Nearest: jockey.",
        ),
        (
            'surface = "durt"\n' + entries,
            "surface: 'durt' is not one of dirt, turf, synthetic. Nearest: dirt.",
        ),
        ('condition = "slopy"\n' + entries, "heavy. Nearest: sloppy."),
        (
            'cards = "crads"\n' + entries,
            "cards: card set folder 'crads' not found. Nearest: cards.",
        ),
    ]
    for text, said in cases:
        race.write_text('name = "Bad"\nfurlongs = 8\n' + text)
        wrote = " ".join(_bad(tmp_path, "stretch", command, str(race)).split())
        assert said in wrote, wrote


def test_a_card_hint_for_ones_own_card_set_names_it(tmp_path: Path) -> None:
    """The hint after a card not found in one's own set (a race file's ``cards``, or
    ``--cards``) was "`homestretch stretch cards NAME` lists the horse cards": followed,
    it searched the standard set, not the one the card was missing from."""
    from homestretch.games.stretch.content.cards_plain import STANDARD_CARDS

    mine = tmp_path / "mine"
    mine.mkdir()
    for name in ("horses.csv", "jockeys.csv"):
        (mine / name).write_text((STANDARD_CARDS / name).read_text())
    race = tmp_path / "race.toml"
    race.write_text(
        'name = "Mine"\nfurlongs = 8\ncards = "mine"\n'
        '[[entries]]\nhorse = "secretariat-1973"\njockey = "turcotte"\n'
        '[[entries]]\nhorse = "citation-194"\njockey = "arcaro"\n'
    )
    said = " ".join(_bad(tmp_path, "stretch", "run", str(race)).split())
    assert f"(`homestretch stretch cards NAME --cards {mine}` lists the horse cards" in said
    race.write_text(race.read_text().replace('-194"', '-1948"').replace("turcotte", "turcot"))
    said = " ".join(_bad(tmp_path, "stretch", "run", str(race)).split())
    hint = f"`homestretch stretch cards NAME --jockeys --cards {mine}`"
    assert hint in said
    # followed as printed, the hint finds the card in that set
    listed = invoke("stretch", "cards", "turcotte", "--jockeys", "--cards", str(mine))
    assert "Ron Turcotte" in listed
    new = ["stretch", "new", str(tmp_path / "n.toml"), "--cards", str(mine)]
    said = " ".join(_bad(tmp_path, *new, "-e", "secretariat-1973@turcot", "-e", "citation").split())
    assert f"`homestretch stretch cards NAME --jockeys --cards {mine}`" in said


def test_the_ratings_sheet_shows_the_wet_ratings_on_a_wet_track() -> None:
    """The muddy Iron Horse Handicap's notes say the Wet ratings decide a lot on this
    going, and the sheet did not show them: the starting APRs differed for no reason a
    fan could see. A dry track's sheet stays as it was."""
    muddy = invoke("stretch", "run", "stakes-handicap-muddy", "--seed", "4", "--no-save")
    assert "Pace Form Wet Cls Spd Trp Wire Ride Trbl" in muddy
    (iron,) = [line for line in muddy.splitlines() if " Iron Ledger " in line and "Prado" in line]
    assert iron.split()[5:8] == ["6", "B", "2"]  # Pace 6, Form B, Wet 2
    fast = invoke("stretch", "run", "2009-champagne-stakes", "--seed", "4", "--no-save")
    assert "Pace Form Cls Spd Trp Wire Ride Trbl" in fast
    data = json.loads(invoke("stretch", "run", "stakes-handicap-muddy", "--no-save", "-f", "json"))
    assert [e["ratings"]["wet"] for e in data["entries"]][:2] == [1, 2]  # the JSON has them too


def test_the_header_says_a_courses_own_clock_in_words() -> None:
    """ "(the course -0.13 s a furlong)" left a fan to guess whether the course was quick
    or slow, and against what; the web board did not say it at all. Both now say it in
    the same words (words.py ``course_words``)."""
    from homestretch.games.stretch.rules.words import course_words

    assert course_words(-0.13) == "the course runs 0.13 s a furlong quick"
    assert course_words(0.35) == "the course runs 0.35 s a furlong slow"
    assert course_words(0.0) == ""
    gulfstream = invoke("stretch", "run", "allowance-turf-route", "--seed", "2", "--no-save")
    header = " ".join(gulfstream.split("The morning line")[0].split())
    assert "1 1/16 miles on the turf, firm (the course runs 0.13 s a furlong quick);" in header
    dry = invoke("stretch", "run", "2009-champagne-stakes", "--seed", "2", "--no-save")
    assert "the course runs" not in dry


@pytest.mark.parametrize("on_an_edge", [False, True])
def test_the_show_bound_is_said_only_where_it_could_change_a_figure_shown(
    on_an_edge: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`stretch odds` said "(show may run up to 4.2e-10 higher)" in its title: a number
    that means nothing to a fan and cannot move a tenth of a percent. The bound stays in
    --format json; the table says it only where a show chance sits so near a tenth's
    edge that the bound could tip it, in words, under the table, as the race page does."""
    import numpy as np

    from homestretch.games.stretch.analysis import chances, exact_cache
    from homestretch.games.stretch.analysis.exact import ExactChances
    from homestretch.games.stretch.analysis.exact_finish import PlaceShow
    from homestretch.games.stretch.content.chart_set import load_chart_set
    from homestretch.games.stretch.content.race import load_race

    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    race = load_race("2009-champagne-stakes")
    win = np.array([0.3, 0.05, 0.05, 0.2, 0.2, 0.2])
    show = np.array([0.7, 0.2, 0.25, 0.6, 0.6, 0.65])
    if on_an_edge:
        show[1] = 0.12449999999  # 12.4%; with the bound, 12.5%
    bound = np.full(6, 4.2e-10)
    exact_cache.keep(race, load_chart_set(), ExactChances(win, PlaceShow(win * 2, show, bound)))
    out = invoke("stretch", "odds", "2009-champagne-stakes")
    title = out.splitlines()[0] + out.splitlines()[1]
    assert "e-10" not in out and "higher" not in title
    note = "Show chances are exact to within 1 in a billion: Overlap's 12.4% may be 12.5%."
    assert (note in " ".join(out.split())) is on_an_edge
    answer = json.loads(invoke("stretch", "odds", "2009-champagne-stakes", "-f", "json"))
    assert [e["show_bound"] for e in answer["entries"]] == [4.2e-10] * 6
    page = chances.kept_exact(race, load_chart_set())  # what the race page is sent
    assert page is not None and page["note"] == (note if on_an_edge else "")
    assert [e["show_bound"] for e in page["entries"]] == [4.2e-10] * 6


def test_every_odds_title_names_the_mode_alike() -> None:
    """The Monte Carlo title said "(full)" where the others say "(fullplay)"."""
    from homestretch.games.stretch.terminal.odds import _odds_title

    titles = [
        _odds_title("R", "full", 1000, 0.01, exact_win=False, exact=False),
        _odds_title("R", "full", 1000, 0.01, exact_win=True, exact=False),
    ]
    assert all("(fullplay)" in title for title in titles), titles
    assert "(quickplay)" in _odds_title("R", "quick", 1000, 0.01, exact_win=False, exact=False)


@pytest.mark.parametrize("width", [80, 140])
def test_the_names_a_person_types_are_drawn_whole_at_any_width(
    width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80 columns `stretch races` cut every race's name to '2009-breed…' and `stretch
    cards` every id to 'sec…' (and every other cell): what `run` and `new` take could
    not be read off the list."""
    from homestretch.cli.common import console

    monkeypatch.setattr(console, "_width", width)
    races = invoke("stretch", "races")
    for name in ("2009-breeders-cup-ladies-classic", "claiming-route-big-field", "dream-derby"):
        assert f" {name} " in races
    assert "…" not in races
    said = " ".join(races.replace("│", " ").split())
    assert "6 furlongs on the dirt, sloppy, 9 runners" in said  # the going, as run says it
    cards = invoke("stretch", "cards", "secretariat")
    assert " secretariat-1973 " in cards and " secretariat-career " in cards
    assert "26/25" in cards or " 26 " in cards  # its Power ratings, read whole
    assert "…" not in cards
    jockeys = invoke("stretch", "cards", "--jockeys", "house")
    assert " house-a " in jockeys and "…" not in jockeys


def test_a_card_id_is_read_in_any_capitals_and_a_shared_name_is_offered_by_its_ids(
    tmp_path: Path,
) -> None:
    """'-e Secretariat-1973@Turcotte' was "no horse card 'Secretariat-1973'. Nearest:
    Secretariat." and '-e Secretariat' then "'Secretariat' is ambiguous": two answers to
    reach the card the first named. An id reads in any capitals; a name two cards share
    is offered by their ids."""
    made = tmp_path / "dream.toml"
    invoke(
        "stretch", "new", str(made), "-e", "Secretariat-1973@Turcotte", "-e", "CITATION-1948@Arcaro"
    )
    assert 'horse = "secretariat-1973"' in made.read_text()
    assert 'jockey = "arcaro"' in made.read_text()
    line = _bad(tmp_path, "stretch", "new", str(tmp_path / "x.toml"), "-e", "man o war@arcaro")
    assert "no horse card 'man o war'. Nearest: man-o-war-1920, man-o-war-career." in line


def test_odds_with_real_odds_for_some_horses_show_the_chart_odds_of_the_rest(
    tmp_path: Path,
) -> None:
    """A race file with real odds for one horse (ruling S15): the column was "Real",
    blank for the others, and "Overlay yes" stood beside a blank. Each row now shows the
    odds its overlay is judged on, the chart's marked "chart"."""
    race = tmp_path / "mixed.toml"
    entries = [
        ("secretariat-1973", "7-2"),
        ("seattle-slew-1977", None),
        ("affirmed-1978", None),
        ("citation-1948", None),
    ]
    race.write_text(
        'name = "Mixed Odds"\nfurlongs = 8\n\n'
        + "".join(
            f'[[entries]]\nhorse = "{horse}"\njockey = "house-a"\n'
            + (f'odds = "{odds}"\n' if odds else "")
            + "\n"
            for horse, odds in entries
        )
    )
    out = invoke("stretch", "odds", str(race))
    header = next(line for line in out.splitlines() if "PP" in line)
    cells = [cell.strip() for cell in header.split("┃")[1:-1]]
    assert cells[6] == "Odds"
    rows = [
        [c.strip() for c in line.split("│")[1:-1]]
        for line in out.splitlines()
        if line.startswith("│")
    ]
    assert rows[0][6] == "7-2"
    assert all(row[6].endswith(" chart") and len(row[6]) > len(" chart") for row in rows[1:])
    said = " ".join(out.split())
    assert '"chart" marks a horse the race gives none' in said
    assert "the Odds odds" not in said


def test_a_fullplay_chart_has_each_horses_running_positions() -> None:
    """A race chart gives each horse's place at every call and how far it was behind
    (the leader: its lead); the terminal's Fullplay chart had only the finish. Here: a
    lone leader's lead, horses level for the lead with none, a horse out from its segment
    on, the winner's margin at the wire as the call says it (1.625 lengths reads 1 3/4)."""
    from homestretch.games.stretch.terminal.render import running_positions

    def entry(post: int, points: list[int], finish: int | None, beaten: float | None) -> dict:
        status = "out" if finish is None else "finished"
        return {"post": post, "horse": f"H{post}", "race_points": points, "finish": finish,
                "beaten_lengths": beaten, "status": status}  # fmt: skip

    data = {
        "entries": [
            entry(1, [20, 21, 23], 1, 0.0),
            entry(2, [22, 21, 20], 2, 1.62),
            entry(3, [22, 19, 22], 3, 2.5),
            entry(4, [18, 15], None, None),  # out in the Pace Setup segment
        ]
    }
    table = running_positions(data, exact={1: 0.0, 2: 1.625, 3: 2.5})
    columns = [list(column.cells) for column in table.columns]
    cells = {horse: [col[row] for col in columns[2:]] for row, horse in enumerate(columns[1])}
    rows = list(cells)
    assert [c.header for c in table.columns] == ["PP", "Horse", "Break", "Back", "Turn", "Fin"]
    assert cells["H1"] == ["3 1", "1", "1 ½", "1 1¾"]  # level down the backstretch: no lead
    assert cells["H2"] == ["1", "1", "3 1½", "2 1¾"]  # level at the break
    assert cells["H3"] == ["1", "3 1", "2 ½", "3 2½"]
    assert cells["H4"] == ["4 2", "-", "-", "-"]
    assert list(rows) == ["H1", "H2", "H3", "H4"]  # in the order of the finish, the out last


def test_the_running_positions_at_the_wire_add_up_the_result_charts_margins() -> None:
    """Seed 7 of the sloppy claimer: Rusty Nail 1 3/4 behind the winner, Bargain Bin a
    length behind him, and the running positions had Bargain Bin 2 1/2 behind (each
    horse's own distance rounded) where a reader adds 2 3/4; Loose Change, 2 more, had
    4 1/2. Each finisher's beaten lengths are now its margins added up; the horse the
    stewards placed back keeps its own (8 1/2) and is not added to."""
    out = invoke(
        *["stretch", "run", "claiming-sprint-sloppy", "--mode", "full", "--seed", "7"],
        "--no-save",
    )
    result = out[out.index("Result  (") : out.index("Running positions")]
    rows = [ln.split() for ln in result.splitlines() if ln.split()[:1] in (["2"], ["3"], ["4"])]
    assert [row[2:6] for row in rows] == [
        ["Rusty", "Nail", "1", "3/4"],
        ["Bargain", "Bin", "1", "14-1"],
        ["Loose", "Change", "2", "16-1"],
    ]
    lines = out[out.index("Running positions") :].splitlines()
    fin = {ln.split()[1]: " ".join(ln.split()[-2:]) for ln in lines if len(ln.split()) > 4}
    assert fin["Rusty"] == "2 1¾" and fin["Bargain"] == "3 2¾" and fin["Loose"] == "4 4¾"
    assert fin["Pawn"] == "6 8½" and fin["Half"] == "8½ DQ"


def test_the_running_positions_are_drawn_for_fullplay_only() -> None:
    full = invoke("stretch", "run", "dream-sprint", "--mode", "full", "--seed", "4", "--no-save")
    assert "Running positions" in full
    assert full.index("Result  (") < full.index("Running positions")
    assert all(len(line) <= 80 for line in full.splitlines())
    quick = invoke("stretch", "run", "dream-sprint", "--seed", "4", "--no-save")
    assert "Running positions" not in quick
    # a horse out of the race (Mushka, seed 1) has dashes from the segment it went out in
    race = ["stretch", "run", "2009-breeders-cup-ladies-classic", "--mode", "full"]
    out = invoke(*race, "--seed", "1", "--no-save")
    (mushka,) = [ln for ln in out[out.index("Running positions") :].splitlines() if "Mushka" in ln]
    assert mushka.split()[2:] == ["3", "1½", "3", "2", "-", "-"]  # out in the Race Position


def test_simulate_says_its_version_and_figure_as_odds_and_a_racing_paper_do() -> None:
    """`simulate` titled its table "(quick)" where `odds` says "(quickplay)", and headed
    the mean Final Speed Figure "Mean speed"."""
    out = invoke("stretch", "simulate", "dream-sprint", "--runs", "200", "--seed", "1")
    assert "races (quickplay)" in out and "Avg figure" in out and "Mean speed" not in out


def test_fair_odds_are_board_prices_and_a_long_real_price_is_no_overlay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ruling S26: a 0.1% chance is worth 999-1, and the Fair column shows 99-1, the board's
    longest (it showed 999-1); a 1.8% chance is worth 54.6-1 and shows 50-1 (it showed
    55-1). Real odds of 150-1 beat the shown 99-1 but not what the chance is worth: no
    overlay."""
    import re

    import numpy as np

    from homestretch.games.stretch.analysis import exact_cache
    from homestretch.games.stretch.analysis.exact import ExactChances
    from homestretch.games.stretch.analysis.exact_finish import PlaceShow
    from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
    from homestretch.games.stretch.content.race import load_race

    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path))
    text = (STANDARD.parent.parent / "races" / "2009-champagne-stakes.toml").read_text()
    path = tmp_path / "race.toml"
    path.write_text(re.sub(r"(apr = \d+)", r'\1\nodds = "150-1"', text))
    race = load_race(path)
    win = np.array([0.001, 0.0183, 0.5, 0.2, 0.2, 0.0807])
    exact_cache.keep(race, load_chart_set(), ExactChances(win, PlaceShow(win, win, win * 0)))
    entries = json.loads(invoke("stretch", "odds", str(path), "--format", "json"))["entries"]
    assert [e["fair_odds"] for e in entries[:2]] == ["99-1", "50-1"]
    assert [e["real_odds"] for e in entries] == ["150-1"] * 6
    assert [e["overlay"] for e in entries] == [False, True, True, True, True, True]


def test_the_chance_pictures_say_percentages_as_the_tables_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`stretch odds --plot` drew its chances on an axis of 0.0-0.5 beside a table of
    14.5%, 20.2%; the calibration picture its win rates likewise."""
    from homestretch.games.stretch.terminal import plot

    drawn = []
    monkeypatch.setattr(plot, "save_figure", lambda figure, path: drawn.append(figure))
    plot.probability_bars("Race", ["A", "B"], [0.25, 0.75], [0.5, 1.0], [0.75, 1.0], tmp_path)
    report = {
        "figures": {
            "win_rate_by_odds": {name: 0.1 for name, *_ in ODDS_BANDS},
            "win_rate_by_apr_gap": {0: 0.3, 1: 0.2},
        }
    }
    plot.calibration_plot(report, tmp_path)
    axes = [a for figure in drawn for a in figure.axes]
    assert len(axes) == 3
    for a in axes:
        a.figure.canvas.draw()
        labels = [t.get_text() for t in a.get_yticklabels() if t.get_text()]
        assert labels and all(label.endswith("%") for label in labels), labels
