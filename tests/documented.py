"""The documented modules and their public members, as the tests of the docstrings find them
(tests/test_examples.py: an Examples section; tests/test_docs.py: the numpydoc sections)."""

from __future__ import annotations

import functools
import importlib
import inspect

# The modules of the indices, their shared tables, the scoring entry points, choosing K, the
# peers' layers and the data sets; each test adds its own
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
    "clustval.indices.external",
    "clustval.selection.gap",
    "clustval.indices.classic",
    "clustval.indices.pair_rank",
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


def public(module_name: str, *, classes: bool = True, properties: bool = True):
    """(qualified name, object) of the module's own public functions, its classes (unless
    ``classes`` is false) and their methods, with the getters of their properties unless
    ``properties`` is false."""
    module = importlib.import_module(module_name)
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module_name:
            continue
        if inspect.isfunction(obj):
            yield f"{module_name}.{name}", obj
        elif inspect.isclass(obj):
            if classes:
                yield f"{module_name}.{name}", obj
            for attribute, member in vars(obj).items():
                if attribute.startswith("_"):
                    continue
                if not properties and isinstance(member, (property, functools.cached_property)):
                    continue
                target = getattr(member, "fget", None) or getattr(member, "func", None)
                target = target or getattr(member, "__func__", member)
                if inspect.isfunction(target):
                    yield f"{module_name}.{name}.{attribute}", target
