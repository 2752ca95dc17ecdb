"""Every public function of the modules below shows how it is called: a docstring with an
"Examples" section whose examples run (they are run by tests/test_doctests.py)."""

from __future__ import annotations

import importlib
import inspect

import pytest

MODULES = ["clustval.counts", "clustval.datasets", "clustval.io", "clustval.kmedoids", "clustval.selection"]


def _public_functions(name: str):
    module = importlib.import_module(name)
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    return [(n, getattr(module, n)) for n in names
            if inspect.isfunction(getattr(module, n)) and getattr(module, n).__module__ == name]


@pytest.mark.parametrize("name", MODULES)
def test_every_public_function_has_a_running_example(name):
    functions = _public_functions(name)
    assert functions, f"{name} has no public function"
    missing = [n for n, f in functions if "Examples\n" not in (f.__doc__ or "") or ">>> " not in f.__doc__]
    assert not missing, f"{name}: no Examples section in {missing}"
