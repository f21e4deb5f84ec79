"""The rule for tests whose tool is missing (tests/conftest.py), checked in pytest runs of
their own with no browser to be found: skipped, with one loud line in the summary, or
failed under CI=true; in one process, and spread over two xdist workers as `make test`
runs them (there the controller, which runs no test, must still print the line)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NEEDS_A_BROWSER = """
import pytest

pytestmark = pytest.mark.browser


def test_one() -> None:
    pass


def test_two() -> None:
    pass
"""


def _pytest(folder: Path, workers: int, ci: bool) -> subprocess.CompletedProcess[str]:
    test = folder / "test_needs_a_browser.py"
    test.write_text(NEEDS_A_BROWSER)
    outer = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}  # its own run
    env = {
        **outer,
        "HOMESTRETCH_CHROMIUM": str(folder / "no-chromium"),
        "CI": "true" if ci else "false",
    }
    # the project's settings and tests/conftest.py as a plugin (the file is not under tests/)
    options = ["-c", "pyproject.toml", "--rootdir", ".", "-p", "tests.conftest"]
    options += ["-n", str(workers), "-p", "no:cacheprovider"]
    for unused in ("playwright", "base_url", "hypothesispytest", "anyio"):
        options += ["-p", f"no:{unused}"]  # each worker starts quicker without them
    return subprocess.run(
        [sys.executable, "-m", "pytest", *options, str(test)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,  # a bound on waiting, not a measurement
    )


@pytest.mark.parametrize("workers", [0, 2])
def test_a_missing_browser_is_skipped_and_said_loudly(tmp_path: Path, workers: int) -> None:
    run = _pytest(tmp_path, workers, ci=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "2 skipped" in run.stdout, run.stdout
    line = f"SKIPPED ALL BROWSER TESTS: {tmp_path / 'no-chromium'} is not installed"
    assert run.stdout.count(line) == 1, run.stdout


@pytest.mark.parametrize("workers", [0, 2])
def test_under_ci_a_missing_browser_fails_the_run(tmp_path: Path, workers: int) -> None:
    run = _pytest(tmp_path, workers, ci=True)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "2 errors" in run.stdout, run.stdout
    assert "CI must run the browser tests" in run.stdout, run.stdout
    assert "SKIPPED ALL" not in run.stdout, run.stdout
