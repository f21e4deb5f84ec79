"""A loopback relay between a browser and a test's server that can make the event
streams open now go silent: what a dead network, or a proxy that drops a quiet
connection without closing it, looks like to a page."""

from __future__ import annotations

import contextlib
import socket
import threading
from urllib.parse import urlsplit


class Relay:
    """A loopback TCP relay between the browser and the server that can go silent on the
    event streams open now: their connections stay open, but nothing the server sends on
    them reaches the browser any more (what a dead network looks like to a page).
    Connections opened afterwards are relayed as before."""

    def __init__(self, server: str) -> None:
        where = urlsplit(server)
        self.upstream = (where.hostname or "127.0.0.1", where.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.address = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.streams: list[dict[str, bool]] = []  # each connection: carries events? silent?
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                browser_side, _ = self.listener.accept()
            except OSError:  # closed: the test is over
                return
            server_side = socket.create_connection(self.upstream)
            state = {"events": False, "silent": False}
            self.streams.append(state)
            self.sockets += [browser_side, server_side]
            threading.Thread(target=self._ask, args=(browser_side, server_side, state), daemon=True).start()  # fmt: skip
            threading.Thread(target=self._answer, args=(server_side, browser_side, state), daemon=True).start()  # fmt: skip

    @staticmethod
    def _ask(source: socket.socket, target: socket.socket, state: dict[str, bool]) -> None:
        try:
            while data := source.recv(65536):
                state["events"] = state["events"] or b"/events" in data
                target.sendall(data)
        except OSError:
            pass
        finally:
            target.close()

    @staticmethod
    def _answer(source: socket.socket, target: socket.socket, state: dict[str, bool]) -> None:
        try:
            while data := source.recv(65536):
                if not state["silent"]:  # silent: read, and dropped
                    target.sendall(data)
        except OSError:
            pass
        finally:
            target.close()

    def silence(self) -> int:
        """The event streams open now go silent; how many there were."""
        streams = [state for state in self.streams if state["events"]]
        for state in streams:
            state["silent"] = True
        return len(streams)

    def events_asked(self) -> int:
        return sum(state["events"] for state in self.streams)

    def close(self) -> None:
        self.listener.close()
        for each in self.sockets:
            with contextlib.suppress(OSError):
                each.shutdown(socket.SHUT_RDWR)
            each.close()
