"""Regenerate Table 4 (synthetic sets) or Table 5 (UCI sets) beside the printed values."""

from pathlib import Path

from clustval.datasets.dataset import read_dataset
from clustval.io import write_csv, write_markdown_table
from clustval.repro.data import (
    TABLE_COLUMNS,
    synthetic_specs,
    table4_rows,
    table5_rows,
    uci_specs,
)
from clustval.repro.paper.report import write_html_table
from clustval.repro.pipeline import step

TABLES = {
    "table4": (table4_rows, synthetic_specs, "Table 4: synthetic data sets, regenerated beside the printed values"),
    "table5": (table5_rows, uci_specs, "Table 5: UCI data sets, regenerated beside the printed values"),
}

with step(snakemake) as log:
    p = snakemake.params.table
    rows_of, specs_of, title = TABLES[snakemake.wildcards.table]
    datasets = [read_dataset(Path(snakemake.input.data) / file) for file in p["files"]]
    rows = rows_of(datasets, specs_of(p["config"]))
    for row in rows:
        if row["differs"]:
            log.info("%s differs from the print: %s", row["dataset"], row["note"])
    notes = [f"Not in this run: {', '.join(p['not_in_run'])}."] if p["not_in_run"] else []
    write_csv(rows, TABLE_COLUMNS, snakemake.output.csv)
    write_markdown_table(rows, TABLE_COLUMNS, snakemake.output.md, title=" ".join([title, *notes]))
    write_html_table(snakemake.output.html, rows, TABLE_COLUMNS, title=title, notes=notes)
