"""A quiet event stream says it is alive with an event the page sees (a comment line it
would not), so the page can tell a stream dead without a word from a quiet table."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from tests.conftest import serving

FRIENDS = [{"kind": "person", "name": name} for name in ("Ann", "Bob", "Cat")]
WAIT = 60.0
"""Seconds a request to the server may take before the test gives up: a bound on a
hang, not a measurement (httpx's own 5 s is within reach of a loaded machine)."""


def test_a_quiet_stream_sends_alive_events_at_the_servers_interval(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real server with a short interval: after the first frame, nothing happening at
    the table, the stream sends ``event: alive`` with the interval, again and again."""
    monkeypatch.setenv("HOMESTRETCH_KEEP_ALIVE", "0.2")  # the server process's
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "exact-odds"))
    with serving(str(tmp_path / "games.sqlite"), tmp_path) as address:
        request = {"game": "totopoly", "config": {"players": 3}, "seats": FRIENDS, "seed": 4}
        links = (
            httpx.post(f"{address}/api/tables", json=request, timeout=WAIT)
            .raise_for_status()
            .json()
        )
        token = links["seats"][0]["link"].rsplit("/", 1)[1]
        names: list[str] = []
        alive: list[object] = []
        url = f"{address}/api/tables/{links['id']}/events"
        # the timeout bounds waiting on a busy machine; nothing here measures a time
        with httpx.stream("GET", url, params={"token": token}, timeout=30) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            for line in stream.iter_lines():
                if line.startswith("event: "):
                    names.append(line.removeprefix("event: "))
                elif line.startswith("data: ") and names[-1] == "alive":
                    alive.append(json.loads(line.removeprefix("data: ")))
                if len(alive) == 2:
                    break
    assert names[0] == "frame"
    assert names[1:] == ["alive", "alive"]  # no move made: nothing but alive events after
    assert alive == [{"every": 0.2}, {"every": 0.2}]
