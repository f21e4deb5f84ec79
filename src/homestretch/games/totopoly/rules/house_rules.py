"""The house rules: where the rulebook reads two ways. Plain data, so the command line
can list them in its help without loading the game."""

from __future__ import annotations

RULE_CHOICES: dict[str, tuple[str, ...]] = {
    "move_on_past_post": ("finishes", "lost"),
    "white_card_judged": ("end", "post"),
    "auction": ("open", "final_pass"),
    "small_table_exchange": ("yes", "no"),
}
"""House-rule options where the rulebook reads two ways; the first is our ruling
(docs/rulings.md (Totopoly) T9, T10, T5 and T38)."""
