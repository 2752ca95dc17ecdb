"""Merge tidy score files into one table, sorted, each cell written once."""

from clustval.paper.scores import ScoreTable
from clustval.pipeline import step


def merge(paths, output):
    tables = [ScoreTable.read_csv(path) for path in paths]
    group = tables[0].group_column
    merged = ScoreTable.from_records((r for t in tables for r in t.records()), group_column=group)
    merged.write_csv(output)
    return merged


with step(snakemake) as log:
    for name, output in snakemake.output.items():
        paths = snakemake.input[name] if name in snakemake.input.keys() else snakemake.input
        log.info("%s: %d rows from %d files", output, len(merge(paths, output)), len(paths))
