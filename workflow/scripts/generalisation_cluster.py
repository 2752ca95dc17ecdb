"""Cluster one set of the benchmark suite: the reference algorithm at each labelling's K, the
K-sweep algorithms over the K range."""

from clustval.datasets.clustbench import read_benchmark
from clustval.repro.generalisation.study import cluster_set
from clustval.repro.pipeline import step, write_clusterings

with step(snakemake) as log:
    params = snakemake.params.set
    bench = read_benchmark(snakemake.input.data, params["name"])
    write_clusterings(cluster_set(bench, params["runs"], params["clustering"], log), snakemake.output[0])
