"""HTML pages of a run: Tables 4 and 5, the claims, the scores, provenance and the index.

Each table is a small self-contained HTML page (inline style, no script, no external asset),
so the report shows it as a table a reviewer reads, next to the CSV that holds the same
cells. ``results/index.html`` (:func:`index_html`) links every page, figure and table of a
run, and every page links back to it.

Text from the config (a set's label or note, a path) reaches these pages, the Markdown
files and the job parameters that ``snakemake --report`` shows. Each escapes it where it
enters HTML: the pages with ``html.escape``; the Markdown files neutralise whatever would open
an HTML tag (:func:`markdown_safe`); a job's params reach the job as they are, and their text,
which the report embeds raw inside a ``<script>`` block, is escaped (:class:`ReportParams`).
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import PurePosixPath

from clustval.io import atomic_write_text, format_cell, table_cells

from .scores import ScoreTable

STYLE = (
    "body{font-family:system-ui,sans-serif;font-size:14px;margin:12px;color:#222}"
    "h1{font-size:17px}p.note{color:#555;max-width:60em}p.home{margin:0 0 6px;font-size:13px}"
    "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:3px 7px;text-align:left}"
    "th{background:#f2f2f2;position:sticky;top:0}tr:nth-child(even) td{background:#fafafa}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "td.hash{font-family:monospace;font-size:11px}"
)
HEX_DIGEST = re.compile(r"[0-9a-f]{64}")
HOME = "index.html"  # the run's index page, relative to a page in results/


def html_table(
    rows: Iterable[Mapping],
    columns: Sequence[str],
    *,
    title: str,
    notes: Sequence[str] = (),
    float_format: str | None = None,
    home: str | None = HOME,
) -> str:
    """An HTML page holding ``rows`` as one table (cells rendered as in the CSV files).

    ``home``: the link back to the run's index page, relative to the page (None: no link).
    """
    cells = table_cells(rows, columns, float_format)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "\n".join(
        "<tr>" + "".join(_td(cell) for cell in row) + "</tr>" for row in cells
    )
    table = f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table>"
    return html_page(title, table, notes=notes, home=home)


def html_page(title: str, content: str, *, notes: Sequence[str] = (), home: str | None = HOME,
              style: str = "") -> str:
    """A self-contained page: the link home, ``title`` (escaped) as its heading, the
    ``notes`` (escaped), then ``content`` (HTML, as given); ``style`` is added to :data:`STYLE`."""
    paragraphs = "".join(f'<p class="note">{html.escape(note)}</p>' for note in notes)
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}{style}</style></head><body>\n{home_link(home)}<h1>{html.escape(title)}</h1>"
        f"{paragraphs}\n{content}</body></html>\n"
    )


def home_link(home: str | None) -> str:
    """The link back to the run's index page (nothing without ``home``).

    Examples
    --------
    >>> home_link("../index.html")
    '<p class="home"><a href="../index.html">&larr; All results of this run</a></p>'
    """
    if home is None:
        return ""
    return f'<p class="home"><a href="{html.escape(home)}">&larr; All results of this run</a></p>'


def _td(cell: str) -> str:
    if HEX_DIGEST.fullmatch(cell):
        return f'<td class="hash">{cell}</td>'
    try:
        float(cell)
    except ValueError:
        return f"<td>{html.escape(cell)}</td>"
    return f'<td class="num">{html.escape(cell)}</td>'


def write_html_table(path: str | os.PathLike, rows, columns, **options) -> None:
    """Write :func:`html_table` atomically."""
    atomic_write_text(path, html_table(rows, columns, **options))


# ====================================================================== verdicts
#: The colour of each verdict and check word on the pages (background, text).
COLOURS = {
    "reproduced": ("#d8f0d8", "#14501a"), "holds": ("#d8f0d8", "#14501a"),
    "partly": ("#fbeec8", "#6b4d00"), "within noise": ("#fbeec8", "#6b4d00"),
    "not reproduced": ("#f6d5d5", "#7a1010"), "fails": ("#f6d5d5", "#7a1010"),
    "infeasible": ("#e4e0f2", "#3c2f73"), "not tested": ("#e8e8e8", "#444"),
    "not evaluated": ("#e8e8e8", "#444"),
}
VERDICT_STYLE = (
    "td.words{min-width:24em;max-width:36em}td.words .zh{display:block}td.words .en{display:block;color:#444;font-size:13px}"
    "h2{font-size:15px;margin:20px 0 6px;border-bottom:1px solid #ddd}"
    "blockquote{margin:4px 0 8px;padding:4px 10px;border-left:3px solid #bbb;background:#f7f7f7;max-width:60em}"
    "blockquote .en{color:#444}span.word,td.verdict{font-weight:600;white-space:nowrap}"
    + "".join(f"td.verdict.v-{word.replace(' ', '-')},span.word.v-{word.replace(' ', '-')}{{background:{bg};color:{fg}}}"
              for word, (bg, fg) in {**COLOURS, "mixed": COLOURS["partly"]}.items())
)


def verdict_class(verdict: str) -> str:
    """The CSS class that colours a verdict or check word ("v-not-reproduced"); a sweep row's
    counts ("6/9 reproduced, 3/9 partly") are coloured as mixed unless every value agrees.

    Examples
    --------
    >>> verdict_class("not reproduced"), verdict_class("9/9 partly"), verdict_class("2/3 reproduced, 1/3 partly")
    ('v-not-reproduced', 'v-partly', 'v-mixed')
    """
    if "/" in verdict:
        parts = [part.split(" ", 1)[1] for part in verdict.split(", ")]
        verdict = parts[0] if len(parts) == 1 else "mixed"
    return "v-" + verdict.replace(" ", "-")


# ====================================================================== the scores
SCORES_STYLE = (  # sticky cells carry their borders only with border-collapse: separate
    "div.scroll{overflow:auto;max-height:calc(100vh - 140px);border:1px solid #bbb}"
    "div.scroll table{font-size:12px;border-collapse:separate;border-spacing:0}"
    "div.scroll th,div.scroll td{padding:2px 5px;border:0;border-right:1px solid #ddd;border-bottom:1px solid #ddd}"
    "div.scroll thead th{position:sticky;z-index:2;text-align:center}"
    "div.scroll tr.groups th{top:0;height:22px;white-space:nowrap;background:#e4e4e4;box-sizing:border-box}"
    "div.scroll tr.names th{top:22px;min-width:3.6em;vertical-align:bottom;hyphens:auto}"
    "div.scroll tr.names th.external{background:#eef3fb}div.scroll tr.names th.internal{background:#f6f1e8}"
    "div.scroll .id,div.scroll .k{position:sticky;z-index:1;background:#fff;box-sizing:border-box}"
    "div.scroll tr:nth-child(even) td.id,div.scroll tr:nth-child(even) td.k{background:#fafafa}"
    "div.scroll .id{left:0;width:8.5em;min-width:8.5em;max-width:8.5em;overflow:hidden;"
    "text-overflow:ellipsis;white-space:nowrap}"
    "div.scroll .k{left:8.5em;width:2.8em;min-width:2.8em;text-align:right;border-right:2px solid #888}"
    "div.scroll thead th.id,div.scroll thead th.k,div.scroll thead th.ids{z-index:3;background:#e4e4e4}"
    "div.scroll thead th.ids{left:0;border-right:2px solid #888}"
    "div.scroll tbody th.run{text-align:left;background:#f2f2f2}div.scroll th.run span{position:sticky;left:6px}"
    "div.scroll .first{border-left:2px solid #888}"
)
KIND_HEADINGS = {
    "external": "external indices: the clustering against the true classes",
    "internal": "internal indices: the clustering and the data alone",
}


def score_columns(names: Iterable[str]) -> list[tuple[str, list[str]]]:
    """The score table's index columns, grouped by kind (external, then internal; an index
    the registry does not know last, under "other"), each group in the registry's order (the
    order the paper reports them: S2, PS2, then the comparators; STDI, DB, XB, IGP, Sil, BWP).

    Examples
    --------
    >>> score_columns(["db", "accuracy", "s2", "stdi", "ps2"])
    [('external', ['s2', 'ps2', 'accuracy']), ('internal', ['stdi', 'db'])]
    """
    from clustval.indices.registry import INDICES

    names = set(names)
    order = list(INDICES)
    groups = {"external": [], "internal": [], "other": sorted(names - set(order))}
    for name in order:
        if name in names:
            groups[INDICES[name].kind].append(name)
    return [(kind, columns) for kind, columns in groups.items() if columns]


def scores_html(table: ScoreTable, *, float_format: str = ".4f", home: str | None = HOME) -> str:
    """The main score table as one page: one row per clustering (grouped by algorithm), one
    column per index, external then internal indices under a group header, each headed by
    its display name (the registry's label; its name, direction and reference on hover).
    The header stays in view as the table scrolls, and so do the data set and K columns."""
    from clustval.clustering import algorithm_label
    from clustval.indices.registry import INDICES

    if table.group_column is not None:
        raise ValueError("scores_html draws the main score table, not a sweep")
    records = table.records()
    groups = score_columns(index for *_, index, _ in records)
    values: dict[tuple, dict[str, float]] = {}
    for dataset, algorithm, k, index, value in records:
        values.setdefault((algorithm, dataset, k), {})[index] = value
    head_groups = '<th class="ids" colspan="2">clustering</th>' + "".join(
        f'<th class="first" colspan="{len(columns)}">{html.escape(KIND_HEADINGS.get(kind, kind))}</th>'
        for kind, columns in groups
    )
    names = []
    for kind, columns in groups:
        for i, name in enumerate(columns):
            spec = INDICES.get(name)
            label = spec.label if spec else name
            tip = f"{name}: {spec.direction} is better; {spec.reference}" if spec else name
            first = " first" if i == 0 else ""
            names.append(f'<th class="{kind}{first}" title="{html.escape(tip)}">{html.escape(label)}</th>')
    head_names = '<th class="id">data set</th><th class="k">K</th>' + "".join(names)
    width = 2 + sum(len(columns) for _, columns in groups)
    body, current = [], None
    for (algorithm, dataset, k), row in sorted(values.items(), key=lambda item: item[0]):
        if algorithm != current:
            current = algorithm
            body.append(f'<tr><th class="run" colspan="{width}"><span>{html.escape(algorithm_label(algorithm))}'
                        "</span></th></tr>")
        cells = [f'<td class="id" title="{html.escape(dataset)}">{html.escape(dataset)}</td>',
                 f'<td class="k num">{k}</td>']
        for _, columns in groups:
            for i, name in enumerate(columns):
                text = format_cell(row.get(name), float_format)
                first = " first" if i == 0 else ""
                cells.append(f'<td class="num{first}">{html.escape(text)}</td>')
        body.append("<tr>" + "".join(cells) + "</tr>")
    content = (
        f'<div class="scroll"><table><thead><tr class="groups">{head_groups}</tr>'
        f'<tr class="names">{head_names}</tr></thead><tbody>\n' + "\n".join(body) + "\n</tbody></table></div>"
    )
    return html_page(
        "Scores: every index on every clustering", content, home=home, style=SCORES_STYLE,
        notes=[f"Values rounded to {_decimals(float_format)} decimals here; results/scores.csv holds "
               "them exactly. Columns in the registry's order; hover a column's name for its "
               "registry name, direction and reference."],
    )


def _decimals(float_format: str) -> str:
    match = re.fullmatch(r"\.(\d+)[fg]", float_format)
    return match.group(1) if match else float_format


# ====================================================================== safe text
class ReportParams(dict):
    """A job's params (a dict) whose text is HTML-escaped (``&``, ``<``, ``>``).

    ``snakemake --report`` writes each param of a job as text, ``str(value)``, raw into a
    ``<script>`` block of its page: that is where this text enters HTML, so it is escaped
    there. All else sees the plain dict: the job (its script unpickles a ``dict``),
    Snakemake's params-change trigger (``repr``) and a report caption reading
    ``snakemake.params``.

    Examples
    --------
    >>> params = ReportParams({"label": "</script>", "k": [3, ("a&b",)]})
    >>> str(params)
    "{'label': '&lt;/script&gt;', 'k': [3, ('a&amp;b',)]}"
    >>> params["label"], repr(params)
    ('</script>', "{'label': '</script>', 'k': [3, ('a&b',)]}")
    """

    def __str__(self) -> str:
        return html.escape(repr(self), quote=False)

    def __reduce__(self):
        return dict, (dict(self),)


_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")


def markdown_safe(text: str) -> str:
    """``text`` with every ``<`` that would open an HTML tag, comment or declaration in a
    Markdown renderer written as ``&lt;`` (which renders as ``<``); a ``<`` before a space,
    a digit or ``=`` stays as it is.

    Examples
    --------
    >>> markdown_safe("PS2 <= Accuracy; </script><img src=x onerror=alert(1)>")
    'PS2 <= Accuracy; &lt;/script>&lt;img src=x onerror=alert(1)>'
    """
    return _TAG_START.sub("&lt;", text)


# ====================================================================== the index page
INDEX_STYLE = (
    "h2{font-size:15px;margin:18px 0 6px;border-bottom:1px solid #ddd}"
    "ul{margin:4px 0;padding-left:1.3em}li{margin:2px 0}"
    "div.figures{display:flex;flex-wrap:wrap;gap:14px}"
    "figure{margin:0;width:330px;border:1px solid #ddd;padding:6px;background:#fafafa}"
    "figure img{width:330px;height:auto;display:block;background:#fff}"
    "figcaption{font-size:12px;color:#444;margin-top:4px}figcaption b{color:#222}"
    "span.also{color:#666;font-size:12px}"
)
#: The index page's sections, in order: each a heading and the pages it lists, by path
#: relative to results/ without the extension (.html first, then .md and .csv; a path the
#: run does not write is left out); None: the figures.
INDEX_SECTIONS = (
    ("Claims", (
        ("replication", "The replication report: the verdict, each claim with the spread behind it, each failure traced"),
        ("claims", "The paper's claims, checked: its words, the verdicts, our numbers, every check"),
        ("sensitivity", "Sensitivity of each verdict to the readings and the analysis choices the paper does not state"),
        ("spread", "The spread behind each verdict: over the generator seeds and over the objects (bootstrap)"),
    )),
    ("Figures", None),  # the figures, as thumbnails
    ("Tables", (
        ("tables/table4", "Table 4: the synthetic sets, regenerated beside the printed values"),
        ("tables/table5", "Table 5: the UCI sets, regenerated beside the printed values"),
    )),
    ("Scores", (
        ("scores", "Every index on every clustering of the main study"),
        ("figure_axes", "The paper's figure axes beside the range of our values"),
    )),
    ("Provenance", (
        ("provenance", "Software versions, every data file's source and SHA-256, the configuration"),
    )),
)


def index_html(files: Sequence[str], figures: Mapping[str, Mapping[str, str]], verdicts: str = "") -> str:
    """``results/index.html``: one link to every page, figure and table of the run.

    ``files``: the run's outputs (paths under ``results/``, as ``rule all`` lists them);
    ``figures``: per figure name, in figure order, its ``label`` and ``caption``, shown as a
    thumbnail (the PNG itself) with its PDF beside it. Pages listed in :data:`INDEX_SECTIONS`
    are shown with their other formats (CSV, Markdown); anything else the run writes is
    listed under "Other files". Every text is escaped; every link is relative.
    """
    paths = [PurePosixPath(f).relative_to("results").as_posix() for f in files
             if PurePosixPath(f).parts[:1] == ("results",)]
    listed = {"index.html"}
    parts = [verdicts] if verdicts else []
    cards = []
    for name, entry in figures.items():
        png, pdf = f"figures/{name}.png", f"figures/{name}.pdf"
        if png not in paths:
            continue
        listed.update({png, pdf})
        also = f' <span class="also">(<a href="{_href(pdf)}">PDF</a>)</span>' if pdf in paths else ""
        cards.append(
            f'<figure id="{html.escape(name)}"><a href="{_href(png)}"><img src="{_href(png)}" '
            f'alt="{html.escape(entry["label"])}" loading="lazy"></a><figcaption><b>'
            f'{html.escape(entry["label"])}</b>{also}<br>{html.escape(entry["caption"])}</figcaption></figure>'
        )
    for heading, pages in INDEX_SECTIONS:
        if pages is None:
            if cards:
                parts.append(f'<h2 id="figures">{html.escape(heading)}</h2><div class="figures">'
                             + "\n".join(cards) + "</div>")
            continue
        items = []
        for stem, text in pages:
            found = [f"{stem}.{ext}" for ext in ("html", "md", "csv") if f"{stem}.{ext}" in paths]
            if not found:
                continue
            listed.update(found)
            main, *others = found
            also = ", ".join(f'<a href="{_href(path)}">{PurePosixPath(path).suffix[1:].upper()}</a>'
                             for path in others)
            items.append(f'<li><a href="{_href(main)}">{html.escape(text)}</a>'
                         + (f' <span class="also">({also})</span>' if also else "") + "</li>")
        if items:
            parts.append(f'<h2 id="{heading.lower()}">{html.escape(heading)}</h2><ul>' + "".join(items) + "</ul>")
    # the study beyond the paper's sets is a target of its own: linked whether or not it has run
    parts.append('<h2 id="generalisation">Beyond the paper\'s sets</h2><ul><li><a href="generalisation.html">'
                 "The paper's claims and every index's power to find K on a public benchmark battery</a> "
                 '<span class="also">(written by <code>snakemake --cores 2 generalisation</code>, not by the '
                 "default target)</span></li></ul>")
    listed.update({"generalisation.html", "generalisation.md"})
    rest = [path for path in paths if path not in listed]
    for heading, anchor, chosen in (
        ("Sweeps: the scores of every variant", "sweeps", [p for p in rest if p.startswith("robustness/")]),
        ("Other files", "other", [p for p in rest if not p.startswith("robustness/")]),
    ):
        if chosen:
            parts.append(f'<h2 id="{anchor}">{html.escape(heading)}</h2><ul>' + "".join(
                f'<li><a href="{_href(path)}">{html.escape(path)}</a></li>' for path in chosen) + "</ul>")
    return html_page(
        "Reproduction of Xie et al. (2017): the results of this run", "\n".join(parts), home=None,
        style=INDEX_STYLE + VERDICT_STYLE,
        notes=["The verdict of this run first, then every page, figure and table it wrote; every page "
               "links back here. A figure opens at full size when clicked."],
    )


def _href(path: str) -> str:
    from urllib.parse import quote

    return html.escape(quote(path))


SOFTWARE = ("clustval", "numpy", "scipy", "numba", "llvmlite", "scikit-learn", "matplotlib", "pyyaml",
            "jsonschema", "snakemake")


def software_versions() -> dict[str, str]:
    """Python and the versions of the distributions a run depends on."""
    import platform
    from importlib import metadata

    versions = {"python": platform.python_version()}
    for name in SOFTWARE:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def machine_facts(commit: str) -> dict[str, str]:
    """The code and machine of a run: the repository commit (given: the workflow reads it when it
    builds the DAG), the operating system, the CPU and the BLAS numpy calls."""
    import platform

    import numpy

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            names = [line.split(":", 1)[1].strip() for line in handle if line.startswith("model name")]
        cpu = f"{names[0]} x {len(names)}" if names else cpu
    except OSError:
        pass
    try:
        blas = numpy.show_config(mode="dicts")["Build Dependencies"]["blas"]
        blas_text = f"{blas.get('name', '?')} {blas.get('version', '')}".strip()
    except Exception:  # numpy builds without the dict form
        blas_text = "unknown"
    return {"code commit": commit, "os": platform.platform(), "cpu": cpu, "blas": blas_text}


def data_provenance(paths: Iterable[str | os.PathLike]) -> list[dict]:
    """One row per prepared data file: where its data came from and the checksums that pin it."""
    import hashlib
    from pathlib import Path

    from clustval.datasets.dataset import read_dataset

    rows = []
    for path in paths:
        ds = read_dataset(path)
        meta = ds.meta
        rows.append({
            "data file": Path(path).name,
            "set": ds.name,
            "kind": meta.get("kind", ""),
            "n": ds.n,
            "source": meta.get("source", "generated"),
            "origin": meta.get("origin") or (f"generator seed {meta['seed']}" if "seed" in meta else ""),
            "raw file sha256": meta.get("sha256", ""),
            "preprocessing": meta.get("preprocessing", ""),
            "prepared file sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest(),
        })
    return rows


def provenance_html(data_rows: Sequence[Mapping], versions: Mapping[str, str], config_text: str) -> str:
    """The report's provenance page: software versions, each data file's source and
    checksums, and the configuration the run used."""
    software = html_table(
        [{"software": name, "version": version} for name, version in versions.items()],
        ["software", "version"], title="Provenance",
        notes=["Software versions of this run, each data file's source and SHA-256, and the "
               "configuration used (defaults merged with every override)."],
    )
    data = html_table(data_rows, list(data_rows[0]) if data_rows else ["data file"], title="Data files",
                      home=None)
    config = f"<h1>Configuration</h1><pre>{html.escape(config_text)}</pre>"
    return software.replace("</body></html>", _body(data) + config + "</body></html>")


def _body(page: str) -> str:
    return page[page.index("<body>") + len("<body>"):page.index("</body>")]
