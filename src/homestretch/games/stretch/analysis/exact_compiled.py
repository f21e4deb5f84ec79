"""The key-pair sums of ``exact_finish`` as compiled loops (Numba).

The same cases and the same algebra as ``exact_finish._clean_target`` and
``_disqualified_target`` (their docstrings say what each term means), arranged for a
compiler. Two differences: where a key pair's window terms (disqualified horses between
two clean ones, the costly part) are bounded below ``NEGLIGIBLE`` (a disqualified
target's lowest and highest lower keys of a key d: below ``LOWEST_BOUNDED`` together)
they are added to the show bound instead of summed; and the key pairs that could add
least, below ``LEFT_OUT`` (1e-14) together for each kind of target (a disqualified
target's lowest lanes of each key below ``DQ_LANES_LEFT_OUT``, 1e-13), are left out and
what they could add goes to the show bound. The loops let go of the interpreter lock, so the
threads of ``exact.quickplay_chances`` really work at once. Place agrees with the NumPy
path to some 1e-14 (the lanes left out), show to what the bound gains (some 1e-13 an outcome;
tests/games/stretch/analysis/test_stretch_exact_compiled.py).

How the loops are organised (design note):
- One outer loop over the higher key of the pairs (y for a clean target, descending;
  d for a disqualified one), and inside it the lower keys in blocks of ``BLOCK`` lanes.
  Every array of the inner work is a [horse, lane] block allocated once a call (tens of
  kilobytes: it stays in the first two caches), and every loop runs along the lanes
  (the lower keys), several at a time. Nothing is allocated inside the loops.
- What depends on the higher key only (its chances, its window matrix, the per-horse
  ``base`` of each case's allowed) is taken once per higher key; what depends on the
  lower key only is gathered once per call (``low_*``, ``low_sym``).
- Each case's "others" (an ``allowed`` chance per horse, ``exact_finish.Others``) is one
  pass giving 1 / allowed and one the product (``_others``); each sum over the horses a
  case needs is taken once (``_sum``, ``_dot``) and shared by its terms; then one pass
  per term adds each target's share (``_two``, ``_pair``) and one weighs it into place,
  show or bound (``_weigh``); where a case has only such terms, its sums are one pass
  (``_sums_two``, ``_sums_three``) and its terms and weighing another (``_weigh_one_two``,
  ``_weigh_two``, ``_distinct_and_pair``).
- A loop over lanes indexes with unsigned lanes (``_lane``): otherwise the compiler runs
  it one lane at a time (checked in the assembly). Most write one array; a loop writing
  two or three still runs several lanes at a time (``_others`` in one pass measured
  faster than in two).
- The window terms with one disqualified horse between two clean ones cost a product of
  a horse-by-horse matrix per lane. They use only the matrix plus its transpose, so each
  is one symmetric matrix, applied over its upper triangle (``_times_fixed``,
  ``_times_window``), then ``_one_in_window``.
- Two or more disqualified horses in a window (``exact_finish._two_in_window``): each
  case's lanes go through ``_two_or_more``, which bounds them, or, where the bound is
  not negligible, gathers them to be summed exactly with two (``_fresh_two_q_by_sets``,
  over sets of three horses: ``_two_q_sets``): for a clean target once the higher key's
  blocks are done (``_two_qs_summed``, one window for them all, ``windows``' sets at
  that key); for a disqualified one,
  those with two 2s above d likewise share one window, ``Windows.two`` at d, and are
  summed against it once d's blocks are done (``_sum_at_d``); those with two 1s in the
  window each have their own window (``exact_finish._p_window_two``): ``Windows.two`` at
  y less its part at or above d, so their sums (linear in the window) are begun by d
  against that part, made along the lanes of d (``_keep``), kept for the whole outcome
  and finished by y against ``Windows.two`` at y (``_sum_by_y``), each loop padded to
  whole vectors (``_padded``); the same with no other clean horse is taken off, summed
  as lanes of their own, or bounded where a lane's bound of it is negligible
  (``_alone_bound``: it needs every other horse out or disqualified, some 1e-19 in all
  at 12 horses; summed, it took as long as the sum it comes off). Three or more stay
  bounded, except in a clean target's window, where the lanes whose bound of them is not
  negligible are logged and summed with three by
  ``exact_compiled_three.three_in_window``.
- The window tables (``windows``) are one sweep down the keys, each sum over the keys
  above kept running: 4 ms an outcome at 12 horses against 17-33 ms as NumPy sums.
- Where the time goes (12 horses, all 18 shared outcomes, one thread, a loaded machine,
  in CPU seconds, at the former thresholds ``HEAVY_PAIR`` 1e-12 and ``HEAVY_DQ_PAIR``
  1e-11): tables and ``_single_threshold`` 0.1; clean targets 0.6 (two thirds
  the per-lane passes linear in the horses, the rest the window products and the heavy
  lanes); ``exact_compiled_three`` 0.6-0.7; disqualified targets 1.1-1.25 (about 0.5
  the per-lane passes of the five cases, 0.4 the window products of the lanes not
  negligible, 0.25 the heavy lanes). The passes cost about a cycle a horse and lane
  each; what would cut them further is fewer passes in the cases with window terms too.
  The whole answer took 1.8-2.2 s against main's 2.7-3.1 s in paired runs at those
  thresholds; at today's (1e-13, 1e-12, and ``HEAVY_THREE`` 1e-14, for a show bound under
  1e-9) the heavy lanes and ``exact_compiled_three`` cost more: 3.7-4.3 s (clean
  targets 0.6-0.7, ``exact_compiled_three`` 0.6-0.75, disqualified targets 1.9-2.3 of
  which the heavy lanes 1.0-1.2). Making the heavy lanes' windows as they are summed
  (above) cut the disqualified targets by about a tenth, 0.15-0.25 s (paired in one
  process, 9 rounds: 0.80-1.08 of before; against the clean targets' time in the same
  round, which it leaves alone, 0.88-0.94); the whole answer, paired against main in
  separate processes, 0.95-1.07 (the machine's noise is as large as the gain).
- 2026-12-03, the same split at today's thresholds (``benchmarks/stretch_exact.py``
  prints it): tables 0.1, clean targets 0.65-0.7, ``exact_compiled_three`` 0.7,
  disqualified targets 1.5-1.9 (a machine at four to five times two cores' load: the
  idle figures are about a fifth lower). Switching parts off in a copy of this module
  (paired, two rounds) splits the last: the per-lane passes of the five cases
  0.23-0.27, the window terms of the lanes not negligible (one disqualified horse in a
  window, ``_times_window``, and the bounds of two or more, ``_two_or_more`` with its
  spread per lane and ``_squares_below``) 0.6-0.75, the heavy lanes 0.7 (about half
  making their windows, ``_window_at``, half the sums); the clean targets: passes
  0.22-0.25, window terms 0.2-0.3, heavy lanes 0.15-0.2. So the passes are a fifth of
  the time; the window terms and heavy lanes, each an h^2 or h^3 product for every lane,
  are the rest. Two cuts measured this session: a disqualified target's lowest lanes
  left out (``_left_out_lanes``: about two fifths of its lanes, but those are cheap
  ones, below ``NEGLIGIBLE``, so a few hundredths of a second), and the heavy lanes'
  sums with no other clean horse bounded (``_alone_bound``): the disqualified targets
  0.83-0.88 of before at 12 horses (paired in one process, three rounds), the whole
  answer 0.89-0.94 at 12 horses and 0.74-0.91 at 20; place and show the same to 1e-18.
  Tried and dropped: ``NEGLIGIBLE`` 1e-16 (no gain measurable; show 1e-14 lower).
  What would cut next, in order of the time at stake: (1) the heavy lanes of a
  disqualified target without a window each: their sum is linear in the window, and
  the window of (y, d) is W2 at y less W2 at d less terms of rank one in the 1s between
  (``_window_at``), so sorting the lanes by y and by d would let each be contracted with
  the fixed tables W2[y] and W2[d] (the clean targets' ``_two_q_between``, no window
  made, 0.3-0.4 s at stake); (2) fewer lanes with window terms: ``_negligible``
  bounds only the lowest lanes of a key, up to the first whose bound matters, and sums
  every lane after it (and of the key's later blocks), though many later ones may be as
  small (measured below: it does not pay); (3) ``exact_compiled_three`` (another
  owner). Below 1 s needs (1) and (3) and more.
- 2026-12-03, item (2) measured: a copy of this module counting, for every lane whose
  window terms are summed, the bound ``_negligible`` would give it (12 horses, all 18
  shared outcomes, counts summed over them). Of the lanes summed, those whose bound is
  below ``NEGLIGIBLE`` are few: clean targets 80 thousand of 2.34 million (3.4 %; the
  lowest lanes bounded besides: 1.37 million), a disqualified target's leader case 35
  thousand of 1.34 million (2.6 %), its window case 47 thousand of 1.32 million (3.5 %).
  Bounding them per lane would save some 3 % of the window terms, a few hundredths of
  a second, less than the test and the compaction it needs: not done. A looser per-lane
  threshold finds more, some 7 % of the summed lanes a decade: below 1e-16 a fifth
  (clean 19 %, leader 19 %, window 20 %; their bounds, summed over the outcomes and
  horses unweighted, at most 7e-12, 5e-12 and 5e-12), below 1e-15 a quarter (26 %, 28 %,
  28 %; 6e-11, 5e-11, 5e-11), below 1e-14 a third (but 5-6e-10 each, over the show
  bound's budget beside its 5e-10). So at 1e-15 about a quarter of the window terms,
  some 0.2 s, is at stake, for compacting the lanes that
  matter in all three cases, which the heavy lanes' bookkeeping (each kept by its lane
  ``start + i``, ``_alone_bound`` reading r5 at it) would have to follow. Item (1), the
  larger stake, comes first; note that ``_window_at`` clamps each value at 0 (``max``),
  so the window is linear in the tables only where that clamp catches rounding alone:
  checked below.
- 2026-12-03, item (1) measured (scripts calling this module's kernels, the heavy lanes
  recorded from ``disqualified_targets``' Python body, every other loop compiled; all 18
  shared outcomes). The clamp catches rounding alone: over the heavy lanes' windows, 43
  thousand of 166 million values clamped at 12 horses (5 thousand of 31 million at 6),
  the largest 1.9e-22 (2.9e-22), at most 1.5e-21 (1e-21) a lane, 1e-19 summed over every
  lane and outcome, against window values up to 4.7e-6 (a few units of the tables' last
  place); over every key pair (y, d), heavy or not, the largest is 1.1e-20. So the sum
  may be contracted with W2[y] and W2[d] apart. Where it pays: the same lanes summed
  against one fixed window (``_two_q_between``, scalar weights, the densest W2[y] of
  each batch) took 0.13 s against 0.46-0.50 s made and summed as today (five paired
  rounds: 0.27-0.28 of it; against W2[d], sparser, 0.08 s). But a batch of
  ``HEAVY_BATCH`` holds some 78 distinct y (2.5 distinct d): grouped by y inside a batch
  the loops would run along one or two lanes. A 12-horse outcome has some 19 thousand
  heavy lanes, two thirds with a y, some 77 a y (about 165 distinct y, 244 d): so the
  lanes must be kept for the whole outcome (some 11 MB at 12 horses: a lane's r, share,
  c, r and share with no other clean horse and bound), sorted by y, summed against
  W2[y] by y and against W2[d] by d, and the rank-one terms (alpha_m alpha_k c_ge(d)_j
  and alpha_m W1(d)[k, j] both ways) contracted per lane in h^2 (u, v, ``last`` and
  ``shared`` of ``_two_q_between`` each factor through alpha and W1(d) r; the j = m, k
  exclusions taken off). Estimate: 0.47 s to about 0.25 s (0.13 + 0.08 + the rank-one
  terms and the sort), some 0.2 s of the 2.2. A smaller first step: the lanes with the
  window at d alone (no y: a third of them, 125 thousand at 12 horses, consecutive for
  each d, some 43 a d) summed by d against ``Windows.two`` at d: 0.066 s against 0.127 s
  today (four paired rounds), 0.06 s, 3 % of the whole; its ``_alone_bound`` choice would
  then be per d, not per batch. Done (``_sum_at_d``): paired in one process against
  the module before (12 horses, all 18 outcomes, five rounds), the disqualified targets
  0.81-0.91 of before (1.5-1.7 s against 1.8-2.1 s on a loaded machine; 0.91-0.96
  against the clean targets' time in the same round, which it leaves alone), all the
  key pairs 0.82-0.93; 6 horses 0.84 (two rounds); place and show the same to 0, the
  bound to 1e-25. The whole contraction (the lanes with a y) is left.
- 2026-12-03 (evening), the clean targets measured where they run
  (``benchmarks/stretch_exact_clean.py`` pairs ``clean_targets`` and
  ``exact_compiled_three`` against a git revision in one process; 12 horses, all 18
  outcomes, 0.64-0.87 s on a loaded machine). A kernel timed alone on made-up blocks
  misleads: ``_times_fixed`` skips the zeros of a high key's window, which a loop
  over whole rows does not. So each part was timed in place, by calling it three times
  (where it only overwrites) or leaving it out, in paired rounds: a pass over the horses
  and lanes (``_sum``, ``_others``) 0.013-0.015 s, and there are about fifteen a block;
  ``_times_fixed`` 0.075; ``_two_or_more`` with its heavy lanes gathered 0.19; the heavy
  lanes' sums (``_two_qs_summed``) 0.25; the rest of the window terms (``_one_in_window``
  and its vectors) some 0.03. Counted (all 18 outcomes): 2.34 million lanes reach
  ``_two_or_more``; of those the bound without the squares (none in the window times
  exp(q) - 1 - q) is under 1e-19 for 7 % (4 % in each key's lowest lanes, what a
  ``_negligible``-like cut could take), under 1e-13 for 59 %. Of the heavy lanes (two
  outcomes, the NumPy sums) the sum is 0.03-0.44 of the bound (median 0.16), but above
  ``HEAVY_PAIR`` itself for three quarters: a perfect bound would spare at most a
  quarter of the 0.25 s. Done: A = 2's three sums in one pass and ``_two`` and
  ``_pair`` from zero in two (``_sums_three``, ``_distinct_and_pair``; five passes
  fewer a block, the same numbers to the last bit): 0.94-0.97 of before (medians of
  three runs of eight paired rounds). Tried and dropped, each paired the same way:
  S r and the squares eight horses a pass (``_combine``; alone 0.7 of the time, in place
  slower: the zeros); ``_two_q_between`` with u and v so and last and shared in one pass
  (1.06 of before); ``_two_or_more``'s passes fused alone (the same as before); both
  ``_others`` in one pass (no gain seen); ``_gather`` folded into ``_others`` and
  ``_one_in_window``'s two sums in one pass (0.99, within the noise). Inside
  ``_two_or_more``, timed in place the same way: its squares 0.03 s, ``math.expm1`` and
  ``math.exp`` a lane at a time 0.035. Done:
  ``_two_or_more_fixed`` (a clean target's: one spread, scale 1, no ``below``) takes
  exp(q) - 1 - q by its series in vectors (``_grows``), adds the bounds in one pass over
  the lanes (the heavy ones weighed by 0) and gathers the heavy lanes a horse's row at a
  time: 0.97-0.98 of the fused passes' time (two runs of ten paired rounds, the clean
  targets and three in a window together 0.97), show the same, the bound within 1e-26
  (exp by its series rounds differently). Both together: the clean targets and three in
  a window 0.89 of bf8f932's time (0.87-0.92, ten paired rounds). What is left is
  arithmetic, not passes: some 430 multiply-adds a summed lane (three h^2 products) and
  some 2,600 a heavy lane (h^3), and the lanes are fixed by the key pairs; under 1 s
  needs fewer lanes or fewer terms a lane, not faster loops.
- 2026-12-03 (evening), measured as ``benchmarks/stretch_exact_dq.py`` does: each
  shared outcome's call run a few times, the versions in turn, the least CPU time of each
  call summed (whole rounds swung by a tenth or more on the loaded machine, and two
  identical versions by 0.82-1.14 in paired rounds; the least of a few tries is steady
  to a few hundredths). 12 horses, all 18 outcomes, disqualified targets 1.5-1.7 s;
  copies with one part switched off: the heavy lanes with 1s in the window
  (``_batch_sum``, 14 thousand lanes an outcome) 0.36 of it, the leader's window terms
  (``_two_or_more``, ``_times_fixed``, ``_one_in_window``) 0.16, the window case's window
  terms besides those heavy sums 0.35, the rest (per-lane passes) 0.12; the heavy lanes
  with 2s above d (``_sum_at_d``, 7 thousand an outcome) too little to measure. The heavy
  lanes' exact sums are 0.003-0.4 of the bound that chose them (median 0.12 with 2s,
  0.055 with 1s), from 3e-16 (2s) and 3e-15 (1s) up, a tenth of a percent under 1e-15:
  no tighter bound would let many heavy lanes be bounded without moving show by more
  than the 1e-12 it must keep to.
  Item (1) above in full: every heavy lane with 1s in the window begun by d against the
  part of its window at or above d (made along the lanes of one d from W2[d], W1[d] and
  alpha: no table read a lane; ``_keep``), kept for the whole outcome and finished by y
  against ``Windows.two`` at y (``_sum_by_y``). As first written, the same numbers to
  4e-19 but 1.05 of the time: its part by y, one fixed window against the lanes of a y
  (some 85), took 0.23 s and its part by d 0.46 s. The compiler runs a loop over lanes 32
  at a time (four AVX-512 vectors, checked in the assembly) and the rest one lane at a
  time, so loops of 40-100 lanes ran a third or more of their lanes singly: padded to a
  multiple of 32 with lanes of zeros (``_padded``), 0.88 of the time before it (three
  tries; place, show and bound the same to 8.7e-19). Tried and dropped: fusing
  ``_two_q_pair``'s four loops into two (1.03), ``HEAVY_BATCH`` 256 and 512 for the former
  batches (1.00, 1.04). The same remainders cost the other loops here: a key d's last
  block of lanes runs up to 31 of them singly (not padded: its writes go to show by lane).
  Both changes against the start of the evening (bf8f932, ``benchmarks/stretch_exact_dq.py
  --tries``): 0.91 and 0.88 at 12 horses (3 and 5 tries; 1.48 s against 1.62-1.67 s), but
  1.10 at 6 (1.10 s against 1.00 s): there the lanes with no other clean horse are summed too (twice the lanes) in
  groups of a few, and h^3 is small, so the padding and the loops' starts cost more than
  the windows saved. Under 1 s at 12 horses still needs the per-lane products themselves
  cheaper (about one product a cycle now) or fewer of them.
  Done: the window case's term with one 1 and no other clean horse (taken off show, r5)
  bounded instead of summed where every lane of a block bounds it below
  ``ALONE_ONE_BOUNDED`` (``_alone_one_bounded``: it needs every other horse out or
  disqualified), which drops half of ``_times_window``'s products and an
  ``_one_in_window``: 0.94 and 0.97 of the time at 12 horses (two runs, 3 and 5 tries;
  every block bounded, place, show and bound the same to 2.3e-18), 1.00 at 6 (1.1e-19).
- 2026-12-04, bracket instead of sum, the heavy lanes with 1s in the window, measured
  before writing it (``benchmarks/stretch_exact_bracket.py``: the lanes of the NumPy sums,
  outcomes 8, 17 and 2 at 12 and at 6 horses). With d fixed, lane y's sum for target h is
  the sum over j2 of c_j2(y) H[h, j2](y), H = r_j2 times the window's triples without h
  and j2: as y rises every allowed rises (c_ge and p_gt at y fall) and the window (1s in
  (y, y1], y1 in (y, d)) shrinks, so H falls (no neighbour rose, 13-29 thousand lanes an
  outcome); but c_j2(y), clean at exactly y, does not, so a bracket needs the h^2 matrix H
  at the summed lanes, not only their sums (along d with y fixed c is fixed, but r falls
  as the window grows: the sums fell at up to 558 neighbours). The bracket is wide: a lane
  between its two neighbours, both summed, has one of 0.20-0.25 of its own sum (medians;
  quartiles 0.10-0.15 and 0.29-0.35) at 12 horses, 0.16-0.19 at 6. The heavy lanes come
  to 1.1e-9 an outcome at 12 horses (2e-9 at 6), so every other lane bracketed adds about
  1e-10 an outcome to the show bound (6 horses' 9.4e-10 would pass 1e-9) and takes as
  much off show, a hundred times the 1e-12 it must keep to. Bracketed only where a lane's
  bracket is under 1e-14: 0.66-0.77 of the lanes still summed (0.59-0.67 at 6), 1.5-2.7e-11
  an outcome; under 1e-15: 0.92-1.00. So a quarter of the heavy lanes at most, some 0.1 s
  of their half second, for 2e-11 on show and its bound, less what it needs: H made and
  kept at every summed lane (a second contraction a lane, s[m, j] = sum over k of W[m, k,
  j] r_k, beside u), and a second round (which lanes between need summing is known only
  once the first round's are summed, by d and then by y, each loop with fewer lanes):
  not done. Done instead: a disqualified target's lowest lanes of each key d have their
  window terms bounded while those bounds together stay below ``LOWEST_BOUNDED`` (each
  of the two cases with window terms; ``_negligible`` with a budget), not only while each is
  below ``NEGLIGIBLE``; and the window case's highest lanes of d's last block likewise
  (the window of 1s between y and d is short there; ``_negligible_highest``). Paired
  against 9061b07 (``benchmarks/stretch_exact_dq.py``, least of 3 tries): at
  ``LOWEST_BOUNDED`` 3e-15, 0.92 at 12 horses (1.19 s against 1.29 s), 1.00 at 6 (no lane
  qualifies: the same numbers to 0), 1.01 at 20 (2 tries; none qualifies either): of
  the sizes measured, only 12 horses gain. Show lower by at most 7.7e-14 an outcome, its bound higher by at most 5.2e-13 (12 horses), the whole answer's bounds
  the same to two digits (``benchmarks/stretch_exact.py --quick``). At 1e-15 the lowest
  lanes alone gave 0.94, at 1e-14 0.91 and with the highest 0.89 (show 2.5e-13, bound
  1.9e-12 an outcome), but there the recorded races' ranges (show to show plus bound)
  grew past the recorded ones by more than the 1e-12 allowed
  (test_stretch_exact_compiled.py): 3e-15 keeps within it. Not tried: per-lane bounds
  with the lanes compacted (item (2) above); the window case reads a window a lane
  (``low_sym``, ``low_spread``), which compacting would have to gather, about as many
  reads as the products it would spare (an estimate, not measured).
- 2026-12-03 (late), register blocking tried on the clean targets (scratch kernels on
  recorded inputs, then in place; this machine reports no cycle counters, so rates are
  multiply-adds per cycle at its nominal 2.6 GHz). Peak is not the limit: sixteen
  multiply-adds chained per lane, all in registers, ran at 15.6 a cycle. A pass
  u[m] += w v[j] over 117-256 lanes (``_add_times``, the heavy lanes' loops) runs at
  2.7-3.9 (4.5-5.6 with every row starting a cache line, 2.8-3.3 with rows at 32 bytes
  past one, as Numba's own alignment and the heavy arrays' odd row lengths leave half or
  more of them): two loads and a store a multiply-add, not the arithmetic. Four rows of
  the result by four of v at a time (sixteen weights held as scalars, four loads of v
  for sixteen multiply-adds) runs at 6.1-9.4. Holding a whole tile of lanes in
  registers (an 8-lane tile loop of constant length inside the loops over horses, as
  the vector width) does not compile to vectors: the compiler unrolls such a loop
  early and then cannot prove the tile's arrays apart, so it left it scalar (no zmm in
  the assembly) at twice the time; the horse count is known only at run time, so
  blocks of four with their own loads and stores is what Numba can express. Done:
  ``_times_sym`` (S r and S ra in four-by-four blocks, each row's sum in the same
  order: the same numbers to the last bit) and every block row starting a cache line
  (``_aligned``): the clean targets 0.87-0.94 of before (least of three tries an
  outcome, three paired rounds), with three in a window 0.95 (0.88-0.99, six paired
  rounds of ``benchmarks/stretch_exact_clean.py``); the heavy lanes' rows too
  (``_heavy_lanes_aligned``): 0.90-0.99 of that, the same numbers. Both against cecf051:
  the clean targets 0.79-0.85 at 12 horses (four paired rounds, least of three tries;
  0.88-0.90 at 6, 0.82-0.85 at 20, two rounds), with three in
  a window 0.87 (0.71-1.02, eight paired rounds); place, show and bound the same to 0
  at 6, 12 and 20 horses. Tried on the heavy
  lanes (1,344 recorded windows, 156 thousand lanes of four outcomes): their loops run
  at about 4 multiply-adds a cycle already; the sums as four blocked products (the
  pairs' u = W2 r and v = W2 ar, and last and shared as W2^T times the pairs' products)
  ran those products at 7.8, but W2's zeros (j one of the pair, a fifth of it), the
  pairs' gathers and making W2 a window took 1.10-1.30 of the time; j in fours
  (``u += w0 r_j0 + ... + w3 r_j3``) 1.00-1.07; lanes padded to whole 32s 1.00-1.07;
  rows starting a cache line 0.80 (taken, above). Also dropped: ``_two_or_more_fixed``'s
  squares by the same blocks (1.00, and the bound moves by 1e-26: w r^2, not (w r) r).
  So the 1-a-cycle reading was low (the loops run at 3-4) and blocking buys at most
  about 2x on the products alone, less once their zeros and gathers are counted; the
  clean targets' time is now some 0.55-0.7 s on this loaded machine (the heavy lanes'
  sums about 0.2 s of it, the passes over horses and lanes most of the rest). Under 1 s for the
  whole answer still needs fewer lanes or terms (the disqualified targets' 1.5 s first).
- 2026-12-03 (night), register blocking (the reading that the per-lane products are bound
  by memory, not arithmetic, and would run several times faster with their sums held in
  vector registers) measured before writing it. In place, ``_times_window`` is 0.17 s of
  the disqualified targets' 1.60 s (a copy calling it twice, paired, least of 3: 1.77 s);
  the rest is spread over a score of kernels. Alone, on made-up [12, 256] blocks (a
  scratch script; least of 7 runs of 160 calls), it does 4.0-4.9 billion lane
  multiply-adds a second, some 1.5-2 a cycle (this VM exposes no hardware counters:
  ``perf stat -e cycles`` is "not supported"), each a load of u, v and w and a store of
  u, its blocks 200 kB (the second cache). Every rearrangement tried was slower: all
  pairs' loops inside 32-lane tiles 2.9 (each loop's start, with its run-time overlap
  checks, costs as much as its one vector step), fixed 32-lane inner loops 1.4 (not
  vectorized), each horse's row summed over j inside a tile 2.8, the four kinds in one
  loop 3.9, kinds outermost (a kind's blocks fit the first cache) 4.0, 64-lane tiles 3.7,
  eight lanes' sums held in eight scalars across j 1.75-2.2 (LLVM's SLP pass left them
  scalar: no vector FMA in the assembly). Numba marks no array argument ``noalias``, so
  LLVM may keep no sum in a register across a loop that stores to another array (it
  cannot tell them apart) and checks for overlap before every vector loop; a tile loop
  of one or two vectors pays that each time. So here the products stay where they are;
  register blocking needs a compiler told the arrays are apart (C with ``restrict``, or
  BLAS, which NumPy has but Numba reaches only through SciPy, not installed; and the
  windows differ by lane), more than this session had.
  Done instead: the heavy lanes' part of the window at or above d (``_keep``) is
  ``Windows.two`` at d, one window for all of d's lanes (``_two_q_add``, which skips its
  zeros), plus terms with a 1 in (y, d] that are each a horse's factor times a lane's, so
  their sums over the horses are taken once a lane in h^2 (``_add_alpha_parts``; checked
  against the per-pair window on made-up data to 8e-16) instead of a window made for each
  pair m < k: 0.94-0.95 of the time at 12 horses (``benchmarks/stretch_exact_dq.py``, 3
  and 5 tries; 1.42 s against 1.51 s), 1.04 at 6 (h^3 is small there, and the h^2 part
  runs more, shorter loops); place and show the same to 0, the bound to 1e-25. Tried and
  dropped (paired the same way): its W1 products two loops a pair of horses, not six
  (1.01 at 6 horses); ``_two_or_more`` with r^2 once, ``_grows`` for exp(q) and its bounds
  in one pass along the lanes (0.99); a key d's lanes summed from a whole number of
  vectors back (``_left_out_lanes`` leaving out fewer: a twentieth of the lanes ran a lane
  at a time, 0.98, show within 4e-19) and the window terms' first summed lane likewise
  (1.00). The loops' remainders cost less than their count suggests (LLVM runs them in
  shorter vectors). Under 1 s still needs fewer lanes or fewer terms a lane.
- 2026-12-04, bracketing a clean target's heavy lanes instead of summing them, measured
  before writing it (``benchmarks/stretch_bracket_scan.py``, the NumPy sums of two
  outcomes): it does not pay. Along the lanes of one y a target's heavy sum F (two in
  the window, ``_two_qs_summed``; three, ``exact_compiled_three``) is a sum of terms
  W r_j2 r_m r_n r_j1 (one r more for three) with W >= 0 the window at y, the same for
  every lane, and r_j = 1 / (1 - 2 p_gt_j(y) - c_gt_j(x)) falling as x rises: F falls
  with x (measured: it rises nowhere by more than 7e-15 of its largest, rounding). So a
  lane between two summed ones lies in [F(next), F(previous)]. But F falls fast and
  counts for much: at 12 horses some 38 thousand heavy lanes an outcome, worth 1.3-1.5e-7
  of show for the largest horse, F falling 4-5 % a lane (median; quartiles 1-9 %);
  three: 17 thousand lanes, 1.6-1.9e-10, 6-8 % a lane. Every other lane bracketed adds
  1.1-1.4e-8 to a horse's bound (two) and 2e-11 (three), and show may drop as much:
  show must stay within 1e-12 of today's (the recorded range holds the new one,
  tests/games/stretch/analysis/test_stretch_exact_compiled.py), so at most some 5e-13 may be
  spent. Within that, smallest widths first: a tenth of the two-lanes (10-11 %) and a
  third of the three-lanes (29-33 %; 6 horses: 12-13 % and 25 %), some 0.02 + 0.045 s of
  the 2.3 s at 12 horses before the cost of summing the ends first and choosing. A first-
  order bracket (F(x) >= F(b) + the sum of e_i Z_i, Z_i F's terms holding horse i and
  e_i = r_i(x) / r_i(b) - 1 >= 0, width about 6 max(e)^2 F; scratch, two outcomes) is ten
  times tighter but needs a second contraction at each summed lane, and is still ten
  times the budget with every other lane. The lanes that matter are the heavy ones
  because they are heavy: only fewer terms a lane would cut them.
- 2026-12-04, the heavy thresholds weighted by each shared outcome's chance
  (``exact.LOOSEN``, ``key_pair_sums``' ``loosen``; ``benchmarks/stretch_exact_by_chance.py``,
  least of three tries a call, both ways in one process). Loosening only the unlikely
  outcomes (by the mean chance over theirs, where above 1) cut 12 horses to 0.89 but
  moved show down by 9e-12 and the top of its range up by 1.4e-10 (scan, two tries):
  outside today's range. Scaled by 0.75 the mean chance over its own, both ways, the
  likely outcomes pay for the unlikely: 0.91-0.93 at 12 horses (2.11 s against 2.32),
  0.95-0.99 at 6, 0.96-0.97 the Champagne Stakes and the allowance turf route; the bound
  3.3e-10 against 5.1e-10 at 12, 7.3e-10 against 9.4e-10 at 6; place the same, each new
  show range inside the old. At 1 (the bound as before) the top rose by 6.5e-12 to
  1.3e-11. Where the chances lie close (twelve outcomes: 20 horses, the claiming route,
  the Dream Derby) every scale came out under 1, only tighter: 1.01-1.05 of the time, so
  there (the scales' product not above 1, ``exact.loosening``) all keep 1, as before.
- 2026-12-04 (afternoon), a clean target's lowest lanes of each key y bounded with a
  running budget too (``CLEAN_LOWEST_BOUNDED`` 3e-15 a key, as ``LOWEST_BOUNDED``): the
  clean targets 0.92 of main at 12 horses (three tries each of the 18 outcomes' key-pair
  sums, least summed, paired in one process; the disqualified targets, untouched, 0.97
  in the same run); place the same to 0, show at most 3.9e-14 lower and show plus bound
  at most 1.3e-13 higher (weighted by the outcomes' chances); every recorded race's
  range inside the recorded one (``benchmarks/stretch_exact.py --quick``).
- 2026-12-04 (afternoon), a profile by kernel (``benchmarks/stretch_exact_perf.py`` names
  the compiled code for ``perf``; cpu-clock samples, 12 horses, 18 outcomes twice, the
  allocator set as ``exact.quickplay_chances`` sets it). Share of the process's samples
  by function, whoever calls it: ``_two_q_add`` 9 % (the heavy lanes' h^3 products,
  clean and disqualified), ``_two_or_more`` 5 %, ``exact_compiled_three._contract`` 5 %,
  ``_two_q_gather`` 3.4 %, libc memset 3.2 %, ``_times_window`` 3.2 %,
  ``_two_or_more_fixed`` 2.9 %, ``_dot`` 2.7 %, ``_others`` 2.5 %, ``_sum_by_y`` 2.4 %,
  ``_gather`` 2 %, ``_keep`` 1.7 %, then some thirty kernels of 0.7-1.6 % each: no single
  loop is a tenth. The memset calls are the zeroing of [horse, lane] slices a row at a
  time (``factor[:, :nb] = 0.0`` and the like), spread over a dozen callers (of 90
  samples: ``disqualified_targets`` 14, ``_times_window`` 13, ``_add_alpha_parts`` 13,
  ``_two_q_start`` 12, ``_two_or_more`` 10, ``_two_q_add`` 4). Measured and dropped:
  the window tables and the heavy lanes' store (``_kept_lanes``, grown by ``_room``)
  held by each thread from one outcome to the next instead of made afresh. Run without
  ``exact._keep_freed_memory`` (as a profiling script first was), each outcome took some
  5 thousand page faults (21 MB of new pages: the window tables 29 %, the heavy lanes'
  store 41 %), 9 % of the CPU in the kernel; with it, as every real answer runs, 36
  answers took 2.6 thousand faults in all (900 with the arrays held), 0.3 % of the CPU
  in the kernel: holding them gains nothing measurable. A paired benchmark must set the allocator the same way
  (``benchmarks/stretch_exact_pairs.py`` does).
- 2026-12-04 (evening), two in a window summed over sets of three horses
  (``_two_q_sets``, ``_two_q_done``). ``_two_q_between``'s result needs, per lane, only
  sums that do not care which slot of a term W[m, k, j] r_m r_k r_j a horse holds: the
  terms holding each horse (own = 2 first + last, times r, is twice that; whole is the sum
  of the terms twice) and those times the a of the other two (shared times r). The three
  terms over the same three horses, each of them as j, hold the same r, so they are one
  number a set (``_sets_of``: 220 sets at 12 horses against 660 window entries, each of
  which took four multiply-adds a lane, u, v, last and shared, and the pair's gathers),
  contracted as ``exact_compiled_three._contract`` contracts its sets of four. It serves
  the clean targets' heavy lanes and ``_sum_at_d`` (``_two_q_between``), ``_keep`` (its
  alpha parts, still by slot in h^2, turned into held and weighed) and ``_sum_by_y`` (the
  kept lanes hold held and weighed). Paired against main 4ecd069 in one process (main's
  module kept compiled beside it; least of 3 tries an outcome; a machine at load 9-15):
  12 horses clean targets 0.85, disqualified targets 0.90, all key-pair sums 0.90 (4.36 s
  against 3.93 s); 6 horses 0.89, 0.87, all 0.88; 20 horses (every other outcome) 0.78,
  0.92, all 0.91. Place and show the same to 0 weighted by the outcomes' chances (the
  sets' rounding is far below a cell's last place), the bound within 3.5e-26.
  The brief's leads, measured or looked at first:
  (a) A budget for the heavy lanes instead of fixed thresholds: sorted by bound, bounding
  the smallest while a budget lasts is a per-outcome threshold, so its stake is what
  looser thresholds buy where the bound has room (12 horses 3.3e-10 of the 1e-9; 6 horses
  7.3e-10, the Champagne Stakes 7.2e-10: little room there). Scanned with this commit's
  loops (``key_pair_sums`` with ``loosen`` times k, 12 horses, least of 2): x1 3.90 s
  (bound 3.3e-10), x2.5 3.65 s (7.9e-10), x10 3.27 s (2.9e-9): 0.94 of the time for the
  whole budget, the disqualified targets all of it (the clean targets' heavy lanes are
  cheap now: 1.05-1.08 s at every scale). And it moves show down by what it bounds
  (2.3e-11 at x2.5, 1.1e-10 at x10), outside the recorded range the tests hold show to
  (1e-12 below the recorded show: tests/games/stretch/analysis/test_stretch_exact_compiled.py):
  the baseline would have to be recorded again with the NumPy sums choosing the same
  lanes. Not done: some 6 % for a looser rule. (A greedy running budget in loop order, as
  ``CLEAN_LOWEST_BOUNDED``, is worse: the first lanes take it, at up to 1e-12 each.)
  (b) Item (1) above (a disqualified target's heavy lanes against W2[y] and W2[d], no
  window each) was already done (``_keep``, ``_sum_by_y``, ``_sum_at_d``); this commit
  makes both contractions the sets'. Left of it: ``_add_alpha_parts``' slot-by-slot h^2
  work (some 2 % of the whole before this commit), which the same held and weighed could
  take directly.
  (c) Tighter bounds of two or more in a window: the exact sums are 0.03-0.44 of the bound
  that chose them (above), so a perfect bound spares at most some quarter of the heavy
  lanes, and those cost a third of what they did: a few hundredths of a second at most.
  Where the 12-horse time is now (``benchmarks/stretch_exact.py --quick``, load 15):
  tables 0.17, single threshold 0.07, clean targets 1.10, three in a window 0.39,
  disqualified targets 2.46 s of 4.2; the per-lane passes and the one-in-a-window
  products of the lanes not negligible (h and h^2 a lane, every lane) are most of it.
  The profile by kernel after this commit (``benchmarks/stretch_exact_perf.py``, 12
  horses, 18 outcomes once, share of the process's samples, its start-up included):
  ``_two_q_sets`` 5.4 % (before: ``_two_q_add`` 9 % and ``_two_q_gather`` 3.4 %),
  ``exact_compiled_three._contract`` 4.0 %, ``_two_or_more`` 3.2 % (and 1.2 % in a second
  copy), memset 2.6 %, ``_times_window`` 2.4 %, ``_two_or_more_fixed`` 2.4 %, ``_others``
  2.1 %, ``_sum_by_y`` 1.7 %, ``_keep`` 1.6 %, then some thirty at 0.8-1.5 %.
  Under 1 s still needs fewer lanes, not cheaper heavy ones.
- 2026-12-04 (night), fewer lanes in a dimension no earlier session cut: the targets. The
  brief's leads first, with counts (``benchmarks/stretch_exact_sparsity.py``, the first two
  shared outcomes of each field). A clean key holds 3.3 of 6 horses' clean chances, 5.8-5.9
  of 12, 7.6 of 20; a disqualified key 1.6-1.8 of 6 horses' disqualifications, 2.7 of 12,
  3.5-3.6 of 20 (keys 690-950). (a) Running products along the lanes: the lanes run along
  the lower key, where a step changes the allowed of every horse clean at the step's key,
  half the field, and a running product is a chain from lane to lane (no vectors; 1 /
  allowed by ratios, its rounding growing with the keys): at most a 2x on the passes (a
  fifth of the time), and only if the loops ran along the higher key, where a step changes
  only the horses disqualified there (1.9-2.7 of 12), but the window matrix is a higher
  key's: every array of the design note's layout would change. Not done. (b) The one-in-a-
  window products are already one matrix times a [horse, lane] block a higher key
  (``_times_sym``, four-by-four); a clean target's window S(y) changes from one key to the
  next by a rank-one term in the horses disqualified there, so S r could be kept by
  updates along the higher key, again only with the loops turned round. (c) The windows are
  already made once a higher key (``_times_fixed``, ``_sum_at_d``); the heavy lanes by sets
  of three. What (a) and (b) found instead: a disqualified target at d weighs only the horses
  disqualified at d (the weight of every term is their chance of it), 2.7 of 12, yet every
  pass that makes a target's share (``_two``, ``_pair``, ``_weigh*``, ``_one_in_window``,
  ``_negligible*``, ``_alone_one_bounded``, ``_two_or_more``'s bound, ``_squares_below``'s
  last pass) ran over all 12 rows, and so did the window products' half that only a target's
  row reads (S r a in ``_times_fixed`` and ``_times_window``; S r is read whole, in r S r).
  Done: those passes take the targets (``targets``, the horses with a disqualification at d,
  in order: the sums over them add the same numbers in the same order, the rows left out
  held exact zeros), and the products S r a make only the targets' rows
  (``is_target``). The same numbers to the last bit (place, show and bound the same to 0,
  weighted, at 6, 10, 12 and 20 horses); a test holds the compiled sums to the NumPy ones
  on made-up fields with one or two horses disqualified at each key. Paired against main
  d032923 in one process (``benchmarks/stretch_exact_pairs.py``, main's module compiled
  once beside it, least of 3 tries an outcome, a machine at load 7): the disqualified
  targets 0.91 at 6 horses, 0.86 at 10, 0.84 at 12 (1.33 s against 1.59 s; twice, the
  second with S r a by target rows), 0.90 at 20; all the key-pair sums 0.93, 0.91, 0.90
  (2.43 s against 2.68 s) and 0.96. The passes left are shared by the targets (the five
  cases' others and their sums, S r, the squares of ``_two_or_more``), which is why 20
  horses gain least (3.6 targets of 20, but h^2 work a lane). ``benchmarks/stretch_exact.py
  --quick`` after it, load 7: 12 horses 2.43 s (tables 0.13, single threshold 0.05, clean
  targets 0.70, three in a window 0.25, disqualified targets 1.41).
  What next, by the same counts: a clean target at x weighs only the horses clean at x
  (5.8 of 12, 7.6 of 20), but its lanes run along x, so each lane has its own targets;
  turning the clean targets' loops round (x outer, lanes along y) would make them a
  block's, and along y the others' allowed changes only in the horses disqualified at the
  step's key (1.9 of 12 on average), where (a)'s running sums could pay; the price is a
  window S(y) a lane, as the disqualified targets' window case already reads
  (``low_sym``), and the heavy lanes' windows by y gathered across blocks. At 20 horses
  ``exact_compiled_three`` is the largest part (1.3 s of 4.5): its sets of four (4845)
  per logged lane.
- 2026-12-05, the last lead weighed with counts before building it: turning
  ``clean_targets``' loops round (x outer, lanes along y). Counted
  (``benchmarks/stretch_exact_sparsity.py``, every shared outcome, the lanes summed): of a
  clean target's [horse, lane] cells, those with a clean chance at x (the targets: only
  they are weighed) are 0.54 at 6 horses, 0.49 at 10, 0.61 at 12, 0.53 at 20; from one
  clean key y to the next, 1.1, 1.6, 1.9 and 2.6 horses' allowed change (their chance of
  a 2 above y). Measured in place (copies paired with ``benchmarks/stretch_exact_clean.py
  --against``, 12 horses, four rounds): ``_weigh_one_two`` and ``_weigh`` left out, 0.06 s
  (of 0.93 with three in a window); both ``_times_sym`` twice, 0.055 s more. So turned
  round, the passes over the targets' rows (those two, ``_one_in_window``'s last,
  ``_two_or_more_fixed``'s weighing, ``_distinct_and_pair``'s second: some 0.12 s) would
  run over 0.61 of the rows: some 0.05 s saved. The price: the window S(y) and the
  spread become a lane's, so S r, S ra and the squares, now a fixed matrix times a block
  (``_times_sym``'s four-by-four blocks, 6-9 multiply-adds a cycle), become a matrix a lane
  (as ``_times_window``, 1.5-2 a cycle): three to four times their 0.055 s and more. And
  the running sums along y cannot replace the passes: the sums a lane takes over the
  horses are of c(y), c_gt(y) and p_gt(y) over allowed, and c(y) and c_gt(y) change at
  every horse clean at y (5.8 of 12 a key); only r and the others' product (the two
  ``_others`` passes, some 0.015 s each) follow the 1.9 horses, and as a chain from lane
  to lane (no vectors). A loss by the counts: not built. A cut in place of it, with each
  horse's lanes limited to its span of clean keys, keeps 0.86 of the target rows at 12
  horses (0.74-0.86): some 0.015 s, not done. Done instead: loops that ran a lane at a
  time over the horses now run a horse at a time along the lanes (vectors), the same
  numbers to the last bit: the heavy lanes' show, bound and log (``_clean_heavy_done``;
  0.97 of the clean targets and three in a window at 12 horses, 0.97 at 6, 1.00 at 20),
  the heavy lanes copied from a list of them (``_two_or_more_fixed``' ``picked``; 0.99);
  and in ``exact_compiled_three`` the sets of four whose K is 0 are left out (2.9x at 20
  horses, 1.18x at 12) and ``_lanes``, ``_finish`` run along the lanes (1.1x at 12 and 20,
  1.5x at 6): its note has the numbers. All of it paired against d778f5b in one process
  (``benchmarks/stretch_exact_pairs.py``, which now pairs the revision's
  ``exact_compiled_three`` too; least of 3 tries an outcome, load 5-10): 12 horses clean
  targets 0.98, three in a window 0.77 (0.232 -> 0.178 s), all the key-pair sums 0.97
  (2.19 -> 2.13 s); 20 horses 0.99, 0.31 (1.12 -> 0.35 s), all 0.79 (3.67 -> 2.90 s);
  place, show and bound the same to 0. ``benchmarks/stretch_exact.py --quick`` after
  it, load 5-6: 12 horses 2.07 s (tables 0.11, single threshold 0.04, clean targets
  0.62, three in a window 0.19, disqualified targets 1.20). Next, by these counts: at 20
  horses the disqualified targets (1.5 s) and clean targets (0.76) lead; in
  ``exact_compiled_three`` its note's lead (the passes' start).
- 2026-12-05, the disqualified targets profiled where they run (``perf``, cpu-clock, the
  18 recorded calls of a 12-horse answer run three times, the kernels named as
  ``benchmarks/stretch_exact_perf.py`` names them; 1.25 s a run, load 6-9). By group: the
  heavy lanes with 1s in the window and 2s above d 0.28 s (``_two_q_sets`` 0.10, ``_sum_by_y``'s
  own gathering 0.05, ``_keep`` 0.04, ``_add_alpha_parts`` 0.025, the rest 0.06); the
  passes over horses and lanes 0.25 (``_dot`` 0.06, ``_others`` 0.045, ``_dot_r2`` 0.04,
  ``_gather`` 0.035, ``_two``, ``_sums_two``, ``_negligible`` some 0.015 each);
  ``_two_or_more`` with ``_squares_below`` and ``expm1`` 0.16; the one-in-a-window
  products (``_times_window``, ``_times_fixed``, ``_less_rank_two``) 0.10; memset 0.05:
  no loop is a tenth. Counted (18 outcomes): 2.07 million lanes (115 thousand an outcome,
  372 keys d, 309 lanes a key, 3.1 targets a key); the leader's window terms summed at 1.04
  million, the window case's at 1.02 million (every block's one-1-alone term bounded at 12
  horses: ``_times_window`` runs two kinds, never four), heavy lanes 110 thousand with 2s
  above d and 215 thousand with 1s (all kept, their alone sums bounded).
  The brief's leads, weighed with counts first: (a) targets whose weight is below what
  1e-12 sees: the bound dq_X(d) B_X(y) summed over a target's lanes at d, smallest first,
  frees 6 % of the (target, d) pairs for 1e-14 an outcome, 10 % for 1e-13: the shared
  passes stay, so not done. (b) The lowest lanes by the same bound: the lanes kept held a
  quarter under 1e-18 each and three tenths under 1e-17 (2.6e-15 and 2.3e-14 an outcome
  in all), because ``_left_out_lanes`` split ``LEFT_OUT`` evenly over every lane (some
  1e-20 each). Done: one budget for all of them (``DQ_LANES_LEFT_OUT``, 3e-14; the largest
  threshold of a grid whose lanes add below it): 36 of 117 thousand lanes an outcome more
  left out, 1.8e-14 added to the bound; disqualified targets 0.92 of before (1.148 s
  against 1.250, ``benchmarks/stretch_exact_pairs.py``, least of 3, load 3-5), all the
  key-pair sums 0.96; again against main d778f5b (load 4-9): 1.058 s against 1.148 (0.92),
  all 0.96 (2.00 s against 2.09); 6 horses 1.00 (few lanes there add so little); place and
  show lower by 4e-18 and 5e-16 (weighted by the outcomes' chances).
  ``benchmarks/stretch_exact.py --quick`` after it, load 4: 12 horses 2.12 s (tables 0.11,
  single threshold 0.04, clean targets 0.65, three in a window 0.23, disqualified targets
  1.11), every recorded race inside its range, show bound at most 7.3e-10. Timed on recorded inputs with the threshold fixed instead: 1e-18 0.94, 1e-17
  0.91, 1e-16 0.89 (2.8e-13 an outcome): the budget could go to 1e-13 for another two
  hundredths, within the 1e-12 the recorded ranges allow. (c) Sums carried from one key d
  to the next: between consecutive rows only 3.1 of 12 horses' p_gt(d) (and d_le(d))
  change, and 98 % of a row's lanes are the previous row's, so three quarters of each
  case's allowed, 1 / allowed and their sums over the horses (the passes, some 0.15 s)
  repeat: kept for every lane y across d and updated in the changed horses' rows, they
  would cost some 3 of 12 rows a row; the one-in-a-window products too, since S(y, d)
  changes with d only in the changed horses' rows and columns and the rank-two part. The
  price: state by lane for the whole outcome, kept current also for lanes bounded at d
  (their window terms are summed at a later d), and sums no longer added in one order
  (rounding, not the same bits). Not done (the session's time); some 0.1-0.2 s at stake.
  (d) Tried and dropped: the kept heavy lanes laid out by lane ([lane, 5, horse], so
  ``_sum_by_y`` reads a lane's values together, not 60 cache lines apart): 0.99 (the same
  numbers; ``benchmarks/stretch_exact_dq.py``, 3 tries, load 9).
- 2026-12-05 (xcleanside), the clean side and what runs around the kernels. Profiled
  first: the whole answer (``exact.quickplay_chances``, one worker) is the outcomes'
  ``place_and_show`` plus 0.04 s (the outcomes and the win, NumPy, main thread), the
  worker thread the same as the main one (1.99 against 1.97 s, least of four, 12
  horses; page faults only in the first round); inside ``place_and_show``: tables 0.005,
  ``windows`` 0.10, ``_single_threshold`` 0.045, the key-pair sums the rest. ``perf`` of
  the clean side alone (``benchmarks/stretch_exact_perf.py`` with the disqualified
  targets switched off, 12 horses, four runs): ``exact_compiled_three._contract`` 11.5 %,
  ``_two_q_sets`` (the clean heavy lanes) 8.7 %, ``_two_or_more_fixed`` 7.6 % (its h^2
  squares), memset 3.5 % (most of it the window table's 12 MB an outcome), ``_times_sym``
  3.4 %, then the per-lane passes at 1-3 % each. Done, each the same numbers to the
  last bit unless said: (1) ``_window_two_add`` ran its innermost loop across rows
  (by_both[m, n, j], n innermost) over every m, n though only m < n is read, and
  ``_window_two_at`` branched on j = m, n inside its row; both now run along the rows,
  only m < n, and ``_window_tables`` writes each key's window in place (no copy):
  windows 0.75 of f0f6908, the clean targets 0.96 (they keep the same sums). (2) A clean
  target's passes read y's chances (c, p_gt, c_gt at y) one number a horse instead of
  three [horse, lane] blocks filled by ``_spread`` every key (``_clean_sums_two``,
  ``_clean_weigh_one_two``, ``_clean_sums_three``, ``_clean_distinct_and_pair``,
  ``_clean_times_r_c_r``, ``_clean_one_in_window``, ``_two_or_more_fixed``): 0.94 of
  before at 12 horses (six paired rounds), 0.94 at 6, 0.95 at 20. (3) ``single_threshold``:
  ``exact_finish._single_threshold`` (which stays, the reference and the path without
  Numba) as one compiled loop over the keys, reciprocals of each allowed then products:
  0.042 -> 0.010 s at 12 horses (0.026 -> 0.017 at 6, 0.048 -> 0.018 at 20), the same
  to 1.1e-16 (a test against the NumPy one on made-up fields). All of it paired against
  main f0f6908 (``benchmarks/stretch_exact_pairs.py``, least of 3 an outcome, load 9-11):
  windows 0.77 (0.085 -> 0.066 s), clean targets 0.88 (0.644 -> 0.564), three in a
  window and disqualified targets untouched (0.98, 1.01: noise), all 0.95 (2.070 ->
  1.977 s); place, show and bound the same to 0; ``benchmarks/stretch_exact_clean.py``
  (clean targets and three in a window, five paired rounds) 0.90 (0.796 s against
  0.857-0.950). Measured and dropped: a clean budget ten
  times looser (``CLEAN_LOWEST_BOUNDED`` 3e-14): 0.98 of the time, but the recorded
  races leave under 1e-12 of room (the claiming route: show 9.3e-13 above the lowest
  the test allows and its top 6.7e-13 below the highest, the Dream Derby 9.3e-13 and
  7.5e-13; at 3e-14 the top's room fell to 9.8e-14 and 2.3e-13): looser thresholds on
  the clean side cannot pay within today's recorded ranges (the 6- and 8-horse races
  have ten times the room). ``_others`` and ``_clean_sums_two`` in one pass, with y's
  chances now scalars: 0.99 (noise). Three in a window padded to 32 lanes (the compiled
  loops' step): 1.10 of the time (the padding costs more than the remainders).
  ``_two_or_more_fixed``'s squares (a pass per horse pair, some 0.07 s) in four-by-four
  blocks as ``_times_sym``, each term still (w r) r in the order of m, so the same bits:
  1.00 (four paired rounds), as when tried before with r^2.
  Weighed with counts and not built: each horse's lanes limited to its span of clean
  keys (0.86 of the target rows kept, and those passes some 8 % of the clean side:
  about 1 %). Next leads, by the profile: the window table as sets (the disqualified
  targets read ``Windows.two`` only through ``_sets_of``, at d and at the kept lanes'
  y: a [key, set] table, 220 numbers a key at 12 horses against 1,728, would spare the
  12 MB written an outcome and every ``_sets_of``; it changes xcarry's reads, so not
  done here); and the heavy lanes (``_two_q_sets``, ``_contract``, some 0.2 s together), whose passes
  run over 50-70 lanes of one y and cost their starts: lanes of several y in one pass
  need K by lane (2x a pass, measured in ``exact_compiled_three``'s note). The clean side
  and three in a window are now some 0.75 s of the 2.0: under 1 s still needs the
  disqualified targets' 1.1 s cut to about a third. ``benchmarks/stretch_exact.py
  --quick`` after it, at load 9-11 (both cores near wholly taken by others: two threads
  used 0.2 of a core): 12 horses 2.22 s (tables 0.09, single threshold 0.02, clean
  targets 0.60, three in a window 0.19, disqualified targets 1.37: that part, untouched
  here, took 1.10 at load 1-2); compiled = NumPy to 4.8e-13, every recorded race inside
  its range, the show bound at most 7.3e-10.
- 2026-12-05 (night), the disqualified targets' passes (engineer xcarry). Lead (c) above
  weighed with counts first (``benchmarks/stretch_exact_sparsity.py``, its last table,
  every shared outcome): between consecutive rows d that are summed, p_gt(d) or d_le(d)
  changes for 1.85 of 6 horses, 2.71 of 10, 3.09 of 12 and 3.74 of 20, and a row has
  0.98-0.99 of its lanes in the row before, as counted; but the three cases with window
  terms also read c_ge(d) (the leader's marker, and the window case's between = c_gt(y) -
  c_ge(d)), and with it 4.50, 7.54, 8.91 and 11.17 horses change a row: clean keys lie
  between the disqualified ones. So state carried from d to d would spare three quarters
  of a row only in the first two cases (their others and sums: 4 of the some 20 passes
  over every horse a block) and in the others (1 / allowed and the product) of the other
  three, not in their sums with c_ge(d); the one-in-a-window products change in 9 of 12
  rows and columns too. Some 0.03-0.05 s at stake, not 0.1-0.2, for lane state kept over
  the outcome and sums in another order: not built. Built instead, each the same numbers
  to the last bit but the second, each paired with ``benchmarks/stretch_exact_pairs.py``
  against the commit before (12 horses, least of 3 tries an outcome, load 4-16): the
  leader and window cases' sums over the horses in one pass a case (three to five before,
  ``_two`` and ``_pair`` taking them given: ``_dq_two``, ``_dq_pair``) and the work blocks
  zeroed in the targets' rows alone (``_dq_zero_rows``; ``_times_window`` zeroed all four
  kinds for two), 0.96 (1.170 -> 1.121 s); ``DQ_LANES_LEFT_OUT`` 1e-13, 0.98 (place
  1.5e-17, show 1.3e-15 and bound 9.9e-15 weighted); each case's others in the same pass
  as its sums (``_dq_others_two``, ``_dq_others_sums``, ``_dq_others_sums_squares``; still
  vectors, one vdivpd, checked in the assembly), 0.98. Tried and dropped:
  ``_two_or_more``'s and ``_squares_below``'s two sums over the horses in one pass, 1.00
  (the same numbers). All against f0f6908: disqualified targets 0.94 (1.085 -> 1.018 s;
  load 8-11), all the key-pair sums 0.96 (1.982 -> 1.907 s); place, show and bound differ by
  the second's differences alone. ``benchmarks/stretch_exact.py --quick`` after
  it, load 9-10: 12 horses 2.03 s (tables 0.10, single threshold 0.04, clean targets 0.61,
  three in a window 0.17, disqualified targets 1.03), every recorded race inside its range,
  show bound at most 7.3e-10. Next: the passes are a smaller part now (some 0.25 s
  before these commits, by the profile above); the window terms (``_two_or_more`` with its
  squares, ``_times_window``, ``_times_fixed``) and the heavy lanes, h^2 and h^3 a lane,
  are, and their lanes are fixed by the bounds. The largest stake measured for them is
  item (2) of 2026-12-03: bounding per lane where a lane's bound is below 1e-15 (a quarter
  of the lanes whose window terms are summed, in the leader and window cases alike), with
  the lanes that matter compacted; the window case would gather its window (``low_sym``,
  ``low_spread``) by the lanes kept.
- 2026-12-05 (xfresh), a study for an order of cost, not a constant, then two cuts.
  Counted first (12 horses, all 18 shared outcomes, ``benchmarks/stretch_exact_pairs.py``'s
  inputs): 781 keys an outcome (768-801), every one a clean key, 529 disqualified keys;
  305 thousand clean key pairs and 198 thousand (y, d) pairs; 5.9 of 12 horses clean at a
  clean key, 2.7 disqualified at a disqualified one. (i) The sweep: for a lane (x, y) the
  window sum over the upper key z is exact for any number of 2s in it if each other horse's
  allowed 1 - c_gt(x) - q(y) - q(z) is kept up to date as z rises (only the 2.7 horses
  disqualified at z change; running sums of the product times A B - D and B, a target's
  own terms flushed when its factor changes): no heavy lanes, no three in a window, no
  bound. Built as a prototype (``benchmarks/stretch_exact_sweep.py``): the same as a
  term-by-term triple sum to 6e-15 (relative), and as the NumPy none + one + two in the
  window to 4.6e-15 on a lane of 1.7e-9 (three or more, which the expansion bounds). But it
  costs the keys above y a lane: every lane, 79 million clean-key and 45 million
  disqualified-key steps an outcome (0.98 s for one outcome, against 0.046 s for today's
  whole clean side); the heavy lanes alone (28-44 thousand an outcome as the NumPy sums
  pick them, 243-258 clean and 126-137 disqualified keys above y each) 0.118 s against
  that 0.046 s (one outcome, least of 3; 6 horses 0.30 against 0.029, 20 horses 0.100
  against 0.086). The expansion with key tables is the cheaper order while h^2 and the
  sets of three and four (144, 220, 495 at 12) stay below the ~250 keys above a lane's y:
  dropped. (ii) Running sums over the target's key x: a step along x changes 5.9 of 12
  horses' allowed (those clean at x) and the products do not separate in x: nothing to
  carry (as 2026-12-04 found for the lanes). (iii) Work shared between the 18 outcomes: no
  two are the same field at 6, 12 or 20 horses (the race factor moves each horse's figures
  by its own amount, the pace each horse's APR chances): nothing to share. What the study
  found instead: a place depends only on the order of different horses' keys, and a run of
  consecutive keys only one horse reaches holds no other horse, so it can be one key
  (``exact_finish._fresh_merged_keys``, in ``place_and_show``: the NumPy sums and these
  alike): 781 -> 708 keys at 12 horses (675 -> 589 at 6, 936 -> 892 at 20), the runs at
  the top and bottom of the field. ``benchmarks/stretch_exact_merged.py`` (each outcome's
  ``_place_and_show`` on both, least of 3, paired in one process, load 9): 12 horses 0.955
  (1.998 -> 1.908 s), 6 horses 0.897, 20 horses 1.015 (noise); place the same to 1.1e-16;
  more lanes summed where a key's budget covered them, so every show range lies inside
  the old (show up by at most 7.4e-13 weighted at 12 horses, show + bound down by up to
  1.7e-11, the largest bound 3.3e-10 -> 3.1e-10; at 6 horses 7.3e-10 -> 5.1e-10). No
  wider merge is exact: two keys with two different horses on them order them. And the
  design note's lead (2): ``windows`` keeps ``Windows.two`` as [key, set of three] (220
  numbers a key at 12 horses, not 1,728 after zeroing), each key's window made in a
  scratch window by the same ``_window_two_at`` and kept as sets (``_fresh_sets_into``);
  the disqualified targets' readers take the sets as they are (``_sum_at_d`` through
  ``_fresh_two_q_by_sets``, ``_keep``, ``_sum_by_y``: one line each, no ``_sets_of``):
  windows 0.74 (0.066 -> 0.049 s), disqualified targets 0.98, all the key-pair sums 0.98
  (2.095 -> 2.059 s; ``benchmarks/stretch_exact_pairs.py`` against 997051a, least of 3,
  load 9-10), place and show the same to 0. (``benchmarks/stretch_exact_dq.py`` records
  ``disqualified_targets``' inputs from today's windows: paired against a revision before
  this, the old loops would be handed sets.) Next, small: ``clean_targets`` keeps its own
  sums over the keys above and makes the window at each heavy y (``_window_two_add`` every
  key, ``_window_two_at`` and ``_sets_of`` where it sums), though ``windows`` now holds
  those sets at every key: passing ``b["two"]`` to it and calling ``_fresh_two_q_by_sets``
  with ``w_two[y]`` in ``_two_qs_summed`` drops all three. Measured in a copy of this
  module (``stretch_exact_pairs.py --against`` the copy, least of 3, load 3-6): clean
  targets 0.965 of today's (0.592 -> 0.571 s), all 0.99, show the same to 0; xlanes' loop,
  so not done here. The whole answer paired against main 997051a
  (``benchmarks/stretch_exact_whole.py``: today's ``place_and_show`` against 997051a's
  loops on the keys as given, least of 3, one process, load 7-8): 12 horses 0.948 (2.075
  -> 1.966 s), 6 horses 0.893 (1.956 -> 1.746 s); every recorded race inside its range
  (``stretch_exact.py --quick``; the largest show bound 7.3e-10 -> 5.1e-10, the Champagne
  Stakes' 8.9e-10 -> 5.0e-10). The factor of two left is not in any order change found
  here: the time is the lanes (key pairs) times h^2-h^3 work each, and the keys fix the
  lanes; the merge above is the one exact cut of the keys (it is maximal).
- 2026-12-05 (xlanes), item (2) of 2026-12-03, the per-lane bound, built and measured: it
  does not pay, and its premise is out of date. Built first as that note reads: in all
  three cases every lane lo to nb whose bound (``_negligible``'s, summed over the targets)
  was below a threshold given at run time got it, the lanes left gathered together (r,
  the factor, the case's sums; in the window case r5, the 1s and each lane's window
  matrix and spread too), their window terms summed there, factor and bound put back by
  lane and the heavy lanes logged by their own lane's key (``_alone_bound`` reading r5 at
  it). At 1e-15, paired against main in one process (``benchmarks/stretch_exact_pairs.py``,
  least of 3 an outcome, 12 horses, load 9): clean targets 1.29 (0.620 -> 0.800 s),
  disqualified targets 1.20 (1.203 -> 1.443), all 1.20 (2.08 -> 2.50 s). The window terms'
  products run in vectors at some 4 multiply-adds a cycle; a gather (an index a lane, a
  row a horse) moves a value a cycle at best, and the bound itself (``math.expm1`` a
  lane) now ran at every lane: the kept lanes' gathers cost more than the bounded lanes'
  products. And 1e-15 left the recorded ranges: the claiming route's show plus bound rose
  1.3e-12 on its second horse (3.350e-10 -> 3.364e-10), past the 6.6e-13 of room it has
  (test_compiled_chances_are_the_recorded_ones failed). Then without gathers: each block's
  summed lanes trimmed at both ends while a lane's bound is below the threshold (no
  lane moved, no expm1 past the first lane kept at either end): 1e-16 1.01 of main (2.089
  -> 2.114 s, load 5-8), 1e-15 0.98 and 1.00 in two runs (2.074 -> 2.037, 1.911 -> 1.903,
  load 5); room left in the recorded ranges (show plus bound below the recorded top)
  on the claiming route 6.61e-13 at 1e-16, 6.53e-13 at 3e-16, 3.79e-13 at 1e-15 (6.62e-13
  today), on the Dream Derby 7.41, 7.37 and 6.08e-13 (7.41e-13): not committed, a
  noise-sized gain for half the room. Why so little: the 2026-12-03 counts were taken
  before the lowest lanes of each key got a budget (``CLEAN_LOWEST_BOUNDED``,
  ``LOWEST_BOUNDED``, 2026-12-04), and those budgets took the lanes the lead counted.
  Counted again on today's loops (a copy of this module tallying, for every lane whose
  window terms are summed, whether its bound is below the threshold; 12 horses, all 18
  shared outcomes): of 1.84 million clean lanes, 1.04 million of the leader case and 1.02
  million of the window case, below 1e-16 0.9 %, 1.3 % and 1.3 % (bounds 8.9e-13,
  6.7e-13, 6.7e-13 summed unweighted over outcomes and horses), below 1e-15 5.4 %, 7.3 %,
  7.3 % (4.1e-11, 3.2e-11, 3.1e-11), below 1e-14 13 %, 19 %, 18 % (5-6e-10 each, over
  the budget): at 1e-15 some 0.05 s of window terms at most, not 0.2. (A NumPy count of
  the clean targets, every third outcome, with the budget left out, gives the 2026-12-03
  figures back: 19 % of the lanes below 1e-16, 26 % below 1e-15; with it, 0.8 % and
  5.3 %, half of the latter at the ends of a key's lanes.) So the lanes whose window
  terms are summed are now the ones whose bound matters; fewer of them needs a tighter
  bound, not a per-lane one (and the heavy lanes' sums are 0.03-0.44 of their bounds:
  2026-12-03 (evening)).
  Lead (3), the heavy lanes' passes paying their starts, measured before building:
  ``_two_q_sets`` (12 horses, a made-up window, least of 7, load 5) takes 295, 241, 228,
  192, 185 and 172 ns a lane at 40, 60, 64, 96, 128 and 256 lanes (235 at 1,024: out of
  the cache), so a key's 50-70 heavy lanes cost some 1.4 times what they would in passes
  of 256: some 0.02 s of the clean heavy lanes (``_two_q_sets`` is about a tenth of the
  clean side), before the window's K by lane that lanes of several y in one pass need
  (twice a pass, ``exact_compiled_three``'s note). Not built. What this leaves: the lanes
  are fixed by bounds that already spend the room the recorded ranges give (the
  claiming route and the Dream Derby have some 6.6-7.4e-13 of 1e-12 left), so under 1 s
  needs fewer terms a lane or cheaper ones, not fewer lanes.
- 2026-12-05 (xtune). ``clean_targets`` reads ``windows``' sets (``w_two[y]`` into
  ``_fresh_two_q_by_sets``), its own window sums and the compiled ``_two_q_between`` gone:
  ``stretch_exact_pairs.py --against`` main 489aaa9 (least of 3, load 7-13, two runs):
  clean targets 0.98 and 0.98 (0.573 -> 0.560 s), all 0.98 and 1.00, place and show the
  same to 0. The room in the recorded ranges after xfresh's key merge (the recorded show
  plus bound plus 1e-12 less today's, the least over horses, as
  test_compiled_chances_are_the_recorded_ones checks): the claiming route 6.615e-13 (not
  grown: 6.62e-13 before), the Dream Derby 8.51e-13 (7.41e-13), the allowance turf route
  2.3e-11, the Champagne Stakes 1.3e-10; show stands 9.3e-13 and 9.8e-13 above the
  recorded low on the first two. So the budgets that spent that room stay. ``LEFT_OUT``
  1e-15 -> 1e-14 adds at most 2e-14 an outcome, whatever the room: the claiming route's
  room 6.606e-13, the Dream Derby's 8.506e-13, the largest show bound the same (4.96e-10,
  the Champagne Stakes); paired against the commit before it (least of 3, load 3-9):
  clean targets 0.96 (0.537 -> 0.515 s) and 0.92, three in a window 0.97 and 0.94, all
  0.99 (1.806 -> 1.781 s) and 0.97 (windows, unchanged, 0.99 and 0.93: the noise); place
  the same to 1e-17, show to 1.4e-15: committed. Next: what is left of the room (6.6e-13
  on the claiming route) would take ``DQ_LANES_LEFT_OUT`` at most to some 5e-13, not a
  decade: not tried.
- 2026-12-05 (xtie), the window case parametrised by its top clean key (the coordinator's
  lead), measured before building it: it does not pay. In the window case (X disqualified
  at d rolled 2, the two clean horses ahead of it at y1 > y2, both behind d, a third below)
  a 1 harms X only above y1 (in (y2, y1] it lands in X's gap, behind it at the wire) and a
  2 only above d; so the others' limits depend on (y1, d) alone and y2 matters only by a
  tie (two or more level at y2 put X out of show). The case is T1 over (y1, d), a unique
  clean horse at y1 with two or more below it, no 1 above y1, no 2 above d (``Others``, h
  a lane, no window: the same two allowed as today's r4 and r5), less T2 over (y2, d), two
  or more level at y2 and one clean at some y1 in (y2, d), no 1 above y1: today's window of
  1s in (y2, y1] again, weighted by the tie (with rho = c(y2) r, every sum is today's with
  r / (1 + rho) times the others' product of 1 + rho, less today's with r, less today's with
  one clean horse at y2). The leader case likewise: over (d, y1), the leader at y1 >= d, no
  1 above d, no 2 above y1, the top clean key behind d held by one horse with a clean horse
  below it (which also drops ``_single_threshold``'s take-off of two clean horses alone).
  Both checked against every joint outcome of test_stretch_exact_finish.py's small fields
  (``benchmarks/stretch_exact_tie.py --small``, T2 and the leader case by a sum over every
  key triple: show as near as today's, 3.7e-15 to 1.1e-13), and T1 - T2 against today's
  case on real outcomes (today's show at most T1 - T2's top and its show at most today's
  top, by 2e-16 or more, as two ranges of one truth must). The stakes, measured
  first (copies of this module with parts switched off, ``stretch_exact_dq.py --against``,
  least of 3, 12 horses, load 9-10): the window case's window terms 0.65 s of 0.96, its
  heavy pairs (two 1s summed: ``_keep``, ``_sum_by_y``) 0.38 s of it; the leader's window
  terms 0.18 s of 0.95. What the tie buys (``stretch_exact_tie.py``, outcomes 0, 8 and 17):
  T2 is a fortieth of T1 (by horse at most 0.9-2.0e-5 against 3.3-9.2e-4 at 12 horses),
  but a pair's window bound spreads over a dozen decades, so the pairs whose one-1 terms
  the loops would sum (``NEGLIGIBLE``, ``LOWEST_BOUNDED``, as ``_negligible`` applies
  them; all 18 outcomes) fall only from 1.00 to 0.92 million at 12 horses (1.76 to 1.44
  at 6), each needing S r / (1 + rho) besides today's S r and S ra. And T2 is taken
  off show: what is bounded of it, not summed, lowers show by its bound (today's bounded
  window terms lower it by their value, some 0.03-0.4 of it). At ``HEAVY_DQ_PAIR`` T2 has
  1.7-4.7 thousand heavy pairs an outcome against today's 12.7-15.3 thousand (12 horses,
  outcomes 0, 8, 17), but show falls 1.6-2.8e-10 below today's, where the recorded ranges
  allow 1e-12. For show to stay at or above today's, T2's threshold goes to a hundredth:
  17.8-19.6 thousand heavy pairs (6 horses 24.0-30.0 thousand against today's 24.4-29.2),
  each with W2 contracted by r / (1 + rho) and by r besides today's one contraction (at a
  tenth, 8.4-10.9 thousand, show still falls up to 1.8e-11). A bound on T2's two or more
  as tight as its value (today's heavy sums are 0.003-0.4 of their bounds) would still
  leave some 5-9 thousand (an estimate between those counts). On today's per-pair costs
  (an estimate, not built): the one-1 terms some 1.2 times today's 0.27 s (a copy that
  applies S to two more vectors at every summed pair, r5's, and sums a second
  ``_one_in_window``: +0.083 s, 1.037 against 0.954), the heavy pairs 2.5-4 times its
  0.38 s (1.3-1.5 times the pairs; even at today's cost a pair, slower): slower by half a
  second or more. The leader case moves the same way on 0.18 s whose heavy pairs are the
  cheap ones (one window a key d). What the lead buys is exactness: at the hundredth, case
  A's share of the show bound falls from 2.9-3.0e-10 to about 3e-12 an outcome and show
  rises by up to 3.3e-11. So the time is the pairs whose window terms matter, whichever
  case they are parametrised by; taking a rarer case off, instead of adding a likelier
  one, makes their bounds count against show.

Compiled code is kept in ``__pycache__`` beside this file (``cache=True``): ``make setup``
compiles it once (``python -m homestretch.games.stretch.analysis.exact_compiled``), so nobody waits
for a compile at their first ``odds``. Importing Numba takes about half a second, so only
``exact_finish.place_and_show`` imports this module, when the sums are wanted.
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np
from numba import njit

from homestretch.games.stretch.analysis.exact_compiled_three import three_in_window
from homestretch.games.stretch.analysis.exact_finish import (
    HEAVY_DQ_PAIR,
    HEAVY_PAIR,
    HEAVY_THREE,
    Floats,
    Tables,
    Windows,
)

NEGLIGIBLE = 1e-18
"""Key pairs whose window terms are bounded below this are bounded, not summed: about
two thirds of the pairs of a 12-horse field, adding some 1e-15 to its show bound."""
CLEAN_LOWEST_BOUNDED = 3e-15
"""What a clean target's lowest lanes of a key y may add to the show bound together
(``_negligible`` with a budget, as a disqualified target's ``LOWEST_BOUNDED``)."""
LEFT_OUT = 1e-14
"""A clean target's lowest keys are left out while all they could add (each horse's chance
to be clean there with one or two others clean ahead) stays below this together, and so
are a disqualified target's keys that could add least, and then, of the keys kept, each
one's lowest lower keys while together they could add below ``DQ_LANES_LEFT_OUT``:
each part is added to the show bound (place may be that much low, 1.2e-13 at most). At
1e-15, about a third of the clean targets' key pairs of a 12-horse field and some 0.57 of
the disqualified ones' (``_left_out``, ``_left_out_rows``, ``_left_out_lanes``); 1e-14
(2026-12-05, xtune) left out a few more for 0.96 of the clean targets' time."""
BLOCK = 256
"""Lower keys taken at once: a [horse, lane] block of 12 horses is 24 kB, in the first two
caches (measured: 64 and 512 lanes are a little slower)."""

# nogil: threads run the loops at once; cache: compiled once, kept in __pycache__;
# contract: a * b + c in one instruction (rounded once, not twice)
kernel = njit(nogil=True, cache=True, error_model="numpy", fastmath={"contract"})
_lane = np.uint64
"""Lane indices are unsigned: a signed one may be negative, counted from the end, and
that check keeps the compiler from running the loop several lanes at a time."""
Ints = Any  # numba reads no annotations; these name what each argument holds


# ---------------------------------------------------------------- block helpers
# Each works on the first nb lanes (key pairs) of [horse, lane] blocks; r holds
# 1 / allowed, each horse's chance of an outcome that harms no claim (exact_finish.Others),
# and `lo` is the first lane a window term is summed at (those below it are bounded).


@kernel
def _dot(a: Floats, b: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = the sum over the horses of a * b. (One array written a loop, as in every
    loop over lanes here: with more the compiler cannot rule out that they overlap, and
    runs the loop one lane at a time.)"""
    into[lo:nb] = 0.0
    for h in range(a.shape[0]):
        for i in range(_lane(lo), _lane(nb)):
            into[i] += a[h, i] * b[h, i]


@kernel
def _dot_at(a: Floats, b: Floats, into: Floats, lo: int, nb: int, targets: Ints) -> None:
    """``_dot`` over the target horses only (in order: where b is 0 at every other horse,
    the same numbers to the last bit)."""
    into[lo:nb] = 0.0
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            into[i] += a[h, i] * b[h, i]


@kernel
def _dot_r2(r: Floats, a: Floats, b: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = the sum over the horses of (a / allowed) (b / allowed)."""
    into[lo:nb] = 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(lo), _lane(nb)):
            into[i] += a[h, i] * r[h, i] * b[h, i] * r[h, i]


@kernel
def _sum(r: Floats, a: Floats, into: Floats, nb: int) -> None:
    """into = the sum over the horses of a / allowed (how many are marked a, weighed)."""
    _dot(r, a, into, 0, nb)


@kernel
def _others(base: Floats, low: Floats, at: int, r: Floats, product: Floats, nb: int) -> None:
    """allowed = base (by horse) - low (at the lower keys from ``at``): r = 1 / allowed
    and product = the product of every horse's allowed."""
    product[:nb] = 1.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            r[h, i] = 1 / allowed
            product[i] *= allowed


@kernel
def _sums_two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, nb: int
) -> None:
    """The sums over the horses of a / allowed, of b / allowed and of their product, in one
    pass (a loop that writes three arrays: the compiler still runs it several lanes at a
    time, measured)."""
    sum_a[:nb], sum_b[:nb], both[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb


@kernel
def _weigh_one_two(
    place: Floats, show: Floats, at: int, product: Floats, r: Floats, weight: Floats,
    a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, scale: float, nb: int,
    targets: Ints,
) -> None:  # fmt: skip
    """``_one`` (a) weighed into place, and it plus ``_two`` (a, b) into show, in one pass;
    the sums are ``_sums_two``'s. Only the ``targets`` are weighed (a disqualified target's
    weight is 0 at every other horse: the design note)."""
    for h in targets:
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            one = sum_a[i] - ra
            share = scale * product[i] * r[h, i] * weight[h, i]
            place[h, _lane(at) + i] += share * one
            show[h, _lane(at) + i] += share * (one + (one * (sum_b[i] - rb) - (both[i] - ra * rb)))


@kernel
def _weigh_two(
    into: Floats, at: int, product: Floats, r: Floats, weight: Floats, a: Floats, b: Floats,
    sum_a: Floats, sum_b: Floats, both: Floats, scale: float, nb: int, targets: Ints,
) -> None:  # fmt: skip
    """``_two`` (a, b) weighed into ``into`` in one pass; the sums are ``_sums_two``'s."""
    for h in targets:
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            two = (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)
            into[h, _lane(at) + i] += scale * product[i] * r[h, i] * weight[h, i] * two


@kernel
def _gather(low: Floats, at: int, minus: Floats, into: Floats, nb: int) -> None:
    """into = low (at the lower keys from ``at``) - minus (by horse)."""
    for h in range(into.shape[0]):
        for i in range(_lane(nb)):
            into[h, i] = low[h, _lane(at) + i] - minus[h]


@kernel
def _two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, into: Floats, scale: float,
    lo: int, nb: int, work: Floats, targets: Ints,
) -> None:  # fmt: skip
    """into += scale * (one other marked a, a different one marked b), lanes lo to nb,
    rows of the ``targets``; sum_a and sum_b are ``_sum(r, a)`` and ``_sum(r, b)``, which
    other terms share."""
    both = work[0]
    _dot_r2(r, a, b, both, lo, nb)
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            into[h, i] += scale * ((sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb))


@kernel
def _pair(
    r: Floats, a: Floats, total: Floats, into: Floats, scale: float, nb: int, work: Floats,
    targets: Ints,
) -> None:  # fmt: skip
    """into += scale * (two different others both marked a), rows of the ``targets``;
    total is ``_sum(r, a)``."""
    squares = work[0]
    _dot_r2(r, a, a, squares, 0, nb)
    for h in targets:
        for i in range(_lane(nb)):
            ra = a[h, i] * r[h, i]
            into[h, i] += scale * ((total[i] * total[i] - squares[i]) / 2 - ra * (total[i] - ra))


@kernel
def _weigh(
    into: Floats, at: int, product: Floats, r: Floats, weight: Floats, factor: Floats,
    scale: float, nb: int, targets: Ints,
) -> None:  # fmt: skip
    """into[:, at + lane] += scale * (the others' allowed) * weight * factor, the rows of
    the ``targets`` (weight is 0 at every other horse)."""
    _weigh_lanes(into, at, product, r, weight, factor, scale, 0, nb, targets)


@kernel
def _weigh_lanes(
    into: Floats, at: int, product: Floats, r: Floats, weight: Floats, factor: Floats,
    scale: float, lo: int, nb: int, targets: Ints,
) -> None:  # fmt: skip
    """``_weigh`` on the lanes lo to nb."""
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            into[h, _lane(at) + i] += scale * product[i] * r[h, i] * weight[h, i] * factor[h, i]


@kernel
def _spread(column: Floats, block: Floats) -> None:
    """One value per horse, the same in every lane."""
    for h in range(block.shape[0]):
        block[h, :] = column[h]


@kernel
def _negligible(
    product: Floats, r: Floats, weight: Floats, s_a: Floats, s_b: Floats, q: Floats,
    into: Floats, at: int, per: float, nb: int, work: Floats, spent: Floats, case: int,
    budget: float, targets: Ints,
) -> int:  # fmt: skip
    """The first lane whose window terms may matter; the lanes before it get their bound.

    The window terms (one or more disqualified horses in a window, besides a horse
    marked a and another marked b) of a key pair are at most weighted * s_a * s_b *
    (exp(q) - 1): the sums over the others of a, b and the window's markers, each over
    allowed (the product over subsets of markers, bounded by the exponential). Low keys
    are where a horse is rarely so far ahead that the window matters: below ``NEGLIGIBLE``
    they are bounded instead of summed, at no cost to place. The window terms weigh
    1 / ``per`` of the case. A lane above ``NEGLIGIBLE`` is bounded too while the bounds
    of the lanes bounded so far (``spent[case]``, kept by the caller over a key's blocks)
    stay below ``budget`` (0: none is).
    """
    share, total = work[0], work[1]
    _dot_at(r, weight, total, 0, nb, targets)
    lo = 0
    while lo < nb:
        share[lo] = s_a[lo] * s_b[lo] * math.expm1(q[lo]) * product[lo] / per
        lane = total[lo] * share[lo]
        if lane >= NEGLIGIBLE and spent[case] + lane >= budget:
            break
        spent[case] += lane
        lo += 1
    for h in targets:
        for i in range(_lane(lo)):
            into[h, _lane(at) + i] += r[h, i] * weight[h, i] * share[i]
    return lo


# ------------------------------------------------- one disqualified horse in a window


@kernel
def _one_in_window(
    r: Floats, c: Floats, sum_a: Floats, by_r: Floats, by_ra: Floats, into: Floats,
    scale: float, lo: int, nb: int, work: Floats, targets: Ints,
) -> None:  # fmt: skip
    """into += scale * ``exact_finish._one_between`` (rows of the ``targets``), from the
    window's symmetric matrix S = W + W^T applied to r and to r * a (a = c * r): by_r =
    S r, by_ra = S (r a) (read in the targets' rows alone); sum_a is ``_sum(r, c)``.

    Every term of the sum uses W and W^T together (row + col, W ra + W^T ra), so half
    the products of the two separately do.
    """
    whole, spread = work[0], work[1]
    _dot(r, by_r, whole, lo, nb)
    _dot_r2(r, c, by_r, spread, lo, nb)
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            a, s = c[h, i] * r[h, i], r[h, i] * by_r[h, i]
            into[h, i] += scale * (
                (sum_a[i] - a) * (whole[i] / 2 - s) - (spread[i] - a * s) + r[h, i] * by_ra[h, i]
            )


@kernel
def _times_fixed(
    sym: Floats, r: Floats, ra: Floats, by_r: Floats, by_ra: Floats, lo: int, nb: int,
    is_target: Any,
) -> None:  # fmt: skip
    """by_r = S r and by_ra = S ra for one symmetric matrix S (zero diagonal); by_ra only
    in the rows of the targets (``is_target``), the only ones ``_one_in_window`` reads."""
    horses = r.shape[0]
    by_r[:, lo:nb], by_ra[:, lo:nb] = 0.0, 0.0
    for m in range(horses):
        for j in range(m + 1, horses):
            w = sym[m, j]
            if w == 0.0:
                continue
            _add_times(w, r, j, by_r, m, lo, nb)
            _add_times(w, r, m, by_r, j, lo, nb)
            if is_target[m]:
                _add_times(w, ra, j, by_ra, m, lo, nb)
            if is_target[j]:
                _add_times(w, ra, m, by_ra, j, lo, nb)


@kernel
def _add_times(w: float, v: Floats, j: int, u: Floats, m: int, lo: int, nb: int) -> None:
    """u[m] += w * v[j] on the lanes lo to nb."""
    for i in range(_lane(lo), _lane(nb)):
        u[m, i] += w * v[j, i]


@kernel
def _add_times_lanes(w: Floats, v: Floats, j: int, u: Floats, m: int, lo: int, nb: int) -> None:
    """u[m] += w * v[j] on the lanes lo to nb, w one per lane."""
    for i in range(_lane(lo), _lane(nb)):
        u[m, i] += w[i] * v[j, i]


@kernel
def _times_r_c_r(r: Floats, c: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = r * c * r, the vector ``_one_in_window`` needs S applied to besides r."""
    for h in range(r.shape[0]):
        for i in range(_lane(lo), _lane(nb)):
            into[h, i] = r[h, i] * c[h, i] * r[h, i]


@kernel
def _times_window(
    low_sym: Floats, at: int, fixed: Floats, ones: Floats, c_ge_d: Floats,
    vectors: Floats, kinds: int, into: Floats, lo: int, nb: int, work: Floats,
    is_target: Any, targets: Ints, every: Ints,
) -> None:  # fmt: skip
    """into[k] = S vectors[k], k < kinds, for the window of each lane (clean key y below the
    disqualified key d): y's matrix (low_sym, lanes from ``at``) less d's (fixed), less the
    1s between y and d (ones) paired with the clean horses at or ahead of d (a rank-two
    part, diagonal left out, taken with sums over the horses). The odd kinds (S r a, which
    ``_one_in_window`` reads in the rows of the targets alone) only in those rows."""
    horses = vectors.shape[1]
    for k in range(0, kinds, 2):  # the odd kinds are read in the targets' rows alone
        into[k, :, lo:nb] = 0.0
        _dq_zero_rows(into[k + 1], targets, lo, nb)
    w = work[0]
    for m in range(horses):
        for j in range(m + 1, horses):
            f = fixed[m, j]
            for i in range(_lane(lo), _lane(nb)):
                w[i] = low_sym[m, j, _lane(at) + i] - f
            for k in range(0, kinds, 2):
                _add_times_lanes(w, vectors[k], j, into[k], m, lo, nb)
                _add_times_lanes(w, vectors[k], m, into[k], j, lo, nb)
                if is_target[m]:
                    _add_times_lanes(w, vectors[k + 1], j, into[k + 1], m, lo, nb)
                if is_target[j]:
                    _add_times_lanes(w, vectors[k + 1], m, into[k + 1], j, lo, nb)
    for k in range(kinds):
        rows = every if k % 2 == 0 else targets
        _less_rank_two(ones, c_ge_d, vectors[k], into[k], lo, nb, work, rows)


@kernel
def _less_rank_two(
    ones: Floats, c_ge_d: Floats, v: Floats, u: Floats, lo: int, nb: int, work: Floats,
    rows: Ints,
) -> None:  # fmt: skip
    """u -= (ones c^T + c ones^T) v, diagonal left out, in the given rows of u."""
    by_c, by_ones = work[0], work[1]
    _dot(c_ge_d, v, by_c, lo, nb)
    _dot(ones, v, by_ones, lo, nb)
    for h in rows:
        for i in range(_lane(lo), _lane(nb)):
            u[h, i] -= ones[h, i] * (by_c[i] - c_ge_d[h, i] * v[h, i]) + c_ge_d[h, i] * (
                by_ones[i] - ones[h, i] * v[h, i]
            )


@kernel
def _dq_others_two(
    base: Floats, low: Floats, at: int, r: Floats, product: Floats, a: Floats, b: Floats,
    sum_a: Floats, sum_b: Floats, both: Floats, nb: int,
) -> None:  # fmt: skip
    """``_others`` and ``_sums_two`` in one pass: the same numbers."""
    product[:nb], sum_a[:nb], sum_b[:nb], both[:nb] = 1.0, 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            ri = 1 / allowed
            r[h, i] = ri
            product[i] *= allowed
            ra, rb = a[h, i] * ri, b[h, i] * ri
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb


@kernel
def _dq_others_sums(
    base: Floats, low: Floats, at: int, r: Floats, product: Floats, a: Floats, b: Floats,
    c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats, both: Floats, nb: int,
) -> None:  # fmt: skip
    """A disqualified target's case in one pass: its others (``_others``: r = 1 / allowed,
    product the product of every horse's allowed) and its sums over the horses, of a, b and
    c over allowed (``_sum`` three times) and of (a / allowed) (b / allowed) (``_dot_r2``,
    which ``_two`` takes). The same numbers as those five passes."""
    product[:nb], sum_a[:nb], sum_b[:nb], sum_c[:nb], both[:nb] = 1.0, 0.0, 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            ri = 1 / allowed
            r[h, i] = ri
            product[i] *= allowed
            sum_a[i] += ri * a[h, i]
            sum_b[i] += ri * b[h, i]
            sum_c[i] += ri * c[h, i]
            both[i] += a[h, i] * ri * b[h, i] * ri


@kernel
def _dq_others_sums_squares(
    base: Floats, low: Floats, at: int, r: Floats, product: Floats, a: Floats, b: Floats,
    c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats, both: Floats, squares: Floats,
    nb: int,
) -> None:  # fmt: skip
    """``_dq_others_sums`` and the sum of (a / allowed)^2 (``_dot_r2``, which ``_pair``
    takes) in one pass."""
    product[:nb], sum_a[:nb], sum_b[:nb], sum_c[:nb] = 1.0, 0.0, 0.0, 0.0
    both[:nb], squares[:nb] = 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            allowed = base[h] - low[h, _lane(at) + i]
            ri = 1 / allowed
            r[h, i] = ri
            product[i] *= allowed
            sum_a[i] += ri * a[h, i]
            sum_b[i] += ri * b[h, i]
            sum_c[i] += ri * c[h, i]
            both[i] += a[h, i] * ri * b[h, i] * ri
            squares[i] += a[h, i] * ri * a[h, i] * ri


@kernel
def _dq_two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, into: Floats,
    nb: int, targets: Ints,
) -> None:  # fmt: skip
    """``_two`` (scale 1, from lane 0) with its sum of products given (``_dq_others_sums``)."""
    for h in targets:
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            into[h, i] += (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)


@kernel
def _dq_pair(
    r: Floats, a: Floats, total: Floats, squares: Floats, into: Floats, scale: float, nb: int,
    targets: Ints,
) -> None:  # fmt: skip
    """``_pair`` with its sum of squares given (``_dq_others_sums_squares``)."""
    for h in targets:
        for i in range(_lane(nb)):
            ra = a[h, i] * r[h, i]
            into[h, i] += scale * ((total[i] * total[i] - squares[i]) / 2 - ra * (total[i] - ra))


@kernel
def _dq_zero_rows(block: Floats, rows: Ints, lo: int, nb: int) -> None:
    """block = 0 in the given rows, lanes lo to nb (a disqualified target's work blocks,
    of which only the targets' rows are read)."""
    for h in rows:
        block[h, lo:nb] = 0.0


# ------------------------------------------------------------------ clean targets


@kernel
def clean_targets(
    c: Floats,
    c_gt: Floats,
    p_gt: Floats,
    w_one: Floats,
    w_two: Floats,
    w_spread: Floats,
    clean_keys: Ints,
    heavy_pair: float,
    first: int,
    place: Floats,
    show: Floats,
    bound: Floats,
    three_log: Any,
) -> None:
    """``exact_finish._clean_target`` for every key pair (x, y), x < y clean keys;
    place, show and bound are [horse, x] sums over y. ``heavy_pair`` is
    ``exact_finish.HEAVY_PAIR``, an argument: a compiled constant would outlive a change
    to it in the cache, which watches this file only. The lower keys before ``first`` are
    left out (``_left_out``). ``w_two`` is the window of two 2s as ``windows`` keeps it,
    [key, set of three]. ``three_log`` (``HEAVY_THREE``, and
    where to log the pairs whose three or more are to be summed: ``_two_qs_summed``)."""
    horses, count = c.shape[0], clean_keys.size
    low_c, low_gt = c[:, clean_keys].copy(), c_gt[:, clean_keys].copy()
    blocks = _aligned(9 * horses, BLOCK).reshape((9, horses, BLOCK))  # rows start lines
    r1, r2, weight = blocks[0], blocks[1], blocks[2]
    factor, distinct, ra = blocks[3], blocks[4], blocks[5]
    by_r, by_ra, squared = blocks[6], blocks[7], blocks[8]
    c_y, p_y, c_gt_y = np.empty(horses), np.empty(horses), np.empty(horses)  # y's, by horse
    lanes = _aligned(10, BLOCK)
    product1, product2, q, s_a, s_b = lanes[0], lanes[1], lanes[2], lanes[3], lanes[4]
    sums, more = lanes[5:8], lanes[8:10]
    sym = _padded_square(horses)
    base1, base2, nothing = np.empty(horses), np.empty(horses), np.zeros(horses)
    spent = np.zeros(1)  # the bounds of y's lowest lanes (``CLEAN_LOWEST_BOUNDED``)
    picked = np.empty(BLOCK, np.int64)  # a block's heavy lanes (``_two_or_more_fixed``)
    every = np.arange(horses)  # the targets: a clean key's lanes hold several
    heavy = _heavy_lanes_aligned(horses, count)
    width = -(-count // 8) * 8
    heavy_work = _aligned(6 * horses, count).reshape((6, horses, width))
    heavy_lanes = _aligned(7, count)
    for k in range(count - 1, 0, -1):  # downwards, as show and bound have always been summed
        y = clean_keys[k]
        _symmetric(w_one[y], sym)
        for h in range(horses):  # the others: no 1 above y (A = 1), nor a 2 (A = 2)
            base1[h], base2[h] = 1 - p_gt[h, y], 1 - 2 * p_gt[h, y]
            c_y[h], p_y[h], c_gt_y[h] = c[h, y], p_gt[h, y], c_gt[h, y]
        summing, heavy_count = False, 0
        spent[0] = 0.0
        for start in range(first, k, BLOCK):
            nb = min(BLOCK, k - start)
            _gather(low_c, start, nothing, weight, nb)
            _others(base1, low_gt, start, r1, product1, nb)
            _others(base2, low_gt, start, r2, product2, nb)
            # A = 1: one clean horse at y, no disqualified 1 above it (show: at most one)
            _clean_sums_two(r1, c_y, p_y, s_a, s_b, sums[0], nb)
            _clean_weigh_one_two(place, show, start, product1, r1, weight, c_y, p_y, s_a, s_b,
                                 sums[0], nb)  # fmt: skip
            # A = 2, the lower at y: no disqualified 1 or 2 above y ...
            _clean_sums_three(r2, c_y, c_gt_y, p_y, s_a, s_b, q, nb)
            _clean_distinct_and_pair(r2, c_y, c_gt_y, s_a, s_b, distinct, factor, nb, sums)
            lo = 0
            if not summing:
                lo = _negligible(product2, r2, weight, s_a, s_b, q, bound, start, 1.0, nb, sums,
                                spent, 0, CLEAN_LOWEST_BOUNDED, every)  # fmt: skip
                summing = lo < nb
            # ... or exactly one disqualified 2 above y, at or behind the upper clean horse
            if lo < nb:
                _clean_times_r_c_r(r2, c_y, ra, lo, nb)
                _times_sym(sym, r2, by_r, lo, nb)
                _times_sym(sym, ra, by_ra, lo, nb)
                _clean_one_in_window(r2, c_y, s_a, by_r, by_ra, factor, lo, nb, sums)
            _weigh(show, start, product2, r2, weight, factor, 1.0, nb, every)
            if lo < nb:
                heavy_count = _two_or_more_fixed(
                    w_spread[y], r2, c_y, s_a, distinct, weight, product2, q, squared, factor,
                    bound, start, lo, nb, sums, more, heavy_pair, heavy, heavy_count, picked,
                )  # fmt: skip
        if heavy_count:
            _two_qs_summed(
                w_two[y], heavy, heavy_count, heavy_work, heavy_lanes, show, bound, 1.0, y,
                three_log,
            )  # fmt: skip


@kernel
def _aligned(rows: int, lanes: int) -> Floats:
    """[rows, lanes] with each row starting a cache line (lanes rounded up to whole lines:
    a vector of AVX-512 in one line, not two; Numba aligns arrays to 32 bytes only)."""
    width = -(-lanes // 8) * 8
    space = np.empty(rows * width + 8)
    skip = (-space.ctypes.data) % 64 // 8
    return space[skip : skip + rows * width].reshape((rows, width))


@kernel
def _heavy_lanes_aligned(horses: int, count: int) -> Any:
    """``_heavy_lanes`` with each row starting a cache line (``_aligned``): the heavy lanes'
    sums ran a fifth longer with the rows anywhere (measured on recorded lanes)."""
    rows = _aligned(3 * horses, count).reshape((3, horses, -(-count // 8) * 8))
    return rows[0], rows[1], rows[2], np.empty(count, np.int64), np.empty(count)


@kernel
def _padded_square(horses: int) -> Floats:
    """A [horse, horse] matrix of zeros with rows and columns up to a multiple of four
    (``_times_sym`` reads it in four-by-four blocks)."""
    size = -(-horses // 4) * 4
    return np.zeros((size, size))


@kernel
def _times_sym(sym: Floats, v: Floats, into: Floats, lo: int, nb: int) -> None:
    """into = sym v on the lanes lo to nb, sym (``_padded_square``) a four-by-four block at a
    time: four rows of v loaded once for sixteen multiply-adds, four of ``into`` stored
    once (one at a time, each multiply-add was two loads and a store). Each row's sum
    is taken in the same order as one at a time, the zeros skipped or added exactly (a
    row past the last horse is read as the last, its weights 0): the same numbers."""
    horses = v.shape[0]
    into[:, lo:nb] = 0.0
    for m in range(0, horses, 4):
        for j in range(0, horses, 4):
            w = sym[m : m + 4, j : j + 4]
            if not w.any():
                continue
            j1, j2, j3 = min(j + 1, horses - 1), min(j + 2, horses - 1), min(j + 3, horses - 1)
            if m + 4 > horses:  # the last one to three rows one at a time
                for row in range(m, horses):
                    _add_four(w[row - m], v, j, j1, j2, j3, into, row, lo, nb)
                continue
            w00, w01, w02, w03 = w[0, 0], w[0, 1], w[0, 2], w[0, 3]
            w10, w11, w12, w13 = w[1, 0], w[1, 1], w[1, 2], w[1, 3]
            w20, w21, w22, w23 = w[2, 0], w[2, 1], w[2, 2], w[2, 3]
            w30, w31, w32, w33 = w[3, 0], w[3, 1], w[3, 2], w[3, 3]
            for i in range(_lane(lo), _lane(nb)):
                v0, v1, v2, v3 = v[j, i], v[j1, i], v[j2, i], v[j3, i]
                into[m, i] = into[m, i] + w00 * v0 + w01 * v1 + w02 * v2 + w03 * v3
                into[m + 1, i] = into[m + 1, i] + w10 * v0 + w11 * v1 + w12 * v2 + w13 * v3
                into[m + 2, i] = into[m + 2, i] + w20 * v0 + w21 * v1 + w22 * v2 + w23 * v3
                into[m + 3, i] = into[m + 3, i] + w30 * v0 + w31 * v1 + w32 * v2 + w33 * v3


@kernel
def _add_four(
    w: Floats, v: Floats, j0: int, j1: int, j2: int, j3: int, into: Floats, m: int, lo: int,
    nb: int,
) -> None:  # fmt: skip
    """into[m] += w[0] v[j0] + ... + w[3] v[j3] on the lanes lo to nb, in that order."""
    w0, w1, w2, w3 = w[0], w[1], w[2], w[3]
    for i in range(_lane(lo), _lane(nb)):
        into[m, i] = into[m, i] + w0 * v[j0, i] + w1 * v[j1, i] + w2 * v[j2, i] + w3 * v[j3, i]


@kernel
def _sums_three(
    r: Floats, a: Floats, b: Floats, c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats,
    nb: int,
) -> None:  # fmt: skip
    """The sums over the horses of a / allowed, b / allowed and c / allowed in one pass
    (``_sum`` three times, the same numbers)."""
    sum_a[:nb], sum_b[:nb], sum_c[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            sum_a[i] += r[h, i] * a[h, i]
            sum_b[i] += r[h, i] * b[h, i]
            sum_c[i] += r[h, i] * c[h, i]


@kernel
def _distinct_and_pair(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, distinct: Floats,
    factor: Floats, nb: int, work: Floats,
) -> None:  # fmt: skip
    """distinct = ``_two`` (a, b) and factor = it plus ``_pair`` (a), each from zero: the
    sums of their products in one pass, their terms in another (``_two`` and ``_pair``
    took five)."""
    both, squares = work[0], work[1]
    both[:nb], squares[:nb] = 0.0, 0.0
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            ra = a[h, i] * r[h, i]
            both[i] += ra * b[h, i] * r[h, i]
            squares[i] += ra * a[h, i] * r[h, i]
    for h in range(r.shape[0]):
        for i in range(_lane(nb)):
            ra, rb = a[h, i] * r[h, i], b[h, i] * r[h, i]
            two = (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)
            distinct[h, i] = two
            factor[h, i] = two + ((sum_a[i] * sum_a[i] - squares[i]) / 2 - ra * (sum_a[i] - ra))


# A clean target's passes with the upper key y's chances one number a horse (``a``, ``b``,
# ``c`` by horse, the same in every lane), not a [horse, lane] block: each pass loads a
# block fewer for each (the same arithmetic in the same order, so the same numbers).


@kernel
def _clean_sums_two(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, nb: int
) -> None:
    """``_sums_two`` with a and b by horse."""
    sum_a[:nb], sum_b[:nb], both[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra, rb = a_h * r[h, i], b_h * r[h, i]
            sum_a[i] += ra
            sum_b[i] += rb
            both[i] += ra * rb


@kernel
def _clean_weigh_one_two(
    place: Floats, show: Floats, at: int, product: Floats, r: Floats, weight: Floats,
    a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, both: Floats, nb: int,
) -> None:  # fmt: skip
    """``_weigh_one_two`` with a and b by horse, every horse a target, scale 1."""
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra, rb = a_h * r[h, i], b_h * r[h, i]
            one = sum_a[i] - ra
            share = product[i] * r[h, i] * weight[h, i]
            place[h, _lane(at) + i] += share * one
            show[h, _lane(at) + i] += share * (one + (one * (sum_b[i] - rb) - (both[i] - ra * rb)))


@kernel
def _clean_sums_three(
    r: Floats, a: Floats, b: Floats, c: Floats, sum_a: Floats, sum_b: Floats, sum_c: Floats,
    nb: int,
) -> None:  # fmt: skip
    """``_sums_three`` with a, b and c by horse."""
    sum_a[:nb], sum_b[:nb], sum_c[:nb] = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        a_h, b_h, c_h = a[h], b[h], c[h]
        for i in range(_lane(nb)):
            sum_a[i] += r[h, i] * a_h
            sum_b[i] += r[h, i] * b_h
            sum_c[i] += r[h, i] * c_h


@kernel
def _clean_distinct_and_pair(
    r: Floats, a: Floats, b: Floats, sum_a: Floats, sum_b: Floats, distinct: Floats,
    factor: Floats, nb: int, work: Floats,
) -> None:  # fmt: skip
    """``_distinct_and_pair`` with a and b by horse."""
    both, squares = work[0], work[1]
    both[:nb], squares[:nb] = 0.0, 0.0
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra = a_h * r[h, i]
            both[i] += ra * b_h * r[h, i]
            squares[i] += ra * a_h * r[h, i]
    for h in range(r.shape[0]):
        a_h, b_h = a[h], b[h]
        for i in range(_lane(nb)):
            ra, rb = a_h * r[h, i], b_h * r[h, i]
            two = (sum_a[i] - ra) * (sum_b[i] - rb) - (both[i] - ra * rb)
            distinct[h, i] = two
            factor[h, i] = two + ((sum_a[i] * sum_a[i] - squares[i]) / 2 - ra * (sum_a[i] - ra))


@kernel
def _clean_times_r_c_r(r: Floats, c: Floats, into: Floats, lo: int, nb: int) -> None:
    """``_times_r_c_r`` with c by horse."""
    for h in range(r.shape[0]):
        c_h = c[h]
        for i in range(_lane(lo), _lane(nb)):
            into[h, i] = r[h, i] * c_h * r[h, i]


@kernel
def _clean_one_in_window(
    r: Floats, c: Floats, sum_a: Floats, by_r: Floats, by_ra: Floats, into: Floats, lo: int,
    nb: int, work: Floats,
) -> None:  # fmt: skip
    """``_one_in_window`` with c by horse, every horse a target, scale 1."""
    whole, spread = work[0], work[1]
    _dot(r, by_r, whole, lo, nb)
    spread[lo:nb] = 0.0  # _dot_r2 (r, c, by_r)
    for h in range(r.shape[0]):
        c_h = c[h]
        for i in range(_lane(lo), _lane(nb)):
            spread[i] += c_h * r[h, i] * by_r[h, i] * r[h, i]
    for h in range(r.shape[0]):
        c_h = c[h]
        for i in range(_lane(lo), _lane(nb)):
            a, s = c_h * r[h, i], r[h, i] * by_r[h, i]
            into[h, i] += (
                (sum_a[i] - a) * (whole[i] / 2 - s) - (spread[i] - a * s) + r[h, i] * by_ra[h, i]
            )


@kernel
def _left_out(c: Floats, c_gt: Floats, clean_keys: Ints, bound: Floats) -> int:
    """How many of a clean target's lowest keys x to leave out, their chances added to
    ``bound`` ([horse, x]). All a key pair (x, y) adds for a horse X (place, show and what
    bounds show) is a chance that X is clean at x with one or two others clean ahead of it,
    the lower at y; summed over y at most c_X(x) (P1 + P2), Pn the chance that exactly n
    others are clean ahead of x (each horse's count polynomial taken over the horses
    before it and after it, degrees 0 to 2). Keys are left out from the lowest while these
    sum below ``LEFT_OUT``."""
    horses = c.shape[0]
    before, after = np.zeros((horses, 3)), np.zeros((horses, 3))
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0  # nobody before the first, after the last
    chance, total = np.empty(horses), 0.0
    for first in range(clean_keys.size):
        x = clean_keys[first]
        _counts_around(c_gt[:, x], before, after)
        for h in range(horses):
            b, a = before[h], after[h]
            one_or_two = b[0] * a[1] + b[1] * a[0] + b[0] * a[2] + b[1] * a[1] + b[2] * a[0]
            chance[h] = c[h, x] * one_or_two
            total += chance[h]
        if total >= LEFT_OUT:
            return first
        for h in range(horses):
            bound[h, first] += chance[h]
    return clean_keys.size


@kernel
def _left_out_rows(c_ge: Floats, dq: Floats, dq_keys: Ints, bound: Floats) -> Any:
    """Which keys d of a disqualified target to leave out, their chances added to
    ``bound`` (at the first lower key: it is summed over them). All the key pairs (y, d)
    add for a horse X (``exact_finish._disqualified_target``'s cases) are chances that X
    is disqualified at d with at most one other horse clean at or ahead of d: at most
    dq_X(d) (P0 + P1), Pn the chance of exactly n. The keys with the least are left out
    while these sum below ``LEFT_OUT``."""
    horses = dq.shape[0]
    before, after = np.zeros((horses, 3)), np.zeros((horses, 3))
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0
    chance, total = np.empty((horses, dq_keys.size)), np.zeros(dq_keys.size)
    for index in range(dq_keys.size):
        d = dq_keys[index]
        _counts_around(c_ge[:, d], before, after)
        for h in range(horses):
            b, a = before[h], after[h]
            chance[h, index] = dq[h, d] * (b[0] * a[0] + b[0] * a[1] + b[1] * a[0])
            total[index] += chance[h, index]
    left_out, sum_left = np.zeros(dq_keys.size, np.bool_), 0.0
    for index in np.argsort(total):
        sum_left += total[index]
        if sum_left >= LEFT_OUT:
            break
        left_out[index] = True
        for h in range(horses):
            bound[h, 0] += chance[h, index]
    return left_out


@kernel
def _left_out_lanes(
    c: Floats, c_ge: Floats, dq: Floats, clean_keys: Ints, dq_keys: Ints, rows_left_out: Any,
    bound: Floats,
) -> Any:  # fmt: skip
    """The first lower key (an index of ``clean_keys``) of each key d of a disqualified
    target to sum from: the lowest lanes (y, d) of each row are left out while each could
    add below one threshold, the largest that keeps all they could add together below
    ``DQ_LANES_LEFT_OUT``; their chances are added to ``bound`` ([horse, y]); a row
    ``_left_out_rows`` leaves out starts past its last lane.

    All a lane adds for a horse X (``exact_finish._disqualified_target``'s cases, place,
    show and what bounds show) is a chance that X is disqualified at d, another horse j is
    clean at y and at most one of the rest is clean at or above y: at most dq_X(d) B_X(y),
    B_X(y) the sum over j of c_j(y) times the chance that at most one horse but X and j is
    clean at y or above (each horse's count polynomial over the horses before it and after
    it, X counted never). Low y is where nearly every horse is clean above: about two
    fifths of a 12-horse field's lanes add under 1e-20 each, and a quarter of the rest
    under 1e-18. The threshold is ``DQ_LANES_LEFT_OUT`` halved k times, k from 1 to
    ``DQ_LANE_STEPS``: a first pass adds up each row's lanes (up to its first that may add
    the budget) by the k of the largest lane so far in its row (a lane is left out only
    with every lane below it), a second leaves out the lanes below the threshold found."""
    horses, count = c.shape[0], clean_keys.size
    first = np.zeros(dq_keys.size, np.int64)
    keys = 0  # the lower keys of every row kept: B made for them
    for index in range(dq_keys.size):
        if not rows_left_out[index]:
            keys = max(keys, np.searchsorted(clean_keys, dq_keys[index]))
    chance = np.empty((horses, count))  # B_X(y) by horse and lower key
    before, after, p = np.zeros((horses, 3)), np.zeros((horses, 3)), np.empty(horses)
    before[0, 0], after[horses - 1, 0] = 1.0, 1.0  # nobody before the first, after the last
    for i in range(keys):
        _led_from(c, c_ge, clean_keys[i], chance[:, i], before, after, p)
    steps = DQ_LANE_STEPS
    by_step = np.zeros(steps + 1)  # what the lanes add, by the k of their row's largest
    lanes = np.empty(count)
    for index in range(dq_keys.size):
        if rows_left_out[index]:
            continue
        d = dq_keys[index]
        n = np.searchsorted(clean_keys, d)
        _dq_lanes(dq, d, chance, n, lanes)
        k, below = steps, DQ_LANES_LEFT_OUT * 0.5**steps  # the largest k the lanes are under
        for i in range(n):
            while k > 0 and lanes[i] >= below:
                k, below = k - 1, below * 2
            if lanes[i] >= below:  # k = 0: this lane and the rest are never left out
                break
            by_step[k] += lanes[i]
    # the threshold of k leaves out the lanes of k and above: the largest threshold
    # whose lanes add below the budget
    threshold, spent = 0.0, 0.0
    for k in range(steps, 0, -1):
        spent += by_step[k]
        if spent >= DQ_LANES_LEFT_OUT:
            break
        threshold = DQ_LANES_LEFT_OUT * 0.5**k
    for index in range(dq_keys.size):
        d = dq_keys[index]
        n = np.searchsorted(clean_keys, d)
        if rows_left_out[index]:
            first[index] = n
            continue
        _dq_lanes(dq, d, chance, n, lanes)
        i = 0
        while i < n and lanes[i] < threshold:
            i += 1
        for h in range(horses):
            if dq[h, d] > 0.0:
                for y in range(i):
                    bound[h, y] += dq[h, d] * chance[h, y]
        first[index] = i
    return first


@kernel
def _dq_lanes(dq: Floats, d: int, chance: Floats, n: int, into: Floats) -> None:
    """into[y] = the sum over the horses disqualified at d of dq(d) B(y), the n lowest y."""
    into[:n] = 0.0
    for h in range(dq.shape[0]):
        if dq[h, d] > 0.0:
            for i in range(_lane(n)):
                into[i] += dq[h, d] * chance[h, i]


DQ_LANES_LEFT_OUT = 1e-13
"""What a disqualified target's lowest lanes left out may add together, at most
(``_left_out_lanes``): place may lack that much, show too, and its bound holds it."""
DQ_LANE_STEPS = 64
"""Halvings of ``DQ_LANES_LEFT_OUT`` the threshold of ``_left_out_lanes`` is chosen from
(down to some 1e-33: below every lane that counts)."""


@kernel
def _led_from(
    c: Floats, c_ge: Floats, y: int, into: Floats, before: Floats, after: Floats, p: Floats
) -> None:
    """into[X] = B_X(y) of ``_left_out_lanes``: the sum over j of c_j(y) times the chance
    that at most one horse but X and j is clean at y or above."""
    horses = c.shape[0]
    for x in range(horses):
        for h in range(horses):
            p[h] = c_ge[h, y] if h != x else 0.0  # horse x counted never
        _counts_around(p, before, after)
        total = 0.0
        for j in range(horses):
            if j != x:
                b, a = before[j], after[j]
                total += c[j, y] * (b[0] * a[0] + b[0] * a[1] + b[1] * a[0])
        into[x] = total


@kernel
def _counts_around(p: Floats, before: Floats, after: Floats) -> None:
    """before[h] and after[h]: the chances that 0, 1 and 2 of the horses before h, and of
    those after h, are counted, horse k counted with chance p[k] (before[0] and
    after[-1] are set by the caller: nobody before the first, after the last)."""
    horses = p.shape[0]
    for h in range(1, horses):
        _count_one_more(before[h - 1], p[h - 1], before[h])
        _count_one_more(after[horses - h], p[horses - h], after[horses - 1 - h])


@kernel
def _count_one_more(poly: Floats, p: float, into: Floats) -> None:
    """The chances of 0, 1 and 2 counted, with one more horse counted with chance p."""
    into[0] = poly[0] * (1 - p)
    into[1] = poly[1] * (1 - p) + poly[0] * p
    into[2] = poly[2] * (1 - p) + poly[1] * p


@kernel
def _two_or_more(
    spread: Floats, at: int, r: Floats, c_y: Floats, sum_c: Floats, distinct: Floats,
    weight: Floats, product: Floats, q: Floats, squared: Floats, factor: Floats, bound: Floats,
    scale: float, start: int, lo: int, nb: int, sums: Floats, heavy_pair: float, heavy: Any,
    count: int, targets: Ints, below: Any = None,
) -> int:  # fmt: skip
    """Two or more disqualified horses in the window of a key pair (``exact_finish.
    _two_in_window``): bounded, by all the markers above the window's foot or (Cauchy-
    Schwarz) by those inside it, the ``spread`` matrix [m, j, k] of the window's key (k
    = 0: one for every lane; else lane i's at k = at + i). Lanes where that bound is not
    negligible (``heavy_pair``) go to ``heavy`` (their r, the others' share, the lower
    clean horse's chance c_y, key and q, from lane ``count`` on), to be summed exactly
    once the blocks are done; the others' bound times ``scale`` goes to ``bound``.
    ``factor`` is work space. Returns the new count.

    ``below``, if given (a disqualified target at d that rolled 2), is (a, c_ge_d, work,
    lanes): the window's upper clean horse lies below d, so the bound of the lanes not
    summed takes off the part of spread with it at or above d (``exact_finish.
    _squares_below`` says why that stays a bound; a = q(y) - q(d) by horse and lane).
    Which lanes are summed stays as the whole spread chooses."""
    horses = r.shape[0]
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    squared[:, lo:nb] = 0.0
    for m in range(horses):
        for j in range(horses):
            if spread.shape[2] > 1:
                for i in range(_lane(lo), _lane(nb)):
                    squared[j, i] += spread[m, j, _lane(at) + i] * r[m, i] * r[m, i]
                continue
            w = spread[m, j, 0]
            if w == 0.0:
                continue
            for i in range(_lane(lo), _lane(nb)):
                squared[j, i] += w * r[m, i] * r[m, i]
    _dq_zero_rows(factor, targets, lo, nb)  # only the targets' rows are read
    sum_squared = sums[1]
    _dot(r, squared, sum_squared, lo, nb)
    _two(r, c_y, squared, sum_c, sum_squared, factor, 1.0, lo, nb, sums, targets)
    grows, spreads, share = sums[0], sums[1], sums[2]
    for i in range(lo, nb):
        grows[i], spreads[i] = math.expm1(q[i]) - q[i], math.exp(q[i]) / 2
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            factor[h, i] = min(distinct[h, i] * grows[i], factor[h, i] * spreads[i])
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            factor[h, i] *= product[i] * r[h, i] * weight[h, i]  # its bound
    for i in range(lo, nb):
        share[i] = 0.0
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            share[i] += factor[h, i]
    tight = factor
    if below is not None:  # the lanes not summed (first to last) bounded from tighter squares
        first, last = nb, lo
        for i in range(lo, nb):
            if share[i] <= heavy_pair:
                first, last = min(first, i), i + 1
        if first < last:
            tight = _squares_below(r, squared, below, sum_c, c_y, first, last, targets)
            for h in targets:
                for i in range(_lane(first), _lane(last)):
                    tight[h, i] = min(distinct[h, i] * grows[i], tight[h, i] * spreads[i])
                    tight[h, i] *= product[i] * r[h, i] * weight[h, i]
    for i in range(lo, nb):
        if share[i] <= heavy_pair:
            for h in targets:
                bound[h, start + i] += scale * tight[h, i]
            continue
        for h in range(horses):
            heavy_r[h, count] = r[h, i]
            heavy_share[h, count] = product[i] * r[h, i] * weight[h, i]
            heavy_c[h, count] = c_y[h, i]
        heavy_at[count], heavy_q[count] = start + i, q[i]
        count += 1
    return count


@kernel
def _two_or_more_fixed(
    spread: Floats, r: Floats, c_y: Floats, sum_c: Floats, distinct: Floats,
    weight: Floats, product: Floats, q: Floats, squared: Floats, factor: Floats,
    bound: Floats, start: int, lo: int, nb: int, sums: Floats, lanes: Floats,
    heavy_pair: float, heavy: Any, count: int, picked: Ints,
) -> int:  # fmt: skip
    """``_two_or_more`` for one spread matrix [m, j] for every lane (a clean target's),
    scale 1 and no ``below``: the same bound and the same heavy lanes in fewer passes;
    c_y is the upper clean horse's chance at y, by horse (the same in every lane).
    Measured in place: exp(q) - 1 - q and exp(q) by ``math``, a lane at a time, took as
    long as the squares (``_grows`` takes them by the series, in vectors), and the
    bounds added a lane at a time, a store a horse strided by the keys, took longer
    (here one pass over the lanes, the heavy ones weighed by 0)."""
    horses = r.shape[0]
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    squared[:, lo:nb] = 0.0
    for m in range(horses):
        for j in range(horses):
            w = spread[m, j]
            if w == 0.0:
                continue
            for i in range(_lane(lo), _lane(nb)):
                squared[j, i] += w * r[m, i] * r[m, i]
    sum_squared, both, share = sums[0], sums[1], sums[2]
    sum_squared[lo:nb], both[lo:nb] = 0.0, 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            rb = squared[h, i] * r[h, i]
            sum_squared[i] += rb
            both[i] += c_y[h] * r[h, i] * rb
    grows, spreads = lanes[0], lanes[1]
    _grows(q, grows, spreads, lo, nb)
    share[lo:nb] = 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            ra, rb = c_y[h] * r[h, i], squared[h, i] * r[h, i]
            two = (sum_c[i] - ra) * (sum_squared[i] - rb) - (both[i] - ra * rb)
            tight = min(distinct[h, i] * grows[i], two * spreads[i])
            factor[h, i] = tight * (product[i] * r[h, i] * weight[h, i])
            share[i] += factor[h, i]
    light = spreads  # 1 where the lane is bounded, 0 where it is summed
    for i in range(_lane(lo), _lane(nb)):
        light[i] = 1.0 if share[i] <= heavy_pair else 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            bound[h, _lane(start) + i] += factor[h, i] * light[i]
    summed = count
    for i in range(lo, nb):
        if light[i] == 0.0:
            heavy_at[summed], heavy_q[summed] = start + i, q[i]
            picked[summed - count] = i
            summed += 1
    for h in range(horses):  # a horse at a time: its row of each heavy array in order
        for into in range(count, summed):  # the heavy lanes alone (most lanes are not)
            i = picked[into - count]
            heavy_r[h, into] = r[h, i]
            heavy_share[h, into] = product[i] * r[h, i] * weight[h, i]
            heavy_c[h, into] = c_y[h]
    return summed


@kernel
def _grows(q: Floats, grows: Floats, spreads: Floats, lo: int, nb: int) -> None:
    """grows = exp(q) - 1 - q and spreads = exp(q) / 2 on the lanes lo to nb: below q = 1/2
    by the series (18 terms, as ``_beyond_two``: the rest is below 1e-21 of the sum), in
    vectors; by ``math``, a lane at a time, at the few lanes above."""
    for i in range(_lane(lo), _lane(nb)):
        x, series = q[i], 0.0
        for k in range(19, 1, -1):
            series = (series + 1.0) * x / k
        grows[i] = series * x
        spreads[i] = (1.0 + x + grows[i]) / 2
    for i in range(lo, nb):
        if q[i] >= 0.5:
            grows[i], spreads[i] = math.expm1(q[i]) - q[i], math.exp(q[i]) / 2


@kernel
def _squares_below(
    r: Floats, squared: Floats, below: Any, sum_c: Floats, c_y: Floats, lo: int, nb: int,
    targets: Ints,
) -> Floats:  # fmt: skip
    """``_two_or_more``'s squares with the window below d (``exact_finish._squares_below``
    says what is taken off, and why it stays a bound), into below's first work block.
    below = (a, c_ge_d, work, lanes, one_d, spread_d, by_j): a = q(y) - q(d) by horse and
    lane, one_d and spread_d the windows at d, by_j[j] the sum over m of one_d[m, j]."""
    a, c_ge_d, work, lanes, one_d, spread_d, by_j = below
    tight, own, v_one, v_spread = work[0], work[1], work[2], work[3]
    total_a, total_own, total_ra, sum_tight = lanes[0], lanes[1], lanes[2], lanes[3]
    sums = lanes[4:]  # _two's work
    horses = r.shape[0]
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            a[h, i] = max(a[h, i], 0.0)
    total_a[lo:nb] = 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            total_a[i] += a[h, i]
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            v_spread[h, i] = r[h, i] * r[h, i]
            v_one[h, i] = v_spread[h, i] * (total_a[i] - 2 * a[h, i])
    _dot(v_spread, a, total_ra, lo, nb)
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            own[h, i] = v_spread[h, i] * a[h, i] * (total_a[i] - a[h, i])
    total_own[lo:nb] = 0.0
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            total_own[i] += own[h, i]
    for j in range(horses):  # the part at or above d, less each horse's own
        for i in range(_lane(lo), _lane(nb)):
            own[j, i] = c_ge_d[j, i] * (total_own[i] - own[j, i]) + by_j[j] * (
                total_ra[i] - v_spread[j, i] * a[j, i]
            )
    for m in range(horses):
        for j in range(horses):
            w_one, w_spread = one_d[m, j], spread_d[m, j]
            if w_one == 0.0 and w_spread == 0.0:
                continue
            for i in range(_lane(lo), _lane(nb)):
                own[j, i] += w_one * v_one[m, i] + w_spread * v_spread[m, i]
    for h in range(horses):
        for i in range(_lane(lo), _lane(nb)):
            own[h, i] = max(squared[h, i] - own[h, i], 0.0)
    tight[:, lo:nb] = 0.0
    _dot(r, own, sum_tight, lo, nb)
    _two(r, c_y, own, sum_c, sum_tight, tight, 1.0, lo, nb, sums, targets)
    return tight


@kernel
def _heavy_lanes(horses: int, count: int) -> Any:
    """Space for ``_two_or_more``'s heavy lanes: r, share, c, key and q."""
    return (np.empty((horses, count)), np.empty((horses, count)), np.empty((horses, count)),
            np.empty(count, np.int64), np.empty(count))  # fmt: skip


@kernel
def _two_qs_summed(
    sets: Floats, heavy: Any, count: int, work: Floats, lanes: Floats, show: Floats,
    bound: Floats, scale: float, y: int, log: Any,
) -> None:  # fmt: skip
    """Exactly two disqualified horses in the window given by its ``sets`` of three (a row
    of ``windows``' table; one for all the lanes),
    summed for the heavy lanes; three or more bounded by the two times ``_beyond_two(q)`` (each
    further one adds at most q / k); both times ``scale``. ``log`` is (threshold, at, key,
    count): a lane whose bound of three or more is above the threshold is logged (its at,
    key y) instead, for ``exact_compiled_three.three_in_window`` to sum (nothing is above
    an infinite threshold)."""
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    two_q = work[0]
    _fresh_two_q_by_sets(heavy_r, count, heavy_c, sets, two_q, work[1:], lanes)
    _clean_heavy_done(heavy_share, heavy_at, heavy_q, two_q, count, show, bound, scale, y, log,
                      lanes)  # fmt: skip


@kernel
def _clean_heavy_done(
    heavy_share: Floats, heavy_at: Ints, heavy_q: Floats, two_q: Floats, count: int,
    show: Floats, bound: Floats, scale: float, y: int, log: Any, lanes: Floats,
) -> None:  # fmt: skip
    """``_two_qs_summed``'s show, bound and log from the sums two_q of its heavy lanes. A
    horse at a time along the lanes where that runs in vectors (a lane at a time over the
    horses, it took some 0.02 s at 12 horses); each lane's sum over the horses in the same
    order, and each cell of show and bound written once (a lane's key is its own): the
    same numbers."""
    horses = heavy_share.shape[0]
    more, beyond, logged = lanes[0], lanes[1], lanes[2]
    for s in range(count):
        beyond[s], more[s] = _beyond_two(heavy_q[s]), 0.0
    for h in range(horses):
        for s in range(_lane(count)):
            more[s] += scale * heavy_share[h, s] * two_q[h, s] * beyond[s]
    for s in range(count):
        logged[s] = 0.0
        if more[s] > log[0]:
            at = log[3][0]
            log[1][at], log[2][at], log[3][0] = heavy_at[s], y, at + 1
            logged[s] = 1.0
    for h in range(horses):
        for s in range(count):
            share = scale * heavy_share[h, s] * two_q[h, s]
            show[h, heavy_at[s]] += share
            if logged[s] == 0.0:
                bound[h, heavy_at[s]] += scale * heavy_share[h, s] * two_q[h, s] * beyond[s]


@kernel
def _beyond_two(q: float) -> float:
    """``exact_finish.beyond_two`` (why it bounds three or more per two), the same arithmetic."""
    if q < 0.5:
        small, factorial = 0.0, 6402373705728000.0  # 18!, exact in a float
        for j in range(16, 0, -1):  # exact_finish.SERIES_TERMS; factorial = (j + 2)!
            small = (small + 2 / factorial) * q
            factorial /= j + 2
        return small
    return 2 * (math.expm1(q) - q - q * q / 2) / (q * q)


@kernel
def _window_two_start(horses: int) -> tuple[Floats, Floats, Floats]:
    """The window of two 2s at a key, and the sums over the keys above it that make it:
    of q_m c_j, and of q_m q_n c_j (none yet: start at the top key)."""
    shape = (horses, horses, horses)
    return np.zeros(shape), np.zeros((horses, horses)), np.zeros(shape)


@kernel
def _window_two_at(
    q: Floats, c_gt: Floats, y: int, by_m: Floats, by_both: Floats, two: Floats
) -> None:
    """``exact_finish.Windows.two`` at y: two[m, n, j] the sum over y1 > y of c_j(y1)
    (q_m(y) - q_m(y1)) (q_n(y) - q_n(y1)), m, n, j distinct, at least 0; only m < n is
    made (it is symmetric): what the loops here read."""
    horses = q.shape[0]
    column = c_gt[:, y].copy()  # read along the rows below
    for m in range(horses):
        q_m = q[m, y]
        for n in range(m + 1, horses):
            q_n, qq = q[n, y], q[m, y] * q[n, y]
            # every j in one loop along the row (vectors), then j = m and j = n back to 0
            for j in range(horses):
                value = qq * column[j] - q_m * by_m[n, j] - q_n * by_m[m, j] + by_both[m, n, j]
                two[m, n, j] = max(value, 0.0)
            two[m, n, m], two[m, n, n] = 0.0, 0.0


@kernel
def _window_two_add(q: Floats, c: Floats, y: int, by_m: Floats, by_both: Floats) -> None:
    """Count key y in the sums over the keys above (for the next key down)."""
    horses = q.shape[0]
    for m in range(horses):
        for j in range(horses):
            by_m[m, j] += q[m, y] * c[j, y]
    column = c[:, y].copy()
    for m in range(horses):  # only m < n: all ``_window_two_at`` reads
        for n in range(m + 1, horses):
            qq = q[m, y] * q[n, y]
            for j in range(horses):  # along the row
                by_both[m, n, j] += qq * column[j]


@kernel
def _window_tables(
    dq: Floats, c_ge: Floats, q: Floats, c: Floats, c_gt: Floats
) -> tuple[Floats, Floats, Floats, Floats, Floats]:
    """``exact_finish.Windows.of``'s tables [key, ...] as one sweep down the keys, each sum
    over the keys above a key kept running (the same expansions, so the same numbers to
    rounding); ``two`` as sets of three horses ([key, set], ``_fresh_sets_into``: all the
    loops here read of it)."""
    horses, keys = c.shape
    one, spread = np.empty((keys, horses, horses)), np.empty((keys, horses, horses))
    level, at = np.empty((keys, horses, horses)), np.empty((keys, horses, horses))
    table = np.empty((keys, max(horses * (horses - 1) * (horses - 2) // 6, 1)))
    scratch, by_m, by_both = _window_two_start(horses)  # a key's window, then its sets
    at_above, by_q, by_square = np.zeros((3, horses, horses))
    by_all = np.zeros(horses)
    for y in range(keys - 1, -1, -1):
        q_all = 0.0
        for m in range(horses):
            q_all += q[m, y]
        for m in range(horses):
            for j in range(horses):
                if m == j:
                    one[y, m, j], spread[y, m, j], at[y, m, j] = 0.0, 0.0, 0.0
                    continue
                one[y, m, j] = at_above[m, j]
                at[y, m, j] = dq[m, y] / 6 * c_ge[j, y]
                # (q_m(y) - q_m(y1)) (Q(y) - Q(y1)) expanded, less m's own square
                value = (
                    q[m, y] * q_all * c_gt[j, y]
                    - q[m, y] * by_all[j]
                    - q_all * by_m[m, j]
                    + by_q[m, j]
                )
                value -= q[m, y] * q[m, y] * c_gt[j, y] - 2 * q[m, y] * by_m[m, j] + by_square[m, j]
                spread[y, m, j] = max(value, 0.0)
        _window_two_at(q, c_gt, y, by_m, by_both, scratch)
        _fresh_sets_into(scratch, table[y])
        for m in range(horses):  # count key y in the sums over the keys above
            for j in range(horses):
                at_above[m, j] += dq[m, y] / 6 * c_ge[j, y]
                by_q[m, j] += q[m, y] * q_all * c[j, y]
                by_square[m, j] += q[m, y] * q[m, y] * c[j, y]
        for j in range(horses):
            by_all[j] += c[j, y] * q_all
        _window_two_add(q, c, y, by_m, by_both)
    level_sum = np.zeros((horses, horses))
    for y in range(keys):  # horses level below each key
        for j in range(horses):
            for k in range(horses):
                level[y, j, k] = level_sum[j, k] if j != k else 0.0
                level_sum[j, k] += c[j, y] * c[k, y]
    return one, table, spread, level, at


def windows(t: Tables) -> Windows:
    """``exact_finish.Windows.of`` for the compiled sums: the same tables, as loops, but
    ``two`` as [key, set of three horses] (``_sets_of`` of ``Windows.two`` at each key:
    220 numbers a key at 12 horses, not 1,728, all the compiled sums read)."""
    tables = (t.dq, t.c_ge, t.p_gt, t.c, t.c_gt)
    arrays = (np.ascontiguousarray(a, dtype=np.float64) for a in tables)
    return Windows(*_window_tables(*arrays))


def single_threshold(t: Tables, w: Windows) -> tuple[Floats, Floats, Floats]:
    """``exact_finish._single_threshold`` as one loop over the keys (the NumPy one made some
    forty arrays of [horse, key] an outcome): the same sums, added in another order, so
    the same numbers to rounding (tests/games/stretch/analysis/test_stretch_exact_compiled.py)."""
    names = ("c", "dq", "out", "c_ge", "c_gt", "c_tot", "c_lt", "d_gt", "d_le", "p_gt")
    a = [np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in names]
    matrices = (np.ascontiguousarray(m, dtype=np.float64) for m in (w.one, w.level))
    place, show = _tables_single(*a, *matrices)
    return place, show, np.zeros_like(place)


@kernel
def _tables_single(
    c: Floats, dq: Floats, out: Floats, c_ge: Floats, c_gt: Floats, c_tot: Floats,
    c_lt: Floats, d_gt: Floats, d_le: Floats, p_gt: Floats, one: Floats, level: Floats,
) -> tuple[Floats, Floats]:  # fmt: skip
    """``_single_threshold``'s place and show, key by key: at each key the three kinds of
    others (``exact_finish.Others``: allowed g, r = marker / g, the product of the others'
    g) and their sums over the horses, then each horse's share added to its total."""
    horses, keys = c.shape
    first, any_place, any_show = np.zeros(horses), np.zeros(horses), np.zeros(horses)
    die_place, die_show, die_pairs = np.zeros(horses), np.zeros(horses), np.zeros(horses)
    g, weighted, m_r = np.empty(horses), np.empty(horses), np.empty(horses)
    rg = np.empty(horses)  # 1 / g: a division a horse, then products
    work = np.empty((11, horses))
    r_above, r_any, r_ge, r_lt, r_p = work[0], work[1], work[2], work[3], work[4]
    row, col, by_ra, by_ra_t, a, ra = work[5], work[6], work[7], work[8], work[9], work[10]
    for y in range(keys):
        # a clean horse nobody clean beats: the others not clean ahead
        product = 1.0
        for h in range(horses):
            g[h] = 1 - c_gt[h, y]
            product *= g[h]
        for h in range(horses):
            first[h] += product / g[h] * c[h, y]
        # disqualified at y: the others out or disqualified at or behind y
        product = 1.0
        for h in range(horses):
            g[h] = out[h] + d_le[h, y]
            product *= g[h]
        s_above = s_any = s_ge = s_lt = sq_above = sq_ge = 0.0
        both_any = both_ge = 0.0
        for h in range(horses):
            rg[h] = 1 / g[h]
            weighted[h] = product * rg[h] * dq[h, y]
            r_above[h], r_any[h] = d_gt[h, y] * rg[h], c_tot[h] * rg[h]
            r_ge[h], r_lt[h] = c_ge[h, y] * rg[h], c_lt[h, y] * rg[h]
            s_above += r_above[h]
            s_any += r_any[h]
            s_ge += r_ge[h]
            s_lt += r_lt[h]
            sq_above += r_above[h] * r_above[h]
            sq_ge += r_ge[h] * r_ge[h]
            both_any += r_any[h] * r_above[h]
            both_ge += r_ge[h] * r_lt[h]
        whole = _tables_pairs(level[y], rg, m_r)
        for h in range(horses):
            one_above = s_above - r_above[h]
            place = 1 + one_above
            show = place + ((s_above * s_above - sq_above) / 2 - r_above[h] * one_above)
            one_any = s_any - r_any[h]
            place = place + one_any
            two_any = one_any * one_above - (both_any - r_any[h] * r_above[h])
            show = show + one_any + two_any
            one_ge = s_ge - r_ge[h]
            pair_ge = (s_ge * s_ge - sq_ge) / 2 - r_ge[h] * one_ge
            two_ge = one_ge * (s_lt - r_lt[h]) - (both_ge - r_ge[h] * r_lt[h])
            pairs = whole / 2 - m_r[h] * rg[h]
            show = show + pair_ge + two_ge + pairs
            any_place[h] += weighted[h] * place
            any_show[h] += weighted[h] * show
        # no 1 from ahead of y either (alone): its one and two
        product = 1.0
        for h in range(horses):
            g[h] = 1 - c_tot[h] - p_gt[h, y]
            product *= g[h]
        s_lt = s_p = both = 0.0
        for h in range(horses):
            rg[h] = 1 / g[h]
            weighted[h] = product * rg[h] * dq[h, y]
            r_lt[h], r_p[h] = c_lt[h, y] * rg[h], p_gt[h, y] * rg[h]
            s_lt += r_lt[h]
            s_p += r_p[h]
            both += r_lt[h] * r_p[h]
        for h in range(horses):
            alone_place = s_lt - r_lt[h]
            alone_show = alone_place + (alone_place * (s_p - r_p[h]) - (both - r_lt[h] * r_p[h]))
            die_place[h] += weighted[h] * alone_place
            die_show[h] += weighted[h] * alone_show
        # nor a 2 (pair alone): two with a leader, one 2 in the window, and the level pairs
        product = 1.0
        for h in range(horses):
            g[h] = 1 - c_tot[h] - 2 * p_gt[h, y]
            product *= g[h]
        s_lt = s_ge = both = 0.0
        for h in range(horses):
            rg[h] = 1 / g[h]
            weighted[h] = product * rg[h] * dq[h, y]
            r_lt[h], r_ge[h] = c_lt[h, y] * rg[h], c_ge[h, y] * rg[h]
            s_lt += r_lt[h]
            s_ge += r_ge[h]
            both += r_lt[h] * r_ge[h]
        # _one_q_between: r = 1 / g, a = c_lt r, row = r (W r), col = r (W^T r)
        window = one[y]
        s_a = s_row = s_spread = 0.0
        for h in range(horses):
            a[h] = c_lt[h, y] * rg[h]
            ra[h] = a[h] * rg[h]
        for m in range(horses):
            w_r = w_t_r = w_ra = w_t_ra = 0.0
            for j in range(horses):
                w_r += window[m, j] * rg[j]
                w_t_r += window[j, m] * rg[j]
                w_ra += window[m, j] * ra[j]
                w_t_ra += window[j, m] * ra[j]
            row[m], col[m] = w_r * rg[m], w_t_r * rg[m]
            by_ra[m], by_ra_t[m] = w_ra * rg[m], w_t_ra * rg[m]
            s_a += a[m]
            s_row += row[m]
            s_spread += a[m] * (row[m] + col[m])
        whole = _tables_pairs(level[y], rg, m_r)
        for h in range(horses):
            with_leader = (s_lt - r_lt[h]) * (s_ge - r_ge[h]) - (both - r_lt[h] * r_ge[h])
            spread = a[h] * (row[h] + col[h])
            one_q = (
                (s_a - a[h]) * (s_row - row[h] - col[h])
                - (s_spread - spread)
                + by_ra[h]
                + by_ra_t[h]
            )
            die_show[h] += weighted[h] * (with_leader + one_q)
            die_pairs[h] += weighted[h] * (whole / 2 - m_r[h] * rg[h])
    place, show = np.empty(horses), np.empty(horses)
    for h in range(horses):
        place[h] = first[h] + any_place[h] - die_place[h] / 6
        show[h] = first[h] + any_show[h] - die_show[h] / 6 - die_pairs[h] * 2 / 6
    return place, show


@kernel
def _tables_pairs(level: Floats, r: Floats, m_r: Floats) -> float:
    """``exact_finish.Others.pairs`` at one key: m_r = level r by horse (r = 1 / allowed),
    and the sum over the horses of r m_r (each horse's share is then half that less its
    own)."""
    whole = 0.0
    for m in range(r.shape[0]):
        total = 0.0
        for j in range(r.shape[0]):
            total += level[m, j] * r[j]
        m_r[m] = total
        whole += total * r[m]
    return whole


@kernel
def _symmetric(matrix: Floats, into: Floats) -> None:
    """into = matrix + its transpose."""
    for m in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            into[m, j] = matrix[m, j] + matrix[j, m]


# ------------------------------------------------------------- disqualified targets


@kernel
def disqualified_targets(
    c: Floats,
    dq: Floats,
    out: Floats,
    c_ge: Floats,
    c_gt: Floats,
    c_lt: Floats,
    c_tot: Floats,
    p_gt: Floats,
    d_le: Floats,
    w_one: Floats,
    w_two: Floats,
    w_spread: Floats,
    w_at: Floats,
    clean_keys: Ints,
    dq_keys: Ints,
    heavy_pair: float,
    first_lanes: Any,
    place: Floats,
    show: Floats,
    bound: Floats,
) -> None:
    """``exact_finish._disqualified_target`` for every pair (y, d), y a clean key below
    the disqualified key d; place, show and bound are [horse, y] sums over d. ``w_two`` is
    the window of two 2s as ``windows`` keeps it, [key, set of three] (``_sets_of`` of
    ``exact_finish.Windows.two`` at every key). Each key d's lanes start at
    the lower key ``first_lanes`` (one a key of ``dq_keys``: ``_left_out_lanes``)."""
    horses, count = c.shape[0], clean_keys.size
    low_c, low_ge = c[:, clean_keys].copy(), c_ge[:, clean_keys].copy()
    low_gt, low_lt = c_gt[:, clean_keys].copy(), c_lt[:, clean_keys].copy()
    low_p = p_gt[:, clean_keys].copy()
    low_ge_p = low_ge + low_p
    # each lower key's window matrix plus its transpose, lower key last; its spread
    low_sym, low_spread = np.zeros((horses, horses, count)), np.empty((horses, horses, count))
    for m in range(horses):
        for j in range(horses):
            for i in range(count):
                low_spread[m, j, i] = w_spread[clean_keys[i], m, j]
    for m in range(horses):
        for j in range(m + 1, horses):
            for i in range(count):
                y = clean_keys[i]
                low_sym[m, j, i] = w_one[y, m, j] + w_one[y, j, m]
    shape = (horses, BLOCK)
    weight, p_d, c_ge_d = np.empty(shape), np.empty(shape), np.empty(shape)
    lc, llt, between, ones = np.empty(shape), np.empty(shape), np.empty(shape), np.empty(shape)
    r1, r2, r3 = np.empty(shape), np.empty(shape), np.empty(shape)
    factor, two_clean, ra = np.empty(shape), np.empty(shape), np.empty(shape)
    by_r, by_ra, squared, scratch = (
        np.empty(shape),
        np.empty(shape),
        np.empty(shape),
        np.empty(shape),
    )
    # key pairs where two disqualified horses in the window are summed (``_two_or_more``):
    # a leader's 2s above d (and the same with no other clean horse, r and share below),
    # and 1s below a leader between y and d (and the same with no other clean horse)
    heavy2, heavy3 = _heavy_lanes(horses, count), _heavy_lanes(horses, count)
    alone_r, alone_share = np.empty((horses, count)), np.empty((horses, count))
    alone_r2, alone_share2 = np.empty((horses, 1)), np.empty((horses, 1))  # the same at every y
    # ... and its bound (``_alone_bound``)
    alone_bound = np.empty((horses, count))
    # ... the 2s above d share one window: summed by d (``_sum_at_d``), its work
    at_d, d_work, d_lanes = (
        np.empty((3, horses, count)),
        np.empty((7, horses, count)),
        np.empty((7, count)),
    )
    # ... the 1s below a leader: each lane's window less Windows.two at y summed by d, kept
    # for the whole outcome and the rest summed by y (``_keep``, ``_sum_by_y``)
    kept, kept_count = _kept_lanes(horses, 4 * count), 0
    room = 2 * count + VECTOR_LANES
    keep_work, keep_lanes = np.empty((21, horses, room)), np.empty((8, room))
    keep_beyond, keep_at = np.empty(2 * count), np.empty(2 * count, np.int64)
    vectors, products = np.empty((4, horses, BLOCK)), np.empty((4, horses, BLOCK))
    r4, ra4, r5, ra5 = vectors[0], vectors[1], vectors[2], vectors[3]
    product = np.empty((5, BLOCK))
    q, s_a, s_b, sums = np.empty(BLOCK), np.empty(BLOCK), np.empty(BLOCK), np.empty((3, BLOCK))
    s_c, s_d, q5, squares3 = np.empty(BLOCK), np.empty(BLOCK), np.empty(BLOCK), np.empty(BLOCK)
    both5 = np.empty(BLOCK)
    base, by_horse, nothing = np.empty((5, horses)), np.empty((3, horses)), np.zeros(horses)
    below_work, below_lanes = np.empty((4, horses, BLOCK)), np.empty((5, BLOCK))
    a_d, one_by_j = np.empty(shape), np.empty(horses)
    spent = np.empty(3)  # the bounds of d's lowest lanes (leader, window) and highest
    every = np.arange(horses)
    fixed_one, fixed_window, fixed_at = (
        np.empty((horses, horses)),
        np.empty((horses, horses)),
        np.empty((horses, horses)),
    )
    for index in range(dq_keys.size):
        d = dq_keys[index]
        n = int(np.searchsorted(clean_keys, d))
        if first_lanes[index] >= n:
            continue
        _spread(dq[:, d], weight)
        targets = np.flatnonzero(dq[:, d] > 0.0)  # the horses weighed (design note)
        is_target = dq[:, d] > 0.0
        _spread(p_gt[:, d], p_d)
        _spread(c_ge[:, d], c_ge_d)
        _symmetric(w_one[d], fixed_one)
        _symmetric(w_at[d], fixed_at)
        fixed_window[:, :] = fixed_one + fixed_at
        for h in range(horses):  # allowed = base - (a chance at the lower key), below
            pd = p_gt[h, d]
            base[0, h], base[1, h], base[2, h] = 1 - pd, out[h] + d_le[h, d] + pd, 1 - 2 * pd
            base[3, h], base[4, h] = 1 - pd, 1 - c_tot[h] - pd
            by_horse[0, h], by_horse[1, h] = c_ge[h, d], pd + dq[h, d] / 6
            by_horse[2, h] = pd
            one_by_j[h] = 0.0
            for m in range(horses):
                one_by_j[h] += w_one[d, m, h]
        below_d = (a_d, c_ge_d, below_work, below_lanes, w_one[d], w_spread[d], one_by_j)
        leader_summing, window_summing = False, False
        spent[:] = 0.0
        count2, count3 = 0, 0
        for start in range(first_lanes[index], n, BLOCK):
            nb = min(BLOCK, n - start)
            _gather(low_c, start, nothing, lc, nb)
            _gather(low_lt, start, nothing, llt, nb)
            _gather(low_gt, start, by_horse[0], between, nb)  # clean between y and d
            _gather(low_p, start, by_horse[1], ones, nb)  # a 1 between y and d
            # each case's others (``_others``) and its sums over the horses, one pass a
            # case; the last case's first (the window case reads its r5 and product)
            _dq_others_sums(base[4], low_p, start, r5, product[4], lc, between, ones, s_c, s_d,
                            q5, both5, nb)  # fmt: skip
            # r = 1: X rolled 1, the clean horse at y heads the others (the cases with no
            # other clean horse are taken off in exact_finish._single_threshold)
            _dq_others_two(base[0], low_ge, start, r1, product[0], lc, p_d, s_a, s_b, sums[0], nb)
            _weigh_one_two(place, show, start, product[0], r1, weight, lc, p_d, s_a, s_b, sums[0],
                           1 / 6, nb, targets)  # fmt: skip

            # exactly two clean horses, both behind d and apart: X rolled 2 or more
            _dq_others_two(base[1], low_p, start, r2, product[1], lc, llt, s_a, s_b, sums[0], nb)
            _weigh_two(show, start, product[1], r2, weight, lc, llt, s_a, s_b, sums[0], 5 / 6, nb,
                       targets)  # fmt: skip

            # three or more: X rolled 1 with one clean horse at or ahead of d, no 1 or 2
            # above d ...
            _dq_others_sums_squares(base[2], low_ge, start, r3, product[2], lc, c_ge_d, p_d, s_a,
                                    s_b, q, sums[0], squares3, nb)  # fmt: skip
            _dq_zero_rows(factor, targets, 0, nb)  # only the targets' rows are read
            _dq_two(r3, lc, c_ge_d, s_a, s_b, sums[0], factor, nb, targets)
            lo = 0
            if not leader_summing:
                lo = _negligible(product[2], r3, weight, s_a, s_b, q, bound, start, 6.0, nb, sums,
                                spent, 0, LOWEST_BOUNDED, targets)  # fmt: skip
                leader_summing = lo < nb
            # ... two or more 2s above d (a clean third's window, at d): summed for two
            # where that matters, once d's blocks are done
            if lo < nb:
                count2 = _two_or_more(
                    w_spread[d][:, :, None], 0, r3, lc, s_a, factor, weight, product[2], q,
                    squared, scratch, bound, 1 / 6, start, lo, nb, sums, heavy_pair, heavy2,
                    count2, targets,
                )  # fmt: skip
            # ... or exactly one 2 above d, at or behind the clean horse ahead
            if lo < nb:
                _times_r_c_r(r3, lc, ra, lo, nb)
                _times_fixed(fixed_one, r3, ra, by_r, by_ra, lo, nb, is_target)
                _one_in_window(r3, lc, s_a, by_r, by_ra, factor, 1.0, lo, nb, sums, targets)
            # a tie for the top clean place at y, X rolled 1 or 2
            _dq_pair(r3, lc, s_a, squares3, factor, 2.0, nb, targets)
            _weigh(show, start, product[2], r3, weight, factor, 1 / 6, nb, targets)

            # X rolled 2, clean horses alone at y and between y and d, no 1 above y ...
            _dq_others_sums(base[3], low_ge_p, start, r4, product[3], lc, between, ones, s_a, s_b,
                            q, sums[0], nb)  # fmt: skip
            _dq_zero_rows(two_clean, targets, 0, nb)  # only the targets' rows are read
            _dq_two(r4, lc, between, s_a, s_b, sums[0], two_clean, nb, targets)
            lo = 0
            if not window_summing:
                # the window's sum is the one below less the one with no other clean
                # horse (both with one 1 in it, so it is at most the first): bounded together
                lo = _negligible(product[3], r4, weight, s_a, s_b, q, bound, start, 6.0, nb, sums,
                                spent, 1, LOWEST_BOUNDED, targets)  # fmt: skip
                window_summing = lo < nb
            top = nb  # ... and d's highest (the window between y and d is short there)
            if lo < nb and start + nb == n:
                top = _negligible_highest(product[3], r4, weight, s_a, s_b, q, bound, start, lo,
                                          nb, sums, spent, targets)  # fmt: skip
            # ... two or more 1s in the window (y1 anywhere above y bounds it): summed for
            # two where that matters, less the same with no other clean horse (r5)
            if lo < top:
                first = count3
                _gather(low_p, start, by_horse[2], a_d, nb)  # 1s in (y, d]
                count3 = _two_or_more(
                    low_spread, start, r4, lc, s_a, two_clean, weight, product[3], q, squared,
                    scratch, bound, 1 / 6, start, lo, top, sums, heavy_pair, heavy3, count3,
                    targets, below_d,
                )  # fmt: skip
                for s in range(first, count3):
                    i = heavy3[3][s] - start
                    for h in range(horses):
                        alone_r[h, s] = r5[h, i]
                        alone_share[h, s] = product[4][i] * r5[h, i] * weight[h, i]
                    _alone_bound(alone_r, alone_share, s, lc, i, between, ones, i, alone_bound,
                                 s)  # fmt: skip
            # ... or exactly one 1 above y, at or behind the upper clean horse; less the
            # same with no other clean horse (r5)
            _dq_zero_rows(factor, targets, 0, nb)  # only the targets' rows are read
            _dq_two(r5, lc, between, s_c, s_d, both5, factor, nb, targets)
            if lo < top:
                # the window's one 1 with no other clean horse: bounded where that is
                # negligible in every lane (summed, it took half the window's products)
                alone = _alone_one_bounded(product[4], r5, weight, ones, s_c, s_d, q5, factor,
                                           bound, start, lo, top, sums, targets)  # fmt: skip
                _times_r_c_r(r4, lc, ra4, lo, top)
                if not alone:
                    _times_r_c_r(r5, lc, ra5, lo, top)
                _times_window(low_sym, start, fixed_window, ones, c_ge_d, vectors,
                              2 if alone else 4, products, lo, top, sums, is_target, targets,
                              every)  # fmt: skip
                _one_in_window(r4, lc, s_a, products[0], products[1], two_clean, 1.0, lo, top, sums,
                               targets)  # fmt: skip
                if not alone:
                    _one_in_window(r5, lc, s_c, products[2], products[3], factor, 1.0, lo, top,
                                   sums, targets)  # fmt: skip
            _weigh(show, start, product[3], r4, weight, two_clean, 1 / 6, nb, targets)
            _weigh(show, start, product[4], r5, weight, factor, -1 / 6, nb, targets)
        # two 2s above d with no other clean horse are taken off (exact_finish.
        # _single_threshold counts those apart): the others allowed are the same at every y
        alone_product = 1.0
        for h in range(horses):
            alone_product *= 1 - c_tot[h] - 2 * p_gt[h, d]
        for h in range(horses):
            alone_r2[h, 0] = 1 / (1 - c_tot[h] - 2 * p_gt[h, d])
            alone_share2[h, 0] = alone_product * alone_r2[h, 0] * dq[h, d]
        for s in range(count2):
            _alone_bound(alone_r2, alone_share2, 0, heavy2[2], s, c_ge, p_gt, d, at_d[0], s)
        _sum_at_d(w_two[d], heavy2, count2, alone_r2, alone_share2, at_d, d_work, d_lanes, show,
                  bound)  # fmt: skip
        if count3:
            kept, kept_count = _keep(
                kept, kept_count, heavy3, count3, alone_r, alone_share, alone_bound, p_gt,
                clean_keys, d, w_two[d], w_one[d], c_ge, keep_work, keep_lanes, keep_beyond,
                keep_at, show, bound,
            )  # fmt: skip
    _sum_by_y(kept, kept_count, w_two, clean_keys, show, bound)


@kernel
def _negligible_highest(
    product: Floats, r: Floats, weight: Floats, s_a: Floats, s_b: Floats, q: Floats,
    into: Floats, at: int, lo: int, nb: int, work: Floats, spent: Floats, targets: Ints,
) -> int:  # fmt: skip
    """The same for the highest lanes of a key d's last block (lanes lo to nb) in the
    window case (X rolled 2): the window of 1s between y and d is short there. Returns the
    lane after the last summed; the lanes from it on get their bound."""
    share, total = work[0], work[1]
    _dot_at(r, weight, total, lo, nb, targets)
    top = nb
    while top > lo:
        i = top - 1
        share[i] = s_a[i] * s_b[i] * math.expm1(q[i]) * product[i] / 6
        lane = total[i] * share[i]
        if lane >= NEGLIGIBLE and spent[2] + lane >= LOWEST_BOUNDED:
            break
        spent[2] += lane
        top = i
    for h in targets:
        for i in range(_lane(top), _lane(nb)):
            into[h, _lane(at) + i] += r[h, i] * weight[h, i] * share[i]
    return top


LOWEST_BOUNDED = 3e-15
"""What a disqualified target's lowest lanes of a key d may add to the show bound
together, for each of its two cases with window terms (``_negligible`` with a budget), and the
window case's highest (``_negligible_highest``)."""


@kernel
def _alone_one_bounded(
    product: Floats, r: Floats, weight: Floats, ones: Floats, s_c: Floats, s_d: Floats,
    q: Floats, factor: Floats, bound: Floats, start: int, lo: int, nb: int, work: Floats,
    targets: Ints,
) -> bool:  # fmt: skip
    """Whether a disqualified target's lanes lo to nb have their window term with one 1 and
    no other clean horse (taken off show, r = 1 / allowed of that case) bounded, not
    summed: where every lane's bound of it is below ``ALONE_ONE_BOUNDED``. Then the bound
    goes into ``factor`` (taken off show in its place: show stays below the truth) and into
    ``bound`` ([horse, start + lane]). The term sums c_j2 W[m, j1] r_j2 r_m r_j1 over
    distinct horses, W[m, j1] (m's 1 in the window below j1, clean in it) at most m's
    chance of a 1 in it (``ones``) times j1's of being clean in it: so at most s_c s_d q,
    the sums over the horses of c r (s_c), of that clean chance times r (s_d) and of
    ones r (q, made by the caller: ``_dq_others_sums``)."""
    each = work[0]
    _dot_at(r, weight, each, lo, nb, targets)
    for i in range(lo, nb):
        if product[i] * each[i] * s_c[i] * s_d[i] * q[i] / 6 >= ALONE_ONE_BOUNDED:
            return False
    for h in targets:
        for i in range(_lane(lo), _lane(nb)):
            alone = s_c[i] * s_d[i] * q[i]
            factor[h, i] += alone
            bound[h, _lane(start) + i] += product[i] * r[h, i] * weight[h, i] * alone / 6
    return True


ALONE_ONE_BOUNDED = 1e-19
"""A block's window terms with one 1 and no other clean horse are bounded where every
lane's bound (summed over the horses) is below this, else summed."""


VECTOR_LANES = 32
"""Lanes the compiled loops take at once (four AVX-512 vectors); the rest of a loop runs a
lane at a time, so short loops are padded to a multiple of this (with lanes of zeros)."""


@kernel
def _padded(n: int) -> int:
    """n rounded up to a multiple of ``VECTOR_LANES``."""
    return (n + VECTOR_LANES - 1) // VECTOR_LANES * VECTOR_LANES


@kernel
def _kept_lanes(horses: int, capacity: int) -> Any:
    """Space for a whole outcome's heavy lanes with 1s in the window (``_keep``): by
    horse and lane r, c, share and ``_two_q_sets``' held and weighed; by lane
    ``_beyond_two`` and the lower key."""
    return np.empty((5, horses, capacity)), np.empty(capacity), np.empty(capacity, np.int64)


@kernel
def _room(kept: Any, count: int, needed: int) -> Any:
    """``kept`` with room for ``needed`` lanes (a larger copy of its first ``count`` if not)."""
    values, beyond, at = kept
    if needed <= beyond.size:
        return kept
    grown = _kept_lanes(values.shape[1], max(needed, 2 * beyond.size))
    grown[0][:, :, :count], grown[1][:count], grown[2][:count] = (
        values[:, :, :count],
        beyond[:count],
        at[:count],
    )
    return grown


@kernel
def _keep(
    kept: Any, kept_count: int, heavy: Any, count: int, alone_r: Floats, alone_share: Floats,
    alone_bound: Floats, p_gt: Floats, clean_keys: Ints, d: int, two_d: Floats, one_d: Floats,
    c_ge: Floats, work: Floats, lanes: Floats, beyond: Floats, at: Ints, show: Floats,
    bound: Floats,
) -> Any:  # fmt: skip
    """The heavy lanes of key d with 1s in the window (``exact_finish._p_window_two``),
    their sums begun and kept (returns ``kept`` and its new count): the window of (y, d)
    is ``Windows.two`` at y less its part with the clean horse at or above d, and
    ``_fresh_two_q_by_sets``' sums are linear in it (its clamp at 0 was shown to catch rounding
    alone, some 1e-19 in all), so that part is summed here, where the lanes share d
    (``Windows.two`` at d for all of them, ``_add_alpha_parts`` the terms with a 1 in
    (y, d]), and ``Windows.two`` at y by y (``_sum_by_y``): no window is made a lane. Where a lane's sum with no other clean horse is not bounded (``_alone_bound``,
    ``ALONE_BOUNDED``) it is kept as a lane of its own, r that case's, share negative."""
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    horses = heavy_r.shape[0]
    r, c, alpha, share = work[0], work[1], work[2], work[3]
    n = 0
    for s in range(count):
        y, total = clean_keys[heavy_at[s]], 0.0
        for h in range(horses):
            total += alone_bound[h, s]
        for h in range(horses):
            r[h, n], c[h, n], share[h, n] = heavy_r[h, s], heavy_c[h, s], heavy_share[h, s]
            alpha[h, n] = p_gt[h, y] - p_gt[h, d]  # a 1 in (y, d]
        beyond[n], at[n] = _beyond_two(heavy_q[s]), heavy_at[s]
        n += 1
        if total >= ALONE_BOUNDED:  # summed, and taken off
            for h in range(horses):
                r[h, n], c[h, n], share[h, n] = alone_r[h, s], heavy_c[h, s], -alone_share[h, s]
                alpha[h, n] = alpha[h, n - 1]
            beyond[n], at[n] = 0.0, heavy_at[s]
            n += 1
            continue
        for h in range(horses):  # bounded: show may lack it
            show[h, heavy_at[s]] -= alone_bound[h, s] / 6
            bound[h, heavy_at[s]] += alone_bound[h, s] / 6
    padded = _padded(n)
    r[:, n:padded], c[:, n:padded], alpha[:, n:padded] = 0.0, 0.0, 0.0
    a, ar, first, last, shared = work[4], work[5], work[6], work[7], work[8]
    held, weighed = work[19], work[20]
    for h in range(horses):
        for i in range(_lane(padded)):
            a[h, i] = c[h, i] * r[h, i]
        for i in range(_lane(padded)):
            ar[h, i] = a[h, i] * r[h, i]
    first[:, :padded], last[:, :padded], shared[:, :padded] = 0.0, 0.0, 0.0
    _add_alpha_parts(r, ar, alpha, one_d, c_ge, d, padded, first, last, shared, work[9:19], lanes)
    # those as _two_q_sets' held and weighed: first r is a term's share at its pair m, k
    # (each term twice), last r twice its share at j, shared r its share times the other
    # two's a; then Windows.two at d by sets of three
    for h in range(horses):
        for i in range(_lane(padded)):
            held[h, i] = (2 * first[h, i] + last[h, i]) * r[h, i] / 2
        for i in range(_lane(padded)):
            weighed[h, i] = shared[h, i] * r[h, i] + a[h, i] * held[h, i]
    _two_q_sets(two_d, r, a, padded, held, weighed, lanes)  # by sets (``windows``)
    kept = _room(kept, kept_count, kept_count + n)
    values, kept_beyond, kept_at = kept
    for h in range(horses):  # r, c, share; held and weighed of the part at or above d, taken off
        for i in range(n):
            values[0, h, kept_count + i], values[1, h, kept_count + i] = r[h, i], c[h, i]
            values[2, h, kept_count + i] = share[h, i]
            values[3, h, kept_count + i] = -held[h, i]
            values[4, h, kept_count + i] = -weighed[h, i]
    kept_beyond[kept_count : kept_count + n] = beyond[:n]
    kept_at[kept_count : kept_count + n] = at[:n]
    return kept, kept_count + n


@kernel
def _add_alpha_parts(
    r: Floats, ar: Floats, alpha: Floats, one_d: Floats, c_ge: Floats, d: int, n: int,
    first: Floats, last: Floats, shared: Floats, work: Floats, lanes: Floats,
) -> None:  # fmt: skip
    """Adds to first, last and shared (n lanes: ``exact_finish._two_q_between``'s
    contractions, by the slot each horse holds; ``_keep`` turns them into ``_two_q_sets``'
    held and weighed) the terms of the part of each lane's window at or above d
    (``exact_finish._p_window_two``) that hold a 1 in (y, d] (alpha): W[m, k, j] =
    alpha_m W1[k, j] + alpha_k W1[m, j] + alpha_m alpha_k c_j, W1 = ``Windows.one`` at d
    (zero diagonal), c_j = c_ge[j, d], for m, k and j distinct (``Windows.two`` at d, the
    rest, is one window for every lane: ``_two_q_sets``).

    Each term is a product of a horse's factor and a lane's, so its sums over the horses
    are taken once a lane, in h^2 (sums over all horses, less the terms with j = m or k),
    not made as a window for each pair m < k (h^3 a lane). With ra = alpha r, aa = alpha
    ar and P, PA, Q, X their sums over the horses of ra, aa, ra^2 and aa ra:
    - last[j] (the sum over the pairs without j of W[m, k, j] 2 r_m r_k) takes
      2 (P T_r[j] - T_x[j] - ra_j T_r[j]) + c_j ((P - ra_j)^2 - (Q - ra_j^2)), where
      T_r[j] = sum_k W1[k, j] r_k and T_x[j] = the same of r_k ra_k;
    - shared[j] (of W[m, k, j] (ar_m r_k + ar_k r_m)) takes T_s[j] - aa_j T_r[j] - ra_j
      T_a[j] + c_j ((PA - aa_j) (P - ra_j) - (X - aa_j ra_j)), where T_a[j] = sum_k W1[k,
      j] ar_k and T_s[j] = sum_k W1[k, j] (r_k (PA - aa_k) + ar_k (P - ra_k));
    - each pair's u (sum over j of W[m, k, j] r_j) is alpha_m (O_r[k] - W1[k, m] r_m) +
      alpha_k (O_r[m] - W1[m, k] r_k) + alpha_m alpha_k (C_r - c_m r_m - c_k r_k), where
      O_r[k] = sum_j W1[k, j] r_j and C_r = sum_j c_j r_j; v the same of ar; both go
      into first and shared as ``_two_q_gather`` takes them."""
    horses = r.shape[0]
    ra, aa, o_r, o_a, t_r = work[0], work[1], work[2], work[3], work[4]
    t_a, t_x, t_s, by_k, r_ra = work[5], work[6], work[7], work[8], work[9]
    p, pa, q, x = lanes[0], lanes[1], lanes[2], lanes[3]
    c_r, c_a, u, v = lanes[4], lanes[5], lanes[6], lanes[7]
    for h in range(horses):
        for i in range(_lane(n)):
            ra[h, i] = alpha[h, i] * r[h, i]
        for i in range(_lane(n)):
            aa[h, i] = alpha[h, i] * ar[h, i]
    _dot(alpha, r, p, 0, n)
    _dot(alpha, ar, pa, 0, n)
    _dot(ra, ra, q, 0, n)
    _dot(aa, ra, x, 0, n)
    c_r[:n], c_a[:n] = 0.0, 0.0
    for h in range(horses):
        ahead = c_ge[h, d]
        for i in range(_lane(n)):
            c_r[i] += ahead * r[h, i]
        for i in range(_lane(n)):
            c_a[i] += ahead * ar[h, i]
    for h in range(horses):  # each k's factor in T_x and in T_s
        for i in range(_lane(n)):
            r_ra[h, i] = r[h, i] * ra[h, i]
        for i in range(_lane(n)):
            by_k[h, i] = r[h, i] * (pa[i] - aa[h, i]) + ar[h, i] * (p[i] - ra[h, i])
    work[2:8, :, :n] = 0.0  # O_r, O_a, T_r, T_a, T_x, T_s
    for k in range(horses):  # W1's products: O by row, T by column
        for j in range(horses):
            w = one_d[k, j]
            if w == 0.0:
                continue
            _add_times(w, r, j, o_r, k, 0, n)
            _add_times(w, ar, j, o_a, k, 0, n)
            _add_times(w, r, k, t_r, j, 0, n)
            _add_times(w, ar, k, t_a, j, 0, n)
            _add_times(w, r_ra, k, t_x, j, 0, n)
            _add_times(w, by_k, k, t_s, j, 0, n)
    for j in range(horses):
        ahead = c_ge[j, d]
        for i in range(_lane(n)):
            rest = p[i] - ra[j, i]
            last[j, i] += 2 * (p[i] * t_r[j, i] - t_x[j, i] - ra[j, i] * t_r[j, i]) + ahead * (
                rest * rest - (q[i] - ra[j, i] * ra[j, i])
            )
        for i in range(_lane(n)):
            rest, rest_a = p[i] - ra[j, i], pa[i] - aa[j, i]
            shared[j, i] += (
                t_s[j, i]
                - aa[j, i] * t_r[j, i]
                - ra[j, i] * t_a[j, i]
                + ahead * (rest_a * rest - (x[i] - aa[j, i] * ra[j, i]))
            )
    for m in range(horses):
        for k in range(m + 1, horses):
            to_k, to_m, c_m, c_k = one_d[k, m], one_d[m, k], c_ge[m, d], c_ge[k, d]
            for i in range(_lane(n)):
                u[i] = (
                    alpha[m, i] * (o_r[k, i] - to_k * r[m, i])
                    + alpha[k, i] * (o_r[m, i] - to_m * r[k, i])
                    + alpha[m, i] * alpha[k, i] * (c_r[i] - c_m * r[m, i] - c_k * r[k, i])
                )
            for i in range(_lane(n)):
                v[i] = (
                    alpha[m, i] * (o_a[k, i] - to_k * ar[m, i])
                    + alpha[k, i] * (o_a[m, i] - to_m * ar[k, i])
                    + alpha[m, i] * alpha[k, i] * (c_a[i] - c_m * ar[m, i] - c_k * ar[k, i])
                )
            _two_q_gather(r, ar, first, shared, u, v, m, k, n)


@kernel
def _sum_by_y(
    kept: Any, count: int, w_two: Floats, clean_keys: Ints, show: Floats, bound: Floats
) -> None:
    """The kept lanes (``_keep``) summed against ``Windows.two`` at their y, the lanes of
    each y together (the loops run along them with one window), and weighed into show and
    its bound at y; three or more bounded by the two times ``_beyond_two``."""
    values, beyond, at = kept
    horses, keys = values.shape[1], show.shape[1]
    starts = np.zeros(keys + 1, np.int64)  # the lanes in order of y
    for e in range(count):
        starts[at[e] + 1] += 1
    for x in range(keys):
        starts[x + 1] += starts[x]
    order, filled = np.empty(count, np.int64), starts[:keys].copy()
    for e in range(count):
        order[filled[at[e]]] = e
        filled[at[e]] += 1
    work, lanes = np.empty((6, horses, BLOCK)), np.empty((7, BLOCK))
    a, held, weighed, r, share, two_q = work[0], work[1], work[2], work[3], work[4], work[5]
    for x in range(keys):
        if starts[x + 1] == starts[x]:
            continue
        sets = w_two[clean_keys[x]]  # by sets already (``windows``)
        for lo in range(starts[x], starts[x + 1], BLOCK):
            nb = min(BLOCK, starts[x + 1] - lo)
            for i in range(nb):
                e = order[lo + i]
                for h in range(horses):
                    r[h, i], share[h, i] = values[0, h, e], values[2, h, e]
                    a[h, i] = values[1, h, e] * r[h, i]
                    held[h, i], weighed[h, i] = values[3, h, e], values[4, h, e]
            padded = _padded(nb)
            work[:4, :, nb:padded] = 0.0
            _two_q_sets(sets, r, a, padded, held, weighed, lanes)
            _two_q_done(a, padded, held, weighed, lanes, two_q)
            for i in range(nb):
                e = order[lo + i]
                for h in range(horses):
                    two = share[h, i] * two_q[h, i]
                    show[h, x] += two / 6
                    bound[h, x] += two * beyond[e] / 6


@kernel
def _alone_bound(
    r: Floats, share: Floats, rc: int, c: Floats, cc: int, b: Floats, u: Floats, bc: int,
    into: Floats, s: int,
) -> None:  # fmt: skip
    """into[:, s] = a bound on a heavy lane's two disqualified horses in its window with no
    other clean horse, the sum ``_keep`` takes off (``exact_finish._disqualified_
    target``'s ``less``), for r = 1 / allowed of that case and each target's share (their
    column rc); c is each horse's chance at the lower clean key (column cc), b at the
    window's top (clean anywhere in it) and u of a die in it (the window's markers: a 1 in
    (y, d), a 2 above d; column bc). Columns, not slices: a slice costs two atomic counts.

    The sum is over distinct j2 (at y), j1 (the top), and m < n (in the window) of
    c_j2 r_j2 W[m, n, j1] r_j1 r_m r_n, and W[m, n, j1] (j1 clean at y1 in the window, m
    and n a die between its foot and y1, summed over y1) is at most b_j1 u_m u_n: so at
    most (A - a_X) (B - b_X) (U - u_X)^2 / 2, a = c r, b r, u r summed over the horses.
    It is some 1e-19 of a 12-horse field in all (every other horse out or disqualified):
    where this is below ``ALONE_BOUNDED`` it is bounded, not summed (summed, it took as
    long as the sums it is taken from)."""
    sum_a, sum_b, sum_u = 0.0, 0.0, 0.0
    for h in range(r.shape[0]):
        sum_a += c[h, cc] * r[h, rc]
        sum_b += b[h, bc] * r[h, rc]
        sum_u += u[h, bc] * r[h, rc]
    for h in range(r.shape[0]):
        others_u = max(sum_u - u[h, bc] * r[h, rc], 0.0)
        into[h, s] = (
            share[h, rc]
            * max(sum_a - c[h, cc] * r[h, rc], 0.0)
            * max(sum_b - b[h, bc] * r[h, rc], 0.0)
            * others_u
            * others_u
            / 2
        )


ALONE_BOUNDED = 1e-18
"""A heavy lane's sums with no other clean horse are bounded where its bound (summed over
the horses) is below this (with 2s above d: every lane's of that d), else summed: show
loses at most this a lane (some 1e-14 an outcome at most; at 12 horses nearly all are
bounded, at 6 most are summed)."""


@kernel
def _alone_summed(alone_bound: Floats, n: int) -> bool:
    """Whether the n lanes' sums with no other clean horse are summed: some lane's bound
    of them (``_alone_bound``, summed over the horses) is not below ``ALONE_BOUNDED``."""
    for s in range(n):
        total = 0.0
        for h in range(alone_bound.shape[0]):
            total += alone_bound[h, s]
        if total >= ALONE_BOUNDED:
            return True
    return False


@kernel
def _weigh_heavy(
    share: Floats, alone_share: Floats, alone_bound: Floats, at: Ints, q: Floats, two_q: Floats,
    alone_q: Floats, n: int, summed: bool, show: Floats, bound: Floats,
) -> None:  # fmt: skip
    """Heavy lanes' sums (two_q, and alone_q where summed, by lane) weighed into show and
    its bound at their lower key ``at``; three or more bounded by ``_beyond_two(q)``."""
    for s in range(n):
        beyond = _beyond_two(q[s])
        for h in range(share.shape[0]):
            two = share[h, s] * two_q[h, s]
            if summed:
                show[h, at[s]] += (two - alone_share[h, s] * alone_q[h, s]) / 6
                bound[h, at[s]] += two * beyond / 6
            else:
                show[h, at[s]] += (two - alone_bound[h, s]) / 6
                bound[h, at[s]] += (two * beyond + alone_bound[h, s]) / 6


@kernel
def _sum_at_d(
    two: Floats, heavy: Any, n: int, alone_r: Floats, alone_share: Floats, at_d: Floats,
    work: Floats, lanes: Floats, show: Floats, bound: Floats,
) -> None:  # fmt: skip
    """The n heavy lanes of a key d with two 2s above d summed, less the same with no other
    clean horse (summed too, unless every lane's bound of it is below ``ALONE_BOUNDED``,
    then bounded); three or more bounded by the two times ``_beyond_two(q)``. They share one
    window, ``Windows.two`` at d (``two``), so are summed against it as the clean targets'
    are (``_fresh_two_q_by_sets``, no window made a lane: half the time). at_d[0] holds each
    lane's ``_alone_bound``; alone_r and alone_share (no other clean horse) are the same at
    every lane: spread into at_d[1] and at_d[2]."""
    if n == 0:
        return
    heavy_r, heavy_share, heavy_c, heavy_at, heavy_q = heavy
    two_q, alone_q = work[0], work[1]
    summed = _alone_summed(at_d[0], n)
    _fresh_two_q_by_sets(heavy_r, n, heavy_c, two, two_q, work[2:], lanes)  # ``windows``' sets
    if summed:
        for h in range(heavy_r.shape[0]):
            at_d[1, h, :n], at_d[2, h, :n] = alone_r[h, 0], alone_share[h, 0]
        _fresh_two_q_by_sets(at_d[1], n, heavy_c, two, alone_q, work[2:], lanes)
    _weigh_heavy(heavy_share, at_d[2], at_d[0], heavy_at, heavy_q, two_q, alone_q, n, summed,
                 show, bound)  # fmt: skip


@kernel
def _fresh_two_q_by_sets(
    r: Floats, n: int, c_y: Floats, sets: Floats, result: Floats, work: Floats, lanes: Floats
) -> None:
    """``exact_finish._two_q_between`` for n key pairs sharing one window: r is
    [horse, pair], c_y [horse, pair] each horse's chance at the lower clean horse's key,
    the window given as its sets of three (``_sets_of`` of w_two[m, n, j], symmetric in m
    and n, zero unless m, n, j differ; a row of the table ``windows`` makes). result =
    the sum, [horse, pair]. Summed over sets of three horses (``_two_q_sets``)."""
    a, held, weighed = work[0], work[1], work[2]
    for h in range(r.shape[0]):
        for i in range(_lane(n)):
            a[h, i] = c_y[h, i] * r[h, i]
    held[:, :n], weighed[:, :n] = 0.0, 0.0
    _two_q_sets(sets, r, a, n, held, weighed, lanes)
    _two_q_done(a, n, held, weighed, lanes, result)


@kernel
def _sets_of(w_two: Floats) -> Floats:
    """K for each set of three horses a < b < c (in that loop order): the window's three
    terms over them, each of the three as j and the other two as m < n (``_window_two_at``
    makes ``Windows.two`` for m < n only)."""
    horses = w_two.shape[0]
    sets = np.empty(max(horses * (horses - 1) * (horses - 2) // 6, 1))
    _fresh_sets_into(w_two, sets)
    return sets


@kernel
def _fresh_sets_into(w_two: Floats, sets: Floats) -> None:
    """``_sets_of`` into the room given (a row of the [key, set] table ``windows`` makes)."""
    horses = w_two.shape[0]
    at = 0
    for a in range(horses):
        for b in range(a + 1, horses):
            for c in range(b + 1, horses):
                sets[at] = w_two[b, c, a] + w_two[a, c, b] + w_two[a, b, c]
                at += 1


@kernel
def _two_q_sets(
    sets: Floats, r: Floats, a: Floats, n: int, held: Floats, weighed: Floats, lanes: Floats
) -> None:  # fmt: skip
    """Adds to held[i] the window's terms W[m, k, j] r_m r_k r_j (m < k, j, all distinct)
    that hold horse i, and to weighed[i] each of those times the sum of a over all three of
    its horses (i's own a included), on the n lanes.

    ``exact_finish._two_q_between`` needs only these: with H = held, G = weighed less
    a_i H_i (the terms holding i times the a of the other two) and T the sum of all terms
    (the sum of H over three), each target X's sum is (A - a_X)(T - H_X) - (the sum of
    a H less a_X H_X) + G_X (``_two_q_done``). A term holds the same three horses and the
    same r whichever of them is j, so the three terms over a set are one, K r_a r_b r_c
    (``_sets_of``): 220 sets at 12 horses against 660 window entries, each of which took
    four multiply-adds a lane (u, v, last, shared). As ``exact_compiled_three._contract``:
    the loop over c writes held and weighed at c only, what belongs to a and b is summed
    over c first."""
    horses = r.shape[0]
    rab, aab, t_sum, ta_sum = lanes[0], lanes[1], lanes[2], lanes[3]
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
                    t = k * rab[i] * r[h_c, i]
                    ta = t * (aab[i] + a[h_c, i])
                    held[h_c, i] += t
                    weighed[h_c, i] += ta
                    t_sum[i] += t
                    ta_sum[i] += ta
            for i in range(_lane(n)):
                held[h_a, i] += t_sum[i]
                held[h_b, i] += t_sum[i]
                weighed[h_a, i] += ta_sum[i]
                weighed[h_b, i] += ta_sum[i]


@kernel
def _two_q_done(
    a: Floats, n: int, held: Floats, weighed: Floats, lanes: Floats, result: Floats
) -> None:  # fmt: skip
    """result from ``_two_q_sets``' held and weighed: all the terms, less those holding the
    target or the lower clean horse, plus those holding both (exact_finish._two_q_between)."""
    sum_a, whole, sum_a_held = lanes[4], lanes[5], lanes[6]
    sum_a[:n], whole[:n], sum_a_held[:n] = 0.0, 0.0, 0.0
    for h in range(a.shape[0]):
        for i in range(_lane(n)):
            sum_a[i] += a[h, i]
            whole[i] += held[h, i]
            sum_a_held[i] += a[h, i] * held[h, i]
    for i in range(_lane(n)):
        whole[i] /= 3
    for h in range(a.shape[0]):
        for i in range(_lane(n)):
            own = a[h, i] * held[h, i]
            result[h, i] = (
                (sum_a[i] - a[h, i]) * (whole[i] - held[h, i])
                - (sum_a_held[i] - own)
                + (weighed[h, i] - own)
            )


@kernel
def _two_q_gather(
    r: Floats, ar: Floats, first: Floats, shared: Floats, u: Floats, v: Floats, m: int,
    k: int, n: int,
) -> None:  # fmt: skip
    """The sums over j of the pair m < k (u, v) into first and shared, both orders."""
    for i in range(_lane(n)):
        first[m, i] += r[k, i] * u[i]
    for i in range(_lane(n)):
        first[k, i] += r[m, i] * u[i]
    for i in range(_lane(n)):
        shared[m, i] += ar[k, i] * u[i] + r[k, i] * v[i]
    for i in range(_lane(n)):
        shared[k, i] += ar[m, i] * u[i] + r[m, i] * v[i]


def key_pair_sums(
    t: Tables, w: Windows, clean_keys: Ints, dq_keys: Ints, seconds: dict[str, float] | None = None,
    loosen: float = 1.0,
) -> tuple[Floats, Floats, Floats]:  # fmt: skip
    """Place, show and show bound of both key-pair cases, by horse; the CPU seconds of
    each part added to ``seconds`` if given (benchmarks/stretch_exact.py). The heavy
    thresholds are ``exact_finish``'s times ``loosen`` (``place_and_show`` says why)."""
    clock = [time.process_time()]

    def took(part: str) -> None:
        now = time.process_time()
        if seconds is not None:
            seconds[part] = seconds.get(part, 0.0) + now - clock[0]
        clock[0] = now

    shape = (t.c.shape[0], clean_keys.size)
    place, show, bound = np.zeros(shape), np.zeros(shape), np.zeros(shape)
    # one memory layout and type whatever made the arrays: one compiled version serves all
    a = {name: np.ascontiguousarray(getattr(t, name), dtype=np.float64) for name in TABLES}
    b = {name: np.ascontiguousarray(getattr(w, name), dtype=np.float64) for name in WINDOWS}
    clean_keys, dq_keys = clean_keys.astype(np.int64), dq_keys.astype(np.int64)
    logged = clean_keys.size * (clean_keys.size - 1) // 2  # room for every key pair
    three_log = (
        HEAVY_THREE * loosen,
        np.empty(logged, np.int64),
        np.empty(logged, np.int64),
        np.zeros(1, np.int64),
    )
    first = _left_out(a["c"], a["c_gt"], clean_keys, bound)
    clean_targets(
        a["c"], a["c_gt"], a["p_gt"], b["one"], b["two"], b["spread"], clean_keys,
        HEAVY_PAIR * loosen, first, place, show, bound, three_log,
    )  # fmt: skip
    took("clean targets")
    three_in_window(
        a["c"], a["c_gt"], a["p_gt"], clean_keys, three_log[1], three_log[2], int(three_log[3][0]),
        show, bound,
    )  # fmt: skip
    took("three in a window")
    rows_left_out = _left_out_rows(a["c_ge"], a["dq"], dq_keys, bound)
    first_lanes = _left_out_lanes(
        a["c"], a["c_ge"], a["dq"], clean_keys, dq_keys, rows_left_out, bound
    )
    disqualified_targets(
        a["c"], a["dq"], a["out"], a["c_ge"], a["c_gt"], a["c_lt"], a["c_tot"], a["p_gt"],
        a["d_le"], b["one"], b["two"], b["spread"], b["at"], clean_keys, dq_keys,
        HEAVY_DQ_PAIR * loosen, first_lanes, place, show, bound,
    )  # fmt: skip
    took("disqualified targets")
    return place.sum(axis=1), show.sum(axis=1), bound.sum(axis=1)


TABLES = ("c", "dq", "out", "c_ge", "c_gt", "c_lt", "c_tot", "p_gt", "d_le")
WINDOWS = ("one", "two", "spread", "at")


def warm_up() -> None:
    """Compile the loops (or load them from the cache) on a small made-up field."""
    from homestretch.games.stretch.analysis.exact_finish import place_and_show

    rng = np.random.default_rng(17)
    clean, dq = rng.random((4, 6)), rng.random((4, 6)) * 0.1
    out = np.full(4, 0.1)
    scale = 0.9 / (clean.sum(axis=1) + dq.sum(axis=1))
    place_and_show(clean * scale[:, None], dq * scale[:, None], out)


if __name__ == "__main__":  # make setup: compile once, so no user waits for it
    warm_up()
