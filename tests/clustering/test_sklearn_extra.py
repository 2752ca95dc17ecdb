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

import numpy as np
import pytest

pytest.importorskip("sklearn_extra")
from sklearn_extra.cluster import KMedoids  # noqa: E402

from clustval.clustering.kmedoids import (
    SeedFallbackWarning,
    euclidean_distances,
    park_jun,
    sd_kmedoids,
)

pytestmark = pytest.mark.sklearn_extra

# The sets exactly as the pipeline builds them (tests/conftest.py): the twelve UCI sets,
# raw and min-max scaled, and the ten synthetic sets of Table 4 with the config's seed.
UCI_SETS = ["iris", "seeds", "segmentation", "soybean", "wine", "wdbc", "bupa", "pima",
            "balance", "new_thyroid", "ionosphere", "haberman"]
SYNTHETIC_SETS = ["ec2", "ec3", "ec4", "ec5", "ec6", "uec2", "uec3", "uec4", "uec5", "uec6"]


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


@pytest.mark.parametrize("scaling", ["none", "minmax"])
@pytest.mark.parametrize("name", UCI_SETS)
def test_uci_park_jun_identical_to_sklearn_extra(name, scaling, project_dataset):
    ds = project_dataset(name, scaling)
    X, k = ds.X, ds.n_classes
    ours = assert_literal_sklearn_extra_agrees(X, k)
    assert_same(ours, park_jun(X, k, backend="sklearn_extra"))


@pytest.mark.parametrize("radius", ["sd", "mean"])
@pytest.mark.parametrize("name", UCI_SETS)
def test_uci_sd_kmedoids_identical_with_sklearn_extra_backend(name, radius, project_dataset):
    ds = project_dataset(name)
    D, k = euclidean_distances(ds.X), ds.n_classes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        ours = sd_kmedoids(distances=D, n_clusters=k, radius=radius)
        theirs = sd_kmedoids(distances=D, n_clusters=k, radius=radius, backend="sklearn_extra")
    assert_same(ours, theirs)


@pytest.mark.parametrize("name", SYNTHETIC_SETS)
def test_gaussian_sets_identical_to_sklearn_extra(name, project_dataset):
    ds = project_dataset(name)
    X, k = ds.X, ds.n_classes
    ours = assert_literal_sklearn_extra_agrees(X, k)
    D = euclidean_distances(X)
    assert_same(ours, park_jun(distances=D, n_clusters=k, backend="sklearn_extra"))
    assert_same(sd_kmedoids(distances=D, n_clusters=k), sd_kmedoids(distances=D, n_clusters=k, backend="sklearn_extra"))


def test_sd_sweep_over_k_on_the_fig1_set_identical(project_dataset):
    # The Fig. 3 use: SD K-medoids for K = 2..22 on the Fig. 1 set (nine sub-clusters in three groups).
    D = euclidean_distances(project_dataset("fig1").X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SeedFallbackWarning)
        for k in range(2, 23):
            assert_same(sd_kmedoids(distances=D, n_clusters=k), sd_kmedoids(distances=D, n_clusters=k, backend="sklearn_extra"))


def test_duplicate_seed_rows_why_the_backend_passes_seeds_by_index():
    # scikit-learn-extra 0.3.0's init=X[seeds] finds seeds by row equality: a duplicated
    # seed row gives an extra medoid; the backend hands the seeds over by index and stays exact.
    X = np.array([[0.0, 0], [1, 0], [1, 0], [2, 0], [8, 0], [9, 0]])
    ours = park_jun(X, 2)
    np.testing.assert_array_equal(ours.initial_medoids, [1, 3])  # 2 ties 1 in v_j and is skipped
    assert (X == X[ours.initial_medoids[0]]).all(axis=1).sum() == 2  # seed 0 has a duplicate
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        literal = KMedoids(n_clusters=2, method="alternate", init=X[ours.initial_medoids]).fit(X)
    assert len(literal.medoid_indices_) > 2
    assert_same(ours, park_jun(X, 2, backend="sklearn_extra"))
