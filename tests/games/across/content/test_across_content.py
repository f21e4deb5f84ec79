"""Content files: the built-in set loads; broken files name the file, the key, the fault."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from tests.conftest import refused, run_cache

from homestretch.core.errors import ContentError
from homestretch.games.across.content.loader import (
    DEFAULT_DIR,
    FAVOURITES,
    load_content,
    load_track,
)
from homestretch.games.across.rules.game import AcrossGame


def test_the_built_in_content() -> None:
    content = load_content()
    assert sorted(content.cards) == list(range(2, 13))
    assert len(content.tracks) == 4
    for track in content.tracks.values():
        shaded = {h for h, cap in track.handicaps.items() if cap.shaded}
        assert shaded <= set(FAVOURITES)
        assert track.best_pick in range(2, 13) and track.conditions


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(DEFAULT_DIR, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    """Replace the first match of the pattern ``old`` (the first horse's, in a track)."""
    text, count = re.subn(old, new, path.read_text(), count=1)
    assert count == 1, old
    path.write_text(text)


def test_a_copied_folder_loads_and_plays(copy: Path) -> None:
    _edit(copy / "tracks" / "woodbine.toml", 'name = "Woodbine"', 'name = "Fort Erie"')
    game = AcrossGame(players=3, tracks=("woodbine",), content_dir=str(copy))
    assert game.new_initial_state().track.name == "Fort Erie"


def test_the_view_names_the_content_folder_not_its_path(copy: Path) -> None:
    """The view reaches browsers: it carries the folder's name, never where it lives on
    the server; the saved config keeps the path and its digest for the replay check."""
    game = AcrossGame(players=3, tracks=("woodbine",), content_dir=str(copy))
    view = game.new_initial_state().view(None)
    assert view["content"] == copy.name
    assert str(copy.parent) not in repr(view)
    assert game.config()["content_dir"] == str(copy.resolve())
    assert game.config()["content_digest"]


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "preprinted_x = 3.0",
            "preprinted_x = 2.3",
            "horse 2: preprinted_x must be 0 or more in steps of 0.5",
        ),
        ("shaded = false", "shaded = true", "horse 2: only favourites (6, 7, 8) may be shaded"),
        (r"suggested_bid = \d+\n", "", "horse 2: the key 'suggested_bid' is missing"),
        ("best_pick = 6", "best_pick = 13", "news: best_pick must be a horse 2-12"),
        (  # which number is wrong, not only that one is
            "number = 12",
            "number = 11",
            "must hold each number 2-12 exactly once (11 given twice; 12 missing)",
        ),
        (
            "number = 12",
            'number = "12"',
            "[[horse]] 11: number must be a whole number, not '12' (write it without quotes)",
        ),
        ("number = 12", 'number = "twelve"', "(number 'twelve' is not a horse 2-12; 12 missing)"),
        ('colour = "yellow"', "colour = [", "not valid TOML"),
        (
            "preprinted_x = 3.0",
            "preprinted_x = 5.0",
            "horse 2: preprinted_x 5.0 leaves nothing to run",
        ),
        (  # a misspelled key would otherwise be read as the default, silently
            "shaded = false",
            "shaded = false\nsuggested_bid_ = 4",
            "horse 2: unknown key(s) suggested_bid_",
        ),
        ("best_pick = 6", "best_pick = 6\nbest = 7", "news: unknown key(s) best"),
    ],
)
def test_a_broken_track_file_is_named_with_its_fault(
    copy: Path, old: str, new: str, message: str
) -> None:
    path = copy / "tracks" / "woodbine.toml"
    _edit(path, old, new)
    with pytest.raises(ContentError) as caught:
        load_track(path)
    assert str(path) in str(caught.value) and message in str(caught.value)


def test_a_broken_title_card_is_named(copy: Path) -> None:
    _edit(copy / "horses.toml", "opening_bid = 5", 'opening_bid = "five"')
    with pytest.raises(
        ContentError, match=r"horses.toml: horse 7: opening_bid must be a whole number"
    ):
        load_content(str(copy))


def test_a_blank_horse_name_is_refused(copy: Path) -> None:
    """A title card is read out at the auction: a name of spaces would be read as nothing."""
    _edit(copy / "horses.toml", 'name = "[^"]*"', 'name = "  "')
    with pytest.raises(ContentError, match=r"horses.toml: horse 2: name must not be blank"):
        load_content(str(copy))


def test_an_opening_bid_nobody_could_pay_is_refused(copy: Path) -> None:
    _edit(copy / "horses.toml", "opening_bid = 5", "opening_bid = 5000")
    with pytest.raises(ContentError, match=r"horse 7: opening_bid must be 1 to 40 fifties"):
        load_content(str(copy))


def test_an_unknown_track_is_refused_with_the_known_ones(copy: Path) -> None:
    with pytest.raises(ContentError, match="no track 'ascot' .known: churchill-downs") as no:
        AcrossGame(players=3, tracks=("ascot",))
    # The built-in folder is where the program is installed: named for what it is.
    assert str(no.value).startswith("the built-in content: no track 'ascot'")
    assert str(DEFAULT_DIR) not in str(no.value)
    (copy / "tracks" / "longchamp.toml").unlink()
    with pytest.raises(ContentError) as own:  # a folder of one's own is named as given
        AcrossGame(players=3, tracks=("longchamp",), content_dir=str(copy))
    assert str(own.value) == (
        f"{copy}: no track 'longchamp' (known: churchill-downs, epsom-downs, woodbine)"
    )


def test_a_key_missing_at_the_top_of_a_file_names_the_file_alone(copy: Path) -> None:
    """Was "woodbine.toml: top: the key 'city' is missing": "top" is the loader's word."""
    path = copy / "tracks" / "woodbine.toml"
    _edit(path, r'city = "[^"]*"\n', "")
    with pytest.raises(ContentError) as caught:
        load_track(path)
    assert str(caught.value) == f"{path}: the key 'city' is missing"


def test_two_tracks_of_one_name_are_refused_naming_both(copy: Path, tmp_path: Path) -> None:
    """A track file copied to start a new one and not renamed inside: two tracks called
    Woodbine, told apart nowhere a player looks. Both files are named, on the folder: the
    message blamed whichever sorts second, here the bundled file nobody touched."""
    shutil.copy(copy / "tracks" / "woodbine.toml", copy / "tracks" / "fort-erie.toml")
    said = refused(tmp_path, "across", "tracks", "--content", str(copy))
    assert said == (
        f"error: {copy / 'tracks'}: fort-erie.toml and woodbine.toml are both named "
        "'Woodbine': give each track its own name (the name = line inside the file; a copy "
        "not renamed inside?)"
    )


def test_a_saved_games_folder_whose_tracks_were_renamed_says_what_to_do(
    copy: Path, tmp_path: Path
) -> None:
    """A game saved from a folder whose tracks/ was renamed since (courses/), replayed:
    a game saved before games kept their folder's digest has nothing to tell the change
    by, and the loader said "FOLDER/tracks: no track files (*.toml) found", a folder the
    user never named, nor what to do. Now, as `--content` says it: the folder, where the
    track files are looked for, the folder to rename, in one line, exit status 2."""
    import json
    import sqlite3
    import subprocess
    import sys

    database = tmp_path / "x.sqlite"
    played = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["across", "play", "--bots", "3", "--seed", "3", "--content", str(copy)]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(database), "PATH": "/usr/bin:/bin", **run_cache()},
    )
    assert played.returncode == 0, played.stderr
    game_id = str(json.loads(played.stdout)["id"])
    with sqlite3.connect(database) as db:  # as saved before games kept a digest
        (config,) = db.execute("SELECT config FROM games WHERE id = ?", (game_id,)).fetchone()
        undigested = {k: v for k, v in json.loads(config).items() if k != "content_digest"}
        db.execute("UPDATE games SET config = ? WHERE id = ?", (json.dumps(undigested), game_id))
    db.close()
    (copy / "tracks").rename(copy / "courses")
    said = refused(tmp_path, "replay", game_id)
    assert said == (
        f"error: {copy}: no tracks/ folder: the track files are looked for as "
        f"{copy}/tracks/*.toml; courses/ holds .toml files: if it holds the tracks, "
        "rename it tracks"
    ), said
    (copy / "tracks").mkdir()  # there, but empty: the files are to move
    said = refused(tmp_path, "replay", game_id)
    assert said.startswith(f"error: {copy}: no track files in its tracks/: "), said
    assert said.endswith("courses/ holds .toml files: if it holds the tracks, move its files into tracks/"), said  # fmt: skip
