"""Who put which card under the dummy or threw it into the auction stays his own, in the
log too, though the card is sold face up later ("players should guard their own hands")."""

from __future__ import annotations

from homestretch.core.registry import entry
from homestretch.session.dice import DiceSpec
from homestretch.session.log import HIDDEN
from homestretch.session.table import Table, computer_seats


def test_a_card_given_up_face_down_is_named_only_in_its_giver_s_log() -> None:
    totopoly = entry("totopoly")
    game = totopoly.make({"players": 3})
    table = Table(totopoly, game, computer_seats(totopoly, game, 0), DiceSpec("seeded", 3))
    table.advance()  # a whole game: every card given up has been sold face up since
    given_up = [
        (position, event)
        for position, event in enumerate(table.state.events)
        if event.action is not None and event.action["kind"] in ("reject", "discard")
    ]
    assert any(event.action["kind"] == "reject" for _, event in given_up)
    for seat in [None, 0, 1, 2]:
        log = table.log_for(seat)
        for position, event in given_up:
            shown = log[position]["action"]
            if event.player == seat:
                assert shown == event.action
            else:
                assert shown == {"kind": event.action["kind"], "card": HIDDEN}
    # the moves everyone saw are shown whole: the lots offered name their cards
    lots = [e for e in table.log_for(1) if e.get("action", {}).get("kind") == "lot"]
    assert lots and all(entry["action"]["card"] != HIDDEN for entry in lots)
