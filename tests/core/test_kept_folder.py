"""core.kept finds the user's cache folder where platformdirs does, without importing it
where the answer is plain (Linux, an absolute XDG_CACHE_HOME or HOME)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from homestretch.core import kept

ENVIRONMENTS = [
    {"XDG_CACHE_HOME": "/var/tmp/cache", "HOME": "/home/ann"},
    {"XDG_CACHE_HOME": "/var/tmp/cache/", "HOME": "/home/ann"},
    {"XDG_CACHE_HOME": "/var/tmp/two words", "HOME": "relative"},
    {"HOME": "/home/ann"},
    {"XDG_CACHE_HOME": "", "HOME": "/home/ann/"},
    {"XDG_CACHE_HOME": "relative/cache", "HOME": "/home/ann"},
    {"XDG_CACHE_HOME": "  ", "HOME": "/home/ann"},
    {"XDG_CACHE_HOME": " /var/tmp/cache", "HOME": "/home/ann"},
]


@pytest.mark.parametrize("environment", ENVIRONMENTS, ids=range(len(ENVIRONMENTS)))
def test_the_cache_folder_is_platformdirs_s(
    environment: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    monkeypatch.delenv("HOMESTRETCH_CACHE", raising=False)
    for name in ("XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    expected = Path(platformdirs.user_cache_dir("homestretch")) / "exact-odds"
    assert kept.cache_folder() == expected


@pytest.mark.skipif(sys.platform != "linux", reason="the plain case is Linux's")
def test_a_plain_cache_folder_does_not_import_platformdirs(tmp_path: Path) -> None:
    code = (
        "import sys\nfrom homestretch.core import kept\n"
        "print(kept.cache_folder(), 'platformdirs' in sys.modules)"
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "HOME": "/nowhere", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [str(tmp_path / "homestretch" / "exact-odds"), "False"]
