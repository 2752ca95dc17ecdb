"""results/replication.md and .html: the replication report, every number read from the run's
result files (claims, spread, sensitivity, software versions)."""

from clustval.repro.paper.replication import overall, read_results, write_replication
from clustval.repro.pipeline import step

with step(snakemake) as log:
    i = snakemake.input
    results = read_results(i.claims, i.spread, i.sensitivity, i.environment, i.diagnostics, snakemake.params.report)
    write_replication(results, snakemake.output.md, snakemake.output.html)
    log.info("the paper %s", overall(results))
