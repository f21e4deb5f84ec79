"""Derby Cast's rules: the Game and State (game.py), the actions, one module per part of
the rulebook (race records, the scoring table, how to win, secrecy of sealed picks, races
Top of the Stretch runs) and the words the rules give. No surface: import-linter keeps
typer, rich, the web framework and ``homestretch.cli`` out of this package."""
