"""Persistence of games, results and event logs."""
