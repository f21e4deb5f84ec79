"""What a person or a file gives us, read within sane limits (docs/limits.md).

One place for the three things every input needs: a typed count read as a whole number
(``whole_number``), a file read as bounded UTF-8 text (``read_text``), and text that
will be shown on a terminal checked for control characters and length (``safe_text``),
or escaped when it must be shown anyway (``shown``). Each refusal is a one-line
:class:`HomestretchError` naming what and where.
"""

from __future__ import annotations

import re
import stat
import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

from homestretch.core.errors import ContentError, HomestretchError, said_path

FILE_BYTES = 4 * 2**20
"""The largest content, results or dice file read (ours are a few KiB)."""
NAME_CHARS = 60
"""The longest name: a player, a horse, a jockey, a race, a track."""
TEXT_CHARS = 500
"""The longest other text: a note, a headline, a card's words."""
NUMBER_DIGITS = 18
"""The most digits a typed whole number may have (below 2**63, the store's limit)."""
NESTING = 50
"""The deepest nesting a TOML or JSON file may have (ours use three levels)."""
SHOWN_CHARS = 80
"""How much of a refused value an error message quotes."""

_WHOLE = re.compile(r"\+?[0-9]+")


def whole_number(
    text: str, what: str, minimum: int = 0, maximum: int = 10**NUMBER_DIGITS - 1
) -> int:
    """``text`` as a whole number from ``minimum`` to ``maximum``, ASCII digits only
    (``str.isdigit`` accepts "²", which ``int`` refuses; ``int`` reads "٣" and "1_000")."""
    cleaned = text.strip()
    negative = cleaned.startswith("-")
    digits = cleaned[1:] if negative else cleaned
    if not _WHOLE.fullmatch(digits) or len(digits) > NUMBER_DIGITS + 1:
        if _WHOLE.fullmatch(digits):
            raise HomestretchError(f"{what}: {shown(text)} is too large (at most {maximum})")
        raise HomestretchError(f"{what}: {shown(text)} is not a whole number")
    value = -int(digits) if negative else int(digits)
    if not minimum <= value <= maximum:
        raise HomestretchError(f"{what}: {value} is out of range ({minimum} to {maximum})")
    return value


def is_whole(text: str) -> bool:
    """``text`` is a short run of ASCII digits (a menu number, a position)."""
    return text.isascii() and text.isdigit() and len(text) <= NUMBER_DIGITS


def nearest(typed: str, choices: Iterable[str]) -> str | None:
    """The choice nearest a word typed wrong, as a message names it, or None: the one
    choice, or those equally near ("churchill-downs or epsom-downs" for "downs"), judged
    by ``nearest_all``. Every "did you mean" and "Nearest:" of the program asks here or
    there, so all judge nearness alike."""
    return either_of(nearest_all(typed, choices)) or None


NEAREST_NAMED = 3
"""The most choices a "did you mean" names when they are equally near; more is no guess
("dream" is a word of six bundled races' names)."""


def nearest_all(typed: str, choices: Iterable[str]) -> list[str]:
    """The choices nearest a word typed wrong (in any capitals), in their order: one,
    or those equally near (up to ``NEAREST_NAMED``), or none.

    A word of a longer name typed whole is nearest of all: "downs" is as near
    churchill-downs as epsom-downs, though difflib finds the shorter nearer. Else
    difflib's nearest (those of its best score). A word spelt as it sounds is near too:
    "gud" shares too few letters with "good" for difflib, so when difflib finds nothing,
    the one choice with the same consonants (vowels and doubled letters aside: "gd") is
    the answer; failing that, the choices with a word very near the one typed ("epsomm":
    epsom-downs), the nearest of them."""
    from difflib import SequenceMatcher, get_close_matches  # only on a mistake

    by_small: dict[str, str] = {}  # a choice in capitals ("Fav", "A") is matched in small
    for choice in choices:
        by_small.setdefault(choice.lower(), choice)
    small = typed.strip().lower()

    def named(found: Iterable[str]) -> list[str]:
        found = list(dict.fromkeys(found))
        return found if len(found) <= NEAREST_NAMED else []

    def words(key: str) -> list[str]:
        return [word for word in re.split(r"[\s_-]+", key) if len(word) >= 4]

    if small not in by_small and len(small) >= 4:
        whole_word = [choice for key, choice in by_small.items() if small in words(key)]
        if whole_word:
            return named(whole_word)
    near = get_close_matches(small, list(by_small), n=1, cutoff=0.6)
    if near:
        best = SequenceMatcher(None, small, near[0]).ratio()
        return named(
            choice
            for key, choice in by_small.items()
            if SequenceMatcher(None, small, key).ratio() == best
        )
    sound = _consonants(small)
    alike = [choice for key, choice in by_small.items() if _consonants(key) == sound]
    if len(sound) >= 2 and len(alike) == 1:  # "a", "ou": too little to go on
        return alike
    # a word of a longer name ("epsomm" for epsom-downs, its first word): the choices
    # with the nearest such word
    scored = {
        choice: max(SequenceMatcher(None, small, word).ratio() for word in words(key))
        for key, choice in by_small.items()
        if any(get_close_matches(small, [word], n=1, cutoff=0.8) for word in words(key))
    }
    top = max(scored.values(), default=0.0)
    return named(choice for choice, score in scored.items() if score == top)


def either_of(said: Sequence[str]) -> str:
    """Choices as a message names them: "turf", "dirt or turf", "dirt, turf or synthetic"
    ("" for none)."""
    if len(said) <= 2:
        return " or ".join(said)
    return f"{', '.join(said[:-1])} or {said[-1]}"


def _consonants(word: str) -> str:
    """A word's consonants in order, doubled ones once: "good" and "gud" are "gd"."""
    kept = [c for c in word if c.isalnum() and c not in "aeiouy"]
    return "".join(c for i, c in enumerate(kept) if i == 0 or c != kept[i - 1])


def read_text(path: Path, what: str = "file", limit: int = FILE_BYTES) -> str:
    """A file's text: an ordinary file (not a device, a pipe or a folder) of at most
    ``limit`` bytes, in UTF-8 (a byte-order mark is dropped)."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise ContentError(path, f"is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(path, f"not an ordinary file (a device or a pipe), not a {what}")
        if info.st_size > limit:
            raise ContentError(
                path, f"the {what} is too large ({info.st_size} bytes; at most {limit})"
            )
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise ContentError(path, f"cannot read the {what}: file not found") from None
    except OSError as exc:
        raise ContentError(path, f"cannot read the {what} ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise ContentError(path, f"the {what} is too large (at most {limit} bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ContentError(path, f"not a text file in UTF-8 (the {what})") from None


def nesting(text: str) -> int:
    """How deep brackets and braces nest in ``text`` (outside nothing: a quoted bracket
    counts too, so this bounds the parsers' recursion rather than measuring data)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def check_nesting(path: Path, text: str, limit: int = NESTING) -> None:
    """Refuse text nested so deep a parser would exhaust the stack."""
    if nesting(text) > limit:
        raise ContentError(path, f"nested more than {limit} levels deep")


def bad_character(text: str) -> str | None:
    """The first character of ``text`` a terminal must not be sent raw: a control
    character (escape, NUL, DEL, C1) or a lone surrogate (undecodable bytes)."""
    if text.isprintable():  # no Cc or Cs in it: the usual case, decided in C
        return None
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs") and char not in "\t":
            return char
    return None


def text_problem(text: str, longest: int = NAME_CHARS) -> str | None:
    """Why ``text`` cannot be a name or a note, or None."""
    bad = bad_character(text)
    if bad is not None:
        kind = "an undecodable byte" if unicodedata.category(bad) == "Cs" else "a control character"
        return f"holds {kind} ({ascii(bad)})"
    if len(text) > longest:
        return f"is {len(text)} characters long (at most {longest})"
    return None


def safe_text(text: str, what: str, longest: int = NAME_CHARS) -> str:
    """``text`` when it is safe to show and store, else a one-line refusal."""
    problem = text_problem(text, longest)
    if problem is not None:
        raise HomestretchError(f"{what} {shown(text)} {problem}")
    return text


def shown(text: str, longest: int = SHOWN_CHARS) -> str:
    """``text`` quoted for a message: control characters and lone surrogates escaped,
    cut to ``longest`` characters."""
    return repr(text if len(text) <= longest else text[:longest] + "...")


def shown_path(path: str | Path) -> str:
    """A stored (absolute) path as a person reads it in a message: relative to the
    current folder where that is shorter (``charts``, ``../races/charts``), else whole
    (``/srv/charts`` from deep inside the home folder). The path kept is unchanged, so
    it still works from another folder."""
    import os

    whole = str(path)
    if not os.path.isabs(whole):
        return whole  # as the person typed it
    try:
        here = os.getcwd()
        near = os.path.relpath(whole, here)
    except (ValueError, OSError):  # another drive (Windows), or no current folder left
        return whole
    if os.path.dirname(here) == here:  # at / the whole path, not it less its first slash
        return whole
    return near if len(near) <= len(whole) else whole


def shown_folder(path: str | Path) -> str:
    """A folder as a message names it: ``shown_path``, the current folder in words
    ("this folder (.)", ``errors.said_path``). Not for a command a message quotes to
    type (``--cards .``), which wants the dot."""
    return said_path(shown_path(path))


def shown_value(value: object, longest: int = SHOWN_CHARS) -> str:
    """A value from a file (a number, a list, a table) written for a message, cut to
    ``longest`` characters (``repr`` escapes control characters in the text inside)."""
    text = ascii(value) if isinstance(value, str) else repr(value)
    return text if len(text) <= longest else text[:longest] + "..."


def escape_controls(text: str) -> str:
    """``text`` with every control character and lone surrogate written as an escape
    (``\\x1b``), for a line that must reach a terminal whatever it holds."""
    if bad_character(text) is None:
        return text
    return "".join(
        ascii(c)[1:-1] if unicodedata.category(c) in ("Cc", "Cs") and c not in "\t\n" else c
        for c in text
    )


MAX_RUNS = 10_000_000
"""The most races a simulation runs in one command (a few minutes on the kernels)."""


def output_path(path: Path, what: str) -> Path:
    """A file to write: its name shown safely, and nothing there but an ordinary file
    (writing to a pipe would wait for a reader for ever, to a device lose the output)."""
    safe_text(str(path), what, longest=4096)
    try:
        info = path.stat()
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise ContentError(path, f"cannot write the {what} ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        raise ContentError(path, f"not an ordinary file; the {what} cannot be written there")
    return path
