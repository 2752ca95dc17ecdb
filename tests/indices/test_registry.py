"""The registry of indices: complete entries, one rule for names, and adding an index is one
entry (score, the command line and the common property tests of tests/indices/test_common.py take
it up at once)."""

from __future__ import annotations

import dataclasses
import importlib
import json

import numpy as np
import pytest

import clustval
from clustval.cli import main
from clustval.errors import InputError
from clustval.indices.contingency import contingency
from clustval.indices.partition import CLUSTER_SUMS, Partition, reads
from clustval.indices.registry import (
    INDICES,
    IndexSpec,
    get_index,
    names_of,
    registered,
)
from clustval.indices.scoring import score

from . import test_common as common


def test_registry_entries_are_complete():
    for name, spec in INDICES.items():
        assert spec.name == name
        assert spec.kind in ("external", "internal")
        assert spec.direction in ("higher", "lower", "none")
        assert (spec.direction == "none") == (spec.k_rule is None), name
        assert spec.bounds[0] < spec.bounds[1]
        assert spec.reference and spec.label
        # a truth of one class is an external case, every object alone an internal one
        assert spec.undefined_for <= ({"one_class"} if spec.kind == "external" else {"singletons"}), name
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


def test_unknown_index_names_the_closest_ones():
    with pytest.raises(InputError, match=r"unknown index 's3' \(did you mean s2"):
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
    # the common property checks (tests/indices/test_common.py), run on the new entry's examples
    rng = np.random.default_rng(5)
    for seed in range(5):
        some_truth, some_pred = rng.integers(0, 3, 20), rng.integers(0, 4, 20)
        common.check_external("pair_recall", some_truth, some_pred, seed)
        common.check_perfect_partition("pair_recall", some_truth, some_pred, seed)
    # and they can fail: pair recall is not symmetric, so an entry that says it is fails
    INDICES["pair_recall"] = dataclasses.replace(new_index, symmetric=True)
    with pytest.raises(AssertionError):
        common.check_external("pair_recall", np.array(truth), np.array(pred), 0)
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
        # the common property checks (tests/indices/test_common.py) take the new entry up
        rng = np.random.default_rng(6)
        for seed in range(3):
            labels = np.concatenate([np.arange(3), rng.integers(0, 3, 17)])
            common.check_internal(rng.normal(size=(20, 2)) + labels[:, None], labels, seed)


def test_names_follow_one_rule():
    # an index's function bears its registry name, its core that name with _from_contingency
    # or _from_partition; the only other names of indices are scikit-learn's, each with
    # scikit-learn's conventions (clustval.compat.sklearn, tested in tests/compat/test_sklearn.py)
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
