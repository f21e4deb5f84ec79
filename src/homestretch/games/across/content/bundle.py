"""What Across the Board ships, as ``homestretch across content FOLDER`` copies it out
(core/bundled.py): one content folder, the title cards and the tracks, read back whole by
``--content`` (docs/across.md)."""

from __future__ import annotations

from pathlib import Path

from homestretch.core.bundled import Part

HERE = Path(__file__).parent
"""The bundled content folder (the loader's default; not imported from it: it needs NumPy)."""

PARTS = (
    Part(
        "content",
        "the content folder: the title cards (horses.toml) and the tracks (tracks/*.toml)",
        HERE,
        ("horses.toml", "tracks/*.toml"),
        "",
        "homestretch across play --content {dir} (and simulate, tracks)",
    ),
)
