"""What a finished table's final screens hold in a server's memory (``Hub.frames``): N
finished tables (Totopoly, two computer players, played out as the lobby opens them),
each with one page's event stream open on it past its last frame, as a final screen left
open holds it; then the hub's sweep with ``idle_after`` a microsecond (what it does to a table nobody
is at after ten minutes). Printed for today's hub and a revision's (``--against``),
alternating, in one process: the tables the hub still holds after the sweep, and the
memory Python holds for them (``tracemalloc``, after a collection; the least of
``--rounds``), over what it held before the tables were opened.

    .venv/bin/python benchmarks/finished_tables_memory.py [--tables 20] [--rounds 2]
        [--against REV]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import tempfile
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

from homestretch.store.db import Store
from homestretch.web import hub as today
from paired import module_at

BEFORE = "71330c6"
"""The hub before a finished table's final screens let go of it."""
BOTS = [{"kind": "bot", "bot": "random", "name": n} for n in ("Ann", "Bob")]


async def held(hub_module: ModuleType, folder: Path, tables: int) -> tuple[int, int, int]:
    """Tables held, and bytes held over the start, with the streams open: before the
    sweep and after it."""
    store = Store(folder / f"{hub_module.__name__}.sqlite")
    gc.collect()
    start = tracemalloc.get_traced_memory()[0]
    hub = hub_module.Hub(store, watch_every=None)
    streams: list[Any] = []
    for seed in range(tables):
        request = {"game": "totopoly", "config": {"players": 2}, "seats": BOTS, "seed": seed}
        game_id = int((await hub.open_table(request))["id"])
        live = await hub.get(game_id)
        assert live.table.state.is_over()
        stream = hub.frames(live, hub_module.Viewer(None))
        assert (await anext(stream))["over"]  # the final screen drawn
        # and the next frame asked for at once, as the server's response does: the
        # stream waits for a change (who comes and goes)
        streams.append((stream, asyncio.ensure_future(anext(stream))))
        del live
        await asyncio.sleep(0)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0] - start
    hub.idle_after = 1e-6  # (0 would let go of a table a page plays at too)
    hub.sweep()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0] - start
    kept = len(hub.tables)
    for stream, waiting in streams:
        waiting.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await waiting
        await stream.aclose()
    store.close()
    return kept, before, after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--against", default=BEFORE, help="the revision of hub.py to compare")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        before = module_at(args.against, "src/homestretch/web/hub.py", folder, "hub_before")
        tracemalloc.start()
        found: dict[str, list[tuple[int, int, int]]] = {"before": [], "today": []}
        for round_ in range(args.rounds):
            for label, module in (("before", before), ("today", today)):
                sub = folder / f"{label}{round_}"
                sub.mkdir()
                found[label].append(asyncio.run(held(module, sub, args.tables)))
        for label, runs in found.items():
            kept = max(run[0] for run in runs)
            open_ = min(run[1] for run in runs) / 1e6
            swept = min(run[2] for run in runs) / 1e6
            print(
                f"{label:>6}: {args.tables} finished tables, a final screen open on each: "
                f"{open_:.1f} MB held; after the sweep {kept} tables held, {swept:.1f} MB"
            )


if __name__ == "__main__":
    main()
