"""Timing and peak-memory helpers shared by the benchmark workers.

Peak memory is the process's resident set: Linux keeps its high-water mark in ``VmHWM``,
which writing ``5`` to ``/proc/self/clear_refs`` resets, so a worker can measure the peak of
its timed calls alone (numba's allocations included, which tracemalloc cannot see). Where
that is unavailable, ``ru_maxrss`` (the peak since the process started) is the fallback.
"""

from __future__ import annotations

import gc
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path


def rss_mb(field: str = "VmRSS") -> float:
    """VmRSS (current) or VmHWM (peak) of this process in MB; ru_maxrss as a fallback."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def reset_peak() -> bool:
    """Reset VmHWM to the current RSS (Linux >= 4.0); False when not possible."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


def time_calls(call: Callable[[], object], repeats: int, budget_s: float) -> dict:
    """Time ``call`` up to ``repeats`` times (fewer once ``budget_s`` is spent, at least once).

    Returns best and median seconds, the process CPU seconds of the fastest run (every
    thread's: the work, not the waiting of a shared machine), the number of runs, the last
    result and the peak RSS above the RSS before the first run (MB), measured over all the
    timed runs.
    """
    gc.collect()
    base = rss_mb("VmRSS")
    exact_peak = reset_peak()
    times: list[float] = []
    cpu: list[float] = []
    result = None
    while len(times) < repeats and (not times or sum(times) < budget_s):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = call()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    peak = rss_mb("VmHWM") - base
    return dict(
        best_s=min(times),
        best_cpu_s=cpu[times.index(min(times))],
        median_s=statistics.median(times),
        runs=len(times),
        peak_rss_mb=round(max(peak, 0.0), 1),
        rss_exact=exact_peak,
        result=result,
    )


def traced_peak_mb(call: Callable[[], object]) -> float:
    """Peak of the Python/numpy allocations (tracemalloc) during one untimed call, in MB."""
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    try:
        call()
        return round(tracemalloc.get_traced_memory()[1] / 2**20, 1)
    finally:
        tracemalloc.stop()
