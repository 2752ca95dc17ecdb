"""Parsers for the raw UCI files of Table 5, driven by their config entries.

One generic parser covers the twelve files; the quirks live in the config, not in code:
``skip_lines`` (segmentation's 5 leading comment/header/blank lines), ``names_line`` (its
column-name line), ``delimiter: whitespace`` (seeds' tabs, some doubled), ``label_column``
(first, last, wdbc's second, bupa's 7th ``selector``) and ``drop_columns`` (wdbc's ID).
Blank lines are skipped (iris ends with one); a missing final newline is fine (seeds).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np

from ..errors import DataError
from .catalog import UCISpec

__all__ = ["LabelledTable", "parse_raw", "snap_to_decimal", "table_sha256"]

# The raw files carry at most 10 significant digits; rounding to 12 undoes a last-ulp
# difference of a non-correctly-rounded float parser (pandas' default) and nothing else.
_SNAP_DIGITS = 12


@dataclass(eq=False)
class LabelledTable:
    """Features and original class labels, as parsed from a raw file or a ucimlrepo table."""

    X: np.ndarray
    labels: list[str]
    feature_names: list[str]

    @property
    def sha256(self) -> str:
        """Canonical digest of the data (see :func:`table_sha256`)."""
        return table_sha256(self.X, self.labels)


def table_sha256(X: np.ndarray, labels) -> str:
    """SHA-256 of the canonical text of a table: one line per object, ``repr`` of each feature
    then the class label, comma-separated.

    Independent of where the table came from (raw file or ucimlrepo) and of feature names,
    so it proves two sources hold the same objects, in the same order, with the same values.
    """
    digest = hashlib.sha256()
    for row, label in zip(np.asarray(X, dtype=np.float64).tolist(), labels, strict=True):
        digest.update((",".join([*map(repr, row), str(label)]) + "\n").encode("utf-8"))
    return digest.hexdigest()


def snap_to_decimal(X: np.ndarray, digits: int = _SNAP_DIGITS) -> np.ndarray:
    """Round every value to ``digits`` significant decimal digits and read it back.

    Identity on values parsed with ``float()`` from decimal strings of at most ``digits``
    significant digits; maps a value one ulp off such a decimal back onto it.
    """
    X = np.asarray(X, dtype=np.float64)
    snapped = [float(format(v, f".{digits}g")) for v in X.ravel().tolist()]
    return np.asarray(snapped, dtype=np.float64).reshape(X.shape)


def _split(line: str, delimiter: str) -> list[str]:
    if delimiter == "whitespace":
        return line.split()
    return [field.strip() for field in line.split(delimiter)]


def parse_raw(data: bytes, spec: UCISpec, source: str | None = None) -> LabelledTable:
    """Parse the bytes of a raw UCI file into features and original class labels.

    Raises DataError naming the file and line when the bytes are not the expected layout
    (wrong field count, non-numeric feature, undecodable bytes).
    """
    where = f"UCI set {spec.name!r} ({source or spec.file})"
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError as exc:
        raise DataError(
            f"{where}: not a plain-text UCI file ({exc}); the file is corrupted: delete it "
            "and fetch it again."
        ) from None
    lines = text.splitlines()
    head, body = lines[: spec.skip_lines], lines[spec.skip_lines :]
    feature_names = spec.feature_names
    if spec.names_line is not None:
        if len(head) <= spec.names_line:
            raise DataError(
                f"{where}: file too short for its column-name line {spec.names_line + 1}."
            )
        feature_names = tuple(_split(head[spec.names_line], spec.delimiter))

    rows = [
        (number, _split(line, spec.delimiter))
        for number, line in enumerate(body, spec.skip_lines + 1)
        if line.strip()
    ]
    if not rows:
        raise DataError(f"{where}: no data lines; the file is empty or truncated.")
    n_fields = len(rows[0][1])
    label_col = spec.label_column % n_fields
    dropped = {label_col, *(c % n_fields for c in spec.drop_columns)}
    keep = [j for j in range(n_fields) if j not in dropped]

    X = np.empty((len(rows), len(keep)), dtype=np.float64)
    labels = []
    for i, (number, fields) in enumerate(rows):
        if len(fields) != n_fields:
            raise DataError(
                f"{where}, line {number}: {len(fields)} fields, expected {n_fields} like line "
                f"{rows[0][0]}; the file is truncated or corrupted: fetch it again."
            )
        try:
            X[i] = [float(fields[j]) for j in keep]
        except ValueError as exc:
            raise DataError(f"{where}, line {number}: non-numeric feature ({exc}).") from None
        labels.append(fields[label_col])
    if not np.all(np.isfinite(X)):
        raise DataError(f"{where}: non-finite feature values (nan/inf) in the file.")

    if feature_names is None:
        feature_names = tuple(f"x{j + 1}" for j in range(len(keep)))
    if len(feature_names) != len(keep):
        raise DataError(
            f"{where}: {len(keep)} feature columns but {len(feature_names)} feature names in "
            "the config; fix feature_names (or label_column/drop_columns)."
        )
    return LabelledTable(X, labels, list(feature_names))
