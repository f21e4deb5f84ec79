"""What the table is asked, as each seat reads it: the player asked reads "you threw 3:
give it to one of your horses"; everyone else, whose pages say "Waiting for Cy to give a
throw of 3 to one of their horses", must not read "you" meaning Cy. Nobody is asked a
question: the player is told what to do, the others what he is doing. A player who may
not stop discarding is told why."""

from __future__ import annotations

import random
import re

import pytest

from homestretch.core.chance import SeededDice
from homestretch.games.totopoly.rules.deal import hand_problem
from homestretch.games.totopoly.rules.flow import Ask
from homestretch.games.totopoly.rules.state import TotopolyGame

SPEAKS_TO = re.compile(r"\byou(r)?\b", re.IGNORECASE)


@pytest.mark.parametrize(("players", "short", "seed"), [(3, False, 5), (4, True, 8)])
def test_nobody_reads_you_for_another_player(players: int, short: bool, seed: int) -> None:
    state = TotopolyGame(players, short=short).new_initial_state()
    dice, choose = SeededDice(seed), random.Random(seed)
    asked_you = set()
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        actor = state.to_act()[0]
        own = state.view(actor)["prompt"]
        assert isinstance(state.pending, Ask) and own == state.pending.prompt
        if SPEAKS_TO.search(own):
            asked_you.add(own.split(":")[0].split()[0])
        for seat in [*range(players), None]:
            if seat != actor:
                seen = state.view(seat)["prompt"]
                assert not SPEAKS_TO.search(seen), (own, seen)
        legal = state.legal_actions(actor)
        # keep bids and bets small, so the game gets to the race with money to run it
        modest = [
            a for a in legal if getattr(a, "guineas", 0) <= 5 and getattr(a, "pounds", 0) <= 10
        ]
        state.apply(actor, choose.choice(modest or legal))
    assert asked_you, "no prompt spoke to its player: the test checked nothing"


DOING = {
    "accept", "back", "bid", "decide", "exchange", "give", "join", "keep", "nominate",
    "offer", "play", "read", "scratch", "sell", "throw",
}  # fmt: skip
"""How what the others read begins: the verb of "Waiting for Cy to ..." (their pages)."""


@pytest.mark.parametrize(("players", "short", "seed"), [(3, False, 5), (4, True, 8), (3, False, 11)])  # fmt: skip
def test_a_prompt_is_no_question_and_the_others_read_what_is_being_done(
    players: int, short: bool, seed: int
) -> None:
    state = TotopolyGame(players, short=short).new_initial_state()
    dice, choose = SeededDice(seed), random.Random(seed)
    seen: set[str] = set()
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        actor = state.to_act()[0]
        own = state.view(actor)["prompt"]
        others = state.view((actor + 1) % players)["prompt"]
        assert "?" not in own and "?" not in others, (own, others)
        assert others.split()[0] in DOING, f"Waiting for Cy to {others}"
        seen.add(others.split()[0])
        legal = state.legal_actions(actor)
        modest = [
            a for a in legal if getattr(a, "guineas", 0) <= 5 and getattr(a, "pounds", 0) <= 10
        ]
        state.apply(actor, choose.choice(modest or legal))
    assert {"bid", "give", "nominate", "decide"} <= seen, seen  # the auction to the race


def test_a_hand_that_breaks_a_rule_says_so_instead_of_done() -> None:
    state = TotopolyGame(3).new_initial_state()
    dice = SeededDice(5)
    while True:
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        actor = state.to_act()[0]
        if state.phase == "discard" and hand_problem(state, actor):
            break
        legal = state.legal_actions(actor)
        done = [a for a in legal if a.kind == "done"]
        state.apply(actor, (done or legal)[0])
    prompt = state.view(actor)["prompt"]
    assert "more than three horses" in prompt and "then done" not in prompt
    assert all(a.kind != "done" for a in state.legal_actions(actor))
    other = (actor + 1) % 3
    assert state.view(other)["prompt"] == "throw cards into the auction, then say done"


def test_an_offer_with_none_made_says_so() -> None:
    state = TotopolyGame(3).new_initial_state()
    dice = SeededDice(2)  # a seed whose table is forced to sell before the race
    offers = []
    while not state.is_over() and state.phase not in ("tote", "race"):
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        actor = state.to_act()[0]
        prompt = state.view(actor)["prompt"]
        if prompt.startswith("offer for"):
            offers.append(prompt)
        legal = state.legal_actions(actor)
        sells = [a for a in legal if a.kind == "sell"]
        state.apply(actor, (sells or [a for a in legal if a.kind in ("done", "pass")] or legal)[0])
    assert offers, "nothing was offered for sale here"
    assert all("£0" not in p for p in offers), offers
    assert any(p.endswith("(no offer yet)") for p in offers), offers


def test_the_race_says_why_these_horses_may_take_the_throw() -> None:
    """NOMINATION: "If a player does not nominate one of his horses to win, he must move
    all his horses in precisely the same order as he moves them for his first throw".
    The prompt said only "give it to one of your horses": a person offered one horse of
    three, or two, was not told why. Nomination says what it is for, the Tote what a ticket may win."""
    state = TotopolyGame(4).new_initial_state()
    dice, choose = SeededDice(3), random.Random(3)
    said: dict[str, str] = {}
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        actor = state.to_act()[0]
        own = str(state.view(actor)["prompt"])
        legal = state.legal_actions(actor)
        if own.startswith("nominate"):
            said["nominate"] = own
        elif own.startswith("back"):
            said["tote"] = own
        elif own.startswith("you threw"):
            nominee = state.nominated.get(actor)
            if "kept for the race" in own:  # his first turn: any horse may take it
                said["first"] = own
            else:
                horses = [a.horse for a in legal]  # type: ignore[attr-defined]
                rota = [h for h in horses if h != nominee]
                assert f"No. {rota[0]}" in own and "next in your order" in own, own
                if nominee in horses:
                    said["either"] = own
                    assert f"or your nominee No. {nominee}" in own, own
        modest = [
            a for a in legal if getattr(a, "guineas", 0) <= 5 and getattr(a, "pounds", 0) <= 10
        ]
        state.apply(actor, choose.choice(modest or legal))
    assert "your nominee may take any of your throws" in said["nominate"]
    # and the Tote says what a ticket may win
    assert "shared among the tickets on the winner" in said["tote"]
    assert {"first", "either"} <= set(said), said


def test_a_white_card_held_is_recalled_where_it_may_be_thrown_in() -> None:
    """The rulebook: "they must get rid of all their white cards before the end of the race, or else
    they will be disqualified": the choice to throw one in said nothing of it, and a
    person who always moved on learnt it at the post. A kept card is named."""
    from homestretch.games.totopoly.rules import cards

    from ..conftest import make_table

    state = make_table(players=2, horses={1: 0, 4: 1})
    state.phase = "race"
    state.pos = {1: (10, 0), 4: (10, 1)}
    state.held[0]["black"] = 1
    alone = next(cards.on_colour(state, 1, "blue"))
    assert isinstance(alone, Ask) and "white" not in alone.prompt
    state.held[0]["white"] = 2
    own = next(cards.on_colour(state, 1, "black"))
    assert isinstance(own, Ask)
    assert own.prompt == (
        "No. 1 (black) is on a black square (you hold 2 white cards: each must be thrown in"
        " before the race ends, or a horse of yours placed is disqualified)"
    )
    state.held[1]["white"], state.held[1]["red"] = 1, 1
    other = next(cards.on_colour(state, 4, "blue"))
    assert isinstance(other, Ask) and "(you hold a white card: it must be thrown in" in other.prompt
    assert "you hold" not in str(other.others)  # the others read what he decides, no more
    # said once a player: on every coloured square after it was two rows more, read past
    again = next(cards.on_colour(state, 1, "black"))
    assert isinstance(again, Ask) and again.prompt == "No. 1 (black) is on a black square"
    assert any(a.choice == "white" for a in again.actions)  # the choice itself still offered
    reins = next(i for i, r in state.c.reports.items() if r.special == "reins")
    state.specials[reins] = 0
    kept = next(cards.play_special(state, 1, "reins", "ignore this instruction"))
    assert isinstance(kept, Ask)
    assert kept.prompt == (
        'No. 1: play the "unbreakable reins" card to ignore this instruction, or keep it'
    )


def test_the_white_cards_are_recalled_once_a_player_in_a_whole_game() -> None:
    """The reminder was two rows more on every coloured square where a white card might
    go in, up to eleven times a player in a race (three random players, seed 4); now the
    first time he may throw one in, and never again (his menu still offers it)."""
    state = TotopolyGame(3).new_initial_state()
    dice, choose = SeededDice(4), random.Random(4)
    told: dict[int, list[bool]] = {}
    while not state.is_over():
        if state.is_chance_node():
            state.apply_chance(dice.resolve(state.chance_node()))
            continue
        actor = state.to_act()[0]
        legal = state.legal_actions(actor)
        if any(getattr(a, "choice", "") in ("white", "card+white") for a in legal):
            prompt = str(state.view(actor)["prompt"])
            told.setdefault(actor, []).append("must be thrown in before the race ends" in prompt)
        state.apply(actor, choose.choice(legal))
    assert max(len(said) for said in told.values()) > 2, told  # asked again and again
    assert all(said == [True] + [False] * (len(said) - 1) for said in told.values()), told
