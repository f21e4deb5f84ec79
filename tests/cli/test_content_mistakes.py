"""A designer's copy of each game's content (`homestretch GAME content DIR`) edited by
hand in a text editor or a spreadsheet, with the mistakes such a person is likeliest to
make: each refused in one line naming the file, the line or key, and what to write
instead (not the parser's words, not a line number that is a roll's)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.core.errors import HomestretchError

RUNNER = CliRunner()
RACE = "races/2009-champagne-stakes.toml"
READ_BY = {
    "races": ["stretch", "run", "{dir}/" + RACE, "--no-save", "--seed", "1"],
    "cards": ["stretch", "cards", "--cards", "{dir}/cards"],
    "charts": ["stretch", "run", "2009-champagne-stakes", "--charts", "{dir}/charts"]
    + ["--no-save", "--seed", "1"],
    "across": ["across", "tracks", "--content", "{dir}"],
    "totopoly": ["totopoly", "board", "--content", "{dir}"],
    "derbycast": ["derbycast", "table", "--table", "{dir}/odds_table.csv"],
    "replays": ["derbycast", "races", "{dir}/replays.csv"],
}
"""The command that reads each kind of file, as a designer runs it to try an edit."""
GAME = {"races": "stretch", "cards": "stretch", "charts": "stretch", "replays": "derbycast"}

CASES = {
    # a word processor's (or a phone's) curly quotes
    "curly quotes": (
        "races",
        RACE,
        'name = "Champagne Stakes"',
        "name = \u201cChampagne Stakes\u201d",
        "not valid TOML at line 5, 'name = \u201cChampagne Stakes\u201d': Invalid value; "
        'write straight quotes (") where the editor put curly ones',
    ),
    "a closing quote left out": (
        "races",
        RACE,
        'name = "Champagne Stakes"',
        'name = "Champagne Stakes',
        "not valid TOML at line 5, 'name = \"Champagne Stakes': the text's closing quote is "
        "missing",
    ),
    "a word without quotes": (
        "races",
        RACE,
        'surface = "dirt"',
        "surface = dirt",
        "line 9, 'surface = dirt': Invalid value; text is written in quotes (\"...\")",
    ),
    "odds without quotes": (
        "races",
        RACE,
        "apr = 19\n",
        "apr = 19\nodds = 5-2\n",
        "'odds = 5-2': Expected newline or end of document after a statement; a number is "
        'written with a point (1.5), odds and other text in quotes ("7-2"), two numbers as a '
        "list ([26, 36])",
    ),
    "a key given twice": (
        "races",
        RACE,
        "apr = 19\n",
        "apr = 19\napr = 18\n",
        "'apr = 18': Cannot overwrite a value; a key is given twice in one table",
    ),
    "a number in quotes": (
        "races",
        RACE,
        "furlongs = 8\n",
        'furlongs = "8"\n',
        "furlongs: should be a number, not '8' (write it without quotes)",
    ),
    "a range written as one": (  # the hint was for odds alone
        "totopoly",
        "racecourse.toml",
        "bend = [26, 36]",
        "bend = 26-36",
        "racecourse.toml: not valid TOML at line 8, 'bend = 26-36   # first and last length of "
        "the bend into the straight': Expected newline or end of document after a statement; a "
        'number is written with a point (1.5), odds and other text in quotes ("7-2"), two '
        "numbers as a list ([26, 36])",
    ),
    "an instruction code of two letters": (  # was "[instructions.'ww']"
        "totopoly",
        "racecourse.toml",
        "[instructions.s]",
        "[instructions.ss]",
        "racecourse.toml: [instructions.ss]: an instruction code is one letter other than K R Y B",
    ),
    "a stake in dollars": (  # was "'stake = $2': Invalid value" and no more
        "charts",
        "charts/chartset.toml",
        "stake = 2.00",
        "stake = $2",
        "not valid TOML at line 9, 'stake = $2': Invalid value; a number is written without "
        "$, £ or % (2.00; a half is 0.5)",
    ),
    "a share in per cent": (  # was "...; odds and other text in quotes ("7-2")"
        "charts",
        "charts/chartset.toml",
        "win_share = 1.0",
        "win_share = 100%",
        "'win_share = 100%': Expected newline or end of document after a statement; a number "
        "is written without $, £ or % (2.00; a half is 0.5)",
    ),
    "a book out of order": (  # was the rule alone: which is out of order?
        "charts",
        "charts/chartset.toml",
        "book_low = 1.15",
        "book_low = 1.3",
        "chartset.toml: [odds] needs 0 < book_low <= book <= book_high; here book_low 1.3, "
        "book 1.2, book_high 1.25",
    ),
    "a key of no near name": (  # was the first half alone: which keys are there?
        "races",
        RACE,
        "furlongs = 8\n",
        "distance = 8\n",
        "distance: not a key the program reads (misspelt, or in the wrong table?). The keys "
        "here: name, date, track, furlongs, surface, condition, wet_effect, "
        "course_seconds_per_furlong, cards, notes, entries.",
    ),
    "a rating with a half": (
        "races",
        RACE,
        "apr = 19\n",
        "apr = 19.5\n",
        "entry 1.apr: should be a whole number, not 19.5",
    ),
    # a spreadsheet saving "CSV" with another locale's separator
    "semicolons": (
        "cards",
        "cards/jockeys.csv",
        ",",
        ";",
        "jockeys.csv: header: the columns are separated by semicolons, where a CSV file "
        "separates them by commas (save it as CSV, comma-separated)",
    ),
    "a comma at the end of the header": (
        "cards",
        "cards/jockeys.csv",
        "id,name,ride,trouble,note\n",
        "id,name,ride,trouble,note,\n",
        "jockeys.csv: header: column 6 has no name (a comma at the end of the line, or two "
        "together?)",
    ),
    "a column named twice": (
        "charts",
        "charts/trouble.csv",
        "roll,result\n",
        "roll,result,roll\n",
        "trouble.csv: header: column 3 is 'roll' again (column 1 is too)",
    ),
    "a comma in a note": (
        "cards",
        "cards/horses.csv",
        "from the rulebook; other",
        "from the rulebook, other",
        "horses.csv: line 2: more cells than the header has (a cell holding a comma is "
        'written in double quotes: "a, b")',
    ),
    "a choice misspelt": (  # in other capitals it is read: Colt is colt
        "cards",
        "cards/horses.csv",
        "2009,colt,",
        "2009,cold,",
        "horses.csv: line 2, horse 'Super Saver': sex: 'cold' is not one of colt, filly, horse, "
        "mare, gelding. Nearest: colt.",
    ),
    # pydantic's "Input should be less than or equal to 3": the rating's range, the card's name
    "a rating out of its range": (
        "cards",
        "cards/horses.csv",
        ",C,0,0,1,5,2009 Champagne",
        ",C,0,0,14,5,2009 Champagne",
        "horses.csv: line 2, horse 'Super Saver': speed: 14 is out of range (-3 to 3)",
    ),
    "a jockey's rating out of its range": (
        "cards",
        "cards/jockeys.csv",
        "House Rider B,0,7,",
        "House Rider B,0,1,",
        "jockeys.csv: line 3, jockey 'House Rider B': trouble: 1 is out of range (2 to 12)",
    ),
    "an APR out of its range": (
        "races",
        RACE,
        "apr = 19",
        "apr = 30",
        "2009-champagne-stakes.toml: entry 1.apr: 30 is out of range (0 to 29)",
    ),
    "a range in one cell": (
        "cards",
        "cards/horses.csv",
        ",19,,6,9,",
        ",19,,6-9,,",
        "horses.csv: line 2, horse 'Super Saver': range_low: should be a number, not '6-9'",
    ),
    # a row copied to edit, its roll left as it was
    "a roll twice": (
        "charts",
        "charts/trouble.csv",
        "3,out\n",
        "2,out\n",
        "trouble.csv: line 3: roll 2 is already the row on line 2",
    ),
    "a blank line above a bad cell": (
        "charts",
        "charts/final_speed.csv",
        "\n3,41,",
        "\n\n3,x41,",
        "final_speed.csv: line 4: column 0 must be a whole number, got 'x41'",
    ),
    "a result misspelt": (  # in other capitals it is read: OUT is out
        "charts",
        "charts/trouble.csv",
        "2,out\n",
        "2,ot\n",
        "trouble.csv: line 2: unknown result 'ot' (one of out, none, check-points, "
        "check-dq, dq). Nearest: out.",
    ),
    "a race factor misspelt": (  # was "factor must be class/speed/trip, ride yes/no"
        "charts",
        "charts/race_factors.csv",
        "3,speed,yes",
        "3,sped,yes",
        "race_factors.csv: line 4: unknown factor 'sped' (one of class, speed, trip). "
        "Nearest: speed.",
    ),
    "a ride misspelt": (
        "charts",
        "charts/race_factors.csv",
        "4,speed,no",
        "4,speed,nope",
        "race_factors.csv: line 5: unknown ride 'nope' (one of yes, no). Nearest: no.",
    ),
    "a par time in seconds": (  # was "furlongs, par_figure, par_time (m:ss.ff) and
        "charts",  # seconds_per_point must be numbers": not which, nor how
        "charts/final_time.csv",
        "4.5,100,0:50.68,",
        "4.5,100,50.68,",
        "final_time.csv: line 2: par_time must be minutes:seconds such as 1:35.20 or 0:50.68, "
        "got '50.68'",
    ),
    "an odds class misspelt": (  # was "class must be one of ('Fav', 'A', ...)"
        "charts",
        "charts/odds_class.csv",
        "0,Fav,Fav,",
        "0,Fav,Fv,",
        "odds_class.csv: line 2, column 6-8: unknown class 'Fv' (one of Fav, A, B, C, D, E). "
        "Nearest: Fav.",
    ),
    "a going condition misspelt": (  # was "surface must be dirt or turf, condition one
        "charts",  # of fast, ...": not which, nor the nearest
        "charts/going.csv",
        "dirt,muddy,",
        "dirt,mudy,",
        "going.csv: line 4: unknown condition 'mudy' (one of fast, firm, good, muddy, "
        "yielding, sloppy, soft, heavy). Nearest: muddy.",
    ),
    "two title cards of one name": (
        "across",
        "horses.toml",
        'name = "Lamplighter\'s Luck"',
        'name = "Tin Whistle Tuesday"',
        "horses.toml: horse 3: name 'Tin Whistle Tuesday' is already horse 2's",
    ),
    "a track's name left blank": (
        "across",
        "tracks/woodbine.toml",
        'name = "Woodbine"',
        'name = ""',
        "woodbine.toml: name must not be blank",
    ),
    "a table's name in capitals": (  # was "the [news] table is missing"
        "across",
        "tracks/woodbine.toml",
        "[news]",
        "[News]",
        "woodbine.toml: unknown key(s) News (known: name, city, colour, news, horse)",
    ),
    "false in quotes": (  # was "must be a true or false"
        "across",
        "tracks/woodbine.toml",
        "shaded = false",
        'shaded = "false"',
        "woodbine.toml: horse 2: shaded must be true or false, not 'false' (write it without "
        "quotes)",
    ),
    "yes for true": (
        "across",
        "tracks/woodbine.toml",
        "shaded = false",
        "shaded = no",
        "'shaded = no': Invalid value; write true or false, in small letters and without quotes",
    ),
    "two lease cards of one name": (
        "totopoly",
        "leases.toml",
        'name = "Night Ledger"',
        'name = "Ebony Lantern"',
        "leases.toml: horse 2: name 'Ebony Lantern' is already horse 1's",
    ),
    "a horse's colour changed": (  # was "horses (1, 2, 3) must be the black ones"
        "totopoly",
        "leases.toml",
        'colour = "black"',
        'colour = "red"',
        "leases.toml: horse 1: colour 'red': horses 1-3 are black, 4-6 red, 7-9 yellow and "
        "10-12 blue, so 1 is black",
    ),
    "a thirteenth horse": (  # was "there must be twelve horses numbered 1 to 12"
        "totopoly",
        "leases.toml",
        "number = 1\n",
        "number = 13\n",
        "leases.toml: [[horse]] 1: number 13: the horses are numbered 1 to 12",
    ),
    "a square's payee misspelt": (  # was "'to' must be 'bank' or a business id, got ..."
        "totopoly",
        "training_ring.toml",
        'to = "farrier"',
        'to = "farier"',
        "training_ring.toml: [[square]] 6 (at = 9): to 'farier' is not one of bank, walroy, "
        "stevedon, vet, club, forage, farrier, tote, auctioneer. Nearest: farrier.",
    ),
    "a square off the ring": (  # was "square 1: square 40 is off the ring or listed twice"
        "totopoly",
        "training_ring.toml",
        "at = 1\n",
        "at = 40\n",
        "training_ring.toml: [[square]] 1 (at = 40): off the ring: its 32 squares are 0-31 "
        "([ring])",
    ),
    "a square given twice": (
        "totopoly",
        "training_ring.toml",
        "at = 3\n",
        "at = 1\n",
        "training_ring.toml: [[square]] 2 (at = 1): square 1 is already [[square]] 1's: one "
        "table a square",
    ),
    "a course length of no code": (
        "totopoly",
        "racecourse.toml",
        '1 = "BKRs',
        '1 = "BKRS',
        "racecourse.toml: [tracks] 1: length 4: unknown code 'S' (write . for a plain length, "
        "K R Y B for a colour, or an [instructions] letter: s x f v)",
    ),
    "a gate track in quotes": (
        "totopoly",
        "racecourse.toml",
        "\n4 = 1\n",
        '\n4 = "1"\n',
        "racecourse.toml: [gate]: 4 = '1': the track is a whole number (write it without quotes)",
    ),
    "a results file saved with semicolons": (
        "replays",
        "replays.csv",
        ",",
        ";",
        "replays.csv: line 1: the columns are separated by semicolons, where a CSV file "
        "separates them by commas (save it as CSV, comma-separated)",
    ),
    "a comma in a race's name": (
        "replays",
        "replays.csv",
        "Oak Hollow race 2 (replay 1),Midnight",
        "Oak Hollow, race 2 (replay 1),Midnight",
        "replays.csv: line 2: more than the header's 4 cells (a cell holding a comma is "
        'written in double quotes: "a, b")',
    ),
    "a finish changed": (  # was "... skip a place (write dead heats ...)", not which
        "replays",
        "replays.csv",
        "Midnight Comet,7,2\n",
        "Midnight Comet,7,5\n",
        "replays.csv: race 'Oak Hollow race 2 (replay 1)' (from line 2): finish positions 1, "
        "3, 4, 5, 5, 6, 7, 8, 9 skip a place: the next after 1 is 2 (write dead heats as equal "
        "numbers, like 1, 1, 3)",
    ),
    "an odds row out of order": (  # was "line 11: odds must increase down the table"
        "derbycast",
        "odds_table.csv",
        "4/5,1,0,0\n",
        "6/5,1,0,0\n",
        "odds_table.csv: line 11: odds 1 are below line 10's 6/5: odds must increase down the "
        "table",
    ),
    "a letter for a number of points": (  # was "cannot read ['6/5', 'x', '0', '0']: invalid
        "derbycast",  # literal for int() with base 10: 'x'"
        "odds_table.csv",
        "6/5,1,0,0\n",
        "6/5,x,0,0\n",
        "odds_table.csv: line 12: win: 'x' is not a number of points (0 to",
    ),
    "an odds row twice": (
        "derbycast",
        "odds_table.csv",
        "1/5,1,0,0\n",
        "1/5,1,0,0\n1/5,1,0,0\n",
        "odds_table.csv: line 7: odds 1/5 are already the row on line 6",
    ),
}


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each game's content, copied once by its `content` command."""
    copies = {}
    for game in ("stretch", "across", "totopoly", "derbycast"):
        folder = tmp_path_factory.mktemp(game)
        done = RUNNER.invoke(app, [game, "content", str(folder / "copy")])
        assert done.exit_code == 0, done.output
        copies[game] = folder / "copy"
    return copies


def _edited(
    bundled: dict[str, Path], tmp_path: Path, kind: str, name: str, old: str, new: str
) -> Path:
    import shutil

    folder = tmp_path / "copy"
    shutil.copytree(bundled[GAME.get(kind, kind)], folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(
        text.replace(old, new) if old == "," else text.replace(old, new, 1), encoding="utf-8"
    )
    return folder


@pytest.mark.parametrize("case", list(CASES))
def test_a_hand_edit_gone_wrong_is_said_in_one_line(
    bundled: dict[str, Path], tmp_path: Path, case: str
) -> None:
    kind, name, old, new, said = CASES[case]
    folder = _edited(bundled, tmp_path, kind, name, old, new)
    args = [arg.replace("{dir}", str(folder)) for arg in READ_BY[kind]]
    result = RUNNER.invoke(app, args)
    assert isinstance(result.exception, HomestretchError), result.output
    message = str(result.exception)
    assert "\n" not in message and said in message, message
    assert re.match(re.escape(str(folder)), message), message  # the file, by its path


@pytest.mark.parametrize("case", ["curly quotes", "semicolons"])
def test_the_real_command_refuses_with_exit_status_2(
    bundled: dict[str, Path], tmp_path: Path, case: str
) -> None:
    kind, name, old, new, said = CASES[case]
    folder = _edited(bundled, tmp_path, kind, name, old, new)
    line = refused(tmp_path, *[arg.replace("{dir}", str(folder)) for arg in READ_BY[kind]])
    assert line.startswith(f"error: {folder}") and " ".join(said.split()) in line


def test_blank_lines_and_spaces_after_commas_in_an_odds_table_are_read(
    bundled: dict[str, Path], tmp_path: Path
) -> None:
    """A Derby Cast odds table ending in a blank line (an editor's second Enter) was
    refused: "line 39: expected 4 cells, found 0"; a header typed "odds, win, place,
    show" as its rows may be."""
    folder = _edited(
        bundled,
        tmp_path,
        "derbycast",
        "odds_table.csv",
        "odds,win,place,show\n",
        "odds, win, place, show\n\n",
    )
    table = folder / "odds_table.csv"
    table.write_text(table.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    result = RUNNER.invoke(app, ["derbycast", "table", "--table", str(table), "--format", "json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("kind", "name", "key", "said"),
    [
        ("across", "tracks/woodbine.toml", 'city = "Toronto"\n', "horse 12: unknown key(s) city"),
        ("charts", "charts/chartset.toml", "seconds_per_length = 0.2", "[odds]: unknown key(s) "),
    ],
)
def test_a_files_own_key_moved_below_its_tables_is_told_to_go_above(
    bundled: dict[str, Path], tmp_path: Path, kind: str, name: str, key: str, said: str
) -> None:
    """TOML reads a key written below a table's header as that table's: a track's `city`
    moved to the end of the file was "horse 12: unknown key(s) city (known: number, ...)"
    and no more."""
    folder = _edited(bundled, tmp_path, kind, name, key, "")
    path = folder / name
    path.write_text(path.read_text(encoding="utf-8") + key.strip() + "\n", encoding="utf-8")
    args = [arg.replace("{dir}", str(folder)) for arg in READ_BY[kind]]
    result = RUNNER.invoke(app, args)
    assert isinstance(result.exception, HomestretchError), result.output
    message = str(result.exception)
    word = key.split()[0]
    assert said in message and message.endswith(
        f"; {word} is a key of the file's top: write it above the first table (below one, "
        "TOML reads it as that table's)"
    ), message


@pytest.mark.parametrize(
    ("kind", "name", "old", "new", "said"),
    [
        (  # was "name: missing: it must be given", as if the rest were there
            "races",
            RACE,
            None,
            "# a race to come\n\n",
            f"{RACE}: the file is empty (nothing but blank lines or comments): a race file "
            "needs a name, furlongs and at least 2 runners, each an [[entries]] table naming "
            "a horse and a jockey (`homestretch stretch content DIR --part races` copies "
            "examples to DIR)",
        ),
        (  # was "the [news] table is missing", as if the rest were there
            "across",
            "tracks/woodbine.toml",
            None,
            "# a track to come\n",
            "woodbine.toml: the file is empty (nothing but blank lines or comments): a track "
            "file needs a name, city and colour, a [news] table and a [[horse]] table for each "
            "horse 2-12 (`homestretch across content DIR` copies the tracks to DIR as examples)",
        ),
        (  # was "[supply]: the key 'black' is missing"
            "totopoly",
            "cards.toml",
            None,
            "\n",
            "cards.toml: the file is empty (nothing but blank lines or comments): `homestretch "
            "totopoly content DIR` copies ours to DIR as an example; the format: "
            'docs/totopoly.md ("cards.toml")',
        ),
        (  # was the choices alone, as a Python tuple, and no "Nearest:"
            "totopoly",
            "reports.toml",
            'effect = "colour_card"',
            'effect = "color_card"',
            "reports.toml: walroy card 1: effect 'color_card' is not one of colour_card, "
            "white_card, pay, return_box, nothing, keep. Nearest: colour_card.",
        ),
        (
            "totopoly",
            "leases.toml",
            'colour = "black"',
            'colour = "Black"',
            "leases.toml: horse 1: colour 'Black' is not one of black, red, yellow, blue. "
            "Nearest: black.",
        ),
        (
            "races",
            RACE,
            'surface = "dirt"',
            'surface = "durt"',
            "surface: 'durt' is not one of dirt, turf, synthetic. Nearest: dirt.",
        ),
    ],
)
def test_a_content_mistake_is_refused_by_the_real_command_in_one_line(
    bundled: dict[str, Path],
    tmp_path: Path,
    kind: str,
    name: str,
    old: str | None,
    new: str,
    said: str,
) -> None:
    folder = _edited(bundled, tmp_path, kind, name, old or "\n", new if old else "\n")
    if old is None:  # the whole file
        (folder / name).write_text(new, encoding="utf-8")
    line = refused(tmp_path, *[arg.replace("{dir}", str(folder)) for arg in READ_BY[kind]])
    assert line.startswith(f"error: {folder}") and line.endswith(said), line


@pytest.mark.parametrize("command", ["run", "odds"])
def test_a_race_files_choices_are_read_in_any_capitals(
    bundled: dict[str, Path], tmp_path: Path, command: str
) -> None:
    """`condition = "Fast"` was read, `surface = "Dirt"` refused ("Nearest: dirt."), and
    an inline card's `sex = "Colt"` or `form = "c"` too: every choice a race file makes is
    read in any capitals, and the race is the one written in small letters."""
    folder = bundled["stretch"]
    text = (folder / RACE).read_text(encoding="utf-8")
    inline = (
        '\n[[entries]]\nhorse = { name = "Overlap", sex = "Colt", power_dirt = 17, '
        'range_low = 7, range_high = 9, pace = 4, form = "c" }\n'
        'jockey = { name = "A. Rider", ride = 0, trouble = 7 }\n'
    )
    shouted = tmp_path / "shouted.toml"
    shouted.write_text(
        text.replace('surface = "dirt"', 'surface = "DIRT"').replace(
            'condition = "fast"', 'condition = "Fast"'
        )
        + inline,
        encoding="utf-8",
    )
    plain = tmp_path / "plain.toml"
    plain.write_text(text + inline.replace("Colt", "colt").replace('"c"', '"C"'), encoding="utf-8")
    outputs = []
    for race in (shouted, plain):
        args = ["stretch", command, str(race), "--format", "json"]
        done = RUNNER.invoke(app, args + (["--no-save", "--seed", "1"] if command == "run" else []))
        assert done.exit_code == 0, done.output
        outputs.append(done.stdout.replace(str(race), ""))  # stderr: a progress line
    assert outputs[0] == outputs[1]
    assert command == "odds" or '"surface": "dirt"' in outputs[0]  # odds do not say it


def test_a_card_files_choices_are_read_in_any_capitals(
    bundled: dict[str, Path], tmp_path: Path
) -> None:
    """A card file's `sex` "Colt" and `form` "c" were refused ("Nearest: colt.") where a
    race file's inline card read them: the cards are the ones in small letters."""
    from homestretch.games.stretch.content.card_set import load_card_set

    folder = _edited(bundled, tmp_path, "cards", "cards/horses.csv", "2009,colt,", "2009,Colt,")
    horses = folder / "cards/horses.csv"
    horses.write_text(
        horses.read_text(encoding="utf-8").replace(",6,C,", ",6,c,", 1), encoding="utf-8"
    )
    shouted = load_card_set(folder / "cards").horses
    assert shouted == load_card_set(bundled["stretch"] / "cards").horses
    assert (shouted["super-saver-2009"].sex, shouted["super-saver-2009"].form) == ("colt", "C")
    done = RUNNER.invoke(
        app, READ_BY["cards"][:2] + ["Super Saver", "--cards", str(folder / "cards")]
    )
    assert done.exit_code == 0, done.output


@pytest.mark.parametrize("command", ["run", "odds"])
def test_a_new_horse_in_the_copied_cards_names_the_line_the_race_file_needs(
    bundled: dict[str, Path], tmp_path: Path, command: str
) -> None:
    """A designer adds a horse to the copy's cards/horses.csv and enters it in a copied
    race file: the race file names no card set, so it read the standard one, and said
    "no horse card 'my-flyer'" with the standard cards' command to list them."""
    folder = _edited(
        bundled, tmp_path, "races", RACE, 'horse = "overlap-2009"', 'horse = "my-flyer"'
    )
    horses = folder / "cards/horses.csv"
    horses.write_text(
        horses.read_text(encoding="utf-8")
        + "my-flyer,My Flyer,2031,filly,3,90,20,,6,9,1,5,B,1,0,1,6,my own\n",
        encoding="utf-8",
    )
    race = folder / RACE
    line = refused(tmp_path, "stretch", command, str(race), *(["--no-save"] * (command == "run")))
    assert line == (
        f"error: {race}: entry 2: no horse card 'my-flyer' in the standard cards, and the "
        'race file names no other; the card set in ../cards has it: write cards = "../cards" '
        "at the top of the race file"
    )
    race.write_text('cards = "../cards"\n' + race.read_text(encoding="utf-8"), encoding="utf-8")
    done = RUNNER.invoke(app, ["stretch", "run", str(race), "--no-save", "--seed", "1"])
    assert done.exit_code == 0 and "My Flyer" in done.stdout, done.output


@pytest.mark.parametrize(
    ("which", "said"),
    [
        (  # was "Cannot overwrite a value; a key is given twice in one table, or a [table] twice"
            "first",
            "not valid TOML at line 12, '[[horse]]': Cannot overwrite a value; line 5 writes "
            "[horse] with one bracket each side: each is [[horse]] (two brackets each side)",
        ),
        (  # was "Cannot declare ('horse',) twice; a key is given twice in one table, ..."
            "second",
            "not valid TOML at line 12, '[horse]': Cannot declare [horse] twice; each horse is "
            "[[horse]] (two brackets each side), as on line 5",
        ),
        (
            "every",
            "not valid TOML at line 12, '[horse]': Cannot declare [horse] twice; [horse] is "
            "written 11 times: several tables of one name are each [[horse]] (two brackets "
            "each side)",
        ),
    ],
)
def test_a_table_of_many_written_with_one_bracket_is_said_so(
    bundled: dict[str, Path], tmp_path: Path, which: str, said: str
) -> None:
    """Across's title cards are eleven [[horse]] tables: one written [horse] was refused
    as a key or a table given twice, at another line than the one to mend."""
    folder = _edited(bundled, tmp_path, "across", "horses.toml", "\n", "\n")
    path = folder / "horses.toml"
    lines = path.read_text(encoding="utf-8").split("\n")
    headers = [at for at, line in enumerate(lines) if line == "[[horse]]"]
    for at in {"first": headers[:1], "second": headers[1:2], "every": headers}[which]:
        lines[at] = "[horse]"
    path.write_text("\n".join(lines), encoding="utf-8")
    line = refused(tmp_path, "across", "tracks", "--content", str(folder))
    assert line == f"error: {path}: {said}", line


def test_a_table_of_one_given_twice_is_said_to_be_written_once(
    bundled: dict[str, Path], tmp_path: Path
) -> None:
    folder = _edited(bundled, tmp_path, "across", "tracks/woodbine.toml", "\n", "\n")
    path = folder / "tracks/woodbine.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[news]\nbest_pick = 5\n", "utf-8")
    line = refused(tmp_path, "across", "tracks", "--content", str(folder))
    assert line.endswith(
        "'[news]': Cannot declare [news] twice; [news] is on line 8 too: write it once"
    )


def test_a_chart_sets_choices_are_read_in_any_capitals(
    bundled: dict[str, Path], tmp_path: Path
) -> None:
    """trouble.csv's OUT, race_factors.csv's Class and Yes and odds_class.csv's a were
    refused (going.csv's and race_pace.csv's were read): every chart's choices are read
    in any capitals, as a card's and a race file's are, and race the same."""
    folder = _edited(bundled, tmp_path, "charts", "charts/trouble.csv", "2,out\n", "2,OUT\n")
    charts = folder / "charts"
    for name, old, new in [
        ("race_factors.csv", "1,class,yes", "1,Class,YES"),
        ("odds_class.csv", "1,A,A,", "1,a,A,"),
        ("odds_class.csv", "0,Fav,", "0,FAV,"),
        ("race_pace.csv", ",slow,slow,slow,slow,slow,slow", ",Slow,slow,slow,slow,slow,slow"),
    ]:
        text = (charts / name).read_text(encoding="utf-8")
        assert old in text, old
        (charts / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    races = []
    for chart_set in (charts, bundled["stretch"] / "charts"):
        args = ["stretch", "run", "2009-champagne-stakes", "--charts", str(chart_set)]
        done = RUNNER.invoke(app, [*args, "--no-save", "--seed", "3", "--format", "json"])
        assert done.exit_code == 0, done.output
        races.append(done.stdout.replace(str(chart_set), ""))
    edited, copied = races  # the capitals are an edit (the JSON says so); the race is the same
    assert '"charts_edited": true' in edited and '"charts_edited": false' in copied
    assert edited.replace('"charts_edited": true', "") == copied.replace(
        '"charts_edited": false', ""
    )


def test_stretch_new_names_the_copied_cards_from_the_race_file(
    bundled: dict[str, Path], tmp_path: Path
) -> None:
    """`stretch new races/x.toml --cards cards` wrote cards = "/the/whole/path/cards":
    the content folder moved or sent to a friend, its new races found no cards."""
    import shutil

    folder = tmp_path / "mine"
    shutil.copytree(bundled["stretch"], folder)
    race = folder / "races" / "new.toml"
    entries = ["-e", "super-saver-2009@house-a", "-e", "overlap-2009@house-b"]
    args = ["stretch", "new", str(race), *entries, "--cards", str(folder / "cards")]
    done = RUNNER.invoke(app, args)
    assert done.exit_code == 0, done.output
    assert 'cards = "../cards"\n' in race.read_text(encoding="utf-8")
    moved = tmp_path / "sent" / "theirs"
    shutil.move(folder, moved)
    ran = RUNNER.invoke(
        app, ["stretch", "run", str(moved / "races" / "new.toml"), "--no-save", "--seed", "1"]
    )
    assert ran.exit_code == 0, ran.output


def test_a_track_file_named_as_a_person_writes_it_can_be_chosen(
    bundled: dict[str, Path], tmp_path: Path
) -> None:
    """'tracks/Saratoga Race Course.toml' was listed, and then '--track Saratoga Race
    Course: no such track; did you mean Saratoga Race Course?': the file's name was its
    key as written, and --track is read as track_key writes it."""
    folder = _edited(bundled, tmp_path, "across", "tracks/woodbine.toml", "\n", "\n")
    text = (folder / "tracks/woodbine.toml").read_text(encoding="utf-8")
    (folder / "tracks/Saratoga Race Course.toml").write_text(
        text.replace('name = "Woodbine"', 'name = "Saratoga"'), encoding="utf-8"
    )
    for typed in ("Saratoga Race Course", "saratoga-race-course"):
        args = ["across", "simulate", "--content", str(folder), "--track", typed, "-n", "1"]
        done = RUNNER.invoke(app, [*args, "--seed", "1"])
        assert done.exit_code == 0, done.output
    (folder / "tracks/Woodbine.toml").write_text(text, encoding="utf-8")
    line = refused(tmp_path, "across", "tracks", "--content", str(folder))
    assert line.endswith(
        "tracks: Woodbine.toml and woodbine.toml are both track woodbine (--track woodbine): "
        "give each track file a name of its own"
    ), line


@pytest.mark.parametrize(
    ("option", "named", "said"),
    [
        (  # was "{dir}/chartset.toml: cannot read the TOML file: file not found"
            "--charts",
            "{dir}",
            "{dir}: is not a chart-set folder (it has no chartset.toml); the one inside it is "
            "{dir}/charts",
        ),
        (  # was "no such chart-set folder"
            "--charts",
            "{dir}/charts/chartset.toml",
            "{dir}/charts/chartset.toml: is a file, not a chart-set folder: name the folder "
            "that holds it ({dir}/charts)",
        ),
        (
            "--charts",
            "{dir}/chart",
            "{dir}/chart: no such chart-set folder; did you mean {dir}/charts?",
        ),
        (  # was "{dir}/cards/horses.csv/horses.csv: cannot read the CSV file (Not a directory)"
            "--cards",
            "{dir}/cards/horses.csv",
            "{dir}/cards/horses.csv: is a file, not a card-set folder: name the folder that "
            "holds it ({dir}/cards)",
        ),
        (
            "--cards",
            "{dir}",
            "{dir}: is not a card-set folder (it has no horses.csv); the one inside it is "
            "{dir}/cards",
        ),
    ],
)
def test_a_stretch_folder_option_naming_the_wrong_thing_says_what_to_name(
    bundled: dict[str, Path], tmp_path: Path, option: str, named: str, said: str
) -> None:
    """A designer's --charts or --cards naming the copy's top folder, a file of the set,
    or a folder one letter off."""
    folder = str(bundled["stretch"])
    command = ["run", "2009-champagne-stakes", "--no-save"] if option == "--charts" else ["cards"]
    line = refused(tmp_path, "stretch", *command, option, named.replace("{dir}", folder))
    assert line == "error: " + said.replace("{dir}", folder), line


@pytest.mark.parametrize(
    "command", [["across", "tracks"], ["across", "play", "--bots", "2"], ["serve"]]
)
def test_the_tracks_folder_given_for_the_content_folder_names_the_one_to_give(
    bundled: dict[str, Path], tmp_path: Path, command: list[str]
) -> None:
    """`--content DIR/tracks` said "DIR/tracks/tracks: no track files (*.toml) found",
    a folder the user never named: now what to name, as a file in it (horses.toml) is."""
    tracks = bundled["across"] / "tracks"
    line = refused(tmp_path, *command, "--content", str(tracks))
    assert line == (
        f"error: {tracks}: is the tracks/ folder, not a content folder: name the folder "
        f"that holds tracks/ ({bundled['across']})"
    ), line
    assert not (tmp_path / "x.sqlite").exists()  # refused before any store is made


@pytest.mark.parametrize(
    "command",
    [["across", "tracks"], ["across", "play", "--bots", "2"], ["across", "simulate"], ["serve"]],
)
def test_a_tracks_folder_named_otherwise_is_named_with_where_tracks_are_looked_for(
    bundled: dict[str, Path], tmp_path: Path, command: list[str]
) -> None:
    """A copy whose tracks/ was renamed (courses/) said "DIR/tracks: no track files
    (*.toml) found", a folder the user never named, nor what holds the tracks: now the
    folder given, where the track files are looked for, and the folder to rename; with
    no such folder, what a content folder holds."""
    import shutil

    folder = tmp_path / "mine"
    shutil.copytree(bundled["across"], folder)
    (folder / "tracks").rename(folder / "courses")
    line = refused(tmp_path, *command, "--content", str(folder))
    assert line == (
        f"error: {folder}: no tracks/ folder: the track files are looked for as "
        f"{folder}/tracks/*.toml; courses/ holds .toml files: if it holds the tracks, "
        "rename it tracks"
    ), line
    (folder / "tracks").mkdir()  # there, but empty: the files are to move
    line = refused(tmp_path, *command, "--content", str(folder))
    assert "no track files in its tracks/" in line and "move its files into tracks/" in line
    shutil.rmtree(folder / "courses")
    line = refused(tmp_path, *command, "--content", str(folder))
    assert line.endswith(
        "an Across the Board content folder holds horses.toml and tracks/ (`homestretch "
        "across content FOLDER` makes one to edit)"
    ), line
    assert not (tmp_path / "x.sqlite").exists()  # refused before any store is made


def test_a_totopoly_folder_named_tracks_is_still_one(tmp_path: Path) -> None:
    """Only Across's content holds a tracks/ folder: a Totopoly copy named so is read
    (by `serve` too, which takes either game's)."""
    folder = tmp_path / "tracks"
    assert RUNNER.invoke(app, ["totopoly", "content", str(folder)]).exit_code == 0
    done = RUNNER.invoke(app, ["totopoly", "board", "--content", str(folder)])
    assert done.exit_code == 0, done.output


NOTHING_THERE = {
    # the command naming what is not there: the command its line says makes one
    "across play": (["across", "play", "--bots", "3", "--content", "nodir"], "across content"),
    "across simulate": (["across", "simulate", "--content", "nodir"], "across content"),
    "across tracks": (["across", "tracks", "--content", "nodir"], "across content"),
    "totopoly play": (
        ["totopoly", "play", "--bots", "3", "--content", "nodir"],
        "totopoly content",
    ),
    "totopoly simulate": (["totopoly", "simulate", "--content", "nodir"], "totopoly content"),
    "totopoly board": (["totopoly", "board", "--content", "nodir"], "totopoly content"),
    "serve": (
        ["serve", "--content", "nodir"],
        "across content FOLDER` or `homestretch totopoly content",
    ),
    "derbycast --table": (
        ["derbycast", "table", "--table", "none.csv"],
        "derbycast content FOLDER --part odds-table",
    ),
    "derbycast --source": (
        ["derbycast", "play", "--bots", "2", "--source", "none.json"],
        "derbycast content FOLDER --part replays",
    ),
    "derbycast races": (
        ["derbycast", "races", "none.csv"],
        "derbycast content FOLDER --part replays",
    ),
}


@pytest.mark.parametrize("case", NOTHING_THERE)
def test_a_content_option_naming_nothing_says_what_makes_one(homestretch: Any, case: str) -> None:
    """`across play --content nosuchdir` said "no such content folder" and no more: not
    that `homestretch across content FOLDER` makes one (Stretch's --charts and --cards
    said it; Totopoly's --content, serve's and Derby Cast's files did not either)."""
    words, makes = NOTHING_THERE[case]
    done = homestretch(*words)
    assert done.code == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert f"(`homestretch {makes}" in done.stderr and "` makes one to edit)" in done.stderr


@pytest.mark.parametrize(
    ("made", "reads"),
    [
        (["across", "content", "mine"], ["across", "tracks", "--content", "mine"]),
        (["totopoly", "content", "mine"], ["totopoly", "board", "--content", "mine"]),
        (
            ["derbycast", "content", "mine", "--part", "odds-table"],
            ["derbycast", "table", "--table", "mine/odds_table.csv"],
        ),
        (
            ["derbycast", "content", "mine", "--part", "replays"],
            ["derbycast", "races", "mine/replays.csv"],
        ),
    ],
)
def test_what_the_line_says_makes_one_does(
    homestretch: Any, made: list[str], reads: list[str]
) -> None:
    """The command the line names makes what the option then reads."""
    assert homestretch(*made).code == 0
    done = homestretch(*reads)
    assert done.code == 0, done.stderr
