"""Typed views of the data: the bundled UCI catalog and the data sections of the config.

The twelve UCI sets of Table 5 are described once, in the package's
``clustval/datasets/uci/catalog.json`` (file, checksums, parse options, class counts, the
printed row), next to their raw files; the config only selects them (``uci_datasets``: a
list of catalog keys). The synthetic sets and the Fig. 1 set are described in the config.
These classes only read and check, so that a typo fails early with the key that is wrong.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..errors import DataError

__all__ = [
    "CountsRow",
    "Fig1Spec",
    "GaussianSetSpec",
    "UCISpec",
    "as_uci_spec",
    "bundled_dir",
    "fig1_spec",
    "synthetic_specs",
    "uci_catalog",
    "uci_specs",
]

PREPROCESSING_METHODS = ("none", "minmax", "zscore")


def _require(entry: Mapping, key: str, where: str) -> Any:
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
        sizes = tuple(int(s) for s in _require(entry, "sizes", where))
        return cls(int(_require(entry, "n", where)), int(_require(entry, "C", where)), sizes)


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
        expected = {str(k): int(v) for k, v in _require(entry, "expected", where).items()}
        delimiter = entry.get("delimiter", ",")
        if delimiter not in (",", "whitespace"):
            raise DataError(
                f"config {where}.delimiter must be ',' or 'whitespace', got {delimiter!r}."
            )
        names = entry.get("feature_names")
        ucimlrepo_id = entry.get("ucimlrepo_id")
        return cls(
            name=name,
            label=str(_require(entry, "label", where)),
            title=str(entry.get("title", name)),
            file=str(_require(entry, "file", where)),
            archive_path=entry.get("archive_path"),
            sha256=str(_require(entry, "sha256", where)).lower(),
            table_sha256=entry.get("table_sha256"),
            ucimlrepo_id=None if ucimlrepo_id is None else int(ucimlrepo_id),
            label_column=int(_require(entry, "label_column", where)),
            drop_columns=tuple(int(c) for c in entry.get("drop_columns") or ()),
            delimiter=delimiter,
            skip_lines=int(entry.get("skip_lines", 0)),
            names_line=entry.get("names_line"),
            feature_names=None if names is None else tuple(str(f) for f in names),
            expected=expected,
            printed=CountsRow.from_config(_require(entry, "printed", where), f"{where}.printed"),
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


def uci_specs(config: Mapping) -> dict[str, UCISpec]:
    """The catalog entries the config selects (``uci_datasets``: a list of names), in its order.

    Without ``uci_datasets`` every catalog set is selected. An unknown name is an error.
    """
    catalog = _catalog_entries()
    selection = config.get("uci_datasets")
    if selection is None:
        return dict(catalog)
    if isinstance(selection, str) or not isinstance(selection, Sequence):
        raise DataError(
            f"config uci_datasets must be a list of UCI set names, got {selection!r}; "
            f"known sets: {', '.join(catalog)}."
        )
    unknown = [str(name) for name in selection if name not in catalog]
    if unknown:
        raise DataError(
            f"config uci_datasets: unknown UCI set {', '.join(map(repr, unknown))}; "
            f"known sets: {', '.join(catalog)}."
        )
    if len(set(selection)) != len(selection):
        raise DataError(f"config uci_datasets lists a set twice: {list(selection)}.")
    return {name: catalog[name] for name in selection}


@dataclass(frozen=True)
class GaussianSetSpec:
    """One synthetic set of Table 4: isotropic 2-D Gaussians (SPEC 2.2).

    ``centres`` come from the config either literally (``centres``), as a regular pentagon
    (``pentagon: {radius, first_angle_deg}``, vertices counter-clockwise from the first), or
    as a grid (``grid: {x: [...], y: [...]}``, rows of equal y in the listed order, x
    varying fastest within a row).
    """

    name: str
    label: str  # as printed in Table 4 and Fig. 2 (Ec2, UEc2, ...)
    sizes: tuple[int, ...]
    centres: tuple[tuple[float, float], ...]
    sigmas: tuple[float, ...]
    printed: CountsRow
    note: str | None = None

    @classmethod
    def from_config(cls, name: str, entry: Mapping) -> GaussianSetSpec:
        where = f"synthetic.sets.{name}"
        sizes = tuple(int(s) for s in _require(entry, "sizes", where))
        centres = _centres(entry, where)
        sigma = _require(entry, "sigma", where)
        sigmas = tuple(
            float(s) for s in (sigma if isinstance(sigma, Sequence) else [sigma] * len(sizes))
        )
        if not (len(sizes) == len(centres) == len(sigmas)):
            raise DataError(
                f"config {where}: {len(sizes)} sizes, {len(centres)} centres and {len(sigmas)} "
                "sigmas; give one of each per cluster."
            )
        if min(sizes) < 1 or min(sigmas) <= 0:
            raise DataError(f"config {where}: sizes must be >= 1 and sigmas > 0.")
        printed = CountsRow.from_config(_require(entry, "printed", where), f"{where}.printed")
        label = str(entry.get("label", name))
        return cls(name, label, sizes, centres, sigmas, printed, entry.get("note"))


def _centres(entry: Mapping, where: str) -> tuple[tuple[float, float], ...]:
    if "centres" in entry:
        return tuple((float(x), float(y)) for x, y in entry["centres"])
    if "pentagon" in entry:
        shape = entry["pentagon"]
        radius = float(_require(shape, "radius", f"{where}.pentagon"))
        first = float(_require(shape, "first_angle_deg", f"{where}.pentagon"))
        angles = [math.radians(first + 72.0 * k) for k in range(5)]
        # Rounded to 12 decimals so libm differences in the last ulp cannot change the data.
        return tuple(
            (round(radius * math.cos(a), 12) + 0.0, round(radius * math.sin(a), 12) + 0.0)
            for a in angles
        )
    if "grid" in entry:
        grid = entry["grid"]
        xs = _require(grid, "x", f"{where}.grid")
        ys = _require(grid, "y", f"{where}.grid")
        return tuple((float(x), float(y)) for y in ys for x in xs)
    raise DataError(f"config {where}: give the cluster centres as 'centres', 'pentagon' or 'grid'.")


def synthetic_specs(config: Mapping) -> dict[str, GaussianSetSpec]:
    """All ``synthetic.sets`` entries of the config, in config (Table 4) order."""
    sets = _require(_require(config, "synthetic", ""), "sets", "synthetic")
    return {name: GaussianSetSpec.from_config(name, entry) for name, entry in sets.items()}


@dataclass(frozen=True)
class Fig1Spec:
    """The Fig. 1 set (SPEC 2.3): three groups of three Gaussian sub-clusters in [0, 1]^2."""

    seed: int
    group_centres: tuple[tuple[float, float], ...]
    angles_deg: tuple[float, ...]
    offset: float
    points_per_cluster: int
    sigma: float
    offset_sweep: tuple[float, ...]

    @classmethod
    def from_config(cls, entry: Mapping) -> Fig1Spec:
        where = "fig1_set"
        return cls(
            seed=int(_require(entry, "seed", where)),
            group_centres=tuple(
                (float(x), float(y)) for x, y in _require(entry, "group_centres", where)
            ),
            angles_deg=tuple(float(a) for a in _require(entry, "angles_deg", where)),
            offset=float(_require(entry, "offset", where)),
            points_per_cluster=int(_require(entry, "points_per_cluster", where)),
            sigma=float(_require(entry, "sigma", where)),
            offset_sweep=tuple(float(o) for o in entry.get("offset_sweep") or ()),
        )


def fig1_spec(config: Mapping) -> Fig1Spec:
    """The ``fig1_set`` entry of the config."""
    return Fig1Spec.from_config(_require(config, "fig1_set", ""))
