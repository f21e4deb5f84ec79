"""Derby Cast's rules: the Game and State (game.py), the actions, one module per part of
the rulebook (the card, the picks and scratches, the result and scoring, the scoring
table, how to win, secrecy of sealed picks), what a seat sees and the words the rules
give. No surface: import-linter keeps typer, rich, the web framework and
``homestretch.cli`` out of this package."""
