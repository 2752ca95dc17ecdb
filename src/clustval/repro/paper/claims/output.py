"""The claims written out: claims.csv, claims.md and claims.html.

Each claim opens with the paper's own words (Chinese, as printed) and their English, then the
reading it is checked under, our numbers, and every check with its word: holds, fails, within
noise (the bootstrap's interval straddles the boundary) or infeasible (with its proof).
The HTML page colours each verdict and each word.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from html import escape

from clustval.clustering import algorithm_label
from clustval.io import atomic_write_text
from clustval.io.text import markdown_cell

from ..report import VERDICT_STYLE, html_page, markdown_safe, verdict_class
from .readings import RULES, THRESHOLDS, word_rules
from .results import HOLDS, INFEASIBLE, WITHIN_NOISE, ClaimResult, axis_plural
from .settings import ClaimSettings

CSV_COLUMNS = ("id", "scope", "source", "verdict", "checks_holding", "checks_total",
               "checks_within_noise", "holding_within_noise", "checks_infeasible", "failing", "summary", "depends_on",
               "baseline", "baseline_met", "fragility",
               "causes", "statement", "rule", "reading", "where", "words_zh", "words_en", "detail")

def _detail_json(result: ClaimResult) -> str:
    payload = {
        "detail": result.detail,
        "checks": [
            {"subject": c.subject, "holds": c.holds, "word": c.word, "role": c.role, "numbers": dict(c.numbers),
             "slack": c.slack, "infeasible": c.infeasible, "conflict": c.conflict, "noise": dict(c.noise),
             "recluster": dict(c.recluster)}
            for c in result.checks
        ],
    }
    return json.dumps(payload, sort_keys=True, separators=(",", ":"))


def reading_of(result: ClaimResult, settings: ClaimSettings | None) -> str:
    """The readings a claim's verdict was checked under, as "ties shared; margin none" (and the
    thresholds that decide it: "slightly_below 0.05")."""
    if settings is None:
        return ""
    return "; ".join([f"{rule} {settings.readings[rule]}" for rule, entry in RULES.items()
                      if result.id in entry.claims]
                     + [f"{name} {getattr(settings, name):g}" for name, claims in THRESHOLDS.items()
                        if result.id in claims])


def claims_csv_text(results: Sequence[ClaimResult], depends_on: Mapping[str, str] = {},
                    settings: ClaimSettings | None = None, causes: Mapping[str, str] = {},
                    fragility: Mapping[str, str] = {}) -> str:
    """The claims as CSV: one row per claim (and per robustness sweep). ``depends_on``: for a
    main-study claim, which analysis choices its verdict depends on (the sensitivity sweeps);
    ``causes``: what each of its failing checks traces to."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for r in results:
        counts = r.counts
        words = settings.words(r.id) if settings is not None else {}
        writer.writerow([
            r.id, r.scope, r.source, r.verdict,
            sum(c.holds for c in r.feasible), len(r.feasible), counts.get(WITHIN_NOISE, 0),
            sum(c.holds and c.word == WITHIN_NOISE for c in r.checks), counts.get(INFEASIBLE, 0),
            ";".join(r.failing), r.summary, _depends(r, depends_on), *_baseline(r),
            fragility.get(r.id, "") if r.scope == "main" else "",
            causes.get(r.id, "") if r.scope == "main" else "",
            r.statement, r.rule, reading_of(r, settings), words.get("where", ""), words.get("zh", ""),
            words.get("en", ""), _detail_json(r),
        ])
    return buffer.getvalue()


def _baseline(result: ClaimResult) -> tuple[str, str]:
    """The claim's baseline sentence and whether a baseline meets it ("yes", "no", or "" where
    no baseline applies): :mod:`.baselines`."""
    found = getattr(result, "detail", {}).get("baseline") if result.scope == "main" else None
    return (found["text"], "yes" if found["met"] else "no") if found else ("", "")


def variant_text(result) -> str:
    """The claim's checks on a set read with another label (``detail["label_variant"]``), as
    "ionosphere with feature 1 as the label (classes 38 313): holds (fails as published)"."""
    rows = getattr(result, "detail", {}).get("label_variant", []) if result.scope == "main" else []
    return "; ".join(f"{row['subject']} with {row['variant']}: {'holds' if row['holds_variant'] else 'fails'} "
                     f"({'holds' if row['holds_published'] else 'fails'} as published)" for row in rows)


def counts_text(result: ClaimResult) -> str:
    """The checks counted so they add up: "7 of 10 hold, 3 fail (+1 infeasible, apart); within
    the fixed-partition bootstrap's noise: 1 holding, 0 failing"."""
    feasible = result.feasible
    if not feasible:
        return ""
    hold = sum(c.holds for c in feasible)
    text = f"{hold} of {len(feasible)} hold, {len(feasible) - hold} fail"
    apart = len(result.checks) - len(feasible)
    if apart:
        text += f" (+{apart} infeasible, apart)"
    noisy_hold = sum(c.holds and c.noise.get("word") == WITHIN_NOISE for c in feasible)
    noisy_fail = sum(not c.holds and c.noise.get("word") == WITHIN_NOISE for c in feasible)
    if noisy_hold or noisy_fail:
        text += f"; within the fixed-partition bootstrap's noise: {noisy_hold} holding, {noisy_fail} failing"
    return text


def _across(result: ClaimResult, settings: ClaimSettings | None) -> str:
    """" (across offsets)": the sweep's axis (its name if the settings do not say)."""
    if result.scope == "main":
        return ""
    axis = settings.sweeps[result.scope][0] if settings and result.scope in settings.sweeps else result.scope
    return f" (across {axis_plural(axis)})"


def _depends(result: ClaimResult, depends_on: Mapping[str, str]) -> str:
    # the table's row already names the claim: "C3: partly under ..." -> "partly under ..."
    text = depends_on.get(result.id, "") if result.scope == "main" else ""
    return text.removeprefix(f"{result.id}: ")


def _algorithm(name: str) -> str:
    return algorithm_label(name)


WORD_COLUMNS = ("word", "zh", "claims", "rule", "other readings")


def word_rules_markdown(settings: ClaimSettings) -> list[str]:
    """The one rule of each word, as a Markdown table (the report prints it once)."""
    lines = ["| " + " | ".join(WORD_COLUMNS) + " |", "|" + "---|" * len(WORD_COLUMNS)]
    for row in word_rules(settings):
        lines.append("| " + " | ".join(markdown_cell(row[c]) for c in WORD_COLUMNS) + " |")
    return lines


def word_rules_html(settings: ClaimSettings) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in WORD_COLUMNS)
    body = "".join("<tr>" + "".join(f"<td>{escape(row[c])}</td>" for c in WORD_COLUMNS) + "</tr>"
                   for row in word_rules(settings))
    return f"<h2>One rule for each word</h2><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _settings_note(settings: ClaimSettings) -> str:
    return (
        "Each word of the paper is read by one rule, everywhere (the table 'One rule for each word'); "
        "every other reading is a column of results/sensitivity.md. "
        f"\"Partly\": at least {settings.partly_share:g} of the "
        f"feasible checks hold. Scores: {_algorithm(settings.external_algorithm)} with K = C for "
        f"C2-C8, {_algorithm(settings.fig3_algorithm)} for C1. A check is *within noise* when the "
        "interval of its margin over resamples of the objects straddles the boundary where it flips: "
        "each clustering held fixed (a lower bound), and, beside it, each resample clustered again "
        "(the spread of record, the only one that makes noise a cause); *infeasible* "
        "when no clustering can satisfy it under the paper's definitions."
    )


def _word(check) -> str:
    return f"**{check.word}**" if check.word != HOLDS else check.word


def _check_line(check) -> str:
    role = " (implied exception)" if check.role == "exception" else ""
    text = f"{check.subject}{role}: {check.statement} - {_word(check)}"
    noise = check.noise
    if noise.get("low") is not None:
        text += f" (margin {check.slack:+.4f}, {noise['level']:g}% bootstrap interval {noise['low']:+.4f} to {noise['high']:+.4f})"
    again = check.recluster
    if again.get("low") is not None:
        text += f" (clustered again: {again['word']}, {again['low']:+.4f} to {again['high']:+.4f})"
    if check.infeasible:
        text += f" ({check.infeasible})"
    if check.conflict:
        text += f" ({check.conflict})"
    return text


def claims_markdown(
    results: Sequence[ClaimResult], settings: ClaimSettings | None = None, depends_on: Mapping[str, str] = {},
    causes: Mapping[str, str] = {}, fragility: Mapping[str, str] = {},
) -> str:
    """A Markdown report: a verdict table, then one section per claim: the paper's words, the
    reading, our numbers and each check."""
    lines = ["# The paper's claims, checked", ""]
    if settings is not None:
        lines += [_settings_note(settings), "", "## One rule for each word", "", *word_rules_markdown(settings), ""]
    lines += ["| claim | scope | source | verdict | met by a baseline | fragility | our numbers |",
              "|---|---|---|---|---|---|---|"]
    for r in results:
        frail = fragility.get(r.id, "") if r.scope == "main" else ""
        lines.append(
            f"| {r.id} | {r.scope} | {r.source} | **{r.verdict}** | {_baseline(r)[1]} | {markdown_cell(frail)} "
            f"| {markdown_cell(r.summary)} |"
        )
    for r in results:
        scope = _across(r, settings)
        words = settings.words(r.id) if settings is not None else {}
        lines += ["", f"## {r.id}{scope}: {r.verdict}", ""]
        if words:
            lines += [f"> {words['zh']}", ">", f"> {words['en']} ({words['where']})", ""]
        lines += [f"*Checked as ({r.source}):* {r.statement}", ""]
        reading = reading_of(r, settings)
        if reading and r.scope == "main":
            lines += [f"*Reading:* {reading}.", ""]
        lines += [f"*Rule:* {r.rule}.", "", f"*Ours:* {r.summary}.", ""]
        if _baseline(r)[0]:
            lines += [f"*Baseline:* {_baseline(r)[0]}.", ""]
        if fragility.get(r.id) and r.scope == "main":
            lines += [f"*Fragility:* {fragility[r.id]}.", ""]
        if variant_text(r):
            lines += [f"*Label variant:* {variant_text(r)}.", ""]
        if _depends(r, depends_on):
            lines += [f"*Depends on:* {_depends(r, depends_on)}.", ""]
        if causes.get(r.id) and r.scope == "main":
            lines += [f"*Failures traced to:* {causes[r.id]}.", ""]
        lines += [f"- {_check_line(c)}" for c in r.checks]
    # a set's label or note from the config opens no HTML tag where the Markdown is rendered
    return markdown_safe("\n".join(lines) + "\n")


def _span(word: str) -> str:
    return f'<span class="word {verdict_class(word)}">{escape(word)}</span>'


def verdict_rows_html(results: Sequence[ClaimResult], settings: ClaimSettings | None,
                      depends_on: Mapping[str, str] = {}, link: str = "", fragility: Mapping[str, str] = {}) -> str:
    """The verdict table: each claim with the paper's words, its coloured verdict, the checks
    by word and our numbers (``link``: the page whose sections the claim ids link to)."""
    head = ("<tr><th>claim</th><th>scope</th><th>the paper's words</th><th>verdict</th><th>checks</th>"
            "<th>met by a baseline</th><th>fragility</th><th>our numbers</th></tr>")
    body = []
    for r in results:
        words = settings.words(r.id) if settings is not None else {}
        said = (f'<span class="zh" lang="zh">{escape(words["zh"])}</span><span class="en">{escape(words["en"])}</span>'
                if words and r.scope == "main" else escape(r.statement))
        counts = counts_text(r)
        anchor = f'<a href="{escape(link)}#{escape(_anchor(r))}">{escape(r.id)}</a>'
        body.append(
            f"<tr><td>{anchor}</td><td>{escape(r.scope)}</td><td class=\"words\">{said}</td>"
            f'<td class="verdict {verdict_class(r.verdict)}">{escape(r.verdict)}</td><td>{escape(counts)}</td>'
            f"<td>{escape(_baseline(r)[1])}</td>"
            f"<td>{escape(fragility.get(r.id, '') if r.scope == 'main' else '')}</td><td>{escape(r.summary)}</td></tr>"
        )
    return f"<table><thead>{head}</thead><tbody>\n" + "\n".join(body) + "\n</tbody></table>"


def _anchor(result: ClaimResult) -> str:
    return f"{result.id}-{result.scope}"


def claims_html(
    results: Sequence[ClaimResult], settings: ClaimSettings | None = None, depends_on: Mapping[str, str] = {},
    causes: Mapping[str, str] = {}, fragility: Mapping[str, str] = {},
) -> str:
    """The claims for the report: the coloured verdict table with the paper's words, then each
    claim's words, reading, numbers and checks."""
    notes = [_settings_note(settings).replace("*", "")] if settings is not None else []
    sections = []
    for r in results:
        scope = _across(r, settings)
        words = settings.words(r.id) if settings is not None else {}
        items = "".join(
            f"<li>{escape(c.subject)}{' (implied exception)' if c.role == 'exception' else ''}: "
            f"{escape(c.statement)} &mdash; {_span(c.word)}"
            + (f" <small>(margin {c.slack:+.4f}, {c.noise['level']:g}% interval {c.noise['low']:+.4f} to "
               f"{c.noise['high']:+.4f})</small>" if c.noise.get("low") is not None else "")
            + (f" <small>(clustered again: {escape(c.recluster['word'])}, {c.recluster['low']:+.4f} to "
               f"{c.recluster['high']:+.4f})</small>" if c.recluster.get("low") is not None else "")
            + (f" <small>{escape(c.infeasible)}</small>" if c.infeasible else "")
            + (f" <small>({escape(c.conflict)})</small>" if c.conflict else "") + "</li>"
            for c in r.checks
        )
        quote = (f'<blockquote><div lang="zh">{escape(words["zh"])}</div><div class="en">{escape(words["en"])} '
                 f'({escape(words["where"])})</div></blockquote>' if words else "")
        reading = reading_of(r, settings) if r.scope == "main" else ""
        traced = (f"<p><i>Failures traced to:</i> {escape(causes[r.id])}.</p>"
                  if causes.get(r.id) and r.scope == "main" else "")
        sections.append(
            f'<h2 id="{escape(_anchor(r))}">{escape(r.id)}{escape(scope)}: {_span(r.verdict)}</h2>{quote}'
            f"<p><i>Checked as ({escape(r.source)}):</i> {escape(r.statement)}</p>"
            + (f"<p><i>Reading:</i> {escape(reading)}.</p>" if reading else "")
            + f"<p><i>Rule:</i> {escape(r.rule)}.</p><p><i>Ours:</i> {escape(r.summary)}.</p>"
            + (f"<p><i>Baseline:</i> {escape(_baseline(r)[0])}.</p>" if _baseline(r)[0] else "")
            + (f"<p><i>Fragility:</i> {escape(fragility[r.id])}.</p>" if fragility.get(r.id) and r.scope == "main"
               else "")
            + (f"<p><i>Label variant:</i> {escape(variant_text(r))}.</p>" if variant_text(r) else "")
            + (f"<p><i>Depends on:</i> {escape(_depends(r, depends_on))}.</p>" if _depends(r, depends_on) else "")
            + f"{traced}<ul>{items}</ul>"
        )
    rules = word_rules_html(settings) if settings is not None else ""
    content = rules + verdict_rows_html(results, settings, depends_on, fragility=fragility) + "\n" + "\n".join(sections)
    return html_page("The paper's claims, checked", content, notes=notes, style=VERDICT_STYLE)


def write_claims(
    results: Sequence[ClaimResult],
    csv_path,
    md_path,
    settings: ClaimSettings | None = None,
    *,
    html_path=None,
    depends_on: Mapping[str, str] = {},
    causes: Mapping[str, str] = {},
    fragility: Mapping[str, str] = {},
) -> None:
    """Write ``claims.csv`` and ``claims.md`` (and ``claims.html``) atomically; ``depends_on``,
    ``causes`` and ``fragility`` as in :func:`claims_csv_text`."""
    atomic_write_text(csv_path, claims_csv_text(results, depends_on, settings, causes, fragility))
    atomic_write_text(md_path, claims_markdown(results, settings, depends_on, causes, fragility))
    if html_path is not None:
        atomic_write_text(html_path, claims_html(results, settings, depends_on, causes, fragility))
