"""Tests of the contingency table, its pair counts and its matching (clustval.indices.contingency)."""

from __future__ import annotations

import dataclasses
import math
from collections import namedtuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics.cluster import contingency_matrix

import clustval._engine.compiled as compiled
import clustval.indices.objects as objects
import clustval.indices.contingency as contingency_module
from clustval.errors import InputError
from clustval.indices.contingency import Contingency, PairCounts, contingency, sum_pairs
from tests.cases import MILLION, labelled_table

# ---- the table ------------------------------------------------------------------------

LABEL_KINDS = {
    "small ints": ([0, 0, 1, 2, 2, 2], [1, 1, 0, 0, 3, 3]),
    "negative, gaps": ([-5, -5, 7, 100, 7, -5], [3, -1, -1, 3, 3, 9]),
    "strings": (["b", "a", "a", "c", "b", "b"], ["x", "x", "y", "y", "z", "x"]),
    "bools": ([True, False, False, True, True, False], [False, False, True, True, False, True]),
    "integral floats": ([1.0, 2.0, 2.0, 1.0, 3.0, 3.0], [0.0, 0.0, 1.0, 1.0, 1.0, 0.0]),
    "fractional floats": ([0.5, 1.5, 1.5, 0.5, 0.5, 2.5], [0.1, 0.2, 0.2, 0.3, 0.1, 0.1]),
    "int8 extremes": (np.array([-128, 127, 0, 0, 127, -128], np.int8), [1, 1, 2, 2, 2, 1]),
    "huge uint64": (
        np.array([2**64 - 1, 2**64 - 3, 2**64 - 1, 5, 5, 5], np.uint64),
        [0, 1, 1, 0, 1, 1],
    ),
    "wide span (factorised)": ([0, 10**12, 10**12, -(10**12), 0, 0], [5000, 0, 0, 5000, 2, 2]),
    "strings vs ints": (["p", "q", "q", "p", "r", "r"], [0, 0, 1, 1, 2, 2]),
}


@pytest.mark.parametrize("kind", LABEL_KINDS)
def test_table_matches_sklearn_contingency_matrix(kind):
    labels_true, labels_pred = LABEL_KINDS[kind]
    ct = contingency(labels_true, labels_pred)
    np.testing.assert_array_equal(ct.table, contingency_matrix(labels_true, labels_pred))
    np.testing.assert_array_equal(ct.classes, np.unique(np.asarray(labels_true)))
    np.testing.assert_array_equal(ct.clusters, np.unique(np.asarray(labels_pred)))
    assert ct.table.dtype == np.int64
    assert ct.n == len(labels_true) == ct.table.sum()
    np.testing.assert_array_equal(ct.row_sums, ct.table.sum(axis=1))
    np.testing.assert_array_equal(ct.col_sums, ct.table.sum(axis=0))
    assert (ct.n_classes, ct.n_clusters) == ct.table.shape


@settings(max_examples=200, deadline=None)
@given(
    pair=st.integers(1, 60).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(-(2**40), 2**40) | st.integers(-3, 3), min_size=n, max_size=n),
            st.lists(st.integers(0, 1500), min_size=n, max_size=n)
            | st.lists(st.text("abc", max_size=2), min_size=n, max_size=n),
        )
    )
)
def test_table_property_against_sklearn(pair):
    labels_true, labels_pred = pair
    ct = contingency(labels_true, labels_pred)
    np.testing.assert_array_equal(ct.table, contingency_matrix(labels_true, labels_pred))
    assert ct.table.any(axis=0).all() and ct.table.any(axis=1).all()
    np.testing.assert_array_equal(ct.row_sums, ct.table.sum(axis=1))
    np.testing.assert_array_equal(ct.col_sums, ct.table.sum(axis=0))


def test_table_is_invariant_to_object_order():
    rng = np.random.default_rng(3)
    labels_true, labels_pred = rng.integers(0, 4, 200), rng.integers(-2, 5, 200)
    order = rng.permutation(200)
    np.testing.assert_array_equal(
        contingency(labels_true, labels_pred).table,
        contingency(labels_true[order], labels_pred[order]).table,
    )


def test_contingency_is_immutable_and_caches():
    ct = contingency([0, 0, 1, 1], [0, 1, 1, 1])
    with pytest.raises(ValueError):
        ct.table[0, 0] = 5
    with pytest.raises(ValueError):
        ct.row_sums[0] = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        ct.n = 3
    assert ct.pairs is ct.pairs


def test_from_table_keeps_caller_array_writable():
    table = np.array([[3, 1], [0, 2]])
    ct = Contingency.from_table(table, classes=["a", "b"], clusters=[7, 9])
    table[0, 0] = 99  # the caller's array is still theirs
    assert ct.table[0, 0] == 3 and ct.n == 6
    assert list(ct.classes) == ["a", "b"] and list(ct.clusters) == [7, 9]
    assert Contingency.from_table([[2.0, 1.0]]).table.dtype == np.int64


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ([[1, -1], [2, 2]], "non-negative integer"),
        ([[1.5, 1.0], [2.0, 2.0]], "integer counts"),
        ([[1, 0], [0, 0]], "empty rows and columns"),
        ([[1, 0], [1, 0]], "empty rows and columns"),
        ([1, 2, 3], "2-D"),
        (np.zeros((0, 3), dtype=int), "empty rows and columns"),
    ],
)
def test_from_table_rejects_bad_tables(table, message):
    with pytest.raises(InputError, match=message):
        Contingency.from_table(table)


def test_constructor_checks_consistency():
    with pytest.raises(InputError, match="add up to"):
        Contingency(np.array([[1, 2]]), np.array([0]), np.array([0, 1]), 4)
    with pytest.raises(InputError, match="cluster labels"):
        Contingency(np.array([[1, 2]]), np.array([0]), np.array([0]), 3)


# ---- bad labels -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("labels_true", "labels_pred", "message"),
    [
        ([0, 1, 1], [0, 1], "same objects"),
        ([], [], "empty"),
        ([0.0, np.nan, 1.0], [0, 1, 1], "NaN"),
        (np.zeros((3, 2)), np.zeros((3, 2)), "1-D"),
        (np.array(["a", None, "b"], dtype=object), [0, 1, 1], "None"),
        ([0, 1, 1], [1 + 2j, 0, 0], "integers or strings"),
    ],
)
def test_bad_labels_raise_input_error(labels_true, labels_pred, message):
    with pytest.raises(InputError, match=message):
        contingency(labels_true, labels_pred)


def test_too_many_cells_is_refused_not_allocated(monkeypatch):
    monkeypatch.setattr(contingency_module, "MAX_TABLE_CELLS", 15)
    contingency([0, 1, 2], [0, 1, 2])  # 9 cells: fine
    with pytest.raises(InputError, match="too large for a dense contingency table"):
        contingency(np.arange(4), np.arange(4))  # 16 cells, counted densely
    # counted from its cells (C * K > 4 n), any shape; its dense table is refused if asked
    sparse = contingency(np.arange(5), np.arange(5)[::-1])
    assert sparse.pairs == PairCounts(0, 0, 0, 10) and sparse.cells.counts.tolist() == [1] * 5
    with pytest.raises(InputError, match="5 classes x 5 clusters is too large for a dense contingency table"):
        sparse.table


def test_any_number_of_labels_as_scikit_learn_counts_them():
    """100,000 random labels (about 63,000 distinct each): 4e9 cells, beyond the dense limit
    and int32 cell keys; every external index scikit-learn offers equals its value (its sparse
    table), the matching indices are one line naming the size."""
    from sklearn import metrics

    import clustval

    rng = np.random.default_rng(0)
    t, p = rng.integers(0, 100_000, 100_000), rng.integers(0, 100_000, 100_000)
    ours = clustval.external_scores(t, p, ["ari", "rand", "fmi", "mutual_info", "nmi", "homogeneity",
                                           "completeness", "v_measure"])  # fmt: skip
    theirs = {"ari": metrics.adjusted_rand_score, "rand": metrics.rand_score, "fmi": metrics.fowlkes_mallows_score,
              "mutual_info": metrics.mutual_info_score, "nmi": metrics.normalized_mutual_info_score,
              "homogeneity": metrics.homogeneity_score, "completeness": metrics.completeness_score,
              "v_measure": metrics.v_measure_score}  # fmt: skip
    for name, function in theirs.items():
        assert ours[name] == pytest.approx(function(t, p), rel=1e-12, abs=1e-15), name
    assert ours["ari"] == pytest.approx(-1.0001485883418679e-05, rel=1e-12)  # the scikit-learn value
    ct = contingency(t, p)
    assert ct.shape == (63249, 63233) and ct.n == 100_000
    sparse = clustval.contingency_matrix(t, p, sparse=True)
    assert (sparse != contingency_matrix(t, p, sparse=True)).nnz == 0
    for name in ("accuracy", "s2", "psi"):
        with pytest.raises(InputError, match="one-to-one matching of 63249 classes with 63233 clusters") as caught:
            clustval.external_scores(t, p, [name])
        assert "\n" not in str(caught.value)
    # the same table from long rows, and from Dask's chunks (each chunk's cells, added up)
    rows, cols, counts = ct.cells
    from clustval.indices.counts import contingency_from_counts

    long = contingency_from_counts(ct.classes[rows][::-1], ct.clusters[cols][::-1], counts[::-1])
    assert all((x == y).all() for x, y in zip(long.cells, ct.cells)) and long.n == ct.n
    assert (long.row_sums == ct.row_sums).all() and (long.col_sums == ct.col_sums).all()
    da = pytest.importorskip("dask.array")
    import dask

    import clustval.dask

    with dask.config.set(scheduler="threads"):
        chunked = clustval.dask.external_scores(da.from_array(t, chunks=30_000), da.from_array(p, chunks=30_000),
                                                list(ours))  # fmt: skip
    assert chunked == ours


def test_ami_of_many_labels_equals_its_exact_value():
    """10,000 random labels: the AMI against E[MI] and the entropies in 40-digit decimals
    (scikit-learn's is 3e-6 off, relative, at this n: its E[MI] adds n^2 terms)."""
    from collections import Counter
    from decimal import Decimal, localcontext

    import clustval

    n = 10_000
    rng = np.random.default_rng(0)
    t, p = rng.integers(0, n, n), rng.integers(0, n, n)
    ct = contingency(t, p)
    a, b = ct.row_sums.tolist(), ct.col_sums.tolist()
    with localcontext() as context:
        context.prec = 40
        N = Decimal(n)
        expected_mi = Decimal(0)
        for ai, count_a in Counter(a).items():
            for bj, count_b in Counter(b).items():
                for k in range(max(1, ai + bj - n), min(ai, bj) + 1):
                    chance = Decimal(math.comb(ai, k) * math.comb(n - ai, bj - k)) / Decimal(math.comb(n, bj))
                    expected_mi += count_a * count_b * chance * Decimal(k) / N * (N * k / (ai * bj)).ln()
        rows, cols, counts = (x.tolist() for x in ct.cells)
        mi = sum(Decimal(c) / N * (N * c / (a[r] * b[q])).ln() for c, r, q in zip(counts, rows, cols))
        entropy = lambda sizes: -sum(Decimal(x) / N * (Decimal(x) / N).ln() for x in sizes)  # noqa: E731
        exact = (mi - expected_mi) / ((entropy(a) + entropy(b)) / 2 - expected_mi)
    assert clustval.ami(t, p) == pytest.approx(float(exact), rel=1e-8)


# ---- pair counts ------------------------------------------------------------------------


def test_pairs_of_seed_001_example_1():
    # Clustering C = {x1,x2,x3},{x4,x5}; reference C* = {x1,x2,x4},{x3,x5}: a=1, b=3, c=3, d=3.
    ct = contingency([0, 0, 1, 0, 1], [0, 0, 0, 1, 1])
    assert ct.pairs == PairCounts(tp=1, fp=3, fn=3, tn=3)
    assert all(type(v) is int for v in ct.pairs)


def test_pairs_match_brute_force_on_random_partitions(brute_force_pairs, random_partitions):
    for labels_true, labels_pred in random_partitions(seed=11, count=300):
        ct = contingency(labels_true, labels_pred)
        assert tuple(ct.pairs) == brute_force_pairs(labels_true, labels_pred)
        assert sum(ct.pairs) == math.comb(len(labels_true), 2)


def test_pairs_exact_at_a_million_objects():
    # Labels built from a known table, so the truth is a few math.comb calls.
    assert np.sum(MILLION) == 10**6
    labels_true, labels_pred, pairs = labelled_table(MILLION)
    assert contingency(labels_true, labels_pred).pairs == pairs


def test_sum_pairs_is_exact_beyond_int64():
    # 4e9 and 5e9 objects: x(x-1) overflows int64, so the Python-int branch must be taken.
    counts = np.array([4 * 10**9, 5 * 10**9, 3])
    assert sum_pairs(counts) == sum(math.comb(int(v), 2) for v in counts)
    assert sum_pairs(np.array([0, 1, 2, 10])) == 0 + 0 + 1 + 45


# ---- the matching -----------------------------------------------------------------------


def test_dominant_matching_is_the_hungarian_map_or_none():
    from scipy.optimize import linear_sum_assignment

    rng = np.random.default_rng(8)
    found = 0
    for _ in range(400):
        c, k = (int(v) for v in rng.integers(1, 7, size=2))
        table = rng.integers(0, 4, (c, k))
        table[np.arange(min(c, k)), rng.permutation(k)[: min(c, k)] if c <= k else np.arange(k)] += (
            rng.integers(0, 5)
        )
        obvious = dominant_matching(table)
        if obvious is None:  # then some line has a tied maximum or two share their best
            axis = 1 if c <= k else 0
            best = table.argmax(axis=axis)
            ties = (table == np.take_along_axis(table, np.expand_dims(best, axis), axis)).sum(axis)
            assert (ties > 1).any() or len(set(best.tolist())) < best.size
            continue
        found += 1
        rows, cols = linear_sum_assignment(table, maximize=True)
        np.testing.assert_array_equal(obvious.rows, rows)
        np.testing.assert_array_equal(obvious.cols, cols)
    assert found > 50


def test_cells_are_the_non_zero_cells_in_row_major_order():
    ct = Contingency.from_table([[0, 3, 1], [2, 0, 0]])
    rows, cols, counts = ct.cells
    assert rows.tolist() == [0, 0, 1] and cols.tolist() == [1, 2, 0] and counts.tolist() == [3, 1, 2]


def test_dominant_matching_at_cells_equals_the_dense_one(random_partitions):
    # Sparse (cells) and dense versions agree on every table without empty rows or columns,
    # on counts and on recall (float weights with ties), for C <= K and C > K.
    from clustval.indices.contingency import dominant_matching_at_cells

    found = 0
    for labels_true, labels_pred in random_partitions(seed=13, count=400, max_labels=6):
        ct = contingency(labels_true, labels_pred)
        rows, cols, counts = ct.cells
        recall = ct.table / ct.row_sums[:, None]
        for dense, sparse in ((ct.table, counts), (recall, counts / ct.row_sums[rows])):
            expected = dominant_matching(dense)
            got = dominant_matching_at_cells(rows, cols, sparse, ct.table.shape)
            if expected is None:
                assert got is None
                continue
            found += 1
            np.testing.assert_array_equal(got.rows, expected.rows)
            np.testing.assert_array_equal(got.cols, expected.cols)
        assert (ct.dominant_matching is None) == (dominant_matching(ct.table) is None)
    assert found > 100


def test_compiled_int64_count_equals_the_factorised_count(monkeypatch):
    monkeypatch.setattr(compiled, "MIN_WORK", 0)  # the compiled pass on small inputs too
    sparse_rule = contingency_module._SPARSE_CELLS_PER_OBJECT
    monkeypatch.setattr(contingency_module, "_SPARSE_CELLS_PER_OBJECT", float("inf"))  # all dense
    # The numba pass (int64 labels, spans up to _ABSENT_SPAN_MAX) and the code-vector path
    # give the same table, labels and sums: negative labels, gaps, spans at the limit.
    rng = np.random.default_rng(21)
    limit = objects._ABSENT_SPAN_MAX
    lowest, highest = int(np.iinfo(np.int64).min), int(np.iinfo(np.int64).max)
    cases = [
        (rng.integers(-5, 5, 300), rng.integers(0, 3, 300) * 7 - 40),
        (np.r_[0, limit - 1, rng.integers(0, limit, 500)], rng.integers(0, 4, 502)),
        (np.array([lowest, lowest + 9, lowest, lowest, lowest], np.int64), np.arange(5)),
        (np.array([highest, highest - 3], np.int64), np.array([5, 5])),
    ]
    for labels_true, labels_pred in cases + [
        (rng.integers(-3, 40, n), rng.integers(-50, 50, n)) for n in rng.integers(1, 200, 50)
    ]:
        labels_true = np.asarray(labels_true, dtype=np.int64)
        labels_pred = np.asarray(labels_pred, dtype=np.int64)
        assert contingency_module._count_small_int64(labels_true, labels_pred) is not None
        fast = contingency(labels_true, labels_pred)
        with monkeypatch.context() as patched:
            patched.setattr(compiled, "kernels", lambda work=None: None)
            slow = contingency(labels_true, labels_pred)
        np.testing.assert_array_equal(fast.table, slow.table)
        np.testing.assert_array_equal(fast.table, contingency_matrix(labels_true, labels_pred))
        for attribute in ("classes", "clusters", "row_sums", "col_sums"):
            np.testing.assert_array_equal(getattr(fast, attribute), getattr(slow, attribute))
            assert getattr(fast, attribute).dtype == getattr(slow, attribute).dtype
    wide = np.array([0, limit], dtype=np.int64)  # a span of limit + 1 values: not this path
    assert contingency_module._count_small_int64(wide, wide) is None
    assert contingency_module._count_small_int64(wide.astype(np.int32), wide) is None
    monkeypatch.setattr(contingency_module, "_SPARSE_CELLS_PER_OBJECT", sparse_rule)
    many = np.arange(1000, dtype=np.int64)  # 10^6 cells for 1000 objects: the sparse count
    assert contingency_module._count_small_int64(many, many) is None
    assert contingency_module._count_small_int64(many[:30], many[:30] % 3) is not None  # 90 cells


def test_string_tables_are_sorted_by_label():
    # Strings are factorised in order of first appearance; the table's lines are then sorted.
    labels_true = np.array(["z", "b", "z", "a", "b", "q"])
    labels_pred = np.array(["y2", "y1", "y10", "y2", "y1", "y1"])
    ct = contingency(labels_true, labels_pred)
    assert ct.classes.tolist() == ["a", "b", "q", "z"]
    assert ct.clusters.tolist() == ["y1", "y10", "y2"]
    np.testing.assert_array_equal(ct.table, contingency_matrix(labels_true, labels_pred))
    np.testing.assert_array_equal(ct.row_sums, [1, 2, 1, 2])
    np.testing.assert_array_equal(ct.col_sums, [3, 1, 2])


def test_compiled_cells_equal_the_numpy_cells(monkeypatch):
    monkeypatch.setattr(compiled, "MIN_WORK", 0)
    rng = np.random.default_rng(41)
    tables = [rng.integers(0, 3, (c, k)) for c, k in rng.integers(1, 9, (60, 2))]
    tables = [t for t in tables if t.any(axis=0).all() and t.any(axis=1).all()]
    tables.append(np.diag(np.arange(1, 6)) + 0)
    assert len(tables) > 10
    for table in tables:
        fast = Contingency.from_table(table).cells
        with monkeypatch.context() as patched:
            patched.setattr(compiled, "kernels", lambda work=None: None)
            slow = Contingency.from_table(table).cells
        for got, want in zip(fast, slow):
            np.testing.assert_array_equal(got, want)
            assert got.dtype == want.dtype == np.int64 and not got.flags.writeable
        rows, cols, counts = fast
        np.testing.assert_array_equal(table[rows, cols], counts)
        assert counts.all() and counts.sum() == table.sum()


# The dense rule, plainly: the oracle of the sparse one used by the package.
SimpleMatching = namedtuple("SimpleMatching", "rows cols")


def dominant_matching(weights: np.ndarray):
    """The maximum-weight one-to-one map when it is obvious, else None.

    With C <= K rows: if every row has a strict maximum and these lie in distinct columns,
    giving each row its maximum is a map no other can equal (any other gives some row less),
    so it is THE maximum-weight map. With C > K the same holds for columns. Costs a few
    passes over the table, against the Hungarian algorithm's O(C K min(C, K)) worst case.

    Returns
    -------
    Matching or None
        Pairs sorted by row, as ``scipy.optimize.linear_sum_assignment`` returns them.
    """
    axis = 1 if weights.shape[0] <= weights.shape[1] else 0
    best = weights.argmax(axis=axis)
    top = np.take_along_axis(weights, np.expand_dims(best, axis), axis)
    strict = np.count_nonzero(weights == top, axis=axis)
    if (strict != 1).any() or np.bincount(best).max() > 1:
        return None
    lines = np.arange(best.size)
    if axis == 1:
        return SimpleMatching(np.asarray(lines), np.asarray(best))
    order = np.argsort(best)
    return SimpleMatching(np.asarray(best[order]), np.asarray(lines[order]))


def test_sparse_count_equals_the_dense_count(monkeypatch):
    # Many more cells than objects: the table is counted from its non-zero cells. Table,
    # labels, sums and cells must be those of the dense count, and every index the same.
    from clustval.indices.registry import EXTERNAL as EXTERNAL_INDICES
    from clustval.indices.scoring import external_scores

    rng = np.random.default_rng(8)
    cases = []
    for n in rng.integers(2, 300, 40):
        c, k = rng.integers(1, 3 * n + 2, 2)
        t, p = rng.integers(-c, c, n), rng.integers(0, k, n) * 3 - 7  # gaps: absent values
        cases += [(t, p), (t.astype(str), p), (t, np.array([f"k{v}" for v in p]))]
    # enough labels for the compiled paths (numba installed): the int64 count (spans up to
    # 1024 values; here the dense side) and the string hash table, whose uniques come in
    # order of first appearance
    t, p = rng.integers(0, 1000, 40_000), rng.integers(0, 500, 40_000) * 2
    cases += [(t, p), (t.astype(str), p.astype(str))]
    sparse_seen = 0
    for labels_true, labels_pred in cases:
        sparse = contingency(labels_true, labels_pred)
        sparse_seen += sparse.table.size > 4 * sparse.n
        with monkeypatch.context() as patched:
            patched.setattr(contingency_module, "_SPARSE_CELLS_PER_OBJECT", float("inf"))
            dense = contingency(labels_true, labels_pred)
            dense_scores = external_scores(labels_true, labels_pred, _defined(dense))
        np.testing.assert_array_equal(sparse.table, dense.table)
        for attribute in ("classes", "clusters", "row_sums", "col_sums"):
            np.testing.assert_array_equal(getattr(sparse, attribute), getattr(dense, attribute))
        for got, want in zip(sparse.cells, dense.cells):
            np.testing.assert_array_equal(got, want)
            assert got.dtype == np.int64 and not got.flags.writeable
        assert external_scores(labels_true, labels_pred, _defined(dense)) == dense_scores
    assert sparse_seen > 60
    assert set(EXTERNAL_INDICES) >= set(dense_scores)


def test_sparse_count_fills_the_dense_table_only_when_asked():
    # C = K = 1000 on 10^4 objects: the indices read the non-zero cells (and counts_at
    # looks cells up among them); the table is filled on first use, equal to the dense one.
    from clustval.indices.scoring import external_scores

    rng = np.random.default_rng(3)
    t = rng.integers(0, 1000, 10**4)
    p = (t + (rng.random(t.size) < 0.1) * rng.integers(0, 1000, t.size)) % 1000
    sparse = contingency(t, p)
    scores = external_scores(t, p, ["accuracy", "purity", "s2", "nca", "f_measure", "nmi", "ari"])
    assert "table" not in vars(sparse)
    rows, cols = rng.integers(0, 1000, 500), rng.integers(0, 1000, 500)
    rows[:100], cols[:100] = sparse.cells.rows[:100], sparse.cells.cols[:100]  # non-zero ones too
    looked_up = sparse.counts_at(rows, cols)
    assert "table" not in vars(sparse)
    np.testing.assert_array_equal(looked_up, sparse.table[rows, cols])
    assert "table" in vars(sparse) and not sparse.table.flags.writeable
    dense = Contingency.from_table(sparse.table, sparse.classes, sparse.clusters)
    np.testing.assert_array_equal(dense.counts_at(rows, cols), looked_up)
    assert external_scores(t, p, list(scores)) == scores
    with pytest.raises(AttributeError, match="no attribute 'tabel'"):
        sparse.tabel  # noqa: B018 - a misspelt attribute is still an AttributeError


def _defined(ct):
    """The external indices defined for this table (S2, PS2 and NCA need two classes)."""
    from clustval.indices.registry import EXTERNAL as EXTERNAL_INDICES

    undefined = {"s2", "ps2", "nca"} if ct.n_classes == 1 else set()
    return [name for name in EXTERNAL_INDICES if name not in undefined]


def test_checked_labels_are_counted_alike_by_the_kernel_and_by_numpy(monkeypatch):
    # count_labels (score's road) counts codes in one compiled pass from 2^15 objects once
    # the kernels are loaded, by one bincount otherwise: the same table, strings and noise too
    from clustval.indices.contingency import count_labels
    from clustval.indices.objects import checked_objects

    rng = np.random.default_rng(12)
    n = 40_000
    truth = np.array([f"c{v}" for v in rng.integers(0, 12, n)])
    labels = np.where(rng.random(n) < 0.05, -1, rng.integers(-3, 20, n))
    assert compiled.kernels() is not None, "numba is a project dependency"
    for noise in ("cluster", "exclude", "singletons"):
        objects = checked_objects(labels, labels_true=truth, noise=noise)
        assert contingency_module._count_kernels(objects.truth.codes, objects.labels.codes) is not None
        compiled_count = count_labels(objects.truth, objects.labels)
        with monkeypatch.context() as patched:
            patched.setattr(compiled, "min_work", lambda: math.inf)
            numpy_count = count_labels(objects.truth, objects.labels)
        np.testing.assert_array_equal(compiled_count.table, numpy_count.table)
        np.testing.assert_array_equal(compiled_count.classes, numpy_count.classes)
        np.testing.assert_array_equal(compiled_count.clusters, numpy_count.clusters)
        if noise != "singletons":  # the labels as given, counted by the public table
            kept = slice(None) if objects.kept is None else objects.kept
            np.testing.assert_array_equal(compiled_count.table, contingency(truth[kept], labels[kept]).table)
