"""The current folder named by itself (`--charts .`, `--cards .`, `--content .`) is said
in a refusal as "this folder (.)": it read ".: is not a chart-set folder", a dot and a
colon where a person looks for a folder's name. Every game's content option, run in an
empty folder."""

from __future__ import annotations

from typing import Any

import pytest

CASES = {
    "stretch charts": ["stretch", "run", "2009-champagne-stakes", "--no-save", "--charts", "."],
    "stretch cards": ["stretch", "cards", "--cards", "."],
    "stretch new cards": ["stretch", "new", "-e", "a", "--cards", ".", "out.toml"],
    "across content": ["across", "tracks", "--content", "."],
    "totopoly content": ["totopoly", "board", "--content", "."],
    "serve content": ["serve", "--content", "."],
    "derbycast table": ["derbycast", "table", "--table", "."],
}


@pytest.mark.parametrize("case", CASES)
def test_the_current_folder_is_said_in_words(homestretch: Any, case: str) -> None:
    done = homestretch(*CASES[case])
    assert done.code == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("error: this folder (.): "), done.stderr


def test_the_current_folder_given_whole_is_said_in_words_too(homestretch: Any) -> None:
    """Named by its whole path, it is shown relative to itself: "." was the same slip."""
    from pathlib import Path

    done = homestretch("stretch", "run", "2009-champagne-stakes", "--charts", str(Path.cwd()))
    assert done.code == 2, done.stderr
    assert done.stderr.startswith("error: this folder (.): is not a chart-set folder"), done.stderr


def test_a_totopoly_folder_holding_none_of_its_files_is_said_to_be_none(
    homestretch: Any,
) -> None:
    """It was "leases.toml: cannot read the TOML file: file not found": the folder given
    unnamed, nor what a content folder holds."""
    done = homestretch("totopoly", "board", "--content", ".")
    assert "not a content folder: a Totopoly one holds racecourse.toml, leases.toml" in (
        done.stderr
    ), done.stderr
    assert "`homestretch totopoly content FOLDER` makes one to edit" in done.stderr
