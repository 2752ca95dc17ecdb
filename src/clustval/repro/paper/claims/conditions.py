"""What a check tests, as a function of the index values: its slack and whether it holds.

A *condition* maps the values of every set (``{dataset: {index: value}}``) to
``(slack, holds)``: ``slack`` is how far the values are from the boundary where the check
flips (positive on the side where it holds), ``holds`` the verdict of the check. The claims
evaluate each condition once on the scores of the run; the spread of the verdicts
(:mod:`clustval.repro.paper.spread`) evaluates it again on every bootstrap replicate of the
same clusterings, so the word of a check (holds, fails, within noise) comes from the same code
as its verdict.

Comparisons take a tolerance ``tol`` (0 under the exact reading): "a >= b" holds when
a >= b - tol, "a <= b" when a <= b + tol, strict "a > b" needs a > b + tol and "a < b" needs
a < b - tol, so each strict comparison is the exact negation of the opposite non-strict one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

Values = Mapping[str, Mapping[str, float]]
Term = Callable[[Values], float]
Condition = Callable[[Values], tuple[float, bool]]


def value(dataset: str, index: str) -> Term:
    """The value of ``index`` on ``dataset``."""
    return lambda values: values[dataset][index]


def best_of(dataset: str, indices: Sequence[str]) -> Term:
    """The highest value of ``indices`` on ``dataset``."""
    return lambda values: max(values[dataset][name] for name in indices)


def nth_lowest(dataset: str, indices: Sequence[str], n: int) -> Term:
    """The ``n``-th lowest value (1 = the lowest) of ``indices`` on ``dataset``."""
    return lambda values: sorted(values[dataset][name] for name in indices)[n - 1]


def at_least(a: Term, b: Term, tol: float) -> Condition:
    """a >= b (within ``tol``).

    Examples
    --------
    >>> slack, holds = at_least(lambda v: 0.9, lambda v: 0.902, 0.005)({})
    >>> round(slack, 6), holds
    (0.003, True)
    """
    def test(values: Values) -> tuple[float, bool]:
        slack = a(values) - b(values) + tol
        return slack, slack >= 0
    return test


def above(a: Term, b: Term, tol: float) -> Condition:
    """a > b (beyond ``tol``): the negation of ``at_least(b, a, tol)``."""
    def test(values: Values) -> tuple[float, bool]:
        slack = a(values) - b(values) - tol
        return slack, slack > 0
    return test


def at_most(a: Term, b: Term, tol: float) -> Condition:
    return at_least(b, a, tol)


def below(a: Term, b: Term, tol: float) -> Condition:
    return above(b, a, tol)


def all_of(*conditions: Condition) -> Condition:
    """Every condition holds; the slack is the smallest."""
    def test(values: Values) -> tuple[float, bool]:
        found = [condition(values) for condition in conditions]
        return min(slack for slack, _ in found), all(holds for _, holds in found)
    return test


def any_of(*conditions: Condition) -> Condition:
    """Some condition holds; the slack is the largest."""
    def test(values: Values) -> tuple[float, bool]:
        found = [condition(values) for condition in conditions]
        return max(slack for slack, _ in found), any(holds for _, holds in found)
    return test


def negation(condition: Condition) -> Condition:
    """The condition fails (what the paper implies where it excepts a set)."""
    def test(values: Values) -> tuple[float, bool]:
        slack, holds = condition(values)
        return -slack, not holds
    return test


def evaluate(condition: Condition, values: Values) -> tuple[float, bool]:
    """``condition`` on ``values``, with the slack as a plain float."""
    slack, holds = condition(values)
    return float(slack), bool(holds)


def datasets_values(table_value: Callable[[str, str], float], datasets: Sequence[str],
                    indices: Sequence[str]) -> dict[str, dict[str, float]]:
    """``{dataset: {index: value}}`` from a lookup ``table_value(dataset, index)``."""
    return {dataset: {name: table_value(dataset, name) for name in indices} for dataset in datasets}
