"""How much each verdict depends on the analysis choices the paper does not state, and on
the readings of its words.

The paper states neither its preprocessing nor its K-medoids details, so each claim is
re-checked under every variant of the sensitivity sweeps (config ``claims.sensitivity``):
the UCI preprocessing (none, min-max, z-score) times the clustering of Figs. 4-6 (Park-Jun,
PAM, k-means) for C2-C8, and the SD K-medoids radius (sd, mean) for C1. Every variant runs
through the same data, cluster and score rules as the main study. Beside these data and
algorithm axes stand the *rule axes* (config ``claims.rule_axes``): each other reading of a
rule the paper's words leave open (:mod:`clustval.repro.paper.claims.readings`), applied alone
to the main study's scores.

:func:`sensitivity_table` gives one cell per claim and variant (its verdict and the share of
its checks that hold; ``None`` where the variant does not apply), :func:`ranking` orders each
sweep's variants by how many of the paper's checks hold under them and how many panels of
Figs. 3-6 their values fit on the paper's printed y axes (:mod:`clustval.repro.paper.axes`): the
choices the paper most likely made; and :func:`dependence` says in one sentence which choices a verdict
depends on and which sets fail under every variant.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from clustval.io import atomic_write_text
from clustval.io.text import markdown_cell, spoken_list

from ..verified import read_verified_csv, write_verified_text
from .axes import count_fits, panel_fits, paper_axes
from .claims import ClaimResult, ClaimSettings, claims_by_group, evaluate_claims
from .claims.fragility import fragility_text
from .claims.readings import RULES, THRESHOLDS, reading_text
from .claims.results import choice_text
from .report import html_table
from .scores import ScoreTable

NOT_APPLICABLE = "—"
READINGS = "readings"  # the study name of the rule-axis columns
AXIS_WORDS = {"preprocessing": "preprocessing", "algorithm": "clustering", "sd_radius": "SD radius",
              "seed": "seed", "offset": "offset", "stdi_squared": "STDI norm"}


@dataclass(frozen=True)
class Variant:
    """One column: a value (or combination of values) of a sensitivity sweep."""

    study: str
    value: object  # the group value in the sweep's score table
    choices: tuple[tuple[str, object], ...]  # (axis, value) pairs
    main: bool  # every choice equals the main study's
    prefix: str = ""  # the sweep's name, where another sweep varies the same axes (C1's and C15's clusterers)

    @property
    def label(self) -> str:
        return (f"{self.prefix}: " if self.prefix else "") + self.name + (" *" if self.main else "")

    @property
    def name(self) -> str:
        if self.study == READINGS:
            return " / ".join(reading_text(axis, value) for axis, value in self.choices)
        return " / ".join(choice_text(axis, value) for axis, value in self.choices)


@dataclass(frozen=True)
class Sensitivity:
    """Every claim's result under every variant (``cells[claim][variant]``, absent: n/a)."""

    claims: tuple[str, ...]
    variants: tuple[Variant, ...]
    cells: Mapping[str, Mapping[Variant, ClaimResult]]
    main: Mapping[str, ClaimResult]  # the main study's result of each claim
    fits: Mapping[Variant, tuple[int, int]] = None  # panels fitting the paper's axes, panels compared

    def cell(self, claim: str, variant: Variant) -> ClaimResult | None:
        return self.cells.get(claim, {}).get(variant)


def sensitivity_table(
    settings: ClaimSettings,
    main: Sequence[ClaimResult],
    sweeps: Mapping[str, ScoreTable],
    fallbacks: Mapping[str, Mapping] = {},
    main_table: ScoreTable | None = None,
    main_fallback_ks: Sequence[int] = (),
) -> Sensitivity:
    """Re-check each sensitivity sweep's claims at each of its variants, and (given the main
    study's ``main_table``) each claim under every other reading of the rule axes.

    ``settings.sensitivity`` maps each sensitivity sweep to its (axis, values) pairs, in the
    config's order (the columns' order); ``settings.sweeps`` to the claims it re-checks; ``settings.main_choices`` the main study's value of each axis.
    ``main``: the main study's results (one per claim, scope ``main``).
    """
    main_results = {r.id: r for r in main if r.scope == "main"}
    variants, cells, fits = [], {}, {}
    panels = paper_axes(settings.paper_axes)
    axes_of = [tuple(axis for axis, _ in pairs) for study, pairs in settings.sensitivity.items() if study in sweeps]
    for study, pairs in settings.sensitivity.items():
        if study not in sweeps:
            continue
        prefix = study if axes_of.count(tuple(axis for axis, _ in pairs)) > 1 else ""
        axes = [axis for axis, _ in pairs]
        position = [[str(v) for v in values] for _, values in pairs]
        _, claim_ids = settings.sweeps[study]
        by_value = claims_by_group(sweeps[study], settings, claim_ids, fallbacks.get(study, {}))
        found = []
        main_choices = settings.main_choices.get(study, {})
        for value, results in by_value.items():
            values = str(value).split("/") if len(axes) > 1 else [value]
            choices = tuple(zip(axes, values))
            variant = Variant(study, value, choices,
                              all(str(main_choices.get(a)).lower() == str(v).lower() for a, v in choices), prefix)
            order = tuple(p.index(str(v)) if str(v) in p else len(p) for p, v in zip(position, values))
            found.append((order, variant, results))
        for _, variant, results in sorted(found, key=lambda item: item[0]):
            variants.append(variant)
            sub = sweeps[study].for_group(variant.value)
            (algorithm, *_) = sub.algorithms()
            fits[variant] = count_fits(panel_fits(sub, panels, tolerance_steps=settings.paper_axes_tolerance,
                                                  algorithm=algorithm, missing="skip"))
            for claim_id, result in results.items():
                cells.setdefault(claim_id, {})[variant] = result
    if main_table is not None:
        for variant, results in rule_variants(settings, main_table, main_fallback_ks):
            variants.append(variant)
            for result in results:
                cells.setdefault(result.id, {})[variant] = result
    order = sorted(main_results, key=_claim_order)
    return Sensitivity(tuple(order), tuple(variants), cells, main_results, fits)


def rule_variants(settings: ClaimSettings, table: ScoreTable, fallback_ks: Sequence[int] = ()):
    """Each other reading of each rule axis, alone, then each other value of each swept
    threshold (``settings.thresholds``: "slightly", "clearly", "the same trend"): its column
    and the results of the claims it changes, on the main study's scores."""
    for rule in settings.rule_axes:
        for value in RULES[rule].values:
            if value == settings.readings[rule]:
                continue
            results = [r for r in evaluate_claims(table, settings.read_as(**{rule: value}), fallback_ks)
                       if r.id in RULES[rule].claims]
            if results:
                yield Variant(READINGS, reading_text(rule, value), ((rule, value),), False), results
    for name, values in settings.thresholds.items():
        for value in values:
            if value == getattr(settings, name):
                continue
            results = [r for r in evaluate_claims(table, settings.with_threshold(name, value), fallback_ks)
                       if r.id in THRESHOLDS[name]]
            if results:
                yield Variant(READINGS, reading_text(name, value), ((name, value),), False), results


def _claim_order(claim_id: str) -> int:
    return int(claim_id.lstrip("C"))


def share(result: ClaimResult) -> float:
    return sum(c.holds for c in result.checks) / len(result.checks) if result.checks else float("nan")


def cell_text(result: ClaimResult | None) -> str:
    """A cell: "partly 7/12" (the feasible checks that hold), or "—" where the variant does
    not apply."""
    if result is None:
        return NOT_APPLICABLE
    feasible = result.feasible
    return f"{result.verdict} {sum(c.holds for c in feasible)}/{len(feasible)}"


def agreement(table: Sensitivity, variant: Variant) -> tuple[int, int]:
    """The paper's checks that hold under ``variant``, and how many there are, over its claims."""
    results = [table.cell(claim, variant) for claim in table.claims]
    results = [r for r in results if r is not None]
    return sum(c.holds for r in results for c in r.feasible), sum(len(r.feasible) for r in results)


def axes_fit(table: Sensitivity, variant: Variant) -> tuple[int, int]:
    """Panels of Figs. 3-6 whose printed y range the variant's values fit, and panels compared."""
    return (table.fits or {}).get(variant, (0, 0))


def ranking(table: Sensitivity) -> dict[str, list[tuple[Variant, int, int]]]:
    """Each sweep's variants with their agreements with the paper (checks holding plus panels
    fitting its printed axes) out of the number compared, most first (ties: config order)."""
    ranked: dict[str, list] = {}
    for variant in table.variants:
        if variant.study == READINGS:  # a reading changes no value: nothing to rank on the axes
            continue
        (held, checks), (fit, panels) = agreement(table, variant), axes_fit(table, variant)
        ranked.setdefault(variant.study, []).append((variant, held + fit, checks + panels))
    return {study: sorted(rows, key=lambda row: -row[1] / row[2]) for study, rows in ranked.items()}


def _evidence(table: Sensitivity, variant: Variant) -> str:
    (held, checks), (fit, panels) = agreement(table, variant), axes_fit(table, variant)
    text = f"{held}/{checks} checks"
    return text + (f", {fit}/{panels} axes" if panels else "")


def findings(table: Sensitivity, settings: ClaimSettings) -> list[str]:
    """The ranking as sentences: the choices the paper most likely made, with the evidence."""
    lines = []
    for study, rows in ranking(table).items():
        axes = " x ".join(AXIS_WORDS.get(axis, axis) for axis, _ in settings.sensitivity[study])
        claims = spoken_list(sorted({c for c, cells in table.cells.items()
                                     if any(v.study == study for v in cells)}, key=_claim_order))
        top = [row for row in rows if row[1] * rows[0][2] == rows[0][1] * row[2]]
        best = spoken_list([row[0].label for row in top])
        order = "; ".join(f"{v.label} {_evidence(table, v)}" for v, _, _ in rows)
        if len(top) == len(rows):
            lines.append(
                f"{axes} ({claims}): the paper's checks and printed axes do not tell the variants "
                f"apart: {_evidence(table, top[0][0])} under each of {best}."
            )
            continue
        runner = rows[len(top)][0]
        verb = "is" if len(top) == 1 else "are, tied,"
        line = (
            f"{axes} ({claims}): the variant that agrees with most of the paper's checks and "
            f"printed axis ranges {verb} {best} ({_evidence(table, top[0][0])}), ahead of "
            f"{runner.label} ({_evidence(table, runner)})."
        )
        stated = {axis: value for axis, value in settings.main_choices.get(study, {}).items()
                  if axis in settings.stated_axes}
        if stated:
            named = spoken_list([choice_text(axis, value) for axis, value in stated.items()])
            line += (
                f" The paper names its {spoken_list([AXIS_WORDS.get(a, a) for a in stated])} ({named}), "
                "so a closer fit under another one says how our reconstruction differs from the paper's "
                "run, not which one it used"
            )
            unstated = [axis for axis, _ in settings.sensitivity[study] if axis not in stated]
            as_named = [row for row in rows if all(str(dict(row[0].choices).get(a)).lower() == str(v).lower()
                                                   for a, v in stated.items())]
            if unstated and as_named:
                best_named = [row for row in as_named if row[1] * as_named[0][2] == as_named[0][1] * row[2]]
                line += (
                    f"; with {named}, the {spoken_list([AXIS_WORDS.get(a, a) for a in unstated])} that agrees "
                    f"best is {spoken_list([_unstated_label(row[0], unstated) for row in best_named])} "
                    f"({_evidence(table, best_named[0][0])})"
                )
            line += "."
        else:
            line += f" {'That is the choice' if len(top) == 1 else 'Those are the choices'} the paper most likely made."
        lines.append(line + f" All, best first: {order}.")
    return lines


def _unstated_label(variant: Variant, axes: Sequence[str]) -> str:
    return " / ".join(choice_text(axis, value) for axis, value in variant.choices if axis in axes)


# ====================================================================== fragility
def claims_fragility(results: Sequence[ClaimResult], table: Sensitivity, by_sweep: Mapping,
                     settings: ClaimSettings) -> dict[str, str]:
    """Each headline claim's fragility cell (:func:`~.claims.fragility.fragility_text`): its
    verdict counted under the readings and thresholds of ``table`` and every sweep of ``by_sweep``."""
    found = {}
    for result in results:
        if result.scope != "main" or result.verdict in ("not tested", "not evaluated"):
            continue
        readings = {variant.name: cell for variant, cell in table.cells.get(result.id, {}).items()
                    if variant.study == READINGS}
        found[result.id] = fragility_text(result.id, result, readings, by_sweep, settings.sweep_axes,
                                          settings.post_hoc, settings.main_choices)
    return found


# ====================================================================== dependence
def dependence(table: Sensitivity, claim: str, labels: Mapping[str, str]) -> str:
    """One sentence: which choices the claim's verdict depends on, and the sets (or indices)
    that fail under every variant, spelled with ``labels``. "" if no variant re-checks it."""
    everything = table.cells.get(claim, {})
    cells = {variant: result for variant, result in everything.items() if variant.study != READINGS}
    readings = reading_dependence(table, claim)
    if not cells:
        return f"{claim}: {readings}" if readings else ""
    studies = list(dict.fromkeys(variant.study for variant in cells))
    text = f"{claim}: " + "; and ".join(
        _sweep_dependence({v: r for v, r in cells.items() if v.study == study}) for study in studies)
    failing = [set(result.failing) for result in cells.values()]
    always = sorted(set.intersection(*failing), key=lambda s: _subject_order(s, labels))
    sometimes = sorted(set.union(*failing) - set(always), key=lambda s: _subject_order(s, labels))
    name = lambda subject: labels.get(subject, subject)  # noqa: E731
    if always:
        text += f"; the failing {_noun(claim)} are always {spoken_list(list(map(name, always)))}"
        if sometimes:
            text += f", under some variants also {spoken_list(list(map(name, sometimes)))}"
    elif sometimes:
        one = "index" if claim == "C1" else "set"
        text += f"; no {one} fails under every variant (under some: {spoken_list(list(map(name, sometimes)))})"
    return text + (f"; {readings}" if readings else "")


def _sweep_dependence(cells: Mapping[Variant, ClaimResult]) -> str:
    """Which axis of one sweep the verdict follows: "partly under every SD radius", "depends on
    the clustering: ...", or the commonest verdict and the exceptions."""
    axes = list(dict.fromkeys(axis for variant in cells for axis, _ in variant.choices))
    words = " and ".join(AXIS_WORDS.get(axis, axis) for axis in axes)
    verdicts = {variant: result.verdict for variant, result in cells.items()}
    if len(set(verdicts.values())) == 1:
        return f"{next(iter(verdicts.values()))} under every {words}"
    deciding = [axis for axis in axes if _decides(verdicts, axis)]
    if not deciding:
        return _majority_text(verdicts, axes, words)
    axis = deciding[0]
    by_value: dict[str, list[str]] = {}
    for variant, verdict in verdicts.items():
        value = choice_text(axis, dict(variant.choices)[axis])
        if value not in by_value.setdefault(verdict, []):
            by_value[verdict].append(value)
    parts = [f"{verdict} with {spoken_list(values)}" for verdict, values in by_value.items()]
    return f"depends on the {AXIS_WORDS.get(axis, axis)}: " + "; ".join(parts)


def reading_dependence(table: Sensitivity, claim: str) -> str:
    """"under the other readings: margin equal_tol partly (7/9)" for the rule-axis columns of
    ``claim`` ("" if none re-checks it)."""
    cells = [(variant, result) for variant, result in table.cells.get(claim, {}).items()
             if variant.study == READINGS]
    if not cells:
        return ""
    main = table.main.get(claim)
    parts = [f"{variant.name}: {cell_text(result)}" for variant, result in cells]
    same = main is not None and all(result.verdict == main.verdict for _, result in cells)
    return ("the same verdict under every other reading (" if same else "under the other readings: ") + \
        "; ".join(parts) + (")" if same else "")


def _majority_text(verdicts: Mapping[Variant, str], axes: Sequence[str], words: str) -> str:
    """"partly under 5 of 9 variants; not reproduced with k-means and under zscore / PAM": the
    commonest verdict, then each other verdict named by the axis values all of whose variants
    have it, and the remaining variants one by one."""
    counts: dict[str, int] = {}
    for verdict in verdicts.values():
        counts[verdict] = counts.get(verdict, 0) + 1
    common = max(counts, key=counts.get)  # first seen among equals: the table's order
    parts = [f"{common} under {counts[common]} of {len(verdicts)} {words} variants"]
    for verdict in counts:
        if verdict == common:
            continue
        members = [v for v, found in verdicts.items() if found == verdict]
        named = []
        for axis in axes:
            for value in dict.fromkeys(dict(v.choices)[axis] for v in members):
                sharing = [v for v in verdicts if dict(v.choices)[axis] == value]
                if len(sharing) > 1 and all(verdicts[v] == verdict for v in sharing):
                    named.append(f"with {choice_text(axis, value)}")
                    members = [v for v in members if v not in sharing]
        named += [f"under {v.name}" for v in members]
        parts.append(f"{verdict} {spoken_list(named)}")
    return "; ".join(parts)


def _decides(verdicts: Mapping[Variant, str], axis: str) -> bool:
    """Whether the verdict is a function of this axis's value alone."""
    seen: dict[object, str] = {}
    for variant, verdict in verdicts.items():
        if seen.setdefault(dict(variant.choices)[axis], verdict) != verdict:
            return False
    return True


def _subject_order(subject: str, labels: Mapping[str, str]) -> tuple:
    order = list(labels)
    return (order.index(subject) if subject in order else len(order), subject)


def _noun(claim: str) -> str:
    return "indices" if claim == "C1" else "sets"


# ====================================================================== output
def sensitivity_rows(table: Sensitivity) -> tuple[list[dict], list[str]]:
    """The wide table: a row per claim, a column per variant, then the agreement and rank rows."""
    columns = ["claim", "main", *(v.label for v in table.variants)]
    rows = []
    for claim in table.claims:
        row = {"claim": claim, "main": cell_text(table.main.get(claim))}
        row.update({v.label: cell_text(table.cell(claim, v)) for v in table.variants})
        rows.append(row)
    blank = {v.label: "" for v in table.variants}
    held = {"claim": "checks holding", "main": "", **blank}
    fitting = {"claim": "axes fitting", "main": "", **blank}
    rank = {"claim": "rank", "main": "", **blank}
    for rows_of_sweep in ranking(table).values():
        for variant, agree, total in rows_of_sweep:
            held[variant.label] = "{}/{}".format(*agreement(table, variant))
            fitting[variant.label] = "{}/{}".format(*axes_fit(table, variant))
            ahead = sum(a * total > agree * t for _, a, t in rows_of_sweep)  # equal shares tie
            rank[variant.label] = str(1 + ahead)
    return rows + [held, fitting, rank], columns


def sensitivity_csv_text(table: Sensitivity) -> str:
    rows, columns = sensitivity_rows(table)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


#: Plain titles of the heat map's panels (:func:`variant_groups`), by group.
GROUP_TITLES = {
    "choices": "UCI preprocessing / clustering of Figs. 4-6",
    "sd_radius": "SD K-medoids radius (Fig. 3)",
    "fig3_clusterer": "STDI's norm / clustering of Fig. 3",
    "uci_k_clusterer": "STDI's norm / clustering over K (C15)",
    "readings": "other readings of the words",
    "slightly_below": "C5's 'slightly below': PS2 at most this below Accuracy",
    "clearly_above": "C8's 'clearly above': S2 more than this above PS2",
    "trend_threshold": "C10-C14's 'the same trend': a correlation of at least",
}


def variant_groups(variants: Sequence[str]) -> dict[str, list[tuple[int, str]]]:
    """The sensitivity table's columns grouped by the sweep or reading they come from, each with
    a plain label: ``{group: [(column index, label)]}`` ("none / PAM", "SD radius mean", "ties
    unique", "0.02"); a sweep's name prefixes its columns where two sweeps share axes.

    Examples
    --------
    >>> variant_groups(["none / PAM *", "SD radius mean", "fig3_clusterer: STDI plain / k-means",
    ...                 "ties unique", "slightly_below 0.02"])
    {'choices': [(0, 'none / PAM *')], 'sd_radius': [(1, 'SD radius mean')], 'fig3_clusterer': [(2, 'STDI plain / k-means')], 'readings': [(3, 'ties: unique')], 'slightly_below': [(4, '0.02')]}
    """
    groups: dict[str, list[tuple[int, str]]] = {}
    for j, label in enumerate(variants):
        head, _, rest = label.partition(": ")
        first, _, value = label.partition(" ")
        if rest and head in GROUP_TITLES:
            group, text = head, rest
        elif first in THRESHOLDS:
            group, text = first, value
        elif first in RULES:
            group, text = "readings", f"{first}: {value}"
        elif label.startswith("SD radius"):
            group, text = "sd_radius", label
        else:
            group, text = "choices", label
        groups.setdefault(group, []).append((j, text))
    return groups


def read_sensitivity_csv(path) -> tuple[list[str], list[str], list[list[tuple[str, float] | None]]]:
    """``(claims, variant labels, cells)`` of a written table; a cell is ``(verdict, share)``
    or None where the variant does not apply (the heat map reads this)."""
    rows = read_verified_csv(path)
    variants = [c for c in rows[0] if c not in ("claim", "main")] if rows else []
    claims, cells = [], []
    for row in rows:
        if not row["claim"].startswith("C"):
            continue
        claims.append(row["claim"])
        line = []
        for variant in variants:
            text = row[variant]
            if text == NOT_APPLICABLE:
                line.append(None)
                continue
            verdict, counts = text.rsplit(" ", 1)
            held, total = map(int, counts.split("/"))
            line.append((verdict, held / total if total else float("nan")))
        cells.append(line)
    return claims, variants, cells


def _notes(table: Sensitivity, settings: ClaimSettings) -> list[str]:
    return [
        "Each cell: the claim's verdict under that variant and the checks that hold; "
        f"{NOT_APPLICABLE} where the variant does not re-check the claim. * marks the variant "
        "equal to the main study; the main column is the main study's verdict. Checks holding: "
        "the variant's checks that hold over the claims it re-checks; axes fitting: the panels of "
        "Figs. 3-6 it plots whose values fit the paper's printed y range (results/figure_axes.md "
        "has the rule); rank: by the share of both together, within each sweep.",
        *findings(table, settings),
    ]


def sensitivity_markdown(table: Sensitivity, settings: ClaimSettings) -> str:
    rows, columns = sensitivity_rows(table)
    lines = ["# Sensitivity of the verdicts to the analysis choices and the readings", ""]
    lines += [note + "\n" for note in _notes(table, settings)]
    lines += ["| " + " | ".join(map(markdown_cell, columns)) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(markdown_cell(row.get(c, "")) for c in columns) + " |" for row in rows]
    lines += ["", "## Which choices each verdict depends on", ""]
    labels = dict(settings.labels)
    lines += [f"- {text}" for text in (dependence(table, c, labels) for c in table.claims) if text]
    return "\n".join(lines) + "\n"


def sensitivity_html(table: Sensitivity, settings: ClaimSettings) -> str:
    rows, columns = sensitivity_rows(table)
    page = html_table(rows, columns, title="Sensitivity of the verdicts to the analysis choices and the readings",
                      notes=_notes(table, settings))
    labels = dict(settings.labels)
    items = "".join(f"<li>{escape(text)}</li>" for text in (dependence(table, c, labels) for c in table.claims) if text)
    return page.replace("</body></html>", f"<h2>Which choices each verdict depends on</h2><ul>{items}</ul></body></html>")


def write_sensitivity(table: Sensitivity, settings: ClaimSettings, csv_path, md_path, html_path) -> None:
    write_verified_text(csv_path, sensitivity_csv_text(table))
    atomic_write_text(md_path, sensitivity_markdown(table, settings))
    atomic_write_text(html_path, sensitivity_html(table, settings))
