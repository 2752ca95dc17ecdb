"""The paper's claims C1-C9, checked against our scores, with the numbers behind each verdict.

Every claim is broken into **checks**: one statement about one data set (or one index, or one
printed value) that holds or not. Unless a claim says otherwise the verdict rule is:

- ``reproduced``: every check holds;
- ``partly``: at least ``partly_share`` of the checks hold (config ``claims.partly_share``);
- ``not reproduced``: fewer.

A check that no clustering can satisfy under the paper's definitions is *infeasible*
(:mod:`.feasibility`): reported with its proof, and counted in no verdict.

Where the paper's words leave a rule open, the check follows the reading of the settings
(:mod:`.readings`; the headline reads each naturally): exact comparisons or a margin
(``equal_tol``), a tied best K finding each of its K or none, C6's first or second clause,
"except X" checked as a failure on X or only leaving X out. Each check carries its condition
(:mod:`.conditions`) so the bootstrap re-evaluates it with the same code. Nothing here is tuned
to change a verdict.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from clustval.clustering import algorithm_label
from clustval.errors import InputError
from clustval.indices.registry import get_index
from clustval.io.text import best_ks_text, k_ranges_text

from ..scores import ScoreTable
from . import conditions as K
from .baselines import k_baseline_detail
from .feasibility import s2_above_accuracy_proof
from .results import (
    NOT_REPRODUCED,
    PARTLY,
    REPRODUCED,
    Check,
    ClaimResult,
    result_from_checks,
)
from .settings import ClaimSettings
from .trends import TRENDS


def _values(table: ScoreTable, settings: ClaimSettings, dataset: str, indices: Iterable[str]) -> dict[str, float]:
    values = {name: table.value(dataset, name, settings.external_algorithm) for name in indices}
    bad = [name for name, v in values.items() if not math.isfinite(v)]
    if bad:
        raise InputError(f"{', '.join(bad)} on {dataset!r} is not finite; a claim cannot use it")
    return values


def _label(name: str) -> str:
    return get_index(name).label


def _fmt(values: Mapping[str, float]) -> str:
    return ", ".join(f"{_label(name)} {value:.4f}" for name, value in values.items())


def _check(subject, statement, condition, values_by_set, **fields) -> Check:
    """A check whose verdict is its condition's on the run's values."""
    slack, holds = K.evaluate(condition, values_by_set)
    return Check(subject=subject, statement=statement(holds) if callable(statement) else statement,
                 holds=holds, condition=condition, slack=slack, **fields)


# ====================================================================== C1
def finds(ks: Sequence[int], expected: int, ties: str) -> bool:
    """Whether an index whose best value lies at ``ks`` finds ``expected``: under the reading
    ``any`` a tie finds each of its K, under ``unique`` only an untied best finds its K.

    Examples
    --------
    >>> finds((3, 9, 10), 3, "shared"), finds((3, 9, 10), 3, "unique"), finds((3,), 3, "unique")
    (True, False, True)
    """
    return expected in ks if ties == "shared" else tuple(ks) == (expected,)


def c1_checks(best: Mapping[str, Sequence[int]], expected: Mapping[str, int], true_k: int,
              ties: str) -> list[tuple[str, bool, str]]:
    """C1's checks from each index's best K: ``(subject, holds, why)``.

    One check per index (its stated K is found, :func:`finds`), and one for "only" (只有): no
    index but STDI finds ``true_k``, under the same tie rule. Under ``ties: shared`` IGP's tie
    at 3, 9 and 10 finds 3 (its check holds) and 9 (the "only" check fails); under ``unique``
    it finds neither. The offset-sweep figure shades an offset with these same checks.

    Examples
    --------
    >>> [(s, h) for s, h, _ in c1_checks({"stdi": (9,), "igp": (3, 9)}, {"stdi": 9, "igp": 3}, 9, "shared")]
    [('stdi', True), ('igp', True), ('only', False)]
    >>> [(s, h) for s, h, _ in c1_checks({"stdi": (9,), "igp": (3, 9)}, {"stdi": 9, "igp": 3}, 9, "unique")]
    [('stdi', True), ('igp', False), ('only', True)]
    """
    found = [(name, finds(best[name], k, ties), f"stated {k}") for name, k in expected.items()]
    rivals = [name for name in expected if name != "stdi" and finds(best[name], true_k, ties)]
    why = ("no other index finds " + str(true_k)) if not rivals else \
        (", ".join(_label(name) for name in rivals) + f" also finds {true_k}")
    return [*found, ("only", not rivals, why)]


def c1_pattern_holds(best: Mapping[str, Sequence[int]], expected: Mapping[str, int], true_k: int,
                     ties: str) -> bool:
    """Whether every check of C1 holds (the paper's pattern, as the claim and Fig. S1 read it)."""
    return all(holds for _, holds, _ in c1_checks(best, expected, true_k, ties))


def claim_c1(table: ScoreTable, settings: ClaimSettings, fallback_ks: Sequence[int] = ()) -> ClaimResult:
    """C1 (Fig. 3): only STDI finds the 9 clusters of the Fig. 1 set; DB XB IGP Sil BWP are best at K = 3.

    A best value shared by several K (IGP = 1 at K = 3, 9 and 10) is reported as a tie; under
    the reading ``ties: shared`` it finds each of those K, under ``unique`` none (:func:`finds`).
    "Only" (只有) is a check of its own (:func:`c1_checks`). Rule: reproduced if every check
    holds; partly if STDI's does (the claim's point) and at least ``partly_share`` of the others
    do; otherwise not reproduced. ``fallback_ks``: the K at which SD seeding ran out of
    candidates and filled its seeds farthest-first.
    """
    ties = settings.readings["ties"]
    best, values = {}, {}
    for name in settings.c1_expected:
        ks, value = table.best_ks(settings.fig3_dataset, name, settings.fig3_algorithm)
        best[name], values[name] = list(ks), value
    true_k = settings.fig1_true_k
    checks = []
    for subject, holds, why in c1_checks(best, settings.c1_expected, true_k, ties):
        if subject == "only":
            checks.append(Check(
                subject="only STDI",
                statement=f"only STDI finds {true_k} (只有): {why}",
                holds=holds,
                numbers={"expected_k": true_k},
            ))
            continue
        ks, expected = best[subject], settings.c1_expected[subject]
        also = ""
        if subject != "stdi" and len(ks) > 1 and true_k in ks:
            also = f"; its tie also takes in {true_k}, the K the paper says only STDI finds"
        checks.append(Check(
            subject=_label(subject),
            statement=f"best K of {_label(subject)} is {best_ks_text(ks)} (value {values[subject]:.4g}); "
                      f"paper: {expected}{also}",
            holds=holds,
            numbers={"best_k": ks[0], "n_tied": len(ks), "best_value": values[subject], "expected_k": expected},
        ))
    stdi, others = checks[0], checks[1:]
    n_other = sum(c.holds for c in others)
    if all(c.holds for c in checks):
        verdict = REPRODUCED
    elif stdi.holds and others and n_other / len(others) >= settings.partly_share:
        verdict = PARTLY
    else:
        verdict = NOT_REPRODUCED
    ks = table.series(settings.fig3_dataset, settings.fig3_indices[0], settings.fig3_algorithm)[0]
    summary = f"{sum(c.holds for c in checks)}/{len(checks)} checks hold; best K: " + ", ".join(
        f"{get_index(n).label} {best_ks_text(k)}" for n, k in best.items())
    algorithm = algorithm_label(settings.fig3_algorithm)
    summary += f" (K = {ks[0]}..{ks[-1]}, {algorithm}); only STDI finds {true_k}: " + \
        ("yes" if checks[-1].holds else "no")
    if fallback_ks:
        summary += f"; SD seeds filled farthest-first at K = {k_ranges_text(fallback_ks)}"
    baseline = k_baseline_detail(ks, {settings.fig3_dataset: true_k}, int(stdi.holds), **_k_baseline_args(settings))
    return ClaimResult(
        id="C1",
        source="Fig. 3",
        statement=(
            f"On the Fig. 1 set, only STDI finds K = {true_k}; DB, XB, IGP, Sil, BWP "
            f"are best at K = {settings.fig1_group_k}."
        ),
        rule=(
            f"a check holds when the stated K is found under the tie rule ({ties}), and 'only' when no other "
            f"index finds {true_k} under it; reproduced if every check holds; partly if STDI's does and at "
            f"least {settings.partly_share:g} of the others do; otherwise not reproduced"
        ),
        verdict=verdict,
        summary=summary,
        checks=tuple(checks),
        detail={"best_k": best, "k_range": [ks[0], ks[-1]], "init_fallback_k": sorted(fallback_ks),
                "baseline": _public(baseline)},
    )


def _k_baseline_args(settings: ClaimSettings) -> dict:
    return {"fixed_k": int(settings.baselines["fixed_k"]), "seed": int(settings.baselines["seed"])}


def _public(baseline: Mapping) -> dict:
    return {key: value for key, value in baseline.items() if key != "answers"}


# ====================================================================== C2, C3: S2 highest
def _s2_highest(table, settings, datasets, id, source, statement) -> ClaimResult:
    """S2 is "the highest" under the tie rule: with ``ties: shared`` S2 level with the best
    other index (exactly, or within the margin under that reading) is highest, as a tied best
    K is found; with ``unique`` it must be above every other. On a set where no clustering
    lets S2 exceed Accuracy the strict check is infeasible (:mod:`.feasibility`)."""
    exceptions = settings.excepted(id)
    tol = settings.tolerance
    shared = settings.readings["ties"] == "shared"
    checks = []
    for dataset in datasets:
        is_exception = dataset in exceptions
        if is_exception and not settings.implied_exceptions_checked:
            continue
        values = _values(table, settings, dataset, settings.fig4_indices)
        s2 = values["s2"]
        others = [n for n in values if n != "s2"]
        rival = max(others, key=lambda n: values[n])
        compare = K.at_least if shared else K.above
        highest = compare(K.value(dataset, "s2"), K.best_of(dataset, others), tol)
        _, is_highest = highest({dataset: values})
        tied = abs(s2 - values[rival]) <= tol if tol else s2 == values[rival]
        if tied:
            word = "tied with the best, " + ("highest (a tie is shared)" if shared else "not highest (a tie counts for none)")
        else:
            word = "highest" if is_highest else "not highest"
        sizes = settings.class_sizes.get(dataset, ())
        proof = "" if is_exception or "accuracy" not in others or shared else \
            s2_above_accuracy_proof(sizes, len(sizes))
        checks.append(_check(
            dataset,
            f"S2 {s2:.4f} vs best other {_label(rival)} {values[rival]:.4f} "
            f"(difference {s2 - values[rival]:+.4f}): {word}"
            + (" (paper: not highest here)" if is_exception else ""),
            K.negation(highest) if is_exception else highest,
            {dataset: values},
            role="exception" if is_exception else "stated",
            numbers=values,
            infeasible=proof,
        ))
    return result_from_checks(id, source, statement, checks, settings, absent=settings.absent(id, datasets))


def claim_c2(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C2 (Fig. 4a): S2 is the highest of the six indices on every synthetic set except UEc6."""
    return _s2_highest(
        table, settings, settings.synthetic, "C2", "Fig. 4a",
        "On the synthetic sets, S2 is the highest of the six indices on every set except "
        f"{settings.spelled('C2')}.",
    )


def claim_c3(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C3 (Fig. 4b): S2 is the highest on every UCI set except Segmentation and Bupa."""
    return _s2_highest(
        table, settings, settings.uci, "C3", "Fig. 4b",
        f"On the UCI sets, S2 is the highest on every set except {settings.spelled('C3')}.",
    )


# ====================================================================== C4: ARI low
def claim_c4(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C4 (Figs. 4, 5): ARI is among the two lowest of the six indices.

    One check per (figure, data set): at most one other index is below ARI (strictly, beyond
    the margin under the margin reading), that is, the second lowest of the others is at least
    ARI; under ``ties: unique`` ARI level with the second lowest is not among the last two, so
    the second lowest must be above it. The share on UCI vs synthetic sets is reported ("most pronounced on UCI sets") but not
    part of the verdict.
    """
    tol = settings.tolerance
    among = K.at_least if settings.readings["ties"] == "shared" else K.above
    checks = []
    for figure, indices in (("Fig. 4", settings.fig4_indices), ("Fig. 5", settings.fig5_indices)):
        for kind, datasets in (("synthetic", settings.synthetic), ("UCI", settings.uci)):
            for dataset in datasets:
                values = _values(table, settings, dataset, indices)
                ari = values["ari"]
                others = [n for n in values if n != "ari"]
                lower = [n for n in others if values[n] < ari - tol]
                checks.append(_check(
                    f"{figure} {dataset}",
                    f"ARI {ari:.4f}; indices below it: "
                    + (", ".join(f"{get_index(n).label} {values[n]:.4f}" for n in lower) or "none"),
                    among(K.nth_lowest(dataset, others, 2), K.value(dataset, "ari"), tol),
                    {dataset: values},
                    numbers={**values, "n_below_ari": len(lower), "kind": kind},
                ))
    by_kind = {}
    for kind in ("synthetic", "UCI"):
        kind_checks = [c for c in checks if c.numbers["kind"] == kind]
        by_kind[kind] = [sum(c.holds for c in kind_checks), len(kind_checks)]
    extra = ", ".join(f"{kind} {h}/{n}" for kind, (h, n) in by_kind.items())
    return result_from_checks(
        "C4", "Figs. 4, 5",
        "ARI is among the two lowest of the six indices (most pronounced on the UCI sets).",
        checks, settings, summary_extra=extra, detail={"holding_by_kind": by_kind},
    )


# ====================================================================== C5, C6: PS2 vs Accuracy
def claim_c5(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C5 (Fig. 5a): on synthetic sets except UEc6, PS2 is equal to or slightly below Accuracy.

    Holds when Accuracy - slightly_below <= PS2 <= Accuracy (+ the margin, under that reading).
    """
    tol = settings.tolerance
    checks = []
    for dataset in settings.synthetic:
        is_exception = dataset in settings.excepted("C5")
        if is_exception and not settings.implied_exceptions_checked:
            continue
        values = _values(table, settings, dataset, ("ps2", "accuracy"))
        ps2, acc = values["ps2"], values["accuracy"]
        ps2_term, acc_term = K.value(dataset, "ps2"), K.value(dataset, "accuracy")
        band = K.all_of(
            K.at_most(ps2_term, acc_term, tol),
            K.at_least(ps2_term, lambda v, a=acc_term: a(v) - settings.slightly_below, 0.0),
        )
        gap = acc - ps2
        checks.append(_check(
            dataset,
            lambda holds, e=is_exception, gap=gap, ps2=ps2, acc=acc: (
                f"PS2 {ps2:.4f}, Accuracy {acc:.4f} (Accuracy - PS2 = {gap:+.4f}): "
                + ("equal or slightly below" if holds != e else "not within the band")
                + (" (paper: not within the band here)" if e else "")
            ),
            K.negation(band) if is_exception else band,
            {dataset: values},
            role="exception" if is_exception else "stated",
            numbers={**values, "accuracy_minus_ps2": gap},
        ))
    upper = f"Accuracy + {tol:g}" if tol else "Accuracy"
    return result_from_checks(
        "C5", "Fig. 5a",
        f"On the synthetic sets except {settings.spelled('C5')}, PS2 is equal to or slightly below Accuracy.",
        checks, settings, absent=settings.absent("C5", settings.synthetic),
        summary_extra=f"band: Accuracy - {settings.slightly_below:g} <= PS2 <= {upper}",
    )


def claim_c6(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C6 (Fig. 5b): on the UCI sets, PS2 is at most Accuracy (or Rand).

    The paper's text for Fig. 5b says both "PS2 is below or equal to Accuracy" and "Accuracy
    or the Rand index is >= PS2". The reading ``c6_bound: accuracy`` (the headline) checks the
    first clause, ``accuracy_or_rand`` the second, the looser one (consistent with the paper's
    own C8 on Segmentation, where Accuracy is below PS2). Both comparisons are reported either way.
    """
    tol = settings.tolerance
    with_rand = settings.c6_ps2_bound == "accuracy_or_rand"
    checks = []
    for dataset in settings.uci:
        values = _values(table, settings, dataset, ("ps2", "accuracy", "rand"))
        ps2 = K.value(dataset, "ps2")
        under_acc = K.at_most(ps2, K.value(dataset, "accuracy"), tol)
        under_rand = K.at_most(ps2, K.value(dataset, "rand"), tol)
        _, le_acc = under_acc({dataset: values})
        _, le_rand = under_rand({dataset: values})
        conflict = ""
        if not with_rand and dataset in settings.excepted("C8_accuracy_below"):
            conflict = (f"the paper's C8 puts Accuracy below PS2 on {settings.name(dataset)}: C6's first "
                        "clause and C8 cannot both hold there")
        checks.append(_check(
            dataset,
            f"{_fmt(values)}: PS2 {'<=' if le_acc else '>'} Accuracy, PS2 {'<=' if le_rand else '>'} R",
            K.any_of(under_acc, under_rand) if with_rand else under_acc,
            {dataset: values},
            numbers={**values, "ps2_le_accuracy": le_acc, "ps2_le_rand": le_rand},
            conflict=conflict,
        ))
    bound = "Accuracy or R (Rand)" if with_rand else "Accuracy"
    statement = (
        "On the UCI sets, PS2 <= Accuracy; the text adds: Accuracy or the Rand index is >= PS2."
    )
    n_acc = sum(bool(c.numbers["ps2_le_accuracy"]) for c in checks)
    n_either = sum(bool(c.numbers["ps2_le_accuracy"] or c.numbers["ps2_le_rand"]) for c in checks)
    return result_from_checks(
        "C6", "Fig. 5b", statement, checks, settings,
        summary_extra=(f"checked: PS2 <= {bound}; PS2 <= Accuracy alone on {n_acc}/{len(checks)}, "
                       f"<= Accuracy or R on {n_either}/{len(checks)}"),
    )


# ====================================================================== C7, C8: S2, PS2, Accuracy
def claim_c7(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C7 (Fig. 6a): synthetic sets except UEc6: S2 >= Accuracy >= PS2; on UEc6 S2 is below both."""
    tol = settings.tolerance
    checks = []
    for dataset in settings.synthetic:
        values = _values(table, settings, dataset, ("s2", "accuracy", "ps2"))
        s2, acc, ps2 = (K.value(dataset, name) for name in ("s2", "accuracy", "ps2"))
        if dataset in settings.excepted("C7"):
            condition = K.all_of(K.below(s2, acc, tol), K.below(s2, ps2, tol))
            stated = "S2 below Accuracy and PS2"
        else:
            condition = K.all_of(K.at_least(s2, acc, tol), K.at_least(acc, ps2, tol))
            stated = "S2 >= Accuracy >= PS2"
        checks.append(_check(dataset, f"{_fmt(values)}; paper: {stated}", condition, {dataset: values},
                             numbers=values))
    named = settings.spelled("C7")
    return result_from_checks(
        "C7", "Fig. 6a",
        f"On the synthetic sets except {named}, S2 >= Accuracy >= PS2; on {named}, S2 is below both.",
        checks, settings, absent=settings.absent("C7", settings.synthetic),
    )


def claim_c8(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C8 (Fig. 6b): on UCI sets S2 is clearly above PS2 everywhere; Bupa: Accuracy above S2 and
    PS2; Segmentation: Accuracy below S2 and PS2; elsewhere PS2 <= Accuracy <= S2.

    "Clearly above" (明显高于) is above by more than ``clearly_above`` (config; the margin
    reading adds its ``equal_tol``). One check per data set: every part of the claim that names
    it must hold.
    """
    tol = settings.tolerance
    clearly = settings.clearly_above
    checks = []
    for dataset in settings.uci:
        values = _values(table, settings, dataset, ("s2", "accuracy", "ps2"))
        s2, acc, ps2 = (K.value(dataset, name) for name in ("s2", "accuracy", "ps2"))
        parts = {f"S2 > PS2 + {clearly:g}": K.above(s2, lambda v, p=ps2: p(v) + clearly, tol)}
        if dataset in settings.excepted("C8_accuracy_above"):
            parts["Accuracy > S2"] = K.above(acc, s2, tol)
            parts["Accuracy > PS2"] = K.above(acc, ps2, tol)
        elif dataset in settings.excepted("C8_accuracy_below"):
            parts["Accuracy < S2"] = K.below(acc, s2, tol)
            parts["Accuracy < PS2"] = K.below(acc, ps2, tol)
        else:
            parts["Accuracy <= S2"] = K.at_most(acc, s2, tol)
            parts["Accuracy >= PS2"] = K.at_least(acc, ps2, tol)
        failed = [part for part, condition in parts.items() if not condition({dataset: values})[1]]
        checks.append(_check(
            dataset,
            f"{_fmt(values)}; " + ("all parts hold" if not failed else "fails: " + "; ".join(failed)),
            K.all_of(*parts.values()),
            {dataset: values},
            numbers=values,
        ))
    return result_from_checks(
        "C8", "Fig. 6b",
        f"On the UCI sets, S2 is clearly above PS2 (by more than {clearly:g}) everywhere; Accuracy <= S2 except on "
        f"{settings.spelled('C8_accuracy_above')} (Accuracy above S2 and PS2); on "
        f"{settings.spelled('C8_accuracy_below')}, Accuracy is below S2 and PS2; elsewhere Accuracy >= PS2.",
        checks, settings,
        absent="; ".join(filter(None, (settings.absent(key, settings.uci)
                                       for key in ("C8_accuracy_above", "C8_accuracy_below")))),
    )


# ====================================================================== C9: Table 1
def table1_labels(class_sizes: Sequence[int]) -> tuple[list[int], list[int]]:
    """Table 1's degenerate clustering: classes of the given sizes, everything in one cluster."""
    labels_true = [c for c, size in enumerate(class_sizes) for _ in range(size)]
    return labels_true, [0] * len(labels_true)


def claim_c9(settings: ClaimSettings) -> ClaimResult:
    """C9 (Table 1): for the degenerate clustering F-measure = 0.67 while S2 = PS2 = 0.

    Each index is computed with clustval's own functions and compared with the printed value
    at its printed precision: |ours - printed| <= half a unit in the last printed decimal.
    """
    labels_true, labels_pred = table1_labels(settings.c9_class_sizes)
    half_unit = 0.5 * 10.0 ** (-settings.c9_decimals)
    checks = []
    for name, printed in settings.c9_printed.items():
        ours = float(get_index(name).function(labels_true, labels_pred))
        holds = abs(ours - printed) <= half_unit + 1e-12  # 1e-12: float noise at the boundary
        checks.append(Check(
            subject=_label(name),
            statement=f"{_label(name)} = {ours:.4f}; printed {printed:.{settings.c9_decimals}f}",
            holds=holds,
            numbers={"ours": ours, "printed": printed},
        ))
    sizes = " and ".join(map(str, settings.c9_class_sizes))
    return result_from_checks(
        "C9", "Table 1",
        "For the degenerate clustering (two classes of 50, one cluster), F-measure = 0.67 while "
        "S2 = PS2 = 0.",
        checks, settings,
        summary_extra=f"classes of {sizes}, one cluster",
    )


# ====================================================================== C15: STDI on the UCI sets
def claim_c15(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C15 (abstract, conclusion): STDI finds the true number of clusters of a data set.

    The paper shows it on the Fig. 1 set only (C1); here on each UCI set: STDI's best K over
    ``pipeline.uci_k``'s range, with its clustering, is the set's number of classes (a tie finds
    each of its K under the reading ``ties: shared``). The other Fig. 3 indices' hits are reported
    beside it, not judged. A set the run did not cluster over K is left out.
    """
    ties = settings.readings["ties"]
    checks, hits = [], {name: 0 for name in settings.uci_k_indices if name != "stdi"}
    span = None
    for dataset in settings.uci:
        true_k = len(settings.class_sizes.get(dataset, ()))
        try:
            ks, value = table.best_ks(dataset, "stdi", settings.uci_k_algorithm)
            span = table.series(dataset, "stdi", settings.uci_k_algorithm)[0]
        except InputError:
            continue
        others = {}
        for name in hits:
            try:
                found = table.best_ks(dataset, name, settings.uci_k_algorithm)[0]
            except InputError:
                continue
            others[name] = list(found)
            hits[name] += finds(found, true_k, ties)
        checks.append(Check(
            subject=dataset,
            statement=f"best K of STDI is {best_ks_text(ks)} (value {value:.4g}); true number of classes {true_k}; "
                      + "others: " + ", ".join(f"{_label(n)} {best_ks_text(k)}" for n, k in others.items()),
            holds=finds(ks, true_k, ties),
            numbers={"best_k": ks[0], "n_tied": len(ks), "true_k": true_k, "kind": "uci",
                     **{f"best_k_{n}": k[0] for n, k in others.items()}},
        ))
    n = len(checks)
    extra = ""
    if checks:
        extra = (f"K = {span[0]}..{span[-1]}, {algorithm_label(settings.uci_k_algorithm)}; the other indices find the "
                 "true number on: " + ", ".join(f"{_label(name)} {hit}/{n}" for name, hit in hits.items()))
    detail = {}
    if checks:
        truth = {c.subject: c.numbers["true_k"] for c in checks}
        detail["baseline"] = _public(k_baseline_detail(
            span, truth, sum(c.holds for c in checks), **_k_baseline_args(settings)))
    return result_from_checks(
        "C15", "Abstract",
        "STDI finds the true number of clusters of a data set (checked on the UCI sets).",
        checks, settings, summary_extra=extra, detail=detail,
    )


# ====================================================================== all claims
def evaluate_claims(table: ScoreTable, settings: ClaimSettings, fallback_ks: Sequence[int] = ()) -> list[ClaimResult]:
    """C1..C15 on the main score table (``fallback_ks``: see :func:`claim_c1`)."""
    return [
        claim_c1(table, settings, fallback_ks),
        claim_c2(table, settings),
        claim_c3(table, settings),
        claim_c4(table, settings),
        claim_c5(table, settings),
        claim_c6(table, settings),
        claim_c7(table, settings),
        claim_c8(table, settings),
        claim_c9(settings),
        *(claim(table, settings) for claim in TRENDS.values()),
        claim_c15(table, settings),
    ]


CLAIMS = {
    "C2": claim_c2, "C3": claim_c3, "C4": claim_c4, "C5": claim_c5,
    "C6": claim_c6, "C7": claim_c7, "C8": claim_c8, **TRENDS, "C15": claim_c15,
}
