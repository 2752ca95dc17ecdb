"""Regenerate Table 4 (synthetic sets) or Table 5 (UCI sets) beside the printed values."""

from dataclasses import replace
from pathlib import Path

from clustval.datasets.catalog import CountsRow
from clustval.datasets.dataset import read_dataset
from clustval.io import write_csv, write_markdown_table
from clustval.repro.data import (
    TABLE_COLUMNS,
    synthetic_specs,
    table4_rows,
    table5_rows,
    uci_specs,
)
from clustval.repro.paper.report import markdown_safe, write_html_table
from clustval.repro.pipeline import step


def table5_specs(p):
    """The selected sets' catalog entries, with the fields a row prints taken from the params
    (clustval.repro.figure_table.table_params): the job uses no other catalog field."""
    return {
        name: replace(spec, **{**p["rows"][name], "printed": CountsRow.from_config(p["rows"][name]["printed"], name)})
        for name, spec in uci_specs(p["config"]).items()
    }


TABLES = {
    "table4": (table4_rows, lambda p: synthetic_specs(p["config"]),
               "Table 4: synthetic data sets, regenerated beside the printed values"),
    "table5": (table5_rows, table5_specs, "Table 5: UCI data sets, regenerated beside the printed values"),
}

with step(snakemake) as log:
    p = snakemake.params.table
    rows_of, specs_of, title = TABLES[snakemake.wildcards.table]
    datasets = [read_dataset(Path(snakemake.input.data) / file) for file in p["files"]]
    rows = rows_of(datasets, specs_of(p))
    for row in rows:
        if row["differs"]:
            log.info("%s differs from the print: %s", row["dataset"], row["note"])
    notes = [f"Not in this run: {', '.join(p['not_in_run'])}."] if p["not_in_run"] else []
    write_csv(rows, TABLE_COLUMNS, snakemake.output.csv)
    # a label or note from the config opens no HTML tag where the Markdown is rendered
    safe = [{key: markdown_safe(value) if isinstance(value, str) else value for key, value in row.items()}
            for row in rows]
    write_markdown_table(safe, TABLE_COLUMNS, snakemake.output.md, title=markdown_safe(" ".join([title, *notes])))
    write_html_table(snakemake.output.html, rows, TABLE_COLUMNS, title=title, notes=notes, home="../index.html")
