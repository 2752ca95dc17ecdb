"""clustval.indices.chance: expectations, adjusted indices, variances and SMI under the random
models of Gates & Ahn (2017), against clusim's values (fixtures of tools/clusim_values.py,
and live when clusim is installed), brute-force enumeration of every labelling the model can
draw on tiny n, and fastami's Monte Carlo SMI within its error bars."""

from __future__ import annotations

import itertools
import json
import math

import numpy as np
import pytest

import clustval
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import chance
from clustval.indices.chance import MODELS, adjusted
from tests import conftest

FIXTURES = conftest.FIXTURES / "clusim"


def _fixture(name: str) -> list[dict]:
    return json.loads((FIXTURES / name).read_text())


FASTAMI_ROWS = _fixture("smi_fastami.json") if (FIXTURES / "smi_fastami.json").exists() else []
KEYS = {"expected_rand": ("expected", "rand"), "expected_mi": ("expected", "mutual_info"),
        "adjusted_rand": ("adjusted", "rand"), "adjusted_mi": ("adjusted", "mutual_info")}  # fmt: skip


def _ours(what: str, index: str, t, p, model: str) -> float:
    return getattr(chance, what)(index, t, p, model=model)


# --------------------------------------------------------------------------------------
# clusim
# --------------------------------------------------------------------------------------


def test_fixture_holds_200_tables():
    assert len(_fixture("chance_values.json")) == 200
    assert len(FASTAMI_ROWS) == 4


@pytest.mark.parametrize("model", chance.MODELS)
def test_equals_clusim_fixtures(model):
    for row in _fixture("chance_values.json"):
        for key, (what, index) in KEYS.items():
            ours = _ours(what, index, row["labels_true"], row["labels_pred"], model)
            assert ours == pytest.approx(row[model][key], abs=1e-12, rel=0), (key, row)


def test_equals_clusim_live():
    clustering = pytest.importorskip("clusim.clustering")
    sim = pytest.importorskip("clusim.sim")
    rng = np.random.default_rng(7)
    for _ in range(3):
        n = int(rng.integers(6, 12))
        t, p = (np.concatenate([[0, 1], rng.integers(0, 3, n - 2)]) for _ in range(2))
        pred = clustering.Clustering().from_membership_list(p.tolist())
        true = clustering.Clustering().from_membership_list(t.tolist())
        for model in chance.MODELS:
            assert chance.adjusted("rand", t, p, model=model) == pytest.approx(
                sim.adjrand_index(pred, true, random_model=model), abs=1e-12)
            assert chance.adjusted("mutual_info", t, p, model=model) == pytest.approx(
                sim.adj_mi(pred, true, random_model=model), abs=1e-12)


# --------------------------------------------------------------------------------------
# Brute force: every labelling the model draws, equally likely
# --------------------------------------------------------------------------------------


def set_partitions(n: int):
    """Every partition of range(n) as restricted-growth labels."""
    def grow(labels, blocks):
        if len(labels) == n:
            yield list(labels)
            return
        for label in range(blocks + 1):
            yield from grow(labels + [label], max(blocks, label + 1))
    yield from grow([], 0)


def draws(model: str, t, p):
    """Every (labels_true, labels_pred) the model draws, equally likely."""
    n = len(t)
    if model.startswith("perm"):
        return [(t, list(q)) for q in set(itertools.permutations(p))]
    blocks = {"num": len(set(p)), "all": None}[model.rstrip("1")]
    parts = [q for q in set_partitions(n) if blocks is None or max(q) + 1 == blocks]
    if model.endswith("1"):
        return [(t, q) for q in parts]
    true_blocks = len(set(t)) if blocks is not None else None
    trues = [q for q in set_partitions(n) if true_blocks is None or max(q) + 1 == true_blocks]
    return [(u, q) for u in trues for q in parts]


TINY = [([0, 0, 0, 1, 1, 2], [0, 1, 1, 1, 2, 2]), ([0, 0, 1, 1, 1, 1, 2], [0, 0, 0, 1, 1, 0, 1])]
# the two-sided models draw pairs of partitions: B(5)^2 = 2,704 pairs at n = 5
TINY_TWO_SIDED = [([0, 0, 1, 1, 2], [0, 1, 1, 2, 2]), ([0, 0, 0, 1, 1], [0, 1, 1, 1, 1])]
FUNCTIONS = {"rand": clustval.rand, "russel_rao": clustval.russel_rao, "mutual_info": clustval.mutual_info,
             "vi": clustval.vi}  # fmt: skip


@pytest.mark.parametrize(("model", "t", "p"),
                         [(m, t, p) for m in chance.MODELS for t, p in (TINY_TWO_SIDED if m in ("num", "all") else TINY)])
def test_expected_equals_enumeration(model, t, p):
    pairs = draws(model, t, p)
    for index, function in FUNCTIONS.items():
        mean = math.fsum(function(u, q) for u, q in pairs) / len(pairs)
        assert chance.expected(index, t, p, model=model) == pytest.approx(mean, abs=1e-13), index


@pytest.mark.parametrize("model", chance.MODELS)
def test_adjusted_is_zero_on_average(model):
    t, p = TINY_TWO_SIDED[0] if model in ("num", "all") else TINY[0]
    pairs = draws(model, t, p)
    for index in chance.ADJUSTED_INDICES:
        mean = math.fsum(chance.adjusted(index, u, q, model=model) for u, q in pairs) / len(pairs)
        assert mean == pytest.approx(0.0, abs=1e-12), index


@pytest.mark.parametrize(("t", "p"), [*TINY, ([0, 0, 1, 1, 2, 2, 2, 3], [0, 1, 1, 2, 2, 0, 0, 1])])
def test_variance_equals_enumeration(t, p):
    pairs = draws("perm", t, p)
    for index in chance.VARIANCE_INDICES:
        values = np.array([FUNCTIONS[index](u, q) for u, q in pairs])
        assert chance.variance(index, t, p) == pytest.approx(values.var(), rel=1e-11, abs=1e-15), index
    values = np.array([clustval.mutual_info(u, q) for u, q in pairs])
    assert chance.smi(t, p) == pytest.approx((clustval.mutual_info(t, p) - values.mean()) / values.std(), rel=1e-10)


def test_perm_adjusted_are_ari_and_ami():
    rng = np.random.default_rng(3)
    for _ in range(20):
        t, p = rng.integers(0, 4, 50), rng.integers(0, 3, 50)
        assert chance.adjusted("rand", t, p) == clustval.ari(t, p)  # the same rational, rounded once
        assert chance.adjusted("mutual_info", t, p) == pytest.approx(clustval.ami(t, p), abs=1e-13)
        assert chance.expected("mutual_info", t, p, model="perm1") == chance.expected("mutual_info", t, p)


# --------------------------------------------------------------------------------------
# SMI against fastami's Monte Carlo
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize("row", FASTAMI_ROWS, ids=lambda row: f"n{len(row['labels_true'])}")
def test_smi_within_fastami_error_bars(row):
    # fastami's error bar is asymptotic (Klede et al. 2023): four of them
    assert abs(chance.smi(row["labels_true"], row["labels_pred"]) - row["smi"]) <= 4 * row["error"]


def test_smi_fastami_live():
    fastsmi = pytest.importorskip("fastami.fastsmi")
    from sklearn.metrics import mutual_info_score

    row = FASTAMI_ROWS[0]
    original = fastsmi.mutual_info_score  # fastami 0.2.1 passes its loop index as labels
    fastsmi.mutual_info_score = lambda _t, _p, contingency: mutual_info_score(None, None, contingency=contingency)
    try:
        estimate, error = fastsmi.standardized_mutual_info_mc(
            np.array(row["labels_true"]), np.array(row["labels_pred"]), seed=np.random.SeedSequence(1),
            precision_goal=0.05, min_samples=2000)
    finally:
        fastsmi.mutual_info_score = original
    assert abs(chance.smi(row["labels_true"], row["labels_pred"]) - estimate) <= 4 * error


def test_smi_is_symmetric_and_label_free():
    t, p = [0, 0, 1, 1, 1, 2, 2, 2, 2], [5, 5, 5, 7, 7, 7, 9, 9, 9]
    assert chance.smi(t, p) == pytest.approx(chance.smi(p, t), rel=1e-12)
    assert chance.smi(t, p) == pytest.approx(chance.smi([str(x) for x in t], [-x for x in p]), rel=1e-12)


# --------------------------------------------------------------------------------------
# Refusals
# --------------------------------------------------------------------------------------


def test_refusals():
    t, p = [0, 0, 1, 1], [0, 1, 0, 1]
    with pytest.raises(InputError, match="model"):
        chance.expected("rand", t, p, model="random")
    with pytest.raises(InputError, match="jaccard"):
        chance.expected("jaccard", t, p)
    with pytest.raises(InputError, match="permutation model"):
        chance.variance("rand", t, p, model="num1")
    with pytest.raises(UndefinedIndexError):
        chance.smi(t, [0, 0, 0, 0])
    big = np.arange(chance.MAX_PARTITION_OBJECTS + 1) % 3
    with pytest.raises(InputError, match="Stirling"):
        chance.expected("rand", big, big, model="num1")
    rng = np.random.default_rng(0)
    wide = rng.integers(0, 3, 2 * 10**6)  # about 3e9 terms: two minutes
    with pytest.raises(InputError, match="MAX_VARIANCE_WORK"):
        chance.smi(wide, rng.integers(0, 3, 2 * 10**6))


@pytest.mark.parametrize("model", MODELS)
def test_ari_and_ami_take_the_model_as_an_option(model):
    rng = np.random.default_rng(4)
    t, p = rng.integers(0, 3, 50), rng.integers(0, 4, 50)
    got = clustval.score(p, labels_true=t, names=["ari", "ami"], ari_model=model, ami_model=model)
    assert got == {"ari": adjusted("rand", t, p, model=model), "ami": adjusted("mutual_info", t, p, model=model)}
    assert clustval.ari(t, p, model=model) == got["ari"] and clustval.ami(t, p, model=model) == got["ami"]
    if model == "perm":
        assert got == clustval.score(p, labels_true=t, names=["ari", "ami"])


def test_ami_under_another_model_keeps_gates_and_ahns_normaliser():
    with pytest.raises(InputError, match="leave average_method"):
        clustval.ami([0, 0, 1, 1], [0, 1, 1, 1], model="num1", average_method="max")
