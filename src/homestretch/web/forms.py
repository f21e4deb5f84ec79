"""The forms a page draws for open-ended actions (a score keeper's postings, a bid of
any size): each kind of action with its fields and what each field holds, read from
the game's action classes, so the generic page needs to know no game. And the lobby's
form for a new game's settings, read from the game's settings model the same way."""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from homestretch.core.actions import ActionCodec
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.core.settings import Blank, Choices, Seat, Settings

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
        fields = [  # a field only a program posts (metadata form False) is not asked for
            {"name": f.name, "holds": field_kind(hints[f.name])}
            for f in dataclasses.fields(cls)
            if f.metadata.get("form", True)
        ]
        forms.append({"kind": cls.kind, "fields": fields})
    return forms


# --- a new game's settings (the lobby's form) ------------------------------------------
class FieldError(HomestretchError):
    """A refusal about one field of the lobby's form: ``field`` is its name, a setting's
    dotted path in the configuration (``rules.auction``) or ``seats.N.name``, so the
    page shows the line next to it."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(reason)
        self.field = field


def _unpacked(hint: Any) -> tuple[Any, list[Any], bool, bool]:
    """A field's type as (the type, its Annotated extras, may be None, may be an object
    of its own instead: a race given whole)."""
    extras: list[Any] = []
    optional = other = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        parts = typing.get_args(hint)
        optional = type(None) in parts
        kept = [p for p in parts if p is not type(None)]
        other = any(typing.get_origin(p) is dict for p in kept)
        hint = next(p for p in kept if typing.get_origin(p) is not dict)
    if typing.get_origin(hint) is typing.Annotated:
        hint, *extras = typing.get_args(hint)
        base, more, inner_optional, _ = _unpacked(hint)
        return base, extras + more, optional or inner_optional, other
    return hint, extras, optional, other


def _choices(extras: list[Any]) -> list[JSON] | None:
    found = next((e for e in extras if isinstance(e, Choices)), None)
    return None if found is None else [{"value": v, "label": w} for v, w in found.labels]


def _bounds(described: JSON, metadata: list[Any]) -> None:
    for item in metadata:
        for key, name in (("ge", "min"), ("le", "max"), ("max_length", "most")):
            if getattr(item, key, None) is not None:
                described[name] = getattr(item, key)


def _described(name: str, info: FieldInfo, group: str, more: bool = False) -> list[JSON]:
    hint, extras, optional, other = _unpacked(info.annotation)
    default = info.get_default(call_default_factory=True)
    extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
    more = more or extra.get("more") is True  # folded away (core.settings.MORE)
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        title = info.title or hint.model_config.get("title") or name
        return [
            field
            for inner, inner_info in hint.model_fields.items()
            for field in _described(f"{name}.{inner}", inner_info, title, more)
        ]
    described: JSON = {
        "name": name,
        "label": info.title or name.replace("_", " ").capitalize(),
        "help": info.description or "",
        "default": default,
        "optional": optional,
    }
    if group:
        described["group"] = group
    if more:
        described["more"] = True
    if "when" in extra:  # shown only while the configuration holds these values
        described["when"] = extra["when"]
    blank = next((e for e in [*extras, *info.metadata] if isinstance(e, Blank)), None)
    if blank is not None:
        described["blank"] = blank.words
    _bounds(described, [*extras, *info.metadata])
    choices = _choices([*extras, *info.metadata])
    if typing.get_origin(hint) is list:
        item, item_extras, _, _ = _unpacked(typing.get_args(hint)[0])
        described.update(kind="list", choices=_choices(item_extras) or [])
    elif choices is not None:
        described.update(kind="choice", choices=choices, other=other)
    elif any(isinstance(e, Seat) for e in [*extras, *info.metadata]):
        described["kind"] = "seat"
    else:
        described["kind"] = {bool: "flag", int: "number"}.get(hint, "text")
    return [described]


@cache
def settings_fields(model: type[Settings]) -> list[JSON]:
    """Each setting of a game as the lobby's form draws it: ``name`` (its dotted path in
    the configuration), ``label``, ``help``, ``kind`` (``number``, ``choice``, ``flag``,
    ``seat``: one of the players' seats, ``list``: several choices in order, ``text``),
    ``default``, ``optional`` (may be left blank, null: ``blank`` says what that means),
    ``min``, ``max``, ``most`` (a list's length), ``choices`` (each ``value`` and the
    ``label`` a person reads; ``other``: a whole object may stand instead, as in the
    JSON), ``group`` (the heading of a group of settings, such as house rules), ``when``
    (shown only while it matters: see ``shown``), ``more`` (true: one most hosts leave
    as it is, drawn folded under "More settings"; ``core.settings.MORE``)."""
    return [
        field for name, info in model.model_fields.items() for field in _described(name, info, "")
    ]


def shown(field: JSON, config: JSON) -> bool:
    """Whether the form shows ``field`` for ``config``, by its ``when``: for each key of
    the configuration it names (a dotted path), a list of the values it may hold
    (``{"source": ["replays"]}``) or of those it may not (``{"players": {"not": [0]}}``,
    a tote's settings where somebody bets). Values compare as JSON: 0 is not false, nor
    1 true; a key left out is null. A hidden setting keeps its value in the form, but a
    hidden flag is sent off: it does not apply (Derby Cast's "Confirm picks" over
    replays, R27). The lobby's script reads ``when`` alike (``shownWhen``, lobby.js)."""
    for name, wanted in field.get("when", {}).items():
        value: Any = config
        for key in name.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        refused = isinstance(wanted, dict)
        listed = wanted["not"] if refused else wanted
        if any(_same(value, each) for each in listed) == refused:
            return False
    return True


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON values: Python's 0 == False is not JSON's."""
    return bool(a == b) and isinstance(a, bool) == isinstance(b, bool)


def plain(field: JSON) -> str:
    """What a field holds, in the words of a refusal."""
    kind, label = field["kind"], field["label"]
    blank = " (or blank)" if field["optional"] else ""
    if kind == "number":
        low, high = field.get("min"), field.get("max")
        if low is not None and high is not None:
            return f"{label}: a whole number from {low} to {high}{blank}"
        return f"{label}: a whole number" + (f" from {low}" if low is not None else "") + blank
    if kind == "flag":
        return f"{label}: on or off (true or false)"
    if kind == "seat":
        return f"{label}: one of the players' seats"
    words = ", ".join(f'"{c["label"]}"' for c in field["choices"])  # as the form says them
    if kind == "list":
        most = f", at most {field['most']}" if "most" in field else ""
        return f"{label}: a list, each one of {words}{most}"
    if kind == "choice":
        if field["optional"]:  # the form's last choice, blank
            words += f', "{field.get("blank") or "none"}"'
        whole = " (or one given whole in the settings as JSON)" if field.get("other") else ""
        return f"{label}: one of {words}{whole}"
    return f"{label}: text"


def check_settings(model: type[Settings], config: JSON, seats: int) -> None:
    """Refuse a configuration the settings do not allow, naming the field (the first
    one wrong); ``seats``: how many seats the table is asked for."""
    fields = settings_fields(model)
    named = model.server_paths(config)  # read where the server runs, never from a browser
    if named:
        raise FieldError(
            named[0], f"{named[0]}: files and folders on the server are chosen where it runs"
        )
    try:
        model.model_validate(config)
    except ValidationError as exc:
        # a union's branch is named in the place ("function-after[check(), str]"): left out
        where = [str(part) for part in exc.errors()[0]["loc"] if "[" not in str(part)]
        found = [f for f in fields if f["name"].split(".") == where[: f["name"].count(".") + 1]]
        if found:
            raise FieldError(found[0]["name"], plain(found[0])) from None
        path = ".".join(where)
        raise FieldError(path, f"{path}: {exc.errors()[0]['msg']}") from None
    for field in fields:
        if field["kind"] == "seat":
            value = config.get(field["name"], field["default"])
            assert isinstance(value, int)  # checked by the model above
            if not 0 <= value < seats:
                raise FieldError(field["name"], plain(field))
    refused = model.refusal(config)
    if refused is not None:
        raise FieldError(*refused)
