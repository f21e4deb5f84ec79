"""Across the Board's content: the eleven title cards (horses.toml) and the four tracks
(tracks/*.toml), with their loader (loader.py; the formats are in docs/across.md). Data,
not code, and no surface. A copied and edited folder is given with ``--content DIR``; only
its TOML files are read."""
