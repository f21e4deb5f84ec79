"""Every "did you mean" and "Nearest:" judges nearness alike: by ``core.inputs.nearest``
(a word typed in other capitals is as near as in small letters)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import refused

SRC = Path(__file__).parents[2] / "src" / "homestretch"
OWN_MATCHING = {
    "core/inputs.py": "nearest() itself",
    "games/stretch/content/cards_plain.py": "card names scored by name, id and a word of "
    "the name, several offered: not one nearest choice",
}


def test_only_core_inputs_asks_difflib_for_the_nearest_choice() -> None:
    """Across track names, Derby Cast's `--source`, Stretch's chart results and bundled
    race names each called difflib themselves, with cutoffs and capitals of their own."""
    callers = sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if "difflib" in path.read_text(encoding="utf-8")
    )
    assert callers == sorted(OWN_MATCHING)


def test_a_bundled_race_typed_in_capitals_is_answered_with_its_name(tmp_path: Path) -> None:
    """'2009-CHAMPAGNE-STAKES' was "no bundled race of that name (see `homestretch
    stretch races`)": difflib saw the capitals as other letters."""
    line = refused(tmp_path, "stretch", "run", "2009-CHAMPAGNE-STAKES", "--no-save")
    assert line.endswith(
        "2009-CHAMPAGNE-STAKES: no such race file, and no bundled race of that name (did you "
        "mean 2009-champagne-stakes?)"
    ), line


def test_a_race_named_nowhere_says_what_builds_one(tmp_path: Path) -> None:
    """A race that is neither a file nor near a bundled race's name pointed only to the
    bundled races; a user with a race of his own to run needs `stretch new`."""
    line = refused(tmp_path, "stretch", "run", "my-own-race.toml", "--no-save")
    assert line.endswith(
        "my-own-race.toml: no such race file, and no bundled race of that name (see "
        "`homestretch stretch races`; `homestretch stretch new` builds a race file)"
    ), line


def test_a_derby_cast_source_typed_wrong_names_the_nearest(tmp_path: Path) -> None:
    line = refused(tmp_path, "derbycast", "play", "--players", "Ann,Bob", "--source", "Replay")
    assert "--source 'Replay' (did you mean replays?): write manual, simulate, replays" in line


def test_a_bundled_race_typed_by_its_name_is_answered_with_its_file(tmp_path: Path) -> None:
    """`stretch races` lists "Allowance Optional Claiming" beside allowance-turf-route:
    'allowance-optional-claiming' was "see `homestretch stretch races`" again."""
    line = refused(tmp_path, "stretch", "odds", "allowance-optional-claiming")
    assert line.endswith("(did you mean allowance-turf-route (Allowance Optional Claiming)?)"), line


def test_a_condition_spelt_as_it_sounds_gets_the_nearest(tmp_path: Path) -> None:
    """'gud' shares too few letters with 'good' for difflib (0.57 under the 0.6 cutoff):
    it was told the eight conditions and no "Nearest". A word with a choice's consonants
    (vowels and doubled letters aside) is near too, when only one choice has them."""
    from homestretch.core.inputs import nearest
    from homestretch.games.stretch.content.conditions import CONDITIONS

    assert nearest("gud", CONDITIONS) == "good"
    assert nearest("HEVVY", CONDITIONS) == "heavy"
    assert nearest("slopy", CONDITIONS) == "sloppy"  # difflib's, as before
    assert nearest("zzz", CONDITIONS) is None and nearest("o", CONDITIONS) is None
    assert nearest("boogoo", ["bag", "big"]) is None  # two alike: no guess
    line = refused(
        tmp_path,
        "stretch",
        "new",
        str(tmp_path / "r.toml"),
        "-e",
        "secretariat-1973",
        "-e",
        "citation-1948",
        "--condition",
        "gud",
    )
    assert line.endswith("Nearest: good."), line


def test_two_tracks_equally_near_are_both_named(tmp_path: Path) -> None:
    """'downs' is a word of churchill-downs and of epsom-downs: it was answered "did you
    mean epsom-downs?" alone (difflib finds the shorter name nearer)."""
    line = refused(tmp_path, "across", "play", "--bots", "3", "--track", "downs")
    assert "--track downs: no such track; did you mean churchill-downs or epsom-downs?" in line
    line = refused(tmp_path, "across", "play", "--bots", "3", "--track", "epsomm")
    assert "did you mean epsom-downs?" in line


def test_equally_near_choices_are_named_together() -> None:
    from homestretch.core.inputs import nearest, nearest_all

    tracks = ["churchill-downs", "epsom-downs", "longchamp", "woodbine"]
    assert nearest_all("Downs", tracks) == ["churchill-downs", "epsom-downs"]
    assert nearest("down", tracks) == "churchill-downs or epsom-downs"  # a word nearly
    assert nearest("churchil", tracks) == "churchill-downs"
    assert nearest("bog", ["bag", "big", "bug"]) == "bag, big or bug"  # difflib's ties
    assert nearest("card", ["colour_card", "white_card", "pay"]) == "colour_card or white_card"
    many = ["dream-arc", "dream-derby", "dream-distaff", "dream-oaks"]
    assert nearest("dream", many) is None  # a word of four: too many to guess
    assert nearest("derby", many) == "dream-derby"
