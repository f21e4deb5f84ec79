"""Top of the Stretch's rules: the Game and State (engine.py: a race run step by step as
the rulebook describes it, filling the scoresheet, sheet.py), one module per part of the
rulebook (odds and payoffs, odds_payoffs.py; the finish, finish.py; the race as JSON and
as the call, report.py), the players' betting windows and tote (betting.py, tote.py,
ruling S19), the race's notices and a player's own words (notices.py, words.py) and the
settings a person chooses (settings.py). No surface: import-linter keeps typer, rich,
the web framework and ``homestretch.cli`` out of this package."""
