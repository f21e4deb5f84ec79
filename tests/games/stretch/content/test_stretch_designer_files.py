"""A designer's own cards, race files and charts, written from docs/stretch-formats.md
alone, with the mistakes a person makes: each is one line naming the file, the line or
entry, and the fault in words (not pydantic's), exit status 2 and no traceback."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import refused, run_cache

from homestretch.core.errors import ContentError, HomestretchError
from homestretch.games.stretch.content.card_set import load_card_set
from homestretch.games.stretch.content.chart_set import STANDARD, load_chart_set
from homestretch.games.stretch.content.race import load_race

HORSES = """id,name,card,sex,age,overall,power_dirt,power_turf,range_low,range_high,wet,pace,form,trip,class,speed,wire,note
thunder-1999,Thunder Road,1999,colt,3,90,20,,7,10,1,6,B,0,1,1,6,fictional
lightning-1999,Lightning Bolt,1999,filly,3,88,19,18,6,9,0,8,C,1,0,0,5,fictional
"""
JOCKEYS = """id,name,ride,trouble,note
ace,Ace Rider,2,10,test
rookie,Rookie Rider,-1,6,test
"""
RACE = """name = "Designer Stakes"
furlongs = 9
cards = "cards"

[[entries]]
horse = "thunder-1999"
jockey = "ace"

[[entries]]
horse = "lightning-1999"
jockey = "rookie"
odds = "5-2"
"""


def _folder(tmp_path: Path, horses: str = HORSES, jockeys: str = JOCKEYS) -> Path:
    cards = tmp_path / "cards"
    cards.mkdir(exist_ok=True)
    (cards / "horses.csv").write_text(horses)
    (cards / "jockeys.csv").write_text(jockeys)
    return cards


def _card_error(tmp_path: Path, horses: str = HORSES, jockeys: str = JOCKEYS) -> str:
    with pytest.raises(ContentError) as caught:
        load_card_set(_folder(tmp_path, horses, jockeys))
    return str(caught.value)


def _race_error(tmp_path: Path, race: str) -> str:
    _folder(tmp_path)
    path = tmp_path / "race.toml"
    path.write_text(race)
    with pytest.raises(HomestretchError) as caught:
        load_race(path)
    return str(caught.value)


def test_the_designers_own_cards_and_race_load(tmp_path: Path) -> None:
    _folder(tmp_path)
    (tmp_path / "race.toml").write_text(RACE)
    race = load_race(tmp_path / "race.toml")
    assert [r.horse.name for r in race.runners] == ["Thunder Road", "Lightning Bolt"]


def test_a_misspelt_column_is_the_headers_fault(tmp_path: Path) -> None:
    """Was "line 2: powr_dirt: Extra inputs are not permitted", on the first row."""
    message = _card_error(tmp_path, horses=HORSES.replace("power_dirt", "powr_dirt", 1))
    assert message.startswith(f"{tmp_path / 'cards' / 'horses.csv'}: header: ")
    assert "unknown column(s) powr_dirt (the columns are id, name, card," in message


def test_a_missing_required_column_is_named_once(tmp_path: Path) -> None:
    """Was "line 2: trouble: Field required", though the header is at fault."""
    jockeys = JOCKEYS.replace(",trouble", "").replace(",10,", ",").replace(",6,", ",")
    message = _card_error(tmp_path, jockeys=jockeys)
    assert message.endswith("jockeys.csv: header: missing column(s) trouble")


def test_a_cards_own_fault_is_said_without_pydantics_steps(tmp_path: Path) -> None:
    """Was "line 2: value: range_low is above range_high"."""
    message = _card_error(tmp_path, horses=HORSES.replace(",7,10,", ",10,7,", 1))
    assert message.endswith(
        "horses.csv: line 2, horse 'Thunder Road': range_low is above range_high"
    )


def test_a_repeated_id_names_the_card_it_repeats(tmp_path: Path) -> None:
    horses = HORSES + HORSES.splitlines()[1] + "\n"
    message = _card_error(tmp_path, horses=horses)
    assert message.endswith("line 4: id 'thunder-1999' is already the card on line 2")


def test_odds_that_do_not_read_name_the_entry(tmp_path: Path) -> None:
    """Was the file alone: "race.toml: cannot read odds '5 to 2' ..."."""
    message = _race_error(tmp_path, RACE.replace('"5-2"', '"5 to 2"'))
    assert "race.toml: entry 2.odds: cannot read odds '5 to 2' (write them like 7-2" in message


def test_odds_written_as_a_number_are_asked_for_in_quotes(tmp_path: Path) -> None:
    message = _race_error(tmp_path, RACE.replace('"5-2"', "2.5"))
    assert message.endswith('race.toml: entry 2.odds: should be text, in quotes ("...")')


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("odds =", "odd =", "entry 2.odd: not a key the program reads (misspelt, or in the"),
        ("furlongs = 9\n", "", "furlongs: missing: it must be given"),
        # a key written wrong is said rather than the key it leaves missing: one mends both
        ("furlongs =", "furlong =", "furlong: not a key the program reads (misspelt, or in the"),
    ],
)
def test_misspelt_and_missing_keys_in_words(tmp_path: Path, old: str, new: str, said: str) -> None:
    assert said in _race_error(tmp_path, RACE.replace(old, new))


def test_a_jockey_typed_wrong_gets_the_nearest(tmp_path: Path) -> None:
    """Matched on ids and surnames too, not whole names alone ('rooky' is far from
    'rookie rider')."""
    message = _race_error(tmp_path, RACE.replace('"rookie"', '"rooky"'))
    assert "entry 2: no jockey card 'rooky'. Nearest: Rookie Rider." in message


def test_a_race_pace_chart_with_a_gap_at_the_top_says_so_not_that_the_table_moved_on(
    tmp_path: Path,
) -> None:
    """A chart with no row for the total a race reaches failed in the middle of a roll;
    the table then refused to store the half-applied event and said "The table moved
    on: someone else's move was stored first", hiding the chart's fault."""
    charts = tmp_path / "charts"
    shutil.copytree(STANDARD, charts)
    rows = (charts / "race_pace.csv").read_text().splitlines()
    (charts / "race_pace.csv").write_text("\n".join(rows[:2]) + "\n")  # 0-27 alone
    said = refused(
        tmp_path,
        *["stretch", "run", "2009-champagne-stakes", "--mode", "full", "--no-save"],
        *["--seed", "1", "--charts", str(charts)],
    )
    assert "moved on" not in said
    assert f"error: {charts / 'race_pace.csv'}: no row's low-high holds a top-two total" in said


def test_calibrate_on_ones_own_charts_says_its_rates_as_percentages(tmp_path: Path) -> None:
    """The study a chart designer runs: its last line said "front-runners win
    0.21428571428571427 in slow paces"."""
    charts = tmp_path / "charts"
    shutil.copytree(STANDARD, charts)
    result = subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()"]
        + ["stretch", "calibrate", "-n", "10", "--races", "50", "--seed", "1"]
        + ["--charts", str(charts)],
        capture_output=True,
        text=True,
        env={"HOMESTRETCH_DB": str(tmp_path / "x.sqlite"), "PATH": "/usr/bin:/bin", **run_cache()},
    )
    assert result.returncode == 0, result.stderr
    said = " ".join(result.stdout.split())
    assert re.search(r"front-runners win \d+\.\d% in slow paces vs \d+\.\d% in normal", said)
    assert "The rulebook's order holds: no odds chart shorter than the one to its left" in said
    # the table says its shares as the lines below it do (it read 0.326 beside 0.33-0.37)
    assert re.search(r"favourites win │ \d+\.\d% │ 33-37% │", said)
    assert re.search(r"win rate at 10-1 to 14-1 │ \d+\.\d% │ 4\.5-9% │", said)
    assert re.search(r"median winning margin │ \d\.\d\d │ 1\.50-2\.50 │", said)
    assert "…" not in result.stdout  # at 80 columns a header was cut to "front-…"


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("book_high = 1.25", "book_hgh = 1.30", "[odds]: unknown key(s) book_hgh"),
        ("minimum = 2.10", "minimum = 2.10\nminimun = 2.20", "[payoffs]: unknown key(s) minimun"),
        ('name = "', 'title = "x"\nname = "', "chartset.toml: unknown key(s) title"),
    ],
)
def test_a_misspelt_chartset_key_is_refused_not_left_at_its_default(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    charts = _chartset_edited(tmp_path, old, new)
    with pytest.raises(ContentError, match=re.escape(said)):
        load_chart_set(charts)


def test_a_row_with_a_cell_left_out_is_counted_not_blamed_on_a_column(tmp_path: Path) -> None:
    """A cell left out in the middle moved the rest a column left: the wet rating's
    cell held the pace (6), and the message was "wet: Input should be less than or
    equal to 3"."""
    message = _card_error(tmp_path, horses=HORSES.replace(",7,10,1,6,B,", ",7,10,6,B,", 1))
    assert message.endswith(
        "horses.csv: line 2: 17 cells where the header has 18 (write a blank cell as nothing between two commas)"
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        # was "entries: missing: it must be given", the key the misspelt table left out
        ("[[entries]]", "[[entry]]", "race.toml: [[entry]]: not a table a race file reads; "),
        ("[[entries]]", "[[horses]]", "race.toml: [[horses]]: not a table a race file reads; "),
        # was "entries: Input should be a valid list"
        ('odds = "5-2"\n', "", None),
    ],
)
def test_runners_written_in_a_table_of_another_name_say_how_they_are_written(
    tmp_path: Path, old: str, new: str, said: str | None
) -> None:
    if said is None:  # one runner written as a single table
        race = RACE.split("[[entries]]")[0] + "[entries]" + RACE.split("[[entries]]")[1]
        said = "race.toml: [entries]: each runner is an [[entries]] table"
    else:
        race = RACE.replace(old, new)
    message = _race_error(tmp_path, race)
    assert said in message
    assert message.endswith(
        "each runner is an [[entries]] table (two brackets each side), one for each horse"
    )


def test_too_few_runners_are_counted(tmp_path: Path) -> None:
    """Was "entries: List should have at least 2 items after validation, not 1"."""
    message = _race_error(tmp_path, RACE.split('[[entries]]\nhorse = "lightning')[0])
    assert "race.toml: entries: 1 runner, where a race has at least 2; each runner is" in message


def test_two_horse_cards_of_one_name_and_year_are_refused_naming_both_lines(
    tmp_path: Path,
) -> None:
    """Two cards of one name and year were both taken; a race naming the horse by name
    was then refused as ambiguous, far from the card file at fault."""
    message = _card_error(
        tmp_path, horses=HORSES.replace(",Thunder Road,1999,", ",Lightning Bolt,1999,")
    )
    assert message.endswith(
        "horses.csv: line 3: 'Lightning Bolt' (card 1999) is already the card on line 2: a "
        "race file naming it could mean either; give one another name or card year"
    )


def test_two_years_of_one_horse_are_two_cards(tmp_path: Path) -> None:
    """Secretariat 1972 and 1973: one name, two cards, as the standard set has them."""
    horses = HORSES.replace(",Thunder Road,1999,", ",Lightning Bolt,1998,")
    _folder(tmp_path, horses)
    assert len(load_card_set(tmp_path / "cards").horses) == 2


def test_two_jockey_cards_of_one_name_are_refused_naming_both_lines(tmp_path: Path) -> None:
    """The second was never found by name: a race naming it got the first jockey."""
    jockeys = JOCKEYS + "ace2,ACE RIDER,0,7,copied\n"
    said = refused(
        tmp_path,
        "stretch",
        "cards",
        "--jockeys",
        "--cards",
        str(_folder(tmp_path, jockeys=jockeys)),
    )
    assert said == (
        f"error: {tmp_path / 'cards' / 'jockeys.csv'}: line 4: 'ACE RIDER' is already the "
        "card on line 2: a race file naming it could mean either; give one another name"
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("stake = 2.00", 'stake = "2.00"', "[payoffs]: stake must be a number, not '2.00'"),
        ("book = 1.20", 'book = "1.20"', "[odds]: book must be a number, not '1.20'"),
        ("seconds_per_length = 0.2", 'seconds_per_length = "0.2"', "seconds_per_length must"),
        (
            'name = "homestretch standard"',
            "name = 12",
            'name must be text, in quotes ("..."), not 12',
        ),
        (
            'description = "',
            'description = 3  # "',
            'description must be text, in quotes ("..."), not 3',
        ),
    ],
)
def test_a_chartset_number_in_quotes_is_refused_by_its_key(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    """Strict types, as a race file has them: "2.00" was read as the number 2."""
    charts = _chartset_edited(tmp_path, old, new)
    with pytest.raises(ContentError) as caught:
        load_chart_set(charts)
    assert said in str(caught.value) and str(caught.value).startswith(str(charts / "chartset.toml"))
    if "'" in said:
        assert str(caught.value).endswith("(write it without quotes)")


def test_a_race_key_written_below_the_entries_is_said_to_go_above_them(tmp_path: Path) -> None:
    """TOML reads a key below an [[entries]] header as that entry's: a race's `notes`
    added at the end of the file was "entry 2.notes: not a key the program reads"."""
    message = _race_error(tmp_path, RACE + 'notes = "a fast early pace"\n')
    assert message.endswith(
        "race.toml: entry 2.notes: not a key the program reads (misspelt, or in the wrong "
        "table?). It is a key of the race: write it above the first [[entries]] (below one, "
        "TOML reads it as that entry's)"
    )


@pytest.mark.parametrize(
    ("cards", "said"),
    [
        # a race file in a copied content folder's races/, its cards beside that folder
        (
            "cards",
            "cards: card set folder 'cards' not found (a folder is named from the race "
            "file's own folder). Nearest: ../cards.",
        ),
        (
            "../cards/horses.csv",
            "cards: cards names the folder that holds horses.csv and jockeys.csv, not a "
            "file. Nearest: ../cards.",
        ),
    ],
)
def test_a_card_folder_named_from_the_wrong_place_gets_the_one_meant(
    tmp_path: Path, cards: str, said: str
) -> None:
    _folder(tmp_path)
    races = tmp_path / "races"
    races.mkdir()
    (races / "race.toml").write_text(RACE.replace('cards = "cards"', f'cards = "{cards}"'))
    with pytest.raises(ContentError) as caught:
        load_race(races / "race.toml")
    assert str(caught.value) == f"{races / 'race.toml'}: {said}"


def _chartset_edited(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the standard charts with ``old`` in chartset.toml written as ``new``."""
    charts = tmp_path / "charts"
    shutil.copytree(STANDARD, charts)
    meta = (charts / "chartset.toml").read_text()
    assert old in meta
    (charts / "chartset.toml").write_text(meta.replace(old, new, 1))
    return charts


def test_new_without_a_jockey_on_a_set_with_no_house_b_says_what_to_write(
    tmp_path: Path,
) -> None:
    """`stretch new -e HORSE` puts the stand-in house-b on the horse; on a designer's set
    without one it said "no jockey card 'house-b' ... Nearest: ..." about a rider never
    typed. It says why house-b was wanted and how to name a rider instead."""
    cards = _folder(tmp_path, jockeys=JOCKEYS + "house-x,House Rider X,0,7,stand-in\n")
    said = refused(
        tmp_path,
        "stretch", "new", str(tmp_path / "r.toml"), "--cards", str(cards),
        "-e", "thunder-1999@ace", "-e", "lightning-1999",
    )  # fmt: skip
    assert "-e lightning-1999: no jockey is named, so the stand-in house-b would ride" in said
    assert "has no house-b (its stand-ins: house-x): write lightning-1999@JOCKEY" in said
    assert not (tmp_path / "r.toml").exists()


@pytest.mark.parametrize(
    ("furlongs", "said"),
    [
        (5.5, "5 1/2 furlongs"),
        (4.5, "4 1/2 furlongs"),
        (6, "6 furlongs"),
        (8, "1 mile"),
        (8 + 70 / 220, "1 mile 70 yards"),
        (8.32, "1 mile 70 yards"),
        (8.5, "1 1/16 miles"),
        (10, "1 1/4 miles"),
        (5.25, "5.25 furlongs"),
    ],
)
def test_a_distance_reads_as_a_racing_program_prints_it(furlongs: float, said: str) -> None:
    """A designer's 5.5-furlong turf dash was called "5.5 furlongs on the turf", and the
    documented 8.32 (a mile and 70 yards) "8.32 furlongs"."""
    from homestretch.games.stretch.content.race import describe_distance

    assert describe_distance(furlongs) == said


@pytest.mark.parametrize(
    ("reading", "said"),
    [
        ("56-1", "56-1 is not a price a morning line shows (ruling S26): write 50-1 or 60-1"),
        ("13-1", "13-1 is not a price a morning line shows (ruling S26): write 12-1 or 14-1"),
        ("150-1", "150-1 is not a price a morning line shows (ruling S26): write 99-1;"),
    ],
)
def test_an_odds_chart_reading_no_board_shows_is_refused_by_its_cell(
    tmp_path: Path, reading: str, said: str
) -> None:
    """An odds chart's reading is the morning line's price when the book stands (S17),
    so a price no morning line shows is the chart's fault, named by line and column."""
    charts = tmp_path / "charts"
    shutil.copytree(STANDARD, charts)
    text = (charts / "odds.csv").read_text()
    (charts / "odds.csv").write_text(text.replace("5,9-5,5-1,14-1,", f"5,9-5,5-1,{reading},"))
    with pytest.raises(ContentError) as caught:
        load_chart_set(charts)
    assert str(caught.value).startswith(f"{charts / 'odds.csv'}: line 6, B: {said}")


@pytest.mark.parametrize(
    ("name", "line", "short", "said"),
    [
        ("odds.csv", 3, "2,6-5,3-1", "line 3: 3 cells where the header has 7"),
        ("final_time.csv", 2, "5,60", "line 2: 2 cells where the header has 4"),
    ],
)
def test_a_chart_row_cut_short_is_counted_not_read_as_a_blank_cell(
    tmp_path: Path, name: str, line: int, short: str, said: str
) -> None:
    """A chart row with cells left off the end was blamed on the first missing cell as
    a blank one ("line 3, B: cannot read odds ''"); the cards counted the cells, and
    now the charts do too."""
    charts = tmp_path / "charts"
    shutil.copytree(STANDARD, charts)
    rows = (charts / name).read_text().splitlines()
    rows[line - 1] = short
    (charts / name).write_text("\n".join(rows) + "\n")
    with pytest.raises(ContentError) as caught:
        load_chart_set(charts)
    assert str(caught.value).startswith(f"{charts / name}: {said}")


def test_calibrate_says_where_a_chart_set_reads_against_the_rulebooks_order(
    tmp_path: Path,
) -> None:
    """A designer's charts load and run whatever order their readings are in; the study
    is where a designer asks whether they do what the rulebook says they are for, so it
    names each reading that goes against it (none on the standard set)."""
    from homestretch.games.stretch.analysis.calibrate import rulebook_order

    assert rulebook_order(load_chart_set()) == []
    charts = tmp_path / "charts"
    shutil.copytree(STANDARD, charts)
    odds = (charts / "odds.csv").read_text()
    (charts / "odds.csv").write_text(odds.replace("1,even,5-2,", "1,5-2,even,"))
    classes = (charts / "odds_class.csv").read_text()
    (charts / "odds_class.csv").write_text(classes.replace("4,B,C,C,C", "4,A,C,C,C"))
    speed = (charts / "final_speed.csv").read_text().splitlines()
    cells = speed[1].split(",")
    cells[11] = str(int(cells[10]) - 1)  # roll 2: Final APR 10 below APR 9
    speed[1] = ",".join(cells)
    (charts / "final_speed.csv").write_text("\n".join(speed) + "\n")
    assert rulebook_order(load_chart_set(charts)) == [
        "odds.csv: red 1 reads Fav 5-2 but A even, shorter (page 14: each chart to the "
        "right holds the next higher odds)",
        "odds_class.csv: 2-5 runners, 3 points below the top reads B but 4 reads A, a "
        "shorter chart (pages 13-14)",
        f"final_speed.csv: roll 2 gives Final APR 10 {cells[11]} but 9 {cells[10]}, a higher "
        "rating running slower (page 12)",
    ]
