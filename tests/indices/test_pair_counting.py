"""clusterCrit's pair-counting criteria and the variation of information (clustval.indices.external).

Oracles from outside the code under test: the pair counts by a loop over every pair of
objects, each formula of the clusterCrit vignette (Desgraupes 2013, sec. "External comparison
indices") evaluated on them in exact rational arithmetic (``fractions.Fraction``), the
identities that tie some of them to the Rand and Jaccard indices, scikit-learn's
classification metrics on the pair indicator vectors, and VI summed object by object.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from sklearn import metrics

import clustval
from clustval.indices import external as E
from clustval.indices.contingency import Contingency, contingency
from clustval.indices.registry import INDICES, get_index

# yy, yn, ny, nn: clusterCrit's names, with part1 = labels_true the reference
CRITERIA = [
    "czekanowski_dice", "hubert_gamma", "kulczynski", "precision", "recall", "rogers_tanimoto",
    "sokal_sneath1", "sokal_sneath2", "russel_rao", "mcnemar",
]  # fmt: skip
SQUARE_ROOTED = {"hubert_gamma", "mcnemar"}  # the oracle gives sign * value**2


def pair_indicators(labels_true, labels_pred):
    """X1, X2 over every pair i < j: 1 if the pair is together in that labelling."""
    pairs = list(combinations(range(len(labels_true)), 2))
    x1 = np.array([int(labels_true[i] == labels_true[j]) for i, j in pairs], dtype=int)
    x2 = np.array([int(labels_pred[i] == labels_pred[j]) for i, j in pairs], dtype=int)
    return x1, x2


def counts_by_loop(labels_true, labels_pred):
    """(yy, yn, ny, nn) counted pair by pair."""
    yy = yn = ny = nn = 0
    for i, j in combinations(range(len(labels_true)), 2):
        same1, same2 = labels_true[i] == labels_true[j], labels_pred[i] == labels_pred[j]
        yy += same1 and same2
        yn += same1 and not same2
        ny += same2 and not same1
        nn += not same1 and not same2
    return yy, yn, ny, nn


def ratio(num: int, den: int, if_zero: Fraction) -> Fraction:
    return if_zero if den == 0 else Fraction(num, den)


def oracle(name: str, yy: int, yn: int, ny: int, nn: int) -> Fraction:
    """The vignette's formula in exact arithmetic; 0/0 gets the documented value (1 for
    identical labellings, i.e. yn = ny = 0, else 0; 1 at n = 1 for the Rand family).
    Square-rooted criteria come as sign * value**2."""
    same = Fraction(1) if yn == ny == 0 else Fraction(0)
    total = yy + yn + ny + nn
    if name == "czekanowski_dice":
        return ratio(2 * yy, 2 * yy + yn + ny, same)
    if name == "hubert_gamma":
        # the vignette's boxed form: the correlation of X1 and X2 over the N_T pairs
        num = total * yy - (yy + yn) * (yy + ny)
        den = (yy + yn) * (yy + ny) * (nn + yn) * (nn + ny)
        return same if den == 0 else Fraction(num * abs(num), den)
    if name == "kulczynski":
        return (ratio(yy, yy + ny, same) + ratio(yy, yy + yn, same)) / 2
    if name == "mcnemar":
        d = yn - ny
        return Fraction(0) if yn + ny == 0 else Fraction(d * abs(d), yn + ny)
    if name == "precision":
        return ratio(yy, yy + ny, same)
    if name == "recall":
        return ratio(yy, yy + yn, same)
    if name == "rogers_tanimoto":
        return ratio(yy + nn, yy + nn + 2 * (yn + ny), Fraction(1))
    if name == "russel_rao":
        return ratio(yy, total, Fraction(1))
    if name == "sokal_sneath1":
        return ratio(yy, yy + 2 * (yn + ny), same)
    if name == "sokal_sneath2":
        return Fraction(1) if total == 0 else Fraction(yy + nn) / (yy + nn + Fraction(yn + ny, 2))
    raise KeyError(name)


def function(name: str):
    return getattr(E, name)


def check_against_oracle(name, labels_true, labels_pred):
    value = function(name)(labels_true, labels_pred)
    exact = oracle(name, *counts_by_loop(labels_true, labels_pred))
    assert isinstance(value, float) and math.isfinite(value), (name, labels_true, labels_pred)
    if name in SQUARE_ROOTED:
        assert math.copysign(value * value, value) == pytest.approx(float(exact), rel=1e-14, abs=1e-300)
        assert (value > 0) == (exact > 0) and (value < 0) == (exact < 0)
    else:
        assert value == float(exact), (name, labels_true, labels_pred)  # one correct rounding


EDGE_CASES = {
    "n = 1": ([0], [0]),
    "n = 2 together, apart": ([0, 0], [0, 1]),
    "n = 2 apart, together": ([0, 1], [0, 0]),
    "one cluster vs classes": ([0, 0, 1, 1, 2], [7, 7, 7, 7, 7]),
    "classes vs one cluster": ([7, 7, 7, 7, 7], [0, 0, 1, 1, 2]),
    "one class, one cluster": ([3] * 6, [4] * 6),
    "all singletons, both": (list(range(6)), list(range(10, 16))),
    "singletons vs one cluster": (list(range(6)), [0] * 6),
    "one cluster vs singletons": ([0] * 6, list(range(6))),
    "singletons vs clusters": (list(range(6)), [0, 0, 1, 1, 2, 3]),
    "clusters vs singletons": ([0, 0, 1, 1, 2, 3], list(range(6))),
    "identical": ([0, 0, 1, 1, 1, 2], ["a", "a", "b", "b", "b", "c"]),
}


@pytest.mark.parametrize("name", CRITERIA)
def test_each_criterion_is_the_vignette_formula_on_pairs_counted_one_by_one(name, random_partitions):
    for labels_true, labels_pred in random_partitions(seed=24, count=150, max_n=25, max_labels=6):
        check_against_oracle(name, labels_true.tolist(), labels_pred.tolist())


@pytest.mark.parametrize("name", CRITERIA)
@pytest.mark.parametrize("case", EDGE_CASES)
def test_degenerate_labellings_give_the_documented_value_never_nan(name, case):
    check_against_oracle(name, *EDGE_CASES[case])


def test_the_worked_example_by_hand():
    # table [[2, 1], [0, 3]]: yy = 1 + 3 = 4, yn = 3 + 3 - 4 = 2, ny = (1 + 6) - 4 = 3, nn = 6
    t, p = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1]
    assert E.czekanowski_dice(t, p) == 8 / 13
    assert E.kulczynski(t, p) == 13 / 21  # (4/7 + 4/6) / 2
    assert (E.precision(t, p), E.recall(t, p)) == (4 / 7, 4 / 6)
    assert E.rogers_tanimoto(t, p) == 0.5  # 10 / (10 + 10)
    assert E.russel_rao(t, p) == 4 / 15
    assert (E.sokal_sneath1(t, p), E.sokal_sneath2(t, p)) == (4 / 14, 20 / 25)
    assert E.hubert_gamma(t, p) == pytest.approx(18 / math.sqrt(6 * 7 * 8 * 9), rel=1e-15, abs=0)
    assert E.mcnemar(t, p) == pytest.approx(-1 / math.sqrt(5), rel=1e-15, abs=0)


def test_agree_with_scikit_learn_on_the_pair_indicator_vectors(random_partitions):
    for labels_true, labels_pred in random_partitions(seed=5, count=60, max_n=25, max_labels=5):
        x1, x2 = pair_indicators(labels_true, labels_pred)
        if x1.size == 0 or x1.all() or not x1.any() or x2.all() or not x2.any():
            continue  # a constant indicator: scikit-learn's own 0/0 conventions differ
        assert E.hubert_gamma(labels_true, labels_pred) == pytest.approx(
            metrics.matthews_corrcoef(x1, x2), rel=1e-12, abs=1e-15
        )
        assert E.precision(labels_true, labels_pred) == pytest.approx(metrics.precision_score(x1, x2))
        assert E.recall(labels_true, labels_pred) == pytest.approx(metrics.recall_score(x1, x2))
        assert E.czekanowski_dice(labels_true, labels_pred) == pytest.approx(metrics.f1_score(x1, x2))
        assert E.russel_rao(labels_true, labels_pred) == pytest.approx(np.mean(x1 & x2))


def test_identities_with_rand_and_jaccard(random_partitions):
    # RT = R / (2 - R), SS2 = 2R / (1 + R), SS1 = J / (2 - J), CD = 2J / (1 + J)
    for labels_true, labels_pred in random_partitions(seed=9, count=100, max_n=30, max_labels=6):
        r, j = clustval.rand(labels_true, labels_pred), clustval.jaccard(labels_true, labels_pred)
        value = {name: getattr(clustval, name)(labels_true, labels_pred) for name in CRITERIA}
        assert value["rogers_tanimoto"] == pytest.approx(r / (2 - r), rel=1e-14, abs=0)
        assert value["sokal_sneath2"] == pytest.approx(2 * r / (1 + r), rel=1e-14, abs=0)
        assert value["sokal_sneath1"] == pytest.approx(j / (2 - j), rel=1e-14, abs=0)
        assert value["czekanowski_dice"] == pytest.approx(2 * j / (1 + j), rel=1e-14, abs=0)
        # swapping the labellings swaps precision and recall and flips McNemar's sign
        assert value["precision"] == E.recall(labels_pred, labels_true)
        assert E.mcnemar(labels_true, labels_pred) == -E.mcnemar(labels_pred, labels_true)


def test_exact_at_counts_beyond_float_precision():
    # n ~ 3e9: pair counts ~ 1e18 and the products in Gamma's denominator ~ 1e73 stay exact
    ct = Contingency.from_table([[1_500_000_001, 3], [7, 1_499_999_989]])
    yy, ny, yn, nn = ct.pairs  # PairCounts(tp, fp, fn, tn)
    for name in CRITERIA:
        value = getattr(E, f"{name}_from_contingency")(ct)
        exact = oracle(name, yy, yn, ny, nn)
        if name in SQUARE_ROOTED:
            assert math.copysign(value * value, value) == pytest.approx(float(exact), rel=1e-15, abs=0), name
        else:
            assert value == float(exact), name
    assert E.kulczynski_from_contingency(ct) < 1.0  # 1 - 2e-9, not rounded away


def test_registry_entries():
    for name in CRITERIA + ["vi"]:
        spec = get_index(name)
        assert spec.kind == "external" and spec.function is getattr(clustval, name)
        assert spec.core is getattr(E, f"{name}_from_contingency")
    assert get_index("vi").direction == "lower" and get_index("vi").better(0.1, 0.2)
    # McNemar is a signed test statistic (no better side); Russel-Rao's best is the truth's
    # own share of pairs together, below 1 unless all objects are in one class
    assert get_index("mcnemar").direction == "none"
    assert not get_index("russel_rao").perfect_at_bound
    assert {get_index(name).direction for name in CRITERIA if name != "mcnemar"} == {"higher"}
    # clusterCrit's Folkes-Mallows, Jaccard and Rand are fmi, jaccard and rand; Phi is not
    # offered (its printed form lacks the square root: the phi coefficient is hubert_gamma)
    for name in ("folkes_mallows", "phi"):
        assert name not in INDICES and not hasattr(clustval, name)


# ---- the variation of information ---------------------------------------------------------


def vi_by_objects(labels_true, labels_pred) -> float:
    """H(T | P) + H(P | T) = -(1/n) sum over objects of log(n_ij / b_j) + log(n_ij / a_i)."""
    n = len(labels_true)
    terms = []
    for t, p in zip(labels_true, labels_pred):
        n_ij = sum(1 for u, q in zip(labels_true, labels_pred) if u == t and q == p)
        a, b = labels_true.count(t), labels_pred.count(p)
        terms += [-math.log(n_ij / b) / n, -math.log(n_ij / a) / n]
    return math.fsum(terms)


def test_vi_against_the_sum_over_objects_and_scikit_learn(random_partitions):
    for labels_true, labels_pred in random_partitions(seed=15, count=150, max_n=30, max_labels=6):
        t, p = labels_true.tolist(), labels_pred.tolist()
        value = E.vi(t, p)
        assert value == pytest.approx(vi_by_objects(t, p), rel=1e-13, abs=1e-15)
        h_t = metrics.mutual_info_score(t, t)  # H(T) = MI(T, T)
        h_p = metrics.mutual_info_score(p, p)
        assert value == pytest.approx(h_t + h_p - 2 * metrics.mutual_info_score(t, p), abs=1e-12)


@pytest.mark.parametrize("case", EDGE_CASES)
def test_vi_degenerate_labellings(case):
    t, p = EDGE_CASES[case]
    value = E.vi(t, p)
    assert math.isfinite(value) and value == pytest.approx(vi_by_objects(list(t), list(p)), abs=1e-15)


def test_vi_is_a_metric_bounded_by_log_n(random_partitions):
    rng = np.random.default_rng(3)
    n = 40
    for _ in range(50):
        a, b, c = (rng.integers(0, rng.integers(1, 8), n) for _ in range(3))
        assert E.vi(a, c) <= E.vi(a, b) + E.vi(b, c) + 1e-12  # VI is a metric (Meila 2007)
        assert E.vi(a, b) == pytest.approx(E.vi(b, a), abs=1e-15)
        assert E.vi(a, b) <= math.log(n) + 1e-12
        assert E.vi(a, a) == 0.0 and E.vi(a, (a * 7) - 3) == 0.0
    assert E.vi(np.zeros(n, int), np.arange(n)) == pytest.approx(math.log(n), rel=1e-15, abs=0)


def test_vi_keeps_its_digits_near_identical_labellings():
    # one object moved among 10^6: VI = (1/n)(log(a / (a-1)) ... ) is ~1e-5, and H(T) + H(P)
    # - 2 MI would lose ~1e-11 of it to cancellation
    n = 1_000_000
    t = np.repeat([0, 1], n // 2)
    p = t.copy()
    p[0] = 1
    a = n // 2  # table [[a - 1, 1], [0, a]]
    # cells (a-1 | a, a-1), (1 | a, a+1), (a | a, a+1) as (n_ij | a_i, b_j)
    exact = math.fsum([(a - 1) * math.log1p(1 / (a - 1)), math.log(a) + math.log(a + 1),
                       a * math.log1p(1 / a)]) / n  # fmt: skip
    assert E.vi(t, p) == pytest.approx(exact, rel=1e-12, abs=0)
    assert contingency(t, p).pairs.fn == a - 1  # the table is the one above
