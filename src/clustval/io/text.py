"""Text as clustval's outputs write it: table cells, Markdown, plain-text and CSV tables,
numbers for JSON, byte counts, and lists and K values in prose.

Every table cell, in a file (:mod:`clustval.io.write`) or on the command line, is rendered
by :func:`format_cell`; the claims, the figures, ``select_k``'s summary and the command line
all say "best K tied at 3, 9 and 10" the same way because they all call these.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Collection, Iterable, Mapping, Sequence

import numpy as np

from ..errors import InputError

__all__ = [
    "aligned_table",
    "best_ks_text",
    "bytes_text",
    "csv_text",
    "format_cell",
    "json_number",
    "k_ranges_text",
    "markdown_cell",
    "markdown_table",
    "spoken_list",
    "table_cells",
]


def spoken_list(items: Sequence) -> str:
    """Items as prose writes them: "A", "A and B", "A, B and C" ("" for none).

    Examples
    --------
    >>> spoken_list([3, 9, 10]), spoken_list(["DB"]), spoken_list([])
    ('3, 9 and 10', 'DB', '')
    """
    items = [str(item) for item in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def best_ks_text(ks: Sequence[int]) -> str:
    """A best K as the claims and Fig. 3 write it: "9", or "tied at 3, 9 and 10".

    Examples
    --------
    >>> best_ks_text([9]), best_ks_text([3, 9, 10])
    ('9', 'tied at 3, 9 and 10')
    """
    return spoken_list(ks) if len(ks) == 1 else "tied at " + spoken_list(ks)


def k_ranges_text(ks: Iterable[int]) -> str:
    """Consecutive K as ranges.

    Examples
    --------
    >>> k_ranges_text([9, 10, 11, 14])
    '9..11, 14'
    """
    runs: list[list[int]] = []
    for k in sorted(ks):
        if runs and k == runs[-1][1] + 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    return ", ".join(f"{lo}..{hi}" if hi > lo else f"{lo}" for lo, hi in runs)


def bytes_text(count: int) -> str:
    """A number of bytes as a limit is said: in the largest binary unit that divides it.

    Examples
    --------
    >>> bytes_text(1 << 30), bytes_text(3 << 19), bytes_text(1000)
    ('1 GiB', '1536 KiB', '1000 bytes')
    """
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size and count % size == 0:
            return f"{count // size} {unit}"
    return f"{count} bytes"


def json_number(value: float) -> float | str | None:
    """``value`` as standard JSON, which has no inf or NaN: +inf and -inf as the strings
    ``"inf"`` and ``"-inf"`` (Python's ``float()`` reads them back), NaN (undefined) as null.

    Examples
    --------
    >>> [json_number(v) for v in (0.5, math.inf, -math.inf, math.nan)]
    [0.5, 'inf', '-inf', None]
    """
    if math.isnan(value):
        return None
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    return value


def format_cell(value, float_format: str | None = None) -> str:
    """Render one table cell deterministically.

    ``None`` -> empty; floats -> ``repr`` (shortest round-trip form, which pandas, numpy and
    Python's ``float`` read back, ``nan`` and ``inf`` too) or ``format(value, float_format)``;
    booleans -> ``true``/``false``; lists and tuples -> space-separated items; anything else
    -> ``str``. NumPy scalars are treated like their Python values.

    Examples
    --------
    >>> [format_cell(v) for v in (0.1 + 0.2, None, True, [3, 9], np.int64(4), -math.inf)]
    ['0.30000000000000004', '', 'true', '3 9', '4', '-inf']
    >>> format_cell(1 / 3, ".3f")
    '0.333'
    """
    if value is None:
        return ""
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if float_format is None else format(value, float_format)
    if isinstance(value, (list, tuple, np.ndarray)):
        return " ".join(format_cell(v, float_format) for v in value)
    return str(value)


def table_cells(
    rows: Iterable[Mapping], columns: Sequence[str], float_format: str | None
) -> list[list[str]]:
    """The cells of ``rows`` in ``columns``, each rendered by :func:`format_cell`; a row
    without one of the columns is an error.

    Examples
    --------
    >>> table_cells([{"k": 2, "value": 0.5, "note": "x"}], ["k", "value"], None)
    [['2', '0.5']]
    """
    columns = list(columns)
    if not columns:
        raise InputError("columns is empty: name at least one column to write.")
    cells = []
    for number, row in enumerate(rows):
        missing = [c for c in columns if c not in row]
        if missing:
            raise InputError(
                f"row {number} has no value for column(s) {missing}; give every row every "
                "column (use None for an empty cell)."
            )
        cells.append([format_cell(row[c], float_format) for c in columns])
    return cells


def csv_text(rows: Iterable[Mapping], columns: Sequence[str], float_format: str | None = None) -> str:
    """``rows`` (mappings) as CSV text: a header line of ``columns``, then one line per row,
    its cells rendered by :func:`format_cell` (see :func:`table_cells`); every line ends in
    ``\\n``, and a cell is quoted only where CSV needs it. Same input, same text.

    Examples
    --------
    >>> print(csv_text([{"index": "ari", "value": 0.5}, {"index": "a,b", "value": math.nan}], ["index", "value"]), end="")
    index,value
    ari,0.5
    "a,b",nan
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(list(columns))
    writer.writerows(table_cells(rows, columns, float_format))
    return buffer.getvalue()


def markdown_cell(text) -> str:
    """``text`` safe inside a Markdown table cell: a pipe would split the cell and a newline
    would end the row.

    Examples
    --------
    >>> markdown_cell("a|b\\nc")
    'a\\\\|b c'
    """
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ")


def markdown_table(
    rows: Iterable[Mapping], columns: Sequence[str], *, float_format: str | None = None
) -> str:
    """Return ``rows`` as a GitHub-flavoured Markdown table (header, rule, one line per row).

    Examples
    --------
    >>> print(markdown_table([{"index": "S2", "value": 0.5}, {"index": "a|b", "value": None}], ["index", "value"]))
    | index | value |
    | --- | --- |
    | S2 | 0.5 |
    | a\\|b |  |
    <BLANKLINE>
    """
    cells = table_cells(rows, columns, float_format)
    lines = [
        "| " + " | ".join(markdown_cell(str(c)) for c in columns) + " |",
        "|" + "|".join(" --- " for _ in columns) + "|",
    ]
    lines += ["| " + " | ".join(markdown_cell(c) for c in row) + " |" for row in cells]
    return "\n".join(lines) + "\n"


def aligned_table(header: Sequence[str], rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> str:
    """A plain-text table for the terminal: columns padded to their widest cell (those
    numbered in ``right`` aligned right), a rule under the header, no trailing spaces.

    Examples
    --------
    >>> print(aligned_table(["index", "value"], [["S2", "0.5"], ["silhouette", "0.25"]], right={1}))
    index       value
    ----------  -----
    S2            0.5
    silhouette   0.25
    """
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]

    def line(cells):
        padded = (c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))
        return "  ".join(padded).rstrip()

    return "\n".join([line(header), line(["-" * w for w in widths]), *map(line, rows)])
