"""Precomputed distances: the distance-based internal indices from a distance matrix.

Truth: the coordinate path on the same objects (the matrix holds the distances the pass
computes, so the values are those of the numpy engine bit for bit, and within a few ulp of
the compiled one), scikit-learn's ``silhouette_score(metric="precomputed")`` on a
non-Euclidean (Manhattan) matrix, and plain loop oracles over the matrix.
"""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction

import numpy as np
import pytest
from scipy.spatial.distance import cdist, pdist
from sklearn.metrics import silhouette_samples as sk_silhouette_samples
from sklearn.metrics import silhouette_score as sk_silhouette_score

from clustval._engine.pairwise import exact_distances
from clustval.cli import main
from clustval.compat.sklearn import silhouette_score
from clustval.errors import InputError
from clustval.indices import classic
from clustval.indices.partition import COORDINATES
from clustval.indices.registry import INDICES, names_of
from clustval.indices.scoring import internal_scores, score

DISTANCE_BASED = [name for name in names_of("internal") if COORDINATES not in INDICES[name].needs]
CENTROID_BASED = [name for name in names_of("internal") if COORDINATES in INDICES[name].needs]


def _case(seed: int, lattice: bool = False):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(8, 120)), int(rng.integers(2, 6))
    labels = np.concatenate([np.arange(k), rng.integers(0, k, n - k)])
    X = rng.normal(size=(n, int(rng.integers(1, 5)))) + labels[:, None]
    if lattice:  # many equal distances: ties of nearest neighbours and of minima
        X = np.round(X * 2)
    return X, labels


def test_the_distance_based_and_centroid_based_indices():
    # the entries' needs split the indices in two (a new index joins one side by its entry)
    assert set(DISTANCE_BASED) | set(CENTROID_BASED) == set(names_of("internal"))
    assert {"sil", "igp", "dunn", "tau", "wcnn"} <= set(DISTANCE_BASED)
    assert {"stdi", "db", "xb", "calinski_harabasz"} <= set(CENTROID_BASED)
    # the generalised Dunn indices with a centroid term: delta_4, delta_5 and Delta_3 (Bezdek
    # & Pal 1998) read centroids, the others distances only
    gdi = {f"gdi{u}{v}" for u in range(1, 6) for v in range(1, 4)} - {"gdi11"}
    assert gdi & set(CENTROID_BASED) == {name for name in gdi if name[3] in "45" or name[4] == "3"}


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("lattice", [False, True])
def test_equal_to_the_coordinate_path(seed, lattice, monkeypatch):
    X, labels = _case(seed, lattice)
    D = exact_distances(X, X)
    monkeypatch.setenv("CLUSTVAL_ENGINE", "numpy")
    assert score(labels, distances=D) == score(labels, X=X, names=DISTANCE_BASED)  # bit for bit
    # the compiled engine (when installed) adds the sums in another order
    monkeypatch.setenv("CLUSTVAL_ENGINE", "numba" if importlib.util.find_spec("numba") else "numpy")
    from_coordinates = score(labels, X=X, names=DISTANCE_BASED, memory_budget_mb=0.01)
    from_distances = score(labels, distances=D, memory_budget_mb=0.01)  # many row blocks
    assert from_distances["igp"] == from_coordinates["igp"]  # identical ties
    assert from_distances["dunn"] == from_coordinates["dunn"]
    for name in ("sil", "sil_sum", "bwp", "bwp_sum"):  # sums added in another order
        assert from_distances[name] == pytest.approx(from_coordinates[name], rel=1e-13, abs=1e-14)


@pytest.mark.parametrize("seed", range(8))
def test_silhouette_equals_sklearn_on_a_manhattan_matrix(seed):
    X, labels = _case(seed)
    D = cdist(X, X, "cityblock")
    assert silhouette_score(D, labels, metric="precomputed") == pytest.approx(
        sk_silhouette_score(D, labels, metric="precomputed"), abs=1e-12
    )
    np.testing.assert_allclose(
        classic.silhouette_samples(D, labels, metric="precomputed"),
        sk_silhouette_samples(D, labels, metric="precomputed"),
        atol=1e-12,
    )


def _oracle(D, labels):
    """IGP, Dunn and mean BWP straight from the matrix, with loops."""
    n, clusters = len(labels), sorted(set(labels.tolist()))
    in_group = {c: [] for c in clusters}
    bwp = []
    for i in range(n):
        others = [j for j in range(n) if j != i]
        nearest = [j for j in others if D[i, j] == min(D[i, o] for o in others)]  # all of a tie
        in_group[labels[i]].append(Fraction(sum(int(labels[j] == labels[i]) for j in nearest), len(nearest)))
        mates = [D[i, j] for j in others if labels[j] == labels[i]]
        if not mates:
            bwp.append(0.0)
            continue
        w = sum(mates) / len(mates)
        b = min(np.mean([D[i, j] for j in range(n) if labels[j] == c]) for c in clusters if c != labels[i])
        bwp.append((b - w) / (b + w) if b + w > 0 else 0.0)
    between = min(D[i, j] for i in range(n) for j in range(n) if labels[i] != labels[j])
    diameter = max(D[i, j] for i in range(n) for j in range(n) if labels[i] == labels[j])
    return {
        "igp": float(sum(Fraction(sum(in_group[c]), len(in_group[c])) for c in clusters) / len(clusters)),
        "dunn": between / diameter,
        "bwp": float(np.mean(bwp)),
    }


@pytest.mark.parametrize("seed", range(6))
def test_igp_dunn_bwp_equal_loop_oracles_on_a_chebyshev_matrix(seed):
    X, labels = _case(seed, lattice=True)
    D = cdist(X, X, "chebyshev")  # many ties
    got = score(labels, distances=D, names=["igp", "dunn", "bwp"])
    expected = _oracle(D, labels)
    assert got["igp"] == pytest.approx(expected["igp"], rel=1e-15) and got["dunn"] == expected["dunn"]
    assert got["bwp"] == pytest.approx(expected["bwp"], abs=1e-12)


def test_condensed_form_equals_the_square_matrix():
    X, labels = _case(3)
    condensed = pdist(X, "cityblock")
    assert score(labels, distances=condensed) == score(labels, distances=cdist(X, X, "cityblock"))


def test_every_distance_based_function_takes_metric_precomputed():
    X, labels = _case(5)
    D = exact_distances(X, X)
    for name in DISTANCE_BASED:
        function = INDICES[name].function
        assert function(D, labels, metric="precomputed") == pytest.approx(function(X, labels), rel=1e-13), name
    with pytest.raises(InputError, match="metric must be 'precomputed' or one of"):
        classic.sil(X, labels, metric="hamming")


def test_centroid_based_indices_are_refused_with_distances_only():
    X, labels = _case(1)
    D = exact_distances(X, X)
    with pytest.raises(InputError, match="DB, XB need the data's coordinates"):
        score(labels, distances=D, names=["sil", "db", "xb"])
    with pytest.raises(InputError, match="STDI needs the data's coordinates"):
        internal_scores(D, labels, ["stdi"], metric="precomputed")
    with pytest.raises(InputError, match="X or distances, not both"):
        score(labels, X=X, distances=D)


def _bad(kind: str):
    D = exact_distances(*(2 * [np.arange(5.0)[:, None]]))
    if kind == "non_square":
        return D[:4], "square"
    if kind == "wrong_n":
        return D[:4, :4], "4 x 4 but labels_pred has 5"  # the name score() gives them
    if kind == "negative":
        D[1, 2] = D[2, 1] = -1.0
        return D, "non-negative; d\\(1, 2\\) = -1.0"
    if kind == "nan":
        D[3, 0] = np.nan
        return D, "NaN or inf \\(first at row 3, column 0\\)"
    if kind == "diagonal":
        D[2, 2] = 1e-9
        return D, "0 on the diagonal; d\\(2, 2\\)"
    D[0, 4] += 1e-6  # asymmetric beyond rounding
    return D, "symmetric; d\\(0, 4\\)"


@pytest.mark.parametrize("kind", ["non_square", "wrong_n", "negative", "nan", "diagonal", "asymmetric"])
def test_bad_matrices_are_one_line_errors(kind, tmp_path, capsys):
    D, message = _bad(kind)
    labels = [0, 0, 1, 1, 1]
    with pytest.raises(InputError, match=message):
        score(labels, distances=D)
    if kind == "nan":
        return  # the CLI's CSV reader refuses NaN itself
    np.savetxt(tmp_path / "D.csv", D, delimiter=",", fmt="%.17g")
    (tmp_path / "p.txt").write_text("".join(f"{v}\n" for v in labels))
    assert main(["score", "--pred", str(tmp_path / "p.txt"), "--distances", str(tmp_path / "D.csv")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("clustval: error: distances") and err.count("\n") == 1


def test_rounding_asymmetry_is_accepted():
    X, labels = _case(2)
    D = exact_distances(X, X)
    D[0, 1] = np.nextafter(D[0, 1], np.inf)
    assert score(labels, distances=D)["igp"] == score(labels, distances=exact_distances(X, X))["igp"]


def test_a_negative_zero_is_a_distance_of_zero():
    # -0.0 passes "non-negative" and equals 0, but its bit pattern (the rank passes' order)
    # is the smallest int64: read as 0, the matrix scores as the one with +0.0
    D = cdist(*(2 * [np.array([[0.0], [0.0], [3.0], [4.0], [9.0]])]))
    signed = D.copy()
    signed[0, 1] = signed[1, 0] = -0.0
    labels = [0, 0, 1, 1, 1]
    assert score(labels, X=signed, metric="precomputed") == score(labels, X=D, metric="precomputed")
    assert np.signbit(signed[0, 1])  # the caller's matrix is left as it is


def test_cli_distances(tmp_path, capsys):
    X, labels = _case(4)
    D = cdist(X, X, "cityblock")
    np.savetxt(tmp_path / "D.csv", D, delimiter=",", fmt="%.17g")
    (tmp_path / "p.txt").write_text("".join(f"{v}\n" for v in labels))
    pred = ["--pred", str(tmp_path / "p.txt")]
    assert main(["score", *pred, "--distances", str(tmp_path / "D.csv"), "--json"]) == 0
    # JSON writes an infinite value (WCNN's -inf for a cluster of at most M members) as "-inf"
    expected = {name: (v if np.isfinite(v) else str(v)) for name, v in score(labels, distances=D).items()}
    assert json.loads(capsys.readouterr().out) == expected
    assert main(["score", *pred, "--distances", str(tmp_path / "D.csv"), "--index", "xb"]) == 1
    assert "XB needs the data's coordinates" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:  # one or the other, as argparse says
        main(["score", *pred, "--distances", str(tmp_path / "D.csv"), "--data", str(tmp_path / "D.csv")])
    assert stop.value.code == 2
