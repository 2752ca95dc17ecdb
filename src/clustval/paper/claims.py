"""The paper's claims C1-C9, checked against our scores, with the numbers behind each verdict.

Every claim is broken into **checks**: one statement about one data set (or one index, or one
printed value) that holds or not. Unless a claim says otherwise the verdict rule is:

- ``reproduced``: every check holds;
- ``partly``: at least ``partly_share`` of the checks hold (config ``claims.partly_share``);
- ``not reproduced``: fewer.

Comparisons use one tolerance ``equal_tol`` (config): "a >= b" holds when a >= b - tol,
"a <= b" when a <= b + tol, while strict "a > b" needs a > b + tol and "a < b" needs
a < b - tol. So a tie within the tolerance satisfies "equal to / at least / at most" but not
"above / below", and each strict comparison is the exact negation of the opposite non-strict one.
"S2 is the highest" (C2, C3) is strict: above every other index by more than the tolerance.
A "best K" (C1) is the paper's K only when no other K shares the best value: ties are reported.

Where the paper excepts a set ("S2 is highest on every set except UEc6") the figure shows the
claim failing there; with ``implied_exceptions_checked`` (config) that is checked too, as the
negation of the main statement. Nothing here is tuned to change a verdict.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape

from clustval.errors import InputError
from clustval.registry import get_index

from ..io import atomic_write_text
from ..settings import ALGORITHM_LABELS
from .report import html_table
from .scores import ScoreTable

REPRODUCED, PARTLY, NOT_REPRODUCED = "reproduced", "partly", "not reproduced"
NOT_EVALUATED = "not evaluated"  # a claim none of whose sets is in this run

C6_BOUNDS = ("accuracy_or_rand", "accuracy")  # what PS2 must not exceed in C6 (see claim_c6)


# ====================================================================== settings
@dataclass(frozen=True)
class ClaimSettings:
    """Everything a verdict depends on, from the config (``clustval.settings.Settings.claim_params``).

    ``synthetic`` and ``uci`` are the sets of this run, in the figures' order; ``exceptions``
    the sets the paper names in its claims (``C2``, ``C3``, ``C5``, ``C7``,
    ``C8_accuracy_above``, ``C8_accuracy_below``); ``names`` how a statement spells a set;
    ``sweeps`` maps each sweep of this run to its axis and the claims re-checked across it.
    """

    synthetic: tuple[str, ...]
    uci: tuple[str, ...]
    fig3_indices: tuple[str, ...]
    fig4_indices: tuple[str, ...]
    fig5_indices: tuple[str, ...]
    fig1_true_k: int
    fig1_group_k: int
    equal_tol: float
    slightly_below: float
    partly_share: float
    implied_exceptions_checked: bool
    c6_ps2_bound: str
    exceptions: Mapping[str, tuple[str, ...]]
    c9_class_sizes: tuple[int, ...]
    c9_printed: Mapping[str, float]
    c9_decimals: int
    fig3_dataset: str  # which clustering Fig. 3 (and C1) reads
    fig3_algorithm: str
    external_algorithm: str  # the clustering of Figs. 4-6 (K = C)
    names: Mapping[str, str] = field(default_factory=dict)
    sweeps: Mapping[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)  # display label of each set (figures)
    sensitivity: Mapping[str, tuple] = field(default_factory=dict)  # sweep -> its (axis, values) pairs
    main_choices: Mapping[str, object] = field(default_factory=dict)  # the main study's value of each axis
    paper_axes: tuple = ()  # the panels of Figs. 3-6 with their printed y ranges (clustval.paper.axes)
    paper_axes_tolerance: float = 1.0

    def __post_init__(self):
        if not 0 < self.partly_share <= 1:
            raise InputError(f"claims.partly_share = {self.partly_share} must be in (0, 1]")
        if self.c6_ps2_bound not in C6_BOUNDS:
            raise InputError(f"claims.c6_ps2_bound = {self.c6_ps2_bound!r}; use one of {C6_BOUNDS}")
        if self.equal_tol < 0 or self.slightly_below < 0:
            raise InputError("claims.equal_tol and claims.slightly_below must be >= 0")
        for name in (*self.fig3_indices, *self.fig4_indices, *self.fig5_indices):
            get_index(name)  # a typo in config fails here, with the list of known indices

    @classmethod
    def from_params(cls, params: Mapping) -> ClaimSettings:
        """Build from the plain values the workflow passes (lists become tuples)."""
        try:
            return cls(
                **{
                    **params,
                    **{key: tuple(params[key]) for key in TUPLE_FIELDS},
                    "exceptions": {k: tuple(v) for k, v in params["exceptions"].items()},
                    "sweeps": {k: (axis, tuple(ids)) for k, (axis, ids) in params.get("sweeps", {}).items()},
                    "sensitivity": {k: tuple((axis, tuple(values)) for axis, values in pairs)
                                    for k, pairs in params.get("sensitivity", {}).items()},
                    "paper_axes": tuple(params.get("paper_axes", ())),
                }
            )
        except (KeyError, TypeError) as problem:
            raise InputError(f"claim settings incomplete or unknown: {problem}; see config/README.md") from None

    def name(self, dataset: str) -> str:
        return self.names.get(dataset, dataset)

    def excepted(self, key: str) -> tuple[str, ...]:
        """The sets the paper names for ``key`` (e.g. ``C2``)."""
        return tuple(self.exceptions.get(key, ()))

    def spelled(self, key: str) -> str:
        """The sets of ``exceptions[key]`` as a statement writes them: "A", "A and B"."""
        return spoken_list([self.name(d) for d in self.excepted(key)]) or "none"

    def absent(self, key: str, datasets: Sequence[str]) -> str:
        """"not evaluated: UEc6 not in this run" for the named sets this run leaves out."""
        missing = [self.name(d) for d in self.excepted(key) if d not in datasets]
        return f"not evaluated: {', '.join(missing)} not in this run" if missing else ""

    @property
    def c1_expected(self) -> dict[str, int]:
        """C1: STDI's best K is the true 9, every other Fig. 3 index's is the 3 groups."""
        return {
            name: self.fig1_true_k if name == "stdi" else self.fig1_group_k
            for name in self.fig3_indices
        }


TUPLE_FIELDS = ("synthetic", "uci", "fig3_indices", "fig4_indices", "fig5_indices", "c9_class_sizes")


# ====================================================================== results
@dataclass(frozen=True)
class Check:
    """One statement about one subject (a data set, an index, a printed value)."""

    subject: str
    statement: str  # what is checked, with our numbers
    holds: bool
    role: str = "stated"  # "stated" by the paper, or an "exception" it implies
    numbers: Mapping[str, float | int] = field(default_factory=dict)


@dataclass(frozen=True)
class ClaimResult:
    """The verdict on one claim, or on one claim across a robustness sweep."""

    id: str
    source: str  # where the paper shows it, e.g. "Fig. 4a"
    statement: str  # the paper's claim
    rule: str  # the verdict rule applied
    verdict: str
    summary: str  # our numbers, short and human-readable
    checks: tuple[Check, ...] = ()
    scope: str = "main"  # "main" scores, or the sweep: "seed" / "offset"
    detail: Mapping = field(default_factory=dict)  # machine-readable extras

    @property
    def failing(self) -> list[str]:
        return [check.subject for check in self.checks if not check.holds]


def verdict_from_share(n_holding: int, n_total: int, partly_share: float) -> str:
    """reproduced if all hold, partly if at least ``partly_share`` of them, else not reproduced."""
    if n_total == 0:
        raise InputError("a claim with no checks has no verdict; are the data set lists empty?")
    if n_holding == n_total:
        return REPRODUCED
    return PARTLY if n_holding / n_total >= partly_share else NOT_REPRODUCED


def _share_rule(settings: ClaimSettings, unit: str = "checks") -> str:
    return (
        f"reproduced if all {unit} hold; partly if at least {settings.partly_share:g} of them; "
        "otherwise not reproduced"
    )


def _result(id, source, statement, checks, settings, *, summary_extra="", absent="", detail=None) -> ClaimResult:
    """A claim's verdict from its checks; with no checks (none of its sets in this run) it is
    ``not evaluated``. ``absent`` notes the sets the paper names that this run leaves out."""
    checks = tuple(checks)
    n_hold = sum(check.holds for check in checks)
    failing = [check.subject for check in checks if not check.holds]
    summary = f"{n_hold}/{len(checks)} checks hold"
    if failing:
        labels = [settings.name(subject) for subject in failing]  # as the figures name the sets
        shown = labels if len(labels) <= 6 else labels[:6] + [f"+{len(labels) - 6} more"]
        summary += f"; fails on {', '.join(shown)}"
    summary = "; ".join(part for part in (summary, summary_extra, absent) if part)
    if not checks:
        summary = "not evaluated: none of its sets is in this run"
    return ClaimResult(
        id=id,
        source=source,
        statement=statement,
        rule=_share_rule(settings),
        verdict=verdict_from_share(n_hold, len(checks), settings.partly_share) if checks else NOT_EVALUATED,
        summary=summary,
        checks=checks,
        detail=dict(detail or {}),
    )


# ====================================================================== comparisons
class _Compare:
    """Tolerant comparisons; strict ones are the negations of the opposite non-strict ones."""

    def __init__(self, tol: float):
        self.tol = tol

    def at_least(self, a: float, b: float) -> bool:
        return a >= b - self.tol

    def at_most(self, a: float, b: float) -> bool:
        return a <= b + self.tol

    def above(self, a: float, b: float) -> bool:
        return not self.at_most(a, b)

    def below(self, a: float, b: float) -> bool:
        return not self.at_least(a, b)


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


def spoken_list(items: Sequence) -> str:
    """Items as prose writes them: "A", "A and B", "A, B and C" ("" for none)."""
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ====================================================================== C1
def best_ks_text(ks: Sequence[int]) -> str:
    """A best K as the claims and Fig. 3 write it: "9", or "tied at 3, 9 and 10"."""
    return spoken_list(ks) if len(ks) == 1 else "tied at " + spoken_list(ks)


def claim_c1(table: ScoreTable, settings: ClaimSettings, fallback_ks: Sequence[int] = ()) -> ClaimResult:
    """C1 (Fig. 3): on the Fig. 1 set STDI is best at K = 9, DB XB IGP Sil BWP at K = 3.

    An index's check holds only when the paper's K is its *unique* best: a best value shared
    by several K (IGP = 1 at K = 3, 9 and 10) is reported as a tie and does not hold.
    Rule: reproduced if all six checks hold; partly if STDI's does (the claim's point) and at
    least ``partly_share`` of the other five do; otherwise not reproduced. ``fallback_ks``:
    the K at which SD seeding ran out of candidates and filled its seeds farthest-first.
    """
    checks = []
    best = {}
    for name, expected in settings.c1_expected.items():
        ks, value = table.best_ks(settings.fig3_dataset, name, settings.fig3_algorithm)
        best[name] = list(ks)
        checks.append(Check(
            subject=_label(name),
            statement=f"best K of {_label(name)} is {best_ks_text(ks)} (value {value:.4g}); paper: {expected}",
            holds=ks == (expected,),
            numbers={"best_k": ks[0], "n_tied": len(ks), "best_value": value, "expected_k": expected},
        ))
    stdi = [c for c, name in zip(checks, settings.c1_expected) if name == "stdi"]
    others = [c for c, name in zip(checks, settings.c1_expected) if name != "stdi"]
    n_other = sum(c.holds for c in others)
    if all(c.holds for c in checks):
        verdict = REPRODUCED
    elif stdi and stdi[0].holds and others and n_other / len(others) >= settings.partly_share:
        verdict = PARTLY
    else:
        verdict = NOT_REPRODUCED
    ks = table.series(settings.fig3_dataset, settings.fig3_indices[0], settings.fig3_algorithm)[0]
    summary = "best K: " + ", ".join(f"{_label(n)} {best_ks_text(k)}" for n, k in best.items())
    algorithm = ALGORITHM_LABELS.get(settings.fig3_algorithm, settings.fig3_algorithm)
    summary += f" (K = {ks[0]}..{ks[-1]}, {algorithm})"
    if fallback_ks:
        summary += f"; SD seeds filled farthest-first at K = {k_ranges_text(fallback_ks)}"
    return ClaimResult(
        id="C1",
        source="Fig. 3",
        statement=(
            f"On the Fig. 1 set, STDI is best at K = {settings.fig1_true_k}; DB, XB, IGP, Sil, BWP "
            f"are best at K = {settings.fig1_group_k}."
        ),
        rule=(
            "a check holds when the stated K is the index's unique best; reproduced if every "
            f"check holds; partly if STDI's does and at least {settings.partly_share:g} of the "
            "others do; otherwise not reproduced"
        ),
        verdict=verdict,
        summary=summary,
        checks=tuple(checks),
        detail={"best_k": best, "k_range": [ks[0], ks[-1]], "init_fallback_k": sorted(fallback_ks)},
    )


def k_ranges_text(ks: Iterable[int]) -> str:
    """Consecutive K as ranges: [9, 10, 11, 14] -> "9..11, 14"."""
    runs: list[list[int]] = []
    for k in sorted(ks):
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(f"{lo}..{hi}" if hi > lo else f"{lo}" for lo, hi in runs)


# ====================================================================== C2, C3: S2 highest
def _s2_highest(table, settings, datasets, id, source, statement) -> ClaimResult:
    """S2 is "the highest" when it is strictly above every other index: above the best of
    them by more than ``equal_tol``. Within the tolerance it is tied, which is not highest."""
    exceptions = settings.excepted(id)
    cmp = _Compare(settings.equal_tol)
    checks = []
    for dataset in datasets:
        is_exception = dataset in exceptions
        if is_exception and not settings.implied_exceptions_checked:
            continue
        values = _values(table, settings, dataset, settings.fig4_indices)
        s2 = values["s2"]
        rival = max((n for n in values if n != "s2"), key=lambda n: values[n])
        highest = cmp.above(s2, values[rival])
        if highest:
            word = "highest"
        elif cmp.at_least(s2, values[rival]):
            word = f"tied within {settings.equal_tol:g}, not highest"
        else:
            word = "not highest"
        checks.append(Check(
            subject=dataset,
            statement=(
                f"S2 {s2:.4f} vs best other {_label(rival)} {values[rival]:.4f} "
                f"(difference {s2 - values[rival]:+.4f}): {word}"
                + (" (paper: not highest here)" if is_exception else "")
            ),
            holds=(not highest) if is_exception else highest,
            role="exception" if is_exception else "stated",
            numbers=values,
        ))
    return _result(id, source, statement, checks, settings, absent=settings.absent(id, datasets))


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

    One check per (figure, data set): at most one other index is below ARI (strictly,
    beyond the tolerance). The share on UCI vs synthetic sets is reported ("most pronounced
    on UCI sets") but not part of the verdict.
    """
    cmp = _Compare(settings.equal_tol)
    checks = []
    for figure, indices in (("Fig. 4", settings.fig4_indices), ("Fig. 5", settings.fig5_indices)):
        for kind, datasets in (("synthetic", settings.synthetic), ("UCI", settings.uci)):
            for dataset in datasets:
                values = _values(table, settings, dataset, indices)
                ari = values["ari"]
                lower = [n for n, v in values.items() if n != "ari" and cmp.below(v, ari)]
                checks.append(Check(
                    subject=f"{figure} {dataset}",
                    statement=(
                        f"ARI {ari:.4f}; indices below it: "
                        + (", ".join(f"{_label(n)} {values[n]:.4f}" for n in lower) or "none")
                    ),
                    holds=len(lower) <= 1,
                    numbers={**values, "n_below_ari": len(lower), "kind": kind},
                ))
    by_kind = {}
    for kind in ("synthetic", "UCI"):
        kind_checks = [c for c in checks if c.numbers["kind"] == kind]
        by_kind[kind] = [sum(c.holds for c in kind_checks), len(kind_checks)]
    extra = ", ".join(f"{kind} {h}/{n}" for kind, (h, n) in by_kind.items())
    return _result(
        "C4", "Figs. 4, 5",
        "ARI is among the two lowest of the six indices (most pronounced on the UCI sets).",
        checks, settings, summary_extra=extra, detail={"holding_by_kind": by_kind},
    )


# ====================================================================== C5, C6: PS2 vs Accuracy
def claim_c5(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C5 (Fig. 5a): on synthetic sets except UEc6, PS2 is equal to or slightly below Accuracy.

    Holds when Accuracy - slightly_below <= PS2 <= Accuracy + equal_tol.
    """
    cmp = _Compare(settings.equal_tol)
    checks = []
    for dataset in settings.synthetic:
        is_exception = dataset in settings.excepted("C5")
        if is_exception and not settings.implied_exceptions_checked:
            continue
        values = _values(table, settings, dataset, ("ps2", "accuracy"))
        ps2, acc = values["ps2"], values["accuracy"]
        close = cmp.at_most(ps2, acc) and ps2 >= acc - settings.slightly_below
        gap = acc - ps2
        checks.append(Check(
            subject=dataset,
            statement=(
                f"PS2 {ps2:.4f}, Accuracy {acc:.4f} (Accuracy - PS2 = {gap:+.4f}): "
                + ("equal or slightly below" if close else "not within the band")
                + (" (paper: not within the band here)" if is_exception else "")
            ),
            holds=(not close) if is_exception else close,
            role="exception" if is_exception else "stated",
            numbers={**values, "accuracy_minus_ps2": gap},
        ))
    return _result(
        "C5", "Fig. 5a",
        f"On the synthetic sets except {settings.spelled('C5')}, PS2 is equal to or slightly below Accuracy.",
        checks, settings, absent=settings.absent("C5", settings.synthetic),
        summary_extra=(
            f"band: Accuracy - {settings.slightly_below:g} <= PS2 <= Accuracy + {settings.equal_tol:g}"
        ),
    )


def claim_c6(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C6 (Fig. 5b): on the UCI sets, PS2 is at most Accuracy (or Rand).

    The paper's text for Fig. 5b says both "PS2 is below or equal to Accuracy" and "Accuracy
    or the Rand index is >= PS2"; the second is the one consistent with its own C8 (on
    Segmentation Accuracy is below PS2). ``c6_ps2_bound`` (config) picks it
    (``accuracy_or_rand``, default) or the plain ``PS2 <= Accuracy`` (``accuracy``).
    Both comparisons are reported either way.
    """
    cmp = _Compare(settings.equal_tol)
    with_rand = settings.c6_ps2_bound == "accuracy_or_rand"
    checks = []
    for dataset in settings.uci:
        values = _values(table, settings, dataset, ("ps2", "accuracy", "rand"))
        le_acc = cmp.at_most(values["ps2"], values["accuracy"])
        le_rand = cmp.at_most(values["ps2"], values["rand"])
        holds = le_acc or (with_rand and le_rand)
        checks.append(Check(
            subject=dataset,
            statement=(
                f"{_fmt(values)}: PS2 {'<=' if le_acc else '>'} Accuracy, "
                f"PS2 {'<=' if le_rand else '>'} R"
            ),
            holds=holds,
            numbers={**values, "ps2_le_accuracy": le_acc, "ps2_le_rand": le_rand},
        ))
    bound = "Accuracy or R (Rand)" if with_rand else "Accuracy"
    statement = (
        "On the UCI sets, PS2 <= Accuracy; the text adds: Accuracy or the Rand index is >= PS2."
    )
    n_acc = sum(bool(c.numbers["ps2_le_accuracy"]) for c in checks)
    return _result(
        "C6", "Fig. 5b", statement, checks, settings,
        summary_extra=f"checked: PS2 <= {bound}; PS2 <= Accuracy alone on {n_acc}/{len(checks)}",
    )


# ====================================================================== C7, C8: S2, PS2, Accuracy
def claim_c7(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C7 (Fig. 6a): synthetic sets except UEc6: S2 >= Accuracy >= PS2; on UEc6 S2 is below both."""
    cmp = _Compare(settings.equal_tol)
    checks = []
    for dataset in settings.synthetic:
        values = _values(table, settings, dataset, ("s2", "accuracy", "ps2"))
        s2, acc, ps2 = values["s2"], values["accuracy"], values["ps2"]
        if dataset in settings.excepted("C7"):
            holds = cmp.below(s2, acc) and cmp.below(s2, ps2)
            stated = "S2 below Accuracy and PS2"
        else:
            holds = cmp.at_least(s2, acc) and cmp.at_least(acc, ps2)
            stated = "S2 >= Accuracy >= PS2"
        checks.append(Check(
            subject=dataset,
            statement=f"{_fmt(values)}; paper: {stated}",
            holds=holds,
            numbers=values,
        ))
    named = settings.spelled("C7")
    return _result(
        "C7", "Fig. 6a",
        f"On the synthetic sets except {named}, S2 >= Accuracy >= PS2; on {named}, S2 is below both.",
        checks, settings, absent=settings.absent("C7", settings.synthetic),
    )


def claim_c8(table: ScoreTable, settings: ClaimSettings) -> ClaimResult:
    """C8 (Fig. 6b): on UCI sets S2 > PS2 everywhere; Bupa: Accuracy above S2 and PS2;
    Segmentation: Accuracy below S2 and PS2; elsewhere PS2 <= Accuracy <= S2.

    One check per data set: every part of the claim that names it must hold.
    """
    cmp = _Compare(settings.equal_tol)
    checks = []
    for dataset in settings.uci:
        values = _values(table, settings, dataset, ("s2", "accuracy", "ps2"))
        s2, acc, ps2 = values["s2"], values["accuracy"], values["ps2"]
        parts = {"S2 > PS2": cmp.above(s2, ps2)}
        if dataset in settings.excepted("C8_accuracy_above"):
            parts["Accuracy > S2"] = cmp.above(acc, s2)
            parts["Accuracy > PS2"] = cmp.above(acc, ps2)
        elif dataset in settings.excepted("C8_accuracy_below"):
            parts["Accuracy < S2"] = cmp.below(acc, s2)
            parts["Accuracy < PS2"] = cmp.below(acc, ps2)
        else:
            parts["Accuracy <= S2"] = cmp.at_most(acc, s2)
            parts["Accuracy >= PS2"] = cmp.at_least(acc, ps2)
        failed = [part for part, ok in parts.items() if not ok]
        checks.append(Check(
            subject=dataset,
            statement=f"{_fmt(values)}; " + ("all parts hold" if not failed else "fails: " + "; ".join(failed)),
            holds=not failed,
            numbers=values,
        ))
    return _result(
        "C8", "Fig. 6b",
        f"On the UCI sets, S2 > PS2 everywhere; Accuracy <= S2 except on "
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
        ours = float(get_index(name).func(labels_true, labels_pred))
        holds = abs(ours - printed) <= half_unit + 1e-12  # 1e-12: float noise at the boundary
        checks.append(Check(
            subject=_label(name),
            statement=f"{_label(name)} = {ours:.4f}; printed {printed:.{settings.c9_decimals}f}",
            holds=holds,
            numbers={"ours": ours, "printed": printed},
        ))
    sizes = " and ".join(map(str, settings.c9_class_sizes))
    return _result(
        "C9", "Table 1",
        "For the degenerate clustering (two classes of 50, one cluster), F-measure = 0.67 while "
        "S2 = PS2 = 0.",
        checks, settings,
        summary_extra=f"classes of {sizes}, one cluster",
    )


# ====================================================================== all claims
def evaluate_claims(table: ScoreTable, settings: ClaimSettings, fallback_ks: Sequence[int] = ()) -> list[ClaimResult]:
    """C1..C9 on the main score table (``fallback_ks``: see :func:`claim_c1`)."""
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
    ]


CLAIMS = {
    "C2": claim_c2, "C3": claim_c3, "C4": claim_c4, "C5": claim_c5,
    "C6": claim_c6, "C7": claim_c7, "C8": claim_c8,
}


# ====================================================================== robustness
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
        local = settings if more else replace(settings, external_algorithm=algorithm, fig3_algorithm=algorithm)
        found[value] = {
            claim_id: claim_c1(sub, local, fallbacks.get(value, ())) if claim_id == "C1" else CLAIMS[claim_id](sub, local)
            for claim_id in claim_ids
        }
    return found


def _require_group(table: ScoreTable, column: str) -> None:
    if table.group_column != column:
        raise InputError(f"expected a {column} sweep table, got group column {table.group_column!r}")


def _plural(axis: str) -> str:
    return "SD radii" if axis == "sd_radius" else f"{axis}s"


def _value_text(axis: str, value) -> str:
    return f"{axis} {value:g}" if isinstance(value, float) else f"{axis} {value}"


def _robust_c1(per_value: Mapping[object, ClaimResult], settings: ClaimSettings, study: str, axis: str) -> ClaimResult:
    checks = []
    best_by_value = {}
    for value, result in per_value.items():
        best_by_value[repr(value)] = result.detail["best_k"]
        best = ", ".join(f"{_label(n)} {best_ks_text(ks)}" for n, ks in result.detail["best_k"].items())
        fallback = result.detail["init_fallback_k"]
        if fallback:
            best += f"; SD seeds filled farthest-first at K = {k_ranges_text(fallback)}"
        checks.append(Check(
            subject=_value_text(axis, value),
            statement=f"{result.verdict}: {best}",
            holds=result.verdict == REPRODUCED,
            numbers={axis: value},
        ))
    numeric = all(isinstance(c.numbers[axis], (int, float)) for c in checks)
    n_hold = sum(c.holds for c in checks)
    summary = f"pattern holds at {n_hold}/{len(checks)} {_plural(axis)}"
    detail = {f"best_k_by_{axis}": best_by_value}
    if numeric:
        band = pattern_band([c.numbers[axis] for c in checks], [c.holds for c in checks])
        summary += "; band: " + (", ".join(f"{lo:g}-{hi:g}" if lo != hi else f"{lo:g}" for lo, hi in band) or "none")
        detail["band"] = band
    return ClaimResult(
        id="C1",
        source="Fig. 3",
        statement=f"C1 across the Fig. 1 generator's sub-cluster {axis}." if axis == "offset"
        else f"C1 across {axis}.",
        rule=_share_rule(settings, _plural(axis)),
        verdict=verdict_from_share(n_hold, len(checks), settings.partly_share),
        summary=summary,
        checks=tuple(checks),
        scope=study,
        detail=detail,
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
            subject=_value_text(axis, value) if axis != "variant" else str(value),
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
        rule=_share_rule(settings, _plural(axis)),
        verdict=verdict_from_share(n_hold, len(runs), settings.partly_share),
        summary=f"reproduced in {n_hold}/{len(runs)} {_plural(axis)}; failing sets (count of {_plural(axis)}): {fails}",
        checks=tuple(runs),
        scope=study,
        detail={"failures_by_set": fail_counts, f"n_{axis}s": len(runs)},
    )


# ====================================================================== output
CSV_COLUMNS = ("id", "scope", "source", "verdict", "checks_holding", "checks_total",
               "failing", "summary", "depends_on", "statement", "rule", "detail")


def _detail_json(result: ClaimResult) -> str:
    payload = {
        "detail": result.detail,
        "checks": [
            {"subject": c.subject, "holds": c.holds, "role": c.role, "numbers": dict(c.numbers)}
            for c in result.checks
        ],
    }
    return json.dumps(payload, sort_keys=True, separators=(",", ":"))


def claims_csv_text(results: Sequence[ClaimResult], depends_on: Mapping[str, str] = {}) -> str:
    """The claims as CSV: one row per claim (and per robustness sweep). ``depends_on``: for a
    main-study claim, which analysis choices its verdict depends on (the sensitivity sweeps)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in results:
        writer.writerow([
            r.id, r.scope, r.source, r.verdict,
            sum(c.holds for c in r.checks), len(r.checks),
            ";".join(r.failing), r.summary, _depends(r, depends_on), r.statement, r.rule, _detail_json(r),
        ])
    return buffer.getvalue()


def _across(result: ClaimResult, settings: ClaimSettings | None) -> str:
    """" (across offsets)": the sweep's axis (its name if the settings do not say)."""
    if result.scope == "main":
        return ""
    axis = settings.sweeps[result.scope][0] if settings and result.scope in settings.sweeps else result.scope
    return f" (across {_plural(axis)})"


def _depends(result: ClaimResult, depends_on: Mapping[str, str]) -> str:
    # the table's row already names the claim: "C3: partly under ..." -> "partly under ..."
    text = depends_on.get(result.id, "") if result.scope == "main" else ""
    return text.removeprefix(f"{result.id}: ")


def _algorithm(name: str) -> str:
    return ALGORITHM_LABELS.get(name, name)


def _md_cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def claims_markdown(
    results: Sequence[ClaimResult], settings: ClaimSettings | None = None, depends_on: Mapping[str, str] = {},
) -> str:
    """A Markdown report: a verdict table, then one short section per claim with its numbers."""
    lines = ["# The paper's claims, checked", ""]
    if settings is not None:
        lines += [
            f"Tolerance for \"equal\": {settings.equal_tol:g}; \"slightly below\": at most "
            f"{settings.slightly_below:g} below; \"partly\": at least {settings.partly_share:g} "
            f"of the checks hold. Scores: {_algorithm(settings.external_algorithm)} with K = C "
            f"for C2-C8, {_algorithm(settings.fig3_algorithm)} for C1.",
            "",
        ]
    lines += ["| claim | scope | source | verdict | our numbers | depends on |", "|---|---|---|---|---|---|"]
    for r in results:
        lines.append(
            f"| {r.id} | {r.scope} | {r.source} | **{r.verdict}** | {_md_cell(r.summary)} "
            f"| {_md_cell(_depends(r, depends_on))} |"
        )
    for r in results:
        scope = _across(r, settings)
        lines += [
            "",
            f"## {r.id}{scope}: {r.verdict}",
            "",
            f"*Paper ({r.source}):* {r.statement}",
            "",
            f"*Rule:* {r.rule}.",
            "",
            f"*Ours:* {r.summary}.",
            "",
        ]
        for c in r.checks:
            mark = "holds" if c.holds else "**fails**"
            role = " (implied exception)" if c.role == "exception" else ""
            lines.append(f"- {c.subject}{role}: {c.statement} - {mark}")
    return "\n".join(lines) + "\n"


def claims_html(
    results: Sequence[ClaimResult], settings: ClaimSettings | None = None, depends_on: Mapping[str, str] = {},
) -> str:
    """The claims for the report: the verdict table, then each claim's checks."""
    rows = [
        {"claim": r.id, "scope": r.scope, "source": r.source, "verdict": r.verdict,
         "checks": f"{sum(c.holds for c in r.checks)}/{len(r.checks)}", "our numbers": r.summary,
         "depends on": _depends(r, depends_on)}
        for r in results
    ]
    notes = []
    if settings is not None:
        notes.append(
            f"Tolerance for \"equal\": {settings.equal_tol:g}; \"slightly below\": at most "
            f"{settings.slightly_below:g} below; \"partly\": at least {settings.partly_share:g} of "
            "the checks hold."
        )
    page = html_table(rows, list(rows[0]) if rows else ["claim"], title="The paper's claims, checked", notes=notes)
    sections = []
    for r in results:
        scope = _across(r, settings)
        items = "".join(
            f"<li>{escape(c.subject)}{' (implied exception)' if c.role == 'exception' else ''}: "
            f"{escape(c.statement)} &mdash; {'holds' if c.holds else '<b>fails</b>'}</li>"
            for c in r.checks
        )
        sections.append(
            f"<h2>{escape(r.id)}{escape(scope)}: {escape(r.verdict)}</h2>"
            f"<p><i>Paper ({escape(r.source)}):</i> {escape(r.statement)}</p>"
            f"<p><i>Rule:</i> {escape(r.rule)}.</p><p><i>Ours:</i> {escape(r.summary)}.</p><ul>{items}</ul>"
        )
    return page.replace("</body></html>", "\n".join(sections) + "</body></html>")


def write_claims(
    results: Sequence[ClaimResult],
    csv_path,
    md_path,
    settings: ClaimSettings | None = None,
    *,
    html_path=None,
    depends_on: Mapping[str, str] = {},
) -> None:
    """Write ``claims.csv`` and ``claims.md`` (and ``claims.html``) atomically; ``depends_on``
    as in :func:`claims_csv_text`."""
    atomic_write_text(csv_path, claims_csv_text(results, depends_on))
    atomic_write_text(md_path, claims_markdown(results, settings, depends_on))
    if html_path is not None:
        atomic_write_text(html_path, claims_html(results, settings, depends_on))
