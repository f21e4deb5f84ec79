"""What Totopoly ships, as ``homestretch totopoly content FOLDER`` copies it out
(core/bundled.py): one content folder, the board and the cards, read back whole by
``--content`` (docs/totopoly.md)."""

from __future__ import annotations

from pathlib import Path

from homestretch.core.bundled import Part

HERE = Path(__file__).parent
"""The bundled content folder (the loader's default; not imported from it: it needs NumPy)."""

PARTS = (
    Part(
        "content",
        "the content folder: leases, training ring, racecourse, report decks and cards "
        "(five TOML files)",
        HERE,
        ("cards.toml", "leases.toml", "racecourse.toml", "reports.toml", "training_ring.toml"),
        "",
        "homestretch totopoly play --content {dir} (and simulate, board)",
    ),
)
