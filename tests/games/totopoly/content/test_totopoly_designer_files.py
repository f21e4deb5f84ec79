"""A designer's own Totopoly board, made from docs/totopoly.md alone (samples/totopoly:
three tracks of 48 lengths, a 24-square training ring, a saddler among the trades): it
loads, plays, and the board's checks say what its training ring pays and gives; the
mistakes a designer makes in a board file are each refused in one line naming the file,
the place and what is wanted."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import shutil
from pathlib import Path

import pytest
from tests.conftest import planted, refused
from typer.testing import CliRunner

from homestretch.cli.main import app
from homestretch.games.totopoly.analysis.design import (
    THROWS,
    board_checks,
    circuit,
    fee_paid,
    match_checks,
    money_flow,
)
from homestretch.games.totopoly.content.loader import STABLE_OF, Content, RingSquare, load_content

RUNNER = CliRunner()
SAMPLE = Path(__file__).parents[4] / "samples" / "totopoly"


def test_the_sample_board_loads() -> None:
    content = load_content(str(SAMPLE))
    assert content.ring_size == 24 and content.course.tracks == 3
    assert content.course.lengths == 48 and "saddler" in content.businesses


def test_the_sample_board_plays_a_game(tmp_path: Path) -> None:
    args = ["totopoly", "play", "--bots", "4", "--content", str(SAMPLE), "--seed", "4"]
    result = RUNNER.invoke(app, [*args, "--db", str(tmp_path / "g.sqlite"), "--format", "json"])
    assert result.exit_code == 0, result.output
    played = json.loads(result.stdout)
    assert played["status"] == "finished" and len(played["placings"]) == 3


def _walk(
    content: Content, horses: tuple[int, ...], rng: random.Random, member: bool = False
) -> dict[str, float]:
    """One player's horses led round the ring as training.lead does, one throw for them
    all, reports drawn at random, the club's fee paid once (not at all by a member):
    what they paid each payee."""
    size, home = content.ring_size, content.ring_size + 1
    role = {b.role: b.id for b in content.businesses.values()}
    paid: dict[str, float] = {}
    out, progress = list(horses), 0
    while out:
        progress += rng.randint(1, 6) + rng.randint(1, 6)
        if progress > home:
            break
        for horse in list(out):
            stable = STABLE_OF[content.horses[horse].colour]
            square = content.ring.get((content.boxes[horse] + progress - 1) % size)
            if progress == home:
                out.remove(horse)
            if square is None:
                continue
            if square.effect in ("stables", "vet"):
                deck = stable if square.effect == "stables" else "vet"
                to = role[stable] if square.effect == "stables" else role["vet"]
                paid[to] = paid.get(to, 0) + square.amount
                report = content.reports[rng.choice(content.decks[deck])]
                if report.effect == "pay":
                    paid[report.to] = paid.get(report.to, 0) + report.amount
                if report.effect == "return_box" and horse in out:
                    out.remove(horse)
            elif square.effect == "pay":
                paid[square.to] = paid.get(square.to, 0) + square.amount
            elif square.effect == "club_fee" and not member:
                paid[role["club"]] = paid.get(role["club"], 0) + square.amount
                member = True
            elif square.effect == "return_box" and horse in out:
                out.remove(horse)
    return paid


@pytest.mark.parametrize("horse", [1, 10])
def test_the_money_flow_is_what_walking_the_ring_pays_on_average(horse: int) -> None:
    content = load_content(str(SAMPLE))
    exact = circuit(content, horse).paid
    rng, walks = random.Random(3), 40_000
    total: dict[str, float] = {}
    for _ in range(walks):
        for to, amount in _walk(content, (horse,), rng).items():
            total[to] = total.get(to, 0) + amount
    assert set(total) == set(exact)
    for to, amount in total.items():
        assert abs(amount / walks - exact[to]) < 0.25, (to, amount / walks, exact[to])
    assert abs(sum(THROWS.values()) - 1) < 1e-12


def test_a_games_money_flow_is_what_walking_whole_tables_pays_on_average() -> None:
    """A game: four players lead three horses each, every way of sharing them alike, each
    business held by one of them, who pays himself nothing; the club's fee once a player
    (ruling T45)."""
    content = load_content(str(SAMPLE))
    flow = money_flow(content)
    exact = {p["payee"]: p["per_game"] for p in flow["payees"]}
    rng, tables = random.Random(5), 12_000
    total: dict[str, float] = {}
    for _ in range(tables):
        horses = list(range(1, 13))
        rng.shuffle(horses)
        holder = {b: rng.randrange(4) for b in content.businesses}
        for player in range(4):
            trio = tuple(horses[3 * player : 3 * player + 3])
            for to, amount in _walk(content, trio, rng, member=holder["club"] == player).items():
                if to == "bank" or holder[to] != player:
                    total[to] = total.get(to, 0) + amount
    for to, amount in exact.items():
        walked = total.get(to, 0) / tables
        assert abs(walked - amount) < max(0.02 * amount, 0.3), (to, walked, amount)


def _small_ring(squares: dict[int, tuple[str, int]], boxes: dict[int, int]) -> Content:
    """Our content on a plain ring of eight squares but ``squares`` (at: effect, amount),
    the horses named in ``boxes`` leaving from those squares (the rest from square 4)."""
    ours = load_content(None)
    ring = {at: RingSquare(at, effect, effect, amount) for at, (effect, amount) in squares.items()}
    placed = {h: boxes.get(h, 4) for h in ours.horses}
    return dataclasses.replace(ours, ring_size=8, ring=ring, boxes=placed)


def test_the_club_fee_is_a_players_and_paid_once_worked_by_hand() -> None:
    """A ring of eight squares, one fee square (3, £25): No. 1 leaves from square 2, so it
    is on the fee square after 2 squares (a throw of 2: 1/36); No. 2 from square 0, after
    4 squares (a throw of 4, or 2 and 2: 3/36 + 1/36 * 1/36 = 109/1296). One player
    leading both, one throw moving them alike, pays once if either lands there: 1/36 +
    109/1296 - 1/36 * 1/36 = 144/1296 = 1/9, not the 145/1296 of counting each landing."""
    content = _small_ring({3: ("club_fee", 25)}, {1: 2, 2: 0})
    assert fee_paid(content, (1,)) == pytest.approx(25 / 36)
    assert fee_paid(content, (2,)) == pytest.approx(25 * 109 / 1296)
    assert fee_paid(content, (1, 2)) == pytest.approx(25 / 9)
    assert circuit(content, 2).paid["club"] == pytest.approx(25 * 109 / 1296)
    # a square sending No. 1 home after 2 squares (square 3): its fee square after 4
    # (square 5) is reached by a throw of 4 (3/36), not by 2 and 2 (home at the first)
    content = _small_ring({3: ("return_box", 0), 5: ("club_fee", 25)}, {1: 2})
    assert fee_paid(content, (1,)) == pytest.approx(25 * 3 / 36)
    # two horses on the same square at once: one fee (1/36 of £25, not 2/36)
    content = _small_ring({3: ("club_fee", 25)}, {1: 2, 2: 2})
    assert fee_paid(content, (1, 2)) == pytest.approx(25 / 36)


def test_the_board_says_its_money_flow_and_checks(tmp_path: Path) -> None:
    result = RUNNER.invoke(app, ["totopoly", "board", "--content", str(SAMPLE), "-f", "json"])
    assert result.exit_code == 0, result.output
    board = json.loads(result.stdout)
    payees = {p["payee"]: p for p in board["money_flow"]["payees"]}
    assert payees["saddler"]["per_game"] > 20 and payees["tote"]["per_game"] == 0
    fees = board["money_flow"]["club_fees"]
    assert fees["least"] <= fees["per_game"] == payees["club"]["per_game"] <= fees["most"]
    assert [c["met"] for c in board["checks"]] == [True, True]
    text = RUNNER.invoke(app, ["totopoly", "board", "--content", str(SAMPLE)]).stdout
    assert "money flow" in text and "Saddler's Shop" in text and "NOT MET" not in text


def test_a_business_nothing_pays_is_said_to_draw_no_revenue(tmp_path: Path) -> None:
    """The rulebook: keep a business "with a view to drawing revenue from the other
    players during the training": a saddler no square pays is dead weight."""
    folder = tmp_path / "mine"
    shutil.copytree(SAMPLE, folder)
    ring = folder / "training_ring.toml"
    ring.write_text(ring.read_text(encoding="utf-8").replace('"saddler"', '"forage"'), "utf-8")
    content = load_content(str(folder))
    first = board_checks(content, money_flow(content))[0]
    assert not first.met and first.measured == "nothing to Saddler's Shop"


def test_the_match_race_checks_read_the_colours_order() -> None:
    apart = {"black": 0.4, "red": 0.3, "yellow": 0.2, "blue": 0.1}
    close = {"black": 0.3, "red": 0.3, "yellow": 0.2, "blue": 0.2}
    errors = dict.fromkeys(apart, 0.01)
    met = [c.met for c in match_checks({"win_rate": apart, "stderr": errors})]
    assert met == [True, True, True]
    met = [c.met for c in match_checks({"win_rate": close, "stderr": errors})]
    assert met == [False, False, True]
    never = {**apart, "blue": 0.0}
    assert not match_checks({"win_rate": never, "stderr": errors})[2].met


def test_simulate_match_races_carries_the_checks_and_the_seed() -> None:
    args = ["totopoly", "simulate", "--content", str(SAMPLE), "--match-races", "40"]
    result = RUNNER.invoke(app, [*args, "--seed", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seed"] == 2 and len(report["checks"]) == 3


MISTAKES = {
    # name: (file, text in the sample, written instead, the one line's words)
    "a missing field": (
        "leases.toml",
        "value = 175\n",
        "",
        "horse 1: the key 'value' is missing",
    ),
    "a number out of range": (
        "racecourse.toml",
        "1 = 2\n",
        "1 = 5\n",
        "[gate]: 1 = 5: needs a track 1-3",
    ),
    "a duplicate square": (
        "training_ring.toml",
        "at = 2\n",
        "at = 1\n",
        "[[square]] 2 (at = 1): square 1 is already [[square]] 1's: one table a square",
    ),
    "a typo in a key": (
        "training_ring.toml",
        "amount = 10\n",
        "ammount = 10\n",
        "[[square]] 1: unknown key(s) ammount (known: at, effect, text, amount, to). "
        "Nearest: amount.",
    ),
    "a typo in a table's name": (
        "cards.toml",
        "[supply]",
        "[suply]",
        "unknown key(s) suply (known: supply, at_a_time). Nearest: supply.",
    ),
    "a typo in an effect": (
        "training_ring.toml",
        'effect = "colour_card"',
        'effect = "color_card"',
        "[[square]] 5 (at = 6): effect 'color_card' is not one of stables, vet, pay, "
        "club_fee, club_offer, colour_card, white_card, return_box. Nearest: colour_card.",
    ),
    "a typo in a payee": (
        "training_ring.toml",
        'to = "saddler"',
        'to = "sadler"',
        "[[square]] 2 (at = 2): to 'sadler' is not one of bank, walroy, stevedon, vet, club, "
        "forage, farrier, saddler, tote, auctioneer. Nearest: saddler.",
    ),
    "a key its effect does not read": (
        "training_ring.toml",
        'effect = "colour_card"\n',
        'effect = "colour_card"\namount = 5\n',
        "[[square]] 5 (at = 6): amount is not read by effect 'colour_card' (only by stables, "
        "vet, pay, club_fee, club_offer)",
    ),
    "lengths on a fall": (
        "racecourse.toml",
        'effect = "fall"\n',
        'effect = "fall"\nlengths = 2\n',
        "[instructions.f]: lengths is not read by effect 'fall' (only by forward, back)",
    ),
    "a wrong type": (
        "cards.toml",
        "red = 10\n",
        'red = "10"\n',
        "[supply]: red must be a whole number, not '10' (write it without quotes)",
    ),
    "an empty file": ("reports.toml", None, "", "the file is empty"),
    "bad TOML syntax": (
        "leases.toml",
        'name = "Heath Raven"',
        "name = Heath Raven",
        "not valid TOML at line 6, 'name = Heath Raven': Invalid value; text is written in "
        'quotes ("...")',
    ),
    "a deck with no cards": (
        "reports.toml",
        "[[vet]]",
        "[[vets]]",
        "unknown key(s) vets (known: walroy, stevedon, vet). Nearest: vet.",
    ),
    "a track a length short": (
        "racecourse.toml",
        '1 = "RYB',
        '1 = "RY',
        "[tracks] 1: has 47 lengths, the course has 48",
    ),
    "a missing role": (
        "leases.toml",
        'role = "vet"',
        'role = "trade"',
        "there must be exactly one business with role 'vet'",
    ),
}


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_a_designers_mistake_is_one_line_naming_file_place_and_want(
    tmp_path: Path, mistake: str
) -> None:
    name, old, new, said = MISTAKES[mistake]
    folder = planted(tmp_path, SAMPLE, name, old, new)
    line = refused(tmp_path, "totopoly", "board", "--content", str(folder))
    assert line.startswith(f"error: {folder / name}: "), line
    assert " ".join(said.split()) in line, line


def test_a_deck_emptied_is_refused(tmp_path: Path) -> None:
    """Too few cards for the rules: a report pack with none to read."""
    folder = planted(tmp_path, SAMPLE, "reports.toml", None, "")
    text = (SAMPLE / "reports.toml").read_text(encoding="utf-8")
    (folder / "reports.toml").write_text(text.split("[[vet]]")[0], encoding="utf-8")
    line = refused(tmp_path, "totopoly", "board", "--content", str(folder))
    assert line == f"error: {folder / 'reports.toml'}: [[vet]]: the vet deck has no cards"


def test_every_key_of_the_boards_json_is_in_the_docs() -> None:
    """docs/totopoly.md names every key `board --format json` prints (none was named)."""
    text = (Path(__file__).parents[4] / "docs" / "totopoly.md").read_text(encoding="utf-8")
    named = set(re.findall(r"[`\"]([a-z_]+)[`\"]", text))
    result = RUNNER.invoke(app, ["totopoly", "board", "--content", str(SAMPLE), "-f", "json"])
    board = json.loads(result.stdout)
    flow = board["money_flow"]
    keys = set(board) | set(board["ring"]) | set(board["course"]) | set(flow)
    keys |= set(board["horses"][0]) | set(board["businesses"][0]) | set(flow["payees"][0])
    keys |= set(board["ring"]["instructions"][0]) | set(board["reports"]["vet"][0])
    keys |= set(flow["per_colour"]["black"]) | set(board["checks"][0]) | set(flow["club_fees"])
    assert keys - named == set()
