"""Imported races: the documented CSV and JSON results formats, and clear errors that
name the file and the line or race."""

from __future__ import annotations

from pathlib import Path

import pytest

from homestretch.core.errors import ContentError
from homestretch.games.derbycast.content.results_file import read_results

SAMPLES = Path(__file__).parents[4] / "samples" / "derbycast"


def test_the_csv_and_json_samples_hold_the_same_races() -> None:
    from_csv = read_results(SAMPLES / "saturday_card.csv")
    from_json = read_results(SAMPLES / "saturday_card.json")
    assert from_csv == from_json
    assert [r.name for r in from_csv][:2] == ["Riverbend race 1", "Riverbend race 2"]
    assert from_csv[1].scratched == ("Harbor Tempest",)
    dead_heat = from_csv[2]
    assert [r.horse for r in dead_heat.runners if r.finish == 1] == ["Crimson Banner", "Quiet Echo"]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


HEADER = "race,horse,odds,finish\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("race,horse,finish\nR1,A,1\n", r"line 1: missing column\(s\) odds"),
        ("race,horse,odds,finish,notes\nR1,A,2,1,x\n", r"unknown column\(s\) notes"),
        (HEADER + "R1,A,2,1\nR1,B,seven,2\n", r"line 3: cannot read odds 'seven'"),
        (HEADER + "R1,A,2,1\nR1,B,3,second\n", r"line 3: finish 'second' must be a position"),
        (HEADER + "R1,A,2,1\nR1,B,3,3\n", r"race 'R1' \(from line 2\): finish positions 1, 3"),
        (HEADER + "R1,A,2,2\nR1,B,3,3\n", "finish positions 2, 3 skip a place"),
        (  # was "1, 1, 2 skip a place": they do not, they fail to skip one
            HEADER + "R1,A,2,1\nR1,B,3,1\nR1,C,4,2\n",
            "finish positions 1, 1, 2: the horse after a dead heat takes the place after the "
            r"places shared \(3 here, as in 1, 1, 3\)",
        ),
        (
            HEADER
            + "R1,A,2,1\nR1,B,3,2\nR1,C,4,late\nR1,D,5,scratched\nR1,E,6,scr\n"
            + "R1,F,7,late\n",
            None,
        ),
        ("race,program,horse,odds\nR1,1,A,2\nR1,1a,B,3\nR1,x,C,4\n", "line 4: program number 'x'"),
        ("race,program,horse,odds\nR1,1,A,2\nR1,1,B,3\n", "program number 1 is on the card twice"),
        ("race,program,horse,odds\nR1,1,A,2\nR1,,B,3\n", "give every horse its program number"),
        (HEADER + "R1,A,2,1\nR1,B,,2\n", "B has no final odds"),
        (HEADER + "R1,A,2,1\nR1,a,3,2\n", "the horse 'a' is listed twice"),
        (HEADER + "R1,A,2,1\n", "a race needs at least 2 horses"),
        (HEADER + "R1,A,2,1\nR1,B,3,2\nR2,C,2,1\nR2,D,2,2\nR1,E,4,\n", "line 6: race 'R1' appears"),
        (HEADER + "R1,A,2,1\nR1,B,3\n", "line 3: expected 4 cells"),
        (HEADER + "R1,A,2,1\n,B,3,2\n", "line 3: every row needs a race and a horse"),
        (HEADER, "no races in the file"),
        (HEADER + "R1,A,,scratched\nR1,B,,scr\n", "every horse is scratched"),
    ],
)
def test_malformed_csv_names_what_and_where(tmp_path: Path, body: str, message: str | None) -> None:
    path = _write(tmp_path, "day.csv", body)
    if message is None:  # the scratch words all read
        (race,) = read_results(path)
        assert race.scratched_late == ("C", "F") and race.scratched_before_post == ("D", "E")
        return
    with pytest.raises(ContentError, match=message) as caught:
        read_results(path)
    assert str(caught.value).startswith(str(path))


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{not json", r"line 1: not valid JSON"),
        ('{"race": []}', 'expected an object with a "races" list'),
        ('{"races": [{"race": "R1"}]}', r"race 1: each race needs"),
        ('{"races": [{"race": "R1", "runners": [{"odds": "2"}]}]}', r"runner 1: each runner"),
        (
            '{"races": [{"race": "R1", "runners": [{"horse": "A", "odds": "2", "finish": 1,'
            ' "colour": "red"}]}]}',
            r"race 1 \(R1\), runner 1: unknown field\(s\) colour",
        ),
        (
            '{"races": [{"race": "R1", "runners": [{"horse": "A", "odds": [2], "finish": 1},'
            ' {"horse": "B", "odds": "3", "finish": 2}]}]}',
            "odds \\[2\\] are not odds",
        ),
        (
            '{"races": [{"race": "R1", "runners": [{"horse": "A", "odds": "2", "finish": true},'
            ' {"horse": "B", "odds": "3", "finish": 2}]}]}',
            "finish True is not a position",
        ),
        (
            '{"races": [{"race": "R1", "runners": [{"horse": "A", "odds": "2", "finish": 1},'
            ' {"horse": "B", "scratched": true, "finish": 2}]}]}',
            "B is scratched but has a finish position",
        ),
    ],
)
def test_malformed_json_names_what_and_where(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(ContentError, match=message):
        read_results(_write(tmp_path, "day.json", body))


def test_missing_file_and_unknown_kind(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the results file"):
        read_results(tmp_path / "nowhere.csv")
    with pytest.raises(ContentError, match="must end in .csv or .json"):
        read_results(_write(tmp_path, "day.txt", HEADER))


def test_dead_heats_and_unrecorded_places_are_accepted(tmp_path: Path) -> None:
    body = HEADER + "R1,A,2,1\nR1,B,3,1\nR1,C,4,3\nR1,D,5,3\nR1,E,6,5\nR1,F,8,\n"
    (race,) = read_results(_write(tmp_path, "day.csv", body))
    assert [r.finish for r in race.runners] == [1, 1, 3, 3, 5, None]


def test_a_days_card_with_program_numbers_and_no_finish_is_a_card(tmp_path: Path) -> None:
    """Fields, saddle-cloth numbers (coupled 1 and 1A) and morning lines, no finish yet;
    a horse scratched on the card is known before post."""
    path = _write(
        tmp_path,
        "card.csv",
        "race,program,horse,odds\nR1,1,Alpha,2-1\nR1,1a,Bravo,2-1\nR1,3,Charlie,5-1\n"
        "R1,4,Delta,\nR2,1,Echo,3-1\nR2,2,Foxtrot,4-1\n",
    )
    first, second = read_results(path)
    assert first.programs == ("1", "1A", "3", "4") and not first.has_result
    assert first.runner("Delta").odds is None
    assert second.programs == ("1", "2")


@pytest.mark.parametrize(
    ("flag", "message"),
    [('"yes"', '"scratched" is true, false or "late", not "yes"'), ("1", "not 1")],
)
def test_scratched_must_be_true_false_or_late_in_json(
    tmp_path: Path, flag: str, message: str
) -> None:
    text = (
        '{"races": [{"race": "R1", "runners": [{"horse": "A", "odds": 2, "finish": 1},'
        f' {{"horse": "B", "odds": 3, "scratched": {flag}}}, {{"horse": "C", "odds": 4}}]}}]}}'
    )
    with pytest.raises(ContentError, match=message):
        read_results(_write(tmp_path, "day.json", text))


def test_json_program_numbers_and_late_scratches(tmp_path: Path) -> None:
    text = (
        '{"races": [{"race": "R1", "runners": [{"program": 1, "horse": "A", "odds": 2},'
        ' {"program": "1A", "horse": "B", "odds": 3, "scratched": "late"},'
        ' {"program": "2", "horse": "C", "odds": 4, "scratched": true}]}]}'
    )
    (race,) = read_results(_write(tmp_path, "day.json", text))
    assert race.programs == ("1", "1A", "2")
    assert race.scratched_late == ("B",) and race.scratched_before_post == ("C",)
