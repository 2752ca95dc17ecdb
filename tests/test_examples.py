"""Every public function has an Examples section (which tests/test_doctests.py runs).

Covers every callable of ``clustval.__all__`` and every public function, class and method of
the modules that hold the indices, their shared tables, the scoring entry points, choosing K,
the data loaders and writers and K-medoids.
"""

from __future__ import annotations

import inspect

import pytest

import clustval
from tests.documented import MODULES as DOCUMENTED
from tests.documented import public

MODULES = [*DOCUMENTED, "clustval.errors", "clustval.io.read", "clustval.io.text", "clustval.io.write",
           "clustval.clustering.kmedoids", "clustval.clustering.pam"]

PUBLIC = sorted(
    {qualified: obj for module in MODULES for qualified, obj in public(module)}.items()
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
