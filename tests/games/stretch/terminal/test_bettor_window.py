"""A bettor's window at a terminal: the players under the board in two rows at most."""

from __future__ import annotations

from homestretch.games.stretch.terminal.render import players_line, players_lines


def tote(players: int, tickets: int) -> dict[str, object]:
    """A tote of ``players`` bettors named at length, each holding ``tickets``."""
    names = [f"Bettor {seat + 1}" for seat in range(players)]
    held = [
        {"seat": seat, "dollars": 2, "pool": "win", "post": post + 1}
        for seat in range(players)
        for post in range(tickets)
    ]
    return {
        "tote": {
            "players": [
                {"seat": s, "name": n, "cash": 10000 - 200 * tickets} for s, n in enumerate(names)
            ],
            "tickets": held,
        }
    }


def test_the_players_fit_two_rows_each_said_whole_or_counted_or_left_to_m() -> None:
    few = tote(2, 1)
    assert players_lines(few, 80) == [players_line(few)]  # all in full, in a row
    some = tote(3, 3)  # in full: three rows
    lines = players_lines(some, 80, you=1)
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines), lines
    said = " ".join(lines)
    assert "Bettor 2 $94.00 ($2 win #1, $2 win #2, $2 win #3)" in said  # yours
    assert "Bettor 1 $94.00 (3 tickets)" in said and "more: m" not in said
    many = tote(12, 2)
    lines = players_lines(many, 80)
    assert len(lines) == 2 and all(len(line) <= 80 for line in lines), lines
    left = int(lines[-1].rsplit("and ", 1)[1].split()[0])
    assert lines[-1].endswith(f"and {left} more: m") and left > 0
    shown = " ".join(lines).count("Bettor ")
    assert shown + left == 12
