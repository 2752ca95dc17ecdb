"""The computed causes: recalls and the two-class relation of S2 and Accuracy by brute force, PS2
beside Rand, the better-cost partition and the re-clustering bootstrap, traced."""

from __future__ import annotations

import numpy as np
import pytest

from clustval import accuracy, ps2, rand_score, s2
from clustval.repro.paper import diagnostics as D
from clustval.repro.paper import trace as T

from .test_claims import external_values
from .test_replication import causes, traced


def labels_of(table):
    """Labels with the counts of a 2 x 2 table (rows classes, columns clusters)."""
    true, pred = [], []
    for i, row in enumerate(table):
        for j, n in enumerate(row):
            true += [i] * n
            pred += [j] * n
    return np.array(true), np.array(pred)


def test_matched_recalls_by_hand():
    # class 0: 6 objects, 5 in cluster 1; class 1: 4 objects, 3 in cluster 0 -> map 0->1, 1->0
    true, pred = labels_of([[1, 5], [3, 1]])
    assert D.matched_recalls(true, pred) == ([6, 4], [5 / 6, 3 / 4])


@pytest.mark.parametrize("seed", range(40))
def test_on_two_classes_s2_is_the_harmonic_mean_of_the_recalls_and_exceeds_accuracy_only_with_the_minority_better(seed):
    """Eq. (4): S2 = 2 r1 r2 / (r1 + r2); Accuracy = w1 r1 + w2 r2. S2 > Accuracy implies the
    minority class has the higher recall (brute force over random tables)."""
    rng = np.random.default_rng(seed)
    a, b = rng.integers(5, 60, 2)
    hit_a, hit_b = rng.integers(a // 2 + 1, a + 1), rng.integers(b // 2 + 1, b + 1)
    true, pred = labels_of([[hit_a, a - hit_a], [b - hit_b, hit_b]])
    sizes, (r1, r2) = D.matched_recalls(true, pred)
    assert s2(true, pred) == pytest.approx(2 * r1 * r2 / (r1 + r2))
    assert accuracy(true, pred) == pytest.approx((sizes[0] * r1 + sizes[1] * r2) / sum(sizes))
    if s2(true, pred) > accuracy(true, pred) + 1e-12:
        minority = int(np.argmin(sizes))
        assert (r1, r2)[minority] > (r1, r2)[1 - minority]


def test_a_diagnostics_row_holds_the_better_partition_and_ps2_beside_rand():
    from types import SimpleNamespace

    true, pred = labels_of([[45, 5], [10, 40]])
    better = SimpleNamespace(labels=true.copy(), cost=1.0)
    row = D.set_diagnostics("x", true, pred, 2.0, {"s2_matching": "hungarian"}, ("pam", better))
    assert row["n_classes"] == 2 and row["class_sizes"] == "50 50"
    assert row["ps2"] == pytest.approx(ps2(true, pred)) and row["rand"] == pytest.approx(rand_score(true, pred))
    assert row["rand_even_errors"] == pytest.approx(1 - 2 * 0.85 * 0.15)
    assert row["better_accuracy"] == 1.0 and row["better_cost"] == 1.0 and row["better_algorithm"] == "pam"


def test_recluster_values_cluster_every_resample_and_are_seeded():
    X = np.r_[np.zeros((10, 1)), np.ones((10, 1))]
    y = np.r_[np.zeros(10, int), np.ones(10, int)]
    calls = []

    def clusterer(Xb, k):
        calls.append(len(Xb))
        return (Xb[:, 0] > 0.5).astype(int)

    first = D.recluster_values(X, y, 2, clusterer, ["accuracy"], 5, np.random.default_rng(1))
    assert calls == [20] * 5 and first.tolist() == [[1.0]] * 5
    again = D.recluster_values(X, y, 2, clusterer, ["accuracy"], 5, np.random.default_rng(1))
    assert (again == first).all()


def row(**given):
    base = {"n_classes": 2, "class_sizes": "357 212", "recalls": "0.964 0.887", "majority_recall": 0.964,
            "minority_recall": 0.887, "s2": 0.80, "accuracy": 0.85, "ps2": 0.75, "rand": 0.745,
            "rand_even_errors": 0.745, "cost": 10.0, "better_cost": 10.0, "better_algorithm": "pam",
            **{f"better_{k}": v for k, v in external_values()["iris"].items()}}
    return {**base, **given}


def test_a_failure_is_traced_to_a_computed_diagnostic():
    values = external_values()
    values["wdbc"]["s2"] = 0.80  # below Accuracy 0.85 on two classes, the majority recalled better
    values["seeds"]["s2"] = 0.80  # fails; a better partition holds it: a local optimum
    diagnostics = {"wdbc": row(), "seeds": row(n_classes=3, class_sizes="70 70 70", cost=12.0,
                                                better_cost=11.0, better_s2=0.95)}
    _, traces = traced(values, diagnostics=diagnostics)
    assert causes(traces, "C3") == {"wdbc": T.RECALLS, "Seeds": T.LOCAL_OPTIMUM}
    (wdbc,) = [t for t in traces["C3"] if t.subject == "wdbc"]
    assert "recalls the majority class better (0.964 vs 0.887)" in wdbc.detail
    # the minority recalled better: the relation does not force S2 below Accuracy, so no such cause
    _, traces = traced(values, diagnostics={"wdbc": row(majority_recall=0.8, minority_recall=0.9)})
    assert causes(traces, "C3")["wdbc"] == T.UNEXPLAINED


def test_a_set_read_with_another_label_re_checks_its_own_checks_only():
    from .test_claims import make_table, settings

    from clustval.repro.paper import claims as C

    results = C.evaluate_claims(make_table(), settings())
    values = dict(external_values()["ionosphere"], s2=0.10)  # S2 far below the others on the variant
    rows = D.variant_checks(results, "ionosphere", values, "feature 1 as the label")
    by_claim = {(r["claim"], r["subject"]): (r["holds_published"], r["holds_variant"]) for r in rows}
    assert by_claim[("C3", "ionosphere")] == (True, False)
    assert by_claim[("C4", "Fig. 4 ionosphere")] == (True, True)
    assert {r["claim"] for r in rows} == {"C3", "C4", "C6", "C8"}  # no trend: they read every set


def test_a_reading_that_saves_a_check_is_the_cause_and_the_diagnostic_is_said_beside_it():
    values = external_values()
    values["wdbc"]["s2"] = values["wdbc"]["accuracy"] - 0.003  # level within the margin reading's 0.005
    _, traces = traced(values, diagnostics={"wdbc": row(s2=values["wdbc"]["s2"])})
    (wdbc,) = traces["C3"]
    assert wdbc.cause == T.READING and "also the two-class recall relation" in wdbc.detail
