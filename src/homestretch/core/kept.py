"""Work kept on disk between runs: what a command would otherwise do afresh each time.

The folder is ``$HOMESTRETCH_CACHE``, else ``exact-odds`` in the user's cache folder:
Top of the Stretch keeps its exact odds there (``games/stretch/analysis/exact_cache.py``), and
its standard card and chart sets, read and checked (``checked``), the cards also as
plain data with the race file's rules, which `stretch odds` reads without pydantic
(``games/stretch/content/race_plain.py``).

Reading and checking a content folder is much of what a first `stretch odds` does
beyond its imports (211 card rows through pydantic, fifteen chart files cell by cell).
``checked`` keeps what ``build`` made from a folder, pickled, in a file named by a
SHA-256 of everything it was made from: the folder's path, its files' names and bytes,
the source of the modules that read and check them, and the versions of Python and the
libraries whose objects it holds. A changed file or a changed rule is never served an
old result. An entry carries a SHA-256 of its own bytes: one that cannot be read back
whole (damaged, even where what is left would still unpickle; cut short; of another
kind) is made again, never trusted and never an error; a folder that cannot be written
keeps nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

FORMAT = 2
"""Bumped when what ``checked`` keeps, or how it names it, changes."""

Made = TypeVar("Made")


def cache_folder() -> Path:
    """Where kept work goes (``$HOMESTRETCH_CACHE`` else the user's cache folder)."""
    override = os.environ.get("HOMESTRETCH_CACHE")
    if override:
        return Path(override)
    user = _linux_cache_dir()
    if user is None:
        import platformdirs  # where no folder is named (a tenth of a first `odds` to import)

        user = platformdirs.user_cache_dir("homestretch")
    return Path(user) / "exact-odds"


def _linux_cache_dir() -> str | None:
    """The user's cache folder for homestretch as platformdirs finds it on Linux, where
    that is plain (an absolute ``$XDG_CACHE_HOME``; else, with it unset or empty,
    ``~/.cache`` of an absolute ``$HOME``), without importing platformdirs (12 million
    instructions, 4 % of a first `stretch odds`); None elsewhere (any other system,
    Android, a relative variable: platformdirs's versions differ there)."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    if "ANDROID_DATA" in os.environ or "ANDROID_ROOT" in os.environ:
        return None
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg.startswith("/"):
        return os.path.join(xdg, "homestretch")
    home = os.environ.get("HOME", "")
    if xdg == "" and home.startswith("/"):
        return os.path.join(os.path.expanduser("~/.cache"), "homestretch")
    return None


def checked(
    kind: str,
    folder: Path,
    files: Iterable[str],
    sources: Iterable[Path],
    versions: str,
    build: Callable[[], Made],
    fits: Callable[[object], bool],
) -> Made:
    """``build()``, kept: made from ``files`` (names in ``folder``) by ``sources``, with
    objects of ``versions``; an entry kept before is used when it ``fits`` (its kind)."""
    try:
        path = cache_folder() / f"{kind}-{_key(kind, folder, files, sources, versions)}.pickle"
    except OSError:
        return build()  # a file that cannot be read: build says which, as it always did
    try:
        kept = pickle.loads(_whole(path.read_bytes()))
    except Exception:  # nothing kept, or not readable back: any failure at all
        kept = None
    if kept is not None and fits(kept):
        return kept
    made = build()
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        made_bytes = pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)
        part.write_bytes(hashlib.sha256(made_bytes).digest() + made_bytes)
        os.replace(part, path)  # whole or not at all, even with two processes keeping it
    except (OSError, pickle.PicklingError, TypeError):
        with contextlib.suppress(OSError):
            part.unlink(missing_ok=True)
    return made


def _whole(entry: bytes) -> bytes:
    """An entry's pickle, if its bytes are the ones kept (else ValueError)."""
    digest, made = entry[: hashlib.sha256().digest_size], entry[hashlib.sha256().digest_size :]
    if hashlib.sha256(made).digest() != digest:
        raise ValueError("a kept entry damaged or cut short")
    return made


def _key(
    kind: str, folder: Path, files: Iterable[str], sources: Iterable[Path], versions: str
) -> str:
    sha = hashlib.sha256(f"{kind} {FORMAT} {sys.version} {versions}\n{folder}\n".encode())
    for source in sources:
        sha.update(source.read_bytes())
    for name in files:
        content = (folder / name).read_bytes()
        sha.update(f"\n{name} {len(content)}\n".encode())
        sha.update(content)
    return sha.hexdigest()
