"""Whole games of Totopoly watched by a referee: seeded games between computer players
(random, sensible, and the two mixed at one table), long and short, two to six players,
checked after every move for what a referee at the table would object to. Each check is
a sentence of the rulebook or a ruling: nobody's money below nothing, never both stables
nor more than three horses, one horse to a length of a track, a fallen horse stays where
it fell, no change of track on the bend (T25, T51), a member's card only for a fee paid
in full (T48) and a report read before the throw only by a member (T22), the placings
only horses home and clear of white cards (T10), and news a family can read (no
placeholder, no "None", no "1 lengths")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from homestretch.bots.random_bot import RandomBot
from homestretch.core.chance import SeededDice
from homestretch.core.protocol import Event, State
from homestretch.core.referee import Agent, play
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules.actions import DrawReport
from homestretch.games.totopoly.rules.flow import Ask
from homestretch.games.totopoly.rules.money import RUNNING, stable_cards
from homestretch.games.totopoly.rules.racecourse import ON_COURSE
from homestretch.games.totopoly.rules.settings import TotopolySettings
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

GAMES = 40
KINDS = ("sensible", "random", "mixed")
UNREADABLE = re.compile(r"\{|\}|\bNone\b|£-|\b1 lengths\b|\(\d+\)$")
"""News a family cannot read: a placeholder left in, a Python None, a negative sum, a
plural of one, a bare number in brackets (which place was "(1)"?)."""


@dataclass
class Referee:
    """What the referee remembers between moves, and his objections."""

    state: TotopolyState
    pos: dict[int, tuple[int, int]] = field(default_factory=dict)
    status: dict[int, str] = field(default_factory=dict)
    members: set[int] = field(default_factory=set)
    notices: int = 0
    news: int = 0
    entered: bool = False
    objections: list[str] = field(default_factory=list)

    def object(self, why: str) -> None:
        self.objections.append(f"move {len(self.state.events)}: {why}")

    def watch(self, state: State, event: Event | None = None) -> None:
        assert state is self.state
        self._money_and_holdings()
        self._course()
        if event is not None and (event.action or {}).get("kind") == "track":
            self._crossings()
        self._club()
        self._news()
        self.pos, self.status = dict(self.state.pos), dict(self.state.status)
        self.members = set(self.state.members)
        self.notices, self.news = len(self.state.notices), len(self.state.news)

    def _money_and_holdings(self) -> None:
        s = self.state
        if min(s.cash) < 0 or s.bank < 0 or s.tote_pool < 0:
            self.object(f"money below nothing: {s.cash}, bank {s.bank}, Tote {s.tote_pool}")
        for player in range(s.n):
            if len(s.horses_of(player, RUNNING)) > 3:
                self.object(f"{s.name_of(player)} has more than three horses")
            if all(s.owner(card) == player for card in stable_cards(s)):
                self.object(f"{s.name_of(player)} holds both stables")
            if min(s.held[player].values()) < 0:
                self.object(f"{s.name_of(player)} holds fewer than no cards: {s.held[player]}")
        if min(s.supply.values()) < 0:
            self.object(f"a pile below nothing: {s.supply}")

    def _course(self) -> None:
        s, course = self.state, self.state.c.course
        seen: dict[tuple[int, int], int] = {}
        for horse, (length, track) in s.pos.items():
            if s.status[horse] not in ON_COURSE:
                self.object(f"No. {horse} is {s.status[horse]} but has a place on the course")
            if not (0 <= length <= course.lengths and 0 <= track < course.tracks):
                self.object(f"No. {horse} is off the course at {length}, {track}")
            if length >= 1 and (length, track) in seen:
                self.object(f"Nos. {seen[(length, track)]} and {horse} share length {length}")
            seen[(length, track)] = horse
            before = self.pos.get(horse)
            if before is None:
                continue
            if self.status.get(horse) == "fallen" and before != (length, track):
                self.object(f"No. {horse} moved while down")
            if course.on_bend(length) and track != before[1] and before[0] >= course.bend[0]:
                from_straight = before[0] > course.bend[1]
                if not from_straight or s.rules["bend_fall_back"] == "keeps_track":
                    self.object(f"No. {horse} changed track on the bend: {before} to {length}")
        if s.phase == "race" and not self.entered:
            self.entered = True
            paid = {h for n in s.notices if n.get("why") == "entrance" for h in n["horses"]}
            for horse in sorted(set(s.pos) - paid):
                self.object(f"No. {horse} started the race without its entrance fee")
        for player, horse in s.nominated.items():
            if s.horse_owner(horse) != player:
                self.object(f"{s.name_of(player)} nominated No. {horse}, not his horse")
        if s.race_done:
            running = [h for h, status in s.status.items() if status in ON_COURSE]
            if len(s.placings) < 3 and running and s.phase != "race":
                self.object(f"the race ended with {len(s.placings)} placed and horses running")
            for horse in s.placings:
                if horse not in s.finish:
                    self.object(f"No. {horse} is placed but never passed the post")
            judged_at_end = s.rules["white_card_judged"] == "end"
            for horse in s.placings if judged_at_end else ():
                owner = s.horse_owner(horse)
                if owner is not None and s.held[owner]["white"]:
                    self.object(f"No. {horse} is placed with its owner holding a white card")

    def _crossings(self) -> None:
        """After a crossing (the owner's answer to "stay or cross"): on every track the
        horse crossed to or over, its length was free and the three lengths behind it
        empty, horses at the gate counting (T8, T35); never on the bend."""
        s, course = self.state, self.state.c.course
        for horse, (length, track) in s.pos.items():
            before = self.pos.get(horse)
            if before is None or before[0] != length or before[1] == track or length == 0:
                continue
            if course.on_bend(length):
                self.object(f"No. {horse} crossed the course on the bend")
            others = {pos for h, pos in self.pos.items() if h != horse and h in s.pos}
            step = 1 if track > before[1] else -1
            for crossed in range(before[1] + step, track + step, step):
                near = {(length - k, crossed) for k in range(4)}
                if near & others:
                    self.object(f"No. {horse} crossed to track {track + 1} without three clear")

    def _club(self) -> None:
        s = self.state
        for player in s.members - self.members:
            waived = [
                n
                for n in s.notices[self.notices :]
                if n["type"] == "payment" and n["why"] == "club" and n.get("waived")
            ]
            if waived and not s.game.member_if_waived:
                self.object(f"{s.name_of(player)} took a member's card for a fee waived")
        if self.members - s.members:
            self.object("a member's card was taken back")
        pending = s.pending
        asked = pending.actions if isinstance(pending, Ask) else []
        if any(isinstance(a, DrawReport) for a in asked):
            assert isinstance(pending, Ask)
            if pending.player not in s.members:
                self.object(f"{s.name_of(pending.player)} may read a report, not a member")

    def _news(self) -> None:
        for line in self.state.news[self.news :]:
            if UNREADABLE.search(line):
                self.object(f"news a family cannot read: {line!r}")


def players_for(game: TotopolyGame, kind: str, seed: int) -> dict[int, Agent]:
    def one(seat: int) -> Agent:
        sensible = kind == "sensible" or (kind == "mixed" and seat % 2 == 0)
        return SensibleBot(game, seat, seed) if sensible else RandomBot(seed * 10 + seat)

    return {seat: one(seat) for seat in range(game.players)}


def refereed(seed: int, kind: str) -> Referee:
    """A new table's game (the lobby's configuration), seed ``seed``: two to six
    players in turn, every third game short."""
    config = TotopolySettings.for_new_table({"players": 2 + seed % 5, "short": seed % 3 == 0})
    game = TotopolyGame.from_config(config)
    state = game.new_initial_state()
    referee = Referee(state)
    referee.watch(state)
    play(state, SeededDice(seed), players_for(game, kind, seed), after_event=referee.watch)
    assert state.is_over() and state.phase == "over"
    return referee


@pytest.mark.parametrize("kind", KINDS)
def test_whole_games_give_a_referee_nothing_to_object_to(kind: str) -> None:
    share = range(KINDS.index(kind), GAMES, len(KINDS))
    for seed in share:
        referee = refereed(seed, kind)
        assert referee.objections == [], (seed, referee.objections[:5])
        news = referee.state.news
        winner = referee.state.winner()
        if winner is not None:  # the game's winner named in words, last
            assert news[-1].startswith(f"{referee.state.name_of(winner)} wins the game: ")


def test_the_referee_objects_where_he_should() -> None:
    """The referee's own checks can fail: a member's card taken for a fee waived (in a
    new game, T48), two horses on one length of a track, and news with "1 lengths"."""
    game = TotopolyGame(2)
    state = game.new_initial_state()
    referee = Referee(state)
    referee.watch(state)
    state.notice("payment", payer=0, payee=1, amount=3, why="club", waived=22)
    state.members.add(0)
    state.pos = {1: (5, 0), 2: (5, 0)}
    state.status[1] = state.status[2] = "running"
    state.say("No. 10 goes on 1 lengths")
    referee.watch(state)
    said = " | ".join(referee.objections)
    assert len(referee.objections) == 3, said
    for why in ("took a member's card for a fee waived", "share length 5", "cannot read"):
        assert why in said
    # a crossing two lengths in front of a horse on the track crossed to
    state.pos = {1: (5, 0), 2: (3, 1)}
    referee.watch(state)
    state.pos[1] = (5, 1)
    referee.watch(state, Event(0, {"kind": "track", "track": 2}))
    assert "No. 1 crossed to track 2 without three clear" in referee.objections[-1]
