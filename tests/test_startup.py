"""Start-up cost: small jobs must not load numba or scipy.optimize (each costs ~0.5 s), and
the compiled kernels give the same values whether numba compiles them or loads its cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import clustval
import clustval._engine.compiled as compiled

_HEAVY = ("numba", "scipy.optimize", "scipy.spatial")


def _modules_loaded_by(code: str) -> dict:
    script = f"import json, sys\n{code}\nprint(json.dumps({{m: m in sys.modules for m in {_HEAVY!r}}}))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_import_loads_no_compiler_and_no_optimizer():
    assert not any(_modules_loaded_by("import clustval").values())


def test_small_internal_scores_stay_on_numpy():
    loaded = _modules_loaded_by(
        "import numpy as np, clustval\n"
        "rng = np.random.default_rng(0)\n"
        "clustval.internal_scores(rng.normal(size=(150, 4)), rng.integers(0, 3, 150))"
    )
    assert not loaded["numba"]


def test_small_external_tables_stay_on_numpy():
    # labels whose matching is obvious (no Hungarian algorithm), ints and strings
    loaded = _modules_loaded_by(
        "import numpy as np, clustval\n"
        "t = np.repeat(np.arange(3), 50)\n"
        "clustval.external_scores(t, t, ['ari', 'nmi', 'accuracy', 's2', 'nca'])\n"
        "clustval.external_scores(t.astype(str), t.astype(str), ['ari', 'accuracy'])"
    )
    assert not loaded["numba"] and not loaded["scipy.optimize"]


@pytest.mark.parametrize("external", [False, True], ids=["data", "data+truth"])
def test_the_command_line_on_600_points_loads_no_compiler_no_scipy_and_no_plotting(tmp_path, external):
    # `clustval score --data pts.csv --pred labels.txt` (docs/speed.md times it): every index
    # on numpy takes about 0.1 s here; numba (0.5-1.5 s to load), scipy's heavy parts,
    # matplotlib, scikit-learn or pandas would cost more than the whole work
    rng = np.random.default_rng(0)
    truth = np.repeat(np.arange(3), 200)
    np.savetxt(tmp_path / "pts.csv", rng.normal(size=(600, 4)) + 3.0 * truth[:, None], delimiter=",")
    np.savetxt(tmp_path / "labels.txt", np.where(rng.random(600) < 0.1, rng.integers(0, 3, 600), truth), fmt="%d")
    np.savetxt(tmp_path / "truth.txt", truth, fmt="%d")
    argv = ["score", "--data", str(tmp_path / "pts.csv"), "--pred", str(tmp_path / "labels.txt"), "--json"]
    argv += ["--truth", str(tmp_path / "truth.txt")] if external else []
    heavy = ("numba", "llvmlite", "matplotlib", "sklearn", "pandas", "scipy.linalg", "scipy.optimize",
             "scipy.spatial", "scipy.stats")
    code = (
        "import json, sys\n"
        "from clustval.cli import main\n"
        f"status = main({argv!r})\n"
        f"print(json.dumps([status, [m for m in {heavy!r} if m in sys.modules]]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    scores, (status, loaded) = json.loads(done.stdout.splitlines()[0]), json.loads(done.stdout.splitlines()[-1])
    assert status == 0 and loaded == [], done.stderr
    assert "stdi" in scores and ("s2" in scores) == external


def test_the_hungarian_algorithm_loads_without_scipy_optimize():
    # random labels: no obvious matching, so Accuracy, S2 and NCA need the Hungarian algorithm
    loaded = _modules_loaded_by(
        "import numpy as np, clustval\n"
        "rng = np.random.default_rng(0)\n"
        "t, p = rng.integers(0, 4, 150), rng.integers(0, 5, 150)\n"
        "assert clustval.indices.contingency.contingency(t, p).dominant_matching is None\n"
        "clustval.external_scores(t, p, ['accuracy', 's2', 'nca'])"
    )
    assert not loaded["scipy.optimize"]


def test_the_solver_loaded_alone_is_scipys_own_function():
    # Loaded first on its own, then scipy.optimize is imported: the very same function object.
    code = (
        "import sys\n"
        "from clustval.indices.external import _hungarian\n"
        "ours = _hungarian()\n"
        "assert 'scipy.optimize' not in sys.modules\n"
        "import scipy.optimize\n"
        "assert ours is scipy.optimize.linear_sum_assignment\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_threshold_changes_no_value(monkeypatch):
    # The same scores through numpy (below MIN_WORK) and through the compiled kernels.
    pytest.importorskip("numba")
    rng = np.random.default_rng(3)
    X, labels = rng.normal(size=(120, 3)), rng.integers(0, 4, 120)
    t = rng.integers(0, 5, 120).astype(str)
    small = clustval.internal_scores(X, labels), clustval.external_scores(t, labels)
    monkeypatch.setattr(compiled, "MIN_WORK", 0)
    assert compiled.kernels(1) is not None
    compiled_ = clustval.internal_scores(X, labels), clustval.external_scores(t, labels)
    for got, want in zip(compiled_, small):
        assert got.keys() == want.keys()
        for name in want:
            assert got[name] == pytest.approx(want[name], rel=1e-13, abs=1e-15), name


def test_pipeline_thread_limit_needs_no_numba_import():
    # A job's thread limit must hold for numba imported later, without importing it itself.
    pytest.importorskip("numba")
    code = (
        "import sys\n"
        "from clustval.repro.pipeline import _limit_threads\n"
        "_limit_threads(1)\n"
        "assert 'numba' not in sys.modules\n"
        "import numba\n"
        "assert numba.get_num_threads() == 1, numba.get_num_threads()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.slow
def test_compiled_values_depend_on_neither_numbas_cache_nor_the_cpu(tmp_path):
    # The first run compiles every kernel, the second loads them from numba's on-disk cache,
    # the third compiles them for a generic x86-64 (SSE2, no AVX): the same bits, so a
    # pipeline's first run writes what its re-runs write, on any machine. (A sum that LLVM
    # vectorised under fast-math reassoc was once grouped differently in all three.)
    pytest.importorskip("numba")
    code = (
        "import numpy as np, clustval\n"
        "from clustval._engine import compiled as _compiled, kernels as _kernels\n"
        "from clustval.clustering import kmedoids\n"
        "_compiled.MIN_WORK = 0\n"  # every job on the compiled kernels, whose values are compared
        "rng = np.random.default_rng(0)\n"
        "X = rng.normal(size=(1500, 5)) + rng.integers(0, 6, 1500)[:, None]\n"
        "labels, truth = rng.integers(0, 6, 1500), rng.integers(0, 4, 1500)\n"
        "values = [clustval.internal_scores(X, labels), clustval.external_scores(truth, labels),\n"
        "          clustval.silhouette_samples(X, labels).tolist()]\n"
        "for cluster in (kmedoids.park_jun, kmedoids.sd_kmedoids):\n"
        "    result = cluster(X, 5)\n"
        "    values.append((result.labels.tolist(), result.medoids.tolist()))\n"
        "print(sum(_kernels.tile_pair_stats.stats.cache_hits.values()))\n"
        "print(repr(values))\n"
    )

    def run(cache: str, **env: str) -> list[str]:
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / cache), **env}
        command = [sys.executable, "-c", code]
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
        return done.stdout.splitlines()

    (cold_hits, cold), (warm_hits, warm) = run("host"), run("host")
    generic_hits, generic = run("generic", NUMBA_CPU_NAME="generic")
    assert (cold_hits, warm_hits, generic_hits) == ("0", "1", "0")
    assert warm == cold
    assert generic == cold


@pytest.mark.slow  # every path again without the JIT: about 5 s
def test_every_path_runs_with_numbas_jit_disabled(monkeypatch):
    # NUMBA_DISABLE_JIT=1 (numba's debugging mode) cannot run the 512-bit intrinsics: the one
    # rule of clustval._engine.compiled then takes the numpy path, with the numpy engine's values
    code = textwrap.dedent(
        """
        import json, numpy as np, clustval
        from clustval._engine import compiled as _compiled
        from clustval.clustering.kmedoids import park_jun
        from clustval.clustering.pam import pam
        assert _compiled.kernels() is None
        rng = np.random.default_rng(5)
        X = rng.normal(size=(3000, 4)); labels = rng.integers(0, 4, 3000)
        out = {"internal": clustval.internal_scores(X, labels),
               "external": clustval.external_scores(labels, rng.permutation(labels)),
               "park_jun": park_jun(X, 4).labels.tolist(), "pam": pam(X[:600], 3).labels.tolist()}
        print(json.dumps(out))
        """
    )
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
    got = json.loads(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                    text=True, check=True).stdout)  # fmt: skip
    from clustval.clustering.kmedoids import park_jun
    from clustval.clustering.pam import pam

    monkeypatch.setenv("CLUSTVAL_ENGINE", "numpy")
    rng = np.random.default_rng(5)
    X = rng.normal(size=(3000, 4))
    labels = rng.integers(0, 4, 3000)
    assert got["internal"] == clustval.internal_scores(X, labels)
    assert got["external"] == clustval.external_scores(labels, rng.permutation(labels))
    assert got["park_jun"] == park_jun(X, 4).labels.tolist()
    assert got["pam"] == pam(X[:600], 3).labels.tolist()


def test_the_work_threshold_changes_no_value(monkeypatch):
    # The one rule of clustval._engine.compiled picks the engine by the work, so the same data may
    # take either engine: with MIN_WORK at 0 (numba for everything) and at infinity (numpy
    # only: what a machine without numba computes), every internal index and every
    # K-medoids result must be the same bits.
    pytest.importorskip("numba")
    from clustval.clustering.kmedoids import park_jun, sd_kmedoids
    from clustval.indices.registry import INTERNAL

    rng = np.random.default_rng(8)
    X = rng.integers(0, 4, size=(700, 3)) * 0.5  # a lattice: ties everywhere
    labels = rng.integers(0, 5, size=700)
    got = {}
    for min_work in (0, float("inf")):
        monkeypatch.setattr(compiled, "MIN_WORK", min_work)
        scores = clustval.internal_scores(X, labels, list(INTERNAL))
        fits = [park_jun(X, 4), sd_kmedoids(X, 4)]
        got[min_work] = (scores, [(f.labels.tolist(), f.medoids.tolist(), f.cost) for f in fits])
    assert got[0] == got[float("inf")]
