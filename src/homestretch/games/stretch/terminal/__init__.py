"""Top of the Stretch at the terminal: the typer group (cli.py, found by ``homestretch``)
with a module per command beside it, the rich tables of the race (render.py) and the
pictures (plot.py, matplotlib)."""
