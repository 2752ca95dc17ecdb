"""Checks the paper's own definitions rule out, and the spread behind each verdict: the
bootstrap over objects and the words it gives a check (holds, fails, within noise)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import clustval
from clustval.repro.paper import claims as C
from clustval.repro.paper import spread as P
from clustval.repro.paper.scores import ScoreTable

from .test_claims import make_table
from .test_claims import settings as claim_settings


# ====================================================================== feasibility
@settings(max_examples=150, deadline=None)
@given(half=st.integers(1, 60), n11=st.integers(0, 60), n22=st.integers(0, 60))
def test_s2_never_exceeds_accuracy_on_two_balanced_classes(half, n11, n22):
    """The proof of feasibility.S2_BELOW_ACCURACY, on every 2 x 2 table with equal rows:
    S2 (eqs. (1)-(3), Hungarian matching) <= Accuracy (both from clustval's own functions)."""
    n11, n22 = min(n11, half), min(n22, half)
    truth = [0] * half + [1] * half
    pred = [0] * n11 + [1] * (half - n11) + [1] * n22 + [0] * (half - n22)
    if len(set(pred)) < 2:
        return  # one cluster: K = 1, not the K = C = 2 of the statement
    assert clustval.s2(truth, pred) <= clustval.accuracy(truth, pred) + 1e-12


@settings(max_examples=50, deadline=None)
@given(a1=st.integers(2, 60), a2=st.integers(2, 60), n11=st.integers(1, 60), n22=st.integers(1, 60))
def test_the_proof_needs_equal_classes(a1, a2, n11, n22):
    """Unequal classes: S2 may exceed Accuracy, and the check is then feasible (no proof)."""
    assert C.s2_above_accuracy_proof([a1, a2], 2) == ("" if a1 != a2 else C.s2_above_accuracy_proof([5, 5], 2))


def test_unequal_classes_can_put_s2_above_accuracy():
    truth = [0] * 10 + [1] * 90
    pred = [0] * 10 + [0] * 30 + [1] * 60  # the small class whole, a third of the large one with it
    assert clustval.s2(truth, pred) > clustval.accuracy(truth, pred)
    assert C.s2_above_accuracy_proof([10, 90], 2) == "" and C.s2_above_accuracy_proof([50, 50], 3) == ""


# ====================================================================== bootstrap over objects
def test_bootstrap_replicates_are_seeded_and_equal_the_labels_resampled():
    rng = np.random.default_rng(3)
    truth = rng.integers(0, 3, 200)
    pred = np.where(rng.random(200) < 0.8, truth, rng.integers(0, 3, 200))
    names = ["s2", "accuracy", "ari"]
    first = P.bootstrap_values(truth, pred, names, 50, P.dataset_rng(7, "iris"))
    again = P.bootstrap_values(truth, pred, names, 50, P.dataset_rng(7, "iris"))
    other = P.bootstrap_values(truth, pred, names, 50, P.dataset_rng(7, "wine"))
    assert np.array_equal(first, again) and not np.array_equal(first, other)
    assert first.shape == (50, 3)
    # each replicate is a table of n objects: its Accuracy times n is a whole number
    assert np.allclose(np.round(first[:, 1] * 200), first[:, 1] * 200)
    # around the run's own value
    assert abs(np.median(first[:, 1]) - clustval.accuracy(truth, pred)) < 0.05


def test_a_class_no_replicate_object_falls_in_is_absent_from_it():
    table = np.array([[1, 0], [0, 99]])
    values = P.bootstrap_table_values(table, ["accuracy", "s2"], 300, np.random.default_rng(0))
    assert values[:, 0].min() == 1.0
    one_class = np.isnan(values[:, 1])  # S2 is undefined on a replicate that drew one class only
    assert one_class.any() and not one_class.all()


def replicates_around(values_by_set, noise_by_set, n=400, seed=0):
    """Replicates of every set: each index its value plus N(0, noise) (a stand-in for the bootstrap)."""
    rng = np.random.default_rng(seed)
    return {d: [{name: v + rng.normal(0, noise_by_set.get(d, 1e-6)) for name, v in row.items()} for _ in range(n)]
            for d, row in values_by_set.items()}


def test_a_check_far_from_its_boundary_holds_or_fails_one_near_it_is_within_noise():
    from .test_claims import external_values

    values = external_values()
    values["ec3"]["s2"] = values["ec3"]["accuracy"] + 0.001  # holds, by less than the noise
    values["ec4"]["s2"] = values["ec4"]["accuracy"] - 0.2  # fails by far more than the noise
    table = make_table(values)
    (c2,) = [r for r in C.evaluate_claims(table, claim_settings().read_as(ties="unique")) if r.id == "C2"]
    noisy = P.attach_noise([c2], replicates_around(values, {"ec3": 0.01, "ec4": 0.01}), 0.95)[0]
    words = {c.subject: c.word for c in noisy.checks}
    assert words["ec3"] == C.WITHIN_NOISE and words["ec4"] == C.FAILS and words["ec5"] == C.HOLDS
    assert words["ec2"] == C.INFEASIBLE  # two balanced classes: no bootstrap word
    (ec3,) = [c for c in noisy.checks if c.subject == "ec3"]
    assert ec3.holds and ec3.noise["low"] < 0 < ec3.noise["high"]
    assert noisy.counts == {C.HOLDS: 7, C.FAILS: 1, C.WITHIN_NOISE: 1, C.INFEASIBLE: 1}
    assert noisy.verdict == c2.verdict  # the noise is reported beside the verdict, not in it
    rows = P.bootstrap_rows([noisy])
    assert {row["subject"]: row["word"] for row in rows}["ec3"] == C.WITHIN_NOISE
    assert "ec2" not in {row["subject"] for row in rows}
    with pytest.raises(Exception, match="level"):
        P.attach_noise([c2], {}, 1.5)


def test_seed_rows_give_each_index_and_each_check_its_spread_over_seeds():
    from .test_claims import seed_table

    seeds = seed_table({2})
    main = make_table()
    per_seed = C.claims_by_group(seeds, claim_settings(), ["C2"])
    rows = P.seed_rows(main, seeds, ["s2", "accuracy"], "park_jun",
                       {seed: list(found.values()) for seed, found in per_seed.items()},
                       C.evaluate_claims(main, claim_settings()))
    s2_ec5 = next(r for r in rows if r["subject"] == "ec5" and r["quantity"] == "s2")
    assert (s2_ec5["n"], s2_ec5["min"], s2_ec5["max"]) == (4, 0.5, 0.95) and s2_ec5["value"] == 0.95
    margin = next(r for r in rows if r["claim"] == "C2" and r["subject"] == "ec5")
    assert margin["word"] == "holds in 3/4 seeds" and margin["min"] < 0 < margin["max"]
    assert set(rows[0]) == set(P.SPREAD_COLUMNS)
    assert isinstance(seeds, ScoreTable)
