from fractions import Fraction

import pytest

from homestretch.core.chance import (
    ChanceNode,
    ScriptedDice,
    SeededDice,
    parse_faces,
    read_faces_file,
)
from homestretch.core.errors import DiceError


def test_two_dice_node_lists_36_red_white_outcomes_summing_to_one() -> None:
    node = ChanceNode("form roll", dice=2)
    outcomes = node.outcomes()
    assert len(outcomes) == 36
    assert sum(p for _, p in outcomes) == Fraction(1)
    assert outcomes[1][0] == (1, 2)  # red 1, white 2: the dice stay apart


def test_weighted_node_probabilities() -> None:
    node = ChanceNode("draw", weights=(1, 3))
    assert [p for _, p in node.outcomes()] == [Fraction(1, 4), Fraction(3, 4)]


def test_node_must_have_one_kind() -> None:
    with pytest.raises(ValueError):
        ChanceNode("nothing")
    with pytest.raises(ValueError):
        ChanceNode("both", dice=1, choices=3)


def test_scripted_dice_consume_red_before_white_and_run_out_clearly() -> None:
    source = ScriptedDice([3, 4, 6])
    assert source.resolve(ChanceNode("roll", dice=2)) == (3, 4)
    assert source.resolve(ChanceNode("roll", dice=1)) == (6,)
    with pytest.raises(DiceError, match="ran out"):
        source.resolve(ChanceNode("stretch roll", dice=2))
    assert source.used == [3, 4, 6]


def test_seeded_dice_repeat() -> None:
    node = ChanceNode("roll", dice=2)
    a, b = SeededDice(7), SeededDice(7)
    assert [a.resolve(node) for _ in range(20)] == [b.resolve(node) for _ in range(20)]


@pytest.mark.parametrize("text", ["3 4 7", "3 x", "0 1", "", "-1", "3 -4 5"])
def test_parse_faces_rejects_bad_lists(text: str) -> None:
    with pytest.raises(DiceError):
        parse_faces(text)


def test_parse_faces_accepts_common_forms() -> None:
    assert parse_faces("3 4, 6-1\n2") == [3, 4, 6, 1, 2]


def test_dice_file_missing_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DiceError, match="cannot read"):
        read_faces_file(tmp_path / "nope.txt")
    path = tmp_path / "dice.txt"
    path.write_text("# the Champagne Stakes\n3 1 # break\n2 2\n")
    assert read_faces_file(path) == [3, 1, 2, 2]
