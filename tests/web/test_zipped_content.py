"""A Totopoly content folder zipped, uploaded in the lobby as its files are: unpacked
and checked as the files are (the same 256 KiB, each fault one line by the files'
field), its files at the zip's top or in one folder (a folder zipped whole). Refused in
one line naming the zip: not a zip, a zip bomb (its sizes read before anything is
unpacked), a path out of the folder, a folder inside the folder, files of two folders."""

from __future__ import annotations

import base64
import io
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import frame_of, open_table, refusal

from homestretch.core.protocol import JSON
from homestretch.store.db import Store

FOLDER = Path(__file__).parents[2] / "samples" / "totopoly"
ASKED = {
    "game": "totopoly",
    "config": {"players": 2},
    "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "sensible", "name": "Bo"}],
}


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOMESTRETCH_CACHE", str(tmp_path / "cache"))  # the kept copies


def _zip(members: dict[str, bytes | str], name: str = "my-board.zip") -> JSON:
    """``members`` zipped (by their paths in the zip), as the lobby sends a zip."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in members.items():
            archive.writestr(path, data)
    return {"zip": {"file": name, "data": base64.b64encode(packed.getvalue()).decode()}}


def _folder(prefix: str = "", **changed: str) -> dict[str, bytes | str]:
    return {
        f"{prefix}{path.name}": changed.get(path.stem, path.read_text())
        for path in sorted(FOLDER.glob("*.toml"))
    }


def test_a_zipped_folder_is_played_on_its_files(client: TestClient, store: Store) -> None:
    course = "# the zipped course\n" + (FOLDER / "racecourse.toml").read_text()
    members = {
        **_folder("my-board/", racecourse=course),
        "my-board/NOTES.md": "why the course bends",  # beside the files: passed over
        "__MACOSX/my-board/._cards.toml": b"\x00\x05\x16\x07",  # a Mac's zip
        "my-board/": "",
    }
    links = open_table(client, **ASKED, upload=_zip(members))
    design = (store.settings(links["id"]) or {})["web"]["design"]
    assert design["id"] == "totopoly:uploaded"
    assert design["files"]["racecourse.toml"] == course
    assert set(design["files"]) == {p.name for p in FOLDER.glob("*.toml")}
    assert "Heath Raven" in str(frame_of(client, links["id"])["view"])  # the folder's horses
    at_top = open_table(client, **ASKED, upload=_zip({"leases.toml": _folder()["leases.toml"]}))
    kept = (store.settings(at_top["id"]) or {})["web"]["design"]["files"]
    assert kept["leases.toml"] == (FOLDER / "leases.toml").read_text()


def _bomb() -> JSON:
    """A zip whose one file unpacks to 4 MiB of zeros (a few KiB zipped)."""
    return _zip({"cards.toml": b"\x00" * (4 * 1024 * 1024)}, "bomb.zip")


def _lying_bomb() -> JSON:
    """A zip whose file says it holds 10 bytes and unpacks to 4 MiB."""
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("cards.toml", b"#" * (4 * 1024 * 1024))
    data = bytearray(packed.getvalue())
    for header in (b"PK\x03\x04", b"PK\x01\x02"):  # the sizes it says, in both headers
        at = data.find(header)
        size_at = at + (22 if header == b"PK\x03\x04" else 24)
        data[size_at : size_at + 4] = (10).to_bytes(4, "little")
    return {"zip": {"file": "liar.zip", "data": base64.b64encode(bytes(data)).decode()}}


@pytest.mark.parametrize(
    ("upload", "said"),
    [
        (
            {"zip": {"file": "my-board.zip", "data": base64.b64encode(b"not a zip").decode()}},
            "my-board.zip: not a zip file (a Totopoly content folder zipped, or its files)",
        ),
        ({"zip": {"file": "x.zip", "data": "@@@"}}, "x.zip: its bytes are not base64"),
        (
            _bomb(),
            "bomb.zip: its files unpacked hold more than 256 KiB (a Totopoly folder's five "
            "hold about 11 KiB): zip the content folder's own files",
        ),
        (_lying_bomb(), "liar.zip: cards.toml: damaged"),
        (
            _zip({"../cards.toml": "x"}),
            "my-board.zip: ../cards.toml: a path out of the zip's folder",
        ),
        (_zip({"/etc/cards.toml": "x"}), "my-board.zip: /etc/cards.toml: a path out"),
        (
            _zip({"a/b/cards.toml": "x"}),
            "my-board.zip: a/b/cards.toml: a folder inside the folder: zip the content "
            "folder itself (its files at the zip's top, or in its one folder)",
        ),
        (
            _zip({"a/cards.toml": "x", "b/leases.toml": "y"}),
            "my-board.zip: files in a and in b: zip one content folder",
        ),
        (
            _zip({"NOTES.md": "x"}),
            "my-board.zip: holds no .toml file of a Totopoly content folder",
        ),
        (_zip({"cards.toml": b"\xff\xfe"}), "my-board.zip: cards.toml: not UTF-8 text"),
        (_zip({"board.toml": "[x]\n"}), "board.toml: a Totopoly content folder holds"),
        (
            _zip(
                _folder(leases=_folder()["leases.toml"].replace("number = 1\n", "number = 13\n", 1))
            ),  # type: ignore[union-attr]
            "leases.toml: [[horse]] 1: number 13: the horses are numbered 1 to 12",
        ),
    ],
)
def test_a_zip_that_is_no_content_folder_is_one_line_by_the_field(
    client: TestClient, store: Store, upload: JSON, said: str
) -> None:
    answer = client.post("/api/tables", json={**ASKED, "upload": upload})
    line = refusal(answer, 400)
    assert line.startswith(said), line
    assert answer.json()["field"] == "upload"
    assert store.saved_games() == []
