"""The package as a library user installs it: the core needs numpy, scipy and numba (with its llvmlite) only."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import clustval

PYPROJECT = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
OPTIONAL = ("matplotlib", "yaml", "ucimlrepo", "snakemake", "sklearn")


def _distribution(requirement: str) -> str:
    return re.match(r"[A-Za-z0-9_.-]+", requirement).group(0).lower()


def test_core_dependencies_are_numpy_scipy_numba():
    # llvmlite is numba's own dependency, declared because the 512-bit kernels emit its IR directly
    assert sorted(map(_distribution, PYPROJECT["project"]["dependencies"])) == ["llvmlite", "numba", "numpy", "scipy"]


def test_test_extra_brings_the_cross_check_references():
    test = set(map(_distribution, PYPROJECT["project"]["optional-dependencies"]["test"]))
    assert {"pytest", "hypothesis", "scikit-learn", "pyyaml"} <= test


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_import_clustval_loads_no_optional_package():
    code = f"import sys, clustval; print(' '.join(m for m in {OPTIONAL!r} if m in sys.modules))"
    assert _run(code).strip() == ""


def test_every_index_works_without_the_optional_packages():
    # None in sys.modules makes `import name` raise ImportError, as in a core install
    # (numba itself tries `import yaml` for an optional config file, and does without it)
    code = (
        f"import sys\nfor m in {OPTIONAL!r}: sys.modules[m] = None\n"
        "import clustval\n"
        "v = clustval.score([0, 0, 1, 1, 2], labels_true=[0, 1, 1, 2, 2], X=[[0.0], [1], [2], [3], [5]])\n"
        "print(len(v), v['ami'])"
    )
    count, ami = _run(code).split()
    assert int(count) == len(clustval.INDICES) and float(ami) == clustval.adjusted_mutual_info(
        [0, 0, 1, 1, 2], [0, 1, 1, 2, 2]
    )
