"""clustval.compat.clustercrit against clusterCrit 1.3.0's own values.

The reference values were computed in R by tools/r/reference_values.R (intCriteria,
extCriteria and bestCriterion of clusterCrit 1.3.0) on the data sets of
tests/fixtures/r/ (written by tools/r/make_data.py), and are stored there: no R here.
"""

from __future__ import annotations

import csv
import math
from functools import cache

import numpy as np
import pytest

from clustval.compat import clustercrit as cc
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices.registry import INDICES
from clustval.indices.scoring import external_scores
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"
LABELLINGS = ("true", "kmeans", "noisy", "singleton")


def _rows(name: str) -> list[dict[str, str]]:
    with open(FIXTURES / name, encoding="ascii", newline="") as fh:
        return list(csv.DictReader(fh))


@cache
def dataset(name: str) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    rows = _rows(f"{name}.csv")
    columns = [c for c in rows[0] if c.startswith("x")]
    X = np.array([[float(r[c]) for c in columns] for r in rows])
    return X, {lab: np.array([int(r[lab]) for r in rows]) for lab in LABELLINGS}


def _r_value(text: str) -> float:
    return math.nan if text == "NA" else float(text)  # R's NaN, Inf, -Inf parse as floats


INTERNAL = _rows("clustercrit_internal.csv")
EXTERNAL = _rows("clustercrit_external.csv")
BEST = _rows("clustercrit_best.csv")


def assert_same(got: float, want: float, where: str) -> None:
    """Equal to 1e-10 relative; exactly where R's value is NaN, infinite or a small integer
    (not a large float that happens to be whole, as Ksq_DetW's 2.08e16)."""
    if math.isnan(want) or math.isinf(want) or (abs(want) < 2**31 and want == int(want)):
        assert got == want or (math.isnan(got) and math.isnan(want)), f"{where}: {got!r} != R's {want!r}"
    else:
        assert abs(got - want) <= 1e-10 * abs(want), f"{where}: {got!r} != R's {want!r}"


def test_the_fixtures_cover_every_criterion_on_every_data_set():
    datasets = {r["dataset"] for r in INTERNAL}
    assert datasets == {"iris", "blobs_small", "blobs_ties", "blobs_5d"}
    assert len(INTERNAL) == len(datasets) * len(LABELLINGS) * len(cc.INTERNAL_NAMES)
    assert {r["criterion"] for r in INTERNAL} == set(cc.INTERNAL_NAMES)
    assert {r["criterion"] for r in EXTERNAL} == set(cc.EXTERNAL_NAMES)
    assert cc.get_criteria_names(True) == list(cc.INTERNAL_NAMES)


@pytest.mark.parametrize("criterion", cc.INTERNAL_NAMES)
def test_int_criteria_equals_clustercrit(criterion):
    cases = [r for r in INTERNAL if r["criterion"] == criterion]
    assert len(cases) == 16  # 4 data sets x 4 labellings (one with a singleton cluster)
    for r in cases:
        X, labels = dataset(r["dataset"])
        got = cc.int_criteria(X, labels[r["labels"]], criterion)
        assert list(got) == [criterion.lower()]  # R's key: res$calinski_harabasz
        assert_same(got[criterion.lower()], _r_value(r["value"]), f"{criterion} on {r['dataset']}/{r['labels']}")


@pytest.mark.parametrize("criterion", cc.EXTERNAL_NAMES)
def test_ext_criteria_equals_clustercrit_bit_for_bit(criterion):
    # clusterCrit computes them in single precision: the layer reproduces each step exactly
    cases = [r for r in EXTERNAL if r["criterion"] == criterion]
    assert len(cases) == 20
    for r in cases:
        _, labels = dataset(r["dataset"])
        got = cc.ext_criteria(labels[r["part1"]], labels[r["part2"]], criterion)[criterion.lower()]
        want = _r_value(r["value"])
        assert got == want or (math.isnan(got) and math.isnan(want)), (
            f"{criterion} on {r['dataset']}/{r['part1']}-{r['part2']}: {got!r} != R's {want!r}"
        )


@pytest.mark.parametrize("criterion", [c for c, name in cc.EXTERNAL_REGISTRY.items() if name])
def test_registry_external_index_is_clustercrits_in_double_precision(criterion):
    name = cc.EXTERNAL_REGISTRY[criterion]
    assert name in INDICES, f"registry index {name!r} (clusterCrit's {criterion}) is not registered"
    for r in EXTERNAL:
        want = _r_value(r["value"])
        if r["criterion"] != criterion or not math.isfinite(want):
            continue
        _, labels = dataset(r["dataset"])
        got = external_scores(labels[r["part1"]], labels[r["part2"]], [name])[name]
        assert abs(got - want) <= 2**-22 * max(abs(want), 1e-30), (criterion, r, got)


def test_all_gives_every_criterion_in_clustercrits_order_with_the_same_values():
    X, labels = dataset("blobs_small")
    every = cc.int_criteria(X, labels["kmeans"])
    assert list(every) == [name.lower() for name in cc.INTERNAL_NAMES]
    for name in ("silhouette", "gamma", "gdi52", "det_ratio"):
        assert every[name] == cc.int_criteria(X, labels["kmeans"], [name])[name]
    external = cc.ext_criteria(labels["true"], labels["kmeans"], "ALL")
    assert list(external) == [name.lower() for name in cc.EXTERNAL_NAMES]


def test_labels_are_renumbered_as_clustercrit_does():
    X, labels = dataset("blobs_small")
    relabelled = np.array(["c", "a", "b"])[labels["noisy"] % 3]
    renumbered = np.array([2, 0, 1])[labels["noisy"] % 3]
    names = ["Silhouette", "Davies_Bouldin", "Tau"]
    assert cc.int_criteria(X, relabelled, names) == cc.int_criteria(X, renumbered, names)


def test_names_match_as_in_clustercrit():
    assert cc.resolve(["GDI", "ball", "xie_BENI", "sd_s"], True) == ["GDI11", "Ball_Hall", "Xie_Beni", "SD_Scat"]
    assert cc.resolve(["czek", "Phi", "sokal_sneath2"], False) == ["Czekanowski_Dice", "Phi", "Sokal_Sneath2"]
    X, labels = dataset("blobs_small")
    assert cc.int_criteria(X, labels["true"], "ray")["ray_turi"] == cc.int_criteria(X, labels["true"], "Ray_Turi")["ray_turi"]


@pytest.mark.parametrize(
    ("crit", "internal", "words"),
    [("Bal_Hall", True, ["unknown", "'Bal_Hall'"]), ("sd", True, ["ambiguous", "SD_Scat", "SD_Dis"]),
     ("Silhouette", False, ["unknown", "external"]), ("ran", False, []), ([], True, ["crit"])],
)  # fmt: skip
def test_an_unknown_or_ambiguous_name_is_one_clear_line(crit, internal, words):
    if not words:  # a unique prefix is fine
        assert cc.resolve(crit, internal) == ["Rand"]
        return
    with pytest.raises(InputError) as err:
        (cc.int_criteria([[0.0], [1.0]], [1, 2], crit) if internal else cc.ext_criteria([1, 2], [1, 2], crit))
    message = str(err.value)
    assert "\n" not in message
    for word in words:
        assert word in message


@pytest.mark.parametrize("criterion", cc.INTERNAL_NAMES)
def test_best_criterion_equals_clustercrits_bestcriterion(criterion):
    for r in (r for r in BEST if r["criterion"] == criterion):
        values = [float(v) for v in r["values"].split()]
        assert cc.best_criterion(values, criterion) == int(r["best"]) - 1, (criterion, values)


def test_best_criterion_refuses_nan_and_short_elbows():
    with pytest.raises(UndefinedIndexError, match="NaN"):
        cc.best_criterion([0.1, math.nan, 0.3], "Dunn")
    with pytest.raises(UndefinedIndexError, match="3 values"):
        cc.best_criterion([1.0, 2.0], "Trace_W")
    with pytest.raises(InputError, match="unknown"):
        cc.best_criterion([1.0, 2.0], "Rand")  # external: bestCriterion knows internal ones only
