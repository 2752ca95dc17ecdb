"""results/index.html: the run's verdict on every claim, then one link to every page, figure and
table of the run."""

from clustval.io import atomic_write_text
from clustval.repro.paper.replication import read_claims_csv, verdict_section
from clustval.repro.paper.report import index_html
from clustval.repro.pipeline import step

with step(snakemake) as log:
    p = snakemake.params.index
    verdicts = verdict_section(read_claims_csv(snakemake.input.claims), groups=p["groups"])
    atomic_write_text(snakemake.output[0], index_html(p["files"], p["figures"], verdicts))
    log.info("%s: links to %d files", snakemake.output[0], len(p["files"]))
