"""The server: lobby, seat links, pushed updates, spectators and replays (``homestretch serve``)."""
