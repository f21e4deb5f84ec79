"""Hostile requests to the lobby and to a table's move form: oversized, of the wrong
type, with control characters, nested deep, with huge numbers. Each gets a 4xx with one
line and changes nothing (or, when the value happens to be fine, a table as asked with
names a terminal can show); never a server error. A bounded, derandomized sample."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.fuzz.values import HOSTILE
from tests.web.conftest import open_table

from homestretch.core.inputs import bad_character
from homestretch.store.db import Store
from homestretch.web.app import create_app

SAMPLE = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
LOBBY = {
    "game": "totopoly",
    "config": {"players": 2},
    "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "name": "Cy"}],
    "seed": 3,
}
"""A request the lobby grants; each case spoils one place in it."""
PLACES = (
    ("game",),
    ("config",),
    ("config", "players"),
    ("config", "short"),
    ("seats",),
    ("seats", 0),
    ("seats", 0, "name"),
    ("seats", 0, "kind"),
    ("seats", 1, "bot"),
    ("dice",),
    ("seed",),
    ("roller",),
    ("private",),
)


class Deep:
    """A list nested ``depth`` deep, built only when sent (hypothesis would recurse
    through it to print it)."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def __repr__(self) -> str:
        return f"Deep({self.depth})"

    def built(self) -> Any:
        value: Any = 1
        for _ in range(self.depth):
            value = [value]
        return value


def hostile_values() -> st.SearchStrategy[Any]:
    """JSON values of every type, of sizes and depths no form sends."""
    leaves = st.one_of(
        st.sampled_from(HOSTILE),
        st.text(max_size=20),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.sampled_from([2**63, -(2**63) - 1, 10**300, 1e308, -0.0, True, False, None]),
        st.floats(allow_nan=False, allow_infinity=False),
    )
    return st.one_of(
        leaves,
        st.sampled_from([Deep(40), Deep(3000), {"a" * 10: "b" * 20_000}, list(range(5000))]),
        st.recursive(
            leaves,
            lambda kids: (
                st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)
            ),
            max_leaves=10,
        ),
    )


def _spoiled(request: Any, place: tuple[Any, ...], value: Any) -> Any:
    spoiled = json.loads(json.dumps(request))
    holder = spoiled
    for step in place[:-1]:
        holder = holder[step]
    holder[place[-1]] = value
    return spoiled


def _one_line_refusal(response: Any) -> None:
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:500])
    reason = response.json()["error"]
    assert reason and "\n" not in reason and len(reason) <= 1000, reason[:1000]


def _body(value: Any) -> bytes:
    try:
        return json.dumps(value, default=lambda deep: deep.built()).encode()
    except (ValueError, RecursionError):
        return b"[" * 100_000  # too deep for json.dumps too: sent as raw text


@SAMPLE
@given(place=st.sampled_from(PLACES), value=hostile_values())
def test_a_hostile_value_in_the_lobby_form(
    tmp_path: Path, place: tuple[Any, ...], value: Any
) -> None:
    store = Store(tmp_path / f"lobby-{uuid.uuid4().hex}.sqlite")
    with TestClient(create_app(store)) as client:
        body = _body(_spoiled(LOBBY, place, value))
        response = client.post("/api/tables", content=body)
        if response.status_code == 200:  # a value the form may hold: a table as asked
            listed = store.saved_games()
            assert len(listed) == 1
            names = [s["name"] for s in store.settings(listed[0].id)["seats"]]  # type: ignore[index]
            assert all(bad_character(n) is None and len(n) <= 60 for n in names), names
        else:
            _one_line_refusal(response)
            assert store.saved_games() == [], "a refused table was saved"


@SAMPLE
@given(
    raw=st.one_of(
        st.binary(max_size=200),
        st.sampled_from(
            [
                b"[" * 5000 + b"]" * 5000,
                b"1" * 5000,
                b"{" * 20_000,
                b'{"game": ' + b"9" * 10_000 + b"}",
                b"x" * 20_000,
            ]
        ),
    )
)
def test_raw_bodies_that_are_not_a_request(client: TestClient, store: Store, raw: bytes) -> None:
    _one_line_refusal(client.post("/api/tables", content=raw))
    assert store.saved_games() == []


MOVE_PLACES = ("token", "version", "action", "roll")


@SAMPLE
@given(place=st.sampled_from(MOVE_PLACES), value=hostile_values())
def test_a_hostile_value_in_the_move_form(
    client: TestClient, store: Store, place: str, value: Any
) -> None:
    table = store.saved_games()
    if not table:
        open_table(client, **LOBBY)
        table = store.saved_games()
    game_id = table[0].id
    links = store.settings(game_id)
    assert links is not None
    token = next(s["token"] for s in links["seats"] if s["kind"] == "person")
    before = client.get(f"/api/tables/{game_id}/frame", params={"token": token}).json()
    move = {"token": token, "version": before["version"], "action": {"kind": "pass"}}
    response = client.post(f"/api/tables/{game_id}/moves", content=_body({**move, place: value}))
    after = client.get(f"/api/tables/{game_id}/frame", params={"token": token}).json()
    if response.status_code == 200:  # a value that happened to make a legal move
        assert after["version"] > before["version"]
    else:
        _one_line_refusal(response)
        assert after["version"] == before["version"], "a refused move changed the table"
