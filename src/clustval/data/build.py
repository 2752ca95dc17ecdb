"""One entry point from a set's name and the config to the data set the pipeline uses."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import DataError
from .catalog import fig1_spec, synthetic_specs, uci_specs
from .dataset import Dataset
from .fetch import FetchOptions
from .preprocess import preprocess_dataset
from .synthetic import make_fig1_set, make_gaussian_set
from .uci import load_uci

__all__ = ["FIG1", "build_dataset", "dataset_names"]

FIG1 = "fig1"


def dataset_names(config: Mapping) -> dict[str, list[str]]:
    """Names of the sets in the config, by kind: ``uci``, ``synthetic`` (each in table order)."""
    return {
        "uci": list(uci_specs(config)),
        "synthetic": list((config.get("synthetic") or {}).get("sets") or {}),
    }


def build_dataset(
    name: str,
    config: Mapping,
    *,
    seed: int | None = None,
    offset: float | None = None,
    options: FetchOptions | None = None,
) -> Dataset:
    """Build set ``name`` as configured: a UCI key, a Table 4 set name, or ``fig1``.

    UCI sets are fetched/verified and scaled by ``preprocessing.uci``; synthetic sets are
    drawn with ``synthetic.seed`` (or ``seed``) and scaled by ``preprocessing.synthetic``;
    ``fig1`` uses ``fig1_set`` (``offset`` and ``seed`` override it, for sweeps).
    """
    methods = config.get("preprocessing") or {}
    if name == FIG1:
        ds = make_fig1_set(fig1_spec(config), offset=offset, seed=seed)
        return preprocess_dataset(ds, methods.get("synthetic", "none"))
    uci = uci_specs(config)
    if name in uci:
        options = options or FetchOptions.from_config(config)
        return load_uci(name, uci[name], options, methods.get("uci", "none"))
    sets = synthetic_specs(config) if config.get("synthetic") else {}
    if name in sets:
        base = config["synthetic"]["seed"] if seed is None else seed
        return preprocess_dataset(
            make_gaussian_set(name, sets[name], base), methods.get("synthetic", "none")
        )
    known = [*uci, *sets, FIG1]
    raise DataError(f"unknown data set {name!r}; known sets: {', '.join(known)}.")
