"""The pieces the workflow scripts share, without Snakemake."""

from __future__ import annotations

import logging
import types
import warnings

import numpy as np
import pytest

from clustval.clustering.kmedoids import park_jun, sd_kmedoids
from clustval.clustering.pam import pam
from clustval.errors import ClusteringError
from clustval.indices.registry import EXTERNAL, INTERNAL
from clustval.indices.scoring import score
from clustval.repro.pipeline import (
    cluster_run,
    read_clusterings,
    read_init_fallbacks,
    score_rows,
    step,
    write_clusterings,
)

SETTINGS = {"max_iter": 300, "sd_radius": "sd", "backend": "clustval", "kmeans": {"n_init": 4, "seed": 0}}


def test_cluster_sweep_equals_single_runs_and_round_trips(project_dataset, tmp_path):
    ds = project_dataset("fig1")
    results = cluster_run(ds, "sd_kmedoids", [2, 9], SETTINGS)
    for result, k in zip(results, [2, 9]):
        single = sd_kmedoids(ds.X, k)
        np.testing.assert_array_equal(result.labels, single.labels)
    path = tmp_path / "clusterings.csv"
    write_clusterings({"fig1:sd_kmedoids": results, "fig1:again": results[:1]}, path)
    labels = read_clusterings(path)
    assert sorted(labels) == ["fig1:again", "fig1:sd_kmedoids"]
    assert sorted(labels["fig1:sd_kmedoids"]) == [2, 9] and sorted(labels["fig1:again"]) == [2]
    np.testing.assert_array_equal(labels["fig1:sd_kmedoids"][9], results[1].labels)
    first = path.read_bytes()
    again = cluster_run(ds, "sd_kmedoids", [2, 9], SETTINGS)
    write_clusterings({"fig1:sd_kmedoids": again, "fig1:again": again[:1]}, path)
    assert path.read_bytes() == first, "same data, same bytes"


def test_init_fallbacks_read_back_the_k_where_sd_seeding_ran_out(tmp_path):
    # x = 0 1 2 6: SD seeding ("sd" radius) finds 3 seeds, so K = 4 is filled farthest-first
    # (tests/clustering/test_kmedoids.py works this set by hand).
    ds = types.SimpleNamespace(X=np.array([[0.0], [1], [2], [6]]), name="line")
    with pytest.warns(UserWarning, match="found only 3 of 4"):
        results = cluster_run(ds, "sd_kmedoids", [2, 3, 4], SETTINGS)
    assert [r.init_fallback for r in results] == [False, False, True]
    path = tmp_path / "clusterings.csv"
    write_clusterings({"line:sd_kmedoids": results}, path)
    assert read_init_fallbacks(path) == [4]


def test_park_jun_uses_k_equal_c(project_dataset):
    ds = project_dataset("iris")
    (result,) = cluster_run(ds, "park_jun", [ds.n_classes], SETTINGS)
    np.testing.assert_array_equal(result.labels, park_jun(ds.X, 3).labels)


def test_unknown_algorithm_is_named(project_dataset):
    with pytest.raises(ValueError, match="unknown algorithm 'kmedians'"):
        cluster_run(project_dataset("fig1"), "kmedians", [3], SETTINGS)


def test_pam_in_the_pipeline_is_the_library_pam(project_dataset):
    ds = project_dataset("wine")
    (result,) = cluster_run(ds, "pam", [3], SETTINGS)
    np.testing.assert_array_equal(result.labels, pam(ds.X, 3).labels)


def test_kmeans_is_scikit_learns_seeded_and_round_trips(project_dataset, tmp_path):
    from sklearn.cluster import KMeans

    ds = project_dataset("iris")
    (result,) = cluster_run(ds, "kmeans", [3], SETTINGS)
    model = KMeans(n_clusters=3, n_init=4, random_state=0, max_iter=300).fit(ds.X)
    np.testing.assert_array_equal(result.labels, model.labels_)
    assert result.cost == pytest.approx(model.inertia_, rel=1e-12) and result.medoids.size == 0
    path = tmp_path / "clusterings.csv"
    write_clusterings({"iris:kmeans": [result]}, path)
    assert list(read_clusterings(path)["iris:kmeans"]) == [3]
    np.testing.assert_array_equal(read_clusterings(path)["iris:kmeans"][3], result.labels)
    first = path.read_bytes()
    write_clusterings({"iris:kmeans": cluster_run(ds, "kmeans", [3], SETTINGS)}, path)
    assert path.read_bytes() == first, "seeded: same bytes run to run"


def test_kmeans_refuses_more_clusters_than_distinct_points():
    ds = types.SimpleNamespace(X=np.repeat([[0.0], [1.0]], 4, axis=0), name="two")
    with pytest.raises(ClusteringError, match="distinct points"):
        cluster_run(ds, "kmeans", [3], SETTINGS)


def test_score_rows_are_tidy_and_equal_the_library(project_dataset):
    ds = project_dataset("iris")
    labels = park_jun(ds.X, 3).labels
    indices = {"s2_matching": "hungarian", "cp_seed": 1, "stdi_squared": False, "xb_separation": "centroids",
               "memory_budget_mb": 64}
    rows = score_rows(ds, "park_jun", {3: labels}, indices)
    assert [r["index"] for r in rows] == list(EXTERNAL) + list(INTERNAL)
    assert {(r["dataset"], r["algorithm"], r["k"]) for r in rows} == {("iris", "park_jun", 3)}
    expected = score(labels, labels_true=ds.y, X=ds.X)
    assert {r["index"]: r["value"] for r in rows} == pytest.approx(expected, rel=1e-12)
    external_only = score_rows(ds, "park_jun", {3: labels}, indices, internal=False)
    assert [r["index"] for r in external_only] == list(EXTERNAL)


def test_step_logs_warnings_and_failures(tmp_path):
    log = tmp_path / "rule.log"
    job = types.SimpleNamespace(log=[str(log)], threads=1)
    with step(job) as logger:
        logger.info("working")
        warnings.warn("SD seeds filled farthest-first")
    assert "working" in log.read_text() and "farthest-first" in log.read_text()
    with pytest.raises(RuntimeError):
        with step(job):
            raise RuntimeError("boom")
    text = log.read_text()  # the second step rewrote the log, as a re-run rule does
    assert "boom" in text and "Traceback" in text
    handlers = logging.getLogger().handlers
    assert not any(getattr(h, "baseFilename", None) == str(log) for h in handlers), "handler removed"


def test_step_removes_a_damaged_input_so_the_next_run_rebuilds_it(project_dataset, tmp_path):
    from clustval.datasets.dataset import read_dataset, write_dataset
    from clustval.errors import DamagedFileError

    damaged = write_dataset(project_dataset("iris"), tmp_path / "iris.csv")
    intact = write_dataset(project_dataset("wine"), tmp_path / "wine.csv")
    damaged.write_text(damaged.read_text()[:-40])  # cut inside the last row
    job = types.SimpleNamespace(log=[str(tmp_path / "rule.log")], threads=1, input=[str(damaged)])
    with pytest.raises(DamagedFileError, match="damaged or truncated"):
        with step(job):
            read_dataset(intact)
            read_dataset(damaged)
    assert not damaged.exists() and intact.exists()
    assert "removed the damaged input" in (tmp_path / "rule.log").read_text()
    # A damaged file that is not an input of the job is refused but left alone.
    intact.write_text(intact.read_text().replace("\n0,", "\n1,", 1))
    with pytest.raises(DamagedFileError):
        with step(job):
            read_dataset(intact)
    assert intact.exists()
