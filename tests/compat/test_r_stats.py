"""R's random numbers and k-means (clustval.compat.r_random, clustval.compat.r_kmeans) against
R 4.2 itself: tests/fixtures/r/r_random.csv and r_kmeans.txt, written by
tools/r/r_stats_values.R. The tests never need R."""

from __future__ import annotations

import csv
import re
import warnings

import numpy as np
import pytest

from clustval.compat.r_kmeans import hartigan_wong, kmeans
from clustval.compat.r_random import RStream
from clustval.errors import ClusteringError, InputError
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"


def _random_cases():
    with open(FIXTURES / "r_random.csv", newline="") as f:
        return [(int(r["seed"]), r["call"], r["values"].split()) for r in csv.DictReader(f)]


def _kmeans_cases():
    cases, X = [], None
    for line in (FIXTURES / "r_kmeans.txt").read_text().splitlines():
        parts = line.split()
        if parts[0] == "X":
            n, d = int(parts[1]), int(parts[2])
            X = np.array([float(v) for v in parts[3:]]).reshape(n, d)
        elif parts[0] == "K":
            want = None if parts[3] == "ERR" else [int(v) for v in parts[3:]]
            cases.append((X, int(parts[1]), int(parts[2]), want))
    return cases


RANDOM = _random_cases()
KMEANS = _kmeans_cases()


@pytest.mark.parametrize("seed,call,values", RANDOM, ids=[f"{s}-{c}" for s, c, _ in RANDOM])
def test_draws_equal_r(seed, call, values):
    stream = RStream(seed)
    if call.startswith("runif"):
        n, *bounds = (float(v) for v in re.findall(r"-?\d+", call))
        ours = stream.runif(int(n), *bounds)
        assert ours.tolist() == [float(v) for v in values]  # bit for bit
    else:
        n, size = (int(v) for v in re.findall(r"\d+", call))
        assert stream.sample_int(n, size) == [int(v) for v in values]


def test_the_fixture_covers_what_it_should():
    assert len(KMEANS) == 40 * 7 * 2 and sum(want is None for *_, want in KMEANS) >= 1
    assert {c for _, c, _ in RANDOM} >= {"runif(300)", "sample.int(65536,20)", "sample.int(70000,20)"}


@pytest.mark.slow  # R's Hartigan-Wong on every tie-rich set: about 5 s
def test_kmeans_equals_r_on_tie_rich_sets():
    """Rounded normal data (many equal distances), k = 2..8, iter.max 10 and 100: R's clusters,
    or R's error where R stops (an empty cluster, more centres than distinct points)."""
    differ = []
    for i, (X, k, iter_max, want) in enumerate(KMEANS):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # R's "did not converge" is a warning there too
            try:
                ours = kmeans(X, k, iter_max=iter_max).cluster.tolist()
            except (ClusteringError, InputError):
                ours = None
        if ours != want:
            differ.append((i, X.shape, k, iter_max))
    assert differ == []


def test_the_result_is_a_local_optimum_of_hartigan_wong():
    """Independent of R: no single object can move to another cluster and lower the total
    within sum of squares (the optimal-transfer criterion), and the sums are the members'."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(120, 3))
    res = kmeans(X, 4, iter_max=100)
    assert res.converged
    labels = res.cluster - 1
    sizes = np.bincount(labels, minlength=4)
    centres = np.array([X[labels == c].mean(axis=0) for c in range(4)])
    np.testing.assert_allclose(res.centers, centres, rtol=1e-12)
    wss = [((X[labels == c] - centres[c]) ** 2).sum() for c in range(4)]
    np.testing.assert_allclose(res.withinss, wss, rtol=1e-12)
    for i, x in enumerate(X):
        own = labels[i]
        if sizes[own] == 1:
            continue
        loss = sizes[own] / (sizes[own] - 1) * ((x - centres[own]) ** 2).sum()
        for c in range(4):
            if c != own:
                assert sizes[c] / (sizes[c] + 1) * ((x - centres[c]) ** 2).sum() >= loss - 1e-9


def test_starts_from_distinct_rows_when_drawn_rows_repeat():
    # rows 1..4 equal: set.seed(1); sample.int(6, 3) draws 1 4 3 (all the same row), so R
    # draws again from unique(X), continuing the stream
    X = np.array([[0.0], [0.0], [0.0], [0.0], [5.0], [9.0]])
    assert RStream(1).sample_int(6, 3) == [1, 4, 3]
    assert sorted(set(kmeans(X, 3).cluster.tolist())) == [1, 2, 3]


@pytest.mark.parametrize("call", [
    lambda: RStream(2**31), lambda: RStream(1.5), lambda: RStream(True),
    lambda: RStream(1).sample_int(3, 4), lambda: RStream(1).runif(2, 1, 0),
    lambda: kmeans([[0.0], [1.0]], 2), lambda: kmeans([[0.0], [0.0], [0.0], [1.0]], 3),
    lambda: hartigan_wong([[0.0], [1.0], [2.0]], [[0.0, 1.0], [1.0, 1.0]]),
])  # fmt: skip
def test_bad_input_is_one_line(call):
    with pytest.raises(InputError) as caught:
        call()
    assert "\n" not in str(caught.value)


def test_an_unreachable_start_is_r_s_empty_cluster_error():
    with pytest.raises(ClusteringError, match="empty cluster"):
        hartigan_wong([[0.0], [1.0], [2.0], [3.0]], [[0.0], [0.0]])
