"""clustval.compat.nbclust against NbClust 3.0.1's own values.

The reference values were computed in R by tools/r/reference_values.R (NbClust 3.0.1 with
min.nc = 2, max.nc = 8, index "all" and "alllong", methods ward.D2, complete, average, kmeans) on
the data sets of tests/fixtures/r/, and are stored there: no R here. ``value`` is NbClust's
number before its final round(., 4), ``value_rounded`` the number it returns.
"""

from __future__ import annotations

import csv
import math
from collections import defaultdict
from functools import cache

import numpy as np
import pytest
from scipy.cluster.hierarchy import cut_tree, linkage
from scipy.spatial.distance import pdist

from clustval.compat import nbclust as nb
from clustval.errors import InputError
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"
MIN_NC, MAX_NC = 2, 8


def _rows(name: str) -> list[dict[str, str]]:
    with open(FIXTURES / name, encoding="ascii", newline="") as fh:
        return list(csv.DictReader(fh))


def _r_value(text: str) -> float:
    return math.nan if text == "NA" else float(text)


@cache
def data(name: str) -> np.ndarray:
    rows = _rows(f"{name}.csv")
    return np.array([[float(r[c]) for c in r if c.startswith("x")] for r in rows])


@cache
def run(dataset: str, method: str, index_set: str, rounded: bool = False) -> nb.NbClustResult:
    return nb.nbclust(data(dataset), min_nc=MIN_NC, max_nc=MAX_NC, method=method, index=index_set,
                      round_digits=4 if rounded else None)  # fmt: skip


def _grouped(name):
    groups = defaultdict(list)
    for r in _rows(name):
        groups[r["dataset"], r["method"], r["index_set"]].append(r)
    return dict(groups)


INDEX = _grouped("nbclust_index.csv")
CRITICAL = _grouped("nbclust_critical.csv")
BEST = _grouped("nbclust_best.csv")
PARTITION = {(r["dataset"], r["method"], r["index_set"]): r["labels"] for r in _rows("nbclust_partition.csv")}
# Calls where R warned "data length [59] is not a sub-multiple ...": one index (Tau, NaN at
# every K on tied data) had no best K, NbClust's Best.nc vector lost an entry and its matrix
# was recycled, so every Best.nc column from that index on is shifted in the fixture.
SHIFTED = {(r["dataset"], r["method"]) for r in _rows("nbclust_errors.csv") if "sub-multiple" in r["message"]}
SHIFT_FROM = "Tau"
BEST_ORDER = [nb._BEST_NAME.get(n, n) for n in nb.INDEX_NAMES]


def assert_same(got: float, want: float, where: str, rtol: float = 1e-10) -> None:
    if math.isnan(want) or math.isinf(want):
        assert (math.isnan(got) and math.isnan(want)) or got == want, where
    else:
        assert got == pytest.approx(want, rel=rtol, abs=1e-300), f"{where}: {got!r} != R's {want!r}"


@pytest.mark.parametrize("key", sorted(INDEX), ids="-".join)
def test_every_index_value_equals_nbclust(key):
    res, rounded = run(*key), run(*key, rounded=True)
    checked = 0
    for r in INDEX[key]:
        k = int(r["k"])
        assert_same(res.all_index[r["index"]][k], _r_value(r["value"]), f"{key} {r['index']} K={k}")
        assert_same(rounded.all_index[r["index"]][k], _r_value(r["value_rounded"]), f"{key} rounded")
        checked += 1
    assert checked == len(res.all_index) * (MAX_NC - MIN_NC + 1)


@pytest.mark.parametrize("key", sorted(CRITICAL), ids="-".join)
def test_critical_values_equal_nbclust(key):
    res, rounded = run(*key), run(*key, rounded=True)
    for r in CRITICAL[key]:
        k = int(r["k"])
        assert_same(res.all_critical_values[r["index"]][k], _r_value(r["value"]), f"{key} {r['index']} K={k}")
        assert_same(rounded.all_critical_values[r["index"]][k], _r_value(r["value_rounded"]), f"{key} rounded")


@pytest.mark.parametrize("key", sorted(BEST), ids="-".join)
def test_best_nc_equals_nbclust(key):
    res = run(*key)
    shifted = (key[0], key[1]) in SHIFTED and key[2] == "alllong"
    for r in BEST[key]:
        name = r["index"]
        if shifted and BEST_ORDER.index(name) >= BEST_ORDER.index(SHIFT_FROM):
            continue  # NbClust's recycled Best.nc matrix
        k, value = res.best_nc[name]
        want_k = _r_value(r["best_nc"])
        assert (math.isnan(k) and math.isnan(want_k)) or k == want_k, f"{key} {name}: K {k} != {want_k}"
        assert_same(value, _r_value(r["value_index"]), f"{key} {name} value")
    if shifted:  # the sane values: Tau never proposes a K, the others as in R's unshifted columns
        assert math.isnan(res.best_nc["Tau"][0])
        assert res.best_nc["Hubert"] == (0, 0.0) and res.best_nc["Dindex"] == (0, 0.0)
        got = {r["index"]: r for r in BEST[key]}
        # the shifted fixture columns hold (value of the index before, K of this index)
        for name, before in (("Dunn", "Tau"), ("SDindex", "Hubert"), ("SDbw", "Dindex")):
            assert res.best_nc[name][0] == _r_value(got[before]["value_index"]), name
            assert res.best_nc[name][1] == pytest.approx(_r_value(got[name]["best_nc"]), rel=1e-10), name


@pytest.mark.parametrize("key", sorted(PARTITION), ids="-".join)
def test_majority_and_partition_equal_nbclust(key):
    res = run(*key)
    want = np.array(PARTITION[key].split(), dtype=int)
    best = dict(res.best_nc)
    shifted = (key[0], key[1]) in SHIFTED and key[2] == "alllong"
    if shifted:
        # R counted its shifted row: (Tau's K lost) Dunn, Hubert, SDindex, Dindex, SDbw read
        # the next columns; the votes R counted are the fixture's own first row
        best = {r["index"]: (_r_value(r["best_nc"]), 0.0) for r in BEST[key]}
    k = nb.majority(best, MIN_NC, MAX_NC)
    assert k == want.max()
    if not shifted:  # (R's majority there counted shifted votes)
        assert res.best_k == want.max() and res.best_partition.tolist() == want.tolist()


@pytest.mark.parametrize("method", ["ward.D2", "complete", "average"])
@pytest.mark.parametrize("dataset", ["iris", "blobs_small", "blobs_5d"])
def test_tree_equals_scipy_where_no_ties(dataset, method):
    """Without tied merge heights R's hclust and scipy's linkage agree (ward = ward.D2)."""
    X = data(dataset)
    Z = linkage(pdist(X), {"ward.D2": "ward"}.get(method, method))
    for k in range(1, 10):
        theirs = cut_tree(Z, n_clusters=k).ravel()
        ours = nb.hclust_cut(X, k, method)
        _, first = np.unique(theirs, return_index=True)
        relabel = {theirs[i]: j + 1 for j, i in enumerate(sorted(first))}
        assert ours.tolist() == [relabel[t] for t in theirs]


def test_cutree_numbers_clusters_by_first_object():
    labels = nb.hclust_cut([[10.0], [0.0], [10.2], [0.1], [5.0]], 3, "average")
    assert labels.tolist() == [1, 2, 1, 2, 3]


def test_majority_rule_counts_only_the_range_and_prefers_the_smallest_k():
    assert nb.majority({"a": (2, 0), "b": (4, 0), "c": (0, 0), "d": (0, 0), "e": (1, 0)}, 2, 5) == 2
    assert nb.majority({"a": (5, 0), "b": (5, 0), "c": (3, 0), "d": (9, 0), "e": (9, 0), "f": (9, 0)}, 2, 5) == 5
    with pytest.raises(InputError, match="no index"):
        nb.majority({"a": (0, 0.0), "b": (math.nan, math.nan)}, 2, 5)


def test_single_index_call():
    res = nb.nbclust(data("iris"), min_nc=2, max_nc=8, method="average", index="db")
    full = run("iris", "average", "all")
    assert res.all_index == {"DB": full.all_index["DB"]}
    assert res.best_k == full.best_nc["DB"][0]
    assert np.array_equal(res.best_partition, nb.hclust_cut(data("iris"), res.best_k, "average"))


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"method": "single"}, "method must be"),
    ({"index": "nope"}, "unknown index"),
    ({"distance": "manhattan"}, "euclidean"),
    ({"min_nc": 1}, "min_nc"),
    ({"min_nc": 2, "max_nc": 3}, "at least 2"),
    ({"max_nc": 200}, "min_nc"),
])  # fmt: skip
def test_unsupported_calls_raise_one_clear_error(kwargs, message):
    with pytest.raises(InputError, match=message):
        nb.nbclust(data("blobs_small"), **{"min_nc": 2, "max_nc": 8, **kwargs})


def test_diss_is_refused():
    with pytest.raises(InputError, match="diss"):
        nb.nbclust(data("blobs_small"), diss=np.zeros((3, 3)))
    with pytest.raises(InputError, match="data is needed"):
        nb.nbclust(None, max_nc=5)


def test_hclust_cut_refuses_what_is_not_an_hclust_method():
    with pytest.raises(InputError, match="method must be one of"):
        nb.hclust_cut(data("blobs_small"), 3, "kmeans")


def test_kmeans_partitions_are_r_s_kmeans():
    from clustval.compat.r_kmeans import kmeans

    res = run("iris", "kmeans", "all")
    assert res.best_partition.tolist() == kmeans(data("iris"), res.best_k).cluster.tolist()
