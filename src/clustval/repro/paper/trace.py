"""Each failure of a headline claim traced to its cause, and the one-sentence overall verdict.

A check of a headline claim that fails (or cannot hold) is traced, in this order, to the first
cause that is *shown* by a computation of the run:

1. **an infeasible statement**: no clustering can satisfy it under the paper's own definitions
   (:mod:`.claims.feasibility`);
2. **the paper's own statements**, where two of them cannot both hold (C6's first clause and C8
   on Segmentation);
3. **noise**: the bootstrap that clusters every resample again cannot decide it (its interval
   straddles the boundary; :mod:`.diagnostics`); the fixed-partition bootstrap alone never
   makes a cause, as it leaves out the clustering's own variability;
4. **a reading of the text**: it holds under another reading of a word (:mod:`.claims.readings`);
5. **a local optimum of Park-Jun**: another K-medoids (PAM) finds a partition of lower cost and
   the check holds on it (:mod:`.diagnostics`);
6. **the two-class recall relation**: with two classes S2 is the harmonic mean of the recalls
   and Accuracy their class-weighted mean, so S2 < Accuracy whenever the majority class is
   recalled better: a property of the clustering, computed from its table;
7. **PS2 follows Rand on two classes**: PS2 lies at Rand, about 1 - 2a(1 - a) below an
   Accuracy a, which decides the check;
8. **the reconstructed data**: it holds under another draw of the reconstructed sets (a
   generator seed, the Fig. 1 offset);
9. **an unstated choice**: it holds under another preprocessing, clustering or index variant
   the paper does not state;
10. otherwise **unexplained**: it fails under every reading, draw and choice tried, and no
    diagnostic accounts for it. The pipeline does not blame the paper for what it cannot show.

The sweeps and rule axes are the configured ones; nothing here is tuned to a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clustval.io.text import spoken_list

from .claims.results import (
    INFEASIBLE,
    NOT_EVALUATED,
    PARTLY,
    REPRODUCED,
    WITHIN_NOISE,
    ClaimResult,
)
from .claims.settings import ClaimSettings
from .sensitivity import READINGS, Sensitivity, choice_text

INFEASIBLE_CAUSE = "an infeasible statement"
PAPER = "the paper's own statements"
NOISE = "noise"
READING = "a reading of the text"
LOCAL_OPTIMUM = "a local optimum of Park-Jun"
RECALLS = "the two-class recall relation"
PS2_RAND = "PS2 follows Rand on two classes"
DATA = "the reconstructed data"
UNSTATED = "an unstated choice"
UNEXPLAINED = "unexplained"
CAUSES = (INFEASIBLE_CAUSE, PAPER, NOISE, READING, LOCAL_OPTIMUM, RECALLS, PS2_RAND, DATA, UNSTATED, UNEXPLAINED)
# the claims whose check needs S2 >= Accuracy on a set (C2, C3: S2 highest; C7: S2 >= Accuracy; C8: Accuracy <= S2),
# and those that compare PS2 with Accuracy or S2 (C5, C6, C8)
S2_OVER_ACCURACY = ("C2", "C3", "C7", "C8")
PS2_CLAIMS = ("C5", "C6", "C7", "C8")
BETTER_INDICES = ("s2", "accuracy", "ps2", "rand", "ari", "jaccard", "f_measure")

# What a sweep axis changes, as a cause: a new draw of the reconstructed data, a choice the
# paper leaves unstated, or a reading of its formula (eq. (9) printed as norm-squared or not).
AXIS_CAUSES = {"seed": DATA, "offset": DATA, "preprocessing": UNSTATED, "algorithm": UNSTATED,
               "sd_radius": UNSTATED, "xb_separation": UNSTATED, "stdi_squared": READING}


@dataclass(frozen=True)
class Trace:
    """One failing check of a headline claim and its cause."""

    claim: str
    subject: str
    cause: str
    detail: str  # what shows it: the proof, the interval, the reading or variants under which it holds

    def as_dict(self) -> dict:
        return {"subject": self.subject, "cause": self.cause, "detail": self.detail}


def trace_failures(
    main: Sequence[ClaimResult],
    settings: ClaimSettings,
    sensitivity: Sensitivity | None = None,
    sweeps: Mapping[str, Mapping[object, Mapping[str, ClaimResult]]] = {},
    diagnostics: Mapping[str, Mapping] = {},
) -> dict[str, list[Trace]]:
    """The cause of every failing or infeasible check of each headline claim.

    ``sensitivity``: its rule-axis columns (the other readings); ``sweeps[study][value][claim]``:
    each sweep's results per value (:func:`~.claims.claims_by_group`), whose axes are
    ``settings.sweep_axes[study]``; ``diagnostics``: each set's row of
    ``results/diagnostics.csv`` (:func:`~.diagnostics.read_diagnostics`).
    """
    readings = {}
    if sensitivity is not None:
        for claim, cells in sensitivity.cells.items():
            readings[claim] = [(variant.name, result) for variant, result in cells.items()
                               if variant.study == READINGS]
    traces: dict[str, list[Trace]] = {}
    for result in main:
        if result.scope != "main":
            continue
        for check in result.checks:
            if check.holds and not check.infeasible:
                continue
            traces.setdefault(result.id, []).append(
                _trace(result.id, check, settings, readings.get(result.id, []), sweeps, diagnostics))
    return traces


def _trace(claim, check, settings, readings, sweeps, diagnostics={}) -> Trace:
    name = _subject_name(check.subject, settings)
    if check.infeasible:
        return Trace(claim, name, INFEASIBLE_CAUSE, check.infeasible)
    if check.conflict:
        return Trace(claim, name, PAPER, check.conflict)
    if check.recluster.get("word") == WITHIN_NOISE:
        noise = check.recluster
        return Trace(claim, name, NOISE, f"{noise['level']:g}% interval of its margin over {noise['replicates']} "
                                         f"resamples, each clustered again: {noise['low']:+.4f} to {noise['high']:+.4f}")
    held = [label for label, result in readings if _holds(result, check.subject)]
    diagnosed = _diagnosed(claim, check, name, diagnostics.get(check.subject))
    if held:  # the first cause; a diagnostic that also bears on it is said beside it
        beside = f"; also {diagnosed.cause}: {diagnosed.detail}" if diagnosed is not None else ""
        return Trace(claim, name, READING, "holds under " + spoken_list(held) + beside)
    if diagnosed is not None:
        return diagnosed
    by_cause: dict[str, list[str]] = {}
    for study, by_value in sweeps.items():
        axes = settings.sweep_axes.get(study, ())
        main = settings.main_choices.get(study, {})
        holding = []
        for value, results in by_value.items():
            found = results.get(claim)
            if found is not None and _holds(found, check.subject):
                values = str(value).split("/") if len(axes) > 1 else [value]
                changed = [(axis, part) for axis, part in zip(axes, values)
                           if str(main.get(axis, "")).lower() != str(part).lower()]
                if changed:
                    holding.append(changed)
        if not holding:
            continue
        for cause in (READING, DATA, UNSTATED):
            # a variant changing only readings is a reading, only draws is the data; any unstated choice among them, unstated
            alike = [changed for changed in holding if _variant_cause(changed) == cause]
            if alike:
                shown = spoken_list([" / ".join(choice_text(a, part) for a, part in changed) for changed in alike])
                by_cause.setdefault(cause, []).append(
                    f"{len(alike)} of the {len(by_value)} values of the {study} sweep ({shown})")
    for cause in (READING, DATA, UNSTATED):
        if cause in by_cause:
            return Trace(claim, name, cause, "holds under " + "; ".join(by_cause[cause]))
    if _kind(check, settings) == "uci":
        return Trace(claim, name, UNEXPLAINED, "the paper's own data; fails under every reading and choice tried, "
                                               "and no diagnostic accounts for it")
    if _kind(check, settings) == "table":
        return Trace(claim, name, UNEXPLAINED, "the paper's printed value differs from ours")
    return Trace(claim, name, UNEXPLAINED, "fails under every reading, draw and choice tried, and no diagnostic "
                                           "accounts for it; the paper's draw is not published")


def _diagnosed(claim: str, check, name: str, row: Mapping | None) -> Trace | None:
    """The cause a computed diagnostic of the set's clustering shows (:mod:`.diagnostics`), if any."""
    if not row:
        return None
    cost, better = row.get("cost"), row.get("better_cost")
    if better not in (None, "") and cost not in (None, "") and better < cost * (1 - 1e-9) and check.condition:
        values = {check.subject: {index: row[f"better_{index}"] for index in BETTER_INDICES}}
        try:
            _, holds = check.condition(values)
        except KeyError:  # the check reads an index the diagnostics do not hold
            holds = False
        if holds:
            return Trace(claim, name, LOCAL_OPTIMUM,
                         f"{row['better_algorithm']} finds a partition of lower cost ({better:.6g} < Park-Jun's "
                         f"{cost:.6g}); on it the check holds")
    if int(row["n_classes"]) != 2:
        return None
    s2, accuracy, ps2, rand = (row[k] for k in ("s2", "accuracy", "ps2", "rand"))
    sizes = row["class_sizes"].replace(" ", "/")
    recalls = [float(r) for r in row["recalls"].split()]
    if claim in S2_OVER_ACCURACY and s2 < accuracy and "S2" in check.statement:
        if row.get("majority_recall") in (None, "") or len(set(sizes.split("/"))) == 1:
            why = (f"two equal classes ({sizes}): S2 {s2:.4f}, the harmonic mean of the recalls "
                   f"({recalls[0]:.3f}, {recalls[1]:.3f}), is at most Accuracy {accuracy:.4f}, their mean "
                   "(eqs. (2)-(4)); equal only when the recalls are")
        else:
            major, minor = row["majority_recall"], row["minority_recall"]
            if major < minor:
                return None
            why = (f"two classes ({sizes}): S2 {s2:.4f} is the harmonic mean of the recalls, Accuracy {accuracy:.4f} "
                   f"their class-weighted mean; this clustering recalls the majority class better ({major:.3f} vs "
                   f"{minor:.3f}), which makes S2 < Accuracy (eqs. (2)-(4)): a property of the clustering")
        return Trace(claim, name, RECALLS, why)
    if claim in PS2_CLAIMS and "PS2" in check.statement + check.subject or claim == "C5":
        even = row["rand_even_errors"]
        return Trace(claim, name, PS2_RAND,
                     f"two classes: PS2 {ps2:.4f} lies {abs(ps2 - rand):.4f} from Rand {rand:.4f}; with Accuracy "
                     f"{accuracy:.4f} and errors spread evenly Rand is 1 - 2a(1 - a) = {even:.4f}, "
                     f"{accuracy - even:+.4f} from Accuracy (eqs. (5)-(8))")
    return None


def _variant_cause(changed) -> str:
    causes = {AXIS_CAUSES.get(axis, UNSTATED) for axis, _ in changed}
    return causes.pop() if len(causes) == 1 else UNSTATED


def _holds(result: ClaimResult, subject: str) -> bool:
    return any(c.subject == subject and c.holds and not c.infeasible for c in result.checks)


def _kind(check, settings: ClaimSettings) -> str:
    kind = str(check.numbers.get("kind", "")).lower()
    if kind in ("synthetic", "uci", "table", "fig1"):
        return kind
    last = check.subject.split(" ")[-1]
    if last in settings.uci:
        return "uci"
    if last in settings.synthetic:
        return "synthetic"
    return "fig1"  # C1's subjects are the Fig. 3 indices on the Fig. 1 set


def _subject_name(subject: str, settings: ClaimSettings) -> str:
    head, _, last = subject.rpartition(" ")
    return f"{head} {settings.name(last)}".strip() if last in settings.names else settings.name(subject)


def causes_text(traces: Sequence[Trace]) -> str:
    """One claim's traces as a cell: "Ec6: the reconstructed data (holds under seed 3); ..."."""
    return "; ".join(f"{t.subject}: {t.cause} ({t.detail})" for t in traces)


# ====================================================================== the overall verdict
REPLICATES, IN_PART, NOT_REPLICATED = "replicates", "replicates in part", "does not replicate"


def overall_verdict(verdicts: Sequence[str]) -> str:
    """The paper's verdict from its headline claims' verdicts (those not evaluated, not tested
    or infeasible left out): it *replicates* when every claim is reproduced, *does not
    replicate* when none is reproduced even partly, and *replicates in part* otherwise.

    Examples
    --------
    >>> overall_verdict(["reproduced", "partly", "not reproduced"])
    'replicates in part'
    >>> overall_verdict(["reproduced", "infeasible"]), overall_verdict(["not reproduced"])
    ('replicates', 'does not replicate')
    """
    judged = [v for v in verdicts if v not in (NOT_EVALUATED, INFEASIBLE, "not tested")]
    if judged and all(v == REPRODUCED for v in judged):
        return REPLICATES
    if not any(v in (REPRODUCED, PARTLY) for v in judged):
        return NOT_REPLICATED
    return IN_PART


#: Why a check fails, one line per cause (the report's "Why claims fail").
CAUSE_WHY = {
    INFEASIBLE_CAUSE: "no clustering can satisfy the statement under the paper's own definitions",
    PAPER: "two statements of the paper cannot both hold on the same numbers",
    NOISE: "resampling the objects and clustering again moves the check across its boundary: the data do not decide it",
    READING: "the statement holds under another reading of its words (a margin, a tie, a threshold, STDI's norm)",
    LOCAL_OPTIMUM: "Park-Jun stopped at a local optimum: PAM's partition of lower cost satisfies the statement",
    RECALLS: "with two classes S2 is the harmonic mean of the recalls and Accuracy their class-weighted mean; "
             "a clustering that recalls the majority better puts S2 below Accuracy",
    PS2_RAND: "with two classes PS2 sits at the Rand index, 1 - 2a(1 - a) for an Accuracy a, well below Accuracy",
    DATA: "the statement holds under another draw of the reconstructed sets",
    UNSTATED: "the statement holds under another preprocessing or clustering the paper does not state",
    UNEXPLAINED: "it fails under every reading, draw and choice tried, and no diagnostic accounts for it",
}


def _by_verdict(rows: Sequence[Mapping]) -> str:
    """"1 reproduced (C9) and 2 partly (C2, C3)" for claims.csv rows."""
    order = (REPRODUCED, PARTLY, "not reproduced", INFEASIBLE)
    parts = []
    for verdict in order:
        ids = [row["id"] for row in rows if row["verdict"] == verdict]
        if ids:
            word = {"not reproduced": "not", INFEASIBLE: "infeasible"}.get(verdict, verdict)
            parts.append(f"{len(ids)} {word} ({', '.join(ids)})")
    return spoken_list(parts)


def verdict_sentence(claims: Sequence[Mapping], traces: Mapping[str, Sequence[Mapping]],
                     central: Sequence[str] = (), arithmetic: Sequence[str] = ()) -> str:
    """The verdict: whether the paper's central claims replicate, then the other claims apart by
    kind (met by a baseline, arithmetic of the definitions, the rest), and what the failing
    checks trace to, most first. ``claims``: the headline rows of claims.csv (``id``,
    ``verdict``, optional ``baseline_met``); ``traces[claim]``: its traced checks (``subject``,
    ``cause``); ``central`` and ``arithmetic``: claim ids (config ``claims.verdict_groups``).

    Examples
    --------
    >>> rows = [{"id": "C1", "verdict": "partly"}, {"id": "C2", "verdict": "reproduced", "baseline_met": "yes"},
    ...         {"id": "C3", "verdict": "reproduced"}, {"id": "N1", "verdict": "not tested"}]
    >>> verdict_sentence(rows, {"C1": [{"subject": "x", "cause": NOISE}]}, ["C1"], ["C3"])
    'The paper replicates in part. None of its 1 central claim is reproduced in full: 1 partly (C1). Of the 2 other checked statements, 1 is met by a baseline (1 reproduced (C2)) and 1 is arithmetic of the definitions (1 reproduced (C3)); 1 more is not testable, said why. The checks that fail or cannot hold trace to noise (1).'
    """
    judged = [row for row in claims if row["verdict"] not in (NOT_EVALUATED, "not tested")]
    core = [row for row in judged if row["id"] in central] or judged
    met = [row for row in judged if row.get("baseline_met") == "yes" and row not in core]
    sums = [row for row in judged if row["id"] in arithmetic and row not in core and row not in met]
    rest = [row for row in judged if row not in core and row not in met and row not in sums]
    n, noun = len(core), "central claim" if len(core) == 1 else "central claims"
    full = [row["id"] for row in core if row["verdict"] == REPRODUCED]
    sentence = f"The paper {overall_verdict([row['verdict'] for row in core])}. "
    sentence += (f"None of its {n} {noun} is reproduced in full: " if not full else f"Of its {n} {noun}, ")
    sentence += _by_verdict(core)
    core_met = [row["id"] for row in core if row.get("baseline_met") == "yes"]
    if core_met:
        sentence += f"; a baseline that looks at no data does as well on {', '.join(core_met)}"
    others = []
    if met:
        others.append(f"{len(met)} {'is' if len(met) == 1 else 'are'} met by a baseline ({_by_verdict(met)})")
    if sums:
        others.append(f"{len(sums)} {'is' if len(sums) == 1 else 'are'} arithmetic of the definitions "
                      f"({_by_verdict(sums)})")
    if rest:
        others.append(f"{len(rest)} more: {_by_verdict(rest)}")
    sentence += "."
    if others:
        sentence += f" Of the {len(judged) - len(core)} other checked statements, " + spoken_list(others)
    untested = [row["id"] for row in claims if row["verdict"] == "not tested"]
    if untested:
        sentence += (f"; {len(untested)} more {'is' if len(untested) == 1 else 'are'} not testable, said why"
                     if others else f" {len(untested)} more not testable, said why")
    sentence += "." if others or untested else ""
    by_cause: dict[str, int] = {}
    for rows in traces.values():
        for row in rows:
            by_cause[row["cause"]] = by_cause.get(row["cause"], 0) + 1
    if by_cause:
        ranked = sorted(by_cause.items(), key=lambda item: (-item[1], CAUSES.index(item[0])))
        sentence += (" The checks that fail or cannot hold trace to "
                     + spoken_list([f"{cause} ({count})" for cause, count in ranked]) + ".")
    return sentence


def why_claims_fail(traces: Mapping[str, Sequence[Mapping]]) -> list[dict]:
    """One row per cause: how many failing checks it explains, of which claims, and why."""
    rows = []
    for cause in CAUSES:
        found = [(claim, t["subject"]) for claim, items in traces.items() for t in items if t["cause"] == cause]
        if found:
            claims = list(dict.fromkeys(claim for claim, _ in found))
            rows.append({"cause": cause, "checks": str(len(found)), "claims": ", ".join(claims),
                         "why": CAUSE_WHY[cause],
                         "where": _short([f"{claim} {subject}" for claim, subject in found], 6)})
    return rows


def _short(items: Sequence[str], most: int = 4) -> str:
    return ", ".join(items) if len(items) <= most else ", ".join(items[:most]) + f" and {len(items) - most} more"
