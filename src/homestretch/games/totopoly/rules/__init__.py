"""Totopoly's rules: the Game and State (state.py, with the phases in rulebook order),
the actions, how the rules ask for decisions and dice (flow.py), one module per part of
the rulebook (the deal, the auction, the training ring, money and private sales, the
racecourse and its cards, the Tote, prize money), the house rules and the lobby's
settings, what each player may see (views.py) and the words the rules give (words.py).
No surface: import-linter keeps typer, rich, the web framework and ``homestretch.cli``
out of this package."""
