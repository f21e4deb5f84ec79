"""Discarding, as the player asked reads it: "you may not keep both training stables or
more than three horses" left a player holding four horses and one stable to work out
which rule he broke, and a hand he might keep said nothing of what keeping it costs
(paid at face value, from money nobody else sees). It says which rule, and the cost, to
him alone."""

from __future__ import annotations

from homestretch.games.totopoly.rules import deal
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

OTHERS = "throw cards into the auction, then say done"


def _dealt(hand: list[str]) -> TotopolyState:
    """Two players, the dealer seat 1, so seat 0 discards first: ``hand`` his."""
    state = TotopolyGame(2).new_initial_state()
    for card in state.where:
        state.where[card] = "out"
    for card in hand:
        state.where[card], state.holder[card] = "hand", 0
    state.dealer = 1
    return state


def _asked(state: TotopolyState) -> tuple[str, str | None]:
    ask = next(deal.discards(state))
    assert ask.player == 0
    return ask.prompt, ask.others


def test_four_horses_are_counted() -> None:
    hand = [f"lease:horse-0{n}" for n in (1, 4, 5, 9)] + ["lease:stevedon"]
    prompt, others = _asked(_dealt(hand))
    assert (
        prompt == "throw cards into the auction: you hold 4 horses: keep no more than three horses"
    )
    assert others == OTHERS


def test_both_stables_are_named() -> None:
    prompt, _ = _asked(_dealt(["lease:horse-01", "lease:stevedon", "lease:walroy"]))
    assert prompt == "throw cards into the auction: you hold both training stables: keep only one"


def test_a_hand_that_may_be_kept_says_its_cost_to_him_alone() -> None:
    state = _dealt(["lease:horse-01", "lease:horse-09", "lease:vet"])
    cost = sum(deal.value_of(state, card) for card in state.cards_of(0, "hand"))
    prompt, others = _asked(state)
    assert prompt == (f"{OTHERS} (the cards you keep are paid for at face value: £{cost} now)")
    assert others == OTHERS  # the rest of the table is not told (money out of sight, T41)
