"""The replication report: ``results/replication.md`` and its HTML page, shaped like a ReScience C
article (what was replicated, how, the results, the conclusion in one sentence).

Every number in it is read from the run's result files: the claims (``claims.csv``), the
spread (``spread.csv``), the sensitivity table (``sensitivity.csv``) and the software versions
(``environment.csv``); none is written here. The text around the numbers is fixed.

The document is built once as a list of blocks (:class:`Doc`) and rendered to Markdown and to a
self-contained HTML page, so both say the same.
"""

from __future__ import annotations

import csv
import html
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from clustval.indices.registry import get_index
from clustval.io import atomic_write_text
from clustval.io.text import markdown_cell, spoken_list

from ..verified import read_verified_csv
from .claims.readings import RULES, THRESHOLDS
from .report import VERDICT_STYLE, html_page, markdown_safe, verdict_class
from .trace import CAUSES, overall_verdict, verdict_sentence, why_claims_fail

TITLE = "[Re] New criteria for evaluating the validity of clustering"
PAPER = (
    "Xie Juanying, Zhou Ying, Wang Mingzhao, Jiang Weiliang (2017). New criteria for evaluating the "
    "validity of clustering (聚类有效性评价新指标). CAAI Transactions on Intelligent Systems 12(6): 873-882. "
    "DOI 10.11992/tis.201706029."
)


# ====================================================================== reading the results
@dataclass
class RunResults:
    """What the report reads: rows of the result files, as written."""

    claims: list[dict]
    spread: list[dict] = field(default_factory=list)
    sensitivity: list[dict] = field(default_factory=list)
    environment: list[dict] = field(default_factory=list)
    diagnostics: list[dict] = field(default_factory=list)
    params: Mapping = field(default_factory=dict)  # the job's: groups, words, figures, seeds

    @property
    def groups(self) -> Mapping[str, Sequence[str]]:
        return self.params.get("groups", {})

    @property
    def headline(self) -> list[dict]:
        return [row for row in self.claims if row["scope"] == "main"]

    @property
    def sweeps(self) -> list[dict]:
        return [row for row in self.claims if row["scope"] != "main"]

    def traces(self) -> dict[str, list[dict]]:
        return {row["id"]: json.loads(row["detail"])["detail"].get("traces", []) for row in self.headline
                if row["detail"]}

    def checks(self, claim: str) -> list[dict]:
        row = next(r for r in self.headline if r["id"] == claim)
        return json.loads(row["detail"])["checks"] if row["detail"] else []


def read_claims_csv(path) -> list[dict]:
    """The rows of ``claims.csv``."""
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def read_results(claims, spread=None, sensitivity=None, environment=None, diagnostics=None,
                 params: Mapping | None = None) -> RunResults:
    """The result files of a run (paths; all but the claims may be None) and the report job's
    ``params`` (the verdict's groups, the one rule of each word, each claim's figures, the seeds)."""
    return RunResults(
        claims=read_claims_csv(claims),
        spread=read_verified_csv(spread) if spread else [],
        sensitivity=read_verified_csv(sensitivity) if sensitivity else [],
        environment=read_verified_csv(environment) if environment else [],
        diagnostics=read_verified_csv(diagnostics) if diagnostics else [],
        params=dict(params or {}),
    )


# ====================================================================== the document
@dataclass
class Doc:
    """Blocks of a document: ("h", level, text), ("p", text), ("quote", zh, en),
    ("table", columns, rows, verdict_columns), ("ul", items)."""

    blocks: list[tuple] = field(default_factory=list)

    def h(self, level: int, text: str) -> None:
        self.blocks.append(("h", level, text))

    def p(self, text: str) -> None:
        self.blocks.append(("p", text))

    def quote(self, zh: str, en: str) -> None:
        self.blocks.append(("quote", zh, en))

    def table(self, columns: Sequence[str], rows: Sequence[Mapping], coloured: Sequence[str] = ()) -> None:
        self.blocks.append(("table", list(columns), [dict(r) for r in rows], tuple(coloured)))

    def ul(self, items: Sequence[str]) -> None:
        self.blocks.append(("ul", list(items)))

    def img(self, path: str, caption: str) -> None:
        self.blocks.append(("img", path, caption))

    def markdown(self) -> str:
        out = []
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                out += ["#" * block[1] + " " + block[2], ""]
            elif kind == "p":
                out += [block[1], ""]
            elif kind == "quote":
                out += [f"> {block[1]}", ">", f"> {block[2]}", ""]
            elif kind == "table":
                columns, rows, coloured = block[1:]
                out.append("| " + " | ".join(map(markdown_cell, columns)) + " |")
                out.append("|" + "---|" * len(columns))
                for row in rows:
                    cells = [markdown_cell(str(row.get(c, ""))) for c in columns]
                    cells = [f"**{cell}**" if c in coloured and cell else cell for c, cell in zip(columns, cells)]
                    out.append("| " + " | ".join(cells) + " |")
                out.append("")
            elif kind == "ul":
                out += [f"- {item}" for item in block[1]] + [""]
            elif kind == "img":
                out += [f"![{markdown_cell(block[2])}]({block[1]})", "", f"*{markdown_cell(block[2])}*", ""]
        return markdown_safe("\n".join(out))

    def html(self) -> str:
        out = []
        for block in self.blocks:
            kind = block[0]
            if kind == "h":
                level = min(block[1], 3)
                if level == 1:
                    continue  # the page's own heading
                out.append(f"<h{level}>{html.escape(block[2])}</h{level}>")
            elif kind == "p":
                out.append(f"<p>{html.escape(block[1])}</p>")
            elif kind == "quote":
                out.append(f'<blockquote><div lang="zh">{html.escape(block[1])}</div>'
                           f'<div class="en">{html.escape(block[2])}</div></blockquote>')
            elif kind == "table":
                columns, rows, coloured = block[1:]
                head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
                body = []
                for row in rows:
                    cells = []
                    for c in columns:
                        text = str(row.get(c, ""))
                        css = f' class="verdict {verdict_class(text)}"' if c in coloured and text else ""
                        cells.append(f"<td{css}>{html.escape(text)}</td>")
                    body.append("<tr>" + "".join(cells) + "</tr>")
                out.append(f"<table><thead><tr>{head}</tr></thead><tbody>" + "".join(body) + "</tbody></table>")
            elif kind == "ul":
                out.append("<ul>" + "".join(f"<li>{html.escape(item)}</li>" for item in block[1]) + "</ul>")
            elif kind == "img":
                out.append(f'<figure><a href="{html.escape(block[1])}"><img src="{html.escape(block[1])}" '
                           f'alt="{html.escape(block[2])}" style="max-width:46em;width:100%"></a>'
                           f"<figcaption>{html.escape(block[2])}</figcaption></figure>")
        return html_page(TITLE, "\n".join(out), style=VERDICT_STYLE + "h2{font-size:16px}h3{font-size:14px}"
                         "p{max-width:62em}")


# ====================================================================== the report
def replication_doc(results: RunResults) -> Doc:
    """The replication report of a run, as blocks."""
    doc = Doc()
    headline = results.headline
    checked = [row for row in headline if row["verdict"] != "not tested"]
    untested = [row for row in headline if row["verdict"] == "not tested"]
    traces = results.traces()
    groups = results.groups
    sentence = verdict_sentence(checked + untested, traces, groups.get("central", ()), groups.get("arithmetic", ()))
    doc.h(1, TITLE)
    doc.p(f"Replication of: {PAPER}")
    doc.h(2, "Verdict")
    doc.p(sentence)
    doc.table(["claim", "kind", "where", "verdict", "checks", "met by a baseline", "fragility"],
              [_verdict_row(row, groups) for row in checked], coloured=["verdict"])

    doc.h(2, "Why claims fail")
    why = why_claims_fail(traces)
    if why:
        doc.p("Every failing check of a headline claim is traced to the first cause a computation of the run "
              "shows (section 4 lists each); counted by cause:")
        doc.table(["cause", "checks", "claims", "why", "where"], why)
    else:
        doc.p("No check of a headline claim fails.")

    words = results.params.get("words", [])
    if words:
        doc.h(2, "One rule for each word")
        doc.p("Each word a verdict turns on is read by one rule in every claim, figure, caption and table; every "
              "other reading is a column of the sensitivity table (results/sensitivity.md) and counts in each "
              "claim's fragility.")
        doc.table(["word", "zh", "claims", "rule", "other readings"], words)

    doc.h(2, "1 What was replicated")
    doc.p("The paper proposes two external validity indices, S2 (eqs. (1)-(4), from the contingency table) "
          "and PS2 (eqs. (5)-(8), from pairs of objects), and one internal index, STDI (eq. (9)). It "
          "supports them with experiments on synthetic sets (Fig. 1, Fig. 2 and Table 4) and the UCI "
          "sets of Table 5, shown in Figs. 3-6. Every experimental statement of its sections 3.1-3.2, "
          "its abstract and its conclusion is listed below in its own words, Chinese and English; "
          f"{len(checked)} are checked, {len(untested)} cannot be, and the report says why.")
    doc.h(2, "2 How")
    doc.p("Every step is a job of one Snakemake workflow whose every value comes from config/config.yaml: "
          "data (the UCI files as published, checked against their SHA-256; the synthetic sets "
          "reconstructed from Table 4 and Fig. 2, since the paper publishes no generator), the "
          "clusterings the paper names (fast K-medoids with K = C for Figs. 4-6, SD K-medoids over K "
          "for Fig. 3; each claim below states the clustering its numbers come from), every index, "
          "and the claims. docs/decisions.md gives each choice with the paper's words.")
    doc.p("Baselines. A K-finding claim (C1, C15) is set beside rules that look at no data (always K = 2, the "
          "smallest and the largest K of the range, a seeded random K); a trend claim (C10-C14) beside the same "
          "correlation for every pair of the external indices the figures draw. A claim a baseline meets is "
          "marked so and counted apart in the verdict.")
    doc.p(_spread_method(results.spread))
    doc.p("Tracing. Each check of a headline claim that fails or cannot hold is traced to the first of "
          "these causes that a computation shows: " + spoken_list(list(CAUSES)) + " (results/diagnostics.csv "
          "holds each set's recalls, PS2 beside Rand, and the cost and indices of PAM's partition).")

    doc.h(2, "3 Results")
    figures = results.params.get("figures", {})
    for row in headline:
        doc.h(3, f"{row['id']} ({row['where'] or row['source']}): {row['verdict']}")
        if row["words_zh"]:
            doc.quote(row["words_zh"], row["words_en"])
        if row["verdict"] == "not tested":
            doc.p(f"Not tested: {row['summary']}.")
            continue
        for figure in figures.get(row["id"], []):
            doc.img(figure["file"], f"{figure['label']} ({row['id']})")
        doc.p(f"Checked as: {row['statement']} Reading: {row['reading'] or 'as written'}. Ours: {row['summary']}.")
        if row.get("baseline"):
            doc.p(f"Baseline: {row['baseline']}.")
        if row.get("fragility"):
            doc.p(f"Fragility: {row['fragility']}.")
        variant = json.loads(row["detail"])["detail"].get("label_variant", []) if row["detail"] else []
        if variant:
            doc.p("Label variant: " + "; ".join(
                f"{v['subject']} with {v['variant']}: {'holds' if v['holds_variant'] else 'fails'} "
                f"({'holds' if v['holds_published'] else 'fails'} as published)" for v in variant) + ".")
        if row["depends_on"]:
            doc.p(f"Under other choices and readings: {row['depends_on']}.")
        rows = _check_rows(results, row["id"])
        if rows:
            doc.table(["subject", "word", "margin", "bootstrap interval", "re-clustered interval", "over the seeds"],
                      rows, coloured=["word"])
    if results.sweeps:
        doc.h(3, "Across the sweeps")
        doc.p("Each sweep re-checks its claims under every value; a row counts the values by verdict.")
        doc.table(["claim", "sweep", "verdict", "our numbers"],
                  [{"claim": r["id"], "sweep": r["scope"], "verdict": r["verdict"], "our numbers": r["summary"]}
                   for r in results.sweeps], coloured=["verdict"])
    seeds = _seed_table(results.spread)
    if seeds:
        doc.h(3, "Spread over the generator seeds")
        doc.p("Each reconstructed set drawn again under every seed of the seed sweep and clustered as in "
              "the main study: each index's mean ± sd (min to max) over the seeds, beside the main draw's "
              "value (results/spread.csv).")
        doc.table(*seeds)
    if results.sensitivity:
        doc.h(3, "Sensitivity to the readings and choices")
        doc.table(*_sensitivity_summary(results.sensitivity))

    doc.h(2, "4 Failures traced to their causes")
    rows = [{"claim": claim, "subject": t["subject"], "cause": t["cause"], "what shows it": t["detail"]}
            for claim, found in traces.items() for t in found]
    if rows:
        doc.table(["claim", "subject", "cause", "what shows it"], rows)
    else:
        doc.p("No check of a headline claim fails.")

    doc.h(2, "5 Conclusion")
    doc.p(sentence)

    doc.h(2, "Environment")
    if results.environment:
        doc.p("The code, machine and versions this run used (results/environment.csv); requirements.lock pins "
              "every distribution with its hashes, to install the same environment again.")
        doc.table(["software", "version"], results.environment)
    seed_values = results.params.get("seeds", {})
    if seed_values:
        doc.p("Every seed of the run (config/config.yaml):")
        doc.table(["config key", "seed"], [{"config key": k, "seed": str(v)} for k, v in seed_values.items()])
    return doc


def _verdict_row(row: Mapping, groups: Mapping = {}) -> dict:
    checks = f"{row['checks_holding']}/{row['checks_total']}"
    kind = ("central" if row["id"] in groups.get("central", ()) else
            "arithmetic" if row["id"] in groups.get("arithmetic", ()) else "")
    return {"claim": row["id"], "kind": kind, "where": row["where"] or row["source"], "verdict": row["verdict"],
            "checks": checks, "met by a baseline": row.get("baseline_met", ""),
            "fragility": row.get("fragility", "").removeprefix("reproduced under: ")}


def _spread_method(spread: Sequence[Mapping]) -> str:
    boot = [r for r in spread if r["kind"] == "bootstrap"]
    again = [r for r in spread if r["kind"] == "recluster"]
    seeds = [r for r in spread if r["kind"] == "seeds" and r["quantity"] != "margin"]
    text = "Spread. "
    if again:
        text += (f"The spread of record: each UCI set's objects drawn again with replacement {again[0]['n']} times "
                 "(seeded) and each resample clustered again as in the main study, every check evaluated on every "
                 "resample: only this bootstrap, which carries the clustering's own variability, makes 'noise' a "
                 "cause. ")
    if boot:
        text += (f"Beside it, a lower bound: each clustering of Figs. 4-6 held fixed and its objects drawn again "
                 f"with replacement, {boot[0]['n']} times per set (seeded); each check is evaluated on every replicate: it "
                 f"holds or fails when at least (1 + level)/2 of them agree at the {float(boot[0]['level']):g}% level, "
                 "and is within noise otherwise. ")
    if seeds:
        sets = sorted({r["subject"] for r in seeds})
        text += (f"The {len(sets)} reconstructed synthetic sets are drawn again under "
                 f"{seeds[0]['n']} generator seeds: each index's mean, sd and range per set, each check's "
                 "margin and how many seeds it holds in. ")
    return text + "All of it is in results/spread.csv."


def _fmt(value: str, signed: bool = True) -> str:
    if value in ("", None):
        return ""
    number = float(value)
    return f"{number:+.4f}" if signed else f"{number:.4f}"


def _check_rows(results: RunResults, claim: str) -> list[dict]:
    seeds = {(r["claim"], r["subject"]): r for r in results.spread if r["kind"] == "seeds" and r["claim"]}
    rows = []
    for check in results.checks(claim):
        noise = check.get("noise") or {}
        over = seeds.get((claim, check["subject"]))
        rows.append({
            "subject": check["subject"],
            "word": check["word"],
            "margin": "" if check.get("slack") is None else f"{check['slack']:+.4f}",
            "bootstrap interval": (f"{noise['low']:+.4f} to {noise['high']:+.4f}" if noise else
                                   (check.get("infeasible") or "")),
            "re-clustered interval": (f"{re['word']}: {re['low']:+.4f} to {re['high']:+.4f}"
                                      if (re := check.get("recluster") or {}) else ""),
            "over the seeds": (f"{over['word']}; margin {_fmt(over['min'])} to {_fmt(over['max'])}" if over else ""),
        })
    return rows


def _seed_table(spread: Sequence[Mapping]) -> tuple[list[str], list[dict]] | None:
    """Per set, each index over the seeds: "0.930 ± 0.012 (0.901-0.951); run 0.930"."""
    rows = [r for r in spread if r["kind"] == "seeds" and not r["claim"]]
    if not rows:
        return None
    indices = list(dict.fromkeys(r["quantity"] for r in rows))
    table: dict[str, dict] = {}
    for r in rows:
        cell = f"{float(r['mean']):.3f} ± {float(r['sd']):.3f} ({float(r['min']):.3f}-{float(r['max']):.3f})" \
            if r["sd"] not in ("", "nan") else f"{float(r['mean']):.3f}"
        if r["value"] not in ("", None):
            cell += f"; run {float(r['value']):.3f}"
        table.setdefault(r["subject"], {"set": r["subject"]})[_index_label(r["quantity"])] = cell
    return ["set", *map(_index_label, indices)], list(table.values())


def _index_label(name: str) -> str:
    return get_index(name).label


def _sensitivity_summary(rows: Sequence[Mapping]) -> tuple[list[str], list[dict]]:
    """Per claim: the headline cell, the other readings, and the variants counted by verdict."""
    claims = [r for r in rows if r["claim"].startswith("C")]
    columns = [c for c in rows[0] if c not in ("claim", "main")] if rows else []
    readings = [c for c in columns if " / " not in c and not c.startswith(("SD radius", "offset", "seed"))
                and c.split(" ")[0] in _rule_names()]
    variants = [c for c in columns if c not in readings]
    out = []
    for row in claims:
        words = [row[c].rsplit(" ", 1)[0] for c in variants if row[c] not in ("—", "")]
        counted = {w: words.count(w) for w in dict.fromkeys(words)}
        out.append({
            "claim": row["claim"], "headline": row["main"],
            "other readings": "; ".join(f"{c}: {row[c]}" for c in readings if row[c] not in ("—", "")),
            "data and algorithm variants": ", ".join(f"{n}/{len(words)} {w}" for w, n in counted.items()),
        })
    return ["claim", "headline", "other readings", "data and algorithm variants"], out


def _rule_names() -> tuple[str, ...]:
    return (*RULES, *THRESHOLDS)


def verdict_section(claims: Sequence[Mapping], link: str = "replication.html", groups: Mapping = {}) -> str:
    """The index page's opening: the one-sentence verdict and every claim's coloured verdict,
    from the rows of claims.csv (``groups``: the claims the sentence counts apart)."""
    headline = [row for row in claims if row["scope"] == "main"]
    traces = {row["id"]: json.loads(row["detail"])["detail"].get("traces", []) for row in headline if row["detail"]}
    sentence = verdict_sentence(headline, traces, groups.get("central", ()), groups.get("arithmetic", ()))
    rows = []
    for row in claims:
        said = row["words_en"] if row["scope"] == "main" else row["statement"]
        rows.append(
            f"<tr><td>{html.escape(row['id'])}</td><td>{html.escape(row['scope'])}</td>"
            f"<td class=\"words\">{html.escape(said)}</td>"
            f'<td class="verdict {verdict_class(row["verdict"])}">{html.escape(row["verdict"])}</td>'
            f"<td>{html.escape(row['summary'])}</td></tr>"
        )
    return (
        f'<h2 id="verdict">Verdict</h2><p class="verdict">{html.escape(sentence)} '
        f'<a href="{html.escape(link)}">The replication report</a>.</p>'
        "<table><thead><tr><th>claim</th><th>scope</th><th>the paper says</th><th>verdict</th>"
        "<th>our numbers</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )


def write_replication(results: RunResults, md_path, html_path) -> None:
    doc = replication_doc(results)
    atomic_write_text(md_path, doc.markdown())
    atomic_write_text(html_path, doc.html())


def overall(results: RunResults) -> str:
    """The paper's overall verdict word of a run (on its central claims, when the groups say which)."""
    central = results.groups.get("central", ())
    return overall_verdict([row["verdict"] for row in results.headline if not central or row["id"] in central])


__all__ = ["Doc", "RunResults", "overall", "read_results", "replication_doc", "write_replication"]
