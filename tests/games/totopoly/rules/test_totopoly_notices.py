"""Typed notices: payments, prizes, Tote payouts and the cards dealt to you, each for
the seats that may know it, each carrying its words from words.py (the terminal and
the board both show them)."""

from __future__ import annotations

import pytest

from homestretch.core.chance import SeededDice
from homestretch.core.referee import play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState
from homestretch.games.totopoly.rules.words import lease_name


@pytest.fixture(scope="module")
def game_over() -> TotopolyState:
    game = TotopolyGame(4)
    agents = {seat: SensibleBot(game, seat, 11) for seat in range(4)}
    state = play(game.new_initial_state(), SeededDice(11), agents)
    assert isinstance(state, TotopolyState)
    return state


def test_the_cards_dealt_are_told_to_their_holder_alone(game_over: TotopolyState) -> None:
    for seat in range(4):
        dealt = [n for n in game_over.notices_for(seat) if n["type"] == "cards_dealt"]
        assert len(dealt) == 1 and dealt[0]["to"] == seat and dealt[0]["cards"]
        others = [game_over.notices_for(s) for s in [None, *range(4)] if s != seat]
        assert all(dealt[0] not in seen for seen in others)


def test_what_a_player_paid_for_his_kept_leases_is_his_alone(game_over: TotopolyState) -> None:
    """Ruling T41: the payment goes into the bank unseen."""
    kept = [n for n in game_over.notices if n.get("why") == "leases kept"]
    assert kept and all(n["to"] == n["payer"] and n["payee"] == "bank" for n in kept)
    public = game_over.notices_for(None)
    assert not any(n.get("why") == "leases kept" for n in public)
    lots = [n for n in public if n.get("why") == "lot"]
    assert lots and all(n["payee"] == "bank" for n in lots)


def test_prizes_and_tote_payouts_match_the_result(game_over: TotopolyState) -> None:
    public = game_over.notices_for(None)
    prizes = [n for n in public if n["type"] == "prize"]
    assert [n["amount"] for n in prizes] == game_over.prizes
    assert [n["horse"] for n in prizes] == game_over.placings[: len(prizes)]
    paid: dict[int, int] = {}
    for n in public:
        if n["type"] == "tote_payout":
            paid[n["seat"]] = paid.get(n["seat"], 0) + n["amount"]
    assert paid == game_over.tote_paid
    fees = [n for n in public if n.get("why") == "entrance"]
    assert sum(n["amount"] for n in fees) == 25 * sum(len(n["horses"]) for n in fees) > 0


def test_every_notice_carries_its_words(game_over: TotopolyState) -> None:
    kinds = {n["type"] for n in game_over.notices}
    assert {"payment", "prize", "cards_dealt", "card_taken"} <= kinds
    for notice in game_over.notices:
        line = notice["words"]
        assert line and "None" not in line and notice["type"] != line, notice
        assert "lease:" not in line, notice  # a card by its name, not its id
    dealt = next(n for n in game_over.notices if n["type"] == "cards_dealt")
    names = [lease_name(game_over.c, card) for card in dealt["cards"]]
    assert names and all(name in dealt["words"] for name in names)
    assert dealt["words"].startswith("you were dealt")
    prize = next(n for n in game_over.notices if n["type"] == "prize")
    owner = game_over.names[prize["seat"]]
    assert (
        prize["words"] == f"{owner} wins £{prize['amount']} prize money: No. {prize['horse']} first"
    )


def test_a_payment_in_the_news_does_not_say_the_instruction_again(
    game_over: TotopolyState,
) -> None:
    """The square's or report's line says the instruction ("No. 9 on square 24:
    Stewards' fine for a loose horse: pay £10 to the bank"); the payment under it said
    it again ("Cy pays £10 to the bank: Stewards' fine for a loose horse: pay £10 to the
    bank"). Now it says who paid whom: each thing once, as a family reads the news."""
    news = game_over.news
    paid = [i for i, line in enumerate(news) if " pays £" in line and "entrance fee" not in line]
    assert len(paid) > 10
    texts = {s.text for s in game_over.c.ring.values()}
    texts |= {r.text for r in game_over.c.reports.values()}
    for i in paid:
        line = news[i]
        assert not any(text in line for text in texts), line
        assert ": " not in line.split(" (all ")[0], line  # "X pays £N to Y", no reason
    square_payments = [i for i in paid if news[i - 1].split(": ")[0].endswith(tuple("0123456789"))]
    assert square_payments, "a payment right under its square's line"


def test_a_payment_notice_says_its_reason_once() -> None:
    from homestretch.games.totopoly.rules.words import reason, word

    said = word(
        {
            "type": "payment",
            "payer": 2,
            "payee": "bank",
            "amount": 10,
            "why": "square",
            "text": "Stewards' fine for a loose horse: pay £10 to the bank",
        },
        ["Ann", "Bob", "Cy"],
        str,
    )
    assert said == "Cy pays £10 to the bank: Stewards' fine for a loose horse"
    assert reason("A tonic is prescribed: pay the vet £10") == "A tonic is prescribed"
    assert reason("Loose shoe - pay the farrier £10") == "Loose shoe - pay the farrier £10"
    assert reason("Owners' Club: you may join for £30") == "Owners' Club: you may join for £30"
