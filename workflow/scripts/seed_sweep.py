"""One generator seed: draw every synthetic set, run Park-Jun with K = C, score the external indices."""

from clustval.data import build_dataset
from clustval.io import write_csv
from clustval.pipeline import SCORE_COLUMNS, cluster, step, score_rows

with step(snakemake):
    seed = int(snakemake.wildcards.seed)
    rows = []
    for name in snakemake.config["synthetic"]["sets"]:
        ds = build_dataset(name, snakemake.config, seed=seed)
        (result,) = cluster(ds, "park_jun", [len(ds.class_names)], snakemake.params.clustering)
        rows += score_rows(ds, "park_jun", {len(result.medoids): result.labels}, snakemake.params.indices, internal=False)
    write_csv([{"seed": seed, **row} for row in rows], ("seed", *SCORE_COLUMNS), snakemake.output[0])
