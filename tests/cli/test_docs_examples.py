"""What the README and docs/ promise a reader, checked against the program so the two
cannot drift apart:

- every `homestretch ...` command line they show (and every example a command's own
  `--help` gives) names commands and options that exist;
- every example file they show loads with the command that reads it;
- a file of each kind written from the docs alone (not copied from the bundled content)
  loads and runs: a race, a card set and a chart set for Top of the Stretch, title cards
  and a track for Across the Board, a board for Totopoly, results, a day's card and an
  odds table for Derby Cast;
- results under `--format json` hold what the docs say, and a random run's its seed.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import typer
from tests.conftest import refused, run_cache
from typer.testing import CliRunner

from homestretch.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
RUNNER = CliRunner()


def _blocks(doc: Path, language: str | None = None) -> list[str]:
    """The fenced blocks of ``doc`` (of one language, or every block)."""
    found = re.findall(r"```(\w*)\n(.*?)```", doc.read_text(encoding="utf-8"), re.S)
    return [body for lang, body in found if language is None or lang == language]


def _command_lines() -> list[tuple[str, str]]:
    """(where, line) for every `homestretch ...` line the docs show: in their shell blocks
    and their inline code. Lines with a choice written out (`[--short]`, `a|b`, `...`,
    GAME) are a synopsis, not a command."""
    lines: list[tuple[str, str]] = []
    for doc in DOCS:
        for block in _blocks(doc):
            for line in block.replace("\\\n", " ").splitlines():
                line = line.split("  #")[0].strip()
                if line.startswith("homestretch "):
                    lines.append((doc.name, line))
        text = doc.read_text(encoding="utf-8").replace("\n", " ")
        lines += [(doc.name, span) for span in re.findall(r"`(homestretch [^`]*)`", text)]
    return sorted(
        {
            (where, part.strip())
            for where, line in lines
            for part in line.split("&&")
            if not any(mark in line for mark in ("[", "|", "...", " GAME"))
        }
    )


def _help_examples() -> list[tuple[str, str]]:
    """(command, example) for every `homestretch ...` a command's help shows, a group's
    (`homestretch` itself, each game: the first command to try) as a command's. A span
    with a word to fill in (`homestretch GAME rules`) is a synopsis, not an example."""
    group = typer.main.get_command(app)
    found: list[tuple[str, str]] = []

    def walk(command: Any, path: list[str]) -> None:
        text = " ".join((command.help or "").split())
        spans = re.findall(r"`(homestretch [^`]*)`", text)
        found.extend(
            (" ".join(path) or "homestretch", span)
            for span in spans
            if not re.search(r"\b[A-Z]{3,}\b", span)
        )
        commands = getattr(command, "commands", None)
        if commands is not None:
            context = command.make_context("homestretch", [], resilient_parsing=True)
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*path, name])

    walk(group, [])
    return found


def _parses(line: str) -> None:
    """``line``'s command and options exist: the command is read as the program reads it,
    with --help added so that nothing runs (an unknown command or option is still an
    error; values are not looked at)."""
    args = shlex.split(line)[1:]
    assert args, line
    command = typer.main.get_command(app)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            command.main([*args, "--help"], standalone_mode=False, prog_name="homestretch")
        except Exception as exc:  # click's usage errors, said as the message they carry
            said = exc.format_message() if hasattr(exc, "format_message") else exc
            raise AssertionError(f"{line}: {said}") from None


COMMAND_LINES = _command_lines()


def test_the_docs_show_many_command_lines() -> None:
    assert len(COMMAND_LINES) > 100  # the finder finds them (a broken pattern finds none)


@pytest.mark.parametrize(
    ("where", "line"), COMMAND_LINES, ids=[f"{w}: {x}" for w, x in COMMAND_LINES]
)
def test_every_command_line_in_the_docs_names_real_commands_and_options(
    where: str, line: str
) -> None:
    _parses(line)


def test_the_readme_makes_each_race_file_before_it_runs_it() -> None:
    """Followed from the top, the README's commands find their files: a race file is
    written by `stretch new` (or copied by `content`) before a command reads it (the
    first use of dream.toml came before the line that writes it)."""
    made: set[str] = set()
    for block in _blocks(ROOT / "README.md", "sh"):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line.split("  #")[0])
            if words[:3] == ["homestretch", "stretch", "new"]:
                made.add(words[3])
            for word in words[3:]:
                if word.endswith(".toml") and "/" not in word:
                    assert word in made or words[2] == "new", line


def test_a_line_naming_no_such_option_is_caught() -> None:
    """The check itself: a misspelt option and a misspelt command are errors."""
    for wrong in ("homestretch stretch run x --sed 1", "homestretch stretch runn x"):
        with pytest.raises(AssertionError):
            _parses(wrong)


HELP_EXAMPLES = _help_examples()


def test_the_commands_that_need_one_give_an_example_in_their_help() -> None:
    shown = {command for command, _ in HELP_EXAMPLES}
    for command in (
        "homestretch",  # a newcomer's first command: where to start
        "stretch",  # each game's help: the first command to try
        "across",
        "totopoly",
        "derbycast",
        "stretch run",
        "stretch new",
        "stretch simulate",
        "stretch odds",
        "stretch cards",
        "across play",
        "across simulate",
        "totopoly play",
        "totopoly simulate",
        "derbycast play",
        "derbycast points",
        "derbycast races",
        "replay",
        "resume",
    ):
        assert command in shown, command


@pytest.mark.parametrize(("command", "example"), HELP_EXAMPLES)
def test_every_example_in_a_commands_help_parses(command: str, example: str) -> None:
    _parses(example)


# --- the example files the docs show ---------------------------------------------------


def _run(tmp_path: Path, *args: str) -> Any:
    """The command's ``--format json`` result (a store of the test's own)."""
    env = {"HOMESTRETCH_DB": str(tmp_path / "store.sqlite")}
    result = RUNNER.invoke(app, [*args, "--format", "json"], env=env)
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


def test_the_race_file_example_runs(tmp_path: Path) -> None:
    (example,) = _blocks(ROOT / "docs" / "stretch-formats.md", "toml")
    race = tmp_path / "race.toml"
    race.write_text(example, encoding="utf-8")
    result = _run(tmp_path, "stretch", "run", str(race), "--seed", "1", "--no-save")
    assert result["race"]["name"] == "Champagne Stakes" and result["seed"] == 1
    assert [e["horse"] for e in result["entries"]] == ["Super Saver", "Overlap"]


def test_the_results_file_examples_load(tmp_path: Path) -> None:
    doc = ROOT / "docs" / "derbycast.md"
    (csv_example,) = [b for b in _blocks(doc, "") if b.startswith("race,")]
    results = [b for b in _blocks(doc, "json") if b.startswith('{"races"')]
    assert len(results) == 1
    for name, text in (("results.csv", csv_example), ("results.json", results[0])):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        races = _run(tmp_path, "derbycast", "races", str(path))
        assert races and all(race["runners"] for race in races)


def test_the_derbycast_table_configuration_example_opens_a_table(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from homestretch.store.db import Store
    from homestretch.web.app import create_app

    doc = ROOT / "docs" / "derbycast.md"
    (example,) = [b for b in _blocks(doc, "json") if b.startswith('{"entrants"')]
    config = json.loads(example)
    people = [entrant["name"] for entrant in config["entrants"]] + ["Keeper"]
    request = {
        "game": "derbycast",
        "config": config,
        "seats": [{"kind": "person", "name": name} for name in people],
    }
    with TestClient(create_app(Store(tmp_path / "web.sqlite"))) as client:
        response = client.post("/api/tables", json=request)
    assert response.status_code == 200, response.text


# --- files of every kind written from the docs alone -----------------------------------

HORSES = """id,name,card,sex,age,overall,power_dirt,power_turf,range_low,range_high,wet,pace,form,trip,class,speed,wire,note
copper-2020,Copper Penny,2020,filly,3,85,18,,6,9,1,5,B,0,0,1,6,"made up, for a test"
ironside,Ironside,career,gelding,5,,17,19,7,10.5,2,3,C,1,-1,0,4,
quickstep,Quick Step,,,,,,16,5,8,,7,A,,,,,
"""
JOCKEYS = """id,name,ride,trouble,note
jo,Jo Hands,1,9,steady
sam,Sam Whip,-1,5,
house-x,House Rider X,0,7,a stand-in
"""
RACE = """name = "Newcomer Handicap"
date = "2026-12-05"
track = "Nowhere Downs"
furlongs = 8.5
surface = "Turf"
condition = "good"
wet_effect = -1
course_seconds_per_furlong = 0.1
cards = "cards"
notes = "written from docs/stretch-formats.md alone"

[[entries]]
horse = "copper-2020"
jockey = "jo"
odds = "7/2"

[[entries]]
horse = "Ironside"
jockey = "sam"
apr = 18
odds = "even"

[[entries]]
horse = "quickstep"
jockey = "house-x"
odds = "5-2 on"

[[entries]]
horse = { name = "Inline Star", power_turf = 17, range_low = 7, range_high = 9, pace = 4, form = "d" }
jockey = { name = "I. Rider", ride = 0, trouble = 7 }
"""
CONDITIONS = ("fast", "firm", "good", "muddy", "yielding", "sloppy", "soft", "heavy")
ROLLS = range(2, 13)


def _csv(folder: Path, name: str, header: list[str], rows: list[list[Any]]) -> None:
    with (folder / name).open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(header)
        writer.writerows(rows)


def _chart_set(folder: Path) -> None:
    """A chart set of our own, each file as the docs' table describes it."""
    folder.mkdir()
    _csv(
        folder,
        "pace_scenario.csv",
        ["roll", *map(str, range(19))],
        [[r] + ["fast" if t >= 14 and r >= 9 else "slow" if t <= 6 else "" for t in range(19)]
         for r in ROLLS],
    )  # fmt: skip
    _csv(folder, "pace_effects_quick.csv", ["pace", "slow", "fast"],
         [[p, 1 if p >= 6 else 0, -1 if p >= 6 else 1] for p in range(10)])  # fmt: skip
    _csv(folder, "form_quick.csv", ["roll", *"ABCDE"],
         [[r] + ["-2t" if r == 3 else str((r - 7) // 3 - i // 2) for i in range(5)]
          for r in ROLLS])  # fmt: skip
    trouble = {2: "out", 3: "check-dq", 4: "check-points", 12: "dq"}
    _csv(folder, "trouble.csv", ["roll", "result"], [[r, trouble.get(r, "none")] for r in ROLLS])
    _csv(folder, "race_factors.csv", ["die", "factor", "ride"],
         [[d, ("class", "speed", "trip")[d % 3], "yes" if d % 2 else "no"] for d in range(1, 7)])  # fmt: skip
    _csv(folder, "final_speed.csv", ["roll", *map(str, range(30))],
         [[r] + [50 + 2 * a + r - 7 for a in range(30)] for r in ROLLS])  # fmt: skip
    _csv(folder, "final_time.csv", ["furlongs", "par_figure", "par_time", "seconds_per_point"],
         [[4.5, 80, "0:52.00", 0.2], [8, 80, "1:36.00", 0.25], [16, 80, "3:22.00", 0.4]])  # fmt: skip
    _csv(folder, "going.csv", ["surface", "condition", "seconds_per_furlong"],
         [[s, c, 0.05 * i] for s in ("dirt", "turf") for i, c in enumerate(CONDITIONS)])  # fmt: skip
    _csv(folder, "break.csv", ["roll", *map(str, range(10))],
         [[r] + [10 + p + (r - 7) // 2 for p in range(10)] for r in ROLLS])  # fmt: skip
    _csv(folder, "pace_setup.csv", ["roll", *map(str, range(10))],
         [[r] + [(r - 7) // 3] * 10 for r in ROLLS])  # fmt: skip
    _csv(folder, "race_pace.csv", ["low", "high", *map(str, range(1, 7))],
         [[0, 35, *["slow"] * 4, "normal", "normal"], [36, 999, *["normal"] * 3, *["fast"] * 3]])  # fmt: skip
    _csv(folder, "pace_effects_full.csv", ["low", "high", "slow", "fast"],
         [[0, 15, 1, -1], [16, 999, 0, 0]])  # fmt: skip
    _csv(folder, "race_position.csv", ["roll", *"ABCDE"],
         [[r] + [f"{(r - 7) // 3:+d}/{(r - 7) // 4:+d}"] * 5 for r in ROLLS])  # fmt: skip
    _csv(folder, "odds_class.csv", ["difference", "2-5", "6-8", "9-12", "13+"],
         [[0, "Fav", "Fav", "Fav", "Fav"], [1, "A", "A", "B", "B"], [2, "C", "D", "E", "E"]])  # fmt: skip
    _csv(folder, "odds.csv", ["red", "Fav", *"ABCDE"],
         [[d, f"{d}-5", f"{d + 1}-2", f"{d + 3}-1", f"{d + 6}-1", f"{2 * d + 10}-1", f"{5 * d + 20}-1"]
          for d in range(1, 7)])  # fmt: skip
    (folder / "chartset.toml").write_text(
        'name = "Newcomer charts"\ndescription = "from the docs alone"\nseconds_per_length = 0.2\n'
        "\n[payoffs]\nstake = 2.00\nwin_share = 0.5\nplace_share = 0.3\nshow_share = 0.2\n"
        "minimum = 2.10\n\n[odds]\nbook_low = 1.1\nbook = 1.2\nbook_high = 1.3\n",
        encoding="utf-8",
    )


@pytest.fixture(scope="module")
def stretch_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("stretch")
    (folder / "cards").mkdir()
    (folder / "cards" / "horses.csv").write_text(HORSES, encoding="utf-8")
    (folder / "cards" / "jockeys.csv").write_text(JOCKEYS, encoding="utf-8")
    (folder / "race.toml").write_text(RACE, encoding="utf-8")
    _chart_set(folder / "charts")
    return folder


def test_the_chart_files_the_docs_list_are_the_standard_sets(stretch_files: Path) -> None:
    """The docs' table names every file of a chart set (three optional ones besides)."""
    from homestretch.games.stretch.content.chart_set import STANDARD

    text = (ROOT / "docs" / "stretch-formats.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\| `([a-z_]+\.(?:csv|toml))`(?: \(optional\))? \|", text, re.M))
    assert listed == {
        path.name for path in Path(STANDARD).iterdir() if path.suffix in (".csv", ".toml")
    }
    optional = {"race_pace_sprint.csv", "race_pace_field.csv", "race_position_gap.csv"}
    optional |= {"race_position_rank.csv", "race_position_rank_even.csv"}  # rulings S31, S33
    assert {path.name for path in (stretch_files / "charts").iterdir()} == listed - optional


def test_a_race_on_cards_and_charts_written_from_the_docs_runs(
    stretch_files: Path, tmp_path: Path
) -> None:
    race, charts = str(stretch_files / "race.toml"), str(stretch_files / "charts")
    for mode in ("quick", "full"):
        result = _run(tmp_path, "stretch", "run", race, "--charts", charts, "--mode", mode,
                      "--estimate-surface", "--seed", "5", "--no-save")  # fmt: skip
        assert result["charts"] == "Newcomer charts" and result["status"] == "finished"
        assert result["race"]["surface"] == "turf" and len(result["entries"]) == 4
        copper = result["entries"][0]
        if copper["finish"] == 1:  # win_share 0.5: a $2 ticket on a 7-2 winner pays 5.50
            assert copper["payoffs"]["win"] == 5.5
    cards = _run(tmp_path, "stretch", "cards", "--cards", str(stretch_files / "cards"))
    assert {card["id"] for card in cards} == {"copper-2020", "ironside", "quickstep"}


def test_a_horse_without_a_rating_for_the_surface_needs_the_estimate_everywhere(
    stretch_files: Path, tmp_path: Path
) -> None:
    """Copper Penny has no turf rating: every command that reads the race refuses it with
    one line naming --estimate-surface, and takes the option (`simulate`, `odds` and `new`
    named it in their refusal and did not have it)."""
    race = str(stretch_files / "race.toml")
    for command in ("run", "simulate", "odds"):
        line = refused(tmp_path, "stretch", command, race)
        assert "Copper Penny has no turf Power rating" in line and "--estimate-surface" in line
    simulated = _run(tmp_path, "stretch", "simulate", race, "-n", "300", "--estimate-surface")
    odds = _run(tmp_path, "stretch", "odds", race, "--estimate-surface")
    for result in (simulated, odds):
        assert [e["horse"] for e in result["entries"]][0] == "Copper Penny"
    made = tmp_path / "turf.toml"
    entries = ["-e", "secretariat-1973@turcotte", "-e", "citation-1948@arcaro"]
    line = refused(tmp_path, "stretch", "new", str(made), *entries, "--surface", "turf")
    assert "Citation has no turf Power rating" in line and not made.exists()
    written = _run(tmp_path, "stretch", "new", str(made), *entries, "--surface", "turf",
                   "--estimate-surface")  # fmt: skip
    assert written["run"] == f"homestretch stretch run {made} --estimate-surface"
    assert [e["horse"] for e in written["entries"]] == ["secretariat-1973", "citation-1948"]
    assert _run(tmp_path, "stretch", "run", str(made), "--estimate-surface", "--no-save")["seed"]


TRACK = """name = "Newmarket Heath"
city = "Newmarket"
colour = "green"

[news]
conditions = "Good to firm"
best_pick = 7
"""


def test_across_title_cards_and_a_track_written_from_the_docs_play(tmp_path: Path) -> None:
    folder = tmp_path / "across"
    (folder / "tracks").mkdir(parents=True)
    cards = "".join(
        f'[[horse]]\nnumber = {n}\nname = "Horse {n}"\nsire = "Sire {n}"\ndam = "Dam {n}"\n'
        f"opening_bid = {2 + min(n - 2, 12 - n)}\n\n"
        for n in range(2, 13)
    )
    (folder / "horses.toml").write_text(cards, encoding="utf-8")
    preprinted = {2: 4.5, 3: 3, 4: 1.5, 5: 1, 9: 1, 10: 1.5, 11: 3, 12: 4.5}
    track = TRACK + "".join(
        f"\n[[horse]]\nnumber = {n}\npreprinted_x = {preprinted.get(n, 0)}\n"
        f"shaded = {'true' if n == 7 else 'false'}\nsuggested_bid = {max(1, 9 - 2 * abs(7 - n))}\n"
        for n in range(2, 13)
    )
    (folder / "tracks" / "newmarket.toml").write_text(track, encoding="utf-8")
    shown = _run(tmp_path, "across", "tracks", "--content", str(folder))
    assert [t["name"] for t in shown["tracks"]] == ["Newmarket Heath"]
    raced = _run(tmp_path, "across", "simulate", "--content", str(folder), "--track",
                 "newmarket", "-n", "200", "--seed", "3")  # fmt: skip
    assert raced["races"] == 200 and raced["seed"] == 3 and len(raced["horses"]) == 11
    played = _run(tmp_path, "across", "play", "--content", str(folder), "--bots", "3",
                  "--seed", "1", "--quiet")  # fmt: skip
    assert played["status"] == "finished" and played["seed"] == 1


def _totopoly_board(folder: Path) -> None:
    """A board from docs/totopoly.md alone, its businesses under ids of our own (the
    docs let a business have any id: the rules find the stables and the Auctioneer by
    their role; a game on such a board failed with a KeyError)."""
    folder.mkdir()
    colours = ["black"] * 3 + ["red"] * 3 + ["yellow"] * 3 + ["blue"] * 3
    leases = "".join(
        f'[[horse]]\nnumber = {n}\nname = "Runner {n}"\ncolour = "{colours[n - 1]}"\n'
        f"value = {300 - 15 * n}\n\n"
        for n in range(1, 13)
    )
    businesses = [("north", "walroy"), ("south", "stevedon"), ("doc", "vet"), ("owners", "club"),
                  ("pad", "tote"), ("gavel", "auctioneer"), ("saddler", "trade")]  # fmt: skip
    leases += "".join(
        f'[[business]]\nid = "{ident}"\nname = "The {ident.title()}"\nvalue = '
        f'{0 if role == "auctioneer" else 150}\nrole = "{role}"\n\n'
        for ident, role in businesses
    )
    (folder / "leases.toml").write_text(leases, encoding="utf-8")
    squares = [(1, "stables", 10), (4, "vet", 10), (10, "club_fee", 20), (13, "club_offer", 50),
               (16, "colour_card", 0), (19, "white_card", 0), (22, "return_box", 0),
               (28, "colour_card", 0), (31, "stables", 15), (34, "colour_card", 0)]  # fmt: skip
    ring = "[ring]\nsquares = 36\n\n[boxes]\n" + "".join(
        f"{n} = {3 * (n - 1)}\n" for n in range(1, 13)
    )
    ring += "".join(
        f'\n[[square]]\nat = {at}\ntext = "{effect}"\neffect = "{effect}"\n'
        + (f"amount = {amount}\n" if amount else "")
        for at, effect, amount in squares
    )
    ring += (
        '\n[[square]]\nat = 7\ntext = "the saddler"\neffect = "pay"\namount = 5\nto = "saddler"\n'
    )
    (folder / "training_ring.toml").write_text(ring, encoding="utf-8")
    reports = ""
    for deck in ("walroy", "stevedon", "vet"):
        reports += (
            f'[[{deck}]]\ntext = "Good work"\ncopies = 3\neffect = "colour_card"\n\n'
            f'[[{deck}]]\ntext = "A white card"\neffect = "white_card"\n\n'
            f'[[{deck}]]\ntext = "Pay the bank"\neffect = "pay"\namount = 10\nto = "bank"\n\n'
            f'[[{deck}]]\ntext = "Lame"\neffect = "return_box"\n\n'
            f'[[{deck}]]\ntext = "All well"\ncopies = 2\neffect = "nothing"\n\n'
        )
    reports += '[[vet]]\ntext = "Remount"\neffect = "keep"\nspecial = "remount"\n\n'
    reports += '[[walroy]]\ntext = "Reins"\neffect = "keep"\nspecial = "reins"\n'
    (folder / "reports.toml").write_text(reports, encoding="utf-8")
    (folder / "cards.toml").write_text(
        "[supply]\nblack = 10\nred = 10\nyellow = 14\nblue = 16\nwhite = 8\n", encoding="utf-8"
    )
    tracks = []
    for track in range(1, 5):
        lengths = ["."] * 40
        for at in range(2, 36, 3):
            lengths[at] = "KRYB"[(at // 3 + track) % 4]
        lengths[5], lengths[11], lengths[14] = "A", "Z", "F"
        if track > 1:
            lengths[20] = "X"
        tracks.append(f'{track} = "{"".join(lengths)}"')
    course = "[course]\ntracks = 4\nlengths = 40\nbend = [16, 24]\n\n[gate]\n"
    course += "".join(f"{n} = {(n - 1) % 4 + 1}\n" for n in range(1, 13))
    course += '\n[instructions.A]\ntext = "forward 2"\neffect = "forward"\nlengths = 2\n'
    course += '\n[instructions.Z]\ntext = "back 1"\neffect = "back"\nlengths = 1\n'
    course += '\n[instructions.F]\ntext = "a fall"\neffect = "fall"\n'
    course += '\n[instructions.X]\ntext = "burst blood-vessel"\neffect = "burst"\n'
    course += "\n[tracks]\n" + "\n".join(tracks) + "\n"
    (folder / "racecourse.toml").write_text(course, encoding="utf-8")


@pytest.mark.parametrize("bots", ["3", "4"])  # fewer than four: the Auctioneer's card is out
def test_a_totopoly_board_written_from_the_docs_plays(tmp_path: Path, bots: str) -> None:
    folder = tmp_path / "board"
    _totopoly_board(folder)
    board = _run(tmp_path, "totopoly", "board", "--content", str(folder))
    assert len(board["horses"]) == 12
    played = _run(tmp_path, "totopoly", "play", "--content", str(folder), "--bots", bots,
                  "--seed", "1")  # fmt: skip
    assert played["status"] == "finished" and played["seed"] == 1 and played["placings"]


def test_derbycast_files_written_from_the_docs_load(tmp_path: Path) -> None:
    results = tmp_path / "results.csv"
    results.write_text(
        "Race,Horse,Odds,Program,Finish\n"
        '"Maple Park, race 1",Quiet Storm,3-1,1,2\n'
        '"Maple Park, race 1",Red Lantern,9/5,2,1\n'
        '"Maple Park, race 1",Blue Heron,even,2A,3\n'
        '"Maple Park, race 1",Old Timer,40,3,\n'
        '"Maple Park, race 1",Sleepy Joe,,4,scr\n'
        "Maple Park race 2,Alpha,5-2,,1\nMaple Park race 2,Bravo,5-2,,1\n"
        "Maple Park race 2,Charlie,7.5,,3\nMaple Park race 2,Delta,12-1,,late\n",
        encoding="utf-8",
    )
    races = _run(tmp_path, "derbycast", "races", str(results))
    assert [r["race"] for r in races] == ["Maple Park, race 1", "Maple Park race 2"]
    day = tmp_path / "day.json"
    day.write_text(
        json.dumps({"races": [{"runners": [{"program": 1, "horse": "Kilo", "odds": "4-5"},
                                           {"program": "1A", "horse": "Lima", "odds": 3},
                                           {"program": 2, "horse": "Mike", "scratched": True}]}]}),
        encoding="utf-8",
    )  # fmt: skip
    (card,) = _run(tmp_path, "derbycast", "races", str(day))
    assert card["race"] == "Race 1" and all(r["finish"] is None for r in card["runners"])
    listed = RUNNER.invoke(app, ["derbycast", "races", str(day)])
    assert "Race 1: 3 horses, 1 scratched, a card: no result yet" in listed.stdout
    table = tmp_path / "odds_table.csv"
    table.write_text(
        "# our own\nodds,win,place,show\n1-5, 1, 0, 0\neven, 2, 1, 0\n3-1, 4, 2, 1\n"
        "10-1, 12, 6, 3\n",
        encoding="utf-8",
    )
    points = _run(tmp_path, "derbycast", "points", "7-1", "--bet", "place", "--finish", "2",
                  "--table", str(table))  # fmt: skip
    assert points["points"] == 2  # 7-1 reads the 3-1 row: place 2
    past = _run(tmp_path, "derbycast", "points", "20-1", "--bet", "show", "--finish", "3",
                "--table", str(table))  # fmt: skip
    assert past["points"] == 5  # past the last row: win 20, place 10, show 5


def test_calibrate_says_its_seed_in_json(tmp_path: Path) -> None:
    result = _run(tmp_path, "stretch", "calibrate", "--fields", "10", "--races", "50")
    assert result["seed"] == 1


def test_the_dice_file_example_is_read_face_by_face(tmp_path: Path) -> None:
    """docs/architecture.md's dice file (a comment, faces apart by spaces): its six faces
    are all read, and the race asks for more than six."""
    (example,) = _blocks(ROOT / "docs" / "architecture.md", "text")
    dice = tmp_path / "dice.txt"
    dice.write_text(example + "1,2\n3 # a comment after faces\n", encoding="utf-8")
    line = refused(tmp_path, "stretch", "run", "2009-champagne-stakes", "--dice-file", str(dice),
                   "--no-save")  # fmt: skip
    assert "the dice list ran out" in line and "9 face(s) given" in line


@pytest.mark.parametrize("game", ["across", "totopoly"])
def test_a_tables_configuration_is_documented_key_by_key_with_its_default(
    tmp_path: Path, game: str
) -> None:
    """The docs' table of a game's configuration and the settings the lobby draws its form
    from (and POST /api/tables checks by) name the same keys with the same defaults."""
    from fastapi.testclient import TestClient

    from homestretch.store.db import Store
    from homestretch.web.app import create_app

    text = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    section = text.split("### A table's configuration")[1].split("\n#")[0]
    rows = re.findall(r"^\| `([a-z_.]+)` \| .*? \| (.*?) \|", section, re.M)
    with TestClient(create_app(Store(tmp_path / "web.sqlite"))) as client:
        (settings,) = [g for g in client.get("/api/games").json() if g["name"] == game]
    fields = {field.get("path") or field["name"]: field for field in settings["fields"]}
    documented = {key: default for key, default in rows if key in fields}
    assert set(documented) == set(fields), rows
    assert {key for key, _ in rows} - set(fields) <= {"rules"}  # Totopoly's table of rules
    for key, default in documented.items():
        assert default.strip("`") == json.dumps(fields[key]["default"]).strip('"'), key


@pytest.mark.parametrize(
    "args",
    [
        ["run", "2009-champagne-stakes", "--mode", "full", "--no-save"],
        ["simulate", "2009-champagne-stakes", "-n", "200"],
        ["odds", "2009-champagne-stakes"],
    ],
    ids=["run", "simulate", "odds"],
)
def test_every_key_of_a_stretch_result_is_in_the_docs(tmp_path: Path, args: list[str]) -> None:
    """docs/stretch-formats.md ("Results (JSON)") names every key the result holds, and
    every key of its entries (run's `finished`, `segment` and `captions` and the whole of
    simulate's were not)."""
    text = (ROOT / "docs" / "stretch-formats.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+)`", text.split("## Results (JSON)")[1]))
    result = _run(tmp_path, "stretch", *args, "--seed", "3")
    keys = set(result) | {key for entry in result["entries"] for key in entry}
    assert keys - named == set()


@pytest.mark.parametrize(
    ("doc", "args"),
    [
        ("across.md", ["across", "simulate", "--track", "woodbine", "-n", "100"]),
        ("across.md", ["across", "play", "--bots", "3", "--quiet"]),
        ("totopoly.md", ["totopoly", "play", "--bots", "3"]),
        ("derbycast.md", ["derbycast", "play", "--bots", "2", "--source", "simulate"]),
    ],
    ids=["across simulate", "across play", "totopoly play", "derbycast play"],
)
def test_every_key_of_a_games_result_is_in_its_docs(
    tmp_path: Path, doc: str, args: list[str]
) -> None:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    named = set(re.findall(r"[`\"]([a-z_]+)[`\"]", text))
    result = _run(tmp_path, *args, "--seed", "2")
    assert result["seed"] == 2 and set(result) - named == set()


def test_every_command_but_serve_has_format_json() -> None:
    """The README's promise, "every result has --format json", command by command
    (`stretch new` had none)."""
    without: list[str] = []

    def walk(command: Any, path: list[str]) -> None:
        commands = getattr(command, "commands", None)
        if commands is not None:
            context = command.make_context("homestretch", [], resilient_parsing=True)
            for name in command.list_commands(context):
                walk(command.get_command(context, name), [*path, name])
        elif not any("--format" in getattr(p, "opts", ()) for p in command.params):
            without.append(" ".join(path))

    walk(typer.main.get_command(app), [])
    assert without == ["serve"]


@pytest.mark.parametrize(
    "args",
    [
        ["stretch", "simulate", "2009-champagne-stakes", "-n", "200"],
        ["stretch", "odds", "2009-champagne-stakes", "--mode", "full", "-n", "1000"],
        ["across", "simulate", "--track", "woodbine", "-n", "100"],
        ["totopoly", "simulate", "--match-races", "40"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_a_random_run_says_its_seed_and_its_json_holds_it(tmp_path: Path, args: list[str]) -> None:
    """Without --seed, the real command prints the seed it drew on stderr (stdout is the
    JSON alone) and the JSON carries the same seed (across simulate's did not)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "x.sqlite"), "PATH": "/usr/bin:/bin", **run_cache()},
    )
    assert done.returncode == 0, done.stderr
    said = re.search(r"seed (\d+) +\(repeat with --seed \1\)", done.stderr)
    assert said is not None, done.stderr
    assert json.loads(done.stdout)["seed"] == int(said.group(1))
