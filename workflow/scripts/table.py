"""Regenerate Table 4 (synthetic sets) or Table 5 (UCI sets) beside the printed values."""

from clustval.data import TABLE_COLUMNS, read_dataset, synthetic_specs, table4_rows, table5_rows, uci_specs
from clustval.io import write_csv, write_markdown_table
from clustval.pipeline import step

TABLES = {
    "table4": (table4_rows, synthetic_specs, "Table 4: synthetic data sets, regenerated beside the printed values"),
    "table5": (table5_rows, uci_specs, "Table 5: UCI data sets, regenerated beside the printed values"),
}

with step(snakemake) as log:
    rows_of, specs_of, title = TABLES[snakemake.rule]
    rows = rows_of([read_dataset(path) for path in snakemake.input], specs_of(snakemake.config))
    for row in rows:
        if row["differs"]:
            log.info("%s differs from the print: %s", row["dataset"], row["note"])
    write_csv(rows, TABLE_COLUMNS, snakemake.output.csv)
    write_markdown_table(rows, TABLE_COLUMNS, snakemake.output.md, title=title)
