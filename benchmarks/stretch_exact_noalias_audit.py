"""Which compiled kernels see one memory through two of their array arguments (issue 17,
``exact_noalias``): the audit behind marking their arguments ``noalias``.

Runs the kernels of exact_compiled.py and exact_compiled_three.py as Python
(NUMBA_DISABLE_JIT, set here before Numba is imported), each wrapped to check every call:
any two array arguments (arrays inside tuples too) whose memory overlaps
(``np.shares_memory``) are listed with whether the call changed either. ``noalias`` is
undefined only where memory written through one argument is reached through another: a
pair neither of which changed is harmless (the same array read twice); a pair one of which
changed is listed to be read by hand (e.g. ``work`` and ``work[1]``: harmless if the
kernel writes and reads rows of ``work`` other than 1). Fields: the made-up ones of
tests/games/stretch/analysis/test_stretch_exact_compiled.py (heavy disqualification, so
the window terms and heavy lanes run) and ``exact_compiled.warm_up``'s.
Run with `.venv/bin/python benchmarks/stretch_exact_noalias_audit.py` (a few minutes).
"""

from __future__ import annotations

import argparse
import collections
import functools
import os
from typing import Any

os.environ["NUMBA_DISABLE_JIT"] = "1"

import numba  # noqa: E402
import numpy as np  # noqa: E402

SEEN: collections.Counter[tuple[str, str, str, bool, bool]] = collections.Counter()
CALLS: collections.Counter[str] = collections.Counter()


def _arrays(value: Any, path: str) -> list[tuple[str, Any]]:
    if isinstance(value, np.ndarray):
        return [(path, value)]
    if isinstance(value, tuple):
        found = []
        for index, item in enumerate(value):
            found += _arrays(item, f"{path}[{index}]")
        return found
    return []


def _checked(function: Any) -> Any:
    names = function.__code__.co_varnames[: function.__code__.co_argcount]

    @functools.wraps(function)
    def call(*args: Any) -> Any:
        arrays: list[tuple[str, Any]] = []
        for name, value in zip(names, args, strict=False):
            arrays += _arrays(value, name)
        before = [a.copy() for _, a in arrays]
        result = function(*args)
        changed = [
            not np.array_equal(b.view(np.uint8), a.view(np.uint8))
            if a.size and a.flags.c_contiguous and b.flags.c_contiguous
            else not np.array_equal(b, a, equal_nan=True)
            for b, (_, a) in zip(before, arrays, strict=True)
        ]
        CALLS[function.__name__] += 1
        for i in range(len(arrays)):
            for j in range(i + 1, len(arrays)):
                a, b = arrays[i][1], arrays[j][1]
                if a.size == 0 or b.size == 0 or not np.may_share_memory(a, b):
                    continue
                try:
                    overlap = np.shares_memory(a, b)
                except np.exceptions.TooHardError:
                    overlap = True
                if overlap:
                    key = (function.__name__, arrays[i][0], arrays[j][0], changed[i], changed[j])
                    SEEN[key] += 1
        return result

    return call


def _njit(*args: Any, **options: Any) -> Any:
    if args and callable(args[0]):
        return _checked(args[0])
    return _checked


numba.njit = _njit  # before the modules bind it

from homestretch.games.stretch.analysis import exact_compiled, exact_finish  # noqa: E402


def made_up(horses: int, keys: int = 40) -> tuple[Any, Any, Any]:
    """test_disqualified_targets_weighed_only_where_disqualified's field."""
    rng = np.random.default_rng(horses)
    clean = rng.random((horses, keys)) * (rng.random((horses, keys)) < 0.5)
    dq = np.zeros((horses, keys))
    for d in range(keys):
        dq[rng.choice(horses, size=rng.integers(1, 3), replace=False), d] = rng.random()
    scale = 0.85 / (clean.sum(axis=1) + 0.3 * dq.sum(axis=1))
    clean, dq = clean * scale[:, None], 0.3 * dq * scale[:, None]
    return clean, dq, 1 - clean.sum(axis=1) - dq.sum(axis=1)


def main() -> None:
    assert exact_finish.compiled_kernels() is not None
    exact_compiled.warm_up()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sizes", type=int, nargs="*", help="field sizes (6 10 12)")
    sizes = parser.parse_args().sizes or [6, 10, 12]
    for horses in sizes:
        for loosen in (1.0, 1e-3):  # 1e-3: more heavy lanes, three in a window
            exact_finish.place_and_show(*made_up(horses), True, loosen)
    print(f"{sum(CALLS.values())} calls of {len(CALLS)} kernels: {sorted(CALLS)}")
    print("array arguments sharing memory (kernel, one, other, one changed, other changed):")
    for key, times in sorted(SEEN.items()):
        kind = "read both" if not (key[3] or key[4]) else "WRITTEN: read by hand"
        print(f"  {key[0]}: {key[1]} ~ {key[2]} ({key[3]}, {key[4]}) x{times}  {kind}")


if __name__ == "__main__":
    main()
