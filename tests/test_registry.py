"""Registry-driven property tests: every index in clustval.indices.registry is held to its entry.

Adding an index to the registry enrols it here: label permutation invariance, symmetry
where the entry says so, the entry's bounds, and the best value for a perfect partition.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clustval
from clustval.cli import main
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices.contingency import contingency
from clustval.indices.partition import CLUSTER_SUMS, Partition, reads
from clustval.indices.registry import (
    EXTERNAL,
    INDICES,
    IndexSpec,
    get_index,
    names_of,
    registered,
)
from clustval.indices.scoring import score

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def partitions(draw, min_n=2, max_n=40, max_labels=5):
    """A pair (labels_true, labels_pred) of random partitions of the same n objects."""
    n = draw(st.integers(min_n, max_n))
    labels = st.integers(0, max_labels - 1)
    truth = np.array(draw(st.lists(labels, min_size=n, max_size=n)))
    pred = np.array(draw(st.lists(labels, min_size=n, max_size=n)))
    return truth, pred


def _relabel(labels: np.ndarray, seed: int) -> np.ndarray:
    """Apply a random bijection to the label values (new values are non-contiguous and negative)."""
    values = np.unique(labels)
    new = np.random.default_rng(seed).permutation(len(values)) * 7 - 11
    return new[np.searchsorted(values, labels)]


def _value(name, *args):
    try:
        return get_index(name).function(*args)
    except UndefinedIndexError:
        return None


def test_registry_entries_are_complete():
    for name, spec in INDICES.items():
        assert spec.name == name
        assert spec.kind in ("external", "internal")
        assert spec.direction in ("higher", "lower", "none")
        assert (spec.direction == "none") == (spec.k_rule is None), name
        assert spec.bounds[0] < spec.bounds[1]
        assert spec.reference and spec.label
        assert callable(spec.function) and callable(spec.core), name
        assert spec.function.__doc__ and len(spec.function.__doc__) > 80, f"{name} needs a docstring"
        # the public function is available under its registry name, the same object
        assert getattr(clustval, name) is spec.function, name
        # and in the module that defines it: clustval.indices.external, clustval.indices.classic or a family
        # of its own (clustval.indices.pair_rank, clustval.indices.generalised_dunn, ...)
        module = importlib.import_module(spec.function.__module__)
        assert module.__name__.startswith("clustval."), name
        assert getattr(module, name) is spec.function, name
    assert set(names_of("external")) | set(names_of("internal")) == set(INDICES)


@pytest.mark.parametrize("name", EXTERNAL)
@SETTINGS
@given(pair=partitions(), seed=st.integers(0, 2**32 - 1))
def test_external_bounded_invariant_under_relabelling_and_symmetric(name, pair, seed):
    # three properties of one value on the same examples (one test drew them three times):
    # within the entry's bounds, the same under new label names, and the same with the two
    # partitions swapped where the entry says the index is symmetric
    truth, pred = pair
    spec = get_index(name)
    base = _value(name, truth, pred)
    other = _value(name, _relabel(truth, seed), _relabel(pred, seed + 1))
    if base is None or other is None:
        assert base is None and other is None, "undefinedness must not depend on label names"
    else:
        lo, hi = spec.bounds
        for value in (base, other):
            assert math.isfinite(value) and lo - 1e-12 <= value <= hi + 1e-12
        if not spec.stochastic:
            assert other == pytest.approx(base, abs=1e-12)
    if spec.symmetric:
        swapped = _value(name, pred, truth)
        assert (swapped is None) == (base is None)
        if base is not None:
            assert swapped == pytest.approx(base, abs=1e-12)


@pytest.mark.parametrize("name", EXTERNAL)
@SETTINGS
@given(pair=partitions(min_n=4), seed=st.integers(0, 2**32 - 1))
def test_perfect_partition_scores_best(name, pair, seed):
    truth, _ = pair
    sizes = np.unique(truth, return_counts=True)[1]
    if len(sizes) < 2 or sizes.max() < 2:
        # One class, or all singletons: pair-based indices have no same-class pair to find.
        truth = np.arange(len(truth)) % 2
    spec = get_index(name)
    perfect = spec.function(truth, _relabel(truth, seed))
    if spec.direction == "none":  # a statistic (McNemar): no disagreement at all gives 0
        assert perfect == 0
        return
    best = spec.bounds[1] if spec.direction == "higher" else spec.bounds[0]
    if not spec.perfect_at_bound:
        # The bound is out of reach for this truth (MI: H(truth); Russel-Rao: its share of
        # pairs together): the perfect partition beats every other clustering of the same truth.
        assert math.isinf(best) or perfect < best  # the flag is honest
        other = _value(name, truth, pair[1])
        assert other is None or not spec.better(other, perfect + 1e-12)
    else:
        assert perfect == pytest.approx(best, abs=1e-12)


@st.composite
def clustered_data(draw):
    """Random data with K >= 2 clusters and at least one object more than K."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    k = draw(st.integers(2, 5))
    n = draw(st.integers(k + 1, 40))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    X = rng.normal(size=(n, draw(st.integers(1, 4)))) + labels[:, None]
    return X, labels, seed


@SETTINGS
@given(data=clustered_data())
def test_internal_invariant_under_relabelling_and_object_order(data):
    X, labels, seed = data
    order = np.random.default_rng(seed).permutation(len(labels))
    # undefined="nan": some indices are undefined on some of these partitions (a singular
    # scatter matrix, a singleton's log 0); undefinedness must not depend on names or order
    base = score(labels, X=X, undefined="nan")
    moved = score(_relabel(labels, seed)[order], X=X[order], undefined="nan")
    for name in names_of("internal"):
        assert math.isnan(moved[name]) == math.isnan(base[name]), name
        if not math.isnan(base[name]):
            assert moved[name] == pytest.approx(base[name], rel=1e-10, abs=1e-12), name


@SETTINGS
@given(data=clustered_data())
def test_internal_within_bounds_and_scoring_matches_functions(data):
    X, labels, _ = data
    values = score(labels, X=X, undefined="nan")
    assert list(values) == list(names_of("internal"))
    for name, value in values.items():
        if math.isnan(value):  # undefined here: the index's own function says so too
            with pytest.raises(UndefinedIndexError):
                get_index(name).function(X, labels)
            continue
        lo, hi = get_index(name).bounds
        assert lo - 1e-12 <= value <= hi + 1e-12, name
        assert value == pytest.approx(get_index(name).function(X, labels), rel=1e-12, abs=1e-12), name
    n = len(labels)
    assert -n <= values["sil_sum"] <= n and -n <= values["bwp_sum"] <= n


# Every index gives the same value for any order of the objects, also on tie-rich data
# (an integer grid: tied distances at every radius; copies of points, some in other
# clusters). Exactly for the indices of counts, minima and maxima and for the neighbour
# indices, whose ties are shared by distance (clustval._engine.knn) and summed in one order; the
# others add sums in the objects' order: equal to 1e-12 relative.
EXACT_UNDER_PERMUTATION = {
    *EXTERNAL, "igp", "dunn", "gdi12", "gdi21", "baker_hubert_gamma", "g_plus", "tau", "wcnn",
    "dunnowa_m25_min_max", "dunnowa_m25_mean_mean", "dunnowa_m25_max_min", "conn",
}  # fmt: skip


def _tie_rich(kind: str):
    rng = np.random.default_rng(len(kind))
    X = rng.integers(0, 4, size=(120, 2)).astype(float)  # 16 points, about 7 copies of each
    labels = (X[:, 0] + rng.integers(0, 2, 120) > 2).astype(int)  # two clusters that overlap
    if kind == "three clusters":
        labels = rng.integers(0, 3, 120)
    elif kind == "duplicates":
        X[60:90] = X[:30]
    return X, labels, rng.integers(0, 3, 120)


@pytest.mark.parametrize("kind", ["two clusters", "three clusters", "duplicates", "distances"])
def test_every_index_is_the_same_for_any_order_of_the_objects(kind):
    X, labels, truth = _tie_rich(kind)
    data = {"distances": clustval.clustering.kmedoids.euclidean_distances(X)} if kind == "distances" else {"X": X}
    base = score(labels, labels_true=truth, undefined="nan", **data)
    if kind != "distances":
        assert list(base) == list(INDICES)  # every registered index, external and internal
    assert all(math.isfinite(base[name]) for name in ("igp", "wcnn", "dunnowa_m25_mean_mean", "conn"))
    for seed in range(2):
        order = np.random.default_rng(seed).permutation(len(labels))
        moved = {"distances": data["distances"][np.ix_(order, order)]} if kind == "distances" else {"X": X[order]}
        got = score(labels[order], labels_true=truth[order], undefined="nan", **moved)
        for name, value in base.items():
            if math.isnan(value):  # undefined here, whatever the order
                assert math.isnan(got[name]), name
            elif name in EXACT_UNDER_PERMUTATION:
                assert got[name] == value, name
            else:
                assert got[name] == pytest.approx(value, rel=1e-12, abs=1e-300), name


def test_best_of_follows_direction():
    assert get_index("s2").best_of([0.2, 0.9, 0.9]) == 1
    assert get_index("db").best_of([0.7, 0.3, 0.5]) == 1
    assert get_index("db").better(0.1, 0.2) and not get_index("stdi").better(0.1, 0.2)


def test_a_statistic_with_no_better_side_refuses_to_rank():
    mcnemar = get_index("mcnemar")
    assert mcnemar.direction == "none" and mcnemar.k_rule is None
    for rank in (lambda: mcnemar.better(1.0, 0.0), lambda: mcnemar.best_of([0.0, 1.0]),
                 lambda: mcnemar.best_ks([2, 3], [0.0, 1.0])):  # fmt: skip
        with pytest.raises(InputError, match="no better side"):
            rank()


def test_unknown_index_names_the_known_ones():
    with pytest.raises(InputError, match="known indices: s2"):
        get_index("s3")


# ---- adding an index is one entry ---------------------------------------------------------


def _pair_recall(ct) -> float:
    """TP / (TP + FN), 1.0 when no two objects share a class."""
    tp, _, fn, _ = ct.pairs
    return 1.0 if tp + fn == 0 else tp / (tp + fn)


def pair_recall(labels_true, labels_pred) -> float:
    """Pair recall: the share of same-class object pairs that the clustering keeps together.

    ``TP / (TP + FN)`` from the pair counts of the contingency table; 1.0 when no two
    objects share a class. Range [0, 1], higher is better. (An index made up for the test
    that registering one entry is all it takes.)
    """
    return _pair_recall(contingency(labels_true, labels_pred))


PAIR_RECALL = IndexSpec(
    "pair_recall", "Pair recall", "external", "higher", (0, 1), "TP / (TP + FN)",
    pair_recall, _pair_recall,
)  # fmt: skip


@pytest.fixture
def new_index():
    """The made-up index, registered by its one entry for one test, then removed."""
    with registered(PAIR_RECALL) as spec:
        yield spec
    assert "pair_recall" not in INDICES


def test_one_entry_adds_an_index_to_score_cli_and_property_tests(new_index, tmp_path, capsys):
    truth, pred = [0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2]  # same-class pairs 6, kept 2
    assert score(pred, labels_true=truth, names=["pair_recall"]) == {"pair_recall": 1 / 3}
    assert list(score(pred, labels_true=truth))[-1] == "pair_recall"  # in the defaults too
    assert clustval.external_scores(truth, pred, "pair_recall") == {"pair_recall": 1 / 3}
    (tmp_path / "t.txt").write_text("\n".join(map(str, truth)))
    (tmp_path / "p.txt").write_text("\n".join(map(str, pred)))
    files = ["--truth", str(tmp_path / "t.txt"), "--pred", str(tmp_path / "p.txt")]
    assert main(["score", *files, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["pair_recall"] == pytest.approx(1 / 3, abs=1e-15)
    assert main(["score", *files, "--index", "pair_recall"]) == 0
    assert "Pair recall" in capsys.readouterr().out
    assert main(["indices"]) == 0
    assert "pair_recall" in capsys.readouterr().out
    # the registry-driven property tests, run on the new entry
    test_external_bounded_invariant_under_relabelling_and_symmetric("pair_recall")
    test_perfect_partition_scores_best("pair_recall")
    # and they can fail: pair recall is not symmetric, so an entry that says it is fails
    INDICES["pair_recall"] = dataclasses.replace(new_index, symmetric=True)
    with pytest.raises(AssertionError):
        test_external_bounded_invariant_under_relabelling_and_symmetric("pair_recall")
    INDICES["pair_recall"] = new_index


def test_a_name_is_registered_once():
    with pytest.raises(InputError, match="already registered"):
        with registered(get_index("ari")):
            pass  # pragma: no cover
    assert get_index("ari").function is clustval.ari


def test_an_entry_needs_what_its_kind_reads():
    with pytest.raises(InputError, match="do not fit kind"):
        IndexSpec("x", "X", "internal", "higher", (0, 1), "-", pair_recall, _pair_recall,
                  frozenset({"contingency"}))  # fmt: skip
    with pytest.raises(InputError, match="say what its core reads"):  # no needs, no @reads
        IndexSpec("x", "X", "internal", "higher", (0, 1), "-", pair_recall, _pair_recall)


@reads(CLUSTER_SUMS)  # what the core reads: the partition computes just that
def _mean_within_distance(p) -> float:
    """Mean over objects with cluster mates of their mean distance to those mates."""
    sums = p.distance_stats.cluster_sums[np.arange(p.n), p.codes]
    mates = p.sizes[p.codes] - 1
    return float(np.mean(sums[mates > 0] / mates[mates > 0]))


def mean_within_distance(X, labels, *, metric="euclidean") -> float:
    """Mean distance of an object to the other members of its cluster (objects with mates).

    Range [0, inf), lower is better. (An internal index made up for the test that its
    function, its core and one entry are all it takes.)
    """
    return _mean_within_distance(Partition(X, labels, needs=_mean_within_distance.needs, metric=metric))


MEAN_WITHIN = IndexSpec(
    "mean_within", "Mean within", "internal", "lower", (0, float("inf")), "made up",
    mean_within_distance, _mean_within_distance,
)  # fmt: skip


def test_one_entry_adds_an_internal_index_with_what_it_reads():
    X = np.array([[0.0], [1.0], [3.0], [10.0], [11.0]])
    labels = [0, 0, 0, 1, 1]  # mates' mean distances: 2, 1.5, 2.5, 1, 1
    D = np.abs(X - X.T)
    with registered(MEAN_WITHIN):
        assert score(labels, X=X)["mean_within"] == pytest.approx(1.6, abs=1e-15)
        assert score(labels, distances=D)["mean_within"] == pytest.approx(1.6, abs=1e-15)
        assert list(score(labels, distances=D))[-1] == "mean_within"  # reads distances only
        test_internal_within_bounds_and_scoring_matches_functions()
        test_internal_invariant_under_relabelling_and_object_order()


def test_names_follow_one_rule():
    # an index's function bears its registry name, its core that name with _from_contingency
    # or _from_partition; the only other names of indices are scikit-learn's, each with
    # scikit-learn's conventions (clustval.compat.sklearn, tested in test_sklearn_aliases.py)
    from sklearn import metrics as sklearn_metrics

    from clustval.compat import sklearn as sklearn_names

    for name, spec in INDICES.items():
        suffix = "_from_contingency" if spec.kind == "external" else "_from_partition"
        assert (spec.function.__name__, spec.core.__name__) == (name, name + suffix)
        assert getattr(clustval, name) is spec.function  # exported from the registry
    functions = {id(spec.function) for spec in INDICES.values()}
    for alias in clustval.SKLEARN_NAMES:
        assert hasattr(sklearn_metrics, alias) and sklearn_names.INDEX[alias] in INDICES, alias
        assert getattr(clustval, alias) is getattr(sklearn_names, alias) and getattr(clustval, alias).__name__ == alias
    exported_indices = {name for name in clustval.__all__ if id(getattr(clustval, name)) in functions}
    assert exported_indices == set(INDICES)


def test_each_family_exports_its_indices_and_the_top_level_exports_no_module():
    # a family module's __all__ is its registry indices (what `from clustval import *` and type
    # checkers read); the top level names functions, classes and constants, never a module
    import importlib
    import types

    families: dict[str, set[str]] = {}
    for name, spec in INDICES.items():
        families.setdefault(spec.function.__module__, set()).add(name)
    for module, names in families.items():
        assert set(importlib.import_module(module).__all__) == names, module
    assert not [name for name in clustval.__all__ if isinstance(getattr(clustval, name), types.ModuleType)]
    assert len(clustval.__all__) == len(set(clustval.__all__))


@pytest.mark.slow
def test_a_type_checker_sees_the_exports(tmp_path):
    # the package ships py.typed: mypy must see every export of the top level, statically
    mypy = pytest.importorskip("mypy.api", reason="mypy (the test extra) is the type checker")
    names = sorted(set(clustval.__all__) - {"__version__"})
    snippet = tmp_path / "uses.py"
    snippet.write_text(
        "import clustval\nfrom clustval.indices.external import ari_from_contingency\n"
        "value: float = clustval.ari([0, 0, 1], [0, 1, 1])\n"
        + "".join(f"_{i} = clustval.{name}\n" for i, name in enumerate(names))
    )
    out, err, status = mypy.run([str(snippet), "--strict", "--follow-imports=silent", "--no-incremental",
                                 "--cache-dir", str(tmp_path / "cache")])
    assert status == 0, out + err
