"""The one gate to the compiled (numba) kernels, which live in :mod:`clustval._kernels`
(the K-medoids ones in :mod:`clustval._kmedoids_kernels`, loaded through this same gate).

One rule picks the engine of every caller: the compiled kernels when numba is installed, its
JIT is on (``NUMBA_DISABLE_JIT=1``, numba's debugging mode, turns it off) and the job has at
least ``MIN_WORK`` elementary steps; the caller's numpy path otherwise, which gives the same
values (bit for bit, or within the bound each caller documents). Importing numba and loading
even cached kernels costs ~0.5 s per process, more than the whole work on small inputs.
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


def kernels(work: float = float("inf")) -> ModuleType | None:
    """The compiled kernels for a job of ``work`` steps, or None (numpy path).

    None when the job is smaller than ``MIN_WORK``, numba is not installed or its JIT is
    disabled (the kernels' 512-bit intrinsics have no pure-Python form).
    """
    if work < MIN_WORK:
        return None
    return _load()


@cache
def _load() -> ModuleType | None:
    if importlib.util.find_spec("numba") is None:
        return None
    import numba

    if numba.config.DISABLE_JIT:
        return None
    from . import _kernels

    return _kernels


def pair_kernels(work: float = float("inf")) -> ModuleType | None:
    """The compiled kernel of the pair-value passes (:mod:`clustval._pair_kernels`), under
    the rule of :func:`kernels`, or None (numpy path)."""
    if kernels(work) is None:
        return None
    from . import _pair_kernels

    return _pair_kernels
