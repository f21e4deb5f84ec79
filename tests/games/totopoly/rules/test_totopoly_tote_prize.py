"""Entrance fees, the Tote, prize money and the winner; whole games end to end."""

from __future__ import annotations

from collections.abc import Callable

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.protocol import replay
from homestretch.core.referee import play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules import money, prize, racecourse, tote
from homestretch.games.totopoly.rules.actions import Bet, Done, Offer, Scratch, Sell
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

Table = Callable[..., TotopolyState]


def test_tote_pays_ten_pounds_per_pound_on_the_rulebook_example() -> None:
    # "For each £1 invested £10 would be paid. Therefore, if one of the bets on the
    # winner was £20, the backer would receive £200." A £500 pool less 10% is £450,
    # shared by £45 on the winner: £10 a pound.
    paid, kept = tote.dividends(500, [20, 25])
    assert paid == [200, 250] and kept == 50


def test_clerk_keeps_the_pool_when_nobody_backed_the_winner(table: Table) -> None:
    state = table(players=3, horses={1: 0, 2: 1}, businesses={"tote": 2})
    state.bets = [(0, 2, 30), (1, 2, 20)]
    state.tote_pool, state.cash = 50, [670, 680, 700]
    state.placings = [1, 2]
    tote.pay_out(state)
    assert state.cash == [670, 680, 750] and state.tote_pool == 0


def test_tote_pays_backers_of_the_winner(table: Table) -> None:
    state = table(players=3, horses={1: 0, 2: 1}, businesses={"tote": 2})
    state.bets = [(0, 1, 20), (1, 1, 25), (1, 2, 455)]
    state.tote_pool, state.cash = 500, [680, 220, 700]
    state.placings = [1, 2]
    tote.pay_out(state)
    assert state.cash == [880, 470, 750]


def test_owners_back_their_own_horses_first(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 4: 1})
    state.dealer = 1
    driven = run(tote.betting(state), [Bet(1, 50), Done(), Done(), Done(), Done()])
    own_window = driven.asks[0]
    assert {a.horse for a in own_window.actions if isinstance(a, Bet)} == {1}
    assert driven.asks[2].player == 1
    assert {a.horse for a in driven.asks[2].actions if isinstance(a, Bet)} == {4}
    open_window = driven.asks[3]
    assert {a.horse for a in open_window.actions if isinstance(a, Bet)} == {1, 4}
    assert state.tote_pool == 50 and state.cash[0] == 650


def test_no_limit_to_a_bet(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 4: 1})
    state.dealer = 1  # seat 0 goes to the Tote first
    flow = tote.betting(state)
    ask = next(flow)
    assert ask.check is not None
    assert ask.check(Bet(1, 700)) is None and ask.check(Bet(1, 701)) is not None
    assert ask.check(Bet(4, 10)) is not None  # owners' window: own horses only


def test_prize_money_shares() -> None:
    assert prize.shares(1000) == (100, [450, 225, 225])
    fee, places = prize.shares(1234)
    assert fee == 123 and sum(places) == 1111 and places[1] == places[2] == 277


def test_prize_goes_to_owners_of_the_first_three(table: Table) -> None:
    state = table(players=3, horses={1: 0, 2: 1, 3: 2})
    state.bank, state.cash = 1000, [600, 700, 700]
    state.placings = [2, 1, 3]
    state.banker = 2
    prize.distribute(state)
    assert state.cash == [825, 1150, 1025] and state.bank == 0
    assert state.winner() == 1


def test_long_game_entrance_fee_is_25_a_horse(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 0, 4: 1}, status="home")
    run(racecourse.entrance_fees(state))
    assert state.cash == [650, 675] and state.bank == 75
    assert state.pos[1] == (0, state.c.course.gate[1]) and state.status[4] == "running"


def test_short_game_fee_is_100_and_a_short_player_may_scratch(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 0, 4: 1}, status="home", short=True)
    state.cash = [150, 700]
    state.dealer = 1
    driven = run(racecourse.entrance_fees(state), [Scratch(2)])
    assert {type(a) for a in driven.asks[0].actions} == {Scratch, Sell}
    assert state.status[2] == "scratched" and state.cash == [50, 600] and state.bank == 200


def test_short_game_player_may_sell_a_horse_instead(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 0, 4: 1}, status="home", short=True)
    state.cash = [150, 700]
    state.dealer = 1
    driven = run(racecourse.entrance_fees(state), [Sell("horse:2"), Offer(100)])
    # The buyer must keep back the £100 fee for the horse he buys.
    assert max(a.pounds for a in driven.asks[1].actions if isinstance(a, Offer)) <= 600
    assert state.horse_owner(2) == 1 and state.cash == [150, 400] and state.bank == 300


def test_long_game_owner_who_cannot_pay_must_sell(table: Table, run) -> None:
    state = table(players=2, horses={1: 0, 2: 0, 4: 1}, status="home")
    state.cash = [30, 700]
    state.dealer = 1
    run(racecourse.entrance_fees(state), [Sell("horse:2"), Offer(50)])
    assert state.horse_owner(2) == 1 and state.cash == [55, 600]


def _bots_game(players: int, short: bool, seed: int) -> TotopolyState:
    game = TotopolyGame(players, short=short)
    agents = {s: SensibleBot(game, s, seed) for s in range(players)}
    state = play(game.new_initial_state(), SeededDice(seed), agents)
    assert isinstance(state, TotopolyState)
    return state


def test_whole_game_winner_owns_the_race_winner_and_money_adds_up() -> None:
    state = _bots_game(4, short=False, seed=11)
    result = state.result()
    assert result["winner"] == state.horse_owner(result["placings"][0])
    assert sum(state.cash) == 4 * 700 and state.bank == 0 and state.tote_pool == 0
    assert state.bets, "sensible players back their horses"


def test_short_game_has_no_blue_horses_and_no_tote() -> None:
    state = _bots_game(3, short=True, seed=5)
    assert all(state.status[h] == "withdrawn" for h in (10, 11, 12))
    assert state.bets == [] and state.where["lease:tote"] == "out"
    fees = [line for line in state.news if "entrance fees" in line]
    assert fees and all("£100" in line or "£200" in line or "£300" in line for line in fees)


def test_replay_and_random_players_reach_the_same_end() -> None:
    game = TotopolyGame(5)
    agents = {s: RandomBot(s) for s in range(5)}
    state = play(game.new_initial_state(), SeededDice(3), agents)
    again = replay(TotopolyGame.from_config(game.config()), state.events)
    assert again.result() == state.result()
    assert again.view(2) == state.view(2)


def test_a_sale_that_takes_its_fee_with_it_ends_the_forced_selling(table: Table, run) -> None:
    """Long game: owing £75 on three horses with £60, selling one for £10 leaves £70
    against £50 owed: he pays, and is not made to sell another."""
    state = table(players=3, horses={1: 0, 2: 0, 12: 0}, status="home")
    state.cash = [60, 500, 500]
    state.dealer = 2
    run(racecourse.entrance_fees(state), [Sell("horse:12"), Offer(10), Offer(0)])
    assert [state.horse_owner(h) for h in (1, 2, 12)] == [0, 0, 1]
    assert state.cash == [20, 465, 500]
    assert all(state.status[h] == "running" for h in (1, 2, 12))


def test_unfilled_places_leave_their_prize_with_the_banker_ruling_t32(table: Table) -> None:
    state = table(players=3, horses={1: 0, 2: 1, 3: 2})
    state.bank, state.cash = 1000, [600, 700, 700]
    state.placings = [2]  # the rest fell or broke down: only a winner
    state.banker = 2
    prize.distribute(state)
    # 100 fee, 450 to No. 2's owner, and both quarters (450) back to the banker
    assert state.cash == [600, 1150, 1250] and state.bank == 0


def test_the_banker_keeps_the_tote_without_a_clerk_ruling_t16(table: Table) -> None:
    state = table(players=3, horses={1: 0, 2: 1})
    state.banker = 2
    assert state.role_owner("tote") is None
    assert tote.clerk(state) == 2
    clerk_held = table(players=3, horses={1: 0, 2: 1}, businesses={"tote": 0})
    assert tote.clerk(clerk_held) == 0


def test_a_sale_refused_says_why_not_yours_or_offered_already(table: Table) -> None:
    """Both were "sell horse:4 is not allowed now (...)": a horse of another's and a
    horse already offered this round (found no buyer) get each its own reason."""
    state = table(players=2, horses={1: 0, 2: 0, 4: 1}, status="home", short=True)
    state.cash = [150, 700]
    state.dealer = 1
    flow = racecourse.entrance_fees(state)
    state.pending = next(flow)
    assert state.why_illegal(0, Sell("horse:4")) == "No. 4 Rosehip Rally (red) is not yours to sell"
    assert state.why_illegal(0, Sell("lease:nosuch")) == "lease:nosuch is not yours to sell"
    assert state.why_illegal(0, Sell("horse:2")) is None
    state.pending = flow.send(Sell("horse:2"))  # Bob is asked for an offer: none
    state.pending = flow.send(Offer(0))
    assert state.pending.player == 0 and Sell("horse:2") not in state.pending.actions
    assert state.why_illegal(0, Sell("horse:2")) == (
        f"{money.item_name(state, 'horse:2')} has been offered for sale once already"
    )
    assert "not allowed now" in str(state.why_illegal(0, Done()))  # other moves as before


def _offer_limit(state: TotopolyState, run) -> tuple[int, TotopolyState]:
    """Ann (seat 0, first to pay) owes £50 on Nos. 1 and 2 with £30 and sells No. 2;
    Bob's offer is asked: the most he may offer."""
    flow = racecourse.entrance_fees(state)
    ask = next(flow)
    assert ask.player == 0
    ask = flow.send(Sell("horse:2"))
    assert ask.player == 1 and ask.check is not None
    return max(p for p in range(0, 200) if ask.check(Offer(p)) is None), state


def test_a_buyer_keeps_back_his_own_fees_too_ruling_t52(table: Table, run) -> None:
    """Bob holds £80 and Nos. 4 and 5, whose fees (£50) he pays after Ann: he may offer
    £5 for No. 2, keeping £75 for three fees. Before T52 he kept back only No. 2's £25
    and could offer £55, leaving £25 for three horses' £75 (and a horse scratched)."""
    state = table(players=2, horses={1: 0, 2: 0, 4: 1, 5: 1}, status="home")
    state.cash, state.dealer = [30, 80], 1
    assert _offer_limit(state, run)[0] == 5
    state = table(players=2, horses={1: 0, 2: 0, 4: 1, 5: 1}, status="home")
    state.cash, state.dealer = [30, 80], 1
    driven = run(racecourse.entrance_fees(state), [Sell("horse:2"), Offer(5)])
    assert driven.asks[1].player == 1
    assert [state.horse_owner(h) for h in (1, 2, 4, 5)] == [0, 1, 1, 1]
    assert all(state.status[h] == "running" for h in (1, 2, 4, 5))
    assert state.cash == [10, 0] and state.bank == 100


def test_a_buyer_whose_fees_are_paid_keeps_back_only_the_bought_horses_ruling_t52(
    table: Table, run
) -> None:
    """Bob paid before Ann (he is on the dealer's left): he owes nothing more, and keeps
    back only the fee of the horse he buys (with £30 left, he may offer £5)."""
    state = table(players=3, horses={1: 0, 2: 0, 4: 1, 5: 1}, status="home")
    state.cash, state.dealer = [30, 80, 0], 0
    flow = racecourse.entrance_fees(state)
    ask = next(flow)  # Bob pays £50 without a question; Ann is asked what to sell
    assert ask.player == 0 and state.cash[1] == 30
    ask = flow.send(Sell("horse:2"))
    assert ask.player == 1 and ask.check is not None
    assert ask.check(Offer(5)) is None and ask.check(Offer(6)) is not None


def test_a_game_saved_before_t52_keeps_back_only_the_bought_horses_fee(table: Table, run) -> None:
    """A configuration without ``buyer_keeps_fees`` replays as it was played."""
    assert TotopolyGame(2).config()["buyer_keeps_fees"] is True
    assert not TotopolyGame.from_config({"players": 2}).buyer_keeps_fees
    assert TotopolyGame.from_config(TotopolyGame(2).config()).buyer_keeps_fees
    state = table(players=2, horses={1: 0, 2: 0, 4: 1, 5: 1}, status="home")
    state.game.buyer_keeps_fees = False
    state.cash, state.dealer = [30, 80], 1
    assert _offer_limit(state, run)[0] == 55


def test_buyer_keeps_fees_given_by_hand_as_not_a_flag_is_refused() -> None:
    from homestretch.core.errors import HomestretchError
    from homestretch.games.totopoly.rules.settings import TotopolySettings

    said = "buyer_keeps_fees must be true or false (ruling T52), not 'no'"
    config = {"players": 2, "buyer_keeps_fees": "no"}
    try:
        TotopolyGame.from_config(config)
    except HomestretchError as exc:
        assert str(exc) == said
    else:
        raise AssertionError("a bad buyer_keeps_fees was read")
    assert TotopolySettings.refusal(config) == ("buyer_keeps_fees", said)
    assert TotopolySettings.for_new_table({"players": 2})["buyer_keeps_fees"] is True
