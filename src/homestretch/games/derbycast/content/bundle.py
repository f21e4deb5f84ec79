"""What Derby Cast ships, as ``homestretch derbycast content FOLDER`` copies it out
(core/bundled.py): the Final Odds Calculator Table and the race replays, each read back
by the options that take one's own (docs/derbycast.md)."""

from __future__ import annotations

from pathlib import Path

from homestretch.core.bundled import Part

HERE = Path(__file__).parent

PARTS = (
    Part(
        "odds-table",
        "the Final Odds Calculator Table (odds_table.csv)",
        HERE,
        ("odds_table.csv",),
        "",
        "homestretch derbycast play --table {dir}/odds_table.csv (and points, table)",
    ),
    Part(
        "replays",
        "the race replays (replays.csv, in the results-file format)",
        HERE,
        ("replays.csv",),
        "",
        "homestretch derbycast play --source {dir}/replays.csv (its races in order); "
        "homestretch derbycast races {dir}/replays.csv checks it",
    ),
)
