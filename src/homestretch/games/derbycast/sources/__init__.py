"""Where Derby Cast's races come from when another game makes them: Top of the
Stretch runs a race (``simulated.py``), reached through its public ``api`` only.

The races a person brings (a results file, a day's card) and the bundled replays are
data, in ``content/``; a race another game's engine runs is code, so it has its own
package between the rules and the content, and is the one place in Derby Cast that
names another game (docs/architecture.md; import-linter keeps it so).
"""
