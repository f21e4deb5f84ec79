"""The starter card set and the bundled sample races (issue 3, "Cards and races worth running")."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from statistics import mean

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.content import read_toml
from homestretch.core.referee import play
from homestretch.games.stretch.content.card_set import HorseCard, load_card_set
from homestretch.games.stretch.content.race import bundled_races, load_race
from homestretch.games.stretch.rules.engine import Mode, RaceGame, RaceState

CARDS = load_card_set()
LEVELS = {"stk-": ("stakes", 20, 23), "alw-": ("allowance", 15, 18), "clm-": ("claiming", 9, 13)}
FICTIONAL_RIDERS = ("house-", "rider-")
RULEBOOK_RACES = {"2009-breeders-cup-ladies-classic", "2009-champagne-stakes"}
RULEBOOK_HORSES = {
    str(entry["horse"])
    for path in bundled_races()
    if path.stem in RULEBOOK_RACES
    for entry in read_toml(path)["entries"]
}


def level(horse: HorseCard) -> str | None:
    for prefix, (name, _, _) in LEVELS.items():
        if horse.id.startswith(prefix):
            return name
    return None


def is_great(horse: HorseCard) -> bool:
    """A real horse rated from its record (not fictional, not a 2009 rulebook-race entry)."""
    return level(horse) is None and horse.id not in RULEBOOK_HORSES


def best_power(horse: HorseCard) -> int:
    return max(p for p in (horse.power_dirt, horse.power_turf) if p is not None)


def test_the_card_set_is_big_enough() -> None:
    greats = [h for h in CARDS.horses.values() if is_great(h)]
    assert len(greats) >= 60
    assert {h.card == "career" for h in greats} == {True, False}  # best-year and career cards
    assert {"colt", "filly", "mare", "gelding", "horse"} <= {h.sex for h in greats}
    assert any(h.power_turf is not None and h.power_dirt is None for h in greats)
    assert any(h.range_high <= 7 for h in greats)  # sprinters ...
    assert any(h.range_high >= 13 for h in greats)  # ... to stayers
    riders = [j for j in CARDS.jockeys.values() if not j.id.startswith(FICTIONAL_RIDERS)]
    assert len(riders) >= 25
    top = {j.id for j in CARDS.jockeys.values() if j.ride == 2 and j.trouble == 10}
    assert top == {"arcaro", "shoemaker", "bailey"}  # the rulebook's top tier, alone


def test_every_card_says_what_its_rating_rests_on() -> None:
    for card in [*CARDS.horses.values(), *CARDS.jockeys.values()]:
        assert card.note.strip(), card.id


def test_a_name_repeats_only_for_a_best_year_and_a_career_card() -> None:
    by_name: dict[str, list[HorseCard]] = defaultdict(list)
    for horse in CARDS.horses.values():
        by_name[horse.name].append(horse)
    for name, horses in by_name.items():
        kinds = [h.card for h in horses]
        assert len(set(kinds)) == len(kinds), name
        assert len(horses) == 1 or (kinds.count("career") == 1 and len(horses) == 2), name


def test_overall_grows_with_power() -> None:
    """Overall is the expected speed figure at the horse's best Power: one Power, one Overall."""
    overall: dict[int, set[int]] = defaultdict(set)
    for horse in CARDS.horses.values():
        assert horse.overall is not None, horse.id
        overall[best_power(horse)].add(horse.overall)
    assert all(len(values) == 1 for values in overall.values())
    figures = [min(overall[p]) for p in sorted(overall)]
    assert figures == sorted(figures)


def test_fictional_class_levels() -> None:
    powers: dict[str, list[int]] = defaultdict(list)
    for horse in CARDS.horses.values():
        name = level(horse)
        if name is None:
            continue
        low, high = next((lo, hi) for n, lo, hi in LEVELS.values() if n == name)
        assert low <= best_power(horse) <= high, horse.id
        assert horse.note.startswith(f"fictional {name} horse"), horse.id
        powers[name].append(best_power(horse))
    assert all(len(p) >= 12 for p in powers.values())
    assert mean(powers["stakes"]) > mean(powers["allowance"]) > mean(powers["claiming"])
    fictional = [h for h in CARDS.horses.values() if level(h)]
    assert any(h.power_turf is not None for h in fictional)
    assert sum(h.wet > 0 for h in fictional) >= 10
    assert {h.form for h in fictional} == {"A", "B", "C", "D", "E"}


def test_there_are_sample_races_beyond_the_rulebooks_two() -> None:
    names = {p.stem for p in bundled_races()}
    assert names >= RULEBOOK_RACES
    assert len(names - RULEBOOK_RACES) >= 8
    # The rulebook's two stay first: the game harness runs the first two bundled races.
    assert {p.stem for p in bundled_races()[:2]} == RULEBOOK_RACES


@pytest.mark.parametrize(
    "path", [p for p in bundled_races() if p.stem not in RULEBOOK_RACES], ids=lambda p: p.stem
)
def test_a_sample_race_is_built_from_the_cards(path: Path) -> None:
    data = read_toml(path)
    assert all("apr" not in e for e in data["entries"]), "let the builder compute the APR"
    jockeys = [e["jockey"] for e in data["entries"]]
    assert len(set(jockeys)) == len(jockeys), "one horse per rider"
    horses = [CARDS.horse(e["horse"]) for e in data["entries"]]
    # A dream race is all greats; an everyday race all fictional horses of one class level.
    kinds = {level(h) or ("great" if is_great(h) else "2009") for h in horses}
    assert len(kinds) == 1 and "2009" not in kinds, kinds


@pytest.mark.parametrize("path", bundled_races(), ids=lambda p: p.stem)
@pytest.mark.parametrize("mode", ["quick", "full"])
def test_every_bundled_race_runs_in_both_modes(path: Path, mode: Mode) -> None:
    race = load_race(path)
    for seed in (1, 2, 3):
        state = play(RaceGame(race, mode).new_initial_state(), SeededDice(seed), {})
        assert isinstance(state, RaceState)
        finishers = [line.finish for line in state.lines if line.finish is not None]
        assert finishers and min(finishers) == 1
        assert all(line.status in ("finished", "out", "disqualified") for line in state.lines)
