"""Across the Board's rules: the Game (game.py) and the State (state.py), the actions,
one module per section of the rulebook (the auction, betting, dealings and investing
rings, loans, the race, the MPH totalizator), the phases, the players' initials, the
settings a person chooses and the words the rules give. No surface: import-linter keeps
typer, rich, the web framework and ``homestretch.cli`` out of this package."""
