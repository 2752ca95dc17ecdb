"""Tests of the external validity indices (clustval.indices.external).

Truth comes from outside the code under test: the documents' worked examples, hand-worked
examples (derivations in comments), brute-force oracles that work from the labels object
by object or pair by pair, exact rational arithmetic, and scikit-learn.
"""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest
from sklearn import metrics

from clustval.compat.sklearn import v_measure_score
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices.contingency import Contingency, contingency
from clustval.indices.external import (
    accuracy,
    ami,
    ari,
    bcubed_f,
    bcubed_precision,
    bcubed_recall,
    best_matching,
    cp_accuracy,
    cp_accuracy_from_contingency,
    cp_accuracy_mc,
    cp_accuracy_mc_from_contingency,
    f_measure,
    fmi,
    jaccard,
    nca,
    nmi,
    ps2,
    purity,
    rand,
    s2,
    s2_at,
)
from clustval.indices.information import expected_mutual_info
from clustval.indices.registry import EXTERNAL, get_index
from clustval.indices.scoring import external_scores
from tests.cases import MILLION, labelled_table

# registry name -> core (a function of the contingency table)
EXTERNAL_INDICES = {name: get_index(name).core for name in EXTERNAL}


def injective_maps(classes, clusters):
    """Every one-to-one pairing of min(C, K) classes with clusters, as lists of (class, cluster)."""
    if len(classes) <= len(clusters):
        for chosen in permutations(clusters, len(classes)):
            yield list(zip(classes, chosen))
    else:
        for chosen in permutations(classes, len(clusters)):
            yield list(zip(chosen, clusters))


# ---- worked examples from the documents -------------------------------------------------


def test_seed_001_example_1():
    # Clustering C = {x1,x2,x3},{x4,x5}; reference C* = {x1,x2,x4},{x3,x5}.
    labels_true, labels_pred = [0, 0, 1, 0, 1], [0, 0, 0, 1, 1]
    assert contingency(labels_true, labels_pred).pairs == (1, 3, 3, 3)  # a, b, c, d
    assert jaccard(labels_true, labels_pred) == pytest.approx(1 / 7, abs=1e-15)
    assert fmi(labels_true, labels_pred) == pytest.approx(1 / 4, abs=1e-15)
    assert rand(labels_true, labels_pred) == pytest.approx(2 / 5, abs=1e-15)


TABLE_1 = ([0] * 50 + [1] * 50, [0] * 100)  # two classes of 50, one cluster holds all


@pytest.mark.parametrize(
    ("function", "printed", "exact"),
    [
        (f_measure, 0.6667, 2 / 3),
        (s2, 0.0, 0.0),
        (ps2, 0.0, 0.0),
        (accuracy, 0.5, 0.5),
        (purity, 0.5, 0.5),
        (rand, 0.4949, 2450 / 4950),
        (jaccard, 0.4949, 2450 / 4950),
        (ari, 0.0, 0.0),
        (nmi, 0.0, 0.0),
        (ami, 0.0, 0.0),
        (fmi, 0.7035, math.sqrt(2450 / 4950)),
    ],
)
def test_paper_table_1(function, printed, exact):
    value = function(*TABLE_1)
    assert round(value, 4) == printed
    assert value == pytest.approx(exact, abs=1e-15)


def test_paper_table_1_from_the_printed_table():
    # The paper prints the table with an empty second column; the clustering has one cluster.
    ct = Contingency.from_table([[50], [50]])
    assert ct.pairs == (2450, 2500, 0, 0)
    assert EXTERNAL_INDICES["s2"](ct) == 0.0 and EXTERNAL_INDICES["ps2"](ct) == 0.0


def test_seed_004_purity_and_accuracy_examples():
    assert purity([0, 0, 0, 1, 1, 1, 2], [1, 1, 1, 2, 2, 2, 2]) == pytest.approx(6 / 7)
    # "y_pre = [1,1,1,0,-1]: the last object is wrong, so the accuracy is 0.8".
    assert accuracy([0, 0, 0, 1, 1], [1, 1, 1, 0, -1]) == pytest.approx(0.8)
    assert accuracy([0, 0, 0, 1, 1], [1, 1, 1, 0, 0]) == 1.0


def test_manning_section_16_3_example_of_seed_004():
    # The purity figure of Manning, Raghavan & Schütze (2008, sec. 16.3): cluster 1 = 5 x, 1 o;
    # cluster 2 = 1 x, 4 o, 1 d; cluster 3 = 2 x, 3 d. Purity 12/17 = 0.71; the book gives
    # TP = 20, FP = 20, FN = 24, TN = 72, RI = 0.68 and NMI = 0.36.
    cells = {
        (1, "x"): 5,
        (1, "o"): 1,
        (2, "x"): 1,
        (2, "o"): 4,
        (2, "d"): 1,
        (3, "x"): 2,
        (3, "d"): 3,
    }
    labels_pred = [k for (k, _), m in cells.items() for _ in range(m)]
    labels_true = [c for (_, c), m in cells.items() for _ in range(m)]
    assert contingency(labels_true, labels_pred).pairs == (20, 20, 24, 72)
    assert purity(labels_true, labels_pred) == pytest.approx(12 / 17)
    assert round(purity(labels_true, labels_pred), 2) == 0.71
    assert round(rand(labels_true, labels_pred), 2) == 0.68
    assert round(nmi(labels_true, labels_pred), 2) == 0.36


# ---- a hand-worked example with C != K ---------------------------------------------------
#
# labels_true = [0,0,0,1,1,2], labels_pred = [0,0,1,1,1,1]: C = 3, K = 2, n = 6.
# Table rows (classes) x columns (clusters): [[2,1],[0,2],[0,1]]; a = (3,2,1), b = (2,4).
# Accuracy: best map 0->0, 1->1 matches 2 + 2 = 4 -> 4/6. Purity: (2 + 2)/6.
# S2: pair (0,0): sens 2/3, spec (6-3-2+2)/(6-3) = 1, S2_0 = (4/3)/(5/3) = 4/5;
#     pair (1,1): sens 1, spec (6-2-4+2)/(6-2) = 1/2, S2_1 = 1/(3/2) = 2/3;
#     S2 = (4/5 + 2/3)/min(3,2) = 11/15.
# Pairs: TP = C(2,2)+C(2,2) = 2; FN = (3+1+0) - 2 = 2; FP = (1+6) - 2 = 5; TN = 15-9 = 6.
# PS2 = 2*2*6/(2*(5+6) + 6*(2+2)) = 24/46 = 12/23. RI = 8/15. JC = 2/9. FMI = 2/sqrt(7*4).
# ARI = 2(TP TN - FN FP)/((TP+FN)(FN+TN) + (TP+FP)(FP+TN)) = 2(12-10)/(4*8 + 7*11) = 4/109.
# F: F_ij = 2 n_ij/(a_i+b_j); row maxima 4/5, 4/6, 2/5; F = (3/6)(4/5)+(2/6)(2/3)+(1/6)(2/5) = 31/45.
# BCubed P = (1/6)(4/2 + (1+4+1)/4) = 7/12; R = (1/6)((4+1)/3 + 4/2 + 1/1) = 7/9;
#     F = 2PR/(P+R) = 2/3. CP accuracy = BCubed P = 7/12.
# NCA: recall rows (2/3,1/3),(0,1),(0,1); best map sum 2/3 + 1 = 5/3; NCA = (5/3-1)/(3-1) = 1/3.
HAND = ([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 1, 1])
HAND_VALUES = {
    "accuracy": Fraction(4, 6),
    "purity": Fraction(4, 6),
    "s2": Fraction(11, 15),
    "ps2": Fraction(12, 23),
    "rand": Fraction(8, 15),
    "jaccard": Fraction(2, 9),
    "fmi": 2 / math.sqrt(28),
    "ari": Fraction(4, 109),
    "f_measure": Fraction(31, 45),
    "bcubed_precision": Fraction(7, 12),
    "bcubed_recall": Fraction(7, 9),
    "bcubed_f": Fraction(2, 3),
    "cp_accuracy": Fraction(7, 12),
    "nca": Fraction(1, 3),
}


@pytest.mark.parametrize("name", HAND_VALUES)
def test_hand_worked_c3_k2_example(name):
    assert external_scores(*HAND, names=[name])[name] == pytest.approx(
        float(HAND_VALUES[name]), abs=1e-15
    )


def test_s2_identity_matching_by_hand():
    # Aligned labels: identity pairs (0,0),(1,1) are the Hungarian ones -> 11/15 as above.
    assert s2(*HAND, matching="identity") == pytest.approx(11 / 15)
    # Swapped cluster names: table [[1,2],[2,0],[1,0]], b = (4,2). Identity pairs:
    # (0,0): sens 1/3, spec (6-3-4+1)/3 = 0 -> 0; (1,1): n = 0, sens 0, spec (6-2-2)/4 -> 0.
    swapped = [1, 1, 0, 0, 0, 0]
    assert s2(HAND[0], swapped, matching="identity") == 0.0
    assert s2(HAND[0], swapped) == pytest.approx(11 / 15)  # Hungarian ignores names
    # Class 2 has no cluster called 2 and cluster 7 no class: only (0,0) and (1,1) count,
    # divided by min(C, K) = 3. labels_pred = [0,0,1,1,7,7]: table [[2,1,0],[0,1,1],[0,0,1]].
    # (0,0): sens 2/3, spec (6-3-2+2)/3 = 1 -> 4/5; (1,1): sens 1/2, spec (6-2-2+1)/4 = 3/4
    # -> (3/4)/(5/4) = 3/5. S2 = (4/5 + 3/5)/3 = 7/15.
    assert s2(HAND[0], [0, 0, 1, 1, 7, 7], matching="identity") == pytest.approx(7 / 15)


def test_s2_identity_refuses_labels_that_cannot_be_equal():
    with pytest.raises(InputError, match="no cluster label equal"):
        s2([0, 0, 1, 1], [5, 5, 6, 6], matching="identity")
    with pytest.raises(InputError, match="compares labels literally"):
        s2(["0", "0", "1", "1"], [0, 0, 1, 1], matching="identity")
    with pytest.raises(InputError, match="hungarian"):
        s2([0, 0, 1, 1], [0, 0, 1, 1], matching="greedy")


def test_nca_can_be_negative_when_k_exceeds_c():
    # Two classes each spread evenly over four clusters: every recall is 1/4, the best map
    # sums 1/2, NCA = (1/2 - 1)/(2 - 1) = -1/2 = (C/K - 1)/(C - 1), the stated lower bound.
    labels_true = [0, 0, 0, 0, 1, 1, 1, 1]
    labels_pred = [0, 1, 2, 3, 0, 1, 2, 3]
    assert nca(labels_true, labels_pred) == pytest.approx(-0.5)
    # K < C: unmatched classes score 0; four classes in one cluster -> (1 - 1)/3 = 0.
    assert nca([0, 1, 2, 3], [0, 0, 0, 0]) == 0.0
    assert nca([0, 0, 1, 1], [1, 1, 0, 0]) == 1.0


def test_cp_accuracy_closed_form_by_hand():
    # Table [[3,1],[1,3]]: P(keep) is 3/4 for the 6 majority objects and 1/4 for the 2
    # minority ones: expected correct = 6*3/4 + 2*1/4 = 5 of 8.
    assert cp_accuracy([0, 0, 0, 0, 1, 1, 1, 1], [0, 0, 0, 1, 1, 1, 1, 0]) == pytest.approx(5 / 8)


def test_homogeneity_completeness_and_v_measure_by_hand():
    # The C = 3, K = 2 example above, in natural logs (the ratios do not depend on the base):
    # H(C) = -(1/2 ln 1/2 + 1/3 ln 1/3 + 1/6 ln 1/6) = (2/3) ln 2 + (1/2) ln 3,
    # H(K) = -(1/3 ln 1/3 + 2/3 ln 2/3) = ln 3 - (2/3) ln 2;
    # H(C|K) = -(2/6 ln 2/2 + 1/6 ln 1/4 + 2/6 ln 2/4 + 1/6 ln 1/4) = ln 2,
    # H(K|C) = -(2/6 ln 2/3 + 1/6 ln 1/3 + 2/6 ln 2/2 + 1/6 ln 1/1) = (1/2) ln 3 - (1/3) ln 2 = H(K) / 2.
    # h = 1 - H(C|K) / H(C); c = 1 - H(K|C) / H(K) = 1/2; V = 2hc / (h + c) = h / (h + 1/2).
    ln2, ln3 = math.log(2), math.log(3)
    h = 1 - ln2 / (2 / 3 * ln2 + ln3 / 2)
    got = external_scores(*HAND, names=["homogeneity", "completeness", "v_measure", "mutual_info"])
    assert got["homogeneity"] == pytest.approx(h, rel=1e-14)
    assert got["completeness"] == pytest.approx(1 / 2, rel=1e-14)
    assert got["v_measure"] == pytest.approx(h / (h + 1 / 2), rel=1e-14)
    assert got["mutual_info"] == pytest.approx(ln3 / 2 - ln2 / 3, rel=1e-14)  # H(C) - H(C|K)


# ---- degenerate partitions: documented values, never NaN ---------------------------------

# fmt: off
RAISES = UndefinedIndexError
RANDOM = "a random multiple of 1/n in [0, 1]"
DEGENERATE = {
    "n = 1": (
        ([0], [0]),
        {"accuracy": 1, "purity": 1, "s2": RAISES, "ps2": 0, "f_measure": 1, "rand": 1,
         "jaccard": 1, "fmi": 1, "ari": 1, "nmi": 1, "ami": 1, "mutual_info": 0,
         "homogeneity": 1, "completeness": 1, "v_measure": 1, "bcubed_precision": 1,
         "bcubed_recall": 1, "bcubed_f": 1, "cp_accuracy": 1, "cp_accuracy_mc": 1, "nca": RAISES},
    ),
    # TP = 2, FN = 4, FP = TN = 0. F = 2*2/(4+2). FMI = 2/sqrt(2*6). BCubed P = 1, R = 1/2.
    "one class": (
        ([0, 0, 0, 0], [0, 0, 1, 1]),
        {"accuracy": 0.5, "purity": 1, "s2": RAISES, "ps2": 0, "f_measure": 2 / 3,
         "rand": 1 / 3, "jaccard": 1 / 3, "fmi": 2 / math.sqrt(12), "ari": 0, "nmi": 0, "ami": 0,
         "mutual_info": 0, "homogeneity": 1, "completeness": 0, "v_measure": 0,
         "bcubed_precision": 1, "bcubed_recall": 0.5, "bcubed_f": 2 / 3, "cp_accuracy": 1,
         "cp_accuracy_mc": 1, "nca": RAISES},
    ),
    # TP = FN = FP = 0, TN = 6: identical partitions; PS2's denominator is 0 (the paper: 0).
    "all singletons, identical": (
        ([0, 1, 2, 3], [3, 2, 1, 0]),
        {"accuracy": 1, "purity": 1, "s2": 1, "ps2": 0, "f_measure": 1, "rand": 1,
         "jaccard": 1, "fmi": 1, "ari": 1, "nmi": 1, "ami": 1, "mutual_info": math.log(4),
         "homogeneity": 1, "completeness": 1, "v_measure": 1, "bcubed_precision": 1,
         "bcubed_recall": 1, "bcubed_f": 1, "cp_accuracy": 1, "cp_accuracy_mc": 1, "nca": 1},
    ),
    # Singleton classes in one cluster: S2 pair sens 1, spec (4-1-4+1)/3 = 0. FP = 6.
    # BCubed P = 4*(1/4)/4 = 1/4, R = 1, F = 2/5. NCA = (1 - 1)/3.
    "singleton classes, one cluster": (
        ([0, 1, 2, 3], [0, 0, 0, 0]),
        {"accuracy": 0.25, "purity": 0.25, "s2": 0, "ps2": 0, "f_measure": 0.4, "rand": 0,
         "jaccard": 0, "fmi": 0, "ari": 0, "nmi": 0, "ami": 0, "mutual_info": 0,
         "homogeneity": 0, "completeness": 1, "v_measure": 0, "bcubed_precision": 0.25,
         "bcubed_recall": 1, "bcubed_f": 0.4, "cp_accuracy": 0.25, "cp_accuracy_mc": RANDOM,
         "nca": 0},
    ),
}
# fmt: on


@pytest.mark.parametrize("case", DEGENERATE)
def test_degenerate_partitions(case):
    labels, expected = DEGENERATE[case]
    for name, value in expected.items():
        if value is RAISES:
            with pytest.raises(UndefinedIndexError):
                external_scores(*labels, names=[name])
        elif value is RANDOM:
            draw = external_scores(*labels, names=[name])[name] * len(labels[0])
            assert 0 <= draw <= len(labels[0]) and draw == round(draw)
        else:
            assert external_scores(*labels, names=[name])[name] == pytest.approx(
                value, abs=1e-12
            ), name


# ---- brute-force oracles ------------------------------------------------------------------


def pair_oracle(tp: int, fp: int, fn: int, tn: int) -> dict[str, Fraction | float]:
    """RI, JC, FMI, ARI (Hubert-Arabie form), PS2 from pair counts, in exact arithmetic."""
    total = tp + fp + fn + tn
    values: dict[str, Fraction | float] = {
        "rand": Fraction(1) if total == 0 else Fraction(tp + tn, total),
        "jaccard": Fraction(1) if tp + fp + fn == 0 else Fraction(tp, tp + fp + fn),
    }
    ps2_den = tp * (fp + tn) + tn * (tp + fn)
    values["ps2"] = Fraction(0) if ps2_den == 0 else Fraction(2 * tp * tn, ps2_den)
    if fp == fn == 0:
        values["ari"] = values["fmi"] = Fraction(1)
    else:
        expected = Fraction((tp + fn) * (tp + fp), total)
        values["ari"] = (tp - expected) / (Fraction((tp + fn) + (tp + fp), 2) - expected)
        values["fmi"] = 0.0 if tp == 0 else tp / math.sqrt((tp + fp) * (tp + fn))
    return values


def test_pair_indices_against_brute_force_pair_counts(brute_force_pairs, random_partitions):
    for labels_true, labels_pred in random_partitions(seed=21, count=300):
        counts = brute_force_pairs(labels_true, labels_pred)
        scores = external_scores(
            labels_true, labels_pred, names=["rand", "jaccard", "fmi", "ari", "ps2"]
        )
        for name, truth in pair_oracle(*counts).items():
            assert scores[name] == pytest.approx(float(truth), abs=1e-14), (name, counts)


def test_accuracy_purity_s2_nca_against_enumerated_maps(random_partitions):
    """Enumerate every one-to-one map and count objects one by one."""
    for labels_true, labels_pred in random_partitions(seed=2, count=120, max_n=25, max_labels=5):
        t, p, n = labels_true.tolist(), labels_pred.tolist(), len(labels_true)
        classes, clusters = sorted(set(t)), sorted(set(p))
        best_count, best_s2, best_recall = -1, -1.0, -1.0
        for pairs in injective_maps(classes, clusters):
            count = sum(1 for x, y in zip(t, p) if (x, y) in set(pairs))
            s2_sum = recall_sum = 0.0
            for c, s in pairs:  # paper eq. (1)-(3), counting objects
                tp_c = sum(1 for x, y in zip(t, p) if x == c and y == s)
                fn_c = sum(1 for x, y in zip(t, p) if x == c and y != s)
                fp_c = sum(1 for x, y in zip(t, p) if x != c and y == s)
                tn_c = sum(1 for x, y in zip(t, p) if x != c and y != s)
                recall_sum += tp_c / (tp_c + fn_c)
                if len(classes) > 1:
                    sens, spec = tp_c / (tp_c + fn_c), tn_c / (tn_c + fp_c)
                    s2_sum += 0.0 if sens + spec == 0 else 2 * sens * spec / (sens + spec)
            best_recall = max(best_recall, recall_sum)
            if count > best_count or (count == best_count and s2_sum > best_s2):
                best_count, best_s2 = count, s2_sum
        assert accuracy(t, p) == pytest.approx(best_count / n, abs=1e-15)
        majority = sum(
            Counter(x for x, y in zip(t, p) if y == s).most_common(1)[0][1] for s in clusters
        )
        assert purity(t, p) == pytest.approx(majority / n, abs=1e-15)
        if len(classes) == 1:
            with pytest.raises(UndefinedIndexError):
                s2(t, p)
            with pytest.raises(UndefinedIndexError):
                nca(t, p)
            continue
        assert s2(t, p) == pytest.approx(best_s2 / min(len(classes), len(clusters)), abs=1e-12)
        assert nca(t, p) == pytest.approx((best_recall - 1) / (len(classes) - 1), abs=1e-12)


def test_f_measure_and_bcubed_against_per_object_definitions(random_partitions):
    for labels_true, labels_pred in random_partitions(seed=4, count=150, max_n=25):
        t, p, n = labels_true.tolist(), labels_pred.tolist(), len(labels_true)
        # F-measure with P and R spelt out (no simplification), the usual MATLAB formulation.
        f_total = 0.0
        for c in set(t):
            members = [k for k in range(n) if t[k] == c]
            best = 0.0
            for s in set(p):
                cluster = [k for k in range(n) if p[k] == s]
                both = sum(1 for k in members if p[k] == s)
                if both:
                    precision, recall = both / len(cluster), both / len(members)
                    best = max(best, 2 * precision * recall / (precision + recall))
            f_total += len(members) / n * best
        assert f_measure(t, p) == pytest.approx(f_total, abs=1e-14)
        # BCubed: per object, the share of its cluster (class) that shares its class (cluster).
        precision = (
            sum(
                sum(1 for j in range(n) if p[j] == p[i] and t[j] == t[i])
                / sum(1 for j in range(n) if p[j] == p[i])
                for i in range(n)
            )
            / n
        )
        recall = (
            sum(
                sum(1 for j in range(n) if p[j] == p[i] and t[j] == t[i])
                / sum(1 for j in range(n) if t[j] == t[i])
                for i in range(n)
            )
            / n
        )
        assert bcubed_precision(t, p) == pytest.approx(precision, abs=1e-14)
        assert bcubed_recall(t, p) == pytest.approx(recall, abs=1e-14)
        assert bcubed_f(t, p) == pytest.approx(
            2 * precision * recall / (precision + recall), abs=1e-14
        )
        assert cp_accuracy(t, p) == bcubed_precision(t, p)


# ---- scikit-learn --------------------------------------------------------------------------

SKLEARN = {
    "rand": metrics.rand_score,
    "ari": metrics.adjusted_rand_score,
    "fmi": metrics.fowlkes_mallows_score,
    "nmi": metrics.normalized_mutual_info_score,
    "ami": metrics.adjusted_mutual_info_score,
}


def _identical_without_pairs(labels_true, labels_pred) -> bool:
    """n = 1 or both labellings all-singletons: where FMI deliberately differs from sklearn."""
    return len(set(labels_true.tolist())) == len(set(labels_pred.tolist())) == len(labels_true)


@pytest.mark.parametrize("name", SKLEARN)
def test_agrees_with_sklearn(name, random_partitions):
    cases = list(random_partitions(seed=13, count=250, max_n=60, max_labels=8))
    rng = np.random.default_rng(1)
    cases += [(rng.integers(0, 10, 3000), rng.integers(0, 12, 3000)) for _ in range(5)]
    cases += [(np.arange(7), np.zeros(7, int)), (np.zeros(7, int), np.arange(7)), TABLE_1]
    for labels_true, labels_pred in cases:
        labels_true, labels_pred = np.asarray(labels_true), np.asarray(labels_pred)
        if name == "fmi" and _identical_without_pairs(labels_true, labels_pred):
            continue
        ours = external_scores(labels_true, labels_pred, names=[name])[name]
        assert ours == pytest.approx(SKLEARN[name](labels_true, labels_pred), abs=1e-12)


def test_fmi_differs_from_sklearn_only_on_identical_singletons():
    assert fmi([0, 1, 2], [5, 6, 7]) == 1.0
    assert metrics.fowlkes_mallows_score([0, 1, 2], [5, 6, 7]) == 0.0
    assert fmi([0, 0, 0, 0], [0, 1, 2, 3]) == 0.0  # sklearn's documented example


# ---- expected mutual information (the AMI's E[MI]) ----------------------------------------


def _exact_emi(row_sums, col_sums, n: int) -> float:
    """Vinh et al. (2010) eq. 24 summed over every (i, j, k), P(k) an exact rational from
    binomials, each term rounded once and the terms summed exactly: the oracle."""
    terms = []
    for a in map(int, row_sums):
        for b in map(int, col_sums):
            for k in range(max(1, a + b - n), min(a, b) + 1):
                p = Fraction(math.comb(b, k) * math.comb(n - b, a - k), math.comb(n, a))
                terms.append(float(p) * (k / n) * math.log(n * k / (a * b)))
    return math.fsum(terms)


def test_expected_mutual_info_equals_the_exact_sum(random_partitions):
    cases = list(random_partitions(seed=29, count=120, max_n=40, max_labels=7))
    cases += [([0] * 5 + [1] * 5, [0] * 9 + [1]), (np.arange(6), np.arange(6)), ([0, 1], [0, 0])]
    for labels_true, labels_pred in cases:
        ct = contingency(labels_true, labels_pred)
        exact = _exact_emi(ct.row_sums, ct.col_sums, ct.n)
        assert expected_mutual_info(ct.row_sums, ct.col_sums, ct.n) == pytest.approx(
            exact, rel=1e-13, abs=1e-15
        )


@pytest.mark.parametrize(
    "sizes",
    [
        # n = 2500: sums of log-factorials of n (~2e4, scikit-learn's way) lose ~1e-12 a term
        (5, 5, 2500),
        # 200 x 150 labels, n = 2000: scikit-learn's sum of 3e5 terms is 3.3e-12 off this sum
        (200, 150, 2000),
    ],
)
def test_expected_mutual_info_is_exact_where_scikit_learn_rounds(sizes):
    classes, clusters, n = sizes
    rng = np.random.default_rng(4)
    ct = contingency(rng.integers(0, classes, n), rng.integers(0, clusters, n))
    exact = _exact_emi(ct.row_sums, ct.col_sums, ct.n)
    assert expected_mutual_info(ct.row_sums, ct.col_sums, ct.n) == pytest.approx(exact, rel=1e-14)


def test_expected_mutual_info_in_small_blocks_is_the_same_sum(monkeypatch):
    import clustval.indices.information as information

    rng = np.random.default_rng(6)
    ct = contingency(rng.integers(0, 25, 3000), rng.integers(0, 30, 3000))
    whole = expected_mutual_info(ct.row_sums, ct.col_sums, ct.n)
    monkeypatch.setattr(information, "_EMI_BLOCK_TERMS", 300)  # ~2 pairs a block, some alone
    assert expected_mutual_info(ct.row_sums, ct.col_sums, ct.n) == pytest.approx(whole, rel=1e-14)


def test_ami_agrees_with_sklearn_on_extreme_sizes():
    rng = np.random.default_rng(8)
    cases = [
        (np.r_[np.zeros(990, int), np.arange(10) + 1], rng.integers(0, 3, 1000)),  # one giant class
        (rng.integers(0, 2, 50000), rng.integers(0, 2, 50000)),  # two halves: a + b > n
        (np.arange(300), rng.integers(0, 5, 300)),  # all singletons
        (rng.integers(0, 40, 600), rng.integers(0, 40, 600)),  # many small clusters
    ]
    for labels_true, labels_pred in cases:
        ours = ami(labels_true, labels_pred)
        assert ours == pytest.approx(metrics.adjusted_mutual_info_score(labels_true, labels_pred), abs=1e-12)


def test_ami_does_not_use_scikit_learn():
    code = (
        "import sys, clustval; clustval.ami([0, 0, 1, 1, 2], [0, 1, 1, 2, 2]); "
        "print(any(m.startswith('sklearn') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


# ---- exactness at n = 10^6 ----------------------------------------------------------------


def test_pair_indices_exact_at_a_million_objects():
    labels_true, labels_pred, (tp, fp, fn, tn) = labelled_table(MILLION)
    assert (tp + fn) * (fn + tn) > 2**63  # int64 pair products would overflow here
    truth = pair_oracle(tp, fp, fn, tn)
    scores = external_scores(
        labels_true, labels_pred, names=["rand", "ari", "ps2", "fmi", "jaccard"]
    )
    for name in ("rand", "ari", "ps2", "jaccard"):
        assert scores[name] == float(truth[name]), name  # correctly rounded, not just close
    fmi_squared = Fraction(tp * tp, (tp + fp) * (tp + fn))
    assert scores["fmi"] ** 2 == pytest.approx(float(fmi_squared), rel=1e-15)
    assert scores["ari"] == pytest.approx(
        metrics.adjusted_rand_score(labels_true, labels_pred), abs=1e-12
    )


# ---- the correspondence-probability Monte Carlo (Bartenyev 2026) --------------------------------


def per_object_procedure(labels_true, labels_pred, rng) -> float:
    """Bartenyev's (2026) procedure literally: each object's predicted label j is replaced by
    a true label drawn with probability n_ij / b_j (one draw per object); accuracy = correct / n."""
    t, p = np.asarray(labels_true), np.asarray(labels_pred)
    correct = 0
    for j in np.unique(p):
        members = t[p == j]
        classes, counts = np.unique(members, return_counts=True)
        drawn = rng.choice(classes, size=len(members), p=counts / len(members))
        correct += int((drawn == members).sum())
    return correct / len(t)


def test_cp_accuracy_mc_has_the_per_object_procedures_distribution():
    labels_true = [0] * 6 + [1] * 5 + [2] * 4
    labels_pred = [0, 0, 0, 0, 1, 2, 1, 1, 1, 0, 2, 2, 2, 2, 0]
    ct = contingency(labels_true, labels_pred)
    mean = cp_accuracy_from_contingency(ct)
    p = ct.table / ct.col_sums
    sd = math.sqrt(float((ct.table * p * (1 - p)).sum())) / ct.n  # one run
    runs = 4000
    literal = np.array(
        [
            per_object_procedure(labels_true, labels_pred, np.random.default_rng(s))
            for s in range(runs)
        ]
    )
    ours = np.array([cp_accuracy_mc_from_contingency(ct, seed=s) for s in range(runs)])
    for sample in (literal, ours):
        assert abs(sample.mean() - mean) < 4 * sd / math.sqrt(runs)
        assert sample.std() == pytest.approx(sd, rel=0.08)
    # Same support: both take values k / n for the same attainable k.
    assert set(np.round(ours * ct.n).astype(int)) <= set(range(ct.n + 1))


def test_cp_accuracy_mc_converges_to_the_closed_form():
    rng = np.random.default_rng(0)
    labels_true, labels_pred = rng.integers(0, 4, 500), rng.integers(0, 6, 500)
    ct = contingency(labels_true, labels_pred)
    p = ct.table / ct.col_sums
    sd_one = math.sqrt(float((ct.table * p * (1 - p)).sum())) / ct.n
    for repeats in (100, 10_000):
        estimate = cp_accuracy_mc(labels_true, labels_pred, seed=7, repeats=repeats)
        assert abs(estimate - cp_accuracy(labels_true, labels_pred)) < 4 * sd_one / math.sqrt(
            repeats
        )


def test_cp_accuracy_mc_is_seeded():
    labels_true, labels_pred = HAND
    assert cp_accuracy_mc(labels_true, labels_pred, seed=3) == cp_accuracy_mc(
        labels_true, labels_pred, seed=3
    )
    values = {cp_accuracy_mc(labels_true, labels_pred, seed=s) for s in range(20)}
    assert len(values) > 1
    with pytest.raises(InputError, match="repeats"):
        cp_accuracy_mc(labels_true, labels_pred, repeats=0)


# ---- the one-table entry point ------------------------------------------------------------


def test_external_scores_options_and_names():
    scores = external_scores(*HAND, names=["nca", "s2", "accuracy"])
    assert list(scores) == ["s2", "accuracy", "nca"]  # registry order, whatever was asked
    assert external_scores(*HAND, names="ari") == {"ari": pytest.approx(4 / 109)}
    swapped = (HAND[0], [1, 1, 0, 0, 0, 0])
    assert external_scores(*swapped, names=["s2"], s2_matching="identity")["s2"] == 0.0
    seeded = external_scores(*HAND, names=["cp_accuracy_mc"], cp_seed=5)["cp_accuracy_mc"]
    assert seeded == cp_accuracy_mc(*HAND, seed=5)
    with pytest.raises(InputError, match="unknown external index"):
        external_scores(*HAND, names=["accuracy", "rand_index"])


@pytest.mark.parametrize(
    ("labels_true", "labels_pred", "message"),
    [
        ([0, 1, 1], [0, 1], "same objects"),
        ([], [], "empty"),
        ([0.0, float("nan"), 1.0], [0, 1, 1], "NaN"),
        (np.zeros((4, 2)), np.zeros((4, 2)), "1-D"),
    ],
)
def test_bad_input_raises_input_error(labels_true, labels_pred, message):
    with pytest.raises(InputError, match=message):
        external_scores(labels_true, labels_pred)
    with pytest.raises(InputError, match=message):
        ari(labels_true, labels_pred)


def test_accuracy_and_s2_share_the_cached_matching():
    rng = np.random.default_rng(12)
    ct = contingency(rng.integers(0, 4, 60), rng.integers(0, 6, 60))
    rows, cols = best_matching(ct)
    assert EXTERNAL_INDICES["accuracy"](ct) == ct.table[rows, cols].sum() / ct.n
    assert EXTERNAL_INDICES["s2"](ct) == pytest.approx(s2_at(ct, rows, cols).sum() / 4)
    assert best_matching(ct) is best_matching(ct)


def test_cp_accuracy_mc_draws_what_the_whole_table_draw_gives():
    # Only the non-empty cells are drawn; numpy's Binomial(0, p) draws nothing, so the value
    # must equal that of one draw over the whole (repeats, C, K) table from the same seed.
    rng = np.random.default_rng(4)
    for _ in range(50):
        labels_true, labels_pred = rng.integers(0, 5, 40), rng.integers(0, 6, 40)
        ct = contingency(labels_true, labels_pred)
        for seed, repeats in ((1, 1), (7, 3)):
            whole = np.random.default_rng(seed).binomial(
                ct.table, ct.table / ct.col_sums, size=(repeats, *ct.table.shape)
            )
            expected = int(whole.sum()) / (repeats * ct.n)
            assert cp_accuracy_mc_from_contingency(ct, seed=seed, repeats=repeats) == expected


def test_threaded_draw_gives_the_in_line_values(monkeypatch):
    # With many non-zero cells cp_accuracy_mc is drawn on a second thread: every value must
    # equal (==) the in-line computation, for a table above the threshold and, with the
    # threshold lowered, for small ones.
    import clustval.indices.contingency as contingency_module

    rng = np.random.default_rng(31)
    big_true, big_pred = rng.integers(0, 200, 60_000), rng.integers(0, 150, 60_000)
    assert contingency(big_true, big_pred).cells.counts.size >= 2**14
    pairs = [(big_true, big_pred)] + [
        (rng.integers(0, 5, 40), rng.integers(0, 4, 40)) for _ in range(20)
    ]
    names = [name for name in EXTERNAL_INDICES if name != "ami"]
    for threshold in (contingency_module._THREADED_DRAW_MIN_CELLS, 0):
        monkeypatch.setattr(contingency_module, "_THREADED_DRAW_MIN_CELLS", threshold)
        for labels_true, labels_pred in pairs:
            for seed in (1, 7, None):
                got = external_scores(labels_true, labels_pred, names, cp_seed=seed)
                ct = contingency(labels_true, labels_pred)
                for name in names:
                    if name == "cp_accuracy_mc":
                        if seed is not None:
                            assert got[name] == cp_accuracy_mc(labels_true, labels_pred, seed=seed)
                        continue
                    assert got[name] == EXTERNAL_INDICES[name](ct), name
                assert list(got) == names


# ---- the Hungarian map of Accuracy and S2, with S2's tie rule


def brute_force_best_count(table: np.ndarray) -> int:
    """max over one-to-one maps of the matched counts, by enumerating every map."""
    c, k = table.shape
    if c <= k:
        return max(sum(table[i, cols[i]] for i in range(c)) for cols in permutations(range(k), c))
    return max(sum(table[rows[j], j] for j in range(k)) for rows in permutations(range(c), k))


def test_matching_maximises_matched_counts(random_partitions):
    for labels_true, labels_pred in random_partitions(seed=5, count=200, max_labels=5):
        ct = contingency(labels_true, labels_pred)
        rows, cols = best_matching(ct)
        assert len(rows) == len(cols) == min(ct.table.shape)
        assert len(set(rows.tolist())) == len(rows) and len(set(cols.tolist())) == len(cols)
        assert ct.table[rows, cols].sum() == brute_force_best_count(ct.table)


def test_the_s2_tie_break_added_by_blocks_of_rows_is_the_same_matching(monkeypatch):
    """The tie-break's C x K terms, added a block of rows at a time to bound the memory (at
    3,000 x 3,000, 0.61 GB became 0.25 GB), give the whole matrix's matching and values."""
    import clustval.indices.external as external

    rng = np.random.default_rng(8)
    cases = [(rng.integers(0, c, 300), rng.integers(0, k, 300)) for c, k in ((40, 40), (60, 25), (20, 70))]
    whole = [external_scores(t, p, ["accuracy", "s2", "npa"]) for t, p in cases]
    monkeypatch.setattr(external, "_MATCHING_BLOCK_CELLS", 7)  # a row or two a block
    assert [external_scores(t, p, ["accuracy", "s2", "npa"]) for t, p in cases] == whole


@pytest.mark.parametrize("name", ["accuracy", "s2", "npa", "nca", "psi"])
def test_a_matching_beyond_its_limit_is_one_line(monkeypatch, name):
    import clustval.indices.external as external

    monkeypatch.setattr(external, "MAX_MATCHING_CELLS", 99)
    t = np.arange(100) % 10
    p = (np.arange(100) * 7 + np.arange(100) // 10) % 10  # no dominant map: the Hungarian algorithm
    with pytest.raises(InputError, match="matching of 10 classes with 10 clusters .* dense 100-cell") as caught:
        external_scores(t, p, [name])
    assert "\n" not in str(caught.value)
    monkeypatch.setattr(external, "MAX_MATCHING_CELLS", 100)
    assert external_scores(t, p, [name]) == {name: getattr(external, name)(t, p)}


def test_matching_breaks_count_ties_by_s2_whatever_the_label_order():
    # Both maps of [[2, 1], [1, 0]] match 2 objects; the diagonal one has S2 = 0 and the
    # anti-diagonal one S2 = 1/2 (pairs (0,1): sens 1/3, spec 1 -> 1/2; (1,0): sens 1,
    # spec 1/3 -> 1/2). The anti-diagonal must win in every row/column order.
    table = np.array([[2, 1], [1, 0]])
    for row_order in ([0, 1], [1, 0]):
        for col_order in ([0, 1], [1, 0]):
            ct = Contingency.from_table(table[np.ix_(row_order, col_order)])
            rows, cols = best_matching(ct)
            assert ct.table[rows, cols].sum() == 2
            assert s2_at(ct, rows, cols).sum() / 2 == pytest.approx(0.5)


def test_s2_cells_by_hand():
    # Table [[2, 1], [0, 2], [0, 1]] (n = 6, a = 3, 2, 1, b = 2, 4).
    # Cell (0, 0): sens 2/3, spec (6-3-2+2)/3 = 1 -> 2(2/3)/(5/3) = 4/5.
    # Cell (1, 1): sens 1, spec (6-2-4+2)/4 = 1/2 -> 1/(3/2) = 2/3.
    # Cell (1, 0): sens 0, spec (6-2-2+0)/4 = 1/2 -> 0.
    cells = _s2_cells(Contingency.from_table([[2, 1], [0, 2], [0, 1]]))
    assert cells[0, 0] == pytest.approx(4 / 5)
    assert cells[1, 1] == pytest.approx(2 / 3)
    assert cells[1, 0] == 0.0
    with pytest.raises(UndefinedIndexError, match="single true class"):
        _s2_cells(Contingency.from_table([[3, 2]]))


def _s2_cells(ct):
    """S2_c of every (class, cluster) pairing, shape (C, K)."""
    return s2_at(ct, np.arange(ct.n_classes)[:, None], np.arange(ct.n_clusters)[None, :])


def test_best_matching_is_computed_once_per_table():
    ct = contingency([0, 0, 1, 1], [0, 1, 1, 1])
    assert best_matching(ct) is best_matching(ct)
    cells = ct.cells
    np.testing.assert_array_equal(s2_at(ct, cells.rows, cells.cols), _s2_cells(ct)[cells.rows, cells.cols])


def test_matching_equals_the_tie_broken_hungarian_map(random_partitions):
    from scipy.optimize import linear_sum_assignment

    for labels_true, labels_pred in random_partitions(seed=9, count=300, max_labels=6):
        ct = contingency(labels_true, labels_pred)
        weights = ct.table.astype(float)
        if ct.n_classes > 1:
            weights += _s2_cells(ct) / (min(ct.table.shape) + 1)
        rows, cols = linear_sum_assignment(weights, maximize=True)
        np.testing.assert_array_equal(best_matching(ct).rows, rows)
        np.testing.assert_array_equal(best_matching(ct).cols, cols)


@pytest.mark.parametrize("beta", [0.0, 0.1, 0.5, 1.0, 2.0, 3.7, 10.0])
def test_v_measure_beta_is_scikit_learns(beta):
    from clustval.indices import external

    rng = np.random.default_rng(int(beta * 10) + 1)
    cases = [
        ([0, 0, 1, 1], [0, 0, 1, 2]),  # h = 1, c < 1: beta moves the value
        ([0, 0, 1, 1], [0, 0, 0, 0]),  # h = 0, c = 1
        ([0, 0, 1, 1], [1, 1, 0, 0]),  # perfect
        ([0, 1, 0, 1], [0, 0, 1, 1]),  # independent: h = c = 0
        ([5, 5, 5], [1, 1, 1]),  # one class and one cluster: 1.0 by convention
        *[(rng.integers(0, 3, 80), rng.integers(0, 5, 80)) for _ in range(5)],
    ]
    for t, p in cases:
        want = metrics.v_measure_score(t, p, beta=beta)
        assert math.isclose(external.v_measure(t, p, beta=beta), want, rel_tol=1e-12, abs_tol=1e-12), (t, p)
        assert v_measure_score(t, p, beta=beta) == external.v_measure(t, p, beta=beta)


def test_v_measure_beta_one_is_the_registry_value_and_bad_betas_are_refused():
    import clustval
    from clustval.indices import external

    t, p = [0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 2, 2]
    assert clustval.score(p, labels_true=t, names=["v_measure"])["v_measure"] == external.v_measure(t, p, beta=1.0)
    assert external.v_measure(t, p, beta=1) == external.v_measure(t, p)
    for bad in (-0.5, float("nan"), float("inf"), "2", None, True):
        with pytest.raises(InputError, match="beta"):
            external.v_measure(t, p, beta=bad)
