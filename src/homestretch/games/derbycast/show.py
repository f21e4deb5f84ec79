"""The score keeper's view as rich tables: the card, each race's report, the board."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from homestretch.core.protocol import JSON
from homestretch.games.derbycast.winning import OFFICIAL_FINISH


def _place(finish: int | None) -> str:
    if finish is None:
        return "-"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(finish if finish < 20 else finish % 10, "th")
    return f"{finish}{suffix}"


def card_table(view: JSON) -> Table:
    card = view["card"]
    table = Table(
        "#", "horse", "board odds", "picked by", title=f"Race {view['race']}: {card['race']}"
    )
    pickers: dict[str, list[str]] = {}
    for pick in view["picks"]:
        if "horse" in pick:
            pickers.setdefault(pick["horse"], []).append(f"{pick['marker']} ({pick['bet']})")
    for number, (horse, odds) in enumerate(zip(card["horses"], card["odds"], strict=True), 1):
        shown = f"[strike]{horse}[/strike] scratched" if horse in card["scratched"] else horse
        table.add_row(str(number), shown, odds or "?", ", ".join(pickers.get(horse, [])))
    if view["picks"]:
        table.caption = f"{len(card['unselected'])} horse(s) unselected"
    return table


def race_report(report: JSON) -> list[Table]:
    placed = sorted(
        (r for r in report["runners"] if r["finish"] is not None), key=lambda r: r["finish"]
    )
    title = f"Race {report['race']}: {report['name']} - official result"
    if report["tie_break"]:
        title += " (tie-break race)"
    result = Table("finish", "horse", "final odds", title=title)
    for runner in placed[:4]:
        result.add_row(_place(runner["finish"]), runner["horse"], runner["odds"] or "")
    scratched = [r["horse"] for r in report["runners"] if r["scratched"]]
    if scratched:
        result.caption = "scratched: " + ", ".join(scratched)
    picks = Table("marker", "player", "pick", "finish", "final odds", "points", title="Points")
    for pick in report["picks"]:
        if pick.get("sat_out"):
            picks.add_row(str(pick["marker"]), pick["name"], "sat out", "", "", "0")
            continue
        picks.add_row(
            str(pick["marker"]),
            pick["name"],
            f"{pick['bet']} on {pick['horse']}",
            _place(pick["finish"]),
            pick["odds"],
            f"+{pick['points']}",
        )
    return [result, picks]


def board_table(board: list[JSON]) -> Table:
    table = Table("marker", "player", "points", "Odds Advancement Table", title="The board")
    for row in board:
        ahead = min(row["points"], OFFICIAL_FINISH)
        track = "#" * ahead + "." * (OFFICIAL_FINISH - ahead)
        if row["official_finish"]:
            track += " OFFICIAL FINISH"
        who = row["name"] + (" (computer)" if row["bot"] else "")
        if row["team"]:
            who += " [team]"
        table.add_row(str(row["marker"]), who, str(row["points"]), track)
    return table


def print_race(console: Console, report: JSON, board: list[JSON]) -> None:
    for table in race_report(report):
        console.print(table)
    console.print(board_table(board))


def winners_line(result: JSON) -> str:
    names = " and ".join(f"{w['name']} (marker {w['marker']})" for w in result["winners"])
    if len(result["winners"]) > 1:
        return f"Co-winners: {names} - {result['how']}, after {result['races']} race(s)."
    return f"Official Winner: {names} - {result['how']}, after {result['races']} race(s)."
