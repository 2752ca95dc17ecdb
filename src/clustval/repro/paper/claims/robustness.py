"""Each claim re-checked at every value of a sweep, and how many values reproduce it.

A sweep row does not reduce its values to one word: its verdict counts the values under
which the claim is reproduced, partly reproduced or not (:func:`count_text`), so one variant
of nine falling short reads as what it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from clustval.errors import InputError
from clustval.indices.registry import get_index
from clustval.io.text import best_ks_text, k_ranges_text

from ..scores import ScoreTable
from .checks import CLAIMS, claim_c1
from .results import (
    INFEASIBLE,
    NOT_EVALUATED,
    NOT_REPRODUCED,
    PARTLY,
    REPRODUCED,
    Check,
    ClaimResult,
    axis_plural,
    choice_text,
    value_text,
)
from .settings import ClaimSettings


def claim_robustness(
    settings: ClaimSettings, sweeps: Mapping[str, ScoreTable], fallbacks: Mapping[str, Mapping] = {},
) -> list[ClaimResult]:
    """Each sweep's claims (``settings.sweeps``: axis and claim ids) re-checked at every value.

    A claim "holds" at a value when its verdict there is ``reproduced``. The verdict across
    values uses the same share rule over values. For C1 the values where it holds are
    reported as a band (the offset sweep); for the other claims, how often each set fails.
    ``fallbacks[study][value]``: the K at which SD seeding fell back there (C1 lists them).
    """
    results = []
    for study, table in sweeps.items():
        axis, claim_ids = settings.sweeps[study]
        _require_group(table, axis)
        by_value = claims_by_group(table, settings, claim_ids, fallbacks.get(study, {}))
        for claim_id in claim_ids:
            per_value = {value: found[claim_id] for value, found in by_value.items()}
            if claim_id == "C1":
                results.append(_robust_c1(per_value, settings, study, axis))
            else:
                results.append(_robust_over_values(per_value, settings, study, axis))
    return results


def claims_by_group(
    table: ScoreTable, settings: ClaimSettings, claim_ids: Sequence[str], fallbacks: Mapping = {},
) -> dict[object, dict[str, ClaimResult]]:
    """Each claim's result at each value (or variant) of a sweep table, read with the
    algorithm that value's rows were clustered with (an algorithm sweep changes it)."""
    if not len(table):
        raise InputError("a sweep's score table is empty; run the sweep first")
    found = {}
    for value in table.groups():
        sub = table.for_group(value)
        (algorithm, *more) = sub.algorithms()
        local = settings if more else replace(settings, external_algorithm=algorithm, fig3_algorithm=algorithm,
                                              uci_k_algorithm=algorithm)
        found[value] = {
            claim_id: claim_c1(sub, local, fallbacks.get(value, ())) if claim_id == "C1" else CLAIMS[claim_id](sub, local)
            for claim_id in claim_ids
        }
    return found


def _require_group(table: ScoreTable, column: str) -> None:
    if table.group_column != column:
        raise InputError(f"expected a {column} sweep table, got group column {table.group_column!r}")


def _robust_c1(per_value: Mapping[object, ClaimResult], settings: ClaimSettings, study: str, axis: str) -> ClaimResult:
    checks = []
    best_by_value = {}
    for value, result in per_value.items():
        best_by_value[repr(value)] = result.detail["best_k"]
        best = ", ".join(f"{get_index(n).label} {best_ks_text(ks)}" for n, ks in result.detail["best_k"].items())
        fallback = result.detail["init_fallback_k"]
        if fallback:
            best += f"; SD seeds filled farthest-first at K = {k_ranges_text(fallback)}"
        checks.append(Check(
            subject=value_text(axis, value),
            statement=f"{result.verdict}: {best}",
            holds=result.verdict == REPRODUCED,
            numbers={axis: value},
        ))
    numeric = all(isinstance(c.numbers[axis], (int, float)) for c in checks)
    n_hold = sum(c.holds for c in checks)
    summary = f"pattern holds at {n_hold}/{len(checks)} {axis_plural(axis)}"
    detail = {f"best_k_by_{axis}": best_by_value}
    if numeric:
        band = pattern_band([c.numbers[axis] for c in checks], [c.holds for c in checks])
        summary += "; band: " + (", ".join(f"{lo:g}-{hi:g}" if lo != hi else f"{lo:g}" for lo, hi in band) or "none")
        detail["band"] = band
        partly = [value for value, result in per_value.items() if result.verdict == PARTLY]
        if partly:
            summary += "; partly at " + ", ".join(f"{v:g}" for v in sorted(partly))
    elif 0 < n_hold < len(checks):
        axes = settings.sweep_axes.get(study, (axis,))
        held = [" / ".join(choice_text(a, v) for a, v in zip(axes, str(c.numbers[axis]).split("/")))
                if len(axes) > 1 else choice_text(axis, c.numbers[axis]) for c in checks if c.holds]
        summary += "; holds under " + ", ".join(held)
    return ClaimResult(
        id="C1",
        source="Fig. 3",
        statement=f"C1 across the Fig. 1 generator's sub-cluster {axis}." if axis == "offset"
        else f"C1 across {axis}.",
        rule=COUNT_RULE.format(unit=axis_plural(axis)),
        verdict=count_text(per_value.values(), axis_plural(axis)),
        summary=summary,
        checks=tuple(checks),
        scope=study,
        detail={**detail, "counts": verdict_counts(per_value.values())},
    )


def pattern_band(offsets: Sequence[float], holds: Sequence[bool]) -> list[list[float]]:
    """Maximal runs of consecutive offsets (in sorted order) where the pattern holds."""
    band: list[list[float]] = []
    previous_held = False
    for offset, ok in sorted(zip(offsets, holds)):
        if ok and previous_held:
            band[-1][1] = offset
        elif ok:
            band.append([offset, offset])
        previous_held = ok
    return band


def _robust_over_values(per_value: Mapping[object, ClaimResult], settings: ClaimSettings, study: str, axis: str) -> ClaimResult:
    runs = []
    fail_counts: dict[str, int] = {}
    for value, result in per_value.items():
        runs.append(Check(
            subject=value_text(axis, value) if axis != "variant" else str(value),
            statement=f"{result.verdict}: {result.summary}",
            holds=result.verdict == REPRODUCED,
            numbers={axis: value},
        ))
        for subject in result.failing:
            fail_counts[subject] = fail_counts.get(subject, 0) + 1
    n_hold = sum(r.holds for r in runs)
    fails = ", ".join(f"{settings.name(s)} {n}/{len(runs)}" for s, n in sorted(fail_counts.items())) or "none"
    return ClaimResult(
        id=result.id,
        source=result.source,
        statement=result.statement,
        rule=COUNT_RULE.format(unit=axis_plural(axis)),
        verdict=count_text(per_value.values(), axis_plural(axis)),
        summary=f"reproduced in {n_hold}/{len(runs)} {axis_plural(axis)}; failing sets (count of {axis_plural(axis)}): {fails}",
        checks=tuple(runs),
        scope=study,
        detail={"failures_by_set": fail_counts, f"n_{axis}s": len(runs),
                "counts": verdict_counts(per_value.values())},
    )


COUNT_RULE = "the claim re-checked under each of the {unit}, with the headline's rules; counted by verdict"
VERDICT_ORDER = (REPRODUCED, PARTLY, NOT_REPRODUCED, INFEASIBLE, NOT_EVALUATED)


def verdict_counts(results) -> dict[str, int]:
    """How many of ``results`` have each verdict (those with none left out)."""
    verdicts = [result.verdict for result in results]
    return {verdict: verdicts.count(verdict) for verdict in VERDICT_ORDER if verdict in verdicts}


def count_text(results, unit: str = "variants") -> str:
    """A sweep row's verdict: "6/9 reproduced, 3/9 partly" (every verdict that occurs).

    Examples
    --------
    >>> from types import SimpleNamespace as R
    >>> count_text([R(verdict="partly"), R(verdict="reproduced"), R(verdict="partly")], "seeds")
    '1/3 reproduced, 2/3 partly'
    """
    results = list(results)
    counts = verdict_counts(results)
    return ", ".join(f"{n}/{len(results)} {verdict}" for verdict, n in counts.items())
