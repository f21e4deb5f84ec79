"""Totopoly's studies, run by the terminal's commands and the benchmarks, not by a game:
the balance study of the colours and the training ring (simulate.py) and tournaments
between kinds of computer player (tournament.py). They play whole games by the rules
with the bots; no surface."""
