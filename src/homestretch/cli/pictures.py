"""Pictures any game can draw, and saving a picture with one clear error if it cannot be.

``standings_over_game`` replays a saved game's log and notes what each player holds
(money, points) whenever it changes; ``standings_chart`` draws it, one line a player.
"""

from __future__ import annotations

import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no screen is needed
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.backend_bases import FigureCanvasBase  # noqa: E402
from matplotlib.ticker import PercentFormatter  # noqa: E402

from homestretch.core.errors import HomestretchError  # noqa: E402
from homestretch.core.inputs import output_path  # noqa: E402
from homestretch.core.registry import GameEntry  # noqa: E402
from homestretch.store.db import SavedGame  # noqa: E402

Course = list[tuple[int, dict[str, float]]]
"""(events played, each player's holding) at the start and after every change."""


def standings_over_game(entry: GameEntry, saved: SavedGame) -> Course:
    if entry.standings is None:
        raise HomestretchError(f"{entry.name} has no picture of a game's course")
    state = entry.make(saved.config).new_initial_state()
    course = [(0, entry.standings(state))]
    for played, event in enumerate(saved.events, start=1):
        state.apply_event(event)
        now = entry.standings(state)
        if now != course[-1][1]:
            course.append((played, now))
    return course


def standings_chart(title: str, unit: str, course: Course, path: Path) -> None:
    """Each player's holding over the game, as steps over the events of its log."""
    figure, axes = plt.subplots(figsize=(9, 5))
    last = course[-1][0]
    for player in course[0][1]:
        xs = [played for played, _ in course] + [last]
        ys = [holding[player] for _, holding in course] + [course[-1][1][player]]
        axes.step(xs, ys, where="post", label=player)
    axes.set_xlabel("moves and rolls played")
    axes.set_ylabel(unit)
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="best")
    save_figure(figure, path)


def whole_game_chart(
    title: str,
    seats: list[str],
    rates: list[float],
    spans: list[tuple[float, float]],
    lengths: dict[int, int],
    unit: str,
    path: Path,
    wanted: tuple[float, float] | None = None,
) -> None:
    """A designer's whole-game checks drawn (``simulate --plot``): each seat's share of
    the wins with its 95% interval beside the fair share, and how long the games ran
    (``lengths``: a length -> games that long), the length wanted shaded."""
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    below = [rate - low for rate, (low, _) in zip(rates, spans, strict=True)]
    above = [high - rate for rate, (_, high) in zip(rates, spans, strict=True)]
    left.bar(seats, rates, yerr=[below, above], capsize=4, color="tab:blue", alpha=0.8)
    left.axhline(1 / len(seats), color="black", linestyle="--", linewidth=1, label="fair share")
    left.yaxis.set_major_formatter(PercentFormatter(1.0))
    left.set_ylabel("share of games won (95% interval)")
    left.set_title("wins by seat")
    left.legend(fontsize="small")
    left.grid(axis="y", alpha=0.3)
    xs = sorted(lengths)
    if wanted is not None:
        right.axvspan(*wanted, color="tab:green", alpha=0.15, label="the rulebook's game")
    if xs:
        right.hist(xs, bins=whole_bins(xs[0], xs[-1]), weights=[lengths[x] for x in xs])
    right.set_xlabel(unit)
    right.set_ylabel("games")
    right.set_title("length of a game")
    if wanted is not None:
        right.legend(fontsize="small")
    right.grid(axis="y", alpha=0.3)
    figure.suptitle(title)
    save_figure(figure, path)


def whole_bins(least: int, most: int, bins: int = 30) -> list[float]:
    """Histogram edges for whole numbers ``least``-``most``: at most ``bins`` bins, each
    as many whole numbers wide (none drawn taller for holding more values), every value
    inside one."""
    step = max(1, -(-(most + 1 - least) // bins))
    return [edge - 0.5 for edge in range(least, most + step + 1, step)]


def picture_path(path: Path) -> Path:
    """``path`` when a picture can be written there: checked before any work is done, so
    a long run is not thrown away on a misspelled file name."""
    if path.is_dir() or not path.suffix:
        raise HomestretchError(f"{path}: a picture needs a file name ending .png, .svg or .pdf")
    output_path(path, "picture")
    if path.suffix[1:].lower() not in FigureCanvasBase.get_supported_filetypes():
        raise HomestretchError(
            f"{path}: cannot draw a .{path.suffix[1:]} picture (use .png, .svg or .pdf)"
        )
    if not path.parent.is_dir():
        raise HomestretchError(f"{path}: no folder {path.parent} to write the picture in")
    # a folder (or a file there) this user may not write: said now, not after the run
    if not os.access(path.parent, os.W_OK | os.X_OK) or (
        path.exists() and not os.access(path, os.W_OK)
    ):
        raise HomestretchError(f"{path}: cannot write the picture (Permission denied)")
    return path


def save_figure(figure: plt.Figure, path: Path) -> None:
    try:  # before the layout, whose warnings (a glyph the font lacks) are no answer
        picture_path(path)
    except HomestretchError:
        plt.close(figure)
        raise
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as exc:
        raise HomestretchError(f"{path}: cannot write the picture ({exc.strerror})") from None
    except ValueError as exc:  # matplotlib: a file ending it cannot draw, such as .xyz
        raise HomestretchError(f"{path}: {exc}") from None
    finally:
        plt.close(figure)
