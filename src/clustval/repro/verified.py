"""Tables the pipeline writes and reads back are plain CSV files; their row counts and
SHA-256 live beside them, in one manifest, and are checked on read.

A CSV table the pipeline reads back (clusterings, score tables, the sensitivity table) is a
standard CSV file, a column line and one line per row, which ``pandas.read_csv`` and R's
``read.csv`` read with their defaults. Its row count and SHA-256 are recorded in
``MANIFEST.json`` of the results folder (:func:`manifest_of`: the nearest folder named
``results`` above the file, ``results/MANIFEST.json`` for the pipeline), keyed by its path
relative to that folder::

    {"files": {"scores.csv": {"rows": 3956, "sha256": "..."}, ...},
     "format": "clustval manifest v1", ...}

A writer replaces the file, then its entry (the manifest is rewritten atomically, under a
lock, since parallel jobs share it). A file cut short, edited by hand, written by another
version or with no entry fails the check with :class:`~clustval.errors.DamagedFileError`;
an entry lost (a job killed between the two writes, a manifest deleted) costs a rebuild,
never a wrong read. A prepared data set keeps its own header
(:mod:`clustval.datasets.dataset`).

:func:`remove_damaged` checks every such file of a run before Snakemake builds its DAG and
removes the damaged ones (:func:`remove_damaged_before_jobs`: only in a run that executes
jobs, never in a dry run or an inspection); the workflow asks for every intermediate file as a target, so a
removed (or missing) one is rebuilt in the same run, and what it feeds after it, by their
modification times.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import hashlib
import io
import json
import os
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from clustval.datasets.dataset import verify_dataset_file
from clustval.errors import DamagedFileError, DataError
from clustval.io import atomic_write_text, csv_text

try:
    import fcntl
except ImportError:  # Windows: parallel jobs may lose an entry, which costs a rebuild
    fcntl = None

__all__ = [
    "csv_text", "manifest_of", "read_manifest", "read_verified_csv", "read_verified_text", "remove_damaged",
    "remove_damaged_before_jobs", "write_verified_csv", "write_verified_text",
]  # fmt: skip

MANIFEST = "MANIFEST.json"
FORMAT = "clustval manifest v1"
ABOUT = (
    "Row count and SHA-256 of each CSV table the pipeline writes and reads back, by path "
    "relative to this folder; checked before each run, and a file that does not match is "
    "rebuilt (clustval.repro.verified)."
)
_FIX = "it is removed, and the next `snakemake` rebuilds it"


def manifest_of(path: str | os.PathLike) -> Path:
    """The manifest that holds ``path``'s entry: ``MANIFEST.json`` in the nearest folder
    named ``results`` above it, else in its own folder.

    Examples
    --------
    >>> manifest_of("/work/results/scores/main/fig3.csv").as_posix()
    '/work/results/MANIFEST.json'
    >>> manifest_of("/tmp/t.csv").as_posix()
    '/tmp/MANIFEST.json'
    """
    path = Path(os.path.abspath(path))
    folder = next((parent for parent in path.parents if parent.name == "results"), path.parent)
    return folder / MANIFEST


def _entry(text: str) -> dict:
    return {"rows": max(text.count("\n") - 1, 0), "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def _key(path: Path, manifest: Path) -> str:
    return Path(os.path.abspath(path)).relative_to(manifest.parent).as_posix()


def read_manifest(manifest: str | os.PathLike) -> dict[str, dict]:
    """The entries of a manifest, ``{path relative to its folder: {"rows", "sha256"}}``;
    empty when it is missing or unreadable (every file it should list is then damaged)."""
    try:
        content = json.loads(Path(manifest).read_text(encoding="utf-8"))
        if content.get("format") == FORMAT and isinstance(content.get("files"), dict):
            return content["files"]
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        pass
    return {}


@contextlib.contextmanager
def _locked(folder: Path):
    """Hold the manifest's lock (a file beside it): parallel jobs update it one at a time."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f".{MANIFEST}.lock", "a+b") as handle:
        if fcntl is not None:
            fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file is closed
        yield


def write_verified_text(path: str | os.PathLike, text: str) -> Path:
    """Write CSV ``text`` (a column line, then one line per row, each ending in a newline) to
    ``path`` atomically, then record its row count and SHA-256 in its manifest.

    Examples
    --------
    >>> import tempfile
    >>> path = write_verified_text(Path(tempfile.mkdtemp()) / "t.csv", "k\\n2\\n")
    >>> path.read_text(), read_manifest(manifest_of(path))["t.csv"]["rows"]
    ('k\\n2\\n', 1)
    """
    path = atomic_write_text(path, text)
    manifest = manifest_of(path)
    with _locked(manifest.parent):
        files = read_manifest(manifest)
        files[_key(path, manifest)] = _entry(text)
        content = {"about": ABOUT, "files": files, "format": FORMAT}
        atomic_write_text(manifest, json.dumps(content, indent=1, sort_keys=True) + "\n")
    return path


def write_verified_csv(rows: Iterable[Mapping], columns: Sequence[str], path, float_format: str | None = None) -> Path:
    """Write ``rows`` to ``path`` as CSV (atomically), recorded in its manifest."""
    return write_verified_text(path, csv_text(rows, columns, float_format))


def read_verified_csv(path) -> list[dict[str, str]]:
    """The rows of a file written by :func:`write_verified_csv`, after checking it against
    its manifest entry.

    Raises
    ------
    clustval.errors.DamagedFileError
        The file's rows or bytes do not match its entry, or it has none.
    """
    return list(csv.DictReader(io.StringIO(read_verified_text(path))))


def read_verified_text(path, files: Mapping[str, Mapping] | None = None) -> str:
    """The text of a file written by :func:`write_verified_text` or
    :func:`write_verified_csv`, after checking it against its manifest entry (raises as
    :func:`read_verified_csv`); ``files``: the manifest's entries, when already read.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "t.csv"
    >>> _ = write_verified_csv([{"k": 2}], ["k"], path)
    >>> read_verified_text(path)
    'k\\n2\\n'
    """
    source = str(path)
    manifest = manifest_of(path)
    shown = manifest if Path(path).is_absolute() else os.path.relpath(manifest)  # as the path was given
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DamagedFileError(f"{source} cannot be read ({exc}); {_FIX}.", source) from None
    entry = (read_manifest(manifest) if files is None else files).get(_key(Path(path), manifest))
    try:
        rows, digest = int(entry["rows"]), str(entry["sha256"])
    except (KeyError, TypeError, ValueError):
        raise DamagedFileError(f"{source} has no row count and sha256 in {shown}; {_FIX}.", source) from None
    found = _entry(text)
    if found["rows"] != rows:
        raise DamagedFileError(f"{source}: {found['rows']} rows, {shown} says {rows}; {_FIX}.", source)
    if found["sha256"] != digest:
        raise DamagedFileError(f"{source}: content does not match the sha256 in {shown}; {_FIX}.", source)
    return text


def remove_damaged(paths: Iterable[str | os.PathLike]) -> list[str]:
    """Check each existing file or data folder of ``paths`` and remove the damaged ones.

    A ``.csv`` file is a verified table, checked against its manifest; a folder holds
    prepared data sets (each checked by :func:`clustval.datasets.dataset.verify_dataset_file`)
    and is removed whole when one of them is damaged, as its job writes them together.
    Missing paths are left to the workflow. Returns the removed paths, each with the reason.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> good, cut = folder / "good.csv", folder / "cut.csv"
    >>> _ = write_verified_csv([{"k": 2}, {"k": 3}], ["k"], good)
    >>> _ = write_verified_csv([{"k": 2}, {"k": 3}], ["k"], cut)
    >>> _ = cut.write_text(good.read_text()[:-2])
    >>> [line.split(":")[0].endswith("cut.csv") for line in remove_damaged([good, cut])], cut.exists()
    ([True], False)
    """
    removed, manifests = [], {}
    for path in map(Path, paths):
        try:
            if path.is_dir():
                for item in sorted(path.glob("*.csv")):
                    verify_dataset_file(item)
            elif path.exists():
                manifest = manifest_of(path)
                if manifest not in manifests:  # read once per check, not once per file
                    manifests[manifest] = read_manifest(manifest)
                read_verified_text(path, manifests[manifest])
        except DataError as problem:  # DamagedFileError, or a data file of another format
            shutil.rmtree(path) if path.is_dir() else path.unlink()
            reason = str(problem).split("; ")[0]  # "<file>: what is wrong"
            removed.append(reason if reason.startswith(str(path)) else f"{path}: {reason}")
    return removed


def remove_damaged_before_jobs(
    execute: Callable, paths: Callable[[], Iterable[str | os.PathLike]], on_removed: Callable[[str], object]
) -> Callable:
    """Snakemake's ``workflow.execute``, made to :func:`remove_damaged` of ``paths()`` first
    (passing each removal to ``on_removed``) when it will run jobs: not when the executor it
    is given only dry-runs or touches (its ``common_settings.dryrun_exec``, ``.touch_exec``).

    Snakemake reads the Snakefile before it knows what this invocation does: of a dry run,
    ``--touch``, ``--lint``, ``--report``, ``--summary``, ``--list-*``, ``--dag`` and the
    like, only a dry run shows then (``workflow.output_settings.dryrun``). Jobs run only
    through ``workflow.execute``, which builds the DAG after this check; Snakemake 8.0 to
    9.27 call it with ``executor_plugin=`` by keyword, and no other mode calls it.
    """

    @functools.wraps(execute)
    def execute_after_removing(*args, executor_plugin, **kwargs):
        runs = executor_plugin.common_settings
        if not (runs.dryrun_exec or runs.touch_exec):
            for removed in remove_damaged(paths()):
                on_removed(removed)
        return execute(*args, executor_plugin=executor_plugin, **kwargs)

    return execute_after_removing
