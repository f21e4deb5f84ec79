"""Each game's "How to play" (games/<name>/content/how_to_play.md): there for every
registered game, naming its goal, its phases and its end, citing house rulings that exist
in docs/rulings.md, shipped as package data, and in our own words (no run of words copied
from the game's rulebook)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from homestretch.core import registry
from homestretch.core.errors import HomestretchError
from homestretch.core.how_to_play import FILE_NAME, how_to_play, known, title

ROOT = Path(__file__).resolve().parents[2]
RULEBOOKS = ROOT.parent.parent / "shared" / "rulebooks"
PHASES = {
    "across": ["auction", "betting", "race", "accept", "reject", "eighth race"],
    "totopoly": ["deal", "auction", "training ring", "nominate", "tote", "race", "short game"],
    "derbycast": ["card", "picks", "closing picks", "result", "win", "place", "show", "20 points"],
    "stretch": ["morning line", "betting", "race", "quickplay", "fullplay", "pari-mutuel"],
}
"""What a player goes through in each game, each of which its guide must name."""
RULEBOOK = {
    "stretch": "000_0d1b5bb75a76f4cb.txt",
    "totopoly": "002_a23eee52ab275e58.txt",
    "across": "003_3432d8d9a7117608.txt",
    "derbycast": "004_f40950d953e4b577.txt",
}
COPIED_WORDS = 10
"""A run of this many words in a guide and its rulebook alike is copied text."""


def test_every_registered_game_has_a_guide() -> None:
    assert sorted(registry.entries()) == sorted(PHASES)
    assert all(known(game) for game in PHASES)


@pytest.mark.parametrize("game", sorted(PHASES))
def test_a_guide_names_its_goal_phases_and_end(game: str) -> None:
    text = how_to_play(game)
    assert title(text).startswith("How to play ")
    assert registry.entry(game).title.split(":")[0] in title(text)
    lowered = text.lower()
    assert "the goal" in lowered and "## how it ends" in lowered
    missing = [phase for phase in PHASES[game] if phase not in lowered]
    assert not missing, f"{game}'s guide does not name {missing}"
    assert 250 <= len(text.split()) <= 900  # a page or so


@pytest.mark.parametrize("game", sorted(PHASES))
def test_the_rulings_a_guide_cites_are_in_the_rulings(game: str) -> None:
    rulings = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    cited = re.findall(r"\b([RST]\d{1,2})\b", how_to_play(game))
    assert cited, f"{game}'s guide names no house ruling"
    for code in cited:
        assert re.search(rf"(###|\*\*|- \*\*)\s*{code}[. ]", rulings), code


@pytest.mark.parametrize("game", sorted(PHASES))
def test_a_guide_is_in_our_own_words(game: str) -> None:
    book = RULEBOOKS / RULEBOOK[game]
    if not book.is_file():
        pytest.skip(f"no rulebook at {book}")

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", text.lower())

    theirs = words(book.read_text(encoding="utf-8", errors="replace"))
    runs = {tuple(theirs[i : i + COPIED_WORDS]) for i in range(len(theirs) - COPIED_WORDS)}
    ours = words(how_to_play(game))
    copied = [
        " ".join(ours[i : i + COPIED_WORDS])
        for i in range(len(ours) - COPIED_WORDS)
        if tuple(ours[i : i + COPIED_WORDS]) in runs
    ]
    assert not copied, copied[:3]


FIRST_GAME = {
    "across": ["goes to the auctioneer for one", "auctioneer's bid is"],
    "totopoly": ["more than three horses", "spare hand"],
    "derbycast": ["w/p/s points"],
    "stretch": ["$2 payoffs", "your own tote's price"],
}
"""What a family's first game at the terminal stalled on, each of which its guide must
say: who gets a horse nobody bids for and whose the "Auctioneer's bid" is; the leases
the discard refuses to let you keep and the swap with the spare hand at a small table;
the card's "W/P/S points" (it said "spaces" beside the guide's points); the result chart's prices beside those
your own tote paid."""


@pytest.mark.parametrize("game", sorted(FIRST_GAME))
def test_a_guide_says_what_a_first_game_stalled_on(game: str) -> None:
    lowered = " ".join(how_to_play(game).lower().split())
    missing = [words for words in FIRST_GAME[game] if words not in lowered]
    assert not missing, f"{game}'s guide does not say {missing}"


def test_an_unknown_game_is_one_line_naming_the_games() -> None:
    with pytest.raises(HomestretchError, match="known: across, derbycast, stretch, totopoly"):
        how_to_play("monopoly")
    assert not known("monopoly") and not known("../across")


def test_the_guides_ship_in_the_wheel() -> None:
    """The package-data setting takes Markdown files from every package."""
    setting = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "*.md" in setting["package-data"]["*"]
    for game in PHASES:
        assert (ROOT / "src" / "homestretch" / "games" / game / "content" / FILE_NAME).is_file()
