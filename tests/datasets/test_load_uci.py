"""The public loader clustval.datasets: the bundled UCI sets, checked against scikit-learn's own
copies of iris, wine and breast cancer (an independent source of the same data), with no
configuration, no network and no plotting or workflow import."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from clustval.datasets import UCIData, list_uci, load_uci
from clustval.errors import DataError, InputError

TABLE5 = ["iris", "seeds", "segmentation", "soybean", "wine", "wdbc", "bupa", "pima",
          "balance", "new_thyroid", "ionosphere", "haberman"]


def test_list_is_table5_and_every_set_loads_with_its_counts():
    assert list_uci() == TABLE5
    sizes = {"soybean": [10, 10, 10, 17], "pima": [500, 268], "ionosphere": [225, 126]}
    for name in TABLE5:
        ds = load_uci(name)
        assert isinstance(ds, UCIData) and ds.name == name
        assert ds.data.dtype == np.float64 and ds.target.dtype == np.int64
        assert ds.data.shape == (len(ds.target), len(ds.feature_names))
        assert sorted(set(ds.target.tolist())) == list(range(len(ds.target_names)))
        if name in sizes:
            assert np.bincount(ds.target).tolist() == sizes[name]
        assert ds.citation and ds.licence.startswith("CC BY 4.0") and len(ds.sha256) == 64


def test_iris_equals_scikit_learn_but_for_the_two_uci_errata_rows():
    datasets = pytest.importorskip("sklearn.datasets")
    ours, theirs = load_uci("iris"), datasets.load_iris()
    assert ours.target.tolist() == theirs.target.tolist()
    differ = np.flatnonzero(np.any(ours.data != theirs.data, axis=1)).tolist()
    assert differ == [34, 37]  # UCI's iris.data keeps the errata of rows 35 and 38


def test_wine_and_wdbc_equal_scikit_learn_exactly():
    datasets = pytest.importorskip("sklearn.datasets")
    wine = load_uci("wine")
    assert np.array_equal(wine.data, datasets.load_wine().data)
    assert wine.target.tolist() == datasets.load_wine().target.tolist()
    wdbc, cancer = load_uci("wdbc"), datasets.load_breast_cancer()
    assert np.array_equal(wdbc.data, cancer.data)
    assert wdbc.target_names == ("B", "M")
    assert (wdbc.target == 0).tolist() == (cancer.target == 1).tolist()  # scikit-learn: 1 = benign


def test_return_x_y_preprocessing_and_read_only_arrays():
    X, y = load_uci("seeds", preprocessing="minmax", return_X_y=True)
    assert X.min(axis=0).tolist() == [0.0] * 7 and X.max(axis=0).tolist() == [1.0] * 7
    raw = load_uci("seeds")
    assert raw.preprocessing == "none" and raw.data.max() > 1
    assert np.array_equal(y, raw.target)
    z = load_uci("seeds", preprocessing="zscore").data
    assert np.allclose(z.mean(axis=0), 0, atol=1e-12) and np.allclose(z.std(axis=0), 1)
    with pytest.raises(ValueError, match="read-only"):
        raw.data[0, 0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        y[0] = 2


def test_descr_says_what_the_set_is_and_how_to_cite_it():
    text = load_uci("pima").DESCR
    assert "pima-indians-diabetes" in text and "768 objects, 8 features, 2 classes" in text
    assert "0: 500, 1: 268" in text and load_uci("pima").sha256 in text
    assert "Smith, J. W." in text and "CC BY 4.0" in text and "Dua, D. and Graff, C." in text


def test_a_name_is_read_in_any_case():
    assert np.array_equal(load_uci("IRIS").data, load_uci("iris").data)
    assert load_uci(" Wine ").data.shape == (178, 13)


def test_bad_names_and_options_are_one_line_errors():
    with pytest.raises(DataError, match=r"unknown UCI set 'irsi'; known sets: iris, seeds"):
        load_uci("irsi")
    with pytest.raises(DataError, match=r"unknown UCI set an array of shape \(12,\)"):
        load_uci(np.arange(12))  # not a TypeError of the catalog's lookup
    with pytest.raises(InputError, match="unknown preprocessing 'scale'"):
        load_uci("iris", preprocessing="scale")
    with pytest.raises(TypeError):
        load_uci("iris", "minmax")  # keyword-only


def test_loading_imports_no_plotting_workflow_or_yaml_package():
    code = (
        "import sys; from clustval.datasets import load_uci; "
        "load_uci('wdbc', preprocessing='minmax'); print(sorted(m for m in ('sklearn', 'yaml', "
        "'matplotlib', 'snakemake', 'pandas', 'ucimlrepo') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
