"""Hidden hands: each player sees his own lease cards, nobody sees the dummy or the lots
to come, leases kept lie face down and money is out of sight until the auction ends."""

from __future__ import annotations

import json

from homestretch.core.chance import SeededDice
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState


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


def _finish_auction(state: TotopolyState) -> None:
    """Play the auction out: seeded dice, each player's first legal move."""
    while state.phase == "auction":
        if state.is_chance_node():
            state.apply_chance(SeededDice(1).resolve(state.chance_node()))
        else:
            player = state.to_act()[0]
            state.apply(player, state.legal_actions(player)[0])


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
    _finish_auction(state)
    assert not state.face_down and not (retained & state.hidden_from(None))


def test_no_view_tells_a_lot_to_come_from_a_lease_kept_face_down() -> None:
    """The rulebook: the auctioneer "should not allow the remaining players to know
    what horses or businesses he has to sell". Swap any lot with any lease another
    player kept face down, the money he paid changed to match: a third player's view
    does not change (his money is out of sight, ruling T41), the holder's does."""
    checked = 0
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
                    holder = state.holder[lease]
                    own_before = state.view(holder)["players"][holder]["cash"]
                    state._change_places(lot, lease)
                    assert state.view(seat) == before, (seed, seat, lot, lease)
                    moved = state.view(holder)["players"][holder]["cash"] != own_before
                    state._change_places(lot, lease)
                    checked += moved
            assert state.view(seat) == before
    assert checked  # some swaps changed what a holder paid, and nobody else could tell


def test_money_is_out_of_sight_from_payment_to_the_end_of_the_auction() -> None:
    """Ruling T41: each player sees his own cash; others' and the bank's are unseen
    until the last lot is sold, then all is on the table again."""
    state = _to_phase("auction")
    assert state.face_down
    for seat in range(4):
        cash = [p["cash"] for p in state.view(seat)["players"]]
        assert cash[seat] == state.cash[seat]
        assert all(c is None for i, c in enumerate(cash) if i != seat)
        assert state.view(seat)["bank"] is None
    assert state.twin_views(0)  # worlds to compare exist: the check can bite
    for seat in [None, *range(4)]:
        assert all(twin == state.view(seat) for twin in state.twin_views(seat))
    _finish_auction(state)
    assert [p["cash"] for p in state.view(None)["players"]] == state.cash
    assert state.view(None)["bank"] == state.bank


def test_with_money_on_show_a_twin_world_gives_the_kept_cards_away() -> None:
    """The harness's check would catch the leak T41 closes: were the cash shown, a
    world with a lot and a kept lease changed round looks different to a third player."""
    from homestretch.games.totopoly.rules import views

    state = _to_phase("auction")
    real = views.build_view

    def on_show(state: TotopolyState, player: int | None) -> dict:
        view = real(state, player)
        for p in view["players"]:
            p["cash"] = state.cash[p["seat"]]
        return view

    views.build_view = on_show  # type: ignore[assignment]
    try:
        seen = [state.view(seat) for seat in range(4)]
        twins = [(seat, twin) for seat in range(4) for twin in state.twin_views(seat)]
    finally:
        views.build_view = real
    assert twins and any(twin != seen[seat] for seat, twin in twins)
