"""Files the pipeline writes and reads back carry their row count and SHA-256, checked on read.

A CSV table the pipeline reads back (clusterings, score tables, the sensitivity table) starts
with one comment line, ``# clustval table v1 {"rows": N, "sha256": "..."}``, over the CSV
text below it (the column line and N rows); a prepared data set has its own header of the
same kind (:mod:`clustval.datasets.dataset`). A file cut short, edited by hand or written
by another version fails that check with :class:`~clustval.errors.DamagedFileError`.

:func:`remove_damaged` checks every such file of a run before Snakemake builds its DAG and
removes the damaged ones; the workflow asks for every intermediate file as a target, so a
removed (or missing) one is rebuilt in the same run, and what it feeds after it, by their
modification times. Readers with ``pandas`` skip the comment line with ``comment="#"``.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from clustval.datasets.dataset import verify_dataset_file
from clustval.errors import DamagedFileError, DataError
from clustval.io import atomic_write_text, table_cells

__all__ = [
    "read_verified_csv", "read_verified_text", "remove_damaged", "verified_csv_text", "verified_text",
    "write_verified_csv",
]  # fmt: skip

MAGIC = "# clustval table v1 "
_FIX = "it is removed, and the next `snakemake` rebuilds it"


def verified_csv_text(rows: Iterable[Mapping], columns: Sequence[str], float_format: str | None = None) -> str:
    """The CSV text of ``rows`` (as :func:`clustval.io.write_csv` writes it) under its header.

    Examples
    --------
    >>> print(verified_csv_text([{"k": 2, "value": 0.5}], ["k", "value"]), end="")
    # clustval table v1 {"rows": 1, "sha256": "9972eed7d4520936d083a9ab9e4f514d10892532f729c5cde150b7901e7bf9be"}
    k,value
    2,0.5
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(list(columns))
    writer.writerows(table_cells(rows, columns, float_format))
    return verified_text(buffer.getvalue())


def verified_text(body: str) -> str:
    """CSV text ``body`` (a column line, then one line per row, each ending in a newline)
    under its row count and SHA-256 header.

    Examples
    --------
    >>> verified_text("k\\n2\\n").split("\\n")[0][:36]
    '# clustval table v1 {"rows": 1, "sha'
    """
    header = {"rows": body.count("\n") - 1, "sha256": hashlib.sha256(body.encode("utf-8")).hexdigest()}
    return MAGIC + json.dumps(header, sort_keys=True) + "\n" + body


def write_verified_csv(rows: Iterable[Mapping], columns: Sequence[str], path, float_format: str | None = None) -> Path:
    """Write ``rows`` to ``path`` (atomically) with the row count and SHA-256 header."""
    return atomic_write_text(path, verified_csv_text(rows, columns, float_format))


def read_verified_csv(path) -> list[dict[str, str]]:
    """The rows of a file written by :func:`write_verified_csv`, after checking its header.

    Raises
    ------
    clustval.errors.DamagedFileError
        The file's rows or bytes do not match its header, or it has none.
    """
    return list(csv.DictReader(io.StringIO(read_verified_text(path))))


def read_verified_text(path) -> str:
    """The CSV text of a file written by :func:`write_verified_csv` or under
    :func:`verified_text`, after checking its header (raises as :func:`read_verified_csv`).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "t.csv"
    >>> _ = write_verified_csv([{"k": 2}], ["k"], path)
    >>> read_verified_text(path)
    'k\\n2\\n'
    """
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DamagedFileError(f"{source} cannot be read ({exc}); {_FIX}.", source) from None
    first, _, body = text.partition("\n")
    try:
        if not first.startswith(MAGIC):
            raise ValueError("no clustval table header")
        header = json.loads(first[len(MAGIC):])
        rows, digest = int(header["rows"]), str(header["sha256"])
    except (ValueError, KeyError, TypeError):
        raise DamagedFileError(f"{source} has no valid row count and sha256 header; {_FIX}.", source) from None
    found = body.count("\n") - 1
    if found != rows:
        raise DamagedFileError(f"{source}: {found} rows, its header says {rows}; {_FIX}.", source)
    if hashlib.sha256(body.encode("utf-8")).hexdigest() != digest:
        raise DamagedFileError(f"{source}: content does not match the sha256 in its header; {_FIX}.", source)
    return body


def remove_damaged(paths: Iterable[str | os.PathLike]) -> list[str]:
    """Check each existing file or data folder of ``paths`` and remove the damaged ones.

    A ``.csv`` file is a verified table; a folder holds prepared data sets (each checked by
    :func:`clustval.datasets.dataset.verify_dataset_file`) and is removed whole when one of them is
    damaged, as its job writes them together. Missing paths are left to the workflow.
    Returns the removed paths, each with the reason.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> good, cut = folder / "good.csv", folder / "cut.csv"
    >>> _ = write_verified_csv([{"k": 2}, {"k": 3}], ["k"], good)
    >>> _ = cut.write_text(good.read_text()[:-2])
    >>> [line.split(":")[0].endswith("cut.csv") for line in remove_damaged([good, cut])], cut.exists()
    ([True], False)
    """
    removed = []
    for path in map(Path, paths):
        try:
            if path.is_dir():
                for item in sorted(path.glob("*.csv")):
                    verify_dataset_file(item)
            elif path.exists():
                read_verified_text(path)
        except DataError as problem:  # DamagedFileError, or a data file of another format
            shutil.rmtree(path) if path.is_dir() else path.unlink()
            reason = str(problem).split("; ")[0]  # "<file>: what is wrong"
            removed.append(reason if reason.startswith(str(path)) else f"{path}: {reason}")
    return removed
