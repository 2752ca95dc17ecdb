"""The one gate to the compiled (numba) kernels, which live in :mod:`clustval._kernels`.

Importing numba and loading even cached kernels costs ~0.5 s per process, more than the
whole work on small inputs; so numba is imported only when a caller asks for kernels for a
job of at least ``MIN_WORK`` elementary steps. Below that, every caller runs its numpy path,
which gives the same values (bit for bit, or within the bound each caller documents).
"""

from __future__ import annotations

import importlib.util
from functools import cache
from types import ModuleType

# Below this much work the numpy path takes at most a few milliseconds. Work is counted
# in steps of about a nanosecond of numpy time: one pairwise coordinate difference or one
# table cell scanned; callers weigh a label by the passes their numpy path makes over it.
MIN_WORK = 2**18
STEPS_PER_INT_LABEL = 8  # code vectors, keys and a bincount
STEPS_PER_STRING_LABEL = 64  # hashing every code unit, an integer sort and a verification
# K-medoids compares sums of distances, so every engine and row source adds them in ONE
# order (and the distance pass adds its row sums in it, so that no compiler regroups them):
# term j goes to lane j % LANES (each lane a running sum from 0.0, in ascending j), and the
# lanes are added as ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)). Eight independent
# sums fill SIMD registers, so the compiled sums run at full width.
LANES = 8


def kernels(work: float = float("inf")) -> ModuleType | None:
    """The compiled kernels for a job of ``work`` steps, or None (numpy path).

    None when the job is smaller than ``MIN_WORK`` or numba is not installed.
    """
    if work < MIN_WORK:
        return None
    return _load()


@cache
def _load() -> ModuleType | None:
    if importlib.util.find_spec("numba") is None:
        return None
    from . import _kernels

    return _kernels
