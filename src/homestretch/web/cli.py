"""``homestretch serve`` (the web server) and ``homestretch verify`` (the fair-dice check).
The server's libraries are imported inside the commands, so ``--help`` stays quick."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from homestretch.cli.common import (
    DbOption,
    FormatOption,
    OutputFormat,
    console,
    echo_json,
    game_id_argument,
)
from homestretch.core.errors import HomestretchError

if TYPE_CHECKING:
    import socket


def _content_folders(folders: list[Path] | None) -> list[Path] | None:
    """A --content file said to be one, with what the folder should hold, and a folder
    not there with how to make one, as a game's --content says them."""
    from homestretch.cli.content import content_folder

    check = content_folder("across", "totopoly")
    for folder in folders or []:
        check(folder)
    return folders


def _listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` at ``port``, or one line naming ``host:port`` and
    why not."""
    import socket

    try:
        return socket.create_server((host, port))
    except OSError as exc:
        reason = (exc.strerror or str(exc)).split(" (")[0]  # not the address again
        raise HomestretchError(f"cannot serve on {host_port(host, port)} ({reason})") from None


def host_port(host: str, port: int) -> str:
    """``host:port`` as an address is written: an IPv6 host in brackets (``[::1]:8000``;
    ``::1:8000`` reads as one address with no port)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


WILDCARDS = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}
"""The addresses that listen on every network, each with its own computer's loopback:
not an address a browser can open (http://0.0.0.0:8000/ sent a phone nowhere)."""


LOOKUP_SECONDS = 1.5
"""How long ``serve`` waits for this computer's host name to be looked up (a machine whose
DNS is broken waits on it for minutes, the server not started): what is known by then
is said."""


def _host_name_addresses(family: int) -> list[str]:
    """The addresses this computer's host name resolves to, or none if the lookup fails
    or takes longer than ``LOOKUP_SECONDS`` (it is left to finish on its own, in a thread
    that keeps nothing from ending)."""
    import socket
    import threading

    found: list[list[str]] = []

    def look_up() -> None:
        try:
            named = socket.getaddrinfo(socket.gethostname(), None, family, socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            return
        found.append([str(info[4][0]) for info in named])

    lookup = threading.Thread(target=look_up, name="host-name-lookup", daemon=True)
    lookup.start()
    lookup.join(LOOKUP_SECONDS)
    return found[0] if found else []


def network_addresses(ipv6: bool = False) -> list[str]:
    """This computer's own addresses on its networks (not loopback, not link-local), the
    one its traffic leaves by first: a UDP socket "connected" to an outside address (no
    packet is sent) names it, and the host name's addresses add any other (looked up for
    ``LOOKUP_SECONDS`` at most)."""
    import ipaddress
    import socket

    family = socket.AF_INET6 if ipv6 else socket.AF_INET
    found: list[str] = []
    outside = ("2001:db8::1", 9) if ipv6 else ("192.0.2.1", 9)  # documentation ranges
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(outside)
            found.append(str(probe.getsockname()[0]))
    except OSError:  # no route out: no network, or none of this family
        pass
    found += _host_name_addresses(family)
    kept: list[str] = []
    for text in found:
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        useless = address.is_loopback or address.is_link_local or address.is_unspecified
        if not useless and str(address) not in kept:
            kept.append(str(address))
    return kept


def _url(host: str, port: int) -> str:
    return f"http://{host_port(host, port)}/"


def lobby_line(host: str, port: int, found: list[str]) -> str:
    """Where to open the lobby: the address listened on, or for one that listens on every
    network (``--host 0.0.0.0``) this computer's addresses ``found`` on them, which a
    phone at home opens, and its loopback, which only this computer does."""
    if host not in WILDCARDS:
        return f"The lobby is at {_url(host, port)} (Ctrl-C stops the server)"
    here = _url(WILDCARDS[host], port)
    if not found:
        return (
            f"The lobby is at {here} on this computer; a phone on this network opens "
            f"this computer's network address at port {port} (`hostname -I` on Linux, "
            f"`ipconfig` on Windows), not {_url(host, port)} (Ctrl-C stops the server)"
        )
    phones = " or ".join(_url(address, port) for address in found)
    return (
        f"The lobby is at {phones} for a phone on this network, {here} on this computer "
        "(Ctrl-C stops the server)"
    )


def serve(
    host: Annotated[str, typer.Option("--host", help="the address to listen on")] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port", min=0, max=65535, help="the port (0: any free one, said in the lobby's line)"
        ),
    ] = 8000,
    db: DbOption = None,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards",
            help="the card set the Stretch race builder uses (default: the standard set; copy "
            "it to edit with `homestretch stretch content FOLDER --part cards`)",
        ),
    ] = None,
    content: Annotated[
        list[Path] | None,
        typer.Option(
            "--content",
            callback=_content_folders,
            help="a content folder of your own (Across the Board's or Totopoly's, as `play "
            "--content` takes it) that the lobby offers beside the bundled; repeatable",
        ),
    ] = None,
    race: Annotated[
        list[Path] | None,
        typer.Option(
            "--race",
            help="a Top of the Stretch race file of your own (as `homestretch stretch run` "
            "takes it) that the lobby offers beside the bundled races; repeatable",
        ),
    ] = None,
    call_pace: Annotated[
        float,
        typer.Option(
            "--call-pace",
            min=0,
            max=60,
            metavar="SECONDS",
            help="seconds each part of a race's call is read for on the pages, the computer "
            "keeper waiting for it before the result (0: the result at once)",
        ),
    ] = 1.8,
) -> None:
    """Serve tables to browsers: a lobby, a link per seat, spectators and replays."""
    import uvicorn

    from homestretch.cli.common import open_store
    from homestretch.games.stretch.content.card_set import load_card_set
    from homestretch.web.app import create_app
    from homestretch.web.designs import Designs, read_designs
    from homestretch.web.notify_pg import notifier_for

    card_set = None if cards is None else load_card_set(cards)  # a bad folder: one line now
    designs = read_designs(content or [], race or [])  # a broken file: its one line now
    # an address it cannot listen on (`--host "bad host!"`, another machine's) or a port
    # in use is said before the store is opened: it made the default store (and SQLite's
    # files beside it) first. Bound here, so it is one line rather than uvicorn's log
    if host.startswith("[") and host.endswith("]"):  # an IPv6 address as a URL writes it
        host = host[1:-1]
    listening = _listen(host, port)
    port = listening.getsockname()[1]  # the one bound: the free one `--port 0` asked for
    try:
        store = open_store(db)
        # a store the server may read but not write (a read-only file, a role that may
        # only SELECT) served the lobby and failed at the first move: one line now
        try:
            store.check_writable()
        except HomestretchError as exc:
            raise HomestretchError(f"{exc}; the server saves every table there") from None
        app = create_app(
            store, notifier_for(store), card_set, Designs(designs), call_pace
        )  # LISTEN/NOTIFY when several share PostgreSQL
    except BaseException:
        listening.close()
        raise
    for design in designs:
        said = design.about[:1].lower() + design.about[1:]
        console.print(f"The lobby offers {said}", highlight=False, soft_wrap=True)
    # `--host 0.0.0.0` said "The lobby is at http://0.0.0.0:8000/", an address nobody
    # can open: the addresses a phone at home and this computer open instead
    found = network_addresses(ipv6=host == "::") if host in WILDCARDS else []
    console.print(lobby_line(host, port, found), highlight=False, soft_wrap=True)
    # open event streams are cut 2 s after Ctrl-C rather than waited for
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[listening])


def verify(
    game_id: Annotated[int, game_id_argument("the table's id (see homestretch history)")],
    db: DbOption = None,
    fmt: FormatOption = OutputFormat.text,
) -> None:
    """Check a finished table's dice: every chance outcome follows from its revealed seed."""
    from homestretch.cli.common import open_store
    from homestretch.web.verify import verify_table

    verdict = verify_table(open_store(db, saved=True, read_only=True), game_id)
    if fmt is OutputFormat.json:
        echo_json(verdict)
    else:
        word = "fair" if verdict["fair"] else "NOT fair"
        console.print(f"Game {game_id}: {word}: {verdict['reason']}", highlight=False)
    if not verdict["fair"]:
        raise typer.Exit(1)
