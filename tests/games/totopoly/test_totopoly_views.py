"""Hidden hands: each player sees his own lease cards, nobody sees the dummy or the lots
to come, and once paid for every lease is public."""

from __future__ import annotations

import json

from homestretch.core.chance import SeededDice
from homestretch.games.totopoly.state import TotopolyGame, TotopolyState


def _to_phase(phase: str, players: int = 4, seed: int = 3) -> TotopolyState:
    state = TotopolyGame(players).new_initial_state()
    dice = SeededDice(seed)
    while state.phase != phase:
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
        else:
            player = state.to_act()[0]
            state.apply(player, state.legal_actions(player)[0])  # keeps hands
    return state


def test_hands_are_private_during_the_deal() -> None:
    state = _to_phase("discard")
    for seat in range(4):
        own = set(state.cards_of(seat, "hand"))
        shown = {card["card"] for card in state.view(seat)["hand"]}
        assert shown == own and own
        others = json.dumps(state.view((seat + 1) % 4))
        assert not any(card in others for card in own)
    spectator = json.dumps(state.view(None))
    assert "lease:" not in spectator
    assert state.view(None)["players"][0]["hand_size"] == len(state.cards_of(0, "hand"))


def test_leases_are_public_once_paid_for_but_lots_to_come_are_not() -> None:
    state = _to_phase("auction")
    owned = [card for card, where in state.where.items() if where == "owned"]
    assert owned and not (set(owned) & state.hidden_from(None))
    pool = {card for card, where in state.where.items() if where == "pool"}
    auctioneer = state.auctioneer
    assert auctioneer is not None
    others = (auctioneer + 1) % 4
    assert not (pool & state.hidden_from(auctioneer))
    seen_by_other = {card for card in pool if others in state.knows[card]}
    assert pool - seen_by_other <= state.hidden_from(others)
    assert not (pool - seen_by_other) & set(json.dumps(state.view(others)).split('"'))
