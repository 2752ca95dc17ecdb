"""Obtain the UCI sets of Table 5: the copy bundled with the package, a local mirror, the
UCI archive URL or ucimlrepo.

Sources are tried in the configured order (``uci_sources``, default ``bundled, mirror, url,
ucimlrepo``); the first that yields verified data wins. Raw bytes (bundled, mirror, URL)
are checked against the SHA-256 recorded in the catalog; a ucimlrepo table (UCI's prepared
CSV, not the raw bytes) is checked against the SHA-256 of the canonical parsed table
(``table_sha256``), so every source yields the same data or an error. Network downloads are
cached under ``cache_dir`` (raw files under their UCI names, ucimlrepo tables under
``ucimlrepo/``), written atomically, and reused by the same source on the next call after
their checksum is checked again. Nothing unverified is ever written to the cache.
"""

from __future__ import annotations

import hashlib
import http.client
import logging
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from ..errors import ChecksumError, DataError
from ..io import atomic_write_bytes
from .catalog import UCISpec, as_uci_spec, bundled_dir
from .dataset import Dataset, read_dataset, write_dataset
from .parse import LabelledTable, parse_raw, snap_to_decimal

__all__ = ["SOURCES", "FetchOptions", "FetchResult", "check_sha256", "download", "fetch_raw", "read_fetched", "sha256_hex"]

log = logging.getLogger(__name__)

SOURCES = ("bundled", "mirror", "url", "ucimlrepo")
DEFAULT_BASE_URL = "https://archive.ics.uci.edu/ml/machine-learning-databases/"
# ucimlrepo 0.0.7: ucimlrepo.fetch.API_BASE_URL
DEFAULT_API_BASE = "https://archive.ics.uci.edu/api/dataset"
_FIX = (
    "put 'bundled' in uci_sources (the package ships all twelve files; reinstall clustval if "
    "they are damaged), or pass --config uci_mirror=DIR with a folder holding the original "
    "UCI file, or check the network connection and uci_base_url / uci_api_base"
)


@dataclass(frozen=True)
class FetchOptions:
    """Where and how to look for the raw files (config keys ``uci_*``).

    Attributes
    ----------
    sources : tuple of str
        Order in which sources are tried: ``bundled`` (the files shipped in the package),
        ``mirror``, ``url``, ``ucimlrepo``.
    mirror : Path or None
        Local folder with the raw files, flat (``DIR/iris.data``) or in the archive layout
        (``DIR/iris/iris.data``).
    cache_dir : Path
        Where verified downloads (url, ucimlrepo) are kept (default ``resources/uci``).
    base_url : str
        UCI archive folder; a file's URL is ``base_url + archive_path``.
    api_base : str
        ucimlrepo's dataset API endpoint (patched into ucimlrepo for the call).
    timeout : float
        Seconds a network read may wait for data before the request is abandoned.
    deadline : float
        Seconds a whole download may take (a server that drips bytes never trips the
        per-read timeout); past it the download is abandoned and nothing is cached.
    """

    sources: tuple[str, ...] = SOURCES
    mirror: Path | None = None
    cache_dir: Path = Path("resources/uci")
    base_url: str = DEFAULT_BASE_URL
    api_base: str = DEFAULT_API_BASE
    timeout: float = 30.0
    deadline: float = 300.0

    def __post_init__(self) -> None:
        sources = (self.sources,) if isinstance(self.sources, str) else tuple(self.sources)
        unknown = [s for s in sources if s not in SOURCES]
        if unknown or not sources:
            raise DataError(
                f"uci_sources {list(sources)} is invalid; use a non-empty list of {list(SOURCES)}."
            )
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "mirror", None if self.mirror in (None, "") else Path(self.mirror))
        object.__setattr__(self, "cache_dir", Path(self.cache_dir))
        object.__setattr__(self, "timeout", _positive_seconds(self.timeout, "uci_timeout"))
        object.__setattr__(self, "deadline", _positive_seconds(self.deadline, "uci_deadline"))
        if not self.base_url.endswith("/"):
            object.__setattr__(self, "base_url", self.base_url + "/")


def _positive_seconds(value, key: str) -> float:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = float("nan")
    if not seconds > 0:
        raise DataError(f"{key} must be a positive number of seconds, got {value!r}.")
    return seconds


@dataclass(frozen=True)
class FetchResult:
    """A verified copy of a set: the bundled file, a mirror file or a cached download.

    ``kind`` is ``raw`` (``path`` holds the original UCI bytes) or ``table`` (``path`` holds
    the ucimlrepo table in the data set text format). ``source`` is the source that served
    it (``bundled``, ``mirror``, ``url`` or ``ucimlrepo``); ``cached`` is true when a
    download of an earlier call was reused. ``notes`` say why earlier sources failed.
    """

    path: Path
    source: str
    kind: str
    notes: tuple[str, ...] = field(default=())
    cached: bool = False


def sha256_hex(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def check_sha256(data: bytes, expected: str, origin: str, fix: str) -> bytes:
    """``data`` if its SHA-256 is ``expected``, else a ChecksumError in one line naming
    ``origin``, both hashes and ``fix`` (what to put in its place)."""
    found = sha256_hex(data)
    if found != expected:
        raise ChecksumError(
            f"{origin}: sha256 {found} ({len(data)} bytes), expected {expected}: the file is "
            f"corrupted, truncated or a different version; {fix}."
        )
    return data


def _check_bytes(data: bytes, spec: UCISpec, origin: str) -> bytes:
    return check_sha256(data, spec.sha256, origin, f"replace it with the original UCI file {spec.file}")


def _raw_cache_path(spec: UCISpec, options: FetchOptions) -> Path:
    return options.cache_dir / spec.file


def _table_cache_path(spec: UCISpec, options: FetchOptions) -> Path:
    return options.cache_dir / "ucimlrepo" / f"{spec.name}.csv"


def _from_bundled(spec: UCISpec, options: FetchOptions) -> FetchResult:
    resource = bundled_dir() / spec.file
    try:
        data = resource.read_bytes()
    except OSError as exc:
        raise DataError(f"no bundled copy of {spec.file} ({exc.strerror or exc})") from None
    _check_bytes(data, spec, f"bundled file {resource}")
    return FetchResult(resource, "bundled", "raw")


def _from_mirror(spec: UCISpec, options: FetchOptions) -> FetchResult:
    if options.mirror is None:
        raise DataError("no mirror folder configured (uci_mirror is null)")
    candidates = [options.mirror / spec.file]
    if spec.archive_path:
        candidates.append(options.mirror / spec.archive_path)
    for path in candidates:
        try:
            data = path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:  # an unreadable folder or file is this source failing
            raise DataError(f"cannot read mirror file {path}: {exc.strerror or exc}") from None
        _check_bytes(data, spec, f"mirror file {path}")
        return FetchResult(path, "mirror", "raw")
    raise DataError(
        f"{spec.file} not found in mirror folder {options.mirror} (looked for "
        + ", ".join(str(c) for c in candidates)
        + ")"
    )


def _from_url(spec: UCISpec, options: FetchOptions) -> FetchResult:
    if not spec.archive_path:
        raise DataError(f"{spec.file} is not served by the UCI archive (no archive_path)")
    cached = _cached_raw(spec, options)
    if cached is not None:
        return FetchResult(cached, "url", "raw", cached=True)
    url = options.base_url + spec.archive_path
    data = download(url, spec.bytes, options.timeout, options.deadline, "uci_deadline")
    _check_bytes(data, spec, f"download {url}")
    return FetchResult(_store(data, spec, options), "url", "raw")


def download(url: str, size: int, timeout: float, deadline: float, deadline_key: str) -> bytes:
    """The body of ``url``, at most ``size`` bytes, within ``timeout`` seconds per read and
    ``deadline`` seconds in all (``deadline_key``: the config key a message names); every
    failure is one line of DataError. The caller checks the bytes."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return _read_bounded(response, url, size, deadline, deadline_key)
    except urllib.error.HTTPError as exc:
        raise DataError(f"HTTP error {exc.code} ({exc.reason}) from {url}") from None
    except urllib.error.URLError as exc:
        raise DataError(f"cannot reach {url}: {exc.reason} (no network?)") from None
    except TimeoutError:
        raise DataError(f"no answer from {url} within {timeout} s") from None
    except http.client.IncompleteRead as exc:
        raise DataError(
            f"truncated download from {url}: got {len(exc.partial)} bytes, the server "
            f"announced {len(exc.partial) + (exc.expected or 0)}"
        ) from None
    except (OSError, http.client.HTTPException) as exc:
        raise DataError(f"download of {url} failed: {exc!r}") from None


def _read_bounded(response, url: str, size: int, deadline: float, deadline_key: str) -> bytes:
    """The body of ``response``, refused once it passes ``size`` bytes (the catalog's size of
    the file: a longer answer is not the file, and an endless one would fill the memory) or
    ``deadline`` seconds (a server that drips bytes never trips the per-read timeout)."""
    announced = response.headers.get("Content-Length")
    if announced is not None and announced.isdigit() and int(announced) > size:
        raise DataError(f"{url} announces {int(announced)} bytes; the file has {size}: refused")
    stop = time.monotonic() + deadline
    chunks, total = [], 0
    while True:
        chunk = response.read1(65536)  # returns what one read brings, so the clock is checked
        if not chunk:
            if announced is not None and announced.isdigit() and total < int(announced):
                raise DataError(
                    f"truncated download from {url}: got {total} bytes, the server announced {announced}"
                )
            return b"".join(chunks)
        total += len(chunk)
        if total > size:
            raise DataError(f"{url} sent more than the file's {size} bytes: refused")
        if time.monotonic() > stop:
            raise DataError(f"download of {url} took longer than {deadline_key} = {deadline:g} s: abandoned")
        chunks.append(chunk)


_UCIMLREPO_LOCK = threading.Lock()


@contextmanager
def _ucimlrepo_endpoint(api_base: str, timeout: float):
    """Point ucimlrepo at ``api_base`` and give its requests a timeout, for one call.

    ucimlrepo 0.0.7 reads the module constant ``API_BASE_URL`` and opens URLs without a
    timeout; both are process-wide, hence the lock and the restore.
    """
    import ucimlrepo.fetch as ucifetch

    with _UCIMLREPO_LOCK:
        saved_base, saved_timeout = ucifetch.API_BASE_URL, socket.getdefaulttimeout()
        ucifetch.API_BASE_URL = api_base
        socket.setdefaulttimeout(timeout)
        try:
            yield ucifetch.fetch_ucirepo
        finally:
            ucifetch.API_BASE_URL = saved_base
            socket.setdefaulttimeout(saved_timeout)


def _label_text(value) -> str:
    # pandas may read integer labels as int64 or, with gaps, as float; the raw file says "1".
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def default_feature_names(spec: UCISpec, d: int) -> list[str]:
    """Feature names from the config, else ``x1..xd`` (as the raw parser names them)."""
    return list(spec.feature_names) if spec.feature_names else [f"x{j + 1}" for j in range(d)]


def _from_ucimlrepo(spec: UCISpec, options: FetchOptions) -> FetchResult:
    if spec.ucimlrepo_id is None:
        raise DataError(
            "ucimlrepo has no table with the same data as the raw file (ucimlrepo_id is null)"
        )
    if not spec.table_sha256:
        raise DataError(
            "table_sha256 is not set in the catalog, so a ucimlrepo table cannot be verified"
        )
    cached = _cached_table(spec, options)
    if cached is not None:
        return FetchResult(cached, "ucimlrepo", "table", cached=True)
    try:
        with _ucimlrepo_endpoint(options.api_base, options.timeout) as fetch_ucirepo:
            repo = fetch_ucirepo(id=spec.ucimlrepo_id)
    except ImportError:
        raise DataError("ucimlrepo is not installed (pip install ucimlrepo)") from None
    except Exception as exc:  # ucimlrepo raises bare ConnectionError, ValueError, its own errors
        raise DataError(
            f"ucimlrepo id {spec.ucimlrepo_id} via {options.api_base} failed: "
            f"{type(exc).__name__}: {exc}"
        ) from None
    features, targets = repo.data.features, repo.data.targets
    if features is None or targets is None or targets.shape[1] != 1:
        raise DataError(
            f"ucimlrepo id {spec.ucimlrepo_id} gave no features or not exactly one target column"
        )
    try:
        X = features.to_numpy(dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise DataError(
            f"ucimlrepo id {spec.ucimlrepo_id} has non-numeric features: {exc}"
        ) from None
    if not np.all(np.isfinite(X)):
        raise DataError(f"ucimlrepo id {spec.ucimlrepo_id} has missing feature values")
    X = snap_to_decimal(X)
    labels = [_label_text(v) for v in targets.iloc[:, 0].tolist()]
    table = LabelledTable(X, labels, default_feature_names(spec, X.shape[1]))
    if table.sha256 != spec.table_sha256:
        raise ChecksumError(
            f"ucimlrepo id {spec.ucimlrepo_id} returned a table ({X.shape[0]} rows, "
            f"{X.shape[1]} features) whose canonical sha256 is {table.sha256}, expected "
            f"{spec.table_sha256} (the raw file {spec.file} parsed): it is not the same data; "
            "use the bundled, mirror or url source"
        )
    return FetchResult(_store(_table_dataset(spec, table), spec, options), "ucimlrepo", "table")


def _table_dataset(spec: UCISpec, table: LabelledTable) -> Dataset:
    class_names = sorted(set(table.labels))
    code = {name: i for i, name in enumerate(class_names)}
    return Dataset(
        name=spec.name,
        X=table.X,
        y=np.array([code[label] for label in table.labels], dtype=np.int64),
        class_names=class_names,
        feature_names=table.feature_names,
        meta={
            "kind": "ucimlrepo-table",
            "ucimlrepo_id": spec.ucimlrepo_id,
            "table_sha256": table.sha256,
        },
    )


def _cached_raw(spec: UCISpec, options: FetchOptions) -> Path | None:
    """The verified cached download, or None. A cached copy that fails its check is removed."""
    raw = _raw_cache_path(spec, options)
    if raw.is_file():
        try:
            _check_bytes(raw.read_bytes(), spec, f"cached file {raw}")
            return raw
        except (ChecksumError, OSError) as exc:
            log.warning("discarding bad cached file: %s", exc)
            raw.unlink(missing_ok=True)
    return None


def _cached_table(spec: UCISpec, options: FetchOptions) -> Path | None:
    """The verified cached ucimlrepo table, or None (a bad one is removed)."""
    table_path = _table_cache_path(spec, options)
    if not table_path.is_file():
        return None
    try:
        ds = read_dataset(table_path)
        found = LabelledTable(ds.X, ds.labels().tolist(), ds.feature_names).sha256
    except DataError as exc:
        found = f"unreadable ({exc})"
    if found == spec.table_sha256:
        return table_path
    log.warning(
        "discarding cached table %s: sha256 %s, expected %s", table_path, found, spec.table_sha256
    )
    table_path.unlink(missing_ok=True)
    return None


def _store(verified: bytes | Dataset, spec: UCISpec, options: FetchOptions) -> Path:
    """Write verified data into the cache (atomically)."""
    try:
        if isinstance(verified, Dataset):
            return write_dataset(verified, _table_cache_path(spec, options))
        return atomic_write_bytes(_raw_cache_path(spec, options), verified)
    except OSError as exc:
        raise DataError(
            f"UCI set {spec.name!r}: cannot write to the cache folder {options.cache_dir} "
            f"({exc}); make it writable or set uci_cache_dir to a writable folder."
        ) from None


_FETCHERS = {
    "bundled": _from_bundled,
    "mirror": _from_mirror,
    "url": _from_url,
    "ucimlrepo": _from_ucimlrepo,
}


def fetch_raw(
    name: str, spec: UCISpec | Mapping, options: FetchOptions | None = None
) -> FetchResult:
    """Return a verified copy of UCI set ``name``, fetching (and caching) it if needed.

    Tries ``options.sources`` in order; the network sources reuse their verified cached
    downloads. Raises ChecksumError if every source failed and one of them gave data with
    the wrong checksum, DataError otherwise; the one-line message lists what each source
    did and how to fix it.
    """
    spec = as_uci_spec(name, spec)
    options = options or FetchOptions()
    failures: list[tuple[str, DataError]] = []
    for source in options.sources:
        try:
            result = _FETCHERS[source](spec, options)
        except DataError as exc:
            log.info("UCI set %r: source %s failed: %s", name, source, exc)
            failures.append((source, exc))
            continue
        notes = tuple(f"{s}: {e}" for s, e in failures)
        for note in notes:  # a later source saved the day; say what went wrong before it
            log.warning("UCI set %r: %s", name, note)
        log.info("UCI set %r: %s copy %s", name, source, result.path)
        return replace(result, notes=notes)
    error = ChecksumError if any(isinstance(e, ChecksumError) for _, e in failures) else DataError
    tried = "; ".join(f"[{source}] {exc}" for source, exc in failures)
    raise error(
        f"cannot obtain UCI set {name!r} ({spec.file}, sha256 {spec.sha256}); every source "
        f"failed: {tried}. Fix: {_FIX}."
    )


def read_fetched(result: FetchResult, spec: UCISpec) -> LabelledTable:
    """Parse a fetched copy into features and original class labels.

    Raw bytes are checked again as they are read, so what is parsed is what was verified.
    """
    if result.kind == "raw":
        try:
            data = result.path.read_bytes()
        except OSError as exc:
            raise DataError(f"cannot read {result.path}: {exc.strerror or exc}") from None
        data = _check_bytes(data, spec, f"{result.source} file {result.path}")
        return parse_raw(data, spec, source=str(result.path))
    ds = read_dataset(result.path)
    return LabelledTable(ds.X, ds.labels().tolist(), ds.feature_names)
