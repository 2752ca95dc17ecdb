"""Files in and out: every file the command line reads, every file clustval writes, and the
text they hold.

* :mod:`clustval.io.read`: labels, numeric CSVs (data, distances, weights) and contingency
  tables counted elsewhere, each read within the input limits (:data:`~clustval.io.read.MAX_BYTES`).
* :mod:`clustval.io.write`: atomic writes; CSV and Markdown table files.
* :mod:`clustval.io.text`: text as the outputs write it: table cells, Markdown, aligned and
  CSV tables, lists and K values in prose.
"""

from .read import MAX_BYTES, STDIN, read_counts, read_data, read_labels, read_weights
from .text import csv_text, format_cell, markdown_cell, markdown_table, table_cells
from .write import atomic_write_bytes, atomic_write_text, write_csv, write_markdown_table

__all__ = [
    "MAX_BYTES", "STDIN", "atomic_write_bytes", "atomic_write_text", "csv_text", "format_cell",
    "markdown_cell", "markdown_table", "read_counts", "read_data", "read_labels", "read_weights",
    "table_cells", "write_csv", "write_markdown_table",
]  # fmt: skip
