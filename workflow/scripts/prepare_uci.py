"""Fetch (mirror, archive URL or ucimlrepo; cached and checksummed), parse, verify and scale one UCI set."""

from clustval.data import build_dataset, write_dataset
from clustval.pipeline import step

with step(snakemake) as log:
    ds = build_dataset(snakemake.wildcards.uci, snakemake.config)
    log.info("%s: n=%d, d=%d, C=%d, %s", ds.name, *ds.X.shape, len(ds.class_names), ds.meta)
    write_dataset(ds, snakemake.output[0])
