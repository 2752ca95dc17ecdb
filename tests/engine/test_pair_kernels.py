"""The pair passes' merge (``clustval._engine.pair_kernels.merge_counts``) against binary
searches: both of its ways (walking the values, galloping over them) on either side of
their switch, with ties and with empty sides."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from clustval._engine import pair_kernels  # noqa: E402


@pytest.mark.parametrize("seed", range(8))
def test_merge_counts_equal_two_binary_searches(seed):
    rng = np.random.default_rng(seed)
    for _ in range(300):
        n_queries, n_values = (int(x) for x in rng.integers(0, 300, 2))
        n_values = n_values * int(rng.choice([1, 8]))  # walked, or galloped over
        if rng.random() < 0.5:  # ties between and within both sides
            top = int(rng.integers(1, 40))
            queries, values = (np.sort(rng.integers(0, top, size).astype(float)) for size in (n_queries, n_values))
        else:
            queries, values = np.sort(rng.random(n_queries)), np.sort(rng.random(n_values))
        below = int(np.searchsorted(values, queries, "left").sum())
        at_most = int(np.searchsorted(values, queries, "right").sum())
        assert pair_kernels.merge_counts(queries, values) == (below, at_most - below)


@pytest.mark.parametrize("seed", range(4))
def test_radix_sort_and_merge_sorted_equal_numpys_sort(seed):
    # ties, zeros, subnormals and the largest doubles: every bit of the patterns moves
    rng = np.random.default_rng(seed)
    extremes = np.array([0.0, 5e-324, 1e-310, 1e-300, 1.0, 1e300, np.finfo(float).max])
    for size in [0, 1, 2, 3, 100, 1025, 70_000]:
        for values in (rng.random(size) * 30, rng.integers(0, 5, size).astype(float), rng.choice(extremes, size),
                       np.full(size, 2.5)):  # fmt: skip
            expected = np.sort(values)
            scratch = np.full(size + 5, np.nan)  # longer than the values: only their length is used
            pair_kernels.radix_sort(values, scratch)
            assert np.array_equal(values, expected)
            cut = int(rng.integers(0, size + 1))
            first, second = np.sort(rng.permutation(expected)[:cut]), np.sort(rng.permutation(expected)[cut:])
            merged = np.empty(first.size + second.size)
            pair_kernels.merge_sorted(first, second, merged)
            assert np.array_equal(merged, np.sort(np.concatenate([first, second])))
