"""The one gate to the compiled (numba) kernels, which live in :mod:`clustval._engine.kernels`
(the K-medoids ones in :mod:`clustval.clustering._kernels`, loaded through this same gate).

One rule picks the engine of every caller: the compiled kernels when numba is installed, its
JIT is on (``NUMBA_DISABLE_JIT=1``, numba's debugging mode, turns it off) and the job is
large enough to gain from them; the caller's numpy path otherwise, which gives the same
values (bit for bit, or within the bound each caller documents). Large enough means at
least ``MIN_WORK`` elementary steps once the kernels are loaded, and ``LOAD_FACTOR`` times
that in a process that has not loaded them yet: importing numba and loading its first
cached kernel cost 0.5-1.5 s, more than the numpy path of a job on a thousand objects
(``clustval score`` on 600 points takes about 0.1 s of numpy work). A caller about to run
many such jobs (a sweep over K) asks with their total work first, so the sweep loads the
kernels when it gains from them.
"""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from types import ModuleType

# Below this much work the numpy path takes at most a few milliseconds. Work is counted
# in steps of about a nanosecond of numpy time: one pairwise coordinate difference or one
# table cell scanned; callers weigh a label by the passes their numpy path makes over it.
MIN_WORK = 2**18
# Before the kernels are loaded a job needs MIN_WORK * LOAD_FACTOR steps (2^24, about
# n = 1,400 objects of d = 8 in one distance pass) to pay for loading them.
LOAD_FACTOR = 2**6
STEPS_PER_INT_LABEL = 8  # code vectors, keys and a bincount
STEPS_PER_STRING_LABEL = 64  # hashing every code unit, an integer sort and a verification


def kernels(work: float = float("inf")) -> ModuleType | None:
    """The compiled kernels for a job of ``work`` steps, or None (numpy path).

    None when the job is smaller than ``MIN_WORK`` (``MIN_WORK * LOAD_FACTOR`` until the
    kernels are loaded in this process), numba is not installed or its JIT is disabled (the
    kernels' 512-bit intrinsics have no pure-Python form).
    """
    return None if work < min_work() else _load()


def min_work() -> float:
    """The smallest job the compiled kernels take now: ``MIN_WORK`` once an earlier call has
    loaded (or missed) them in this process, ``MIN_WORK * LOAD_FACTOR`` before."""
    loaded = _load.cache_info().currsize > 0
    return MIN_WORK if loaded else MIN_WORK * LOAD_FACTOR


@cache
def _load() -> ModuleType | None:
    if importlib.util.find_spec("numba") is None:
        return None
    import numba

    if numba.config.DISABLE_JIT:
        return None
    _announce_compilation()
    from . import kernels as _kernels

    return _kernels


#: The line a process prints on stderr before it compiles its first kernel (the times: docs/speed.md,
#: "The first call", on a shared 2-core machine).
COMPILING = (
    "clustval: compiling its numeric kernels for this CPU, once per environment (numba caches "
    "them): an index's first call takes 4-14 s, every index at once 10-25 s."
)


def _announce_compilation() -> None:
    """Print :data:`COMPILING` on stderr when this process first compiles a kernel of the
    package (numba's cache misses it: a new environment, another CPU, a changed source), and
    never again in the process. numba compiles each kernel at its first call and only then,
    so a call compiles only the kernels it runs; a kernel found in the cache prints nothing."""
    from numba.core import event

    class Listener(event.Listener):
        announced = False

        def on_start(self, ev) -> None:
            function = getattr(ev.data.get("dispatcher"), "py_func", None)
            if not self.announced and getattr(function, "__module__", "").startswith("clustval."):
                Listener.announced = True
                try:
                    print(COMPILING, file=sys.stderr, flush=True)
                except (OSError, ValueError, AttributeError):  # no usable stderr: compile silently
                    pass

        def on_end(self, ev) -> None:
            pass

    event.register("numba:compile", Listener())


def pair_kernels(work: float = float("inf")) -> ModuleType | None:
    """The compiled kernel of the pair-value passes (:mod:`clustval._engine.pair_kernels`), under
    the rule of :func:`kernels`, or None (numpy path)."""
    if kernels(work) is None:
        return None
    from . import pair_kernels as _pair_kernels

    return _pair_kernels
