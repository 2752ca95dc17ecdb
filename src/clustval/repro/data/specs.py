"""The data sections of the config, typed: the synthetic sets of Table 4, the Fig. 1 set, the
UCI selection and where the UCI files come from.

The synthetic sets and the Fig. 1 set are described in the config; the UCI sets in the
package's catalog (:func:`clustval.datasets.catalog.uci_catalog`), which the config only
selects (``uci_datasets``). These classes only read and check, so that a typo fails early
with the key that is wrong.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from clustval.datasets.catalog import CountsRow, UCISpec, required, uci_catalog
from clustval.datasets.fetch import FetchOptions
from clustval.errors import DataError

__all__ = ["Fig1Spec", "GaussianSetSpec", "fetch_options", "fig1_spec", "synthetic_specs", "uci_specs"]


def uci_specs(config: Mapping) -> dict[str, UCISpec]:
    """The catalog entries the config selects (``uci_datasets``: a list of names), in its order.

    Without ``uci_datasets`` every catalog set is selected. An unknown name is an error.
    """
    catalog = uci_catalog()
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
    """One synthetic set of Table 4: isotropic 2-D Gaussians.

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
        sizes = tuple(int(s) for s in required(entry, "sizes", where))
        centres = _centres(entry, where)
        sigma = required(entry, "sigma", where)
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
        printed = CountsRow.from_config(required(entry, "printed", where), f"{where}.printed")
        label = str(entry.get("label", name))
        return cls(name, label, sizes, centres, sigmas, printed, entry.get("note"))


def _centres(entry: Mapping, where: str) -> tuple[tuple[float, float], ...]:
    if "centres" in entry:
        return tuple((float(x), float(y)) for x, y in entry["centres"])
    if "pentagon" in entry:
        shape = entry["pentagon"]
        radius = float(required(shape, "radius", f"{where}.pentagon"))
        first = float(required(shape, "first_angle_deg", f"{where}.pentagon"))
        angles = [math.radians(first + 72.0 * k) for k in range(5)]
        # Rounded to 12 decimals so libm differences in the last ulp cannot change the data.
        return tuple(
            (round(radius * math.cos(a), 12) + 0.0, round(radius * math.sin(a), 12) + 0.0)
            for a in angles
        )
    if "grid" in entry:
        grid = entry["grid"]
        xs = required(grid, "x", f"{where}.grid")
        ys = required(grid, "y", f"{where}.grid")
        return tuple((float(x), float(y)) for y in ys for x in xs)
    raise DataError(f"config {where}: give the cluster centres as 'centres', 'pentagon' or 'grid'.")


def synthetic_specs(config: Mapping) -> dict[str, GaussianSetSpec]:
    """All ``synthetic.sets`` entries of the config, in config (Table 4) order."""
    sets = required(required(config, "synthetic", ""), "sets", "synthetic")
    return {name: GaussianSetSpec.from_config(name, entry) for name, entry in sets.items()}


@dataclass(frozen=True)
class Fig1Spec:
    """The Fig. 1 set: three groups of three Gaussian sub-clusters in [0, 1]^2."""

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
            seed=int(required(entry, "seed", where)),
            group_centres=tuple(
                (float(x), float(y)) for x, y in required(entry, "group_centres", where)
            ),
            angles_deg=tuple(float(a) for a in required(entry, "angles_deg", where)),
            offset=float(required(entry, "offset", where)),
            points_per_cluster=int(required(entry, "points_per_cluster", where)),
            sigma=float(required(entry, "sigma", where)),
            offset_sweep=tuple(float(o) for o in entry.get("offset_sweep") or ()),
        )


def fig1_spec(config: Mapping) -> Fig1Spec:
    """The ``fig1_set`` entry of the config."""
    return Fig1Spec.from_config(required(config, "fig1_set", ""))


def fetch_options(config: Mapping, **overrides) -> FetchOptions:
    """Where the UCI files come from, from the config keys ``uci_sources``, ``uci_mirror``,
    ``uci_cache_dir``, ``uci_base_url``, ``uci_api_base``, ``uci_timeout``, ``uci_deadline``
    (absent keys keep the defaults); keyword arguments override them."""
    keys = {
        "sources": "uci_sources",
        "mirror": "uci_mirror",
        "cache_dir": "uci_cache_dir",
        "base_url": "uci_base_url",
        "api_base": "uci_api_base",
        "timeout": "uci_timeout",
        "deadline": "uci_deadline",
    }
    values = {attr: config[key] for attr, key in keys.items() if config.get(key) is not None}
    return replace(FetchOptions(**values), **overrides)
