"""The exact variance under the permutation model and SMI (clustval.indices.chance) at the
peers' sizes: fastami's own test case and its zero-variance case, the variance against every
table of small margins with its exact probability, the cost model's refusal, and clusim's
published expectations in clusim's argument order (``fixed="labels_pred"``)."""

from __future__ import annotations

import itertools
import json
import math
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import clustval
from clustval.errors import InputError
from clustval.indices import chance
from clustval.indices.contingency import Contingency
from clustval.indices.information import mutual_info

FASTAMI = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "fastami" / "smi_exact.json").read_text())


def test_fastamis_case_at_its_exact_value_well_under_a_second():
    case = FASTAMI["smi"]
    chance.smi(case["labels_true"], case["labels_pred"])  # imports and caches out of the timing
    start = time.process_time()
    value = chance.smi(case["labels_true"], case["labels_pred"])
    took = time.process_time() - start
    assert value == pytest.approx(case["exact_result"], abs=case["atol"])
    assert took < 0.5, f"{took:.2f} s of CPU"


def test_fastamis_zero_variance_case_is_its_one():
    case = FASTAMI["zero_variance"]
    assert chance.variance("mutual_info", case["labels_true"], case["labels_pred"]) == 0.0
    assert chance.smi(case["labels_true"], case["labels_pred"]) == case["smi"] == 1.0
    assert chance.smi(case["labels_pred"], case["labels_true"]) == 1.0
    # more margins that leave MI the same for every table: k equal classes, one lone object
    for k, m in ((3, 5), (6, 40)):
        assert chance.smi(np.repeat(np.arange(k), m), np.r_[np.zeros(k * m - 1), 1]) == 1.0
    # and a near miss keeps its own, small variance
    assert chance.variance("mutual_info", [0] * 5 + [1] * 4, [0] * 8 + [1]) > 0


def _tables(a, b):
    """Every table with margins a and b and its probability under the permutation model,
    prod a_i! prod b_j! / (n! prod n_ij!), exactly."""
    n = sum(a)
    base = Fraction(math.prod(math.factorial(x) for x in a) * math.prod(math.factorial(x) for x in b), math.factorial(n))

    def rows(i, left):
        if i == len(a):
            if not any(left):
                yield []
            return
        for row in itertools.product(*(range(min(a[i], c) + 1) for c in left)):
            if sum(row) == a[i]:
                for rest in rows(i + 1, [c - x for c, x in zip(left, row)]):
                    yield [list(row), *rest]

    for table in rows(0, list(b)):
        yield table, base / math.prod(math.factorial(x) for row in table for x in row)


@pytest.mark.parametrize(("a", "b"), [((3, 3, 2), (4, 2, 2)), ((5, 1, 1, 2), (3, 3, 3)), ((2, 2, 2, 2), (4, 4)),
                                      ((6, 2), (2, 2, 2, 1, 1)), ((1, 1, 1, 1, 4), (1, 2, 5))])  # fmt: skip
def test_variance_equals_every_table_weighed_exactly(a, b):
    n = sum(a)
    labels_true = np.repeat(np.arange(len(a)), a)
    labels_pred = np.repeat(np.arange(len(b)), b)  # any labelling with these margins
    tables = list(_tables(a, b))
    assert sum(p for _, p in tables) == 1
    mi = np.array([mutual_info(Contingency.from_table([row for row in t])) for t, _ in tables])
    tp = [sum(x * (x - 1) // 2 for row in t for x in row) for t, _ in tables]
    probability = np.array([float(p) for _, p in tables])
    var_mi = float(probability @ (mi - probability @ mi) ** 2)
    mean_tp = sum(p * x for (_, p), x in zip(tables, tp))
    var_tp = sum(p * (x - mean_tp) ** 2 for (_, p), x in zip(tables, tp))  # exact
    assert chance.variance("mutual_info", labels_true, labels_pred) == pytest.approx(var_mi, rel=1e-11)
    assert chance.variance("russel_rao", labels_true, labels_pred) == pytest.approx(
        float(var_tp / math.comb(n, 2) ** 2), rel=1e-12)
    # symmetric in its arguments, whichever side has fewer distinct sizes
    assert chance.variance("mutual_info", labels_pred, labels_true) == pytest.approx(var_mi, rel=1e-11)


def test_larger_tables_in_seconds_and_the_refusal_names_the_time():
    rng = np.random.default_rng(0)
    t, p = rng.integers(0, 30, 3000), rng.integers(0, 30, 3000)  # refused before (work 2e8)
    start = time.process_time()
    value = chance.smi(t, p)
    assert math.isfinite(value) and time.process_time() - start < 10
    with pytest.raises(InputError, match="MAX_VARIANCE_WORK") as caught:
        chance.smi(rng.integers(0, 2, 10**7), rng.integers(0, 2, 10**7))
    message = str(caught.value)
    assert "\n" not in message and " min " in message and "significance" in message


# --------------------------------------------------------------------------------------
# clusim's random models in clusim's argument order
# --------------------------------------------------------------------------------------

# clusim 0.4's clusim/tests/test_sim.py (MIT), test_model_example: hand-computed by Alexander J.
# Gates; clusim holds its second clustering (c2) fixed in the one-sided models
CLUSIM_C1, CLUSIM_C2 = [0, 1, 1, 0], [0, 1, 1, 1]
CLUSIM_RAND = {"perm": 0.5, "perm1": 0.5, "num": 0.510204081632653, "num1": 0.5, "all": 0.555555555555556,
               "all1": 0.5}  # fmt: skip
CLUSIM_MI_BITS = {"perm": 0.311278124459133, "perm1": 0.311278124459133, "num": 0.309927805548467,
                  "num1": 0.301825892084476, "all": 0.611635721962606, "all1": 0.419448541053684}  # fmt: skip


@pytest.mark.parametrize("model", chance.MODELS)
def test_clusims_published_expectations_in_its_argument_order(model):
    rand = chance.expected("rand", CLUSIM_C1, CLUSIM_C2, model=model, fixed="labels_pred")
    mi = chance.expected("mutual_info", CLUSIM_C1, CLUSIM_C2, model=model, fixed="labels_pred") / math.log(2)
    # clusim's own check: numpy.testing.assert_approx_equal(..., significant=10)
    np.testing.assert_approx_equal(rand, CLUSIM_RAND[model], significant=10)
    np.testing.assert_approx_equal(mi, CLUSIM_MI_BITS[model], significant=10)
    # the same numbers with the arguments swapped in clustval's default order
    assert chance.expected("rand", CLUSIM_C2, CLUSIM_C1, model=model) == rand


def test_the_order_matters_only_in_the_one_sided_models():
    # the case: clusim's call copied into clustval's default order gives 0.524, not 0.5
    assert chance.expected("rand", CLUSIM_C1, CLUSIM_C2, model="num1") == pytest.approx(0.5238095238095238, abs=1e-15)
    rng = np.random.default_rng(3)
    t, p = rng.integers(0, 3, 40), rng.integers(0, 4, 40)
    for model in chance.MODELS:
        for index in chance.ADJUSTED_INDICES:
            swapped = chance.adjusted(index, p, t, model=model)
            assert chance.adjusted(index, t, p, model=model, fixed="labels_pred") == pytest.approx(swapped, abs=1e-14)
            if model not in chance.ONE_SIDED:
                assert chance.adjusted(index, t, p, model=model, fixed="labels_pred") == chance.adjusted(
                    index, t, p, model=model)
        # ARI and AMI take it as their options, everywhere an option goes
        got = clustval.score(p, labels_true=t, names=["ari", "ami"], ari_model=model, ami_model=model,
                             ari_fixed="labels_pred", ami_fixed="labels_pred")  # fmt: skip
        assert got["ari"] == chance.adjusted("rand", t, p, model=model, fixed="labels_pred")
        assert got["ami"] == chance.adjusted("mutual_info", t, p, model=model, fixed="labels_pred")
        assert clustval.ari(t, p, model=model, fixed="labels_pred") == got["ari"]
    with pytest.raises(InputError, match="fixed") as caught:
        chance.expected("rand", t, p, model="num1", fixed="labels_second")
    assert "\n" not in str(caught.value)


def test_clusim_live_in_its_own_order():
    clustering = pytest.importorskip("clusim.clustering")
    sim = pytest.importorskip("clusim.sim")
    rng = np.random.default_rng(11)
    for _ in range(3):
        t, p = rng.integers(0, 3, 15), rng.integers(0, 4, 15)
        c1 = clustering.Clustering(elm2clu_dict={i: [int(x)] for i, x in enumerate(t)})
        c2 = clustering.Clustering(elm2clu_dict={i: [int(x)] for i, x in enumerate(p)})
        for model in chance.MODELS:
            assert clustval.ari(t, p, model=model, fixed="labels_pred") == pytest.approx(
                sim.adjrand_index(c1, c2, random_model=model), abs=1e-12)
            assert clustval.ami(t, p, model=model, fixed="labels_pred") == pytest.approx(
                sim.adj_mi(c1, c2, random_model=model), abs=1e-12)
