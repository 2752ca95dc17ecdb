"""Data layer of clustval: the UCI sets of Table 5 (bundled with the package, or fetched),
the synthetic sets of Table 4 and Fig. 1, their verification, preprocessing, deterministic
files and regenerated tables. Library users load a UCI set with
:func:`clustval.datasets.load_uci`.

Typical use (a Snakemake script does the same)::

    from clustval.data import build_dataset, write_dataset
    ds = build_dataset("iris", config)         # fetched, checksummed, parsed, min-max scaled
    write_dataset(ds, "results/data/iris.csv")  # byte-identical for the same config
"""

from .build import FIG1, build_dataset, dataset_names
from .catalog import (
    PREPROCESSING_METHODS,
    CountsRow,
    Fig1Spec,
    GaussianSetSpec,
    UCISpec,
    as_uci_spec,
    bundled_dir,
    fig1_spec,
    synthetic_specs,
    uci_catalog,
    uci_specs,
)
from .dataset import Dataset, dataset_text, parse_dataset_text, read_dataset, write_dataset
from .fetch import SOURCES, FetchOptions, FetchResult, fetch_raw, read_fetched, sha256_hex
from .parse import LabelledTable, parse_raw, snap_to_decimal, table_sha256
from .preprocess import preprocess, preprocess_dataset
from .synthetic import fig1_groups, make_fig1_set, make_gaussian_set, set_rng, stream_id
from .tables import TABLE_COLUMNS, table4_rows, table5_rows
from .uci import load_uci, table_to_dataset, verify_table

__all__ = [
    "FIG1",
    "PREPROCESSING_METHODS",
    "SOURCES",
    "TABLE_COLUMNS",
    "CountsRow",
    "Dataset",
    "FetchOptions",
    "FetchResult",
    "Fig1Spec",
    "GaussianSetSpec",
    "LabelledTable",
    "UCISpec",
    "as_uci_spec",
    "build_dataset",
    "bundled_dir",
    "dataset_names",
    "dataset_text",
    "fetch_raw",
    "fig1_groups",
    "fig1_spec",
    "load_uci",
    "make_fig1_set",
    "make_gaussian_set",
    "parse_dataset_text",
    "parse_raw",
    "preprocess",
    "preprocess_dataset",
    "read_dataset",
    "read_fetched",
    "set_rng",
    "sha256_hex",
    "snap_to_decimal",
    "stream_id",
    "synthetic_specs",
    "table4_rows",
    "table5_rows",
    "table_sha256",
    "table_to_dataset",
    "uci_catalog",
    "uci_specs",
    "verify_table",
    "write_dataset",
]
