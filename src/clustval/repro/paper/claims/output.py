"""The claims written out: claims.csv, claims.md and claims.html."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from html import escape

from clustval.clustering import algorithm_label
from clustval.formatting import markdown_cell
from clustval.io import atomic_write_text

from ..report import html_table, markdown_safe
from .results import ClaimResult, axis_plural
from .settings import ClaimSettings

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
    return f" (across {axis_plural(axis)})"


def _depends(result: ClaimResult, depends_on: Mapping[str, str]) -> str:
    # the table's row already names the claim: "C3: partly under ..." -> "partly under ..."
    text = depends_on.get(result.id, "") if result.scope == "main" else ""
    return text.removeprefix(f"{result.id}: ")


def _algorithm(name: str) -> str:
    return algorithm_label(name)


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
            f"| {r.id} | {r.scope} | {r.source} | **{r.verdict}** | {markdown_cell(r.summary)} "
            f"| {markdown_cell(_depends(r, depends_on))} |"
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
    # a set's label or note from the config opens no HTML tag where the Markdown is rendered
    return markdown_safe("\n".join(lines) + "\n")


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
