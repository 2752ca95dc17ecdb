"""The distance pass of clustval._engine (pairwise, kernels, lanes, rowstep): the direct
distance formula, both engines bit for bit, the documented order of the sums over tiles,
lanes and parts, the tile layout and the row blocks a memory budget allows.

Truth comes from math.dist, distance matrices reduced with numpy, and loops written here that
add in the documented order. The indices computed from this pass are tested against their own
oracles in tests/indices (test_classic.py holds every internal index bit for bit in both
engines).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from clustval._engine.pairwise import (
    cluster_distance_stats,
    exact_distances,
    rows_per_block,
    tile_major_layout,
)
from tests.cases import random_case


def test_engines_agree_bit_for_bit_on_distances():
    pytest.importorskip("numba")
    X, labels = random_case(3, 300, 5, d=6)
    X[::7] = X[1::7][: len(X[::7])]  # duplicates: zero distances and exact ties
    codes = np.unique(labels, return_inverse=True)[1]
    runs = [
        cluster_distance_stats(
            X, codes, 5, sums=True, nearest=True, extremes=True, pair_max=True, engine=e, memory_budget_mb=0.05
        )
        for e in ("numpy", "numba")
    ]
    np.testing.assert_array_equal(runs[0].in_group_share, runs[1].in_group_share)
    np.testing.assert_array_equal(runs[0].pair_min, runs[1].pair_min)
    np.testing.assert_array_equal(runs[0].pair_max, runs[1].pair_max)
    np.testing.assert_array_equal(runs[0].diameters, runs[1].diameters)
    np.testing.assert_array_equal(runs[0].cluster_sums, runs[1].cluster_sums)  # one order
    # ... and the distances are the direct formula
    D = exact_distances(X, X)
    own = codes[:, None] == codes[None, :]
    np.testing.assert_array_equal(
        runs[0].diameters, [D[np.ix_(codes == k, codes == k)].max() for k in range(5)]
    )
    assert runs[0].pair_min[0, 1] == D[np.ix_(codes == 0, codes == 1)].min()
    np.testing.assert_array_equal(
        runs[0].pair_max, [[D[np.ix_(codes == k, codes == l)].max() for l in range(5)] for k in range(5)]
    )
    assert not np.any(np.isnan(D[~own]))


@pytest.mark.parametrize("kind", ["gauss", "grid", "dup"])
def test_tiled_kernel_equals_the_numpy_engine_across_tiles_and_workers(kind):
    # Clusters of several tiles, one just over a tile, a singleton and small ones, on 1, 2
    # and all threads. Distances (minima, maxima, neighbours, ties) must be bit-identical to
    # the numpy engine's, sums too (one order), and sums bit-identical across thread counts.
    numba = pytest.importorskip("numba")
    from clustval._engine.kernels import TILE

    rng = np.random.default_rng(5)
    sizes = [2 * TILE + 188, 1, TILE // 2 + 44, 5, TILE + 1, 2]
    labels = rng.permutation(np.repeat(np.arange(len(sizes)), sizes))
    n = labels.size
    X = random_case(9, n, 1, d=5, kind=kind)[0]
    want = cluster_distance_stats(
        X, labels, len(sizes), sums=True, nearest=True, extremes=True, pair_max=True, engine="numpy"
    )
    threads = numba.get_num_threads()
    sums = []
    try:
        for workers in sorted({1, 2, threads}):
            numba.set_num_threads(min(workers, numba.config.NUMBA_NUM_THREADS))
            got = cluster_distance_stats(
                X, labels, len(sizes), sums=True, nearest=True, extremes=True, pair_max=True, engine="numba"
            )
            np.testing.assert_array_equal(got.in_group_share, want.in_group_share)
            np.testing.assert_array_equal(got.pair_min, want.pair_min)
            np.testing.assert_array_equal(got.pair_max, want.pair_max)
            np.testing.assert_array_equal(got.diameters, want.diameters)
            np.testing.assert_array_equal(got.cluster_sums, want.cluster_sums)
            sums.append(got.cluster_sums)
        for other in sums[1:]:  # the same bits on any number of threads: results/ too
            np.testing.assert_array_equal(other, sums[0])
    finally:
        numba.set_num_threads(threads)


def test_parts_are_combined_as_numpy_reduces_them():
    # combine_parts: sums added in part order (the bits of np.sum over the parts), minima and
    # maxima over the parts, the sums scattered to the original rows
    pytest.importorskip("numba")
    from clustval._engine.kernels import combine_parts

    rng = np.random.default_rng(2)
    parts, n, k = 4, 37, 3
    sums = rng.normal(size=(parts, n, k)) * 10.0 ** rng.integers(-8, 8, size=(parts, n, k))
    mins, maxima = rng.random((parts, n, k)), rng.random((parts, n))
    order = rng.permutation(n)
    got_sums, got_mins, got_max = np.empty((n, k)), np.empty((n, k)), np.empty(n)
    combine_parts(sums, mins, maxima, order, got_sums, got_mins, got_max)
    np.testing.assert_array_equal(got_sums[order], np.sum(sums, axis=0))
    np.testing.assert_array_equal(got_mins, mins.min(axis=0))
    np.testing.assert_array_equal(got_max, maxima.max(axis=0))


@pytest.mark.parametrize("d", [1, 8, 13, 17])
@pytest.mark.parametrize("m", [0, 1, 5, 7, 8, 9, 100, 511, 512])
@pytest.mark.parametrize("fold_max", [False, True])
def test_a_row_is_folded_in_the_lane_order(m, d, fold_max):
    # row_step's distances are those of `distances`; its sum is in the order of LANES (term
    # j to lane j % 8, the lanes added ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)))
    # against a loop oracle; its minimum and maximum, the columns' sums, minima and (with
    # fold_max) maxima element by element, and nothing written past the last block.
    # d = 1, 8, 13, 17: one narrow or wide sweep, two, three.
    pytest.importorskip("numba")
    from clustval._engine.kernels import distances
    from clustval._engine.lanes import LANES
    from clustval._engine.rowstep import aligned_empty, row_step

    rng = np.random.default_rng(m * 100 + d)
    rows = -(-d // 4) * 4
    P = np.zeros((rows, 530))
    P[:d] = rng.normal(size=(d, 530)) * 10.0 ** rng.integers(-5, 5, (1, 530))  # 10 decades
    i, j0, k = 3, 11, 2  # an unaligned row start, and an offset into the columns' arrays
    want = np.empty(m + LANES)
    distances(P, i, P, j0, j0 + m, want)
    row = want[:m]
    size = 512 + 2 * LANES
    col_sum, col_min, col_max = rng.random(size), rng.random(size), rng.random(size)
    want_sum, want_min = col_sum[k : k + m] + row, np.minimum(col_min[k : k + m], row)
    want_max = np.maximum(col_max[k : k + m], row) if fold_max else col_max[k : k + m].copy()
    end = k + -(-m // LANES) * LANES
    columns = (col_sum, col_min, col_max)
    untouched = [a[end:].copy() for a in columns] + [a[:k].copy() for a in columns]
    acc = aligned_empty(512 + LANES)
    total, lowest, highest = row_step(P, i, j0, j0 + m, acc, col_sum, col_min, col_max, k, fold_max)

    a = [0.0] * LANES
    for j in range(m):
        a[j % LANES] += float(row[j])
    assert total == ((a[0] + a[1]) + (a[2] + a[3])) + ((a[4] + a[5]) + (a[6] + a[7]))
    assert lowest == (row.min() if m else np.inf)
    assert highest == (row.max() if m else 0.0)
    np.testing.assert_array_equal(col_sum[k : k + m], want_sum)
    np.testing.assert_array_equal(col_min[k : k + m], want_min)
    np.testing.assert_array_equal(col_max[k : k + m], want_max)
    for before, after in zip(untouched, [a[end:] for a in columns] + [a[:k] for a in columns]):
        np.testing.assert_array_equal(after, before)


def test_aligned_scratch_starts_on_a_cache_line():
    pytest.importorskip("numba")
    from clustval._engine.rowstep import aligned_empty

    for size in (1, 8, 520):
        values = aligned_empty(size)
        assert values.shape == (size,) and values.ctypes.data % 64 == 0


def test_the_tile_major_layout_keeps_every_object_and_aligns_every_tile():
    X = np.random.default_rng(2).normal(size=(1100, 5))
    tiles = np.array([0, 3, 515, 516, 1027, 1100], dtype=np.int64)
    XT, columns = tile_major_layout(X, tiles)
    assert XT.shape[0] == 8 and XT.flags.c_contiguous and XT.ctypes.data % 64 == 0
    assert len(columns) == len(tiles) - 1 and np.all(columns % 8 == 0)
    assert np.all(np.diff(columns) >= np.diff(tiles)[:-1])  # tiles never overlap
    for t in range(len(tiles) - 1):
        block = XT[:, columns[t] : columns[t] + tiles[t + 1] - tiles[t]]
        np.testing.assert_array_equal(block[:5], X[tiles[t] : tiles[t + 1]].T)
        assert not block[5:].any()


def test_exact_distances_match_math_dist():
    rng = np.random.default_rng(0)
    A, B = rng.normal(size=(5, 7)) * 1e3, rng.normal(size=(4, 7)) * 1e3
    want = np.array([[math.dist(a, b) for b in B] for a in A])
    np.testing.assert_allclose(exact_distances(A, B), want, rtol=1e-14)


def test_rows_per_block_follows_budget():
    assert rows_per_block(1000, 1) == 2**20 // (1000 * 8 * 3)
    assert rows_per_block(10**6, 1e-3) == 1


def test_part_bounds_equal_the_listed_pairs():
    # The parts are found row by row of the tile-pair triangle; the compiled pass used to list
    # all pairs and search their cumulative work: the same bounds, so the same sums.
    from clustval._engine.pairwise import PARTS, part_bounds

    rng = np.random.default_rng(11)
    for _ in range(200):
        lengths = rng.integers(1, 513, size=rng.integers(1, 30))
        a, b = np.triu_indices(len(lengths))
        work = np.cumsum(lengths[a] * lengths[b])
        workers = max(1, min(PARTS, len(a)))
        want = np.searchsorted(work, work[-1] * np.arange(workers + 1) / workers, side="left")
        want[0], want[-1] = 0, len(a)
        np.testing.assert_array_equal(part_bounds(lengths), want)


def test_numpy_sums_follow_the_documented_order():
    # cluster_sums[i, c] by the rule of clustval._engine.pairwise's docstring, written with loops:
    # tiles after i's own in lanes, before it one by one, the own tile after i in lanes
    # from i + 1 then before i one by one; the terms of a part from 0.0, parts in order.
    from clustval._engine.lanes import TILE
    from clustval._engine.pairwise import _TilePlan

    rng = np.random.default_rng(4)
    sizes = [TILE + 300, 3, 2 * TILE + 5]
    n = sum(sizes)
    codes = np.repeat(np.arange(3), sizes)  # already sorted by cluster
    X = rng.integers(0, 5, size=(n, 2)) * 0.5
    D = exact_distances(X, X)
    got = cluster_distance_stats(X, codes, 3, sums=True, engine="numpy").cluster_sums
    plan = _TilePlan.of(np.concatenate(([0], np.cumsum(sizes))))
    tiles = plan.tiles.tolist()

    def lanes(values):
        acc = [0.0] * 8
        for j, value in enumerate(values):
            acc[j % 8] += value
        return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]))

    def one_by_one(values):
        total = 0.0
        for value in values:
            total += value
        return total

    for i in rng.choice(n, 40, replace=False).tolist() + [0, n - 1, TILE, TILE - 1]:
        own = int(np.searchsorted(plan.tiles, i, side="right") - 1)
        for c in range(3):
            parts = {}
            for u in range(plan.first_tile[c], plan.first_tile[c + 1]):
                t0, t1 = tiles[u], tiles[u + 1]
                part = int(plan.part_of(np.array(u), np.array(own)))
                if u > own:
                    terms = [lanes(D[i, t0:t1])]
                elif u < own:
                    terms = [one_by_one(D[i, t0:t1])]
                else:
                    terms = [lanes(D[i, i + 1 : t1]), one_by_one(D[i, t0:i])]
                for term in terms:
                    parts[part] = parts.get(part, 0.0) + term
            total = 0.0
            for part in sorted(parts):
                total += parts[part]
            assert got[i, c] == total, (i, c)
