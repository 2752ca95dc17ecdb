"""Every public function has an Examples section (which tests/test_doctests.py runs).

Covers every callable of ``clustval.__all__`` and every public function, class and method of
the modules that hold the indices, their shared tables, the scoring entry points, choosing K,
the data loaders and writers and K-medoids.
"""

from __future__ import annotations

import importlib
import inspect

import pytest

import clustval

MODULES = [
    "clustval.compat.clustercrit",
    "clustval.compat.nbclust",
    "clustval.compat.r_random",
    "clustval.compat.r_kmeans",
    "clustval.compat.sklearn",
    "clustval.indices.nbclust",
    "clustval.indices.neighbours",
    "clustval.indices.cvi",
    "clustval.indices.density",
    "clustval.indices.contingency",
    "clustval.indices.counts",
    "clustval.datasets",
    "clustval.indices.generalised_dunn",
    "clustval.indices._docs",
    "clustval.errors",
    "clustval.indices.external",
    "clustval.selection.gap",
    "clustval.indices.classic",
    "clustval.io.read",
    "clustval.io.text",
    "clustval.io.write",
    "clustval.clustering.kmedoids",
    "clustval.indices.pair_rank",
    "clustval.clustering.pam",
    "clustval.indices.registry",
    "clustval.indices.scatter",
    "clustval.indices.scoring",
    "clustval.selection.select",
    "clustval.selection.adjacent",
    "clustval.selection.plots",
    "clustval.bootstrap",
    "clustval.selection.stability",
    "clustval.indices.objects",
    "clustval.indices.chance",
    "clustval.indices.information",
    "clustval.inference",
]


def _public(module_name: str):
    """(qualified name, object) of the module's own public functions, classes and methods."""
    module = importlib.import_module(module_name)
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        if inspect.isfunction(obj):
            yield f"{module_name}.{name}", obj
        elif inspect.isclass(obj):
            yield f"{module_name}.{name}", obj
            for attribute, member in vars(obj).items():
                if attribute.startswith("_"):
                    continue
                target = getattr(member, "fget", None) or getattr(member, "func", None)
                target = target or getattr(member, "__func__", member)
                if inspect.isfunction(target):
                    yield f"{module_name}.{name}.{attribute}", target


PUBLIC = sorted(
    {qualified: obj for module in MODULES for qualified, obj in _public(module)}.items()
) + sorted((f"clustval.{name}", getattr(clustval, name)) for name in clustval.__all__
           if callable(getattr(clustval, name)))  # fmt: skip


def test_the_search_finds_what_it_should():
    names = {name for name, _ in PUBLIC}
    assert {"clustval.indices.external.s2", "clustval.indices.contingency.Contingency.pairs",
            "clustval.indices.registry.register", "clustval.indices.scoring.score", "clustval.ari"} <= names  # fmt: skip
    assert len(names) > 100


@pytest.mark.parametrize(("name", "obj"), PUBLIC, ids=[name for name, _ in PUBLIC])
def test_has_an_examples_section(name, obj):
    doc = inspect.getdoc(obj) or ""
    section = doc.partition("\nExamples\n--------\n")[2]
    assert ">>> " in section, f"{name} has no Examples section"
