"""Score every clustering of one batch of the run table; a sweep's rows carry its axis value
(a clustering shared by several variants is scored once and written under each)."""

from clustval.repro.pipeline import (
    SCORE_COLUMNS,
    read_clusterings,
    read_run_data,
    score_rows,
    step,
)
from clustval.repro.verified import write_verified_csv

with step(snakemake):
    labels = read_clusterings(snakemake.input.clustering)
    axis = snakemake.params.axis
    rows, scored_once = [], {}
    for row in snakemake.params.rows:
        once = (row["key"], tuple(sorted(row["index_options"].items())))
        if once not in scored_once:
            scored_once[once] = score_rows(
                read_run_data(row, snakemake.input), row["algorithm"], labels[row["key"]],
                {**snakemake.params.indices, **row["index_options"]},
                external=row["indices"] != "internal", internal=row["indices"] != "external",
                names=row["indices"] if isinstance(row["indices"], list) else None,
            )
        scored = scored_once[once]
        rows += [{axis: row["value"], **r} for r in scored] if axis else scored
    write_verified_csv(rows, (axis, *SCORE_COLUMNS) if axis else SCORE_COLUMNS, snakemake.output[0])
