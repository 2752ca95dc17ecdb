"""Each failure of a headline claim traced to its cause, and the one-sentence overall verdict.

A check of a headline claim that fails (or cannot hold) is traced, in this order, to the first
cause that explains it:

1. **an infeasible statement**: no clustering can satisfy it under the paper's own definitions
   (:mod:`.claims.feasibility`);
2. **the paper itself**, where two of its statements cannot both hold (C6's first clause and C8
   on Segmentation);
3. **noise**: it fails, but the bootstrap interval of its margin straddles the boundary
   (:mod:`.spread`): the data do not decide it;
4. **a reading of the text**: it holds under another reading of a rule the words leave open
   (:mod:`.claims.readings`);
5. **the reconstructed data**: it holds under another draw of the reconstructed sets (a
   generator seed, the Fig. 1 offset);
6. **an unstated choice**: it holds under another preprocessing, clustering or index variant
   the paper does not state;
7. otherwise: on a reconstructed set, **the reconstructed data** (the paper's own draw is not
   published); on a UCI set, the same data the paper used, under every reading and choice
   tried, **the paper itself**.

The sweeps and rule axes are the configured ones; nothing here is tuned to a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clustval.formatting import spoken_list

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
PAPER = "the paper itself"
NOISE = "noise"
READING = "a reading of the text"
DATA = "the reconstructed data"
UNSTATED = "an unstated choice"
CAUSES = (INFEASIBLE_CAUSE, PAPER, NOISE, READING, DATA, UNSTATED)

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
) -> dict[str, list[Trace]]:
    """The cause of every failing or infeasible check of each headline claim.

    ``sensitivity``: its rule-axis columns (the other readings); ``sweeps[study][value][claim]``:
    each sweep's results per value (:func:`~.claims.claims_by_group`), whose axes are
    ``settings.sweep_axes[study]``.
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
                _trace(result.id, check, settings, readings.get(result.id, []), sweeps))
    return traces


def _trace(claim, check, settings, readings, sweeps) -> Trace:
    name = _subject_name(check.subject, settings)
    if check.infeasible:
        return Trace(claim, name, INFEASIBLE_CAUSE, check.infeasible)
    if check.conflict:
        return Trace(claim, name, PAPER, check.conflict)
    if check.word == WITHIN_NOISE:
        noise = check.noise
        return Trace(claim, name, NOISE, f"{noise['level']:g}% bootstrap interval of its margin "
                                         f"{noise['low']:+.4f} to {noise['high']:+.4f}")
    held = [label for label, result in readings if _holds(result, check.subject)]
    if held:
        return Trace(claim, name, READING, "holds under " + spoken_list(held))
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
        return Trace(claim, name, PAPER, "the paper's own data; fails under every reading and choice tried")
    if _kind(check, settings) == "table":
        return Trace(claim, name, PAPER, "the paper's printed value")
    return Trace(claim, name, DATA, "fails under every reading, draw and choice tried; the paper's draw is not published")


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


def verdict_sentence(claims: Sequence[Mapping], traces: Mapping[str, Sequence[Mapping]]) -> str:
    """The one sentence: whether the paper replicates, how its claims fare, and what each kind
    of failure traces to. ``claims``: the headline rows of claims.csv (``id``, ``verdict``,
    ``holding_within_noise``, optional); ``traces[claim]``: its traced checks (``subject``, ``cause``)."""
    verdicts = [row["verdict"] for row in claims]
    judged = [v for v in verdicts if v not in (NOT_EVALUATED, "not tested")]
    counts = {v: judged.count(v) for v in (REPRODUCED, PARTLY, "not reproduced", INFEASIBLE) if v in judged}
    parts = [f"{n} {'partly reproduced' if v == PARTLY else v}" for v, n in counts.items()]
    sentence = (f"The paper {overall_verdict(verdicts)}: of its {len(judged)} checked statements, "
                f"{spoken_list(parts)}")
    untested = verdicts.count("not tested")
    if untested:
        sentence += f" ({untested} more not testable, said why)"
    noisy = sum(int(row.get("holding_within_noise", 0) or 0) for row in claims)
    if noisy:
        sentence += f"; {noisy} of the checks that hold do so only within noise"
    by_cause: dict[str, list[str]] = {}
    for claim, rows in traces.items():
        for row in rows:
            by_cause.setdefault(row["cause"], []).append(f"{claim} {row['subject']}")
    if by_cause:
        pieces = []
        for cause in CAUSES:
            where = by_cause.get(cause)
            if not where:
                continue
            n = len(where)
            noun = "check" if n == 1 else "checks"
            pieces.append(f"{cause} ({n} {noun}: {_short(where)})")
        sentence += "; the checks that fail or cannot hold trace to " + spoken_list(pieces)
    return sentence + "."


def _short(items: Sequence[str], most: int = 4) -> str:
    return ", ".join(items) if len(items) <= most else ", ".join(items[:most]) + f" and {len(items) - most} more"
