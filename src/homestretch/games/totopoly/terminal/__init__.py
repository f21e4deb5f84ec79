"""Totopoly at the terminal: the typer commands (cli.py, found by ``homestretch``) and
the rich drawing of a player's view, the training ring and the course (render.py)."""
