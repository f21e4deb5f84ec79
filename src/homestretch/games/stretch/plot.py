"""Pictures: the running lines of a Fullplay race (lengths behind the leader at each call)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no screen is needed
import matplotlib.pyplot as plt  # noqa: E402

from homestretch.core.errors import HomestretchError  # noqa: E402
from homestretch.games.stretch.engine import RaceState  # noqa: E402


def running_lines(state: RaceState, path: Path) -> None:
    """Draw each horse's lengths behind the leader at every call, finish included."""
    if state.mode != "full" or state.finish is None:
        raise HomestretchError("running lines need a finished Fullplay race (--mode full)")
    calls = [
        "Break",
        *(["Backstretch"] if state.race.furlongs >= 8 else []),
        "Top of stretch",
        "Finish",
    ]
    figure, axes = plt.subplots(figsize=(9, 5))
    for index, line in enumerate(state.lines):
        behind: list[float] = []
        for at in range(len(line.race_points)):
            leader = max(ln.race_points[at] for ln in state.lines if len(ln.race_points) > at)
            behind.append((leader - line.race_points[at]) / 2)  # a point is half a length
        if not line.out:
            behind.append(state.finish.beaten[index])
        xs = list(range(len(behind)))
        label = f"{line.post} {line.name}" + (" (out)" if line.out else "")
        axes.plot(xs, behind, marker="o", label=label)
    axes.set_xticks(range(len(calls)), calls)
    axes.invert_yaxis()
    axes.set_ylabel("lengths behind the leader")
    axes.set_title(f"{state.race.name} - {state.race.distance} - running lines")
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="best")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as exc:
        raise HomestretchError(f"{path}: cannot write the picture ({exc.strerror})") from None
    finally:
        plt.close(figure)
