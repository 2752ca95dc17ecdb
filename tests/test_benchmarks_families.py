"""The plain implementations of benchmarks/bench_families.py (the references its ratios are
taken against) give clustval's values: each is the other's independent oracle, written from
the formulas with loops over clusters and materialised distances. Needs no R."""

from __future__ import annotations

import math

import pytest

import clustval
from tests.conftest import load_file

# benchmarks/ is not an installed package: load the module from its file
bench = load_file("benchmarks/bench_families.py", "bench_families")


@pytest.mark.parametrize(
    "plain, names",
    [
        (bench.plain_scatter, list(bench.SCATTER)),
        (bench.plain_pair_rank, list(bench.PAIR_RANK)),
        (bench.plain_gdi, bench.GDI),
    ],
    ids=["scatter", "pair_rank", "gdi"],
)
def test_plain_versions_match_clustval(plain, names):
    # n = 200: about 20 members a cluster, so every W_k (d = 8) is invertible
    X, y = bench.blobs(200)
    ours = clustval.internal_scores(X, y, names)
    theirs = plain(X, y)
    assert set(theirs) == set(names)
    for name in names:
        assert math.isclose(ours[name], theirs[name], rel_tol=1e-9), name


def test_agree_needs_every_value():
    assert bench.agree({"a": 1.0, "b": float("nan")}, {"a": 1.0 + 1e-12, "b": float("nan")})
    assert not bench.agree({"a": 1.0}, {"a": 1.001})
