"""Where the compiled exact sums spend their time, kernel by kernel: a ``perf`` profile
with the compiled loops named (issue 17).

Numba's loops run as code ``perf`` cannot name; this writes ``/tmp/perf-PID.map`` (the
format ``perf report`` reads for code made at run time) from the compiled objects in
Numba's cache (``__pycache__/exact_compiled.*.nbc``, whose symbols hold each function
that was not inlined), anchored at each entry point's address. A callee compiled into
several callers is named by the copy the loaded code calls, which need not be the
caller's own (``_others@clean_targets`` also counts the disqualified targets' calls), so
read the profile by kernel, not by caller. Then runs every shared outcome's window tables
and key-pair sums ``--reps`` times, with the allocator set as ``exact.quickplay_chances``
sets it (without that, fresh pages cost near a tenth more: a profile that is not the
real one). This machine has no cycle counters: use the ``cpu-clock`` event.
Run with `perf record -e cpu-clock -F 1000 -o /tmp/perf.data .venv/bin/python
benchmarks/stretch_exact_perf.py [--horses 12] [--reps 2]`, then `perf report -i
/tmp/perf.data --no-children --sort sym`.
"""

from __future__ import annotations

import argparse
import glob
import os
import struct
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from homestretch.games.stretch.analysis import (
    exact_compiled,
    exact_compiled_three,
    exact_finish,
)
from homestretch.games.stretch.analysis.exact import _keep_freed_memory, _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from stretch_fields import field_of


def elf_objects(data: bytes) -> Iterator[bytes]:
    """The ELF objects stored whole in a cache file's bytes (from their headers' sizes)."""
    at = 0
    while (at := data.find(b"\x7fELF", at)) >= 0:
        sections = struct.unpack_from("<Q", data, at + 0x28)[0]
        size, count = struct.unpack_from("<HH", data, at + 0x3A)
        end = at + sections + size * count
        yield data[at:end]
        at = end


def short(symbol: str) -> str:
    """The Python name in a mangled Numba symbol (its length, then the name)."""
    for module in ("exact_compiled_three", "exact_compiled"):
        if module in symbol:
            rest = symbol[symbol.index(module) + len(module) :]
            digits = len(rest) - len(rest.lstrip("0123456789"))
            return rest[digits : digits + int(rest[:digits])] if digits else rest[:40]
    return symbol[:60]


def write_map() -> int:
    """Write /tmp/perf-PID.map for every compiled function loaded; returns its lines."""
    from numba.core.registry import CPUDispatcher

    lines = set()
    for module in (exact_compiled, exact_compiled_three):
        folder = Path(module.__file__).parent / "__pycache__"
        stem = module.__name__.rsplit(".", 1)[-1]
        for name in dir(module):
            function = getattr(module, name)
            if not isinstance(function, CPUDispatcher):
                continue
            line = function.py_func.__code__.co_firstlineno
            for result in function.overloads.values():
                entry = result.fndesc.llvm_func_name
                address = result.library.get_pointer_to_function(entry)
                for path in glob.glob(f"{folder}/{stem}.{name}-{line}.*nbc"):
                    for code in elf_objects(Path(path).read_bytes()):
                        with tempfile.NamedTemporaryFile(suffix=".o") as f:
                            f.write(code)
                            f.flush()
                            listing = subprocess.run(
                                ["nm", "-S", "--defined-only", f.name],
                                capture_output=True, text=True, check=False,
                            ).stdout  # fmt: skip
                        symbols = [
                            (int(p[0], 16), int(p[1], 16), p[3])
                            for p in (row.split() for row in listing.splitlines())
                            if len(p) == 4 and p[2] in "tTwW"
                        ]
                        base = [address - at for at, _, s in symbols if s == entry]
                        for at, size, symbol in symbols if base else []:
                            lines.add((base[0] + at, size, f"{short(symbol)}@{name}"))
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as out:
        for at, size, label in sorted(lines):
            out.write(f"{at:x} {size:x} {label}\n")
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--reps", type=int, default=2)
    options = parser.parse_args()
    _keep_freed_memory()
    exact_compiled.warm_up()
    found = []
    for _, clean, dq, out in _outcomes(field_of(options.horses), load_chart_set()):
        reached = (clean > 0).any(axis=0) | (dq > 0).any(axis=0)
        t = exact_finish.Tables.of(clean[:, reached], dq[:, reached], out)
        found.append((t, np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0))))
    print(f"perf map: {write_map()} functions")
    start = time.process_time()
    for _ in range(options.reps):
        for t, clean_keys, dq_keys in found:
            exact_compiled.key_pair_sums(t, exact_compiled.windows(t), clean_keys, dq_keys)
    seconds = time.process_time() - start
    print(f"{options.horses} horses, {len(found)} outcomes x {options.reps}: {seconds:.2f} s CPU")


if __name__ == "__main__":
    main()
