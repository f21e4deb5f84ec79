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


def test_retained_leases_lie_face_down_until_the_auction_ends() -> None:
    state = _to_phase("auction")
    retained = {card for card in state.where if card in state.face_down}
    assert retained and retained <= state.hidden_from(None)
    for card in retained:
        holder = state.holder[card]
        assert card not in state.hidden_from(holder)
        assert card in {c["card"] for c in state.view(holder)["leases"]}
        assert all(card in state.hidden_from(seat) for seat in range(4) if seat != holder)
    while state.phase == "auction":
        if state.is_chance_node():
            state.apply_chance(SeededDice(1).resolve(state.chance_node()))
        else:
            player = state.to_act()[0]
            state.apply(player, state.legal_actions(player)[0])
    assert not state.face_down and not (retained & state.hidden_from(None))


def _swap(state: TotopolyState, a: str, b: str) -> None:
    """Exchange two lease cards' places, as if they had been dealt the other way."""
    for table in (state.where, state.holder, state.knows):
        table[a], table[b] = table.get(b), table.get(a)  # type: ignore[assignment]
    for table in (state.where, state.holder):
        for card in (a, b):
            if table.get(card) is None:
                table.pop(card, None)
    down = {a: b in state.face_down, b: a in state.face_down}
    state.face_down -= {a, b}
    state.face_down |= {card for card, flag in down.items() if flag}
    horse = {h.card: h.number for h in state.c.horses.values()}
    for card in (a, b):
        if card in horse:
            owned = state.where[card] == "owned"
            state.status[horse[card]] = "training" if owned else "withdrawn"
            state.progress[horse[card]] = 0


def test_no_view_tells_a_lot_to_come_from_a_lease_kept_face_down() -> None:
    """The rulebook: the auctioneer "should not allow the remaining players to know
    what horses or businesses he has to sell". Swap any lot with any lease another
    player kept face down: a third player's view does not change."""
    for seed in range(3, 9):
        state = _to_phase("auction", seed=seed)
        auctioneer = state.auctioneer
        lots = [c for c, w in state.where.items() if w == "pool"]
        for seat in [None, *range(4)]:
            if seat == auctioneer:
                continue
            before = state.view(seat)
            unseen_lots = [c for c in lots if c in state.hidden_from(seat)]
            others_leases = [
                c for c in state.face_down if state.holder[c] != seat and c != state.lot
            ]
            for lot in unseen_lots[:2]:
                for lease in others_leases[:3]:
                    _swap(state, lot, lease)
                    assert state.view(seat) == before, (seed, seat, lot, lease)
                    _swap(state, lot, lease)
            assert state.view(seat) == before
