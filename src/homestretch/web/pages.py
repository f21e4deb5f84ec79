"""The HTML pages: plain files in ``static/`` with a few ``{{name}}`` fields filled in
(escaped). Everything a table shows is drawn by ``table.js`` from its frames."""

from __future__ import annotations

import html
import json
from functools import cache
from importlib.resources import files
from typing import Any

from homestretch.core.protocol import JSON
from homestretch.web import hub
from homestretch.web.lobby import names_listed, seats_said


@cache
def _template(name: str) -> str:
    return (files("homestretch.web") / "static" / name).read_text(encoding="utf-8")


def _fill(name: str, **fields: str) -> str:
    page = _template(name)
    for key, value in fields.items():
        page = page.replace("{{" + key + "}}", html.escape(value))
    return page


@cache
def has_board(game: str) -> bool:
    """Whether a game has its own board script, ``static/games/<game>.js``. A game
    without one is drawn by the generic page alone."""
    return (files("homestretch.web") / "static" / "games" / f"{game}.js").is_file()


def heading(title: str) -> tuple[str, str]:
    """A page's heading from the game's title: its short name ("Across the Board"), one
    line on a phone, and the rest of the title ("auction, MPH totalizator, ...") for a
    smaller line under it (the document's title keeps the whole)."""
    name, _, rest = title.partition(": ")
    return name, rest


def table_name(title: str) -> str:
    """A table's name in the lobby's list: the game's short name with what tells this
    table from another of the same game, a trailing aside of the title ("Totopoly, the
    short game (no Tote)"; the full game is "Totopoly")."""
    name, rest = heading(title)
    return f"{name} {_aside(rest)}".strip()


def _aside(text: str) -> str:
    """The parenthesis ``text`` ends with, whole ("(Cup (G1), quickplay)"), or ""."""
    depth = 0
    for at in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[at], 0)
        if depth == 0:
            return text[at:] if at < len(text) - 1 and text[at] == "(" else ""
    return ""


def _table_page(game: str, **fields: str) -> str:
    short, subtitle = heading(fields["title"])
    # the stream's keep-alive interval, so the page watches for the right silence from
    # its first moment (not a guess until the stream's first ``alive`` event says it)
    alive = f"{hub.KEEP_ALIVE:g}"
    page = _fill("table.html", game=game, short=short, subtitle=subtitle, alive=alive, **fields)
    script = ""
    if has_board(game):
        name = html.escape(game)
        script = (
            f'<link rel="stylesheet" href="/static/games/{name}.css">\n'
            f'<script src="/static/games/{name}.js"></script>'
        )
    return page.replace("{{board_script}}", script)


def table(game_id: int, mode: str, token: str, title: str, game: str) -> str:
    """A seat's page, a spectator's (mode "watch") or the creator's (mode "admin")."""
    return _table_page(game, id=str(game_id), mode=mode, token=token, title=title, seat="")


def replay(game_id: int, seat: int | None, title: str, game: str, token: str = "") -> str:
    """A finished table stepped through; ``token``: a link's secret (a private table)."""
    seat_text = "" if seat is None else str(seat)
    return _table_page(
        game, id=str(game_id), mode="replay", token=token, title=title, seat=seat_text
    )


def join(game_id: int, invite: str, title: str, watch: str, kept: list[str]) -> str:
    """A running table's invitation with an open seat: the name to take it with, and the
    way to watch the game instead (``watch``, the watch link) where the opener lets the
    invitation watch (``lobby.invitation_watches``); where not, that is said. ``kept``:
    the names every open seat is kept for (``lobby.kept_alone``), said above the name's
    box before one is typed, as the refusal says them after."""
    short, subtitle = heading(title)
    page = _fill(
        "join.html", id=str(game_id), invite=invite, title=title, short=short, subtitle=subtitle
    )
    said = ""
    if kept:
        seats = "The seat left is" if len(kept) == 1 else "The seats left are"
        said = (
            f'<p id="seats-kept">{seats} kept for {html.escape(names_listed(kept))}: '
            "join under your name as it is written there.</p>"
        )
    page = page.replace("<!--kept-->", said)
    return page.replace("<!--see-->", _watching(watch, "Or watch the game without a seat."))


WATCH_KEPT = (
    "Whoever opened this table keeps the way to watch it while it runs: ask them for the "
    "watch link."
)
"""An invitation's words where the opener keeps the watch link to themselves."""


def _watching(watch: str, said: str) -> str:
    """The invitation's way to watch a running game, or the words saying it is kept."""
    if not watch:
        return f'<p id="watch-kept">{html.escape(WATCH_KEPT)}</p>'
    return (
        f'<p id="watch-said">{html.escape(said)}</p>'
        f'<p class="links"><a href="{html.escape(watch)}" id="see-game">Watch the game</a></p>'
    )


def over(game_id: int, title: str, watch: str, replay_key: str = "") -> str:
    """A finished table's invitation: the game is over, and the links to see how it ended
    (``watch``: the watch link the invitation showed while the game ran, "" where the
    opener kept it to themselves) and to replay it (``replay_key``: the secret a private
    table's replay is opened with). Once the game is over watching shows less than a
    seat saw (the spectator's view) and nothing can be played with it."""
    key = html.escape(replay_key)
    replay = f"/t/{game_id}/replay?token={key}" if key else f"/t/{game_id}/replay"
    end = f'<a href="{html.escape(watch)}" id="see-end">See how it ended</a>' if watch else ""
    see = f'<p class="links">{end}<a href="{replay}" id="see-replay">Replay it move by move</a></p>'
    said = "This game is over: nobody takes a seat at it now."
    return _no_seat(game_id, title, "over", said, see)


def full(game_id: int, title: str, watch: str) -> str:
    """A running table's invitation when every seat is taken: said before a name is
    typed, with the way to watch it (``watch``: a listed table's, or a private table's
    whose opener lets the invitation watch; "" where the opener keeps it)."""
    said = "Every seat at this table is taken."
    if watch:
        said = "Every seat at this table is taken: you can watch the game instead."
    see = _watching(watch, "").replace('<p id="watch-said"></p>', "")
    return _no_seat(game_id, title, "full", said, see)


def _no_seat(game_id: int, title: str, which: str, said: str, see: str) -> str:
    short, subtitle = heading(title)
    page = _fill(
        "over.html",
        id=str(game_id),
        title=title,
        short=short,
        subtitle=subtitle,
        which=which,
        said=said,
    )
    return page.replace("<!--see-->", see)


def lobby(tables: list[JSON], games: list[JSON], version: str = "") -> str:
    """The lobby: its list of ``tables`` (drawn at the lobby's ``version``: its pushes
    tell the page of a later one), the form's ``games``."""
    rows = "".join(
        f'<li><a href="/t/{t["id"]}/watch">Table {t["id"]}: '
        f"{html.escape(table_name(t['title'] or t['game']))}</a> "
        f'<span class="who">{html.escape(seats_said(t))}</span>'
        f'<button type="button" class="copy" data-copy="/t/{t["id"]}/watch" '
        f'aria-label="Copy the link to watch table {t["id"]}">Copy</button></li>'
        for t in tables
    )
    alive = f"{hub.KEEP_ALIVE:g}"
    page = _fill("lobby.html", games=json.dumps(games), version=version, alive=alive)
    return page.replace("<!--tables-->", rows or "<li>No open tables yet.</li>")


def stretch_builder(conditions: list[str]) -> str:
    """Top of the Stretch's race builder (``static/games/stretch-builder.js``)."""
    return _fill("stretch-builder.html", conditions=json.dumps(conditions))


@cache
def _markdown() -> Any:
    """The Markdown renderer of the games' guides: CommonMark with tables, raw HTML
    off (the guides are text; markdown-it-py, imported when a guide is first asked for)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def how_to_play(game: str, text: str, others: dict[str, str], from_table: bool) -> str:
    """A game's "How to play" page: its guide (Markdown, ``core.how_to_play``) rendered,
    links to the other games' guides (``others``: title by name), and, opened from a
    table's page (``from_table``: in a tab of its own), the way back to it."""
    from homestretch.core.how_to_play import title

    page = _fill("how-to-play.html", game=game, title=f"homestretch: {title(text)}")
    back = ""
    if from_table:
        back = (
            '<button type="button" id="back-to-table" hidden>&larr; Back to the table</button>'
            '<span id="back-said" role="status" hidden></span>'
        )
    return (
        page.replace("<!--guide-->", _markdown().render(text))
        .replace("<!--others-->", _guide_links(others))
        .replace("<!--back-->", back)
    )


def _guide_links(games: dict[str, str]) -> str:
    return "".join(
        f'<li><a href="/how-to-play/{html.escape(name)}">{html.escape(heading(title)[0])}</a></li>'
        for name, title in games.items()
    )


def no_guide(game: str, games: dict[str, str]) -> str:
    """The page for a guide asked of a game that is not there: said, with every game's."""
    said = (
        f"<h1>No game called &ldquo;{html.escape(game[:60])}&rdquo;</h1>"
        '<p id="error" role="alert">There is no guide by that name: '
        "each game's is below.</p>"
    )
    return _guides_page("homestretch: no such game", said, games)


def guides(games: dict[str, str]) -> str:
    """Every game's "How to play", listed."""
    return _guides_page("homestretch: how to play", "<h1>How to play</h1>", games)


def _guides_page(title: str, said: str, games: dict[str, str]) -> str:
    page = _fill("how-to-play.html", game="", title=title)
    return (
        page.replace("<!--guide-->", said)
        .replace("<h2>How to play the other games</h2>", "<h2>The games</h2>")
        .replace("<!--others-->", _guide_links(games))
        .replace("<!--back-->", "")
    )


def refused(reason: str) -> str:
    """The page a browser is shown for a link that opens nothing (a seat handed over, a
    table that is not there): the reason as a sentence and the way to the lobby, not
    the JSON an API client reads."""
    sentence = reason[:1].upper() + reason[1:]
    return _fill("refused.html", reason=sentence if sentence.endswith(".") else f"{sentence}.")
