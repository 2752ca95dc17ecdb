"""Writing files atomically: bytes, text, CSV and Markdown tables.

Every writer goes through :func:`atomic_write_bytes`: the content is written to a temporary
file in the destination folder and moved into place with ``os.replace``, so a reader (or a
Snakemake rule) never sees a half-written file, and a failed write leaves nothing behind.
The same rows and columns always give the same bytes.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from .text import csv_text, markdown_table

__all__ = ["atomic_write_bytes", "atomic_write_text", "write_csv", "write_markdown_table"]


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


def write_csv(
    rows: Iterable[Mapping],
    columns: Sequence[str],
    path: str | os.PathLike,
    *,
    float_format: str | None = None,
) -> Path:
    """Write ``rows`` (mappings) as a CSV file with a header line, atomically.

    Only ``columns`` are written, in that order; keys not listed are ignored. Cells are
    rendered by :func:`~clustval.io.text.format_cell`; line endings are ``\\n``. Same input, same bytes.

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
    return atomic_write_text(path, csv_text(rows, columns, float_format))


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
