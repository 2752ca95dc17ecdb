"""Small, deterministic file helpers shared by the data layer, the tables and the pipeline.

Every writer goes through :func:`atomic_write_bytes`: the content is written to a temporary
file in the destination folder and moved into place with ``os.replace``, so a reader (or a
Snakemake rule) never sees a half-written file, and a failed write leaves nothing behind.
The same rows and columns always give the same bytes.
"""

from __future__ import annotations

import csv
import io
import os
import uuid
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np

from .errors import InputError
from .formatting import markdown_cell

__all__ = [
    "atomic_write_bytes",
    "atomic_write_text",
    "format_cell",
    "markdown_table",
    "write_csv",
    "write_markdown_table",
]


def atomic_write_bytes(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (temp file in the same folder, then ``os.replace``).

    Parent folders are created. The file gets the usual permissions (0666 minus the umask).
    Returns the path written.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = atomic_write_bytes(Path(folder) / "new" / "data.bin", b"abc")
    ...     path.read_bytes(), [p.name for p in path.parent.iterdir()]  # no temporary file left
    (b'abc', ['data.bin'])
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # Same folder as the target: os.replace is atomic only within one file system.
    tmp = path.parent / f".{path.name}.{os.getpid()}.{uuid.uuid4().hex[:12]}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` as UTF-8 with ``\\n`` line endings, atomically (see :func:`atomic_write_bytes`).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     atomic_write_text(Path(folder) / "note.txt", "S2 = 0.5").read_text()
    'S2 = 0.5'
    """
    return atomic_write_bytes(path, text.encode("utf-8"))


def format_cell(value, float_format: str | None = None) -> str:
    """Render one table cell deterministically.

    ``None`` -> empty; floats -> ``repr`` (shortest round-trip form) or ``format(value,
    float_format)``; booleans -> ``true``/``false``; lists and tuples -> space-separated
    items; anything else -> ``str``. NumPy scalars are treated like their Python values.

    Examples
    --------
    >>> [format_cell(v) for v in (0.1 + 0.2, None, True, [3, 9], np.int64(4))]
    ['0.30000000000000004', '', 'true', '3 9', '4']
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


def write_csv(
    rows: Iterable[Mapping],
    columns: Sequence[str],
    path: str | os.PathLike,
    *,
    float_format: str | None = None,
) -> Path:
    """Write ``rows`` (mappings) as a CSV file with a header line, atomically.

    Only ``columns`` are written, in that order; keys not listed are ignored. Cells are
    rendered by :func:`format_cell`; line endings are ``\\n``. Same input, same bytes.

    Examples
    --------
    >>> import tempfile
    >>> rows = [{"k": 2, "value": 0.5, "note": "x"}, {"k": 3, "value": None}]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     print(write_csv(rows, ["k", "value"], Path(folder) / "rows.csv").read_text(), end="")
    k,value
    2,0.5
    3,
    """
    cells = table_cells(rows, columns, float_format)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(list(columns))
    writer.writerows(cells)
    return atomic_write_text(path, buffer.getvalue())


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


def write_markdown_table(
    rows: Iterable[Mapping],
    columns: Sequence[str],
    path: str | os.PathLike,
    title: str | None = None,
    *,
    float_format: str | None = None,
) -> Path:
    """Write ``rows`` as a Markdown table, preceded by ``# title`` when given, atomically.

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_markdown_table([{"k": 9}], ["k"], Path(folder) / "best.md", "Best K")
    ...     print(path.read_text(), end="")
    # Best K
    <BLANKLINE>
    | k |
    | --- |
    | 9 |
    """
    text = markdown_table(rows, columns, float_format=float_format)
    if title:
        text = f"# {title}\n\n{text}"
    return atomic_write_text(path, text)
