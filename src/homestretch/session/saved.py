"""Tables kept in the store: opened new, rebuilt from their log, resumed by any surface."""

from __future__ import annotations

import hashlib
import importlib
import os
import shutil
from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import replace
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from homestretch.core.content import folder_digest
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import shown
from homestretch.core.protocol import JSON, Event, Game, State
from homestretch.core.referee import Agent
from homestretch.core.registry import GameEntry, OwnFile, entry
from homestretch.session.dice import DiceSpec
from homestretch.session.seats import Seat
from homestretch.session.table import Table

if TYPE_CHECKING:
    from homestretch.core.bundled import Part
    from homestretch.store.db import SavedGame, Store


class StoredLog:
    """A table's log in the store: each append checked against its position."""

    def __init__(self, store: Store, game_id: int) -> None:
        self.store, self.game_id = store, game_id

    def append(self, position: int, events: Sequence[Event]) -> None:
        self.store.append_at(self.game_id, position, events)

    def since(self, position: int) -> list[Event]:
        return self.store.events_since(self.game_id, position)


def settings_json(seats: Sequence[Seat], dice: DiceSpec, extra: JSON | None = None) -> JSON:
    """A table's settings as the store keeps them: its seats and dice, and what a surface
    or ``open_new`` adds (``extra``: a web table's own, the bundled content's marks)."""
    return {"seats": [s.to_json() for s in seats], "dice": dice.to_json(), **(extra or {})}


CONTENT_KEY = "bundled_content"
"""The table settings' key for the marks of the bundled files a game reads: each file
by its name ("content/horses.toml"; "stretch:charts/odds.csv", another game's) with a
digest of its bytes when the game was made."""

READS_KEY = "bundled_reads"
"""The table settings' key for what the game reads of the bundled content, as its game
said when it was made (``GameEntry.bundled_reads``): its marks are checked against
those files as this homestretch has them. A game marked before this was kept was
marked with every file of its own game's parts it did not keep."""


FILES_KEY = "own_files"
"""The table settings' key for the files of a person's own a game reads after it is
made (``GameEntry.own_files``): each by its path, what it is, a digest of its bytes and
of each part the game reads of it, when the game was made."""


def saved_entry(saved: SavedGame) -> GameEntry:
    """The game a saved game is of. One this homestretch does not have was saved by
    another (a newer one, with games this one lacks): said so, with what to do, where
    "unknown game" named no saved game and no cause."""
    try:
        return entry(saved.game)
    except HomestretchError:
        from homestretch import __version__

        raise HomestretchError(
            f"game {saved.id} is a game of {shown(saved.game)}, which homestretch "
            f"{__version__} does not have (saved by a newer homestretch?): replay or resume "
            "it with the homestretch that saved it; the store is left as it was"
        ) from None


def bundled_reads(game_entry: GameEntry, config: JSON) -> tuple[str, ...]:
    """What a game of ``config`` reads of the bundled content: its entry says
    (``GameEntry.bundled_reads``), else every part of its own that it does not keep."""
    if game_entry.bundled_reads is not None:
        return tuple(game_entry.bundled_reads(config))
    return tuple(part.name for part in _parts(game_entry.name) if not part.kept)


def bundled_marks(game: str, reads: Sequence[str]) -> dict[str, str]:
    """Each bundled file ``reads`` names, by its name in a saved game of ``game``, with
    a digest of its bytes. A part this homestretch does not ship has no files."""
    marks: dict[str, str] = {}
    for read in reads:
        owner, part, pattern = _split(game, read)
        for path, digest in _files(owner, part):
            if pattern is None or _matches(path, pattern):
                marks[path if owner == game else f"{owner}:{path}"] = digest
    return marks


def _split(game: str, name: str) -> tuple[str, str, str | None]:
    """A read or a mark of a saved game of ``game`` as (the game whose part it is, the
    part, the path or pattern inside it; None for the whole part)."""
    owner, colon, rest = name.partition(":")
    if not colon or "/" in owner:  # no game named before the part
        owner, rest = game, name
    part, _, inside = rest.partition("/")
    return owner, part, inside or None


def _matches(path: str, pattern: str) -> bool:
    """Whether a file's name ("content/tracks/woodbine.toml") is one a pattern inside its
    part picks out ("tracks/*.toml"), as ``Path.glob`` picks files: name by name."""
    names, wanted = path.split("/")[1:], pattern.split("/")
    return len(names) == len(wanted) and all(map(fnmatchcase, names, wanted))


@cache
def _parts(game: str) -> tuple[Part, ...]:
    try:
        module = importlib.import_module(f"homestretch.games.{game}.content.bundle")
    except ModuleNotFoundError:  # a game that ships no content
        return ()
    return tuple(module.PARTS)


@cache
def _files(game: str, name: str) -> tuple[tuple[str, str], ...]:
    """The files of ``game``'s part ``name``, each by its name in the part
    ("content/horses.toml") with a digest of its bytes (none for a part it does not
    ship). Worked out once a process: the bundled files are the installed package's."""
    found: list[tuple[str, str]] = []
    for part in _parts(game):
        if part.name == name:
            for path in part.sources():
                digest = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
                found.append((f"{name}/{path.relative_to(part.root).as_posix()}", digest))
    return tuple(found)


def check_content(store: Store, saved: SavedGame, game_entry: GameEntry | None = None) -> list[str]:
    """Refuse to rebuild a saved game on bundled files it read that changed since it was
    saved (a homestretch upgrade with new charts, an installed file edited): the log
    would replay as another game, silently. A file it did not read may change. The
    game's own content folder, where it names one, is checked by the game against the
    digest in its configuration. A game saved before the marks were kept cannot be
    checked here. What to tell the person (a game saved before another game's files
    were recorded, whose log has them read again): one line each."""
    settings = store.settings(saved.id)
    marked = None if settings is None else settings.get(CONTENT_KEY)
    reads = None if settings is None else settings.get(READS_KEY)
    recorded = isinstance(reads, list) and all(isinstance(read, str) for read in reads)
    game_entry = game_entry or saved_entry(saved)
    notes = [] if recorded else _unrecorded(saved, game_entry)
    if settings is None or not isinstance(marked, dict):
        return notes
    if not isinstance(reads, list) or not all(isinstance(read, str) for read in reads):
        # marked before what it read was kept: with every file of its own parts, so each
        # of them it reads, as this homestretch's game says, is checked
        said = bundled_reads(game_entry, saved.config)
        reads = [read for read in said if _split(saved.game, read)[0] == saved.game]
    now = bundled_marks(saved.game, reads)
    read = set(now) | {name for name in marked if _read(saved.game, name, reads)}
    changed = sorted(name for name in read if marked.get(name) != now.get(name))
    if changed:
        listed = ", ".join(changed[:4]) + (
            f" and {len(changed) - 4} more" if len(changed) > 4 else ""
        )
        raise HomestretchError(
            f"game {saved.id} was played on {saved.game}'s bundled content as it was when it "
            f"was saved, and this homestretch's differs ({listed}), so it cannot be replayed "
            "or resumed exactly: use the homestretch it was played with"
        )
    return notes


def _unrecorded(saved: SavedGame, game_entry: GameEntry) -> list[str]:
    """A game saved before games recorded which bundled files they read was marked with
    its own game's alone: another game's its log has read again (a race run at Derby
    Cast's keeper's desk, on Top of the Stretch's) is read as this homestretch has it,
    unchecked. Said once, in one plain sentence (a page shows it too, ``web.frames``);
    its own game's files are checked as before."""
    if game_entry.log_reads is None:
        return []
    others = sorted(
        {_split(saved.game, read)[0] for read in game_entry.log_reads(saved.events)} - {saved.game}
    )
    if not others:
        return []
    titles = " and ".join(entry(other).title.partition(":")[0] for other in others)
    return [
        f"note: game {saved.id} was saved by an older homestretch, so its {titles} races "
        "are run again on this homestretch's files and may not come out as they first did"
    ]


def _read(game: str, name: str, reads: Sequence[str]) -> bool:
    """Whether the file a mark names is one that ``reads`` read (it may be gone now)."""
    owner, part, path = _split(game, name)
    return any(
        (read_owner, read_part) == (owner, part)
        and (pattern is None or _matches(f"{part}/{path}", pattern))
        for read_owner, read_part, pattern in (_split(game, read) for read in reads)
    )


def open_new(
    store: Store,
    game_entry: GameEntry,
    game: Game,
    seats: Sequence[Seat],
    dice: DiceSpec,
    label: str = "",
    config: JSON | None = None,
    agents: Mapping[int, Agent] | None = None,
    extra: JSON | None = None,
) -> tuple[Table, int]:
    """A new table saved in the store (``config`` to store instead of the game's own,
    for a surface that keeps more in it); nothing has happened at it yet."""
    stored = config or game.config()
    # marked with the bundled files its game says this configuration reads; none for
    # a game on content of its own (no marks: an older homestretch checks none either)
    reads = bundled_reads(game_entry, stored)
    marks: JSON = {CONTENT_KEY: bundled_marks(game_entry.name, reads), READS_KEY: list(reads)}
    marks = marks if reads else {}
    # and with the files of the person's own it reads after it is made, part by part
    files = file_records(game_entry, stored)
    marks |= {FILES_KEY: files} if files else {}
    settings = settings_json(seats, dice, {**(extra or {}), **marks})
    game_id = store.create(game_entry.name, stored, dice.seed, dice.kind, label, settings)
    table = Table(game_entry, game, seats, dice, StoredLog(store, game_id), agents=agents)
    return table, game_id


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def file_records(game_entry: GameEntry, config: JSON) -> list[JSON]:
    """The files of a person's own a game of ``config`` reads after it is made, each
    recorded as it is now (``FILES_KEY``)."""
    if game_entry.own_files is None:
        return []
    return [
        {
            "path": own.path,
            "what": own.what,
            "digest": _digest(Path(own.path).read_bytes()),
            "parts": [list(part) for part in own.parts(Path(own.path))],
        }
        for own in game_entry.own_files(config)
    ]


def check_files(
    store: Store, saved: SavedGame, state: State | None, game_entry: GameEntry | None = None
) -> list[str]:
    """Refuse a saved game that goes on reading a file of a person's own (a results
    file, a race file) that changed since it was saved, in what it has still to read:
    it would go on as another game, silently. ``state``: the game rebuilt, to go on;
    None to replay it, which reads nothing of them (the log holds what it read). A
    change it will not read is said in a line (returned) and let be. A game saved
    before files were recorded is not checked."""
    settings = store.settings(saved.id)
    records = None if settings is None else settings.get(FILES_KEY)
    game_entry = game_entry or saved_entry(saved)
    if not isinstance(records, list) or game_entry.own_files is None:
        return []
    declared = {own.path: own for own in game_entry.own_files(saved.config)}
    notes: list[str] = []
    for record in records:
        own = declared.get(str(record.get("path"))) if isinstance(record, dict) else None
        if own is not None:
            notes += _check_file(saved.id, own, record, state)
    return notes


def _check_file(game_id: int, own: OwnFile, record: JSON, state: State | None) -> list[str]:
    path = Path(own.path)
    named = f"the {own.what} {own.path}"
    try:
        now: str | None = _digest(path.read_bytes())
    except OSError:
        now = None
    if now == record.get("digest"):
        return []
    coming = range(0) if state is None else own.to_come(state)
    how = "has gone" if not path.exists() else "became unreadable" if now is None else "changed"
    if not coming:
        return [
            f"note: {named} {how} since game {game_id} was saved; the game reads nothing "
            "more of it (its log holds every race it read), so it stands as played"
        ]
    if now is None:
        raise HomestretchError(
            f"game {game_id} goes on reading {named}, which {how} since it was saved: put "
            "it back as it was to resume the game"
        )
    try:
        parts = own.parts(path)
    except (HomestretchError, OSError) as exc:
        raise HomestretchError(
            f"game {game_id} goes on reading {named}, which changed since it was saved and "
            f"cannot be read now ({exc}): put it back as it was to resume the game"
        ) from None
    before = [tuple(part) for part in record.get("parts") or []]
    differ = [
        place
        for place in range(max(len(before), len(parts)))
        if (before[place] if place < len(before) else None)
        != (parts[place] if place < len(parts) else None)
    ]
    ahead = [place for place in differ if place in coming]
    label = [*(name for name, _ in parts), *(str(name) for name, _ in before[len(parts) :])]
    if ahead:
        changed = ", ".join(label[place] for place in ahead[:4]) + (
            f" and {len(ahead) - 4} more" if len(ahead) > 4 else ""
        )
        gone = " (gone from it)" if any(place >= len(parts) for place in ahead) else ""
        raise HomestretchError(
            f"game {game_id} goes on reading {named}, which changed since it was saved in "
            f"what the game has still to read ({changed}{gone}), so it cannot be resumed "
            "as the game it is: put the file back as it was, or start a new game on it"
        )
    if not differ:
        return [
            f"note: {named} changed since game {game_id} was saved, in nothing the game "
            "reads of it: it goes on as it was"
        ]
    behind = ", ".join(label[place] for place in differ[:4])
    return [
        f"note: {named} changed since game {game_id} was saved in {behind}, which the "
        "game's log holds (it reads none of it again): it goes on as it was"
    ]


# --- a designer's content folder, kept in a table's settings ----------------------------
FOLDER_KEYS = {"across": "content_dir", "totopoly": "content"}
"""Where each game's configuration names its content folder."""

SURFACE_KEYS = ("web",)
"""The table settings' keys a surface keeps its own settings under (``web.hub.WEB``):
a table the web opened on a designer's content folder keeps the folder's files there
(``web.designs``), as ``{"design": {"id": "across:NAME", "files": {PATH: TEXT}}}``."""


def kept_folder(game: str, digest: str) -> Path:
    """Where a content folder kept for tables is played from: named by its digest, so
    one copy serves every table on those files, and no table's files change."""
    from homestretch.core.kept import cache_folder

    return cache_folder() / "designs" / f"{game}-{digest}"


def write_kept(game: str, digest: str, files: dict[str, str], where: Path | None = None) -> Path:
    """The files written into their kept folder (``where``, else ``kept_folder``) unless
    there already, whole: written beside it and moved in at once, so a game never reads
    half a folder. Refused in a line if they cannot be written or come out otherwise."""
    folder = where or kept_folder(game, digest)
    if folder.is_dir() and _digest_or_none(folder) == digest:
        return folder
    part = folder.with_name(f"{folder.name}.{os.getpid()}.part")
    try:
        shutil.rmtree(part, ignore_errors=True)
        for name, text in files.items():
            path = part / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="")
        if folder.is_dir():  # another copy, damaged or changed by hand: replaced
            shutil.rmtree(folder)
        os.replace(part, folder)
    except OSError as exc:
        shutil.rmtree(part, ignore_errors=True)
        if folder.is_dir() and _digest_or_none(folder) == digest:  # another process's
            return folder
        raise HomestretchError(
            f"cannot keep the designer's {game} content in {folder} ({exc.strerror or exc})"
        ) from None
    if _digest_or_none(folder) != digest:
        raise HomestretchError(f"the designer's {game} content kept in {folder} reads otherwise")
    return folder


def _digest_or_none(folder: Path) -> str | None:
    try:
        return folder_digest(folder)
    except (HomestretchError, OSError):
        return None


def restore_design(config: JSON, design: object) -> None:
    """Write a table's kept content folder again from what its settings keep of the
    designer's files (``design``), where it is gone (a new machine, a cleared cache) or
    reads otherwise (changed by hand), before the table is rebuilt on it. Only a folder
    named as a kept one is written (``designs/GAME-DIGEST``): a configuration naming
    another folder is left for the game to check, never written over."""
    if not isinstance(design, dict) or not isinstance(design.get("files"), dict):
        return
    where = next((config.get(key) for key in FOLDER_KEYS.values() if config.get(key)), None)
    digest = config.get("content_digest")
    game = str(design.get("id", "")).partition(":")[0]
    if not isinstance(where, str) or not isinstance(digest, str):
        return
    folder = Path(where)
    if folder.name != f"{game}-{digest}" or folder.parent.name != "designs":
        return
    with suppress(HomestretchError):  # else the game says the folder is gone
        write_kept(game, digest, design["files"], folder)


def restore_kept(store: Store, saved: SavedGame) -> None:
    """A saved table's kept content folder written again from the store where it is gone
    (``restore_design``), so every surface that rebuilds the table (the terminal's
    ``resume`` and ``replay``, ``verify``, a server) plays it on as it was."""
    settings = store.settings(saved.id) or {}
    for key in SURFACE_KEYS:
        own = settings.get(key)
        if isinstance(own, dict):
            restore_design(saved.config, own.get("design"))


BROKEN_LOG = (HomestretchError, ValueError, KeyError, TypeError, IndexError, AttributeError)
"""What a log changed by hand, damaged, or written by rules that differ raises on replay."""


def replayed(saved: SavedGame, game: Game) -> State:
    """The saved game's state, its log replayed move by move: a move that does not
    replay is one line naming the game and the move."""
    state = game.new_initial_state()
    for number, event in enumerate(saved.events, start=1):
        try:
            state.apply_event(event)
        except BROKEN_LOG as exc:
            raise HomestretchError(
                f"game {saved.id}: move {number} of its log does not replay ({exc}); the log "
                "was changed or damaged after it was saved, or saved by a homestretch whose "
                "rules differ"
            ) from None
    return state


def located(saved: SavedGame, exc: BaseException, game: Game | None = None) -> BaseException:
    """The error to show for a saved game that would not rebuild: the move of its log
    that does not replay, where one does not; else ``exc`` itself."""
    try:
        replayed(saved, game or entry(saved.game).make(saved.config))
    except HomestretchError as found:
        return found
    return exc


def legacy_dice(saved: SavedGame, game: Game) -> DiceSpec:
    """The dice of a game saved before tables kept their settings: a seeded game rolls
    on with its seed; a scripted one replays the faces its log holds and then goes on
    seeded; an asked one goes on asking."""
    seed = saved.seed or 0
    if saved.dice == "seeded":
        return DiceSpec("seeded", seed)
    if saved.dice == "asked":
        return DiceSpec("asked", seed)
    faces: list[int] = []
    state = game.new_initial_state()
    for event in saved.events:
        if event.outcome is not None and state.chance_node().is_dice:
            faces.extend(event.outcome)
        state.apply_event(event)
    return DiceSpec("scripted", seed, faces=tuple(faces), then_seeded=True)


def rebuild(
    store: Store,
    saved: SavedGame,
    game: Game | None = None,
    legacy_seats: Sequence[Seat] | None = None,
    agents: Mapping[int, Agent] | None = None,
    game_entry: GameEntry | None = None,
) -> Table:
    """A saved table rebuilt from its log, ready to go on. A scripted table goes on past
    its script with its seeded dice, so it can be finished."""
    game_entry = game_entry or saved_entry(saved)
    notes = check_content(store, saved, game_entry)
    if game is None:  # a surface that made the game restored its content before
        restore_kept(store, saved)
        game = game_entry.make(saved.config)
    settings = store.settings(saved.id)
    if settings is None:
        seats = list(legacy_seats or [])
        dice = legacy_dice(saved, game)
    else:
        seats = [Seat.from_json(s) for s in settings["seats"]]
        dice = DiceSpec.from_json(settings["dice"])
    if dice.kind == "scripted":
        dice = replace(dice, then_seeded=True)
    log = StoredLog(store, saved.id)
    try:
        table = Table(game_entry, game, seats, dice, log, events=saved.events, agents=agents)
    except BROKEN_LOG as exc:
        raise located(saved, exc, game) from None
    # nothing has been read from a person's own files yet: the table is its log replayed
    table.notes = notes + check_files(store, saved, table.state, game_entry)
    return table
