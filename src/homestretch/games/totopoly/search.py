"""A computer player that looks ahead on the racecourse: the sensible player, except
that before giving a throw to a horse it plays the move out with the rules themselves
(coloured squares, cards, instructions, baulks, falls, the exact throw home) on a copy
of the course as its view shows it, then also every throw of the die that may come next
for the horse left to move, and keeps the choice that leaves its horses best placed.

It sees only its own view: the course, every horse's place, each player's colour,
white and kept cards are all public (rulings T29, T31 once the auction is over).
"""

from __future__ import annotations

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.games.totopoly.bots import SensibleBot
from homestretch.games.totopoly.rules import racecourse
from homestretch.games.totopoly.rules.actions import ChangeTrack, Colour, PlaySpecial, UseThrow
from homestretch.games.totopoly.rules.flow import Ask
from homestretch.games.totopoly.rules.state import TotopolyGame, TotopolyState

NOMINEE_WEIGHT = 1.0
OTHER_WEIGHT = 0.35
"""How much a length of an owner's other horses counts beside one of his nominee's."""
FINISHED = 80.0
"""What a horse past the post is worth, in lengths (more than any place on the course)."""
FALLEN = 5.0
"""Lengths a fall costs: turns lost waiting for a six."""


class SearchBot(SensibleBot):
    def __init__(self, game: TotopolyGame, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self.game = game

    def choose(self, player: int, view: JSON, legal: list[Action]) -> Action:
        throws = [a for a in legal if isinstance(a, UseThrow)]
        if len(throws) > 1 and view["phase"] == "race":
            return self._search_throw(view, throws)
        return super().choose(player, view, legal)

    # --- the search ------------------------------------------------------------------
    def _search_throw(self, view: JSON, options: list[UseThrow]) -> Action:
        face = int(view["last_throw"])

        def worth(action: UseThrow) -> float:
            # The horse not chosen takes a later throw this turn: average over its faces.
            follow = next(a.horse for a in options if a.horse != action.horse)
            total = 0.0
            for next_face in range(1, 7):
                again = self._course_from(view)
                _play_out(again, action.horse, face)
                on_course = again.status.get(follow) in racecourse.ON_COURSE
                if on_course and racecourse.can_use(again, follow, next_face):
                    _play_out(again, follow, next_face)
                total += self._score(again, view)
            return total / 6

        return max(options, key=worth)

    def _course_from(self, view: JSON) -> TotopolyState:
        """A state holding only the race as ``view`` shows it."""
        state = TotopolyState(self.game)
        state.phase = "race"
        for card in state.where:
            state.where[card] = "out"
        for h in view["horses"]:
            number = h["number"]
            state.status[number] = h["status"] if h["owner"] is not None else "withdrawn"
            if h["owner"] is not None:
                card = self.content.horses[number].card
                state.where[card], state.holder[card] = "owned", h["owner"]
            if "length" in h:
                state.pos[number] = (h["length"], h["track"] - 1)
        state.finish = list(view["finish"])
        for p in view["players"]:
            state.held[p["seat"]] = dict(p["cards"])
            for kept in p["kept"]:
                state.specials[kept["id"]] = p["seat"]
        return state

    def _score(self, state: TotopolyState, view: JSON) -> float:
        nominee = view["players"][self.seat]["nominated"]
        score = 0.0
        for number, status in state.status.items():
            if state.horse_owner(number) != self.seat:
                continue
            weight = NOMINEE_WEIGHT if nominee in (None, number) else OTHER_WEIGHT
            if status == "finished":
                score += weight * FINISHED
            elif status in racecourse.ON_COURSE:
                length, track = state.pos[number]
                score += weight * (length - 0.3 * track - (FALLEN if status == "fallen" else 0))
        return score


def _play_out(state: TotopolyState, horse: int, face: int) -> None:
    """Run one move with the rules, answering its questions as a keen owner would: take
    every move on, play kept cards, keep white cards for later, stay on the track."""
    flow = racecourse.move(state, horse, face)
    try:
        request = next(flow)
        while True:
            assert isinstance(request, Ask)
            request = flow.send(_keen(request.actions))
    except StopIteration:
        return


def _keen(actions: list[Action]) -> Action:
    for action in actions:
        if isinstance(action, Colour) and action.choice in ("advantage", "card"):
            return action
        if isinstance(action, PlaySpecial) and action.yes:
            return action
    stays = [a for a in actions if isinstance(a, ChangeTrack)]
    return stays[0] if stays else actions[0]
