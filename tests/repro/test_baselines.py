"""Baselines of the K-finding and trend claims against hand-worked answers and brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from scipy.stats import spearmanr

from clustval.repro.paper.claims import baselines as B


def test_k_baselines_answer_without_looking_at_the_data():
    found = B.k_baselines(range(2, 15), ["iris", "wdbc", "bupa"], 2, 2017)
    assert found["always K = 2"] == {"iris": 2, "wdbc": 2, "bupa": 2}
    assert set(found["smallest K"].values()) == {2} and set(found["largest K"].values()) == {14}
    assert all(2 <= k <= 14 for k in found["random K"].values())
    assert B.k_baselines(range(2, 15), ["iris", "wdbc", "bupa"], 2, 2017) == found  # seeded: same draws
    assert B.k_baselines(range(2, 15), ["iris"], 2, 2017)["random K"]["iris"] == found["random K"]["iris"]


def test_k_baseline_hits_by_hand():
    """Four sets with true K 2, 2, 3, 5 over K = 2..5: always 2 and the smallest K find two,
    the largest one; a random K expects 4 x 1/4 = 1. An index with 2 hits is met by a baseline,
    one with 3 is not."""
    truth = {"a": 2, "b": 2, "c": 3, "d": 5}
    found = B.k_baseline_detail(range(2, 6), truth, 2, 2, 0)
    assert {k: found["hits"][k] for k in ("always K = 2", "smallest K", "largest K")} == \
        {"always K = 2": 2, "smallest K": 2, "largest K": 1}
    assert found["expected_random"] == pytest.approx(1.0)
    assert found["met"] and "always K = 2" in found["met_by"]
    assert B.k_baseline_detail(range(2, 6), truth, 3, 2, 0)["met"] == (found["hits"]["random K"] >= 3)


def test_pair_baseline_counts_every_pair_as_brute_force_does():
    rng = np.random.default_rng(3)
    indices = ["s2", "ps2", "accuracy", "rand", "ari"]
    sets = [f"d{i}" for i in range(8)]
    values = {d: {name: float(rng.uniform()) for name in indices} for d in sets}
    found = B.pair_baseline_detail(values, [sets], indices, "spearman", 0.3, 0.5)
    brute = [spearmanr([values[d][a] for d in sets], [values[d][b] for d in sets])[0]
             for a, b in itertools.combinations(indices, 2)]
    assert found["pairs"] == 10 and found["passing"] == sum(r >= 0.3 for r in brute)
    assert found["median"] == pytest.approx(float(np.median(brute)))
    assert found["met"] == (found["passing"] / 10 >= 0.5)
