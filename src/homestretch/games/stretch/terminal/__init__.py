"""Top of the Stretch at the terminal: the typer commands (cli.py, found by
``homestretch``), the rich tables of the race (render.py) and the pictures (plot.py,
matplotlib)."""
