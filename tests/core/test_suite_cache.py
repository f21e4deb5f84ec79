"""The test suite keeps its caches in a folder of the run's own (tests/conftest.py),
never in the user's cache folder under HOME: the kept card and chart sets and exact odds
of the tests that named no folder of their own went to ~/.cache/homestretch, and so did
those of every command a test ran without HOME (``refused``: platformdirs then finds the
user's home from the password file); matplotlib's font list went to ~/.cache/matplotlib."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests.conftest import CACHE, refused

from homestretch.core import kept


def _users_cache_folder(monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where homestretch would keep its work for this user, no folder named."""
    with monkeypatch.context() as bare:
        bare.delenv(CACHE)
        return kept.cache_folder()


def test_the_run_keeps_its_caches_in_a_folder_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path(os.environ[CACHE])
    assert folder.is_dir() and kept.cache_folder() == folder
    users = _users_cache_folder(monkeypatch)
    assert not folder.is_relative_to(users.parent) and not users.is_relative_to(folder)


def test_work_kept_in_the_tests_process_goes_to_the_runs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A test naming no cache folder, with a HOME of its own watched: nothing is written
    under that HOME, the entry is in the run's folder."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    kind = f"suite-check-{os.getpid()}"
    made = kept.checked(kind, tmp_path, [], [], "", lambda: ["made"], lambda k: k == ["made"])
    assert made == ["made"] and sorted(home.rglob("*")) == []
    entries = list(Path(os.environ[CACHE]).glob(f"{kind}-*.pickle"))
    try:
        assert len(entries) == 1
    finally:
        for entry in entries:
            entry.unlink()


def test_a_command_run_without_home_keeps_its_work_in_the_runs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``refused`` runs the command with PATH and the store alone: its card set, read and
    kept before the race file's mistake is found, goes to the run's folder (here one of
    this test's, to watch), not to the user's home."""
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE, str(cache))
    race = tmp_path / "race.toml"
    race.write_text(
        'name = "Mistyped"\nfurlongs = 8\n'
        '[[entries]]\nhorse = "secretariat-1973"\njockey = "turcotte"\n'
        '[[entries]]\nhorse = "no-such-horse"\njockey = "arcaro"\n',
        encoding="utf-8",
    )
    line = refused(tmp_path, "stretch", "run", str(race))
    assert "no horse card 'no-such-horse'" in line, line
    assert [p.name.split("-")[0] for p in cache.glob("*.pickle")] == ["cards"]


def test_matplotlib_writes_nothing_under_home(tmp_path: Path) -> None:
    """matplotlib, imported in a process of the run's with a HOME of its own watched,
    keeps its font list in the run's folder: nothing is written under that HOME."""
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME")}
    code = "import matplotlib.font_manager"
    done = subprocess.run(
        [sys.executable, "-c", code], env={**env, "HOME": str(home)}, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    assert sorted(home.rglob("*")) == []
