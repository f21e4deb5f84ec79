"""Reading content files (CSV and TOML) with errors that name the file, line and cell.

Every game's content (charts, cards, boards, tracks, decks) is read through these, so a
broken file always gets the same kind of one-line message."""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path
from typing import Any

from homestretch.core.errors import ContentError, HomestretchError


def read_csv(path: Path) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """Return the header and (line number, row) pairs of a CSV file."""
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            header = [h.strip() for h in (reader.fieldnames or [])]
            rows = []
            for row in reader:
                if None in row:
                    raise ContentError(
                        path, "more cells than the header has", f"line {reader.line_num}"
                    )
                cleaned = {k.strip(): (v or "").strip() for k, v in row.items() if k is not None}
                if any(cleaned.values()):
                    rows.append((reader.line_num, cleaned))
    except FileNotFoundError:
        raise ContentError(path, "file not found") from None
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise ContentError(path, f"cannot read it ({exc})") from None
    if not header:
        raise ContentError(path, "the file is empty (it needs a header line)")
    return header, rows


def read_toml(path: Path) -> dict[str, Any]:
    try:
        # utf-8-sig: a byte-order mark some editors write is not part of the text
        return tomllib.loads(path.read_bytes().decode("utf-8-sig"))
    except FileNotFoundError:
        raise ContentError(path, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, f"not valid TOML ({exc})") from None
    except UnicodeDecodeError:
        raise ContentError(path, "not a text file in UTF-8") from None
    except OSError as exc:
        raise ContentError(path, f"cannot read the file ({exc.strerror})") from None


def to_int(path: Path, line: int, column: str, text: str) -> int:
    try:
        return int(text.replace("+", "", 1) if text.startswith("+") else text)
    except ValueError:
        raise ContentError(
            path, f"{column} must be a whole number, got {text!r}", f"line {line}"
        ) from None


def require_columns(path: Path, header: list[str], needed: list[str]) -> None:
    """The header holds exactly these columns: a misspelled one must not go unread."""
    missing = [c for c in needed if c not in header]
    if missing:
        raise ContentError(path, f"missing column(s) {', '.join(missing)}", "header")
    unknown = [c for c in header if c not in needed]
    if unknown:
        raise ContentError(
            path, f"unknown column(s) {', '.join(unknown)} (expected {', '.join(needed)})", "header"
        )


def known_keys(path: Path, where: str, table: Any, known: tuple[str, ...]) -> None:
    """A TOML table holds only these keys: a misspelled one must not go unread."""
    if not isinstance(table, dict):
        raise ContentError(path, "must be a table", where)
    unknown = [k for k in table if k not in known]
    if unknown:
        raise ContentError(
            path, f"unknown key(s) {', '.join(unknown)} (known: {', '.join(known)})", where
        )


REQUIRED: Any = object()
"""Marks a TOML key that must be given (``toml_value``'s default)."""
_KIND_NAMES = {int: "whole number", float: "number", str: "text", bool: "true or false"}


def toml_value(
    path: Path,
    where: str,
    table: Any,
    key: str,
    kind: type,
    default: Any = REQUIRED,
    minimum: float | None = None,
) -> Any:
    """One typed value from a TOML table, or a ContentError naming the file, the place in it
    and the key. A whole number is accepted where a number is meant, true or false never."""
    if not isinstance(table, dict):
        raise ContentError(path, "must be a table", where)
    if key not in table:
        if default is not REQUIRED:
            return default
        raise ContentError(path, f"the key {key!r} is missing", where)
    value: Any = table[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    wrong_bool = kind is not bool and isinstance(value, bool)
    if wrong_bool or not isinstance(value, kind):
        name = _KIND_NAMES.get(kind, kind.__name__)
        raise ContentError(path, f"{key} must be a {name}, not {value!r}", where)
    if isinstance(value, str) and has_brackets(value):
        raise ContentError(path, f"{key}: square brackets [ ] are not allowed in text", where)
    if minimum is not None and isinstance(value, int | float) and value < minimum:
        raise ContentError(path, f"{key} must be at least {minimum}, not {value}", where)
    return value


def has_brackets(text: str) -> bool:
    """Text the screen shows may not hold square brackets: the screen reads them as colour
    marks, and a stray one would break every table the text is in."""
    return "[" in text or "]" in text


def plain_text(text: str, what: str) -> str:
    if has_brackets(text):
        raise HomestretchError(f"{what} {text!r}: square brackets [ ] are not allowed")
    return text


def no_brackets(text: str) -> str:
    """``plain_text`` as a pydantic validator (a ValueError names the field)."""
    if has_brackets(text):
        raise ValueError("square brackets [ ] are not allowed")
    return text
