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
