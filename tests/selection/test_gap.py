"""The gap statistic (clustval.selection.gap) against a hand computation from Tibshirani, Walther &
Hastie (2001), and on data whose answer is known."""

from __future__ import annotations

import itertools
import math
import statistics

import numpy as np
import pytest

import clustval
from clustval.compat.r_random import RStream
from clustval.errors import InputError, UndefinedIndexError
from clustval.selection.gap import RULES, GapResult, gap_statistic, max_se, pooled_within


def by_first_coordinate(X, k):
    """A deterministic clustering the oracle can run too: k groups of consecutive ranks."""
    order = np.argsort(np.asarray(X)[:, 0], kind="stable")
    labels = np.empty(len(X), dtype=int)
    labels[order] = np.arange(len(X)) * k // len(X)
    return labels


def w_by_pairs(X, labels, d_power=2) -> float:
    """Tibshirani et al.'s eq. 2: W_k = sum_r D_r / (2 n_r), D_r over ordered pairs of d^d_power."""
    total = 0.0
    for r in set(labels.tolist()):
        members = [x for x, l in zip(X.tolist(), labels.tolist()) if l == r]
        d_r = sum(math.dist(x, y) ** d_power for x, y in itertools.product(members, members))
        total += d_r / (2 * len(members))
    return total


def test_pooled_within_is_eq_2():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(25, 3))
    labels = rng.integers(0, 4, 25)
    assert pooled_within(X, labels) == pytest.approx(w_by_pairs(X, labels), rel=1e-12)


@pytest.mark.parametrize("d_power", [0.5, 1, 3])
def test_pooled_within_of_other_powers_is_eq_2(d_power):
    rng = np.random.default_rng(3)
    X = rng.normal(size=(25, 3))
    labels = rng.integers(0, 4, 25)
    assert pooled_within(X, labels, d_power=d_power) == pytest.approx(w_by_pairs(X, labels, d_power), rel=1e-12)


# maxSE's rules worked by hand on dyadic values (exact in binary), (gap, s, se_factor) -> K by
# rule, in the order of RULES: Tibs2001SEmax, firstSEmax, globalSEmax, firstmax, globalmax
HAND_WORKED = [
    # first local maximum at 2, global at 4; with t = 0.125 no K before 4 is within 1 - t
    ([0.5, 0.75, 0.625, 1.0, 0.875], [0.125] * 5, 1, [2, 2, 4, 2, 4]),
    # t = 0.25: 0.5 >= 0.75 - 0.25 (K = 1 for Tibshirani's and the first maximum's), 0.75 >= 1 - 0.25
    ([0.5, 0.75, 0.625, 1.0, 0.875], [0.125] * 5, 2, [1, 1, 2, 2, 4]),
    ([0.5, 0.75, 0.625, 1.0, 0.875], [0.125] * 5, 0, [2, 2, 4, 2, 4]),
    # rising throughout: no K qualifies, so R answers the last; with t = 0.1875 the SE rules reach back
    ([0.125, 0.25, 0.375, 0.5], [0.0625] * 4, 1, [4, 4, 4, 4, 4]),
    ([0.125, 0.25, 0.375, 0.5], [0.0625] * 4, 3, [1, 3, 3, 4, 4]),
    # a plateau: f(3) <= f(2) ends the first maximum; the global maximum is the first of the tie
    ([0.25, 0.5, 0.5, 0.125], [0.0] * 4, 1, [2, 2, 2, 2, 2]),
    ([0.7], [0.2], 1, [1, 1, 1, 1, 1]),
]


@pytest.mark.parametrize(("gap", "s", "factor", "expected"), HAND_WORKED)
def test_each_stopping_rule_on_hand_worked_vectors(gap, s, factor, expected):
    assert [max_se(gap, s, rule, se_factor=factor) for rule in RULES] == expected
    found = GapResult(tuple(range(1, len(gap) + 1)), tuple(gap), tuple(s), (0.0,) * len(gap), (0.0,) * len(gap), None)
    for rule, k in zip(RULES, expected):
        none = rule == "Tibs2001SEmax" and k == len(gap)  # no K qualified: R answers the last K
        assert found.best(rule, factor) == (None if none else k)


def test_rules_read_the_k_tried_in_order():
    found = GapResult((2, 3, 5, 6), (0.5, 0.75, 0.625, 1.0), (0.125,) * 4, (0.0,) * 4, (0.0,) * 4, None)
    assert found.best("firstmax") == 3 and found.best("globalmax") == 6 and found.best("globalSEmax") == 6
    # 3 and 5 are not consecutive: 0.75 >= 0.625 - 0.125 is not read, and 2-3, 5-6 do not qualify
    assert found.best("Tibs2001SEmax") is None and found.best("Tibs2001SEmax", 2) == 2


@pytest.mark.parametrize(("args", "kwargs", "message"), [
    (([0.1, 0.2], [0.1]), {}, "one length"),
    (([], []), {}, "one length"),
    (([0.1, np.nan], [0.1, 0.1]), {}, "finite"),
    (([0.1, 0.2], [0.1, -0.1]), {}, "non-negative"),
    (([0.1, 0.2], [0.1, 0.1], "maxSE"), {}, "rule must be one of"),
    (([0.1, 0.2], [0.1, 0.1]), {"se_factor": -1}, "se_factor"),
    (([0.1, 0.2], [0.1, 0.1]), {"se_factor": "1"}, "se_factor"),
])  # fmt: skip
def test_max_se_bad_input_is_one_line(args, kwargs, message):
    with pytest.raises(InputError, match=message) as caught:
        max_se(*args, **kwargs)
    assert "\n" not in str(caught.value)


def test_r_draws_skip_a_constant_column_as_runif_does():
    rng = np.random.default_rng(9)
    X = np.column_stack([rng.normal(size=20), np.full(20, 2.5), rng.normal(size=20)])
    captured = []

    def record(data, k):
        captured.append(np.array(data))
        return by_first_coordinate(data, k)

    gap_statistic(X, [2], record, B=2, draws="r", seed=4)
    u = RStream(4).unif_rand(80)
    low, high = X[:, 0].min() - X[:, 0].mean(), X[:, 0].max() - X[:, 0].mean()
    first_set = captured[1]
    assert np.all(first_set[:, 1] == 2.5)
    assert first_set[:, 0] == pytest.approx(low + (high - low) * u[:20] + X[:, 0].mean(), rel=1e-14)
    assert captured[2][:, 0] == pytest.approx(low + (high - low) * u[40:60] + X[:, 0].mean(), rel=1e-14)


def test_uniform_reference_equals_a_hand_computation():
    rng = np.random.default_rng(7)
    X = np.vstack([rng.normal(c, 0.4, size=(12, 2)) for c in [(0, 0), (4, 1), (8, 0)]])
    ks, B, seed = [1, 2, 3, 4], 5, 11
    got = gap_statistic(X, ks, by_first_coordinate, B=B, seed=seed)

    draws = np.random.default_rng(seed)
    low, high = X.min(axis=0), X.max(axis=0)
    references = [draws.uniform(low, high, size=X.shape) for _ in range(B)]

    def log_w(data, k):
        labels = np.zeros(len(data), dtype=int) if k == 1 else by_first_coordinate(data, k)
        return math.log(w_by_pairs(data, labels))

    for i, k in enumerate(ks):
        simulated = [log_w(ref, k) for ref in references]
        gap = statistics.fmean(simulated) - log_w(X, k)
        s = statistics.pstdev(simulated) * math.sqrt(1 + 1 / B)
        assert got.gap[i] == pytest.approx(gap, rel=1e-10, abs=1e-12)
        assert got.s[i] == pytest.approx(s, rel=1e-9, abs=1e-12)
        assert got.log_w[i] == pytest.approx(log_w(X, k), rel=1e-12)
    rule = [k for i, k in enumerate(ks[:-1]) if got.gap[i] >= got.gap[i + 1] - got.s[i + 1]]
    assert got.best_k == (rule[0] if rule else None)


def test_pca_reference_lies_in_the_rotated_box():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(60, 2)) @ np.array([[3.0, 1.0], [0.0, 0.3]])  # long and tilted
    captured = []

    def record(data, k):
        captured.append(np.array(data))
        return by_first_coordinate(data, k)

    gap_statistic(X, [2], record, B=3, reference="pca", seed=0)
    references = captured[1:]  # the first call clusters X itself
    assert len(references) == 3
    mean = X.mean(axis=0)
    _, _, vt = np.linalg.svd(X - mean, full_matrices=False)
    box = (X - mean) @ vt.T
    for ref in references:
        rotated = (ref - mean) @ vt.T
        assert np.all(rotated >= box.min(axis=0) - 1e-9) and np.all(rotated <= box.max(axis=0) + 1e-9)


def test_finds_three_separated_groups_and_no_groups_in_uniform_data():
    rng = np.random.default_rng(0)
    blobs = np.vstack([rng.normal(c, 0.3, size=(40, 2)) for c in [(0, 0), (6, 0), (0, 6)]])
    assert gap_statistic(blobs, range(1, 7), "kmeans", B=10).best_k == 3
    flat = rng.uniform(size=(150, 2))
    assert gap_statistic(flat, range(1, 7), "kmeans", B=10).best_k == 1


def test_every_form_of_algorithm():
    from sklearn.cluster import AgglomerativeClustering

    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal(c, 0.2, size=(15, 2)) for c in [(0, 0), (5, 5)]])
    by_name = gap_statistic(X, [1, 2, 3], "pam", B=4)
    by_estimator = gap_statistic(X, [1, 2, 3], AgglomerativeClustering(linkage="average"), B=4)
    by_function = gap_statistic(X, [1, 2, 3], by_first_coordinate, B=4)
    assert by_name.best_k == by_estimator.best_k == 2
    assert by_function.ks == (1, 2, 3)
    assert clustval.gap_statistic is gap_statistic


def test_same_seed_same_result_and_options_reach_the_algorithm():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(40, 2))
    first = gap_statistic(X, [1, 2, 3], "kmeans", B=3, seed=2, n_init=2)
    assert first == gap_statistic(X, [1, 2, 3], "kmeans", B=3, seed=2, n_init=2)
    assert first != gap_statistic(X, [1, 2, 3], "kmeans", B=3, seed=3, n_init=2)


def test_no_consecutive_k_gives_no_estimate():
    X = np.random.default_rng(6).normal(size=(30, 2))
    assert gap_statistic(X, [2, 4, 6], by_first_coordinate, B=3).best_k is None


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"ks": [0, 1]}, "1..30"),
    ({"ks": [2, 31]}, "1..30"),
    ({"ks": []}, "1..30"),
    ({"ks": ["a"]}, "integers"),
    ({"B": 1}, "at least 2"),
    ({"B": 2.5}, "at least 2"),
    ({"reference": "gaussian"}, "reference"),
    ({"rule": "maxSE"}, "rule must be one of"),
    ({"se_factor": -0.5}, "se_factor"),
    ({"d_power": 0}, "d_power"),
    ({"ddof": 2}, "ddof"),
    ({"draws": "mt"}, "draws must be one of"),
    ({"draws": np.zeros((3, 30, 2))}, "shape"),
    ({"draws": np.full((2, 30, 2), 1.5)}, r"\[0, 1\]"),
    ({"algorithm": "spectral"}, "unknown algorithm"),
    ({"algorithm": by_first_coordinate, "n_init": 3}, "named algorithm"),
    ({"algorithm": "pam", "n_init": 3}, "takes the options"),
    ({"algorithm": 5}, "algorithm must be"),
])  # fmt: skip
def test_bad_input_is_one_line(kwargs, message):
    X = np.random.default_rng(8).normal(size=(30, 2))
    call = {"ks": [1, 2, 3], "algorithm": by_first_coordinate, **kwargs}
    with pytest.raises(InputError, match=message) as caught:
        gap_statistic(X, call.pop("ks"), call.pop("algorithm"), **call)
    assert "\n" not in str(caught.value)


def test_clusters_of_single_points_are_refused():
    X = np.array([[0.0], [1.0], [2.0]])
    with pytest.raises(UndefinedIndexError, match="W_K is 0 at K = 3 for X: the objects of each cluster coincide"):
        gap_statistic(X, [3], by_first_coordinate, B=2)
    with pytest.raises(UndefinedIndexError, match="all 4 objects are identical"):
        gap_statistic(np.ones((4, 2)), [1, 2], by_first_coordinate, B=2)
