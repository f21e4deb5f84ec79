"""Opening a table from the lobby's form, and the list of tables anyone may join.

The form names the game, its configuration (drawn as fields from the game's settings,
``game_choices``, and checked by them first, so a refusal names its field), who sits at
each player's seat (a person, a computer player, or open for whoever the invitation
reaches), the dice, and whether the table is listed. Seats the game fills itself (Derby
Cast's score keeper posting simulated races) are added after the players' seats.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from homestretch.cli.common import new_seed
from homestretch.core.errors import HomestretchError
from homestretch.core.inputs import shown, text_problem
from homestretch.core.protocol import JSON, Game
from homestretch.core.registry import GameEntry, entries
from homestretch.session.dice import DiceSpec, seed_digest
from homestretch.session.saved import open_new
from homestretch.session.seats import Seat, computer, new_token, open_seat, person
from homestretch.session.table import AUTO, Table
from homestretch.store.db import Store
from homestretch.web.designs import (
    Design,
    Designs,
    applied,
    listed_title,
    uploaded_content,
    uploaded_track,
)
from homestretch.web.forms import FieldError, check_settings, plain, settings_fields
from homestretch.web.words import bot_words

MAX_NAME = 40


@cache
def game_choices() -> list[JSON]:
    """Every game with a valid default configuration (its settings' defaults over the
    first the harness plays), the settings the form draws (``fields``, see
    ``forms.settings_fields``), how many players it seats, its kinds of computer
    player with their words, and whether it throws dice (``dice``: the form offers real
    ones only then). The same while the server runs."""
    return [_choice(name, entry) for name, entry in sorted(entries().items())]


def _choice(name: str, entry: GameEntry) -> JSON:
    config = entry.harness_configs()[0]
    fields: list[JSON] = []
    if entry.settings is not None:
        fields = settings_fields(entry.settings())
        config = {**config, **entry.settings()().model_dump()}
    game = entry.make(config)
    bots = ["random", *sorted(entry.bots)]
    return {
        "name": name,
        "title": entry.title,
        "config": config,
        "fields": fields,
        "bots": bots,
        "bot_words": {bot: bot_words(bot) for bot in bots},
        "players": game.num_players,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "dice": entry.dice,
    }


def games_with(designs: Designs) -> list[JSON]:
    """The lobby's games (``game_choices``) with the designer's content the server was
    given after each game's bundled choice, each a choice of its own: ``key`` (what the
    form tells the choices apart by: the game's name, or the design's id), ``design``
    (sent back with the table's request), ``label`` (the list's words for it), its
    ``fields`` with the design's own choices (Across's tracks, Stretch's race), drawn in
    sight, never folded: they are what the design is chosen for."""
    found = []
    for choice in game_choices():
        found.append({**choice, "key": choice["name"]})
        found += [_design_choice(d, choice) for d in designs if d.game == choice["name"]]
    return found


def _design_choice(design: Design, base: JSON) -> JSON:
    short = str(base["title"]).split(": ")[0]
    fields = [
        {
            **{key: value for key, value in field.items() if key != "more"},  # in sight
            "choices": [{"value": v, "label": w} for v, w in design.choices[field["name"]]],
            "default": design.defaults.get(field["name"], field["default"]),
            "other": False,
        }
        if field["name"] in design.choices
        else field
        for field in base["fields"]
    ]
    return {
        **base,
        "key": design.id,
        "design": design.id,
        "label": f"{short}, the designer's {design.label}",
        "title": f"{short}: {design.about}",
        "config": {**base["config"], **design.defaults},
        "fields": fields,
    }


def _own_choices(design: Design, fields: list[JSON], config: JSON) -> JSON:
    """Refuse a value of a setting whose choices are the design's that is none of them,
    in the form's words; the configuration with a bundled value standing in for each
    of them, to be checked by the game's settings as every table's is."""
    checked = dict(config)
    for field in fields:
        own = design.choices.get(field["name"])
        if own is None or not field.get("choices"):
            continue
        values = [value for value, _ in own]
        said = plain({**field, "choices": [{"value": v, "label": w} for v, w in own]})
        asked = config.get(field["name"], design.defaults.get(field["name"]))
        stand_in = field["choices"][0]["value"]  # a bundled one, to check the rest by
        if field["kind"] == "list":
            if not isinstance(asked, list) or any(item not in values for item in asked):
                raise FieldError(field["name"], said)
            checked[field["name"]] = [stand_in] * len(asked)
        else:
            if asked not in values:
                raise FieldError(field["name"], said)
            checked[field["name"]] = stand_in
    return checked


def _entry(name: Any) -> GameEntry:
    known = entries()
    if not isinstance(name, str) or name not in known:
        raise HomestretchError(f"unknown game {name!r} (known: {', '.join(sorted(known))})")
    return known[name]


def _game(entry: GameEntry, config: Any) -> Game:
    if not isinstance(config, dict):
        raise HomestretchError("the configuration must be a JSON object")
    try:
        return entry.make(config)
    except HomestretchError:
        raise
    except KeyError as exc:  # its words would be the bare key: "('race')"
        key = str(exc.args[0]) if exc.args else ""
        raise FieldError(key, f"{entry.name}: the configuration needs {key!r}") from None
    except (ValueError, TypeError) as exc:
        raise HomestretchError(f"not a valid {entry.name} configuration ({exc})") from None


def _seat(index: int, data: Any, bots: list[str]) -> Seat:
    if not isinstance(data, dict):
        raise FieldError(f"seats.{index}", f"seat {index}: give its kind and name")
    try:
        kind, name = data.get("kind"), seat_name(data.get("name"), f"seat {index}")
    except HomestretchError as exc:
        raise FieldError(f"seats.{index}.name", str(exc)) from None
    name = name or f"Seat {index}"
    if kind == "person":
        return person(name)
    if kind == "open":
        return open_seat(name)
    if kind == "bot":
        bot = data.get("bot") or "random"
        if bot not in bots:
            raise FieldError(
                f"seats.{index}.kind", f"seat {index}: unknown computer player {bot!r} ({bots})"
            )
        return computer(name, bot)
    raise FieldError(f"seats.{index}.kind", f"seat {index}: a person, a bot or open, not {kind!r}")


def seat_name(name: Any, where: str) -> str:
    """A name typed into a form: text a screen can show, at most MAX_NAME characters."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise HomestretchError(f"{where}: a name is text, not {type(name).__name__}")
    problem = text_problem(name.strip(), MAX_NAME)
    if problem is not None:
        raise HomestretchError(f"{where}: the name {shown(name)} {problem}")
    return name.strip()


def seats_for(entry: GameEntry, game: Game, asked: Any) -> list[Seat]:
    """The seats as asked: the players', then any the game fills itself (a score
    keeper); those left out are given to the game's own computer player."""
    if not isinstance(asked, list):
        raise FieldError("seats", "seats must be a list")
    own = entry.input_agents(game, 0) if entry.input_agents is not None else {}
    most = max([game.num_players - 1, *own]) + 1
    if not game.num_players <= len(asked) <= most:
        also = f" (and up to {most - game.num_players} for the game's own)" if own else ""
        raise FieldError(
            "seats",
            f"this configuration seats {_players(game.num_players)}{also}; {len(asked)} given",
        )
    bots = ["random", *sorted(entry.bots)]
    seats = [_seat(i, data, bots) for i, data in enumerate(asked)]
    for index in range(game.num_players, len(seats)):
        if seats[index].kind == "bot":
            raise FieldError(
                f"seats.{index}.kind",
                f"seat {index} is the game's own: a person, or leave it out for its computer",
            )
    while len(seats) < most:  # "Score keeper" (Derby Cast's, the one game with its own)
        extra = len(seats) - game.num_players
        seats.append(computer("Score keeper" + (f" {extra + 1}" if extra else ""), AUTO))
    return seats


def named(entry: GameEntry, game: Game, asked: JSON, seats: list[Seat]) -> Game:
    """The game with the seats' names in its own name fields, where it has them: a
    ``names`` list (Across, Totopoly) or single-member ``entrants`` (Derby Cast). Names
    the request gave itself stay, and a game that refuses the names (two seats named
    alike) keeps its own. ``asked``: the configuration as the request gave it."""
    config = game.config()
    names = [seat.name for seat in seats[: game.num_players]]
    if "names" in config and "names" not in asked:
        config = {**config, "names": names}
    elif isinstance(config.get("entrants"), list) and len(config["entrants"]) == len(names):
        config = {
            **config,
            "entrants": [
                {**e, "name": name, "members": [name]} if e.get("members") == [e.get("name")] else e
                for e, name in zip(config["entrants"], names, strict=True)
            ],
        }
    else:
        return game
    try:
        return entry.make(config)
    except (HomestretchError, ValueError, TypeError, KeyError):
        return game


def renamed(entry: GameEntry, game: Game, seat: int, old: str, new: str) -> Game | None:
    """The game with seat ``seat``'s name in its name fields changed from ``old`` (the
    name it had from its seat) to ``new`` (a person taking the seat by invitation); None
    where the game carries no name from the seat, or refuses the new one (two alike)."""
    config = game.config()
    names, entrants = config.get("names"), config.get("entrants")
    if isinstance(names, list) and seat < len(names) and names[seat] == old:
        config = {**config, "names": [new if i == seat else n for i, n in enumerate(names)]}
    elif (
        isinstance(entrants, list)
        and seat < len(entrants)
        and entrants[seat].get("members") == [old] == [entrants[seat].get("name")]
    ):
        changed = {**entrants[seat], "name": new, "members": [new]}
        config = {
            **config,
            "entrants": [changed if i == seat else e for i, e in enumerate(entrants)],
        }
    else:
        return None
    try:
        return entry.make(config)
    except (HomestretchError, ValueError, TypeError, KeyError):
        return None


def create_table(
    store: Store, request: JSON, designs: Designs | None = None
) -> tuple[Table, int, JSON]:
    """A new table as the form asks (nothing played yet), its id, and the server's own
    settings for it (the invitation, the creator's token, who types asked dice);
    ``designs``: the designer's content the server offers, which ``design`` names."""
    entry = _entry(request.get("game"))
    config, asked = request.get("config"), request.get("seats", [])
    design = (designs or Designs()).chosen(entry.name, request.get("design"))
    if request.get("upload") is not None and entry.name == "totopoly" and design is None:
        design = uploaded_content(request["upload"])  # a content folder's files
    elif request.get("upload") is not None:
        if design is not None or entry.name != "across":
            raise FieldError(
                "upload",
                "files are uploaded for Across the Board (a track file) and Totopoly (a "
                "content folder's files) alone, not beside a designer's content",
            )
        design = uploaded_track(request["upload"])
        meets = config.get("meets", 1) if isinstance(config, dict) else None
        whole = isinstance(meets, int) and not isinstance(meets, bool) and 1 <= meets <= 100
        if isinstance(config, dict) and isinstance(meets, int) and whole:
            config = {**config, "tracks": design.defaults["tracks"] * meets}  # every meet's
    if entry.settings is not None and isinstance(config, dict) and isinstance(asked, list):
        players = config.get("players")  # the seats' count is checked with the game
        count = players if isinstance(players, int) and not isinstance(players, bool) else None
        checked = config
        if design is not None:
            checked = _own_choices(design, settings_fields(entry.settings()), config)
        check_settings(entry.settings(), checked, len(asked) if count is None else count)
        config = entry.settings().for_new_table(config)
    kept: JSON | None = None
    if design is not None and isinstance(config, dict):
        config, kept = applied(design, config)  # its folder kept, or its race whole
    game = _game(entry, config)
    seats = seats_for(entry, game, asked)
    game = named(entry, game, request["config"], seats)
    dice_kind = request.get("dice", "seeded")
    if dice_kind not in ("seeded", "asked"):
        raise HomestretchError(f"dice are seeded or asked, not {dice_kind!r}")
    if dice_kind == "asked" and not entry.dice:  # nothing would ever be asked
        short = entry.title.split(": ")[0]
        raise FieldError("dice", f'{short} throws no dice to type in: its dice are "seeded"')
    seed = request.get("seed")
    if seed is None:
        seed = new_seed()
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise HomestretchError("the seed must be a whole number from 0")
    roller = request.get("roller")
    if roller is not None and (
        not isinstance(roller, int) or not 0 <= roller < len(seats) or not seats[roller].is_person
    ):
        raise FieldError("roller", "the dice are typed by a person's seat (or by the creator)")
    dice = DiceSpec(dice_kind, seed)
    private = bool(request.get("private", False))
    watches = request.get("invitation_watches", True)
    if not isinstance(watches, bool):
        raise FieldError("invitation_watches", "say yes or no: may the invitation watch?")
    web: JSON = {
        "private": private,
        "watch": new_token() if private else "",
        INVITATION_WATCHES: watches or not private,
        "invite": new_token(),
        "admin": new_token(),
        "roller": roller,
        "seed_digest": seed_digest(seed),
        OPEN_FOR: open_for(seats),
        **({"design": kept} if kept is not None else {}),
    }
    label = f"web table: {', '.join(s.name for s in seats) or 'a race'}"
    table, game_id = open_new(store, entry, game, seats, dice, label, extra={"web": web})
    return table, game_id, web


OPEN_FOR = "open_for"
"""The key, in the table's own settings (``web``), of the open seats the opener made for
someone by name (``{"2": "Dan"}``): the invitation gives such a seat to that name
alone while it is open and still so named; one the opener hands over is anyone's."""
PLACEHOLDER = re.compile(r"(player|seat|guest|open seat|open|someone|anyone)( ?\d+)?")
"""An open seat's name that names nobody: the lobby form's "Player 3", the API's "Seat
2", "Guest"."""


def open_for(seats: list[Seat]) -> dict[str, str]:
    """The open seats named for someone, by index (``OPEN_FOR``)."""
    return {
        str(index): seat.name
        for index, seat in enumerate(seats)
        if seat.kind == "open" and not PLACEHOLDER.fullmatch(seat.name.strip().casefold())
    }


def not_kept(web: JSON, index: int) -> None:
    """Seat ``index`` made for nobody by name from now on: the opener handed it over
    (to the computer, or opened it again for whoever comes)."""
    named = web.get(OPEN_FOR)
    if isinstance(named, dict):
        named.pop(str(index), None)


def kept_for(web: JSON, index: int, seat: Seat) -> str | None:
    """The name open seat ``index`` is kept for (the opener made it for them), or None:
    anyone's. A table opened before the opener's names were kept keeps what it did
    then: every open seat anyone's."""
    named = web.get(OPEN_FOR)
    name = named.get(str(index)) if isinstance(named, dict) else None
    return name if seat.kind == "open" and name == seat.name else None


def kept_alone(web: JSON, seats: list[Seat]) -> list[str]:
    """The names the open seats are kept for (``kept_for``), when every one is kept for
    someone and none is anyone's; else none: a guest of another name is seated."""
    kept = [kept_for(web, i, seat) for i, seat in enumerate(seats) if seat.kind == "open"]
    return [name for name in kept if name is not None] if kept and None not in kept else []


def names_listed(names: list[str]) -> str:
    """Names as a sentence lists them: "Dan", "Dan and Fay", "Dan, Eve and Fay"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


INVITATION_WATCHES = "invitation_watches"
"""The key, in the table's own settings (``web``), of the opener's choice whether whoever
holds the invitation may watch the game while it runs, seated or not (a private table's
watch link is shown on the invitation page). A listed table is watched by anyone."""


def invitation_watches(web: JSON) -> bool:
    """Whether the invitation shows the way to watch the game while it runs: the one
    place the choice is read. A table opened before the choice was offered keeps what it
    promised then: a private table's watch link with its opener alone."""
    return bool(web.get(INVITATION_WATCHES, not web.get("watch")))


def invitation_watch_link(game_id: int, web: JSON) -> str:
    """The watch link an invitation shows while the game runs, or "" where the opener
    keeps it (a private table whose invitation only seats)."""
    return watch_link(game_id, web) if invitation_watches(web) else ""


def links(game_id: int, table: Table, web: JSON) -> JSON:
    """The secret links of a new table: one per person, the invitation, the creator's."""
    return {
        "id": game_id,
        "seats": [
            {"seat": i, "name": s.name, "link": f"/t/{game_id}/seat/{s.token}"}
            for i, s in enumerate(table.seats)
            if s.is_person
        ],
        "invite": f"/t/{game_id}/join/{web['invite']}",
        "watch": watch_link(game_id, web),
        INVITATION_WATCHES: invitation_watches(web),
        "admin": f"/t/{game_id}/admin/{web['admin']}",
        "admin_token": web["admin"],
        "seed_digest": web["seed_digest"],
    }


def table_links(game_id: int, table: Table, web: JSON) -> JSON:
    """The links the creator's page shows, to send on again: each person's seat as it
    is now (a seat taken by invitation, or opened again, has a new link), the
    invitation, and the watch link."""
    made = links(game_id, table, web)
    return {"seats": made["seats"], "invite": made["invite"], "watch": made["watch"]}


def watch_link(game_id: int, web: JSON) -> str:
    """The spectators' page: open to anyone at a listed table, behind a secret key at
    a private one (knowing its number is not enough)."""
    key = web.get("watch") or ""
    return f"/t/{game_id}/watch/{key}" if key else f"/t/{game_id}/watch"


def public_tables(store: Store, limit: int = 50) -> list[JSON]:
    """Unfinished tables opened here and not private, newest first."""
    found = []
    known = entries()
    for saved in store.saved_games(limit=limit):
        if saved.status == "finished":
            continue
        web = (store.settings(saved.id) or {}).get("web")
        if web is None or web.get("private"):
            continue
        title = known[saved.game].titled(saved.config) if saved.game in known else ""
        title = listed_title(title, web) if title else title
        # who sits there now (a guest who took an open seat by name), never a seat's token
        seats = [
            {"name": str(seat.get("name", "")), "kind": str(seat.get("kind", ""))}
            for seat in (store.settings(saved.id) or {}).get("seats", [])
            if isinstance(seat, dict)
        ]
        found.append(
            {
                "id": saved.id,
                "game": saved.game,
                "title": title,
                "label": saved.label,
                "seats": seats,
            }
        )
    return found


SEAT_ASIDES = {"open": " (open seat)", "bot": " (computer)"}
"""What the lobby's list says after a seat nobody has taken yet, and after a computer's."""


def seats_said(table: JSON) -> str:
    """Who sits at a listed table now, in a line: "Ann, Dan, Robo (computer), Player 4
    (open seat)"; the label it was opened with where the seats are not known."""
    seats = table.get("seats") or []
    if not seats:
        return str(table.get("label", "")).removeprefix("web table: ")
    return ", ".join(seat["name"] + SEAT_ASIDES.get(seat["kind"], "") for seat in seats)


def _players(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"
