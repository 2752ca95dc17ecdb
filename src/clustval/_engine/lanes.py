"""What the two engines (numba's kernels and the numpy path) share, so that they give the same
bits and the numpy path imports no numba: the orders in which they add sums of distances,
their numpy forms, and the codes of the metrics' terms.

K-medoids compares sums of distances, so every engine and row source adds them in ONE
order (and the distance pass adds its row sums in it, so that no compiler regroups them):
term j goes to lane j % LANES (each lane a running sum from 0.0, in ascending j), and the
lanes are added as ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)). Eight independent
sums fill SIMD registers, so the compiled sums (:mod:`clustval._engine.kernels`) run at full width.

The distance pass (:func:`clustval._engine.pairwise.cluster_distance_stats`) adds each object's
distances to a cluster tile by tile (``TILE`` objects of one cluster): a tile after the
object's own in lane order, a tile before it as one running sum (the pass meets those
distances column by column). Both engines add in that order, so their sums are bit-identical.

A metric other than Euclidean (:class:`clustval._engine.metrics.Metric`) reaches the kernels
as a code (how each feature's term is formed, the terms accumulated and the sum finished),
carried in the type of an empty array (:func:`metric_form`), so that numba compiles each
metric's terms alone.
"""

from __future__ import annotations

import numpy as np

LANES = 8
# Rows and columns of the tiles of the pairwise pass (see clustval._engine.kernels, where the size
# was measured); here so that the numpy engine cuts the same tiles without importing numba.
# A multiple of LANES.
TILE = 512


# Kernel codes: how the per-feature terms are formed, accumulated and finished.
SQEUCLIDEAN, CITYBLOCK, CHEBYSHEV, MINKOWSKI, HALF_SQEUCLIDEAN = range(5)


def metric_form(code: int) -> np.ndarray:
    """The metric ``code`` as the compiled kernels take it: an empty int8 array of code + 1
    dimensions. numba compiles a kernel for the types of its arguments, so a kernel given
    one compiles that metric's terms alone (:func:`clustval._engine.kernels.metric_distances`),
    as ``clustval._engine.pairwise.row_form`` (float64) names a Euclidean form.

    Examples
    --------
    >>> metric_form(CITYBLOCK).shape, metric_code(metric_form(CITYBLOCK)) == CITYBLOCK
    ((0, 0), True)
    """
    return np.empty((0,) * (code + 1), dtype=np.int8)


def metric_code(form_type) -> int | None:
    """The metric code that a form (:func:`metric_form`), or its numba type, names; None for
    anything else (a Euclidean ``row_form``): what the kernels read as numba types them."""
    dtype = getattr(form_type, "dtype", None)
    return form_type.ndim - 1 if getattr(dtype, "name", None) == "int8" else None


def lane_sums(terms: np.ndarray) -> np.ndarray:
    """Each row of ``terms`` summed in the order of :data:`LANES` (numpy counterpart of
    :func:`clustval._engine.kernels.weighted_distance_sums`): zero columns pad the rows to whole
    lanes (+0 changes no sum), each lane is a running sum (``accumulate`` adds in index
    order), then the lanes are added pairwise.

    Examples
    --------
    >>> lane_sums(np.array([[1.0, 2.0, 3.0], [0.5, 0.25, 0.0]])).tolist()
    [6.0, 0.75]
    """
    rows, m = terms.shape
    padded = np.zeros((rows, -(-m // LANES) * LANES))
    padded[:, :m] = terms
    a = np.add.accumulate(padded.reshape(rows, -1, LANES), axis=1)[:, -1]
    return ((a[:, 0] + a[:, 1]) + (a[:, 2] + a[:, 3])) + ((a[:, 4] + a[:, 5]) + (a[:, 6] + a[:, 7]))
