"""Merge tidy score files into one table, sorted, each cell written once (and, for the
main table, the same values as an HTML matrix for the report)."""

from clustval.io import atomic_write_text
from clustval.repro.paper.report import scores_html
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.pipeline import step

with step(snakemake) as log:
    tables = [ScoreTable.read_csv(path) for path in snakemake.input.scores]
    group = tables[0].group_column
    merged = ScoreTable.from_records((r for t in tables for r in t.records()), group_column=group)
    merged.write_csv(snakemake.output.csv)
    if "html" in snakemake.output.keys():
        atomic_write_text(snakemake.output.html, scores_html(merged, float_format=".4f"))
    log.info("%s: %d rows from %d files", snakemake.output.csv, len(merged), len(tables))
