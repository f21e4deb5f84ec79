"""Content files made wrong one change at a time: a value of the wrong kind or size, a
row lost or doubled, a file cut short or nested too deep. Each ``*_mutation`` strategy
draws a function that rewrites one file in place."""

from __future__ import annotations

import csv
import io
import json
import math
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from tests.fuzz.values import HOSTILE

WRONG_VALUES: tuple[Any, ...] = (
    0,
    -1,
    10**12,
    2**63,
    10**40,
    math.inf,
    -math.inf,
    math.nan,
    1e308,
    2.5,
    True,
    "",
    "\x1bc",
    "A\x00B",
    "A\x7fB",
    "\x1b]0;owned\x07",
    "[b]x[/b]",
    "²",
    "x" * 200_000,
    [],
    {},
    [1, 2],
    {"a": 1},
)
"""Values put where a count, a number, a name, a table or a list belongs."""
WRONG_CELLS = (*HOSTILE, "inf", "nan", "1e400", "-0", "x" * 200_000, "1/0", "9:99.99")
"""Cells put where a CSV file holds a number, a name or a code."""
DEEP = "[" * 20_000 + "]" * 20_000


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a parsed document a value can be replaced (not the root)."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def _replace(document: Any, path: tuple[Any, ...], value: Any) -> None:
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value


# A minimal TOML writer: enough for our content files (tables, arrays of tables, values).
def _key(key: str) -> str:
    return json.dumps(key)


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return "{" + ", ".join(f"{_key(k)} = {_inline(v)}" for k, v in value.items()) + "}"


def to_toml(document: dict[str, Any], header: str = "") -> str:
    lines: list[str] = []
    nested: list[tuple[str, Any]] = []
    for key, value in document.items():
        dotted = f"{header}.{_key(key)}" if header else _key(key)
        if (
            isinstance(value, dict)
            and value
            or isinstance(value, list)
            and value
            and all(isinstance(v, dict) for v in value)
        ):
            nested.append((dotted, value))
        else:
            lines.append(f"{_key(key)} = {_inline(value)}")
    text = "\n".join(lines) + "\n"
    for dotted, value in nested:
        if isinstance(value, dict):
            text += f"\n[{dotted}]\n" + to_toml(value, dotted)
        else:
            for item in value:
                scalars = {k: v for k, v in item.items()}
                text += f"\n[[{dotted}]]\n" + "".join(
                    f"{_key(k)} = {_inline(v)}\n" for k, v in scalars.items()
                )
    return text


def _raw(data: st.DataObject, text: str) -> str:
    """Damage that no parser gets past: cut short, deep nesting, stray bytes."""
    kind = data.draw(st.sampled_from(("cut", "deep", "empty", "bytes")), label="damage")
    if kind == "cut":
        return text[: data.draw(st.integers(0, max(0, len(text) - 1)), label="cut at")]
    if kind == "deep":
        return text + f"\ndeep = {DEEP}\n"
    if kind == "empty":
        return ""
    return text + "\n\x00\x1b\udcff\n"


def _write(path: Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def toml_mutation(data: st.DataObject, path: Path) -> str:
    """Rewrite the TOML file at ``path`` with one thing wrong; say what."""
    document = tomllib.loads(path.read_text())
    if data.draw(st.integers(0, 5), label="raw?") == 0:
        _write(path, _raw(data, path.read_text()))
        return "raw damage"
    places = _paths(document)
    place = data.draw(st.sampled_from(places), label="place")
    value = data.draw(st.sampled_from(WRONG_VALUES), label="value")
    _replace(document, place, value)
    _write(path, to_toml(document))
    return f"{place} = {str(value)[:40]!r}"


def csv_mutation(data: st.DataObject, path: Path) -> str:
    """Rewrite the CSV file at ``path`` with one thing wrong; say what."""
    text = path.read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    kind = data.draw(
        st.sampled_from(("cell", "cell", "cell", "no rows", "twice", "drop", "column", "raw")),
        label="change",
    )
    body = [r for r in rows[1:] if r and not r[0].startswith("#")]
    if kind == "raw":
        _write(path, _raw(data, text))
        return "raw damage"
    if kind == "no rows":
        rows = rows[:1]
    elif kind in ("twice", "drop") and body:
        row = data.draw(st.sampled_from(body), label="row")
        if kind == "twice":
            rows.append(list(row))
        else:
            rows.remove(row)
    elif kind == "column":
        rows = [r[:-1] for r in rows]
    else:
        line = data.draw(st.integers(0, len(rows) - 1), label="line")
        if not rows[line]:
            return "nothing"
        column = data.draw(st.integers(0, len(rows[line]) - 1), label="column")
        rows[line][column] = data.draw(st.sampled_from(WRONG_CELLS), label="cell")
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    _write(path, out.getvalue())
    return kind


def json_mutation(data: st.DataObject, path: Path) -> str:
    document = json.loads(path.read_text())
    if data.draw(st.integers(0, 5), label="raw?") == 0:
        _write(path, _raw(data, path.read_text()))
        return "raw damage"
    place = data.draw(st.sampled_from(_paths(document)), label="place")
    value = data.draw(st.sampled_from(WRONG_VALUES), label="value")
    _replace(document, place, value)
    _write(path, json.dumps(document))  # inf and nan as JSON's Infinity and NaN
    return f"{place} = {str(value)[:40]!r}"
