"""The race: the Trackmaster advances the horses on the track card.

Progress is counted in half X's: a rejected roll gives the horse a single diagonal
line (one half), an accepted or second roll a full X (two halves). Counting halves
completes a half-X'd square first, exactly as the rulebook asks. A horse is in when
its halves reach 10 (five X's) or 12 (a circled, shaded favourite).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from homestretch.games.across.content.loader import HORSES, Track

FIRST, DECIDE, SECOND = "first roll", "accept or reject", "second roll"
PLACINGS = ("WIN", "PLACE", "SHOW")


@dataclass
class Race:
    number: int
    progress: dict[int, int]
    need: dict[int, int]
    roller: int
    stage: str = FIRST
    rolled: int = 0
    """The horse of the pending first roll (stage DECIDE)."""
    finish: list[int] = field(default_factory=list)
    rolls: int = 0
    calls: list[str] = field(default_factory=list)
    callers: list[int] = field(default_factory=list)
    """Whose roll each call was (the seat rolling when it was made), call by call."""

    @classmethod
    def start(cls, number: int, track: Track, roller: int) -> Race:
        progress = {h: track.handicaps[h].preprinted_halves for h in HORSES}
        need = {h: track.handicaps[h].need_halves for h in HORSES}
        return cls(number, progress, need, roller)

    @property
    def over(self) -> bool:
        return len(self.finish) == 3

    def is_in(self, horse: int) -> bool:
        return horse in self.finish

    def first_roll(self, horse: int) -> bool:
        """A first roll; True when the roller must now accept or reject it."""
        self.rolls += 1
        if self.is_in(horse):
            self._call(f"#{horse} is already in: the turn is wasted")
            return False
        self.rolled, self.stage = horse, DECIDE
        return True

    def accept(self) -> None:
        self._call(f"#{self.rolled} accepted: one X")
        self._advance(self.rolled, 2)
        self.stage = FIRST

    def reject(self) -> None:
        self._call(f"#{self.rolled} rejected: half an X, and a second roll")
        self._advance(self.rolled, 1)
        self.stage = FIRST if self.over else SECOND

    def second_roll(self, horse: int) -> None:
        self.rolls += 1
        if self.is_in(horse):
            self._call(f"second roll #{horse} is already in: the turn is wasted")
        else:
            self._call(f"second roll #{horse}: one X")
            self._advance(horse, 2)
        self.stage = FIRST

    def _call(self, words: str) -> None:
        self.calls.append(words)
        self.callers.append(self.roller)

    def _advance(self, horse: int, halves: int) -> None:
        self.progress[horse] += halves
        if self.progress[horse] >= self.need[horse] and not self.is_in(horse):
            self.finish.append(horse)
            self._call(f"#{horse} comes in {PLACINGS[len(self.finish) - 1]}")
