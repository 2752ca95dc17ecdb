"""The selection wing: everything that chooses K in one folder (clustval.selection), above the
indices. What moved into it is found where users imported it before (clustval._MOVED,
clustval._MOVED_NAMES), and the indices wing imports only the engine and the errors."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import clustval

SRC = Path(clustval.__file__).resolve().parent


@pytest.mark.parametrize(("old", "new"), sorted(clustval._MOVED.items()))
def test_a_moved_module_is_its_old_dotted_path(old, new):
    assert importlib.import_module(old) is importlib.import_module(new)
    assert not (SRC.parent / (old.replace(".", "/") + ".py")).exists(), "no file left at the old path"


def test_the_old_paths_serve_every_form_of_import():
    import clustval.indices.gap
    import clustval.stability
    from clustval import stability
    from clustval.indices.gap import GapResult, gap_statistic
    from clustval.stability import STABILITY, prediction_strength

    assert stability is clustval.stability is clustval.selection.stability
    assert clustval.indices.gap.gap_statistic is gap_statistic is clustval.gap_statistic
    assert GapResult is clustval.selection.gap.GapResult
    assert prediction_strength is clustval.prediction_strength and "instability" in STABILITY


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [(old, new, name) for old, (new, names) in sorted(clustval._MOVED_NAMES.items()) for name in names],
)
def test_a_name_moved_out_of_a_module_is_found_there_still(old, new, name):
    assert getattr(importlib.import_module(old), name) is getattr(importlib.import_module(new), name)


def test_the_nbclust_module_keeps_its_adjacent_names_and_its_registry_indices():
    from clustval.indices.nbclust import ADJACENT, adjacent_scores, ccc, kl, split_tests

    assert set(ADJACENT) == {"kl", "hartigan", "duda_hart", "pseudo_t2", "beale", "frey"}
    assert adjacent_scores.__module__ == kl.__module__ == split_tests.__module__ == "clustval.selection.adjacent"
    assert clustval.INDICES["ccc"].function is ccc and not set(ADJACENT) & set(clustval.INDICES)


def _imports(path: Path) -> set[str]:
    """The clustval modules a file imports, relative imports made absolute, wherever they stand
    (an import inside a function is an import too)."""
    package = "clustval." + ".".join(path.relative_to(SRC).parent.parts)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
                # `from . import family` imports modules of the package
                found |= {f"{module}.{alias.name}" for alias in node.names} if not node.module else {module}
            else:
                found.add(node.module)
    return {name for name in found if name == "clustval" or name.startswith("clustval.")}


def test_the_indices_wing_imports_only_the_engine_and_the_errors():
    allowed = ("clustval.indices", "clustval._engine", "clustval.errors")
    files = sorted((SRC / "indices").rglob("*.py"))
    assert len(files) > 15
    for path in files:
        outside = {name for name in _imports(path) if not any(name == a or name.startswith(a + ".") for a in allowed)}
        assert not outside, f"{path.relative_to(SRC)} imports {sorted(outside)}"


def test_the_import_reader_sees_the_imports_it_must_refuse():
    # the check above reads relative imports at every depth: what the gap statistic's old
    # home imported would be refused
    assert _imports(SRC / "selection" / "gap.py") >= {"clustval.clustering", "clustval.compat.r_random", "clustval.indices.partition"}
    assert "clustval.plotting" in _imports(SRC / "selection" / "plots.py")
