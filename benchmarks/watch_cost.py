"""What the server's look at the store for moves made elsewhere costs (``Hub.look_at_store``,
once a second over the tables some page has a stream open on): the process's processor
time over a window with N watched tables, the look on against the look off, paired in one
process (off, on, off, on, ...), the least of ``--rounds`` each.

    .venv/bin/python benchmarks/watch_cost.py [--tables 1 10 50] [--seconds 10]
        [--rounds 3] [--pg postgresql+psycopg://USER@HOST/DB [--pg-data FOLDER]]

Each table is a real one (Totopoly, two people, opened as the lobby opens one) held by
the hub with one stream's listener on it; nothing moves during the window, so what the
look costs when there is nothing to find is what is measured (a move found costs what a
notice from another server costs). Printed: milliseconds of processor a second, off and
on, and the difference per watched table. With ``--pg-data`` (the cluster's data folder,
for its ``postmaster.pid``) the time of the PostgreSQL backends serving the connections
is counted too (to the kernel's tick, 10 ms: over a 10 s window, 1 ms/s).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from homestretch.store.db import Store
from homestretch.web.hub import WATCH_EVERY, Hub, Viewer
from homestretch.web.notify_pg import notifier_for

PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]


async def opened(store: Store, count: int) -> list[int]:
    hub = Hub(store, watch_every=None)
    ids = []
    for seed in range(count):
        request = {"game": "totopoly", "config": {"players": 2}, "seats": PEOPLE, "seed": seed}
        ids.append(int((await hub.open_table(request))["id"]))
    return ids


def children_cpu(data: Path) -> Callable[[], float]:
    """The processor seconds the PostgreSQL cluster's client backends (one a connection
    over TCP, its own background workers left out) have used."""
    postmaster = int((data / "postmaster.pid").read_text().split()[0])
    tick = os.sysconf("SC_CLK_TCK")

    def used() -> float:
        total = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                backend = b"127.0.0.1(" in (stat.parent / "cmdline").read_bytes()
            except OSError:
                continue  # gone meanwhile
            if int(fields[1]) == postmaster and backend:  # ppid
                total += int(fields[11]) + int(fields[12])  # utime + stime
        return total / tick

    return used


def no_server() -> float:
    return 0.0


async def window(
    store: Store, ids: list[int], look: bool, seconds: float, server: Callable[[], float]
) -> float:
    """Processor seconds the process (and the database's server, where counted) spent over
    ``seconds`` with ``ids`` watched."""
    hub = Hub(store, notifier_for(store), watch_every=WATCH_EVERY if look else None)
    for game_id in ids:
        live = await hub.get(game_id)
        live.listeners[asyncio.Queue()] = Viewer(None)  # a page's stream open on it
    await hub.start()
    try:
        await asyncio.sleep(0.2)  # the notifier's connection made, the first look not yet
        start = time.process_time() + server()
        await asyncio.sleep(seconds)
        return time.process_time() + server() - start
    finally:
        await hub.stop()


async def measure(
    target: str, sizes: list[int], seconds: float, rounds: int, server: Callable[[], float]
) -> None:
    store = Store(target)
    ids = await opened(store, max(sizes))
    counted = "" if server is no_server else ", the database's backends counted"
    print(f"{store.url.get_backend_name()}: {seconds:g} s windows, least of {rounds}{counted}")
    for size in sizes:
        least = {False: float("inf"), True: float("inf")}
        for _ in range(rounds):
            for look in (False, True):
                spent = await window(store, ids[:size], look, seconds, server)
                least[look] = min(least[look], spent)
        off, on = (least[k] / seconds * 1000 for k in (False, True))
        per = (on - off) / size
        print(
            f"  {size:3d} tables: off {off:6.3f} ms/s, on {on:6.3f} ms/s, "
            f"the look {per * 1000:7.1f} us of processor per watched table a second"
        )
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--pg", help="a PostgreSQL database to measure on too (its URL)")
    parser.add_argument("--pg-data", type=Path, help="its cluster's data folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sqlite = str(Path(folder) / "games.sqlite")
        asyncio.run(measure(sqlite, args.tables, args.seconds, args.rounds, no_server))
        if args.pg:
            server = no_server if args.pg_data is None else children_cpu(args.pg_data)
            asyncio.run(measure(args.pg, args.tables, args.seconds, args.rounds, server))


if __name__ == "__main__":
    main()
