"""The paper's trend statements (C10-C14): "走势一致", one index follows another across the sets.

Figs. 4-6 draw each index as a line over the data sets; "the same trend" (走势一致) is read as a
correlation of two indices across the sets of a panel, at least ``trend_threshold`` (config).
The measure is a reading (:mod:`.readings`, ``trend_measure``): Spearman's rank correlation (the
natural one: a trend is which sets score higher and which lower) or Pearson's. Each check is a
condition over every set's values, so the bootstrap re-evaluates it with each set's replicate.

- C10 (Fig. 4a): S2 follows each of the other five indices across the synthetic sets (but the
  set the sentence excepts, UEc6).
- C11 (Fig. 4b): across the UCI sets S2 follows Accuracy, Jaccard, ARI and F-measure, but not
  quite the Rand index: S2-Rand correlates less than every other pair (reading ``relative``) or
  below the threshold (``absolute``).
- C12 (Figs. 4a, 4b together): across all the sets S2 follows each of the five.
- C13 (Fig. 5a): PS2 follows Accuracy across the synthetic sets but UEc6.
- C14 (Fig. 6a, 6b): on each panel S2 and PS2 follow Accuracy, and S2 more closely than PS2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from clustval.indices.registry import get_index

from ..scores import ScoreTable
from . import conditions as K
from .baselines import pair_baseline_detail
from .correlation import correlation
from .results import Check, ClaimResult, result_from_checks
from .settings import ClaimSettings




def _corr_term(datasets: Sequence[str], a: str, b: str, measure: str) -> Callable:
    return lambda values: correlation([values[d][a] for d in datasets], [values[d][b] for d in datasets], measure)


def _values(table: ScoreTable, settings: ClaimSettings, datasets: Sequence[str], indices: Sequence[str]) -> dict:
    return {d: {name: table.value(d, name, settings.external_algorithm) for name in indices} for d in datasets}


def _label(name: str) -> str:
    return get_index(name).label


def _follows(subject, datasets, a, b, settings, values, kind) -> Check:
    """``a`` follows ``b`` across ``datasets``: their correlation is at least the threshold."""
    measure, threshold = settings.readings["trend_measure"], settings.trend_threshold
    term = _corr_term(datasets, a, b, measure)
    condition = K.at_least(term, lambda v: threshold, 0.0)
    slack, holds = K.evaluate(condition, values)
    r = term(values)
    return Check(subject=subject, holds=holds, condition=condition, slack=slack,
                 statement=f"{measure} r({_label(a)}, {_label(b)}) = {r:.3f} over {len(datasets)} sets; "
                           f"threshold {threshold:g}",
                 numbers={"r": r, "kind": kind, "n_sets": len(datasets)})


def _sets(settings: ClaimSettings, datasets: Sequence[str], key: str) -> list[str]:
    return [d for d in datasets if d not in settings.excepted(key)]


def _result(id, source, statement, checks, settings, datasets, table=None, panels=None) -> ClaimResult:
    if len(datasets) < 3:
        return result_from_checks(id, source, statement, [], settings)  # no trend over fewer than 3 sets
    measure = settings.readings["trend_measure"]
    detail = {}
    if table is not None:
        panels = panels or [list(datasets)]
        every = [d for panel in panels for d in panel]
        detail["baseline"] = pair_baseline_detail(
            _values(table, settings, every, settings.pair_indices), panels, settings.pair_indices, measure,
            settings.trend_threshold, settings.baselines["pair_share"])
    return result_from_checks(id, source, statement, checks, settings, detail=detail,
                              summary_extra=f"{measure} correlation across the sets, threshold {settings.trend_threshold:g}")


def claim_c10(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C10 (Fig. 4a): S2 follows each other index of Fig. 4 across the synthetic sets but UEc6."""
    datasets = _sets(settings, settings.synthetic, "C2")
    others = [n for n in settings.fig4_indices if n != "s2"]
    values = _values(table, settings, datasets, settings.fig4_indices) if len(datasets) >= 3 else {}
    checks = [_follows(f"S2 ~ {_label(n)}", datasets, "s2", n, settings, values, "synthetic") for n in others] \
        if values else []
    return _result("C10", "Fig. 4a", f"S2 follows the same trend as each other index across the synthetic sets "
                   f"except {settings.spelled('C2')}.", checks, settings, datasets, table)


def claim_c11(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C11 (Fig. 4b): across the UCI sets S2 follows Accuracy, Jaccard, ARI and F-measure, but
    not quite Rand (reading ``trend_contrast``)."""
    datasets = list(settings.uci)
    agree, contrast = list(settings.c11_agree), settings.c11_contrast
    if len(datasets) < 3:
        return _result("C11", "Fig. 4b", "", [], settings, datasets)
    values = _values(table, settings, datasets, ["s2", *agree, contrast])
    checks = [_follows(f"S2 ~ {_label(n)}", datasets, "s2", n, settings, values, "uci") for n in agree]
    measure = settings.readings["trend_measure"]
    rand = _corr_term(datasets, "s2", contrast, measure)
    if settings.readings["trend_contrast"] == "relative":
        lowest = lambda v: min(_corr_term(datasets, "s2", n, measure)(v) for n in agree)  # noqa: E731
        condition, bound = K.below(rand, lowest, 0.0), "below every other pair's"
    else:
        threshold = settings.trend_threshold
        condition, bound = K.below(rand, lambda v: threshold, 0.0), f"below the threshold {threshold:g}"
    slack, holds = K.evaluate(condition, values)
    checks.append(Check(
        subject=f"S2 ~ {_label(contrast)} (contrast)", holds=holds, condition=condition, slack=slack,
        statement=f"{measure} r(S2, {_label(contrast)}) = {rand(values):.3f}; paper: not quite the same trend, "
                  f"so {bound}",
        numbers={"r": rand(values), "kind": "uci", "n_sets": len(datasets)},
    ))
    return _result("C11", "Fig. 4b", "Across the UCI sets S2's trend basically agrees with "
                   + ", ".join(_label(n) for n in agree) + f", but not quite with {_label(contrast)}.",
                   checks, settings, datasets, table)


def claim_c12(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C12 (Figs. 4a and 4b together): S2 follows each other index of Fig. 4 across all the sets."""
    datasets = [*settings.synthetic, *settings.uci]
    others = [n for n in settings.fig4_indices if n != "s2"]
    values = _values(table, settings, datasets, settings.fig4_indices) if len(datasets) >= 3 else {}
    checks = [_follows(f"S2 ~ {_label(n)}", datasets, "s2", n, settings, values, "all") for n in others] \
        if values else []
    return _result("C12", "Figs. 4a, 4b", "Across all the sets S2's trend broadly agrees with each other index "
                   "of Fig. 4.", checks, settings, datasets, table)


def claim_c13(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C13 (Fig. 5a): PS2 follows Accuracy across the synthetic sets but UEc6."""
    datasets = _sets(settings, settings.synthetic, "C5")
    values = _values(table, settings, datasets, ["ps2", "accuracy"]) if len(datasets) >= 3 else {}
    checks = [_follows("PS2 ~ Accuracy", datasets, "ps2", "accuracy", settings, values, "synthetic")] if values else []
    return _result("C13", "Fig. 5a", f"PS2 follows the same trend as Accuracy across the synthetic sets except "
                   f"{settings.spelled('C5')}.", checks, settings, datasets, table)


def claim_c14(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C14 (Fig. 6): on each panel S2 and PS2 follow Accuracy, S2 more closely than PS2."""
    measure = settings.readings["trend_measure"]
    checks = []
    panels = [(kind, list(datasets)) for kind, datasets in (("synthetic", settings.synthetic), ("uci", settings.uci))
              if len(datasets) >= 3]
    for kind, datasets in panels:
        values = _values(table, settings, datasets, ["s2", "ps2", "accuracy"])
        panel = "Fig. 6a" if kind == "synthetic" else "Fig. 6b"
        checks += [_follows(f"{panel}: {_label(n)} ~ Accuracy", datasets, n, "accuracy", settings, values, kind)
                   for n in ("s2", "ps2")]
        s2, ps2 = _corr_term(datasets, "s2", "accuracy", measure), _corr_term(datasets, "ps2", "accuracy", measure)
        condition = K.above(s2, ps2, 0.0)
        slack, holds = K.evaluate(condition, values)
        checks.append(Check(
            subject=f"{panel}: S2 closer than PS2", holds=holds, condition=condition, slack=slack,
            statement=f"{measure} r(S2, Accuracy) = {s2(values):.3f} vs r(PS2, Accuracy) = {ps2(values):.3f}",
            numbers={"kind": kind, "n_sets": len(datasets)},
        ))
    return _result("C14", "Fig. 6", "S2 and PS2 broadly follow Accuracy's trend; S2's trend is the closer.",
                   checks, settings, [d for _, datasets in panels for d in datasets], table,
                   [datasets for _, datasets in panels])


TRENDS = {"C10": claim_c10, "C11": claim_c11, "C12": claim_c12, "C13": claim_c13, "C14": claim_c14}
