"""The guard: every index of the registry has tests against independent truth
(tests/indices/references.py), and every test the table names exists.

The tests are found in their files' source (a top-level ``def test_...``), not imported, so
the guard needs none of the peers a test may skip without."""

from __future__ import annotations

import ast
from functools import cache

from clustval.indices.registry import INDICES
from tests.conftest import REPO
from tests.indices.references import BRUTE, HAND, KINDS, REFERENCES, TRUTH


@cache
def module_of(path: str) -> ast.Module:
    return ast.parse((REPO / path).read_text(encoding="utf-8"))


def functions_in(path: str) -> dict[str, ast.FunctionDef]:
    """The test functions defined at the top level of a test file, by name."""
    return {node.name: node for node in module_of(path).body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}  # fmt: skip


def marked_slow(test: str) -> bool:
    """The test carries pytest.mark.slow, or its file's pytestmark does."""
    path, name = test.split("::")
    marks = [ast.unparse(d) for d in functions_in(path)[name].decorator_list]
    marks += [ast.unparse(node.value) for node in module_of(path).body
              if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets)]
    return any("mark.slow" in mark for mark in marks)


def test_every_registry_index_has_a_test_against_independent_truth():
    missing = [name for name in INDICES if name not in REFERENCES]
    assert missing == [], "name each one's tests against independent truth in tests/indices/references.py"
    assert [name for name in REFERENCES if name not in INDICES] == [], "a row names an index the registry lost"


def test_every_row_names_a_test_that_exists_and_a_kind_of_truth():
    assert len(TRUTH) == len({test for test, _, _ in TRUTH}), "one row per test"
    for test, kind, names in TRUTH:
        path, name = test.split("::")
        assert name in functions_in(path), f"{test} is not a test function"
        assert kind in KINDS, (test, kind)
        assert names.split() and len(set(names.split())) == len(names.split()), test


def test_every_index_has_truth_of_its_own_in_the_fast_suite():
    # a value worked by hand or a brute-force oracle, which no missing package can skip; a
    # peer's values come beside it, not instead
    for name, references in REFERENCES.items():
        own = [test for test, kind in references if kind in (HAND, BRUTE) and not marked_slow(test)]
        assert own, f"{name}: no hand-worked or brute-force test in the fast suite"
