"""One offset of the Fig. 1 set: draw it, run the Fig. 3 K sweep, score the internal indices."""

from clustval.data import FIG1, build_dataset
from clustval.io import write_csv
from clustval.pipeline import SCORE_COLUMNS, cluster, step, score_rows

with step(snakemake):
    offset = float(snakemake.wildcards.offset)
    algorithm = snakemake.params.algorithm
    ds = build_dataset(FIG1, snakemake.config, offset=offset)
    results = cluster(ds, algorithm, snakemake.params.ks, snakemake.params.clustering)
    labels = {len(r.medoids): r.labels for r in results}
    rows = score_rows(ds, algorithm, labels, snakemake.params.indices, external=False)
    write_csv([{"offset": offset, **row} for row in rows], ("offset", *SCORE_COLUMNS), snakemake.output[0])
