"""The computer players: the sensible one plays legally and beats the random one."""

from __future__ import annotations

from statistics import mean

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.referee import Agent, play
from homestretch.games.across.actions import Accept, Reject
from homestretch.games.across.bots import SensibleBot, track_chances
from homestretch.games.across.game import AcrossGame

TRACKS = ("churchill-downs", "epsom-downs", "longchamp", "woodbine")


def test_sensible_players_finish_with_more_than_random_ones() -> None:
    sensible, random_ = [], []
    for seed in range(40):
        game = AcrossGame(players=4, tracks=(TRACKS[seed % 4],))
        agents: dict[int, Agent] = {
            seat: SensibleBot(seed * 10 + seat) if (seat + seed) % 2 else RandomBot(seed + seat)
            for seat in range(4)
        }
        state = play(game.new_initial_state(), SeededDice(seed), agents)
        for seat in range(4):
            (sensible if (seat + seed) % 2 else random_).append(state.cash[seat])
    assert mean(sensible) > 2 * mean(random_)


def test_the_bot_reads_each_tracks_chances() -> None:
    epsom, churchill = track_chances("epsom-downs"), track_chances("churchill-downs")
    assert epsom[2][0] > churchill[2][0] and churchill[6][0] > epsom[6][0]


def test_it_holds_back_a_rival_one_x_from_home_while_its_own_horse_runs() -> None:
    game = AcrossGame(players=3, tracks=("woodbine",))
    state = game.new_initial_state()
    bot = SensibleBot(1)
    view = state.view(0)
    view.update(
        phase="race",
        owners={"5": [0], "9": [1]},
        tickets=[],
        race_card={
            "rolled": 9,
            "progress": {str(h): 0 for h in range(2, 13)} | {"5": 4, "9": 8},
            "need": {str(h): 10 for h in range(2, 13)},
            "finish": [],
        },
    )
    choices = [Accept(), Reject()]
    assert bot.choose(0, view, choices) == Reject()  # one X would bring #9 home
    view["race_card"]["rolled"] = 5
    view["race_card"]["progress"]["5"] = 8
    assert bot.choose(0, view, choices) == Accept()  # my own horse comes home
    view["race_card"]["rolled"] = 9
    view["race_card"]["progress"]["9"] = 9  # half an X brings it home anyway
    assert bot.choose(0, view, choices) == Accept()
    view["race_card"]["progress"]["9"] = 6  # two X's from home: no need to hold it yet
    assert bot.choose(0, view, choices) == Accept()
    view["race_card"]["progress"]["9"] = 8
    view["race_card"]["finish"] = [5]  # my horse is in: nothing left to protect
    assert bot.choose(0, view, choices) == Accept()
    view["race_card"]["finish"] = []
    view["tickets"] = [[0, 9]]  # I backed #9 myself
    assert bot.choose(0, view, choices) == Accept()
