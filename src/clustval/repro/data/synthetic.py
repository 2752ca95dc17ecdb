"""The synthetic sets: Table 4 / Fig. 2 and the Fig. 1 set for STDI.

Random streams: each set draws from ``numpy.random.default_rng`` seeded with
``SeedSequence(seed, spawn_key=(stream_id(name),))``, a child of the configured seed that
depends only on the set's name. Sets are therefore statistically independent, each is
reproducible on its own, and adding, removing or reordering sets never changes another.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping

import numpy as np

from clustval.datasets.dataset import Dataset
from clustval.errors import DataError

from .specs import Fig1Spec, GaussianSetSpec

__all__ = ["fig1_groups", "make_fig1_set", "make_gaussian_set", "set_rng", "stream_id"]


def stream_id(name: str) -> int:
    """A stable 32-bit id of a set name (first 4 bytes of its SHA-256; not Python's hash())."""
    return int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:4], "big")


def set_rng(seed: int, name: str) -> np.random.Generator:
    """The random generator of set ``name`` under base seed ``seed``."""
    if not isinstance(seed, (int, np.integer)) or seed < 0:
        raise DataError(f"seed must be a non-negative integer, got {seed!r}.")
    return np.random.default_rng(np.random.SeedSequence(int(seed), spawn_key=(stream_id(name),)))


def make_gaussian_set(name: str, spec: GaussianSetSpec | Mapping, seed: int) -> Dataset:
    """Draw one Table 4 set: cluster k has ``sizes[k]`` points ~ N(centres[k], sigmas[k]^2 I_2).

    Points are ordered by cluster (labels 0..K-1, class names ``c1..cK``); cluster k's
    points are ``centre + sigma * Z`` with Z standard normal, drawn cluster after cluster.
    """
    if not isinstance(spec, GaussianSetSpec):
        spec = GaussianSetSpec.from_config(name, spec)
    rng = set_rng(seed, name)
    blocks = [
        np.asarray(centre) + sigma * rng.standard_normal((size, 2))
        for size, centre, sigma in zip(spec.sizes, spec.centres, spec.sigmas, strict=True)
    ]
    y = np.repeat(np.arange(len(spec.sizes), dtype=np.int64), spec.sizes)
    return Dataset(
        name=name,
        X=np.vstack(blocks),
        y=y,
        class_names=[f"c{k + 1}" for k in range(len(spec.sizes))],
        feature_names=["x", "y"],
        meta={
            "kind": "synthetic",
            "seed": int(seed),
            "stream_id": stream_id(name),
            "sizes": list(spec.sizes),
            "centres": [list(c) for c in spec.centres],
            "sigmas": list(spec.sigmas),
            "preprocessing": "none",
        },
    )


def make_fig1_set(
    spec: Fig1Spec | Mapping, offset: float | None = None, seed: int | None = None
) -> Dataset:
    """Draw the Fig. 1 set: 3 groups x 3 Gaussian sub-clusters, 9 true clusters (labels 0..8).

    Sub-cluster ``3 g + j`` is centred at ``group_centres[g] + offset (cos a_j, sin a_j)``
    (angles 90, 210, 330 degrees) with isotropic ``sigma``. The standard normal draws do not
    depend on ``offset`` (common random numbers): an offset sweep moves the same points, so
    differences along the sweep come from the geometry alone. ``meta['group_of_label']``
    maps each label to its group 0..2.
    """
    if not isinstance(spec, Fig1Spec):
        spec = Fig1Spec.from_config(spec)
    offset = spec.offset if offset is None else float(offset)
    seed = spec.seed if seed is None else seed
    if not offset >= 0:
        raise DataError(f"fig1 offset must be >= 0, got {offset!r}.")
    m = spec.points_per_cluster
    centres = [
        (gx + offset * math.cos(math.radians(a)), gy + offset * math.sin(math.radians(a)))
        for gx, gy in spec.group_centres
        for a in spec.angles_deg
    ]
    # Rounded to 12 decimals so libm differences in the last ulp cannot change the data.
    centres = np.round(np.asarray(centres), 12)
    k = len(centres)
    Z = set_rng(seed, "fig1").standard_normal((k * m, 2))
    y = np.repeat(np.arange(k, dtype=np.int64), m)
    n_angles = len(spec.angles_deg)
    return Dataset(
        name="fig1",
        X=centres[y] + spec.sigma * Z,
        y=y,
        class_names=[f"g{j // n_angles + 1}.{j % n_angles + 1}" for j in range(k)],
        feature_names=["x", "y"],
        meta={
            "kind": "fig1",
            "seed": int(seed),
            "stream_id": stream_id("fig1"),
            "offset": offset,
            "sigma": spec.sigma,
            "points_per_cluster": m,
            "centres": centres.tolist(),
            "group_of_label": [j // n_angles for j in range(k)],
            "preprocessing": "none",
        },
    )


def fig1_groups(ds: Dataset) -> np.ndarray:
    """Group (0..2) of each object of a Fig. 1 set: the 3-cluster truth most indices find."""
    if "group_of_label" not in ds.meta:
        raise DataError(f"data set {ds.name!r} is not a Fig. 1 set (no meta['group_of_label']).")
    return np.asarray(ds.meta["group_of_label"], dtype=np.int64)[ds.y]
