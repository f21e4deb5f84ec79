"""Where `homestretch serve` says the lobby is. `--host 0.0.0.0` said "The lobby is at
http://0.0.0.0:8742/", an address nobody can open (docs/hosting.md says so): it says this
computer's addresses on its networks, which a phone at home opens, and 127.0.0.1."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner

from homestretch.cli.main import app as cli_app
from homestretch.core.errors import HomestretchError
from homestretch.web import cli as web_cli
from homestretch.web.cli import lobby_line, network_addresses


def _bound_port(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The server not run (uvicorn's run a no-op): the port of the socket it was handed,
    filled in when it is, in the list returned."""
    bound: list[int] = []

    def run(self: uvicorn.Server, sockets: list[socket.socket] | None = None) -> None:
        assert sockets is not None
        bound.append(sockets[0].getsockname()[1])

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return bound


def test_port_0_serves_on_a_free_port_and_says_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--port 0`: the port the server bound (the OS's choice, free at the bind itself),
    said in the lobby's line; the tests' servers are started so (tests/conftest.py), as a
    port chosen first and bound later could be taken meanwhile by another process."""
    bound = _bound_port(monkeypatch)
    args = ["serve", "--port", "0", "--db", str(tmp_path / "s.db")]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    assert bound and bound[0] != 0
    assert f"The lobby is at http://127.0.0.1:{bound[0]}/ (Ctrl-C" in " ".join(
        result.output.split()
    )


def test_every_network_is_said_as_the_addresses_to_open() -> None:
    line = lobby_line("0.0.0.0", 8742, ["192.168.1.20", "10.0.0.7"])
    assert line.startswith("The lobby is at http://192.168.1.20:8742/ or http://10.0.0.7:8742/")
    assert "http://127.0.0.1:8742/ on this computer" in line
    assert "0.0.0.0" not in line


def test_no_address_found_says_to_open_this_computers_network_address() -> None:
    line = lobby_line("0.0.0.0", 8742, [])
    assert "http://127.0.0.1:8742/ on this computer" in line
    assert "this computer's network address at port 8742" in line
    assert "The lobby is at http://0.0.0.0" not in line and "not http://0.0.0.0:8742/" in line


def test_an_address_listened_on_is_said_as_it_is_and_ipv6_in_brackets() -> None:
    assert lobby_line("127.0.0.1", 8000, ["192.168.1.20"]).startswith(
        "The lobby is at http://127.0.0.1:8000/ (Ctrl-C"
    )
    assert lobby_line("::", 8000, ["fd00::2"]).startswith(
        "The lobby is at http://[fd00::2]:8000/ for a phone on this network, "
        "http://[::1]:8000/ on this computer"
    )


@pytest.mark.parametrize("ipv6", [False, True])
def test_the_addresses_found_are_this_computers_own_and_none_a_phone_cannot_open(
    ipv6: bool,
) -> None:
    found = network_addresses(ipv6=ipv6)
    for text in found:
        address = ipaddress.ip_address(text)
        assert address.version == (6 if ipv6 else 4)
        assert not (address.is_loopback or address.is_unspecified or address.is_link_local)
        family = socket.AF_INET6 if ipv6 else socket.AF_INET
        with socket.socket(family, socket.SOCK_DGRAM) as own:
            own.bind((text, 0))  # only an address of this computer's binds
    assert len(found) == len(set(found))


def test_serve_on_every_network_prints_the_home_address_and_this_computers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(web_cli, "network_addresses", lambda ipv6=False: ["192.168.1.20"])
    bound = _bound_port(monkeypatch)
    args = ["serve", "--host", "0.0.0.0", "--port", "0", "--db", str(tmp_path / "s.db")]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    said, port = " ".join(result.output.split()), bound[0]
    assert f"The lobby is at http://192.168.1.20:{port}/ for a phone on this network" in said
    assert f"http://127.0.0.1:{port}/ on this computer" in said
    assert "0.0.0.0" not in said


def test_an_ipv6_host_is_written_in_brackets_before_its_port() -> None:
    assert web_cli.host_port("::1", 8000) == "[::1]:8000"
    assert web_cli.host_port("fd00::2", 80) == "[fd00::2]:80"
    assert web_cli.host_port("127.0.0.1", 8000) == "127.0.0.1:8000"
    assert web_cli.host_port("localhost", 8000) == "localhost:8000"
    assert lobby_line("::1", 8000, []).startswith("The lobby is at http://[::1]:8000/ (Ctrl-C")


@pytest.mark.parametrize("given", ["2001:db8::1", "[2001:db8::1]"])
def test_an_ipv6_address_it_cannot_serve_on_is_said_with_its_port_apart(
    tmp_path: Path, given: str
) -> None:
    """`cannot serve on ::1:8000` read as one address with no port: `[::1]:8000`. An
    address not this computer's (a documentation one), given bare or as a URL writes it."""
    args = ["serve", "--host", given, "--port", "8123", "--db", str(tmp_path / "s.db")]
    result = CliRunner().invoke(cli_app, args)
    assert isinstance(result.exception, HomestretchError), result.output
    said = str(result.exception)
    assert said.startswith("cannot serve on [2001:db8::1]:8123 ("), said
    assert list(tmp_path.iterdir()) == []


@contextmanager
def _host_name_lookup(answer: Callable[[threading.Event], list[Any]]) -> Iterator[None]:
    """``socket.getaddrinfo`` of this computer's host name answered by ``answer`` (any
    other name as before), given an event set on leaving, which frees a lookup held."""
    real, name, done = socket.getaddrinfo, socket.gethostname(), threading.Event()

    def lookup(host: Any, *args: Any, **kwargs: Any) -> list[Any]:
        return answer(done) if host == name else real(host, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(socket, "getaddrinfo", lookup)
        try:
            yield
        finally:
            done.set()


def _hangs(done: threading.Event) -> list[Any]:
    """A lookup that waits on a resolver that does not answer (till the test is done)."""
    done.wait(60)
    return []


def test_a_host_name_lookup_that_hangs_holds_the_addresses_back_a_moment_only() -> None:
    with _host_name_lookup(_hangs):
        start = time.monotonic()
        found = network_addresses()
        waited = time.monotonic() - start
    assert web_cli.LOOKUP_SECONDS <= waited < web_cli.LOOKUP_SECONDS + 2, waited
    assert all(ipaddress.ip_address(text).version == 4 for text in found)


def test_a_host_name_lookup_in_time_adds_its_addresses() -> None:
    info = (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("192.0.2.77", 0))
    with _host_name_lookup(lambda done: [info]):
        assert "192.0.2.77" in network_addresses()


def test_serve_on_every_network_starts_though_the_host_name_lookup_hangs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A machine whose DNS is broken: `serve --host 0.0.0.0` waited on the lookup of its
    own name (minutes) before it said where the lobby is and served."""
    bound = _bound_port(monkeypatch)
    args = ["serve", "--host", "0.0.0.0", "--port", "0", "--db", str(tmp_path / "s.db")]
    with _host_name_lookup(_hangs):
        start = time.monotonic()
        result = CliRunner().invoke(cli_app, args)
        waited = time.monotonic() - start
    assert result.exit_code == 0, result.output
    assert waited < web_cli.LOOKUP_SECONDS + 5, waited
    assert f"http://127.0.0.1:{bound[0]}/ on this computer" in " ".join(result.output.split())
