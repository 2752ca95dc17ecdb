"""Shared test fixtures (keep small: several test files use this)."""

from __future__ import annotations

import os

# OpenMP threads that wait for work sleep instead of spinning. numba's parallel kernels run on
# its "omp" threading layer (and scikit-learn's k-means on its own libgomp); with one xdist
# worker per core, a spinning thread of one worker holds the core another worker needs:
# tests/clustering/test_pam.py took 46 s of CPU with spinning threads and 13 s without, same
# results.
# Set before any OpenMP library loads (libgomp reads it once); subprocesses inherit it.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

import importlib.util  # noqa: E402
from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest

# The repository, and the stored values of the peers and the other files the tests read
# (``from tests.conftest import FIXTURES, REPO``, from a test file at any depth).
REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"


def load_file(relative: str, name: str):
    """A file of the repository that is no installed module (docs/hooks.py, tools/*.py,
    examples/*.py), imported under ``name``: ``load_file("docs/hooks.py", "hooks")``."""
    spec = importlib.util.spec_from_file_location(name, REPO / relative)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _brute_force_pairs(labels_true, labels_pred) -> tuple[int, int, int, int]:
    """(TP, FP, FN, TN) by looking at every unordered pair of objects: O(n^2), the oracle."""
    tp = fp = fn = tn = 0
    for i, j in combinations(range(len(labels_true)), 2):
        same_class = labels_true[i] == labels_true[j]
        same_cluster = labels_pred[i] == labels_pred[j]
        tp += same_class and same_cluster
        fp += same_cluster and not same_class
        fn += same_class and not same_cluster
        tn += not same_class and not same_cluster
    return tp, fp, fn, tn


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels_loaded():
    """The suite runs as a long process does, with the compiled kernels loaded, so a test's
    sizes pick the engine by ``clustval._engine.compiled.MIN_WORK`` alone, whatever ran before it
    (a fresh process's first job is tested in subprocesses: tests/test_startup.py)."""
    from clustval._engine import compiled as _compiled

    _compiled.kernels()


@pytest.fixture
def brute_force_pairs():
    """The O(n^2) pair-count oracle: ``brute_force_pairs(labels_true, labels_pred)``."""
    return _brute_force_pairs


# ---------------------------------------------------------------- the project's data sets
import copy  # noqa: E402
import shutil  # noqa: E402

from clustval.datasets.catalog import bundled_dir, uci_catalog  # noqa: E402

# The twelve original UCI files, as shipped inside the package (a real folder once installed).
BUNDLED_UCI = Path(str(bundled_dir()))


@pytest.fixture(scope="session")
def uci_mirror(tmp_path_factory) -> Path:
    """A mirror folder made for the tests: the twelve raw UCI files, copied flat."""
    mirror = tmp_path_factory.mktemp("uci-mirror")
    for spec in uci_catalog().values():
        shutil.copyfile(BUNDLED_UCI / spec.file, mirror / spec.file)
    return mirror


@pytest.fixture(scope="session")
def project_dataset(tmp_path_factory):
    """``project_dataset(name, preprocessing=None)``: a set exactly as the pipeline builds it.

    UCI sets come from the bundled files through ``clustval.repro.data`` with the project's config
    (its default sources); ``preprocessing`` overrides ``config.preprocessing`` for both kinds.
    """
    import yaml

    from clustval.repro.data import build_dataset

    config = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
    config["uci_sources"] = ["bundled"]
    config["uci_cache_dir"] = str(tmp_path_factory.mktemp("uci-cache"))

    def build(name: str, preprocessing: str | None = None):
        settings = copy.deepcopy(config)
        if preprocessing is not None:
            settings["preprocessing"] = {"uci": preprocessing, "synthetic": preprocessing}
        return build_dataset(name, settings)

    build.uci = list(config["uci_datasets"])
    build.synthetic = list(config["synthetic"]["sets"])
    return build


def _random_partitions(seed: int, count: int, max_n: int = 30, max_labels: int = 6):
    """``count`` random (labels_true, labels_pred) pairs, C and K drawn independently."""
    import numpy as np

    rng = np.random.default_rng(seed)
    for _ in range(count):
        n = int(rng.integers(1, max_n + 1))
        c, k = rng.integers(1, max_labels + 1, size=2)
        yield rng.integers(0, c, n), rng.integers(0, k, n)


@pytest.fixture
def random_partitions():
    """``random_partitions(seed, count, max_n=30, max_labels=6)``: seeded random label pairs."""
    return _random_partitions
