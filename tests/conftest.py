"""Shared test fixtures (keep small: several test files use this)."""

from __future__ import annotations

from itertools import combinations

import pytest


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


@pytest.fixture
def brute_force_pairs():
    """The O(n^2) pair-count oracle: ``brute_force_pairs(labels_true, labels_pred)``."""
    return _brute_force_pairs


# ---------------------------------------------------------------- the project's data sets
import copy  # noqa: E402
import os  # noqa: E402
from pathlib import Path  # noqa: E402

import yaml  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
# The shared/uci folder beside the checkout holds the twelve original UCI files (CI has it).
UCI_MIRROR = Path(os.environ.get("CLUSTVAL_UCI_MIRROR", REPO.parent / "shared" / "uci"))


@pytest.fixture(scope="session")
def project_dataset(tmp_path_factory):
    """``project_dataset(name, preprocessing=None)``: a set exactly as the pipeline builds it.

    UCI sets come from the mirror (skipped if it is absent) through ``clustval.data``, with
    the project's config; ``preprocessing`` overrides ``config.preprocessing`` for both kinds.
    """
    from clustval.data import build_dataset

    config = yaml.safe_load((REPO / "config" / "config.yaml").read_text())
    config["uci_mirror"] = str(UCI_MIRROR)
    config["uci_sources"] = ["mirror"]
    config["uci_cache_dir"] = str(tmp_path_factory.mktemp("uci-cache"))

    def build(name: str, preprocessing: str | None = None):
        if name in config["uci_datasets"] and not UCI_MIRROR.is_dir():
            pytest.skip(f"UCI mirror {UCI_MIRROR} not found (set CLUSTVAL_UCI_MIRROR)")
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
