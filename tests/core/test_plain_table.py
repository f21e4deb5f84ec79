"""cli.plain.Table draws the common table itself: the same segments, so the same bytes in
a terminal and in a pipe, as rich's own layout; every other table is rich's."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich import table as rich_table
from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.text import Text

from homestretch.cli.plain import Table

# mostly what the tables hold (letters, figures, markup-like brackets, Latin-1), some
# cells with what rich measures or reads otherwise (backslashes, wide, combining and
# control characters, emoji, a soft hyphen): a table with one of those is rich's
COMMON = st.text(alphabet="aZ 0.%-'[]/#@é", max_size=12)
ODD = st.lists(
    st.sampled_from(
        ["a", " ", "[b]", "[/]", "\\", "\u00a0", "\u00ad", "馬", "\u0301", "🐎", "\x07", "\t"]
    ),
    max_size=6,
).map("".join)
CELL_TEXT = st.integers(0, 15).flatmap(lambda n: ODD if n == 0 else COMMON)
STYLED = st.builds(
    lambda text, style: Text(text, style=style),
    CELL_TEXT,
    st.sampled_from(["green", "bold red", ""]),
)


class _RichOnly:
    """The table laid out by rich's own code."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        return rich_table.Table.__rich_console__(self.table, console, options)


class _Ascii(io.StringIO):
    encoding = "ascii"


def _consoles(width: int) -> Iterator[Console]:
    yield Console(file=io.StringIO(), width=width, emoji=False)  # a pipe: no colour
    for system in ("standard", "truecolor"):
        yield Console(
            file=io.StringIO(), width=width, force_terminal=True, color_system=system, emoji=False
        )
    yield Console(file=_Ascii(), width=width, force_terminal=True, emoji=False)
    yield Console(file=io.StringIO(), width=width, force_terminal=True, legacy_windows=True)


def _same_as_rich(table: Table, width: int) -> bool:
    """Whether this table's segments and bytes are rich's, in every kind of console; and
    whether it was drawn by ``_lines`` (not handed to rich) in a plain pipe."""
    for console in _consoles(width):
        assert list(console.render(table)) == list(console.render(_RichOnly(table)))
        console.print(table)
        mine = console.file.getvalue()  # type: ignore[attr-defined]
        console.file.seek(0)
        console.file.truncate()
        console.print(_RichOnly(table))
        assert mine == console.file.getvalue()  # type: ignore[attr-defined]
    pipe = Console(file=io.StringIO(), width=width, emoji=False)
    return table._lines(pipe, pipe.options) is not None


def _odds_like(horses: int, title: str = "Race (quickplay): win exact") -> Table:
    table = Table("PP", "Horse", "Win", "Place", "Show", title=title, title_justify="left")
    for post in range(1, horses + 1):
        table.add_row(str(post), f"Horse [{post}]", f"{post / 3:.1%}", "1.0%-2.0%", "0.0%-0.1%")
    return table


@pytest.mark.parametrize("horses", [0, 1, 2, 6, 20])
def test_an_odds_table_is_drawn_here_and_as_rich_draws_it(horses: int) -> None:
    assert _same_as_rich(_odds_like(horses), 80)


def test_a_long_title_wraps_as_rich_wraps_it() -> None:
    assert _same_as_rich(_odds_like(3, "A race whose name and note run on " * 4), 80)


def test_overlay_cells_in_one_style_are_drawn_here() -> None:
    table = Table("PP", "Horse", "", title="Odds")
    table.add_row("1", "Secretariat", Text("overlay", style="green"))
    table.add_row("2", "Sham", "")
    assert _same_as_rich(table, 80)


def test_a_table_too_wide_for_the_terminal_is_rich_s_to_squeeze() -> None:
    assert not _same_as_rich(_odds_like(4), 30)


@pytest.mark.parametrize(
    "change",
    [
        {"show_lines": True},
        {"show_header": False},
        {"expand": True},
        {"box": None},
        {"caption": "a caption"},
        {"row_styles": ["dim", ""]},
        {"padding": (0, 2)},
    ],
)
def test_other_tables_are_rich_s(change: dict[str, Any]) -> None:
    table = Table("a", "b", **change)
    table.add_row("1", "2")
    table.add_row("3", "4")
    assert not _same_as_rich(table, 80)


def test_a_column_of_its_own_kind_or_a_short_row_is_rich_s() -> None:
    table = Table("a")
    table.add_column("b", justify="right")
    table.add_row("1", "2")
    assert not _same_as_rich(table, 80)
    short = Table("a", "b")
    short.add_row("1")
    assert not _same_as_rich(short, 80)


@settings(max_examples=150, deadline=None)
@given(
    headers=st.lists(CELL_TEXT, min_size=1, max_size=5),
    rows=st.lists(
        st.lists(
            st.integers(0, 4).flatmap(lambda n: STYLED if n == 0 else CELL_TEXT),
            min_size=5,
            max_size=5,
        ),
        max_size=5,
    ),
    title=st.one_of(st.none(), CELL_TEXT, st.just("a title long enough to wrap " * 3)),
    justify=st.sampled_from(["left", "center", "right"]),
    width=st.one_of(st.integers(8, 40), st.integers(60, 120)),
)
def test_any_table_is_drawn_as_rich_draws_it(
    headers: list[str], rows: list[list[str | Text]], title: str | None, justify: Any, width: int
) -> None:
    table = Table(*headers, title=title, title_justify=justify)
    for row in rows:
        table.add_row(*row[: len(headers)])
    _same_as_rich(table, width)


def test_segments_are_rich_s_own_kind() -> None:
    console = Console(file=io.StringIO(), width=80, emoji=False)
    drawn = list(console.render(_odds_like(2)))
    assert all(isinstance(segment, Segment) for segment in drawn)
    assert "".join(segment.text for segment in drawn).endswith("┘\n")
