"""The indices that read the partitions next to K (KL, Hartigan, Duda-Hart, pseudo T^2,
Beale, Frey: clustval.indices.nbclust.ADJACENT), their tests and rules for K, against NbClust
3.0.1's values from R (tests/fixtures/r, where NbClust computes the published quantity) and
against hand computations."""

from __future__ import annotations

import csv
import math

import numpy as np
import pytest
from scipy.special import betainc

from clustval.compat import nbclust as nb
from clustval.compat.nbclust import hclust_cut
from clustval.errors import InputError
from clustval.selection import adjacent
from clustval.selection.adjacent import (
    ADJACENT,
    adjacent_best_ks,
    adjacent_scores,
    split_tests,
)
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"


def _data(name):
    with open(FIXTURES / f"{name}.csv", newline="") as f:
        return np.array([[float(v) for c, v in r.items() if c.startswith("x")] for r in csv.DictReader(f)])


def _r(name, dataset, method, index):
    with open(FIXTURES / name, newline="") as f:
        return {int(r["k"]): float(r["value"]) for r in csv.DictReader(f)
                if (r["dataset"], r["method"], r["index_set"], r["index"]) == (dataset, method, "all", index)}  # fmt: skip


@pytest.mark.parametrize("dataset", ["iris", "blobs_small", "blobs_5d"])
def test_equal_nbclust_where_nbclust_computes_the_published_index(dataset):
    """Ward.D2 cuts: KL, Frey, Duda-Hart and pseudo T^2 are NbClust's numbers; Hartigan is
    NbClust's times (n - K - 1) / (n - K) (NbClust multiplies by n - K); Duda-Hart's critical
    value is NbClust's."""
    X = _data(dataset)
    n = len(X)
    parts = {k: hclust_cut(X, k, "ward.D2") for k in range(2, 10)}
    scores = adjacent_scores(X, parts, list(ADJACENT))
    for name, r_name in [("kl", "KL"), ("frey", "Frey"), ("duda_hart", "Duda"), ("pseudo_t2", "Pseudot2")]:
        for k, want in _r("nbclust_index.csv", dataset, "ward.D2", r_name).items():
            assert scores[name][k][0] == pytest.approx(want, rel=1e-10), (name, k)
    for k, want in _r("nbclust_index.csv", dataset, "ward.D2", "Hartigan").items():
        assert scores["hartigan"][k][0] == pytest.approx(want * (n - k - 1) / (n - k), rel=1e-10)
    for k, want in _r("nbclust_critical.csv", dataset, "ward.D2", "CritValue_Duda").items():
        assert split_tests(X, parts[k], parts[k + 1])["duda_hart_critical"] == pytest.approx(want, rel=1e-12)


def test_beale_p_value_is_the_f_tail():
    """The upper tail of F(d1, d2) at f is the regularised incomplete beta I_x(d2/2, d1/2),
    x = d2 / (d2 + d1 f): an independent route to the p-value."""
    X = _data("blobs_small")
    parts = {k: hclust_cut(X, k, "ward.D2") for k in (3, 4)}
    scores = adjacent_scores(X, parts, ["beale"])
    f = scores["beale"][3][0]
    split = np.unique(np.stack([parts[3], parts[4]]), axis=1)  # (K, K+1) label pairs
    moved = [c for c in np.unique(split[0]) if (split[0] == c).sum() == 2][0]
    nm, p = int((parts[3] == moved).sum()), X.shape[1]
    d1, d2 = p, (nm - 2) * p
    want = betainc(d2 / 2, d1 / 2, d2 / (d2 + d1 * f))
    assert split_tests(X, parts[3], parts[4])["beale_p_value"] == pytest.approx(want, rel=1e-10)


def test_a_hand_worked_sweep():
    """Three pairs on a line: W = 401.5 (K = 1), 101.5 (K = 2), 1.5 (K = 3), 1.0 (K = 4)."""
    X = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]
    parts = {2: [0, 0, 1, 1, 1, 1], 3: [0, 0, 1, 1, 2, 2], 4: [0, 0, 1, 1, 2, 3]}
    scores = adjacent_scores(X, parts, list(ADJACENT))
    # Hartigan (n - K - 1)(W_K / W_K+1 - 1): K = 2: 3 (101.5 / 1.5 - 1) = 200; K = 3: 2 (1.5 / 1 - 1) = 1
    assert scores["hartigan"][2] == (200.0, False) and scores["hartigan"][3] == (1.0, True)
    # KL(K) = |DIFF(K) / DIFF(K+1)|, DIFF(K) = (K-1)^2 W_K-1 - K^2 W_K (p = 1)
    diff = {2: 401.5 - 4 * 101.5, 3: 4 * 101.5 - 9 * 1.5, 4: 9 * 1.5 - 16 * 1.0}
    assert scores["kl"][2][0] == pytest.approx(abs(diff[2] / diff[3]), rel=1e-12)
    assert scores["kl"][3][0] == pytest.approx(abs(diff[3] / diff[4]), rel=1e-12)
    # no K + 1 = 5 partition: undefined at K = 4
    assert all(math.isnan(scores[name][4][0]) for name in ADJACENT)
    assert adjacent_best_ks("hartigan", [2, 3, 4], scores["hartigan"]) == (3,)


@pytest.mark.parametrize("scale", [2.0**80, 2.0**-90])
def test_kl_at_two_reads_every_w_in_one_unit_on_data_far_from_magnitude_one(scale):
    """The data are scaled by a power of two beyond 2^64 and below 2^-64 (the partitions' W are
    those of the scaled data): the W of the one cluster at K - 1 = 1 is too, so KL(2) is
    KL(2) of the data at magnitude 1 (it was 1.6e51 at 2^80)."""
    X = np.array([[0.0], [1.0], [10.0], [11.0], [20.0], [21.0], [40.0], [41.0]])
    parts = {2: [0, 0, 0, 0, 1, 1, 1, 1], 3: [0, 0, 1, 1, 2, 2, 2, 2]}
    want = adjacent_scores(X, parts, ["kl"])["kl"][2][0]
    assert adjacent_scores(X * scale, parts, ["kl"])["kl"][2][0] == want
    assert adjacent.kl(X * scale, [0] * 8, parts[2], parts[3]) == want


def test_partitions_that_do_not_nest_leave_the_split_tests_undefined():
    X = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]
    parts = {2: [0, 0, 0, 1, 1, 1], 3: [0, 0, 1, 1, 2, 2]}  # 3 does not split one cluster of 2
    scores = adjacent_scores(X, parts, ["duda_hart", "pseudo_t2", "beale", "kl"])
    assert all(math.isnan(scores[name][2][0]) for name in ("duda_hart", "pseudo_t2", "beale"))
    assert math.isfinite(scores["kl"][2][0])  # KL reads only the within sums


@pytest.mark.parametrize(("name", "scores", "want"), [
    ("kl", {2: (1.0, None), 3: (5.0, None), 4: (5.0, None)}, (3, 4)),
    ("kl", {2: (math.nan, None), 3: (math.nan, None)}, ()),
    ("duda_hart", {2: (0.1, False), 3: (0.9, True), 4: (0.95, True)}, (3,)),
    ("beale", {2: (9.0, False), 3: (8.0, False)}, ()),
    ("frey", {2: (0.5, True), 3: (0.1, True)}, ()),  # K before 2 is not tried
    ("frey", {2: (3.0, False), 3: (2.0, False), 4: (0.4, True)}, (3,)),
])  # fmt: skip
def test_rules(name, scores, want):
    assert adjacent_best_ks(name, sorted(scores), scores) == want


def test_unknown_name_is_one_line():
    with pytest.raises(InputError, match="unknown adjacent index 'gap'"):
        adjacent_scores([[0.0], [1.0]], {2: [0, 1]}, ["gap"])


# ----------------------------------------------------------------------------- through select_k
def _three_groups():
    rng = np.random.default_rng(0)
    return np.vstack([rng.normal(c, 0.4, size=(30, 2)) for c in [(0, 0), (6, 0), (0, 6)]])


def test_select_k_clusters_the_neighbours_and_applies_each_rule():
    from sklearn.cluster import AgglomerativeClustering

    import clustval

    X = _three_groups()
    names = list(ADJACENT)
    found = clustval.select_k(X, range(2, 7), AgglomerativeClustering(), names, vote=True)
    # an oracle from the same hierarchy, cut at 1..7 by scikit-learn directly
    parts = {k: AgglomerativeClustering(n_clusters=k).fit_predict(X) for k in range(2, 8)}
    want = adjacent_scores(X, parts, names)
    for name in names:
        for row in found.table:
            assert row[name] == pytest.approx(want[name][row["k"]][0], rel=1e-12, nan_ok=True)
        assert found.best_ks[name] == adjacent_best_ks(name, range(2, 7), want[name])
    assert found.best["kl"] == 3 and found.best_ks["duda_hart"] == (3,) and found.vote.majority == (3,)
    assert set(found.labels) == set(range(2, 7))  # the neighbours are read, not reported


def test_select_k_with_partitions_given_reads_only_those_given():
    import clustval

    X = _three_groups()
    parts = {k: clustval.kmeans(X, k).labels for k in (2, 3, 4)}
    found = clustval.select_k(X, algorithm=parts, indices=["hartigan", "kl"])
    assert math.isnan(found.table[-1]["hartigan"])  # no K = 5 given
    assert found.undefined["hartigan"] == (4,)
    with pytest.raises(clustval.UndefinedIndexError, match="Hartigan is undefined at K = 4"):
        clustval.select_k(X, algorithm=parts, indices=["hartigan"], undefined="raise")


def test_split_tests_are_nan_for_partitions_that_do_not_nest():
    import clustval

    X = _three_groups()
    found = clustval.select_k(X, range(2, 5), "kmeans", ["duda_hart", "kl"])
    for row in found.table[:2]:  # K = 2, 3: is K + 1 one cluster of K split in two?
        k = row["k"]
        pairs = np.unique(np.stack([found.labels[k], found.labels[k + 1]]), axis=1)
        assert math.isnan(row["duda_hart"]) == (pairs.shape[1] != k + 1)
    assert all(math.isfinite(row["kl"]) for row in found.table)


def test_the_cli_sweep_takes_them_by_name(tmp_path, capsys):
    from clustval.cli import main

    data = tmp_path / "X.csv"
    np.savetxt(data, _three_groups(), delimiter=",")
    out = tmp_path / "values.csv"
    assert main(["sweep", "--data", str(data), "--k", "2:5", "--algorithm", "pam",
                 "--index", "KL", "--index", "hartigan", "--out", str(out), "--vote",
                 "--plot", str(tmp_path / "k.png")]) == 0  # fmt: skip
    printed = capsys.readouterr().out
    assert "KL" in printed and "Hartigan" in printed
    header = [line for line in out.read_text().splitlines() if not line.startswith("#")][0]
    assert header.split(",") == ["k", "kl", "hartigan"]
    assert (tmp_path / "k.png").stat().st_size > 0


# ----------------------------------------------------------------------------- each index
# By hand on six points, and against NbClust's code (clustval.compat.nbclust) on tree cuts


def _random_data(seed=0, n=40, d=3, k=4):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) + rng.integers(0, 6, size=(n, 1))
    return X, np.arange(n) % k


SIX = [[0.0], [1.0], [10.0], [11.0], [20.0], [21.0]]
K2, K3 = [0, 0, 1, 1, 1, 1], [0, 0, 1, 1, 2, 2]


def test_neighbour_indices_hand_worked():
    # W_1 = 401.5, W_2 = 0.5 + 101 = 101.5, W_3 = 1.5; the split cluster {10, 11, 20, 21}:
    # Je1 = 101, Je2 = 1; mean within/between distances 43/7, 15 at K = 2 and 1, 160/12 at K = 3
    assert adjacent.kl(SIX, [0] * 6, K2, K3) == pytest.approx(abs(401.5 - 4 * 101.5) / (4 * 101.5 - 9 * 1.5), rel=1e-14)
    assert adjacent.hartigan(SIX, K2, K3) == pytest.approx((101.5 / 1.5 - 1) * 3, rel=1e-14)
    assert adjacent.duda_hart(SIX, K2, K3) == pytest.approx(1 / 101, rel=1e-14)
    assert adjacent.pseudo_t2(SIX, K2, K3) == pytest.approx(100 / (1 / 2), rel=1e-14)
    assert adjacent.beale(SIX, K2, K3) == pytest.approx(100 / (1.5 * 4 - 1), rel=1e-14)
    assert adjacent.frey(SIX, K2, K3) == pytest.approx((160 / 12 - 15) / (1 - 43 / 7), rel=1e-14)


@pytest.mark.parametrize("method", ["ward.D2", "average"])
def test_neighbour_indices_match_nbclusts_code_on_tree_cuts(method):
    X, _ = _random_data(8, n=60)
    res = nb.nbclust(X, min_nc=2, max_nc=7, method=method, index="alllong")
    n = X.shape[0]
    checked = 0
    for k in res.ks:
        prev, cur, nxt = (nb.hclust_cut(X, j, method) for j in (k - 1, k, k + 1))
        assert adjacent.kl(X, prev, cur, nxt) == pytest.approx(res.all_index["KL"][k], rel=1e-10)
        # NbClust multiplies by n - K where Hartigan (1975) has n - K - 1
        assert adjacent.hartigan(X, cur, nxt) == pytest.approx(res.all_index["Hartigan"][k] * (n - k - 1) / (n - k), rel=1e-10)
        assert adjacent.frey(X, cur, nxt) == pytest.approx(res.all_index["Frey"][k], rel=1e-10)
        _, a, b = adjacent._split(X, cur, nxt)
        g1, g2 = nb._nbclust_split(cur, nxt)
        same_split = {tuple(np.flatnonzero(a)), tuple(np.flatnonzero(b))} == {
            tuple(np.flatnonzero(nxt == g1)), tuple(np.flatnonzero(nxt == g2))}
        checked += same_split
        if same_split and a.sum() > 1 and b.sum() > 1:  # NbClust's quirks aside, the same split
            assert adjacent.duda_hart(X, cur, nxt) == pytest.approx(res.all_index["Duda"][k], rel=1e-10)
            assert adjacent.pseudo_t2(X, cur, nxt) == pytest.approx(res.all_index["Pseudot2"][k], rel=1e-10)
            # NbClust divides by ((n_m - 1) / (n_m - 2)) (2^(2/p) - 1), Beale by
            # ((n_m - 1) / (n_m - 2)) 2^(2/p) - 1: the same F up to that factor
            c, two = (a.sum() + b.sum() - 1) / (a.sum() + b.sum() - 2), 2 ** (2 / X.shape[1])
            assert adjacent.beale(X, cur, nxt) * (c * two - 1) == pytest.approx(res.all_index["Beale"][k] * c * (two - 1), rel=1e-10)
    assert checked >= 4


def test_nbclusts_split_by_sizes_can_miss_the_split_cluster():
    # K = 3 -> 4: sizes [30, 13, 17] -> [17, 13, 13, 17], the 30 split into 17 + 13 with the
    # 13 labelled 3; label by label the sizes name labels 1 and 2, and 2 was not split
    X, _ = _random_data(8, n=60)
    cur, nxt = nb.hclust_cut(X, 3, "ward.D2"), nb.hclust_cut(X, 4, "ward.D2")
    g1, g2 = nb._nbclust_split(cur, nxt)
    _, a, b = adjacent._split(X, cur, nxt)
    assert not np.array_equal(nxt == g1, a) or not np.array_equal(nxt == g2, b)
    assert adjacent.duda_hart(X, cur, nxt) != pytest.approx(nb._wkwl(X, cur, nxt)[0], rel=1e-6)


@pytest.mark.parametrize("function", [adjacent.duda_hart, adjacent.pseudo_t2, adjacent.beale])
def test_split_indices_need_one_cluster_split_in_two(function):
    with pytest.raises(InputError, match="split in two"):
        function(SIX, [0, 0, 1, 1, 1, 1], [0, 1, 1, 2, 2, 2])  # not a refinement
    with pytest.raises(InputError, match="split in two"):
        function(SIX, [0, 0, 0, 0, 0, 1], [0, 1, 2, 2, 2, 3])  # two clusters more


def test_neighbour_counts_are_checked():
    with pytest.raises(InputError, match="K - 1, K, K \\+ 1"):
        adjacent.kl(SIX, K2, K2, K3)
    with pytest.raises(InputError, match="K \\+ 1"):
        adjacent.hartigan(SIX, K3, K2)
