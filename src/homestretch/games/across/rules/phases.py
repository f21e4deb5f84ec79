"""The phases a game of Across the Board passes through (``state.phase``)."""

TRACK = "choose track"
AUCTION = "auction"
OFFER = "offer"
BETTING = "betting"
RACE = "race"
OVER = "over"
