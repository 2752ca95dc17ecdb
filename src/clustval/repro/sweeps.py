"""The axes a sweep can vary, and a sweep's axes and values as its config entry gives them.

A sweep (``pipeline.sweeps``) re-runs one run group once per value of one setting, its axis,
or once per combination of the values of several (a *variant*).
"""

from __future__ import annotations

from collections.abc import Mapping

from clustval.clustering import ALGORITHMS
from clustval.errors import InputError
from clustval.indices.registry import OPTIONS

from .data import FIG1

__all__ = ["AXES", "AXIS_KINDS", "VARIANT", "sweep_axes"]

# A sweep axis is the one setting a sweep varies, and the step it changes: the data (a new
# draw or scaling of the set), the clustering (the same data, another algorithm/option) or
# the scoring only (the main study's clusterings, scored with another index option).
AXES = {
    "offset": "data",  # fig1_set.offset
    "seed": "data",  # the generator seed of the synthetic (and Fig. 1) sets
    "preprocessing": "data",  # feature scaling of the set's kind
    "algorithm": "clustering",
    "sd_radius": "clustering",  # clustering.sd_radius
    "xb_separation": "scoring",  # indices.xb_separation
    "stdi_squared": "scoring",  # indices.stdi_squared: eq. (9) with plain or squared norms
}  # a scoring axis is an index option (clustval.indices.registry.OPTIONS), whose declaration checks its values
# The sets a data axis exists for (the synthetic sets are never rescaled: their geometry is the point).
AXIS_KINDS = {"offset": (FIG1,), "seed": ("synthetic", FIG1), "preprocessing": ("uci",)}
VARIANT = "variant"  # the score table's group column of a sweep of several axes


def sweep_axes(sweep: Mapping, study: str) -> tuple[list[str], list[list]]:
    """A sweep's axes and the values of each: ``axis: seed, values: [1, 2]`` is one axis;
    ``axis: [preprocessing, algorithm], values: [[none, zscore], [pam, kmeans]]`` is two,
    whose product the sweep runs."""
    several = isinstance(sweep["axis"], list)
    axes = list(sweep["axis"]) if several else [sweep["axis"]]
    values = [list(v) for v in sweep["values"]] if several else [list(sweep["values"])]
    if several and (len(values) != len(axes) or not all(isinstance(v, list) for v in sweep["values"])):
        raise InputError(
            f"pipeline.sweeps.{study}: {len(axes)} axes need {len(axes)} lists of values, one per axis"
        )
    if len(set(axes)) != len(axes):
        raise InputError(f"pipeline.sweeps.{study}: an axis is listed twice")
    for axis, options in zip(axes, values):
        if axis == "algorithm" and not set(options) <= set(ALGORITHMS):
            unknown = sorted(set(options) - set(ALGORITHMS), key=str)
            raise InputError(f"pipeline.sweeps.{study}: unknown algorithm {unknown[0]!r}")
        if AXES.get(axis) == "scoring":
            for value in options:
                try:
                    OPTIONS[axis].check(value)
                except InputError as error:
                    raise InputError(f"pipeline.sweeps.{study}: {error}") from None
    return axes, values
