"""Top of the Stretch's NumPy work: the vectorized race kernel (kernel.py), the
Monte Carlo chances (probabilities.py), the exact Quickplay chances (exact.py,
exact_finish.py and the Numba loops exact_compiled.py and exact_compiled_three.py, kept
on disk by exact_cache.py), a race page's chances (chances.py) and the calibration study
(calibrate.py)."""
