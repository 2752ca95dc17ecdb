"""The reproduction's data: the synthetic sets of Table 4 and Fig. 1, the data sections of the
config, the data set each job builds from its slice of the config, and the regenerated Tables
4-5. The UCI sets themselves come from the library (:mod:`clustval.datasets`).

Typical use (a Snakemake script does the same)::

    from clustval.datasets.dataset import write_dataset
    from clustval.repro.data import build_dataset
    ds = build_dataset("iris", config)         # fetched, checksummed, parsed, min-max scaled
    write_dataset(ds, "results/data/iris.csv")  # byte-identical for the same config
"""

from .build import FIG1, build_dataset
from .specs import (
    Fig1Spec,
    GaussianSetSpec,
    fetch_options,
    fig1_spec,
    synthetic_specs,
    uci_specs,
)
from .synthetic import fig1_groups, make_fig1_set, make_gaussian_set, set_rng, stream_id
from .tables import TABLE_COLUMNS, table4_rows, table5_rows

__all__ = [
    "FIG1",
    "TABLE_COLUMNS",
    "Fig1Spec",
    "GaussianSetSpec",
    "build_dataset",
    "fetch_options",
    "fig1_groups",
    "fig1_spec",
    "make_fig1_set",
    "make_gaussian_set",
    "set_rng",
    "stream_id",
    "synthetic_specs",
    "table4_rows",
    "table5_rows",
    "uci_specs",
]
