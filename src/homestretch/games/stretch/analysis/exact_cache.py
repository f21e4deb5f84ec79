"""Exact Quickplay chances kept on disk, so asking again about a race is instant.

An entry is named by a SHA-256 of everything the sums are computed from: the field's
arrays and the chart set's tables (``FieldArrays``, ``ChartArrays``: a changed chart,
horse, jockey or APR changes them) and the source of the modules that compute
(``SOURCES``). A changed chart or a changed algorithm is never served an old answer; an
unreadable entry is computed again. The folder is ``core.kept.cache_folder()``:
``$HOMESTRETCH_CACHE``, else ``exact-odds`` in the user's cache folder.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from homestretch.core.kept import cache_folder
from homestretch.games.stretch.analysis.exact import ExactChances
from homestretch.games.stretch.analysis.kernel import FieldArrays
from homestretch.games.stretch.content.chart_set import ChartSet

if TYPE_CHECKING:  # the models' Race or its plain record (race_plain): pydantic is not
    from homestretch.games.stretch.content.race_plain import AnyRace  # imported before the brackets

FORMAT = 1
"""Bumped when an entry's layout changes."""
SOURCES = (
    "exact.py",
    "exact_finish.py",
    "exact_compiled.py",
    "exact_compiled_three.py",
    "exact_noalias.py",
    "kernel.py",
)
"""The modules that compute the chances (kernel.py: the wire keys' layout, PHOTO_SPAN;
exact_noalias.py: how the loops are compiled)."""


def content_key(race: AnyRace, charts: ChartSet) -> str:
    sha = hashlib.sha256(f"exact-odds {FORMAT}\n".encode())
    here = Path(__file__).parent
    for name in SOURCES:  # read, not imported: Numba is slow to load
        sha.update((here / name).read_bytes())
    for arrays in (FieldArrays.from_race(race, charts), charts.arrays):
        for item in fields(arrays):
            value = np.asarray(getattr(arrays, item.name))
            sha.update(f"{item.name} {value.dtype.str} {value.shape}\n".encode())
            sha.update(np.ascontiguousarray(value).tobytes())
    return sha.hexdigest()


def cached(race: AnyRace, charts: ChartSet) -> ExactChances | None:
    """The chances computed before for this very race and chart set, if kept."""
    path = cache_folder() / f"{content_key(race, charts)}.json"
    try:
        text = path.read_text()
        import json  # for a kept answer: none is kept the first time a race is asked

        entry = json.loads(text)
        win, place, show, bound = (
            np.array(entry[name], dtype=np.float64)
            for name in ("win", "place", "show", "show_bound")
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not win.shape == place.shape == show.shape == bound.shape == (len(race.runners),):
        return None
    from homestretch.games.stretch.analysis.exact_finish import PlaceShow  # not before the brackets

    return ExactChances(win, PlaceShow(place, show, bound))


def keep(race: AnyRace, charts: ChartSet, chances: ExactChances) -> None:
    """Keep exact place and show chances (a cache that cannot be written is skipped)."""
    if chances.places is None:
        return  # win alone takes milliseconds
    entry = {
        "race": race.name,
        "win": chances.win.tolist(),
        "place": chances.places.place.tolist(),
        "show": chances.places.show.tolist(),
        "show_bound": chances.places.show_bound.tolist(),
    }
    import json
    import tempfile  # for a new answer only

    folder = cache_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=folder, suffix=".tmp", delete=False) as out:
            json.dump(entry, out)
    except OSError:
        return
    try:  # whole or not at all, even with two processes keeping the same race
        os.replace(out.name, folder / f"{content_key(race, charts)}.json")
    except OSError:
        Path(out.name).unlink(missing_ok=True)
