"""The forms a page draws for open-ended actions (a score keeper's postings, a bid of
any size): each kind of action with its fields and what each field holds, read from
the game's action classes, so the generic page needs to know no game."""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

from homestretch.core.actions import ActionCodec
from homestretch.core.protocol import JSON

SCALARS = {str: "text", int: "number", bool: "flag"}


def field_kind(hint: Any) -> str:
    """ "text", "number", "flag", or a list of one ("texts", "numbers"); a field that
    may be None (left blank) is marked by a trailing "?" ("numbers?" for a finish list
    with gaps)."""
    origin = typing.get_origin(hint)
    if origin is tuple:
        inner = field_kind(typing.get_args(hint)[0])
        return inner.replace("?", "") + "s" + ("?" if inner.endswith("?") else "")
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in typing.get_args(hint) if a is not type(None)]
        return field_kind(kinds[0]) + ("?" if len(kinds) < len(typing.get_args(hint)) else "")
    return SCALARS.get(hint, "text")


@cache
def action_forms(codec: ActionCodec) -> list[JSON]:
    forms = []
    for cls in codec.classes:
        hints = typing.get_type_hints(cls)
        fields = [
            {"name": f.name, "holds": field_kind(hints[f.name])} for f in dataclasses.fields(cls)
        ]
        forms.append({"kind": cls.kind, "fields": fields})
    return forms
