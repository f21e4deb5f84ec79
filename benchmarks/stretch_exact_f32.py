"""Single precision (float32) for the exact show sums' heavy lanes and bounds: how much
they weigh, and what a float32 kernel gains and costs (issue 17, xf32).

The idea (docs/stretch-exact-design.md, 2026-12-07 xf32): the heavy lanes (two or more
disqualified horses in a window summed exactly, h^3 work: ``_two_q_sets``, ``_keep``,
``_sum_by_y``, ``exact_compiled_three._contract``) and the bounds (``_two_or_more``,
``_two_or_more_fixed``) weigh little in the answer; a term computed in float32 errs by
some 1e-7 of its size, so if they weigh below 1e-6 their error is below 1e-13, and an
AVX-512 vector holds 16 float32 against 8 float64.

``totals`` (step 1): each part's total, per outcome and per target, from copies of
exact_compiled.py (and exact_compiled_three.py) with that part's additions to show or
bound multiplied by 0: the part is the difference from today's. Printed per shared
outcome (the largest over the targets of the outcome's own chance of it) and in the answer
(each outcome weighted by its chance, as ``quickplay_chances`` weighs them), against the
1e-12 the tests hold. Parts: the clean targets' heavy lanes (``_clean_heavy_done``), the
disqualified targets' with 2s above d (``_weigh_heavy``) and with 1s in the window
(``_sum_by_y``: net, and gross, the ``Windows.two`` at y part before ``_keep``'s part at or
above d is taken off), three in a window (``_finish``), and the bounds of two or more
(``_two_or_more_fixed``, ``_two_or_more``).

``kernel`` (step 2): ``_two_q_sets`` (the hottest of them, 7 % of a profile's samples;
a fifth of the sums' time in place, ``whole --skip``) in float32, products and sums
(``f32``), float32 products summed in float64, and the float32 one with the conversions
a call needs, against today's on real window rows and n lanes of values in the real
ranges: the least CPU of several runs, paired in this process, and the largest relative
error of one call's held and weighed.

``whole`` (step 2): the windows and key-pair sums of every outcome with a copy whose
``_two_q_sets`` is the float32 one (every call converts r and a to float32 and adds the
float32 sums into float64), paired against today's (the least of ``--tries`` per
outcome, as stretch_exact_pairs.py), and the change of place, show and bound by horse,
each outcome weighted by its chance. ``--skip``: the copy's ``_two_q_sets`` does
nothing (its answer is wrong), so the ratio is the most any faster one could reach;
``--pad``: the float32 lanes padded with zeros to a multiple of 64 (the float32 loops
take four vectors of 16 a step) and each row starting a cache line.

``counts``: how many calls ``_two_q_sets`` gets an outcome and how many lanes each (a
copy recording them through the interpreter).

Results and the decision (not built): docs/stretch-exact-design.md, journal, 2026-12-07
(xf32). Run with `.venv/bin/python benchmarks/stretch_exact_f32.py
totals|kernel|whole|counts [--skip | --pad] [--horses 12] [--tries 3]`. Copies are
compiled into /tmp/xf32_variants (kept, so a second run loads them from Numba's cache).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from homestretch.games.stretch.analysis import exact_compiled, exact_compiled_three, exact_finish
from homestretch.games.stretch.analysis.exact import _keep_freed_memory
from paired import imported_as
from stretch_exact_pairs import inputs_of

ROOT = Path(__file__).parents[1]
SOURCE = ROOT / "src/homestretch/games/stretch/analysis/exact_compiled.py"
THREE = ROOT / "src/homestretch/games/stretch/analysis/exact_compiled_three.py"
FOLDER = Path("/tmp/xf32_variants")
SAME = 1e-12
U32 = 2.0**-24  # float32's unit roundoff

# (old, new, how many times): the parts' additions to show or bound multiplied by 0
CLEAN_HEAVY = ("            show[h, heavy_at[s]] += share\n",
               "            show[h, heavy_at[s]] += 0.0 * share\n", 1)  # fmt: skip
BY_Y = ("                    show[h, x] += two / 6\n",
        "                    show[h, x] += 0.0 * two / 6\n", 1)  # fmt: skip
AT_D = [
    ("show[h, at[s]] += (two - alone_share[h, s] * alone_q[h, s]) / 6",
     "show[h, at[s]] += 0.0 * (two - alone_share[h, s] * alone_q[h, s]) / 6", 1),
    ("show[h, at[s]] += (two - alone_bound[h, s]) / 6",
     "show[h, at[s]] += 0.0 * (two - alone_bound[h, s]) / 6", 1),
]  # fmt: skip
TAKEN_OFF = [
    ("values[3, h, kept_count + i] = -held[h, i]", "values[3, h, kept_count + i] = 0.0", 1),
    ("values[4, h, kept_count + i] = -weighed[h, i]", "values[4, h, kept_count + i] = 0.0", 1),
]
BOUND_MORE = ("bound[h, start + i] += scale * tight[h, i]",
              "bound[h, start + i] += 0.0 * scale * tight[h, i]", 1)  # fmt: skip
BOUND_FIXED = ("bound[h, _lane(start) + i] += factor[h, i] * light[i]",
               "bound[h, _lane(start) + i] += 0.0 * factor[h, i] * light[i]", 1)  # fmt: skip
THREE_SHOW = ("show[h, at] += three[i]", "show[h, at] += 0.0 * three[i]", 1)

# float32 _two_q_sets: the old one renamed, the new one converting its inputs
TWO_Q_SETS_32 = '''

@kernel
def _two_q_sets(
    sets: Floats, r: Floats, a: Floats, n: int, held: Floats, weighed: Floats, lanes: Floats
) -> None:  # fmt: skip
    """``_two_q_sets_64`` in float32 (products and sums), added into the float64 held and
    weighed (xf32's benchmark copy)."""
    horses = r.shape[0]
    r32, a32 = np.empty((horses, n), np.float32), np.empty((horses, n), np.float32)
    h32, w32 = np.zeros((horses, n), np.float32), np.zeros((horses, n), np.float32)
    lanes32 = np.empty((4, n), np.float32)
    for h in range(horses):
        for i in range(_lane(n)):
            r32[h, i] = r[h, i]
            a32[h, i] = a[h, i]
    _two_q_sets_32(sets.astype(np.float32), r32, a32, n, h32, w32, lanes32)
    for h in range(horses):
        for i in range(_lane(n)):
            held[h, i] += h32[h, i]
            weighed[h, i] += w32[h, i]


@kernel
def _two_q_sets_mixed(
    sets: Floats, r: Floats, a: Floats, n: int, held: Floats, weighed: Floats, lanes: Floats,
    sums: Floats,
) -> None:  # fmt: skip
    """``_two_q_sets_32``'s products in float32 (sets, r, a, lanes float32), its sums in
    float64 (held, weighed, sums)."""
    horses = r.shape[0]
    rab, aab, t_sum, ta_sum = lanes[0], lanes[1], sums[0], sums[1]
    at = 0
    for h_a in range(horses - 2):
        for h_b in range(h_a + 1, horses - 1):
            for i in range(_lane(n)):
                rab[i] = r[h_a, i] * r[h_b, i]
                aab[i] = a[h_a, i] + a[h_b, i]
                t_sum[i], ta_sum[i] = 0.0, 0.0
            for h_c in range(h_b + 1, horses):
                k = sets[at]
                at += 1
                if k == 0.0:
                    continue
                for i in range(_lane(n)):
                    t32 = k * rab[i] * r[h_c, i]
                    ta = np.float64(t32 * (aab[i] + a[h_c, i]))
                    t = np.float64(t32)
                    held[h_c, i] += t
                    weighed[h_c, i] += ta
                    t_sum[i] += t
                    ta_sum[i] += ta
            for i in range(_lane(n)):
                held[h_a, i] += t_sum[i]
                held[h_b, i] += t_sum[i]
                weighed[h_a, i] += ta_sum[i]
                weighed[h_b, i] += ta_sum[i]
'''


def two_q_sets_32(source: str) -> str:
    """exact_compiled's source with ``_two_q_sets`` in float32 (``_two_q_sets_32``, the same
    loops on float32 arrays) behind the old name."""
    start = source.index("@kernel\ndef _two_q_sets(")
    end = source.index("@kernel\ndef _two_q_done(")
    body = source[start:end]
    f32 = body.replace("def _two_q_sets(", "def _two_q_sets_32(")
    f32 = f32.replace("t_sum[i], ta_sum[i] = 0.0, 0.0", "t_sum[i], ta_sum[i] = 0, 0")
    renamed = body.replace("def _two_q_sets(", "def _two_q_sets_64(")
    return source[:start] + renamed + f32 + TWO_Q_SETS_32.lstrip("\n") + "\n\n" + source[end:]


def two_q_sets_skipped(source: str) -> str:
    """exact_compiled's source with ``_two_q_sets`` returning at once (what it costs in
    place: the float32 one can save at most half of it)."""
    start = source.index("@kernel\ndef _two_q_sets(")
    end = source.index("@kernel\ndef _two_q_done(")
    body = source[start:end]
    old = "    horses = r.shape[0]\n    rab, aab"
    skipped = body.replace(old, "    if n >= 0:\n        return\n" + old, 1)
    assert skipped != body
    return source[:start] + skipped + source[end:]


COUNTED = """
from numba import objmode

CALLS = []


def _record(n):
    CALLS.append(n)
"""


def two_q_sets_counted(source: str) -> str:
    """exact_compiled's source with each call of ``_two_q_sets`` recording its lanes n in
    ``CALLS`` (through the interpreter: for counting, not timing)."""
    start = source.index("@kernel\ndef _two_q_sets(")
    end = source.index("@kernel\ndef _two_q_done(")
    body = source[start:end]
    old = "    horses = r.shape[0]\n    rab, aab"
    counted = body.replace(old, "    with objmode():\n        _record(n)\n" + old, 1)
    assert counted != body
    return source[:start] + counted + source[end:] + COUNTED


def counts(options: argparse.Namespace) -> None:
    """How many calls ``_two_q_sets`` gets an outcome, and how many lanes each."""
    found = inputs_of(options.horses)
    copy = variant("xf32_two_q_sets_counted", SOURCE, [], two_q_sets_counted)
    for _, t, clean, dq, loosen in found:
        by_part(copy, copy.three_in_window, t, clean, dq, loosen)
    n = np.array(copy.CALLS)
    edges = [0, 8, 16, 32, 64, 96, 128, 256, 10**9]
    print(f"{options.horses} horses, {len(found)} outcomes: {n.size} calls of _two_q_sets, "
          f"{n.size / len(found):.0f} an outcome, {n.sum()} lanes ({n.mean():.1f} a call)")  # fmt: skip
    for low, high in zip(edges, edges[1:], strict=False):
        inside = (n > low) & (n <= high)
        print(f"  lanes {low + 1:>4}-{high if high < 10**9 else '':<4}: {inside.sum():6d} calls,"
              f" {n[inside].sum() / n.sum():.2f} of the lanes")  # fmt: skip


PADDED_WRAPPER = """    horses = r.shape[0]
    m = (n + 63) // 64 * 64  # whole vectors of 16, four at a time
    size = horses * m
    space = np.zeros(4 * size + 4 * m + 16, np.float32)
    skip = (-space.ctypes.data) % 64 // 4  # each row starting a cache line
    block = space[skip : skip + 4 * size + 4 * m]
    r32, a32 = block[:size].reshape((horses, m)), block[size : 2 * size].reshape((horses, m))
    h32 = block[2 * size : 3 * size].reshape((horses, m))
    w32 = block[3 * size : 4 * size].reshape((horses, m))
    lanes32 = block[4 * size :].reshape((4, m))
"""


def two_q_sets_32_padded(source: str) -> str:
    """``two_q_sets_32`` with the float32 lanes padded with zeros to a multiple of 64 (four
    vectors of 16, as today's float64 ones are padded to 32 where short) and each row
    starting a cache line."""
    text = two_q_sets_32(source)
    old = """    horses = r.shape[0]
    r32, a32 = np.empty((horses, n), np.float32), np.empty((horses, n), np.float32)
    h32, w32 = np.zeros((horses, n), np.float32), np.zeros((horses, n), np.float32)
    lanes32 = np.empty((4, n), np.float32)
"""
    assert text.count(old) == 1
    text = text.replace(old, PADDED_WRAPPER)
    call = "_two_q_sets_32(sets.astype(np.float32), r32, a32, n, h32, w32, lanes32)"
    assert text.count(call) == 1
    return text.replace(call, call.replace(", n,", ", m,"))


def variant(name: str, source: Path, changes: list[tuple[str, str, int]], edit: Any = None) -> Any:
    """``source`` with ``changes`` made (each found exactly as often as said), imported as
    ``name`` from FOLDER (``paired.imported_as``)."""
    text = source.read_text()
    for old, new, times in changes:
        found = text.count(old)
        if found != times:
            raise SystemExit(f"{source.name}: {old!r} found {found} times, not {times}")
        text = text.replace(old, new)
    if edit is not None:
        text = edit(text)
    FOLDER.mkdir(exist_ok=True)
    return imported_as(text, FOLDER, name)


def by_part(module: ModuleType, three: Any, t: Any, clean: Any, dq: Any, loosen: float) -> Any:
    """``key_pair_sums`` with each part's place, show and bound kept apart: [part, (place,
    show, bound), horse], parts clean targets, three in a window, disqualified targets."""
    w = module.windows(t)
    a = {name: np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in module.TABLES}
    b = {name: np.ascontiguousarray(getattr(w, name), dtype=np.float64) for name in module.WINDOWS}
    clean, dq = clean.astype(np.int64), dq.astype(np.int64)
    shape = (3, 3, t.c.shape[0], clean.size)
    sums = np.zeros(shape)
    logged = clean.size * (clean.size - 1) // 2
    log = (exact_finish.HEAVY_THREE * loosen, np.empty(logged, np.int64),
           np.empty(logged, np.int64), np.zeros(1, np.int64))  # fmt: skip
    place, show, bound = sums[0]
    first = module._left_out(a["c"], a["c_gt"], clean, bound)
    module.clean_targets(a["c"], a["c_gt"], a["p_gt"], b["one"], b["two"], b["spread"], clean,
                         exact_finish.HEAVY_PAIR * loosen, first, place, show, bound, log)  # fmt: skip
    three(a["c"], a["c_gt"], a["p_gt"], clean, log[1], log[2], int(log[3][0]), sums[1, 1],
          sums[1, 2])  # fmt: skip
    place, show, bound = sums[2]
    rows = module._left_out_rows(a["c_ge"], a["dq"], dq, bound)
    first_lanes = module._left_out_lanes(a["c"], a["c_ge"], a["dq"], clean, dq, rows, bound)
    module.disqualified_targets(
        a["c"], a["dq"], a["out"], a["c_ge"], a["c_gt"], a["c_lt"], a["c_tot"], a["p_gt"],
        a["d_le"], b["one"], b["two"], b["spread"], b["at"], clean, dq,
        exact_finish.HEAVY_DQ_PAIR * loosen, first_lanes, place, show, bound,
    )  # fmt: skip
    return sums.sum(axis=3)


def totals(options: argparse.Namespace) -> None:
    """Step 1: each part's total per outcome and target, and in the answer."""
    found = inputs_of(options.horses)
    chances = np.array([chance for chance, *_ in found])
    print(
        f"{options.horses} horses: {len(found)} shared outcomes (chances sum {chances.sum():.6f})"
    )
    started = time.time()
    zeroed = variant("xf32_zeroed", SOURCE, [CLEAN_HEAVY, BY_Y, BOUND_MORE, BOUND_FIXED])
    at_d = variant("xf32_at_d", SOURCE, AT_D)
    gross = variant("xf32_gross", SOURCE, TAKEN_OFF)
    three = variant("xf32_three", THREE, [THREE_SHOW])
    print(f"(copies compiled or loaded in {time.time() - started:.0f} s)")
    today = exact_compiled.three_in_window
    runs: dict[str, list[Any]] = {k: [] for k in ("today", "zeroed", "at_d", "gross", "three")}
    for _, t, clean, dq, loosen in found:
        runs["today"].append(by_part(exact_compiled, today, t, clean, dq, loosen))
        runs["zeroed"].append(by_part(zeroed, today, t, clean, dq, loosen))
        runs["at_d"].append(by_part(at_d, today, t, clean, dq, loosen))
        runs["gross"].append(by_part(gross, today, t, clean, dq, loosen))
        runs["three"].append(by_part(exact_compiled, three.three_in_window, t, clean, dq, loosen))
    got = {k: np.array(v) for k, v in runs.items()}  # [outcome, part, (place, show, bound), horse]
    base = got["today"]
    clean_part, three_part, dq_part = 0, 1, 2
    show, bound = 1, 2
    parts = {
        "clean heavy lanes (two summed), show": base[:, clean_part, show]
        - got["zeroed"][:, clean_part, show],
        "three in a window (three summed), show": base[:, three_part, show]
        - got["three"][:, three_part, show],
        "dq heavy lanes, 2s above d (_sum_at_d), show": base[:, dq_part, show]
        - got["at_d"][:, dq_part, show],
        "dq heavy lanes, 1s in window (_sum_by_y), net show": base[:, dq_part, show]
        - got["zeroed"][:, dq_part, show],
        "... gross (Windows.two at y part), show": got["gross"][:, dq_part, show]
        - got["zeroed"][:, dq_part, show],
        "... taken off (part at or above d, _keep)": base[:, dq_part, show]
        - got["gross"][:, dq_part, show],
        "bound of two or more, clean (_two_or_more_fixed)": base[:, clean_part, bound]
        - got["zeroed"][:, clean_part, bound],
        "bound of two or more, dq (_two_or_more)": base[:, dq_part, bound]
        - got["zeroed"][:, dq_part, bound],
        "whole show (all parts)": base[:, :, show].sum(axis=1),
        "whole show bound (key pairs)": base[:, :, bound].sum(axis=1),
    }
    print(f"{'part':>52} {'per outcome':>12} {'answer':>9} {'all horses':>10} {'x 1e-7':>8}")
    for name, values in parts.items():
        outcome = np.abs(values).max()  # the largest of one outcome's, one target's
        answer = chances @ values  # by horse, each outcome weighted by its chance
        print(f"{name:>52} {outcome:12.2e} {np.abs(answer).max():9.2e} "
              f"{np.abs(answer).sum():10.2e} {np.abs(answer).max() * 1e-7:8.1e}")  # fmt: skip
    print(
        "per outcome: the largest over outcomes and targets of the part's total given the"
        " outcome; answer: the largest over targets, outcomes weighted by chance; x 1e-7:"
        f" the answer's times a float32 sum's relative error; tolerance {SAME:.0e}"
    )


def kernel_alone(options: argparse.Namespace) -> None:
    """Step 2: ``_two_q_sets`` in float32 against today's, alone, on real window rows."""
    found = inputs_of(options.horses)
    copy = variant("xf32_two_q_sets_32", SOURCE, [], two_q_sets_32)
    padded = variant("xf32_two_q_sets_32_padded", SOURCE, [], two_q_sets_32_padded)
    kernels = {
        "f64 (today)": exact_compiled._two_q_sets,
        "f32": copy._two_q_sets_32,
        "f32 products, f64 sums": copy._two_q_sets_mixed,
        "f32 with conversions": copy._two_q_sets,
        "f32 padded to 64, with conversions": padded._two_q_sets,
    }
    rng = np.random.default_rng(7)
    _, t, *_ = found[0]
    w = exact_compiled.windows(t)
    sets_rows = w.two[np.flatnonzero(w.two.any(axis=1))]
    horses = t.c.shape[0]
    print(f"{options.horses} horses, {sets_rows.shape[0]} window rows with a set not 0, "
          f"{(sets_rows != 0).mean():.2f} of their sets not 0")  # fmt: skip
    for n in (8, 16, 32, 94, 96, 256):
        rows = sets_rows[rng.integers(0, sets_rows.shape[0], 40)]
        r = 1 + rng.random((horses, n)) * 0.5
        a = rng.random((horses, n)) * 0.2 * r
        least = dict.fromkeys(kernels, np.inf)
        answers = {}
        for attempt in range(options.tries):
            for name, run in kernels.items() if attempt % 2 == 0 else reversed(kernels.items()):
                inner = np.float32 if name in ("f32", "f32 products, f64 sums") else np.float64
                out = np.float32 if name == "f32" else np.float64
                rr, aa = r.astype(inner), a.astype(inner)
                held, weighed = np.zeros((horses, n), out), np.zeros((horses, n), out)
                lanes, more = np.zeros((8, n), inner), (np.zeros((2, n)),)
                rows_in = [row.astype(inner) for row in rows]
                extra = more if name == "f32 products, f64 sums" else ()
                start = time.process_time()
                for _ in range(20):
                    for row in rows_in:
                        run(row, rr, aa, n, held, weighed, lanes, *extra)
                least[name] = min(least[name], time.process_time() - start)
                held[:], weighed[:] = 0, 0  # one call's sums (not 800 summed in float32)
                run(rows_in[0], rr, aa, n, held, weighed, lanes, *extra)
                answers[name] = (held.astype(np.float64), weighed.astype(np.float64))
        base = answers["f64 (today)"]
        line = [f"n {n:3d}:"]
        for name in kernels:
            error = max(
                float(np.max(np.abs(x - y) / np.maximum(np.abs(y), 1e-300)))
                for x, y in zip(answers[name], base, strict=True)
            )
            ratio = least[name] / least["f64 (today)"]
            line.append(f"{name} {least[name] * 1e3:6.1f} ms ({ratio:.2f}, rel. err {error:.1e})")
        print("  ".join(line))
    print(f"(the least CPU of {options.tries} runs of 20 x 40 calls; rel. err: the largest of"
          " held and weighed of one call against today's)")  # fmt: skip


def whole(options: argparse.Namespace) -> None:
    """Step 2: the whole answer with the float32 ``_two_q_sets``, paired against today's."""
    found = inputs_of(options.horses)
    if options.skip:
        copy = variant("xf32_two_q_sets_skipped", SOURCE, [], two_q_sets_skipped)
    elif options.pad:
        copy = variant("xf32_two_q_sets_32_padded", SOURCE, [], two_q_sets_32_padded)
    else:
        copy = variant("xf32_two_q_sets_32", SOURCE, [], two_q_sets_32)
    versions = [exact_compiled, copy]
    least = np.full((2, len(found)), np.inf)
    change = np.zeros((3, found[0][1].c.shape[0]))
    for index, (chance, t, clean, dq, loosen) in enumerate(found):
        answers = [by_part(m, m.three_in_window, t, clean, dq, loosen) for m in versions]
        change += chance * (answers[1] - answers[0]).sum(axis=0)
        for attempt in range(options.tries):
            for which in [0, 1] if attempt % 2 == 0 else [1, 0]:
                start = time.process_time()
                by_part(versions[which], versions[which].three_in_window, t, clean, dq, loosen)
                least[which, index] = min(least[which, index], time.process_time() - start)
    old, new = least.sum(axis=1)
    print(f"{options.horses} horses, windows and key-pair sums, one thread: today {old:.3f} s, "
          f"{'no' if options.skip else 'padded float32' if options.pad else 'float32'} _two_q_sets {new:.3f} s, ratio {new / old:.3f}")  # fmt: skip
    print(f"(the least of {options.tries} tries of each outcome, summed)")
    for name, values in zip(("place", "show", "bound"), change, strict=True):
        print(f"change of {name} in the answer, largest over horses: {np.abs(values).max():.2e}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("step", choices=("totals", "kernel", "whole", "counts"))
    parser.add_argument("--horses", type=int, default=12)
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--skip", action="store_true", help="whole: _two_q_sets doing nothing")
    parser.add_argument("--pad", action="store_true", help="whole: float32 lanes padded to 64")
    options = parser.parse_args()
    _keep_freed_memory()
    exact_compiled.warm_up()
    assert exact_compiled_three.three_in_window is exact_compiled.three_in_window
    steps = {"totals": totals, "kernel": kernel_alone, "whole": whole, "counts": counts}
    steps[options.step](options)


if __name__ == "__main__":
    main()
