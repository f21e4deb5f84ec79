"""The README's "Your own content" block, followed line by line in an empty folder as a
newcomer would: each game's content copied out, then played (or run) on the copy. The
docs' tests check that each line names real commands and options; this one runs them,
so a part renamed, a sample race dropped from the copy or a play that asks a question
with nobody at the keyboard breaks here."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[2] / "README.md"


def _own_content_lines() -> list[list[str]]:
    """The block's commands, in order, each split into its words (`a && b`: two)."""
    section = README.read_text(encoding="utf-8").split("## Your own content", 1)[1]
    (block,) = re.findall(r"```sh\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    return [
        shlex.split(part)
        for line in block.replace("\\\n", " ").splitlines()
        for part in line.split("#")[0].split("&&")
        if part.strip()
    ]


def test_the_readmes_own_content_block_runs_in_order(homestretch: Any, tmp_path: Path) -> None:
    lines = _own_content_lines()
    assert len(lines) >= 8 and all(words[0] == "homestretch" for words in lines)
    games: set[str] = set()
    for words in lines:
        done = homestretch(*words[1:])
        assert done.code == 0, (shlex.join(words), done.stderr[-600:])
        games.add(words[1])
    assert games == {"stretch", "across", "totopoly", "derbycast"}
    for folder in ("my-stretch", "my-across", "my-board", "my-cast"):
        assert any((tmp_path / folder).iterdir()), folder
