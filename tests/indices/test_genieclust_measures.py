"""genieclust's comparison measures PSI, AFM and NPA (clustval.indices.external) against
genieclust 1.3, brute force and cases worked by hand.

tests/fixtures/genieclust/comparison.json holds genieclust 1.3's values on random tables
(tools/genieclust_values.py computed them); a live check against an installed genieclust is
skipped without it. Where genieclust gives NaN (a 0/0 on a degenerate table) clustval gives
the value each index's docstring states.
"""

from __future__ import annotations

import decimal
import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest

from clustval.indices import external
from clustval.indices.contingency import contingency
from clustval.indices.counts import as_contingency
from tests.conftest import FIXTURES, load_file

FIXTURE = json.loads((FIXTURES / "genieclust" / "comparison.json").read_text())
MEASURES = ("psi", "afm", "npa")
TOLERANCE = 1e-12  # relative to max(1, |value|): genieclust adds in floating point


def _core(name: str):
    return getattr(external, f"{name}_from_contingency")


def _close(ours: float, theirs: float) -> bool:
    return abs(ours - theirs) <= TOLERANCE * max(1.0, abs(theirs))


def _labels(table) -> tuple[np.ndarray, np.ndarray]:
    rows, cols = np.nonzero(np.asarray(table))
    counts = np.asarray(table)[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def _degenerate(name: str, table: np.ndarray) -> bool:
    """Where genieclust's formula is 0/0: C = K = 1 (all three), or for AFM no pair together
    in the classes or in the clusters."""
    if table.shape == (1, 1):
        return True
    pairs = lambda sums: int((sums * (sums - 1) // 2).sum())
    return name == "afm" and 0 in (pairs(table.sum(axis=1)), pairs(table.sum(axis=0)))


# -------------------------------------------------------------- genieclust's values


def test_the_fixture_is_genieclust_1_3_on_many_tables_of_many_shapes():
    tables = FIXTURE["tables"]
    assert FIXTURE["genieclust"] == "1.3.0" and len(tables) >= 200
    assert len({np.shape(row["table"]) for row in tables}) >= 50
    assert sum(row["npa_squared"] for row in tables) >= 50  # C != K: the squared table


@pytest.mark.parametrize("name", MEASURES)
def test_values_equal_genieclust_on_random_tables(name):
    for row in FIXTURE["tables"]:
        table = np.array(row["table"])
        ours = _core(name)(as_contingency(table))
        if row[name] is None:  # genieclust's NaN: clustval's stated value
            assert _degenerate(name, table), table
            assert ours == (1.0 if np.array_equal(*_labels(table)) or table.shape == (1, 1) else 0.0), table
        else:
            assert _close(ours, row[name]), (table.tolist(), ours, row[name])


def _tools_module():
    return load_file("tools/genieclust_values.py", "genieclust_values")


def test_values_equal_an_installed_genieclust():
    gc = pytest.importorskip("genieclust.compare_partitions")
    tools = _tools_module()
    rng = np.random.default_rng(35)
    for _ in range(25):
        table = tools.random_table(rng)
        x, y = tools.labels_of(table)
        ct = contingency(x, y)
        theirs = {"psi": gc.pair_sets_index(x, y), "afm": gc.adjusted_fm_score(x, y)}
        if table.shape[0] == table.shape[1]:
            theirs["npa"] = gc.normalized_pivoted_accuracy(x, y)
        for name, value in theirs.items():
            if math.isfinite(value):
                assert _close(_core(name)(ct), value), (name, table.tolist())


# -------------------------------------------------------------- by hand and by brute force

T, P = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]  # the table [[2, 1], [0, 3]]


def test_the_family_example_by_hand():
    # a = (3, 3), b = (2, 4), n = 6; TP, FP, FN = 4, 3, 2: P = 6, Q = 7, N = 15
    assert external.psi(T, P) == pytest.approx((17 / 12 - 10 / 12) / (2 - 10 / 12), rel=1e-15)
    root = math.sqrt(42)
    assert external.afm(T, P) == pytest.approx((15 * 4 - 42) / (root * (15 - root)), rel=1e-14)
    assert external.npa(T, P) == (2 * 5 - 6) / 6


def test_unequal_numbers_of_classes_and_clusters_by_hand():
    # [[3, 1, 0], [0, 2, 4]]: a = (4, 6), b = (3, 3, 4), n = 10, M = 3
    t = [0, 0, 0, 0, 1, 1, 1, 1, 1, 1]
    p = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    s = 3 / 4 + 4 / 6  # class 0 with cluster 0, class 1 with cluster 2; cluster 1 unmatched
    e = (min(6, 4) + min(4, 3)) / 10  # largest with largest
    assert external.psi(t, p) == pytest.approx((s - e) / (3 - e), rel=1e-14)
    assert external.npa(t, p) == (3 * 7 - 10) / (10 * 2)  # accuracy's 3 + 4 objects
    assert external.npa(t, p) == external.npa(p, t)


def test_the_c3_k2_example_of_test_external_by_hand():
    # table [[2, 1], [0, 2], [0, 1]]: a = (3, 2, 1), b = (2, 4), n = 6, M = 3
    t, p = [0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 1, 1]
    # S = 2/max(3, 2) + 2/max(2, 4) = 7/6; E = (min(3, 4) + min(2, 2)) / 6 = 5/6
    assert external.psi(t, p) == pytest.approx((7 / 6 - 5 / 6) / (3 - 5 / 6), rel=1e-14)
    # TP, FN, FP = 2, 2, 5: P = 4, Q = 7, N = 15
    root = math.sqrt(28)
    assert external.afm(t, p) == pytest.approx((15 * 2 - 28) / (root * (15 - root)), rel=1e-14)
    assert external.npa(t, p) == (3 * 4 - 6) / (6 * 2)  # accuracy's 2 + 2 objects


def _brute_force(table: np.ndarray) -> tuple[Fraction, Fraction]:
    """PSI and NPA in exact rationals, every one-to-one map of the squared table tried."""
    side = max(table.shape)
    squared = np.zeros((side, side), dtype=np.int64)
    squared[: table.shape[0], : table.shape[1]] = table
    a, b, n = squared.sum(axis=1), squared.sum(axis=0), int(table.sum())
    best_s, best_count = Fraction(0), 0
    for perm in itertools.permutations(range(side)):
        cells = [(i, j) for i, j in enumerate(perm) if squared[i, j]]
        best_s = max(best_s, sum((Fraction(int(squared[i, j]), int(max(a[i], b[j]))) for i, j in cells), Fraction(0)))
        best_count = max(best_count, sum(int(squared[i, j]) for i, j in cells))
    e = Fraction(int(np.minimum(np.sort(a), np.sort(b)).sum()), n)
    psi = max(Fraction(0), (best_s - e) / (side - e))
    npa = (Fraction(best_count, n) * side - 1) / (side - 1)
    return psi, npa


def test_psi_and_npa_equal_brute_force_over_every_map():
    rng = np.random.default_rng(2016)
    for _ in range(150):
        rows, cols = rng.integers(1, 6, size=2)
        table = rng.integers(0, 6, size=(rows, cols)) * (rng.random((rows, cols)) < 0.7)
        table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
        if table.size == 0 or table.shape == (1, 1):
            continue
        psi, npa = _brute_force(table)
        ct = as_contingency(table)
        assert external.psi_from_contingency(ct) == pytest.approx(float(psi), rel=1e-14, abs=1e-15), table
        assert external.npa_from_contingency(ct) == float(npa), table  # exact integers, rounded once


def _afm_exact(tp: int, p: int, q: int, n: int) -> float:
    total = n * (n - 1) // 2
    fm, expected = tp / math.sqrt(p * q), math.sqrt(p * q) / total
    return (fm - expected) / (1 - expected)


def test_afm_is_hubert_and_arabies_correction_of_fmi():
    rng = np.random.default_rng(1985)
    for _ in range(200):
        n = int(rng.integers(3, 300))
        t, p = rng.integers(0, rng.integers(1, 6), n), rng.integers(0, rng.integers(1, 6), n)
        ct = contingency(t, p)
        tp, fp, fn, _ = ct.pairs
        if 0 in (tp + fn, tp + fp) or (fn == 0 and fp == 0):
            continue
        assert external.afm(t, p) == pytest.approx(_afm_exact(tp, tp + fn, tp + fp, n), rel=1e-12, abs=1e-13)
        assert external.afm(t, p) == pytest.approx(external.afm(p, t), rel=1e-15, abs=1e-16)


def test_afm_has_no_cancellation_where_the_partitions_are_nearly_one_cluster():
    # E[FM] near 1: 1 - E[FM] from N^2 - PQ in exact integers, against 60 digits
    n = 10**6
    t, p = np.zeros(n, dtype=np.int64), np.zeros(n, dtype=np.int64)
    t[:3], p[1:4] = 1, 1  # a class of 3 and a cluster of 3 that share two objects
    tp, fp, fn, _ = contingency(t, p).pairs
    with decimal.localcontext() as context:
        context.prec = 60
        total, product = decimal.Decimal(n * (n - 1) // 2), decimal.Decimal((tp + fn) * (tp + fp))
        root = product.sqrt()
        exact = (total * tp - product) / (root * (total - root))
    assert 0 < external.afm(t, p) < 1
    assert external.afm(t, p) == pytest.approx(float(exact), rel=1e-14)


@pytest.mark.parametrize("name", MEASURES)
def test_one_at_identical_partitions_and_symmetric_and_blind_to_renaming(name):
    function = getattr(external, name)
    rng = np.random.default_rng(7)
    for labels in ([0, 0, 1, 1, 2], [0, 1, 2, 3], [5, 5, 5], [0], rng.integers(0, 4, 50)):
        assert function(labels, labels) == 1.0
        assert function(labels, [f"c{x}" for x in labels]) == 1.0
    t, p = rng.integers(0, 3, 80), rng.integers(0, 5, 80)
    value = function(t, p)
    assert function(p, t) == pytest.approx(value, rel=1e-14, abs=1e-15)
    assert function((t + 1) % 3, 7 - p) == pytest.approx(value, rel=1e-14, abs=1e-15)


def test_the_degenerate_tables_take_the_stated_values():
    # C = K = 1: identical partitions, 1.0 (genieclust: NaN)
    for name in MEASURES:
        assert getattr(external, name)([0, 0, 0], [1, 1, 1]) == 1.0
    # every object alone in the classes, not in the clusters: no pair to correct, AFM 0.0
    assert external.afm([0, 1, 2, 3], [0, 0, 1, 1]) == 0.0
    assert external.afm([0, 0, 1, 1], [0, 1, 2, 3]) == 0.0
    # both all alone: identical partitions
    assert external.afm([0, 1, 2], [2, 1, 0]) == 1.0
    # one class against singletons: PSI's S = n * (1/n) = 1 = E, so 0; NPA's Acc = 1/n = 1/M, so 0
    assert external.psi([0, 0, 0, 0], [0, 1, 2, 3]) == 0.0
    assert external.npa([0, 0, 0, 0], [0, 1, 2, 3]) == 0.0


@pytest.mark.parametrize("name", MEASURES)
def test_values_stay_within_their_ranges(name):
    low = {"psi": 0.0, "afm": -1.0, "npa": 0.0}[name]
    rng = np.random.default_rng(11)
    for _ in range(300):
        n = int(rng.integers(2, 40))
        t, p = rng.integers(0, rng.integers(1, 7), n), rng.integers(0, rng.integers(1, 7), n)
        value = getattr(external, name)(t, p)
        assert math.isfinite(value) and low <= value <= 1.0, (t, p)
        assert value > -1.0  # AFM's -1 is a bound it does not reach
