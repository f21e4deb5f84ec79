"""The phases a game of Across the Board passes through (``state.phase``), and the races
a meet runs: constants the state and its words both read (words.py cannot import the
state, which imports it)."""

TRACK = "choose track"
AUCTION = "auction"
OFFER = "offer"
BETTING = "betting"
RACE = "race"
OVER = "over"

RACES = 8
"""The races of a meet: the 8th's bins are paid to the owners of its first three."""
