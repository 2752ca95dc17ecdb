"""Park-Jun and SD K-medoids agree exactly with scikit-learn-extra's ``KMedoids(method="alternate")``.

scikit-learn-extra 0.3.0 imports only with numpy < 2 (Python <= 3.11), so these tests run in
the separate venv built by ``.ci/sklearn_extra.sh``, which fails if the import fails; in the
main environment they are skipped.

Two comparisons per data set:

* literal: ``KMedoids(n_clusters=K, method="alternate", init=X[seeds], metric="euclidean")``,
  i.e. scikit-learn-extra with its own distances (the dot-product expansion), against
  ``park_jun(X, K)``: same labels, medoids and number of rounds; inertia equal to rounding.
* backend: ``park_jun(..., backend="sklearn_extra")`` (the same D and seeds handed over by
  index) against the default backend: identical results, also for SD seeds.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sklearn_extra")
from sklearn_extra.cluster import KMedoids  # noqa: E402

from clustval.kmedoids import SeedFallbackWarning, euclidean_distances, park_jun, sd_kmedoids  # noqa: E402

pytestmark = pytest.mark.sklearn_extra

UCI = Path(__file__).resolve().parents[2] / "shared" / "uci"

# name: (file, delimiter (None = whitespace), label column, leading non-data lines, ID columns)
UCI_FILES = {
    "Iris": ("iris.data", ",", -1, 0, ()),
    "Seeds": ("seeds_dataset.txt", None, -1, 0, ()),
    "Seg": ("segmentation.data", ",", 0, 5, ()),
    "Soy": ("soybean-small.data", ",", -1, 0, ()),
    "wine": ("wine.data", ",", 0, 0, ()),
    "wdbc": ("wdbc.data", ",", 1, 0, (0,)),
    "Bupa": ("bupa.data", ",", 6, 0, ()),
    "pima": ("pima-indians-diabetes.data", ",", -1, 0, ()),
    "Bal": ("balance-scale.data", ",", 0, 0, ()),
    "New": ("new-thyroid.data", ",", 0, 0, ()),
    "Iono": ("ionosphere.data", ",", -1, 0, ()),
    "Haber": ("haberman.data", ",", -1, 0, ()),
}


def load_uci(name: str) -> tuple[np.ndarray, int]:
    """Features (float64, ID columns dropped) and number of classes of a raw UCI file."""
    file, delimiter, label_col, skip, id_cols = UCI_FILES[name]
    rows = [line.split(delimiter) for line in (UCI / file).read_text().splitlines()[skip:] if line.strip()]
    label_col %= len(rows[0])
    keep = [c for c in range(len(rows[0])) if c != label_col and c not in id_cols]
    X = np.array([[float(row[c]) for c in keep] for row in rows])
    return X, len({row[label_col].strip() for row in rows})


def minmax(X: np.ndarray) -> np.ndarray:
    span = X.max(axis=0) - X.min(axis=0)
    return (X - X.min(axis=0)) / np.where(span > 0, span, 1.0)


def gaussian_sets():
    """SPEC 2.2's ten 2-D Gaussian sets (sizes, centres, sigmas), one fixed seed each."""
    pentagon = [(15 * np.cos(np.radians(90 + 72 * i)), 15 * np.sin(np.radians(90 + 72 * i))) for i in range(5)]
    grid6 = [(x, y) for y in (-12, 12) for x in (-25, 0, 25)]
    ugrid6 = [(x, y) for y in (-8, 10) for x in (-20, 0, 20)]
    specs = {
        "Ec2": ([1000] * 2, [(-15, 0), (15, 0)], [10] * 2),
        "Ec3": ([400] * 3, [(2, 2), (8, 3), (5, 9)], [1.6] * 3),
        "Ec4": ([200] * 4, [(0, 0), (6, 0), (0, 6), (6, 6)], [1.3] * 4),
        "Ec5": ([600] * 5, pentagon, [4] * 5),
        "Ec6": ([400] * 6, grid6, [5] * 6),
        "UEc2": ([500, 1500], [(0, 5), (18, 5)], [6, 7]),
        "UEc3": ([200, 400, 600], [(4, 3), (6, 3.5), (5, 6)], [0.55] * 3),
        "UEc4": ([50, 150, 200, 400], [(-3, -3), (12, -2), (0, 12), (12, 12)], [2, 2.5, 3, 3.5]),
        "UEc5": ([1000, 800, 600, 400, 200], pentagon, [4.5, 4, 3.5, 5, 3]),
        "UEc6": ([100, 200, 300, 400, 600, 800], ugrid6, [3, 3.5, 4, 4, 4.5, 5]),
    }
    for seed, (name, (sizes, centres, sigmas)) in enumerate(specs.items()):
        rng = np.random.default_rng(seed)
        X = np.vstack([rng.normal(c, s, size=(m, 2)) for m, c, s in zip(sizes, centres, sigmas)])
        yield name, X, len(sizes)


def assert_same(a, b):
    np.testing.assert_array_equal(a.labels, b.labels)
    np.testing.assert_array_equal(a.medoids, b.medoids)
    np.testing.assert_array_equal(a.initial_medoids, b.initial_medoids)
    assert a.n_iter == b.n_iter and a.converged and b.converged
    assert a.cost == b.cost


def assert_literal_sklearn_extra_agrees(X: np.ndarray, k: int):
    ours = park_jun(X, k)
    model = KMedoids(n_clusters=k, method="alternate", init=X[ours.initial_medoids], metric="euclidean", max_iter=300)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an empty cluster or no convergence would be a disagreement
        model.fit(X)
    np.testing.assert_array_equal(model.medoid_indices_, ours.medoids)
    np.testing.assert_array_equal(model.labels_, ours.labels)
    assert model.n_iter_ + 1 == ours.n_iter  # its n_iter_ counts rounds from 0
    assert model.inertia_ == pytest.approx(ours.cost, rel=1e-8)  # its distances carry expansion rounding
    return ours


@pytest.mark.parametrize("scaling", ["raw", "minmax"])
@pytest.mark.parametrize("name", list(UCI_FILES))
def test_uci_park_jun_identical_to_sklearn_extra(name, scaling):
    X, k = load_uci(name)
    X = minmax(X) if scaling == "minmax" else X
    ours = assert_literal_sklearn_extra_agrees(X, k)
    assert_same(ours, park_jun(X, k, backend="sklearn_extra"))


@pytest.mark.parametrize("radius", ["sd", "mean"])
@pytest.mark.parametrize("name", list(UCI_FILES))
def test_uci_sd_kmedoids_identical_with_sklearn_extra_backend(name, radius):
    X, k = load_uci(name)
    D = euclidean_distances(minmax(X))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        ours = sd_kmedoids(distances=D, n_clusters=k, radius=radius)
        theirs = sd_kmedoids(distances=D, n_clusters=k, radius=radius, backend="sklearn_extra")
    assert_same(ours, theirs)


@pytest.mark.parametrize("name, X, k", list(gaussian_sets()), ids=lambda v: v if isinstance(v, str) else "")
def test_gaussian_sets_identical_to_sklearn_extra(name, X, k):
    ours = assert_literal_sklearn_extra_agrees(X, k)
    D = euclidean_distances(X)
    assert_same(ours, park_jun(distances=D, n_clusters=k, backend="sklearn_extra"))
    assert_same(sd_kmedoids(distances=D, n_clusters=k), sd_kmedoids(distances=D, n_clusters=k, backend="sklearn_extra"))


def test_sd_sweep_over_k_on_nine_subclusters_identical():
    # The Fig. 3 use: SD K-medoids for K = 2..22 on nine Gaussian sub-clusters in three groups.
    rng = np.random.default_rng(0)
    groups = [(0.2, 0.3), (0.75, 0.25), (0.5, 0.8)]
    angles = np.radians([90, 210, 330])
    centres = [(gx + 0.09 * np.cos(a), gy + 0.09 * np.sin(a)) for gx, gy in groups for a in angles]
    X = np.vstack([rng.normal(c, 0.022, size=(50, 2)) for c in centres])
    D = euclidean_distances(X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        for k in range(2, 23):
            assert_same(sd_kmedoids(distances=D, n_clusters=k), sd_kmedoids(distances=D, n_clusters=k, backend="sklearn_extra"))


def test_duplicate_seed_rows_why_the_backend_passes_seeds_by_index():
    # SPEC 3: init=X[seeds] finds seeds by row equality, so a duplicated seed row yields an
    # extra medoid; the backend hands the seeds over by index and stays exact.
    X = np.array([[0.0, 0], [1, 0], [1, 0], [2, 0], [8, 0], [9, 0]])
    ours = park_jun(X, 2)
    np.testing.assert_array_equal(ours.initial_medoids, [1, 3])  # 2 ties 1 in v_j and is skipped
    assert (X == X[ours.initial_medoids[0]]).all(axis=1).sum() == 2  # seed 0 has a duplicate
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        literal = KMedoids(n_clusters=2, method="alternate", init=X[ours.initial_medoids]).fit(X)
    assert len(literal.medoid_indices_) > 2
    assert_same(ours, park_jun(X, 2, backend="sklearn_extra"))
