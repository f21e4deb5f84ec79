"""Reading content files (CSV and TOML) with errors that name the file, line and cell.

Every game's content (charts, cards, boards, tracks, decks) is read through these, so a
broken file always gets the same kind of one-line message."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Collection
from pathlib import Path
from typing import Any

from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import (
    NAME_CHARS,
    TEXT_CHARS,
    check_nesting,
    either_of,
    nearest,
    nearest_all,
    read_text,
    safe_text,
    shown,
    shown_folder,
    shown_path,
    shown_value,
    text_problem,
    whole_number,
)


def read_csv(
    path: Path, whole_rows: bool = False
) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """Return the header and (line number, row) pairs of a CSV file. Every cell is text
    a terminal may show: no control characters, at most TEXT_CHARS long. With
    ``whole_rows`` a row of fewer cells than the header is refused too (a cell left out
    in the middle moves the rest a column left, to be blamed on the wrong column)."""
    text = read_text(path, "CSV file")
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""))
        header = [h.strip() for h in (reader.fieldnames or [])]
        check_header(path, header)
        rows = []
        for row in reader:
            if None in row:
                raise ContentError(
                    path,
                    "more cells than the header has (a cell holding a comma is written in "
                    'double quotes: "a, b")',
                    f"line {reader.line_num}",
                )
            if whole_rows and None in row.values():
                cells = sum(value is not None for value in row.values())
                raise ContentError(
                    path,
                    f"{cells} cells where the header has {len(row)} (write a blank cell as "
                    "nothing between two commas)",
                    f"line {reader.line_num}",
                )
            cleaned = {k.strip(): (v or "").strip() for k, v in row.items() if k is not None}
            whole = "".join(cleaned.values())  # the usual row passes at once, checked in C
            if not whole.isprintable() or len(whole) > TEXT_CHARS:
                _check_cells(path, reader.line_num, cleaned)
            if any(cleaned.values()):
                rows.append((reader.line_num, cleaned))
    except csv.Error as exc:
        raise ContentError(path, f"cannot read it ({exc})") from None
    if not header:
        raise ContentError(path, "the file is empty (it needs a header line)")
    for column in header:
        problem = text_problem(column, TEXT_CHARS)
        if problem is not None:
            raise ContentError(path, f"a column name {problem}", "header")
    return header, rows


SEPARATORS = {";": "semicolons", "\t": "tabs"}
"""What a spreadsheet saving "CSV" in another locale, or as text, separates cells by."""


def check_header(path: Path, header: list[str], where: str = "header") -> None:
    """A header of one column holding semicolons or tabs is a file saved with the wrong
    separator: said so, not as one unknown column named with every column in it. A
    column with no name (a comma at the line's end), or a name given twice (the csv
    module would keep the last column's cells alone), is the header's fault too."""
    for number, column in enumerate(header, start=1):
        if not column:
            raise ContentError(
                path,
                f"column {number} has no name (a comma at the end of the line, or two together?)",
                where,
            )
        if column in header[: number - 1]:
            first = header.index(column) + 1
            raise ContentError(
                path, f"column {number} is {column!r} again (column {first} is too)", where
            )
    if len(header) != 1:
        return
    for separator, name in SEPARATORS.items():
        if separator in header[0]:
            raise ContentError(
                path,
                f"the columns are separated by {name}, where a CSV file separates them by "
                "commas (save it as CSV, comma-separated)",
                where,
            )


def _check_cells(path: Path, line: int, row: dict[str, str]) -> None:
    """Refuse the row's first cell a terminal could not show as it is."""
    for column, cell in row.items():
        problem = text_problem(cell, TEXT_CHARS)
        if problem is not None:
            raise ContentError(path, f"the cell {problem}", f"line {line}, column {shown(column)}")


def read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # its regular expressions compile at import: not for a command's --help

    text = read_text(path, "TOML file")
    check_nesting(path, text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, toml_fault(text, str(exc))) from None


CURLY_QUOTES = "\u201c\u201d\u2018\u2019"
"""The quotes a word processor or a phone's keyboard puts in place of straight ones."""


def toml_fault(text: str, said: str) -> str:
    """tomllib's message on ``text`` for a person at a text editor: the line it stopped
    at, as written, and what such a line usually wants (a text editor's curly quotes,
    a closing quote, a word written bare)."""
    import re

    found = re.search(r"^(.*) \(at line (\d+), column \d+\)$", said)
    if found is None:
        return f"not valid TOML ({said})"
    reason, number = found[1], int(found[2])
    lines = text.splitlines()
    line = lines[number - 1].strip() if 0 < number <= len(lines) else ""
    value = line.partition("=")[2].split("#")[0].strip()
    hint = ""
    if any(quote in line for quote in CURLY_QUOTES):
        hint = '; write straight quotes (") where the editor put curly ones'
    elif reason.startswith("Illegal character '\\n'") and line.count('"') % 2:
        reason = "the text's closing quote is missing"
    elif reason.startswith("Cannot overwrite") or reason.endswith("twice"):
        table = re.fullmatch(r"Cannot declare \((.*)\) twice", reason)  # a Python tuple
        if table is not None:
            keys = re.findall(r"'([^']*)'", table[1])
            reason = f"Cannot declare [{'.'.join(keys)}] twice"
        hint = _brackets(lines, number) or "; a key is given twice in one table, or a [table] twice"
    elif (value[:1] in ("$", "£") and value[1:2].isdigit()) or (
        value[:1].isdigit() and value.endswith("%")
    ):
        hint = "; a number is written without $, £ or % (2.00; a half is 0.5)"
    elif reason == "Invalid value" and value.lower() in ("yes", "no", "true", "false"):
        hint = "; write true or false, in small letters and without quotes"
    elif reason == "Invalid value" and nearest(value, ("true", "false")):  # flase, ture
        hint = '; true or false is written in small letters without quotes, text in quotes ("...")'
    elif reason == "Invalid value" and value[:1].isalpha():
        hint = '; text is written in quotes ("...")'
    elif reason.startswith("Expected newline") and value[:1].isdigit():
        hint = (
            '; a number is written with a point (1.5), odds and other text in quotes ("7-2"), '
            "two numbers as a list ([26, 36])"
        )
    return f"not valid TOML at line {number}, {shown(line)}: {reason}{hint}"


def _brackets(lines: list[str], number: int) -> str:
    """A table's header on line ``number`` clashing with one of the same name above it,
    said as what the writer most likely meant: several tables of one name are each
    written with two brackets each side (``[[horse]]``), one with one (``[news]``)."""
    import re

    def header(text: str) -> tuple[str, str] | None:
        found = re.fullmatch(r"(\[\[?)\s*([^\[\]]+?)\s*\]\]?", text.split("#")[0].strip())
        return (found[1], found[2]) if found else None

    here = header(lines[number - 1]) if 0 < number <= len(lines) else None
    if here is None:
        return ""
    brackets, name = here
    above = [(at, header(text)) for at, text in enumerate(lines[: number - 1], start=1)]
    first = next(((at, h[0]) for at, h in above if h is not None and h[1] == name), None)
    if first is None:
        return ""
    at, first_brackets = first
    many = f"[[{name}]] (two brackets each side)"
    if brackets == "[[" and first_brackets == "[":
        return f"; line {at} writes [{name}] with one bracket each side: each is {many}"
    if brackets == "[" and first_brackets == "[[":
        return f"; each {name} is {many}, as on line {at}"
    times = sum(1 for text in lines if header(text) == ("[", name))
    if times > 2:  # one for each of several: a horse, a track's runner
        return f"; [{name}] is written {times} times: several tables of one name are each {many}"
    return f"; [{name}] is on line {at} too: write it once"


def to_int(path: Path, line: int, column: str, text: str) -> int:
    try:
        return whole_number(text, column, minimum=-(10**18))
    except HomestretchError:
        raise ContentError(
            path, f"{column} must be a whole number, got {shown(text)}", f"line {line}"
        ) from None


def choice_cell(
    path: Path, line: int, what: str, cell: str, choices: Collection[str], column: str = ""
) -> str:
    """A chart's cell that names one of ``choices``, read in any capitals (as a card's or
    a race file's choices are): the choice as ``choices`` write it. A slip is refused
    naming the choices and the nearest."""
    for choice in choices:
        if cell.strip().lower() == choice.lower():
            return choice
    near = nearest(cell, choices)
    said = f"unknown {what} {shown(cell)} (one of {', '.join(choices)})."
    where = f"line {line}, column {column}" if column else f"line {line}"
    raise ContentError(path, f"{said} Nearest: {near}." if near else said, where)


def content_folder(folder: Path, what: str, marker: str, copy: str) -> Path:
    """A folder of content named by a person (``--charts DIR``): one holding ``marker``
    (its ``chartset.toml``). A mistake is said with what to name instead: the folder
    that holds a file named in its place, the folder inside that is one (a content
    copy named for its ``charts``), a folder of a near name; else ``copy``, how to make
    one."""
    if (folder / marker).is_file():
        return folder
    if folder.is_file():
        above = shown_path(folder.parent)  # each folder named as the person reads it
        problem = f"is a file, not a {what} folder: name the folder that holds it ({above})"
    elif folder.is_dir():
        inside = [p for p in sorted(folder.iterdir()) if (p / marker).is_file()]
        problem = f"is not a {what} folder (it has no {marker})" + (
            f"; the one inside it is {shown_path(inside[0])}" if inside else f": {copy}"
        )
    else:
        try:
            beside = [p.name for p in folder.parent.iterdir() if (p / marker).is_file()]
        except OSError:  # its parent is not there either
            beside = []
        near = either_of([shown_path(folder.parent / n) for n in nearest_all(folder.name, beside)])
        problem = f"no such {what} folder" + (f"; did you mean {near}?" if near else f": {copy}")
    raise ContentError(folder, problem)


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


def known_keys(
    path: Path, where: str, table: Any, known: tuple[str, ...], top: tuple[str, ...] = ()
) -> None:
    """A TOML table holds only these keys: a misspelled one must not go unread. ``top``:
    the keys of the file's top, for a table below it (TOML reads a key written under a
    table's header as that table's, so one meant for the top is said to go above)."""
    if not isinstance(table, dict):
        raise ContentError(path, "must be a table", where)
    unknown = [k for k in table if k not in known]
    if unknown:
        misplaced = [k for k in unknown if k in top]
        above = (
            f"; {misplaced[0]} is a key of the file's top: write it above the first table "
            "(below one, TOML reads it as that table's)"
            if misplaced
            else ""
        )
        # the nearest key not given (a key given twice, once misspelt, the nearest of all)
        absent = [k for k in known if k not in table]
        near = "" if misplaced else nearest(unknown[0], absent) or nearest(unknown[0], known)
        hint = f". Nearest: {near}." if near else ""
        raise ContentError(
            path,
            f"unknown key(s) {', '.join(unknown)} (known: {', '.join(known)}){above}{hint}",
            where,
        )


REQUIRED: Any = object()
"""Marks a TOML key that must be given (``toml_value``'s default)."""
_KIND_NAMES = {
    int: "a whole number",
    float: "a number",
    str: 'text, in quotes ("...")',
    bool: "true or false",
}


def toml_value(
    path: Path,
    where: str,
    table: Any,
    key: str,
    kind: type,
    default: Any = REQUIRED,
    minimum: float | None = None,
    maximum: float | None = None,
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
        name = _KIND_NAMES.get(kind, f"a {kind.__name__}")
        quoted = isinstance(value, str) and _reads_as(value, kind)
        hint = " (write it without quotes)" if quoted else ""
        raise ContentError(path, f"{key} must be {name}, not {_as_written(value)}{hint}", where)
    if isinstance(value, float) and not math.isfinite(value):
        raise ContentError(path, f"{key} must be a finite number, not {value}", where)
    if isinstance(value, str):
        problem = text_problem(value, TEXT_CHARS)
        if problem is not None:
            raise ContentError(path, f"{key} {problem}", where)
    if minimum is not None and isinstance(value, int | float) and value < minimum:
        raise ContentError(path, f"{key} must be at least {minimum}, not {value}", where)
    if maximum is not None and isinstance(value, int | float) and value > maximum:
        raise ContentError(path, f"{key} must be at most {maximum}, not {value}", where)
    return value


def _as_written(value: object) -> str:
    """A value as the file's writer wrote it: TOML's ``true``, not Python's ``True``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _reads_as(text: str, kind: type) -> bool:
    """Whether ``text`` written without its quotes would be a ``kind`` ("2.00" a number,
    "false" true or false): then the quotes are the slip."""
    if kind is bool:
        return text.strip() in ("true", "false")
    if kind in (int, float):
        try:
            float(text)
        except ValueError:
            return False
        return True
    return False


def toml_table(path: Path, where: str, data: Any, key: str) -> dict[str, Any]:
    """``data[key]`` as a TOML table (empty when absent); a number or a list there is a
    one-line refusal, not a crash later."""
    value = data.get(key, {}) if isinstance(data, dict) else None
    if not isinstance(value, dict):
        raise ContentError(
            path, f"{key} must be a table ([{key}]), not {shown_value(value)}", where
        )
    return value


def toml_tables(path: Path, where: str, data: Any, key: str) -> list[dict[str, Any]]:
    """``data[key]`` as an array of tables (``[[key]]``; empty when absent)."""
    value = data.get(key, []) if isinstance(data, dict) else None
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ContentError(
            path, f"{key} must be an array of tables ([[{key}]]), not {shown_value(value)}", where
        )
    return value


def plain_text(text: str, what: str) -> str:
    """A name a person typed: safe to show (no control characters, NAME_CHARS at most).
    Square brackets are welcome: the screens escape markup when they draw a name."""
    return safe_text(text, what, NAME_CHARS)


def screen_text(text: str) -> str:
    """``plain_text`` as a pydantic validator for a content file's text (a ValueError
    names the field)."""
    problem = text_problem(text, TEXT_CHARS)
    if problem is not None:
        raise ValueError(f"the text {problem}")
    return text


def folder_digest(folder: Path) -> str:
    """A digest of every content file in ``folder`` (names and bytes), stored beside a
    run that used it so a replay can tell when the folder has changed since."""
    import hashlib  # OpenSSL's, loaded at import: not for a command's --help

    digest = hashlib.sha256()
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".csv", ".toml", ".json"))
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode("utf-8", "surrogateescape"))
        digest.update(b"\0" + read_text(path, "content file").encode("utf-8") + b"\0")
    return digest.hexdigest()[:20]


def check_digest(folder: Path, stored: str | None, what: str) -> None:
    """Refuse to rebuild a run from ``folder`` when it no longer holds the content the
    run was made with. A run saved before digests (``stored`` None) kept the folder as it
    was typed, often relative to where it was run: it is refused only when the folder is
    not there, since nothing else about it can be checked here."""
    named = shown_folder(folder)  # the kept path as the person reads it from here
    if stored is None:
        if not folder.is_dir() and folder.is_absolute():
            raise HomestretchError(f"this run used the {what} in {named}, which is gone")
        if not folder.is_dir():
            raise HomestretchError(
                f"this run used the {what} in {folder} (as typed, relative to the folder it "
                "was run from), which is not here: it was saved before runs kept the whole "
                "path, so replay or resume it from the folder it was run in"
            )
        return
    if not folder.is_dir():
        raise HomestretchError(
            f"this run used the {what} in {named}, which is gone; "
            "put it back to replay or resume the run exactly"
        )
    if folder_digest(folder) != stored:
        raise HomestretchError(
            f"the {what} in {named} changed after this run was saved, so it cannot be "
            "replayed or resumed exactly; restore the files the run used"
        )
