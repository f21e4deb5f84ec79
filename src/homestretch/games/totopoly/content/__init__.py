"""Totopoly's content: the board and cards as TOML files (leases, training ring,
racecourse, report decks, colour and white cards) and their loader (loader.py; the
format is in docs/totopoly.md). A player's own content folder is read the same way.
Data, not code, and no surface."""
