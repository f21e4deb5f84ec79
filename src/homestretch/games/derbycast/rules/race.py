"""A race as the score keeper types it: the field ('1 Alpha, 1A Bravo'), the morning
lines, the official finish ('3=1,5' for a dead heat), a horse by program number or name.

The race itself, :class:`RaceRecord` with its runners and the checks of a field and a
finish, is in content/race_record.py, beside the results-file reader that builds it too.
"""

from __future__ import annotations

from collections.abc import Sequence

from homestretch.games.derbycast.content.race_record import PROGRAM, program_number


def find_horse(word: str, horses: Sequence[str], programs: Sequence[str]) -> str:
    """The horse a person means by ``word``: its program number (as printed, 1A for a
    coupled entry), else its name in any case. ValueError says what is wrong."""
    wanted = program_number(word)
    for horse, number in zip(horses, programs, strict=True):
        if number == wanted:
            return horse
    for horse in horses:
        if horse.casefold() == word.strip().casefold():
            return horse
    shown = ", ".join(programs)
    raise ValueError(f"{word.strip()!r} is not a horse in this race (program numbers {shown})")


def read_finish(text: str, horses: Sequence[str], programs: Sequence[str]) -> dict[str, int]:
    """The official finish as the keeper types it, best first: '3,1,5', with a dead heat
    '3=1,5' (3 and 1 share 1st, 5 is 3rd), by program number or name; each placed
    horse's position. ValueError says what is wrong, naming the horse or the word."""
    finish: dict[str, int] = {}
    place = 1
    for group in comma_words(text):
        tied = [find_horse(word, horses, programs) for word in group.split("=")]
        for horse in tied:
            if horse in finish:
                raise ValueError(f"{horse} is placed twice in the finish")
            finish[horse] = place
        place += len(tied)
    if not finish:
        raise ValueError("type the official finish, at least the winner")
    return finish


def comma_words(text: str) -> list[str]:
    """'3, 1,,5' as ['3', '1', '5']."""
    return [w.strip() for w in text.split(",") if w.strip()]


def typed_field(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """'1 Alpha, 1A Bravo, 3 Charlie' as horses and program numbers; a list with no
    numbers ('Alpha, Bravo') is numbered 1, 2, 3 by the game (ruling R16)."""
    horses, programs = [], []
    for entry in (e.strip() for e in text.split(",")):
        first, _, rest = entry.partition(" ")
        if rest.strip() and PROGRAM.match(program_number(first)):
            programs.append(program_number(first))
            horses.append(rest.strip())
        else:
            programs.append("")
            horses.append(entry)
    if any(programs) and not all(programs):
        raise ValueError("give every horse its program number (like '1A Bravo'), or none")
    return tuple(horses), tuple(programs)


def typed_lines(text: str, horses: int) -> tuple[str, ...]:
    """'2-1, , 8-1' as each horse's morning line, in program order; blank if none given
    (a short list leaves the last horses blank)."""
    lines = [w.strip() for w in text.split(",")] if text.strip() else []
    if len(lines) > horses:
        raise ValueError(
            f"{len(lines)} morning lines for {horses} horses: one a horse, in program order"
        )
    return tuple(lines + [""] * (horses - len(lines)))
