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


def test_every_move_is_said_in_words_and_a_card_given_up_face_down_is_a_card() -> None:
    """The log (and a "moved on" refusal, which quotes it) says each move as the other
    games say theirs ("bid 25 guineas"), not as data; a card given up face down is "a
    card" to the others, named to its giver."""
    totopoly = entry("totopoly")
    game = totopoly.make({"players": 3})
    table = Table(totopoly, game, computer_seats(totopoly, game, 0), DiceSpec("seeded", 2))
    table.advance()
    kinds = set()
    for seat in [None, 0, 1, 2]:
        for line in table.log_for(seat):
            if "action" not in line:
                continue
            kinds.add(line["action"]["kind"])
            said = line.get("words")
            assert said and "Action" not in said and "(" not in said.split()[0], line
            if line["action"].get("card") == HIDDEN:
                assert said.endswith("a card under the dummy") or said.endswith(
                    "a card into the auction"
                ), said
                assert HIDDEN not in said
    # a member in the training ring throws or first reads a report (which our players
    # choose depends on the cards a report may bring)
    assert {"reject", "discard", "lot", "bid"} <= kinds and kinds & {"throw", "report"}
    bids = [e["words"] for e in table.log_for(None) if e.get("action", {}).get("kind") == "bid"]
    assert bids[0].startswith("bid ") and bids[0].endswith("guineas") or "guinea" in bids[0]
    lots = [e["words"] for e in table.log_for(None) if e.get("action", {}).get("kind") == "lot"]
    assert lots[0].startswith("offered No. ") or lots[0].startswith("offered ")
    assert all("lease:" not in said for said in lots)


def test_each_kind_of_move_has_its_own_words() -> None:
    """Every action the rules know is worded (none falls back to its data form)."""
    from homestretch.games.totopoly.rules import actions as act
    from homestretch.games.totopoly.rules.words import move_said

    content = entry("totopoly").make({"players": 3}).content
    horse = next(iter(content.horses.values()))
    samples = [
        act.Reject(horse.card),
        act.Discard(HIDDEN),
        act.Done(),
        act.OfferLot(horse.card),
        act.Bid(25),
        act.Pass(),
        act.Throw(),
        act.DrawReport("walroy", horse.number),
        act.Join(True),
        act.Sell(f"horse:{horse.number}"),
        act.Offer(40),
        act.Accept(False),
        act.Scratch(horse.number),
        act.Nominate(0),
        act.Bet(horse.number, 10),
        act.UseThrow(horse.number),
        act.Colour("card+white"),
        act.PlaySpecial("x", True),
        act.ChangeTrack(2),
    ]
    assert {type(a) for a in samples} == set(act.ALL_ACTIONS)
    said = [move_said(a, content) for a in samples]
    assert all(s != str(a) and "lease:" not in s for s, a in zip(said, samples, strict=True))
    assert said[0] == f"put No. {horse.number} {horse.name} under the dummy"
    assert said[1] == "threw a card into the auction"
    assert said[4] == "bid 25 guineas"
