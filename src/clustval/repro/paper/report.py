"""HTML tables for the Snakemake report: Tables 4 and 5, the claims and the scores.

Each table is a small self-contained HTML page (inline style, no script), so the report
shows it as a table a reviewer reads, next to the CSV that holds the same cells.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterable, Mapping, Sequence

from clustval.io import atomic_write_text, table_cells

from .scores import ScoreTable

STYLE = (
    "body{font-family:system-ui,sans-serif;font-size:14px;margin:12px;color:#222}"
    "h1{font-size:17px}p.note{color:#555;max-width:60em}"
    "table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:3px 7px;text-align:left}"
    "th{background:#f2f2f2;position:sticky;top:0}tr:nth-child(even) td{background:#fafafa}"
    "td.num{text-align:right;font-variant-numeric:tabular-nums}"
    "td.hash{font-family:monospace;font-size:11px}"
)
HEX_DIGEST = re.compile(r"[0-9a-f]{64}")


def html_table(
    rows: Iterable[Mapping],
    columns: Sequence[str],
    *,
    title: str,
    notes: Sequence[str] = (),
    float_format: str | None = None,
) -> str:
    """An HTML page holding ``rows`` as one table (cells rendered as in the CSV files)."""
    cells = table_cells(rows, columns, float_format)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in columns)
    body = "\n".join(
        "<tr>" + "".join(_td(cell) for cell in row) + "</tr>" for row in cells
    )
    paragraphs = "".join(f'<p class="note">{html.escape(note)}</p>' for note in notes)
    return (
        f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{STYLE}</style></head><body>\n<h1>{html.escape(title)}</h1>{paragraphs}\n"
        f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table></body></html>\n"
    )


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


def score_matrix(table: ScoreTable) -> tuple[list[dict], list[str]]:
    """The tidy score table as a matrix: one row per clustering, one column per index."""
    records = table.records()
    indices = list(dict.fromkeys(index for _, _, _, index, _ in records))
    by_clustering: dict[tuple, dict] = {}
    for dataset, algorithm, k, index, value in records:
        row = by_clustering.setdefault(
            (dataset, algorithm, k), {"dataset": dataset, "algorithm": algorithm, "k": k}
        )
        row[index] = value
    return list(by_clustering.values()), ["dataset", "algorithm", "k", *indices]


SOFTWARE = ("clustval", "numpy", "scipy", "numba", "matplotlib", "pyyaml", "snakemake")


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
    data = html_table(data_rows, list(data_rows[0]) if data_rows else ["data file"], title="Data files")
    config = f"<h1>Configuration</h1><pre>{html.escape(config_text)}</pre>"
    return software.replace("</body></html>", _body(data) + config + "</body></html>")


def _body(page: str) -> str:
    return page[page.index("<body>") + len("<body>"):page.index("</body>")]
