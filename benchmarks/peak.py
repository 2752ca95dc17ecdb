"""Peak microkernels: the throughput limit of the exact distance pass on this core.

Not a test. Each kernel runs on one thread over a tile of ``clustval._engine.kernels.TILE``
points that stays in the core's caches (no memory traffic), timed in CPU time of this
process (so other work on a shared machine does not count against it), best of 5:

  sqrt           out[j] += sqrt(v[j])                    the square root alone (vsqrtpd)
  distances      clustval._engine.kernels.distances, d = 8      one row of exact distances, strict
                 IEEE (no FMA, no reassociation): 8 subtractions, 8 multiplications,
                 7 additions and a square root per pair
  pass kernels   clustval._engine.kernels.row_step              the tile pass's row step: also the
                 row's sum and minimum and the columns' sums and minima
  squares        the same d = 8 sums of squares without their square root: the FP ports'
                 own rate (23 operations per 4 pairs, 2 per cycle, so it gives the clock)
  distances FMA  the same distances with fused multiply-adds (fastmath "contract"): the
                 rate the pass could approach if its distances were allowed to round
                 differently from numpy's (they are not); the square roots bound it

The ``pass kernels`` rate is the estimated limit of the whole pass that ``python -m benchmarks``
prints beside each internal row's pairs per second per thread (it runs this module in a fresh
process just before the row): the pass runs this row step for every row of every tile pair,
and does more around it. ``distances`` (LLVM's own 256-bit vectors) is the row step's
distances alone in the form the other kernels use; the row step writes out 512-bit vectors.

Usage (from the repository root):  python -m benchmarks.peak [--json]
"""

from __future__ import annotations

import json
import math
import sys
import time

import numba
import numpy as np

from clustval._engine import kernels as _kernels

TILE = _kernels.TILE
REPEATS = 200_000 // 8  # rows per timing: ~5 * 10^6 pairs


# The sweep of clustval._engine.kernels.distances compiled again with fused multiply-adds: the
# same body, other flags; not cached, as numba's cache keys an entry by the function and
# its signature, not by its flags.
_sweep_fma = numba.njit(fastmath={"contract"})(_kernels._sweep.py_func)


@numba.njit(cache=True)
def _sqrt_only(v, rows, out):  # pragma: no cover
    for _ in range(rows):
        for j in range(v.size):
            out[j] += math.sqrt(v[j])


@numba.njit(cache=True)
def _distances_only(XT, rows, dist):  # pragma: no cover
    m = XT.shape[1]
    for r in range(rows):
        _kernels.distances(XT, r % m, XT, 0, m, dist)


@numba.njit(cache=True)
def _squares_only(XT, rows, out):  # pragma: no cover
    m = XT.shape[1]
    for r in range(rows):
        _kernels._sweep(XT, r % m, XT, 0, 8, 0, m, out, True, False)  # no square root


@numba.njit
def _distances_fma(XT, rows, out):  # pragma: no cover
    m = XT.shape[1]
    for r in range(rows):
        _sweep_fma(XT, r % m, XT, 0, 8, 0, m, out, True, True)


@numba.njit(cache=True)
def _pass_row_step(XT, rows, acc, col_sum, col_min, col_max):  # pragma: no cover
    m = XT.shape[1]
    for r in range(rows):
        _kernels.row_step(XT, r % m, 0, m, acc, col_sum, col_min, col_max, 0, False)


def _rate(call) -> float:
    """Best of 5 in G values (pairs) per CPU-second, after one compiling call."""
    call(8)
    best = math.inf
    for _ in range(5):
        start = time.process_time()
        call(REPEATS)
        best = min(best, time.process_time() - start)
    return REPEATS * TILE / best / 1e9


def rates() -> dict[str, float]:
    """G pairs (values) per CPU-second of each microkernel, one thread."""
    rng = np.random.default_rng(0)
    XT = _kernels.aligned_empty(8 * TILE).reshape(8, TILE)  # the pass's tiles are aligned
    XT[:] = rng.normal(size=(8, TILE))
    v = np.abs(XT[0]) + 1.0
    out, col_min, col_max = (_kernels.aligned_empty(TILE) for _ in range(3))
    out[:], col_min[:], col_max[:] = 0.0, np.inf, 0.0
    return {
        "sqrt": _rate(lambda rows: _sqrt_only(v, rows, out)),
        "distances": _rate(lambda rows: _distances_only(XT, rows, np.empty(TILE))),
        "pass kernels": _rate(
            lambda rows: _pass_row_step(XT, rows, _kernels.aligned_empty(TILE), out, col_min, col_max)
        ),
        "squares": _rate(lambda rows: _squares_only(XT, rows, np.empty(TILE))),
        "distances FMA": _rate(lambda rows: _distances_fma(XT, rows, np.empty(TILE))),
    }


def main(argv: list[str] | None = None) -> None:
    measured = rates()
    if "--json" in (sys.argv[1:] if argv is None else argv):
        print(json.dumps(measured))
        return
    print("one thread, a tile in cache, CPU time, best of 5 (G per second):")
    for name, rate in measured.items():
        print(f"  {name:14s} {rate:.2f} G/s")


if __name__ == "__main__":
    main()
