"""Where `homestretch serve` says the lobby is. `--host 0.0.0.0` said "The lobby is at
http://0.0.0.0:8742/", an address nobody can open (docs/hosting.md says so): it says this
computer's addresses on its networks, which a phone at home opens, and 127.0.0.1."""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import pytest
import uvicorn
from typer.testing import CliRunner

from homestretch.cli.main import app as cli_app
from homestretch.web import cli as web_cli
from homestretch.web.cli import lobby_line, network_addresses


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
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    with socket.create_server(("127.0.0.1", 0)) as free:
        port = free.getsockname()[1]
    args = ["serve", "--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "s.db")]
    result = CliRunner().invoke(cli_app, args)
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert f"The lobby is at http://192.168.1.20:{port}/ for a phone on this network" in said
    assert f"http://127.0.0.1:{port}/ on this computer" in said
    assert "0.0.0.0" not in said
