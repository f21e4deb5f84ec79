"""The Table: one game session that every surface (terminal, web, tests) drives."""
