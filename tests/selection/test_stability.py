"""clustval.selection.stability against R fpc 2.2.10 (values in tests/fixtures/r/fpc_*, written by
tools/r/fpc_values.R with the random draws fpc made), and its own properties, seeded."""

from __future__ import annotations

import csv

import numpy as np
import pytest

import clustval
from clustval.selection import stability
from clustval.clustering import clusterer
from clustval.errors import InputError
from tests import conftest

FIXTURES = conftest.FIXTURES / "r"


def _rows(name: str) -> list[dict]:
    with open(FIXTURES / name, newline="") as f:
        return list(csv.DictReader(f))


def _ints(text: str) -> np.ndarray:
    return np.array(text.split(), dtype=np.int64)


X_FPC = np.array([[float(r["x1"]), float(r["x2"])] for r in _rows("fpc_data.csv")])


def _blobs(seed=0, per=15):
    rng = np.random.default_rng(seed)
    return np.vstack([rng.normal(c, 0.3, (per, 2)) for c in [(0, 0), (4, 0), (2, 4)]])


# --------------------------------------------------------------------------------------
# fpc's values, from fpc's own draws
# --------------------------------------------------------------------------------------


def test_prediction_strength_is_fpcs_on_fpcs_splits():
    rows = _rows("fpc_prediction_strength.csv")
    n, at = len(X_FPC), clusterer("pam")
    runs: dict[int, list[float]] = {}
    for row in rows:
        order = _ints(row["permutation"]) - 1  # R's sample(n, n): the first floor(n / 2) are one half
        value = stability._split_strength(X_FPC, at, int(row["k"]), (order[: n // 2], order[n // 2 :]))
        assert value == pytest.approx(float(row["strength"]), rel=1e-12, abs=1e-15)
        runs.setdefault(int(row["k"]), []).append(value)
    for row in rows:
        assert np.mean(runs[int(row["k"])]) == pytest.approx(float(row["mean"]), rel=1e-12)
    strengths = {k: np.mean(v) for k, v in runs.items()}
    assert max(k for k in runs if strengths[k] > 0.8) == int(rows[0]["optimalk"])


def test_clusterboot_is_fpcs_on_fpcs_resamples():
    rows = _rows("fpc_clusterboot.csv")
    partition = np.array([int(r["partition"]) for r in _rows("fpc_clusterboot_partition.csv")]) - 1
    at = clusterer("pam")
    ours = stability._codes(at(X_FPC, 3))
    assert clustval.ari(ours, partition) == 1.0  # clustval's PAM finds R's clustering
    draws = [_ints(r["drawn"]) - 1 for r in rows]
    jaccard = stability._bootstrap_jaccard(X_FPC, at, 3, partition, draws)
    expected = np.array([[float(v) for v in r["jaccard"].split()] for r in rows]).T
    np.testing.assert_allclose(jaccard, expected, rtol=1e-12)
    summary = _rows("fpc_clusterboot_summary.csv")
    np.testing.assert_allclose(jaccard.mean(axis=1), [float(r["mean"]) for r in summary], rtol=1e-12)
    assert np.count_nonzero(jaccard <= 0.5, axis=1).tolist() == [int(r["dissolved"]) for r in summary]
    assert np.count_nonzero(jaccard > 0.75, axis=1).tolist() == [int(r["recovered"]) for r in summary]


def test_random_clusterings_are_fpcs_from_the_same_starts():
    D = clustval.euclidean_distances(X_FPC)
    for row in _rows("fpc_random.csv"):
        starts = _ints(row["starts"]) - 1
        assert (stability._nearest_start(D, starts) + 1).tolist() == _ints(row["centroids"]).tolist()
        assert (stability._grown(D, starts) + 1).tolist() == _ints(row["neighbours"]).tolist()


def test_random_neighbourhoods_break_ties_as_fpc():
    # every gap is 1: fpc takes the assigned object of smallest index, then the unassigned one
    D = clustval.euclidean_distances(np.arange(6.0)[:, None])
    assert stability._grown(D, np.array([4, 1])).tolist() == [1, 1, 1, 1, 0, 0]


# --------------------------------------------------------------------------------------
# properties
# --------------------------------------------------------------------------------------


def test_prediction_strength_finds_three_blobs_and_is_seeded():
    X = _blobs()
    found = stability.prediction_strength(X, range(2, 6), "pam", n_splits=6, seed=3)
    again = stability.prediction_strength(X, range(2, 6), "pam", n_splits=6, seed=3)
    assert found.best == 3 and found.strength == again.strength
    assert found.strength[3] == 1.0 and found.strength[5] < found.cutoff
    assert all(len(v) == 6 for v in found.runs.values())


def test_every_algorithm_select_k_takes():
    from sklearn.cluster import AgglomerativeClustering

    X = _blobs(1)
    halves = lambda X, k: np.minimum(np.arange(len(X)) * k // len(X), k - 1)
    for algorithm, options in [("park_jun", {}), ("sd_kmedoids", {"radius": "mean"}),
                               (AgglomerativeClustering(), {}), (halves, {})]:  # fmt: skip
        found = stability.prediction_strength(X, [2, 3], algorithm, n_splits=2, **options)
        assert set(found.strength) == {2, 3}
        assert stability.stability_k(X, [2, 3], algorithm, n_splits=2, **options).ks == (2, 3)
    assert stability.prediction_strength(X, [3], "kmeans", n_splits=1, n_init=1).strength == {3: 1.0}
    assert stability.clusterboot(X, 3, AgglomerativeClustering(), n_resamples=3).mean.shape == (3,)


def test_stability_k_finds_three_blobs():
    found = stability.stability_k(_blobs(2), range(2, 7), "pam", n_splits=8, seed=1)
    assert found.best == 3 and found.best_ks == (3,)
    assert found.instability[3] == 0.0 and all(found.random[k] > 0 for k in found.ks)
    assert found.normalised[4] == pytest.approx(found.instability[4] / found.random[4])


def test_stability_of_k_is_each_criterion_in_select_ks_shape():
    X = _blobs(3)
    values, best = stability.stability_of_k(X, [2, 3, 4], "pam", "instability", n_splits=4, seed=2)
    assert values == stability.stability_k(X, [2, 3, 4], "pam", n_splits=4, seed=2).normalised and best == (3,)
    values, best = stability.stability_of_k(X, [2, 3, 4], "pam", n_splits=4, seed=2)
    assert values == stability.prediction_strength(X, [2, 3, 4], n_splits=4, seed=2).strength and best == (3,)
    assert stability.stability_of_k(X, [4, 5], "pam", n_splits=2, cutoff=1.0)[1] == ()  # K = 1: none of ks
    with pytest.raises(InputError, match="method"):
        stability.stability_of_k(X, [2], method="gap")


def test_clusterboot_separates_a_real_cluster_from_an_arbitrary_cut():
    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal((0, 0), 0.3, (20, 2)), rng.normal((6, 0), 1.5, (40, 2))])  # one tight, one wide
    boot = stability.clusterboot(X, 3, "pam", n_resamples=15, seed=2)
    tight = boot.labels[0]
    assert boot.mean[tight] > 0.95 and min(np.delete(boot.mean, tight)) < boot.mean[tight]
    assert boot.jaccard.shape == (3, 15) and boot.recovered[tight] == 15


def test_calibration_standardises_by_the_random_clusterings():
    X = _blobs(5)
    labels = {k: clustval.pam(X, k).labels for k in (2, 3, 4)}
    cal = stability.calibrate(X, labels, ["sil", "db"], n_random=10, seed=1)
    for index in ("sil", "db"):
        for k in cal.ks:
            sample = cal.random[index][k]
            assert len(sample) == 20
            assert cal.standardised[index][k] == pytest.approx((cal.values[index][k] - sample.mean()) / sample.std(ddof=1))
    assert cal.standardised["sil"][3] > 1 and cal.standardised["db"][3] < -1  # far better than random
    assert cal.table[1] == {"k": 3, "sil": cal.standardised["sil"][3], "db": cal.standardised["db"][3]}


def test_random_clusterings_have_k_clusters_each_holding_its_start():
    X = _blobs(6)
    for method in stability.RANDOM_METHODS:
        drawn = stability.random_clusterings(X, 4, 5, method, seed=7)
        assert np.array_equal(drawn, stability.random_clusterings(X, 4, 5, method, seed=7))
        assert all(sorted(set(row)) == [0, 1, 2, 3] for row in drawn.tolist())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda X: stability.prediction_strength(X, [2, 40], "pam"), "n // 2"),
        (lambda X: stability.prediction_strength(X, [2], "pam", n_splits=0), "n_splits"),
        (lambda X: stability.prediction_strength(X, [2], "pam", cutoff=2), r"cutoff must be a number in \[0, 1\]"),
        (lambda X: stability.prediction_strength(X, [2], "pam", cutoff=float("nan")), "cutoff"),
        (lambda X: stability.prediction_strength(X, [2], "pam", cutoff=True), "cutoff"),
        (lambda X: stability.prediction_strength(X, [2], "pam", seed=-1), "seed = -1"),
        (lambda X: stability.prediction_strength(X, [2], "pam", n_splits=10**15), f"n_splits = {10**15} needs .* PiB"),
        (lambda X: stability.stability_k(X, [2], "pam", n_splits=10**15), "more than this machine's memory"),
        (lambda X: stability.clusterboot(X, 3, "pam", n_resamples=10**15), f"n_resamples = {10**15} needs"),
        (lambda X: stability.random_clusterings(X, 3, 10**15), f"n = {10**15} needs"),
        (lambda X: stability.clusterboot(X, 3, "pam", seed=-1), "seed = -1"),
        (lambda X: stability.stability_k(X, [2], "pam", seed="1"), "seed = '1'"),
        (lambda X: stability.random_clusterings(X, 3, 2, seed=-5), "seed = -5"),
        (lambda X: stability.stability_k(X, [1], "pam"), "2.."),
        (lambda X: stability.clusterboot(X, 3, "nope"), "unknown algorithm"),
        (lambda X: stability.clusterboot(X, 3, "pam", radius="sd"), "takes the options"),
        (lambda X: stability.random_clusterings(X, 3, 2, "farthest"), "method"),
        (lambda X: stability.calibrate(X, {2: [0, 1] * 22 + [0]}, ["ari"]), "external"),
        (lambda X: stability.calibrate(X, {3: [0, 1] * 22 + [0]}, ["sil"]), "3 clusters"),
        (lambda X: stability.calibrate(X, [[0, 1] * 22 + [0]], ["sil"]), r"labels must map each K to its clustering"),
        (lambda X: stability.calibrate(X, {2: [0, 1] * 22 + [0]}, ["sil"], methods=["farthest"]), "method"),
        (lambda X: stability.clusterboot(X, 3, "pam", dissolution=2), r"dissolution must be a number in \[0, 1\]"),
        (lambda X: stability.clusterboot(X, 3, "pam", recover=float("nan")), "recover must be a number"),
        (lambda X: stability.prediction_strength([[0, np.nan]] * 6, [2], "pam"), "NaN"),
    ],
)
def test_bad_input_gets_one_line(call, message):
    with pytest.raises(InputError, match=message):
        call(_blobs())


# --------------------------------------------------------------------------------------
# beside the indices in select_k
# --------------------------------------------------------------------------------------


def test_select_k_reports_the_stability_criteria_as_stability_of_k_computes_them():
    rng = np.random.default_rng(3)
    X = np.concatenate([rng.normal(c, 0.3, size=(15, 2)) for c in (0, 4, 8)])
    found = clustval.select_k(X, range(2, 5), "pam", indices=["sil"], vote=True,
                              stability=["prediction_strength", "instability"], stability_options={"seed": 1})  # fmt: skip
    assert found.columns == ("k", "sil", "prediction_strength", "instability")
    for method in ("prediction_strength", "instability"):
        values, best = stability.stability_of_k(X, range(2, 5), "pam", method, seed=1)
        assert found.series(method) == (list(values), list(values.values()))
        assert found.best_ks[method] == best
    assert set(found.vote.voters) >= {"prediction_strength", "instability"}


def test_select_k_stability_one_line_errors_and_the_figure(tmp_path):
    X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [9.0, 9.0], [9.0, 10.0], [10.0, 9.0]]
    with pytest.raises(InputError, match="unknown; use prediction_strength, instability"):
        clustval.select_k(X, [2], "pam", indices=["sil"], stability="jaccard")
    with pytest.raises(InputError, match="give an algorithm, not partitions"):
        clustval.select_k(X, algorithm={2: [0, 0, 0, 1, 1, 1]}, indices=["sil"], stability="instability")
    found = clustval.select_k(X, [2, 3], "pam", indices=["sil"], stability="prediction_strength")
    fig = clustval.selection.plot_selection(found, tmp_path / "k.png")
    titles = [ax.get_title() for ax in fig.axes if ax.get_visible()]
    assert titles[1] == "(b) Prediction strength  (largest K above the cutoff)"


def test_calibrate_takes_one_method_by_its_name():
    X = _blobs(6)
    labels = {2: [0, 1] * (len(X) // 2) + [0] * (len(X) % 2)}
    one = stability.calibrate(X, labels, ["sil"], n_random=4, methods="centroids")
    assert np.array_equal(one.random["sil"][2], stability.calibrate(X, labels, ["sil"], n_random=4,
                                                                      methods=["centroids"]).random["sil"][2])
    assert one.random["sil"][2].size == 4  # not one draw per letter of the name
