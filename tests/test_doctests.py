"""Every docstring example of the installed clustval package runs and prints what it shows.

The examples are collected from the imported package, so the same tests run whether clustval
is installed editable or not (collecting ``src/`` as files would import a second copy).
"""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil

import pytest

import clustval


def _modules() -> list[str]:
    # clustval.__main__ runs the command line on import: it has no examples to run.
    found = pkgutil.walk_packages(clustval.__path__, "clustval.")
    return ["clustval", *sorted(m.name for m in found if not m.name.endswith("__main__"))]


def _examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [test for test in doctest.DocTestFinder().find(module, name) if test.examples]


DOCTESTED = [name for name in _modules() if _examples(name)]


def test_the_documented_modules_are_found():
    assert {"clustval", "clustval.datasets.catalog", "clustval.datasets"} <= set(DOCTESTED)


@pytest.mark.parametrize("name", DOCTESTED)
def test_docstring_examples(name):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    for test in _examples(name):
        runner.run(test, out=report.write)
    assert runner.failures == 0, report.getvalue()
