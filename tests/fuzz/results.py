"""Whether a result that exits 0 makes sense: not only JSON, but JSON a user could trust.

Each check names the first thing wrong with a command's ``--format json`` result, or
returns None. They look at what must hold whatever the input was: a race's finish order
is an order of its entrants, chances lie in [0, 1] and sum to the places paid, a game's
winners are its players with the most, a list holds what it says it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

DEAD_HEAT_ROOM = 0.08
"""How far chances of finishing first (or in the first two or three) may sum past 1 (2, 3):
a dead heat counts for each horse in it (our races show about 0.01-0.03)."""
LOST_ROOM = 0.03
"""How far they may fall short: a race in which horses went out (fell, were pulled up)
has fewer finishers to place."""
ROUNDING = 0.01
"""Room for chances printed to two or three decimals (the Across table's)."""


def _places(value: Any, what: str) -> str | None:
    if not isinstance(value, int | float) or not 0 <= value <= 1:
        return f"{what} is {value!r}, not a chance in [0, 1]"
    return None


def race_problem(data: Any) -> str | None:
    """A Top of the Stretch race (`stretch run`, `replay` of a run)."""
    entries = data.get("entries")
    if not isinstance(entries, list) or not entries:
        return "a race without entries"
    posts = [e.get("post") for e in entries]
    if sorted(posts) != list(range(1, len(entries) + 1)):
        return f"post positions {posts} are not 1 to {len(entries)}"
    if not data.get("finished"):
        return None
    finishers = sorted((e["finish"], e["post"]) for e in entries if e["finish"] is not None)
    for entry in entries:
        if (entry["finish"] is None) != (entry["status"] == "out"):
            return f"post {entry['post']} is {entry['status']} with finish {entry['finish']}"
    for place, (finish, post) in enumerate(finishers, start=1):
        tied = sum(1 for f, _ in finishers if f == finish)
        if not finish <= place < finish + tied:
            return f"post {post} finished {finish}, but is {place} in the order of finish"
    order = [post for group in data.get("order", []) for post in group]
    if order != [post for _, post in finishers]:
        return f"the order {data.get('order')} is not the finishers' {finishers}"
    if finishers and not data.get("final_time"):
        return "a finished race without a final time"
    return None


def chances_problem(entries: Any, key: str = "horse", room: float = 0.0) -> str | None:
    """Win, place and show chances of one field: each in [0, 1], win <= place <= show
    where the three are the chance of finishing first, in the first two, in the first
    three, and each column summing to the places it pays."""
    if not isinstance(entries, list) or len(entries) < 2:
        return f"a field of {entries!r}"
    for entry in entries:
        for column in ("win", "place", "show"):
            problem = _places(entry.get(column), f"{entry.get(key)}'s {column}")
            if problem:
                return problem
    paid = min(3, len(entries))
    for places, column in enumerate(("win", "place", "show")[:paid], start=1):
        total = sum(entry[column] for entry in entries)
        low = places * (1 - LOST_ROOM) - room
        high = places * (1 + DEAD_HEAT_ROOM) + room
        if not low <= total <= high:
            return f"the {column} chances sum to {total:.4f}, not about {places}"
    return None


def cumulative_problem(entries: Any) -> str | None:
    for entry in entries:
        if not entry["win"] <= entry["place"] + 1e-9 <= entry["show"] + 2e-9:
            return f"{entry['horse']}: win {entry['win']}, place {entry['place']}, show {entry['show']}"
    return None


def stretch_chances(data: Any) -> str | None:
    return chances_problem(data.get("entries")) or cumulative_problem(data["entries"])


def across_simulated(data: Any) -> str | None:
    """`across simulate`: the share of races each horse won, placed (came second) and
    showed (third): one of each a race, so each column sums to 1."""
    horses = data.get("horses")
    if not isinstance(horses, list) or not horses or data.get("races", 0) < 1:
        return f"a simulation of {data.get('races')!r} races over {horses!r}"
    room = ROUNDING * len(horses)
    for column in ("win", "place", "show"):
        for horse in horses:
            problem = _places(horse.get(column), f"#{horse.get('number')}'s {column}")
            if problem:
                return problem
        total = sum(horse[column] for horse in horses)
        if abs(total - 1) > room:
            return f"the {column} shares sum to {total:.3f}, not 1"
    return None


def whole_games(data: Any) -> str | None:
    """`across simulate --games`: each finished game's win shared among its winners (a tie
    splits it), so the seats' wins sum to the games finished, their rates to 1."""
    wins, rates = data.get("seat_wins"), data.get("seat_win_rate")
    if not isinstance(wins, list) or len(wins) != data.get("players"):
        return f"seat wins {wins!r} for {data.get('players')!r} players"
    if not 0 <= data.get("finished", -1) <= data.get("games", -1):
        return f"{data.get('finished')!r} of {data.get('games')!r} games finished"
    if abs(sum(wins) - data["finished"]) > ROUNDING:
        return f"the seats won {sum(wins)} games of {data['finished']} finished"
    for seat, rate in enumerate(rates):
        if problem := _places(rate, f"seat {seat}'s win rate"):
            return problem
    if data["finished"] and abs(sum(rates) - 1) > ROUNDING * len(rates):
        return f"the seats' win rates sum to {sum(rates):.4f}, not 1"
    return None


def match_races(data: Any, races: int | None) -> str | None:
    """`totopoly simulate --match-races`: one winner a race, so the colours' win rates
    (each in [0, 1]) sum to 1."""
    if races is not None and data.get("races") != races:
        return f"{data.get('races')!r} match races run, {races} asked for"
    rates = data.get("win_rate", {})
    for colour, rate in rates.items():
        if problem := _places(rate, f"{colour}'s win rate"):
            return problem
    if abs(sum(rates.values()) - 1) > ROUNDING:
        return f"the colours' win rates sum to {sum(rates.values()):.4f}, not 1"
    return None


def tournament_problem(data: Any, games: int) -> str | None:
    """`totopoly tournament`: the games asked for, a seat for each kind named."""
    if data.get("games") != games:
        return f"{data.get('games')!r} games played, {games} asked for"
    kinds = data.get("kinds", {})
    if sum(k["seats"] for k in kinds.values()) != data.get("players"):
        return f"the kinds' seats {kinds} are not the {data.get('players')!r} players"
    for name, kind in kinds.items():
        if problem := _places(kind["race_win_rate_per_seat"], f"{name}'s race win rate"):
            return problem
    return None


def verdict_problem(data: Any) -> str | None:
    """`verify`: a verdict, fair or not, with its reason."""
    if not isinstance(data.get("fair"), bool) or not data.get("reason"):
        return f"no verdict: {data!r}"
    return None


def totopoly_simulated(data: Any, games: int) -> str | None:
    if "races" in data:  # --match-races
        return match_races(data, None)
    if data.get("games") != games:
        return f"{data.get('games')!r} games simulated, {games} asked for"
    rates = data.get("win_rate_by_colour", {})
    total = sum(rates.values()) + data.get("unnominated_win_rate", 0)
    if abs(total - 1) > ROUNDING:
        return f"the colours' win rates sum to {total:.4f}, not 1"
    return None


def across_played(data: Any) -> str | None:
    fifties, names, winners = data.get("fifties"), data.get("names"), data.get("winners")
    if not isinstance(fifties, list) or len(fifties) != len(names or ()) or len(fifties) < 3:
        return f"fifties {fifties!r} for players {names!r}"
    best = max(fifties)
    seats = sorted(w["seat"] for w in winners or ())  # named as every game's (docs/formats.md)
    if not winners or seats != [s for s, f in enumerate(fifties) if f == best]:
        return f"winners {winners!r}, but the fifties are {fifties}"
    for race in data.get("races", []):
        finish = race.get("finish", [])
        if len(set(finish)) != len(finish) or not all(2 <= h <= 12 for h in finish):
            return f"race {race.get('race')} finished {finish}"
    return None


def totopoly_played(data: Any) -> str | None:
    """The owner of the horse first past the post wins; the prizes go to the placed."""
    players = data.get("cash")
    if not isinstance(players, list) or len(players) < 2:
        return f"cash {players!r}"
    cash = [p["name"] for p in players]
    placings, prizes = data.get("placings", []), data.get("prizes", [])
    if placings and data.get("winner_name") not in cash:
        return f"the winner {data.get('winner_name')!r} is not one of {sorted(cash)}"
    if [prize["horse"] for prize in prizes] != placings[: len(prizes)]:
        return f"prizes {prizes} for the placings {placings}"
    if (
        prizes and prizes[0]["owner"]["name"] != data["winner_name"]
    ):  # the winning horse's owner wins
        return f"the winner {data['winner_name']!r} does not own the winner, {prizes[0]}"
    if len(set(placings)) != len(placings):
        return f"a horse placed twice: {placings}"
    if any(prize["pounds"] < 0 for prize in data.get("prizes", [])):
        return f"a negative prize: {data['prizes']}"
    return None


def derbycast_played(data: Any, races: int | None) -> str | None:
    board = data.get("board")
    if not isinstance(board, list) or not board:
        return f"a board of {board!r}"
    markers = [row["marker"] for row in board]
    if len(set(markers)) != len(markers) or any(row["points"] < 0 for row in board):
        return f"the board {board}"
    winners = data.get("winners") or []
    if not winners or not {w["marker"] for w in winners} <= set(markers):
        return f"winners {winners!r} are not markers on the board"
    best = max(row["points"] for row in board)
    if any(w["points"] != best for w in winners):  # section 4: the most points wins
        return f"winners {winners} do not hold the most points on the board {board}"
    played, how = len(data.get("history", [])), data.get("how", "")
    if data.get("races") != played:
        return f"{data.get('races')!r} races run, but {played} in the history"
    if races is not None and how.startswith("most points") and played != races:
        return f"{played} races played, {races} asked for"
    if races is not None and how.startswith("won the tie-break") and played <= races:
        return f"a tie-break won in {played} races, within the {races} set"
    return None


def derbycast_races(data: Any) -> str | None:
    if not isinstance(data, list) or not data:
        return f"races {data!r}"
    for race in data:
        runners = race.get("runners", [])
        finishes = [r["finish"] for r in runners if r["finish"] is not None]
        names = [r["horse"].casefold() for r in runners]
        if len(runners) < 2 or len(set(names)) != len(names):
            return f"race {race.get('race')!r} has runners {names}"
        if finishes and min(finishes) != 1:
            return f"race {race.get('race')!r} has no winner: {finishes}"
    return None


def history_problem(data: Any, limit: int) -> str | None:
    if not isinstance(data, list) or len(data) > limit:
        return f"{len(data)} saved games listed, at most {limit} asked for"
    ids = [row["id"] for row in data]
    if ids != sorted(set(ids), reverse=True):
        return f"saved games {ids} are not listed newest first, once each"
    return None


def points_problem(data: Any) -> str | None:
    table = data.get("table", {})
    if not all(isinstance(v, int) and v >= 0 for v in table.values()):
        return f"an advancement table {table}"
    if data.get("points") not in (0, *table.values()):
        return f"{data.get('points')!r} points, not one of the table's {table}"
    return None


def replay_problem(data: Any) -> str | None:
    """A replay shows the result of whichever game it is."""
    if "entries" in data:
        return race_problem(data)
    if "fifties" in data:
        return across_played(data) if data.get("over") else None
    if "board" in data:
        return derbycast_played(data, None)
    return None


def _option(argv: Sequence[str], *names: str, default: str | None = None) -> str | None:
    for index, word in enumerate(argv[:-1]):
        if word in names:
            return argv[index + 1]
    return default


def _whole(text: str | None) -> int | None:
    """A count as click reads it (Python's int: "٣" and " 3" are 3), or None."""
    try:
        return None if text is None else int(text)
    except ValueError:
        return None


CHECKS: dict[tuple[str, ...], Callable[[Any, Sequence[str]], str | None]] = {
    ("stretch", "run"): lambda d, a: race_problem(d),
    ("stretch", "simulate"): lambda d, a: stretch_chances(d),
    ("stretch", "odds"): lambda d, a: stretch_chances(d),
    ("across", "simulate"): lambda d, a: (
        whole_games(d) if "seat_wins" in d else across_simulated(d)
    ),
    ("across", "play"): lambda d, a: across_played(d),
    ("totopoly", "simulate"): lambda d, a: totopoly_simulated(
        d, _whole(_option(a, "-n", "--games", default="200")) or 200
    ),
    ("totopoly", "tournament"): lambda d, a: tournament_problem(
        d, _whole(_option(a, "-n", "--games", default="100")) or 100
    ),
    ("totopoly", "play"): lambda d, a: totopoly_played(d),
    ("derbycast", "play"): lambda d, a: derbycast_played(d, _whole(_option(a, "--races"))),
    ("derbycast", "races"): lambda d, a: derbycast_races(d),
    ("derbycast", "points"): lambda d, a: points_problem(d),
    ("history",): lambda d, a: history_problem(d, _whole(_option(a, "--limit")) or 30),
    ("replay",): lambda d, a: replay_problem(d),
    ("verify",): lambda d, a: verdict_problem(d),
}


def result_problem(argv: Sequence[str], data: Any) -> str | None:
    """What is wrong with a command's JSON result, or None (a command not listed here
    is only checked to be JSON)."""
    for words, check in CHECKS.items():
        if tuple(argv[: len(words)]) == words:
            try:
                return check(data, argv)
            except (KeyError, TypeError, AttributeError) as exc:
                return f"the result lacks what it must hold ({type(exc).__name__}: {exc})"
    return None
