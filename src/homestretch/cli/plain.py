"""Text drawn as it is written: a name such as "Bob [team]" or "[bold]Ann[/]" is a name,
never a colour mark, wherever the terminal draws it.

rich reads square brackets in a string as markup, so every name, and every text from a
content or results file, is escaped where it is drawn: ``Table`` here is rich's table
with its headers, title, caption and cells taken as plain text, and ``plain`` escapes
a name put into a line that also holds markup. Markup that is meant goes in as rich
``Text`` (``Text.from_markup`` or a style), which both leave alone.

``Table`` also draws the common table itself, a line at a time: rich measures and wraps
every cell through its general layout (a fifth of a fresh `stretch odds` beyond its
imports went there), where a table of one-line cells that fits the terminal needs only
each column's widest cell. It hands rich the very segments rich's own layout makes, so
the bytes written are the same in a terminal and in a pipe
(tests/core/test_plain_table.py compares them); any other table is rich's to draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box as boxes
from rich import table
from rich.markup import escape
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderResult

AS_WRITTEN = frozenset(
    chr(code)
    for start, end in ((0x20, 0x7E), (0xA0, 0xAC), (0xAE, 0x2FF))
    for code in range(start, end + 1)
) - {"\\"}
"""Characters one terminal cell wide in every Unicode version rich measures by, which an
escaped string keeps through rich's markup as written (a backslash is markup's escape
character: ``escape`` and the markup do not undo each other around one at the end)."""
DEFAULT_COLUMN = table.Column()


def plain(text: object) -> Any:
    """``text`` escaped when it is a string (rich reads it as markup), else as it is."""
    return escape(text) if isinstance(text, str) else text


class Table(table.Table):
    """rich's Table, drawing every string it is given as the text it is."""

    _written: list[list[object]]
    """Each column's header then its cells, as given (not escaped)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("title", "caption"):
            value = plain(value)
        super().__setattr__(name, value)

    def add_column(self, header: Any = "", *args: Any, **kwargs: Any) -> None:
        if "_written" not in self.__dict__:
            self._written = []
        self._written.append([header])
        super().add_column(plain(header), *args, **kwargs)

    def add_row(self, *cells: Any, **kwargs: Any) -> None:
        super().add_row(*(plain(cell) for cell in cells), **kwargs)
        for column, cell in zip(self._written, cells, strict=False):
            column.append(cell)
        for column in self._written[len(cells) :]:
            column.append(None)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        drawn = self._lines(console, options)
        if drawn is None:
            yield from super().__rich_console__(console, options)
        else:
            yield from drawn

    def _lines(self, console: Console, options: ConsoleOptions) -> list[Segment] | None:
        """The segments rich's layout makes for this table, when it is the common kind: rich's
        default box, padding and styles, left-justified columns of one-line cells of
        ``AS_WRITTEN`` characters (strings, or ``Text`` in one style), fitting the width.
        None for any other table."""
        texts = self._cell_texts()
        if texts is None:
            return None
        widths = [max(map(len, column)) + 2 for column in texts]
        extra = len(widths) + 1
        if sum(widths) + extra > options.max_width:
            return None  # rich wraps or squeezes some column
        if min(widths) == 2:
            return None  # rich draws a column of empty cells in segments of its own
        table_width = sum(widths) + extra
        drawn: list[Segment] = []
        if self.title:  # as rich draws it (it may wrap)
            title = self.title
            render_options = options.update(
                width=table_width, highlight=self.highlight, height=None
            )
            title_text = (
                console.render_str(
                    title, style=Style.pick_first(self.title_style, "table.title"), highlight=False
                )
                if isinstance(title, str)
                else title
            )
            drawn += console.render(title_text, render_options.update(justify=self.title_justify))
        assert self.box is not None
        box = self.box.substitute(
            options, safe=self.safe_box if self.safe_box is not None else console.safe_box
        )
        border = console.get_style(self.style or "") + console.get_style(self.border_style or "")
        line = Segment.line()
        drawn += [Segment(box.get_top(widths), border), line]
        header_style = console.get_style(self.header_style or "")
        pad, styled_pad = Segment(" ", Style()), Segment(" ", header_style)
        last = len(texts[0]) - 1
        for row in range(last + 1):
            if row == 0:
                left, right, divider = box.head_left, box.head_right, box.head_vertical
            elif row == last:
                left, right, divider = box.foot_left, box.foot_right, box.foot_vertical
            else:
                left, right, divider = box.mid_left, box.mid_right, box.mid_vertical
            drawn.append(Segment(left, border))
            for index, (column, width) in enumerate(zip(texts, widths, strict=True)):
                if index:
                    drawn.append(Segment(divider, border))
                text = column[row] + " " * (width - 2 - len(column[row]))
                if row == 0:
                    drawn += (styled_pad, Segment(text, header_style), styled_pad)
                    continue
                cell = self._written[index][row]
                style = (
                    console.get_style(cell.style) if isinstance(cell, Text) and cell.style else None
                )
                drawn += (pad, Segment(text, style), pad)
            drawn += (Segment(right, border), line)
            if row == 0:
                drawn += (Segment(box.get_row(widths, "head", edge=True), border), line)
        drawn += (Segment(box.get_bottom(widths), border), line)
        return drawn

    def _cell_texts(self) -> list[list[str]] | None:
        """Each column's header and cells as the text drawn, if the table is the common
        kind ``_lines`` draws; else None."""
        if not (
            self.box is boxes.HEAVY_HEAD
            and self.show_header
            and self.show_edge
            and not (self.show_footer or self.show_lines or self.leading or self.caption)
            and not (self.expand or self.collapse_padding)
            and self.width is None
            and self.min_width is None
            and self.padding == (0, 1, 0, 1)
            and self.pad_edge
            and self.style in ("none", "", None)
            and self.border_style is None
            and self.header_style == "table.header"
            and not self.row_styles
            and not self.highlight
            and all(row.style is None and not row.end_section for row in self.rows)
            and self.columns
            and len(self.__dict__.get("_written", ())) == len(self.columns)
        ):
            return None
        texts = []
        for column, written in zip(self.columns, self._written, strict=True):
            if not _default_column(column):
                return None
            column_texts = []
            for at, cell in enumerate(written):
                if isinstance(cell, str) and AS_WRITTEN.issuperset(cell):
                    column_texts.append(cell)
                elif at and _one_style(cell):
                    assert isinstance(cell, Text)
                    column_texts.append(cell.plain)
                else:
                    return None
            texts.append(column_texts)
        return texts


def _default_column(column: table.Column) -> bool:
    d = DEFAULT_COLUMN
    return (
        column.justify == d.justify
        and column.vertical == d.vertical
        and column.overflow == d.overflow
        and column.width is None
        and column.min_width is None
        and column.max_width is None
        and column.ratio is None
        and column.no_wrap == d.no_wrap
        and column.style == d.style
        and column.header_style == d.header_style
        and column.footer == d.footer
        and column.highlight == d.highlight
    )


def _one_style(cell: object) -> bool:
    """A ``Text`` cell drawn as one styled run: no spans and nothing of its own that
    changes how it is laid out."""
    return (
        type(cell) is Text
        and not cell.spans
        and cell.justify is None
        and cell.overflow is None
        and cell.no_wrap is None
        and cell.end == "\n"
        and cell.tab_size is None
        and AS_WRITTEN.issuperset(cell.plain)
    )
