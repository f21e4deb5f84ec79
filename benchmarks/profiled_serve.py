"""``homestretch serve`` under cProfile, every thread included, for table_latency.py.

    python benchmarks/profiled_serve.py STATS_FILE serve --port N --db URL

The moves are worked in anyio's worker threads, which cProfile alone does not see: each
new thread gets a profiler of its own, and all of them are merged into STATS_FILE when
the server stops (SIGTERM, as table_latency.py stops it). Each thread's profiler counts
that thread's processor time, not the wall clock: on a busy machine a thread waiting
for the processor, a lock or the GIL would otherwise be charged for the wait.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import signal
import sys
import threading
import time
from types import FrameType
from typing import Any

profilers: list[cProfile.Profile] = []


def _start_in_thread(frame: FrameType, event: str, arg: Any) -> None:
    """Called once in each new thread: hand the thread to a profiler of its own."""
    sys.setprofile(None)
    profiler = cProfile.Profile(time.thread_time)
    profilers.append(profiler)
    profiler.enable()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("stats_file", help="where the merged profile is written")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="homestretch's own words")
    args = parser.parse_args()
    stats_file, sys.argv = args.stats_file, ["homestretch", *args.command]
    signal.signal(signal.SIGTERM, lambda *_: signal.raise_signal(signal.SIGINT))
    threading.setprofile(_start_in_thread)
    main_profiler = cProfile.Profile(time.thread_time)
    profilers.append(main_profiler)
    from homestretch.cli.main import run

    main_profiler.enable()
    try:
        run()
    except (SystemExit, KeyboardInterrupt):
        pass
    finally:
        main_profiler.disable()
        stats = pstats.Stats(*profilers)
        stats.dump_stats(stats_file)


if __name__ == "__main__":
    main()
