"""Rich tables of a player's view: the table, the totalizator, the track card."""

from __future__ import annotations

from rich.console import Console, Group
from rich.table import Table

from homestretch.core.protocol import JSON
from homestretch.games.across.auction import BINS
from homestretch.games.across.content import HORSES, Content

BIN_TITLES = dict(
    zip(BINS, ("3rd purse", "5th purse", "8th WIN", "8th PLACE", "8th SHOW"), strict=True)
)


def initials(name: str) -> str:
    return "".join(part[0] for part in name.split()).upper()[:3] or "?"


def players_table(view: JSON) -> Table:
    names = view["names"]
    roles = {seat: role.capitalize() for role, seat in view["roles"].items()}
    table = Table(
        "seat", "player", "role", "fifties", "horses (h = in hock)", "tickets", title="The table"
    )
    for seat, name in enumerate(names):
        horses = [
            f"#{h}{'h' if h in view['in_hock'] else ''}{'*' if len(o) > 1 else ''}"
            for h, o in view["owners"].items()
            if seat in o
        ]
        tickets = sorted(h for s, h in view["tickets"] if s == seat)
        mark = " <" if view["to_act"] == [seat] else ""
        table.add_row(
            str(seat),
            name + mark,
            roles.get(seat, ""),
            str(view["cash"][seat]),
            " ".join(horses),
            " ".join(f"#{h}" for h in tickets),
        )
    return table


def money_table(view: JSON) -> Table:
    table = Table(*BIN_TITLES.values(), "Daily Double", "carry-over", title="Auction-receipt bins")
    table.add_row(
        *(str(view["bins"][b]) for b in BINS), str(view["daily_double_bin"]), str(view["carry"])
    )
    return table


def totalizator(view: JSON) -> Table:
    """One column per horse with the investors' initials, like the MPH board."""
    table = Table(*(f"#{h}" for h in HORSES), title=f"MPH Totalizator, race {view['race']}")
    columns = {
        h: [initials(view["names"][s]) for s, hh in view["tickets"] if hh == h] for h in HORSES
    }
    depth = max([len(c) for c in columns.values()] + [1])
    for row in range(depth):
        table.add_row(*(columns[h][row] if row < len(columns[h]) else "" for h in HORSES))
    return table


def windows_table(view: JSON) -> Table:
    titles = ["1 Winners Circle", "2 WIN", "3 WIN", "4 WIN", "5 WIN", "6 PLACE", "7 SHOW"]
    table = Table(*titles, title="MPH Parimutuel Windows")
    table.add_row(*(str(w) for w in view["windows"]))
    return table


MARKS = {
    (0, 0): ".",
    (0, 1): "/",
    (0, 2): "X",
    (1, 0): "\\",
    (1, 1): "*",
    (2, 0): "x",
}
"""A square's mark by (preprinted halves, halves earned in the race) on it."""
LEGEND = (
    "x preprinted X, \\ preprinted half X, * a preprinted half completed in the race, "
    "X an X, / half an X, . open, ( ) the circled, shaded square"
)


def squares(progress: int, need: int, preprinted: int = 0) -> str:
    """The horse's row, square by square (MARKS): preprinted marks look different from
    the ones earned in the race; a shaded first square is in brackets."""
    row = []
    for square in range(need // 2):
        printed = min(2, max(0, preprinted - 2 * square))
        total = min(2, max(0, progress - 2 * square))
        row.append(MARKS[printed, max(0, total - printed)])
    if need == 12:
        row[0] = f"({row[0]})"
    return " ".join(row)


def track_card(view: JSON, content: Content) -> Table | None:
    card = view["race_card"]
    if card is None or view["track"] is None:
        return None
    track = content.tracks[view["track"]]
    placing = {h: p for h, p in zip(card["finish"], ("WIN", "PLACE", "SHOW"), strict=False)}
    table = Table("#", "horse", "X's to finish", "", title=f"{track.name}, race {card['number']}")
    for h in HORSES:
        progress, need = card["progress"][str(h)], card["need"][str(h)]
        rolled = card["stage"] == "accept or reject" and card["rolled"] == h
        table.add_row(
            str(h),
            content.cards[h].name,
            squares(progress, need, track.handicaps[h].preprinted_halves),
            placing.get(h, "<- rolled" if rolled else ""),
        )
    table.caption = f"{card['rolls']} rolls; " + "; ".join(card["calls"][-4:])
    table.caption += f"\n{LEGEND}"
    return table


def lot_table(view: JSON, content: Content) -> Table | None:
    lot = view["lot"]
    if lot is None:
        return None
    card = content.cards[lot["horse"]]
    track = content.tracks.get(view["track"] or "")
    suggested = track.handicaps[lot["horse"]].suggested_bid if track else "-"
    bidders = " and ".join(view["names"][s] for s in lot["bidders"]) or "no bid yet"
    table = Table(
        "on the block", "ancestry", "opening", "suggested", "high bid", "by", title="Auction"
    )
    table.add_row(
        f"#{card.number} {card.name}",
        f"by {card.sire} out of {card.dam}",
        str(card.opening_bid),
        str(suggested),
        str(lot["high"] or lot["asking"]),
        bidders,
    )
    return table


def full_view(view: JSON, content: Content) -> Group:
    """What a person needs to decide now: the race card in a race, the block at the
    auction, everything between races."""
    phase = view["phase"]
    parts: list[Table | None]
    if phase == "race":
        parts = [track_card(view, content), totalizator(view)]
    elif view["lot"] is not None:
        parts = [players_table(view), lot_table(view, content)]
    else:
        parts = [players_table(view), money_table(view), totalizator(view), windows_table(view)]
    return Group(*(p for p in parts if p is not None))


def show(console: Console, view: JSON, content: Content) -> None:
    console.print(full_view(view, content))
