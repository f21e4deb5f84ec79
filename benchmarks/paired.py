"""What the paired benchmarks (stretch_exact_three.py, stretch_exact_clean.py,
stretch_exact_dq.py) share: a module as it was at a git revision, imported beside
today's, and the inputs of a kernel's calls recorded from a real run, so both versions
are timed on the same inputs in one process (the noise between processes here is as
large as the gains they measure)."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any


def module_at(revision: str, source: str, into: Path, name: str) -> ModuleType:
    """``source`` (a path in the repository) at ``revision``, or the file ``revision`` names,
    written into ``into`` as ``name``.py and imported (Numba compiles it there)."""
    given = Path(revision)
    text = given.read_text() if given.is_file() else _source_at(revision, source)
    return imported_as(text, into, name)


def imported_as(text: str, into: Path, name: str) -> ModuleType:
    """``text`` written into ``into`` as ``name``.py (only if changed: Numba's cache is kept
    by the file's time) and imported under ``name``."""
    path = into / f"{name}.py"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # Numba's cache finds the module by its name
    spec.loader.exec_module(module)
    return module


LAYOUT_PACKAGES = ("analysis", "content", "rules", "terminal")
"""A game's packages in DESIGN.md's layout; before Top of the Stretch moved into them
(224f97a) its modules sat in the game's package itself."""


def _source_at(revision: str, source: str) -> str:
    """``source`` as it was at ``revision``: where the layout puts it, or, at a revision
    from before the move, where it was then (the same file, renamed)."""
    path = Path(source)
    tried = [source]
    if path.parent.name in LAYOUT_PACKAGES:
        tried.append(str(path.parent.parent / path.name))
    for candidate in tried:
        shown = subprocess.run(
            ["git", "show", f"{revision}:{candidate}"], capture_output=True, text=True
        )
        if shown.returncode == 0:
            if candidate != source:
                _pre_layout_names(path.parent.parent)
            return shown.stdout
    raise SystemExit(f"{source} is not in revision {revision} (tried {', '.join(tried)})")


def _pre_layout_names(game: Path) -> None:
    """The names a module from before the layout move imports its neighbours by
    (``homestretch.games.stretch.exact_finish``) made to find today's modules."""
    package = ".".join(game.parts[game.parts.index("homestretch") :])
    for folder in LAYOUT_PACKAGES:
        for module in sorted((Path(__file__).parents[1] / game / folder).glob("*.py")):
            if module.stem != "__init__":
                today = importlib.import_module(f"{package}.{folder}.{module.stem}")
                sys.modules.setdefault(f"{package}.{module.stem}", today)


def calls_during(
    module: ModuleType, name: str, record: Callable[..., tuple[Any, ...]], work: Callable[[], Any]
) -> tuple[list[tuple[Any, ...]], float]:
    """``record(*args)`` of each call of ``module.name`` while ``work()`` runs (the call
    itself still made), and the CPU seconds ``work`` took."""
    calls: list[tuple[Any, ...]] = []
    kept = getattr(module, name)

    def keeping(*args: Any) -> None:
        calls.append(record(*args))
        kept(*args)

    setattr(module, name, keeping)
    try:
        start = time.process_time()
        work()
        seconds = time.process_time() - start
    finally:
        setattr(module, name, kept)
    return calls, seconds
