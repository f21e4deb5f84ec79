"""The house rules: where the rulebook reads two ways. Plain data, so the command line
can list them in its help without loading the game."""

from __future__ import annotations

RULE_CHOICES: dict[str, tuple[str, ...]] = {
    "move_on_past_post": ("finishes", "lost"),
    "white_card_judged": ("end", "post"),
    "auction": ("open", "final_pass"),
    "small_table_exchange": ("yes", "no"),
    "bend_fall_back": ("keeps_track", "any_track"),
}
"""House-rule options where the rulebook reads two ways; the first is our ruling
(docs/rulings.md (Totopoly) T9, T10, T5, T38 and T51)."""

RECORDED_RULES: dict[str, str] = {"bend_fall_back": "any_track"}
"""The reading a configuration without the option was played under: a game saved (or
a configuration written) before the option existed replays as it was played. A new
game is given the ruling (the first choice): the command line and the lobby name it."""
