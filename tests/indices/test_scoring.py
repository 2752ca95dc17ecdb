"""clustval.score: keyword-only roles, and undefined indices as NaN beside the defined ones."""

from __future__ import annotations

import math

import numpy as np
import pytest

import clustval
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices.registry import EXTERNAL, INDICES, INTERNAL

RNG = np.random.default_rng(3)
TRUTH = RNG.integers(0, 3, 40)
PRED = np.where(RNG.random(40) < 0.7, TRUTH, RNG.integers(0, 4, 40))
X = RNG.normal(size=(40, 2)) + TRUTH[:, None]


def test_truth_and_data_are_keyword_only():
    # score(y, p) would judge y against p: S2 and F-measure would change without a word
    with pytest.raises(TypeError, match="positional"):
        clustval.score(PRED, TRUTH)
    with pytest.raises(TypeError, match="positional"):
        clustval.score(PRED, None, X)
    assert clustval.score(PRED, labels_true=TRUTH)["s2"] == clustval.s2(TRUTH, PRED)


def test_undefined_raise_is_the_default():
    with pytest.raises(UndefinedIndexError, match="single cluster"):
        clustval.score(np.zeros(40, int), labels_true=TRUTH, X=X)


def test_undefined_nan_gives_every_defined_index():
    one = np.zeros(40, int)
    values = clustval.score(one, labels_true=TRUTH, X=X, undefined="nan")
    assert list(values) == list(EXTERNAL + INTERNAL)
    for name in EXTERNAL:  # every external index is defined for one cluster
        assert values[name] == clustval.external_scores(TRUTH, one, [name])[name]
    assert all(math.isnan(values[name]) for name in INTERNAL)


def test_undefined_nan_only_where_undefined():
    # K = n: the indices whose entries say they are undefined for singletons (no
    # within-cluster pair, spread or scatter) are NaN, the others are computed as alone
    singletons = np.arange(40)
    values = clustval.score(singletons, X=X, undefined="nan")
    undefined = {name for name, value in values.items() if math.isnan(value)}
    assert undefined == {name for name in INTERNAL if "singletons" in INDICES[name].undefined_for}
    for name in set(INTERNAL) - undefined:
        assert values[name] == clustval.internal_scores(X, singletons, [name])[name]
    # one class: the indices undefined for it (S2, NCA) are NaN, the others defined
    values = clustval.score(PRED, labels_true=np.zeros(40, int), undefined="nan")
    assert {name for name, value in values.items() if math.isnan(value)} == {
        name for name in EXTERNAL if "one_class" in INDICES[name].undefined_for}  # fmt: skip


def test_bad_undefined_option():
    with pytest.raises(InputError, match="undefined must be 'raise' or 'nan'"):
        clustval.score(PRED, labels_true=TRUTH, undefined="zero")


def test_score_checks_and_factorises_the_labels_once(monkeypatch):
    # every index of one score() call reads the same checked codes: the predicted labels are
    # checked once (and the true labels once), however many indices read them
    from clustval.indices import objects

    checked = []

    def counted(labels, name="labels"):
        checked.append(name)
        return as_label_array(labels, name)

    as_label_array = objects.as_label_array
    monkeypatch.setattr(objects, "as_label_array", counted)
    rng = np.random.default_rng(3)
    X, labels, truth = rng.normal(size=(60, 2)), np.arange(60) % 3, np.arange(60) % 4
    values = clustval.score(labels, labels_true=truth, X=X, undefined="nan")
    assert len(values) == len(clustval.INDICES)
    assert sorted(checked) == ["labels_pred", "labels_true"]
