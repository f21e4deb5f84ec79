"""Across the Board's NumPy kernels: the handicapper's many races at once
(handicapper.py, for ``homestretch across tracks`` and the computer players) and what a
race pays a seat over every finish (returns.py, with the shipped cards' finish tables in
finish_tables.json)."""
