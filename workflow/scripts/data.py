"""Build the data files of one study and kind of set, each from its own slice of the config."""

from pathlib import Path

from clustval.datasets.dataset import write_dataset
from clustval.repro.data import build_dataset
from clustval.repro.pipeline import step

with step(snakemake) as log:
    folder = Path(snakemake.output[0])
    folder.mkdir(parents=True, exist_ok=True)
    for recipe in snakemake.params.recipes:
        ds = build_dataset(recipe["name"], recipe["config"])
        log.info("%s: n=%d, d=%d, C=%d, %s", recipe["file"], *ds.X.shape, len(ds.class_names), ds.meta)
        write_dataset(ds, folder / f"{recipe['file']}.csv")
