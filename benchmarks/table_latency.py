"""How long a move takes to reach every seat, and how many tables one process serves.

    .venv/bin/python benchmarks/table_latency.py [--moves N] [--tables 25,50,100,200]
        [--seconds S] [--think S] [--clients N] [--pg postgresql+psycopg://USER@HOST/DB]
        [--profile FILE]

A real ``homestretch serve`` process on a loopback port, driven over HTTP by this process
(and, for the bot tables, by client processes it starts):

1. submit-to-every-seat: tables of 7 seats (Across the Board: 4 people, 3 computers) and
   20 seats (Derby Cast: 12 people, 8 computers), every person's seat and one spectator
   holding an event stream. A person's move is timed from the POST until the last
   stream has the new frame; p50 and p95 over ``--moves`` moves.
2. bot tables at once: T tables of one person and two computer players (Totopoly), each
   person's stream open, every person moving ``--think`` seconds (on average; from half
   to one and a half times it) after it is their turn; the p95 of submit-to-push for
   T = each of ``--tables`` for ``--seconds`` each, the moves per second served, and
   the processor time a move cost the server and the clients. The people are shared
   among ``--clients`` processes (2), as people sit at browsers of their own: one
   process driving 200 tables is itself slow enough to add to what it measures.
   The target is 200 tables at a p95 under 100 ms. With ``--think 0`` every person
   moves at once: the server is saturated and the latency is the queue, T times the
   work of one move, whatever the server.

On a SQLite file, and on PostgreSQL when ``--pg`` names an (empty) database. Every
number comes from this run on this machine; the ratios compare them with each other.
``--profile FILE`` runs the server under cProfile and writes its statistics to FILE
(one file per store, the store's name appended), to see where a move's time goes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from homestretch.core.registry import entry

SERVE = ["-c", "from homestretch.cli.main import run; run()", "serve"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(db: str, profile: str | None = None) -> Iterator[tuple[str, int]]:
    """The server's address and process id."""
    port = free_port()
    command = [*SERVE, "--port", str(port), "--db", db]
    if profile:  # the server stops on SIGTERM and cProfile writes what it saw
        command = [str(Path(__file__).with_name("profiled_serve.py")), profile, *command[2:]]
    # a session of its own, as a server started by its host: where the kernel shares
    # the processor among sessions (autogroup scheduling, Linux's default), the server
    # then gets its own share rather than one shared with the clients driving it
    server = subprocess.Popen(
        [sys.executable, *command], stdout=subprocess.DEVNULL, start_new_session=True
    )
    address = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                if httpx.get(f"{address}/api/tables", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise SystemExit("homestretch serve did not start")
        yield address, server.pid
    finally:
        server.terminate()
        server.wait(10)


def derbycast_config(players: int) -> dict[str, Any]:
    config = dict(entry("derbycast").harness_configs()[0])
    names = [f"P{n}" for n in range(1, players + 1)]
    config["players"] = players
    config["entrants"] = [{"name": n, "members": [n], "bot": False} for n in names]
    config["races"] = None
    return config


def seats(people: int, computers: int, bot: str) -> list[dict[str, Any]]:
    return [{"kind": "person", "name": f"P{n}"} for n in range(people)] + [
        {"kind": "bot", "bot": bot, "name": f"C{n}"} for n in range(computers)
    ]


class Watched:
    """A table's open event streams, each noting when it saw each version."""

    def __init__(self, client: httpx.AsyncClient, game_id: int, tokens: list[str]) -> None:
        self.client, self.game_id, self.tokens = client, game_id, tokens
        self.seen: list[dict[int, float]] = [{} for _ in tokens]
        self.latest: list[dict[str, Any]] = [{} for _ in tokens]
        self.changed = asyncio.Event()
        self.tasks = [asyncio.create_task(self._follow(i)) for i in range(len(tokens))]

    async def _follow(self, index: int) -> None:
        params = {"token": self.tokens[index]} if self.tokens[index] else {}
        url = f"/api/tables/{self.game_id}/events"
        async with self.client.stream("GET", url, params=params, timeout=None) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("data:"):
                    frame = json.loads(line[5:])
                    self.seen[index].setdefault(frame["version"], time.perf_counter())
                    self.latest[index] = frame
                    self.changed.set()

    async def all_have(self, version: int) -> float:
        while True:
            arrived = [
                min((t for v, t in s.items() if v >= version), default=None) for s in self.seen
            ]
            if all(a is not None for a in arrived):
                return max(a for a in arrived if a is not None)
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 30)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def open_table(client: httpx.AsyncClient, request: dict[str, Any]) -> tuple[int, list[str]]:
    answer = await client.post("/api/tables", json=request)
    answer.raise_for_status()
    links = answer.json()
    return links["id"], [s["link"].rsplit("/", 1)[1] for s in links["seats"]]


async def move(
    client: httpx.AsyncClient, game_id: int, token: str, frame: dict[str, Any], rng: random.Random
) -> tuple[float, int]:
    """A random legal move; when it was sent and the version it made (0: refused)."""
    body = {
        "token": token,
        "version": frame["version"],
        "action": rng.choice(frame["legal"])["action"],
    }
    sent = time.perf_counter()
    try:
        answer = await client.post(f"/api/tables/{game_id}/moves", json=body)
    except (httpx.ReadError, httpx.RemoteProtocolError):
        # the server closed the kept-alive connection as the move went out on it (it
        # closes one idle for 5 s): the move was not received, so it is sent again
        sent = time.perf_counter()
        answer = await client.post(f"/api/tables/{game_id}/moves", json=body)
    return sent, answer.json()["version"] if answer.status_code == 200 else 0


async def mover(watched: Watched, people: int) -> tuple[int, dict[str, Any]] | None:
    """The person whose turn it is, by their latest frame (None: the game is over)."""
    while True:
        for seat in range(people):
            frame = watched.latest[seat]
            if frame.get("over"):
                return None
            if frame.get("your_turn") and frame.get("legal"):
                return seat, frame
        watched.changed.clear()
        await asyncio.wait_for(watched.changed.wait(), 30)


async def to_every_seat(
    address: str, request: dict[str, Any], people: int, moves: int
) -> list[float]:
    rng = random.Random(1)
    latencies: list[float] = []
    async with httpx.AsyncClient(base_url=address, timeout=30) as client:
        game_id, tokens = await open_table(client, request)
        watched = Watched(client, game_id, [*tokens[:people], ""])
        while len(latencies) < moves:
            turn = await mover(watched, people)
            if turn is None:
                break
            seat, frame = turn
            sent, version = await move(client, game_id, tokens[seat], frame, rng)
            if version:
                latencies.append(await watched.all_have(version) - sent)
        await watched.stop()
    return latencies


def many_tables(
    address: str, count: int, args: argparse.Namespace, pid: int
) -> tuple[list[float], float, float]:
    """The latencies of ``count`` tables played at once, and the server's and the
    clients' processor time while they played. The people are shared among
    ``args.clients`` processes, as people are at browsers of their own: one process
    driving them all would be slowed by its own work and count that as the server's."""
    context = multiprocessing.get_context("fork")
    ready = context.Barrier(args.clients + 1)
    results: multiprocessing.Queue[tuple[list[float], float]] = context.Queue()
    shares = [range(n, count, args.clients) for n in range(args.clients)]
    workers = [
        context.Process(target=people, args=(address, list(share), args, ready, results))
        for share in shares
    ]
    for worker in workers:
        worker.start()
    ready.wait(600)  # every table open and watched
    cpu = cpu_seconds(pid)
    latencies: list[float] = []
    clients = 0.0
    for _ in workers:
        mine, used = results.get(timeout=args.seconds + 600)
        latencies += mine
        clients += used
    cpu = cpu_seconds(pid) - cpu
    for worker in workers:
        worker.join(60)
    return latencies, cpu, clients


def people(
    address: str,
    tables: list[int],
    args: argparse.Namespace,
    ready: Any,
    results: multiprocessing.Queue[tuple[list[float], float]],
) -> None:
    """One client process: its share of the tables (numbered as ``tables``), their
    latencies and the processor time it used put in ``results``."""
    results.put(asyncio.run(play_tables(address, tables, args.seconds, args.think, ready)))


async def play_tables(
    address: str, numbers: list[int], seconds: float, think: float, ready: Any
) -> tuple[list[float], float]:
    """Each table's person has a client of their own, as people at their own browsers
    do (one shared client's connection pool slows with every connection it holds)."""
    latencies: list[float] = []
    request = {"game": "totopoly", "config": {"players": 3}, "seats": seats(1, 2, "sensible")}
    no_tls = ssl.create_default_context()  # made once: every client would load it again
    clients = [httpx.AsyncClient(base_url=address, timeout=60, verify=no_tls) for _ in numbers]
    opening = asyncio.Semaphore(4)  # a few at once: opening a table plays its bots

    async def open_one(client: httpx.AsyncClient, seed: int) -> Watched:
        """A table, watched at once (the server closes a connection idle for 5 s)."""
        async with opening:
            game_id, tokens = await open_table(client, {**request, "seed": seed})
        return Watched(client, game_id, tokens[:1])

    watched = await asyncio.gather(*(open_one(c, n) for n, c in zip(numbers, clients, strict=True)))
    await asyncio.to_thread(ready.wait, 600)  # the streams are read while waiting
    until = time.perf_counter() + seconds
    mine = time.process_time()

    async def play(table: Watched, seed: int) -> None:
        rng = random.Random(seed)
        while time.perf_counter() < until:
            turn = await mover(table, 1)
            if turn is None:
                return
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            sent, version = await move(table.client, table.game_id, table.tokens[0], turn[1], rng)
            if version:
                latencies.append(await table.all_have(version) - sent)

    await asyncio.gather(*(play(w, n) for n, w in zip(numbers, watched, strict=True)))
    mine = time.process_time() - mine
    await asyncio.gather(*(w.stop() for w in watched))
    await asyncio.gather(*(client.aclose() for client in clients))
    return latencies, mine


def cpu_seconds(pid: int) -> float:
    """The processor time a process has used (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def report(label: str, latencies: list[float]) -> float:
    if not latencies:
        print(f"  {label}: no moves measured")
        return float("nan")
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    print(f"  {label}: {len(latencies)} moves, p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    return p95


def run(db: str, name: str, args: argparse.Namespace) -> None:
    print(f"{name}:")
    profile = f"{args.profile}.{name.lower()}" if args.profile else None
    with serving(db, profile) as (address, pid):
        seven = {
            "game": "across",
            "config": {**entry("across").harness_configs()[0], "players": 7},
            "seats": seats(4, 3, "sensible"),
            "seed": 3,
        }
        twenty = {
            "game": "derbycast",
            "config": derbycast_config(20),
            "seats": seats(12, 8, "value"),
            "seed": 3,
        }
        p7 = report(
            "7 seats, every seat pushed", asyncio.run(to_every_seat(address, seven, 4, args.moves))
        )
        p20 = report(
            "20 seats, every seat pushed",
            asyncio.run(to_every_seat(address, twenty, 12, args.moves)),
        )
        print(f"  20 seats / 7 seats, p95: {p20 / p7:.2f}")
        for count in args.tables:
            moves, cpu, clients = many_tables(address, count, args, pid)
            p95 = report(f"{count} tables at once, people thinking {args.think:g} s", moves)
            per_move = 1000 * cpu / max(1, len(moves))
            print(
                f"    {len(moves) / args.seconds:.0f} moves/s, server processor "
                f"{per_move:.1f} ms a move, clients' {1000 * clients / max(1, len(moves)):.1f} ms; "
                f"{'within' if p95 < 100 else 'OVER'} the 100 ms target"
            )
        print(f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=60, help="moves timed per table size")
    parser.add_argument(
        "--tables",
        type=lambda s: [int(n) for n in s.split(",")],
        default=[25, 50, 100, 200],
        help="how many tables at once, comma-separated",
    )
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="how long each count of tables plays"
    )
    parser.add_argument(
        "--think", type=float, default=2.0, help="seconds a person takes to move, on average"
    )
    parser.add_argument(
        "--clients", type=int, default=2, help="processes the tables' people are shared among"
    )
    parser.add_argument("--pg", help="an empty PostgreSQL database's URL, to measure it too")
    parser.add_argument("--profile", help="run the server under cProfile, its statistics here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        run(str(Path(folder) / "bench.sqlite"), "SQLite", args)
    if args.pg:
        run(args.pg, "PostgreSQL", args)
    else:
        print("PostgreSQL: not measured (give --pg URL)")


if __name__ == "__main__":
    main()
