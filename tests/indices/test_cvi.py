"""The indices of the cvi package (clustval.indices.cvi). CONN (Tasdemir & Merenyi 2011)
against a brute-force oracle written from the definition with dense matrices and exact
fractions, hand-worked values, and the cvi package (whose inter-cluster term is an option);
PS, cSIL, WB and rCIP against the cvi package and by hand."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

import clustval
from clustval.errors import InputError, UndefinedIndexError
from clustval.indices import cvi as cvi_family
from clustval.indices.cvi import conn
from tests.cases import close, shifted_blobs


def conn_oracle(first, second, owner, inter="paper") -> Fraction:
    """CONN from each object's two best prototypes, every sum a loop over dense matrices.
    ``second[i]`` is one prototype, or a list of prototypes tied as the second best (each
    then takes an equal share of the object)."""
    m = len(owner)
    clusters = sorted(set(owner))
    cadj = [[Fraction(0)] * m for _ in range(m)]
    for a, b in zip(first, second):
        tied = b if isinstance(b, list) else [b]
        for one in tied:
            cadj[a][one] += Fraction(1, len(tied))
    con = [[cadj[a][b] + cadj[b][a] for b in range(m)] for a in range(m)]
    members = {k: [a for a in range(m) if owner[a] == k] for k in clusters}
    intra = []
    for k in clusters:
        inside = sum(cadj[a][b] for a in members[k] for b in members[k])
        total = sum(cadj[a][b] for a in members[k] for b in range(m))
        intra.append(Fraction(inside, total))
    between = []
    for k in clusters:
        ratios = []
        for l in clusters:
            if l == k:
                continue
            if inter == "paper":
                v_kl = [a for a in members[k] if any(con[a][b] > 0 for b in members[l])]
                v_lk = [b for b in members[l] if any(con[b][a] > 0 for a in members[k])]
                num = sum(con[a][b] for a in v_kl for b in v_lk)
                den = sum(con[a][b] for a in v_kl for b in range(m))
            else:  # cvi 0.7
                v_kl = [a for a in members[k] if any(cadj[a][b] > 0 for b in members[l])]
                num = sum(con[a][b] for a in members[k] for b in members[l])
                den = sum(con[a][b] for a in v_kl for b in members[l])
            ratios.append(Fraction(num, den) if den else Fraction(0))
        between.append(max(ratios))
    return sum(intra, Fraction(0)) / len(intra) * (1 - sum(between, Fraction(0)) / len(between))


def nearest_other(X):
    """Each object's nearest other objects by exhaustive search: every one at the smallest
    distance (a list)."""
    X = np.asarray(X, dtype=float)
    out = []
    for i in range(len(X)):
        d = [math.dist(X[i], X[j]) if j != i else math.inf for j in range(len(X))]
        out.append([j for j in range(len(X)) if d[j] == min(d)])
    return out


def test_hand_worked():
    # nearest: 0-1, 1-0, 2-1 (tie with 3: each takes half of 2), 3-4, 4-3
    X = [[0.0], [1.0], [2.5], [4.0], [5.0]]
    # labels 0 0 1 1 1: intra C0 = 2/2, C1 = (1/2 + 2)/3 (half of 2's BMU2 is in C0); V_10 =
    # {2}, V_01 = {1}: inter(1, 0) = CONN(2, 1) / CONN(2, .) = (1/2) / 1; inter(0, 1) =
    # CONN(1, 2) / CONN(1, .) = (1/2) / (1 + 1 + 1/2); labels 0 0 0 1 1 the mirror image
    want = (1 + Fraction(5, 6)) / 2 * (1 - (Fraction(1, 2) + Fraction(1, 5)) / 2)
    assert conn(X, [0, 0, 1, 1, 1]) == pytest.approx(float(want), rel=1e-15)
    assert conn(X, [0, 0, 0, 1, 1]) == pytest.approx(float(want), rel=1e-15)
    X = [[0.0], [1.0], [2.6], [4.0], [5.0]]  # no tie: 2's nearest is 3
    assert conn(X, [0, 0, 0, 1, 1]) == pytest.approx(float(Fraction(5, 6) * (1 - Fraction(2, 3))), rel=1e-15)
    assert conn(X, [0, 0, 1, 1, 1]) == 1.0


def test_ties_share_the_object_whatever_the_row_order():
    rng = np.random.default_rng(11)
    X = rng.integers(0, 4, size=(60, 2)).astype(float)
    X[30:36] = X[0]  # copies of one point in several clusters
    labels = rng.integers(0, 3, 60)
    value = conn(X, labels)
    for seed in range(3):
        order = np.random.default_rng(seed).permutation(60)
        assert conn(X[order], labels[order]) == value
        assert conn(X[order], labels[order], inter="cvi") == conn(X, labels, inter="cvi")
    # a tight memory budget cuts the tied rows into many blocks: the same value
    assert conn(X, labels, memory_budget_mb=0.001) == value


@pytest.mark.parametrize("seed", range(12))
def test_objects_as_prototypes_equal_the_oracle(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(6, 60)), int(rng.integers(2, 6))
    X = rng.integers(0, 6, size=(n, 2)).astype(float) if seed % 3 == 0 else rng.normal(size=(n, 3))  # ties too
    labels = rng.integers(0, k, n)
    labels[:k] = np.arange(k)
    want = conn_oracle(range(n), nearest_other(X), labels.tolist())
    assert conn(X, labels) == pytest.approx(float(want), rel=1e-12, abs=1e-15)
    assert 0 <= conn(X, labels) <= 1
    cvi_form = conn_oracle(range(n), nearest_other(X), labels.tolist(), inter="cvi")
    assert conn(X, labels, inter="cvi") == pytest.approx(float(cvi_form), rel=1e-12, abs=1e-15)


def test_precomputed_distances_give_the_same_value():
    from scipy.spatial.distance import pdist, squareform

    rng = np.random.default_rng(3)
    X, labels = rng.normal(size=(40, 2)), rng.integers(0, 3, 40)
    assert conn(squareform(pdist(X)), labels, metric="precomputed") == conn(X, labels)


def test_kmeans_prototypes_equal_cvi():
    cvi = pytest.importorskip("cvi")
    import warnings

    for seed in range(3):
        rng = np.random.default_rng(seed)
        X = np.vstack([rng.normal(c, 0.9, size=(50, 2)) for c in [(0, 0), (3, 0), (0, 3)]])
        y = np.repeat([0, 1, 2], 50)
        theirs = cvi.CONN(model_type="KMeans", kmeans_k=4, normalize_batch=False,
                          kmeans_kwargs={"random_state": 0, "n_init": 10})  # fmt: skip
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = theirs.get_cvi(X, y)
        assert conn(X, y, prototypes=4, inter="cvi") == pytest.approx(value, rel=1e-12, abs=1e-15)


def test_kmeans_prototypes_with_the_paper_s_inter_term_equal_the_oracle():
    from sklearn.cluster import KMeans

    rng = np.random.default_rng(4)
    X = np.vstack([rng.normal(c, 0.9, size=(40, 2)) for c in [(0, 0), (3, 0), (0, 3)]])
    y = np.repeat([0, 1, 2], 40)
    centres = [KMeans(n_clusters=3, random_state=0, n_init=10).fit(X[y == k]).cluster_centers_ for k in range(3)]
    owner = [k for k in range(3) for _ in range(3)]
    centres = np.vstack(centres)
    first, second = [], []
    for x, k in zip(X, y):
        d = [float(np.sum((c - x) ** 2)) for c in centres]
        own = [a for a in range(9) if owner[a] == k]
        best = min(own, key=lambda a: d[a])
        first.append(best)
        second.append(min((a for a in range(9) if a != best), key=lambda a: d[a]))
    want = conn_oracle(first, second, owner)
    assert conn(X, y, prototypes=3) == pytest.approx(float(want), rel=1e-12)


@pytest.mark.parametrize("kwargs", [{"prototypes": 0}, {"prototypes": 2.5}, {"prototypes": True}, {"inter": "mean"}])
def test_bad_options_are_one_line(kwargs):
    with pytest.raises(InputError) as caught:
        conn([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1], **kwargs)
    assert "\n" not in str(caught.value)


def test_kmeans_prototypes_need_coordinates():
    with pytest.raises(InputError, match="coordinates"):
        conn(np.array([[0, 1, 5], [1, 0, 4], [5, 4, 0]], dtype=float), [0, 0, 1], prototypes=1, metric="precomputed")


def test_in_the_registry():
    spec = clustval.get_index("conn")
    assert spec.kind == "internal" and spec.direction == "higher" and spec.bounds == (0, 1)
    X, labels = [[0.0], [1.0], [2.5], [4.0], [5.0]], [0, 0, 1, 1, 1]
    assert clustval.score(labels, X=X, names=["conn"])["conn"] == conn(X, labels)


# ----------------------------------------------------------------------------- PS, cSIL, WB, rCIP
# Against the cvi package (the test extra) and by hand


@pytest.mark.parametrize("seed", range(12))
def test_ps_csil_wb_rcip_equal_cvi(seed):
    cvi = pytest.importorskip("cvi")
    X, labels = shifted_blobs(seed)
    d = X.shape[1]
    assert close(clustval.ps(X, labels), cvi.PS().get_cvi(X, labels))
    assert close(clustval.csil(X, labels), cvi.cSIL().get_cvi(X, labels))
    assert close(clustval.wb(X, labels), cvi.WB().get_cvi(X, labels))
    # cvi adds 10**(-12 / d) to every covariance's diagonal (Araujo et al. add nothing)
    want = cvi.rCIP().get_cvi(X, labels)
    assert close(cvi_family.rcip(X, labels, ridge=10 ** (-12 / d)), want)
    if d == 1:  # a ridge of 1e-12 against variances of about 1: invisible at 1e-10
        assert close(clustval.rcip(X, labels), want)


def test_wb_and_csil_by_hand():
    X = np.array([[0.0], [2.0], [10.0], [12.0], [13.0]])
    labels = [0, 0, 1, 1, 1]
    # every term in exact arithmetic
    xs = [Fraction(int(v)) for v in X.ravel()]
    c0, c1 = (xs[0] + xs[1]) / 2, (xs[2] + xs[3] + xs[4]) / 3
    wgss = (xs[0] - c0) ** 2 + (xs[1] - c0) ** 2 + sum((x - c1) ** 2 for x in xs[2:])
    mean = sum(xs) / 5
    bgss = 2 * (c0 - mean) ** 2 + 3 * (c1 - mean) ** 2
    assert clustval.wb(X, labels) == pytest.approx(float(2 * wgss / bgss), rel=1e-14)
    a0, a1 = ((xs[0] - c0) ** 2 + (xs[1] - c0) ** 2) / 2, sum((x - c1) ** 2 for x in xs[2:]) / 3
    b0, b1 = sum((x - c0) ** 2 for x in xs[2:]) / 3, ((xs[0] - c1) ** 2 + (xs[1] - c1) ** 2) / 2
    want = ((b0 - a0) / max(a0, b0) + (b1 - a1) / max(a1, b1)) / 2
    assert clustval.csil(X, labels) == pytest.approx(float(want), rel=1e-14)


def test_ps_by_hand():
    # centroids 1, 12, 30 of {0, 2}, {10, 12, 14}, {30}; their mean 43/3, so
    # beta_T = ((40/3)^2 + (7/3)^2 + (47/3)^2) / 3 = 1286/9; the closest other centroid of each
    # at squared distance 121, 121, 324; n_k / max n_l = 2/3, 1, 1/3:
    # PS = 2 - 2 exp(-121 * 9/1286) - exp(-324 * 9/1286)
    X, labels = [[0.0], [2.0], [10.0], [12.0], [14.0], [30.0]], [0, 0, 1, 1, 1, 2]
    want = 2 - 2 * math.exp(-1089 / 1286) - math.exp(-2916 / 1286)
    assert clustval.ps(X, labels) == pytest.approx(want, rel=1e-14)


def test_rcip_by_hand():
    # 1-D: {0, 2} and {10, 12, 14}, sample variances 2 and 4, centroids 11 apart:
    # rCIP = G(11; 2 + 4) = exp(-121 / 12) / sqrt(2 pi 6)
    X, labels = [[0.0], [2.0], [10.0], [12.0], [14.0]], [0, 0, 1, 1, 1]
    assert clustval.rcip(X, labels) == pytest.approx(math.exp(-121 / 12) / math.sqrt(12 * math.pi), rel=1e-13)
    # 2-D: a square around (1, 1) and a diamond around (10, 2), covariances (4/3) I and (8/3) I,
    # u = (-9, -1): rCIP = exp(-|u|^2 / (2 * 4)) / (2 pi det(4 I)^(1/2)) = exp(-82 / 8) / (8 pi)
    X = [[0, 0], [2, 0], [0, 2], [2, 2], [10, 0], [10, 4], [12, 2], [8, 2]]
    assert clustval.rcip(X, [0] * 4 + [1] * 4) == pytest.approx(math.exp(-82 / 8) / (8 * math.pi), rel=1e-13)


def test_degenerate_centroid_indices():
    cvi = pytest.importorskip("cvi")
    # every centroid on the grand mean: WB inf, PS its penalty n_k / max n_l - 1
    X = np.array([[-1.0], [1.0], [-2.0], [2.0]])
    labels = [0, 0, 1, 1]
    assert clustval.wb(X, labels) == math.inf
    assert clustval.ps(X, labels) == 0.0
    with pytest.raises(UndefinedIndexError, match="all objects are equal"):
        clustval.wb(np.zeros((4, 2)), labels)
    # singletons in 2-D: a singular summed covariance, until a ridge regularises it
    Z = np.array([[0.0, 0.0], [5.0, 1.0], [9.0, 9.0]])
    with pytest.raises(UndefinedIndexError, match="singular"):
        clustval.rcip(Z, [0, 1, 2])
    # cvi's ridge in 2-D is 10**-6
    assert close(cvi_family.rcip(Z, [0, 1, 2], ridge=1e-6), cvi.rCIP().get_cvi(Z, np.array([0, 1, 2])))
