"""Feature scaling: min-max and z-score against scikit-learn, bounds, constant features
(never NaN), the real UCI sets with constant columns, and the meta record."""

from __future__ import annotations


import numpy as np
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from sklearn.preprocessing import MinMaxScaler, StandardScaler

from clustval.datasets.dataset import Dataset
from clustval.datasets.fetch import FetchOptions
from clustval.datasets.preprocess import preprocess, preprocess_dataset
from clustval.datasets.uci import load_uci_dataset
from clustval.errors import InputError
from clustval.repro.data import uci_specs
from tests.conftest import REPO

CONFIG = yaml.safe_load((REPO / "config" / "config.yaml").read_text())

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
matrices = st.integers(1, 30).flatmap(
    lambda n: st.integers(1, 5).flatmap(lambda d: arrays(np.float64, (n, d), elements=finite))
)


def test_minmax_and_zscore_match_scikit_learn():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 5)) * [1, 10, 1e-3, 1e4, 3] + [0, 5, -2, 1e5, 0]
    X[:, 4] = 0.1  # constant column
    assert np.allclose(preprocess(X, "minmax"), MinMaxScaler().fit_transform(X), rtol=0, atol=1e-12)
    assert np.allclose(
        preprocess(X, "zscore"), StandardScaler().fit_transform(X), rtol=0, atol=1e-9
    )
    assert np.array_equal(preprocess(X, "none"), X)


@settings(max_examples=100, deadline=None)
@given(matrices)
def test_minmax_bounds_and_constant_columns(X):
    out = preprocess(X, "minmax")
    assert np.all(np.isfinite(out)) and np.all(out >= 0) and np.all(out <= 1)
    constant = X.max(axis=0) == X.min(axis=0)
    assert np.all(out[:, constant] == 0)
    varying = ~constant
    assert np.all(out[:, varying].min(axis=0) == 0) and np.all(out[:, varying].max(axis=0) == 1)
    # Order within each column is kept (scaling is increasing).
    for j in np.flatnonzero(varying):
        assert np.all(np.diff(out[np.argsort(X[:, j], kind="stable"), j]) >= 0)


@settings(max_examples=100, deadline=None)
@given(matrices)
def test_zscore_is_finite_and_constant_columns_are_zero(X):
    out = preprocess(X, "zscore")
    assert np.all(np.isfinite(out))
    constant = X.max(axis=0) == X.min(axis=0)
    assert np.all(out[:, constant] == 0)
    spread = X.std(axis=0) > 1e-3 * np.abs(X).max(axis=0)  # well-conditioned columns
    if np.any(spread & ~constant):
        cols = out[:, spread & ~constant]
        assert np.allclose(cols.mean(axis=0), 0, atol=1e-9) and np.allclose(
            cols.std(axis=0), 1, atol=1e-9
        )


@pytest.mark.parametrize("value", [0.1, 1 / 3, 1e-300, -7.7, 12345.678])
def test_constant_column_with_inexact_mean_gives_zero_not_noise(value):
    X = np.full((7, 1), value)
    assert np.all(preprocess(X, "zscore") == 0) and np.all(preprocess(X, "minmax") == 0)


def test_bad_input_is_rejected():
    with pytest.raises(InputError, match="unknown preprocessing 'scale'"):
        preprocess(np.ones((2, 2)), "scale")
    with pytest.raises(InputError, match="NaN"):
        preprocess(np.array([[1.0, np.nan]]), "minmax")
    with pytest.raises(InputError, match="2-D"):
        preprocess(np.ones(3), "minmax")


def test_preprocess_dataset_records_the_method_and_refuses_twice():
    ds = Dataset(
        "d",
        [[0.0, 5.0], [2.0, 5.0], [1.0, 5.0]],
        [0, 1, 0],
        ["a", "b"],
        ["f", "g"],
        {"kind": "test"},
    )
    scaled = preprocess_dataset(ds, "minmax")
    assert scaled.X.tolist() == [[0.0, 0.0], [1.0, 0.0], [0.5, 0.0]]
    assert scaled.meta == {"kind": "test", "preprocessing": "minmax"} and ds.meta == {
        "kind": "test"
    }
    assert np.array_equal(ds.X[:, 0], [0.0, 2.0, 1.0])  # the input is not modified
    with pytest.raises(InputError, match="already preprocessed"):
        preprocess_dataset(scaled, "zscore")
    assert preprocess_dataset(scaled, "none").meta["preprocessing"] == "minmax"


@pytest.mark.parametrize(
    "name, constant",
    [
        ("ionosphere", [1]),
        ("soybean", [10, 12, 13, 14, 15, 16, 17, 18, 28, 29, 30, 31, 32, 33]),
        ("segmentation", [2]),
    ],
)
def test_real_sets_with_constant_features(name, constant, tmp_path):
    assert CONFIG["preprocessing"]["uci"] == "minmax"
    options = FetchOptions(sources=("bundled",), cache_dir=tmp_path)
    raw = load_uci_dataset(name, uci_specs(CONFIG)[name], options)
    assert np.flatnonzero(raw.X.max(axis=0) == raw.X.min(axis=0)).tolist() == constant
    for method in ("minmax", "zscore"):
        ds = load_uci_dataset(name, uci_specs(CONFIG)[name], options, method)
        assert np.all(np.isfinite(ds.X)) and np.all(ds.X[:, constant] == 0)
        assert ds.meta["preprocessing"] == method
    scaled = load_uci_dataset(name, uci_specs(CONFIG)[name], options, "minmax")
    assert scaled.X.min() == 0 and scaled.X.max() == 1
    assert np.allclose(scaled.X, MinMaxScaler().fit_transform(raw.X), rtol=0, atol=1e-12)
