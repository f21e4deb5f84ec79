"""Hostile inputs: the values and files a careless or malicious person may give.

Each stands for a class of inputs found to crash, hang or be silently accepted (issue
16): digits ``int()`` refuses, numbers past Python's 4300-digit limit, non-finite
numbers, terminal escape sequences, lone surrogates (undecodable bytes on the command
line), NUL and DEL, rich markup, names long enough to stall a table, special files.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import strategies as st

HOSTILE = (
    "",
    " ",
    "-1",
    "0",
    "3",
    "²",
    "1²",
    "٣",
    "9" * 5000,
    "1" + "0" * 30,
    "1e9",
    "inf",
    "nan",
    "-inf",
    "0x10",
    "\x1bc",
    "\x1b]0;owned\x07",
    "Ann\x1b[2J",
    "A\udcff",
    "A\x00B",
    "A\x7fB",
    "\u202eevil",
    "[b]bold[/b]",
    "[/]",
    "x" * 100_000,
    "🐎",
    ",,,",
    "Ann,Ann",
    "9" * 400 + "/21",
    "3/0",
    "ask",
    "+",
    "-",
)
"""Values tried in every option and argument (each also stands for its neighbours)."""


def hostile_text() -> st.SearchStrategy[str]:
    """A value from the corpus above, or arbitrary short text (surrogates included, as
    undecodable bytes on a command line arrive), or a number of any size."""
    return st.one_of(
        st.sampled_from(HOSTILE),
        st.text(st.characters(codec=None, exclude_categories=()), max_size=12),
        st.integers(min_value=-(10**40), max_value=10**40).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
    )


def special_files(folder: Path) -> dict[str, Path]:
    """Paths that are not ordinary small text files."""
    folder.mkdir(parents=True, exist_ok=True)
    fifo = folder / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)
    binary = folder / "binary.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    latin1 = folder / "latin1.txt"
    latin1.write_bytes("Caf\xe9 = 1\n".encode("latin-1"))
    empty = folder / "empty.txt"
    empty.write_bytes(b"")
    big = folder / "big.txt"
    big.write_bytes(b"1 " * (6 * 2**20))
    return {
        "zero": Path("/dev/zero"),
        "null": Path("/dev/null"),
        "fifo": fifo,
        "folder": folder,
        "missing": folder / "no-such-file.toml",
        "binary": binary,
        "latin1": latin1,
        "empty": empty,
        "big": big,
    }
