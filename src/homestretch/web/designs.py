"""A designer's own content in the lobby, beside the bundled: ``homestretch serve
--content DIR`` (an Across the Board or a Totopoly content folder, read and checked as
``homestretch across|totopoly play --content DIR`` reads it) and ``--race FILE`` (a Top
of the Stretch race file, as ``homestretch stretch run FILE`` reads it).

Each is read once, when the server starts (a broken file stops it in the terminal's one
line), and offered as a choice of its own in the lobby's list of games, named as the
designer's. A table opened on it keeps what it plays in the store, so it replays and
resumes exactly whatever becomes of the designer's file: a race whole in its
configuration (as every Stretch table keeps its race); a content folder's files, as
read, in the table's own settings (``web.design.files``), played from a copy of them
in a folder named by their digest (``session.saved.kept_folder``), which the game's
configuration names with that digest as ``--content`` names a folder. A server (or the
terminal's ``resume``, ``replay``) that finds the copy gone (a new machine, a cleared
cache) writes it again from the store before the table is rebuilt. A table whose designer's file changed since shows that in its page's
heading, and plays on as it was opened.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from homestretch.core.content import folder_digest
from homestretch.core.errors import ContentError, HomestretchError
from homestretch.core.inputs import read_text
from homestretch.core.protocol import JSON
from homestretch.session.saved import FOLDER_KEYS, write_kept
from homestretch.web.forms import FieldError

CONTENT_SUFFIXES = (".csv", ".toml", ".json")
"""The files of a content folder its digest covers (``core.content.folder_digest``), so
the files kept are those the digest is of."""

MOST_KEPT = 2 * 1024 * 1024
"""The most text a design's files may hold together, kept in each table's settings."""

TOTOPOLY_FILES = ("leases.toml", "training_ring.toml", "reports.toml", "cards.toml")
"""What marks a Totopoly content folder (with ``racecourse.toml``)."""


@dataclass(frozen=True)
class Design:
    """A designer's content as the server read it at start."""

    id: str
    """How the lobby's request names it: ``game:name`` ("across:my-across")."""
    game: str
    label: str
    """What the lobby calls it after "the designer's": the folder's or file's name."""
    source: Path
    """The folder or file, as a full path (only the server's own messages show it)."""
    digest: str
    """Of the folder's content files (``folder_digest``) or the race file's bytes."""
    files: dict[str, str] = field(default_factory=dict)
    """A folder's content files by their path in it, as read."""
    race: JSON | None = None
    """A race file's race, whole, as a Stretch configuration keeps it."""
    choices: dict[str, list[tuple[Any, str]]] = field(default_factory=dict)
    """Settings whose choices are the design's rather than the bundled ones (Across's
    ``tracks``: the folder's tracks; Stretch's ``race``: this race), each value with the
    words the form shows for it."""
    defaults: JSON = field(default_factory=dict)
    """The form's first values for the design (Across: its first track of its own)."""
    about: str = ""
    """A line under the game's choice saying what the design holds."""


def read_designs(contents: list[Path], races: list[Path]) -> list[Design]:
    """Every design named at start, each read and checked now: the first broken file
    raises its one line (``ContentError``: the file and the place in it)."""
    found: list[Design] = []
    for folder in contents:
        found += _folder_designs(folder)
    for race in races:
        found.append(_race_design(race))
    seen: dict[str, int] = {}
    named = []
    for design in found:  # two folders of one name: the second is "my-across (2)"
        seen[design.id] = seen.get(design.id, 0) + 1
        if seen[design.id] > 1:
            count = seen[design.id]
            design = _renamed(design, f"{design.id}-{count}", f"{design.label} ({count})")
        named.append(design)
    return named


def _renamed(design: Design, new_id: str, label: str) -> Design:
    if design.race is None:
        return replace(design, id=new_id, label=label)
    choices = {"race": [(new_id, words) for _, words in design.choices["race"]]}
    return replace(
        design,
        id=new_id,
        label=label,
        choices=choices,
        defaults={**design.defaults, "race": new_id},
    )


def _folder_designs(folder: Path) -> list[Design]:
    """An Across content folder (``horses.toml``, ``tracks/``), a Totopoly one (its five
    files), or both in one folder."""
    if not folder.is_dir():
        raise ContentError(folder, "no such content folder (--content)")
    across = (folder / "horses.toml").exists() or (folder / "tracks").is_dir()
    totopoly = (folder / "racecourse.toml").exists() or any(
        (folder / name).exists() for name in TOTOPOLY_FILES
    )
    if not (across or totopoly):
        raise ContentError(
            folder,
            "not a content folder: an Across the Board one holds horses.toml and tracks/, a "
            "Totopoly one racecourse.toml, leases.toml, training_ring.toml, reports.toml and "
            "cards.toml (`homestretch across content DIR` or `homestretch totopoly content "
            "DIR` makes one to edit)",
        )
    root = folder.resolve()
    files = _content_files(root)
    digest = folder_digest(root)
    label = root.name or str(root)
    designs = []
    if across:
        from homestretch.games.across.content.loader import load_content as across_content

        content = across_content(str(folder))  # a broken file: its line, as typed, now
        tracks = [(key, f"{t.name} ({t.city})") for key, t in content.tracks.items()]
        bundled = set(across_content(None).tracks)
        own = [key for key, _ in tracks if key not in bundled]
        names = ", ".join(words for _, words in tracks)
        designs.append(
            Design(
                f"across:{label}",
                "across",
                label,
                root,
                digest,
                files,
                choices={"tracks": tracks},
                defaults={"tracks": own[:1]},
                about=f"The designer's content in {label}: its title cards and tracks ({names}).",
            )
        )
    if totopoly:
        from homestretch.games.totopoly.content.loader import load_content as totopoly_content

        totopoly_content(str(folder))
        designs.append(
            Design(
                f"totopoly:{label}",
                "totopoly",
                label,
                root,
                digest,
                files,
                about=f"The designer's board and cards in {label}.",
            )
        )
    return designs


def _content_files(root: Path) -> dict[str, str]:
    files = {}
    total = 0
    for path in sorted(p for p in root.rglob("*") if p.suffix in CONTENT_SUFFIXES):
        text = read_text(path, "content file")
        total += len(text)
        if total > MOST_KEPT:
            raise ContentError(
                root,
                f"the content files hold more than {MOST_KEPT // 1024 // 1024} MiB together "
                "(a table keeps them all in its store): give the game's files alone",
            )
        files[path.relative_to(root).as_posix()] = text
    return files


def _race_design(path: Path) -> Design:
    from homestretch.games.stretch.content.race import load_race

    race = load_race(path)  # a broken file (or its cards): its one line, now
    whole = race.model_dump(mode="json", by_alias=True)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
    label = path.name
    design_id = f"stretch:{path.stem}"
    runners = len(race.runners)
    words = f"{race.name} ({runners} horses; the designer's {label})"
    return Design(
        design_id,
        "stretch",
        label,
        path.resolve(),
        digest,
        race=whole,
        choices={"race": [(design_id, words)]},
        defaults={"race": design_id},
        about=f"The designer's race file {label}: {race.name}, {runners} horses.",
    )


class Designs:
    """The designs a server offers, by id."""

    def __init__(self, designs: list[Design] | None = None) -> None:
        self.by_id = {d.id: d for d in designs or []}

    def __iter__(self) -> Iterator[Design]:
        return iter(self.by_id.values())

    def __bool__(self) -> bool:
        return bool(self.by_id)

    def chosen(self, game: str, asked: Any) -> Design | None:
        """The design a request names (``design``), None where it names none."""
        if asked is None or asked == "":
            return None
        design = self.by_id.get(asked) if isinstance(asked, str) else None
        if design is None or design.game != game:
            offered = ", ".join(d.id for d in self if d.game == game) or "none"
            raise FieldError(
                "design",
                f"this server offers no designer's content {asked!r} for {game} (offered: "
                f"{offered})",
            )
        return design


UPLOADED = "across:uploaded"
"""The id of a track file uploaded with a table's request (``upload``)."""


def uploaded_track(upload: Any) -> Design:
    """An Across the Board track file uploaded from the lobby (``{file, text}``), read
    and checked as a content folder's track is, with the bundled title cards: a design
    of its own for the one table, which keeps it as it keeps a folder's. A fault is one
    line naming the file and the place in it, shown by the file's field (``upload``)."""
    import tempfile

    from homestretch.games.across.content.loader import DEFAULT_DIR, load_content, track_key

    if not isinstance(upload, dict) or not all(
        isinstance(upload.get(key), str) for key in ("file", "text")
    ):
        raise FieldError("upload", "an uploaded track is sent as its file's name and text")
    name = Path(upload["file"].replace("\\", "/")).name
    if not name.lower().endswith(".toml") or not track_key(name[:-5]):
        raise FieldError("upload", f"{name}: a track file is a .toml file (docs/across.md)")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        track = root / "tracks" / f"{track_key(name[:-5])}.toml"
        track.parent.mkdir()
        (root / "horses.toml").write_bytes((DEFAULT_DIR / "horses.toml").read_bytes())
        track.write_text(upload["text"], encoding="utf-8", newline="")
        try:
            content = load_content.__wrapped__(str(root))  # not kept: a folder of a moment
            files = _content_files(root)
        except ContentError as exc:
            said = str(exc).replace(str(track), name).replace(str(root), name)
            raise FieldError("upload", said) from None
        digest = folder_digest(root)
    key, loaded = next(iter(content.tracks.items()))
    return Design(
        UPLOADED,
        "across",
        name,
        Path(name),
        digest,
        files,
        choices={"tracks": [(key, f"{loaded.name} ({loaded.city})")]},
        defaults={"tracks": [key]},
        about=f"The track file {name}: {loaded.name}, with the bundled title cards.",
    )


TOTOPOLY_UPLOADED = "totopoly:uploaded"
"""The id of a Totopoly content folder's files uploaded with a table's request."""

MOST_UPLOADED = 256 * 1024
"""The most text a Totopoly folder's uploaded files may hold together (the bundled five
hold 11 KiB); said in the lobby by the field, and checked there before they are sent."""


def _unzipped(given: Any) -> list[dict[str, str]]:
    """A Totopoly content folder zipped (``{file, data}``: the zip's name and its bytes
    in base64), as the files it holds (``{file, text}``): at the zip's top or in one
    folder (a folder zipped whole), its ``.toml`` files (anything else beside them, a
    note, a Mac's ``__MACOSX``, is passed over, as a folder's are). Refused, in one line
    naming the zip and the file: not a zip, more than ``MOST_UPLOADED`` zipped or
    unpacked (a zip bomb's sizes are read before anything is unpacked, and no more than
    they say is read), a path out of the folder, a folder inside the folder, files in
    two folders, a password, a file that is not UTF-8 text."""
    if not (
        isinstance(given, dict)
        and isinstance(given.get("file"), str)
        and isinstance(given.get("data"), str)
    ):
        raise FieldError("upload", "a zip is sent as its name and its bytes (base64)")
    name = Path(given["file"].replace("\\", "/")).name
    most = f"{MOST_UPLOADED // 1024} KiB"
    try:
        raw = base64.b64decode(given["data"], validate=True)
    except (binascii.Error, ValueError):
        raise FieldError("upload", f"{name}: its bytes are not base64") from None
    if len(raw) > MOST_UPLOADED:
        raise FieldError(
            "upload", f"{name}: the zip is over {most}: zip the content folder's own files"
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError):
        raise FieldError(
            "upload", f"{name}: not a zip file (a Totopoly content folder zipped, or its files)"
        ) from None
    members = []
    folders: set[tuple[str, ...]] = set()
    for info in archive.infolist():
        path = info.filename.replace("\\", "/")
        parts = PurePosixPath(path).parts
        if path.startswith("/") or ".." in parts or (parts and parts[0].endswith(":")):
            raise FieldError("upload", f"{name}: {info.filename}: a path out of the zip's folder")
        if info.is_dir() or not parts or "__MACOSX" in parts or parts[-1].startswith("."):
            continue
        if not parts[-1].endswith(".toml"):
            continue  # a note beside the files: a folder's are passed over too
        if len(parts) > 2:
            raise FieldError(
                "upload",
                f"{name}: {info.filename}: a folder inside the folder: zip the content "
                "folder itself (its files at the zip's top, or in its one folder)",
            )
        folders.add(parts[:-1])
        if len(folders) > 1:
            named = sorted("/".join(f) or "the zip's top" for f in folders)
            raise FieldError(
                "upload", f"{name}: files in {' and in '.join(named)}: zip one content folder"
            )
        if info.flag_bits & 0x1:
            raise FieldError("upload", f"{name}: {info.filename}: locked with a password")
        members.append(info)
    if not members:
        raise FieldError("upload", f"{name}: holds no .toml file of a Totopoly content folder")
    if sum(info.file_size for info in members) > MOST_UPLOADED:
        raise FieldError(
            "upload",
            f"{name}: its files unpacked hold more than {most} (a Totopoly folder's five "
            "hold about 11 KiB): zip the content folder's own files",
        )
    files = []
    for info in members:
        try:
            with archive.open(info) as member:
                data = member.read(info.file_size + 1)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as exc:
            raise FieldError("upload", f"{name}: {info.filename}: damaged ({exc})") from None
        except NotImplementedError:
            raise FieldError(
                "upload",
                f"{name}: {info.filename}: packed in a way this server cannot unpack: zip "
                "it with the usual compression (deflate)",
            ) from None
        if len(data) > info.file_size:  # more than it said (zipfile stops there first)
            raise FieldError("upload", f"{name}: {info.filename}: damaged (longer than it says)")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise FieldError("upload", f"{name}: {info.filename}: not UTF-8 text") from None
        files.append({"file": PurePosixPath(info.filename).name, "text": text})
    return files


def uploaded_content(upload: Any) -> Design:
    """A Totopoly content folder's files uploaded from the lobby (``{files: [{file,
    text}, ...]}``: some or all of its five, by their names; or ``{zip: {file, data}}``,
    the folder zipped: ``_unzipped``), read and checked as
    ``homestretch totopoly play --content DIR`` reads a folder, a file left out taken as
    bundled: a design of its own for the one table, which keeps the files as it keeps a
    folder's. A fault is one line naming the file and the place in it, shown by the
    files' field (``upload``)."""
    import tempfile

    from homestretch.games.totopoly.content.loader import DEFAULT_CONTENT, load_content

    names = ("racecourse.toml", *TOTOPOLY_FILES)
    zipped = isinstance(upload, dict) and "zip" in upload
    files = (
        _unzipped(upload["zip"])
        if zipped
        else upload.get("files")
        if isinstance(upload, dict)
        else None
    )
    if (
        not isinstance(files, list)
        or not files
        or not all(
            isinstance(one, dict) and all(isinstance(one.get(k), str) for k in ("file", "text"))
            for one in files
        )
    ):
        raise FieldError("upload", "uploaded content is sent as its files' names and texts")
    given: dict[str, str] = {}
    for one in files:
        name = Path(one["file"].replace("\\", "/")).name
        if name not in names:
            raise FieldError(
                "upload",
                f"{name}: a Totopoly content folder holds {', '.join(names)} (docs/totopoly.md)",
            )
        if name in given:
            raise FieldError("upload", f"{name} is chosen twice")
        given[name] = one["text"]
    if sum(len(text.encode("utf-8")) for text in given.values()) > MOST_UPLOADED:
        raise FieldError(
            "upload",
            f"the files hold more than {MOST_UPLOADED // 1024} KiB together (a Totopoly "
            "folder's five hold about 11 KiB): choose the content folder's own files",
        )
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name in names:
            if name in given:
                (root / name).write_text(given[name], encoding="utf-8", newline="")
            else:
                (root / name).write_bytes((DEFAULT_CONTENT / name).read_bytes())
        try:
            load_content.__wrapped__(str(root))  # not kept: a folder of a moment
            kept = _content_files(root)
        except ContentError as exc:
            said = str(exc)
            for name in names:
                said = said.replace(str(root / name), name)
            raise FieldError("upload", said.replace(str(root), "the uploaded files")) from None
        digest = folder_digest(root)
    bundled = [name for name in names if name not in given]
    label = ", ".join(given) if bundled else "uploaded content folder"  # a heading's words
    also = f", with the bundled {', '.join(bundled)}" if bundled else ""
    return Design(
        TOTOPOLY_UPLOADED,
        "totopoly",
        label,
        Path(label),
        digest,
        kept,
        about=f"The uploaded {label}{also}.",
    )


# --- a table opened on a design -------------------------------------------------------
def applied(design: Design, config: JSON) -> tuple[JSON, JSON]:
    """The configuration of a table on ``design`` (its content folder kept, or its race
    whole) and what the table keeps of it in its own settings (``web.design``)."""
    kept: JSON = {"id": design.id, "label": design.label, "digest": design.digest}
    if design.id not in (UPLOADED, TOTOPOLY_UPLOADED):  # on the server: it may change
        kept["source"] = str(design.source)
    if design.race is not None:
        return {**config, "race": design.race}, kept
    folder = write_kept(design.game, design.digest, design.files)
    return {**config, FOLDER_KEYS[design.game]: str(folder)}, {**kept, "files": design.files}


def changed(web: JSON) -> str | None:
    """How the designer's file a table opened on stands now, where it is not as it was:
    "changed" or "gone"; None if unchanged (or the table is on no design)."""
    design = web.get("design")
    if not isinstance(design, dict) or not isinstance(design.get("source"), str):
        return None
    source = Path(design["source"])
    try:
        if source.is_dir():
            now = folder_digest(source)
        else:
            now = hashlib.sha256(source.read_bytes()).hexdigest()[:20]
    except (HomestretchError, OSError):
        return "gone" if not source.exists() else "changed"
    return None if now == design.get("digest") else "changed"


def designed_title(title: str, web: JSON) -> str:
    """A table's title with the design it plays ("Totopoly: lease, train ..., on the
    designer's my-board"), and, where the designer's file changed since the table opened,
    that it plays on as it was: the page's heading says it under the game's name."""
    design = web.get("design")
    if not isinstance(design, dict):
        return title
    short, _, rest = title.partition(": ")
    said = f"on the designer's {design.get('label', '')}"
    how = changed(web)
    if how is not None:
        what = "content" if "files" in design else "race file"
        said += (
            f" as it was when this table opened: the {what} has {how} since, and this table "
            "plays on as it was"
        )
    return f"{short}: {rest}, {said}" if rest else f"{short}: {said}"


def listed_title(title: str, web: JSON) -> str:
    """A table's title as the lobby lists it: the design named in its trailing aside,
    which the list shows ("Across the Board (the designer's my-across)")."""
    design = web.get("design")
    if not isinstance(design, dict):
        return title
    said = f"the designer's {design.get('label', '')}"
    if title.endswith(")"):
        return f"{title[:-1]}, {said})"
    return f"{title} ({said})"
