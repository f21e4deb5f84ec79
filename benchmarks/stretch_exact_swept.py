"""A disqualified target's window case with its third key swept, not expanded (issue 17).

A prototype (NumPy) that decides, by counting, whether an exact formulation with no window
expansion can take the disqualified targets' 0.97 s below what 1 s in all needs (about
0.45 s). Prints, for the 12-horse field:
- the keys, the (y, d) lanes and the (y, y1, d) triples of the window case (X disqualified
  at d rolled 2; the clean horses at y1 > y below d; no 1 above y1, no 2 above d), all of
  them and those left once the lanes that could add below 1e-14 together are dropped;
- the window case's sum done by sweeping y1 up from each y with a product over the horses
  carried along all the lanes d at once (the formulation counted), against the same sum
  with every triple's product taken afresh (largest difference), and against a brute-force
  enumeration of the official order (``finish.official_order``) on small random fields;
- the operations a triple of the swept form costs, and the compiled time they estimate at
  the multiply-add rate the present loops run at.
Run with `.venv/bin/python benchmarks/stretch_exact_swept.py` (a minute or two).
"""

from __future__ import annotations

import argparse
import itertools
import time

import numpy as np

from homestretch.games.stretch.analysis import exact_finish
from homestretch.games.stretch.analysis.exact import _outcomes
from homestretch.games.stretch.content.chart_set import load_chart_set
from homestretch.games.stretch.rules.finish import official_order
from stretch_fields import field_of

Floats = np.ndarray
LEFT_OUT = 1e-14  # what the dropped lanes may add together (as exact_compiled.LEFT_OUT)


def window_case_direct(t: exact_finish.Tables, y: int, d: int) -> Floats:
    """T_X(y, d) for every horse X: X disqualified at d with a 2, clean j at y and j' at
    y1 in (y, d), distinct, every other horse Z neither clean at y or above, nor a 1 above
    y1, nor a 2 above d. Each triple's product taken afresh (the definition)."""
    horses = t.c.shape[0]
    idx = np.arange(horses)
    # leave[x, j, j1, z]: z is none of x, j, j1, which all differ
    x, j, j1, z = np.meshgrid(idx, idx, idx, idx, indexing="ij")
    distinct = (x != j) & (x != j1) & (j != j1)
    leave = distinct & (z != x) & (z != j) & (z != j1)
    result = np.zeros(horses)
    for y1 in range(y + 1, d):
        g = 1 - t.c_ge[:, y] - t.p_gt[:, y1] - t.p_gt[:, d]
        products = np.where(leave, g[z], 1.0).prod(axis=3) * distinct[..., 0]
        markers = t.c[:, y][None, :, None] * t.c[:, y1][None, None, :]
        result += t.dq[:, d] / 6 * (products * markers).sum(axis=(1, 2))
    return result


def window_case_swept(t: exact_finish.Tables, y: int, only: bool = False) -> tuple[Floats, int]:
    """T_X(y, d) for every d > y at once, [X, d]: y1 swept up from y, each lane d carrying
    the product over all horses and its reciprocals, changed only where a horse has a
    disqualification at the key passed. Also the triples (y1, d) with weight in them.
    ``only``: no clean horse below y either (taken off, it leaves three or more clean)."""
    horses, keys = t.c.shape
    lanes = np.arange(y + 1, keys)
    sums = np.zeros((horses, lanes.size))
    clean_out = t.c_tot[:, None] if only else t.c_ge[:, y, None]
    g = 1 - clean_out - t.p_gt[:, y, None] - t.p_gt[:, lanes]  # y1 = y: no 1 above y
    product = np.prod(g, axis=0)
    a = t.c[:, y, None] / g  # c_j(y) r_j
    triples = 0
    for y1 in range(y + 1, keys - 1):
        changed = np.flatnonzero(t.dq[:, y1])  # a 1 at y1 stops counting against y1
        if changed.size:
            before = g[changed].copy()
            g[changed] += t.dq[changed, y1, None] / 6
            product *= np.prod(g[changed] / before, axis=0)
            a[changed] = t.c[changed, y, None] / g[changed]
        if not t.c[:, y1].any():
            continue
        live = lanes > y1  # d above y1
        r = 1 / g[:, live]
        b = t.c[:, y1, None] * r
        a_live = a[:, live]
        total_a, total_b = a_live.sum(axis=0), b.sum(axis=0)
        both = (a_live * b).sum(axis=0)
        sums[:, live] += (
            product[live] * r * ((total_a - a_live) * (total_b - b) - (both - a_live * b))
        )
        triples += int((t.dq[:, lanes[live]].any(axis=0)).sum())
    return sums * t.dq[:, lanes] / 6, triples


def brute_force_window_case(clean: Floats, dq: Floats, out: Floats) -> Floats:
    """For each X, the chance that X is disqualified with a 2, the two highest clean horses
    are apart below X's key with a third clean horse below them (not level with the
    second), and X shows in ``finish.official_order``: every horse's outcome and die
    enumerated."""
    horses, keys = clean.shape
    result = np.zeros(horses)
    choices = [("out", 0)] + [("c", k) for k in range(keys)] + [("d", k) for k in range(keys)]
    for pick in itertools.product(choices, repeat=horses):
        chance = 1.0
        for i, (kind, k) in enumerate(pick):
            chance *= out[i] if kind == "out" else (clean if kind == "c" else dq)[i, k]
        if not chance:
            continue
        clean_keys = sorted((k for kind, k in pick if kind == "c"), reverse=True)
        if len(clean_keys) < 3 or clean_keys[0] == clean_keys[1] or clean_keys[1] == clean_keys[2]:
            continue
        wire = [
            [i for i, (kind, k) in enumerate(pick) if kind != "out" and k == key]
            for key in range(keys - 1, -1, -1)
        ]
        wire = [group for group in wire if group]
        dq_horses = [i for i, (kind, _) in enumerate(pick) if kind == "d"]
        for dice in itertools.product(range(1, 7), repeat=len(dq_horses)):
            rolls = dict(zip(dq_horses, dice, strict=True))
            official = official_order(wire, rolls)
            ahead = 0
            for group in official:
                for x in group:
                    if rolls.get(x) == 2 and clean_keys[0] < pick[x][1] and ahead <= 2:
                        result[x] += chance / 6 ** len(dq_horses)
                ahead += len(group)
    return result


def check_small(seed: int) -> float:
    """Swept sum against the brute force on a random field of 5 horses and 4 keys."""
    rng = np.random.default_rng(seed)
    horses, keys = 5, 4
    raw = rng.random((3, horses, keys)) * (rng.random((3, horses, keys)) < 0.7)
    out = rng.random(horses) + 0.2
    total = raw[0].sum(axis=1) + raw[1].sum(axis=1) + out
    clean, dq, out = raw[0] / total[:, None], raw[1] / total[:, None], out / total
    t = exact_finish.Tables.of(clean, dq, out)
    swept = sum(
        window_case_swept(t, y)[0].sum(axis=1) - window_case_swept(t, y, only=True)[0].sum(axis=1)
        for y in range(keys)
    )
    return float(np.abs(swept - brute_force_window_case(clean, dq, out)).max())


def main() -> None:
    for seed in range(3):
        print(f"small field {seed}: swept - brute force (official order) {check_small(seed):.1e}")

    charts = load_chart_set()
    outcomes = sorted(_outcomes(field_of(12), charts), key=lambda o: -o[0])
    chance, clean, dq, out = outcomes[0]  # the likeliest shared outcome
    clean, dq = exact_finish._fresh_merged_keys(clean, dq)
    t = exact_finish.Tables.of(clean, dq, out)
    keys = t.c.shape[1]
    clean_keys, dq_keys = np.flatnonzero(t.c.any(axis=0)), np.flatnonzero(t.dq.any(axis=0))
    print(
        f"likeliest outcome (chance {chance:.3f}): {keys} keys, {clean_keys.size} clean, "
        f"{dq_keys.size} disqualified"
    )
    print(
        f"horses clean at a key {(t.c > 0).sum(axis=0)[clean_keys].mean():.1f}, "
        f"disqualified {(t.dq > 0).sum(axis=0)[dq_keys].mean():.1f}"
    )

    # lanes (y, d) and triples, with a bound on what each lane's window case can add
    c_tot_at, dq_tot_at = t.c.sum(axis=0), t.dq.sum(axis=0)
    c_between = np.cumsum(c_tot_at)  # clean mass at or below each key
    ys, ds = np.meshgrid(clean_keys, dq_keys, indexing="ij")
    is_lane = ys < ds
    lane_y, lane_d = ys[is_lane], ds[is_lane]
    between = c_between[lane_d - 1] - c_between[lane_y]
    bound = c_tot_at[lane_y] * dq_tot_at[lane_d] / 6 * between
    clean_count = np.cumsum(t.c.any(axis=0))
    triples = clean_count[lane_d - 1] - clean_count[lane_y]
    order = np.argsort(bound)
    dropped = np.cumsum(bound[order]) < LEFT_OUT
    kept = np.ones(bound.size, dtype=bool)
    kept[order[dropped]] = False
    kept &= triples > 0
    print(
        f"lanes (y, d): {is_lane.sum():,}, {kept.sum():,} kept ({LEFT_OUT:.0e} left out); "
        f"triples (y, y1, d): {triples.sum():,}, {triples[kept].sum():,} kept, "
        f"{triples[kept].mean():.0f} a kept lane"
    )

    # the swept sum against the direct one on a few lanes, and its NumPy time
    start = time.process_time()
    swept_by_y = {int(y): window_case_swept(t, int(y)) for y in clean_keys}
    numpy_seconds = time.process_time() - start
    worst = 0.0
    rng = np.random.default_rng(0)
    for at in rng.choice(np.flatnonzero(kept), size=6, replace=False):
        y, d = int(lane_y[at]), int(lane_d[at])
        direct = window_case_direct(t, y, d)
        swept = swept_by_y[y][0][:, d - y - 1]
        worst = max(worst, float(np.abs(direct - swept).max()))
    print(
        f"swept = direct on 6 kept lanes to {worst:.1e}; the sweep in NumPy "
        f"{numpy_seconds:.1f} s for one outcome"
    )
    total = sum(s.sum(axis=1) for s, _ in swept_by_y.values())
    print(f"window case (three or more clean not separated) by horse: {np.round(total, 6)}")

    # operations a triple, compiled (lanes d contiguous): the horses disqualified at y1
    # change g, r, a and the product; those clean at y1 make B and the shared term; the
    # targets (disqualified at d) take their share
    dq_at, c_at = (t.dq > 0).sum(axis=0), (t.c > 0).sum(axis=0)
    per_triple = (
        6 * dq_at[clean_keys].mean() + 3 * c_at[clean_keys].mean() + 7 * dq_at[dq_keys].mean()
    )
    ops = per_triple * triples[kept].sum()
    print(
        f"{per_triple:.0f} operations a triple (2.7 of them divisions): "
        f"{ops / 1e6:.0f} million an outcome; 18 outcomes at 3.5 a cycle, 2.6 GHz (this machine): "
        f"{18 * ops / 3.5 / 2.6e9:.2f} s for the window case alone (its terms now: 0.65 s "
        f"of the disqualified targets' 0.97)"
    )


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # --help; no options
    main()
