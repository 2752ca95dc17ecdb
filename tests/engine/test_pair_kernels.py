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
