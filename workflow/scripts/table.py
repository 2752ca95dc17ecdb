"""Regenerate Table 4 (synthetic sets) or Table 5 (UCI sets) beside the printed values."""

from clustval.data import TABLE_COLUMNS, read_dataset, table4_rows, table5_rows
from clustval.io import write_csv, write_markdown_table
from clustval.pipeline import step

TABLES = {
    "table4": (table4_rows, "synthetic", "Table 4: synthetic data sets, regenerated beside the printed values"),
    "table5": (table5_rows, "uci_datasets", "Table 5: UCI data sets, regenerated beside the printed values"),
}

with step(snakemake) as log:
    rows_of, section, title = TABLES[snakemake.rule]
    specs = snakemake.config[section]
    specs = specs["sets"] if section == "synthetic" else specs
    rows = rows_of([read_dataset(path) for path in snakemake.input], specs)
    for row in rows:
        if row["differs"]:
            log.info("%s differs from the print: %s", row["dataset"], row["note"])
    write_csv(rows, TABLE_COLUMNS, snakemake.output.csv)
    write_markdown_table(rows, TABLE_COLUMNS, snakemake.output.md, title=title)
