"""Gagolewski's benchmark suite for clustering algorithms: its file format and its verified files.

The suite (Gagolewski M. et al. (Eds.), *A benchmark suite for clustering algorithms*, version
1.1.0, DOI 10.5281/zenodo.7088171; described in Gagolewski, *A framework for benchmarking
clustering algorithms*, SoftwareX 20 (2022) 101270) holds labelled sets in batteries
(``fcps``, ``graves``, ``sipu``, ``uci``, ``wut``, ``other``, ...). A set ``BATTERY/NAME`` is

- ``NAME.data.gz``: a numeric matrix, one object a row, whitespace-separated;
- ``NAME.labels0.gz``, ``NAME.labels1.gz``, ...: one or more reference labellings, one integer
  a row, ``0`` marking a noise point and ``1..K`` the clusters.

The suite is licensed under the GNU AGPL v3 and provided for research purposes: clustval never
ships or copies it. :func:`fetch_suite_file` obtains one file, from a local mirror of the suite
or from its published URL, and returns its bytes only when their SHA-256 is the one the caller
recorded; :func:`read_benchmark` reads a set's files.
"""

from __future__ import annotations

import gzip
import io
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import ChecksumError, DataError
from .fetch import check_sha256, download

__all__ = ["NOISE", "Benchmark", "SuiteFile", "fetch_suite_file", "read_benchmark"]

#: The label the suite gives a noise point.
NOISE = 0
_LABELS = re.compile(r"\.labels(\d+)\.gz$")


@dataclass(frozen=True)
class SuiteFile:
    """One file of the suite as the config records it: its path in the suite
    (``BATTERY/NAME.data.gz``), SHA-256 and size in bytes."""

    path: str
    sha256: str
    bytes: int


def fetch_suite_file(file: SuiteFile, *, mirror: str | Path | None, base_url: str, timeout: float,
                     deadline: float) -> bytes:
    """The verified bytes of ``file``: from ``mirror`` (a folder in the suite's layout), if
    given and it holds a good copy, else downloaded from ``base_url + file.path``.

    Raises
    ------
    clustval.errors.ChecksumError
        A source gave bytes of another SHA-256 and no source a good copy.
    clustval.errors.DataError
        No source had the file (no mirror, no network, an HTTP error); one line that names
        the file and its expected SHA-256.
    """
    failures = []
    if mirror not in (None, ""):
        path = Path(mirror) / file.path
        try:
            return check_sha256(path.read_bytes(), file.sha256, f"mirror file {path}", _REPLACE)
        except OSError as exc:
            failures.append(DataError(f"[mirror] cannot read {path}: {exc.strerror or exc}"))
        except ChecksumError as exc:
            failures.append(ChecksumError(f"[mirror] {exc}"))
    url = base_url.rstrip("/") + "/" + file.path
    try:
        return check_sha256(download(url, file.bytes, timeout, deadline, "clustbench_deadline"),
                            file.sha256, f"download {url}", _REPLACE)
    except DataError as exc:
        failures.append(type(exc)(f"[url] {exc}"))
    error = ChecksumError if any(isinstance(e, ChecksumError) for e in failures) else DataError
    raise error(f"cannot obtain the benchmark suite's file {file.path} (expected sha256 {file.sha256}): "
                + "; ".join(map(str, failures)) + f". Fix: {_FIX}.")


_REPLACE = "the suite's release v1.1.0 has other bytes"
_FIX = ("pass --config clustbench_mirror=DIR with a folder holding the suite's published files, or check the "
        "network and clustbench_base_url")  # fmt: skip


@dataclass(frozen=True)
class Benchmark:
    """One set of the suite: its data and its reference labellings (0 = noise).

    Attributes
    ----------
    name : str
        ``BATTERY/NAME``.
    X : ndarray of shape (n, d)
    labellings : tuple of ndarray of int64
        Each reference labelling, in the order of its file's number (``labels0`` first).
    """

    name: str
    X: np.ndarray
    labellings: tuple[np.ndarray, ...]

    def reference_k(self, labelling: int = 0) -> int:
        """K of a reference labelling: its clusters, noise not counted."""
        return int(np.unique(self.labellings[labelling][self.labellings[labelling] != NOISE]).size)


def read_benchmark(folder: str | Path, name: str) -> Benchmark:
    """Read set ``name`` (``BATTERY/NAME``) from ``folder``, which holds ``NAME.data.gz`` and
    its ``NAME.labelsI.gz`` files (the suite's layout has them under ``BATTERY/``).

    Every problem (a missing file, a non-numeric or ragged matrix, a label that is not an
    integer >= 0, a labelling of another length) is one line of DataError naming the file.

    Examples
    --------
    >>> import gzip, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "toy.data.gz").write_bytes(gzip.compress(b"0 0\\n0 1\\n5 5\\n5 6\\n"))
    >>> _ = (folder / "toy.labels0.gz").write_bytes(gzip.compress(b"1\\n1\\n2\\n0\\n"))
    >>> b = read_benchmark(folder, "demo/toy")
    >>> b.X.shape, b.labellings[0].tolist(), b.reference_k()
    ((4, 2), [1, 1, 2, 0], 2)
    """
    stem = name.rsplit("/", 1)[-1]
    folder = Path(folder)
    X = _matrix(folder / f"{stem}.data.gz")
    found = sorted(((int(m.group(1)), path) for path in folder.glob(f"{stem}.labels*.gz")
                    if (m := _LABELS.search(path.name)) and path.name == f"{stem}.labels{m.group(1)}.gz"))
    if not found:
        raise DataError(f"{folder / stem}.labels0.gz: no reference labelling of {name} in {folder}")
    labellings = tuple(_labels(path, X.shape[0]) for _, path in found)
    return Benchmark(name, X, labellings)


def _text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DataError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    try:
        return gzip.decompress(data).decode("ascii")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:  # gzip.BadGzipFile is an OSError
        raise DataError(f"{path}: not a gzip file of text ({exc})") from None


def _matrix(path: Path) -> np.ndarray:
    text = _text(path)
    try:
        X = np.loadtxt(io.StringIO(text), dtype=np.float64, ndmin=2)
    except ValueError as exc:
        raise DataError(f"{path}: not a numeric matrix ({exc})") from None
    if X.shape[0] == 0 or not np.all(np.isfinite(X)):
        raise DataError(f"{path}: empty, or holds a value that is not a finite number")
    return X


def _labels(path: Path, n: int) -> np.ndarray:
    rows = _text(path).split()
    if not all(row.isdigit() for row in rows):
        bad = next(row for row in rows if not row.isdigit())
        raise DataError(f"{path}: label {bad!r} is not an integer >= 0 (0 marks noise)")
    if len(rows) != n:
        raise DataError(f"{path}: {len(rows)} labels for the {n} rows of the data matrix")
    labels = np.array(rows, dtype=np.int64)
    if not np.any(labels != NOISE):
        raise DataError(f"{path}: every point is noise (0)")
    return labels
