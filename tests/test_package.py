"""The package as a library user installs it: the core needs numpy, scipy and numba (with its llvmlite) only."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

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
        "v = clustval.score([0, 0, 1, 1, 2], labels_true=[0, 1, 1, 2, 2], X=[[0.0], [1], [2], [3], [5]],\n"
        "                   undefined='nan')\n"  # a singleton: Banfeld-Raftery's log 0
        "print(len(v), v['ami'])"
    )
    count, ami = _run(code).split()
    assert int(count) == len(clustval.INDICES) and float(ami) == clustval.ami(
        [0, 0, 1, 1, 2], [0, 1, 1, 2, 2]
    )


# ---- one direction: the library below the reproduction

SRC = Path(clustval.__file__).resolve().parent
LIBRARY_MODULES = sorted(
    "clustval." + ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
    for path in SRC.rglob("*.py")
    if path.relative_to(SRC).parts[0] != "repro" and path.name != "__main__.py"
)


@pytest.mark.slow  # a fresh interpreter importing every module
def test_the_library_imports_nothing_of_the_reproduction():
    # every module of the library, imported in a fresh process, loads no module of
    # clustval.repro (the reproduction builds on the library, never the reverse)
    assert "clustval.indices.scoring" in LIBRARY_MODULES and "clustval.datasets.fetch" in LIBRARY_MODULES
    code = (
        f"import importlib, sys\nfor name in {LIBRARY_MODULES!r}: importlib.import_module(name)\n"
        "print(sorted(name for name in sys.modules if name.startswith('clustval.repro')))"
    )
    assert _run(code).strip() == "[]"


def test_no_library_file_names_the_reproduction():
    # the same, read from the code: an import inside a function would escape the run above
    import ast

    for path in SRC.rglob("*.py"):
        if path.relative_to(SRC).parts[0] == "repro":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not any("repro" in name.split(".") for name in names), f"{path} imports {names}"
