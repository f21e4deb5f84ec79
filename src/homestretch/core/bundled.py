"""A game's bundled content copied out into a folder a person names, to read and edit.

The content files live inside the installed package (``games/<name>/content/``), a path
nobody should edit and a pip-installed copy hides in site-packages. Each game lists what
it ships as :class:`Part`s (its ``content/bundle.py``); ``homestretch GAME content
FOLDER`` copies them (``cli/content.py``), laid out in FOLDER as the options that take
a person's own content read them back (``--cards``, ``--charts``, ``--content``, ...).
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import safe_text


class Part(NamedTuple):
    """One piece of a game's bundled content."""

    name: str
    """What ``--part`` calls it ("charts")."""
    what: str
    """It in words ("the chart set: every chart a race is run on")."""
    root: Path
    """The bundled folder it is copied from."""
    files: tuple[str, ...]
    """The files, as patterns inside ``root`` ("*.csv", "tracks/*.toml")."""
    into: str
    """Where in the named folder it goes ("charts"; "" for the folder itself)."""
    use: str
    """How to run on the copy, with ``{dir}`` for where it went."""
    kept: bool = False
    """Whether a saved game keeps what it uses of this part in its own configuration
    (Top of the Stretch's race and its runners' cards), so an edit of the bundled files
    changes no saved game; any other part's files are marked in each saved game and a
    game is not rebuilt on them once they changed (session/saved.py)."""

    def sources(self) -> list[Path]:
        found = sorted({path for pattern in self.files for path in self.root.glob(pattern)})
        return [path for path in found if path.is_file()]

    def folder(self, folder: Path) -> Path:
        """Where the copy of this part is in ``folder``."""
        return folder / self.into if self.into else folder

    def used_as(self, folder: Path) -> str:
        return self.use.format(dir=_shown(self.folder(folder)))


def _shown(path: Path) -> str:
    """A path as a person would type it in a command: quoted if it holds a space."""
    text = str(path)
    return f'"{text}"' if any(c.isspace() for c in text) else text


class Copied(NamedTuple):
    part: Part
    source: Path
    written: Path


def chosen(parts: Sequence[Part], names: Sequence[str], game: str) -> list[Part]:
    """The parts named (every part when none is), each named as the game calls it."""
    if not names:
        return list(parts)
    known = {part.name: part for part in parts}
    picked: list[Part] = []
    for name in names:
        if name not in known:
            choices = ", ".join(known)
            raise HomestretchError(
                f"--part {name}: {game} has no such part of its content (its parts: {choices}; "
                f"leave --part out to copy them all)"
            )
        if known[name] not in picked:
            picked.append(known[name])
    return picked


def copy_parts(parts: Sequence[Part], folder: Path, force: bool = False) -> list[Copied]:
    """Copy ``parts`` into ``folder`` (made if need be), byte for byte. Nothing is written
    if a file would be overwritten, unless ``force``; a folder where a file goes is never
    overwritten."""
    safe_text(str(folder), "folder", longest=4096)
    if folder.exists() and not folder.is_dir():
        raise ContentError(folder, "is not a folder: name a new folder, or an existing one")
    plan = [
        Copied(part, source, part.folder(folder) / source.relative_to(part.root))
        for part in parts
        for source in part.sources()
    ]
    there = [c.written for c in plan if c.written.exists() or c.written.is_symlink()]
    for path in there:
        if path.is_dir():
            raise ContentError(
                path, "is a folder where a file of the copy goes; nothing was written"
            )
    if there and not force:
        more = f" (and {len(there) - 1} more of the {len(plan)} files)" if len(there) > 1 else ""
        raise HomestretchError(
            f"{there[0]} exists{more}: nothing was written; add --force to overwrite, "
            "or name another folder"
        )
    for copy in plan:
        try:
            copy.written.parent.mkdir(parents=True, exist_ok=True)
            if copy.written.is_symlink():  # overwritten, not written through to its target
                copy.written.unlink()
            shutil.copyfile(copy.source, copy.written)
        except OSError as exc:
            where = exc.filename or copy.written
            raise HomestretchError(
                f"{where}: cannot write the copy ({exc.strerror or exc})"
            ) from None
    return plan
