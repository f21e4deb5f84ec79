"""`homestretch GAME content [FOLDER]`: every game's one command that copies its bundled
content out to edit (core/bundled.py holds the copying, each game's content/bundle.py
what it ships). Without FOLDER it lists the parts and how to run on a copy of each."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from homestretch.cli.common import FormatOption, OutputFormat, console, echo_json, either
from homestretch.core.errors import HomestretchError, said_path
from homestretch.core.inputs import escape_controls

if TYPE_CHECKING:
    from homestretch.core.bundled import Part

CONTENT_HELP = (
    "Copy the game's bundled content into FOLDER, to edit and run on; without FOLDER, "
    "list what there is."
)


def content_command(game: str) -> Callable[..., None]:
    """The ``content`` command of ``game`` (its parts in games/<game>/content/bundle.py)."""

    def content(
        folder: Annotated[
            str | None,
            typer.Argument(
                metavar="[FOLDER]",
                help="the folder to copy into (made if need be); leave out to list",
            ),
        ] = None,
        part: Annotated[
            list[str] | None,
            typer.Option("--part", "-p", help="copy only this part (repeatable; all by default)"),
        ] = None,
        force: Annotated[
            bool, typer.Option("--force", help="overwrite files already in FOLDER")
        ] = False,
        fmt: FormatOption = OutputFormat.text,
    ) -> None:
        from homestretch.core.bundled import chosen, copy_parts

        parts = importlib.import_module(f"homestretch.games.{game}.content.bundle").PARTS
        names = [] if part is None or "all" in part else part
        _parts_named(parts, names, game)
        picked = chosen(parts, names, game)
        if folder is None:
            _list(game, picked, fmt, len(parts))
            return
        if not folder.strip():  # "" is no folder (typer would have made it ".")
            raise HomestretchError("name the folder to copy into (. for this one)")
        into = Path(folder)
        copied = copy_parts(picked, into, force)
        if fmt is OutputFormat.json:
            echo_json(
                {
                    "game": game,
                    "folder": str(into),
                    "parts": [
                        {
                            "part": p.name,
                            "folder": str(p.folder(into)),
                            "use": p.used_as(into),
                            "files": [str(c.written) for c in copied if c.part is p],
                        }
                        for p in picked
                    ],
                    "written": [str(c.written) for c in copied],
                }
            )
            return
        for c in copied:
            console.print(
                f"wrote {escape(escape_controls(str(c.written)))}", highlight=False, soft_wrap=True
            )
        files = "1 file" if len(copied) == 1 else f"{len(copied)} files"
        console.print(f"{files} copied from the bundled {game} content.", highlight=False)
        for p in picked:
            console.print(
                f"{p.name}: {escape(escape_controls(p.used_as(into)))}",
                highlight=False,
                soft_wrap=True,
            )

    content.__doc__ = (
        f"{CONTENT_HELP}\n\nFOLDER gets the content laid out as the options that take your "
        f"own read it (`homestretch {game} content` lists the parts and those options); "
        "nothing is overwritten without --force."
        f"\n\nExample: `homestretch {game} content my-{game}` (then point the game at "
        f"my-{game}, as `homestretch {game} content` shows)"
    )
    return content


def _parts_named(parts: Sequence[Part], names: Sequence[str], game: str) -> None:
    """Each --part typed is one of the game's parts: a slip names the nearest, and a game
    of one part says so (`across content DIR --part tracks` listed "its parts: content",
    a part's name a newcomer would not think to type, with no word that it is the whole)."""
    from homestretch.core.inputs import nearest

    known = [p.name for p in parts]
    for name in names:
        if name in known:
            continue
        said = f"--part {escape_controls(name)}: {game} has no such part of its content"
        if len(known) == 1:
            raise HomestretchError(f"{said}: it is one folder, copied whole: leave --part out")
        near = nearest(name, known)
        guess = f"did you mean {near}? " if near else ""
        raise HomestretchError(
            f"{said}: {guess}write {either(known)}, or leave --part out to copy them all"
        )


def _list(game: str, parts: Sequence[Part], fmt: OutputFormat, total: int) -> None:
    """The parts listed (``parts``: those --part named, or all), and how to copy them;
    ``total``: how many parts the game has (a game of one copies it whole)."""
    example = Path("my-" + game)
    if fmt is OutputFormat.json:
        echo_json(
            {
                "game": game,
                "parts": [
                    {
                        "part": p.name,
                        "what": p.what,
                        "files": [str(s.relative_to(p.root)) for s in p.sources()],
                        "into": p.into,
                        "use": p.use,
                    }
                    for p in parts
                ],
            }
        )
        return
    from homestretch.cli.plain import Table

    table = Table("part", "what", "files")
    for p in parts:
        table.add_row(p.name, p.what, str(len(p.sources())))
    console.print(table)
    # each command on a line of its own, never folded or cut: in a fourth column at 80
    # columns one was cut to "homestretch stretch run my-stretch/races/2009-champ…"
    console.print(f"use a copy in {example}:", highlight=False)
    for p in parts:
        console.print(f"  {p.name}: {p.used_as(example)}", highlight=False, soft_wrap=True)
    named = "".join(f" --part {p.name}" for p in parts)  # those listed, when --part chose
    which = "" if total == 1 else " [--part PART]" if len(parts) == total else named
    console.print(f"copy with: homestretch {game} content {example}{which}", highlight=False)


CONTENT_FILES = {
    "across": ("horses.toml", "tracks/"),
    "totopoly": ("racecourse.toml", "leases.toml", "training_ring.toml", "reports.toml")
    + ("cards.toml",),
}
"""What a game's --content folder holds (its bundled content, as `content` copies it)."""


def content_folder(*games: str) -> Callable[[Path | None], Path | None]:
    """The check of a --content value (an option's callback), said before anything is
    read: a file (`serve --content README.md` was "no such content folder") is said to be
    one, with what the folder should hold; a name that is nothing, "no such content
    folder". ``games``: whose content the option takes."""

    def check(path: Path | None) -> Path | None:
        if path is not None and path.is_dir() and _a_held_folder(path, games):
            # `--content DIR/tracks` was "DIR/tracks/tracks: no track files found"
            raise HomestretchError(
                f"{escape_controls(str(path))}: is the {path.name}/ folder, not a content "
                f"folder: name the folder that holds {path.name}/ "
                f"({escape_controls(str(path.parent))})"
            )
        if path is not None and path.is_dir() and _across_folder(path, games):
            _track_files(path)
        if path is not None and path.is_dir() and games == ("totopoly",):
            _totopoly_files(path)
        if path is None or path.is_dir():
            return path
        shown = escape_controls(str(path))
        held = [(game, CONTENT_FILES[game]) for game in games]
        makes = " or ".join(f"`homestretch {game} content FOLDER`" for game, _ in held)
        if not path.exists():
            # `across play --content nosuchdir` said no more: nothing of how to make one
            raise HomestretchError(f"{shown}: no such content folder ({makes} makes one to edit)")
        if any(path.name in files for _, files in held):  # one of the folder's own files
            holder = escape_controls(str(path.parent))
            raise HomestretchError(
                f"{shown}: is a file, not a content folder: name the folder that holds it "
                f"({holder})"
            )
        wanted = " or ".join(
            f"{'an Across the Board' if game == 'across' else 'a Totopoly'} one holding "
            f"{', '.join(files[:-1])} and {files[-1]}"
            for game, files in held
        )
        raise HomestretchError(
            f"{shown}: is a file, not a content folder: --content wants a folder, {wanted} "
            f"({makes} makes one to edit)"
        )

    return check


def _a_held_folder(path: Path, games: Sequence[str]) -> bool:
    """Whether ``path`` is a folder a content folder holds (Across's tracks/) named in
    its place: named so, holding no folder of that name, nor any file a content folder
    of the games holds (a Totopoly folder may be named tracks)."""
    held = {name for game in games for name in CONTENT_FILES[game]}
    if f"{path.name}/" not in held or (path / path.name).is_dir():
        return False
    return not any((path / name).exists() for name in held if not name.endswith("/"))


def _across_folder(path: Path, games: Sequence[str]) -> bool:
    """Whether ``path`` is taken as an Across the Board content folder: the option takes
    only Across's, or (the server's, which takes Totopoly's too) it holds horses.toml."""
    return "across" in games and (len(games) == 1 or (path / "horses.toml").is_file())


def _track_files(path: Path) -> None:
    """An Across the Board folder's track files are read from its tracks/ folder: one
    without them is said with the folder given, where they are looked for, and the
    folder beside that holds .toml files, to rename (a tracks/ folder named otherwise,
    `courses/`, was "FOLDER/tracks: no track files (*.toml) found")."""
    from homestretch.games.across.content.loader import tracks_missing

    if any((path / "tracks").glob("*.toml")):
        return
    # the loader's own words, said before anything is read
    raise HomestretchError(f"{said_path(escape_controls(str(path)))}: {tracks_missing(path)}")


def _totopoly_files(path: Path) -> None:
    """A folder given as Totopoly's content that holds none of its files is said to be no
    content folder, with what one holds (`totopoly play --content .` in the wrong folder
    was "leases.toml: cannot read the TOML file: file not found", the folder unnamed)."""
    files = CONTENT_FILES["totopoly"]
    if any((path / name).exists() for name in files):
        return  # one with some: its loader names the file missing
    raise HomestretchError(
        f"{said_path(escape_controls(str(path)))}: not a content folder: a Totopoly one "
        f"holds {', '.join(files[:-1])} and {files[-1]} (`homestretch totopoly content "
        "FOLDER` makes one to edit)"
    )
