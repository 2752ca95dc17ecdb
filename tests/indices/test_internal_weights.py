"""sample_weight for the internal indices, driven by the registry's ``weights`` flag.

Every internal index that takes weights must give, with whole-number weights, its value on
the data with each row repeated its weight's times (the brute-force oracle: ``np.repeat``);
weights of 1 must change nothing; every other internal index must refuse weights in one line.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

import clustval
from clustval.errors import InputError
from clustval.indices.partition import CLUSTER_SUMS, COORDINATES, EXTREME_SUMS, PAIR_RANKS, Partition
from clustval.indices.registry import INDICES, get_index, names_of
from clustval.indices.scoring import internal_scores

WEIGHTED = [name for name in names_of("internal") if INDICES[name].weights]
UNWEIGHTED = [name for name in names_of("internal") if not INDICES[name].weights]


def _data(seed: int):
    """(X, labels, weights): three blobs, integer weights in 0..3 (some 0); seed 3 is
    lattice data with repeated points, seed 4 has a cluster whose every member weighs 0."""
    rng = np.random.default_rng(seed)
    n, d = (40, 3) if seed % 2 else (30, 2)
    labels = rng.integers(0, 3, n)
    X = rng.normal(size=(n, d)) + 4 * labels[:, None] * np.eye(d)[0]
    if seed == 3:
        X = np.round(X)
    weights = rng.integers(0, 4, n)
    weights[:3] = 0
    if seed == 4:
        labels[:4] = 3  # a fourth cluster, absent with its weights
        weights[:4] = 0
    return X, labels, weights


def _other_values(option):
    """Values of an index option other than its default, to test each form of an index."""
    if option.kind == "choice":
        return list(option.values[1:])
    if option.kind == "flag":
        return [not option.default]
    if option.kind == "number":
        return [option.default + 1] + ([math.inf] if option.infinite else [])
    return []


def _forms(weighed: bool = True):
    """(index, options): every index that takes weights with its defaults, and with each
    other value of each of its options that takes them too (``weighed=False``: those that
    take none, IndexOption.unweighted)."""
    for name in WEIGHTED:
        if weighed:
            yield name, {}
        for option in INDICES[name].options:
            for value in _other_values(option):
                if (value not in option.unweighted) == weighed:
                    yield name, {option.name: value}


def _same(a: float, b: float, rel: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b or abs(a - b) <= rel * max(abs(a), abs(b))


FORMS = list(_forms())


def _value(X, labels, name, options, **weights):
    """The index's value, or the error the data give (an option's metric undefined on a row
    of them, as correlation on a constant row) as its type's name."""
    try:
        return internal_scores(X, labels, [name], undefined="nan", **options, **weights)[name]
    except InputError as error:
        return type(error).__name__


@pytest.mark.parametrize("seed", range(5))
def test_weights_equal_repeated_rows(seed):
    X, labels, w = _data(seed)
    repeated_X, repeated_labels = np.repeat(X, w, axis=0), np.repeat(labels, w)
    defined = 0
    for name, options in FORMS:
        weighted = _value(X, labels, name, options, sample_weight=w)
        repeated = _value(repeated_X, repeated_labels, name, options)
        if isinstance(repeated, str):
            assert weighted == repeated, (name, options, weighted, repeated)
            continue
        assert _same(weighted, repeated, 1e-10), (name, options, weighted, repeated)
        defined += math.isfinite(repeated)
    assert defined > len(FORMS) // 2  # the comparison is not between undefined values


@pytest.mark.parametrize("seed", range(3))
def test_weights_of_one_change_nothing(seed):
    X, labels, _ = _data(seed)
    for name, options in FORMS:
        weighted = _value(X, labels, name, options, sample_weight=np.ones(len(labels)))
        plain = _value(X, labels, name, options)
        assert weighted == plain or _same(weighted, plain, 0.0), (name, options)


def test_objects_of_weight_zero_are_absent():
    X, labels, w = _data(4)
    kept = w > 0
    assert internal_scores(X, labels, WEIGHTED, sample_weight=w, undefined="nan") == pytest.approx(
        internal_scores(X[kept], labels[kept], WEIGHTED, sample_weight=w[kept], undefined="nan"), rel=0, nan_ok=True
    )


def test_a_singleton_of_weight_two_is_two_copies():
    X = np.array([[0.0, 0.0], [1.0, 0.5], [0.5, 1.0], [8.0, 8.0], [3.0, 9.0]])
    labels, w = [0, 0, 0, 1, 2], [1, 2, 1, 2, 3]
    got = internal_scores(X, labels, WEIGHTED, sample_weight=w, undefined="nan")
    want = internal_scores(np.repeat(X, w, axis=0), np.repeat(labels, w), WEIGHTED, undefined="nan")
    assert all(_same(got[name], want[name], 1e-10) for name in WEIGHTED), (got, want)


def test_every_internal_index_takes_weights():
    # the rank indices were the last: their passes read the rows repeated (Partition._copies)
    assert UNWEIGHTED == []


def test_an_index_that_takes_no_weights_refuses_them_in_one_line(monkeypatch):
    name = "tau"  # as if its entry took none
    monkeypatch.setitem(INDICES, name, dataclasses.replace(INDICES[name], weights=False))
    weighted = [other for other in WEIGHTED if other != name]
    X, labels, w = _data(1)
    with pytest.raises(InputError, match=f"{name} takes no sample_weight") as caught:
        internal_scores(X, labels, [name, weighted[0]], sample_weight=w)
    message = str(caught.value)
    assert "\n" not in message and ", ".join(weighted) in message
    with pytest.raises(InputError, match=f"{name} takes no sample_weight"):
        clustval.score(labels, X=X, names=[name], sample_weight=w)
    # the entry refuses a weighted partition too, whoever builds it
    p = Partition(X, labels, needs=get_index(name).needs_for({}) - {CLUSTER_SUMS}, sample_weight=w)
    with pytest.raises(InputError, match="sample_weight"):
        get_index(name).compute(p, {})


@pytest.mark.parametrize(("name", "options"), list(_forms(weighed=False)))
def test_an_option_value_that_takes_no_weights_is_refused_in_one_line(name, options):
    X, labels, w = _data(1)
    ((option, value),) = options.items()
    for call in (lambda: internal_scores(X, labels, [name], sample_weight=w, **options),
                 lambda: clustval.score(labels, X=X, names=[name], sample_weight=w, **options),
                 lambda: get_index(name).compute(Partition(X, labels, sample_weight=w, needs=get_index(name).needs),
                                                 options)):  # fmt: skip
        with pytest.raises(InputError, match=f"takes no sample_weight with {option} = {value!r}") as caught:
            call()
        assert "\n" not in str(caught.value)
    # without names, the indices that take weights so given
    assert name not in internal_scores(X, labels, sample_weight=w, undefined="nan", **options)
    assert name not in clustval.score(labels, X=X, sample_weight=w, undefined="nan", **options)


def test_a_weighted_partition_repeats_the_rows_for_the_rank_passes_and_refuses_a_table_of_rows():
    X, labels, w = _data(1)
    p = Partition(X, labels, needs={COORDINATES, PAIR_RANKS, EXTREME_SUMS}, sample_weight=w)
    repeated = Partition(np.repeat(X, w, axis=0), np.repeat(labels, w), needs={COORDINATES, PAIR_RANKS, EXTREME_SUMS})
    assert p.pair_stats == repeated.pair_stats  # the counts and the exact sums (copies at distance 0 among them)
    with pytest.raises(InputError, match="memory_budget_mb=1e-05; raise it"):
        Partition(X, labels, needs={PAIR_RANKS}, sample_weight=w, memory_budget_mb=1e-5).pair_stats  # noqa: B018
    with pytest.raises(InputError, match="leave sample_weight out"):
        p.nearest_neighbours(3)  # each row's nearest rows: a copy's nearest are its copies
    _, same, other = p.neighbour_shares(3)  # each copy's 3 slots, counted its weight's times
    assert same.sum() + other.sum() == 3 * w.sum()


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        (-1, r"sample_weight\[0\] = -1"),
        (0.5, r"sample_weight\[0\] = 0.5: weights are counts"),
        ("short", r"give one weight per object \(40\)"),
        (0, "zero for every object"),
    ],
)
def test_bad_weights_are_one_line_errors(weights, message):
    X, labels, w = _data(1)
    given = w[:-1] if weights == "short" else np.full(len(w), weights) if weights == 0 else np.r_[weights, w[1:]]
    for call in (lambda: internal_scores(X, labels, ["db"], sample_weight=given),
                 lambda: clustval.score(labels, X=X, names=["db"], sample_weight=given),
                 lambda: Partition(X, labels, sample_weight=given)):  # fmt: skip
        with pytest.raises(InputError, match=message) as caught:
            call()
        assert "\n" not in str(caught.value)


def test_without_names_the_indices_that_take_weights():
    X, labels, w = _data(1)
    truth = np.arange(len(labels)) % 2
    assert list(internal_scores(X, labels, sample_weight=w, undefined="nan")) == WEIGHTED
    both = clustval.score(labels, labels_true=truth, X=X, sample_weight=w, undefined="nan")
    assert list(both) == list(names_of("external")) + WEIGHTED
    # with distances only, those of them that need no coordinates
    D = np.sqrt(((X[:, None] - X[None]) ** 2).sum(axis=2))
    found = clustval.score(labels, distances=D, sample_weight=w, undefined="nan")
    assert list(found) == [n for n in WEIGHTED if COORDINATES not in INDICES[n].needs] and "dunn" in found
    assert found["dunn"] == clustval.dunn(np.repeat(X, w, axis=0), np.repeat(labels, w))


def test_noise_and_weights_together():
    X, labels, w = _data(1)
    labels[5:9] = -1
    kept = labels != -1
    assert internal_scores(X, labels, ["db", "wb"], sample_weight=w, noise="exclude") == internal_scores(
        X[kept], labels[kept], ["db", "wb"], sample_weight=w[kept]
    )
