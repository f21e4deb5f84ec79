"""The exact sums' kernels compiled with their array arguments ``noalias`` (exact_noalias.py).

Numba has the flag but no decorator option for it; ``exact_noalias`` makes it one. If an
upgrade of Numba drops or renames the flag, the loops still compile (without it: the
same numbers, slower), and these tests say so.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from homestretch.games.stretch.analysis import exact_noalias

numba = pytest.importorskip("numba")


def _fresh_ir(kernel: Any, **changed: Any) -> str:
    """The LLVM IR of ``kernel``'s function compiled afresh with its own options (but the
    cache: a build loaded from it keeps no IR), some ``changed``, on lanes of [2, 64] blocks."""
    options = {**kernel.targetoptions, "cache": False, **changed}
    options.pop("nopython", None)  # njit's own
    fresh = numba.njit(**options)(kernel.py_func)
    fresh(np.ones(64), np.ones((2, 64)), 1, np.zeros((2, 64)), 0, 0, 64)
    return str(fresh.inspect_llvm(fresh.signatures[0]))


def test_this_numba_has_the_flag() -> None:
    assert exact_noalias.options() == {"noalias": True}


@pytest.mark.parametrize("module", ["exact_compiled", "exact_compiled_three"])
def test_every_kernel_asks_for_it(module: str) -> None:
    import importlib

    loaded = importlib.import_module(f"homestretch.games.stretch.analysis.{module}")
    kernels = [k for k in vars(loaded).values() if isinstance(k, numba.core.dispatcher.Dispatcher)]
    assert len(kernels) > 5
    assert all(k.targetoptions.get("noalias") is True for k in kernels)


def test_the_flag_reaches_the_compiled_code() -> None:
    """``_add_times_lanes`` (u[m] += w v[j] along the lanes) reads two arrays and writes a
    third: with its arguments ``noalias`` LLVM runs the loop in vectors with no check that
    the arrays overlap; without, it checks first (``vector.memcheck``), as it would again
    if the flag were lost."""
    from homestretch.games.stretch.analysis.exact_compiled import _add_times_lanes

    marked = _fresh_ir(_add_times_lanes)
    assert "vector.memcheck" not in marked and "noalias" in marked
    assert "vector.body" in marked  # still in vectors
    assert "vector.memcheck" in _fresh_ir(_add_times_lanes, noalias=False)
