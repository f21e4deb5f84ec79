"""Playwright drives Debian's Chromium (it cannot download its own browsers here)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.conftest import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}
