"""The command line run in-process, as the CLI tests use it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from homestretch.cli.main import run


class Outcome(NamedTuple):
    code: int
    stdout: str
    stderr: str


@pytest.fixture
def homestretch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Any:
    """Run the command in-process in ``tmp_path`` with a store there: its exit status,
    stdout and stderr. Input, where a command asks, has run out (exit 130)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOMESTRETCH_DB", str(tmp_path / "store.sqlite"))
    monkeypatch.setenv("COLUMNS", "100")

    def call(*args: str) -> Outcome:
        monkeypatch.setattr(sys, "argv", ["homestretch", *args])
        capsys.readouterr()
        with pytest.raises(SystemExit) as stopped:
            run()
        out, err = capsys.readouterr()
        code = stopped.value.code
        return Outcome(code if isinstance(code, int) else 0 if code is None else 1, out, err)

    return call


@pytest.fixture(autouse=True)
def data_folder_untouched(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """No CLI test writes to the machine's default store (``homestretch.sqlite`` in the
    data folder, where a person's own games are kept): the data folder is an empty one of
    the test's own while it runs, and the test fails if anything was written there. A
    test saves games in a store it names (``HOMESTRETCH_DB`` or ``--db``, as
    ``homestretch`` does), or saves none (``--no-save``)."""
    data = tmp_path_factory.mktemp("data-folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    yield data
    written = sorted(str(path.relative_to(data)) for path in data.rglob("*"))
    assert not written, f"a CLI test wrote to the default store's folder: {written}"
