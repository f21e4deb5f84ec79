"""The command line run in-process, as the CLI tests use it."""

from __future__ import annotations

import sys
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
