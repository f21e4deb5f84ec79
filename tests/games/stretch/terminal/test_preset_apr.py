"""A race file's preset ``apr`` far from its horse's own card: warned of, naming the entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.stretch.content.race import load_race
from homestretch.games.stretch.content.race_plain import (
    BUNDLED_RACES,
    PRESET_GAP,
    bundled_races,
    presets_far_off,
)


def _copied(tmp_path: Path, horse: str, apr: int = 16) -> Path:
    """The Champagne Stakes with its third entry (Aspire, apr 16) given another horse."""
    text = (BUNDLED_RACES / "2009-champagne-stakes.toml").read_text()
    text = text.replace(
        'horse = "aspire-2009"\njockey = "house-b"\napr = 16',
        f'horse = "{horse}"\njockey = "house-b"\napr = {apr}',
    )
    path = tmp_path / "copied.toml"
    path.write_text(text)
    return path


def test_a_swapped_horse_keeping_the_old_preset_is_warned_of(tmp_path: Path) -> None:
    """Zenyatta's card gives 24; the copied line gives her Aspire's 16, and she ran on
    it without a word."""
    path = _copied(tmp_path, "zenyatta-2009")
    done = CliRunner().invoke(app, ["stretch", "run", str(path), "--seed", "1", "--no-save"])
    assert done.exit_code == 0, done.output
    warning = " ".join(done.stderr.split())
    assert f"warning: {path}, entry 3 (Zenyatta): its preset apr = 16 is 8 points" in warning
    assert "from the 24 its card gives" in warning
    assert "warning" not in done.stdout
    for command in (["simulate", str(path), "-n", "200", "--seed", "1"], ["odds", str(path)]):
        said = CliRunner().invoke(app, ["stretch", *command])
        assert said.exit_code == 0, said.output
        assert "entry 3 (Zenyatta)" in said.stderr, command


@pytest.mark.parametrize("apr", [16 + PRESET_GAP - 1, 24 - PRESET_GAP + 1, 24])
def test_only_a_preset_far_from_the_card_is_warned_of(tmp_path: Path, apr: int) -> None:
    """A point or two off the card (the rulebook's own APRs, a hand adjustment) is not
    a slip: only a gap of PRESET_GAP points or more is warned of."""
    race = load_race(_copied(tmp_path, "zenyatta-2009", apr))
    assert [r.post for r, _ in presets_far_off(race)] == ([3] if 24 - apr >= PRESET_GAP else [])


def test_no_bundled_race_is_warned_of() -> None:
    for path in bundled_races():
        assert presets_far_off(load_race(path)) == [], path.stem
