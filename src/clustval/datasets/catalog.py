"""The bundled UCI catalog: a typed view of ``clustval/datasets/uci/catalog.json``.

The twelve UCI sets of Table 5 are described once, in the package's ``catalog.json`` (file,
checksums, parse options, class counts, the printed row), next to their raw files. These
classes only read and check, so that a typo fails early with the key that is wrong.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..errors import DataError

__all__ = ["PREPROCESSING_METHODS", "CountsRow", "UCISpec", "as_uci_spec", "bundled_dir", "required", "uci_catalog"]

PREPROCESSING_METHODS = ("none", "minmax", "zscore")


def required(entry: Mapping, key: str, where: str) -> Any:
    """``entry[key]``, or one line saying which key of which entry is missing."""
    if not isinstance(entry, Mapping) or key not in entry:
        raise DataError(f"config {where}: missing key {key!r}; add it (see config/README.md).")
    return entry[key]


@dataclass(frozen=True)
class CountsRow:
    """A (n, C, class sizes) row as printed in, or regenerated for, Table 4 or Table 5."""

    n: int
    C: int
    sizes: tuple[int, ...]

    @classmethod
    def from_config(cls, entry: Mapping, where: str) -> CountsRow:
        sizes = tuple(int(s) for s in required(entry, "sizes", where))
        return cls(int(required(entry, "n", where)), int(required(entry, "C", where)), sizes)


@dataclass(frozen=True)
class UCISpec:
    """One UCI set of Table 5: where its raw file lives, how to parse it, what it must hold.

    ``label_column`` and ``drop_columns`` are 0-based field indices of the raw file
    (negative counts from the end). ``expected`` maps each original class name to its
    true count in the file, in the order the printed Table 5 row lists the classes;
    class codes 0..C-1 follow this order. ``printed`` is Table 5 as printed (may hold typos:
    they are flagged in the regenerated table, never used for verification).
    """

    name: str
    label: str
    title: str
    file: str
    archive_path: str | None
    sha256: str
    bytes: int  # the raw file's size: a download stops when it passes it
    table_sha256: str | None
    ucimlrepo_id: int | None
    label_column: int
    drop_columns: tuple[int, ...]
    delimiter: str
    skip_lines: int
    names_line: int | None
    feature_names: tuple[str, ...] | None
    expected: dict[str, int]
    printed: CountsRow
    note: str | None = None
    citation: str | None = None

    @classmethod
    def from_config(cls, name: str, entry: Mapping) -> UCISpec:
        where = f"UCI catalog entry {name}"
        expected = {str(k): int(v) for k, v in required(entry, "expected", where).items()}
        delimiter = entry.get("delimiter", ",")
        if delimiter not in (",", "whitespace"):
            raise DataError(
                f"config {where}.delimiter must be ',' or 'whitespace', got {delimiter!r}."
            )
        names = entry.get("feature_names")
        ucimlrepo_id = entry.get("ucimlrepo_id")
        return cls(
            name=name,
            label=str(required(entry, "label", where)),
            title=str(entry.get("title", name)),
            file=str(required(entry, "file", where)),
            archive_path=entry.get("archive_path"),
            sha256=str(required(entry, "sha256", where)).lower(),
            bytes=int(required(entry, "bytes", where)),
            table_sha256=entry.get("table_sha256"),
            ucimlrepo_id=None if ucimlrepo_id is None else int(ucimlrepo_id),
            label_column=int(required(entry, "label_column", where)),
            drop_columns=tuple(int(c) for c in entry.get("drop_columns") or ()),
            delimiter=delimiter,
            skip_lines=int(entry.get("skip_lines", 0)),
            names_line=entry.get("names_line"),
            feature_names=None if names is None else tuple(str(f) for f in names),
            expected=expected,
            printed=CountsRow.from_config(required(entry, "printed", where), f"{where}.printed"),
            note=entry.get("note"),
            citation=entry.get("citation"),
        )

    @property
    def expected_row(self) -> CountsRow:
        """The true (n, C, sizes) of the raw file."""
        sizes = tuple(self.expected.values())
        return CountsRow(sum(sizes), len(sizes), sizes)


def as_uci_spec(name: str, spec: UCISpec | Mapping) -> UCISpec:
    """``spec`` itself, or the UCISpec of config entry ``spec`` of set ``name``."""
    if isinstance(spec, UCISpec):
        return spec
    if isinstance(spec, Mapping):
        return UCISpec.from_config(name, spec)
    raise DataError(
        f"spec of UCI set {name!r} must be a UCISpec or its config entry, got {type(spec).__name__}"
    )


def bundled_dir():
    """The package folder holding the raw UCI files and ``catalog.json`` (a Traversable)."""
    return resources.files("clustval") / "datasets" / "uci"


@functools.cache
def _catalog_entries() -> dict[str, UCISpec]:
    try:
        entries = json.loads((bundled_dir() / "catalog.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise DataError(f"bundled UCI catalog unreadable ({exc}); reinstall clustval.") from None
    return {name: UCISpec.from_config(name, e) for name, e in entries["datasets"].items()}


def uci_catalog() -> dict[str, UCISpec]:
    """Every UCI set the package knows, keyed by name, in Table 5's order.

    >>> list(uci_catalog())[:3]
    ['iris', 'seeds', 'segmentation']
    >>> uci_catalog()["pima"].archive_path is None  # withdrawn from UCI: bundled only
    True
    """
    return dict(_catalog_entries())
