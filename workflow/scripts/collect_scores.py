"""Merge tidy score files into one table, sorted, each cell written once (and, for the
main table, the same values as an HTML matrix for the report)."""

from clustval.repro.paper.report import score_matrix, write_html_table
from clustval.repro.paper.scores import ScoreTable
from clustval.repro.pipeline import step

with step(snakemake) as log:
    tables = [ScoreTable.read_csv(path) for path in snakemake.input]
    group = tables[0].group_column
    merged = ScoreTable.from_records((r for t in tables for r in t.records()), group_column=group)
    merged.write_csv(snakemake.output.csv)
    if "html" in snakemake.output.keys():
        rows, columns = score_matrix(merged)
        write_html_table(
            snakemake.output.html, rows, columns, float_format=".4f",
            title="Scores: every index on every clustering",
            notes=["Values rounded to 4 decimals here; results/scores.csv holds them exactly."],
        )
    log.info("%s: %d rows from %d files", snakemake.output.csv, len(merged), len(tables))
