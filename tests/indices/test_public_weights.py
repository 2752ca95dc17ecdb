"""``sample_weight`` on each index's own public function, driven by the registry's ``weights``.

:func:`clustval.score` weighs every index whose entry takes weights (tests/indices/test_internal_weights.py,
tests/indices/test_weights.py); a user who calls the index's own function (``clustval.db``,
``clustval.ari``, ...) gets the same keyword: with whole-number weights, the value on the data
with each row repeated its weight's times (``np.repeat``, the brute-force oracle), and an index
whose entry takes no weights has no such keyword.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest

from clustval.errors import UndefinedIndexError
from clustval.indices.registry import INDICES

WEIGHTED = [name for name, spec in INDICES.items() if spec.weights]


def _value(function, *args, **kwargs) -> float:
    try:
        return function(*args, **kwargs)
    except UndefinedIndexError:
        return math.nan


def _same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b or abs(a - b) <= 1e-10 * max(abs(a), abs(b))


@pytest.mark.parametrize("name", WEIGHTED)
def test_the_public_function_weighs_as_repetition_does(name):
    spec = INDICES[name]
    assert "sample_weight" in inspect.signature(spec.function).parameters
    rng = np.random.default_rng(7)
    labels = rng.integers(0, 3, 36)
    weights = rng.integers(0, 4, 36)
    weights[:2] = 0
    repeat = np.repeat(np.arange(36), weights)
    if spec.kind == "external":
        truth = np.where(rng.random(36) < 0.8, labels, rng.integers(0, 3, 36))
        weighted = _value(spec.function, truth, labels, sample_weight=weights)
        repeated = _value(spec.function, truth[repeat], labels[repeat])
    else:
        X = rng.normal(size=(36, 3)) + 4 * labels[:, None] * np.eye(3)[0]
        weighted = _value(spec.function, X, labels, sample_weight=weights)
        repeated = _value(spec.function, X[repeat], labels[repeat])
    assert not math.isnan(repeated)
    assert _same(weighted, repeated), (weighted, repeated)


def test_a_function_takes_the_keyword_exactly_where_its_entry_takes_weights():
    keyword = {name for name, spec in INDICES.items() if "sample_weight" in inspect.signature(spec.function).parameters}
    assert keyword == set(WEIGHTED)
