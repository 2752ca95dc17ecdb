"""Where numba's compiled kernels are cached: beside the sources by default (numba's own
rule: the package's __pycache__, or a user cache folder when that is not writable), and in
NUMBA_CACHE_DIR when it is set, so an editable install need not write into src/."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytest.importorskip("numba")


@pytest.mark.slow
def test_numba_cache_dir_moves_the_kernels_cache(tmp_path):
    code = (
        "import numpy as np, clustval\n"
        "X = np.random.default_rng(0).normal(size=(3000, 8))\n"  # large enough to load the kernels
        "clustval.internal_scores(X, np.arange(3000) % 3, ['sil'])\n"
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True)
    cached = [path.name for path in tmp_path.rglob("*.nbi")]
    assert any(name.startswith("kernels.") for name in cached), cached


def test_the_first_compilation_says_so_in_one_line_and_a_cached_kernel_says_nothing(tmp_path):
    # merge_counts is the package's smallest kernel: compiled in about a second
    code = (
        "import numpy as np\n"
        "from clustval._engine import compiled\n"
        "kernels = compiled.pair_kernels()\n"
        "kernels.merge_counts(np.arange(3.0), np.arange(3.0))\n"
        "kernels.merge_counts(np.arange(5.0), np.arange(2.0))\n"  # the same kernel: compiled once
    )
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            for _ in range(2)]  # fmt: skip
    from clustval._engine.compiled import COMPILING

    assert runs[0].stderr.splitlines() == [COMPILING]
    assert runs[1].stderr == ""  # loaded from numba's cache: nothing to say
