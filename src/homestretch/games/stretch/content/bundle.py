"""What Top of the Stretch ships, as ``homestretch stretch content FOLDER`` copies it out
(core/bundled.py): the cards, the charts and the sample races, each read back by the
options that take one's own (docs/stretch-formats.md)."""

from __future__ import annotations

from pathlib import Path

from homestretch.core.bundled import Part

HERE = Path(__file__).parent

PARTS = (
    Part(
        "cards",
        "the standard card set: horses.csv, jockeys.csv and riders.csv (who rides a horse named alone)",
        HERE / "cards",
        ("horses.csv", "jockeys.csv", "riders.csv"),
        "cards",
        "homestretch stretch cards --cards {dir}; homestretch stretch new FILE -e ... --cards {dir}"
        "; in a race file, cards = the folder (relative to the race file)",
        kept=True,
    ),
    Part(
        "charts",
        "the standard chart set: chartset.toml and every chart a race is run on",
        HERE / "charts" / "standard",
        ("*.csv", "*.toml"),
        "charts",
        "homestretch stretch run RACE --charts {dir} (and simulate, odds, calibrate)",
    ),
    Part(
        "races",
        "the sample races (race files)",
        HERE / "races",
        ("*.toml",),
        "races",
        "homestretch stretch run {dir}/2009-champagne-stakes.toml (any race file there)",
        kept=True,
    ),
)
