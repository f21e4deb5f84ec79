"""The training ring, reports, the Owners' Club, and paying (with forced sales)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from homestretch.games.totopoly.content.loader import RingSquare
from homestretch.games.totopoly.rules import money, training
from homestretch.games.totopoly.rules.actions import (
    Accept,
    Done,
    DrawReport,
    Join,
    Offer,
    Sell,
    Throw,
)
from homestretch.games.totopoly.rules.state import BANK, TotopolyState

Table = Callable[..., TotopolyState]
SIZE = 20


def ring(state: TotopolyState, squares: dict[int, tuple[str, int, str]]) -> None:
    """A ring of SIZE squares; every horse's box opens on square 0."""
    laid = {
        at: RingSquare(at, effect, f"test square {at}", amount, to)
        for at, (effect, amount, to) in squares.items()
    }
    boxes = dict.fromkeys(state.c.horses, 0)
    state.c = dataclasses.replace(state.c, ring=laid, ring_size=SIZE, boxes=boxes)


def test_owners_club_steward_throws_first(table: Table, run) -> None:
    state = table(horses={1: 0, 4: 1}, businesses={"club": 1}, status="training")
    ring(state, {})
    driven = run(training.run(state), [(6, 6)] * 4)  # 12 + 12 > 21: home in two throws
    assert [r.node.label.split()[0:2] for r in driven.rolls][:2] == [
        ["Player", "2"],
        ["Player", "1"],
    ]
    assert all(r.node.dice == 2 for r in driven.rolls)
    assert state.status[1] == state.status[4] == "home"


def test_one_throw_moves_all_a_players_horses(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 0}, status="training")
    ring(state, {})
    run(training.turn(state, 0), [(3, 4)])
    assert state.progress[1] == state.progress[2] == 7


def test_landing_on_the_square_before_the_box_obeys_it_then_goes_in(table: Table, run) -> None:
    state = table(horses={1: 0}, status="training")
    ring(state, {0: ("colour_card", 0, "")})
    state.progress[1] = SIZE + 1 - 5
    run(training.lead(state, 1, 5))
    assert state.held[0]["black"] == 1 and state.status[1] == "home"


def test_a_throw_past_the_box_brings_the_horse_home(table: Table, run) -> None:
    state = table(horses={1: 0}, status="training")
    ring(state, {0: ("colour_card", 0, "")})
    state.progress[1] = SIZE + 1 - 5
    run(training.lead(state, 1, 9))
    assert state.held[0]["black"] == 0 and state.status[1] == "home"
    assert state.progress[1] == SIZE + 1  # never a second circuit


def test_business_owner_is_paid_by_others_never_by_himself(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 1}, businesses={"forage": 1}, status="training")
    ring(state, {5: ("pay", 10, "forage")})
    run(training.lead(state, 1, 6))
    assert state.cash == [690, 710]
    run(training.lead(state, 2, 6))
    assert state.cash == [690, 710]


def test_fine_to_the_bank_joins_the_prize_fund(table: Table, run) -> None:
    state = table(horses={1: 0}, status="training")
    ring(state, {5: ("pay", 10, "bank")})
    run(training.lead(state, 1, 6))
    assert state.cash[0] == 690 and state.bank == 10


def test_stables_square_reads_the_report_of_the_horses_trainer(table: Table, run) -> None:
    state = table(horses={4: 0, 8: 0}, businesses={"walroy": 1, "stevedon": 1}, status="training")
    ring(state, {5: ("stables", 10, "")})
    red = run(training.lead(state, 4, 6), [(0,)])
    yellow = run(training.lead(state, 8, 6), [(0,)])
    assert "Walroy" in red.rolls[0].node.label and "Stevedon" in yellow.rolls[0].node.label
    assert state.cash == [680, 720]


def test_vet_reports_apply_to_every_horse(table: Table, run) -> None:
    state = table(horses={10: 0}, businesses={"vet": 1}, status="training")
    ring(state, {5: ("vet", 15, "")})
    driven = run(training.lead(state, 10, 6), [(0,)])
    assert "vet" in driven.rolls[0].node.label and state.cash == [685, 715]


def test_report_goes_to_the_bottom_unless_kept(table: Table, run) -> None:
    state = table(horses={1: 0}, status="training")
    deck = list(state.c.decks["walroy"])
    first = state.deck_unseen["walroy"][0]
    run(training.read_report(state, 0, 1, "walroy"), [(0,)])
    effect = state.c.reports[first].effect
    if effect == "keep":
        assert state.specials[first] == 0
    else:
        assert state.deck_under["walroy"] == [first]
    # Once every card has been read, the next comes from the bottom in order, unasked.
    kept = [c for c in deck if state.c.reports[c].effect == "keep"]
    for _ in range(len(deck) - 1):
        run(
            training.read_report(state, 0, 1, "walroy"),
            [(0,)] if state.deck_unseen["walroy"][1:] else [],
        )
    assert state.deck_unseen["walroy"] == []
    assert sorted(state.specials) == sorted(kept)
    bottom = state.deck_under["walroy"][0]
    assert run(training.read_report(state, 0, 1, "walroy")).rolls == []
    assert state.deck_under["walroy"][-1] == bottom


def test_club_entrance_fee_is_paid_once(table: Table, run) -> None:
    state = table(horses={1: 0}, businesses={"club": 1}, status="training")
    ring(state, {3: ("club_fee", 25, ""), 6: ("club_fee", 25, "")})
    run(training.lead(state, 1, 4))
    assert 0 in state.members and state.cash == [675, 725]
    run(training.lead(state, 1, 3))
    assert state.cash == [675, 725]


def test_club_offer_may_be_declined(table: Table, run) -> None:
    state = table(horses={1: 0}, businesses={"club": 1}, status="training")
    ring(state, {3: ("club_offer", 30, "")})
    run(training.lead(state, 1, 4), [Join(False)])
    assert 0 not in state.members and state.cash == [700, 700]


def test_member_may_read_a_report_before_throwing(table: Table, run) -> None:
    state = table(horses={7: 0}, status="training")
    ring(state, {})
    state.members.add(0)
    driven = run(training.turn(state, 0), [DrawReport("stevedon", 7), (0,), (1, 1)])
    assert set(driven.asks[0].actions) == {
        Throw(),
        DrawReport("walroy", 7),
        DrawReport("stevedon", 7),
        DrawReport("vet", 7),
    }
    assert len(state.deck_unseen["stevedon"]) == len(state.c.decks["stevedon"]) - 1


def test_a_player_who_cannot_pay_sells_to_the_best_offer(table: Table, run) -> None:
    state = table(players=3, horses={1: 0, 12: 0}, businesses={"forage": 2}, status="training")
    state.cash = [5, 700, 700]
    driven = run(
        money.pay(state, 0, 2, 10, "square", "hay"),
        [Sell("horse:12"), Offer(25), Offer(50)],
    )
    assert {a.item for a in driven.asks[0].actions} == {
        "horse:1",
        "horse:12",
    }
    assert state.horse_owner(12) == 2
    assert state.cash == [5 + 50 - 10, 700, 700 - 50 + 10]


def test_nothing_sells_so_the_rest_of_the_debt_is_waived(table: Table, run) -> None:
    state = table(players=2, horses={12: 0}, status="training")
    state.cash = [4, 700]
    run(money.pay(state, 0, BANK, 10, "square", "fine"), [Offer(0)])  # the only thing to sell
    assert state.cash == [0, 700] and state.bank == 4 and state.horse_owner(12) == 0


def test_kept_cards_may_be_sold_between_players(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 1}, status="home")
    card = next(c for c, r in state.c.reports.items() if r.special == "reins")
    state.deck_unseen[state.c.reports[card].deck].remove(card)
    state.specials[card] = 0
    state.dealer = 1
    # Seat 0 sells; seat 1, now holding the card, declines to sell it on.
    run(money.voluntary_sales(state), [Sell(card), Offer(25), Accept(True), Done()])
    assert state.specials[card] == 1 and state.cash == [725, 675]


def test_horse_sent_back_to_its_box_ends_its_training(table: Table, run) -> None:
    state = table(horses={1: 0, 2: 0}, status="training")
    ring(state, {6: ("return_box", 0, "")})
    run(training.turn(state, 0), [(3, 4)])
    assert state.status[1] == state.status[2] == "home"
    driven = run(training.run(state))
    assert driven.rolls == []  # nothing left to train: no more throws


def test_an_empty_pile_gives_nothing(table: Table) -> None:
    state = table(horses={1: 0}, status="training")
    state.supply["black"] = 0
    training.apply_card_effect(state, 0, 1, "colour_card")
    assert state.held[0]["black"] == 0 and "empty" in state.news[-1]


def test_a_blue_takes_three_cards_at_a_time_and_a_short_pile_gives_what_it_has_ruling_t43(
    table: Table,
) -> None:
    """Our content hands a blue horse three blue cards for "a card of your horse's
    colour" (cards.toml ``[at_a_time]``: a blue card is worth one length); the others
    take one; a pile with one card left gives that one (T37, T43)."""
    state = table(horses={10: 0, 7: 0}, status="training")
    assert state.c.at_a_time == {"black": 1, "red": 1, "yellow": 1, "blue": 3}
    training.apply_card_effect(state, 0, 10, "colour_card")
    training.apply_card_effect(state, 0, 7, "colour_card")
    assert state.held[0]["blue"] == 3 and state.held[0]["yellow"] == 1
    training.apply_card_effect(state, 0, 10, "white_card")
    assert state.held[0]["white"] == 1  # a white card is always one
    state.supply["blue"] = 1
    training.apply_card_effect(state, 0, 10, "colour_card")
    assert state.held[0]["blue"] == 4 and state.supply["blue"] == 0
    assert "empty" in state.news[-1]


def test_a_deck_whose_every_card_is_kept_has_nothing_to_read(table: Table, run) -> None:
    state = table(horses={1: 0}, status="training")
    for card in state.deck_unseen["vet"]:
        state.specials[card] = 0
    state.deck_unseen["vet"] = []
    driven = run(training.read_report(state, 0, 1, "vet"))
    assert driven.rolls == [] and "nothing to read" in state.news[-1]


def test_without_a_club_steward_the_dealers_left_throws_first_ruling_t39(table: Table, run) -> None:
    state = table(players=3, horses={1: 0, 4: 1, 7: 2}, status="training")
    state.dealer = 1
    ring(state, {})
    driven = run(training.run(state), [(6, 6)] * 6)
    assert driven.rolls[0].node.label.split()[0:2] == ["Player", "3"]  # seat 2


def test_a_member_reads_either_trainer_or_the_vet_whomever_he_desires_ruling_t22(
    table: Table, run
) -> None:
    """ "a report from either of the trainers or the vet., whomever he desires": a black
    horse's owner may read the Stevedon trainer's pack, and obeys it for that horse."""
    state = table(horses={1: 0, 7: 0}, status="training")  # black No. 1, yellow No. 7
    ring(state, {})
    state.members.add(0)
    offered = next(training.turn(state, 0))
    assert set(offered.actions) == {Throw()} | {
        DrawReport(deck, horse) for deck in ("walroy", "stevedon", "vet") for horse in (1, 7)
    }
    colour_card = next(
        i for i in state.deck_unseen["stevedon"] if state.c.reports[i].effect == "colour_card"
    )
    index = state.deck_unseen["stevedon"].index(colour_card)
    run(training.turn(state, 0), [DrawReport("stevedon", 1), (index,), (1, 1)])
    assert state.held[0]["black"] == 1  # a card of the horse's colour, not the stable's


def test_a_horse_sold_mid_turn_is_led_once_a_round_ruling_t40(table: Table, run) -> None:
    """Seat 0 cannot pay the fine No. 1 stops on and sells No. 2, not yet led: No. 2 is
    not led on the seller's throw but on the buyer's, later in the same round."""
    state = table(players=2, horses={1: 0, 2: 0, 4: 1}, status="training")
    ring(state, {2: ("pay", 50, "bank")})  # a throw of 3 stops on square 2
    state.cash = [20, 700]
    state.ring_round = 1
    run(training.turn(state, 0), [(1, 2), Sell("horse:2"), Offer(40)])
    assert state.horse_owner(2) == 1 and state.progress[2] == 0 and state.progress[1] == 3
    run(training.turn(state, 1), [(2, 2)])
    assert state.progress[2] == 4 and state.progress[4] == 4
    # Sold after it was led, a horse waits for the next round: its buyer's throw later
    # in this round does not take it round again.
    state = table(players=2, horses={1: 0, 4: 1}, status="training")
    ring(state, {})
    state.ring_round = 1
    run(training.turn(state, 0), [(1, 2)])
    money.hand_over(state, "horse:1", 0, 1)
    run(training.turn(state, 1), [(1, 1)])
    assert state.progress[1] == 3 and state.progress[4] == 2


def test_a_bankrupt_player_may_sell_an_advantage_colour_card_ruling_t20(table: Table, run) -> None:
    """ "he may sell these [advantage cards], if he desires, instead of his horses or
    businesses": the colour cards are the "advantage colour cards"; white ones are not."""
    state = table(players=3, horses={1: 0}, businesses={"forage": 2}, status="training")
    state.held[0]["black"], state.held[0]["white"] = 2, 1
    state.cash = [5, 700, 700]
    driven = run(
        money.pay(state, 0, 2, 10, "square", "hay"), [Sell("colour:black"), Offer(30), Offer(0)]
    )
    assert {a.item for a in driven.asks[0].actions} == {"horse:1", "colour:black"}
    assert state.held[0]["black"] == 1 and state.held[1]["black"] == 1
    assert state.held[0]["white"] == 1
    assert state.cash == [5 + 30 - 10, 700 - 30, 700 + 10]


def test_a_kept_card_may_be_sold_to_pay_a_debt(table: Table, run) -> None:
    """ "he may sell these ... instead of his horses or businesses" (ruling T20)."""
    state = table(players=3, horses={1: 0}, businesses={"forage": 2}, status="training")
    card = next(c for c, r in state.c.reports.items() if r.special == "remount")
    state.deck_unseen[state.c.reports[card].deck].remove(card)
    state.specials[card] = 0
    state.cash = [5, 700, 700]
    driven = run(money.pay(state, 0, 2, 10, "square", "hay"), [Sell(card), Offer(20), Offer(0)])
    assert {a.item for a in driven.asks[0].actions} == {"horse:1", card}
    assert state.specials[card] == 1 and state.horse_owner(1) == 0
    assert state.cash == [5 + 20 - 10, 700 - 20, 700 + 10]


def test_a_report_is_named_as_the_board_names_its_pack(table: Table, run) -> None:
    state = table(horses={1: 0}, status="training")
    run(training.read_report(state, 0, 1, "walroy"), [(0,)])
    assert state.reports_read[0].startswith("Walroy trainer's report for No. 1: ")
    run(training.read_report(state, 0, 1, "vet"), [(0,)])
    assert state.reports_read[0].startswith("vet's report for No. 1: ")
    assert any(line.startswith("vet's report for No. 1: ") for line in state.news)


# --- ruling T48: a club fee waived is not paid ------------------------------------------


def test_a_club_fee_waived_gives_no_members_card_ruling_t48(table: Table, run) -> None:
    """The rulebook's money: £700 a player, the Owners' Club's £25 entrance fee. Ann
    has spent down to £18 and holds nothing the others will buy: she pays £18 to the
    club's holder, the £7 left is waived (T13), and she takes no member's card, for she
    has not "paid his entrance fee". So the next fee square calls on her again, and she
    has no report to read before she throws."""
    state = table(horses={1: 0}, businesses={"club": 1}, status="training")
    ring(state, {3: ("club_fee", 25, ""), 6: ("club_fee", 25, "")})
    state.cash = [18, 700]
    run(training.lead(state, 1, 4), [Offer(0)])  # Bob will not buy her horse
    assert state.cash == [0, 718] and 0 not in state.members
    assert state.news[-1] == "Player 1 takes no member's card: the fee was not paid in full"
    state.cash = [700 - 18 - 25, 718]  # say she has won money back since (T48: called again)
    run(training.lead(state, 1, 3))
    assert state.cash == [700 - 18 - 25 - 25, 718 + 25] and 0 in state.members
    state.members.clear()
    state.status[1], state.progress[1] = "training", 0
    state.cash = [0, 743]
    throw_only = run(training.turn(state, 0), [(1, 1)])  # no member's right to a report
    assert throw_only.asks == []


def test_a_fee_paid_in_full_by_a_forced_sale_makes_a_member_ruling_t48(table: Table, run) -> None:
    """Short of the £25 with £10, Ann sells her second horse to Bob's offer of £50 and
    pays the fee in full: she is a member, as any player who has paid."""
    state = table(horses={1: 0, 12: 0}, businesses={"club": 1}, status="training")
    ring(state, {3: ("club_fee", 25, "")})
    state.cash = [10, 700]
    run(training.lead(state, 1, 4), [Sell("horse:12"), Offer(50)])
    assert 0 in state.members and state.cash == [10 + 50 - 25, 700 - 50 + 25]


def test_a_game_saved_before_ruling_t48_gave_the_card_all_the_same(table: Table, run) -> None:
    """A configuration without ``member_if_waived`` (saved before the ruling) replays as
    it was played: the card taken though the fee was waived. A new game's has it off."""
    from homestretch.games.totopoly.rules.settings import TotopolySettings
    from homestretch.games.totopoly.rules.state import TotopolyGame

    assert TotopolyGame.from_config({"players": 2}).member_if_waived
    new = TotopolySettings.for_new_table({"players": 2})
    assert not TotopolyGame.from_config(new).member_if_waived
    assert not TotopolyGame(2).member_if_waived
    assert TotopolyGame(2).config()["member_if_waived"] is False
    state = table(horses={1: 0}, businesses={"club": 1}, status="training")
    state.game.member_if_waived = True
    ring(state, {3: ("club_fee", 25, "")})
    state.cash = [18, 700]
    run(training.lead(state, 1, 4), [Offer(0)])
    assert state.cash == [0, 718] and 0 in state.members


@pytest.mark.parametrize("given", ["no", "false", 0, 1, None, [], {}])
def test_member_if_waived_given_by_hand_as_not_a_flag_is_refused(given: object) -> None:
    """A configuration written by hand with ``"member_if_waived": "no"`` was read as
    true (``bool("no")``): one line naming the key now, there and in the lobby's check,
    by its key as a setting is."""
    from homestretch.core.errors import HomestretchError
    from homestretch.games.totopoly.rules.settings import TotopolySettings
    from homestretch.games.totopoly.rules.state import TotopolyGame

    said = f"member_if_waived must be true or false (ruling T48), not {given!r}"
    with pytest.raises(HomestretchError) as refused:
        TotopolyGame.from_config({"players": 2, "member_if_waived": given})
    assert str(refused.value) == said
    config = {"players": 2, "member_if_waived": given}
    assert TotopolySettings.refusal(config) == ("member_if_waived", said)
    for flag in (True, False):  # a flag is read as it is
        game = TotopolyGame.from_config({"players": 2, "member_if_waived": flag})
        assert game.member_if_waived is flag
        assert TotopolySettings.refusal({"players": 2, "member_if_waived": flag}) is None


def test_a_fee_nobody_is_owed_is_not_waived_ruling_t48(table: Table, run) -> None:
    """The club's own holder, penniless, pays nobody (he cannot pay himself) and takes
    the card; so does a player when nobody leased the club (T12)."""
    state = table(horses={1: 0, 2: 1}, businesses={"club": 0}, status="training")
    ring(state, {3: ("club_fee", 25, "")})
    state.cash = [0, 700]
    run(training.lead(state, 1, 4))
    assert 0 in state.members and state.cash == [0, 700]
    assert state.news[-2:] == [
        "Player 1 pays nothing: the £25 would go to Player 1",
        "Player 1 takes a member's card",
    ]
    state.holder.pop(state.c.businesses["club"].card)
    state.where[state.c.businesses["club"].card] = "out"
    run(training.lead(state, 2, 4))
    assert 1 in state.members and state.cash == [0, 700]
    assert state.news[-2] == "Player 2 pays nothing: the £25 is for a business nobody leased"


def _sold_on_its_stables_square(table: Table, run, report: str) -> TotopolyState:
    """Ann (seat 0, £5) has No. 4 (red) on a stables square (£10 to Cy, the Walroy
    trainer): she must sell, and sells No. 4 itself to Bob for £50; the Walroy pack's
    top card is ``report``."""
    state = table(players=3, horses={4: 0}, businesses={"walroy": 2}, status="training")
    ring(state, {1: ("stables", 10, "")})
    state.names = ["Ann", "Bob", "Cy"]
    state.cash = [5, 700, 700]
    state.deck_unseen["walroy"] = [report]
    # No. 4 is all she holds to sell: she is not asked what, only Bob and Cy for offers
    driven = run(training.obey(state, 4, 1), [Offer(50), Offer(0)])
    assert [a.player for a in driven.asks] == [1, 2]
    assert state.horse_owner(4) == 1 and state.cash == [45, 650, 710]
    return state


def test_a_horse_sold_to_pay_its_squares_fee_seller_still_reads_ruling_t53(
    table: Table, run
) -> None:
    """The square's instruction was Ann's ("A player will obey the instructions written
    on the square in which each of his horses stops, and any subsequent instructions
    from his trainer"): she paid the fee, and she reads the report; the red card it
    hands is hers (the horse's colour), not Bob's."""
    state = _sold_on_its_stables_square(table, run, "walroy-report-01")
    assert state.held[0]["red"] == 1 and state.held[1]["red"] == 0
    assert state.reports_read[0].startswith("Walroy trainer's report for No. 4")
    assert 1 not in state.reports_read
    said = state.news.index(
        "No. 4 is Bob's now, but the square was Ann's: Ann still reads the report"
    )
    assert state.news[said - 1] == "Ann pays £10 to Cy"
    assert state.news[said + 1].startswith("Walroy trainer's report for No. 4")


def test_a_report_read_by_the_seller_sends_the_sold_horse_home_ruling_t53(
    table: Table, run
) -> None:
    """The report speaks of the horse: "back to the box" sends No. 4 home, Bob's as it
    is now; its training is over."""
    state = _sold_on_its_stables_square(table, run, "walroy-report-08")
    assert state.status[4] == "home" and state.horse_owner(4) == 1
    assert state.held[0] == state.held[1]


def test_a_horse_not_sold_reads_its_report_without_a_word_more_ruling_t53(
    table: Table, run
) -> None:
    state = table(players=3, horses={4: 0}, businesses={"walroy": 2}, status="training")
    ring(state, {1: ("stables", 10, "")})
    state.deck_unseen["walroy"] = ["walroy-report-01"]
    run(training.obey(state, 4, 1))
    assert not any("still reads" in line for line in state.news)
    assert state.held[0]["red"] == 1
