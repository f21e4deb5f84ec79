"""The fuzz harness's fixtures: one fork server for the whole run, a folder of special
files, and hypothesis settings.

``make test`` runs a bounded, derandomized sample (the same cases every run);
``make fuzz`` sets HOMESTRETCH_FUZZ=N to run N random examples a test instead.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from tests.fuzz.harness import Homestretch, homestretch
from tests.fuzz.values import special_files

_LARGE = int(os.environ.get("HOMESTRETCH_FUZZ", "0"))
settings.register_profile(
    "homestretch-fuzz",
    max_examples=_LARGE or 40,
    derandomize=not _LARGE,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def examples(bounded: int) -> int:
    """How many examples a test runs: ``bounded`` under ``make test``, more under fuzz."""
    return _LARGE or bounded


@pytest.fixture(scope="session")
def hs() -> Iterator[Homestretch]:
    with homestretch() as server:
        yield server


@pytest.fixture(scope="session")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A working folder holding the special files (``special/``)."""
    folder = tmp_path_factory.mktemp("fuzz")
    special_files(folder / "special")
    return folder


@pytest.fixture(scope="session")
def held_port() -> Iterator[int]:
    """A port this process listens on, so a ``serve`` case given it stops at binding."""
    with socket.create_server(("127.0.0.1", 0)) as held:
        yield held.getsockname()[1]
