"""One entry point from a set's name and the config to the data set the pipeline uses."""

from __future__ import annotations

from collections.abc import Mapping

from clustval.datasets.dataset import Dataset
from clustval.datasets.fetch import FetchOptions
from clustval.datasets.preprocess import preprocess_dataset
from clustval.datasets.uci import load_uci_dataset
from clustval.errors import DataError

from .specs import fetch_options, fig1_spec, synthetic_specs, uci_specs
from .synthetic import make_fig1_set, make_gaussian_set

__all__ = ["FIG1", "build_dataset"]

FIG1 = "fig1"


def build_dataset(
    name: str,
    config: Mapping,
    *,
    seed: int | None = None,
    options: FetchOptions | None = None,
) -> Dataset:
    """Build set ``name`` as configured: a UCI key, a Table 4 set name, or ``fig1``.

    UCI sets are fetched/verified and scaled by ``preprocessing.uci``; synthetic sets are
    drawn with ``synthetic.seed`` (or ``seed``) and scaled by ``preprocessing.synthetic``;
    ``fig1`` uses ``fig1_set`` (``seed`` overrides its seed).
    """
    methods = config.get("preprocessing") or {}
    if name == FIG1:
        ds = make_fig1_set(fig1_spec(config), seed=seed)
        return preprocess_dataset(ds, methods.get("synthetic", "none"))
    uci = uci_specs(config)
    if name in uci:
        options = options or fetch_options(config)
        return load_uci_dataset(name, uci[name], options, methods.get("uci", "none"))
    sets = synthetic_specs(config) if config.get("synthetic") else {}
    if name in sets:
        base = config["synthetic"]["seed"] if seed is None else seed
        return preprocess_dataset(
            make_gaussian_set(name, sets[name], base), methods.get("synthetic", "none")
        )
    known = [*uci, *sets, FIG1]
    raise DataError(f"unknown data set {name!r}; known sets: {', '.join(known)}.")
