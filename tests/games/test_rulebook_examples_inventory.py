"""docs/rulebook-examples.md names, for every worked example in the four rulebooks, the
test that checks it: every test and test file it names exists, so the inventory cannot
point at a test that was renamed or removed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INVENTORY = ROOT / "docs" / "rulebook-examples.md"
GAMES = {
    "Top of the Stretch": "stretch",
    "Across the Board": "across",
    "Totopoly": "totopoly",
    "Derby Cast": "derbycast",
}


def sections() -> dict[str, str]:
    text = INVENTORY.read_text(encoding="utf-8")
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def test_the_inventory_has_a_table_for_each_game() -> None:
    found = sections()
    assert set(GAMES) <= set(found)
    for title in GAMES:
        rows = [ln for ln in found[title].splitlines() if ln.startswith("| ") and "---" not in ln]
        assert len(rows) > 5, title


@pytest.mark.parametrize("title", list(GAMES))
def test_every_test_the_inventory_names_exists(title: str) -> None:
    body = sections()[title]
    folder = ROOT / "tests" / "games" / GAMES[title]
    defined = {
        name
        for path in (ROOT / "tests").rglob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    named = re.findall(r"::(test_\w+)", body)
    assert named, title
    missing = sorted(set(named) - defined)
    assert not missing, f"{title}: no such test: {missing}"
    for file in re.findall(r"`([\w/]+\.py)", body):
        candidates = [folder / file, folder.parent / file, ROOT / "tests" / file]
        assert any(c.exists() for c in candidates), f"{title}: no test file {file}"
