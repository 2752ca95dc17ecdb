"""The in-memory data set and its deterministic text file format.

File format (UTF-8, ``\\n`` line endings), chosen so that the same data always give the same
bytes (``np.savez`` embeds zip timestamps) and so that a reader can open it in any tool::

    # clustval dataset v2
    # {"class_names": [...], "feature_names": [...], "meta": {...}, "name": "iris", "rows": 150, ...}
    label,sepal_length,sepal_width,petal_length,petal_width
    0,0.2222222222222222,0.625,0.06779661016949151,0.041666666666666664
    ...

Line 2 is one JSON object with sorted keys; ``rows`` is the number of objects and ``sha256``
the SHA-256 of everything after line 2 (the column line and the rows), both verified on
read, so a truncated or damaged file is refused, never used. ``label`` is the class code
0..C-1 (the class name is ``class_names[code]``). Floats are written with ``repr``, the
shortest string that reads back to the same float64, so a write/read round trip is exact,
bit for bit.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import DamagedFileError, DataError
from ..io import atomic_write_text

__all__ = ["Dataset", "read_dataset", "verify_dataset_file", "write_dataset"]

_MAGIC = "# clustval dataset v2"
_DAMAGED = "the file is damaged or truncated: delete it and run the pipeline again (it rebuilds it)"


@dataclass(eq=False)
class Dataset:
    """A labelled data set: features ``X`` (n, d) float64 and class codes ``y`` in 0..C-1.

    Attributes
    ----------
    name : str
        Key of the set in the config (``iris``, ``Ec2``, ``fig1``).
    X : ndarray of float64, shape (n, d)
        Features, finite.
    y : ndarray of int64, shape (n,)
        Class codes; ``class_names[y[i]]`` is the original class label of object i.
    class_names : list of str
        Original class labels (e.g. ``Iris-setosa``), in code order.
    feature_names : list of str
        One name per column of ``X``.
    meta : dict
        JSON-serialisable provenance: ``kind`` (uci | synthetic | fig1), checksums, seed,
        ``preprocessing`` and so on.
    """

    name: str
    X: np.ndarray
    y: np.ndarray
    class_names: list[str]
    feature_names: list[str]
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        X = np.ascontiguousarray(self.X, dtype=np.float64)
        y = np.ascontiguousarray(self.y)
        self.class_names = [str(c) for c in self.class_names]
        self.feature_names = [str(f) for f in self.feature_names]
        where = f"data set {self.name!r}"
        if X.ndim != 2 or X.shape[0] == 0 or X.shape[1] == 0:
            raise DataError(f"{where}: X must be a non-empty (n, d) array, got shape {X.shape}.")
        if not np.all(np.isfinite(X)):
            raise DataError(f"{where}: X contains NaN or inf; every feature value must be finite.")
        if y.shape != (X.shape[0],) or y.dtype.kind not in "iu":
            raise DataError(
                f"{where}: y must be {X.shape[0]} integer class codes (one per row of X), "
                f"got shape {y.shape} dtype {y.dtype}."
            )
        n_classes = len(self.class_names)
        if y.size and (y.min() < 0 or y.max() >= n_classes):
            raise DataError(
                f"{where}: class codes must lie in 0..{n_classes - 1} (one per class name), "
                f"got {int(y.min())}..{int(y.max())}."
            )
        if len(self.feature_names) != X.shape[1]:
            raise DataError(
                f"{where}: {len(self.feature_names)} feature names for {X.shape[1]} columns."
            )
        self.X = X
        self.y = y.astype(np.int64, copy=False)
        self.meta = dict(self.meta)

    @property
    def n(self) -> int:
        """Number of objects."""
        return int(self.X.shape[0])

    @property
    def n_classes(self) -> int:
        """Number of classes C (length of ``class_names``)."""
        return len(self.class_names)

    @property
    def class_sizes(self) -> list[int]:
        """Objects per class, in code order."""
        return np.bincount(self.y, minlength=self.n_classes).tolist()

    def labels(self) -> np.ndarray:
        """Original class labels (strings), one per object."""
        return np.asarray(self.class_names, dtype=object)[self.y]


def _header(ds: Dataset, body: str) -> str:
    payload = {
        "name": ds.name,
        "class_names": ds.class_names,
        "feature_names": ds.feature_names,
        "meta": ds.meta,
        "rows": ds.n,
        "sha256": hashlib.sha256(body.encode("utf-8")).hexdigest(),
    }
    try:
        return json.dumps(payload, sort_keys=True, ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise DataError(
            f"data set {ds.name!r}: meta must hold JSON values only (str, int, finite float, "
            f"bool, None, lists, dicts): {exc}"
        ) from None


def dataset_text(ds: Dataset) -> str:
    """Return the file content of :func:`write_dataset` as a string."""
    lines = [",".join(["label", *ds.feature_names])]
    for code, row in zip(ds.y.tolist(), ds.X.tolist(), strict=True):
        lines.append(",".join([str(code), *map(repr, row)]))
    body = "\n".join(lines) + "\n"
    return f"{_MAGIC}\n# {_header(ds, body)}\n{body}"


def write_dataset(ds: Dataset, path: str | os.PathLike) -> Path:
    """Write ``ds`` to ``path`` in the deterministic text format (atomic write)."""
    return atomic_write_text(path, dataset_text(ds))


def read_dataset(path: str | os.PathLike) -> Dataset:
    """Read a file written by :func:`write_dataset`; the round trip is exact."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read data set file {path}: {exc}") from None
    return parse_dataset_text(text, source=str(path))


def verify_dataset_file(path: str | os.PathLike) -> None:
    """Check a data set file's header, row count and SHA-256 without parsing its numbers.

    Raises
    ------
    clustval.errors.DamagedFileError
        The rows or bytes do not match the header.
    clustval.errors.DataError
        The file cannot be read or is no clustval data set file (of this version).

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "d.csv"
    >>> _ = write_dataset(Dataset("d", np.zeros((2, 1)), np.array([0, 1]), ["a", "b"], ["x"]), path)
    >>> verify_dataset_file(path)
    >>> _ = path.write_text(path.read_text()[:-6])  # the last row cut off
    >>> verify_dataset_file(path)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    clustval.errors.DamagedFileError: ...d.csv: 1 rows, its header says 2; the file is damaged or truncated: delete it and run the pipeline again (it rebuilds it).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read data set file {path}: {exc}") from None
    _checked_header(text, str(path))


_FIX = "regenerate it with clustval (write_dataset) instead of editing it by hand."


def _checked_header(text: str, source: str) -> tuple[dict, list[str]]:
    """The header of a data set file's text and its body lines (the column line, then the
    rows), after checking the row count and SHA-256 the header states."""
    magic, _, rest = text.partition("\n")
    header_line, _, body = rest.partition("\n")
    if magic != _MAGIC or not header_line.startswith("# "):
        old = magic.startswith("# clustval dataset v")
        what = "an older format without a checksum" if old else "not a clustval data set file"
        raise DataError(f"{source} is {what} (bad header); {_FIX}")
    try:
        header = json.loads(header_line[2:])
        rows, digest = int(header["rows"]), str(header["sha256"])
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{source}: unreadable JSON header line ({exc}); {_FIX}") from None
    lines = body.split("\n")
    if lines[-1] == "":
        lines.pop()
    if len(lines) - 1 != rows:
        what = f"{max(len(lines) - 1, 0)} rows, its header says {rows}"
        raise DamagedFileError(f"{source}: {what}; {_DAMAGED}.", source)
    if hashlib.sha256(body.encode("utf-8")).hexdigest() != digest:
        what = "content does not match the sha256 in its header"
        raise DamagedFileError(f"{source}: {what}; {_DAMAGED}.", source)
    return header, lines


def parse_dataset_text(text: str, source: str = "<text>") -> Dataset:
    """Parse the content of a data set file (see the module docstring)."""
    header, lines = _checked_header(text, source)
    try:
        name, meta, rows = header["name"], header["meta"], int(header["rows"])
        class_names, feature_names = header["class_names"], header["feature_names"]
    except (KeyError, TypeError) as exc:
        raise DataError(f"{source}: unreadable JSON header line ({exc}); {_FIX}") from None
    d = len(feature_names)
    if lines[0].split(",")[0] != "label" or len(lines[0].split(",")) != d + 1:
        raise DataError(f"{source}: column line does not match the {d} feature names; {_FIX}")
    y = np.empty(rows, dtype=np.int64)
    X = np.empty((rows, d), dtype=np.float64)
    for i, line in enumerate(lines[1:]):
        fields = line.split(",")
        if len(fields) != d + 1:
            raise DataError(
                f"{source}, line {i + 4}: {len(fields)} fields, expected {d + 1} "
                f"(label + {d} features); the file is truncated or corrupted; {_FIX}"
            )
        try:
            y[i] = int(fields[0])
            X[i] = [float(v) for v in fields[1:]]
        except ValueError as exc:
            raise DataError(f"{source}, line {i + 4}: {exc}; {_FIX}") from None
    return Dataset(name, X, y, class_names, feature_names, meta)


def json_safe(value):
    """Convert numpy scalars/arrays and tuples inside ``value`` to plain JSON values."""
    if isinstance(value, Mapping):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, np.ndarray)):
        return [json_safe(v) for v in (value.tolist() if isinstance(value, np.ndarray) else value)]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        raise DataError(f"meta value {value!r} is not finite; JSON cannot hold it.")
    return value
