"""The words the shared table page (``static/table.js``) says for every game, served in
each frame (``words``), as each game's board is served its own (a game's ``words.PAGE``):
the page writes none of them itself."""

from __future__ import annotations

PAGE: dict[str, str] = {
    "your_turn_pin": "Your turn \u2191",
    "your_turn_pin_below": "Your turn \u2193",
    "whole_number": "Type the amount as a whole number (digits only): nothing was sent.",
    "at_least": "{least} or more",
    "older_notice": "{n} older notice",
    "older_notices": "{n} older notices",
}
"""``your_turn_pin``: the button pinned to the screen while the move the table waits for
from this seat is scrolled out of sight (a tap takes the player to it), its arrow up the
page to it, ``your_turn_pin_below`` while it is below the screen; ``whole_number``:
a move whose amount box held no number, refused by the page; ``at_least``: a box's
amount below its least, said when its form is sent ({least}: that least);
``older_notice``, ``older_notices``: the fold of the notices older than those in sight,
on the page's list and on a board that lists its own (Across's, Totopoly's; {n}: how
many)."""

BOT_WORDS = {
    "random": "the computer (plays at random)",
    "never-bet": "the computer (never bets)",
    "value": "the computer (bets on value)",
    "auto": "the computer",  # a seat the game fills itself (Derby Cast's score keeper)
}
"""How the lobby's form, the creator's page and every page's seats name a kind of
computer player."""


def bot_words(bot: str) -> str:
    """A kind of computer player in words: "the computer (plays at random)"; a kind with
    no words of its own is "the computer (KIND)"."""
    return BOT_WORDS.get(bot, f"the computer ({bot})")
