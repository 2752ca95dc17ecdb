"""Reading the files the command line takes: labels, numeric CSVs (data, distances, weights)
and contingency tables counted elsewhere.

Every reader takes a path or ``-`` (standard input) and reads it within the input limits: a
folder or a device is refused, and so is a file or stream of more than ``max_bytes`` bytes
(default :data:`MAX_BYTES`), read no further than that; text is UTF-8, with or without a
byte-order mark. Every fault of a file is one :class:`~clustval.errors.InputError` naming
the file and, where it has one, the line.
"""

from __future__ import annotations

import csv
import math
import os
import re
import stat
import sys
import warnings

import numpy as np

from ..errors import InputError
from .text import bytes_text

__all__ = ["MAX_BYTES", "STDIN", "read_counts", "read_data", "read_labels", "read_weights"]

STDIN = "-"  # the file name that means standard input
#: Bytes a reader takes at most, unless told otherwise (``--max-bytes``): no real label or data
#: file nears it (10^8 labels take a few hundred MB), and an endless stream (``yes 1 |``) stops
#: there, in seconds, not at MemoryError.
MAX_BYTES = 1 << 30


# Labels read from text are equal only when their text is: they are read as integers only
# when every one is an ASCII integer in its one spelling (no sign on 0, no leading zero, no
# "+", "_" or non-ASCII digit, all of which int() accepts), as floats only when every one
# is an ASCII decimal number (no leading zero either) and no two different texts give one
# float ("1.0" and "1.00", "-0.0" and "0.0").
_INTEGER = re.compile(r"0|-?[1-9][0-9]*")
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_COUNT = re.compile(r"[0-9]+")
_NOT_A_LABEL = frozenset({"nan", "inf", "infinity"})  # after a sign, any case: as NaN is
_INT64_MAX = 2**63 - 1
#: Column names that, alone on the first line of a label file, make it a header.
HEADER_NAMES = frozenset({"label", "labels", "class", "classes", "cluster", "clusters", "target",
                          "truth", "pred", "prediction", "y", "id"})  # fmt: skip
SKIP_HEADER_HINT = "pass --skip-header, or drop the line first (tail -n +2 FILE)"


def read_labels(path: str, skip_header: bool = False, max_bytes: int | None = None) -> np.ndarray:
    """One label per line; ``-`` reads standard input; ``skip_header`` drops the first line.

    Surrounding whitespace, trailing blank lines and a UTF-8 byte-order mark are ignored.
    Two labels are equal only when their text is: labels that are all ASCII integers
    written as Python writes them (``0`` or ``-?[1-9][0-9]*``, within int64) are read as
    integers (so they sort, and are matched, as the same labels passed from Python would
    be); labels that are all ASCII decimal numbers without leading zeros (``-1.5``,
    ``2e20``), no two texts giving one float, as floats (then checked as floats from Python
    are: integral ones become integers, others warn); anything else as text (``01`` and
    ``1``, ``1.0`` and ``1.00``, ``1_0`` and ``10``, ``-0`` and ``0``, ``\u0661`` and ``1`` are
    different labels). A line that reads as NaN or inf is an error, as NaN is anywhere; so
    are lines of several comma- or tab-separated fields (a CSV, not a label file) and a
    header: a first line of text above numbers, or a first line that occurs once and names
    a column (:data:`HEADER_NAMES`, any case), which would be scored as one more label.

    A file of integer labels (ASCII, no line break but ``\\n`` and ``\\r\\n``, no whitespace
    but spaces and tabs) is read in chunks of bytes, never as Python strings: it costs
    about its int64 labels' memory (8 bytes a label) and time near that of
    ``pandas.read_csv``. Any other file is read line by line. A file or stream of more than
    ``max_bytes`` bytes (default :data:`MAX_BYTES`) is refused, as is a device (see
    :func:`_read_bytes`).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "a.txt").write_text("2\\n0\\n2\\n\\n")
    ...     _ = (Path(folder) / "b.txt").write_text("setosa\\nvirginica\\n")
    ...     read_labels(f"{folder}/a.txt"), read_labels(f"{folder}/b.txt")
    (array([2, 0, 2]), array(['setosa', 'virginica'], dtype='<U9'))
    """
    # A regular file is read twice (count, then parse); a stream (stdin, a pipe) only once.
    raw = None if _regular_file(path, max_bytes) else _read_bytes(path, max_bytes)
    typed = _integer_labels(path, skip_header, raw)
    if typed is not None:
        return typed
    text = _read_text(path, max_bytes) if raw is None else _decoded(raw, path)
    return _labels_from_text(text, path, skip_header)


# Label files are read this many bytes at a time: reading a file of plain integer labels
# costs their int64 array plus a few arrays of one chunk's lines.
_CHUNK_BYTES = 1 << 18
_LONGEST_LINE = 1 << 16  # bytes: a longer line is no integer label (it is left to the reference reading)
_BOM = b"\xef\xbb\xbf"
_MAX_DIGITS = 19  # 10^19 - 1 fits uint64; int64's bounds have 19 digits
# What a label's ASCII digits add up to as a number: "0" (48) times 1, 11, 111, ...
_ZEROS = np.array([48 * (10**w - 1) // 9 % 2**64 for w in range(_MAX_DIGITS + 1)], dtype=np.uint64)


def _integer_labels(path: str, skip_header: bool = False, raw: bytes | None = None) -> np.ndarray | None:
    """:func:`read_labels` of a file of plain integer labels, read in chunks of bytes;
    None when the file is anything else (text, decimals, blank lines inside, integers
    beyond int64, an unreadable file), which :func:`_labels_from_text` then reads or
    refuses, line by line.

    A plain integer label file holds digits and ``-`` (the labels), spaces, tabs, ``\\r``
    (before ``\\n`` only) and ``\\n``: no other line break, whitespace or non-ASCII byte
    but a leading byte-order mark. It is never held as Python strings: the int64 labels
    are allocated once, from a first pass counting the newlines, and filled chunk by
    chunk of :data:`_CHUNK_BYTES` bytes. The first line is read apart: dropped with
    ``skip_header``; a header (a first line without digits) above integers is refused as
    :func:`_labels_from_text` refuses it.

    Parameters
    ----------
    path : str
        The file, for its bytes and for the messages.
    skip_header : bool
        Drop the first line.
    raw : bytes, optional
        The file's bytes, already read (standard input, which cannot be read twice).
    """
    if raw is not None:
        chunks = (raw[i : i + _CHUNK_BYTES] for i in range(0, len(raw), _CHUNK_BYTES))
        return _parse_integer_file(chunks, raw.count(b"\n") + 1, path, skip_header)
    try:
        with open(path, "rb") as file:
            newlines = sum(chunk.count(b"\n") for chunk in iter(lambda: file.read(_CHUNK_BYTES), b""))
            file.seek(0)
            chunks = iter(lambda: file.read(_CHUNK_BYTES), b"")
            return _parse_integer_file(chunks, newlines + 1, path, skip_header)
    except OSError:
        return None  # the reference reading reports it


def _parse_integer_file(chunks, lines: int, path: str, skip_header: bool) -> np.ndarray | None:
    """The int64 labels of a file given as byte ``chunks`` holding at most ``lines`` lines,
    or None (see :func:`_integer_labels`)."""
    out = np.empty(lines, dtype=np.int64)
    count, blank, first = 0, False, None
    for block in _line_blocks(chunks):
        if block is None:
            return None
        if first is None:
            end = block.index(b"\n") + 1
            first, block = _first_line(block[:end], skip_header), block[end:]
            if first is None:
                return None
            if first[0] == "label":
                out[0], count = first[1], 1
        if not block:
            continue
        parsed = _parse_integer_lines(block, blank)
        if parsed is None:
            return None
        values, blank = parsed
        out[count : count + values.size] = values
        count += values.size
    if first is None or count == 0:
        return None  # no labels: the reference reading refuses the file
    if first[0] == "header":
        raise InputError(
            f"{path}: line 1 ({first[1][:40]!r}) is not a number like the {count} "
            f"labels below it; remove the header line: {SKIP_HEADER_HINT}."
        )
    out.resize(count, refcheck=False)  # shrinks in place: no copy
    return out


def _line_blocks(chunks):
    """Blocks of whole lines, each ending with a newline, from byte ``chunks``: a UTF-8
    byte-order mark dropped, a last line without a newline given one; None (and stop) at
    a line too long to be an integer label."""
    carry, start = b"", True
    for chunk in chunks:
        data = carry + chunk
        if start:
            if len(data) < len(_BOM) and _BOM.startswith(data):
                carry = data  # perhaps a byte-order mark, cut
                continue
            data, start = data.removeprefix(_BOM), False
        cut = data.rfind(b"\n") + 1
        if cut:
            yield data[:cut]
        carry = data[cut:]
        if len(carry) > _LONGEST_LINE:
            yield None
            return
    if carry:
        yield carry + b"\n"


def _first_line(line: bytes, skip_header: bool) -> tuple[str, object] | None:
    """What the first line (its bytes, ending with a newline) is: ``("label", value)``,
    ``("skipped", None)`` with ``skip_header``, ``("header", text)`` for text without digits
    (a header if integers follow), or None for anything else."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(text.splitlines()) != 1:
        return None  # another line break ("\r", "\v", "\u2028", ...) inside
    if skip_header:
        return "skipped", None
    label = text.strip()
    if _INTEGER.fullmatch(label) and -_INT64_MAX - 1 <= int(label) <= _INT64_MAX:
        return "label", int(label)
    if label and label.lstrip("+-").lower() not in _NOT_A_LABEL and not any(c.isdigit() for c in label):
        return "header", label
    return None


def _parse_integer_lines(data: bytes, blank: bool) -> tuple[np.ndarray, bool] | None:
    """The int64 labels of a block of whole lines (each ending with a newline) and whether
    it ends in blank lines; None unless every line is an integer in its one spelling
    (``0|-?[1-9][0-9]*``, within int64) amid spaces, tabs and a "\\r" before its newline,
    blank lines coming only last (``blank``: the lines before these were blank)."""
    spaces = data.translate(None, b"0123456789-\n")  # what is neither label nor newline
    if spaces.translate(None, b" \t\r"):
        return None
    block = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(block == 10)
    if not spaces:  # no space, tab or "\r": each line is its label, or empty
        starts = np.empty_like(ends)
        starts[0], starts[1:] = 0, ends[:-1] + 1
        stops, filled = ends, ends > starts
        n = int(np.count_nonzero(filled))
        if n < ends.size and (not filled[:n].all() or filled[n:].any()):
            return None  # an empty line inside: the reference reading refuses it
        starts, stops = starts[:n], stops[:n]
    else:
        if b"\r" in spaces:
            returns = np.flatnonzero(block == 13)
            if (block[returns + 1] != 10).any():
                return None  # a "\r" alone breaks a line
        # each line strips to one run of label bytes (those above the space), the runs in
        # the first lines, blank lines after them
        edges = np.diff((block > 32).view(np.int8), prepend=np.int8(0), append=np.int8(0))
        starts, stops = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
        n = starts.size
        if n > ends.size or (n and ((stops > ends[:n]).any() or (starts[1:] < ends[: n - 1]).any())):
            return None
    if not n:
        return np.empty(0, dtype=np.int64), True
    if blank:
        return None  # labels below blank lines
    negative = block[starts] == 45
    digits = starts + negative
    width = stops - digits
    if data.count(b"-") != np.count_nonzero(negative):
        return None  # a "-" inside a label
    widest = int(width.max())
    if width.min() < 1 or widest > _MAX_DIGITS:
        return None
    if ((block[digits] == 48) & ((width > 1) | negative)).any():
        return None  # "01", "-0": text
    # the digits' bytes, accumulated as a number, less what the "0"s (48) added: wrapping
    # modulo 2^64 on the way cancels out, since every value is below 10^19 < 2^64
    value = block[digits].astype(np.uint64)
    for k in range(1, widest):
        more = width > k
        np.multiply(value, np.uint64(10), out=value, where=more)
        np.add(value, block.take(digits + k, mode="clip"), out=value, where=more)
    value -= _ZEROS[width]
    if widest == _MAX_DIGITS and (value > np.uint64(_INT64_MAX) + negative).any():
        return None  # beyond int64: read as text
    np.negative(value, out=value, where=negative)  # two's complement: the int64 -value
    return value.view(np.int64), n < ends.size


def _labels_from_text(text: str, path: str, skip_header: bool = False) -> np.ndarray:
    """:func:`read_labels` of a file's decoded text: the reference reading, which holds
    every line as a Python string (for label files that are not plain integers, and for
    the errors of any file)."""
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    labels = [line.strip() for line in lines]
    first_line = 1
    column = _indexed_column(lines, path, skip_header)
    if column is not None:
        labels, first_line, skip_header = column, 2, True
    elif skip_header and labels:
        labels, first_line = labels[1:], 2
    for number, label in enumerate(labels, start=first_line):
        if not label:
            raise InputError(f"{path}: line {number} is empty; every line must hold one label.")
        if label.lstrip("+-").lower() in _NOT_A_LABEL:
            raise InputError(f"{path}: line {number} is {label!r}; every object needs a label.")
    if not labels:
        raise InputError(f"{path} holds no labels{' below its header' if skip_header else ''}; "
                         "write one label per line.")  # fmt: skip
    _refuse_columns(labels, path, first_line)
    typed = _typed_labels(labels, floats=True)
    if typed.dtype.kind != "U" or len(labels) == 1:
        return typed
    first = labels[0]
    if not skip_header and not any(c.isdigit() for c in first) and _typed_labels(labels[1:], floats=True).dtype.kind != "U":
        raise InputError(
            f"{path}: line 1 ({first[:40]!r}) is not a number like the {len(labels) - 1} "
            f"labels below it; remove the header line: {SKIP_HEADER_HINT}."
        )
    if not skip_header and first.lower() in HEADER_NAMES and labels.count(first) == 1:
        raise InputError(
            f"{path}: line 1 ({first!r}) names a column and occurs once: a header, which would be "
            f"scored as one more label; {SKIP_HEADER_HINT}."
        )
    return typed


def _indexed_column(lines: list[str], path: str, skip_header: bool) -> list[str] | None:
    """The labels of a column written with its row index, as ``pandas.Series.to_csv`` writes
    it (a first line ``,name``, then ``index,label`` lines), or None for any other file. The
    header and the index are dropped, with one warning unless ``skip_header`` said so."""
    names = _csv_fields(lines[0]) if lines else []
    if len(names) != 2 or names[0].strip():
        return None
    rows = _csv_rows(lines[1:])
    if not rows or any(len(row) != 2 for row in rows):
        return None  # refused below, line by line
    if not skip_header:
        warnings.warn(f"{path}: line 1 ({lines[0].strip()[:40]!r}) is a header above an index column, as pandas "
                      "writes a column: both skipped, the labels are the second column.", stacklevel=3)
    return [row[1].strip() for row in rows]


def _refuse_columns(labels: list[str], path: str, first_line: int = 1) -> None:
    """InputError when every line holds several comma- or tab-separated fields: a CSV
    (``id,label`` rows, or a data file), not one label per line."""
    for separator, name, cut in ((",", "comma", "cut -d, -f2"), ("\t", "tab", "cut -f2")):
        if all(separator in label for label in labels):
            raise InputError(
                f"{path}: every line holds {name}-separated fields (line {first_line}: "
                f"{labels[0][:40]!r}): a label file holds one label per line; keep only the "
                f"label column first (e.g. {cut} FILE)."
            )


def _typed_labels(labels: list[str], floats: bool = False) -> np.ndarray:
    """Labels read from text, as int64 when every one is an integer in its one spelling,
    as float64 (with ``floats``) when every one is a decimal number and distinct texts give
    distinct finite floats, else as text: equal labels always have equal text."""
    if all(map(_INTEGER.fullmatch, labels)):
        numbers = [int(label) for label in labels]
        if -_INT64_MAX - 1 <= min(numbers) and max(numbers) <= _INT64_MAX:
            return np.array(numbers, dtype=np.int64)
        return np.array(labels)  # beyond int64: the text, one spelling per integer, is exact
    if floats and all(map(_DECIMAL.fullmatch, labels)):
        values = [float(label) for label in labels]
        if all(map(math.isfinite, values)) and len(set(values)) == len(set(labels)):
            return np.array(values, dtype=np.float64)
    return np.array(labels)


def read_data(path: str, max_bytes: int | None = None, header: bool | None = None, square: bool = False) -> np.ndarray:
    """Numeric CSV, one row per object, perhaps under a header row; ``-`` reads standard
    input. Blank lines are ignored; a row of another width than the first (or the header),
    or a cell that is not a number, is an InputError naming its line and column. A file
    whose first line has no comma but several fields apart by tabs or spaces (as
    ``numpy.savetxt`` and R's ``write.table`` write) is read with those as the separator.

    Parameters
    ----------
    path : str
        The file, or ``-``.
    max_bytes : int, optional
        Refuse more bytes than this (default :data:`MAX_BYTES`).
    header : bool, optional
        True: the first row is a header, skipped. None (detect): a first row that is not
        all numbers is a header, skipped with one warning saying so; a first row of numbers
        is data, with a warning when it reads ``0,1,2,...`` (pandas' default column names,
        which only ``header=True`` can tell from data). Under a header whose first name is
        empty, as ``pandas.DataFrame.to_csv`` writes its row index, the first column is
        that index and is dropped.
    square : bool
        The file is a distance matrix: a first row ``0,1,2,...`` is warned about only when
        it makes the matrix one row too tall (the distances along a line start so).

    Returns
    -------
    ndarray of float64, shape (n_rows, n_columns)

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "X.csv").write_text("0,1.5\\n2,3\\n")
    ...     _ = (Path(folder) / "df.csv").write_text(",x,y\\na,0,1.5\\nb,2,3\\n")  # DataFrame.to_csv
    ...     read_data(f"{folder}/X.csv"), read_data(f"{folder}/df.csv", header=True)
    (array([[0. , 1.5],
           [2. , 3. ]]), array([[0. , 1.5],
           [2. , 3. ]]))
    """
    lines = [(number, line) for number, line in enumerate(_read_text(path, max_bytes).splitlines(), start=1)
             if line.strip()]  # fmt: skip
    if not lines:
        raise InputError(f"{path} holds no data rows: give a numeric CSV, one row per object.")
    number, first = lines[0]
    _refuse_semicolons(path, lines[:2])
    # commas, or else tabs and spaces where the first two lines have no comma and a data row
    # among them (the first if all numbers, else the second: under a header) has several
    # fields apart by them
    probe = [line for _, line in lines[:2]]
    row = first.split()
    row = row if all(map(_is_number, row)) else probe[-1].split()
    split = (lambda line: line.split()) if "," not in "".join(probe) and len(row) > 1 else None
    names = split(first) if split else _csv_fields(first)
    note = guess = None  # said once the file is read: an error stays the one line
    if header is None:
        header = not all(map(_is_number, names))
        if header:
            note = f"{path}: line {number} ({first.strip()[:60]!r}) is not all numbers: skipped as a header"
        elif len(names) > 1 and [name.strip() for name in names] == [str(i) for i in range(len(names))]:
            guess = (f"{path}: line {number} reads {first.strip()[:60]!r}, as pandas' default column names do: "
                     "read as data; pass --data-header if it is a header.")
    if not header:
        names = None
    else:
        lines = lines[1:]
        if not lines:
            raise InputError(f"{path} holds a header ({first.strip()[:60]!r}) but no data rows.")
    index_column = names is not None and len(names) > 1 and not names[0].strip()
    if note and index_column:
        note += "; the column it leaves unnamed is the row index (pandas' to_csv), dropped"
    if note and header:
        note += " (--data-header says so and silences this line)."
    width = len(names) if names is not None else None
    rows = []
    for number, line in lines:
        fields = split(line) if split else line.split(",")
        if width is not None and len(fields) != width:
            earlier = "the header has" if names is not None else "earlier lines have"
            raise InputError(f"{path}: line {number} has {len(fields)} fields, {earlier} {width}.")
        width = len(fields)
        try:
            rows.append([float(field) for field in fields[index_column:]])
        except ValueError:
            raise _not_a_number(path, number, fields, names, index_column) from None
    if not header and guess and (not square or len(rows) == width + 1):
        note = guess
    if note:
        warnings.warn(note, stacklevel=2)
    return np.array(rows, dtype=np.float64)


def _refuse_semicolons(path: str, lines: list[tuple[int, str]]) -> None:
    """One line of InputError for a file of numbers separated by semicolons (a spreadsheet's
    CSV where the decimal mark is a comma), which would otherwise read as one column of text."""
    for number, line in lines:
        fields = line.split(";")
        if len(fields) > 1 and all(_is_number(field.strip().strip('"').replace(",", ".")) for field in fields):
            raise InputError(f"{path}: line {number} ({line.strip()[:40]!r}) separates its numbers by ';': give "
                             f"them separated by commas (or tabs or spaces) with decimal points, e.g. "
                             f"sed 's/\"//g; s/,/./g; s/;/,/g' {path}.")


def _is_number(field: str) -> bool:
    try:
        float(field)
    except ValueError:
        return False
    return True


def _csv_fields(line: str) -> list[str]:
    """One CSV line's fields, quotes as pandas writes them (a header name may hold a comma)."""
    return next(iter(_csv_rows([line])), [])


def _csv_rows(lines: list[str]) -> list[list[str]]:
    """The fields of CSV lines, each field of any length: csv's limit of 131,072 characters
    (one label line of 100,000 labels passes it) is lifted while they are read, then restored."""
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, _CSV_FIELD_MAX))
    try:
        return list(csv.reader(lines))
    finally:
        csv.field_size_limit(limit)


def _not_a_number(path: str, number: int, fields: list[str], names: list[str] | None, skip: int) -> InputError:
    """The InputError of a data row with a cell that is not a number: its line and column."""
    column = next(j for j in range(skip, len(fields)) if not _is_number(fields[j]))
    named = f" ({names[column].strip()[:40]!r})" if names is not None else ""
    cell = fields[column].strip()
    what = "is empty (a missing value?)" if not cell else f"is {cell[:40]!r}"
    hint = ("; an index column? drop it first (cut -d, -f2- FILE)" if column == 0 and names is not None
            else "; the data file must be a numeric CSV")
    return InputError(f"{path}: line {number}, column {column + 1}{named} {what}, not a number{hint}.")


def read_weights(path: str, max_bytes: int | None = None, header: bool | None = None) -> np.ndarray:
    """The weights file: one number per line, under a header line as :func:`read_data`
    reads one; ``-`` reads standard input.

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "w.txt").write_text("copies\\n2\\n1\\n")
    ...     read_weights(f"{folder}/w.txt", header=True)
    array([2., 1.])
    """
    weights = read_data(path, max_bytes, header)
    if weights.shape[1] != 1:
        raise InputError(f"{path}: give one weight per line, not {weights.shape[1]} columns.")
    return weights[:, 0]


TABLE_HEADER = ("class", "cluster", "count")  # the header of a table file of long rows


def read_counts(path: str, max_bytes: int | None = None) -> np.ndarray | tuple[np.ndarray, np.ndarray, list[int]]:
    """The counts of a contingency table counted elsewhere: long rows or a dense matrix; ``-``
    reads stdin; at most ``max_bytes`` bytes (default :data:`MAX_BYTES`).

    A first line ``class,cluster,count`` announces long rows, one (class, cluster) pair
    per line with its number of objects (labels read as :func:`read_labels` reads them:
    integers if all are, else text). Anything else is a dense matrix: a numeric CSV without
    a header, one row per class and one column per cluster.

    Returns
    -------
    ndarray of int64, shape (C, K), or tuple of (classes, clusters, counts)
        The dense matrix (:func:`clustval.indices.counts.as_contingency` makes it a table),
        or the long rows' three columns (:func:`clustval.contingency_from_counts`).

    Examples
    --------
    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "long.csv").write_text("class,cluster,count\\nb,1,45\\na,1,40\\na,2,10\\n")
    ...     _ = (Path(folder) / "dense.csv").write_text("40,10\\n45,0\\n")
    ...     long, dense = read_counts(f"{folder}/long.csv"), read_counts(f"{folder}/dense.csv")
    >>> [column.tolist() if isinstance(column, np.ndarray) else column for column in long]
    [['b', 'a', 'a'], [1, 1, 2], [45, 40, 10]]
    >>> dense.tolist()
    [[40, 10], [45, 0]]
    """
    lines = [line for line in _read_text(path, max_bytes).splitlines() if line.strip()]
    if not lines:
        raise InputError(f"{path} holds no table: give class,cluster,count rows or a matrix of counts.")
    header = tuple(field.strip() for field in lines[0].split(","))
    if header != TABLE_HEADER:
        counts = [[_count(field, path, number) for field in line.split(",")] for number, line in enumerate(lines, 1)]
        if len({len(row) for row in counts}) > 1:
            raise InputError(f"{path}: the rows of the matrix have different numbers of columns.")
        return np.array(counts, dtype=np.int64)
    rows = [line.split(",") for line in lines[1:]]
    for number, row in enumerate(rows, start=2):
        if len(row) != 3:
            raise InputError(f"{path}: line {number} has {len(row)} fields; expected class,cluster,count.")
    if not rows:
        raise InputError(f"{path} has the header class,cluster,count but no rows.")
    classes, clusters = ([row[i].strip() for row in rows] for i in (0, 1))
    counts = [_count(row[2], path, number) for number, row in enumerate(rows, start=2)]
    return _typed_labels(classes), _typed_labels(clusters), counts


def _count(field: str, path: str, number: int) -> int:
    field = field.strip()
    if not _COUNT.fullmatch(field):
        raise InputError(f"{path}: line {number}: {field!r} is not a count (an integer >= 0).")
    value = int(field)
    if value > _INT64_MAX:
        raise InputError(f"{path}: line {number}: the count {field} is beyond 2^63 - 1 (int64); counts must fit int64.")
    return value


def _read_text(path: str, max_bytes: int | None = None) -> str:
    """The file's text (``-``: standard input), UTF-8 with or without a byte-order mark."""
    return _decoded(_read_bytes(path, max_bytes), path)


_STREAM_CHUNK = 1 << 20  # bytes read from a stream at a time
_CSV_FIELD_MAX = 2**31 - 1  # csv's largest field limit on every platform (a C long); MAX_BYTES is below it


def _read_bytes(path: str, max_bytes: int | None = None) -> bytes:
    """The file's bytes (``-``: standard input); InputError when it cannot be read, is a
    device (``/dev/zero`` never ends) or holds more than ``max_bytes`` bytes (a stream is
    read up to that limit, never further)."""
    limit = MAX_BYTES if max_bytes is None else max_bytes
    try:
        if path == STDIN:
            if sys.stdin is None or getattr(sys.stdin, "closed", False):
                raise InputError("standard input is closed (- reads it): pipe or redirect a file into it, "
                                 "or name the file.")
            _refuse_device_on_stdin()
            return _read_stream(sys.stdin.buffer, path, limit)
        _regular_file(path, limit)
        with open(path, "rb") as handle:
            return _read_stream(handle, path, limit)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file.") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc}).") from None


def _regular_file(path: str, max_bytes: int | None = None) -> bool:
    """True for a regular file of at most ``max_bytes`` bytes, False for standard input or a
    pipe (streams, read once up to the limit); InputError for a larger file or a device."""
    limit = MAX_BYTES if max_bytes is None else max_bytes
    if path == STDIN:
        return False
    try:
        mode = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file.") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read it ({exc}).") from None
    if stat.S_ISREG(mode.st_mode):
        if mode.st_size > limit:
            raise InputError(f"{path}: {mode.st_size} bytes, above the limit of {bytes_text(limit)} "
                             "(--max-bytes); pass a larger --max-bytes to read it.")
        return True
    if stat.S_ISFIFO(mode.st_mode) or stat.S_ISSOCK(mode.st_mode):
        return False
    kind = "a folder" if stat.S_ISDIR(mode.st_mode) else "a device"
    raise InputError(f"{path} is {kind}, not a file: give a file, a pipe or - (standard input).")


def _refuse_device_on_stdin() -> None:
    # A terminal is a character device too, and a fine place to type labels; any other is
    # not (`< /dev/zero` would be read up to the limit for nothing).
    try:
        fd = sys.stdin.fileno()
        device = stat.S_ISCHR(os.fstat(fd).st_mode) and not os.isatty(fd)
    except (AttributeError, OSError, ValueError):
        return  # no file descriptor (a replaced sys.stdin): nothing to check
    if device:
        raise InputError("standard input is a device, not a file or a pipe: redirect a file into it, or pipe one.")


def _read_stream(handle, path: str, max_bytes: int) -> bytes:
    chunks, size = [], 0
    while chunk := handle.read(min(_STREAM_CHUNK, max_bytes + 1 - size)):
        chunks.append(chunk)
        size += len(chunk)
        if size > max_bytes:
            raise InputError(f"{path}: more than {bytes_text(max_bytes)} (--max-bytes), reading stopped "
                             "there: an endless stream? pass a larger --max-bytes for a longer one.")
    return b"".join(chunks)


def _decoded(raw: bytes, path: str) -> str:
    """``raw`` decoded as UTF-8 with or without a byte-order mark; InputError if it is not."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: cannot read it ({exc}).") from None
