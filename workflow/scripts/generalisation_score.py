"""Score every clustering of one set of the benchmark suite."""

from clustval.datasets.clustbench import read_benchmark
from clustval.repro.generalisation.study import SCORE_COLUMNS, score_set
from clustval.repro.pipeline import read_clusterings, step
from clustval.repro.verified import write_verified_csv

with step(snakemake) as log:
    params = snakemake.params.set
    bench = read_benchmark(snakemake.input.data, params["name"])
    rows = score_set(bench, read_clusterings(snakemake.input.clustering), params["external"], params["indices"])
    write_verified_csv(rows, SCORE_COLUMNS, snakemake.output[0])
    log.info("%s: %d values", params["name"], len(rows))
