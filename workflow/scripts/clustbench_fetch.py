"""Fetch one set of the benchmark suite: each file verified against its SHA-256, then written."""

from pathlib import Path

from clustval.repro.generalisation.study import fetch_set
from clustval.repro.pipeline import step

with step(snakemake) as log:
    folder = Path(snakemake.output[0])
    folder.mkdir(parents=True, exist_ok=True)
    fetch_set(snakemake.params.set, folder, log)
