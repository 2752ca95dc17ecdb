"""Distance-based internal indices in scipy's metrics, computed from X in blocks.

Truth: the same index on the matrix ``squareform(pdist(X, metric))`` that scipy computes
(``metric="precomputed"``, a path tested on its own in tests/indices/test_precomputed.py), to a relative
1e-12; the blocks of distances against ``scipy.spatial.distance.cdist``; both engines of the
distance pass bit for bit (the compiled and numpy Minkowski blocks within a few ulps: pow is
rounded by each CPU's math library); scikit-learn's ``silhouette_score(metric=...)``.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy.spatial.distance import cdist, pdist, squareform
from sklearn.metrics import silhouette_score as sk_silhouette_score

import clustval
from clustval._engine import compiled as _compiled
from clustval._engine.metrics import MINKOWSKI, Metric, numpy_block
from clustval._engine.pairwise import cluster_distance_stats
from clustval.errors import InputError
from clustval.indices.partition import COORDINATES, Partition
from clustval.indices.scoring import internal_scores, score

# (clustval's metric, scipy's name and keywords)
METRICS = [
    ("sqeuclidean", "sqeuclidean", {}),
    ("manhattan", "cityblock", {}),
    ("cityblock", "cityblock", {}),
    ("chebyshev", "chebyshev", {}),
    (Metric("minkowski", p=3), "minkowski", {"p": 3}),
    (Metric("minkowski", p=1.5), "minkowski", {"p": 1.5}),
    ("cosine", "cosine", {}),
    ("correlation", "correlation", {}),
]
IDS = ["sqeuclidean", "manhattan", "cityblock", "chebyshev", "minkowski3", "minkowski1.5", "cosine", "correlation"]
# Distance-based indices of each kind: the cluster sums, the extremes, the nearest
# neighbours, the pair ranks and extreme sums, a generalised Dunn index, the neighbour table
INDICES = ["sil", "bwp", "igp", "dunn", "gdi21", "gdi31", "baker_hubert_gamma", "tau", "c_index", "wcnn", "conn"]
REL = 1e-12
needs_numba = pytest.mark.skipif(_compiled.kernels() is None, reason="needs numba")


def _random(seed=0, n=70, d=5, k=4):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, d)), rng.integers(0, k, size=n)


def _ties(seed=1, n=60, d=3, k=3):
    """A small integer lattice with repeated rows: many equal distances (and zero ones)."""
    rng = np.random.default_rng(seed)
    X = rng.integers(1, 4, size=(n, d)).astype(float)
    return X, rng.integers(0, k, size=n)


def _close(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for name, value in a.items():
        assert math.isclose(value, b[name], rel_tol=REL, abs_tol=1e-15) or (
            math.isnan(value) and math.isnan(b[name])
        ), (name, value, b[name])


def _parallel(seed=1, n=60, d=4, k=3):
    """Rows drawn from a few directions, each scaled by a power of two: every tie of the
    cosine and correlation distances is an exact zero (the angle between distinct
    directions is rounded differently by scipy's 1 - u.v / (|u| |v|) and by the pass, so
    the lattice's equal angles are ties in neither for certain)."""
    rng = np.random.default_rng(seed)
    base = rng.normal(size=(12, d))
    X = base[rng.integers(0, 12, size=n)] * 2.0 ** rng.integers(0, 3, size=n)[:, None]
    return X, rng.integers(0, k, size=n)


@pytest.mark.parametrize("data", ["random", "ties"])
@pytest.mark.parametrize(("metric", "scipy_name", "kw"), METRICS, ids=IDS)
def test_indices_equal_those_of_scipys_matrix(metric, scipy_name, kw, data):
    angular = scipy_name in ("cosine", "correlation")
    X, labels = _random() if data == "random" else _parallel() if angular else _ties()
    D = squareform(pdist(X, scipy_name, **kw))
    if angular:  # scipy leaves rounding noise (~1e-16) where rows are parallel, at distance 0
        D[D < 1e-12] = 0.0
    ours = internal_scores(X, labels, INDICES, metric=metric, undefined="nan")
    _close(ours, internal_scores(D, labels, INDICES, metric="precomputed", undefined="nan"))


@pytest.mark.parametrize(("metric", "scipy_name", "kw"), METRICS, ids=IDS)
def test_every_distance_based_index_is_chosen_and_equal(metric, scipy_name, kw):
    """names=None: the indices a metric allows are those of a distance matrix."""
    X, labels = _random(seed=2, n=40)
    D = squareform(pdist(X, scipy_name, **kw))
    _close(internal_scores(X, labels, metric=metric, undefined="nan"),
           internal_scores(D, labels, metric="precomputed", undefined="nan"))  # fmt: skip


@pytest.mark.parametrize(("metric", "scipy_name", "kw"), METRICS, ids=IDS)
@pytest.mark.parametrize("compiled", [False, True], ids=["numpy", "numba"])
def test_blocks_equal_cdist(metric, scipy_name, kw, compiled):
    if compiled and _compiled.kernels() is None:
        pytest.skip("needs numba")
    m = metric if isinstance(metric, Metric) else Metric(metric)
    rng = np.random.default_rng(3)
    A, B = rng.normal(size=(30, 7)), rng.normal(size=(40, 7))
    A[1] = B[2]  # a zero distance
    expected = cdist(A, B, scipy_name, **kw)
    if compiled:
        got = np.empty((30, 40))
        _compiled.kernels().metric_block(*(np.vstack([Z.T, np.zeros((1, len(Z)))]) for Z in (m.prepare(A), m.prepare(B))),
                                         m.form, m.order, got)  # fmt: skip
        want = numpy_block(m.prepare(A), m.prepare(B), m.code, m.order, np.empty((30, 40)))
        if m.code == MINKOWSKI:
            # x ** p is the one step here that IEEE 754 does not round exactly: numba's vectorised
            # pow (SVML where there is AVX-512) and numpy's SIMD power each come within a few ulps
            # of the true power, 1-2 ulps apart on AVX-512 CPUs, equal on AVX2 ones. The terms are
            # positive and added in the same order and the 1/p-th root shrinks relative errors,
            # so 7 features keep the two blocks far within 32 ulps of each other on any CPU.
            np.testing.assert_array_max_ulp(got, want, maxulp=32)
        else:  # -, abs, *, + and max are correctly rounded on every x86-64 and ARM target
            assert np.array_equal(got, want)
    else:
        got = m.block(m.prepare(A), m.prepare(B))
    np.testing.assert_allclose(got, expected, rtol=REL, atol=1e-15)
    assert got[1, 2] == 0.0


@needs_numba
@pytest.mark.parametrize(("metric", "scipy_name", "kw"), METRICS, ids=IDS)
def test_engines_agree_bit_for_bit(metric, scipy_name, kw):
    m = metric if isinstance(metric, Metric) else Metric(metric)
    X, labels = _random(seed=4, n=1100, d=6, k=5)  # more than one tile in a cluster
    X = m.prepare(X)
    wanted = {"sums": True, "nearest": True, "extremes": True, "pair_max": True, "metric": m}
    stats = [cluster_distance_stats(X, labels, 5, engine=engine, **wanted) for engine in ("numba", "numpy")]
    for field in ("cluster_sums", "in_group_share", "diameters", "pair_min", "pair_max"):
        assert np.array_equal(getattr(stats[0], field), getattr(stats[1], field)), field


@pytest.mark.parametrize("metric", ["manhattan", "cosine", "chebyshev"])
def test_silhouette_equals_scikit_learn(metric):
    X, labels = _random(seed=5, n=300)
    assert math.isclose(clustval.sil(X, labels, metric=metric), sk_silhouette_score(X, labels, metric=metric),
                        rel_tol=REL)  # fmt: skip


def test_score_passes_the_metric_through():
    X, labels = _random(seed=6, n=50)
    got = score(labels, X=X, metric="manhattan")
    assert "db" not in got and "sil" in got  # the centroid indices need Euclidean coordinates
    assert got == internal_scores(X, labels, metric="manhattan")
    D = squareform(pdist(X, "cityblock"))
    _close({"sil": got["sil"]}, score(labels, distances=D, names=["sil"]))
    assert score(labels, X=X, names=["sil"], metric="l2") == score(labels, X=X, names=["sil"])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda X, y: internal_scores(X, y, ["sil"], metric="hamming"), "metric must be 'precomputed' or one of"),
        (lambda X, y: internal_scores(X, y, ["sil"], metric=Metric("minkowski", p=0.5)), "p must be a number >= 1"),
        (lambda X, y: Metric("cosine", p=2), "takes none"),
        (lambda X, y: internal_scores(X, y, ["db"], metric="cosine"), "not metric='cosine'"),
        (lambda X, y: Partition(X, y, needs={COORDINATES}, metric="manhattan"), "Euclidean distances"),
        (lambda X, y: internal_scores(np.vstack([X, np.zeros(3)]), [*y, 0], ["sil"], metric="cosine"),
         "undefined for row 4"),
        (lambda X, y: internal_scores(np.vstack([X, np.ones(3)]), [*y, 0], ["sil"], metric="correlation"),
         "undefined for row 4"),
        (lambda X, y: score(y, distances=squareform(pdist(X)), metric="cosine"), "distances are already"),
        (lambda X, y: clustval.conn(X, y, prototypes=2, metric="cityblock"), "Euclidean distances"),
    ],
)
def test_bad_metrics_are_one_line_errors(call, message):
    X, y = np.array([[1.0, 2, 3], [2, 1, 0], [5, 5, 4], [6, 4, 5]]), [0, 0, 1, 1]
    with pytest.raises(InputError, match=message) as caught:
        call(X, y)
    assert "\n" not in str(caught.value)


def test_minkowski_of_order_one_two_infinity_is_the_named_metric():
    assert Metric("minkowski", p=1) == Metric("cityblock")
    assert Metric("minkowski", p=math.inf) == Metric("chebyshev")
    assert Metric("minkowski").euclidean  # scipy's default p = 2
    X, labels = _random(seed=7, n=40)
    assert clustval.sil(X, labels, metric=Metric("minkowski", p=2)) == clustval.sil(X, labels)


@pytest.mark.parametrize(("metric", "degree"), [("sqeuclidean", 2), ("cityblock", 1), ("cosine", 0)])
def test_values_keep_the_datas_units(metric, degree):
    """Data far from magnitude 1 are scaled by a power of two inside (exact): the ratios
    (Sil, Dunn, C-index) are unchanged and Point-Biserial, a difference of mean distances,
    comes back in the metric's units, degree 2 for the squared Euclidean distance."""
    X, labels = _random(seed=8, n=40)
    names = ["sil", "dunn", "c_index", "point_biserial"]
    small, big = (internal_scores(Z, labels, names, metric=metric) for Z in (X, X * 2.0**200))
    _close({**big, "point_biserial": big["point_biserial"] / 2.0 ** (200 * degree)}, small)
    if degree == 2:  # squared distances beyond float64: refused, not inf
        with pytest.raises(InputError, match="leave float64's range"):
            internal_scores(X * 2.0**600, labels, ["sil"], metric=metric)


_PEAK = """
import json, sys
import numpy as np
import clustval

def status_mb(field):
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(field + ":")) / 1024

n, budget, metric = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
rng = np.random.default_rng(0)
X, y = rng.normal(size=(n, 4)), rng.integers(0, 5, size=n)
import clustval._engine.compiled
clustval._engine.compiled.kernels()  # numba first: a process loads it lazily, inside its first large call
clustval.internal_scores(X[:3000], y[:3000], ["sil", "dunn"], metric=metric, memory_budget_mb=budget)
try:
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")  # VmHWM := VmRSS
except OSError:
    print("null")
    sys.exit()
before = status_mb("VmRSS")
clustval.internal_scores(X, y, ["sil", "dunn"], metric=metric, memory_budget_mb=budget)
print(json.dumps(status_mb("VmHWM") - before))
"""


@pytest.mark.parametrize("metric", ["cityblock", "cosine"])
def test_memory_stays_within_the_budget(metric):
    """n = 12,000: an n x n matrix would take 1.15 GB; the pass holds O(n) + its budget."""
    n, budget = 12_000, 16
    env = {**os.environ, "PYTHONPATH": str(Path(clustval.__file__).parents[1])}
    done = subprocess.run([sys.executable, "-c", _PEAK, str(n), str(budget), metric],
                          capture_output=True, text=True, timeout=600, env=env, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    peak = json.loads(done.stdout.splitlines()[-1])
    if peak is None:
        pytest.skip("needs Linux's /proc/self/clear_refs (writable) to reset the peak resident memory")
    assert peak <= 4096 / 2**20 * n + budget + 32, peak


def test_a_metric_block_compiles_its_metrics_sweep_alone(tmp_path):
    # the metric's form picks its sweep as numba types the kernel: one kernel held every metric's
    code = (
        "import numpy as np\n"
        "from clustval._engine import compiled\n"
        "from clustval._engine.metrics import Metric\n"
        "kernels = compiled.kernels()\n"
        "m, A = Metric('manhattan'), np.zeros((8, 5))\n"
        "kernels.metric_block(A, A, m.form, m.order, np.empty((5, 5)))\n"
        "print(sorted(name for name in ('_squares_sweep', '_absolute_sweep', '_largest_sweep', '_power_sweep')\n"
        "             if getattr(kernels, name).overloads))\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[0] == "['_absolute_sweep']"
