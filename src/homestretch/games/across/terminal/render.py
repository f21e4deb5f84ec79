"""Rich tables of a player's view: the table, the totalizator, the track card."""

from __future__ import annotations

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.padding import Padding
from rich.text import Text

from homestretch.cli.plain import Table
from homestretch.core.protocol import JSON
from homestretch.games.across.content.loader import HORSES, Content
from homestretch.games.across.rules import words
from homestretch.games.across.rules.auction import BINS
from homestretch.games.across.rules.totalizator import WINDOW_TITLES

BIN_TITLES = dict(
    zip(BINS, ("3rd purse", "5th purse", "8th WIN", "8th PLACE", "8th SHOW"), strict=True)
)


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
            str(seat + 1),  # people count seats from 1, as they type them
            name + mark,
            roles.get(seat, ""),
            str(view["cash"][seat]),
            " ".join(horses),
            " ".join(f"#{h}" for h in tickets),
        )
    return table


def money_line(view: JSON) -> Text:
    """The auction-receipt bins in a line or two: "Auction-receipt bins: 3rd purse 1, 5th
    purse 1, ...". A table of seven columns took seven rows and cut its last header to
    "carry-o…" at 80 columns."""
    amounts = [*(view["bins"][b] for b in BINS), view["daily_double_bin"], view["carry"]]
    titles = [*BIN_TITLES.values(), "Daily Double", "carry-over"]
    said = ", ".join(f"{title} {amount}" for title, amount in zip(titles, amounts, strict=True))
    return Text(f"Auction-receipt bins (fifties): {said}")


def totalizator(view: JSON) -> Table:
    """One column per horse with the investors' initials, like the MPH board."""
    table = Table(*(f"#{h}" for h in HORSES), title=f"MPH Totalizator, race {view['race']}")
    marks = view["initials"]
    columns = {h: [marks[s] for s, hh in view["tickets"] if hh == h] for h in HORSES}
    depth = max([len(c) for c in columns.values()] + [1])
    for row in range(depth):
        table.add_row(*(columns[h][row] if row < len(columns[h]) else "" for h in HORSES))
    return table


def windows_table(view: JSON) -> Table:
    """The seven windows: what is in them now (dealt when betting closes), and after a
    race what each held and paid."""
    titles = [f"{i + 1} {t}" for i, t in enumerate(WINDOW_TITLES)]
    table = Table("", *titles, title="MPH Parimutuel Windows")
    if view["phase"] == "race":
        table.add_row("now", *(str(w) for w in view["windows"]))
        return table
    payoff = view["payoff"]
    if payoff is None:
        table.add_row("now", *(str(w) for w in view["windows"]))
        return table
    table.title = f"MPH Parimutuel Windows, race {payoff['race']}"
    table.add_row("dealt", *(str(w) for w in payoff["dealt"]))
    paid = [""] * len(titles)
    for step in payoff["steps"]:
        if step["step"] == "redeal":
            table.add_row(f"rule {'+'.join(step['rules'])}", *(str(w) for w in step["windows"]))
        elif step["step"] == "window_payoff":
            first = step["windows"][0] - 1
            paid[first] = f"{step['pool']} on #{step['horse']}"
        else:
            paid = ["refunded"] * len(titles)
    table.add_row("paid", *paid)
    return table


def daily_double_table(view: JSON) -> Table | None:
    tickets = view["daily_double"]
    if not tickets:
        return None
    table = Table("player", "race 1", "race 2", title="Daily Double")
    for seat, first, second in tickets:
        table.add_row(view["names"][seat], f"#{first}", f"#{second}")
    table.caption = f"{view['daily_double_bin']} fifties in the Daily Double bin"
    return table


def tracks_list(view: JSON) -> Group | None:
    """The Trackmaster's choice: each track, its best pick and shaded horses, and its
    Handicap and Auction News, as lines at the terminal's width. It was a table with
    the news in a narrow column beside three others (58 rows at 80 columns, with the
    players' table above it): the first screen of a game, under 24 rows now with the
    menu below it. The players' table waits for the auction (everyone has the same
    fifties and no horse yet; the header names who chooses)."""
    if not view["tracks"]:
        return None
    lines: list[Text | Padding] = [Text("Choose the track", style="bold")]
    for t in view["tracks"]:
        shaded = " ".join(f"#{h}" for h in t["shaded"]) or "none"
        lines.append(
            Text(
                f"track {t['key']}: {t['name']}, {t['city']}; best pick #{t['best_pick']}, "
                f"shaded {shaded}"
            )
        )
        lines.append(Padding(Text(t["conditions"], style="dim"), (0, 0, 0, 4)))
    return Group(*lines)


def owners_of(view: JSON, horse: int) -> str:
    owners = view["owners"].get(str(horse), [])
    return " and ".join(view["names"][s] for s in owners) or "unsold"


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

PRINTED_LEGEND = "x preprinted X, \\ preprinted half X, ( ) shaded circle, . open"
"""The marks a card shows before its race (``LEGEND``'s first and last)."""
SHORT_LEGEND = "x preprinted X, \\ half X, ( ) shaded"
"""``PRINTED_LEGEND`` in the room a betting turn's line leaves."""


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
    table = Table(
        "#", "horse", "owner", "X's to finish", "", title=f"{track.name}, race {card['number']}"
    )
    owners = "owners" in view
    for h in HORSES:
        progress, need = card["progress"][str(h)], card["need"][str(h)]
        rolled = card["stage"] == "accept or reject" and card["rolled"] == h
        table.add_row(
            str(h),
            content.cards[h].name,
            owners_of(view, h) if owners else "",
            squares(progress, need, track.handicaps[h].preprinted_halves),
            placing.get(h, "<- rolled" if rolled else ""),
        )
    rolls = "1 roll" if card["rolls"] == 1 else f"{card['rolls']} rolls"
    table.caption = "; ".join([rolls, *card["calls"][-4:]])
    table.caption += f"\n{LEGEND}"
    return table


RACE_WIDTH = 78
"""The room a race screen's lines keep to: an 80-column terminal, less its edge."""


def race_view(view: JSON, content: Content) -> Group:
    """The race as the roller sees it at each roll, in what fits an 80 x 24 terminal with
    the roll's question and list below it: the track card's rows (each horse's X's, name,
    owner, the tickets on it, its place or that it was rolled) and the rolls so far with
    the latest. It was the full card with its legend, the MPH board and the windows (~40
    rows, redrawn at every roll: a 24-row terminal scrolled the card off); those are
    ``race_rest`` (m at the prompt) and the finished card after the race."""
    card = view["race_card"]
    rolls = Text(rolls_line(card["rolls"], card["calls"]), no_wrap=True, overflow="ellipsis")
    return Group(_RaceCard(view, content), rolls)


class _RaceCard:
    """``race_view``'s card at the width it is drawn in: every horse one row, a long owner's
    or horse's name cut short (…) rather than a second row."""

    FIXED = 2 + 13 + 6 + 5 * 3  # the number, the X's, the place, the rules between
    HORSE, TICKETS = 19, 11
    """The most the horse's name and the tickets take (the bundled names are 19 at most)."""

    def __init__(self, view: JSON, content: Content) -> None:
        self.view, self.content = view, content

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view, content = self.view, self.content
        card = view["race_card"]
        track = content.tracks[view["track"]]
        placing = dict(zip(card["finish"], ("WIN", "PLACE", "SHOW"), strict=False))
        marks = view["initials"]
        owner_room = max(6, options.max_width - self.FIXED - self.HORSE - self.TICKETS)
        table = Table(
            title=f"{track.name}, race {card['number']}",
            box=box.HEAVY_HEAD,
            show_edge=False,
            pad_edge=False,
        )
        table.add_column("#", no_wrap=True)
        table.add_column("X's to finish", no_wrap=True)
        for header, most in (
            ("horse", self.HORSE),
            ("owner", owner_room),
            ("tickets", self.TICKETS),
        ):
            table.add_column(header, no_wrap=True, overflow="ellipsis", max_width=most)
        table.add_column("", no_wrap=True)
        for h in HORSES:
            rolled = card["stage"] == "accept or reject" and card["rolled"] == h
            table.add_row(
                str(h),
                squares(
                    card["progress"][str(h)],
                    card["need"][str(h)],
                    track.handicaps[h].preprinted_halves,
                ),
                content.cards[h].name,
                owners_of(view, h),
                " ".join(marks[s] for s, on in view["tickets"] if on == h),
                placing.get(h, "rolled" if rolled else ""),
            )
        yield table


def rolls_line(rolls: int, calls: list[str], room: int = RACE_WIDTH) -> str:
    """The rolls so far and the latest calls, as many as one line holds: "6 rolls, the
    last: #10 accepted: one X; #6 accepted: one X"."""
    said = "1 roll" if rolls == 1 else f"{rolls} rolls"
    if not calls:
        return said
    shown: list[str] = []
    for call in reversed(calls):
        line = f"{said}, the last: {'; '.join([call, *shown])}"
        if shown and len(line) > room:
            break
        shown.insert(0, call)
    return f"{said}, the last: {'; '.join(shown)}"


def race_rest(view: JSON, content: Content) -> Group:
    """The whole race picture a race screen leaves off (m at the prompt): the card with
    its last calls and the marks' legend, the MPH board and the windows."""
    parts = [track_card(view, content), totalizator(view), windows_table(view)]
    return Group(*(p for p in parts if p is not None))


def printed_card(view: JSON) -> Table | None:
    """The track card before a race, the auction's reference: preprinted X's and half
    X's, the shaded squares, each horse's class, suggested bid and owner (a betting turn
    reads ``betting_card``)."""
    card = view["card"]
    if card is None:
        return None
    table = Table(
        "#", "class", "X's to finish", "suggested", "owner", title=f"{card['name']}: the track card"
    )
    for h, horse in card["horses"].items():
        best = " best pick" if int(h) == card["best_pick"] else ""
        table.add_row(
            h,
            horse["class"] + best,
            squares(horse["preprinted"], horse["need"], horse["preprinted"]),
            str(horse["suggested_bid"]),
            owners_of(view, int(h)),
        )
    table.caption = f"Handicap and Auction News: {card['conditions']}\n{PRINTED_LEGEND}"
    return table


def lot_table(view: JSON, content: Content) -> Table | None:
    lot = view["lot"]
    if lot is None:
        return None
    card = content.cards[lot["horse"]]
    track = content.tracks.get(view["track"] or "")
    suggested = track.handicaps[lot["horse"]].suggested_bid if track else "-"
    bidders = " and ".join(view["names"][s] for s in lot["bidders"])
    table = Table(
        "on the block", "ancestry", "opening", "suggested", "asking", "high bid", title="Auction"
    )
    high = f"{lot['high']} by {bidders}" if lot["high"] is not None else "no bid yet"
    table.add_row(
        f"#{card.number} {card.name}",
        f"by {card.sire} out of {card.dam}",
        str(card.opening_bid),
        str(suggested),
        str(lot["min_bid"]),
        high,
    )
    return table


def full_view(view: JSON, content: Content) -> Group:
    """What a person needs to decide now: the race card in a race, the block at the
    auction, everything between races."""
    phase = view["phase"]
    parts: list[Table | Text | None]
    if phase == "race" and view["race_card"] is not None and view["track"] is not None:
        return race_view(view, content)
    if phase == "race":
        parts = [track_card(view, content), totalizator(view), windows_table(view)]
    elif phase == "choose track":
        return Group(*(p for p in [tracks_list(view)] if p is not None))
    elif view["lot"] is not None:
        return auction_view(view, content)
    elif phase == "betting":
        return betting_view(view)
    else:
        parts = [
            players_table(view),
            money_line(view),
            totalizator(view),
            daily_double_table(view),
            windows_table(view),
        ]
    return Group(*(p for p in parts if p is not None))


def auction_view(view: JSON, content: Content) -> Group:
    """A bid at the auction, in what fits an 80 x 24 terminal with its list of bids: the
    lot (its horse, class, X's, opening, suggested and asking bids, the high bid and
    who made it), everyone's fifties with the horses each holds, and what is still to
    be sold. It was the printed card with its news, the table, the bins and the lot's
    table (59 rows at 80 columns with six players, the list below them, redrawn at each
    bid); those are ``auction_rest``, m at the prompt."""
    lot = view["lot"]
    horse = lot["horse"]
    card = content.cards[horse]
    printed = view["card"]["horses"].get(str(horse)) if view["card"] else None
    track = content.tracks.get(view["track"] or "")
    suggested = track.handicaps[horse].suggested_bid if track else "-"
    bidders = " and ".join(view["names"][s] for s in lot["bidders"])
    high = f"high bid {lot['high']} by {bidders}" if lot["high"] is not None else "no bid yet"
    said = f"#{horse} {card.name}, by {card.sire} out of {card.dam}"
    if printed is not None:
        marks = squares(printed["preprinted"], printed["need"], printed["preprinted"])
        said += f"; {printed['class']}, X's to finish {marks}"
    lines = [
        Text("On the block: ", style="bold") + Text(said),
        Text(
            f"opening {card.opening_bid}, suggested {suggested}, asking {lot['min_bid']}; {high}",
            style="bold",
        ),
        Text(holdings_line(view)),
    ]
    unsold = [h for h in HORSES if h != horse and not view["owners"].get(str(h))]
    if unsold:
        lines.append(Text("Still to sell: " + " ".join(f"#{h}" for h in unsold)))
    return Group(*lines)


def holdings_line(view: JSON) -> str:
    """Everyone's fifties and horses in a line or two ("Fifties: Ann 34 (#5), Kim 40
    (you), Bob 40 (Auctioneer)"): what the others can still bid, whose horses they are,
    and who the Auctioneer is, whose bids the table hears as "Auctioneer's bid is N
    fifties" (the rulebook's words; only m's table said whose role it was). The words are
    the browser board's (``words.PAGE``), which says the same line on the block."""
    page = words.PAGE
    you = view.get("you")
    auctioneer = view["roles"].get("auctioneer")
    said = []
    for seat, (name, cash) in enumerate(zip(view["names"], view["cash"], strict=True)):
        horses = " ".join(f"#{h}" for h, o in view["owners"].items() if seat in o)
        marks = [horses] if horses else []
        marks += [page["you"]] if seat == you else []
        marks += [page["roles"]["auctioneer"]] if seat == auctioneer else []
        held = page["holding_marked" if marks else "holding"]
        said.append(held.format(name=name, cash=cash, marks=", ".join(marks)))
    return str(page["holdings"].format(players=", ".join(said)))


def auction_rest(view: JSON, content: Content) -> Group:
    """What a bid's screen leaves off (m at the prompt): the printed card with its
    Handicap and Auction News, the table, the bins, the lot's table."""
    parts = [printed_card(view), players_table(view), money_line(view), lot_table(view, content)]
    return Group(*(p for p in parts if p is not None))


def betting_view(view: JSON) -> Group:
    """A betting turn, in what fits a 50-row terminal beside the list of bets: the card
    (each horse's start and shaded circle, name, owner, the tickets on it so far and its
    last finish), everyone's fifties, and the Daily Double tickets when there are any.
    It was the card, the table, the bins, the MPH board and the windows (110 rows after
    a race, the list and the race's result with them); the rest is ``rest_view``, shown
    when m is typed at the prompt."""
    card = view["card"]
    best = None
    if card is not None:  # the card's title and caption in a line: the class is in the X's
        n = card["best_pick"]
        best = Text(
            f"{card['name']}, best pick: #{n} {card['horses'][str(n)]['name']}; {SHORT_LEGEND}"
        )
    parts = [betting_card(view), best, Text(fifties_line(view)), daily_double_line(view)]
    return Group(*(p for p in parts if p is not None))


def daily_double_line(view: JSON) -> Text | None:
    """The Daily Double tickets in a line or two ("Daily Double (12 fifties in the bin):
    Ann 6-9, Kim 7-9"), where the table took a row a ticket."""
    tickets = view["daily_double"]
    if not tickets:
        return None
    said = ", ".join(f"{view['names'][s]} {a}-{b}" for s, a, b in tickets)
    return Text(f"Daily Double ({view['daily_double_bin']} fifties in the bin): {said}")


def rest_view(view: JSON, content: Content) -> Group:
    """What a betting turn leaves off its screen (m at the prompt): the last race's
    finished card, the track's news, the table, the bins, the MPH board and the windows."""
    last = view["race_card"]
    finished = track_card(view, content) if last is not None and last.get("finish") else None
    card = view["card"]
    news = Text(f"Handicap and Auction News: {card['conditions']}") if card else None
    parts = [
        finished,
        news,
        players_table(view),
        money_line(view),
        totalizator(view),
        windows_table(view),
    ]
    return Group(*(p for p in parts if p is not None))


def betting_card(view: JSON) -> Table | None:
    """The track card as a bettor reads it (``printed_card``'s rows without the auction's
    suggested bid, the class told by the X's, the best pick under it): the tickets on each horse (the MPH board's initials) and where each
    finished the race before, drawn without its outer edge to fit."""
    card = view["card"]
    if card is None:
        return None
    results = [r for r in view.get("results", []) if r.get("meet") == view.get("meet")]
    last = results[-1] if results else None
    placed = dict(zip(last["finish"], ("WIN", "PLACE", "SHOW"), strict=False)) if last else {}
    columns = ["#", "X's to finish", "horse", "owner", "tickets"]
    if last is not None:
        columns.append(f"race {last['race']}")
    table = Table(box=box.HEAVY_HEAD, show_edge=False)  # its title and caption: betting_view
    for column in columns:  # a row a horse: a long name is cut (…), not a second row
        most = {"horse": 19, "owner": 14}.get(column)
        table.add_column(column, no_wrap=True, overflow="ellipsis", max_width=most)
    marks = view["initials"]
    for h, horse in card["horses"].items():
        hock = " (in hock)" if h in view["in_hock"] else ""
        row = [
            h,
            squares(horse["preprinted"], horse["need"], horse["preprinted"]),
            horse["name"],
            owners_of(view, int(h)) + hock,
            " ".join(marks[s] for s, on in view["tickets"] if on == int(h)),
        ]
        table.add_row(*row, *([placed.get(int(h), "")] if last is not None else []))
    return table


def fifties_line(view: JSON) -> str:
    """Everyone's fifties in a line ("Fifties: Mum 40, Dad 40, Kim 29 (you)"), the table's
    one figure a bettor weighs that the card does not show."""
    you = view.get("you")
    said = [
        f"{name} {cash}{' (you)' if seat == you else ''}"
        for seat, (name, cash) in enumerate(zip(view["names"], view["cash"], strict=True))
    ]
    return "Fifties: " + ", ".join(said)


def show(console: Console, view: JSON, content: Content) -> None:
    console.print(full_view(view, content))


def standings_table(view: JSON) -> Table:
    """The end of the game in a table fitting an 80 x 24 screen: each player by place,
    the fifties, the horses held (the whole table, roles and tickets, is the whole
    result's)."""
    names, cash = view["names"], view["cash"]
    table = Table("place", "player", "fifties", "horses")
    for seat in sorted(range(len(names)), key=lambda s: -cash[s]):
        place = 1 + sum(1 for c in cash if c > cash[seat])  # level players share a place
        horses = [f"#{h}" for h, owners in view["owners"].items() if seat in owners]
        table.add_row(str(place), names[seat], str(cash[seat]), " ".join(horses))
    return table


def results_table(result: JSON, title: str) -> Table:
    """Every race's finish, rolls and who was paid (a game's ``result``): the whole
    game's history, as ``replay`` and the end's whole result show it."""
    names = result["names"]
    table = Table("meet", "race", "WIN", "PLACE", "SHOW", "rolls", "paid", title=title)
    for r in result["races"]:
        paid = ", ".join(f"{names[int(s)]} {a}" for s, a in r["paid"].items())
        refund = " (refunded)" if r["refunded"] else ""
        table.add_row(
            str(r["meet"]),
            str(r["race"]),
            *(f"#{h}" for h in r["finish"]),
            str(r["rolls"]),
            paid + refund,
        )
    return table


def whole_result(view: JSON, result: JSON, content: Content) -> Group:
    """All of a game's end that its fitted screen leaves off (m at its question): the
    last race's finished card, every race's result and the whole table."""
    parts = [
        track_card(view, content),
        results_table(result, "Every race"),
        players_table(view),
    ]
    return Group(*(p for p in parts if p is not None))
