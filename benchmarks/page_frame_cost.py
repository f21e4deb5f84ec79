"""What a table's page costs the browser for each frame pushed to it: a game's table
played through the API (each move the first one offered, passes where the game has them)
while ``--pages`` phone pages (390 x 844) watch it, one a seat; Chromium's processor
time (all its processes, from /proc) and the pages' main-thread task time (CDP's
``TaskDuration`` in the thread's own processor time, ``threadTicks``: what other work on
the machine does not lengthen), in milliseconds a page a move (each move pushes a frame
to every page).

    .venv/bin/python benchmarks/page_frame_cost.py [--games across totopoly derbycast]
        [--moves 40] [--pages 3] [--rounds 2] [--seed 3] [--against REV] [--format json]

Every page is a board's page (every game has its board); the generic part below it (the
moves, "The table", the result, folded) is drawn by table.js on the same pages.
``--against REV``: the page's static files (table.js, the games' scripts and styles) as
they were at a git revision, served in place of today's by the browser itself (the same
server, tables and moves), run alternately with today's, ``--rounds`` times each; the
least of each is printed, with today's over REV's. Without it, today's alone (compare two
runs' ``--format json``). The machine's load is printed beside: other work on it shows in
the processor time.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parents[1]
STATIC = "src/homestretch/web/static"
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
CHROMIUM = Path(os.environ.get("HOMESTRETCH_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
]
LOBBY_AT = re.compile(r"The lobby is at (http://127\.0\.0\.1:\d+)/")
TICK = os.sysconf("SC_CLK_TCK")
PASSES = ("pass", "done", "no_bid", "decline")
"""Kinds of move taken before any other: a table that goes on without anyone's money."""
TABLES: dict[str, dict[str, Any]] = {
    "across": {"players": 3, "meets": 1},
    "totopoly": {"players": 3},
    "derbycast": {
        "players": 3,
        "entrants": [{"name": f"P{n}"} for n in range(3)],
        "feed": {"kind": "manual"},
    },
}
"""Each game's table (over its harness's first configuration): three people a table."""
OPENING = {"derbycast": {"kind": "simulate", "race": "dream-derby"}}
"""A game's first move, by its last seat (Derby Cast's keeper cards a race): the pages
drawn after it."""


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", nargs="+", default=["across", "totopoly", "derbycast"])
    parser.add_argument("--moves", type=int, default=40, help="moves made a run (default 40)")
    parser.add_argument("--pages", type=int, default=3, help="phone pages watching (default 3)")
    parser.add_argument(
        "--rounds", type=int, default=2, help="runs of each, alternating (default 2)"
    )
    parser.add_argument("--seed", type=int, default=3, help="the tables' seed (default 3)")
    parser.add_argument(
        "--against", metavar="REV", help="a git revision's static files, run alternately"
    )
    parser.add_argument("--format", choices=["text", "json"], default="text")
    return parser.parse_args()


def descendants_cpu(name: str = "chrom") -> float:
    """Seconds of processor used so far by this process's descendants named ``name``."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        head, rest = stat.rsplit(")", 1)
        fields = rest.split()
        pid = int(entry)
        names[pid] = head.split("(", 1)[1]
        parents[pid] = int(fields[1])
        times[pid] = (int(fields[11]) + int(fields[12])) / TICK
    mine = {os.getpid()}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                grew = True
    return sum(times[pid] for pid in mine if name in names[pid])


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``homestretch serve`` on a free port, from this tree; its process and address."""
    log = folder / "serve.log"
    command = [sys.executable, "-c", "from homestretch.cli.main import run; run()", "serve"]
    with log.open("w") as out:
        server = subprocess.Popen(
            [*command, "--port", "0", "--db", str(folder / "games.sqlite")],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT / "src")},
        )
    give_up = time.monotonic() + 120
    while time.monotonic() < give_up:
        bound = LOBBY_AT.search(log.read_text())
        if bound:
            return server, bound.group(1)
        if server.poll() is not None:
            break
        time.sleep(0.2)
    server.terminate()
    sys.exit(f"homestretch serve did not start: {log.read_text()[-2000:]}")


def old_static(rev: str) -> dict[str, bytes]:
    """The static files at ``rev``, by the path the page asks for (/static/...)."""
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev, STATIC],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return {
        "/static/" + path.removeprefix(STATIC + "/"): subprocess.run(
            ["git", "show", f"{rev}:{path}"], cwd=ROOT, check=True, capture_output=True
        ).stdout
        for path in listed
    }


def chosen(shown: dict[str, Any]) -> dict[str, Any] | None:
    """The move a run makes for the seat asked: a pass if it may, else the first offered."""
    legal = [legal["action"] for legal in shown.get("legal") or []]
    for action in legal:
        if action.get("kind") in PASSES:
            return dict(action)
    return dict(legal[0]) if legal else None


def one_run(
    browser: Any,
    client: Any,
    address: str,
    game: str,
    args: argparse.Namespace,
    files: dict[str, bytes] | None,
) -> dict[str, float]:
    from homestretch.core.registry import entry

    config = {**entry(game).harness_configs()[0], **TABLES.get(game, {})}
    people = int(config.get("players", 3)) + (1 if game == "derbycast" else 0)  # its keeper
    seats = [{"kind": "person", "name": f"P{n}"} for n in range(people)]
    links = client.post(
        f"{address}/api/tables",
        json={"game": game, "config": config, "seats": seats, "seed": args.seed},
    ).json()
    game_id = links["id"]
    tokens = [link["link"].rsplit("/", 1)[-1] for link in links["seats"]]

    def frame(token: str | None = None) -> dict[str, Any]:
        answer: dict[str, Any] = client.get(
            f"{address}/api/tables/{game_id}/frame", params={"token": token} if token else {}
        ).json()
        return answer

    if game in OPENING:
        client.post(
            f"{address}/api/tables/{game_id}/moves",
            json={"token": tokens[-1], "version": frame()["version"], "action": OPENING[game]},
        ).raise_for_status()
    contexts, pages, sessions = [], [], []
    for n in range(args.pages):
        context = browser.new_context(base_url=address, **PHONE)
        if files is not None:
            context.route(
                "**/static/**",
                lambda route, request: route.fulfill(
                    body=files[request.url.split(address, 1)[1].split("?")[0]],
                    content_type="text/css" if request.url.endswith(".css") else "text/javascript",
                ),
            )
        page = context.new_page()
        page.goto(links["seats"][n % len(links["seats"])]["link"])
        contexts.append(context)
        pages.append(page)
    version = frame()["version"]
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
    time.sleep(1)  # first paints, fonts, the boards' own timers
    for page in pages:
        session = page.context.new_cdp_session(page)
        session.send("Performance.enable", {"timeDomain": "threadTicks"})
        sessions.append(session)

    def tasks() -> float:
        return sum(
            next(
                m["value"]
                for m in s.send("Performance.getMetrics")["metrics"]
                if m["name"] == "TaskDuration"
            )
            for s in sessions
        )

    cpu0, task0, moves = descendants_cpu(), tasks(), 0
    for _ in range(args.moves):
        now = frame()
        if now.get("over") or not now["waiting"]["seats"]:
            break
        seat = now["waiting"]["seats"][0]
        shown = frame(tokens[seat])
        action = chosen(shown)
        if action is None:
            break
        answer = client.post(
            f"{address}/api/tables/{game_id}/moves",
            json={"token": tokens[seat], "version": shown["version"], "action": action},
        )
        if answer.status_code != 200:
            break
        moves += 1
    version = frame()["version"]
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
    time.sleep(0.3)
    cpu, task = descendants_cpu() - cpu0, tasks() - task0
    for context in contexts:
        context.close()
    share = 1000 / max(1, moves) / len(pages)
    return {"moves": moves, "cpu_ms": cpu * share, "task_ms": task * share}


def main() -> None:
    args = arguments()
    import httpx
    from playwright.sync_api import sync_playwright

    files = old_static(args.against) if args.against else None
    kinds = {"today": None, **({args.against: files} if files else {})}
    load = os.getloadavg()
    results: dict[str, dict[str, list[dict[str, float]]]] = {
        g: {k: [] for k in kinds} for g in args.games
    }
    with (
        tempfile.TemporaryDirectory() as folder,
        sync_playwright() as playwright,
        httpx.Client(timeout=30) as client,
    ):
        server, address = serve(Path(folder))
        try:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            for game in args.games:
                for _ in range(args.rounds):
                    for kind, served in kinds.items():
                        results[game][kind].append(
                            one_run(browser, client, address, game, args, served)
                        )
            browser.close()
        finally:
            server.terminate()
            server.wait(10)
    least = {
        game: {
            kind: {key: min(run[key] for run in runs) for key in ("cpu_ms", "task_ms")}
            | {"moves": runs[0]["moves"]}
            for kind, runs in by_kind.items()
        }
        for game, by_kind in results.items()
    }
    summary = {
        "seed": args.seed,
        "pages": args.pages,
        "rounds": args.rounds,
        "load": [round(x, 2) for x in load],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "against": args.against,
        "games": least,
    }
    if args.format == "json":
        print(json.dumps(summary, indent=1))
        return
    print(
        f"seed {args.seed}, {args.pages} phone pages, least of {args.rounds} runs; load {summary['load']} -> {summary['load_after']}"
    )
    print(
        "ms a page a move (one frame pushed to each page): Chromium's processor, main-thread tasks"
    )
    for game, by_kind in least.items():
        for kind, row in by_kind.items():
            line = f"{game:10} {kind:>10}: {row['moves']:3d} moves  cpu {row['cpu_ms']:6.1f}  tasks {row['task_ms']:6.1f}"
            if args.against and kind == "today":
                old = by_kind[args.against]
                line += f"   today/{args.against}: cpu {row['cpu_ms'] / old['cpu_ms']:.2f}, tasks {row['task_ms'] / old['task_ms']:.2f}"
            print(line)


if __name__ == "__main__":
    main()
