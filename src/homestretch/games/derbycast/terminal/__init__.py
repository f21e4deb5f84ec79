"""Derby Cast at the terminal: the typer commands (cli.py, found by ``homestretch``), the
rich tables (show.py), a person's picks (people.py) and the score keeper's questions
(keeper.py)."""
