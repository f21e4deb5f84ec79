"""Text drawn as it is written: a name such as "Bob [team]" or "[bold]Ann[/]" is a name,
never a colour mark, wherever the terminal draws it.

rich reads square brackets in a string as markup, so every name, and every text from a
content or results file, is escaped where it is drawn: ``Table`` here is rich's table
with its headers, title, caption and cells taken as plain text, and ``plain`` escapes
a name put into a line that also holds markup. Markup that is meant goes in as rich
``Text`` (``Text.from_markup`` or a style), which both leave alone.
"""

from __future__ import annotations

from typing import Any

from rich import table
from rich.markup import escape


def plain(text: object) -> Any:
    """``text`` escaped when it is a string (rich reads it as markup), else as it is."""
    return escape(text) if isinstance(text, str) else text


class Table(table.Table):
    """rich's Table, drawing every string it is given as the text it is."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in ("title", "caption"):
            value = plain(value)
        super().__setattr__(name, value)

    def add_column(self, header: Any = "", *args: Any, **kwargs: Any) -> None:
        super().add_column(plain(header), *args, **kwargs)

    def add_row(self, *cells: Any, **kwargs: Any) -> None:
        super().add_row(*(plain(cell) for cell in cells), **kwargs)
