"""`homestretch GAME content [FOLDER]`: each game's bundled content copied out byte for
byte, refusing to overwrite, listed without a folder; and each copy read back by the
options that take one's own content, running as the bundled content runs, edits used."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import refused as bad
from typer.testing import CliRunner

from homestretch.cli.main import app

RUNNER = CliRunner()
GAMES = ("stretch", "across", "totopoly", "derbycast")


def invoke(*args: str) -> str:
    result = RUNNER.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def as_json(*args: str) -> object:
    return json.loads(invoke(*args, "--format", "json"))


def parts_of(game: str) -> tuple:  # type: ignore[type-arg]
    import importlib

    return importlib.import_module(f"homestretch.games.{game}.content.bundle").PARTS  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAMES)
def test_a_copy_is_the_bundled_content_byte_for_byte_and_is_not_overwritten(
    tmp_path: Path, game: str
) -> None:
    mine = tmp_path / "mine"
    done = as_json(game, "content", str(mine))
    assert isinstance(done, dict) and done["game"] == game
    expected = {
        part.folder(mine) / source.relative_to(part.root): source
        for part in parts_of(game)
        for source in part.sources()
    }
    assert sorted(map(Path, done["written"])) == sorted(expected)
    assert len(expected) >= 2
    for written, source in expected.items():
        assert written.read_bytes() == source.read_bytes()
    # the text form says each file it wrote and how to run on the copy
    again = invoke(game, "content", str(tmp_path / "text"))
    assert again.count("wrote ") == len(expected) and f"homestretch {game}" in again
    # nothing is overwritten, and nothing written, unless told
    first = next(iter(expected))
    first.write_text("edited\n")
    said = bad(tmp_path, game, "content", str(mine))
    assert "exists" in said and "--force" in said
    assert first.read_text() == "edited\n"
    invoke(game, "content", str(mine), "--force")
    assert first.read_bytes() == expected[first].read_bytes()


@pytest.mark.parametrize("game", GAMES)
def test_without_a_folder_the_parts_are_listed(game: str) -> None:
    listed = as_json(game, "content")
    assert isinstance(listed, dict)
    names = [p["part"] for p in listed["parts"]]
    assert names == [p.name for p in parts_of(game)]
    assert all(p["files"] and "{dir}" in p["use"] for p in listed["parts"])
    text = invoke(game, "content")
    assert f"homestretch {game} content" in text and all(n in text for n in names)


def test_content_typed_at_the_top_leads_to_each_games_command(tmp_path: Path) -> None:
    """`homestretch content` was "No such command 'content'"."""
    said = bad(tmp_path, "content", "stretch", "mine")
    assert "homestretch GAME content FOLDER (GAME one of across, derbycast, stretch" in said
    assert not (tmp_path / "mine").exists()


def test_the_game_help_leads_to_the_content_command() -> None:
    for game in GAMES:
        assert "content" in invoke(game, "--help")
    for game, command in [("stretch", "run"), ("stretch", "cards"), ("across", "play")]:
        letters = "".join(c for c in invoke(game, command, "--help") if c.isalnum())
        assert f"homestretch{game}contentFOLDER" in letters  # the options name the command
    letters = "".join(c for c in invoke("totopoly", "play", "--help") if c.isalnum())
    assert "homestretchtotopolycontentFOLDER" in letters
    letters = "".join(c for c in invoke("derbycast", "play", "--help") if c.isalnum())
    assert "homestretchderbycastcontentFOLDERpartoddstable" in letters


def test_a_part_alone_and_bad_folders_and_parts(tmp_path: Path) -> None:
    done = as_json("stretch", "content", str(tmp_path / "c"), "--part", "charts")
    assert isinstance(done, dict)
    assert {Path(p).parent for p in done["written"]} == {tmp_path / "c" / "charts"}
    said = bad(tmp_path, "stretch", "content", str(tmp_path / "x"), "--part", "chartz")
    assert "--part chartz" in said and "did you mean charts? write cards, charts or races" in said
    (tmp_path / "file").write_text("")
    said = bad(tmp_path, "across", "content", str(tmp_path / "file"))
    assert f"{tmp_path / 'file'}: is not a folder" in said
    assert "name the folder" in bad(tmp_path, "derbycast", "content", "")  # not "."
    said = bad(tmp_path, "derbycast", "table", "--table", "/dev/zero")  # read to no end before
    assert "/dev/zero: not an ordinary file" in said
    (tmp_path / "t" / "cards.toml").mkdir(parents=True)  # a folder where a file goes
    said = bad(tmp_path, "totopoly", "content", str(tmp_path / "t"), "--force")
    assert "cards.toml: is a folder" in said


@pytest.mark.parametrize("game", GAMES)
def test_a_game_of_one_part_is_copied_whole_and_says_so(tmp_path: Path, game: str) -> None:
    """Across's and Totopoly's content is one part (named "content"): `across content DIR
    --part tracks` said "its parts: content", and the list offered `[--part PART]` as
    though there were parts to choose. A game of several offers it, and names the part
    chosen."""
    names = [p.name for p in parts_of(game)]
    listed = invoke(game, "content").splitlines()[-1]
    said = bad(tmp_path, game, "content", str(tmp_path / "x"), "--part", "tracks")
    assert said.startswith(f"error: --part tracks: {game} has no such part of its content")
    if len(names) == 1:
        assert listed == f"copy with: homestretch {game} content my-{game}"
        assert said.endswith("it is one folder, copied whole: leave --part out")
    else:
        assert listed == f"copy with: homestretch {game} content my-{game} [--part PART]"
        chosen = invoke(game, "content", "--part", names[-1]).splitlines()[-1]
        assert chosen == f"copy with: homestretch {game} content my-{game} --part {names[-1]}"
        assert said.endswith("or leave --part out to copy them all")
    assert not (tmp_path / "x").exists()


def _run(race: str, *more: str) -> dict:  # type: ignore[type-arg]
    result = as_json("stretch", "run", race, "--seed", "7", "--mode", "full", "--no-save", *more)
    assert isinstance(result, dict)
    return result


def test_a_stretch_copy_runs_as_the_bundled_content_and_its_edits_are_used(
    tmp_path: Path,
) -> None:
    mine = tmp_path / "mine"
    invoke("stretch", "content", str(mine))
    race = str(mine / "races" / "2009-champagne-stakes.toml")
    bundled = _run("2009-champagne-stakes")
    copy = _run(race, "--charts", str(mine / "charts"))
    assert (
        copy.pop("charts_folder") == str(mine / "charts") and bundled.pop("charts_folder") is None
    )
    assert copy == bundled  # charts_edited false: the copy unedited is the standard set
    copied = as_json("stretch", "cards", "--cards", str(mine / "cards"))
    assert copied == as_json("stretch", "cards")
    assert as_json("stretch", "races") and len(list((mine / "races").glob("*.toml"))) == 14
    odds = ("stretch", "odds", race, "--charts", str(mine / "charts"), "--seed", "1")
    bundled_odds = as_json("stretch", "odds", "2009-champagne-stakes", "--seed", "1")
    assert isinstance(bundled_odds, dict)
    assert as_json(*odds)["entries"] == bundled_odds["entries"]  # type: ignore[index]
    # an edited chart is the one run on: every par figure 10 points up, slower times
    edited = tmp_path / "edited"
    invoke("stretch", "content", str(edited), "--part", "charts")
    times = edited / "charts" / "final_time.csv"
    lines = times.read_text().splitlines()
    head = lines[0].split(",").index("par_figure")
    rows = [line.split(",") for line in lines[1:]]
    for row in rows:
        row[head] = str(int(row[head]) + 10)
    times.write_text("\n".join([lines[0], *(",".join(r) for r in rows)]) + "\n")
    slower = _run(race, "--charts", str(edited / "charts"))
    assert slower["final_time"] != bundled["final_time"]
    assert [e["final_speed"] for e in slower["entries"]] == [
        e["final_speed"] for e in bundled["entries"]
    ]
    # an edited card is the one a race pointing at the copy's cards runs
    cards = mine / "cards" / "horses.csv"
    cards.write_text(cards.read_text().replace("Secretariat,", "Big Red,"))
    own = mine / "races" / "own.toml"
    own.write_text(
        'name = "Own"\nfurlongs = 10\ncards = "../cards"\n'
        '[[entries]]\nhorse = "secretariat-1973"\njockey = "turcotte"\n'
        '[[entries]]\nhorse = "citation-1948"\njockey = "arcaro"\n'
    )
    horses = [e["horse"] for e in _run(str(own))["entries"]]
    assert horses[0] == "Big Red"
    found = as_json("stretch", "cards", "big red", "--cards", str(mine / "cards"))
    assert {h["name"] for h in found} == {"Big Red"}  # type: ignore[attr-defined, union-attr]


def _without_ids(result: object) -> object:
    assert isinstance(result, dict)
    return {k: v for k, v in result.items() if k not in ("id", "game_id", "source")}


@pytest.mark.parametrize(
    ("game", "play", "edit"),
    [
        (
            "across",
            ["--bots", "3", "--track", "woodbine"],
            ("tracks/woodbine.toml", "preprinted_x = 3.0", "preprinted_x = 0.0"),
        ),
        ("totopoly", ["--bots", "3", "--short"], ("leases.toml", "value = 170", "value = 20")),
    ],
)
def test_a_content_folder_copy_plays_as_the_bundled_one_and_its_edits_are_used(
    tmp_path: Path, game: str, play: list[str], edit: tuple[str, str, str]
) -> None:
    mine, edited = tmp_path / "mine", tmp_path / "edited"
    invoke(game, "content", str(mine))
    invoke(game, "content", str(edited))
    file, old, new = edited / edit[0], edit[1], edit[2]
    assert old in file.read_text()
    file.write_text(file.read_text().replace(old, new, 1))
    game_args = [game, "play", *play, "--seed", "5", "--db", str(tmp_path / "g.sqlite")]
    bundled = _without_ids(as_json(*game_args))
    assert _without_ids(as_json(*game_args, "--content", str(mine))) == bundled
    assert _without_ids(as_json(*game_args, "--content", str(edited))) != bundled
    shown = "tracks" if game == "across" else "board"
    assert (
        as_json(game, shown, "--content", str(mine)) == as_json(game, shown) or game == "totopoly"
    )


def test_a_derbycast_copy_plays_as_the_bundled_one_and_its_edits_are_used(
    tmp_path: Path,
) -> None:
    from homestretch.games.derbycast.content.replays import LIBRARY_FILE

    mine, edited = tmp_path / "mine", tmp_path / "edited"
    invoke("derbycast", "content", str(mine))
    invoke("derbycast", "content", str(edited), "--part", "odds-table")
    assert not (edited / "replays.csv").exists()
    table = edited / "odds_table.csv"
    lines = table.read_text().splitlines()  # every row's Win worth ten spaces more
    table.write_text(
        "\n".join(line if line.startswith(("#", "odds")) else _more_for_win(line) for line in lines)
        + "\n"
    )
    assert as_json("derbycast", "table", "--table", str(mine / "odds_table.csv")) == as_json(
        "derbycast", "table"
    )
    pick = ("derbycast", "points", "20-1", "--bet", "win", "--finish", "1")
    assert as_json(*pick, "--table", str(mine / "odds_table.csv")) == as_json(*pick)
    assert as_json(*pick, "--table", str(table))["points"] == 30  # type: ignore[index]
    assert as_json(*pick)["points"] == 20  # type: ignore[index]
    db = str(tmp_path / "g.sqlite")
    play = ["derbycast", "play", "--bots", "3", "--seed", "5", "--db", db]
    bundled = _without_ids(as_json(*play, "--source", str(LIBRARY_FILE)))
    copied = as_json(*play, "--source", str(mine / "replays.csv"))
    assert _without_ids(copied) == bundled
    own = _without_ids(as_json(*play, "--source", str(LIBRARY_FILE), "--table", str(table)))
    assert own != bundled
    same = as_json(*play, "--source", str(LIBRARY_FILE), "--table", str(mine / "odds_table.csv"))
    assert _without_ids(same) == bundled


def _more_for_win(line: str) -> str:
    odds, win, place, show = line.split(",")
    return ",".join([odds, str(int(win) + 10), place, show])


def test_every_bundled_file_is_package_data_so_a_wheel_carries_it() -> None:
    """A wheel holds a package's data files only where pyproject.toml's package-data
    names them: a part whose files it missed would copy nothing from an installed
    package (checked by hand once: `pip wheel .` into /tmp, installed in a fresh venv,
    `homestretch stretch content` there wrote all 33 files)."""
    import tomllib
    from fnmatch import fnmatch

    root = Path(__file__).parents[2]
    setup = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setup["package-data"]["*"]
    assert setup["packages"]["find"].get("namespaces", True)  # data folders without __init__
    for game in GAMES:
        for part in parts_of(game):
            for source in part.sources():
                assert any(fnmatch(source.name, p) for p in patterns), source


def test_the_list_at_80_columns_gives_each_command_whole() -> None:
    """In a fourth column at 80 columns the command for the races was cut to "homestretch
    stretch run my-stretch/races/2009-champ…": each is a line of its own now, never cut."""
    done = RUNNER.invoke(app, ["stretch", "content"], env={"COLUMNS": "80"})
    assert done.exit_code == 0, done.output
    assert "…" not in done.stdout
    races = "  races: homestretch stretch run my-stretch/races/2009-champagne-stakes.toml"
    assert any(line.startswith(races) for line in done.stdout.splitlines()), done.stdout
