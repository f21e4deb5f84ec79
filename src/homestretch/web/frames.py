"""What one seat is sent: its view, its moves, its log, and nothing of anyone else's.

A frame is built for one seat (None: a spectator) from the table as it is; every
surface in the browser redraws from it alone, so a reload or a reconnect is one frame.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Any

from homestretch.core.actions import Action
from homestretch.core.protocol import JSON
from homestretch.session.dice import seed_digest
from homestretch.session.table import Table
from homestretch.web.forms import action_forms
from homestretch.web.words import PAGE, bot_words

TYPED_OVER = 40
"""More legal actions than this and the page offers a form to type one in."""


def seat_list(table: Table, connected: Set[int]) -> list[JSON]:
    return [
        {
            "seat": i,
            "name": s.name,
            "kind": s.kind,
            "bot": s.bot,
            "words": bot_words(s.bot) if s.kind == "bot" and s.bot else None,
            "connected": i in connected,
        }
        for i, s in enumerate(table.seats)
    ]


def waiting_json(table: Table) -> JSON:
    waiting = table.waiting()
    roll: Any = None
    if waiting.roll is not None and table.dice_spec.kind == "asked" and waiting.roll.is_dice:
        roll = {"label": waiting.roll.label, "dice": waiting.roll.dice}
    return {"seats": list(waiting.seats), "roll": roll}


def forms_for(table: Table, legal: list[Action]) -> list[JSON]:
    """The forms of the kinds of action listed (a bid of any amount), or of every kind
    the game has for a seat whose actions are typed in (none listed)."""
    forms = action_forms(table.game.codec)
    kinds = {action.kind for action in legal}
    return [f for f in forms if f["kind"] in kinds] if kinds else forms


def frame(
    table: Table,
    seat: int | None,
    connected: Set[int] = frozenset(),
    may_roll: bool = False,
    admin: bool = False,
    log_from: int = 0,
) -> JSON:
    """The frame for ``seat``; ``may_roll``: this viewer types the asked dice;
    ``admin``: the table's creator, who may hand seats to computer players;
    ``log_from``: the log lines the page already has (a page that keeps the log is sent
    only the new ones; a reload asks for everything)."""
    return completed(seat_part(table, seat, may_roll, admin), table, connected, log_from)


def seat_part(table: Table, seat: int | None, may_roll: bool = False, admin: bool = False) -> JSON:
    """What a seat's frame holds that depends on the table and the seat alone (its view,
    moves and notices): the same for every frame sent to the seat at one version, so a
    server builds it once a move for the seat, however many of its pages ask."""
    state = table.state
    over = state.is_over()
    waiting = waiting_json(table)
    mine = seat is not None and seat in waiting["seats"] and not table.is_computer(seat)
    legal = table.legal_actions(seat) if mine and seat is not None else []
    typed = mine and seat is not None and (state.open_ended(seat) or len(legal) > TYPED_OVER)
    bots = ["random", *sorted(table.entry.bots)] if admin else []
    return {
        "game": table.entry.name,
        "title": table.entry.title,
        "version": table.version,
        "seat": seat,
        "name": table.seats[seat].name if seat is not None else None,
        "view": table.view(seat),
        "legal": [{"action": a.to_json(), "text": str(a)} for a in legal],
        "typed": typed,
        "forms": forms_for(table, legal) if typed else [],
        "your_turn": mine,
        "waiting": waiting,
        "may_roll": may_roll and waiting["roll"] is not None,
        "admin": admin,
        "bots": bots,
        "bot_words": {bot: bot_words(bot) for bot in bots},  # the creator's page says them
        "notices": state.notices_for(seat),
        "over": over,
        "result": state.result() if over else None,
        "seed_digest": seed_digest(table.seed),
        "seed": table.seed if over else None,
        "words": PAGE,  # the shared page's own (a game's board has its own in the view)
    }


def completed(part: JSON, table: Table, connected: Set[int], log_from: int) -> JSON:
    """A seat's frame: its part, the log lines from ``log_from`` on, who is here, and
    what the table's rebuilding from the store said (``notes``)."""
    return {
        **part,
        "log_from": log_from,
        "log": table.log_for(part["seat"], since=log_from),
        "seats": seat_list(table, connected),
        "notes": page_notes(table.notes),
    }


def page_notes(notes: Sequence[str]) -> list[str]:
    """What rebuilding a saved table said (``session.saved``: a Derby Cast game saved
    before games recorded the files they read, whose desk race is run again on this
    homestretch's Top of the Stretch files; a file of one's own changed in nothing the
    game reads), as the page says it: each a sentence of its own, the terminal's dim
    "note: " gone. The terminal says each once when it loads the game; the page shows
    each once, at its top, on every frame (a reload, a page opened later)."""
    said = []
    for note in notes:
        words = note.removeprefix("note: ").strip()
        if words:
            said.append(words[0].upper() + words[1:] + ("" if words.endswith(".") else "."))
    return said
