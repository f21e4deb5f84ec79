"""Numba's internal ``noalias`` flag made an option of ``njit`` (issue 17).

Numba marks no array argument of a compiled function ``noalias`` by default, so LLVM must
assume that any two arrays may overlap: it checks for overlap before every vector loop
(``vector.memcheck``) and keeps no sum in a register across a loop that stores to another
array. Numba has the flag (``numba.core.compiler.Flags.noalias``: ``callconv`` then marks
every pointer argument, each array's data among them, ``noalias``; its parallel loops set
it where they find no aliases) but no decorator option for it. ``options()`` adds the
option, once, and returns ``{"noalias": True}`` for ``njit``; with a Numba that lacks the
flag it returns ``{}``, and the loops compile as before (the same numbers, slower).

``noalias`` is a promise: no memory a compiled function writes is also reached through
another of its arguments (two arguments may be the same array, or overlapping views,
only where neither is written through). The kernels of ``exact_compiled.py`` and
``exact_compiled_three.py`` keep it (their call sites were audited; docs/stretch-exact-
design.md, xalias). tests/games/stretch/analysis/test_stretch_exact_noalias.py checks
that the flag reaches the compiled code, so an upgrade of Numba that drops it is noticed.

Numba's on-disk cache keys a build by the function's own file, not by its flags: each
kernel file asks for the option in its own ``njit`` call (an edit there recompiles it),
and what this returns depends only on the installed Numba (whose version the cache
checks). An edit here that changes what is compiled must touch those files too.
"""

from __future__ import annotations

from typing import Any


def options() -> dict[str, Any]:
    """``{"noalias": True}`` where Numba has the flag (made an option of ``njit``), else ``{}``."""
    try:
        from numba.core import compiler, cpu
        from numba.core import options as numba_options
    except ImportError:  # pragma: no cover - a Numba laid out otherwise
        return {}
    if "noalias" not in getattr(compiler.Flags, "options", {}):
        return {}
    if not hasattr(cpu.CPUTargetOptions, "noalias"):
        # the one monkeypatch: njit's options map to Flags by these class attributes
        # (numba.core.options.DefaultOptions), and noalias has none
        cpu.CPUTargetOptions.noalias = numba_options._mapping("noalias")
    return {"noalias": True}
