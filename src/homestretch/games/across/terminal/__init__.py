"""Across the Board at the terminal: the typer commands (cli.py, found by
``homestretch``) and the rich tables of a player's view (render.py)."""
